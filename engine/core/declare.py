"""Trump declarations and partner questions: the conditions, in one place.

* A declaration window opens for the winner of a trick, before they lead the next one; never
  before the first trick or after the last (S0, S1, S2). With ``strong_drive`` only if the
  winner also led the trick they won (S1 option).
* One declaration *or* one partner question per window (S0: one declaration per trick; S2).
* Declaring a suit needs its king and queen still in hand; each suit once per deal; the new
  trump replaces the old one, whose bonus is kept (S0, S1, S2, S3).
* Pairs (S1, S2, S3): ask the partner for a full pair (the partner names an undeclared suit
  whose K+Q they hold, if any; not in S1, whose pairs game has only the half question:
  ``full_pair_question``) or, holding exactly one of a suit's K and Q, for the other half. The
  suit becomes trump when the partner holds the card(s) the asker lacks. With
  ``half_question_lockout`` (S2) a half question ends the pair's questions for the deal and the
  partner may no longer declare their own pairs.
* House rules: a half question while holding both K and Q (``half_question_with_pair``: the
  answer is always no) or neither (``half_question_bluff``: yes only if the partner holds both);
  after a full-pair question the asker may not declare their own pairs and the partner may not
  ask for a full pair (``full_question_lockout``); a half question refused once may not be asked
  again by the pair (``half_question_once``); with S2's lock-out, half questions stay allowed and
  only the full-pair question is locked out (``half_questions_repeat``); the lock-out bars the
  asker's own pairs too (``half_lock_asker``).

Questions that matter later are kept in the deal as ``Question`` records (``record``): only what
a rule set's lock-outs look at, so that positions differing in nothing else play the same.

Hands are bitmasks of card indices (suit * 9 + rank, ranks A T K Q J 9 8 7 6).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .rules import RuleSet

KING_BITS = tuple(1 << (9 * s + 2) for s in range(4))
QUEEN_BITS = tuple(1 << (9 * s + 3) for s in range(4))
PAIR_BITS = tuple(k | q for k, q in zip(KING_BITS, QUEEN_BITS))
_UNDECLARED_KINGS = tuple(sum(KING_BITS[s] for s in range(4) if not declared >> s & 1) for declared in range(16))


class Question(NamedTuple):
    """A partner question that a lock-out remembers: who asked, ``half`` or ``full``, and for a
    half question its suit (None when no rule needs it)."""

    seat: int
    kind: str
    suit: int | None = None


def window_after_trick(rules: RuleSet, winner: int, trick_leader: int) -> str:
    """The declaration state for the winner of a trick: ``open`` or ``not_led`` (strong drive)."""
    return "open" if winner == trick_leader or not rules.strong_drive else "not_led"


def pair_suits(hand: int, declared: int) -> list[int]:
    """Undeclared suits (``declared`` is a mask of suit numbers) whose K and Q are both in ``hand``."""
    return [s for s in range(4) if not declared >> s & 1 and hand & PAIR_BITS[s] == PAIR_BITS[s]]


def has_pair(hand: int, declared: int) -> bool:
    """``pair_suits(hand, declared)`` is not empty, on bits (the solver asks after every trick)."""
    # a queen's bit shifted onto its king's: set where both are held
    return bool(hand & (hand >> 1) & _UNDECLARED_KINGS[declared])


def half_suits(rules: RuleSet, hand: int, declared: int) -> list[int]:
    """Undeclared suits ``hand`` may ask a half question for: holding exactly one of the king and
    queen; with the house rules also both (``half_question_with_pair``) or neither (``half_question_bluff``)."""
    allowed = (rules.half_question_bluff, True, rules.half_question_with_pair)  # holding 0, 1 or 2 of K/Q
    return [s for s in range(4) if not declared >> s & 1 and allowed[bin(hand & PAIR_BITS[s]).count("1")]]


def half_reason(rules: RuleSet, hand: int, suit: int) -> str | None:
    """Why ``hand`` may not ask a half question for ``suit`` (the suit not yet declared), or None."""
    held = bin(hand & PAIR_BITS[suit]).count("1")
    if held == 1 or (held == 0 and rules.half_question_bluff) or (held == 2 and rules.half_question_with_pair):
        return None
    if rules.half_question_with_pair:
        return "needs_king_or_queen"  # may hold one or both: holds neither
    if rules.half_question_bluff:
        return "half_holds_pair"  # may hold one or neither: holds both
    return "needs_one_half"


def half_completes(hand: int, partner_hand: int, suit: int) -> bool:
    """Is the answer to a half question yes: does the partner hold every card of the pair that the
    asker lacks? (Always no for an asker holding both; for one holding neither, yes only if the
    partner holds both.)"""
    lacking = PAIR_BITS[suit] & ~hand
    return bool(lacking) and partner_hand & lacking == lacking


def record(rules: RuleSet, seat: int, kind: str, suit: int | None) -> Question | None:
    """The record a question leaves, or None when no rule of ``rules`` looks at it later."""
    if kind == "full":
        return Question(seat, "full") if rules.full_question_lockout else None
    if rules.half_question_once:
        return Question(seat, "half", suit)
    return Question(seat, "half") if rules.half_question_lockout else None


def _order(q: Question) -> tuple[str, int, int]:
    return q.kind, q.seat, -1 if q.suit is None else q.suit


def remember(asked: Iterable[Question], question: Question | None) -> tuple[Question, ...]:
    """The questions remembered after ``question`` (None: nothing to remember), in one canonical
    order: positions that differ only in the order of the questions are the same position."""
    if question is None:
        return tuple(asked)
    return tuple(sorted((*asked, question), key=_order))


def questions_over(rules: RuleSet, seat: int, asked: Iterable[Question]) -> bool:
    """Has this seat's pair used its questions with a half question (S2 lock-out; with the house
    rule ``half_questions_repeat`` its half questions go on, see ``full_question_reason``)?"""
    return (
        rules.half_question_lockout
        and not rules.half_questions_repeat
        and any(q.kind == "half" and rules.side_of(q.seat) == rules.side_of(seat) for q in asked)
    )


def own_pairs_locked(rules: RuleSet, seat: int, asked: Iterable[Question]) -> str | None:
    """Why this seat may no longer declare its own pairs, or None: its partner asked for a half
    (S2: ``pair_broken``), it asked for a half itself (house rule ``half_lock_asker``: ``asked_half``),
    or it asked its partner for a full pair (house rule: ``asked_full_pair``)."""
    if rules.half_question_lockout:
        partner = rules.partner_of(seat)
        if any(q.kind == "half" and q.seat == partner for q in asked):
            return "pair_broken"
        if rules.half_lock_asker and any(q.kind == "half" and q.seat == seat for q in asked):
            return "asked_half"
    if rules.full_question_lockout and any(q.kind == "full" and q.seat == seat for q in asked):
        return "asked_full_pair"
    return None


def full_question_reason(rules: RuleSet, seat: int, asked: Iterable[Question]) -> str | None:
    """Why this seat may not ask for a full pair (beyond the window and S2's lock-out), or None."""
    if not rules.full_pair_question:
        return "no_full_question"
    if rules.half_questions_repeat and any(
        q.kind == "half" and rules.side_of(q.seat) == rules.side_of(seat) for q in asked
    ):
        return "full_after_half"
    if rules.full_question_lockout:
        partner = rules.partner_of(seat)
        if any(q.kind == "full" and q.seat == partner for q in asked):
            return "full_question_barred"
    return None


def half_refused(rules: RuleSet, seat: int, suit: int, asked: Iterable[Question]) -> bool:
    """Has this seat's pair asked for this half before (house rule ``half_question_once``)?"""
    return rules.half_question_once and any(
        q.kind == "half" and q.suit == suit and rules.side_of(q.seat) == rules.side_of(seat) for q in asked
    )


def questions_allowed(rules: RuleSet) -> bool:
    return rules.partnership and rules.partner_questions
