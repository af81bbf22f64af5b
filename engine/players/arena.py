"""Computer players against each other on duplicate deals.

``arena(rules, players, deals, seed)`` deals ``deals`` deals from the seeds ``seed``,
``seed + 1``, ... and plays each of them once per rotation of the players around the table
(``normal,easy,easy``: the normal player sits in seat 0, then 1, then 2 with the same cards),
so that good and bad cards fall to every player type alike. Rotations that seat the types
the same way are played once (``normal,easy,normal,easy``: two).

A player's points for a deal are its side's deal score (as ``scoring`` counts it; a redealt
deal scores 0). For each deal, each player type's points are averaged over its seats and the
rotations; the figures printed are the means over the deals with a 95 % confidence interval
(normal approximation, 1.96 standard errors), and for the first two types the mean difference
per deal with its interval, paired by deal, which is what says whether one type beats the other.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from ..core.actions import Action
from ..core.deal import Deal
from ..core.rules import RuleSet

Z95 = 1.959964


def player(name: str) -> Callable[[Deal, random.Random], Action]:
    """The action function of a computer player type."""
    from . import PLAYERS

    try:
        return PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r}: choose {', '.join(PLAYERS)}") from None


def rotations(players: list[str]) -> list[tuple[str, ...]]:
    """The distinct seatings obtained by moving every player one seat on, in order."""
    n = len(players)
    out: list[tuple[str, ...]] = []
    for r in range(n):
        seating = tuple(players[(s - r) % n] for s in range(n))
        if seating not in out:
            out.append(seating)
    return out


def play_deal(rules: RuleSet, deal_seed: int, seating: tuple[str, ...]) -> Deal:
    """One deal played to its end by the given player types (seat by seat)."""
    actors = [player(name) for name in seating]
    deal = Deal.new(rules, deal_seed, dealer=deal_seed % rules.players)
    while not deal.is_over:
        rng = random.Random(deal_seed * 7919 + len(deal.history))
        deal.apply(actors[cast(int, deal.to_move)](deal, rng))  # not over: somebody is to move
    return deal


def seat_points(deal: Deal) -> list[int]:
    """Each seat's share of the deal: its side's deal score (0 for a redealt deal)."""
    rules = deal.rules
    if deal.redealt:
        return [0] * rules.players
    scores = deal.score().deal_scores()
    return [scores[rules.side_of(s)] for s in range(rules.players)]


@dataclass
class Interval:
    mean: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return {"mean": round(self.mean, 2), "low": round(self.low, 2), "high": round(self.high, 2)}


def interval(values: list[float]) -> Interval:
    """The mean with a 95 % confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Interval(mean, -math.inf, math.inf)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(mean, mean - half, mean + half)


def arena(
    rules: RuleSet,
    players: list[str],
    deals: int,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    if len(players) != rules.players:
        raise ValueError(f"--players: {rules.name} has {rules.players} seats, but {len(players)} players were given")
    if deals < 2:
        raise ValueError(f"--deals: at least 2 deals are needed for a confidence interval, not {deals}")
    for name in players:
        player(name)
    types = list(dict.fromkeys(players))
    seatings = rotations(players)
    per_deal: dict[str, list[float]] = {t: [] for t in types}
    redealt = 0
    for number in range(deals):
        deal_seed = seed + number
        sums = {t: [0.0, 0] for t in types}
        for seating in seatings:
            deal = play_deal(rules, deal_seed, seating)
            redealt += deal.redealt
            for seat, points in enumerate(seat_points(deal)):
                sums[seating[seat]][0] += points
                sums[seating[seat]][1] += 1
        for t in types:
            per_deal[t].append(sums[t][0] / sums[t][1])
        if progress:
            progress(number + 1, deals)
    out: dict[str, Any] = {  # the arena's JSON (Any: values of every JSON type)
        "rules": rules.name,
        "players": players,
        "deals": deals,
        "games": deals * len(seatings),
        "seatings": [list(s) for s in seatings],
        "seed": seed,
        "redealt": redealt,
        "types": [{"player": t, "seats": players.count(t), **interval(per_deal[t]).to_dict()} for t in types],
    }
    if len(types) >= 2:
        first, second = types[0], types[1]
        diff = [a - b for a, b in zip(per_deal[first], per_deal[second])]
        out["difference"] = {"players": [first, second], **interval(diff).to_dict()}
    return out


def lines(out: dict[str, Any]) -> list[str]:
    """The arena's result as text."""
    head = (
        f"{out['rules']}: {out['deals']} duplicate deals ({out['games']} games, seats rotated), "
        f"seeds {out['seed']}..{out['seed'] + out['deals'] - 1}"
    )
    rows = [head, f"{'player':<8} {'seats':>5} {'points/deal':>12}  95 % interval"]
    for t in out["types"]:
        rows.append(f"{t['player']:<8} {t['seats']:>5} {t['mean']:>12.1f}  [{t['low']:.1f}, {t['high']:.1f}]")
    if "difference" in out:
        d = out["difference"]
        verdict = "excludes 0" if d["low"] > 0 or d["high"] < 0 else "includes 0"
        rows.append(
            f"{d['players'][0]} - {d['players'][1]}: {d['mean']:+.1f} points per deal, "
            f"95 % interval [{d['low']:+.1f}, {d['high']:+.1f}] ({verdict}; paired by deal)"
        )
    if out["redealt"]:
        rows.append(f"{out['redealt']} games were redealt (0 points each)")
    return rows
