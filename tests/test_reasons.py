"""Reasons in cards (engine/coach/reasons.py): each pattern found on constructed lines of play,
and its sentence in both catalogs naming the cards and seats of those lines."""

import pytest

from engine import PRESETS, Deal, parse_action, parse_position
from engine.coach.reasons import _points_in_trick, bid_reasons, card_reasons, raise_reasons, replay
from sitebuild.catalogs import card_name, fmt, load_catalog


def _line(*actions):
    return [parse_action(a) for a in actions]


def _after(position, *actions):
    deal = parse_position(position)
    for action in actions:
        deal.apply(parse_action(action))
    return deal


def _discard_deal():
    """A three-player deal at the discard, seat 0 the bidder, and a discard leaving a ten bare
    beside one that does not (the first seed that has both)."""
    from engine import Bid, Pass

    rules = PRESETS["three-player"]
    for seed in range(200):
        deal = Deal.new(rules, seed, dealer=2)
        while deal.phase == "auction":
            seat = deal.to_move
            deal.apply(Bid(rules.min_bid) if seat == 0 and Bid(rules.min_bid) in deal.legal_actions() else Pass())
        if deal.phase != "discard" or deal.to_move != 0:
            continue
        hand = deal.hands[0]
        for ten in (c for c in hand if c.rank.name == "TEN"):
            suit = [c for c in hand if c.suit == ten.suit and c is not ten]
            rest = [c for c in hand if c.suit != ten.suit]
            if 1 <= len(suit) <= rules.widow_size and len(rest) >= rules.widow_size:
                bare = suit + rest[: rules.widow_size - len(suit)]
                kept = rest[: rules.widow_size]
                from engine import Discard

                return deal, ten, Discard(tuple(bare)), Discard(tuple(kept))
    raise AssertionError("no seed gives a discard that leaves a ten bare")


# (name, the position before the choice, the learner's line, the best line, the reason expected)
CASES = [
    (
        "an ace led, the next seat void and trumping",
        _after("rules:three-player/hands:A8...,.7..9,7.8../lead:0/decl:H1/tricks:5,2,2"),
        _line("SA", "H9", "S7"),
        _line("S8", "H9", "S7"),
        None,
    ),
    (
        "an ace played second, trumped by the third seat",
        _after("rules:three-player/hands:A8...,.7..9,7.8../lead:2/decl:H1/tricks:5,2,2", "S7"),
        _line("SA", "H9"),
        _line("S8", "H9"),
        {"code": "trumped", "card": "SA", "by": "H9", "seat": 1, "n": 10, "best": "S8"},
    ),
    (
        "an ace thrown off suit onto a trick an opponent trumped",
        _after("rules:three-player/hands:A8...,.7.7.,7...9/lead:1/decl:H1/tricks:5,2,2", "C7", "H9"),
        _line("SA"),
        _line("S8"),
        {"code": "thrown", "card": "SA", "by": "H9", "seat": 2, "n": 10, "best": "S8"},
    ),
    (
        "a ten led into an ace",
        _after("rules:three-player/hands:T.6..,A.7..,8.8../lead:0/tricks:5,2,2"),
        _line("ST", "SA", "S8"),
        _line("C6", "C7", "C8"),
        {"code": "overtaken", "card": "ST", "by": "SA", "seat": 1, "n": 10, "best": "C6"},
    ),
    (
        "a ten thrown off suit onto the other side's trick",
        _after("rules:three-player/hands:.T..6,A.7..,8.8../lead:1/tricks:5,2,2", "SA", "S8"),
        _line("CT"),
        _line("H6"),
        {"code": "thrown", "card": "CT", "by": "SA", "seat": 1, "n": 10, "best": "H6"},
    ),
    (
        "a low lead forces the king, the ace catches the ten",
        _after("rules:three-player/hands:A7...,TK...,8.7../lead:0/tricks:5,2,2"),
        _line("SA", "SK", "S8", "S7", "ST", "C7"),
        _line("S7", "SK", "S8", "ST", "C7", "SA"),
        {"code": "caught", "card": "ST", "by": "SA", "seat": 1, "n": 11, "best": "S7"},
    ),
    (
        "the last trick given up",
        _after("rules:faq-pairs/hands:A.6..,7.A..,8..7.,9..8./lead:0/tricks:3,2,1,1"),
        _line("SA", "S7", "S8", "S9", "C6", "CA", "D7", "D8"),
        _line("C6", "CA", "D7", "D8", "S7", "S8", "S9", "SA"),
        {"code": "last_trick", "seat": 1, "bonus": 20, "best": "C6"},
    ),
    (
        "a trick lost either way, given more points",
        _after("rules:three-player/hands:K6...,A.7..,7.8../lead:1/tricks:5,2,2", "SA", "S7"),
        _line("SK"),
        _line("S6"),
        {"code": "points_saved", "seat": 1, "n": 10, "card": "SK", "points": 4, "best": "S6"},
    ),
    (
        "a trick won either way, fewer points banked",
        _after("rules:three-player/hands:A9...,7.7..,8.8../lead:1/tricks:5,2,2", "S7", "S8"),
        _line("S9"),
        _line("SA"),
        {"code": "points_banked", "n": 10, "card": "S9", "points": 11, "best": "SA"},
    ),
    (
        "a pair never declared",
        _after("rules:three-player/hands:A...KQ,76.7..,8.86../lead:0/tricks:4,2,2"),
        _line("SA", "S7", "S8"),
        _line("trump:H", "SA", "S7", "S8"),
        {"code": "pair_lost", "suit": "H", "bonus": 100, "now": 9},
    ),
    (
        "a pair declared a trick late",
        _after("rules:three-player/hands:A...KQ,76.7..,8.86../lead:0/tricks:4,2,2"),
        _line("SA", "S7", "S8", "trump:H"),
        _line("trump:H", "SA", "S7", "S8"),
        {"code": "pair_later", "suit": "H", "bonus": 100, "now": 9, "n": 10},
    ),
    (
        "a pair declared late by answering the partner's question",
        _after("rules:faq-pairs/hands:6...KQ,7.7.7.,A.A.A.,8.8.8./lead:0/tricks:2,2,1,1"),
        _line("S6", "S7", "SA", "S8", "askfull", "answer:H"),
        _line("trump:H", "S6", "S7", "SA", "S8"),
        {"code": "pair_later", "suit": "H", "bonus": 100, "now": 7, "n": 8},
    ),
]


@pytest.mark.parametrize("name,deal,chosen,best,expected", CASES, ids=[c[0] for c in CASES])
def test_each_pattern_is_found_in_its_lines(name, deal, chosen, best, expected):
    found = card_reasons(deal, 0, chosen, best)
    if expected is None:  # the lead into a void: seat 1 is next after seat 0
        expected = {"code": "led_void", "card": "SA", "by": "H9", "seat": 1, "n": 10, "best": "S8"}
    assert found[0] == expected


def test_a_trump_declared_late_says_the_bonus_counted_and_no_bonus_is_no_points():
    """The bonus counts whenever the trump is declared: declaring late loses the tricks before it,
    not the bonus; under trump_bonus none no sentence speaks of points."""
    deal = _after("rules:three-player/hands:A...KQ,76.7..,8.86../lead:0/tricks:4,2,2")
    later = card_reasons(deal, 0, _line("SA", "S7", "S8", "trump:H"), _line("trump:H", "SA", "S7", "S8"))[0]
    assert sentence(later, load_catalog("en")) == (
        "Declaring hearts trump now would have made them trump from trick 9. As the deal was played, you declared"
        " them only before trick 10. The 100 points for declaring counted either way."
    )
    assert sentence(later, load_catalog("fi")) == (
        "Jos olisit ilmoittanut hertan valtiksi nyt, se olisi ollut valttia 9. tikistä alkaen. Pelatussa jaossa"
        " ilmoitit sen vasta ennen 10. tikkiä. Ilmoituksen 100 pistettä sait joka tapauksessa."
    )
    deal = _after("rules:three-player+trump_bonus=none/hands:A...KQ,76.7..,8.86../lead:0/tricks:4,2,2")
    for chosen in (_line("SA", "S7", "S8"), _line("SA", "S7", "S8", "trump:H")):
        reason = card_reasons(deal, 0, chosen, _line("trump:H", "SA", "S7", "S8"))[0]
        assert reason["code"] in ("pair_lost_plain", "pair_later_plain") and "bonus" not in reason
        for lang in ("fi", "en"):
            text = sentence(reason, load_catalog(lang))
            assert "{" not in text and "0 " not in text and "9" in text, text


def test_nothing_is_said_where_the_lines_show_no_difference():
    deal = _after("rules:three-player/hands:A8...,.7..9,7.8../lead:0/decl:H1/tricks:5,2,2")
    line = _line("SA", "H9", "S7")
    assert card_reasons(deal, 0, line, line) == []
    # the ace trumped in both lines is no reason to prefer either
    deal = _after("rules:three-player/hands:A...9,.7..8,7.8../lead:2/decl:H1/tricks:5,2,2", "S7")
    assert [r["code"] for r in card_reasons(deal, 0, _line("SA", "H8"), _line("SA", "H8"))] == []


def test_points_in_a_trick_are_the_two_cards_own():
    """The other seats answering differently does not make the learner's card give or bank the
    trick's whole difference: only the two cards' own points count, in the trick's direction."""
    # the six of clubs (0) gave the trick no more than the king of diamonds (4) would have
    deal = _after("rules:three-player/hands:.6.K.,.A.A.,.T.7./lead:0/tricks:5,2,2")
    found = card_reasons(deal, 0, _line("C6", "CA", "CT"), _line("DK", "DA", "D7"))
    assert [r for r in found if r["code"].startswith("points_")] == []
    # both aces are worth 11: neither banks more, whatever the others add (the ten caught is
    # the reason card_reasons gives first, so the trick's points are read on their own here)
    deal = _after("rules:three-player/hands:.A.A.,.6.T.,.7.7./lead:0/tricks:5,2,2")
    mine, best = _line("CA", "C6", "C7"), _line("DA", "DT", "D7")
    assert (
        _points_in_trick(deal.rules, replay(deal, mine), replay(deal, best), deal.rules.side_of, 0, mine[0], best[0])
        == []
    )
    # the learner's king given to the other side where the best line's six gives nothing still counts
    deal = _after("rules:three-player/hands:K6...,A.7..,7.8../lead:1/tricks:5,2,2", "SA", "S7")
    assert card_reasons(deal, 0, _line("SK"), _line("S6"))[0]["points"] == 4


def test_a_trick_lost_is_the_fallback_and_needs_points():
    deal = _after("rules:three-player/hands:K6...,Q.7..,J.8../lead:0/tricks:5,2,2")
    found = card_reasons(deal, 0, _line("S6", "SQ", "SJ"), _line("SK", "SQ", "SJ"))
    assert found == [{"code": "trick_lost", "seat": 1, "n": 10, "points": 5, "best": "SK"}]


def test_a_discard_that_leaves_a_ten_bare():
    deal, ten, bare, kept = _discard_deal()
    assert card_reasons(deal, 0, [bare], [kept]) == [{"code": "bare_ten", "card": str(ten)}]
    assert card_reasons(deal, 0, [kept], [bare]) == []


def test_the_raise_and_the_bid_from_their_figures():
    assert raise_reasons(205, 180, 183, makes=False) == [{"code": "raise_high", "contract": 205, "total": 183}]
    assert raise_reasons(120, 180, 183, makes=True) == [
        {"code": "raise_low", "contract": 120, "best": 180, "total": 183}
    ]
    assert raise_reasons(180, 180, 183, makes=True) == []
    assert bid_reasons(165, 150, makes=False) == [{"code": "bid_high", "amount": 165, "total": 150}]
    assert bid_reasons(100, 150, makes=True) == []


def test_the_bid_is_judged_on_its_own_amount():
    """A bid of 165 that best play (170) makes is no bid too high, though a raise to 180 is not
    made: the raise has its own reason."""
    from engine.coach.review import bid_why

    rules = PRESETS["three-player"]
    assert bid_why(rules, 165, 170) == []
    assert bid_why(rules, 180, 170) == [{"code": "bid_high", "amount": 180, "total": 170}]


def sentence(reason: dict, cat: dict, place: str = "left", partnership: bool = False) -> str:
    """A reason worded as the play page words it (present/coach.py: why_text), every other seat at
    ``place``."""
    from present.coach import why_text

    return why_text(reason, {"where": ["you", place, place, place], "partnership": partnership}, cat)


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_each_sentence_names_the_cards_and_seats_of_its_lines(lang):
    cat = load_catalog(lang)
    # what each sentence must name: the card lost or caught, in the case its template uses
    for _name, deal, chosen, best, _expected in CASES:
        reason = card_reasons(deal, 0, chosen, best)[0]
        text = sentence(reason, cat)
        cases = {"fi": {"led_void": "ade", "trumped": "gen", "overtaken": "gen", "caught": "gen"}, "en": {}}[lang]
        by_case = "ade" if lang == "fi" else "nom"
        if "card" in reason:
            assert card_name(reason["card"], cases.get(reason["code"], "nom"), cat).lower() in text.lower(), text
        if "by" in reason and reason["code"] != "caught":
            assert card_name(reason["by"], by_case, cat).lower() in text.lower(), text
        if reason["code"] in ("trumped", "overtaken", "thrown", "led_void", "last_trick"):
            assert cat["ui"]["who_left"] in text, text
        if "suit" in reason:
            assert cat["suits"][reason["suit"]]["gen" if lang == "fi" else "nom"] in text, text
        assert "{" not in text and text[0].isupper() and text.endswith("."), text
    deal, ten, bare, kept = _discard_deal()
    text = sentence(card_reasons(deal, 0, [bare], [kept])[0], cat)
    assert card_name(str(ten), "nom", cat).lower() in text.lower()


def test_the_finnish_sentences_read_as_written():
    cat = load_catalog("fi")
    trumped = {"code": "trumped", "card": "SA", "by": "H9", "seat": 1, "n": 10}
    assert sentence(trumped, cat, "right") == (
        "Oikealla puolellasi istuva valttasi pelaamasi pataässän herttayhdeksiköllä 10. tikissä."
    )
    led = {"code": "led_void", "card": "SA", "by": "H9", "seat": 1, "n": 10}
    assert sentence(led, cat, "left") == (
        "Avasit 10. tikin pataässällä. Vasemmalla puolellasi istuva ei voinut tunnustaa maata"
        " ja valttasi sen herttayhdeksiköllä."
    )
    assert sentence(led, load_catalog("en"), "left") == (
        "You led the ace of spades in trick 10. Left could not follow suit and trumped it with the nine of hearts."
    )
    assert sentence({"code": "pair_lost", "suit": "H", "bonus": 100}, cat) == (
        "Olisit voinut nyt ilmoittaa hertan valtiksi (100 pistettä). Pelatussa jaossa et ilmoittanut sitä lainkaan."
    )
    assert sentence({"code": "raise_high", "contract": 205, "total": 183}, cat, partnership=True) == (
        "Parhaallakin pelillä saatte ensimmäisestä tikistä alkaen yhteensä 183 pistettä, joten 205 pisteen sopimus"
        " ei täyty."
    )


def test_a_hint_says_why_in_cards_it_can_see():
    """Seat 0 follows the hints in a seeded three-player game: where a trick-play hint gives a
    reason, it names only the seat's own cards (the hint's choice and the next best, both legal),
    was found in at least half of its made-up deals, and comes out the same when asked again."""
    from engine.coach import game as table

    request = {"rules": "three-player", "seed": 900, "computers": ["normal", "normal"], "history": [[]]}
    view = table.step(request)
    reasons = []
    while "record" not in view:
        hint = table.hint({**request, "history": view["history"]})["hint"]
        why = hint["why"]
        if hint["phase"] != "play":
            assert why is None
        elif why is not None:
            assert 2 * why["count"] >= why["samples"] > 0
            legal = view["legal"]
            assert why.get("choice", hint["action"]) == hint["action"]
            assert all(why[k] in legal for k in ("choice", "other") if k in why)
            assert why.get("other") != hint["action"]
            assert set(why) - {"code", "count", "samples", "choice", "other", "suit", "bonus"} == set()
            assert table.hint({**request, "history": view["history"]})["hint"]["why"] == why
            reasons.append(why["code"])
        view = table.step({**request, "history": view["history"], "action": hint["action"]})
    assert reasons, "some trick-play hint of the deal gives a reason"


def test_a_discard_hint_says_why_from_the_hand():
    from engine import Discard
    from engine.coach.reasons import discard_reason

    deal, ten, bare, kept = _discard_deal()
    assert discard_reason(deal, 0, kept, bare) == {"code": "bare_ten", "card": str(ten)}
    assert discard_reason(deal, 0, bare, bare) is None
    # laying the ten away banks its points (they count for the bidder), the next best keeps it
    others = [c for c in deal.hands[0] if c is not ten and c not in bare.cards]
    lay = Discard((ten, *others[: deal.rules.widow_size - 1]))
    keep = Discard(tuple(others[: deal.rules.widow_size]))
    assert discard_reason(deal, 0, lay, keep) == {"code": "banked", "card": str(ten)}
    assert discard_reason(deal, 0, keep, lay) is None


def _discard_lines(limit: int = 12):
    """Three-player deals at seat 0's discard, a discard leaving a ten bare against one that
    does not, each played on to the end by every player's quick play (every hand known)."""
    from engine import Bid, Discard, Pass
    from engine.coach.reasons import quick_line

    rules = PRESETS["three-player"]
    found = 0
    for seed in range(400):
        deal = Deal.new(rules, seed, dealer=2)
        while deal.phase == "auction":
            bid = Bid(rules.min_bid)
            deal.apply(bid if deal.to_move == 0 and bid in deal.legal_actions() else Pass())
        if deal.phase != "discard" or deal.to_move != 0:
            continue
        hand = deal.hands[0]
        for ten in (c for c in hand if c.rank.name == "TEN"):
            suit = [c for c in hand if c.suit == ten.suit and c is not ten]
            rest = [c for c in hand if c.suit != ten.suit and c.rank.name != "TEN"]
            if not (1 <= len(suit) <= rules.widow_size and len(rest) >= 2 * rules.widow_size):
                continue
            bare = Discard(tuple(suit + rest[: rules.widow_size - len(suit)]))
            kept = Discard(tuple(rest[-rules.widow_size :]))
            lines = []
            for discard in (bare, kept):
                after = deal.copy()
                after.apply(discard)
                line = [discard]
                while after.phase != "play":  # the raise: the contract as bid
                    line.append(after.legal_actions()[0])
                    after.apply(line[-1])
                lines.append([*line, *quick_line(after, 0)])
            yield deal, ten, *lines
            found += 1
            break
        if found >= limit:
            return


def test_a_bare_ten_is_told_only_where_the_other_side_took_it_and_the_best_line_kept_it():
    from engine.coach.reasons import _fate

    side_of = PRESETS["three-player"].side_of
    told = 0
    for deal, ten, chosen, best in _discard_lines():
        mine, other = replay(deal, chosen), replay(deal, best)
        reasons = card_reasons(deal, 0, chosen, best, limit=9)
        for reason in reasons:
            if reason["code"] == "bare_ten_taken":
                told += 1
                assert side_of(_fate(mine, ten)) != side_of(0)
                assert _fate(other, ten) is None or side_of(_fate(other, ten)) == side_of(0)
                # the same ten in the same trick is not told twice
                assert not [r for r in reasons if r["code"] == "overtaken" and r["card"] == reason["card"]]
            assert reason["code"] != "bare_ten" or _fate(mine, ten) is None
    assert told, "some deal's bare ten is taken by the other side and kept in the best line"


def test_a_discard_hint_is_said_only_where_it_holds():
    """``bare_ten`` only where the hint's own discard leaves no ten bare, ``banked`` only where
    the next best lays away fewer card points."""
    from itertools import combinations

    from engine import Bid, Discard, Pass
    from engine.coach.reasons import _bare_tens, discard_reason

    deal, ten, bare, kept = _discard_deal()
    rules = deal.rules
    # laying away the ten (10 points) is no banking against a discard of more points
    low = [c for c in deal.hands[0] if c.suit != ten.suit and rules.points[c.rank] == 0]
    lay = Discard((ten, *low[: rules.widow_size - 1]))
    rich = Discard(tuple(sorted((c for c in deal.hands[0] if c != ten), key=lambda c: -rules.points[c.rank])[:3]))
    assert sum(rules.points[c.rank] for c in rich.cards) > 10
    assert discard_reason(deal, 0, lay, rich) is None
    # a hint that leaves a ten bare itself says nothing of the next best's bare ten
    for seed in range(400):
        deal = Deal.new(rules, seed, dealer=2)
        while deal.phase == "auction":
            bid = Bid(rules.min_bid)
            deal.apply(bid if deal.to_move == 0 and bid in deal.legal_actions() else Pass())
        if deal.phase != "discard" or deal.to_move != 0:
            continue
        discards = [Discard(c) for c in combinations(deal.hands[0], rules.widow_size)]
        pairs = [
            (a, b)
            for a in discards
            for b in discards
            if _bare_tens(deal, 0, a) and _bare_tens(deal, 0, b) - _bare_tens(deal, 0, a)
        ]
        if pairs:
            hint, other = pairs[0]
            assert (
                discard_reason(deal, 0, hint, other) is None
                or discard_reason(deal, 0, hint, other)["code"] != "bare_ten"
            )
            break
    else:
        raise AssertionError("no seed gives two discards leaving different tens bare")


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_pair_hint_claims_no_count_of_deals(lang):
    """Declaring later keeps the bonus, so a made-up deal where the pattern is found need not
    lose points: the pair hint's sentence names the bonus (or, without one, none) and no count."""
    cat = load_catalog(lang)
    why = {"code": "pair", "count": 5, "samples": 8, "suit": "H", "bonus": 100}
    text = fmt(cat["ui"]["hint_why_pair"], why, cat)
    assert "100" in text and "5" not in text and "8" not in text, text
    plain = fmt(cat["ui"]["hint_why_pair_plain"], {**why, "code": "pair_plain", "bonus": 0}, cat)
    assert cat["suits"]["H"]["gen" if lang == "fi" else "nom"] in plain and not any(d in plain for d in "0123456789")
