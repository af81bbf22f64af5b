"""The story of a deal, told once: ``tell(deal)`` replays the deal's history from its start
through ``Deal`` (so the rules stay there) and returns what happened as typed events, each with
the seats that may see its cards (``Event.seen_by``; None: every seat). The play page's story
(``coach.game.public_log``), the puzzles' record tables (``puzzles.table.record_log``), the
review's tricks, what a computer seat has seen (``search.observe``) and the estimate's knowledge
of a record (``search.estimate``) all read it; ``Event.seen_from(seat)`` is an event as one
seat saw it (the cards it could not see taken out, their count kept).

The events (``Event.kind``), in the order they happened:

==============================  ===============================================================
kind                            what it holds
==============================  ===============================================================
bid, pass                       the auction: ``amount`` of a bid
redeal, redeal_failed           a redeal demanded (failed: the partner's sixes did not complete
                                it, house rule ``redeal_four_sixes`` in the pairs game)
redealt, no_contract, contract  the end of the auction (no action): ``seat`` is the bidder, or
                                the first leader without a contract; ``amount`` the bid
widow                           the widow shown (``cards``): to everybody, to the bidder alone
                                (house rule ``secret_widow``), or in a deal without a contract
                                at the first trick (``no_contract_widow_shown``); under
                                ``widow_shown_at_first_trick`` twice, to the bidder when taken
                                and to everybody when the first trick begins
discard, give, return           cards put away or passed to ``to``: seen by the mover and ``to``
raise, hold                     the raise: ``amount`` is the contract after it
declare, ask_full, ask_half,    calls before a lead: ``suit``, ``partner`` (the seat asked, or
answer                          the asker for an answer), ``completed`` (a half question), and
                                ``bonus`` where a trump was made
play                            a card (``card``), with the ``trick`` before it, its ``leader``,
                                the ``trump`` then and whether it is the ``first_trick``
trick, last_trick               a trick won (``seat``, its ``cards``, ``leader``, ``points``,
                                ``number``); the last trick's ``bonus``
==============================  ===============================================================

Under the house rule ``no_look_back`` the plays of every gathered trick and the trick itself are
seen by nobody (``seen_by`` empty): a seat's view of them names no card, its own included.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, cast

from .actions import (
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
    Redeal,
    Return,
)
from .cards import Card, Suit
from .deal import Deal, Phase
from .rules import RuleSet

KINDS = (
    "bid",
    "pass",
    "redeal",
    "redeal_failed",
    "redealt",
    "no_contract",
    "contract",
    "widow",
    "discard",
    "give",
    "return",
    "raise",
    "hold",
    "declare",
    "ask_full",
    "ask_half",
    "answer",
    "play",
    "trick",
    "last_trick",
)
AUCTION_KINDS = ("bid", "pass", "redeal", "redeal_failed")  # a redeal after the auction included
CALL_KINDS = ("declare", "ask_full", "ask_half", "answer")
_KIND = {
    Bid: "bid",
    Pass: "pass",
    Discard: "discard",
    Give: "give",
    Return: "return",
    Raise: "raise",
    Hold: "hold",
    Play: "play",
    Declare: "declare",
    AskFull: "ask_full",
    AskHalf: "ask_half",
    Answer: "answer",
}


@dataclass(frozen=True)
class Event:
    """One thing that happened in a deal. ``action`` is the action taken (None for what the rules
    add: the end of the auction, the widow, a trick won), ``phase`` the phase it was taken in.
    ``cards`` are seen by the seats in ``seen_by`` (None: by everybody); in a seat's view of an
    event it could not see they are None (``seen_from``) and ``count`` says how many there were."""

    kind: str
    seat: int | None
    action: Action | None = None
    phase: Phase | None = None
    cards: tuple[Card, ...] | None = ()
    count: int = 0
    seen_by: frozenset[int] | None = None
    to: int | None = None
    amount: int | None = None
    suit: Suit | None = None
    partner: int | None = None
    completed: bool | None = None
    bonus: int | None = None
    card: Card | None = None
    trick: tuple[Card, ...] = ()
    leader: int | None = None
    trump: Suit | None = None
    first_trick: bool = False
    points: int | None = None
    number: int | None = None

    def visible_to(self, seat: int) -> bool:
        """May ``seat`` see this event's cards?"""
        return self.seen_by is None or seat in self.seen_by

    def seen_from(self, seat: int) -> Event:
        """The event as ``seat`` saw it: without the cards it could not see (a play's card and the
        trick before it too)."""
        return self if self.visible_to(seat) else replace(self, cards=None, card=None, trick=())


def widow_seen(rules: RuleSet, bidder: int | None, seat: int, phase: str = Phase.PLAY) -> bool:
    """Has ``seat`` seen the widow? Once the auction has a bidder it is shown to everybody, or
    under the house rule ``secret_widow`` to the bidder alone, or under the house rule
    ``widow_shown_at_first_trick`` to the bidder and to everybody from the first trick on; in a deal
    without a contract only under the house rule ``no_contract_widow_shown``, from the first trick on."""
    if not rules.widow_size:
        return False
    if bidder is None:
        return rules.no_contract_widow_shown and phase in (Phase.PLAY, Phase.DONE)
    if rules.widow_shown_at_first_trick:
        return seat == bidder or phase in (Phase.PLAY, Phase.DONE)
    return not rules.secret_widow or seat == bidder


def start_of(deal: Deal) -> Deal:
    """The deal as it stood before its history: the position it was read from, or the deal as
    dealt."""
    return deal.origin.copy() if deal.origin is not None else deal.restart()


def tell(deal: Deal, look_back: bool = False) -> list[Event]:
    """Every event of ``deal`` so far, in order, with who may see the cards of each; with
    ``look_back`` the gathered tricks as if the house rule ``no_look_back`` were off (a finished
    deal's piles turned up to be counted: the review)."""
    rules = deal.rules
    replay = start_of(deal)
    events: list[Event] = []
    for mover, action in deal.history:
        phase = replay.phase
        trick = tuple(replay.trick)
        leader, trump, first = replay.leader, replay.trump, replay.first_trick
        declared = len(replay.declarations)
        replay._apply_unchecked(action)
        kind = _KIND.get(type(action))
        more: dict[str, Any] = {}  # Event's other fields by name (Any: each field has its own type)
        if isinstance(action, Redeal):
            kind = "redeal" if replay.redealt else "redeal_failed"
        elif isinstance(action, Bid):
            more = {"amount": action.amount}
        elif isinstance(action, (Discard, Give, Return)):
            to = None if kind == "discard" else (replay.bidder if kind == "give" else rules.partner_of(mover))
            seen = frozenset({mover} if to is None else {mover, to})
            more = {"cards": tuple(action.cards), "count": len(action.cards), "seen_by": seen, "to": to}
        elif isinstance(action, (Raise, Hold)):
            more = {"amount": replay.contract}
        elif isinstance(action, Play):
            more = {
                "cards": (action.card,),
                "count": 1,
                "card": action.card,
                "trick": trick,
                "leader": leader,
                "trump": trump,
                "first_trick": first,
            }
        elif isinstance(action, Declare):
            more = {"suit": action.suit, "bonus": rules.bonus[action.suit]}
        elif isinstance(action, AskFull):
            more = {"partner": rules.partner_of(mover)}
        elif isinstance(action, Answer):
            bonus = rules.bonus[action.suit] if action.suit is not None else None
            more = {"suit": action.suit, "partner": rules.partner_of(mover), "bonus": bonus}
        elif isinstance(action, AskHalf):
            made = len(replay.declarations) > declared
            bonus = rules.bonus[action.suit] if made else None
            more = {"suit": action.suit, "partner": rules.partner_of(mover), "completed": made, "bonus": bonus}
        event = Event(cast(str, kind), mover, action, phase, **more)  # every action has a kind
        events.append(event)
        if phase == Phase.AUCTION and replay.phase != Phase.AUCTION:
            events.extend(_auction_end(replay))
        if (
            rules.widow_shown_at_first_trick
            and replay.bidder is not None
            and phase not in (Phase.PLAY, Phase.DONE)
            and replay.phase == Phase.PLAY
        ):  # house rule: the widow the bidder took is turned face up for everybody now
            widow = tuple(replay.initial_widow)
            events.append(Event("widow", replay.bidder, cards=widow, count=len(widow)))
        if isinstance(action, Play) and len(trick) + 1 == rules.players:
            cards = (*trick, action.card)
            winner = replay.leader
            points = sum(rules.points[c.rank] for c in cards)
            events.append(
                Event(
                    "trick",
                    winner,
                    cards=cards,
                    count=len(cards),
                    leader=leader,
                    points=points,
                    number=replay.tricks_played,
                )
            )
            if replay.is_over and rules.last_trick_bonus:
                events.append(Event("last_trick", winner, bonus=rules.last_trick_bonus))
    if rules.no_look_back and not look_back:
        events = _gathered_hidden(events, rules.players)
    return events


def _gathered_hidden(events: list[Event], players: int) -> list[Event]:
    """House rule ``no_look_back``: the cards of every gathered trick are seen by nobody now (the
    plays of a finished trick and the trick itself); the trick on the table stays in view. The
    events keep their cards for what reads the story as memory (``search.observe``,
    ``search.estimate``): ``seen_from`` takes them out."""
    plays = sum(1 for e in events if e.kind == "play")
    gathered = plays // players * players  # the plays of finished tricks come first
    out = []
    for event in events:
        if event.kind == "play" and gathered > 0:
            gathered -= 1
            event = replace(event, seen_by=frozenset())
        elif event.kind == "trick":
            event = replace(event, seen_by=frozenset())
        out.append(event)
    return out


def _auction_end(deal: Deal) -> list[Event]:
    """The end of the auction: a redeal, no contract (the widow turned up under a house rule)
    or the contract and the widow shown."""
    rules = deal.rules
    widow = tuple(deal.initial_widow)
    if deal.redealt:
        return [Event("redealt", None)]
    seen = frozenset(seat for seat in range(rules.players) if widow_seen(rules, deal.bidder, seat, deal.phase))
    shown = Event("widow", deal.bidder, cards=widow, count=len(widow), seen_by=None)
    if len(seen) < rules.players:
        shown = replace(shown, seen_by=seen)
    if deal.bidder is None:  # the widow shown to nobody or to everybody alike
        return [Event("no_contract", deal.leader)] + ([shown] if seen else [])
    return [Event("contract", deal.bidder, amount=deal.bid)] + ([shown] if rules.widow_size else [])


def story_for(deal: Deal, seat: int) -> list[Event]:
    """The story of ``deal`` as ``seat`` saw it: no card it could not see."""
    return [event.seen_from(seat) for event in tell(deal)]
