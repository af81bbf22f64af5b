"""Perfect-information (double-dummy) solver.

Given a trick-play position with every hand known, it scores every legal action of the player
to move: the points that player's **side** can guarantee for the rest of the deal (card points
of the tricks still to be won, the last-trick bonus, and the bonuses of declarations still to be
made). The side is the pair in the partnership games; in the individual games it is the player
to move alone, and the other players play together to minimise that player's points.

Trump declarations and partner questions are choices inside the search, and every rule comes
from ``play.duty_mask`` (card play) and ``declare`` (declarations), the same code the deal uses.

Technique: fail-soft alpha-beta on the points still to come, with

- a transposition table at trick boundaries holding bounds, keyed by the hands *by relative
  rank* (per suit: who holds each live card, strongest first, and what it is worth), the
  leader, the trump, the declared suits, whether the leader may declare and the lock-outs;
- equivalent-card reduction (same suit and points, no live card between them; kings and queens
  of undeclared suits are never merged), also at the root, where equivalent cards share one
  search; once the side that takes a trick is settled, a player also drops the cards that
  equal-power cards dominate (``_card_choices``);
- move ordering (the table's best move, then the lead that last cut off at the same trick
  number, then high leads, a ten led into the ace last, and early in a deal of two equal sides
  by a one-trick estimate; following: winners nobody can beat, or points on a partner's trick
  that nobody can take away, keeping the top cards; ``_order``);
- cut-offs on bounds: the value is never below 0 nor above the points still available; the
  points the leader can cash with top cards nobody can beat (with the cheapest cards the others
  must follow with, and first a bonus the leader may declare) go to the leader's side, and once
  the trump can no longer change, so do the points of the trumps above all of the other side's;
  a lone player whose top cards the others cannot ruff keeps them while the others lead, if it
  has enough other cards to give on their leads (``_sure_winners``);
- exact values from zero-window searches (``value``), stepped so that the dearer proofs are
  made as few times as possible;
- optionally (``solve(deal, processes=2)``, where ``os.fork`` exists: not in Pyodide) a second
  process: once the first root group is solved, a forked copy of the solver, its table
  included, solves the root groups of half of the suits.
"""

from __future__ import annotations

import json
import math
import os
import signal
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..core.actions import Answer, AskFull, AskHalf, Declare, Play
from ..core.cards import ALL_CARDS, Suit
from ..core.declare import (
    PAIR_BITS,
    Question,
    full_question_reason,
    half_completes,
    half_refused,
    half_suits,
    has_pair,
    own_pairs_locked,
    pair_suits,
    questions_allowed,
    questions_over,
    record,
    remember,
    window_after_trick,
)
from ..core.notation import format_position
from ..core.play import SUIT_MASKS, beaters, duty_mask, mask_of, tables, winning_position

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.deal import Deal

# Move codes inside the search: 0..35 play that card; the rest are declarations.
DECLARE = 100  # + suit
ASK_FULL = 200
ASK_HALF = 300  # + suit
ANSWER = 400  # + suit
ANSWER_NONE = 499

INF = 10**6
ESTIMATE_TRICKS = 5  # leads with at least this many tricks left are ordered by _lead_estimate
# the search's tables, which solvers of the same side may share (``Solver.search_tables``)
SEARCH_TABLES = (
    "tt",
    "relative",
    "suit_codes",
    "group_cache",
    "declaration_cache",
    "cash_cache",
    "winner_cache",
    "killers",
)
FORK_NODES = 5_000  # below this the first root group was cheap: fork costs more than it saves
ALL_PAIR_BITS = PAIR_BITS[0] | PAIR_BITS[1] | PAIR_BITS[2] | PAIR_BITS[3]

# The tables by name (``Solver.search_tables``); each has its own key and value types, which the
# solver's attributes of the same names give (``Any`` here: the one container holds them all).
SearchTables = dict[str, dict[Any, Any]]
# ``_suit_groups``: kept cards, groups, (dearest, cheapest) of each group, a card per point value
# of each group, whether a group has more than one card
SuitGroups = tuple[
    tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...], bool
]
# ``Solver.snapshot``: trick, live, remaining, leader, trump, declared, window_open, pending, asked,
# tricks_played
Snapshot = tuple[list[int], int, int, int, int, int, bool, int | None, tuple[Question, ...], int, bool]


@dataclass
class ActionValue:
    action: str
    value: int
    loss: int
    best: bool


@dataclass
class Solution:
    position: str
    to_move: int
    side: int
    side_seats: list[int]
    value: int
    actions: list[ActionValue]
    nodes: int
    line: list[dict[str, int | str]] | None = None  # one line of best play: {"seat", "action"} (solve(..., line=True))

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "position": self.position,
            "to_move": self.to_move,
            "side": self.side,
            "side_seats": self.side_seats,
            "value": self.value,
            "actions": [a.__dict__ for a in self.actions],
            "best": [a.action for a in self.actions if a.best],
            "nodes": self.nodes,
        }
        if self.line is not None:
            out["line"] = self.line
        return out


class SearchCut(Exception):
    """A search ran past its node budget (``Solver.node_limit``). The solver's position is left
    mid-search: throw the solver away (its tables stay sound: an entry is written only for a
    finished search of its position, or holds the bounds the position shows by itself)."""


class Solver:
    """Search state for one position; ``max_side`` defaults to the side of the player to move.

    ``node_limit``: a search that would visit more nodes (counted in ``nodes``, from the solver's
    start) raises ``SearchCut``; so does one still running at ``deadline`` (a
    ``time.perf_counter()`` reading, looked at every ``CLOCK_NODES`` nodes). ``value`` keeps the
    bounds it has proved so far in ``bracket``."""

    node_limit = 1 << 62  # the next check: the node budget, or the next look at the clock
    node_budget = 1 << 62
    deadline: float | None = None
    CLOCK_NODES = 2048

    def set_budget(self, nodes: int | None = None, deadline: float | None = None) -> None:
        """Cut searches short after ``nodes`` more nodes in all, or at ``deadline``."""
        self.node_budget = (1 << 62) if nodes is None else self.nodes + nodes
        self.deadline = deadline
        self.node_limit = self.node_budget if deadline is None else min(self.node_budget, self.nodes + self.CLOCK_NODES)

    def _over_limit(self) -> None:
        """The node count passed ``node_limit``: out of budget, past the deadline, or time to
        look at the clock again."""
        if self.nodes > self.node_budget:
            raise SearchCut(self.nodes)
        import time

        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise SearchCut(self.nodes)
        self.node_limit = min(self.node_budget, self.nodes + self.CLOCK_NODES)

    def __init__(self, deal: Deal, max_side: int | None = None, shared: SearchTables | None = None) -> None:
        if deal.phase != "play":
            raise ValueError(f"the solver needs a trick-play position; this deal is in the {deal.phase} phase")
        rules = deal.rules
        self.rules = rules
        self.n = rules.players
        self.max_side = rules.side_of(cast(int, deal.to_move)) if max_side is None else max_side
        self.is_max = [rules.side_of(s) == self.max_side for s in range(self.n)]
        t = self.card_tables = tables(rules)
        self.strength = t.strength
        self.card_points = [rules.points[i % 9] for i in range(36)]
        self.bonus = rules.bonus
        self.last_bonus = rules.last_trick_bonus
        # house rule sweep_counts_dead_hand: MAX winning every trick also gets the dead hand's
        # points; ``min_won``: has the other side won a trick (or is one unattributed), so no sweep
        self.sweep_bonus = deal.dead_points if rules.sweep_counts_dead_hand else 0
        self.questions = questions_allowed(rules)
        self.hand_size = rules.hand_size
        # suit order by strength, strongest first, for equivalent-card reduction
        self.suit_order = [sorted(range(9 * s, 9 * s + 9), key=lambda c: -self.strength[c]) for s in range(4)]
        self.hands = [mask_of(h) for h in deal.hands]
        self.trick = [c.index for c in deal.trick]
        self.leader: int = cast(int, deal.leader)  # in trick play (checked above) there is a leader
        self.trump = -1 if deal.trump is None else int(deal.trump)
        self.declared = 0
        for d in deal.declarations:
            self.declared |= 1 << d.suit
        # may the player to lead declare or ask now? (only this matters to the search; after a
        # trick it is False when the winner has nothing worth declaring, see apply_move)
        self.window_open = deal.declare_state == "open" and not deal.trick
        self.pending = deal.pending_question
        self.asked = tuple(deal.questions)  # the questions the lock-outs remember (declare.record)
        self.tricks_played = deal.tricks_played
        self.max_seats = [s for s in range(self.n) if self.is_max[s]]
        self.min_won = deal.tricks_played != sum(deal.tricks[s] for s in self.max_seats)
        self.descend = 2 * len(self.max_seats) < self.n  # see value()
        self.lone_max = len(self.max_seats) == 1  # see _sure_winners
        self.unit = math.gcd(*rules.points, *rules.bonus, rules.last_trick_bonus, self.sweep_bonus)
        # Leads early in a deal of two equal sides are ordered by a one-trick estimate
        # (_lead_estimate; measured: 17 % fewer nodes in the partnership deals, but 16 % more in
        # the three-player ones, where the lone player's and the pair's leads differ in kind).
        self.even_sides = 2 * len(self.max_seats) == self.n
        self.cheap_order = sorted(range(36), key=lambda c: (self.card_points[c], self.strength[c]))
        # cards worth 10 points or more that a card of their suit can beat (see _exposed_last)
        self.dear_beatable = sum(1 << c for c in range(36) if self.card_points[c] >= 10 and t.above[c])
        # high cards first when leading
        self.lead_order = [-self.strength[c] - self.card_points[c] * 10 for c in range(36)]
        self.live = 0  # cards still in a hand or in the current trick
        for h in self.hands:
            self.live |= h
        for c in self.trick:
            self.live |= 1 << c
        self.remaining = sum(self.card_points[c] for c in range(36) if self.live >> c & 1)
        # the search's tables, shared with other solvers of the same side when given (``shared``)
        if shared is None:
            shared = {name: {} for name in SEARCH_TABLES}
        elif sorted(shared) != sorted(SEARCH_TABLES):
            raise ValueError(f"shared: the solver's tables are {', '.join(SEARCH_TABLES)}")
        # the key: the position, and min_won under sweep_bonus
        self.tt: dict[tuple[object, ...], tuple[int, int, int]] = shared["tt"]
        self.relative: dict[tuple[int, ...], int] = shared["relative"]
        self.suit_codes: dict[tuple[int, ...], int] = shared["suit_codes"]
        self.group_cache: dict[int, SuitGroups] = shared["group_cache"]
        self.declaration_cache: dict[tuple[int, int, int, int, tuple[Question, ...], bool], list[int]] = shared[
            "declaration_cache"
        ]
        self.cash_cache: dict[tuple[int, ...], tuple[int, int]] = shared["cash_cache"]
        self.winner_cache: dict[int, tuple[int, int]] = shared["winner_cache"]
        self.killers: dict[tuple[int, int, int], int] = shared[
            "killers"
        ]  # (trick number, seat, trump) -> the last lead that caused a cut-off
        # card classes for relative keys: points, and whether it is a king or queen of a pair
        classes: dict[tuple[int, int], int] = {}
        self.card_class = [
            classes.setdefault((self.card_points[c], c % 9 if PAIR_BITS[c // 9] >> c & 1 else -1), len(classes))
            for c in range(36)
        ]
        self.nodes = 0

    def search_tables(self) -> SearchTables:
        """The search's tables by name (``SEARCH_TABLES``), to share with a later solver of the
        same side: ``Solver(deal, side, shared=earlier.search_tables())``."""
        return {name: getattr(self, name) for name in SEARCH_TABLES}

    # -- state changes: the position API -------------------------------------------------------
    # A move is the int of ``moves(seat)``; ``apply_move`` carries it out for ``seat_to_move()``,
    # ``undo_move`` takes it back with the ``snapshot()`` taken before it:
    #     snap = solver.snapshot(); gain = solver.apply_move(move, seat); ...
    #     solver.undo_move(move, seat, snap)
    # snapshot and _restore list the same fields on purpose: a tuple built and unpacked in
    # place is the fastest undo (a shared list of names with getattr/setattr cost 15-20 %).
    def snapshot(self) -> Snapshot:
        return (
            self.trick,
            self.live,
            self.remaining,
            self.leader,
            self.trump,
            self.declared,
            self.window_open,
            self.pending,
            self.asked,
            self.tricks_played,
            self.min_won,
        )

    def _restore(self, snap: Snapshot) -> None:
        (
            self.trick,
            self.live,
            self.remaining,
            self.leader,
            self.trump,
            self.declared,
            self.window_open,
            self.pending,
            self.asked,
            self.tricks_played,
            self.min_won,
        ) = snap

    def apply_move(self, move: int, seat: int) -> int:
        """Carry out a move; return the points it gives the MAX side now."""
        if move < 36:
            self.hands[seat] ^= 1 << move
            trick = self.trick
            trick.append(move)
            self.window_open = False
            if len(trick) < self.n:
                return 0
            winner = (self.leader + winning_position(self.strength, trick, self.trump)) % self.n
            cp = self.card_points
            points = 0
            for c in trick:
                points += cp[c]
                self.live ^= 1 << c
            self.remaining -= points
            gain = points if self.is_max[winner] else 0
            if not self.is_max[winner]:
                self.min_won = True
            self.tricks_played += 1
            trick_leader = self.leader
            self.leader = winner
            self.trick = []
            if self.hands[winner] == 0:
                if self.is_max[winner]:
                    gain += self.last_bonus
                    if not self.min_won:
                        gain += self.sweep_bonus  # house rule sweep_counts_dead_hand
                self.window_open = False
            else:
                # a window with nothing to declare plays like none (and shares table entries)
                self.window_open = window_after_trick(self.rules, winner, trick_leader) == "open" and (
                    self._can_declare(winner)
                )
            return gain
        side_gain = self.is_max[seat]
        if move < ASK_FULL:
            suit = move - DECLARE
            self._declare(suit)
            self.window_open = False
            return self.bonus[suit] if side_gain else 0
        if move == ASK_FULL:
            self.pending = seat
            self.window_open = False
            self.asked = remember(self.asked, record(self.rules, seat, "full", None))
            return 0
        if move < ANSWER:
            suit = move - ASK_HALF
            self.window_open = False
            self.asked = remember(self.asked, record(self.rules, seat, "half", suit))
            partner = cast(int, self.rules.partner_of(seat))  # questions: the pairs game
            if half_completes(self.hands[seat], self.hands[partner], suit):
                self._declare(suit)
                return self.bonus[suit] if side_gain else 0
            return 0
        self.pending = None
        if move == ANSWER_NONE:
            return 0
        suit = move - ANSWER
        self._declare(suit)
        return self.bonus[suit] if side_gain else 0

    def _declare(self, suit: int) -> None:
        self.trump = suit
        self.declared |= 1 << suit

    def undo_move(self, move: int, seat: int, snap: Snapshot) -> None:
        self._restore(snap)
        if move < 36:
            self.hands[seat] |= 1 << move
            self.trick.pop()

    # -- move generation -----------------------------------------------------------------------
    def seat_to_move(self) -> int:
        if self.pending is not None:
            return cast(int, self.rules.partner_of(self.pending))  # a question: the pairs game
        return (self.leader + len(self.trick)) % self.n

    def _can_declare(self, seat: int) -> bool:
        """Has ``seat`` a declaration, or a question that can succeed, to try now?"""
        hand = self.hands[seat]
        if not self.questions:
            return has_pair(hand, self.declared)  # no questions: no lock-outs either
        # every declaration or question that can succeed needs a pair within the partnership
        partner_hand = self.hands[cast(int, self.rules.partner_of(seat))]  # questions: the pairs game
        return has_pair(hand | partner_hand, self.declared) and bool(self._declaration_moves(seat, prune=True))

    def _declaration_moves(self, seat: int, prune: bool) -> list[int]:
        """``_list_declaration_moves``, cached by what it depends on: the kings and queens of
        ``seat`` (and of its partner where partner questions exist), the declared suits and the
        half questions asked."""
        key = (
            seat,
            self.hands[seat] & ALL_PAIR_BITS,
            self.hands[cast(int, self.rules.partner_of(seat))] & ALL_PAIR_BITS if self.questions else 0,
            self.declared,
            self.asked,
            prune,
        )
        moves = self.declaration_cache.get(key)
        if moves is None:
            moves = self.declaration_cache[key] = self._list_declaration_moves(seat, prune)
        return list(moves)

    def _list_declaration_moves(self, seat: int, prune: bool) -> list[int]:
        """Declarations and questions open to ``seat``.

        With ``prune`` (inside the search, never at the root) questions that cannot succeed are
        left out: a failed half question or a full-pair question to a partner without a pair
        only uses up the window (and may lock the pair out), so it is never better for the asking
        side than leading at once, which is always among the moves.
        """
        rules = self.rules
        hand = self.hands[seat]
        moves = []
        if not own_pairs_locked(rules, seat, self.asked):
            moves += [DECLARE + s for s in pair_suits(hand, self.declared)]
        if self.questions and not questions_over(rules, seat, self.asked):
            partner_hand = self.hands[cast(int, rules.partner_of(seat))]  # questions: the pairs game
            if not full_question_reason(rules, seat, self.asked) and (
                not prune or pair_suits(partner_hand, self.declared)
            ):
                moves.append(ASK_FULL)
            moves += [
                ASK_HALF + s
                for s in half_suits(rules, hand, self.declared)
                if not half_refused(rules, seat, s, self.asked) and (not prune or half_completes(hand, partner_hand, s))
            ]
        return moves

    def moves(self, seat: int, reduce: bool = True) -> list[int]:
        """Legal moves of ``seat`` (the player to move), best-looking first."""
        if self.pending is not None:
            suits = pair_suits(self.hands[seat], self.declared)
            return [ANSWER + s for s in suits] or [ANSWER_NONE]
        trick = self.trick
        first_trick = self.tricks_played == 0
        allowed = duty_mask(self.rules, self.hands[seat], trick, self.trump, first_trick, self.card_tables)[0]
        if not reduce:
            cards = [c for c in range(36) if allowed >> c & 1]
        elif not allowed & (allowed - 1):  # a single legal card
            cards = [allowed.bit_length() - 1]
        elif not trick:
            cards = self._reduce(allowed) if first_trick else self._card_choices(allowed, seat, -1)
            if len(cards) > 1:
                cards.sort(key=self.lead_order.__getitem__)  # high cards first
                if allowed & self.dear_beatable:
                    self._exposed_last(cards, seat)
                if self.even_sides and self.hand_size - self.tricks_played >= ESTIMATE_TRICKS:
                    cards.sort(key=lambda c: -self._lead_estimate(c, seat))  # stable: ties keep the order
        else:
            win_pos = winning_position(self.strength, trick, self.trump)
            cards = self._reduce(allowed) if first_trick else self._card_choices(allowed, seat, win_pos)
            if len(cards) > 1:
                self._order(cards, seat, win_pos)
        if not trick and self.window_open:
            return self._declaration_moves(seat, prune=reduce) + cards
        return cards

    def _lead_estimate(self, card: int, seat: int) -> int:
        """A quick guess at what leading ``card`` brings ``seat``'s side in this trick: the
        points of the trick, negative if the other side takes it, when each player after
        ``seat`` beats the card on top as cheaply as it can if it belongs to the other side (the
        weakest card of the led suit, else the weakest trump) and otherwise plays its cheapest
        card. Only orders the leads early in the deal (``moves``); the rules come from
        ``duty_mask``."""
        n, hands, is_max, cp = self.n, self.hands, self.is_max, self.card_points
        trump, led = self.trump, card // 9
        trick = [card]
        top, top_side = card, is_max[seat]
        points = cp[card]
        for i in range(1, n):
            player = (seat + i) % n
            allowed = duty_mask(self.rules, hands[player], trick, trump, False, self.card_tables)[0]
            winners = allowed & beaters(self.card_tables, top, self.trump) if is_max[player] != top_side else 0
            if winners:
                suit = led if winners & SUIT_MASKS[led] else trump
                pick = next(c for c in reversed(self.suit_order[suit]) if winners >> c & 1)
                top, top_side = pick, is_max[player]
            else:
                pick = next(c for c in self.cheap_order if allowed >> c & 1)
            trick.append(pick)
            points += cp[pick]
        return points if top_side == is_max[seat] else -points

    def _exposed_last(self, cards: list[int], seat: int) -> None:
        """Move the dear leads (10 points or more) that a live card of another hand still beats,
        a ten led into the ace, to the end of ``cards``: they rarely pay (measured: 8 % fewer
        nodes in the partnership deals, 3 % in the three-player ones)."""
        above = self.card_tables.above
        others = self.live & ~self.hands[seat]
        exposed = [c for c in cards if self.dear_beatable >> c & 1 and above[c] & others]
        for c in exposed:
            cards.remove(c)
        cards += exposed

    def _order(self, cards: list[int], seat: int, win_pos: int) -> None:
        """Sort the cards ``seat`` may follow with, most promising first (``win_pos``: the
        position in the trick of the card on top)."""
        strength = self.strength
        cp = self.card_points
        beating = beaters(self.card_tables, self.trick[win_pos], self.trump)
        led = self.trick[0] // 9
        mine = self.is_max[seat]
        # A partner's card on top that nobody still to play can beat: throw points on it, but
        # keep the top cards of their suits (they can win a trick of their own later), then
        # winners. Otherwise: winners that nobody still to play can beat (the dearest first in
        # the three-player games, where that banks points the lone player could otherwise catch
        # later; the cheapest first in the four-player games), then the other winners, cheapest
        # first, then the cheapest losers. (Each choice measured on node counts.)
        partner_wins = self.is_max[(self.leader + win_pos) % self.n] == mine and self._takes_trick(
            self.trick[win_pos], mine, seat, led
        )
        bank = self.n == 3
        keys = {}
        if partner_wins:
            # top cards: no live card of another hand above them
            keep = 0
            above, live, hand = self.card_tables.above, self.live, self.hands[seat]
            for c in cards:
                if not above[c] & live & ~hand:
                    keep |= 1 << c
        for c in cards:
            beats = beating >> c & 1
            if partner_wins:
                keys[c] = (100000 if beats else 50000 if keep >> c & 1 else 0) - cp[c] * 100 + strength[c]
            elif not beats:
                keys[c] = 100000 + cp[c] * 100 + strength[c]
            elif self._takes_trick(c, mine, seat, led):
                keys[c] = -cp[c] * 100 + strength[c] if bank else strength[c]
            else:
                keys[c] = 50000 + strength[c]
        cards.sort(key=keys.__getitem__)

    def _reduce(self, allowed: int) -> list[int]:
        """One card from each group of equivalent legal cards (see ``_groups``)."""
        out: list[int] = []
        for s in range(4):
            if allowed & SUIT_MASKS[s]:
                out += self._suit_groups(s, allowed)[0]
        return out

    def _card_choices(self, allowed: int, seat: int, win_pos: int) -> list[int]:
        """The cards worth trying for ``seat`` (``win_pos``: the position in the trick of the card
        on top, -1 when ``seat`` leads).

        Cards of equal power (next to each other among the live cards of a suit) decide the
        trick alike and stay alike afterwards; only their points differ. When the side that
        takes the trick no longer depends on anyone's choice (nobody still to play can beat the
        card that would be on top), then into a trick of its own side the player loses nothing by
        banking the card worth most (the one kept could later fall to the other side), and into a
        trick of the other side by giving the card worth least (the one kept can still only add
        to what the other side would get). So one card per group is enough: the dearest or the
        cheapest; otherwise one card per different point value of the group.
        """
        is_max = self.is_max
        mine = is_max[seat]
        if win_pos >= 0:
            top = self.trick[win_pos]
            led, beating = self.trick[0] // 9, beaters(self.card_tables, top, self.trump)
            top_side = is_max[(self.leader + win_pos) % self.n]
        top_decided = None  # does the side of the current top card take the trick? (when asked)
        out: list[int] = []
        for s in range(4):
            if not allowed & SUIT_MASKS[s]:
                continue
            entry = self._suit_groups(s, allowed, same_points=False)
            if not entry[4]:  # every group a single card
                out += entry[0]
                continue
            for (dearest, cheapest), reps in zip(entry[2], entry[3]):
                if dearest == cheapest:
                    out.append(dearest)
                    continue
                if win_pos < 0:
                    side, decided = mine, self._takes_trick(dearest, mine, seat, s)
                elif beating >> dearest & 1:
                    side, decided = mine, self._takes_trick(dearest, mine, seat, led)
                else:
                    if top_decided is None:
                        top_decided = self._takes_trick(top, top_side, seat, led)
                    side, decided = top_side, top_decided
                if decided:
                    out.append(dearest if side == mine else cheapest)
                else:
                    out += reps
        return out

    def _takes_trick(self, card: int, side: bool, seat: int, led: int) -> bool:
        """With ``card`` on top of a trick led in suit ``led`` once ``seat`` has played, does
        ``side`` surely take it?

        True when nobody of the other side still to play can beat ``card``; a player holding the
        led suit must follow it, so only with a card of the led suit.
        """
        n, hands, is_max = self.n, self.hands, self.is_max
        beating = beaters(self.card_tables, card, self.trump)
        led_cards = SUIT_MASKS[led]
        for i in range(1, n - len(self.trick)):
            player = (seat + i) % n
            if is_max[player] == side:
                continue
            hand = hands[player]
            if hand & (beating & led_cards if hand & led_cards else beating):
                return False
        return True

    def _suit_groups(self, suit: int, allowed: int, same_points: bool = True) -> SuitGroups:
        """``(kept cards, groups, (dearest, cheapest) of each group, one card per point value of
        each group, whether any group has more than one card)`` of the legal cards of one suit,
        cached by that suit's state."""
        shift = 9 * suit
        key = (
            (allowed >> shift & 511)
            | (self.live >> shift & 511) << 9
            | (self.declared >> suit & 1) << 18
            | suit << 19
            | same_points << 21
        )
        entry = self.group_cache.get(key)
        if entry is None:
            groups = self._groups(suit, allowed, same_points)
            cp = self.card_points.__getitem__
            picks = tuple((max(g, key=cp), min(g, key=cp)) for g in groups)
            # one card (the strongest) per different point value of each group
            point_reps = tuple(tuple({cp(c): c for c in reversed(g)}.values())[::-1] for g in groups)
            multiple = any(len(g) > 1 for g in groups)
            entry = self.group_cache[key] = (tuple(g[0] for g in groups), groups, picks, point_reps, multiple)
        return entry

    def _groups(self, suit: int, allowed: int, same_points: bool = True) -> tuple[tuple[int, ...], ...]:
        """Groups of equivalent legal cards of ``suit``, strongest first.

        Equivalent: next to each other among the live cards of the suit (no card of another
        hand or of the trick between them) and, with ``same_points``, worth the same points; a
        king or queen of a suit not yet declared is never merged, since it can still make a pair.
        """
        live = self.live
        cp = self.card_points
        protected_bits = 0 if self.declared >> suit & 1 else PAIR_BITS[suit]
        groups: list[list[int]] = []
        kept = -1
        for c in self.suit_order[suit]:
            bit = 1 << c
            if not live & bit:
                continue
            if allowed & bit:
                if kept >= 0 and (cp[c] == cp[kept] or not same_points) and not (protected_bits & (bit | 1 << kept)):
                    groups[-1].append(c)
                    continue
                groups.append([c])
                kept = c
            else:
                kept = -1
        return tuple(tuple(g) for g in groups)

    def _relative_hands(self) -> int:
        """The hands by relative rank: per suit, the owner and class of each live card, strongest first.

        Two positions with the same relative hands play the same: every rule and the trick
        winner depend only on suits, the order of the live cards, their points and which cards
        are kings and queens. Each suit's code is cached by the suit's part of every hand; the
        four codes are packed into one int, 60 bits each (a code takes at most 1 + 9 * 6 bits), a
        cheaper table key than a tuple.
        """
        hands = self.hands
        cache = self.suit_codes
        out = 0
        for s in range(4):
            shift = 9 * s
            part = (s, *[h >> shift & 511 for h in hands])
            code = cache.get(part)
            if code is None:
                code = cache[part] = self._suit_code(s)
            out = out << 60 | code
        return out

    def _suit_code(self, suit: int) -> int:
        hands = self.hands
        cls = self.card_class
        code = 1
        for c in self.suit_order[suit]:
            bit = 1 << c
            for owner in range(self.n):
                if hands[owner] & bit:
                    code = code * 64 + cls[c] * 4 + owner
                    break
        return code

    # -- search --------------------------------------------------------------------------------
    def _upper_bound(self) -> int:
        """Points still available to the MAX side: every card, the last trick, its possible pairs."""
        total = self.remaining + self.last_bonus + (0 if self.min_won else self.sweep_bonus)
        mine = self._max_hands()
        for s in range(4):
            if not self.declared >> s & 1 and mine & PAIR_BITS[s] == PAIR_BITS[s]:
                total += self.bonus[s]
        return total

    def _max_hands(self) -> int:
        """The cards in the hands of the MAX side."""
        mine = 0
        for seat in self.max_seats:
            mine |= self.hands[seat]
        return mine

    def _all_hands(self) -> int:
        """The cards in every hand."""
        every = 0
        for hand in self.hands:
            every |= hand
        return every

    def _bounds(self) -> tuple[int, int]:
        """``(lower, upper)`` bounds on the value at a trick boundary.

        At most the points still available to the MAX side (``_upper_bound``). Each side surely
        wins the points the leader can cash with top cards (when it leads) and those of the top
        trumps it holds (once the trump is settled); the two overlap (the leader's top trumps),
        so only the larger counts. A MAX leader who may declare a pair (or complete one with a
        half question) surely gets its bonus and then what it can cash under the new trump.
        When the others lead against a lone player, see ``_sure_winners``.
        """
        sure = self._sure_points(self.leader)
        side, trumps = self._master_trumps() if self.trump >= 0 else (None, 0)
        if self.is_max[self.leader]:
            mine, theirs = sure, 0
            if self.window_open:  # declaring first: the bonus, then cashing under the new trump
                for move in self._declaration_moves(self.leader, prune=True):
                    if DECLARE <= move < ASK_FULL or ASK_HALF <= move < ANSWER:  # makes its pair
                        suit = move % 100
                        mine = max(mine, self.bonus[suit] + self._sure_points(self.leader, trump=suit))
        else:
            mine, theirs = 0, sure
            if self.lone_max:
                mine = self._sure_winners()
        if side:
            mine = max(mine, trumps)
        elif side is not None:
            theirs = max(theirs, trumps)
        return mine, self._upper_bound() - theirs

    def _sure_winners(self) -> int:
        """Card points a lone MAX player surely wins while the others have the lead, when none
        of them holds a trump or can still declare a pair (a new trump); its own pairs do not
        matter, since declaring is its choice.

        Its winners are its cards above every card of the others in their suit (and all of
        its trumps): played on a lead of their suit, or led, nobody can beat them. One is lost
        only when discarded, on a lead of a suit it does not hold. Holding a trump, the lone
        player never discards: void in the led suit it must trump, takes the trick, and then
        leads its winners one by one. Without trumps, the others keep the lead only with
        leads of suits where it has no winner, each of which uses up one of its other cards
        (it follows or discards those first) and a card of the led suit from every other
        player holding one (they must follow). So if its other cards are at least as many as
        the longest holding among the others in each of those suits, summed, they must in
        the end lead a suit of its winners, and it takes that trick and the rest of its
        winners. Otherwise 0.
        """
        hands = self.hands
        seat = self.max_seats[0]
        for other, hand in enumerate(hands):
            if other != seat and has_pair(hand, self.declared):
                return 0
        mine = hands[seat]
        others = self.live & ~mine  # at a trick boundary: the others' hands
        trump = self.trump
        if trump >= 0 and others & SUIT_MASKS[trump]:
            return 0
        cache = self.winner_cache
        points = winners = their_leads = 0
        for s in range(4):
            shift = 9 * s
            part, their_part = mine >> shift & 511, others >> shift & 511
            key = part | their_part << 9 | s << 18
            found = cache.get(key)
            if found is None:
                found = cache[key] = self._top_cards(s, part, their_part)
            if found[1]:
                points += found[0]
                winners += found[1]
            else:  # each lead of this suit takes a card of it from every other player holding it
                their_leads += max((h >> shift & 511).bit_count() for i, h in enumerate(hands) if i != seat)
        if trump >= 0 and mine & SUIT_MASKS[trump]:
            return points
        return points if their_leads <= mine.bit_count() - winners else 0

    def _top_cards(self, suit: int, part: int, others: int, rounds: int = 9) -> tuple[int, int]:
        """``(points, number)`` of the cards of ``part`` above every card of ``others`` in
        ``suit`` (both: the suit's 9 bits of a hand), strongest first, at most ``rounds``."""
        cp = self.card_points
        points = count = 0
        for c in self.suit_order[suit]:
            if count == rounds:
                break
            bit = 1 << (c - 9 * suit)
            if part & bit:
                points += cp[c]
                count += 1
            elif others & bit:
                break
        return points, count

    def _sure_points(self, seat: int, trump: int | None = None) -> int:
        """Card points ``seat`` wins for certain by leading its top cards now, at a trick boundary
        (under ``trump``, by default the trump in force).

        ``seat`` leads, without declaring, the cards above every other live card of their suit:
        all of its top trumps, then in each other suit as many top cards as every other player
        holding a trump has cards of that suit to follow with. Nobody can beat those tricks, so
        ``seat`` keeps the lead and the trump stays; the others' answers never shorten another
        suit of a player who could trump it. Counts ``seat``'s own cards, the cards the others
        must follow with (a player holding the suit gives at least its cheapest cards of it, as
        many as the rounds led), and the last-trick bonus when the run takes every trick.
        """
        if self.tricks_played == 0:  # the first lead may be restricted
            return 0
        hands = self.hands
        mine = hands[seat]
        if trump is None:
            trump = self.trump
        others = [hands[p] for p in range(self.n) if p != seat]
        trumpers = [h for h in others if trump >= 0 and h & SUIT_MASKS[trump]]
        cache = self.cash_cache
        points = tricks = 0
        for s in range(4):
            shift = 9 * s
            part = mine >> shift & 511
            if not part:
                continue
            if s != trump and trumpers:
                rounds = min((h >> shift & 511).bit_count() for h in trumpers)
            else:
                rounds = 9
            key = (s, rounds, part, *[h >> shift & 511 for h in others])
            found = cache.get(key)
            if found is None:
                found = cache[key] = self._cash_suit(s, rounds, part, key[3:])
            points += found[0]
            tricks += found[1]
        if tricks == mine.bit_count():
            points += self.last_bonus
        return points

    def _cash_suit(self, suit: int, rounds: int, part: int, other_parts: Iterable[int]) -> tuple[int, int]:
        """``(points, tricks)`` of leading the top cards of ``suit`` at most ``rounds`` times
        (``part``: the leader's 9 bits of the suit, ``other_parts``: the other hands'; at a trick
        boundary they are all the live cards). Cached by ``_sure_points``: a suit's cards change
        far less often than the whole position."""
        others = 0
        for o in other_parts:
            others |= o
        points, cashed = self._top_cards(suit, part, others, rounds)
        cp = self.card_points
        if cashed:  # each other hand follows with its cheapest cards of the suit, as far as it can
            for o in other_parts:
                points += sum(sorted(cp[9 * suit + r] for r in range(9) if o >> r & 1)[:cashed])
        return points, cashed

    def _master_trumps(self) -> tuple[bool | None, int]:
        """``(side, points)``: once the trump can no longer change, the trumps above every trump
        of the other side win whatever tricks they fall in, so their points go to the side that
        holds them (``side``: True for the MAX side; None when there are none or a pair could
        still be declared).
        """
        mine = self._max_hands()
        # with partner questions a king and a queen held by partners can still make a pair
        holders = [mine, self._all_hands() ^ mine] if self.questions else self.hands
        if any(pair_suits(hand, self.declared) for hand in holders):
            return None, 0
        live = self.live
        side = None
        points = 0
        cp = self.card_points
        for c in self.suit_order[self.trump]:
            bit = 1 << c
            if not live & bit:
                continue
            if side is None:
                side = bool(mine & bit)
            elif bool(mine & bit) != side:
                break
            points += cp[c]
        return side, points

    def _last_trick(self) -> int:
        """Every player holds one card and nothing can be declared: the trick plays itself."""
        n = self.n
        trick = [self.hands[(self.leader + i) % n].bit_length() - 1 for i in range(n)]
        winner = (self.leader + winning_position(self.strength, trick, self.trump)) % n
        if not self.is_max[winner]:
            return 0
        cp = self.card_points
        sweep = 0 if self.min_won else self.sweep_bonus
        return sum(cp[c] for c in trick) + self.last_bonus + sweep

    def search(self, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta on the points still to come for the MAX side."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            self._over_limit()
        if beta <= 0:  # no side ever loses points: the value is at least 0
            return 0
        boundary = not self.trick and self.pending is None
        if boundary:
            if self.hands[self.leader] == 0:
                return 0
            if self.tricks_played == self.hand_size - 1 and (
                not self.window_open or not self._declaration_moves(self.leader, prune=True)
            ):
                return self._last_trick()  # exact, and cheaper than the table
            hands = tuple(self.hands)
            rel = self.relative.get(hands)
            if rel is None:
                rel = self.relative[hands] = self._relative_hands()
            key: tuple[object, ...] = (rel, self.leader, self.trump, self.declared, self.window_open, self.asked)
            if self.sweep_bonus:
                key += (self.min_won,)
            entry = self.tt.get(key)
            if entry is None:  # a new position: start from the bounds it shows by itself
                entry = self.tt[key] = (*self._bounds(), -1)
            lower, upper, best_move = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
            alpha0, beta0 = alpha, beta
        seat = self.seat_to_move()
        moves = self.moves(seat)
        if boundary:
            # the table's move first, then the lead that last cut off at this trick
            killer = self.killers.get((self.tricks_played, seat, self.trump), -1)
            if killer in moves:
                moves.remove(killer)
                moves.insert(0, killer)
            if best_move in moves:
                moves.remove(best_move)
                moves.insert(0, best_move)
        maximize = self.is_max[seat]
        best = -INF if maximize else INF
        chosen = moves[0]
        snap = self.snapshot()
        for move in moves:
            gain = self.apply_move(move, seat)
            value = gain + self.search(alpha - gain, beta - gain)
            self.undo_move(move, seat, snap)
            if maximize:
                if value > best:
                    best, chosen = value, move
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            else:
                if value < best:
                    best, chosen = value, move
                    if best < beta:
                        beta = best
                        if alpha >= beta:
                            break
        if boundary:  # lower, upper and best_move are still the table entry's, read above
            if best <= alpha0:
                upper = min(upper, best)
            elif best >= beta0:
                lower = max(lower, best)
            else:
                lower = upper = best
            if (best >= beta0) if maximize else (best <= alpha0):  # a cut-off (killer heuristic)
                self.killers[(self.tricks_played, seat, self.trump)] = chosen
            elif (best <= alpha0) if maximize else (best >= beta0):
                chosen = best_move  # every move failed: keep the move that once cut off
            self.tt[key] = (lower, upper, chosen)
        return best

    def value(self, start: int | None = None) -> int:
        """Exact value by a sequence of zero-window searches ("is it at least beta?").

        Values run to a hundred points or more and the bounds a failed search returns are often
        only one point from its test, so plain MTD(f) would need dozens of searches. Instead:

        - when the other side has more players than the MAX side (the individual games with
          three or more players) and there is a guess (``start``: the value of the root action
          solved before), proving that MAX *reaches* a value is by far the dearer proof, so
          the tests start at the guess, above the value, and step down to each upper bound
          found, so that only the last search succeeds (a ``start`` that proves too low first
          climbs in doubling steps);
        - otherwise (no guess, or two equal sides) the test point leaves ``start`` (or 1) in
          doubling steps until the value is bracketed, then halves the bracket. Without a guess
          this is cheaper than coming down from the upper bound even against two (measured:
          6 % less time on the three-player deals), since the low tests are cut short by the
          lower bounds.

        Either way, a failed search whose bound jumps well past its test is followed by a test
        at that bound (the MTD(f) step), since such a bound is often the value itself.
        """
        # Every value is a multiple of ``unit`` (5 with the Ukrainian and German card points):
        # the bookkeeping below counts in units.
        unit = self.unit
        descend = self.descend and start is not None
        lower, upper = 0, self._upper_bound() // unit
        start = -(-(start or 1) // unit)
        beta = min(max(start, lower + 1), upper)
        step = 1
        last = 0  # +1 after a search that succeeded, -1 after one that failed
        bracketed = False
        while lower < upper:
            self.bracket = (lower * unit, upper * unit)  # proved so far (for an estimate if cut)
            g = self.search(beta * unit - 1, beta * unit)
            result = 1 if g >= beta * unit else -1
            if result > 0:
                lower = -(-g // unit)
            else:
                upper = g // unit
            if lower >= upper:
                break
            bracketed = bracketed or (last != 0 and result != last)
            step = step * 2 if result == last else 1
            last = result
            jumped = upper < beta - 1 if result < 0 else lower > beta
            if result < 0 and (descend or jumped):
                beta = max(upper, lower + 1)  # is the bound just found the value? (MTD(f))
            elif result > 0 and jumped:
                beta = min(lower + 1, upper)
            elif bracketed:
                beta = (lower + upper + 1) // 2
            elif result > 0:
                beta = min(lower + step, upper)
            else:
                beta = max(upper - step + 1, lower + 1)
        return lower * unit

    def at_least(self, target: int) -> bool:
        """Can the MAX side get at least ``target`` more points? (one zero-window search)"""
        return self.search(target - 1, target) >= target

    def root_moves(self) -> list[list[int]]:
        """Every legal move at the root, grouped: the first move of a group stands for the others.

        Equivalent cards (see ``_reduce``) form one group; every declaration and question is a
        group of its own, none left out.
        """
        seat = self.seat_to_move()
        every = self.moves(seat, reduce=False)
        cards = [m for m in every if m < 36]
        allowed = 0
        for c in cards:
            allowed |= 1 << c
        groups = [list(g) for s in range(4) if allowed & SUIT_MASKS[s] for g in self._suit_groups(s, allowed)[1]]
        # in the search's order (a good first guess); groups the search would not try, last
        rank = {m: i for i, m in enumerate(self.moves(seat))}
        groups.sort(key=lambda g: min(rank.get(c, len(rank)) for c in g))
        return [[m] for m in every if m >= 36] + groups

    def root_values(self, processes: int = 1) -> list[tuple[int, int]]:
        """``(move, exact value)`` for every legal move at the root; equivalent cards share a search.

        With ``processes`` > 1 (and ``os.fork``, so not in Pyodide), once the first group is
        solved and proved dear, a forked copy of the solver, its table included, solves the
        groups of half of the suits; see ``_fork_share``.
        """
        seat = self.seat_to_move()
        groups = self.root_moves()
        values: list[tuple[int, int] | None] = [None] * len(groups)
        values[0] = self._group_value(groups[0], seat, None)
        rest = list(range(1, len(groups)))
        if processes > 1 and len(rest) > 1 and self.nodes >= FORK_NODES:
            rest = self._fork_share(groups, seat, values, rest)
        self._solve_groups(groups, seat, values, rest)
        solved = cast(list[tuple[int, int]], values)  # every group solved by now
        return [(m, sum(solved[i])) for i, group in enumerate(groups) for m in group]

    def _group_value(self, group: list[int], seat: int, previous: int | None) -> tuple[int, int]:
        """``(points of the move, exact value after it)`` for the first move of ``group``;
        ``previous``, the value after the group solved before, is the first guess."""
        move = group[0]
        snap = self.snapshot()
        gain = self.apply_move(move, seat)
        child = self.value(None if previous is None else previous + self.descend)
        self.undo_move(move, seat, snap)
        return gain, child

    def _solve_groups(
        self, groups: list[list[int]], seat: int, values: list[tuple[int, int] | None], indices: list[int]
    ) -> None:
        """Solve the groups at ``indices`` in turn, each guessed from the one before."""
        previous = cast(tuple[int, int], values[0])[1]  # the first group is solved first
        for i in indices:
            values[i] = value = self._group_value(groups[i], seat, previous)
            previous = value[1]

    def _fork_share(
        self, groups: list[list[int]], seat: int, values: list[tuple[int, int] | None], indices: list[int]
    ) -> list[int]:
        """Let a forked child process solve part of ``indices``; return the ones still to be
        solved here (all of them when no child can be started or the child fails).

        The child takes the groups of the higher half of the suits among them: the moves of one
        suit share most of their table entries, so a split by suit loses the least of them.
        """
        if not hasattr(os, "fork") or threading.active_count() > 1:  # Pyodide; or threads to fork
            return indices
        suit_of = {i: groups[i][0] // 9 if groups[i][0] < 36 else -1 for i in indices}
        suits = sorted(set(suit_of.values()))
        theirs = [i for i in indices if suit_of[i] in suits[len(suits) // 2 :]]
        mine = [i for i in indices if i not in theirs]
        if not theirs or not mine:
            theirs, mine = indices[1::2], indices[0::2]
        try:
            read_end, write_end = os.pipe()
            pid = os.fork()
        except OSError:
            return indices
        if pid == 0:  # the child: solve its share, send the values and the node count, leave
            status = 1
            try:
                os.close(read_end)
                nodes = self.nodes
                self._solve_groups(groups, seat, values, theirs)
                os.write(write_end, json.dumps([[values[i] for i in theirs], self.nodes - nodes]).encode())
                status = 0
            finally:
                os._exit(status)
        os.close(write_end)
        with os.fdopen(read_end, "rb") as pipe:
            try:
                self._solve_groups(groups, seat, values, mine)
                data = pipe.read()
            except BaseException:  # interrupted: do not leave the child searching
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise
        _, status = os.waitpid(pid, 0)
        if status != 0 or not data:
            return theirs  # the child failed: solve its share here
        child_values, child_nodes = json.loads(data)
        for i, v in zip(theirs, child_values):
            values[i] = tuple(v)
        self.nodes += child_nodes
        return []


def move_to_action(move: int) -> Action:
    if move < 36:
        return Play(ALL_CARDS[move])
    if move < ASK_FULL:
        return Declare(Suit(move - DECLARE))
    if move == ASK_FULL:
        return AskFull()
    if move < ANSWER:
        return AskHalf(Suit(move - ASK_HALF))
    return Answer(None if move == ANSWER_NONE else Suit(move - ANSWER))


def best_line(solver: Solver, value: int) -> list[dict[str, int | str]]:
    """One line of best play from the solver's position to the end of the deal: each move keeps
    the value (``value``: the MAX side's points still to come). Zero-window searches on the
    solver's warm table; the solver's position is restored afterwards."""
    line: list[dict[str, int | str]] = []
    undo: list[tuple[int, int, Snapshot]] = []
    while solver.trick or solver.pending is not None or solver.hands[solver.leader]:
        seat = solver.seat_to_move()
        maximize = solver.is_max[seat]
        for move in solver.moves(seat):
            snap = solver.snapshot()
            gain = solver.apply_move(move, seat)
            rest = value - gain
            if solver.at_least(rest) if maximize else not solver.at_least(rest + 1):
                line.append({"seat": seat, "action": str(move_to_action(move))})
                undo.append((move, seat, snap))
                value = rest
                break
            solver.undo_move(move, seat, snap)
        else:  # cannot happen: some move keeps the value
            raise AssertionError("no move keeps the value")
    for move, seat, snap in reversed(undo):
        solver.undo_move(move, seat, snap)
    return line


def solve(deal: Deal, processes: int = 1, line: bool = False, solver: Solver | None = None) -> Solution:
    """Every legal action at a trick-play position with its value for the mover's side; with
    ``line``, also one line of best play to the end of the deal (``Solution.line``); ``solver``:
    a ``Solver(deal)`` made by the caller, for example with tables shared with earlier searches
    of the same side (see ``review.SolverPool``)."""
    solver = Solver(deal) if solver is None else solver
    values = solver.root_values(processes)
    # Values are from the MAX side's view; the mover is always on the MAX side here.
    best = max(v for _, v in values)
    order = {str(a): i for i, a in enumerate(deal.legal_actions())}
    actions = [ActionValue(str(move_to_action(m)), v, best - v, v == best) for m, v in values]
    actions.sort(key=lambda a: order.get(a.action, 99))
    rules = deal.rules
    return Solution(
        position=format_position(deal),
        to_move=cast(int, deal.to_move),  # trick play: somebody is to move
        side=solver.max_side,
        side_seats=rules.seats_of(solver.max_side),
        value=best,
        actions=actions,
        nodes=solver.nodes,
        line=best_line(solver, best) if line else None,
    )


class _ContractSearch:
    """Can the bidding side (the solver's MAX side) still make the contract? The scoring rules
    come from ``scoring``: the figure compared with the contract (rounding), and the conditions
    beyond points (``bidder_needs_card_points``: some card points; the bidder's Porvoo readings
    and house rule: a trick for the side or the bidder's seat; ``discard_needs_trick``: the
    discard counts once the bidder's seat wins a trick).

    Each such condition is a flag that play can only switch on (a trick won, a card point
    taken). While a flag that matters is still off, the moves are searched one by one (with a
    table); once every flag is on, the rest is one zero-window search of the solver."""

    CARD_POINTS, SIDE_TRICK, SEAT_TRICK = 1, 2, 4
    FLAGS = {"card_points": CARD_POINTS, "side_trick": SIDE_TRICK, "seat_trick": SEAT_TRICK}  # by scoring's name

    def __init__(self, solver: Solver, deal: Deal) -> None:
        from ..core.notation import points_taken
        from ..core.scoring import contract_needs, lowest_making_total

        rules = deal.rules
        self.solver = solver
        self.bidder = cast(int, deal.bidder)  # contract_status: a position with a contract
        side_seats = rules.seats_of(solver.max_side)
        have = sum(deal.points[s] for s in side_seats)
        have += sum(rules.bonus[d.suit] for d in deal.declarations if rules.side_of(d.seat) == solver.max_side)
        self.have = have
        self.target = lowest_making_total(rules, cast(int, deal.contract))
        unknown_tricks = deal.tricks_played - sum(deal.tricks)
        unknown_points = points_taken(deal) - sum(deal.points)
        side_points = sum(deal.points[s] for s in side_seats)
        side_tricks = sum(deal.tricks[s] for s in side_seats)
        flags = 0  # the conditions already met (or unknown, as scoring reads them: met)
        if side_points or unknown_points:
            flags |= self.CARD_POINTS
        if side_tricks or unknown_tricks:
            flags |= self.SIDE_TRICK
        if deal.tricks[self.bidder] or unknown_tricks:
            flags |= self.SEAT_TRICK
        self.flags = flags
        # conditions without which the contract is lost
        self.fatal = sum(self.FLAGS[need] for need in contract_needs(rules))
        # the discard counts only after a trick of the bidder's seat
        self.discard = sum(rules.points[c.rank] for c in deal.discard) if rules.discard_needs_trick else 0
        self.watched = self.fatal | (self.SEAT_TRICK if self.discard else 0)
        self.table: dict[tuple[tuple[int, ...], int, int, int, bool, tuple[Question, ...], int, int], bool] = {}

    def need(self, flags: int) -> int:
        """Points still to win for the contract, given the conditions met at the end."""
        discard_lost = self.discard if not flags & self.SEAT_TRICK else 0
        return self.target - (self.have - discard_lost)

    def makes_after(self, move: int, seat: int) -> bool:
        """Does the bidding side still make the contract after ``move`` (against best play)?"""
        solver = self.solver
        snap = solver.snapshot()
        flags, gain = self._apply(move, seat, self.flags)
        made = self._makes(self.need(flags) - gain if self.watched & ~flags == 0 else None, flags, gain)
        solver.undo_move(move, seat, snap)
        return made

    def _apply(self, move: int, seat: int, flags: int) -> tuple[int, int]:
        solver = self.solver
        trick = solver.trick
        completes = move < 36 and len(trick) == solver.n - 1
        points = sum(solver.card_points[c] for c in trick) + solver.card_points[move] if completes else 0
        gain = solver.apply_move(move, seat)
        if completes:
            winner = solver.leader
            if solver.is_max[winner]:
                flags |= self.SIDE_TRICK | (self.CARD_POINTS if points else 0)
            if winner == self.bidder:
                flags |= self.SEAT_TRICK
        return flags, gain

    def _makes(self, need: int | None, flags: int, gained: int) -> bool:
        """``need`` given when every watched condition is settled: then one solver search."""
        solver = self.solver
        if need is not None:
            return need <= 0 or solver.at_least(need)
        if not solver.trick and solver.pending is None and solver.hands[solver.leader] == 0:  # the deal is over
            return not self.fatal & ~flags and gained >= self.need(flags)
        key = None
        if not solver.trick and solver.pending is None:
            key = (
                tuple(solver.hands),
                solver.leader,
                solver.trump,
                solver.declared,
                solver.window_open,
                solver.asked,
                flags,
                gained,
            )
            if key in self.table:
                return self.table[key]
        seat = solver.seat_to_move()
        maximize = solver.is_max[seat]
        result = not maximize
        snap = solver.snapshot()
        for move in solver.moves(seat):
            new_flags, gain = self._apply(move, seat, flags)
            total = gained + gain
            settled = self.watched & ~new_flags == 0
            made = self._makes(self.need(new_flags) - total if settled else None, new_flags, total)
            solver.undo_move(move, seat, snap)
            if made == maximize:
                result = made
                break
        if key is not None:
            self.table[key] = result
        return result


def contract_status(deal: Deal) -> dict[str, object]:
    """Can the bidding side still make its contract, and with which of the mover's actions?

    "Make" is what the scoring says (``scoring.contract_made`` and the Porvoo and discard rules):
    ``have`` is the side's points so far (card points, the discard included, and bonuses),
    ``need`` what it still has to win. For a defender, ``defeating_actions`` are the actions
    after which the bidding side can no longer make it."""
    if deal.bidder is None:
        raise ValueError("the position has no contract (no bidder)")
    rules = deal.rules
    side = rules.side_of(deal.bidder)
    solver = Solver(deal, max_side=side)
    search = _ContractSearch(solver, deal)
    seat = solver.seat_to_move()
    making, every = [], []
    for group in solver.root_moves():  # equivalent cards share one search
        actions = [str(move_to_action(move)) for move in group]
        every += actions
        if search.makes_after(group[0], seat):
            making += actions
    order = {str(a): i for i, a in enumerate(deal.legal_actions())}
    making.sort(key=order.__getitem__)
    mover_on_side = rules.side_of(seat) == side
    can_make = bool(making) if mover_on_side else len(making) == len(every)
    defeating = [] if mover_on_side else sorted(set(every) - set(making), key=order.__getitem__)
    return {
        "bidder_side": side,
        "side_seats": rules.seats_of(side),
        "mover_side": "bidder" if mover_on_side else "defender",
        "have": search.have,
        "need": max(search.need(search.flags), 0),
        "can_make": can_make,
        "making_actions": making,
        "defeating_actions": defeating,
    }


def solve_position(position: str) -> dict[str, object]:
    from ..core.notation import parse_position

    return solve(parse_position(position)).to_dict()
