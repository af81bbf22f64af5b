"""The "normal" computer player: it guesses the hidden cards and tries its choices on the guesses.

It never reads another hand. From what its seat has seen (``observe``) it deals the unseen
cards at random in ways that agree with everything seen (``sample_deals``: voids shown by play,
declarations, answers, the widow once shown, bids), then scores each of its legal choices on
every made-up deal and takes the best on average:

* near the end of the deal (``SOLVER_TRICKS`` tricks or fewer left) with the perfect-information
  solver on each made-up deal (every legal card, declaration, question or answer scored exactly);
* earlier, by playing each made-up deal to its end with a quick policy (``_quick_move``: win
  cheaply, bank points on the partner's trick, cash top cards, declare the dearest pair), on the
  solver's search state so that the rules come from the same code;
* bids, discards, the exchange and the raise likewise by playing the made-up deals out, with the
  simple player's choices (``easy.computer_action``) for the steps before trick play.

What counts is the score of the deal for the player's side (``utility``): a bidder's side wins
or loses the contract, a defending side scores its points (or loses the bid in Porvoo), plus a
little for every point, so that among choices equally good for the contract more points are
better. The same random generator and the same deal give the same choice (deterministic).

``decide(deal, rng)`` returns a ``Decision``: the action and every choice it compared with its
average score over the guesses, which is what the hints on the play page explain. How many
guesses, and from how many tricks left the solver, is a ``Strength`` (the normal player's is
``NORMAL``, from the constants below; the expert player, ``engine.players.expert``, passes its own).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import cast

from ..core.actions import (
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
    Return,
)
from ..core.cards import Card, Rank
from ..core.deal import Deal
from ..core.declare import PAIR_BITS, half_completes, pair_suits
from ..core.play import SUIT_MASKS, beaters, duty_mask, mask_of, winning_position
from ..core.rules import RuleSet
from ..search.observe import Observation, observe, sample_deals
from ..search.solver import ANSWER, ANSWER_NONE, ASK_FULL, ASK_HALF, DECLARE, SearchCut, Snapshot, Solver

SOLVER_TRICKS = 5  # from this many tricks left (the current one included) the solver scores the choices
PLAY_SAMPLES = 32  # made-up deals per card choice played out with the quick policy
SOLVER_SAMPLES = 16  # made-up deals per choice scored by the solver
BID_SAMPLES = 40
EXCHANGE_SAMPLES = 16  # per candidate discard, give or return
CANDIDATES = 10  # discards, gives or returns tried (of up to a few hundred legal ones)
POINT_WEIGHT = 0.1  # each point of the side's total adds this much to the score of a deal
RAISE_MARGIN = 2.0  # a raise must gain at least this much on average


@dataclass(frozen=True)
class Strength:
    """How much a player of this kind thinks before it acts: how many made-up deals it scores
    its choices on, from how many tricks left the solver scores them and with how many of its
    nodes at most, and how many discards or exchanges it tries. The normal player is
    ``NORMAL``; the expert player (``engine.players.expert``) the same player with more."""

    # (tricks left at most, made-up deals the solver scores), fewest tricks first
    solver: tuple[tuple[int, int], ...] = ((SOLVER_TRICKS, SOLVER_SAMPLES),)
    # the solver's nodes for one decision in all: past them no more made-up deals are scored (the
    # one being searched is dropped; none scored: new made-up deals are played out, as earlier in
    # the deal), so that the slowest
    # move keeps within its time on any machine and the same deal gives the same choice; None: no bound
    solver_nodes: int | None = None
    play_samples: int = PLAY_SAMPLES
    bid_samples: int = BID_SAMPLES
    exchange_samples: int = EXCHANGE_SAMPLES
    candidates: int = CANDIDATES

    def solver_samples(self, tricks_left: int) -> int:
        """Made-up deals the solver scores with ``tricks_left`` tricks left; 0: play them out."""
        return next((samples for most, samples in self.solver if tricks_left <= most), 0)


NORMAL = Strength()


@dataclass
class Choice:
    """One action as the player scored it: averages over the made-up deals."""

    action: Action
    utility: float  # the deal score for the player's side, plus POINT_WEIGHT per point
    points: float  # the side's total at the end of the deal
    made: int | None = None  # bidding side: in how many made-up deals the contract was made

    def to_dict(self) -> dict[str, object]:
        return {
            "action": str(self.action),
            "utility": round(self.utility, 1),
            "score": round(self.utility - POINT_WEIGHT * self.points, 1),  # the expected deal score
            "points": round(self.points, 1),
            "made": self.made,
        }


@dataclass
class Decision:
    """What the normal player chose and why: every choice compared, best first."""

    action: Action
    seat: int
    phase: str
    method: str  # "forced", "must_open", "partner_holds", "solver" or "playout"
    samples: int = 0
    choices: list[Choice] = field(default_factory=list)
    contract: int | None = None  # the contract the scores were counted against (bids: the bid)
    defend: Choice | None = None  # auction: the score expected when someone else bids
    raise_to: int | None = None  # auction: the contract the bidder would then name (its raise)

    @property
    def compared(self) -> bool:
        """Whether the choices were valued on made-up deals (not a single legal action, not a
        rule of the player's that picks without comparing)."""
        return self.samples > 0

    def assumes(self) -> dict[str, object] | None:
        """What the figures rest on: how many made-up deals (each fitting everything the seat has
        seen), and how the players play them out: every player, the others included, as the
        normal player's quick play-out does ("normal") or perfectly with every card known
        ("solver"); the steps before trick play as the simple player makes them."""
        if not self.compared:
            return None
        return {"samples": self.samples, "others": "solver" if self.method == "solver" else "normal"}

    def to_dict(self) -> dict[str, object]:
        return {
            "action": str(self.action),
            "seat": self.seat,
            "phase": self.phase,
            "method": self.method,
            "samples": self.samples,
            "contract": self.contract,
            "choices": [c.to_dict() for c in self.choices],
            "defend": self.defend.to_dict() if self.defend else None,
            "raise_to": self.raise_to,
            "assumes": self.assumes(),
            # a raise is chosen only if it gains this much over holding (the hint says so)
            "raise_margin": RAISE_MARGIN if self.phase == "raise" else None,
        }


def normal_action(deal: Deal, rng: random.Random) -> Action:
    """The normal player's action for the seat to move (a legal one)."""
    return decide(deal, rng).action


def decide(
    deal: Deal,
    rng: random.Random,
    seat: int | None = None,
    include: Action | None = None,
    deadline: float | None = None,
    explain: bool = False,
    strength: Strength = NORMAL,
) -> Decision:
    """The normal player's decision for the seat to move, from what that seat has seen.

    ``include``: a legal action to score as well on the same made-up deals if the player would
    not try it by itself (a jump bid, a discard outside its candidates: the review's question
    "what did the choice made cost, by what the seat could see?"). It never changes the
    decision: the action chosen is the one the player picks from its own choices. ``explain``:
    value the choices even where the player's own rule picks without comparing them (the lowest
    opening bid when the seat must open), for the hint and the review.

    ``deadline`` (a ``time.perf_counter()`` reading; the deal review's clock): past it, no more
    made-up deals are scored (at least one is), so a slow or loaded machine scores fewer.
    ``strength``: how many made-up deals, and from when the solver (the expert player's is larger)."""
    seat = cast(int, deal.to_move) if seat is None else seat  # a deal over is refused below
    if seat != deal.to_move:
        raise ValueError(f"seat {seat} is not to move")
    obs = observe(deal, seat)
    legal = deal.legal_actions() if deal.phase in ("play", "auction", "raise") else []
    phase = deal.phase
    if phase == "auction":
        return _bid(obs, legal, rng, include, deadline, explain, strength)
    if phase in ("discard", "give", "return"):
        return _exchange(obs, deal, rng, include, deadline, strength)
    if phase == "raise":
        return _raise(obs, legal, rng, include, deadline, strength)
    if phase == "play":
        return _play(obs, legal, rng, deadline, strength)
    raise ValueError(f"nothing to decide: the deal is in the {phase} phase")


def _late(deadline: float | None, scored: int) -> bool:
    """Past ``deadline`` with at least one made-up deal scored: score no more."""
    import time

    return deadline is not None and scored > 0 and time.perf_counter() >= deadline


def hint_rng(deal: Deal, seat: int) -> random.Random:
    """The random generator of the normal player's advice to ``seat`` (the play page's hint and
    the review's "by what the seat could see"): drawn from what the seat knows at that moment
    (its hand and how many actions were made), so the hint and the review agree."""
    import zlib

    hand = ".".join(sorted(str(c) for c in deal.hands[seat]))
    return random.Random(zlib.crc32(f"{deal.rules.name}|{seat}|{hand}|{len(deal.history)}".encode()))


# -- scoring a made-up deal -----------------------------------------------------------------------
def utility(obs: Observation, contract: int | None, total: float, tricks: int, bidder_side: int | None) -> float:
    """The deal score of the player's side with ``total`` points and ``tricks`` tricks, plus a
    little per point (an estimate: rounding and the card-points condition are left out)."""
    rules = obs.rules
    if bidder_side is None or contract is None:
        score = total
    elif bidder_side == obs.side:
        score = contract if total >= contract else -contract
    elif rules.porvoo and tricks == 0:
        score = -(obs.bid or contract)
    else:
        score = total
    return score + POINT_WEIGHT * total


def side_have(deal: Deal, side: int) -> tuple[int, int]:
    """Points (cards taken, the discard, bonuses declared) and tricks of ``side`` so far."""
    rules = deal.rules
    seats = rules.seats_of(side)
    points = sum(deal.points[s] for s in seats)
    points += sum(rules.bonus[d.suit] for d in deal.declarations if rules.side_of(d.seat) == side)
    if deal.is_over and deal.last_trick_winner in seats:
        points += rules.last_trick_bonus
    return points, sum(deal.tricks[s] for s in seats)


# -- the quick policy, on the solver's search state ------------------------------------------------
def action_move(action: Action) -> int:
    """The solver's move code of a trick-play action."""
    if isinstance(action, Play):
        return action.card.index
    if isinstance(action, Declare):
        return DECLARE + action.suit
    if isinstance(action, AskFull):
        return ASK_FULL
    if isinstance(action, AskHalf):
        return ASK_HALF + action.suit
    if isinstance(action, Answer):
        return ANSWER_NONE if action.suit is None else ANSWER + action.suit
    raise ValueError(f"{action} is not a trick-play action")


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _quick_move(sv: Solver, seat: int) -> int:
    """A sensible move for ``seat`` with every hand known (the play-out policy)."""
    bonus = sv.bonus
    if sv.pending is not None:
        suits = pair_suits(sv.hands[seat], sv.declared)
        return ANSWER + max(suits, key=bonus.__getitem__) if suits else ANSWER_NONE
    trick = sv.trick
    if not trick and sv.window_open:
        moves = sv._declaration_moves(seat, prune=True)  # questions only where they succeed
        if moves:
            partner = cast(int, sv.rules.partner_of(seat))  # questions: the pairs game

            def worth(m: int) -> int:
                if m < ASK_FULL:
                    return bonus[m - DECLARE]
                if m == ASK_FULL:
                    return max((bonus[s] for s in pair_suits(sv.hands[partner], sv.declared)), default=0)
                return bonus[m - ASK_HALF]

            return max(moves, key=worth)
    hand = sv.hands[seat]
    allowed = duty_mask(sv.rules, hand, trick, sv.trump, sv.tricks_played == 0, sv.card_tables)[0]
    if not allowed & (allowed - 1):
        return allowed.bit_length() - 1
    cp, strength, above = sv.card_points, sv.strength, sv.card_tables.above
    keep = 0  # kings and queens of an undeclared pair in this hand
    for s in range(4):
        if hand & PAIR_BITS[s] == PAIR_BITS[s] and not sv.declared >> s & 1:
            keep |= PAIR_BITS[s]
    spare = allowed & ~keep or allowed
    cards = list(_bits(spare))
    cheapest = min(cards, key=lambda c: (cp[c], strength[c]))
    others = sv.live & ~hand
    if not trick:
        masters = [c for c in cards if not above[c] & others]
        if masters and (sv.trump < 0 or not others & SUIT_MASKS[sv.trump] or any(c // 9 == sv.trump for c in masters)):
            return max(masters, key=lambda c: (c // 9 == sv.trump, cp[c], strength[c]))
        return cheapest
    win_pos = winning_position(strength, trick, sv.trump)
    top = trick[win_pos]
    top_seat = (sv.leader + win_pos) % sv.n
    led = trick[0] // 9
    rules = sv.rules
    mine = sv.is_max[seat]
    if rules.partnership and rules.side_of(top_seat) == rules.side_of(seat):
        if sv._takes_trick(top, mine, seat, led):  # the partner's card stays on top: add points
            return max(cards, key=lambda c: (bool(above[c] & others), cp[c], -strength[c]))  # keep top cards
        return cheapest
    winners = [c for c in cards if beaters(sv.card_tables, top, sv.trump) >> c & 1]
    if winners:
        safe = [c for c in winners if sv._takes_trick(c, mine, seat, led)]
        if safe:
            return max(safe, key=lambda c: (cp[c], -strength[c]))
        risky = min(winners, key=lambda c: (cp[c], strength[c]))
        if cp[risky] < 10:
            return risky
    return cheapest


def play_out(sv: Solver) -> tuple[int, int]:
    """Play the solver's position to the end with the quick policy and undo it again; returns
    the points (with bonuses) and the tricks the MAX side takes from here."""
    stack: list[tuple[int, int, Snapshot]] = []
    gain = tricks = 0
    while sv.trick or sv.pending is not None or sv.hands[sv.leader]:
        seat = sv.seat_to_move()
        move = _quick_move(sv, seat)
        snap = sv.snapshot()
        played = sv.tricks_played
        gain += sv.apply_move(move, seat)
        stack.append((move, seat, snap))
        if sv.tricks_played != played and sv.is_max[sv.leader]:
            tricks += 1
    for move, seat, snap in reversed(stack):
        sv.undo_move(move, seat, snap)
    return gain, tricks


def _finish(deal: Deal, side: int, rng: random.Random) -> tuple[int, int]:
    """Play a made-up deal from any phase after the auction to its end: the simple player's
    choices before trick play, the quick policy after. Returns ``side``'s total and tricks."""
    from .easy import computer_action

    deal = deal.copy()
    while deal.phase in ("discard", "give", "return", "raise"):
        deal._apply_unchecked(computer_action(deal, rng))
    have, tricks = side_have(deal, side)
    if deal.phase != "play":
        return have, tricks
    sv = Solver(deal, max_side=side)
    gain, won = play_out(sv)
    return have + gain, tricks + won


# -- trick play ---------------------------------------------------------------------------------
def _play(
    obs: Observation,
    legal: list[Action],
    rng: random.Random,
    deadline: float | None = None,
    strength: Strength = NORMAL,
) -> Decision:
    if len(legal) == 1:
        return Decision(legal[0], obs.seat, "play", "forced", choices=[Choice(legal[0], 0.0, 0.0)])
    rules = obs.rules
    tricks_left = rules.hand_size - len(obs.played()) // rules.players
    solver_samples = strength.solver_samples(tricks_left)
    exact = solver_samples > 0
    deals = sample_deals(obs, rng, solver_samples if exact else strength.play_samples, deadline=deadline)
    bidder_side = rules.side_of(obs.bidder) if obs.bidder is not None else None
    moves = {action_move(a): a for a in legal}
    results: dict[int, list[tuple[int, int]]] = {m: [] for m in moves}  # per made-up deal: (side total, side tricks)
    nodes = strength.solver_nodes
    for i, deal in enumerate(deals):
        if _late(deadline, i):
            deals = deals[:i]
            break
        have, tricks = side_have(deal, obs.side)
        sv = Solver(deal, max_side=obs.side)
        if exact:
            if nodes is not None:
                sv.set_budget(nodes=nodes)
                try:
                    values = dict(sv.root_values())
                except SearchCut:  # out of nodes: the deals scored so far decide
                    deals = deals[:i]
                    break
                nodes -= sv.nodes
            else:
                values = dict(sv.root_values())
            for m in moves:
                # the solver counts points, not tricks: a side without a trick that still gains
                # points wins one (points come only with tricks, and declaring needs a trick)
                results[m].append((have + values[m], tricks or int(values[m] > 0)))
            continue
        seat = sv.seat_to_move()
        for m in moves:
            snap = sv.snapshot()
            played = sv.tricks_played
            gain = sv.apply_move(m, seat)
            won = 1 if sv.tricks_played != played and sv.is_max[sv.leader] else 0
            rest, more = play_out(sv)
            sv.undo_move(m, seat, snap)
            results[m].append((have + gain + rest, tricks + won + more))
    if exact and not deals:  # not one made-up deal solved within the nodes: play them out instead
        later = tuple((most, samples) for most, samples in strength.solver if most < tricks_left)
        return _play(obs, legal, rng, deadline, replace(strength, solver=later))
    if exact:
        _unfuse_questions(obs, deals, results)
    sums = {m: [0.0, 0.0, 0] for m in moves}
    for m, outcomes in results.items():
        for total, tricks in outcomes:
            _add(sums[m], obs, total, tricks, bidder_side)
    return _best(obs, "play", "solver" if exact else "playout", deals, moves, sums, obs.contract)


def _unfuse_questions(obs: Observation, deals: list[Deal], results: dict[int, list[tuple[int, int]]]) -> None:
    """A partner question puts off the choice of card, and on each made-up deal the solver then
    picks the card best for that deal, which the player, not knowing the deal, cannot do (the
    "strategy fusion" of sampling): asking would look better than any card. Where the question
    fails (the partner has no pair, or not the other half), it is scored as the card that is best
    on average over those deals (no more than the solver's value of asking there, which also
    counts a lock-out)."""
    partner = cast(int, obs.partner)  # questions: the pairs game
    cards = [m for m in results if m < 36]
    for m in [m for m in results if m == ASK_FULL or ASK_HALF <= m < ANSWER]:
        failed = []
        for i, deal in enumerate(deals):
            mine, theirs = mask_of(deal.hands[obs.seat]), mask_of(deal.hands[partner])
            declared = sum(1 << d.suit for d in deal.declarations)
            succeeds = pair_suits(theirs, declared) if m == ASK_FULL else half_completes(mine, theirs, m - ASK_HALF)
            if not succeeds:
                failed.append(i)
        if not failed or not cards:
            continue
        best = max(
            cards, key=lambda c: sum(utility(obs, obs.contract, *results[c][i], _bidder_side(obs)) for i in failed)
        )
        for i in failed:
            asked, card = results[m][i], results[best][i]
            results[m][i] = min(asked, card)


def _bidder_side(obs: Observation) -> int | None:
    return obs.rules.side_of(obs.bidder) if obs.bidder is not None else None


def _add(acc: list[float], obs: Observation, total: float, tricks: int, bidder_side: int | None) -> None:
    acc[0] += utility(obs, obs.contract, total, tricks, bidder_side)
    acc[1] += total
    if bidder_side == obs.side and obs.contract is not None:
        acc[2] += total >= obs.contract


def _best(
    obs: Observation,
    phase: str,
    method: str,
    deals: list[Deal],
    moves: dict[int, Action],
    sums: dict[int, list[float]],
    contract: int | None,
    extra: Action | None = None,
) -> Decision:
    """The choices ranked; the player's pick is the first one that is not ``extra`` (an action
    scored only for the review)."""
    count = max(len(deals), 1)
    bidding = obs.bidder is not None and obs.rules.side_of(obs.bidder) == obs.side
    order = list(moves)
    # the third sum counts the deals in which the contract was made: a whole number
    choices = [
        Choice(moves[m], sums[m][0] / count, sums[m][1] / count, cast(int, sums[m][2]) if bidding else None)
        for m in order
    ]
    ranked = sorted(range(len(choices)), key=lambda i: (-round(choices[i].utility, 6), i))
    choices = [choices[i] for i in ranked]
    pick = next(c.action for c in choices if extra is None or c.action != extra)
    return Decision(pick, obs.seat, phase, method, len(deals), choices, contract)


# -- discard, give, return -----------------------------------------------------------------------
def keep_value(rules: RuleSet, hand: Sequence[Card], card: Card) -> int:
    """How much a card is worth keeping in hand before trick play (higher: keep)."""
    suit = [c for c in hand if c.suit is card.suit]
    ranks = {c.rank for c in suit}
    if card.rank in (Rank.KING, Rank.QUEEN) and {Rank.KING, Rank.QUEEN} <= ranks:
        return 300 + rules.bonus[card.suit] // 10
    if card.rank is Rank.ACE:
        return 250
    if card.rank is Rank.TEN:
        return 200 if Rank.ACE in ranks else 0  # a lone ten is best banked
    return 3 * rules.strength[card.rank] + 4 * len(suit) - rules.points[card.rank]


def give_value(rules: RuleSet, hand: Sequence[Card], card: Card) -> int:
    """How much a card helps the bidder (higher: give)."""
    return (
        rules.points[card.rank] * 20 + rules.strength[card.rank] + (40 if card.rank in (Rank.KING, Rank.QUEEN) else 0)
    )


def candidates(deal: Deal, limit: int = CANDIDATES) -> list[Action]:
    """The discards, gives or returns worth trying: the ``limit`` best by a static value, and
    the simple player's choice."""
    from .easy import computer_action

    rules = deal.rules
    phase = deal.phase
    seat = cast(int, deal.to_move)  # a discard or exchange: somebody is to move
    hand = deal.hands[seat]
    size = rules.widow_size if phase == "discard" else rules.exchange_size
    kinds: dict[str, type[Discard] | type[Give] | type[Return]] = {"discard": Discard, "give": Give, "return": Return}
    kind = kinds[phase]
    if phase == "give":
        values = {c: -give_value(rules, hand, c) for c in hand}
    else:
        values = {c: keep_value(rules, hand, c) for c in hand}
    ranked = sorted(itertools.combinations(hand, size), key=lambda cards: (sum(values[c] for c in cards), cards))
    out: list[Action] = []
    for cards in ranked:
        action = kind(tuple(cards))
        if deal.why_illegal(action) is None:
            out.append(action)
            if len(out) >= limit:
                break
    simple = computer_action(deal, random.Random(0))
    if simple not in out:
        out.append(simple)
    return out


def _exchange(
    obs: Observation,
    deal: Deal,
    rng: random.Random,
    include: Action | None = None,
    deadline: float | None = None,
    strength: Strength = NORMAL,
) -> Decision:
    options = candidates(deal, strength.candidates)
    if len(options) == 1 and include in (None, options[0]):
        return Decision(options[0], obs.seat, obs.phase, "forced", choices=[Choice(options[0], 0.0, 0.0)])
    extra = include is not None and include not in options
    if extra:
        options.append(
            cast(Action, include)
        )  # (extra: not None) scored last, on the same deals: the others' scores do not change
    deals = sample_deals(obs, rng, strength.exchange_samples, deadline=deadline)
    rules = obs.rules
    bidder_side = rules.side_of(cast(int, obs.bidder))  # a discard or exchange: after the auction
    moves = dict(enumerate(options))
    sums: dict[int, list[float]] = {m: [0.0, 0.0, 0] for m in moves}
    for i, made_up in enumerate(deals):
        if _late(deadline, i):
            deals = deals[:i]
            break
        for m, action in moves.items():
            copy = made_up.copy()
            copy._apply_unchecked(action)
            total, tricks = _finish(copy, obs.side, random.Random(m))
            _add(sums[m], obs, total, tricks, bidder_side)
    return _best(obs, obs.phase, "playout", deals, moves, sums, obs.contract, extra=include if extra else None)


# -- raise and bid ------------------------------------------------------------------------------
def raise_choices(
    rules: RuleSet, contract: int, amounts: list[int], totals: Sequence[float], include: int | None = None
) -> tuple[list[tuple[int, float, int]], float]:
    """The raise step's reasoning on made-up deals' totals: for holding ``contract`` and each
    raise in ``amounts``, the expected deal score (plus a little per point) and in how many deals
    it is made; the pick, best first. A raise beyond every total is not tried (it loses for
    sure), unless it is ``include``; a raise must gain ``RAISE_MARGIN`` over holding."""
    count = max(len(totals), 1)
    mean = sum(totals) / count
    scored: list[tuple[int, float, int]] = []  # (amount, expected, made)
    for amount in [contract, *amounts]:
        if scored and amount > max(totals, default=0) + rules.bid_step and amount != include:
            continue  # raises beyond every made-up deal's total lose for sure
        made = sum(t >= amount for t in totals)
        expected = (amount * made - amount * (count - made)) / count + POINT_WEIGHT * mean
        scored.append((amount, expected, made))
    hold = scored[0]
    ranked = sorted(scored, key=lambda c: -c[1])
    if ranked[0][1] < hold[1] + RAISE_MARGIN:  # not worth the risk
        ranked.remove(hold)
        ranked.insert(0, hold)
    return ranked, mean


def _raise(
    obs: Observation,
    legal: list[Action],
    rng: random.Random,
    include: Action | None = None,
    deadline: float | None = None,
    strength: Strength = NORMAL,
) -> Decision:
    deals = sample_deals(obs, rng, strength.bid_samples, deadline=deadline)
    totals: list[int] = []
    for i, d in enumerate(deals):
        if _late(deadline, i):
            deals = deals[:i]
            break
        totals.append(_finish(d, obs.side, random.Random(i))[0])
    amounts = [a.amount for a in legal if isinstance(a, Raise)]
    extra = include.amount if isinstance(include, Raise) else None
    contract = cast(int, obs.contract)  # the raise: after the auction
    ranked, mean = raise_choices(obs.rules, contract, amounts, totals, extra)
    choices: list[Choice] = [Choice(Hold() if a == contract else Raise(a), e, mean, made) for a, e, made in ranked]
    return Decision(choices[0].action, obs.seat, "raise", "playout", len(deals), choices, obs.contract)


def _raise_amounts(deal: Deal) -> list[int]:
    """The raises on offer to the bidder of a made-up deal once the auction is over (after the
    discard or the exchange, by the simple player's choices): none where the rules have no raise."""
    from .easy import computer_action

    deal = deal.copy()
    rng = random.Random(0)
    while deal.phase in ("discard", "give", "return"):
        deal._apply_unchecked(computer_action(deal, rng))
    if deal.phase != "raise":
        return []
    return [a.amount for a in deal.legal_actions() if isinstance(a, Raise)]


def _bid(
    obs: Observation,
    legal: list[Action],
    rng: random.Random,
    include: Action | None = None,
    deadline: float | None = None,
    explain: bool = False,
    strength: Strength = NORMAL,
) -> Decision:
    """Bid the lowest bid on offer or pass. A bid is valued as the bidder's deal score on the
    made-up deals, with the widow taken and the raise the player would then choose on those
    deals' totals (``raise_choices``: a hand that makes 145 is valued at 145, not at the bid);
    passing as the likeliest other bidder's defender. A seat that must open bids the lowest bid
    (method "must_open"); only when ``explain`` (the hint, the review) are its bids valued; a
    partner never bids against the partner holding the bid (method "partner_holds")."""
    rules = obs.rules
    bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda b: b.amount)
    can_pass = Pass() in legal
    if len(legal) == 1 or not bids:
        action = bids[0] if bids else (Pass() if can_pass else legal[0])
        return Decision(action, obs.seat, "auction", "forced", choices=[Choice(action, 0.0, 0.0)])
    if not can_pass:  # the seat must open: the lowest bid, the raise comes after the widow
        if not explain:  # a computer's move: nothing to compare, and its random draws stay as they were
            return Decision(bids[0], obs.seat, "auction", "must_open", choices=[Choice(bids[0], 0.0, 0.0)])
    high_bidder = _high_bidder(obs)
    if can_pass and rules.partnership and high_bidder == obs.partner:  # never bid against the partner
        return Decision(Pass(), obs.seat, "auction", "partner_holds", choices=[Choice(Pass(), 0.0, 0.0)])
    amounts = [bids[0].amount]
    if isinstance(include, Bid) and include.amount != amounts[0]:
        amounts.append(include.amount)  # a jump bid made, scored for the review
    deals = sample_deals(obs, rng, strength.bid_samples, deadline=deadline)
    as_bidder: dict[int, list[int]] = {a: [] for a in amounts}
    as_defender: list[float] = []
    defend_points: list[int] = []
    for i, deal in enumerate(deals):
        if _late(deadline, i):
            deals = deals[:i]
            break
        for amount in amounts:
            total, _ = _finish(_won_by(deal, obs.seat, amount), obs.side, random.Random(i))
            as_bidder[amount].append(total)
        other, contract = _likely_bidder(obs, deal, high_bidder) if can_pass else (None, 0)
        if other is None:
            continue
        total, tricks = _finish(_won_by(deal, other, contract), obs.side, random.Random(i))
        as_defender.append(utility(obs, contract, total, tricks, rules.side_of(other)))
        defend_points.append(total)
    scored: list[Choice] = []
    raise_to = None
    for amount in amounts:
        offered = _raise_amounts(_won_by(deals[0], obs.seat, amount)) if deals else []
        ranked, mean = raise_choices(rules, amount, offered, as_bidder[amount])
        contract, expected, made = ranked[0]
        scored.append(Choice(Bid(amount), expected, mean, made))
        if amount == amounts[0]:
            raise_to = contract
    bid = scored[0]
    if not can_pass:  # the lowest opening first, then a jump the review asked about
        return Decision(
            bid.action, obs.seat, "auction", "must_open", len(deals), scored, bids[0].amount, None, raise_to
        )
    defend = Choice(
        Pass(),
        sum(as_defender) / max(len(as_defender), 1),
        sum(defend_points) / max(len(defend_points), 1),
    )
    choices = [bid, defend] if bid.utility > defend.utility else [defend, bid]
    choices += scored[1:]
    return Decision(
        choices[0].action, obs.seat, "auction", "playout", len(deals), choices, bids[0].amount, defend, raise_to
    )


def _high_bidder(obs: Observation) -> int | None:
    high = None
    for seat, action in obs.auction:
        if isinstance(action, Bid):
            high = (seat, action.amount)
    return high[0] if high else None


def _likely_bidder(obs: Observation, deal: Deal, high_bidder: int | None) -> tuple[int | None, int]:
    """Who takes the contract if this seat passes, in a made-up deal, and at what: the player
    holding the bid, or the other side's strongest hand at the lowest bid."""
    from ..search.hand_value import hand_estimate

    rules = obs.rules
    if high_bidder is not None:
        return high_bidder, cast(int, deal.high_bid)  # a bid was made
    others = [s for s in range(rules.players) if rules.side_of(s) != obs.side and not deal.passed[s]]
    if not others:
        return None, 0
    return max(others, key=lambda s: hand_estimate(rules, deal.hands[s])), rules.min_bid


def _won_by(deal: Deal, seat: int, amount: int) -> Deal:
    """A copy of a made-up deal in the auction in which ``seat`` won the contract at ``amount``
    (what the others would have bid is not the question here)."""
    copy = deal.copy()
    copy.high_bid, copy.high_bidder = amount, seat
    copy._end_auction(seat)
    return copy


__all__ = ["Choice", "Decision", "NORMAL", "Strength", "decide", "normal_action", "utility", "action_move", "play_out"]
