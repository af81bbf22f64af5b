"""No seat ever sees a card it could not see at a real table: nothing of another hand, of a
secret widow (house rule ``secret_widow``), of another seat's discard or of an exchange it took
no part in appears in its observation (``observe``, what the computer players and the hints
read), in the story of the deal it is told (``game.public_log``), in the play page's view of
it or in a hint, under every rule set.

What a seat may know is worked out here from the deal itself, not from ``observe``: its own
cards, every card played, the widow once shown to it, its own discard, and the cards of an
exchange it gave or received. Every card named anywhere in what it is told must be among them.
The view's ``history`` (the replay token the browser sends back, like the seed) and the record
of a finished deal are not part of what the page shows during a deal and are left out.
"""

import json
import random
import re

import pytest

from engine import PRESETS, Deal, Discard, Give, Pass, Play, Redeal, Return, parse_action, parse_rules
from engine.coach import game as game_module
from engine.coach.game import public_log
from engine.players import random_action
from engine.search.observe import observe

CARD = re.compile(r"(?<![A-Za-z0-9])([SCDH][AKQJT9876])(?![A-Za-z0-9])")
WIDOW_PRESETS = [name for name, rules in PRESETS.items() if rules.widow_size]
RULE_TEXTS = sorted(PRESETS) + [
    *(f"{name}+secret_widow" for name in WIDOW_PRESETS),
    "three-player+secret_widow+six_card_widow",
    "wikibooks-2p+secret_widow+six_card_widow+no_discard_aces_tens",
    "three-player+secret_widow+forced_opening=off+all_pass_no_contract",
    "three-player+forced_opening=off+all_pass_no_contract+no_contract_widow_shown",
    "wikibooks-4p+forced_opening=off+all_pass_no_contract+no_contract_widow_shown+six_card_widow=off",
    "faq-pairs+half_questions_repeat",
    "three-player+widow_shown_at_first_trick",
    "wikibooks-2p+dead_hand+widow_shown_at_first_trick+six_card_widow+secret_widow",
    "faq-pairs+half_questions_repeat+half_lock_asker",
    "three-player+no_look_back+widow_shown_at_first_trick",
    "faq-pairs+no_look_back+redeal_four_sixes_late+late_redeal_by_pair",
    "faq-pairs+redeal_four_sixes_late+late_redeal_by_pair+late_redeal_at_raise",
    "three-player+redeal_four_sixes_late+late_redeal_at_raise",
    "faq-pairs+exchange_size=4",
    "ukrainian+raise_between_exchange=off",
    "wikibooks-pairs+half_question_bluff+half_question_with_pair",
    # the dead hand: nobody ever sees it (it is in no seat's may_know)
    "wikibooks-2p+dead_hand",
    "wikibooks-2p+dead_hand+sweep_counts_dead_hand+discard_needs_trick",
    "wikibooks-2p+dead_hand+secret_widow+six_card_widow",
    "wikibooks-2p+dead_hand+forced_opening=off+all_pass_no_contract+no_contract_widow_shown",
]


def may_know(deal: Deal, seat: int) -> set[str]:
    """Every card ``seat`` has seen so far in ``deal``."""
    rules = deal.rules
    seen = set(deal.initial_hands[seat]) | set(deal.hands[seat])
    secret = rules.secret_widow and seat != deal.bidder
    if rules.widow_shown_at_first_trick:  # turned face up for everybody when the first trick begins
        secret = seat != deal.bidder and deal.phase not in ("play", "done")
    if rules.widow_size and deal.bidder is not None and not secret:
        seen |= set(deal.initial_widow)
    if rules.no_contract_widow_shown and deal.bidder is None and deal.phase in ("play", "done"):
        seen |= set(deal.initial_widow)  # turned face up at the first trick
    partner = rules.partner_of(deal.bidder) if deal.bidder is not None and rules.partnership else None
    for mover, action in deal.history:
        if isinstance(action, Play):
            seen.add(action.card)
        elif isinstance(action, Discard) and mover == seat:
            seen |= set(action.cards)
        elif isinstance(action, (Give, Return)):
            receiver = deal.bidder if isinstance(action, Give) else partner
            if seat in (mover, receiver):
                seen |= set(action.cards)
    return {str(c) for c in seen}


def named_cards(value) -> set[str]:
    return set(CARD.findall(json.dumps(value, default=str)))


def observation_cards(obs) -> set[str]:
    cards = set(obs.hand) | set(obs.widow) | set(obs.discard) | set(obs.given or ()) | set(obs.returned or ())
    for _, action in obs.pre_play + obs.plays:
        if action is not None:
            cards |= set(getattr(action, "cards", ())) | ({action.card} if isinstance(action, Play) else set())
    return {str(c) for c in cards}


def check_every_seat(deal: Deal):
    for seat in range(deal.rules.players):
        known = may_know(deal, seat)
        obs = observe(deal, seat)
        leaked = observation_cards(obs) - known
        assert not leaked, (format(deal.rules), seat, deal.phase, "observation", leaked)
        story = public_log(deal, seat)
        leaked = named_cards(story) - known
        assert not leaked, (format(deal.rules), seat, deal.phase, "story", leaked)


@pytest.mark.parametrize("text", RULE_TEXTS)
def test_no_seat_is_shown_a_card_it_has_not_seen(text):
    rules = parse_rules(text)
    for seed in range(4):
        deal = Deal.new(rules, seed, dealer=seed % rules.players)
        rng = random.Random(seed)
        while not deal.is_over:
            check_every_seat(deal)
            deal.apply(random_action(deal, rng))


@pytest.mark.parametrize("text", [f"{name}+secret_widow" for name in WIDOW_PRESETS])
def test_a_secret_widow_is_seen_by_the_bidder_alone(text):
    rules = parse_rules(text)
    checked = 0
    for seed in range(30):
        deal = Deal.new(rules, seed, dealer=seed % rules.players)
        rng = random.Random(seed)
        while deal.phase == "auction":
            deal.apply(random_action(deal, rng))
        if deal.bidder is None:
            continue
        widow = {str(c) for c in deal.initial_widow}
        for seat in range(rules.players):
            obs = observe(deal, seat)
            story = public_log(deal, seat)
            if seat == deal.bidder:
                assert {str(c) for c in obs.widow} == widow and widow <= named_cards(story)
            else:
                assert obs.widow == () and not widow & named_cards(story)
                assert {"kind": "widow_secret", "seat": deal.bidder, "count": len(widow)} in story
        checked += 1
    assert checked >= 10


def play_page_deals(text: str, seeds, hints: bool):
    """Seat 0 through the play page's steps (``game.step``), taking random legal actions, passing
    in the auction more often than not so that the computers get the contract too; yields each
    view with the deal it shows."""
    for seed in seeds:
        rng = random.Random(seed)
        request = {"rules": text, "seed": seed, "history": [[]], "computers": ["normal"] + ["easy"] * 3}
        request["computers"] = request["computers"][: parse_rules(text).players - 1]
        view = game_module.step(request)
        while True:
            match = game_module._replay(parse_rules(text), seed, view["history"])
            yield view, match.deal
            if view["phase"] == "done" or not view["legal"]:
                break
            if hints and rng.random() < 0.15:
                yield game_module.hint({**request, "history": view["history"]}), match.deal
            legal = view["legal"]
            action = "p" if "p" in legal and rng.random() < 0.8 else rng.choice(legal)
            view = game_module.step({**request, "history": view["history"], "action": action})


@pytest.mark.parametrize(
    "text", ["three-player+secret_widow", "wikibooks-4p+secret_widow", "faq-pairs", "german", "wikibooks-2p+dead_hand"]
)
def test_the_play_page_and_its_hints_show_seat_0_only_what_it_has_seen(text):
    views = 0
    for view, deal in play_page_deals(text, range(3), hints=True):
        if deal.is_over:
            continue
        shown = {key: value for key, value in view.items() if key not in ("history", "record")}
        leaked = named_cards(shown) - may_know(deal, 0)
        assert not leaked, (text, deal.phase, leaked, shown)
        views += 1
    assert views > 10


def test_the_normal_player_does_not_read_a_secret_widow():
    """The computer players' guesses put the widow's cards anywhere they could be, not where
    they are: a seat that did not see the widow finds no widow in its observation."""
    rules = parse_rules("three-player+secret_widow")
    for seed in range(20):
        deal = Deal.new(rules, seed)
        rng = random.Random(seed)
        while deal.phase == "auction":
            deal.apply(random_action(deal, rng))
        if deal.bidder is None:
            continue
        other = (deal.bidder + 1) % 3
        obs = observe(deal, other)
        assert obs.widow == ()
        assert set(deal.initial_widow) <= set(obs.unseen())


def test_the_dead_hand_is_never_named_not_even_after_the_deal():
    """House rule dead_hand: the dead hand is never turned up, so no view names its cards, not even
    a finished deal's (whose record gives the hands and the widow as dealt, not the dead hand)."""
    views = 0
    for view, deal in play_page_deals("wikibooks-2p+dead_hand", range(4), hints=True):
        dead = {str(c) for c in deal.dead}
        assert len(dead) == 11
        leaked = named_cards({key: value for key, value in view.items() if key != "history"}) & dead
        assert not leaked, (deal.phase, leaked)
        views += 1
    assert views > 10


# -- deals a seat cannot tell apart ---------------------------------------------------------------
# Every house rule whose conditions read a hand (redeals, the floor, the widow shown or not, the
# dead hand), under the presets where it means something: what seat 0 is shown at its first turn
# to bid must not depend on any card it has not seen.
TWIN_RULE_TEXTS = [
    *(f"{name}+redeal_four_sixes" for name, rules in PRESETS.items() if rules.partnership),
    "faq-pairs+redeal_four_sixes+redeal_no_high_cards",
    "wikibooks-pairs+redeal_four_sixes+redeal_four_sixes_late",
    "three-player+redeal_four_sixes",
    "wikibooks-4p+redeal_no_high_cards",
    "faq+redeal_no_high_cards+redeal_four_sixes",
    "wikibooks-2p+dead_hand+redeal_four_sixes",
    "three-player+secret_widow+six_card_widow",
]


def _twins(rules, seed: int) -> tuple[Deal, Deal]:
    """A deal and its twin: seat 0's hand the same, every card seat 0 has not seen (the other
    hands, the widow, the dead hand) dealt again at random. In a partnership game, the twin puts
    as many sixes as it can in the partner's hand if the deal did not, and takes them out if it
    did (the case the four-sixes rule turns on)."""
    deal = Deal.new(rules, seed, dealer=seed % rules.players)
    unseen = [c for h in deal.initial_hands[1:] for c in h] + list(deal.initial_widow) + list(deal.dead)
    rng = random.Random(seed)
    rng.shuffle(unseen)
    partner = rules.partner_of(0)
    if partner is not None:
        sixes = [c for c in unseen if c.rank.name == "SIX"]
        others = [c for c in unseen if c.rank.name != "SIX"]
        size = len(deal.initial_hands[partner])
        had = sum(1 for c in deal.initial_hands[partner] if c.rank.name == "SIX")
        if had == len(sixes):  # the partner held the rest: put them elsewhere
            unseen = others[:size] + sixes + others[size:]
        else:  # they were elsewhere: give them to the partner
            unseen = sixes + others
        order = [partner] + [s for s in range(1, rules.players) if s != partner]
    else:
        order = list(range(1, rules.players))
    hands = [list(deal.initial_hands[0])] + [[] for _ in range(1, rules.players)]
    at = 0
    for seat in order:
        size = len(deal.initial_hands[seat])
        hands[seat] = unseen[at : at + size]
        at += size
    widow = unseen[at : at + len(deal.initial_widow)]
    dead = unseen[at + len(deal.initial_widow) :]
    twin = Deal(rules, hands, widow, deal.dealer, dead=dead)
    return deal, twin


def _seat0_shown(deal: Deal) -> dict:
    """Everything seat 0 is shown at this moment: its observation, the story, the play page's
    view (buttons included), the reason and the words for every action it might try, its hint."""
    from engine.core.match import Match
    from engine.players.normal import decide, hint_rng

    match = Match(deal.rules, seed=0, first_dealer=deal.dealer)
    match.deal = deal
    view = game_module._view(match, [[str(a) for _, a in deal.history]])
    view = {key: value for key, value in view.items() if key not in ("history", "record")}
    tried = {}
    for text in ["redeal", "p", *(str(b) for b in range(deal.rules.min_bid, deal.rules.min_bid + 30, 5))]:
        reason = deal.why_illegal(parse_action(text))
        tried[text] = None if reason is None else (reason.code, reason.args, str(reason))
    obs = observe(deal, 0)
    return {
        "observation": (obs.hand, obs.widow, obs.auction, obs.phase),
        "view": view,
        "tried": tried,
        "hint": decide(deal, hint_rng(deal, 0), 0).to_dict(),
    }


@pytest.mark.parametrize("text", TWIN_RULE_TEXTS)
def test_deals_seat_0_cannot_tell_apart_show_it_the_same_things(text):
    """Pairs of deals seat 0 cannot tell apart give it the same views, hints, words and buttons
    at its first turn to bid (the others before it pass where they may, in both the same)."""
    rules = parse_rules(text)
    compared = 0
    for seed in range(6):
        deal, twin = _twins(rules, seed)
        while not deal.is_over and deal.to_move != 0:
            action = Pass() if deal.can(Pass()) and twin.can(Pass()) else deal.legal_actions()[0]
            if not twin.can(action):
                break
            deal.apply(action)
            twin.apply(action)
        if deal.is_over or twin.is_over or deal.to_move != 0 or twin.to_move != 0:
            continue
        assert _seat0_shown(deal) == _seat0_shown(twin), (text, seed)
        compared += 1
    assert compared >= 3


@pytest.mark.parametrize("preset", [name for name, rules in PRESETS.items() if rules.partnership])
def test_the_pairs_four_sixes_demand_is_open_to_any_six_and_decided_by_the_partners_sixes(preset):
    """redeal_four_sixes in a partnership game: a seat with a six may ask (it cannot see its
    partner's sixes); the cards are redealt only if the partner holds the rest, and otherwise
    the demand fails for everybody to hear and the seat bids or passes as before."""
    rules = parse_rules(f"{preset}+redeal_four_sixes")
    outcomes = []
    for seed in range(12):
        for deal in _twins(rules, seed * 4 + 3):  # dealer 3: seat 0 bids first
            assert deal.to_move == 0
            own = sum(1 for c in deal.hands[0] if c.rank.name == "SIX")
            pair = own + sum(1 for c in deal.hands[2] if c.rank.name == "SIX")
            if own == 0:
                reason = deal.why_illegal(Redeal())
                assert reason is not None and reason.code in ("no_four_sixes", "redeal_not_eligible")
                assert reason.args.get("count", 0) == 0  # its own sixes, never the pair's
                continue
            assert Redeal() in deal.legal_actions()
            deal.apply(Redeal())
            outcomes.append(deal.redealt)
            holds = pair == 4 or (rules.three_sixes_redeal and own >= 3)
            assert deal.redealt == holds
            assert public_log(deal, 0)[0]["kind"] == ("redeal" if holds else "redeal_failed")
            if not holds:
                assert deal.phase == "auction" and deal.to_move == 0
                assert Redeal() not in deal.legal_actions() and deal.legal_actions()
                assert deal.why_illegal(Redeal()).code == "redeal_first_turn"
    assert True in outcomes and False in outcomes
