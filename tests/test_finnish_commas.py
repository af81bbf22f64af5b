"""Finnish commas between main clauses follow Kielitoimisto (lessons/STYLE.md): a comma before
"ja" when the clauses share no clause element, none when they share one (issue 26)."""

import re
from pathlib import Path

from sitebuild import words
from sitebuild.catalogs import load_catalog

ROOT = Path(__file__).resolve().parent.parent
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
        assert "pisteitä, ja kaatunut vie saman verran" in fi["estimate"][key]


# Kielitoimisto: a comma before a subordinate "ennen kuin" / "niin kauan kuin" (as before any
# subordinate clause) and always before "mutta" and "vaan" (lessons/STYLE.md, issue 36). These are
# the patterns that can be checked word by word: the conjunction right after a word (or a filled
# placeholder, a closing quote or bracket) with no comma between. No comma goes before one that
# opens a sentence, follows a colon, or joins two clauses with "ja"/"tai"/"eikä"/"sekä" (two
# coordinated subordinate clauses share the first one's comma).
_AFTER_WORD = r"(?:(?<=[\w}”)])|(?<=\*\*))"
_COORDINATED = ("ja", "tai", "eikä", "sekä")
MISSING_COMMA = [
    re.compile(_AFTER_WORD + r"[ \t]+(?P<conj>(?:ennen|niin kauan) kuin)\b", re.IGNORECASE),
    re.compile(_AFTER_WORD + r"[ \t]+(?P<conj>mutta|vaan)\b"),
]


def _finnish_texts() -> list[Path]:
    return [
        *sorted((ROOT / "lessons").glob("*/fi.md")),
        *sorted((ROOT / "presets").glob("*.fi.md")),
        ROOT / "lessons" / "glossary.toml",
        ROOT / "site" / "messages" / "fi.json",
    ]


def missing_commas(line: str) -> list[str]:
    found = []
    for pattern in MISSING_COMMA:
        for m in pattern.finditer(line):
            before = line[: m.start()].split()
            if before and before[-1].lower() in _COORDINATED:
                continue
            found.append(line[max(0, m.start() - 30) : m.end()].strip())
    return found


def test_the_comma_check_catches_what_the_editor_found():
    for text in (
        "Huutokierroksella lupaat pisteitä ennen kuin kukaan on nähnyt pirunpakkaa.",
        "Kuninkaalle käy samoin niin kauan kuin saman maan ässä on muilla.",
        "Sinulla on neljä kymppiä mutta ei yhtään ässää.",
        "Huutajan tulos ei ole tämä summa vaan sopimus.",
        "voit ilmoittaa valtin tai kysyä {partner} ennen kuin avaat",
    ):
        assert missing_commas(text), text
    for text in (
        "Huutokierroksella lupaat pisteitä, ennen kuin kukaan on nähnyt pirunpakkaa.",
        "Ennen kuin tarjoat, laske, mitä kätesi tuo.",
        "Niin kauan kuin valttia ei ole, ota varmat tikkisi.",
        "ja vain yksi vaihtoehto: niin kauan kuin pata on valttia, ne voittavat",
        "kun huutaja on saanut parinsa kortit ja ennen kuin hän antaa omiaan takaisin",
        "Sinulla on neljä kymppiä, mutta ei yhtään ässää.",
    ):
        assert not missing_commas(text), text


def test_every_finnish_text_has_its_commas_before_these_conjunctions():
    found = []
    for path in _finnish_texts():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.relative_to(ROOT)}:{number}: “{text}”" for text in missing_commas(line)]
    assert not found, "a comma is missing (lessons/STYLE.md, Finnish sentences):\n" + "\n".join(found)
