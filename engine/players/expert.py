"""The "expert" computer player: the normal player (``engine.players.normal``) thinking harder.

It chooses as the normal player does, from what its seat has seen, and thinks harder: with
three hands or fewer it scores the cards with the perfect-information solver from more tricks
left, with four hands on more made-up deals:

* three players or two (``DEEP``): the solver scores every card choice from 7 tricks left
  (the normal player's from 5), on 16 made-up deals, with at most 250,000 of its nodes for one
  decision (past them the deals solved so far decide; the slowest decisions measured took 1.9 s
  in CPython and 2.9 to 4.0 s in Pyodide); everything else as the normal player;
* four players (``WIDE``): 128 made-up deals per card choice played out (32), the solver from
  5 tricks left on 16 and from 4 on 48 (16), 160 for bids and raises (40), 48 per discard or
  exchange (16) with 20 candidates tried (10).

Each was measured against the normal player in the arena before it was kept, in the
three-player game and in the FAQ pairs game (docs/coach.md, "The expert player"); the other
presets take the same settings by their number of hands, unmeasured.
"""

from __future__ import annotations

import random

from ..core.actions import Action
from ..core.deal import Deal
from ..core.rules import RuleSet
from .normal import Decision, Strength, decide

DEEP = Strength(solver=((7, 16),), solver_nodes=250_000)
WIDE = Strength(solver=((4, 48), (5, 16)), play_samples=128, bid_samples=160, exchange_samples=48, candidates=20)


def strength(rules: RuleSet) -> Strength:
    """The expert's strength in a game of ``rules``: deeper with three hands or fewer, wider
    with four (the solver's search grows quickly with the fourth hand)."""
    return DEEP if rules.players <= 3 else WIDE


def expert_decide(deal: Deal, rng: random.Random) -> Decision:
    """The expert's decision for the seat to move, every choice it compared with its figures
    (``normal.decide`` with the expert's strength)."""
    return decide(deal, rng, strength=strength(deal.rules))


def expert_action(deal: Deal, rng: random.Random) -> Action:
    """The expert player's action for the seat to move (a legal one)."""
    return expert_decide(deal, rng).action


__all__ = ["DEEP", "WIDE", "expert_action", "expert_decide", "strength"]
