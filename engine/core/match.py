"""A match: deals one after another, the dealer moving clockwise, until a side reaches the target.

End of the match (checked after every deal, never in the middle of one):

* a side at or above ``rules.target`` (500) ends the match; the highest total wins, so
  470 + 40 = 510 loses to 450 + 65 = 515 (S0);
* equal highest totals: ``tie_rule="shared"`` is a shared win (S0), ``"extra_deal"`` plays one
  more deal, and again while still equal (S3); with the house rule ``bidder_wins_ties`` the side
  that bid in the last deal wins first if it is among them;
* a redeal (three sixes, or everybody passed without a no-contract rule) scores nothing and the
  same dealer deals again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .deal import Deal
from .rules import RuleSet


@dataclass
class MatchResult:
    finished: bool
    winners: list[int] = field(default_factory=list)  # sides; more than one = shared win
    extra_deal: bool = False


def match_result(rules: RuleSet, totals: list[int], bidder_side: int | None = None) -> MatchResult:
    """Is the match over with these totals (after a deal whose bidding side was ``bidder_side``),
    and who won?"""
    if max(totals) < rules.target:
        return MatchResult(False)
    reached = [side for side, total in enumerate(totals) if total >= rules.target]
    if rules.bidder_wins_at_target and len(reached) > 1 and bidder_side in reached:
        return MatchResult(True, [bidder_side])  # house rule: the bidder's side, even with less
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    if len(leaders) > 1 and rules.bidder_wins_ties and bidder_side in leaders:
        return MatchResult(True, [bidder_side])
    if len(leaders) == 1 or rules.tie_rule == "shared":
        return MatchResult(True, leaders)
    return MatchResult(False, [], extra_deal=True)


class Match:
    """A match from a seed: each deal gets its own seed, derived from the match seed."""

    def __init__(self, rules: RuleSet, seed: int = 0, first_dealer: int = 0):
        self.rules = rules
        self.seed = seed
        self.totals = [0] * rules.sides
        self.deals: list[Deal] = []
        self.dealer = first_dealer % rules.players
        self.result = MatchResult(False)
        self._deal_count = 0
        self.deal = self._new_deal()

    def _new_deal(self) -> Deal:
        deal_seed = self.seed * 1000 + self._deal_count
        self._deal_count += 1
        return Deal.new(self.rules, deal_seed, self.dealer, match_scores=self.totals)

    @property
    def is_over(self) -> bool:
        return self.result.finished

    def finish_deal(self) -> None:
        """Book the current deal once it is over and start the next one (unless the match ended)."""
        deal = self.deal
        if not deal.is_over:
            raise ValueError("the current deal is not over yet")
        self.deals.append(deal)
        if not deal.redealt:
            for side, points in enumerate(deal.score().deal_scores()):
                self.totals[side] += points
            self.dealer = (self.dealer + 1) % self.rules.players
            bidder_side = self.rules.side_of(deal.bidder) if deal.bidder is not None else None
            self.result = match_result(self.rules, self.totals, bidder_side)
        if not self.result.finished:
            self.deal = self._new_deal()
