"""Deal review: every decision of one seat in a played deal, scored with every hand known.

As bridge players review a deal with a double-dummy solver, the review looks back with all the
cards face up and asks, at each decision of the chosen seat, how many points its side could
still take with best play from both sides after each choice (``solver``: the points to come;
in the individual games the other players are taken together against the seat). A choice's
**cost** is what it gave away against the best choice there. Reviewed:

* every card, declaration, partner question and answer: the value of the position (what the
  best action keeps), the exact value of the action made, and which actions are best (one
  zero-window search each: is it as good as the best?), all as ``solver.solve`` would give them
  (a single legal action is marked forced, with nothing to score);
* the discard after the widow, and the give and the return of the card exchange: what the
  bidder's side takes from the first trick on after each (with the discard's points). The
  choices compared are every distinct one where there are at most ``EXACT_LIMIT`` of them
  (discards that differ only by cards of equal power, next to each other in a suit and worth
  the same, count once) or when asked for (``exhaustive``); otherwise the one made and the
  normal player's ``CANDIDATES`` best by its static value, and the record says so (``exact``,
  ``compared``, ``distinct``). Each other choice is first tested against the one made with one
  zero-window search; only a better one gets its exact value (``at_most``: not better than the
  choice made). A give is scored with the bidder's best return among the ones compared (the
  one made, and the normal player's first ``RETURN_CANDIDATES``);
* the raise: the deal score of each contract (made or lost) with the side's total under best
  play from the first trick, against the best contract it could have named;
* the auction: whether the bidder's side makes the contract with best play from the first trick
  against the best defence, and its exact total where the reviewed seat's side is the bidder's
  (where the raise and the discard need it anyway).

Each decision then carries one figure on one basis and is blamed only where the seat could have
seen the mistake and the figure shows a loss (``Review._judge``); a blamed card or discard gets
the two lines of play and reasons in cards read from them (``reasons``). The summary is the deal
as it was played and its best line, never a sum of figures (``Review._summary``).

The work is split into steps (one solver search each, the solver's tables shared between the
searches of one side) so that the browser can show progress and stop between steps:
``Review(record, seat).run(step)``; ``run_all()`` does them all.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..core.actions import Answer, AskFull, AskHalf, Bid, Declare, Discard, Give, Hold, Pass, Play, Raise, Return
from ..core.cards import Rank
from ..core.deal import Deal
from ..core.notation import PositionError, format_position, format_record, parse_record
from ..core.scoring import contract_made, side_points
from ..core.story import CALL_KINDS, tell
from ..search.solver import SearchCut, Solver

EXACT_LIMIT = 12
CANDIDATES = 6
RETURN_CANDIDATES = 3
PLAY_KINDS = {Play: "card", Declare: "declare", AskFull: "ask", AskHalf: "ask", Answer: "answer"}
STEP_KINDS = ("make", "value", "decision")  # a later kind answers everything an earlier one does
POOL_ENTRIES = 1_500_000  # a side's shared solver table is emptied beyond this many entries
# The bounds of every review, the same in the command line and in the browser's worker: no solver
# step visits more than STEP_NODES nodes or runs past STEP_SECONDS, and the solver steps of one
# review visit no more than REVIEW_NODES nodes in all, none starting a search past REVIEW_SECONDS
# of the review's time (its evaluations by what the seat could see and its estimates included:
# an evaluation stops drawing and scoring made-up deals at the step's or the review's clock, and
# none starts once the review's clock has run out: the review says how many it had no time for,
# ``unevaluated``). The
# node budgets decide on an unloaded machine (about 0.5 s a step, 4 s a review in CPython; twice
# that in Pyodide) and give the same review everywhere; the clock only steps in on a slow or
# loaded one. A search cut short gives an estimate instead (``estimate``): the quick play-out of
# ``engine.players.normal`` from that position, kept within the bounds the search had proved.
STEP_NODES = 100_000
REVIEW_NODES = 800_000
STEP_SECONDS = 3.0
REVIEW_SECONDS = 9.0  # the browser's complete review within 10 s: its messages and drawing take the rest
BLAME_MARGIN = 5  # by what the seat could see, a choice this close to the hint's is not blamed


@dataclass(frozen=True)
class Budget:
    """Budgets of a review's solver steps (``None``: unbounded)."""

    step: int | None = STEP_NODES
    review: int | None = REVIEW_NODES
    step_seconds: float | None = STEP_SECONDS
    review_seconds: float | None = REVIEW_SECONDS


BOUNDED = Budget()
UNBOUNDED = Budget(None, None, None, None)


def bid_why(rules, amount: int, best_total: int) -> list[dict]:
    """The winning bid's reason: a bid of ``amount`` above what best play from the first trick
    takes (``best_total``). Judged on the bid's own amount, not the contract a raise made of it
    (the raise has its own reason)."""
    from .reasons import bid_reasons

    return bid_reasons(amount, best_total, contract_made(rules, amount, best_total, True))


class SolverPool:
    """Solvers for one rule set that share their tables per side: every table entry is a fact
    about a position for that side, whatever the root of the search, so later searches on the
    same deal start from everything the earlier ones proved."""

    def __init__(self):
        self.tables: dict[int, dict] = {}

    def solver(self, deal: Deal, side: int) -> Solver:
        shared = self.tables.get(side)
        if shared is not None and len(shared["tt"]) > POOL_ENTRIES:
            shared = None
        solver = Solver(deal, max_side=side, shared=shared)
        self.tables[side] = solver.search_tables()
        return solver


# -- the choices at a discard, give or return -------------------------------------------------------
def _discard_groups(deal: Deal) -> list[list]:
    """The bidder's cards in groups of equal power for a discard: the same suit and points, no
    card of another hand between them, never a king or queen (which can make a pair). A
    discarded card leaves play, so discarding one card of a group or another leaves the same
    game: only how many of each group go counts. Strongest first within a group."""
    rules = deal.rules
    seat = deal.to_move
    strength, points = rules.strength, rules.points
    elsewhere = [c for s, h in enumerate(deal.hands) if s != seat for c in h]
    groups: list[list] = []
    for suit in range(4):
        held = sorted((c for c in deal.hands[seat] if c.suit == suit), key=lambda c: -strength[c.rank])
        previous = None
        for card in held:
            joins = (
                previous is not None
                and points[card.rank] == points[previous.rank]
                and Rank.KING not in (card.rank, previous.rank)
                and Rank.QUEEN not in (card.rank, previous.rank)
                and not any(
                    c.suit == suit and strength[card.rank] < strength[c.rank] < strength[previous.rank]
                    for c in elsewhere
                )
            )
            if joins:
                groups[-1].append(card)
            else:
                groups.append([card])
            previous = card
    return groups


def canonical(deal: Deal, action):
    """A discard as the representative of its class (the weakest cards of each group); gives
    and returns as they are (their cards change hands, so none are interchangeable)."""
    if not isinstance(action, Discard):
        return action
    chosen = set(action.cards)
    cards = []
    for group in _discard_groups(deal):
        count = sum(1 for c in group if c in chosen)
        cards += group[len(group) - count :]
    return Discard(tuple(sorted(cards, key=lambda c: c.index)))


def distinct_choices(deal: Deal) -> list:
    """Every legal discard, give or return, one per class of interchangeable choices."""
    rules = deal.rules
    if deal.phase == "discard":
        groups = _discard_groups(deal)
        options = []
        for counts in itertools.product(*(range(len(g) + 1) for g in groups)):
            if sum(counts) == rules.widow_size:
                cards = [c for g, k in zip(groups, counts) for c in g[len(g) - k :]]
                options.append(Discard(tuple(sorted(cards, key=lambda c: c.index))))
    else:
        kind = Give if deal.phase == "give" else Return
        options = [kind(cards) for cards in itertools.combinations(deal.hands[deal.to_move], rules.exchange_size)]
    return [o for o in options if deal.why_illegal(o) is None]


def _decision_values(solver: Solver, action, progress: dict | None = None) -> dict:
    """At a trick-play position: its value, the exact value of ``action`` and every action as
    good as the best, in the order of the legal actions (as ``solve`` gives them, for less: one
    zero-window search per other group of equivalent actions instead of an exact value).
    ``progress`` receives each figure as soon as it is proved (for a search cut short)."""
    from ..players.normal import action_move
    from ..search.solver import move_to_action

    progress = {} if progress is None else progress
    seat = solver.seat_to_move()
    groups = solver.root_moves()
    best = progress["value"] = solver.value()
    made = action_move(action)
    snap = solver.snapshot()
    gain = solver.apply_move(made, seat)
    chosen = progress["chosen"] = gain + solver.value(best - gain)
    solver.undo_move(made, seat, snap)
    best_moves = progress["best"] = []
    for group in groups:
        if made in group:
            good = chosen == best
        else:
            snap = solver.snapshot()
            gain = solver.apply_move(group[0], seat)
            good = solver.at_least(best - gain)
            solver.undo_move(group[0], seat, snap)
        if good:
            best_moves += [str(move_to_action(m)) for m in group]
    return {"value": best, "chosen": chosen, "best": best_moves}


def _partial_decision(deal: Deal, side: int, action, progress: dict) -> dict | None:
    """What a decision search cut short had proved, where it is enough for the cost: the
    position's value and the value of the action made (then only the list of best actions may
    miss some, and says so: ``best_partial``)."""
    if "chosen" not in progress:
        return None
    best = list(progress.get("best", []))
    if progress["chosen"] == progress["value"] and str(action) not in best:
        best.append(str(action))
    return {"value": progress["value"], "chosen": progress["chosen"], "best": best, "best_partial": True}


def _playout_value(deal: Deal, side: int) -> int:
    """What ``side`` takes from ``deal`` on when every player plays the normal player's quick
    play-out with every hand known (an estimate of the solver's value)."""
    from ..players.normal import play_out

    return play_out(Solver(deal, max_side=side))[0]


def _estimate_value(deal: Deal, side: int, cut: Solver | None = None) -> int:
    """An estimate of the solver's value: the quick play-out, kept within what the cut search
    had proved (``bracket``)."""
    value = _playout_value(deal, side)
    lower, upper = getattr(cut, "bracket", (0, value)) if cut is not None else (0, value)
    return min(max(value, lower), max(upper, lower))


def _estimate_decision(deal: Deal, side: int, action) -> dict:
    """The decision values estimated by the quick play-out after each group of actions."""
    from ..players.normal import action_move, play_out
    from ..search.solver import move_to_action

    solver = Solver(deal, max_side=side)
    seat = solver.seat_to_move()
    made = action_move(action)
    values = []
    for group in solver.root_moves():
        move = made if made in group else group[0]
        snap = solver.snapshot()
        gain = solver.apply_move(move, seat)
        value = gain + play_out(solver)[0]
        solver.undo_move(move, seat, snap)
        values.append((group, value, made in group))
    best = max(v for _, v, _ in values)
    chosen = next(v for _, v, mine in values if mine)
    best_moves = [str(move_to_action(m)) for group, v, _ in values if v == best for m in group]
    return {"value": best, "chosen": chosen, "best": best_moves}


def _applied(deal: Deal, *actions) -> Deal:
    copy = deal.copy()
    for action in actions:
        copy.apply(action)
    return copy


def _to_play(deal: Deal) -> Deal:
    """The first trick-play position once the cards are moved (a raise changes nothing a
    solver counts, so the bidder keeps the contract here)."""
    deal = deal.copy()
    while deal.phase == "raise":
        deal.apply(Hold())
    if deal.phase != "play":
        raise ValueError(f"the deal is in the {deal.phase} phase, not at trick play")
    return deal


# -- the review ---------------------------------------------------------------------------------
@dataclass
class _Step:
    """One solver search. ``kind``: ``decision`` (the value, the exact value of ``action`` and
    the best actions), ``value`` (the exact value), ``make`` (can the side reach ``target``?)
    or ``better`` (does the side end with more than after the position of step ``ref``? if so,
    with how much exactly); ``sight`` (no solver: the normal player's evaluation of the seat's
    choices from what the seat had seen, ``action`` being the one made)."""

    key: str
    deal: Deal
    side: int
    kind: str
    target: int = 0
    ref: str = ""
    action: object = None


def _position_key(deal: Deal, side: int) -> str:
    """Positions that differ only in the contract play alike (a solver counts points)."""
    fields = [f for f in format_position(deal).split("/") if not f.startswith(("bidder:", "bid:", "contract:"))]
    return "/".join(fields) + f"|{side}"


class Review:
    """The review of one seat's decisions in a record (see the module docstring)."""

    def __init__(
        self, record: str, seat: int = 0, exhaustive: bool = False, budget: Budget = BOUNDED, only: int | None = None
    ):
        """``only``: review that one decision (its action number) and nothing else, as the replay
        of a moment does (``coach.moment``); its first trick is searched only where that decision
        needs it (the raise, the discard, the give and the return)."""
        self.final = final = parse_record(record)
        rules = final.rules
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
            raise PositionError(f"seat: {seat!r} is not a seat; seats are 0 to {rules.players - 1}")
        self.record = format_record(final)
        self.seat = seat
        self.side = rules.side_of(seat)
        self.exhaustive = exhaustive
        self.budget = budget
        self.nodes = 0  # solver nodes spent so far
        self.seconds = 0.0  # and the time the steps took
        self.steps: list[_Step] = []
        self.results: dict[str, object] = {}
        self.estimated: set[str] = set()  # steps whose search was cut short
        self.unevaluated: set[str] = set()  # "sight" steps the review's clock left no time for
        self.pool = SolverPool()
        self.items: list[tuple] = []  # (kind, action number, deal before, action, plan)
        self.sight: dict[int, str] = {}  # action number -> the key of its "sight" step
        self.lines: dict[int, str] = {}  # action number -> the key of its "lines" step
        moments = []  # (number, deal before, action) of the reviewed seat
        self.play_start: Deal | None = None
        deal = final.restart()
        self.forced_bid = False  # the winning bid was made by a player who could not pass
        for number, (mover, action) in enumerate(final.history, 1):
            if deal.phase == "play" and self.play_start is None:
                self.play_start = deal.copy()
            if mover == seat and (only is None or number == only):
                moments.append((number, deal.copy(), action))
            if isinstance(action, Bid):
                self.forced_bid = Pass() not in deal.legal_actions()
            deal.apply(action)
        if deal.phase == "play" and self.play_start is None:
            self.play_start = deal.copy()
        # the first trick: what the bidder's side can take (its seat leads, so a decision there
        # is a full search of the same position, made first)
        self.start_key = None
        start = self.play_start
        needs_start = only is None or any(not isinstance(a, (Bid, Pass, *PLAY_KINDS)) for _, _, a in moments)
        if start is not None and start.bidder is not None and needs_start:
            bidder_side = rules.side_of(start.bidder)
            exact = bidder_side == self.side and any(
                isinstance(a, (Raise, Hold, Discard, Give, Return)) for _, _, a in moments
            )
            target = start.contract - side_points(start, bidder_side)
            self.start_key = self._add(start, bidder_side, "value" if exact else "make", target=target)
        for number, before, action in moments:
            self._plan(number, before, action)
        # the order of the work: first the normal player's view of every choice (quick, so the
        # first results come at once), then the solver's searches from the last trick back (each
        # fills the side's tables for the earlier, dearer ones), then the first trick, then the
        # discard's and the exchange's alternatives (compared with the first trick's value)
        order = {"sight": 0, "decision": 1, "value": 2, "make": 2, "better": 3, "lines": 4}
        self.steps.sort(key=lambda st: (order[st.kind], -st.deal.tricks_played if st.kind == "decision" else 0))

    # -- planning: the solver searches the review needs ---------------------------------------
    def _add(self, deal: Deal, side: int, kind: str, **extra) -> str:
        key = _position_key(deal, side)
        if kind == "better":
            key += "|better"
        for step in self.steps:
            if step.key == key:
                if kind in STEP_KINDS and STEP_KINDS.index(kind) > STEP_KINDS.index(step.kind):
                    step.kind = kind  # the bigger search answers the smaller question too
                    step.action = extra.get("action")
                return key
        self.steps.append(_Step(key, deal, side, kind, **extra))
        return key

    def _add_sight(self, number: int, before: Deal, action) -> None:
        """The normal player's evaluation of the choice, from what the seat had seen (not for a
        choice the rules forced)."""
        if before.phase not in ("discard", "give", "return") and len(before.legal_actions()) == 1:
            return
        key = f"sight|{number}"
        self.sight[number] = key
        self.steps.append(_Step(key, before, self.side, "sight", action=action))

    def _add_lines(self, number: int, before: Deal, action) -> None:
        """The lines of play of a choice, worked out last and only if the choice is blamed."""
        key = f"lines|{number}"
        self.lines[number] = key
        self.steps.append(_Step(key, before, self.side, "lines", action=action, ref=str(number)))

    def _plan(self, number: int, before: Deal, action) -> None:
        kind = PLAY_KINDS.get(type(action))
        if isinstance(action, (Bid, Pass)):
            self._add_sight(number, before, action)
            self.items.append(("bid", number, before, action, {}))
            return
        if kind is not None or isinstance(action, (Discard, Give, Return, Hold, Raise)):
            self._add_sight(number, before, action)
        if kind is not None:
            forced = len(before.legal_actions()) == 1
            key = None if forced else self._add(before, self.side, "decision", action=action)
            self.items.append((kind, number, before, action, {"key": key}))
            if not forced:
                self._add_lines(number, before, action)
        elif isinstance(action, (Discard, Give, Return)):
            # compared with the first trick as it came: not reviewed if the record stops before it
            plan = self._plan_cards(number, before, action) if self.start_key is not None else None
            self.items.append((before.phase, number, before, action, plan))
            if plan is not None and isinstance(action, Discard):
                self._add_lines(number, before, action)
        elif isinstance(action, (Hold, Raise)):
            self.items.append(("raise", number, before, action, {}))

    def _plan_cards(self, number: int, deal: Deal, made) -> dict:
        """Each choice compared with the one made, by what the bidder's side takes from the
        first trick on plus what the choice itself gives it (a discard's points)."""
        from ..players.normal import candidates

        side = deal.rules.side_of(deal.bidder)
        made = canonical(deal, made)
        every = distinct_choices(deal)
        exact = self.exhaustive or len(every) <= EXACT_LIMIT
        if exact:
            options = every
        else:
            others = [canonical(deal, o) for o in candidates(deal, CANDIDATES)]
            options = list(dict.fromkeys([made, *others]))
        have = side_points(deal, side)
        plan = {"made": made, "exact": exact, "distinct": len(every), "options": []}
        for option in options:
            after = _applied(deal, option)
            gained = side_points(after, side) - have
            returns = [None]
            if isinstance(option, Give):  # the bidder's best return among a few
                while after.phase == "raise":  # (the Ukrainian order: give, raise, return)
                    after.apply(Hold())
                returns = self._returns(number, after, option == made)
                plan["returns_distinct"] = len(distinct_choices(after))
            keys = []
            for answer in returns:
                start = _to_play(after if answer is None else _applied(after, answer))
                actual = option == made and (answer is None or answer == returns[0])
                if actual:
                    keys.append(self.start_key)
                else:
                    keys.append(self._add(start, side, "better", ref=self.start_key))
            plan["options"].append((option, gained, keys, returns))
        return plan

    def _returns(self, number: int, deal: Deal, made_give: bool) -> list:
        """The returns compared after a give: the one made (after the give made), then the
        normal player's first candidates."""
        from ..players.normal import candidates

        out = []
        if made_give:
            out.append(next(a for _, a in self.final.history[number:] if isinstance(a, Return)))
        for option in candidates(deal, RETURN_CANDIDATES):
            if option not in out:
                out.append(option)
        return out

    # -- running ------------------------------------------------------------------------------
    @property
    def total(self) -> int:
        return len(self.steps)

    @property
    def done(self) -> int:
        return len(self.results)

    def run(self, step: int) -> None:
        """Compute step ``step`` (and every earlier one not yet computed)."""
        if not 0 <= step < self.total:
            raise PositionError(f"step: {step} is not a step of this review (0 to {self.total - 1})")
        for s in self.steps[: step + 1]:
            if s.key not in self.results:
                self.results[s.key] = self._compute(s)

    def _limit(self) -> tuple[int | None, float | None]:
        """The nodes the next solver step may visit, and when it must stop (``None``: no limit)."""
        import time

        budget = self.budget
        left = None if budget.review is None else max(budget.review - self.nodes, 0)
        nodes = budget.step if left is None else left if budget.step is None else min(budget.step, left)
        now = time.perf_counter()
        ends = []
        if budget.step_seconds is not None:
            ends.append(now + budget.step_seconds)
        if budget.review_seconds is not None:
            ends.append(now + max(budget.review_seconds - self.seconds, 0.0))
        return nodes, min(ends) if ends else None

    def _compute(self, step: _Step):
        """One step, its whole time (search, estimate, the normal player's evaluation) counted
        against the review's clock."""
        import time

        started = time.perf_counter()
        try:
            return self._compute_step(step)
        finally:
            self.seconds += time.perf_counter() - started

    def _compute_step(self, step: _Step):
        import time

        nodes, deadline = self._limit()
        if step.kind == "sight":
            if deadline is not None and deadline <= time.perf_counter():
                self.unevaluated.add(step.key)  # the review's clock has run out: not evaluated
                return None
            return self._sight(step, deadline)
        if step.kind == "lines":
            if nodes == 0 or (deadline is not None and deadline <= time.perf_counter()):
                self.estimated.add(step.key)  # no budget left: the best line by quick play only
                nodes = 0
            return self._lines(step, nodes, deadline)
        solver = None
        self._progress = {}
        if nodes != 0 and (deadline is None or deadline > time.perf_counter()):
            solver = self.pool.solver(step.deal, step.side)
            solver.set_budget(nodes, deadline)
            try:
                return self._search(solver, step)
            except SearchCut:
                pass
            finally:
                self.nodes += solver.nodes if nodes is None else min(solver.nodes, nodes)
            if step.kind == "decision":
                found = _partial_decision(step.deal, step.side, step.action, self._progress)
                if found is not None:  # the cost is exact; only the list of best actions is not
                    return found
        self.estimated.add(step.key)  # cut short (or no budget left): an estimate
        return self._estimate(step, solver)

    def _search(self, solver: Solver, step: _Step):
        if step.kind == "decision":
            return _decision_values(solver, step.action, self._progress)
        if step.kind == "value":
            return solver.value()
        if step.kind == "make":
            return solver.at_least(step.target)
        # better: a higher total than the reference (the choice made), counting what each has
        target = self._better_target(step)
        if not solver.at_least(target):
            return None
        return solver.value(target)

    def _better_target(self, step: _Step) -> int:
        reference = side_points(self.play_start, step.side) + self._value(step.ref)
        return reference - side_points(step.deal, step.side) + 1

    def _estimate(self, step: _Step, cut: Solver | None):
        if step.kind == "decision":
            found = _estimate_decision(step.deal, step.side, step.action)
            if "value" in self._progress:  # the position's value was proved: keep it
                best = self._progress["value"]
                found = {"value": best, "chosen": min(found["chosen"], best), "best": found["best"]}
            return found
        if step.kind == "value":
            return _estimate_value(step.deal, step.side, cut)
        value = _estimate_value(step.deal, step.side, cut if step.kind == "make" else None)
        if step.kind == "make":
            return value >= step.target
        return value if value >= self._better_target(step) else None

    def _sight(self, step: _Step, deadline: float | None = None) -> dict:
        """The normal player's own evaluation at that moment, over made-up deals that fit what the
        seat had seen: what it would have chosen (the play page's hint), and what the choice made
        cost by that evaluation (its average score against the hint's)."""
        from ..players.normal import decide, hint_rng

        before, action = step.deal, step.action
        decision = decide(
            before, hint_rng(before, self.seat), self.seat, include=action, deadline=deadline, explain=True
        )
        hint = decision.action
        made = canonical(before, action)
        matched = str(action) == str(hint) or (
            isinstance(action, Discard) and str(made) == str(canonical(before, hint))
        )
        out = {
            "hint": str(hint),
            "matched": matched,
            "method": decision.method,
            "assumes": decision.assumes(),
            "cost": 0 if matched else None,
            "blame": False,
        }
        if decision.method == "forced" or matched:
            return out
        scores = {str(c.action): c for c in decision.choices}
        chosen, best = scores.get(str(action)), scores.get(str(hint))
        if chosen is None or best is None:
            return out  # the player did not score the choice made (a forced opening's jump)
        cost = max(0, round(best.utility - chosen.utility))
        out.update(
            cost=cost,
            blame=cost >= BLAME_MARGIN,
            hint_score=round(best.utility - 0.1 * best.points, 1),
            chosen_score=round(chosen.utility - 0.1 * chosen.points, 1),
        )
        return out

    def run_all(self) -> dict:
        if self.total:
            self.run(self.total - 1)
        return self.result()

    def _value(self, key: str) -> int:
        result = self.results[key]
        return result["value"] if isinstance(result, dict) else result

    def _ready(self, *keys) -> bool:
        return all(k is None or k in self.results for k in keys)

    # -- the result ---------------------------------------------------------------------------
    def result(self, partial: bool = False) -> dict:
        """The review; with ``partial`` also before every step is done (what is not yet worked
        out is marked ``pending``)."""
        from .game import public_log

        if self.done < self.total and not partial:
            raise ValueError(f"the review is not finished: {self.done} of {self.total} steps done")
        final = self.final
        rules = final.rules
        decisions = [self._decision(*item) for item in self.items]
        blamed = sorted((d for d in decisions if d["blamed"]), key=lambda d: (-d["figure_cost"], d["number"]))
        out = {
            "record": self.record,
            "rules": rules.name,
            "seat": self.seat,
            "side": self.side,
            "side_seats": rules.seats_of(self.side),
            "all_hands_known": True,
            "hands": [[str(c) for c in h] for h in final.initial_hands],
            "widow": [str(c) for c in final.initial_widow],
            "auction": self._auction(),
            "decisions": decisions,
            "summary": self._summary(decisions),  # the deal as it was played, and its best line
            "blamed": len(blamed),
            "moments": [d["number"] for d in blamed[:3]],  # the costliest blamed decisions
            "hinted": sum(1 for d in decisions if d["sight"] and d["sight"]["matched"]),
            "estimates": sum(1 for d in decisions if d.get("estimate")),
            # choices the review's clock left no time to evaluate by what the seat could see
            "unevaluated": sum(1 for k in self.sight.values() if k in self.unevaluated),
            "budget": {
                "step": self.budget.step,
                "review": self.budget.review,
                "step_seconds": self.budget.step_seconds,
                "review_seconds": self.budget.review_seconds,
                "used": self.nodes,
            },
            "tricks": _tricks(final),
            # the story of the deal, for the replay: every hand is known now, the piles turned up
            "log": public_log(final, self.seat, look_back=True),
            "over": final.is_over,
            "steps": self.total,
            "done": self.done,
        }
        if final.is_over and not final.redealt:
            out["score"] = final.score().to_dict()
        return out

    def _summary(self, decisions: list[dict]) -> dict | None:
        """The deal as it was played (the bidder's side's total and contract, from the deal's own
        score) and, with every hand known, what the bidder's side takes with best play: from the
        widow where the reviewed seat discarded (the best discard's line), else from the first
        trick. Never a sum of the decisions' figures."""
        start = self.play_start
        if start is None or start.bidder is None or not self.final.is_over or self.final.redealt:
            return None
        rules = start.rules
        side = rules.side_of(start.bidder)
        scored = self.final.score().sides[side]
        out = {
            "bidder": start.bidder,
            "side": side,
            "contract": start.contract,
            "total": scored.total,
            "made": scored.contract_made,
            "best_total": None,
            "best_from": None,
            "estimate": False,
        }
        discard = next((d for d in decisions if d["kind"] == "discard" and d.get("best_total") is not None), None)
        if discard is not None:
            out.update(best_total=discard["best_total"], best_from="widow", estimate=bool(discard.get("estimate")))
        elif self._start_total() is not None:
            estimate = self.start_key in self.estimated
            out.update(best_total=self._start_total(), best_from="first_trick", estimate=estimate)
        return out

    def _start_total(self) -> int | None:
        """The bidder's side's total with best play from the first trick, where computed."""
        if self.start_key not in self.results or isinstance(self.results[self.start_key], bool):
            return None
        start = self.play_start
        return side_points(start, start.rules.side_of(start.bidder)) + self._value(self.start_key)

    def _auction(self) -> dict | None:
        if self.start_key is None:
            return None
        start = self.play_start
        rules = start.rules
        out = {
            "bidder": start.bidder,
            "bid": start.bid,
            "contract": start.contract,
            "side": rules.side_of(start.bidder),
            "forced": self.forced_bid,  # the bidder could not pass (an opening the rules demand)
            "minimum": rules.min_bid,
            "pending": self.start_key not in self.results,
            "estimate": self.start_key in self.estimated,
        }
        if self.final.is_over:
            scored = self.final.score().sides[out["side"]]
            out["total"], out["made"] = scored.total, scored.contract_made
        if out["pending"]:
            out.update(best_total=None, can_make=None)
            return out
        best = self._start_total()
        result = self.results[self.start_key]
        can_make = contract_made(rules, start.contract, best, True) if best is not None else result
        out.update(best_total=best, can_make=can_make)
        return out

    def _decision(self, kind, number, before, action, plan) -> dict:
        """A decision's figures, its one figure and verdict (``figure``, ``blamed``) and, where
        blamed, why in cards (``why``) and the two lines of play (``lines``)."""
        out = self._decision_figures(kind, number, before, action, plan)
        self._judge(out, before)
        key = self.lines.get(number)
        found = self.results.get(key) if key else None
        if out["blamed"] and found:
            out.update(why=found["why"], lines=found["lines"])
            if found.get("best_partial"):
                out["lines_partial"] = True  # the best line's search was cut short: only its choice
        return out

    def _judge(self, out: dict, before: Deal) -> None:
        """One figure per decision, on one basis for both of its numbers (``figure``: ``best``
        and ``chosen``): with every hand known, the side's points at the end of the deal with
        best play from here after the best choice and after the one made (cards, declarations,
        discards, exchanges; ``unit`` "points"), or the deal score of the best contract and of
        the one named (the raise, "score"); for a bid, the normal player's evaluation by what
        the seat could see of the hint's choice and of the one made ("sight"). A decision is
        blamed only where the seat could have seen it (the sight figure blames it: never the
        hint's own choice) and its figure shows a loss; ``data-cost`` is that loss."""
        sight = out.get("sight")
        figure = None
        if out["kind"] == "bid":
            if sight and "hint_score" in sight:
                figure = {"best": sight["hint_score"], "chosen": sight["chosen_score"], "unit": "sight"}
        elif out["kind"] == "raise":
            if "value" in out:
                figure = {"best": out["best_value"], "chosen": out["value"], "unit": "score"}
        elif out.get("cost") is not None and "total" in out:
            figure = {"best": out["best_total"], "chosen": out["total"], "unit": "points"}
        if figure is not None and "estimate" not in figure:
            figure["estimate"] = bool(out.get("estimate"))
        blamed = bool(
            figure is not None
            and not out.get("pending")
            and sight
            and sight["blame"]
            and not sight["matched"]
            and figure["best"] > figure["chosen"]
        )
        out["figure"] = figure
        out["blamed"] = blamed
        out["figure_cost"] = round(figure["best"] - figure["chosen"], 1) if blamed else None
        if not blamed:
            return
        from .reasons import raise_reasons

        if out["kind"] == "raise":
            best = out["contract"] if out["best"][0] == "hold" else int(out["best"][0].split(":")[1])
            made = contract_made(before.rules, out["contract"], out["best_total"], True)
            out["why"] = raise_reasons(out["contract"], best, out["best_total"], made)
        elif out["kind"] == "bid" and out.get("won"):
            auction = self._auction()
            if auction and not auction["pending"] and auction["best_total"] is not None:
                out["why"] = bid_why(before.rules, out["amount"], auction["best_total"])

    def _lines(self, step: _Step, nodes: int | None, deadline: float | None):
        """A blamed choice's two lines from its position: the learner's (the deal as it was played
        from there) and the best one (the best choice, the hint's where it is among the best,
        then one line of best play, every hand known), and the reasons read from them."""
        from ..core.actions import parse_action
        from ..search.solver import best_line
        from .reasons import card_reasons, quick_line

        number = int(step.ref)
        item = next(i for i in self.items if i[1] == number)
        out = self._decision_figures(*item)
        self._judge(out, step.deal)
        if not out["blamed"] or not out.get("best"):
            return None
        before = step.deal
        hint = out["sight"]["hint"]
        best = parse_action(hint if hint in out["best"] else out["best"][0])
        chosen = [a for _, a in self.final.history[number - 1 :]]
        after = before.copy()
        after.apply(best)
        moves = [best]
        while after.phase == "raise":  # the best discard keeps the contract (points decide)
            after.apply(Hold())
            moves.append(Hold())
        partial = False
        if not after.is_over and nodes != 0:
            solver = self.pool.solver(after, step.side)
            solver.set_budget(nodes, deadline)
            try:
                moves += [parse_action(m["action"]) for m in best_line(solver, solver.value())]
            except SearchCut:
                partial = True
            finally:
                self.nodes += solver.nodes if nodes is None else min(solver.nodes, nodes)
        else:
            partial = not after.is_over
        if partial:  # the search was cut short: the rest by the normal player's quick play
            self.estimated.add(step.key)
            moves += quick_line(after, step.side)
        found = {
            "why": card_reasons(before, self.seat, chosen, moves),
            "lines": {
                "chosen": _shown(before, chosen, self.seat),
                "best": _shown(before, moves, self.seat),
                "first": before.tricks_played + 1,  # the number of their first trick in the deal
            },
        }
        if partial:
            found["best_partial"] = True
        return found

    def _decision_figures(self, kind, number, before, action, plan) -> dict:
        out = {"number": number, "kind": kind, "action": str(action), "forced": False, "cost": None}
        key = self.sight.get(number)
        out["sight"] = self.results.get(key) if key else None  # by what the seat could see
        out["pending"] = key is not None and key not in self.results
        out["forced"] = key is None and kind not in ("discard", "give", "return")  # the only legal choice
        if kind == "bid":
            return self._bid(out, before, action)
        if kind in PLAY_KINDS.values():
            return self._play_decision(out, before, action, plan)
        if kind == "raise":
            return self._raise(out, before, action)
        if plan is None:
            return out
        keys = [self.start_key] + [k for _, _, ks, _ in plan["options"] for k in ks]
        if not self._ready(*keys):
            out["pending"] = True
            return out
        out["estimate"] = any(k in self.estimated for k in keys)
        return self._card_choice(out, kind, before, plan)

    def _bid(self, out: dict, before: Deal, action) -> dict:
        """A bid or pass: its figure by what the seat could see; with every hand known, whether
        the contract it won could be made (no cost: what the others would have bid is unknown)."""
        start = self.play_start
        won = (
            isinstance(action, Bid)
            and start is not None
            and start.bidder == self.seat
            and action.amount == start.bid
            and not any(isinstance(a, Bid) for m, a in self.final.history[out["number"] :] if m == self.seat)
        )
        out["amount"] = action.amount if isinstance(action, Bid) else None
        out["won"] = won  # the bid that took the contract
        return out

    def _play_decision(self, out, before, action, plan) -> dict:
        have = side_points(before, self.side)
        out.update(trick=before.tricks_played + 1, position=format_position(before), have=have)
        if plan["key"] is None:
            out.update(forced=True, best=[str(action)], options=[])
            return out
        if plan["key"] not in self.results:
            out["pending"] = True
            return out
        found = self.results[plan["key"]]
        best, chosen = found["value"], found["chosen"]
        estimate = plan["key"] in self.estimated
        out.update(
            exact=not estimate,
            estimate=estimate,
            value=chosen,
            best_value=best,
            total=have + chosen,
            best_total=have + best,
            cost=best - chosen,
            best=found["best"],
        )
        if found.get("best_partial"):
            out["best_partial"] = True  # the search was cut short after the cost was proved
        return out

    def _card_choice(self, out, kind, before, plan) -> dict:
        side = before.rules.side_of(before.bidder)
        have = side_points(before, side)
        reference = self._start_total() - have  # the choice made: what it brings from here
        scored = []
        for option, gained, keys, returns in plan["options"]:
            found = []  # (value brought from here, the return) for each return compared
            for key, answer in zip(keys, returns):
                if key == self.start_key:
                    found.append((reference, answer))
                elif self.results[key] is not None:
                    found.append((gained + self.results[key], answer))
            item = {"action": str(option)}
            if returns[0] is not None:
                item["returns"] = [str(r) for r in returns]  # the bidder's returns compared
            if found:
                value, answer = max(found, key=lambda f: f[0])
                item["value"] = value
                if answer is not None:
                    item["return"] = str(answer)
            else:
                item["at_most"] = reference  # tested: not better than the choice made
            scored.append((option, item))
        chosen = next(item for option, item in scored if option == plan["made"])
        best_value = max(item.get("value", reference) for _, item in scored)
        out.update(
            side=side,
            have=have,
            exact=plan["exact"] and not out["estimate"],
            value=chosen["value"],
            best_value=best_value,
            total=have + chosen["value"],
            best_total=have + best_value,
            cost=best_value - chosen["value"],
            best=[item["action"] for _, item in scored if item.get("value") == best_value],
            options=sorted((item for _, item in scored), key=lambda i: -i.get("value", i.get("at_most", 0))),
            compared=len(scored),
            distinct=plan["distinct"],
        )
        if kind == "give":
            compared = max(len(r) for _, _, _, r in plan["options"])
            out.update(returns_compared=compared, returns_distinct=plan["returns_distinct"])
            out["exact"] = out["exact"] and compared >= plan["returns_distinct"]
        return out

    def _raise(self, out: dict, before: Deal, action) -> dict:
        """The contract named, against the side's total with best play from the first trick."""
        rules = before.rules
        held = before.contract
        chosen = action.amount if isinstance(action, Raise) else held
        out["contract"], out["held"] = chosen, held  # the contract named; the bid, the lowest on offer
        if self.start_key is not None and self.start_key not in self.results:
            out["pending"] = True
            return out
        total = self._start_total()
        if total is None:  # the record stops before trick play
            return out
        out["estimate"] = self.start_key in self.estimated

        def score(contract):
            return contract if contract_made(rules, contract, total, True) else -contract

        amounts = [held] + [a.amount for a in before.legal_actions() if isinstance(a, Raise)]
        making = [c for c in amounts if contract_made(rules, c, total, True)]
        best = max(making) if making else held
        out.update(
            exact=not out["estimate"],
            side=rules.side_of(before.bidder),
            best_total=total,
            value=score(chosen),
            best_value=score(best),
            cost=score(best) - score(chosen),
            best=["hold" if best == held else f"raise:{best}"],
            best_makes=bool(making),  # False: no contract on offer is made; holding loses least
        )
        return out


def _shown(before: Deal, actions, seat: int) -> list[dict]:
    """A line as the lessons show it (``puzzles.position.tricks_of``: trick by trick, seats by
    their place at the table of ``seat``), from its first trick-play move."""
    from ..core.seats import seat_places
    from ..puzzles.position import tricks_of

    position = before.copy()
    actions = list(actions)
    while actions and position.phase != "play":
        position.apply(actions.pop(0))
    start = position.copy()
    moves = []
    for action in actions:
        moves.append({"seat": position.to_move, "action": str(action)})
        position.apply(action)
    tricks = tricks_of(start, moves) if moves else []
    rules = before.rules
    theirs = seat_places(rules.players, rules.partnership, start.to_move)  # tricks_of's view
    mine = seat_places(rules.players, rules.partnership, seat)
    place = dict(zip(theirs, mine))
    for trick in tricks:
        for entry in trick["calls"] + trick["declared"] + trick["plays"]:
            entry["place"] = place[entry["place"]]
        if trick["winner"] is not None:
            trick["winner"] = place[trick["winner"]]
    return tricks


def _tricks(deal: Deal) -> list[dict]:
    """The tricks as played, for the replay: leader, cards by seat, winner, points, and the
    declarations, questions and answers made before the lead (``core.story``)."""
    out = []
    current: dict = {"cards": [], "before": []}
    for event in tell(deal):
        if event.kind == "play":
            if not current["cards"]:
                current["leader"] = event.seat
            current["cards"].append({"seat": event.seat, "card": str(event.card)})
        elif event.kind == "trick":
            current["winner"], current["points"] = event.seat, event.points
            out.append(current)
            current = {"cards": [], "before": []}
        elif event.kind in CALL_KINDS:
            current["before"].append({"seat": event.seat, "action": str(event.action)})
    if current["cards"] or current["before"]:
        out.append(current)
    return out


# -- one review at a time, for the browser worker --------------------------------------------------
_current: Review | None = None


def review_step(record: str, seat: int = 0, step: int | None = None, exhaustive: bool = False) -> dict:
    """For the worker: with ``step`` None the whole review; otherwise compute that step. The
    review of the same record and seat is kept between calls, so steps are never redone (and
    a missing one is computed again: the answer depends only on the request). Both are bounded
    as the command line's review is (``BOUNDED``: one step at most ``STEP_NODES`` solver nodes,
    the review ``REVIEW_NODES``). The answer says how far the review is and carries what is
    worked out so far (``partial``); once every step is done it carries the review."""
    global _current
    record = format_record(parse_record(record))
    if _current is None or (_current.record, _current.seat, _current.exhaustive) != (record, seat, exhaustive):
        _current = Review(record, seat, exhaustive)
    review = _current
    if step is None:
        review.run_all()
    elif review.total:
        review.run(step)
    out = {"steps": review.total, "done": review.done}
    if review.done == review.total:
        out["review"] = review.result()
    else:
        out["partial"] = review.result(partial=True)
    return out
