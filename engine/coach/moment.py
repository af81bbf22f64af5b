"""Play a moment of a deal again: one decision of seat 0 in a finished deal, as a puzzle.

The review (``review.py``) names a deal's costliest decisions; the play page offers each one
again. ``moment_view`` restores the table at that decision as seat 0 saw it (the same view as the
game step's, ``game._view``: its own hand, the cards played, the widow once shown, the bids and the
story as that seat saw it; never another hand, another seat's discard or the record).
``judge_moment`` judges a new choice there by the review's own evaluation of that decision
(``Review(..., only=number)``: the figure with every hand known and the normal player's view from
what the seat could see; right is what the review would not blame), and gives the reason and the
two lines as the review does. The deal after a new choice goes on with best play (a raise keeps
the deal as it was played: it changes no card).

Replayed: cards, declarations, partner questions and answers, the discard, the raise and the
bid. A give or a return is not (the other seat's answer to a new give is unknown).
"""

from __future__ import annotations

from types import SimpleNamespace

from ..core.actions import Bid, Discard, Hold, Pass, Raise, parse_action
from ..core.notation import format_record, parse_record
from ..core.play import IllegalAction
from ..search.solver import SearchCut, Solver, best_line
from .game import HUMAN, GameError, _view
from .review import PLAY_KINDS, STEP_NODES, STEP_SECONDS, Review

REPLAYED = {"card", "declare", "ask", "answer", "discard", "raise", "bid"}


class MomentError(GameError):
    """A moment that cannot be replayed; ``code`` names the mistake (``errors.<code>``)."""


def moment_kind(action) -> str | None:
    """The review's kind of a decision (``card``, ``bid``, ``raise``, ``discard``, ...)."""
    if isinstance(action, (Bid, Pass)):
        return "bid"
    if isinstance(action, (Hold, Raise)):
        return "raise"
    if isinstance(action, Discard):
        return "discard"
    return PLAY_KINDS.get(type(action))


def _moment(record: str, number: int):
    """The finished deal, the deal before decision ``number`` and the action made there."""
    if not isinstance(record, str):
        raise MomentError("record: expected text", "field_type", field="record")
    final = parse_record(record)
    count = len(final.history)
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
        message = f"number: {number!r} is not an action of this deal (1 to {count})"
        raise MomentError(message, "moment_number", most=count)
    mover, action = final.history[number - 1]
    if mover != HUMAN:
        raise MomentError(f"number: action {number} is seat {mover}'s, not yours", "moment_not_yours", number=number)
    kind = moment_kind(action)
    if kind not in REPLAYED:
        raise MomentError(f"number: action {number} ({action}) is not replayed", "moment_kind", number=number)
    deal = final.restart()
    for _, done in final.history[: number - 1]:
        deal.apply(done)
    return final, deal, action, kind


def moment_view(record: str, number: int) -> dict:
    """The table at decision ``number`` as seat 0 saw it (``game._view``), without the history of
    actions (it holds the other seats' discards) and with what the moment is."""
    final, deal, action, kind = _moment(record, number)
    view = _view(SimpleNamespace(deal=deal, totals=[0] * deal.rules.players), [[]])
    view["history"] = []
    view["deal_number"] = 0
    view["moment"] = {"number": number, "kind": kind, "trick": deal.tricks_played + 1 if deal.phase == "play" else None}
    return view


def _best_rest(deal, side: int) -> list:
    """The rest of the deal with best play (bounded as one review step), else the quick play-out."""
    from .reasons import quick_line

    if deal.is_over:
        return []
    solver = Solver(deal, max_side=side)
    solver.set_budget(STEP_NODES, None if STEP_SECONDS is None else _clock() + STEP_SECONDS)
    try:
        return [parse_action(m["action"]) for m in best_line(solver, solver.value())]
    except SearchCut:
        return quick_line(deal, side)


def _clock() -> float:
    import time

    return time.perf_counter()


def _continued(final, deal, number: int, action, kind: str):
    """The deal after ``action`` at decision ``number``: a bid ends it there (what the others
    would bid next is unknown); a raise keeps the deal as it was played; anything else keeps the
    moves before trick play as they were, then goes on with best play."""
    deal = deal.copy()
    deal.apply(action)
    if kind == "bid":
        return deal
    later = [a for _, a in final.history[number:]]
    for done in later:
        if deal.is_over or (kind != "raise" and deal.phase == "play") or deal.why_illegal(done) is not None:
            break
        deal.apply(done)
    side = deal.rules.side_of(HUMAN)
    for done in _best_rest(deal, side) if deal.phase == "play" else []:
        deal.apply(done)
    return deal


def judge_moment(record: str, number: int, answer: str) -> dict:
    """A new choice at decision ``number``, judged as the review judges that decision: ``right``
    where the review would not blame it. An illegal choice is refused with the engine's reason
    (``refused``), as the game step refuses it."""
    final, deal, made, kind = _moment(record, number)
    if not isinstance(answer, str):
        raise MomentError("action: expected text", "field_type", field="action")
    action = parse_action(answer)
    reason = deal.why_illegal(action)
    if reason is not None:
        refused = {"action": str(action), "code": reason.code, "params": reason.args, "message": str(reason)}
        return {"right": None, "refused": refused}
    if moment_kind(action) != kind:
        raise MomentError(f"action: {action} is not a {kind} decision", "moment_kind", number=number)
    try:
        after = _continued(final, deal, number, action, kind)
    except IllegalAction as e:  # pragma: no cover - every move above was checked
        raise MomentError(str(e), "moment_kind", number=number) from None
    review = Review(format_record(after), HUMAN, only=number).run_all()
    decision = next(d for d in review["decisions"] if d["number"] == number)
    return {
        "right": not decision["blamed"],
        "refused": None,
        "made": str(made),  # the choice made in the deal
        "decision": decision,
    }
