"""Cross-check the engine's legal cards and trick winners against the independent oracle on
random positions from random deals under every preset and every card-play house rule."""

import random

import oracle
import pytest

from engine import PRESETS, Card, Deal, Play, format_position
from engine.core.cards import ALL_CARDS, Suit
from engine.core.play import beaters, tables, winning_index
from engine.players import random_action

HOUSE_RULES = {
    "faq-pairs+must_overtrump": {"must_overtrump": True},
    "three-player+overtake_against_winner": {"overtake_against_winner": True},
    "wikibooks+ace_must_show+first_lead=ace_then_spade": {"ace_must_show": True, "first_lead": "ace_then_spade"},
    "ukrainian+must_overtake+must_overtrump": {"must_overtake": True, "must_overtrump": True},
    # ten-card hands; and the ace/spade lead of a deal without a contract (German all-pass)
    "three-player+six_card_widow+ace_must_show": {"six_card_widow": True, "ace_must_show": True},
    "german+first_lead=ace_then_spade": {"first_lead": "ace_then_spade"},
    # the question house rules change which trumps come about, never the card-play duties
    "faq-pairs+half_question_bluff+full_question_lockout": {"half_question_bluff": True, "full_question_lockout": True},
}
RULE_SETS = {name: rules for name, rules in PRESETS.items()}
RULE_SETS.update({name: PRESETS[name.split("+")[0]].replace(**opts) for name, opts in HOUSE_RULES.items()})


def positions(rules, count, seed):
    """Random play positions (and finished tricks) from random deals; declarations favoured."""
    rng = random.Random(seed)
    made = 0
    deal_seed = seed * 100_000
    while made < count:
        deal = Deal.new(rules, deal_seed, dealer=deal_seed % rules.players)
        deal_seed += 1
        while not deal.is_over and made < count:
            if deal.phase == "play" and deal.pending_question is None:
                made += 1
                yield deal
                declarations = [a for a in deal.legal_actions() if not isinstance(a, Play)]
                if declarations and rng.random() < 0.7:
                    deal.apply(rng.choice(declarations))
                    continue
            deal.apply(random_action(deal, rng))


def check(rules, count, seed):
    options = rules.options()
    tricks_checked = 0
    for deal in positions(rules, count, seed):
        hand = [str(c) for c in deal.hands[deal.to_move]]
        trick = [str(c) for c in deal.trick]
        trump = str(deal.trump) if deal.trump is not None else None
        expected = oracle.legal(hand, trick, trump, deal.first_trick, options)
        got = {str(c) for c in deal.legal_cards()}
        assert got == expected, (format_position(deal), got, expected)
        for card in deal.hands[deal.to_move]:
            reason = deal.why_illegal(Play(card))
            assert (reason is None) == (str(card) in expected), (format_position(deal), str(card), reason)
        if len(trick) == rules.players - 1:
            full = trick + [sorted(expected)[0]]
            engine_winner = winning_index(rules, [Card.parse(c) for c in full], deal.trump)
            assert engine_winner == oracle.trick_winner(full, trump, options), (full, trump)
            tricks_checked += 1
    assert tricks_checked > count // (rules.players * 3)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_engine_matches_oracle(name):
    check(RULE_SETS[name], 20_000, seed=1)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_the_cards_that_beat_a_card_match_the_oracle(name):
    # beaters(): which cards take over the top of a trick from a card (the solver's question)
    rules = RULE_SETS[name]
    options, t = rules.options(), tables(rules)
    for trump in [None, *Suit]:
        trump_text = None if trump is None else str(trump)
        for top in ALL_CARDS:
            mask = beaters(t, top.index, -1 if trump is None else int(trump))
            for card in ALL_CARDS:
                if card != top:
                    takes_over = oracle.trick_winner([str(top), str(card)], trump_text, options) == 1
                    assert bool(mask >> card.index & 1) == takes_over, (str(top), str(card), trump)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_engine_matches_oracle_long(name):
    check(RULE_SETS[name], 300_000, seed=2)
