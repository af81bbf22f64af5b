"""Finnish commas between main clauses follow Kielitoimisto (lessons/STYLE.md): a comma before
"ja" when the clauses share no clause element, none when they share one (issue 26)."""

from sitebuild import words
from sitebuild.catalogs import load_catalog

VIEW = {
    "order": [1, 2, 3, 0],
    "bids": [{"seat": 1, "bid": "50"}, {"seat": 2, "bid": "p"}, {"seat": 3, "bid": "p"}, {"seat": 0, "bid": "55"}],
}


def test_an_auction_in_finnish_puts_a_comma_before_the_last_clause():
    text = words.auction_words(VIEW, load_catalog("fi")["words"])
    assert text == "pelaaja 1 tarjoaa 50, pelaajat 2 ja 3 sanovat ohi, ja pelaaja 4 tarjoaa 55"


def test_passes_in_a_row_are_one_subject_and_take_no_comma():
    view = {"order": [0, 1, 2], "bids": [{"seat": 0, "bid": "40"}, {"seat": 1, "bid": "p"}, {"seat": 2, "bid": "p"}]}
    assert (
        words.auction_words(view, load_catalog("fi")["words"]) == "pelaaja 1 tarjoaa 40, ja pelaajat 2 ja 3 sanovat ohi"
    )


def test_the_english_auction_is_unchanged():
    text = words.auction_words(VIEW, load_catalog("en")["words"])
    assert text == "player 1 bids 50, players 2 and 3 pass and player 4 bids 55"


def test_the_catalog_sentences_the_issue_names_have_their_commas():
    fi = load_catalog("fi")
    assert fi["drill_hints"]["must_trump"].startswith("Sinulla ei ole {suit.part}, ja valtti on")
    assert "Linkki voi olla vanha, tai siinä" in fi["ui"]["not_found_text"]
    for key in ("how_bid", "how_raise"):
        assert "pisteitä, ja epäonnistunut vie saman verran" in fi["estimate"][key]
