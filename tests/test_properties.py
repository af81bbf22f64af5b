"""Property tests: random deals under every preset played to the end, and notation round trips."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    ALL_CARDS,
    PRESETS,
    AskFull,
    AskHalf,
    Deal,
    Declare,
    NotationError,
    Play,
    Suit,
    format_hand,
    parse_action,
    parse_cards,
    parse_hand,
    parse_position,
    parse_record,
    parse_rules,
)
from engine.messages import REASON_CODES
from engine.players import random_action
from engine.web import handle

PRESET_NAMES = sorted(PRESETS)


def check_play_invariants(deal: Deal):
    rules = deal.rules
    n = rules.players
    played = {(deal.leader + i) % n for i in range(len(deal.trick))}
    sizes = {len(deal.hands[s]) + (1 if s in played else 0) for s in range(n)}
    assert len(sizes) == 1, "hand sizes differ by more than the current trick"
    assert sizes.pop() == rules.hand_size - deal.tricks_played
    if deal.pending_question is not None:
        return
    legal = set(deal.legal_cards())
    assert legal, "no legal card while the deal runs"
    for card in ALL_CARDS:
        reason = deal.why_illegal(Play(card))
        assert (reason is None) == (card in legal), (deal.position(), str(card), reason)
        if reason is not None:
            assert reason.code in REASON_CODES
    listed = {str(a) for a in deal.legal_actions()}
    for action in [Declare(s) for s in Suit] + [AskFull()] + [AskHalf(s) for s in Suit]:
        reason = deal.why_illegal(action)
        assert (reason is None) == (str(action) in listed), (deal.position(), str(action), reason)
        if reason is not None:
            assert reason.code in REASON_CODES


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(PRESET_NAMES), seed=st.integers(0, 10**9), data=st.data())
def test_random_deal_played_to_the_end(name, seed, data):
    rules = PRESETS[name]
    deal = Deal.new(rules, seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    trump_in_trick = None
    while not deal.is_over:
        actions = deal.legal_actions() if deal.phase not in ("discard", "give", "return") else None
        if deal.phase == "play":
            check_play_invariants(deal)
            if deal.trick:
                assert deal.trump == trump_in_trick, "trump changed inside a trick"
            if data.draw(st.booleans()) and deal.pending_question is None and not deal.trick and deal.tricks_played:
                text = deal.position()
                assert parse_position(text).position() == text
        if actions is None:
            action = random_action(deal, rng)
        else:
            assert actions, f"no legal action in phase {deal.phase}"
            action = (
                actions[data.draw(st.integers(0, len(actions) - 1))]
                if deal.phase != "auction"
                else (random_action(deal, rng))
            )
        deal.apply(action)
        if deal.phase == "play":
            trump_in_trick = deal.trump
    suits = [d.suit for d in deal.declarations]
    assert len(suits) == len(set(suits)), "a suit was declared twice"
    replay = parse_record(deal.record())
    assert replay.record() == deal.record()
    if deal.redealt:
        return
    assert sum(len(p) for p in deal.piles) == 36
    assert all(not h for h in deal.hands)
    score = deal.score()
    assert sum(s.card_points for s in score.sides) == 4 * sum(rules.points)
    assert sum(s.last_trick for s in score.sides) == rules.last_trick_bonus
    bonuses = sum(rules.bonus[d.suit] for d in deal.declarations)
    assert sum(s.total for s in score.sides) == rules.pack_points + bonuses
    assert replay.score().to_dict() == score.to_dict()


@given(st.sets(st.sampled_from(ALL_CARDS)))
def test_hand_notation_round_trips(cards):
    text = format_hand(cards)
    assert set(parse_hand(text)) == set(cards)
    assert format_hand(parse_hand(text)) == text


@given(st.lists(st.sampled_from(ALL_CARDS), unique=True))
def test_card_list_round_trips(cards):
    text = "-".join(map(str, cards))
    assert parse_cards(text) == cards


@given(st.sampled_from(PRESET_NAMES), st.data())
def test_rules_notation_round_trips(name, data):
    flags = data.draw(st.sets(st.sampled_from(["strong_drive", "must_overtrump", "ace_must_show", "rounding"])))
    text = name + "".join("+" + f for f in sorted(flags))
    parsed = parse_rules(text)
    assert parse_rules(str(parsed)) == parsed


VALID = "rules:three-player/hands:A..A.,K..K.,.J..Q9/lead:0/trick:H8-HJ"
ALPHABET = "rules:three-playerfaqhands/lead:trick,.-SCDHAKQJT9876102+=decl:bid"


def _parse_any(text):
    for parse in (parse_position, parse_record, parse_action, parse_rules, parse_hand, parse_cards):
        try:
            parse(text)
        except NotationError:
            pass  # the documented error; any other exception fails the test


@given(st.text(alphabet=ALPHABET, max_size=80))
def test_malformed_text_gives_the_documented_error(text):
    _parse_any(text)


@given(st.integers(0, len(VALID) - 1), st.text(alphabet=ALPHABET, max_size=6), st.integers(0, 6))
def test_mutated_positions_give_the_documented_error(at, insert, cut):
    _parse_any(VALID[:at] + insert + VALID[at + cut :])


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    )
)
def test_web_handle_never_raises(value):
    for request in (value, {"op": "legal", "position": value}, {"op": "score", "record": value}):
        answer = json.loads(handle(json.dumps(request)))
        assert answer["ok"] in (True, False)


def test_web_position_fields_and_size_limit():
    from engine.web import position_fields

    out = position_fields("rules:three-player/hands:.J..7,K.A..,..9./lead:2/trick:H8")
    assert out["fields"]["hands"] == [".J..7", "K.A..", "..9."] and out["fields"]["trick"] == "H8"
    answer = json.loads(handle(json.dumps({"op": "legal", "position": "rules:faq/" + "x" * 5000})))
    assert not answer["ok"] and "too long" in answer["error"]["message"]
