"""Computer players: ``PLAYERS``, the player types by the names the play page, the arena and the
CLI use (``easy``: rules of thumb, ``engine.players.easy``; ``normal``: choices tried on made-up
deals, ``engine.players.normal``; ``expert``: the normal player thinking harder,
``engine.players.expert``), weakest first, and ``random_action``, a random legal action (for tests, the
benchmark and ``python -m engine play``), whose auction passes often so that deals look like real
ones. ``arena`` plays the types against each other."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from ..core.actions import Action, Bid, Discard, Give, Hold, Pass, Raise, Return
from ..core.deal import Deal
from .easy import computer_action

_CARD_ACTIONS: dict[str, type[Discard] | type[Give] | type[Return]] = {
    "discard": Discard,
    "give": Give,
    "return": Return,
}


def random_action(deal: Deal, rng: random.Random) -> Action:
    phase = deal.phase
    seat = cast(int, deal.to_move)  # asked only while the deal is not over
    if phase in _CARD_ACTIONS:
        size = deal.rules.widow_size if phase == "discard" else deal.rules.exchange_size
        kind = _CARD_ACTIONS[phase]
        for _ in range(20):
            action = kind(tuple(rng.sample(deal.hands[seat], size)))
            if deal.why_illegal(action) is None:
                return action
        return rng.choice(deal.legal_actions())
    if phase == "auction":
        if deal.can(Pass()) and rng.random() < 0.6:
            return Pass()
        step = deal.rules.bid_step
        base = deal.rules.min_bid if deal.high_bid is None else deal.high_bid + step
        for extra in (rng.choice((0, 0, 1, 2)) * step, 0):
            bid = Bid(base + extra)
            if deal.why_illegal(bid) is None:
                return bid
        return rng.choice(deal.legal_actions())
    if phase == "raise":
        if rng.random() < 0.7:
            return Hold()
        raise_to = Raise(cast(int, deal.contract) + deal.rules.bid_step * rng.choice((1, 1, 2)))
        return raise_to if deal.why_illegal(raise_to) is None else Hold()
    return rng.choice(deal.legal_actions())


def play_out(deal: Deal, rng: random.Random) -> Deal:
    """Play a deal to its end with random legal actions; returns the deal."""
    while not deal.is_over:
        deal.apply(random_action(deal, rng))
    return deal


def normal_action(deal: Deal, rng: random.Random) -> Action:
    """The "normal" player (``engine.players.normal``): guesses the hidden cards and tries its choices."""
    from .normal import normal_action as act

    return act(deal, rng)


def expert_action(deal: Deal, rng: random.Random) -> Action:
    """The "expert" player (``engine.players.expert``): the normal player thinking harder."""
    from .expert import expert_action as act

    return act(deal, rng)


# The computer player types, by the names the play page, the arena and the CLI use.
PLAYERS: dict[str, Callable[[Deal, random.Random], Action]] = {
    "easy": computer_action,
    "normal": normal_action,
    "expert": expert_action,
}
