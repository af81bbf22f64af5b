"""Actions a player can take in a deal, with their text notation.

============  ===================  ==========================================
action        notation             meaning
============  ===================  ==========================================
Bid(55)       ``55``               bid 55 in the auction
Pass()        ``p``                pass ("ohi"); a passed player is out
Redeal()      ``redeal``           demand a redeal (three sixes, S3)
Discard(..)   ``discard:SA.S6.C7`` the bidder puts cards from hand into their pile
Give(..)      ``give:SA.S6.C7``    the bidder's partner passes cards to the bidder
Return(..)    ``return:SA.S6.C7``  the bidder passes cards back to the partner
Raise(60)     ``raise:60``         the bidder's one raise after widow/exchange
Hold()        ``hold``             the bidder keeps the contract
Play(DK)      ``DK``               play a card to the trick
Declare(H)    ``trump:H``          declare hearts trump with own K+Q
AskFull()     ``askfull``          ask the partner for a full pair
AskHalf(H)    ``askhalf:H``        ask the partner for the other half of hearts
Answer(H)     ``answer:H``         the partner answers a full-pair question
Answer(None)  ``answer:no``        ... having no pair to give
============  ===================  ==========================================
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, NotationError, Suit, is_number, parse_cards


@dataclass(frozen=True)
class Bid:
    amount: int

    def __str__(self) -> str:
        return str(self.amount)


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "p"


@dataclass(frozen=True)
class Redeal:
    def __str__(self) -> str:
        return "redeal"


@dataclass(frozen=True)
class Discard:
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "discard:" + ".".join(map(str, self.cards))


@dataclass(frozen=True)
class Give:
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "give:" + ".".join(map(str, self.cards))


@dataclass(frozen=True)
class Return:
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "return:" + ".".join(map(str, self.cards))


@dataclass(frozen=True)
class Raise:
    amount: int

    def __str__(self) -> str:
        return f"raise:{self.amount}"


@dataclass(frozen=True)
class Hold:
    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True)
class Play:
    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True)
class Declare:
    suit: Suit

    def __str__(self) -> str:
        return f"trump:{self.suit}"


@dataclass(frozen=True)
class AskFull:
    def __str__(self) -> str:
        return "askfull"


@dataclass(frozen=True)
class AskHalf:
    suit: Suit

    def __str__(self) -> str:
        return f"askhalf:{self.suit}"


@dataclass(frozen=True)
class Answer:
    suit: Suit | None

    def __str__(self) -> str:
        return f"answer:{self.suit if self.suit is not None else 'no'}"


Action = Bid | Pass | Redeal | Discard | Give | Return | Raise | Hold | Play | Declare | AskFull | AskHalf | Answer

_CARD_LIST_ACTIONS: dict[str, type[Discard] | type[Give] | type[Return]] = {
    "discard": Discard,
    "give": Give,
    "return": Return,
}
AMOUNT_DIGITS = 6  # a bid or raise has at most this many digits (no rule set bids past 10,000)


def _amount(text: str, where: str) -> int:
    """A bid's or raise's amount in ASCII digits, refused past ``AMOUNT_DIGITS`` digits (Python
    reads no more than 4300 anyway, and slowly)."""
    if len(text) > AMOUNT_DIGITS:
        raise NotationError(
            f"{where}: an amount has at most {AMOUNT_DIGITS} digits, not {len(text)}", "number_too_long"
        )
    return int(text)


def _card_tuple(text: str, where: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text, where, separators=".-"))


def parse_action(text: str) -> Action:
    """Parse one action in the notation above; raises ``NotationError`` saying what is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"action: expected text, got {type(text).__name__}")
    t = text.strip()
    if len(t) > 200:  # no action is this long (a discard of six cards is 26 characters)
        raise NotationError(f"action: {len(t)} characters is too long for an action", "action_too_long")
    if not t:
        raise NotationError("empty action")
    low = t.lower()
    if low in ("p", "pass", "ohi"):
        return Pass()
    if low == "redeal":
        return Redeal()
    if low == "hold":
        return Hold()
    if low == "askfull":
        return AskFull()
    if is_number(t):
        return Bid(_amount(t, "bid"))
    kind, colon, rest = t.partition(":")
    kind = kind.lower()
    if colon:
        if kind in _CARD_LIST_ACTIONS:
            return _CARD_LIST_ACTIONS[kind](_card_tuple(rest, f"action {t!r}"))
        if kind == "raise":
            if not is_number(rest):
                raise NotationError(f"action {t!r}: a raise needs a whole number, for example raise:60")
            return Raise(_amount(rest, "raise"))
        if kind in ("trump", "askhalf", "answer"):
            if kind == "answer" and rest.lower() == "no":
                return Answer(None)
            try:
                suit = Suit.parse(rest)
            except NotationError as e:
                raise NotationError(f"action {t!r}: {e}") from None
            suit_actions: dict[str, type[Declare] | type[AskHalf] | type[Answer]] = {
                "trump": Declare,
                "askhalf": AskHalf,
                "answer": Answer,
            }
            return suit_actions[kind](suit)
        raise NotationError(f"unknown action {t!r}")
    try:
        return Play(Card.parse(t))
    except NotationError:
        raise NotationError(
            f"unknown action {t!r}: expected a card (DK), a bid (55), p, hold, raise:N, trump:S, "
            "askfull, askhalf:S, answer:S, discard:/give:/return: with cards"
        ) from None
