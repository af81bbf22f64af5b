"""Suits, ranks, cards and hands, with their text notation.

Notation (see docs/notation.md):

* a suit is one letter: ``S`` spades (pata), ``C`` clubs (risti), ``D`` diamonds (ruutu),
  ``H`` hearts (hertta); the symbols ``♠ ♣ ♦ ♥`` are accepted when parsing;
* a rank is one of ``A T K Q J 9 8 7 6`` (``10`` is accepted for the ten);
* a card is suit then rank: ``DK`` is the king of diamonds, ``HT`` the ten of hearts;
* a hand is four suit groups in the order ♠ ♣ ♦ ♥ separated by dots, each listing ranks:
  ``AK.T9..Q6`` holds ♠A ♠K ♣10 ♣9 ♥Q ♥6 and no diamonds;
* a list of cards (a trick, a discard) is cards joined by ``-`` (``D7-DK``) or ``.`` in records.

Every card is one shared object, so ``Card.parse("DK") is Card.parse("DK")``.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import NoReturn


class NotationError(ValueError):
    """Text that is not valid notation; the message says what is wrong and where.

    ``code`` and ``params`` (optional) name the mistake for the site, which words it in the
    page's language from its message catalogs (``errors.<code>``); the message is for the command
    line and the logs."""

    def __init__(self, message: str = "", code: str | None = None, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


_DIGITS = frozenset("0123456789")


def is_number(text: str, signed: bool = False) -> bool:
    """Is ``text`` a whole number written with the ASCII digits 0-9 (and a leading ``-`` when
    ``signed``)? ``str.isdigit`` is not enough: it also accepts ``²`` and full-width digits."""
    body = text[1:] if signed and text.startswith("-") else text
    return bool(body) and _DIGITS.issuperset(body)


def parse_number(text: str, where: str, signed: bool = False) -> int:
    """A whole number in ASCII digits, or ``NotationError`` naming ``where``."""
    if not isinstance(text, str) or not is_number(text, signed):
        raise NotationError(f"{where}: {text!r} is not a whole number (digits 0-9)")
    return int(text)


class Suit(IntEnum):
    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        return "SCDH"[self]

    @property
    def symbol(self) -> str:
        return "♠♣♦♥"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        index = _SUIT_LETTERS.get(text.strip().upper())
        if index is None:
            raise NotationError(f"unknown suit {text!r}: use S, C, D or H")
        return cls(index)

    def __str__(self) -> str:
        return self.letter


_SUIT_LETTERS = {"S": 0, "C": 1, "D": 2, "H": 3, "♠": 0, "♣": 1, "♦": 2, "♥": 3, "♢": 2, "♡": 3}


class Rank(IntEnum):
    """Ranks in the canonical notation order A T K Q J 9 8 7 6 (index 0 is the ace).

    How ranks compare in a trick is a rule-set question (``RuleSet.strength``), not an
    ordering of this enum.
    """

    ACE = 0
    TEN = 1
    KING = 2
    QUEEN = 3
    JACK = 4
    NINE = 5
    EIGHT = 6
    SEVEN = 7
    SIX = 8

    @property
    def letter(self) -> str:
        return "ATKQJ9876"[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        t = text.strip().upper()
        if t == "10":
            return cls.TEN
        index = "ATKQJ9876".find(t) if len(t) == 1 else -1
        if index < 0:
            raise NotationError(f"unknown rank {text!r}: use A, T (or 10), K, Q, J, 9, 8, 7 or 6")
        return cls(index)

    def __str__(self) -> str:
        return self.letter


class Card:
    """One of the 36 cards. Instances are shared: compare with ``is`` or ``==``."""

    __slots__ = ("suit", "rank", "index")

    suit: Suit
    rank: Rank
    index: int

    def __new__(cls, suit: Suit | int, rank: Rank | int) -> Card:
        return ALL_CARDS[int(suit) * 9 + int(rank)]

    @classmethod
    def _make(cls, suit: Suit, rank: Rank) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", int(suit) * 9 + int(rank))
        return card

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (int(self.suit), int(self.rank)))

    @classmethod
    def parse(cls, text: str) -> Card:
        t = text.strip()
        if len(t) < 2:
            raise NotationError(f"unknown card {text!r}: write suit then rank, for example DK or H10")
        suit = Suit.parse(t[0])
        try:
            rank = Rank.parse(t[1:])
        except NotationError:
            raise NotationError(f"unknown card {text!r}: write suit then rank, for example DK or H10") from None
        return ALL_CARDS[suit * 9 + rank]

    def __str__(self) -> str:
        return "SCDH"[self.suit] + "ATKQJ9876"[self.rank]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


ALL_CARDS: tuple[Card, ...] = tuple(Card._make(Suit(i // 9), Rank(i % 9)) for i in range(36))


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in notation order: ♠ ♣ ♦ ♥, each from the ace down."""
    return sorted(cards, key=lambda c: c.index)


def parse_cards(text: str, where: str = "card list", separators: str = "-.") -> list[Card]:
    """Parse ``D7-DK`` (or ``D7.DK``); the empty text is the empty list. Duplicates are an error."""
    if not isinstance(text, str):
        raise NotationError(f"{where}: expected text, got {type(text).__name__}")
    t = text.strip()
    if not t or t == "-":
        return []
    for sep in separators[1:]:
        t = t.replace(sep, separators[0])
    cards = []
    for i, token in enumerate(t.split(separators[0]), 1):
        if not token:
            raise NotationError(f"{where}: empty card at position {i} in {text!r}", "bad_card", text=text.strip())
        try:
            cards.append(Card.parse(token))
        except NotationError as e:
            raise NotationError(f"{where}: {e}", "bad_card", text=token) from None
    _check_no_duplicates(cards, where)
    return cards


def format_cards(cards: Iterable[Card], separator: str = "-") -> str:
    return separator.join(str(c) for c in cards)


def parse_hand(text: str, where: str = "hand") -> list[Card]:
    """Parse a hand in suit-group notation ``AK.T9..Q6`` (♠ ♣ ♦ ♥)."""
    if not isinstance(text, str):
        raise NotationError(f"{where}: expected text, got {type(text).__name__}")
    groups = text.strip().split(".")
    if len(groups) != 4:
        raise NotationError(
            f"{where}: {text!r} has {len(groups)} suit groups; a hand has 4 (♠.♣.♦.♥), for example AK.T9..Q6",
            "hand_groups",
            text=text.strip(),
            groups=len(groups),
        )
    cards = []
    for suit, group in zip(Suit, groups):
        i = 0
        while i < len(group):
            token = group[i : i + 2] if group.startswith("10", i) else group[i]
            i += len(token)
            try:
                rank = Rank.parse(token)
            except NotationError as e:
                raise NotationError(
                    f"{where}: in the {suit.name.lower()} group {group!r}: {e}", "bad_rank", suit=str(suit), text=token
                ) from None
            cards.append(ALL_CARDS[suit * 9 + rank])
    _check_no_duplicates(cards, where)
    return sort_cards(cards)


def format_hand(cards: Iterable[Card]) -> str:
    groups: list[list[str]] = [[], [], [], []]
    for card in sort_cards(cards):
        groups[card.suit].append("ATKQJ9876"[card.rank])
    return ".".join("".join(g) for g in groups)


def _check_no_duplicates(cards: list[Card], where: str) -> None:
    seen = set()
    for card in cards:
        if card in seen:
            raise NotationError(f"{where}: {card} appears twice", "card_twice", card=str(card))
        seen.add(card)
