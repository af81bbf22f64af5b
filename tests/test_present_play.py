"""The play table's words (present/play.py) over real games: each seeded journey is played through
``engine.web.handle`` op ``game`` as the play page plays it, and every event of its story, every
legal action and every call is worded in both languages.

Which journey reaches which kind of the story (``engine/core/story.py``):

* three-player, seed 0, random legal actions: bid, pass, contract, widow, discard, raise, play,
  trick, declare; passing whenever it may (the same seed): hold;
* three-player+secret_widow, seed 0, passing: widow_secret;
* faq-pairs, seed 1, calls first: give, return, ask_full, answer (with a pair and without),
  ask_half, last_trick;
* ukrainian, seed 37: seat 0 holds three sixes and demands a redeal: redeal, redealt;
* faq-pairs+redeal_four_sixes, seed 6: seat 0 asks for the four-sixes redeal, which fails:
  redeal_failed;
* german, seed 0, everybody passes: no_contract;
* three-player+no_look_back, seed 1: play and trick of a gathered trick (``hidden``).

No seed of these reaches a redeal demanded by a computer seat (the simple player never demands
one), so ``ev_redeal`` with another seat as subject is checked on seat 0's real event given to
another seat."""

import json
import random
import re

import pytest
from tree_data import nodes, text

from engine.core import story
from engine.web import handle
from present import web
from present.play import (
    PlayWordsError,
    action_label,
    choice_button_label,
    choice_name,
    event_text,
    result_tree,
    say,
    say_side,
    seat_name,
    side_name,
    table_words,
    yours,
)
from present.text import reason_text
from present.tree import to_dict
from present.web import catalog
from sitebuild import openings

CARD = re.compile(r"^[SCDH][AKQJT9876]$")
# every kind of the engine's story, and the public log's own name for a widow taken unseen (coach/game.py)
STORY_KINDS = set(story.KINDS) | {"widow_secret"}


def game(**request):
    answer = json.loads(handle(json.dumps({"op": "game", **request})))
    assert answer["ok"], answer
    return answer


def journey(rules: str, seed: int, policy: str = "random", first=None) -> list[dict]:
    """Every view of one deal: ``first`` (an action of seat 0's first turn), then ``policy``:
    a random legal action, passing whenever it may, or a call (declaration, question, answer)
    whenever there is one."""
    rng = random.Random(seed)
    view = game(rules=rules, seed=seed)
    views = [view]
    if first is not None:
        view = game(rules=rules, seed=seed, history=view["history"], action=first)
        views.append(view)
    while view["phase"] != "done" and view["to_move"] == 0 and len(views) < 100:
        legal = view["legal"]
        calls = [a for a in legal if a.startswith(("trump:", "ask", "answer:"))]
        if policy == "pass" and "p" in legal:
            action = "p"
        elif policy == "calls" and calls:
            action = calls[0]
        else:
            action = rng.choice(legal)
        view = game(rules=rules, seed=seed, history=view["history"], action=action)
        views.append(view)
    return views


JOURNEYS = {
    "three-random": ("three-player", 0, "random", None),
    "three-pass": ("three-player", 0, "pass", None),
    "secret": ("three-player+secret_widow", 0, "pass", None),
    "pairs": ("faq-pairs", 1, "calls", None),
    "redeal": ("ukrainian", 37, "random", "redeal"),
    "redeal-failed": ("faq-pairs+redeal_four_sixes", 6, "random", "redeal"),
    "no-contract": ("german", 0, "pass", None),
    "no-look-back": ("three-player+no_look_back", 1, "random", None),
    "four": ("wikibooks-4p", 2, "calls", None),
    "asked": ("faq-pairs", 2, "pass", None),  # seat 0's partner asks it for a full pair
}
_played: dict = {}


def played(name: str) -> list[dict]:
    if name not in _played:
        _played[name] = journey(*JOURNEYS[name])
    return _played[name]


def last(name: str) -> dict:
    return played(name)[-1]


def events(name: str) -> list[dict]:
    return last(name)["log"]


def one(name: str, test) -> dict:
    """The first event of a journey's story that passes ``test``."""
    return next(e for e in events(name) if test(e))


def test_the_journeys_reach_every_kind_of_the_story():
    reached = {e["kind"] for name in JOURNEYS for e in events(name)}
    assert reached == STORY_KINDS
    hidden = {e["kind"] for e in events("no-look-back") if e.get("hidden")}
    assert hidden == {"play", "trick"}


@pytest.mark.parametrize("lang", ["fi", "en"])
@pytest.mark.parametrize("name", list(JOURNEYS))
def test_every_event_of_every_view_has_its_sentence(name, lang):
    cat = catalog(lang)
    for view in played(name):
        for e in view["log"]:
            text = event_text(e, view, cat)
            assert text and text[0].isupper() and text.rstrip().endswith((".", "?")), (e, text)
            assert "{" not in text and "None" not in text and "undefined" not in text, (e, text)


SENTENCES = [
    # (journey, the event, fi, en)
    ("pairs", lambda e: e["kind"] == "bid" and e["seat"] == 2, "Parisi tarjoaa 50.", "Your partner bids 50."),
    (
        "pairs",
        lambda e: e["kind"] == "pass" and e["seat"] == 3,
        "Oikealla puolellasi istuva sanoo ohi.",
        "Right passes.",
    ),
    ("pairs", lambda e: e["kind"] == "bid" and e["seat"] == 0, "Tarjoat 135.", "You bid 135."),
    (
        "pairs",
        lambda e: e["kind"] == "contract",
        "Voitit huutokierroksen: sopimuksesi on 135.",
        "You win the auction: your contract is 135.",
    ),
    (
        "pairs",
        lambda e: e["kind"] == "give",
        "Parisi antoi sinulle: ristiässä, ruutuässä, ruutukymppi.",
        "Your partner gives you: ace of clubs, ace of diamonds, ten of diamonds.",
    ),
    (
        "pairs",
        lambda e: e["kind"] == "return",
        "Palautit parillesi: ristiässä, ristiyhdeksikkö, ruutukymppi.",
        "You give back: ace of clubs, nine of clubs, ten of diamonds.",
    ),
    (
        "pairs",
        lambda e: e["kind"] == "answer" and e["suit"],
        "Parisi vastaa kokovaltilla: valtti on nyt ruutu, 80 pistettä.",
        "Your partner answers with a full pair: diamonds are trump now, 80 points.",
    ),
    (
        "pairs",
        lambda e: e["kind"] == "answer" and not e["suit"] and e["seat"] == 1,
        "Vasemmalla puolellasi istuva vastaa: ei kokovalttia.",
        "Left answers: no full pair.",
    ),
    (
        "pairs",
        lambda e: e["kind"] == "ask_half" and e["partner"] == 0,
        "Parisi kysyy sinulta hertan puolikasta, mutta sinulla ei ole sitä.",
        "Your partner asks you for the other half of hearts, but you do not have it.",
    ),
    (
        "pairs",
        lambda e: e["kind"] == "ask_full" and e["seat"] == 3,
        "Oikealla puolellasi istuva kysyy pariltaan kokovalttia.",
        "Right asks their partner for a full pair.",
    ),
    (
        "pairs",
        lambda e: e["kind"] == "last_trick",
        "Oikealla puolellasi istuva saa viimeisestä tikistä 20 lisäpistettä.",
        "Right gets 20 extra points for the last trick.",
    ),
    (
        "pairs",
        lambda e: e["kind"] == "trick" and e["seat"] == 0,
        "Voitat tikin: 13 pistettä.",
        "You win the trick: 13 points.",
    ),
    (
        "secret",
        lambda e: e["kind"] == "widow_secret",
        "Vasemmalla puolellasi istuva ottaa pirunpakan näyttämättä sitä muille.",
        "Left takes the widow without showing it.",
    ),
    (
        "redeal",
        lambda e: e["kind"] == "redeal",
        "Vaadit uuden jaon, koska kädessäsi on kolme kuutosta.",
        "You hold three sixes and demand a redeal.",
    ),
    (
        "redeal",
        lambda e: e["kind"] == "redealt",
        "Kaikki sanoivat ohi: kortit jaetaan uudelleen.",
        "Everybody passed: the cards are dealt again.",
    ),
    (
        "redeal-failed",
        lambda e: e["kind"] == "redeal_failed",
        "Vaadit uutta jakoa neljän kuutosen takia, mutta sinulla ja parillasi ei ole kaikkia kuutosia, joten "
        "huutaminen jatkuu.",
        "You ask for a redeal for four sixes, but you and your partner do not hold all four: the bidding goes on.",
    ),
    (
        "no-contract",
        lambda e: e["kind"] == "no_contract",
        "Kaikki sanoivat ohi: jako pelataan ilman sopimusta, ja kukin saa keräämänsä pisteet.",
        "Everybody passed: the deal is played without a contract, and each side scores what it takes.",
    ),
    (
        "no-look-back",
        lambda e: e["kind"] == "play" and e.get("hidden") and e["seat"] == 0,
        "Pelaat kortin.",
        "You play a card.",
    ),
    (
        "no-look-back",
        lambda e: e["kind"] == "trick" and e.get("hidden"),
        "Vasemmalla puolellasi istuva voittaa tikin ja kerää sen: 24 pistettä. Sen kortteja ei saa enää katsoa.",
        "Left wins the trick and gathers it: 24 points. Its cards may not be looked at again.",
    ),
]


@pytest.mark.parametrize(("name", "test", "fi", "en"), SENTENCES)
def test_an_event_reads_as_the_catalog_writes_it(name, test, fi, en):
    e = one(name, test)
    view = last(name)
    assert event_text(e, view, catalog("fi")) == fi
    assert event_text(e, view, catalog("en")) == en


def test_a_card_played_and_the_widow_are_named_in_the_right_case():
    view = last("three-random")
    play = one("three-random", lambda e: e["kind"] == "play" and e["seat"] == 1)
    fi, en = catalog("fi"), catalog("en")
    spoken_fi = f"{fi['suits'][play['card'][0]]['nom']}{fi['ranks'][play['card'][1]]['gen']}"
    assert event_text(play, view, fi) == f"Vasemmalla puolellasi istuva pelaa {spoken_fi}."
    assert event_text(play, view, en).startswith("Left plays the ")
    widow = one("three-random", lambda e: e["kind"] == "widow")
    assert event_text(widow, view, fi).startswith("Pirunpakka käännetään: ")
    assert len(event_text(widow, view, fi).split(", ")) == len(widow["cards"])


def test_another_seats_discard_names_no_card_and_takes_its_one_form():
    """Seat 0 never reads the cards another seat put away: the engine's event has none, and the
    sentence gives their count (one card: the ``_one`` form)."""
    fi = catalog("fi")
    for name in ("three-random", "three-pass", "secret"):
        view = last(name)
        for e in view["log"]:
            if e["kind"] == "discard" and e["seat"] != 0:
                assert "cards" not in e
                assert event_text(e, view, fi).endswith(f"laittaa pois {e['count']} korttia.")
                assert event_text({**e, "count": 1}, view, fi).endswith("laittaa pois 1 kortin.")
                return
    # every journey above has seat 0 win the auction: give another seat seat 0's discard, unseen
    view = last("three-random")
    e = one("three-random", lambda e: e["kind"] == "discard")
    unseen = {"seat": 1, "kind": "discard", "count": e["count"], "to": None}
    assert event_text(unseen, view, fi) == f"Vasemmalla puolellasi istuva laittaa pois {e['count']} korttia."
    assert event_text({**unseen, "count": 1}, view, fi) == "Vasemmalla puolellasi istuva laittaa pois 1 kortin."
    assert event_text({**unseen, "count": 1}, view, catalog("en")) == "Left puts 1 card away."


def test_a_seat_is_named_by_its_place_in_the_view():
    """The same event reads by the seat's place from seat 0 (the view's ``where``): across in a
    four-player game without partners, the partner in the pairs game."""
    redeal = one("redeal", lambda e: e["kind"] == "redeal")
    four = last("four")
    assert four["where"][2] == "across" and not four["partnership"]
    fi, en = catalog("fi"), catalog("en")
    assert event_text({**redeal, "seat": 2}, four, fi) == (
        "Vastapäätäsi istuva vaatii uuden jaon, koska hänellä on kolme kuutosta."
    )
    assert event_text({**redeal, "seat": 2}, four, en) == "Across holds three sixes and demands a redeal."
    assert seat_name(2, four, fi) == "Vastapäätä" and seat_name(2, last("pairs"), fi) == "Parisi"
    assert seat_name(0, four, en) == "You"


def test_a_side_is_you_your_pair_or_the_others():
    pairs, three = last("pairs"), last("three-random")
    fi, en = catalog("fi"), catalog("en")
    params = {"total": 140, "contract": 135}
    assert say_side("sum_made", 0, pairs, fi, params) == "Sopimuksenne täyttyi: 140 pistettä, kun sopimus oli 135."
    assert (
        say_side("sum_made", 1, pairs, fi, params) == "Vastaparin sopimus täyttyi: 140 pistettä, kun sopimus oli 135."
    )
    assert say_side("sum_made", 1, pairs, en, params) == "The other pair made the contract: 140 points against 135."
    assert say_side("sum_made", 0, three, fi, params) == "Sopimuksesi täyttyi: 140 pistettä, kun sopimus oli 135."
    assert say_side("sum_failed", 2, three, fi, params) == (
        "Oikealla puolellasi istuvan sopimus kaatui: 140 pistettä, kun sopimus oli 135."
    )
    assert side_name(0, pairs, fi) == "Te" and side_name(1, pairs, en) == "Other pair"
    assert side_name(1, three, fi) == "Vasemmalla"
    assert yours("sum_porvoo", pairs, fi, {"bid": 50}) == "Porvoo: ette saaneet yhtään tikkiä ja menetätte 50 pistettä."
    assert yours("sum_porvoo", three, en, {"bid": 50}) == "Porvoo: you took no trick and lose 50 points."
    assert say("ev_hold", 1, three, en, {"amount": 120}) == "Left keeps the contract at 120."


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_every_legal_action_has_its_label_and_every_call_its_button(lang):
    cat = catalog(lang)
    calls = set()
    for name in JOURNEYS:
        for view in played(name):
            for action in view["legal"]:
                label = action_label(action, view["contract"], cat)
                assert label and "{" not in label and "None" not in label, (action, label)
                if CARD.match(action):
                    assert choice_name(action, view["contract"], cat) == cat["cards"]["compound"].format(
                        suit=cat["suits"][action[0]]["nom"], rank=cat["ranks"][action[1]]["nom"]
                    )
                else:
                    assert choice_name(action, view["contract"], cat) == label
                if action.startswith(("trump:", "ask", "answer:")):
                    calls.add(action)
                    assert choice_button_label(action, cat)[0].isupper()
    assert {c.split(":")[0] for c in calls} >= {"trump", "askfull", "askhalf", "answer"}


LABELS = [
    ("HK", None, "pelaa herttakuningas", "play the king of hearts"),
    ("120", None, "tarjoa 120", "bid 120"),
    ("p", None, "sano ohi", "pass"),
    ("redeal", None, "vaadi uusi jako", "demand a redeal"),
    ("hold", 135, "pidä sopimus ennallaan: 135", "keep the contract at 135"),
    ("raise:150", 135, "korota sopimus 150 pisteeseen", "raise the contract to 150"),
    ("trump:H", None, "ilmoita hertta valtiksi", "declare hearts trump"),
    ("askfull", None, "kysy pariltasi kokovalttia", "ask your partner for a full pair"),
    ("askhalf:S", None, "kysy pariltasi padan puolikasta", "ask your partner for the other half of spades"),
    ("answer:D", None, "vastaa ruudun kuninkaalla ja rouvalla", "answer with your king and queen of diamonds"),
    ("answer:no", None, "vastaa, ettei sinulla ole kokovalttia", "answer that you have no full pair"),
    ("discard:SJ.D8", None, "laita pois patasotilas, ruutukahdeksikko", "put away jack of spades, eight of diamonds"),
    ("give:CA", None, "anna parillesi ristiässä", "give your partner ace of clubs"),
    ("return:DT", None, "palauta parillesi ruutukymppi", "give back ten of diamonds"),
]


@pytest.mark.parametrize(("action", "contract", "fi", "en"), LABELS)
def test_an_action_reads_as_an_imperative(action, contract, fi, en):
    assert action_label(action, contract, catalog("fi")) == fi
    assert action_label(action, contract, catalog("en")) == en


def test_a_call_reads_as_its_button():
    fi, en = catalog("fi"), catalog("en")
    assert choice_button_label("trump:H", fi) == "Ilmoita hertta valtiksi"
    assert choice_button_label("askhalf:S", fi) == "Kysy pariltasi padan puolikasta"
    assert choice_button_label("answer:D", en) == "I hold the king and queen of diamonds"
    assert choice_button_label("answer:no", fi) == "Ei kokovalttia"
    assert choice_button_label("askfull", en) == "Ask your partner for a full pair"
    assert choice_name("HK", None, fi) == "herttakuningas"


@pytest.mark.parametrize("action", ["", "x", "raise:", "raise:ten", "trump:X", "discard:", "give"])
def test_an_action_without_words_is_refused_saying_which(action):
    with pytest.raises(PlayWordsError, match="has no words") as caught:
        action_label(action, None, catalog("fi"))
    assert isinstance(caught.value, ValueError)


def test_an_unknown_event_or_call_is_refused_saying_which():
    view = last("three-random")
    with pytest.raises(PlayWordsError, match="'shuffle'"):
        event_text({"kind": "shuffle", "seat": 1}, view, catalog("en"))
    with pytest.raises(PlayWordsError, match="'p'"):
        choice_button_label("p", catalog("en"))


# -- the words of the table (present.play.table_words): what the worker adds to op "game" --------


def view_where(name: str, test) -> dict:
    """The first view of a journey that passes ``test``."""
    return next(v for v in played(name) if test(v))


@pytest.mark.parametrize("lang", ["fi", "en"])
@pytest.mark.parametrize("op", ["game", "moment"])
def test_the_worker_adds_the_tables_words_in_the_requests_language(op, lang):
    view = last("pairs")
    request = {"op": op, "lang": lang, "id": 7}
    if op == "game":
        request.update(rules="faq-pairs", seed=1, history=view["history"])
    else:
        request.update(record=view["record"], number=13)  # seat 0 asks for a full pair
    answer = json.loads(web.handle(json.dumps(request)))
    assert answer["ok"] and answer["lang"] == lang and answer["id"] == 7
    words = answer.pop("words")
    answer.pop("lang")
    assert answer == json.loads(handle(json.dumps(request)))  # the engine's answer, words beside it
    assert words == table_words(answer, catalog(lang))
    assert len(words["log"]) == len(answer["log"]) and len(words["seats"]) == answer["players"]
    assert words["log"] == [event_text(e, answer, catalog(lang)) for e in answer["log"]]


def test_a_game_asked_in_no_language_of_the_site_is_refused_saying_so():
    answer = json.loads(web.handle(json.dumps({"op": "game", "rules": "three-player", "seed": 0, "lang": "sv"})))
    assert not answer["ok"] and answer["error"]["code"] == "bad_lang"
    assert "'sv'" in answer["error"]["message"]


def test_the_first_bid_is_asked_and_every_button_captioned():
    view = played("three-random")[0]
    assert view["phase"] == "auction" and view["to_move"] == 0
    fi, en = table_words(view, catalog("fi")), table_words(view, catalog("en"))
    assert fi["prompt"] == "Sinun vuorosi huutaa: tarjoa tai sano ohi. Korkein tarjous tähän asti: 40."
    assert en["prompt"] == "Your turn to bid: bid or pass. Highest bid so far: 40."
    assert set(fi["labels"]) == set(view["legal"])
    assert fi["labels"]["p"] == "Ohi" and fi["labels"]["45"] == "Tarjoa 45" and en["labels"]["45"] == "Bid 45"
    assert fi["deal"] == "Jako 1, jakaja: Sinä." and en["deal"] == "Deal 1, dealer: You."
    assert fi["scores"] == "Pisteet: Sinä 0, Vasemmalla 0, Oikealla 0"
    assert fi["seats"] == ["Sinä", "Vasemmalla", "Oikealla"]
    assert fi["notes"][1] == {"badges": [], "bid": "Tarjous: 40", "cards": "11 piilossa olevaa korttia", "tricks": ""}
    assert fi["notes"][2]["bid"] == "ohi" and en["notes"][2]["bid"] == "pass"
    assert fi["table"] == "Valtti: ei valttia" and fi["result"] == [] and fi["hand"] == "Sinun kätesi · jakaja"


def test_the_discard_the_raise_and_a_question_are_asked_in_words():
    fi, en = catalog("fi"), catalog("en")
    discard = view_where("three-random", lambda v: v["phase"] == "discard" and v["to_move"] == 0)
    assert table_words(discard, fi)["prompt"] == (
        "Pirunpakka on nyt kädessäsi. Valitse 3 korttia, jotka laitat pois: niiden pisteet lasketaan sinulle."
    )
    assert table_words(discard, en)["labels"]["discard"] == "Put the chosen cards away (3)"
    raise_ = view_where("three-random", lambda v: v["phase"] == "raise" and v["to_move"] == 0)
    words = table_words(raise_, fi)
    contract = raise_["contract"]
    assert words["prompt"] == (
        f"Voit korottaa sopimusta kerran ennen ensimmäistä korttia tai pitää sen ennallaan: {contract}."
    )
    assert words["labels"]["hold"] == f"Pidä sopimus: {contract}"
    raises = [a for a in raise_["legal"] if a.startswith("raise:")]
    assert words["labels"][raises[0]] == f"Korota {raises[0][6:]} pisteeseen"
    assert words["table"].startswith("Valtti: ") and words["table"].endswith(f" · Sopimus: {contract} (sinä)")
    assert words["hand"] == f"Sinun kätesi · jakaja · huutaja, sopimus {contract}"
    ask = view_where("asked", lambda v: any(a.startswith("answer:") for a in v["legal"]))
    asked = [e for e in ask["log"] if e["kind"] == "ask_full"][-1]
    assert table_words(ask, fi)["prompt"] == f"{event_text(asked, ask, fi)} Vastaa parillesi:"
    assert table_words(ask, en)["labels"]["answer:no"] == "No full pair"
    lead = view_where("pairs", lambda v: "askfull" in v["legal"])
    assert table_words(lead, en)["prompt"] == (
        "You won the previous trick: you may declare trump or ask your partner before you lead."
    )


def test_another_seats_turn_asks_nothing():
    view = {**played("three-random")[0], "to_move": 1, "legal": []}
    words = table_words(view, catalog("fi"))
    assert words["prompt"] == "" and words["labels"] == {}


def test_the_watched_cards_of_a_gathered_trick_are_told_as_they_are_played():
    fi = catalog("fi")
    view = view_where("no-look-back", lambda v: v["watched"])
    words = table_words(view, fi)
    assert len(words["watched"]) == len(view["watched"])
    for w, said in zip(view["watched"], words["watched"]):
        assert said == say("ev_play", w["seat"], view, fi, {"card": w["card"]})
        assert fi["ranks"][w["card"][1]]["gen"] in said


@pytest.mark.parametrize("lang", ["fi", "en"])
@pytest.mark.parametrize("name", ["three-random", "pairs", "four"])
def test_the_end_of_a_deal_is_its_summary_and_its_breakdown(name, lang):
    cat = catalog(lang)
    view = last(name)
    assert view["phase"] == "done" and not view["redealt"]
    tree = table_words(view, cat)["result"]
    assert [n["tag"] for n in tree][:1] == ["h2"] and text(tree[0]) == cat["ui"]["sum_title"]
    score = view["score"]
    bidder = next(s for s in score["sides"] if s["role"] == "bidder")
    total = bidder["compared"] if bidder["compared"] is not None else bidder["total"]
    key = "sum_made" if bidder["contract_made"] else "sum_failed"
    summary = [text(n) for n in nodes(tree, lambda n: n.get("class") == "summary-line")]
    params = {"total": total, "contract": score["contract"]}
    assert summary[0] == say_side(key, bidder["side"], view, cat, params)
    region = nodes(tree, lambda n: n.get("class") == "table-scroll")[0]
    assert region["attrs"] == {"tabindex": "0", "role": "region", "aria-label": cat["ui"]["breakdown"]}
    table = region["children"][0]
    assert table["class"] == "breakdown" and text(table["children"][0]) == cat["ui"]["breakdown"]
    head = [text(th) for th in table["children"][1]["children"]]
    assert head[0] == cat["ui"]["bd_side"] and head[-1] == cat["ui"]["bd_result"]
    rows = table["children"][2:]
    assert len(rows) == len(score["sides"])
    for side, row in zip(score["sides"], rows):
        assert text(row["children"][0]) == side_name(side["side"], view, cat)
        cells = row["children"][1:]
        assert [c["attrs"]["data-label"] for c in cells] == head[1:]
        assert text(cells[0]) == cat["ui"][f"role_{side['role']}"]
        assert text(cells[-1]).startswith(("+", "\u2212", "0"))
        assert (row.get("class") == "bidder-row") == (side["role"] == "bidder")
    after = nodes(tree, lambda n: n.get("class") == "totals-after")
    assert len(after) == 1 and text(after[0]).endswith(str(view["totals_after"][-1]).replace("-", "\u2212"))


def test_a_bidders_made_or_lost_contract_is_said_in_its_breakdown_row():
    fi = catalog("fi")
    view = last("pairs")
    bidder = next(s for s in view["score"]["sides"] if s["role"] == "bidder")
    rows = nodes(to_dict(result_tree(view, fi)), lambda n: n.get("class") == "bidder-row")
    assert len(rows) == 1
    total = bidder["compared"] if bidder["compared"] is not None else bidder["total"]
    made = "sopimus täyttyi" if bidder["contract_made"] else "sopimus kaatui"
    sign = "<" if not bidder["contract_made"] else "≥"
    assert text(rows[0]["children"][-1]).endswith(f" ({total} {sign} {view['score']['contract']}: {made})")


def test_a_redeal_a_deal_without_contract_and_the_end_of_the_game():
    fi, en = catalog("fi"), catalog("en")
    redealt = last("redeal")
    assert redealt["redealt"]
    assert [text(n) for n in table_words(redealt, fi)["result"]] == ["Jako on pelattu", "Kortit jaetaan uudelleen."]
    free = journey("german", 0, "pass")[-1]
    assert free["phase"] == "done" and free["score"]["contract"] is None
    summary = nodes(table_words(free, en)["result"], lambda n: n.get("class") == "summary-line")
    assert [text(n) for n in summary] == ["The deal was played without a contract: each side scores what it took."]
    pairs = last("pairs")
    over = table_words({**pairs, "match_over": True, "winners": [0]}, fi)["result"]
    assert text(over[-1]) == "Peli päättyi. Voittaja: Te." and over[-1]["class"] == "verdict right"
    assert "verdict right" not in json.dumps(table_words(pairs, fi)["result"])


def test_the_build_s_openings_carry_the_words_of_their_page_s_language():
    state = game(rules="three-player", seed=7301, computers=["easy", "easy"])
    prepared = {"three-player": {"easy.easy": [{"seed": 7301, "state": state}]}}
    for lang in ("fi", "en"):
        worded = openings.worded(prepared, lang)["three-player"]["easy.easy"][0]
        assert worded["seed"] == 7301 and worded["state"]["lang"] == lang
        asked = json.loads(
            web.handle(
                json.dumps(
                    {"op": "game", "rules": "three-player", "seed": 7301, "computers": ["easy", "easy"], "lang": lang}
                )
            )
        )
        assert worded["state"]["words"] == asked["words"]  # what the worker would send
    assert "words" not in state  # the engine's answer, untouched


def test_what_the_table_shows_for_a_moment_is_named():
    fi, en = catalog("fi"), catalog("en")
    pairs = last("pairs")
    words = table_words(pairs, fi)
    assert len(words["pictures"]) == len(pairs["log"])
    answered = next(i for i, e in enumerate(pairs["log"]) if e["kind"] == "answer" and e["suit"])
    assert words["pictures"][answered] == "Ruutu: kuningas ja rouva"
    assert table_words(pairs, en)["pictures"][answered] == "Diamonds: king and queen"
    three = last("three-random")
    widow = next(i for i, e in enumerate(three["log"]) if e["kind"] == "widow")
    cards = ", ".join(card_name_fi(c) for c in three["log"][widow]["cards"])
    assert table_words(three, fi)["pictures"][widow] == f"Pirunpakka: {cards}"
    plain = [i for i, e in enumerate(three["log"]) if e["kind"] in ("bid", "pass", "play", "trick")]
    assert all(table_words(three, fi)["pictures"][i] == "" for i in plain)


def card_name_fi(card: str) -> str:
    fi = catalog("fi")
    return f"{fi['suits'][card[0]]['nom']}{fi['ranks'][card[1]]['nom']}"


def test_the_story_is_titled_by_the_deal():
    assert table_words(played("three-random")[0], catalog("fi"))["story"] == "Koko jako tähän asti"
    assert table_words(last("three-random"), catalog("fi"))["story"] == "Jako 1 alusta loppuun"
    assert table_words(last("three-random"), catalog("en"))["story"] == "Deal 1 from start to end"


def test_a_refused_action_is_said_with_the_engines_reason():
    fi, en = catalog("fi"), catalog("en")
    view = view_where(
        "three-random", lambda v: v["phase"] == "play" and v["to_move"] == 0 and set(v["hand"]) - set(v["legal"])
    )
    card = sorted(set(view["hand"]) - set(view["legal"]))[0]
    answer = json.loads(
        web.handle(
            json.dumps(
                {
                    "op": "game",
                    "rules": "three-player",
                    "seed": 0,
                    "history": view["history"],
                    "action": card,
                    "lang": "fi",
                }
            )
        )
    )
    assert answer["refused"]["action"] == card
    said = answer["words"]["refused"]
    assert said[0] == "Tätä korttia ei saa pelata." and len(said) == 2
    assert said[1] == reason_text(answer["refused"], fi) and said[1] and "{" not in said[1]
    assert table_words(answer, en)["refused"][0] == "You may not play that card."
    assert table_words(view, fi)["refused"] == []
    first = played("three-random")[0]
    low = json.loads(
        web.handle(
            json.dumps(
                {
                    "op": "game",
                    "rules": "three-player",
                    "seed": 0,
                    "history": first["history"],
                    "action": "40",
                    "lang": "en",
                }
            )
        )
    )
    assert low["refused"]["action"] == "40"
    assert low["words"]["refused"] == [reason_text(low["refused"], en)]  # a bid: no word about cards


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_the_play_page_gets_every_card_drawn_once_by_present(lang):
    """The play table's cards are present/cards.py's (card_trees, mounted by site/assets/cards.js):
    every card of the catalog's ranks, a picture and a disabled answer button, named by its spoken
    name in the page's language, its face from the sprite."""
    from present.cards import card_trees
    from present.text import Words, card_label

    cat = catalog(lang)
    trees = card_trees(Words(cat))
    assert len(trees) == 4 * len(cat["ranks"]) and "HK" in trees
    for code, drawn in trees.items():
        span, button = drawn["span"], drawn["button"]
        assert span["attrs"] == {"role": "img", "aria-label": card_label(code, cat)}
        assert button["attrs"]["data-card"] == code and "disabled" in button["attrs"]
        assert button["attrs"]["aria-label"] == card_label(code, cat)
        for tree in (span, button):
            assert ("red" in tree["class"]) == (code[0] in "DH")
            (use,) = nodes(tree, lambda n: n.get("tag") == "use")
            assert use["attrs"]["href"] == f"#c-{code}"
