"""The house rule ``no_look_back`` (the peer's table that forbids looking back at the last trick,
issue 35): once a trick is gathered nobody sees its cards again, its winner and each player's own
cards in it included; the trick on the table stays in view until it is gathered. What a seat saw
stays in its memory: the computer players and the hints read ``observe`` (docs/rules-readings.md).

Also the late redeal at the table (house rule ``redeal_four_sixes_late``): where the engine lists
``redeal`` for seat 0 after the auction, the play page's view lists it (the page shows the button
only because it is listed)."""

import random

import pytest
from test_hidden_cards import may_know, named_cards, play_page_deals

from engine import Deal, Play, parse_rules
from engine.coach import game
from engine.coach.game import public_log
from engine.core.rules import OPTION_DOCS
from engine.core.story import story_for, tell
from engine.players import random_action
from engine.search.observe import observe

RULE_TEXTS = ["three-player+no_look_back", "faq-pairs+no_look_back", "wikibooks-2p+dead_hand+no_look_back"]


def on_table(deal: Deal) -> set[str]:
    """The cards of the trick on the table (not yet gathered)."""
    return {str(c) for c in deal.trick} if deal.phase == "play" else set()


def gathered(deal: Deal) -> set[str]:
    """Every card of a gathered trick."""
    played = [a.card for _, a in deal.history if isinstance(a, Play)]
    n = deal.rules.players
    return {str(c) for c in played[: len(played) // n * n]}


def tricks_told(log: list[dict]) -> list[dict]:
    """The plays and tricks of a story (the widow shown and the cards passed before the play are
    not tricks: they stay told as they were seen)."""
    return [e for e in log if e["kind"] in ("play", "trick", "last_trick")]


def told_before_the_play(view: dict) -> set[str]:
    """The cards a view names outside the tricks: the widow shown, the cards seat 0 put away or
    passed or was passed, its hand."""
    return named_cards([e for e in view["log"] if e not in tricks_told(view["log"])]) | set(view["widow"])


def test_the_option_is_a_house_rule_off_by_default_with_a_reading():
    doc = OPTION_DOCS["no_look_back"]
    assert doc.house_rule and doc.offer == "house" and doc.default is False
    assert "peer" in doc.source and doc.reading and not doc.sheet


@pytest.mark.parametrize("text", RULE_TEXTS)
def test_no_seat_is_told_a_gathered_card_but_each_remembers_what_it_saw(text):
    """The story as each seat is told it names no gathered card (its own neither), only the trick
    on the table; the seat's observation (its memory, read by the computers and hints) still holds
    every card played."""
    rules = parse_rules(text)
    checked = 0
    for seed in range(3):
        deal = Deal.new(rules, seed, dealer=seed % rules.players)
        rng = random.Random(seed)
        while not deal.is_over:
            for seat in range(rules.players):
                story = public_log(deal, seat)
                named = named_cards(tricks_told(story))
                assert not named & gathered(deal), (text, seat, named & gathered(deal))
                assert named == on_table(deal)  # the trick on the table stays in view
                assert named_cards(story) <= may_know(deal, seat)
                memory = {str(a.card) for _, a in observe(deal, seat).plays if isinstance(a, Play)}
                assert memory == {str(a.card) for _, a in deal.history if isinstance(a, Play)}
            if gathered(deal):
                checked += 1
            deal.apply(random_action(deal, rng))
    assert checked > 20


@pytest.mark.parametrize("text", RULE_TEXTS)
def test_the_play_page_view_holds_no_gathered_card(text):
    """At every step of the play page, what seat 0 is shown (history and the finished deal's record
    aside, and ``watched``: the cards it saw played since its last move, shown moving and gone)
    names no gathered card; the last trick is empty; the log tells each gathered trick with its
    winner and points, hidden."""
    views = 0
    for view, deal in play_page_deals(text, range(3), hints=False):
        shown = {k: v for k, v in view.items() if k not in ("history", "record", "watched")}
        leaked = named_cards(shown) & gathered(deal) - told_before_the_play(view)
        assert not leaked, (deal.phase, leaked)
        assert named_cards(tricks_told(view["log"])) == on_table(deal) or deal.is_over
        assert named_cards(view["trick"]) == on_table(deal)
        assert view["last_trick"] == []
        tricks = [e for e in view["log"] if e["kind"] == "trick"]
        assert len(tricks) == sum(deal.tricks)
        assert all(e["hidden"] and e["points"] is not None and e["seat"] is not None for e in tricks)
        plays = [e for e in view["log"] if e["kind"] == "play"]
        assert sum(1 for e in plays if e.get("hidden")) == len(gathered(deal)) or deal.is_over
        # watched: cards of gathered tricks played from seat 0's last action on, in order
        mine = max((i for i, (s, _) in enumerate(deal.history) if s == 0), default=-1)
        since = [str(a.card) for i, (_, a) in enumerate(deal.history) if isinstance(a, Play) and i >= mine]
        assert [w["card"] for w in view["watched"]] == [c for c in since if c in gathered(deal)]
        views += 1
    assert views > 20


def test_seat_0_watched_the_trick_it_led_before_it_was_gathered():
    """Seat 0 leads and the others complete the trick in one step: the view's log hides it, and
    ``watched`` holds exactly those cards, seat 0's own first, for the page to show them played."""
    text = "three-player+no_look_back"
    for seed in range(40):
        for view, deal in play_page_deals(text, [seed], hints=False):
            if deal.phase == "play" and deal.to_move == 0 and not deal.trick and sum(deal.tricks) == 0:
                lead = next(a for a in view["legal"] if len(a) == 2)
                after = game.step({"rules": text, "seed": seed, "history": view["history"], "action": lead})
                watched = after["watched"]
                assert [w["seat"] for w in watched] == [0, 1, 2] and watched[0]["card"] == lead
                assert not named_cards(after["log"]) & {w["card"] for w in watched}
                assert {"seat": 0, "kind": "play", "hidden": True} in after["log"]
                return
    pytest.fail("no deal where seat 0 leads the first trick")


def test_without_the_option_nothing_changes():
    """Off (every preset): the same deal played the same way gives the same log with every card,
    the last trick shown and nothing watched; on, the same events, only the gathered cards left out."""
    rng = random.Random(7)
    on, off = parse_rules("three-player+no_look_back"), parse_rules("three-player")
    deal = Deal.new(off, 7)
    twin = Deal.new(on, 7)
    while not deal.is_over:
        action = random_action(deal, rng)
        deal.apply(action)
        twin.apply(action)
    assert all(e.seen_by is None for e in tell(deal) if e.kind in ("play", "trick"))
    plain, hidden = public_log(deal, 0), public_log(twin, 0)
    assert len(plain) == len(hidden)
    for a, b in zip(plain, hidden):
        if b.get("hidden"):
            assert {k: v for k, v in a.items() if k != "card"} == {k: v for k, v in b.items() if k != "hidden"}
        else:
            assert a == b
    plays = sum(1 for _, a in deal.history if isinstance(a, Play))
    assert sum(1 for e in plain if e["kind"] == "play" and "card" in e) == plays == 33
    assert sum(1 for e in hidden if e["kind"] == "play" and e.get("hidden") and "card" not in e) == plays
    # a finished deal's review looks back: the piles are turned up to be counted
    assert public_log(twin, 0, look_back=True) == plain
    assert story_for(deal, 1) == [e.seen_from(1) for e in tell(deal)]


def test_the_view_without_the_option_shows_the_last_trick_and_watches_nothing():
    for view, deal in play_page_deals("three-player", range(2), hints=False):
        assert view["watched"] == []
        if deal.phase == "play" and sum(deal.tricks) and not deal.trick:
            assert len(view["last_trick"]) == 3


# -- the late redeal at the table --------------------------------------------------------------------


def four_sixes_after_the_widow(text: str) -> tuple[int, list]:
    """A seed whose deal, with seat 0 bidding the minimum and the others passing, gives seat 0 all
    four sixes once it has taken the widow; and the play page's history up to the discard."""
    rules = parse_rules(text)
    for seed in range(3000):
        request = {"rules": text, "seed": seed, "history": [[]], "computers": ["easy", "easy"]}
        view = game.step(request)
        while view["phase"] == "auction" and view["to_move"] == 0:
            bids = [a for a in view["legal"] if a.isdigit()]
            if not bids:
                break
            view = game.step({**request, "history": view["history"], "action": bids[0]})
        if view["phase"] == "discard" and view["to_move"] == 0:
            if sum(1 for c in view["hand"] if c[1] == "6") == 4:
                assert rules.redeal_four_sixes_late
                return seed, view
    pytest.fail("no seed gives seat 0 the four sixes at the discard")


def test_the_late_redeal_is_listed_at_the_discard_when_the_bidder_holds_four_sixes():
    text = "three-player+redeal_four_sixes_late"
    seed, view = four_sixes_after_the_widow(text)
    assert "redeal" in view["legal"]
    after = game.step({"rules": text, "seed": seed, "history": view["history"], "action": "redeal"})
    assert after["refused"] is None and after["redealt"] and after["phase"] == "done"
    # with late_redeal_at_raise, after a discard keeping the sixes, at the raise too
    text = "three-player+redeal_four_sixes_late+late_redeal_at_raise"
    seed, view = four_sixes_after_the_widow(text)
    keep = next(a for a in view["legal"] if a.startswith("discard:") and "6" not in a[8:].replace(".", "")[1::2])
    raising = game.step({"rules": text, "seed": seed, "history": view["history"], "action": keep})
    assert raising["phase"] == "raise" and raising["to_move"] == 0 and "redeal" in raising["legal"]
    # without the house rule the same deal offers no redeal there
    text = "three-player+redeal_four_sixes_late"
    seed, view = four_sixes_after_the_widow(text)
    plain = game.step({"rules": "three-player", "seed": seed, "history": view["history"]})
    assert plain["phase"] == "discard" and "redeal" not in plain["legal"]


def test_a_finished_deals_review_turns_the_piles_up():
    """The review of a finished deal shows every hand; its story (the replay's) names every card
    played, as after the deal the piles are turned up to be counted."""
    from engine.coach.review import Review
    from engine.core.notation import format_record

    rules = parse_rules("three-player+no_look_back")
    deal = Deal.new(rules, 3)
    rng = random.Random(3)
    while not deal.is_over:
        deal.apply(random_action(deal, rng))
    log = Review(format_record(deal), 0).result(partial=True)["log"]
    played = [e["card"] for e in log if e["kind"] == "play"]
    assert played == [str(a.card) for _, a in deal.history if isinstance(a, Play)]
    assert not any(e.get("hidden") for e in log)
    assert all(e.get("hidden") for e in public_log(deal, 0) if e["kind"] in ("play", "trick"))
