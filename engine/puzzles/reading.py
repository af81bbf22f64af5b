"""Reading the fields that several kinds share: the position or record, the cards that ``then``
plays, a set of cards, the ``voids`` and the hidden ``discard`` of a position. Each raises
``PuzzleError`` saying which field is wrong and why."""

from __future__ import annotations

from ..core.actions import Discard, Play
from ..core.cards import Card, NotationError, Suit, is_number, parse_cards
from ..core.notation import parse_position, parse_record
from .base import PuzzleError, is_record

MAX_FIELD_QUOTE = 40  # a refusal quotes at most this much of the text it refuses


def quote(value) -> str:
    text = repr(value)
    return text if len(text) <= MAX_FIELD_QUOTE else text[: MAX_FIELD_QUOTE - 4] + "…'"


def position_deal(position: str):
    """The deal at a position (not a record), never waiting for a partner's answer."""
    deal = parse_position(position)
    if deal.pending_question is not None:
        raise PuzzleError("a puzzle cannot start with an unanswered partner question")
    return deal


def finished_record(position: str, kind: str):
    deal = parse_record(position)
    if not deal.is_over or deal.redealt:
        raise PuzzleError(f"{kind}: the record must be a whole deal, played to its end")
    return deal


def then_cards(spec: dict, deal):
    """The deal after the cards of ``then`` (each checked by the rules), and those cards."""
    text = spec.get("then", "")
    if not isinstance(text, str):
        raise PuzzleError("then: expected cards joined by '-'")
    cards = parse_cards(text, "then")
    deal = deal.copy()
    for i, card in enumerate(cards, 1):
        reason = deal.why_illegal(Play(card))
        if reason is not None:
            raise PuzzleError(f"then: card {i} ({card}) cannot be played: {reason}")
        deal.apply(Play(card))
    return deal, cards


def card_set(text, where: str) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise PuzzleError(f"{where}: cards joined by '.', for example SA.S6.C7")
    cards = parse_cards(text, where, separators=".-")
    return tuple(sorted(set(cards), key=lambda c: c.index))


def voids(spec: dict, deal) -> dict[int, set]:
    """``voids``: seats known to hold no card of some suits, for example ``["1:HS"]``."""
    out: dict[int, set] = {}
    listed = spec.get("voids", []) or []
    if not isinstance(listed, list):
        raise PuzzleError('voids: a list of a seat and suits, for example ["1:HS"]')
    for item in listed:
        if not isinstance(item, str):
            raise PuzzleError(f"voids: {quote(item)} should be a seat and suits, for example 1:HS")
        seat_text, colon, suits = item.partition(":")
        if not colon or not is_number(seat_text) or len(seat_text) > 2 or int(seat_text) >= deal.rules.players:
            raise PuzzleError(f"voids: {quote(item)} should be a seat and suits, for example 1:HS")
        seat = int(seat_text)
        if seat == deal.to_move:
            raise PuzzleError(f"voids: {quote(item)} is the learner's own seat")
        try:
            parsed = {Suit.parse(s) for s in suits}
        except NotationError as e:
            raise PuzzleError(f"voids: {quote(item)}: {e}") from None
        for card in deal.hands[seat]:
            if card.suit in parsed:
                raise PuzzleError(f"voids: seat {seat} holds {card}, so it is not void in {card.suit}")
        out.setdefault(seat, set()).update(parsed)
    return out


def spec_discard(spec: dict, deal) -> tuple[Card, ...]:
    """The bidder's discard that a position puzzle names in ``discard`` (the learner has not seen it)."""
    if "discard" not in spec:
        return ()
    cards = card_set(spec["discard"], "discard")
    if deal.bidder is None or deal.to_move == deal.bidder:
        raise PuzzleError("discard: only a position with a bidder other than the learner hides a discard")
    if len(cards) != deal.rules.widow_size:
        raise PuzzleError(f"discard: the bidder puts away {deal.rules.widow_size} cards")
    in_play = {c for h in deal.hands for c in h} | set(deal.trick)
    for card in cards:
        if card in in_play:
            raise PuzzleError(f"discard: {card} is still in play")
    worth = sum(deal.rules.points[c.rank] for c in cards)
    if worth > deal.points[deal.bidder]:
        raise PuzzleError(f"discard: worth {worth} points, but the bidder has taken only {deal.points[deal.bidder]}")
    return cards


def hidden_discard(spec: dict, deal) -> tuple:
    """The bidder's discard when the player to move has not seen it: a record's, or the
    ``discard`` a position puzzle gives; empty for the bidder itself."""
    if deal.bidder is None or deal.to_move == deal.bidder:
        return ()
    if is_record(spec["position"]):
        return tuple(c for _, a in deal.history if isinstance(a, Discard) for c in a.cards)
    return spec_discard(spec, deal)
