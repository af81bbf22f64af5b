"""A guided complete deal (puzzle kind ``deal``): the learner plays one seat of a scripted deal,
one action at a time, and types its deal score at the end.

The puzzle's ``position`` is the record of a whole deal (docs/notation.md), every action of
every seat; ``seat`` is the learner's seat (default: the bidder). Every action of that seat is a
**step**, and the scoring is the last step. At each step the page shows the table as the learner
sees it, what the others did since the last step, and the author's commentary; the learner's
answer is judged from the step's answer table:

* the scripted action is ``correct``;
* an action the rules forbid is ``illegal``, with the engine's reason;
* in trick play another legal card or declaration is valued by the solver with every hand known
  (the learner against the other players together): ``legal-not-best`` with ``loss`` when it
  gives away points compared with the scripted one, else ``other`` (as good, but this deal goes
  on another way); in the auction, the discard and the raise another legal choice is ``other``;
* the scoring step takes a number: the learner's deal score.

``solution(spec)`` checks the script: the record is legal and played to its end, and every
scripted card or declaration of the learner is one of the solver's best (so the page never calls
a worse action right). Numbers the commentary may quote are in each step's ``facts``.
"""

from __future__ import annotations

import itertools

from ..core.actions import (
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
    Redeal,
    Return,
    parse_action,
)
from ..core.deal import Deal
from ..core.notation import format_position, parse_record
from ..core.rules import PRESET_INFO
from ..search import memo
from .base import Kind, PuzzleError, reason_of, register
from .numbers import recognised, score_check, score_mistakes
from .position import declaration_choices, solve_position
from .table import table_view

BID_CHOICES = 2  # offered bids beyond the larger of the lowest legal and the scripted one


class GuidedError(PuzzleError):
    """A guided deal that cannot be used; the message says which step and why."""


def _deal(spec) -> tuple[Deal, int]:
    deal = parse_record(spec["position"])
    if not deal.is_over or deal.redealt:
        raise GuidedError("deal: the record must be a whole deal, played to its end")
    seat = spec.get("seat", deal.bidder)
    if not isinstance(seat, int) or not 0 <= seat < deal.rules.players:
        raise GuidedError(f"seat: must be 0 to {deal.rules.players - 1}")
    if not any(mover == seat for mover, _ in deal.history):
        raise GuidedError(f"seat: seat {seat} has no action in this deal")
    return deal, seat


def _event(deal: Deal, mover: int, action, seat: int) -> dict:
    """One action as the learner saw it (``deal`` is the state before it)."""
    if isinstance(action, (Bid, Pass, Redeal)):
        return {"type": "bid", "seat": mover, "bid": str(action)}
    if isinstance(action, (Discard, Give, Return)):
        shown = mover == seat or (isinstance(action, (Give, Return)) and seat == deal.rules.partner_of(mover))
        kind = type(action).__name__.lower()
        cards = [str(c) for c in action.cards] if shown else None
        return {"type": kind, "seat": mover, "cards": cards, "count": len(action.cards)}
    if isinstance(action, Raise):
        return {"type": "raise", "seat": mover, "contract": action.amount}
    if isinstance(action, Hold):
        return {"type": "hold", "seat": mover, "contract": deal.contract}
    if isinstance(action, Declare):
        return {"type": "declare", "seat": mover, "suit": str(action.suit)}
    if isinstance(action, (AskFull, AskHalf, Answer)):
        return {"type": "call", "seat": mover, "action": str(action)}
    return {"type": "play", "seat": mover, "card": str(action.card)}


def _state(deal: Deal, seat: int, widow_shown: bool) -> dict:
    state = table_view(deal, seat, {seat})
    state["phase"] = deal.phase
    state["widow"] = [str(c) for c in deal.initial_widow] if widow_shown else []
    return state


def _facts(deal: Deal, seat: int, action) -> dict:
    facts = {"points": deal.points[seat], "tricks": deal.tricks[seat]}
    if deal.phase == "auction":
        if deal.high_bid is not None:
            facts["bid"] = deal.high_bid
    else:
        facts.update(bid=deal.bid, contract=deal.contract)
    if deal.phase == "play":
        facts["trick"] = deal.tricks_played + 1
    if deal.trump is not None:
        facts["trump"] = str(deal.trump)
    if isinstance(action, Play):
        facts["answer"] = str(action.card)
    elif isinstance(action, Bid):
        facts["answer"] = action.amount
    elif isinstance(action, Raise):
        facts["answer"] = action.amount
    elif isinstance(action, Declare):
        facts["answer"] = str(action.suit)
    return facts


def _choices(deal: Deal, action) -> list[str]:
    """The answers a step offers, the scripted ``action`` among them."""
    rules = deal.rules
    phase = deal.phase
    if phase == "auction":
        step = rules.bid_step
        low = rules.min_bid if deal.high_bid is None else deal.high_bid + step
        top = max(low, action.amount if isinstance(action, Bid) else low) + BID_CHOICES * step
        return ["p", *(str(b) for b in range(low, top + 1, step))]
    if phase == "raise":
        step = rules.bid_step
        top = max(deal.contract + 3 * step, (action.amount if isinstance(action, Raise) else 0) + step)
        return ["hold", *(f"raise:{r}" for r in range(deal.contract + step, top + 1, step))]
    if phase in ("discard", "give", "return"):
        size = rules.widow_size if phase == "discard" else rules.exchange_size
        kind = {"discard": Discard, "give": Give, "return": Return}[phase]
        return [str(kind(combo)) for combo in itertools.combinations(deal.hands[deal.to_move], size)]
    if deal.pending_question is not None:
        return ["answer:no", *(f"answer:{s}" for s in "SCDH")]
    # only the declarations the rules allow now (not a suit declared before, not the trump)
    calls = [c for c in declaration_choices(deal) if c != "none"] if not deal.trick and deal.tricks_played else []
    calls = [c for c in calls if deal.why_illegal(parse_action(c)) is None]
    return [str(c) for c in deal.hands[deal.to_move]] + calls


def _play_values(deal: Deal) -> dict[str, int]:
    return {a["action"]: a["value"] for a in solve_position(format_position(deal))["actions"]}


def _step(deal: Deal, seat: int, action, number: int) -> dict:
    if isinstance(action, (Discard, Give, Return)):  # a set of cards: named in the order of the hand
        hand = deal.hands[deal.to_move]
        action = type(action)(tuple(sorted(action.cards, key=hand.index)))
    scripted = str(action)
    choices = _choices(deal, action)
    if scripted not in choices:
        choices.append(scripted)
    values = _play_values(deal) if deal.phase == "play" else None
    if values is not None:
        best = max(values.values())
        if values[scripted] < best:
            better = ", ".join(a for a, v in values.items() if v == best)
            raise GuidedError(
                f"step {number}: the scripted {scripted} gives away {best - values[scripted]} points "
                f"compared with the best ({better}); script one of the best actions"
            )
    answers = {}
    for choice in choices:
        reason = reason_of(deal, parse_action(choice))
        if choice == scripted:
            answers[choice] = {"verdict": "correct", "choice": choice}
        elif reason is not None:
            answers[choice] = {"verdict": "illegal", "choice": choice, "reason": reason}
        elif values is not None and values[choice] < values[scripted]:
            answers[choice] = {"verdict": "legal-not-best", "choice": choice, "loss": values[scripted] - values[choice]}
        else:
            answers[choice] = {"verdict": "other", "choice": choice}
    kind = {"auction": "bid", "play": "play"}.get(deal.phase, deal.phase)
    if deal.phase == "play" and deal.pending_question is not None:
        kind = "answer"
    size = {"discard": deal.rules.widow_size, "give": deal.rules.exchange_size, "return": deal.rules.exchange_size}
    cards = {str(c) for c in deal.hands[deal.to_move]}
    calls = [c for c in choices if c not in cards] if kind == "play" else []
    return {
        "kind": kind,
        "answer": scripted,
        "choices": choices,
        "calls": calls,
        "answers": answers,
        "size": size.get(deal.phase),
    }


def _compute(spec) -> dict:
    deal, seat = _deal(spec)
    rules = deal.rules
    replay = deal.restart()
    steps: list[dict] = []
    events: list[dict] = []
    for mover, action in deal.history:
        widow_shown = bool(rules.widow_size) and replay.bidder is not None
        if mover == seat:
            step = _step(replay, seat, action, len(steps) + 1)
            step.update(events=events, state=_state(replay, seat, widow_shown), facts=_facts(replay, seat, action))
            steps.append(step)
            events = []
        was_auction = replay.phase == "auction"
        events.append(_event(replay, mover, action, seat))
        replay.apply(action)
        if was_auction and replay.phase != "auction" and rules.widow_size and replay.bidder is not None:
            events.append({"type": "widow", "seat": replay.bidder, "cards": [str(c) for c in deal.initial_widow]})
        if isinstance(action, Play) and not replay.trick:
            winner = replay.leader if replay.phase != "done" else replay.last_trick_winner
            points = sum(rules.points[a.card.rank] for _, a in replay.history[-rules.players :])
            events.append({"type": "trick", "seat": winner, "points": points})
    breakdown = deal.score()
    side = rules.side_of(seat)
    score = breakdown.sides[side].deal_score
    final = {"score": score, "total": breakdown.sides[side].total, "contract": deal.contract, "bid": deal.bid}
    steps.append(
        {
            "kind": "score",
            "answer": str(score),
            "choices": [],
            "calls": [],
            "answers": {},
            "number": score,
            "size": None,
            "events": events,
            "state": _state(replay, seat, bool(rules.widow_size)),
            "facts": {"points": deal.points[seat], "tricks": deal.tricks[seat], **final},
        }
    )
    for step in steps:  # the deal's outcome may be quoted at any step
        step["facts"].setdefault("score", score)
        step["facts"].setdefault("total", final["total"])
    return {"seat": seat, "steps": steps, "breakdown": breakdown.to_dict(), "final": final}


def guided(spec) -> dict:
    if not memo.in_build_mode():
        raise GuidedError("a guided deal is checked when the site is built, not in the browser")
    payload = {"what": "guided-deal", "position": spec["position"], "seat": spec.get("seat")}
    return memo.cached(payload, lambda: _compute(spec))


@register
class GuidedDeal(Kind):
    name = "deal"
    cost = 6
    shape = "steps"
    answer = "steps"
    keys = Kind.keys | {"seat"}

    def read(self) -> None:
        self.deal, self.seat = _deal(self.spec)

    def found(self) -> dict:
        return guided(self.spec)

    def compute_solution(self) -> dict:
        found = self.found()
        return {
            "steps": [s["answer"] for s in found["steps"]],
            "score": found["final"]["score"],
            "breakdown": found["breakdown"],
            "facts": [s["facts"] for s in found["steps"]],
        }

    def answer_table(self) -> dict:
        steps = []
        for step in self.found()["steps"]:
            if step["kind"] == "score":
                side = self.deal.rules.side_of(self.seat)
                mistakes = recognised(step["number"], score_mistakes(self.deal, side, 0))
                check = score_check(self.deal, side)
                steps.append(
                    {
                        "kind": "score",
                        "answer": "number",
                        "answers": {},
                        "number": step["number"],
                        "mistakes": mistakes,
                        "check": check,
                    }
                )
            else:
                steps.append({"kind": step["kind"], "answer": "choice", "answers": step["answers"]})
        return {"kind": self.name, **self.judging(), "steps": steps}

    def view(self) -> dict:
        found = self.found()
        rules = self.deal.rules
        steps = [{k: v for k, v in s.items() if k != "answers"} for s in found["steps"]]
        return {
            "kind": self.name,
            "form": self.form(),
            "rules": rules.name,
            "rules_title": PRESET_INFO.get(rules.name, (rules.name,))[0],
            "players": rules.players,
            "seat": self.seat,
            "where": steps[0]["state"]["where"],
            "steps": steps,
            "breakdown": found["breakdown"],
        }
