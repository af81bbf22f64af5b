"""Scoring a finished deal, with a breakdown that shows how every number was reached.

For each side (a player in the solo games, a pair in the partnership games):
card points taken (the bidder's discard included) + last-trick bonus + declaration bonuses
= the deal total, rounded to the nearest 5 where the rule set rounds (…2 down, …3 up).

* The bidding side scores +contract when its total reaches the contract (exactly equal is
  enough) and −contract otherwise; nothing extra for overshooting (S0, S1, S2, S3). With
  ``bidder_needs_card_points`` a side that took no card points fails whatever its bonuses (S3).
* Every other side scores its own total, whatever the bidder did (S0).
* ``porvoo``: a non-bidding side that won no trick scores −(original bid) instead (S2); for
  the bidder the failed contract is the whole penalty (it is not doubled).
* Without a contract (German variant, all passed) every side scores its own total.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field


def round_to_five(points: int) -> int:
    """Nearest multiple of 5: 112 → 110, 113 → 115 (S3 German)."""
    r = points % 5
    return points - r if r <= 2 else points + 5 - r


@dataclass
class SideScore:
    side: int
    seats: list[int]
    role: str  # "bidder", "defender" or "free" (no contract)
    tricks: int
    card_points: int
    last_trick: int
    declarations: list[dict] = field(default_factory=list)  # {"suit": "S", "bonus": 40}
    total: int = 0
    rounded: int | None = None
    compared: int | None = None  # the bidder's figure compared with the contract
    contract_made: bool | None = None
    porvoo: bool = False
    deal_score: int = 0
    explanation: str = ""


@dataclass
class DealScore:
    rules: str
    bidder: int | None
    bid: int | None
    contract: int | None
    sides: list[SideScore]

    def deal_scores(self) -> list[int]:
        return [s.deal_score for s in self.sides]

    def to_dict(self) -> dict:
        return asdict(self)

    def lines(self) -> list[str]:
        out = []
        if self.contract is not None:
            raised = f" (bid {self.bid}, raised)" if self.bid != self.contract else ""
            out.append(f"contract {self.contract} by seat {self.bidder}{raised}")
        else:
            out.append("no contract")
        for s in self.sides:
            name = "pair " + "+".join(map(str, s.seats)) if len(s.seats) > 1 else f"seat {s.seats[0]}"
            parts = [f"cards {s.card_points}"]
            if s.last_trick:
                parts.append(f"last trick {s.last_trick}")
            parts += [f"trump {d['suit']} {d['bonus']}" for d in s.declarations]
            total = f"= {s.total}" + (f" → {s.rounded}" if s.rounded is not None and s.rounded != s.total else "")
            out.append(f"{name} ({s.role}, {s.tricks} tricks): {' + '.join(parts)} {total}; {s.explanation}")
        return out


def score_deal(deal) -> DealScore:
    """The breakdown of a finished deal (a ``Deal`` in phase ``done`` that was not redealt)."""
    if deal.phase != "done" or deal.redealt:
        raise ValueError("only a finished deal that was played out can be scored")
    rules = deal.rules
    n_sides = rules.sides
    bidder_side = rules.side_of(deal.bidder) if deal.bidder is not None else None
    sides = []
    for side in range(n_sides):
        seats = [s for s in range(rules.players) if rules.side_of(s) == side]
        role = "free" if bidder_side is None else ("bidder" if side == bidder_side else "defender")
        card_points = sum(deal.points[s] for s in seats)
        tricks = sum(deal.tricks[s] for s in seats)
        last = rules.last_trick_bonus if deal.last_trick_winner in seats else 0
        decls = [
            {"suit": str(d.suit), "bonus": rules.bonus[d.suit], "seat": d.seat, "how": d.how}
            for d in deal.declarations
            if rules.side_of(d.seat) == side
        ]
        total = card_points + last + sum(d["bonus"] for d in decls)
        s = SideScore(side, seats, role, tricks, card_points, last, decls, total)
        s.rounded = round_to_five(total) if rules.rounding else None
        own = s.rounded if s.rounded is not None else total
        if role == "bidder":
            s.compared = s.rounded if (rules.rounding and rules.contract_uses_rounded) else total
            if rules.bidder_needs_card_points and card_points == 0:
                s.contract_made = False
                s.explanation = "took no card points: contract lost"
            else:
                s.contract_made = s.compared >= deal.contract
                s.explanation = (
                    f"{s.compared} ≥ {deal.contract}: contract made"
                    if s.contract_made
                    else f"{s.compared} < {deal.contract}: contract lost"
                )
            s.deal_score = deal.contract if s.contract_made else -deal.contract
        elif role == "defender" and rules.porvoo and tricks == 0:
            s.porvoo = True
            s.deal_score = -deal.bid
            s.explanation = f"no tricks: Porvoo −{deal.bid}"
        else:
            s.deal_score = own
            s.explanation = f"scores {own}"
        sides.append(s)
    return DealScore(str(rules), deal.bidder, deal.bid, deal.contract, sides)
