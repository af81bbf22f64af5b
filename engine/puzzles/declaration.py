"""The declaration decision with hidden cards (kind ``declaration``, issue 38: "declaration
timing"): the learner has won a trick and may declare trump before leading the next one. The
answers are each legal declaration of the learner's own king and queen (``trump:S``) and ``none``
(leading a card now without declaring: a pair may still be declared after another won trick);
partner questions are not offered. ``position`` is a record (docs/notation.md) that stops there.

Each answer is valued as the other decision kinds value theirs (``engine.puzzles.decisions``):
over sampled deals of the unseen cards (``engine.search.estimate``: every deal that fits what the
learner has seen is equally likely), each played with every hand known, the learner's side
against the others (the solver). On each sampled deal every answer is solved with every card the
learner may then lead; the answer's lead is the card that does best on average over the same
deals (the learner chooses one card, not one per deal), and its value the points the learner's
side takes from here on after it, the declaration's bonus included, on average.

A kind of its own module: the estimates of the other decision kinds are cached by the digest of
``decisions`` and what it imports (``sitebuild/cache.py``), which this leaves as it is.
"""

from __future__ import annotations

import random

from ..core.actions import Declare, parse_action
from ..core.cards import Card, Rank
from ..core.notation import parse_record
from ..search import estimate, memo
from .base import is_record, reason_of, register
from .decisions import MAX_SAMPLES, DecisionError, DecisionKind
from .table import played_cards

NAME = "declaration"
SAMPLES = 6  # the default (lessons/README.md)
# 10, as a contract's: the answers differ by a whole bonus (40 to 100 points), or by the difference
# of two bonuses (20 at the least: ♠40 ♣60 ♦80 ♥100) where both pairs are declared in the end; an
# answer within half that smallest step is as good as the best within what a few sampled deals tell
MARGIN = 10
NO_DECLARATION = "none"  # leading a card now without declaring (as the declare puzzle names it)


def declarations(deal) -> list[Declare]:
    """The declarations the player to move may make now (none in the middle of a trick)."""
    if deal.phase != "play" or deal.trick or deal.pending_question is not None:
        return []
    return [a for a in deal.legal_actions() if isinstance(a, Declare)]


def options(deal) -> list[str]:
    """The answers: ``none`` first, then each legal declaration (``trump:S``) in the suits' order."""
    return [NO_DECLARATION, *(str(a) for a in declarations(deal))]


def deal_of(spec):
    """The deal of a declaration puzzle at the moment the learner decides (the learner is to move)."""
    text = spec.get("position")
    if not isinstance(text, str):
        raise DecisionError("the puzzle has no position")
    if not is_record(text):
        raise DecisionError(f"{NAME}: position must be a record of the deal so far (dealer, hands, actions)")
    deal = parse_record(text)
    if not declarations(deal):
        raise DecisionError(
            f"{NAME}: the record must stop where the player to move may declare trump "
            "(after winning a trick, before leading, holding a king and queen of a suit not yet declared)"
        )
    return deal


def samples(spec) -> int:
    n = spec.get("samples", SAMPLES)
    if not isinstance(n, int) or isinstance(n, bool) or not 4 <= n <= MAX_SAMPLES:
        raise DecisionError(f"samples: a whole number from 4 to {MAX_SAMPLES}")
    return n


def margin(spec) -> float:
    m = spec.get("margin", MARGIN)
    if not isinstance(m, (int, float)) or isinstance(m, bool) or m < 0:
        raise DecisionError("margin: a number of points, 0 or more")
    return m


def _payload(spec) -> dict:
    return {"what": f"decision-{NAME}", "position": spec["position"], "samples": samples(spec)}


def evaluate(spec, deal) -> dict:
    """``{"values": {answer: {card: [points per sampled deal]}}}``: the points the learner's side
    takes from here on after the answer and each card it may then lead, the bonus included."""
    from ..search.solver import solve

    payload = _payload(spec)
    side = deal.rules.side_of(deal.to_move)
    know = estimate.knowledge_from_record(deal, deal.to_move)
    layouts = estimate.sample_layouts(know, payload["samples"], random.Random(estimate.seed_of(payload)))
    values: dict[str, dict[str, list[int]]] = {key: {} for key in options(deal)}
    for layout in layouts:
        for key, cards in values.items():
            sampled = estimate.with_layout(deal, layout)
            before = estimate.side_has(sampled, side)
            if key != NO_DECLARATION:
                sampled.apply(parse_action(key))
            bonus = estimate.side_has(sampled, side) - before
            for action in solve(sampled).actions:
                if not action.action.startswith(("trump:", "ask")):
                    cards.setdefault(action.action, []).append(bonus + action.value)
    return {"values": values}


def evaluation(spec, deal=None) -> dict:
    if not memo.in_build_mode():
        raise DecisionError(f"{NAME} puzzles are valued when the site is built, not in the browser")
    deal = deal if deal is not None else deal_of(spec)
    return memo.cached(_payload(spec), lambda: evaluate(spec, deal))


def best_leads(found: dict) -> dict[str, str]:
    """The lead after each answer: the card with the highest average over the sampled deals (of
    equal ones the first the solver lists, in the hand's order)."""
    out = {}
    for key, cards in found["values"].items():
        order = list(cards)
        out[key] = max(order, key=lambda c: (sum(cards[c]), -order.index(c)))
    return out


def per_deal(found: dict) -> dict[str, list[int]]:
    """Each answer's value on each sampled deal: that of the lead after it (``best_leads``)."""
    return {key: found["values"][key][card] for key, card in best_leads(found).items()}


def solution(spec, deal) -> dict:
    found = evaluation(spec, deal)
    leads = best_leads(found)
    reasons = {key: None if key == NO_DECLARATION else reason_of(deal, parse_action(key)) for key in leads}
    values = {key: round(sum(v) / len(v), 1) for key, v in per_deal(found).items()}
    legal = {a: v for a, v in values.items() if reasons[a] is None}
    if not legal:
        raise DecisionError(f"{NAME}: none of the offered answers is legal")
    best = max(legal.values())
    m = margin(spec)
    return {
        "samples": samples(spec),
        "margin": m,
        "rows": [{"choice": key, "card": leads[key], "average": values[key]} for key in reasons],
        "answers": list(reasons),
        "reasons": reasons,
        "values": values,
        "best": [a for a, v in legal.items() if v == best],
        "accepted": [a for a, v in legal.items() if v >= best - m],
    }


@register
class DeclarationKind(DecisionKind):
    """Declare trump now, and which suit, or lead without declaring: each answer valued with the
    lead that does best on average after it."""

    name = NAME
    cost = 2
    estimated = True
    # the readiness test's alone: its sampled deals are played by the solver, which knows whether
    # another trick will be won, so waiting to declare looks cheaper than at a table; a test asks
    # it among other decisions with that said (README, "The bank holds"), a lesson would teach it
    in_lessons = False
    explanation_cites = "estimate"
    layout = "table"
    estimate = ("how_declaration",)

    def read(self) -> None:
        self.deal = deal_of(self.spec)
        samples(self.spec)
        margin(self.spec)
        self.knowledge = estimate.knowledge_from_record(self.deal, self.deal.to_move)

    def compute_solution(self) -> dict:
        return solution(self.spec, self.deal)

    def figures(self, answer: str) -> dict:
        sol = self.solution()
        rows = {row["choice"]: row for row in sol["rows"]}

        def one(key):
            return {"answer": key, "lead": rows[key]["card"], "average": rows[key]["average"]}

        return {"samples": sol["samples"], "chosen": one(answer), "best": one(self.best_answer())}

    def extend_view(self, out: dict) -> None:
        out["played"] = played_cards(self.deal, self.spec)
        out["mover_leads"] = True
        choices = []
        for key in self.solution()["answers"]:
            choice: dict = {"key": key}
            if key != NO_DECLARATION:  # the king and queen it declares, drawn beside its words
                suit = parse_action(key).suit
                choice["pair"] = [str(Card(suit, rank)) for rank in (Rank.KING, Rank.QUEEN)]
            choices.append(choice)
        out["choices"] = choices
