"""Huutopussi rules engine: pure Python, standard library only (CPython ≥ 3.12 and Pyodide).

The engine is in layers, one folder each; a module imports only from its own layer or below, and
no modules import each other in a circle (tests/test_layers.py):

* ``core/``      the rules of the game and their text:
  ``cards`` (suits, ranks, cards, hands and their notation), ``rules`` (the rule-set options and
  the named presets, each with its source), ``actions`` (the actions of a deal and their
  notation), ``play`` (legal cards, the reason a card is illegal, the trick winner), ``declare``
  (trumps and pairs), ``deal`` (the state machine of one deal: auction, widow/exchange, raise,
  tricks, declarations), ``scoring`` (the score breakdown of a deal), ``match`` (a match to 500
  with each source's tie rules), ``notation`` (positions and records as text: the one module that
  parses and formats them), ``story`` (the story of a deal as events, with who may see each
  event's cards), ``messages``, ``seats``, ``tally`` (the score sheet of a real table)
* ``search/``    ``solver`` (perfect-information search), ``estimate`` (values sampled over the
  unseen cards), ``observe`` (what one seat has seen, and made-up deals that agree with it),
  ``hand_value`` (a rough value of a hand), ``memo`` (costly results kept by content)
* ``players/``   the computer players by name (``PLAYERS``) and a random one, ``easy`` (rules of
  thumb), ``normal`` (choices tried on made-up deals), ``expert`` (the normal player thinking
  harder), ``arena`` (players against each other on duplicate deals)
* ``puzzles/``   the puzzle kinds, one registry (docs/adding-a-puzzle-kind.md)
* ``coach/``     ``game`` (the stateless game step of the play page, the story of a deal, the
  hint), ``review`` (every decision of a seat scored with all hands known), ``drills``
* ``web``        the JSON entry point for the browser worker and the site build; ``__main__`` the CLI

The names below are the public API (``from engine import Deal, parse_position, ...``).
"""

from .core.actions import (
    Action,
    Answer,
    AskFull,
    AskHalf,
    Bid,
    Declare,
    Discard,
    Give,
    Hold,
    Pass,
    Play,
    Raise,
    Redeal,
    Return,
    parse_action,
)
from .core.cards import ALL_CARDS, Card, NotationError, Rank, Suit, format_hand, parse_cards, parse_hand
from .core.deal import Deal, Declaration, Phase
from .core.notation import PositionError, format_position, format_record, parse_position, parse_record
from .core.play import IllegalAction, Reason, legal_cards, why_card_illegal, winning_index
from .core.rules import PRESETS, RuleSet, RuleSetError, parse_rules, preset
from .core.scoring import DealScore, round_to_five, score_deal

__all__ = [
    "Action",
    "Answer",
    "AskFull",
    "AskHalf",
    "Bid",
    "Declare",
    "Discard",
    "Give",
    "Hold",
    "Pass",
    "Phase",
    "Play",
    "Raise",
    "Redeal",
    "Return",
    "parse_action",
    "ALL_CARDS",
    "Card",
    "NotationError",
    "Rank",
    "Suit",
    "format_hand",
    "parse_cards",
    "parse_hand",
    "Deal",
    "Declaration",
    "PositionError",
    "format_position",
    "format_record",
    "parse_position",
    "parse_record",
    "IllegalAction",
    "Reason",
    "legal_cards",
    "why_card_illegal",
    "winning_index",
    "PRESETS",
    "RuleSet",
    "RuleSetError",
    "parse_rules",
    "preset",
    "DealScore",
    "round_to_five",
    "score_deal",
]
