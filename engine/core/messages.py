"""Plain English sentences for reason codes, for the command line.

The site has its own Finnish and English catalogs (``site/messages/``); a test keeps every
catalog covering every code in ``REASON_CODES``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

# A reason's parameters by name (``play.Reason.args``): notation strings, numbers, flags or tuples
# of them (Any: the value's type depends on the key and the code)
ReasonArgs = dict[str, Any]


class Coded(Protocol):
    """What ``explain`` reads of a reason (``play.Reason``; a protocol, so that this module, which
    play imports, imports nothing back)."""

    @property
    def code(self) -> str: ...
    @property
    def args(self) -> ReasonArgs: ...


SUIT_NAMES = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}
RANK_NAMES = {
    "A": "ace",
    "T": "ten",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
}


def card_name(card: str) -> str:
    return f"{RANK_NAMES[card[1]]} of {SUIT_NAMES[card[0]]}"


def _suit(p: ReasonArgs) -> str:
    return SUIT_NAMES[p["suit"]]


REASON_CODES: dict[str, Callable[[ReasonArgs], str]] = {
    # card play
    "not_in_hand": lambda p: f"The {card_name(p['card'])} is not in your hand.",
    "not_your_turn": lambda p: f"It is seat {p['to_move']}'s turn, not seat {p['seat']}'s.",
    "must_lead_ace": lambda p: "The first lead of the deal must be an ace when the leader holds one.",
    "must_lead_spade": lambda p: "The first lead of the deal must be a spade when the leader holds no ace but a spade.",
    "must_follow_suit": lambda p: (
        f"You must follow suit: play {_suit(p)}"
        + (f" and beat the {card_name(p['beat'])}." if "beat" in p else ".")
        + (f" In the first trick the {card_name(p['card'])} must be played." if "card" in p else "")
    ),
    "must_overtake": lambda p: f"You must overtake: play a {_suit(p)[:-1]} higher than the {card_name(p['beat'])}.",
    "ace_must_show": lambda p: f"In the first trick the ace must show: play the {card_name(p['card'])}.",
    "must_trump": lambda p: (
        f"You have no card of the led suit, so you must play a trump ({_suit(p)})"
        + (f" higher than the {card_name(p['beat'])}." if "beat" in p else ".")
    ),
    "must_overtrump": lambda p: f"You must over-trump: play a trump higher than the {card_name(p['beat'])}.",
    # why a card does not win its trick (a trick-winner puzzle's wrong answer)
    "off_suit": lambda p: (
        f"The {card_name(p['card'])} is neither of the led suit ({SUIT_NAMES[p['led']]}) nor a trump: "
        f"the {card_name(p['winner'])} wins."
    ),
    "beaten_by_trump": lambda p: f"A trump beats the led suit: the {card_name(p['winner'])} wins.",
    "lower_trump": lambda p: f"The highest trump wins: the {card_name(p['winner'])} beats the {card_name(p['card'])}.",
    "lower_than": lambda p: (
        f"The {card_name(p['winner'])} is a higher card of the led suit than the {card_name(p['card'])}."
    ),
    # why a player did not win the auction (an auction puzzle's wrong answer)
    "passed_first": lambda p: f"Player {p['player']} passed; player {p['bidder']} made the last bid, {p['bid']}.",
    "passed": lambda p: (
        f"Player {p['player']} passed at {p['over']}; player {p['bidder']} made the last bid, {p['bid']}."
    ),
    "passed_after_bidding": lambda p: (
        f"Player {p['player']} bid {p['own']}, then passed; player {p['bidder']} made the last bid, {p['bid']}."
    ),
    "outbid": lambda p: f"Player {p['player']} was outbid; player {p['bidder']} made the last bid, {p['bid']}.",
    # phase and turn
    "wrong_phase": lambda p: f"That action is not possible now: the deal is in the {p['phase']} phase.",
    "deal_over": lambda p: "The deal is over.",
    # bidding
    "bid_below_minimum": lambda p: f"The opening bid must be at least {p['minimum']}.",
    "bid_not_multiple": lambda p: f"Bids go in steps of {p['step']}.",
    "bid_not_higher": lambda p: f"A bid must be higher than {p['current']}.",
    "bid_above_maximum": lambda p: f"The highest allowed bid is {p['maximum']}.",
    "must_open": lambda p: f"The first player to bid must open the bidding with at least {p['minimum']}.",
    "opening_must_be_minimum": lambda p: f"The opening bid is always the minimum, {p['minimum']}.",
    "last_must_open": lambda p: f"Everybody else has passed, so you must open with at least {p['minimum']}.",
    "partner_holds_bid": lambda p: "You may not outbid your own partner.",
    "below_floor": lambda p: f"A side at {p['floor']} or below may only make the opening {p['minimum']} bid.",
    "no_three_sixes": lambda p: "Only a player with three sixes may demand a redeal, at their first bid.",
    "no_redeal": lambda p: "These rules have no redeal.",
    "redeal_first_turn": lambda p: "A redeal can be demanded only at your first turn to bid.",
    "redeal_high_card": lambda p: f"You hold the {card_name(p['card'])}, a card above the jack: no redeal.",
    "redeal_asked": lambda p: "You have already demanded a redeal in this deal.",
    "no_four_sixes": lambda p: f"A redeal needs all four sixes; you hold {p['count']}.",
    "redeal_not_eligible": lambda p: "Your hand meets none of these rules' conditions for a redeal.",
    # widow, exchange, raise
    "wrong_card_count": lambda p: f"Choose exactly {p['count']} cards.",
    "no_aces_or_tens": lambda p: f"Aces and tens may not be discarded ({card_name(p['card'])}).",
    "raise_not_higher": lambda p: f"A raise must be higher than the contract {p['current']}.",
    "raise_not_multiple": lambda p: f"Raises go in steps of {p['step']}.",
    "raise_above_maximum": lambda p: f"The highest allowed bid is {p['maximum']}.",
    # declarations and partner questions
    "not_after_won_trick": lambda p: "Trump can be declared only by the winner of the previous trick, before leading.",
    "strong_drive": lambda p: "With 'strong drive' only a player who led and won the previous trick may declare.",
    "declaration_used": lambda p: (
        "Only one declaration or partner question is allowed after a won trick."
        if p.get("questions")
        else "Only one declaration is allowed after a won trick."
    ),
    "suit_already_declared": lambda p: f"{_suit(p).capitalize()} have already been declared in this deal.",
    "needs_king_and_queen": lambda p: (
        f"Declaring {_suit(p)} needs both the king and the queen of {_suit(p)} in your hand."
    ),
    "pair_broken": lambda p: "After your partner's half question your own pairs can no longer be declared.",
    "no_partner": lambda p: "Partner questions belong to the pairs game.",
    "questions_over": lambda p: "Your pair asked for a half, so no more partner questions this deal.",
    "needs_one_half": lambda p: f"To ask for a half of {_suit(p)} you must hold exactly one of its king and queen.",
    "needs_king_or_queen": lambda p: f"To ask for a half of {_suit(p)} you must hold its king or its queen.",
    "half_holds_pair": lambda p: f"You hold both the king and the queen of {_suit(p)}: declare them instead.",
    "half_already_asked": lambda p: f"Your pair has already asked for the half of {_suit(p)} in this deal.",
    "no_full_question": lambda p: "These rules have only the half question: there is no full-pair question.",
    "full_after_half": lambda p: "Your pair asked for a half, so no full-pair question this deal (halves still).",
    "full_question_barred": lambda p: "Your partner asked for a full pair, so you may no longer ask for one this deal.",
    "asked_half": lambda p: "You asked your partner for a half, so you may no longer declare your own pairs.",
    "asked_full_pair": lambda p: "You asked your partner for a full pair, so you may no longer declare your own.",
    "must_answer_truthfully": lambda p: "The partner must answer the question truthfully.",
}


# Why a side scored what it did (``SideScore.result`` and ``result_params``, see scoring.py); the
# site's catalogs have the same sentences as ``ui.bd_<code>``.
RESULT_CODES: dict[str, Callable[[dict[str, int | None]], str]] = {
    "made": lambda p: f"{p['total']} ≥ {p['contract']}: contract made",
    "exact": lambda p: f"{p['total']} = {p['contract']}: exactly enough, contract made",
    "failed": lambda p: f"{p['total']} < {p['contract']}: contract lost",
    "made_rounded": lambda p: f"{p['exact']} rounds to {p['total']} ≥ {p['contract']}: contract made",
    "failed_rounded": lambda p: f"{p['exact']} rounds to {p['total']} < {p['contract']}: contract lost",
    "no_card_points": lambda p: "no card points taken: contract lost, whatever the bonuses",
    "porvoo": lambda p: f"no tricks: Porvoo −{p['bid']}",
    "porvoo_bidder": lambda p: f"no tricks: Porvoo −{p['bid']} (the original bid) instead of the contract",
    "porvoo_double": lambda p: f"no tricks: the bidder's Porvoo, 2 × {p['basis']} = −{p['penalty']}",
    "scores": lambda p: f"scores {p['total']}",
}


def explain_result(code: str, params: dict[str, int | None]) -> str:
    return RESULT_CODES[code](params)


def explain(reason: Coded) -> str:
    template = REASON_CODES.get(reason.code)
    if template is None:
        return reason.code.replace("_", " ")
    return template(reason.args)
