"""``auction``: ``position`` is the record of an auction; pick the player who becomes the bidder.
Players are numbered in bidding order (1 bids first). A wrong pick says why: that player passed
(when, and after which bid), or bid but was outbid. The reason's parameters also name the bidder
and the last bid, but the page's first words leave them out: they are the answer."""

from __future__ import annotations

from ..core.actions import Bid, Pass
from ..core.notation import parse_record
from ..core.rules import PRESET_INFO
from .base import Kind, PuzzleError, register


@register
class Auction(Kind):
    name = "auction"
    shape = "choices"
    answer = "choice"
    layout = "auction"
    controls = "seats"
    words = {"wrong": "wrong_auction"}

    def read(self) -> None:
        deal = parse_record(self.position)
        if deal.phase == "auction" or deal.bidder is None:
            raise PuzzleError("the auction in the record is not finished with a bidder")
        self.deal = deal

    def player(self, seat: int) -> int:
        return (seat - self.deal.first_bidder) % self.deal.rules.players + 1

    def compute_solution(self) -> dict:
        deal = self.deal
        return {"seat": deal.bidder, "contract": deal.contract, "player": self.player(deal.bidder)}

    def verify(self, sol: dict) -> None:
        answer = self.spec.get("answer")
        if answer is not None and answer != sol["seat"]:
            raise PuzzleError(f"answer seat {answer} but the bidder is seat {sol['seat']}")

    def answers(self) -> list[str]:
        return [str(seat) for seat in range(self.deal.rules.players)]

    def why_not_bidder(self, seat: int) -> dict:
        """Why ``seat`` did not win the auction: it passed (after which high bid), or it was outbid."""
        deal = self.deal
        bids = [a.amount for s, a in deal.auction if s == seat and isinstance(a, Bid)]
        high = None
        for mover, action in deal.auction:
            if mover == seat and isinstance(action, Pass):
                params = {"player": self.player(seat), "bidder": self.player(deal.bidder), "bid": deal.contract}
                if bids:
                    return {"code": "passed_after_bidding", "params": {**params, "own": bids[-1]}}
                if high is None:
                    return {"code": "passed_first", "params": params}
                return {"code": "passed", "params": {**params, "over": high}}
            if isinstance(action, Bid):
                high = action.amount
        params = {"player": self.player(seat), "bidder": self.player(deal.bidder), "bid": deal.contract}
        return {"code": "outbid", "params": {**params, "own": bids[-1] if bids else None}}

    def verdict(self, answer: str) -> dict:
        seat = int(answer)
        player = self.player(seat)
        if seat == self.solution()["seat"]:
            return {"verdict": "correct", "seat": seat, "player": player}
        return {"verdict": "wrong", "seat": seat, "player": player, "reason": self.why_not_bidder(seat)}

    def view(self) -> dict:
        deal = self.deal
        first = deal.first_bidder
        return {
            "kind": self.name,
            "form": self.form(),
            "rules": deal.rules.name,
            "rules_title": PRESET_INFO.get(deal.rules.name, (deal.rules.name,))[0],
            "players": deal.rules.players,
            "order": [(first + i) % deal.rules.players for i in range(deal.rules.players)],
            "bids": [{"seat": seat, "bid": str(action)} for seat, action in deal.auction],
        }
