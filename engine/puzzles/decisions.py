"""Decision puzzles with hidden cards: what to bid, what to put away, whether to raise, what to
give the bidder, what to lead. The learner sees only its own seat's information, so an answer
is valued by the engine over many deals of the unseen cards (``engine.search.estimate``: every deal
that fits what the learner has seen is equally likely; each is then played with every hand
known, the other players together against the learner's side). The same seeded estimate gives
the same table on every build; the build caches it by content (``engine.search.memo``).

Kinds (``position`` is a record, docs/notation.md, that stops where the learner decides):

* ``bid``     auction; answers ``p`` and bids. Each deal: the learner wins the auction, takes the
              widow, puts away the cards with the fewest points (never a king or queen of a
              pair) and keeps the contract; ``made`` is what its hand ends with. A bid is valued
              by its expected deal score (+bid when made, -bid when not); a pass scores 0 (the
              estimate counts the contract only; as a defender you would also score your take).
* ``raise``   the bidder after the discard; answers ``hold`` and ``raise:N``, valued the same way.
* ``discard`` the bidder with the widow in hand; answers the sets listed in ``candidates``,
              valued by the points the hand ends with on average.
* ``give``    the bidder's partner in the pairs game; answers the sets in ``candidates``; the
              bidder returns its cheapest cards by the same rule and keeps the contract; valued
              by the points the pair ends with on average.
* ``lead``    trick play (a record, or a position with ``voids`` and a hidden ``discard``);
              answers the cards of the hand, valued by the points the learner's side takes from
              here on, on average.

Answers valued within ``margin`` of the best are accepted (``correct``); other legal ones are
``legal-not-best`` with ``loss`` (how much less on average, at least 1); illegal ones carry the
engine's reason.
"""

from __future__ import annotations

import random
from abc import abstractmethod

from ..core.actions import Bid, Discard, Give, Pass, Play, Raise, parse_action
from ..core.cards import Card
from ..core.notation import parse_position, parse_record
from ..search import estimate, memo
from .base import Kind, PuzzleError, is_record, reason_of, register
from .reading import card_set, spec_discard, voids
from .table import played_cards, record_log, seen_points, table_view

PHASE = {"bid": "auction", "raise": "raise", "discard": "discard", "give": "give", "lead": "play"}
SAMPLES = {"bid": 10, "raise": 10, "discard": 4, "give": 4, "lead": 6}  # defaults: see lessons/README.md
MARGIN = {"bid": 10, "raise": 10, "discard": 5, "give": 5, "lead": 2}
MAX_SAMPLES = 64
MAX_CANDIDATES = 6
WINDOW = 5  # offered bids and raises: this many steps either side of the best one


class DecisionError(PuzzleError):
    """A decision puzzle that cannot be used; the message says what is wrong."""


# -- reading the spec ------------------------------------------------------------------------------
def deal_of(spec):
    """The deal of a decision puzzle at the moment the learner decides (the learner is to move)."""
    kind = spec["kind"]
    text = spec.get("position")
    if not isinstance(text, str):
        raise DecisionError("the puzzle has no position")
    if kind == "lead" and not is_record(text):
        deal = parse_position(text)
    else:
        if not is_record(text):
            raise DecisionError(f"{kind}: position must be a record of the deal so far (dealer, hands, actions)")
        deal = parse_record(text)
    if deal.phase != PHASE[kind]:
        raise DecisionError(f"{kind}: the record must stop in the {PHASE[kind]} phase; it is in the {deal.phase} phase")
    if deal.pending_question is not None:
        raise DecisionError(f"{kind}: the learner cannot be answering a partner question")
    rules = deal.rules
    if kind in ("bid", "discard") and not rules.widow_size:
        raise DecisionError(f"{kind}: {rules.name} has no widow; this kind is for the games with a widow")
    if kind == "give" and not rules.exchange_size:
        raise DecisionError(f"give: {rules.name} has no exchange between partners")
    if kind in ("bid", "raise", "discard", "give") and (rules.rounding or rules.bidder_needs_card_points):
        raise DecisionError(f"{kind}: the estimate compares the exact total with the contract; {rules.name} does not")
    return deal


def _samples(spec) -> int:
    n = spec.get("samples", SAMPLES[spec["kind"]])
    if not isinstance(n, int) or isinstance(n, bool) or not 4 <= n <= MAX_SAMPLES:
        raise DecisionError(f"samples: a whole number from 4 to {MAX_SAMPLES}")
    return n


def _margin(spec) -> float:
    m = spec.get("margin", MARGIN[spec["kind"]])
    if not isinstance(m, (int, float)) or isinstance(m, bool) or m < 0:
        raise DecisionError("margin: a number of points, 0 or more")
    return m


def candidates(spec, deal) -> list[tuple[str, tuple[Card, ...]]]:
    """``discard`` and ``give``: the listed card sets as ``(answer key, cards)``."""
    kind = spec["kind"]
    listed = spec.get("candidates")
    if not isinstance(listed, list) or not 2 <= len(listed) <= MAX_CANDIDATES:
        raise DecisionError(f'candidates: a list of 2 to {MAX_CANDIDATES} card sets, for example ["SA.S6.C7", ...]')
    hand = deal.hands[deal.to_move]
    size = deal.rules.widow_size if kind == "discard" else deal.rules.exchange_size
    out = []
    for i, text in enumerate(listed, 1):
        cards = card_set(text, f"candidates: set {i}")
        if len(cards) != size:
            raise DecisionError(f"candidates: set {i} ({text}) has {len(cards)} cards; {size} are put away")
        for card in cards:
            if card not in hand:
                raise DecisionError(f"candidates: set {i} ({text}): {card} is not in the hand")
        key = f"{kind}:" + ".".join(map(str, cards))
        if key in dict(out):
            raise DecisionError(f"candidates: set {i} ({text}) is listed twice")
        out.append((key, cards))
    return out


def knowledge(spec, deal) -> estimate.Knowledge:
    if spec["kind"] == "lead" and not is_record(spec["position"]):
        return estimate.knowledge_from_position(deal, deal.to_move, voids(spec, deal), spec_discard(spec, deal))
    for key in ("voids", "discard"):
        if key in spec:
            raise DecisionError(f"{key}: only for a lead puzzle given as a position (a record shows what was seen)")
    return estimate.knowledge_from_record(deal, deal.to_move)


# -- the costly part: one estimate per puzzle, cached by content -------------------------------------
def _payload(spec, deal) -> dict:
    kind = spec["kind"]
    payload = {"what": f"decision-{kind}", "position": spec["position"], "samples": _samples(spec)}
    for key in ("voids", "discard"):
        if key in spec:
            payload[key] = spec[key]
    if kind in ("discard", "give"):
        payload["candidates"] = [key for key, _ in candidates(spec, deal)]
    return payload


def _to_auction_end(deal, seat: int) -> None:
    """The learner makes its lowest legal bid and the others pass until it is the bidder."""
    while deal.phase == "auction":
        if deal.to_move == seat:
            bids = [a for a in deal.legal_actions() if isinstance(a, Bid)]
            if not bids:
                raise DecisionError("bid: the learner has no legal bid")
            deal.apply(min(bids, key=lambda b: b.amount))
        else:
            deal.apply(Pass())


def _evaluate(spec, deal) -> dict:
    """Per sampled deal: ``made`` (bid, raise), ``made`` per candidate (discard, give), or the
    solver's value per legal card (lead)."""
    kind = spec["kind"]
    payload = _payload(spec, deal)
    rules = deal.rules
    seat = deal.to_move
    side = rules.side_of(seat)
    know = knowledge(spec, deal)
    layouts = estimate.sample_layouts(know, payload["samples"], random.Random(estimate.seed_of(payload)))
    true_discard = list(spec_discard(spec, deal)) if kind == "lead" else None
    if kind == "lead":
        from ..search.solver import solve

        values: dict[str, list[int]] = {}
        for layout in layouts:
            sampled = estimate.with_layout(deal, layout, true_discard)
            for action in solve(sampled).actions:
                if not action.action.startswith(("trump:", "ask")):
                    values.setdefault(action.action, []).append(action.value)
        return {"values": values}
    if kind in ("bid", "raise"):
        made = []
        for layout in layouts:
            sampled = estimate.with_layout(deal, layout)
            if kind == "bid":
                _to_auction_end(sampled, seat)
            made.append(estimate.made(estimate.play_deal(sampled), side, rules.bid_step))
        return {"made": made}
    action_type = Discard if kind == "discard" else Give
    made_by = {key: [] for key, cards in candidates(spec, deal) if deal.why_illegal(action_type(cards)) is None}
    legal = [(key, cards) for key, cards in candidates(spec, deal) if key in made_by]
    for layout in layouts:
        for key, cards in legal:
            sampled = estimate.with_layout(deal, layout)
            sampled.apply(action_type(cards))
            made_by[key].append(estimate.made(estimate.play_deal(sampled), side, rules.bid_step))
    return {"made": made_by}


def evaluation(spec, deal=None) -> dict:
    if not memo.in_build_mode():
        raise DecisionError(f"{spec['kind']} puzzles are valued when the site is built, not in the browser")
    deal = deal if deal is not None else deal_of(spec)
    return memo.cached(_payload(spec, deal), lambda: _evaluate(spec, deal))


# -- answers and their values --------------------------------------------------------------------------
def _amounts(spec, key: str, start: int, step: int, best: int, top: int) -> list[int]:
    """The offered bids or raises: listed in the spec, or the lowest one and those within
    ``WINDOW`` steps of the best contract (the estimate's), up to ``top``."""
    listed = spec.get(key)
    if listed is not None:
        if not isinstance(listed, list) or not listed or not all(type(x) is int for x in listed):
            raise DecisionError(f"{key}: a list of whole numbers")
        return sorted(set(listed))
    low = max(start, best - WINDOW * step)
    high = min(top, max(best, start) + WINDOW * step)
    return sorted({start, *range(low, high + 1, step)})


def _expected(made: list[int], contract: int) -> float:
    return round(estimate.expected_score(made, contract), 1)


def _best_contract(made: list[int], low: int, step: int) -> int:
    top = max(max(made), low)
    return max(range(low, top + step, step), key=lambda c: (estimate.expected_score(made, c), -c))


def _contract_answers(spec, deal, made: list[int]) -> tuple[dict, dict, list]:
    """``bid`` and ``raise``: every offered answer with its reason (or None) and its value."""
    rules = deal.rules
    step = rules.bid_step
    top = rules.max_bid or (rules.pack_points + sum(rules.bonus))
    reasons, values, rows = {}, {}, []
    if spec["kind"] == "bid":
        start = rules.min_bid if deal.high_bid is None else deal.high_bid + step
        amounts = _amounts(spec, "bids", start, step, _best_contract(made, start, step), top)
        reasons["p"] = reason_of(deal, Pass())
        values["p"] = 0.0
        for amount in amounts:
            reasons[str(amount)] = reason_of(deal, Bid(amount))
            values[str(amount)] = _expected(made, amount)
    else:
        start = deal.contract + step
        amounts = _amounts(spec, "raises", start, step, _best_contract(made, deal.contract, step), top)
        reasons["hold"] = None
        values["hold"] = _expected(made, deal.contract)
        rows.append({"contract": deal.contract, "made": sum(m >= deal.contract for m in made)})
        for amount in amounts:
            reasons[f"raise:{amount}"] = reason_of(deal, Raise(amount))
            values[f"raise:{amount}"] = _expected(made, amount)
    for amount in amounts:
        rows.append({"contract": amount, "made": sum(m >= amount for m in made)})
    for row in rows:
        row["expected"] = _expected(made, row["contract"])
    return reasons, values, rows


def solution(spec, deal) -> dict:
    kind = spec["kind"]
    margin = _margin(spec)
    found = evaluation(spec, deal)
    n = _samples(spec)
    out = {"samples": n, "margin": margin}
    if kind in ("bid", "raise"):
        made = found["made"]
        reasons, values, rows = _contract_answers(spec, deal, made)
        out.update(made=sorted(made), spread=estimate.spread(made), rows=rows)
        if kind == "raise":
            out["contract"] = deal.contract
    elif kind in ("discard", "give"):
        action_type = Discard if kind == "discard" else Give
        reasons, values, rows = {}, {}, []
        contract = deal.contract
        for key, cards in candidates(spec, deal):
            reasons[key] = reason_of(deal, action_type(cards))
            if reasons[key] is None:
                made = found["made"][key]
                values[key] = round(sum(made) / len(made), 1)
                made_contract = sum(m >= contract for m in made)
                rows.append({"choice": key, "average": values[key], "made": made_contract})
        out["contract"] = contract
        out["rows"] = rows
    else:
        hand = deal.hands[deal.to_move]
        reasons = {str(c): reason_of(deal, Play(c)) for c in hand}
        values = {card: round(sum(v) / len(v), 1) for card, v in found["values"].items()}
        out["rows"] = [{"card": card, "average": values[card]} for card in reasons if card in values]
    legal = {a: v for a, v in values.items() if reasons.get(a) is None}
    if not legal:
        raise DecisionError(f"{kind}: none of the offered answers is legal")
    best = max(legal.values())
    out["answers"] = list(reasons)
    out["reasons"] = reasons
    out["values"] = values
    out["best"] = [a for a, v in legal.items() if v == best]
    out["accepted"] = [a for a, v in legal.items() if v >= best - margin]
    return out


def _canonical(kind: str, answer) -> str:
    text = str(answer)
    if kind in ("discard", "give"):
        return f"{kind}:" + ".".join(map(str, card_set(text.split(":", 1)[-1], "answer")))
    if kind == "lead":
        return str(Card.parse(text))
    return str(parse_action(text)) if kind == "raise" else text


class DecisionKind(Kind):
    """A decision with hidden cards, valued by the estimate when the site is built."""

    shape = "choices"
    answer = "choice"
    words = {"correct": "good_choice", "illegal": "illegal_action", "legal-not-best": "estimate_points_loss"}
    layout = "record"
    controls = "options"
    estimate: tuple[str, ...] = ("how_points",)  # how the estimate values it (site/messages: estimate)
    keys = Kind.keys | {"samples", "margin"}

    def read(self) -> None:
        self.deal = deal_of(self.spec)
        _samples(self.spec)
        _margin(self.spec)
        self.knowledge = knowledge(self.spec, self.deal)

    def compute_solution(self) -> dict:
        return solution(self.spec, self.deal)

    def verify(self, sol: dict) -> None:
        answer = self.spec.get("answer")
        if answer is None:
            return
        given = [_canonical(self.name, a) for a in (answer if isinstance(answer, list) else [answer])]
        if sorted(given) != sorted(sol["accepted"]):
            raise DecisionError(
                f"answer {', '.join(sorted(given))} but the engine accepts {', '.join(sorted(sol['accepted']))}"
            )

    def answers(self) -> list[str]:
        return self.solution()["answers"]

    def form(self) -> dict:
        return {**super().form(), "estimate": list(self.estimate)}

    @abstractmethod
    def figures(self, answer: str) -> dict:
        """The estimate's figures of ``answer`` and of the best answer (what a wrong answer shows)."""

    def best_answer(self) -> str:
        sol = self.solution()
        return max(sol["best"], key=lambda a: (sol["values"][a], a))

    def verdict(self, answer: str) -> dict:
        sol = self.solution()
        reason = sol["reasons"][answer]
        if reason is not None:
            return {"verdict": "illegal", "reason": reason, "choice": answer}
        value = sol["values"][answer]
        if answer in sol["accepted"]:
            return {"verdict": "correct", "choice": answer, "value": value}
        best = max(sol["values"][a] for a in sol["best"])
        loss = max(1, round(best - value))
        return {
            "verdict": "legal-not-best",
            "choice": answer,
            "value": value,
            "loss": loss,
            "figures": self.figures(answer),
        }

    def view(self) -> dict:
        """What the learner sees: its own hand, the bids, the widow once shown, its own discard,
        the table (hidden hands as counts), and the choices offered (their cards, for card sets)."""
        spec, deal = self.spec, self.deal
        seat = deal.to_move
        out = {"kind": self.name, **table_view(deal, seat, {seat}), "form": self.form()}
        seen_points(out, deal, spec)
        if is_record(spec["position"]):
            out["log"] = record_log(deal, seat)
        self.extend_view(out)
        return out

    def extend_view(self, out: dict) -> None:
        choices = []
        for answer in self.solution()["answers"]:
            choice = {"key": answer}
            if self.name in ("discard", "give"):
                choice["cards"] = answer.split(":", 1)[1].split(".")
            elif answer.startswith("raise:") or answer.isdigit():
                choice["amount"] = int(answer.rsplit(":", 1)[-1])
            choices.append(choice)
        out["choices"] = choices


class ContractKind(DecisionKind):
    """``bid`` and ``raise``: each contract valued by how often it is made and what it scores."""

    estimated = True
    explanation_cites = "estimate"

    words = {**DecisionKind.words, "legal-not-best": "estimate_score_loss"}

    @abstractmethod
    def contract_of(self, answer: str) -> int | None:
        """The contract an answer stands for (None: the answer keeps no contract)."""

    def figures(self, answer: str) -> dict:
        sol = self.solution()
        rows = {row["contract"]: row for row in sol["rows"]}

        def one(key):
            contract = self.contract_of(key)
            row = rows.get(contract) if contract is not None else None
            out = {"answer": key, "expected": sol["values"][key], "contract": contract}
            if row is not None:
                out["made"] = row["made"]
            return out

        return {"samples": sol["samples"], "chosen": one(answer), "best": one(self.best_answer())}


@register
class BidKind(ContractKind):
    name = "bid"
    cost = 3
    estimate = ("how_bid",)
    keys = DecisionKind.keys | {"bids"}

    def contract_of(self, answer: str) -> int | None:
        return None if answer == "p" else int(answer)


@register
class RaiseKind(ContractKind):
    name = "raise"
    cost = 2
    estimate = ("how_raise",)
    keys = DecisionKind.keys | {"raises"}

    def contract_of(self, answer: str) -> int | None:
        return self.deal.contract if answer == "hold" else int(answer.split(":", 1)[1])


class CardSetKind(DecisionKind):
    """``discard`` and ``give``: the listed card sets, valued by the points the hand ends with."""

    estimated = True
    explanation_cites = "estimate"
    card_sets = True

    keys = DecisionKind.keys | {"candidates"}

    def read(self) -> None:
        super().read()
        self.candidates = candidates(self.spec, self.deal)

    def figures(self, answer: str) -> dict:
        sol = self.solution()
        rows = {row["choice"]: row for row in sol["rows"]}

        def one(key):
            return {"answer": key, "cards": key.split(":", 1)[1].split("."), **rows[key]}

        figures = {"samples": sol["samples"], "contract": sol["contract"]}
        return {**figures, "chosen": one(answer), "best": one(self.best_answer())}

    def extend_view(self, out: dict) -> None:
        super().extend_view(out)
        if self.name == "discard":
            out["widow_cards"] = out["log"]["widow"]


@register
class DiscardKind(CardSetKind):
    name = "discard"
    cost = 5


@register
class GiveKind(CardSetKind):
    name = "give"
    cost = 4
    estimate = ("how_give", "how_points")


@register
class LeadKind(DecisionKind):
    name = "lead"
    cost = 1
    shape = "hand"
    answer = "card"
    hand = "answer"
    words = {**DecisionKind.words, "illegal": "illegal"}
    layout = "table"
    controls = None
    estimate = ("how_lead",)
    keys = DecisionKind.keys | {"voids", "discard"}

    def figures(self, answer: str) -> dict:
        sol = self.solution()
        best = self.best_answer()
        return {
            "samples": sol["samples"],
            "chosen": {"answer": answer, "average": sol["values"][answer]},
            "best": {"answer": best, "average": sol["values"][best]},
        }

    def extend_view(self, out: dict) -> None:
        spec, deal = self.spec, self.deal
        out["played"] = played_cards(deal, spec)
        out["voids"] = [
            {"seat": s, "suits": [str(x) for x in sorted(suits)]} for s, suits in sorted(voids(spec, deal).items())
        ]
