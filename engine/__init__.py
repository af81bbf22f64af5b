"""Huutopussi rules engine: pure Python, standard library only (CPython ≥ 3.12 and Pyodide).

Where each rule lives:

* ``cards``    suits, ranks, cards, hands and their notation
* ``rules``    the rule-set options and the named presets, each with its source
* ``play``     legal cards, the reason a card is illegal, the trick winner
* ``actions``  the actions of a deal and their notation
* ``deal``     the state machine of one deal (auction, widow/exchange, raise, tricks, declarations)
* ``scoring``  the score breakdown of a deal
* ``match``    a match to 500 with each source's tie rules
* ``notation`` positions and records as text
* ``solver``   perfect-information search
* ``game``     the simple ("easy") computer player and the stateless game step of the play page
* ``observe``  what one seat has seen, and made-up deals that agree with it
* ``normal``   the "normal" computer player (and the hints): choices tried on made-up deals
* ``review``   the deal review: every decision of a seat scored with all hands known
* ``arena``    computer players against each other on duplicate deals
* ``web``      the JSON entry point for the browser worker and the site build
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
from .core.deal import Deal, Declaration
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
