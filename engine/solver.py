"""Perfect-information (double-dummy) solver.

Given a trick-play position with every hand known, it scores every legal action of the player
to move: the points that player's **side** can guarantee for the rest of the deal (card points
of the tricks still to be won, the last-trick bonus, and the bonuses of declarations still to be
made). The side is the pair in the partnership games; in the individual games it is the player
to move alone, and the other players play together to minimise that player's points.

Trump declarations and partner questions are choices inside the search, and every rule comes
from ``play.duty_mask`` (card play) and ``declare`` (declarations), the same code the deal uses.

Technique: alpha-beta with a transposition table at trick boundaries holding bounds on the
points still to come (key: the hands, the leader, the trump, the declared suits, the declaration
window and the lock-outs), zero-window searches (MTD(f)) for exact values, equivalent-card
reduction (same suit and points, no live card between them; kings and queens of undeclared suits
are never merged), move ordering, and a cut-off on the points still available.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Answer, AskFull, AskHalf, Declare, Play
from .cards import ALL_CARDS, Suit
from .declare import (
    PAIR_BITS,
    half_completes,
    half_suits,
    pair_suits,
    pairs_broken,
    questions_allowed,
    questions_over,
    window_after_trick,
)
from .play import SUIT_MASKS, duty_mask, mask_of, tables, winning_position

# Move codes inside the search: 0..35 play that card; the rest are declarations.
DECLARE = 100  # + suit
ASK_FULL = 200
ASK_HALF = 300  # + suit
ANSWER = 400  # + suit
ANSWER_NONE = 499

INF = 10**6


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

    def to_dict(self) -> dict:
        return {
            "position": self.position,
            "to_move": self.to_move,
            "side": self.side,
            "side_seats": self.side_seats,
            "value": self.value,
            "actions": [a.__dict__ for a in self.actions],
            "best": [a.action for a in self.actions if a.best],
            "nodes": self.nodes,
        }


class Solver:
    """Search state for one position; ``max_side`` defaults to the side of the player to move."""

    def __init__(self, deal, max_side: int | None = None):
        if deal.phase != "play":
            raise ValueError(f"the solver needs a trick-play position; this deal is in the {deal.phase} phase")
        rules = deal.rules
        self.rules = rules
        self.n = rules.players
        self.max_side = rules.side_of(deal.to_move) if max_side is None else max_side
        self.is_max = [rules.side_of(s) == self.max_side for s in range(self.n)]
        t = tables(rules)
        self.strength = t.strength
        self.card_points = [rules.points[i % 9] for i in range(36)]
        self.bonus = rules.bonus
        self.last_bonus = rules.last_trick_bonus
        self.questions = questions_allowed(rules)
        self.hand_size = rules.hand_size
        # suit order by strength, strongest first, for equivalent-card reduction
        self.suit_order = [sorted(range(9 * s, 9 * s + 9), key=lambda c: -self.strength[c]) for s in range(4)]
        self.hands = [mask_of(h) for h in deal.hands]
        self.trick = [c.index for c in deal.trick]
        self.leader = deal.leader
        self.trump = -1 if deal.trump is None else int(deal.trump)
        self.declared = 0
        for d in deal.declarations:
            self.declared |= 1 << d.suit
        self.window = deal.declare_state if not deal.trick else "none"
        self.pending = deal.pending_question
        self.half_askers = tuple(deal.half_askers)
        self.tricks_played = deal.tricks_played
        self.max_seats = [s for s in range(self.n) if self.is_max[s]]
        # high cards first when leading
        self.lead_order = [-self.strength[c] - self.card_points[c] * 10 for c in range(36)]
        self.live = 0  # cards still in a hand or in the current trick
        for h in self.hands:
            self.live |= h
        for c in self.trick:
            self.live |= 1 << c
        self.remaining = sum(self.card_points[c] for c in range(36) if self.live >> c & 1)
        self.tt: dict = {}
        self.nodes = 0

    # -- state changes -------------------------------------------------------------------------
    def _snapshot(self):
        return (
            self.trick,
            self.live,
            self.remaining,
            self.leader,
            self.trump,
            self.declared,
            self.window,
            self.pending,
            self.half_askers,
            self.tricks_played,
        )

    def _restore(self, snap):
        (
            self.trick,
            self.live,
            self.remaining,
            self.leader,
            self.trump,
            self.declared,
            self.window,
            self.pending,
            self.half_askers,
            self.tricks_played,
        ) = snap

    def _apply(self, move: int, seat: int) -> int:
        """Carry out a move; return the points it gives the MAX side now."""
        if move < 36:
            self.hands[seat] ^= 1 << move
            trick = self.trick
            trick.append(move)
            self.window = "none"
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
            self.tricks_played += 1
            trick_leader = self.leader
            self.leader = winner
            self.trick = []
            if self.hands[winner] == 0:
                if self.is_max[winner]:
                    gain += self.last_bonus
                self.window = "none"
            else:
                self.window = window_after_trick(self.rules, winner, trick_leader)
            return gain
        side_gain = self.is_max[seat]
        if move < ASK_FULL:
            suit = move - DECLARE
            self._declare(suit)
            self.window = "used"
            return self.bonus[suit] if side_gain else 0
        if move == ASK_FULL:
            self.pending = seat
            self.window = "used"
            return 0
        if move < ANSWER:
            suit = move - ASK_HALF
            self.window = "used"
            self.half_askers = self.half_askers + (seat,)
            partner = self.rules.partner_of(seat)
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

    def _undo(self, move: int, seat: int, snap) -> None:
        self._restore(snap)
        if move < 36:
            self.hands[seat] |= 1 << move
            self.trick.pop()

    # -- move generation -----------------------------------------------------------------------
    def _to_move(self) -> int:
        if self.pending is not None:
            return self.rules.partner_of(self.pending)
        return (self.leader + len(self.trick)) % self.n

    def _declaration_moves(self, seat: int, prune: bool) -> list[int]:
        """Declarations and questions open to ``seat``.

        With ``prune`` (inside the search, never at the root) questions that cannot succeed are
        left out: a failed half question or a full-pair question to a partner without a pair
        only uses up the window (and may lock the pair out), so it is never better for the asking
        side than leading at once, which is always among the moves.
        """
        rules = self.rules
        hand = self.hands[seat]
        moves = []
        if not pairs_broken(rules, seat, self.half_askers):
            moves += [DECLARE + s for s in pair_suits(hand, self.declared)]
        if self.questions and not questions_over(rules, seat, self.half_askers):
            partner_hand = self.hands[rules.partner_of(seat)]
            if not prune or pair_suits(partner_hand, self.declared):
                moves.append(ASK_FULL)
            moves += [
                ASK_HALF + s
                for s in half_suits(hand, self.declared)
                if not prune or half_completes(hand, partner_hand, s)
            ]
        return moves

    def moves(self, seat: int, reduce: bool = True) -> list[int]:
        """Legal moves of ``seat`` (the player to move), best-looking first."""
        if self.pending is not None:
            suits = pair_suits(self.hands[seat], self.declared)
            return [ANSWER + s for s in suits] or [ANSWER_NONE]
        trick = self.trick
        allowed = duty_mask(self.rules, self.hands[seat], trick, self.trump, self.tricks_played == 0)[0]
        if not allowed & (allowed - 1):  # a single legal card: nothing to reduce or order
            cards = [allowed.bit_length() - 1]
            if not trick and self.window == "open":
                return self._declaration_moves(seat, prune=reduce) + cards
            return cards
        cards = self._reduce(allowed, seat) if reduce else [c for c in range(36) if allowed >> c & 1]
        strength = self.strength
        cp = self.card_points
        if trick:
            win_pos = winning_position(strength, trick, self.trump)
            top = trick[win_pos]
            partner_wins = self.is_max[(self.leader + win_pos) % self.n] == self.is_max[seat]
            top_suit, trump = top // 9, self.trump
            top_strength = strength[top]
            # Partner winning: throw points on it, keep winners. Otherwise: the cheapest card that
            # wins first, then the cheapest losers.
            keys = {}
            for c in cards:
                suit = c // 9
                beats = (suit == top_suit and strength[c] > top_strength) or (suit == trump and top_suit != trump)
                if partner_wins:
                    keys[c] = (100000 if beats else 0) - cp[c] * 100 + strength[c]
                else:
                    keys[c] = strength[c] if beats else 100000 + cp[c] * 100 + strength[c]
            cards.sort(key=keys.__getitem__)
        else:
            cards.sort(key=self.lead_order.__getitem__)
        if not trick and self.window == "open":
            return self._declaration_moves(seat, prune=reduce) + cards
        return cards

    def _reduce(self, allowed: int, seat: int) -> list[int]:
        """One card from each group of equivalent legal cards."""
        live = self.live
        cp = self.card_points
        out = []
        for s in range(4):
            if not allowed & SUIT_MASKS[s]:
                continue
            protected_bits = 0 if self.declared >> s & 1 else PAIR_BITS[s]
            kept = -1
            for c in self.suit_order[s]:
                bit = 1 << c
                if not live & bit:
                    continue
                if allowed & bit:
                    if kept >= 0 and cp[c] == cp[kept] and not (protected_bits & (bit | 1 << kept)):
                        continue
                    out.append(c)
                    kept = c
                else:
                    kept = -1
        return out

    # -- search --------------------------------------------------------------------------------
    def _upper_bound(self) -> int:
        """Points still available to the MAX side: every card, the last trick, its possible pairs."""
        total = self.remaining + self.last_bonus
        mine = 0
        for seat in self.max_seats:
            mine |= self.hands[seat]
        for s in range(4):
            if not self.declared >> s & 1 and mine & PAIR_BITS[s] == PAIR_BITS[s]:
                total += self.bonus[s]
        return total

    def _last_trick(self) -> int:
        """Every player holds one card and nothing can be declared: the trick plays itself."""
        n = self.n
        trick = [self.hands[(self.leader + i) % n].bit_length() - 1 for i in range(n)]
        winner = (self.leader + winning_position(self.strength, trick, self.trump)) % n
        if not self.is_max[winner]:
            return 0
        cp = self.card_points
        return sum(cp[c] for c in trick) + self.last_bonus

    def search(self, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta on the points still to come for the MAX side."""
        self.nodes += 1
        boundary = not self.trick and self.pending is None
        if boundary:
            if self.hands[self.leader] == 0:
                return 0
            key = (*self.hands, self.leader, self.trump, self.declared, self.window, self.half_askers)
            entry = self.tt.get(key)
            best_move = -1
            if entry is not None:
                lower, upper, best_move = entry
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                if lower > alpha:
                    alpha = lower
                if upper < beta:
                    beta = upper
            bound = self._upper_bound()
            if bound <= alpha:
                return bound
            alpha0, beta0 = alpha, beta
            if self.tricks_played == self.hand_size - 1 and (
                self.window != "open" or not self._declaration_moves(self.leader, prune=True)
            ):
                return self._last_trick()
        seat = self._to_move()
        moves = self.moves(seat)
        if boundary and best_move in moves:
            moves.remove(best_move)
            moves.insert(0, best_move)
        maximize = self.is_max[seat]
        best = -INF if maximize else INF
        chosen = moves[0]
        for move in moves:
            snap = self._snapshot()
            gain = self._apply(move, seat)
            value = gain + self.search(alpha - gain, beta - gain)
            self._undo(move, seat, snap)
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
        if boundary:
            lower, upper = (entry[0], entry[1]) if entry is not None else (-INF, INF)
            if best <= alpha0:
                upper = min(upper, best)
            elif best >= beta0:
                lower = max(lower, best)
            else:
                lower = upper = best
            self.tt[key] = (lower, upper, chosen)
        return best

    def value(self, guess: int = 0) -> int:
        """Exact value by MTD(f): a sequence of zero-window searches."""
        lower, upper = -INF, INF
        g = guess
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = self.search(beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
        return g

    def at_least(self, target: int) -> bool:
        """Can the MAX side get at least ``target`` more points? (one zero-window search)"""
        return self.search(target - 1, target) >= target

    def root_values(self) -> list[tuple[int, int]]:
        """``(move, exact value)`` for every legal move at the root (no equivalence reduction)."""
        seat = self._to_move()
        out = []
        guess = 0
        for move in self.moves(seat, reduce=False):
            snap = self._snapshot()
            gain = self._apply(move, seat)
            child = self.value(guess)
            guess = child
            self._undo(move, seat, snap)
            out.append((move, gain + child))
        return out


def move_to_action(move: int):
    if move < 36:
        return Play(ALL_CARDS[move])
    if move < ASK_FULL:
        return Declare(Suit(move - DECLARE))
    if move == ASK_FULL:
        return AskFull()
    if move < ANSWER:
        return AskHalf(Suit(move - ASK_HALF))
    return Answer(None if move == ANSWER_NONE else Suit(move - ANSWER))


def solve(deal) -> Solution:
    """Every legal action at a trick-play position with its value for the mover's side."""
    solver = Solver(deal)
    values = solver.root_values()
    # Values are from the MAX side's view; the mover is always on the MAX side here.
    best = max(v for _, v in values)
    order = {str(a): i for i, a in enumerate(deal.legal_actions())}
    actions = [ActionValue(str(move_to_action(m)), v, best - v, v == best) for m, v in values]
    actions.sort(key=lambda a: order.get(a.action, 99))
    rules = deal.rules
    return Solution(
        position=deal.position(),
        to_move=deal.to_move,
        side=solver.max_side,
        side_seats=[s for s in range(rules.players) if rules.side_of(s) == solver.max_side],
        value=best,
        actions=actions,
        nodes=solver.nodes,
    )


def contract_status(deal) -> dict:
    """Can the bidding side still make its contract, and with which of the mover's actions?"""
    if deal.bidder is None:
        raise ValueError("the position has no contract (no bidder)")
    rules = deal.rules
    side = rules.side_of(deal.bidder)
    have = sum(deal.points[s] for s in range(rules.players) if rules.side_of(s) == side)
    have += sum(rules.bonus[d.suit] for d in deal.declarations if rules.side_of(d.seat) == side)
    need = deal.contract - have
    solver = Solver(deal, max_side=side)
    seat = solver._to_move()
    making = []
    for move in solver.moves(seat, reduce=False):
        snap = solver._snapshot()
        gain = solver._apply(move, seat)
        ok = gain + solver.search(need - gain - 1, need - gain) >= need
        solver._undo(move, seat, snap)
        if ok:
            making.append(str(move_to_action(move)))
    mover_on_side = rules.side_of(deal.to_move) == side
    can_make = bool(making) if mover_on_side else len(making) == len(solver.moves(seat, reduce=False))
    return {"bidder_side": side, "have": have, "need": max(need, 0), "can_make": can_make, "making_actions": making}


def solve_position(position: str) -> dict:
    from .notation import parse_position

    return solve(parse_position(position)).to_dict()
