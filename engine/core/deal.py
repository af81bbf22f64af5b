"""One deal as a state machine: deal, auction, widow or exchange, raise, tricks, scoring.

Phases, in order (only those the rule set uses): ``auction`` → ``discard`` (solo games: the
widow is shown and added to the bidder's hand, who then discards as many cards into their own
pile) or ``give`` + ``return`` (pairs: the partner passes cards to the bidder who passes as
many back; S3 puts the raise between them) → ``raise`` → ``play`` → ``done``.

For every action: ``why_illegal(action)`` gives the ``Reason`` or None, ``can(action)`` a bool,
``verify(action)`` raises ``IllegalAction``, ``apply(action)`` verifies and carries it out.
Each rule's reason lives in exactly one ``_why_*`` method below (card play: ``play.py``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, cast

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
from .cards import ALL_CARDS, Card, Rank, Suit, sort_cards
from .declare import (
    Question,
    full_question_reason,
    half_completes,
    half_reason,
    half_refused,
    own_pairs_locked,
    pair_suits,
    questions_allowed,
    questions_over,
    record,
    remember,
    window_after_trick,
)
from .play import IllegalAction, Reason, legal_cards, mask_of, play_duty, why_card_illegal, winning_index
from .rules import RuleSet

if TYPE_CHECKING:
    from .scoring import DealScore

SIX = Rank.SIX


class Phase(StrEnum):
    """The phases of a deal, in order (those the rule set uses). A phase is its string, so it
    compares equal to it and reads as it in JSON and in the pages (``"play"``)."""

    AUCTION = "auction"
    DISCARD = "discard"
    GIVE = "give"
    RETURN = "return"
    RAISE = "raise"
    PLAY = "play"
    DONE = "done"


@dataclass(frozen=True)
class Declaration:
    """A trump declaration: ``how`` is ``own`` (own K+Q), ``full`` (partner's full pair after a
    question, ``seat`` is the partner) or ``half`` (the two halves held by the pair, ``seat``
    is the asker)."""

    suit: Suit
    seat: int
    how: str = "own"

    def __str__(self) -> str:
        return f"{self.suit}{self.seat}" + ("" if self.how == "own" else self.how[0])


class Deal:
    """The mutable state of one deal. ``Deal.new`` deals from a seed; ``copy()`` is cheap."""

    __slots__ = (
        "rules",
        "dealer",
        "hands",
        "widow",
        "phase",
        "auction",
        "high_bid",
        "high_bidder",
        "passed",
        "_turn",
        "acted",
        "bidder",
        "bid",
        "contract",
        "leader",
        "trick",
        "trump",
        "declarations",
        "declare_state",
        "pending_question",
        "questions",
        "points",
        "tricks",
        "piles",
        "tricks_played",
        "last_trick_winner",
        "history",
        "match_scores",
        "redealt",
        "reopened",
        "_steps",
        "initial_hands",
        "initial_widow",
        "discard",
        "dead",
        "origin",
    )

    # -- construction ---------------------------------------------------------------------------
    def __init__(
        self,
        rules: RuleSet,
        hands: Iterable[Iterable[Card]],
        widow: Iterable[Card] = (),
        dealer: int = 0,
        match_scores: Iterable[int] | None = None,
        dead: Iterable[Card] = (),
    ) -> None:
        n = rules.players
        self.rules = rules
        # house rule dead_hand: the third hand, face down for the whole deal (nobody sees it,
        # plays from it or counts its points); it never changes, so it is never copied
        self.dead: tuple[Card, ...] = tuple(sort_cards(dead))
        self.dealer = dealer % n
        self.hands: list[list[Card]] = [sort_cards(h) for h in hands]
        self.widow = list(widow)
        self.initial_hands = tuple(tuple(h) for h in self.hands)
        self.initial_widow = tuple(self.widow)
        self.phase = Phase.AUCTION
        self.auction: list[tuple[int, Action]] = []
        self.high_bid: int | None = None
        self.high_bidder: int | None = None
        self.passed = [False] * n
        self.acted = [False] * n
        self._turn = self.first_bidder
        self.bidder: int | None = None
        self.bid: int | None = None
        self.contract: int | None = None
        self.leader: int | None = None
        self.trick: list[Card] = []
        self.trump: Suit | None = None
        self.declarations: list[Declaration] = []
        self.declare_state = "none"  # none | open | used | not_led
        self.pending_question: int | None = None  # None or the asking seat (full-pair question)
        self.questions: list[Question] = []  # the questions a lock-out remembers (declare.record)
        self.points = [0] * n
        self.tricks = [0] * n
        self.piles: list[list[Card]] = [[] for _ in range(n)]
        self.tricks_played = 0
        self.last_trick_winner: int | None = None
        self.history: list[tuple[int, Action]] = []
        self.match_scores: list[int] | None = list(match_scores) if match_scores is not None else None
        self.redealt = False
        self._steps: list[Phase] = []
        self.discard: tuple[Card, ...] = ()  # the bidder's discard after taking the widow
        self.reopened = False  # house rule floor_skips_and_reopens: the skipped seats' turn came
        # the position this deal was read from (``notation.parse_position``), before its history;
        # None for a deal from its start (``restart``)
        self.origin: Deal | None = None
        banned = self._floor_banned()
        if banned and len(banned) < n:
            for seat in banned:
                self.passed[seat] = True  # skipped, unless the bidding reopens for them
            while self.passed[self._turn]:
                self._turn = (self._turn + 1) % n
        elif banned:
            self.reopened = True  # every seat is below the floor: nobody is skipped

    @classmethod
    def new(cls, rules: RuleSet, seed: int, dealer: int = 0, match_scores: Iterable[int] | None = None) -> Deal:
        """Shuffle with ``random.Random(seed)`` and deal one card at a time from the dealer's left
        (under ``dead_hand`` to the two players and then the dead hand, in turn)."""
        deck = list(ALL_CARDS)
        random.Random(seed).shuffle(deck)
        n = rules.players
        places = rules.hands_dealt
        dealt = places * rules.hand_size
        hands: list[list[Card]] = [[] for _ in range(places)]  # in dealing order: the dealer's left first
        for i, card in enumerate(deck[:dealt]):
            hands[i % places].append(card)
        seats = [hands[(seat - dealer - 1) % n] for seat in range(n)]
        return cls(rules, seats, deck[dealt:], dealer, match_scores, dead=hands[n] if places > n else ())

    @property
    def dead_points(self) -> int:
        """The card points of the dead hand (house rule ``dead_hand``): nobody's."""
        return sum(self.rules.points[c.rank] for c in self.dead)

    def restart(self) -> Deal:
        """The same deal from its start: the hands and widow as dealt (the dead hand with them)."""
        return Deal(
            self.rules,
            [list(h) for h in self.initial_hands],
            list(self.initial_widow),
            self.dealer,
            self.match_scores,
            dead=self.dead,
        )

    def copy(self) -> Deal:
        other = object.__new__(Deal)
        for name in Deal.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = [list(h) for h in self.hands]
        other.widow = list(self.widow)
        other.auction = list(self.auction)
        other.passed = list(self.passed)
        other.acted = list(self.acted)
        other.trick = list(self.trick)
        other.declarations = list(self.declarations)
        other.questions = list(self.questions)
        other.points = list(self.points)
        other.tricks = list(self.tricks)
        other.piles = [list(p) for p in self.piles]
        other.history = list(self.history)
        other._steps = list(self._steps)
        return other

    # -- whose turn -----------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == Phase.PLAY:
            if self.pending_question is not None:
                return self.rules.partner_of(self.pending_question)
            return (cast(int, self.leader) + len(self.trick)) % self.rules.players  # trick play has a leader
        if phase == Phase.AUCTION:
            return self._turn
        if phase in (Phase.DISCARD, Phase.RETURN, Phase.RAISE):
            return self.bidder
        if phase == Phase.GIVE:
            return self.rules.partner_of(cast(int, self.bidder))  # an exchange: after the auction
        return None

    @property
    def half_askers(self) -> list[int]:
        """The seats whose half questions a lock-out remembers."""
        return [q.seat for q in self.questions if q.kind == "half"]

    @property
    def first_bidder(self) -> int:
        """Who bids first: the player after the dealer, or the dealer (house rule ``dealer_opens``)."""
        return self.dealer if self.rules.dealer_opens else (self.dealer + 1) % self.rules.players

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.DONE

    @property
    def first_trick(self) -> bool:
        return self.tricks_played == 0

    # -- the generic action interface ----------------------------------------------------------
    def why_illegal(self, action: Action, seat: int | None = None) -> Reason | None:
        if self.phase == Phase.DONE:
            return Reason.of("deal_over")
        to_move = self.to_move
        if seat is not None and seat != to_move:
            return Reason.of("not_your_turn", seat=seat, to_move=to_move)
        check = _CHECKS.get(type(action))
        if check is None or self.phase not in check[0]:
            if self.phase == Phase.PLAY and self.pending_question is not None:
                return Reason.of("wrong_phase", phase="answer")
            return Reason.of("wrong_phase", phase=self.phase)
        if self.phase == Phase.PLAY and (self.pending_question is not None) != (type(action) is Answer):
            return Reason.of("wrong_phase", phase="answer" if self.pending_question is not None else "play")
        return check[1](self, action, cast(int, to_move))  # the deal is not over: somebody is to move

    def can(self, action: Action, seat: int | None = None) -> bool:
        return self.why_illegal(action, seat) is None

    def verify(self, action: Action, seat: int | None = None) -> None:
        reason = self.why_illegal(action, seat)
        if reason is not None:
            raise IllegalAction(reason)

    def apply(self, action: Action, seat: int | None = None) -> Deal:
        """Carry out a legal action (raises ``IllegalAction`` with the reason otherwise)."""
        self.verify(action, seat)
        self._apply_unchecked(action)
        return self

    def _apply_unchecked(self, action: Action) -> None:
        mover = cast(int, self.to_move)  # a legal action: somebody is to move
        self.history.append((mover, action))
        _APPLY[type(action)](self, action, mover)

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to move. Discards and exchanges list every subset."""
        phase = self.phase
        seat = cast(int, self.to_move)  # read only while the deal is not over
        if phase == Phase.PLAY:
            if self.pending_question is not None:
                return [Answer(s) for s in self._full_pairs(seat)] or [Answer(None)]
            actions: list[Action] = [Play(c) for c in self.legal_cards()]
            if not self.trick and self.declare_state == "open":
                actions += [a for a in self._declaration_candidates() if self.why_illegal(a) is None]
            return actions
        if phase == Phase.AUCTION:
            actions = [Pass()] if self.why_illegal(Pass()) is None else []
            actions += [b for b in map(Bid, self._bid_range()) if self.why_illegal(b) is None]
            if self.why_illegal(Redeal()) is None:
                actions.append(Redeal())
            return actions
        if phase in (Phase.DISCARD, Phase.GIVE, Phase.RETURN):
            kinds: dict[str, type[Discard] | type[Give] | type[Return]] = {
                Phase.DISCARD: Discard,
                Phase.GIVE: Give,
                Phase.RETURN: Return,
            }
            kind = kinds[phase]
            size = self.rules.widow_size if phase == Phase.DISCARD else self.rules.exchange_size
            actions = [
                a
                for a in (kind(c) for c in itertools.combinations(self.hands[seat], size))
                if self.why_illegal(a) is None
            ]
            if self.why_illegal(Redeal()) is None:
                actions.append(Redeal())  # house rule redeal_four_sixes_late
            return actions
        if phase == Phase.RAISE:
            actions = [Hold(), *[Raise(b) for b in self._bid_range(self.contract) if self.can(Raise(b))]]
            if self.why_illegal(Redeal()) is None:
                actions.append(Redeal())  # house rule late_redeal_at_raise
            return actions
        return []

    def legal_cards(self) -> list[Card]:
        if self.phase != Phase.PLAY or self.pending_question is not None:
            return []
        return legal_cards(self.rules, self.hands[cast(int, self.to_move)], self.trick, self.trump, self.first_trick)

    def _bid_range(self, above: int | None = None) -> Sequence[int]:
        """The amounts worth asking ``why_illegal`` about: multiples of the step above the current
        bid (or ``above``) up to ``rules.highest_bid``."""
        rules = self.rules
        step = rules.bid_step
        if above is None and self.high_bid is None:
            first = [rules.min_bid] if rules.min_bid % step else []  # house rule min_bid_off_step
            return [
                *first,
                *range(rules.min_bid - rules.min_bid % step + step * bool(first), rules.highest_bid + 1, step),
            ]
        current = cast(int, self.high_bid if above is None else above)  # one of them is set (above)
        return range(current - current % step + step, rules.highest_bid + 1, step)

    # -- auction --------------------------------------------------------------------------------
    def _why_bid(self, action: Bid, seat: int) -> Reason | None:
        rules = self.rules
        amount = action.amount
        if (
            rules.partners_cannot_overbid
            and self.high_bidder is not None
            and self.high_bidder == rules.partner_of(seat)
        ):
            return Reason.of("partner_holds_bid")
        if amount % rules.bid_step and not (self.high_bid is None and amount == rules.min_bid):
            return Reason.of("bid_not_multiple", step=rules.bid_step)  # (the minimum itself may be off-step)
        if self.high_bid is None:
            if amount < rules.min_bid:
                return Reason.of("bid_below_minimum", minimum=rules.min_bid)
            if rules.opening_is_minimum and amount > rules.min_bid:
                return Reason.of("opening_must_be_minimum", minimum=rules.min_bid)
        elif amount <= self.high_bid:
            return Reason.of("bid_not_higher", current=self.high_bid)
        if amount > rules.highest_bid:
            return Reason.of("bid_above_maximum", maximum=rules.highest_bid)
        if rules.bidding_floor and self.match_scores is not None and not self.reopened:
            if self.match_scores[rules.side_of(seat)] <= rules.bidding_floor:
                if not (self._opening_forced(seat) and amount == rules.min_bid):
                    return Reason.of("below_floor", floor=rules.bidding_floor, minimum=rules.min_bid)
        return None

    def _floor_banned(self) -> list[int]:
        """The seats the auction skips (house rule ``floor_skips_and_reopens``)."""
        rules = self.rules
        if not (rules.floor_skips_and_reopens and rules.bidding_floor and self.match_scores is not None):
            return []
        return [s for s in range(rules.players) if self.match_scores[rules.side_of(s)] <= rules.bidding_floor]

    def _opening_forced(self, seat: int) -> bool:
        """Must ``seat`` open now? Only then may a side below the bidding floor bid (the minimum,
        S3): the forced opening, or the last seat after everybody else passed (house rule)."""
        if self.high_bid is not None:
            return False
        if self.rules.forced_opening:
            return True
        others = [s for s in range(self.rules.players) if s != seat]
        return self.rules.last_seat_must_open and all(self.passed[s] for s in others)

    def _why_pass(self, action: Pass, seat: int) -> Reason | None:
        rules = self.rules
        if self.high_bid is None:
            if rules.forced_opening:
                return Reason.of("must_open", minimum=rules.min_bid)
            if rules.last_seat_must_open and all(self.passed[s] for s in range(rules.players) if s != seat):
                return Reason.of("last_must_open", minimum=rules.min_bid)
        return None

    def _why_redeal(self, action: Redeal, seat: int) -> Reason | None:
        """A redeal at the player's first turn to bid, when one of the rule set's conditions
        holds: three sixes (S3), no card above the jack, all four sixes (house rules)."""
        rules = self.rules
        if self.phase != Phase.AUCTION:
            return self._why_late_redeal(seat)
        conditions = [rules.three_sixes_redeal, rules.redeal_no_high_cards, rules.redeal_four_sixes]
        if not any(conditions):
            return Reason.of("no_redeal")
        if self.acted[seat]:
            return Reason.of("redeal_first_turn")
        hand = self.hands[seat]
        sixes = sum(1 for c in hand if c.rank is SIX)
        jack = rules.strength[Rank.JACK]
        high = [c for c in hand if rules.strength[c.rank] > jack]
        # redeal_four_sixes in the pairs game: the seat sees only its own sixes, so it may ask
        # with any of them; whether the partner holds the rest is found out when it asks
        # (``_do_redeal``), never told beforehand (no button, no refusal depends on the partner)
        pair = rules.partner_of(seat) is not None
        if (
            (rules.three_sixes_redeal and sixes >= 3)
            or (rules.redeal_no_high_cards and not high)
            or (rules.redeal_four_sixes and (sixes == 4 or (pair and sixes >= 1)))
        ):
            return None
        if sum(conditions) > 1:
            return Reason.of("redeal_not_eligible")
        if rules.three_sixes_redeal:
            return Reason.of("no_three_sixes")
        if rules.redeal_no_high_cards:
            return Reason.of("redeal_high_card", card=high[0])
        return Reason.of("no_four_sixes", count=sixes)

    def _redeal_holds(self, seat: int) -> bool:
        """Does the demand of ``seat`` at its first turn hold? All that ``_why_redeal`` checked,
        and under ``redeal_four_sixes`` in the pairs game, the partner's sixes with its own."""
        rules = self.rules
        hand = self.hands[seat]
        sixes = sum(1 for c in hand if c.rank is SIX)
        jack = rules.strength[Rank.JACK]
        partner = rules.partner_of(seat)
        pair_sixes = sixes + (sum(1 for c in self.hands[partner] if c.rank is SIX) if partner is not None else 0)
        return (
            (rules.three_sixes_redeal and sixes >= 3)
            or (rules.redeal_no_high_cards and all(rules.strength[c.rank] <= jack for c in hand))
            or (rules.redeal_four_sixes and pair_sixes == 4)
        )

    def _late_redeal_phases(self) -> tuple[Phase, ...]:
        """When the late redeal may be demanded (house rule ``redeal_four_sixes_late``): after
        taking the widow or receiving the partner's cards; with ``late_redeal_by_pair`` also while
        giving them, with ``late_redeal_at_raise`` also at the raise."""
        rules = self.rules
        if not rules.redeal_four_sixes_late:
            return ()
        phases: tuple[Phase, ...] = (Phase.DISCARD, Phase.RETURN)
        if rules.late_redeal_by_pair:
            phases += (Phase.GIVE,)
        return phases + (Phase.RAISE,) if rules.late_redeal_at_raise else phases

    def _why_late_redeal(self, seat: int) -> Reason | None:
        """House rule ``redeal_four_sixes_late``: the bidder holding all four sixes after taking the
        widow or receiving the partner's cards, before putting cards away or back (at the raise
        too with ``late_redeal_at_raise``); with ``late_redeal_by_pair`` either partner at their
        step holding a six, the pair's sixes counted together when it asks (``_do_redeal``)."""
        if self.phase not in self._late_redeal_phases():
            return Reason.of("wrong_phase", phase=self.phase)
        sixes = sum(1 for c in self.hands[seat] if c.rank is SIX)
        if self.rules.late_redeal_by_pair:
            # one demand a player: a failed one (at the first turn too) told them the pair lacks a six
            if any(mover == seat and isinstance(action, Redeal) for mover, action in self.history):
                return Reason.of("redeal_asked")
            return None if sixes else Reason.of("no_four_sixes", count=sixes)
        return None if sixes == 4 else Reason.of("no_four_sixes", count=sixes)

    def _late_redeal_holds(self, seat: int) -> bool:
        """Does a late demand hold? Under ``late_redeal_by_pair`` only if the pair holds all four
        sixes (the seat asking saw only its own)."""
        if not self.rules.late_redeal_by_pair:
            return True
        partner = cast(int, self.rules.partner_of(seat))  # late_redeal_by_pair needs partners
        return sum(1 for s in (seat, partner) for c in self.hands[s] if c.rank is SIX) == 4

    def _do_bid(self, action: Bid, seat: int) -> None:
        self.auction.append((seat, action))
        self.acted[seat] = True
        self.high_bid, self.high_bidder = action.amount, seat
        if self.rules.max_bid_ends_auction and action.amount == self.rules.highest_bid:
            self._end_auction(seat)  # nobody can bid higher: the auction ends at once
            return
        self._next_bidder(seat)

    def _do_pass(self, action: Pass, seat: int) -> None:
        self.auction.append((seat, action))
        self.acted[seat] = True
        self.passed[seat] = True
        self._next_bidder(seat)

    def _do_redeal(self, action: Redeal, seat: int) -> None:
        self.auction.append((seat, action))
        if self.phase == Phase.AUCTION:
            self.acted[seat] = True
            if not self._redeal_holds(seat):
                # redeal_four_sixes in the pairs game: the partner does not hold the other sixes.
                # Everybody hears that the demand failed; the player bids or passes as before.
                return
        elif not self._late_redeal_holds(seat):
            return  # late_redeal_by_pair: the pair lacks a six; the exchange or the raise goes on
        self.redealt = True
        self.phase = Phase.DONE

    def _next_bidder(self, seat: int) -> None:
        n = self.rules.players
        active = [s for s in range(n) if not self.passed[s]]
        if self.high_bidder is not None and active == [self.high_bidder]:
            self._end_auction(self.high_bidder)
            return
        if not active:
            skipped = [s for s in self._floor_banned() if not self.acted[s]]
            if skipped and not self.reopened and self.high_bidder is None:
                self.reopened = True  # house rule: the bidding reopens for the skipped seats
                for s in skipped:
                    self.passed[s] = False
                # after the last one to pass, or (house rule reopen_from_start) from where the auction began
                nxt = self.first_bidder if self.rules.reopen_from_start else (seat + 1) % n
                while self.passed[nxt]:
                    nxt = (nxt + 1) % n
                self._turn = nxt
                return
            self._end_auction(None)
            return
        nxt = (seat + 1) % n
        while self.passed[nxt]:
            nxt = (nxt + 1) % n
        self._turn = nxt

    def _end_auction(self, winner: int | None) -> None:
        rules = self.rules
        if winner is None:
            # Everybody passed (only possible without a forced opening).
            if rules.all_pass_no_contract:
                self._start_play((self.dealer + 1) % rules.players)  # S3 German: left of the dealer
            else:
                self.redealt = True
                self.phase = Phase.DONE
            return
        self.bidder = winner
        self.bid = self.contract = self.high_bid
        if rules.widow_size:
            self.hands[winner] = sort_cards(self.hands[winner] + self.widow)
            steps = [Phase.DISCARD]
        elif rules.exchange_size:
            steps = (
                [Phase.GIVE, Phase.RAISE, Phase.RETURN]
                if rules.raise_between_exchange
                else [Phase.GIVE, Phase.RETURN, Phase.RAISE]
            )
        else:
            steps = [Phase.RAISE]
        if not rules.raise_allowed:
            steps = [step for step in steps if step != Phase.RAISE]
        elif Phase.RAISE not in steps:
            steps.append(Phase.RAISE)
        self._steps = steps
        self._advance()

    def _advance(self) -> None:
        if self._steps:
            self.phase = self._steps.pop(0)
        else:
            self._start_play(cast(int, self.bidder))  # play after the widow or exchange: a bidder

    def _start_play(self, leader: int) -> None:
        self.phase = Phase.PLAY
        self.leader = leader
        self.declare_state = "none"

    # -- widow, exchange, raise -----------------------------------------------------------------
    def _why_cards(self, cards: Sequence[Card], seat: int, count: int) -> Reason | None:
        if len(cards) != count or len(set(cards)) != count:
            return Reason.of("wrong_card_count", count=count)
        for card in cards:
            if card not in self.hands[seat]:
                return Reason.of("not_in_hand", card=card)
        return None

    def _why_discard(self, action: Discard, seat: int) -> Reason | None:
        reason = self._why_cards(action.cards, seat, self.rules.widow_size)
        if reason is None and self.rules.no_discard_aces_tens:
            for card in action.cards:
                if card.rank in (Rank.ACE, Rank.TEN):
                    return Reason.of("no_aces_or_tens", card=card)
        return reason

    def _why_give(self, action: Give, seat: int) -> Reason | None:
        return self._why_cards(action.cards, seat, self.rules.exchange_size)

    def _why_return(self, action: Return, seat: int) -> Reason | None:
        return self._why_cards(action.cards, seat, self.rules.exchange_size)

    def _do_discard(self, action: Discard, seat: int) -> None:
        self.discard = tuple(sort_cards(action.cards))
        hand = self.hands[seat]
        for card in action.cards:
            hand.remove(card)
            self.piles[seat].append(card)
            self.points[seat] += self.rules.points[card.rank]
        self._advance()

    def _move_cards(self, cards: Sequence[Card], source: int, target: int) -> None:
        for card in cards:
            self.hands[source].remove(card)
        self.hands[target] = sort_cards(self.hands[target] + list(cards))

    def _do_give(self, action: Give, seat: int) -> None:
        self._move_cards(action.cards, seat, cast(int, self.bidder))  # an exchange: a bidder
        self._advance()

    def _do_return(self, action: Return, seat: int) -> None:
        self._move_cards(action.cards, seat, cast(int, self.rules.partner_of(seat)))  # the pairs game
        self._advance()

    def _why_raise(self, action: Raise, seat: int) -> Reason | None:
        rules = self.rules
        if action.amount % rules.bid_step:
            return Reason.of("raise_not_multiple", step=rules.bid_step)
        if action.amount <= cast(int, self.contract):  # a raise: after the auction
            return Reason.of("raise_not_higher", current=self.contract)
        if action.amount > rules.highest_bid:
            return Reason.of("raise_above_maximum", maximum=rules.highest_bid)
        return None

    def _do_raise(self, action: Raise, seat: int) -> None:
        self.contract = action.amount
        self._advance()

    def _do_hold(self, action: Hold, seat: int) -> None:
        self._advance()

    # -- trick play -----------------------------------------------------------------------------
    def _why_play(self, action: Play, seat: int) -> Reason | None:
        return why_card_illegal(self.rules, self.hands[seat], self.trick, self.trump, self.first_trick, action.card)

    def play_duty(self) -> tuple[list[Card], str | None, dict[str, Card | Suit]]:
        """``(allowed cards, duty code, params)`` for the player to move (see ``play.play_duty``)."""
        return play_duty(self.rules, self.hands[cast(int, self.to_move)], self.trick, self.trump, self.first_trick)

    def _do_play(self, action: Play, seat: int) -> None:
        card = action.card
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.declare_state = "none"
        rules = self.rules
        if len(self.trick) < rules.players:
            return
        trick = self.trick
        winner = (cast(int, self.leader) + winning_index(rules, trick, self.trump)) % rules.players
        points = rules.points
        self.points[winner] += sum(points[c.rank] for c in trick)
        self.tricks[winner] += 1
        self.piles[winner].extend(trick)
        self.tricks_played += 1
        trick_leader = cast(int, self.leader)  # trick play has a leader
        self.leader = winner
        self.trick = []
        if not self.hands[winner]:
            self.last_trick_winner = winner
            self.phase = Phase.DONE
            return
        self.declare_state = window_after_trick(rules, winner, trick_leader)

    def _why_declaration_window(self, seat: int) -> Reason | None:
        if self.trick or self.declare_state == "none":
            return Reason.of("not_after_won_trick")
        if self.declare_state == "used":
            # the words name partner questions only in games that have them
            return Reason.of("declaration_used", questions=questions_allowed(self.rules))
        if self.declare_state == "not_led":
            return Reason.of("strong_drive")
        return None

    def _why_declare(self, action: Declare, seat: int) -> Reason | None:
        reason = self._why_declaration_window(seat)
        if reason:
            return reason
        suit = action.suit
        if self._declared_mask() >> suit & 1:
            return Reason.of("suit_already_declared", suit=suit)
        locked = own_pairs_locked(self.rules, seat, self.questions)
        if locked:
            return Reason.of(locked)
        if suit not in pair_suits(mask_of(self.hands[seat]), 0):
            return Reason.of("needs_king_and_queen", suit=suit)
        return None

    def _declared_mask(self) -> int:
        m = 0
        for d in self.declarations:
            m |= 1 << d.suit
        return m

    def _why_question(self, seat: int) -> Reason | None:
        if not questions_allowed(self.rules):
            return Reason.of("no_partner")
        reason = self._why_declaration_window(seat)
        if reason:
            return reason
        if questions_over(self.rules, seat, self.questions):
            return Reason.of("questions_over")
        return None

    def _why_ask_full(self, action: AskFull, seat: int) -> Reason | None:
        if questions_allowed(self.rules) and not self.rules.full_pair_question:
            return Reason.of("no_full_question")  # the game has none, in any window
        reason = self._why_question(seat)
        if reason:
            return reason
        code = full_question_reason(self.rules, seat, self.questions)
        return Reason.of(code) if code else None

    def _why_ask_half(self, action: AskHalf, seat: int) -> Reason | None:
        reason = self._why_question(seat)
        if reason:
            return reason
        suit = action.suit
        if self._declared_mask() >> suit & 1:
            return Reason.of("suit_already_declared", suit=suit)
        if half_refused(self.rules, seat, suit, self.questions):
            return Reason.of("half_already_asked", suit=suit)
        code = half_reason(self.rules, mask_of(self.hands[seat]), suit)
        return Reason.of(code, suit=suit) if code else None

    def _full_pairs(self, seat: int) -> list[Suit]:
        return [Suit(s) for s in pair_suits(mask_of(self.hands[seat]), self._declared_mask())]

    def _why_answer(self, action: Answer, seat: int) -> Reason | None:
        pairs = self._full_pairs(seat)
        if action.suit is None:
            return Reason.of("must_answer_truthfully") if pairs else None
        if action.suit not in pairs:
            if self._declared_mask() >> action.suit & 1:
                return Reason.of("suit_already_declared", suit=action.suit)
            return Reason.of("needs_king_and_queen", suit=action.suit)
        return None

    def _declare(self, suit: Suit, seat: int, how: str) -> None:
        self.trump = suit
        self.declarations.append(Declaration(suit, seat, how))

    def _do_declare(self, action: Declare, seat: int) -> None:
        self._declare(action.suit, seat, "own")
        self.declare_state = "used"

    def _do_ask_full(self, action: AskFull, seat: int) -> None:
        self.pending_question = seat
        self.declare_state = "used"
        self.questions = list(remember(self.questions, record(self.rules, seat, "full", None)))

    def _do_answer(self, action: Answer, seat: int) -> None:
        self.pending_question = None
        if action.suit is not None:
            self._declare(action.suit, seat, "full")

    def _do_ask_half(self, action: AskHalf, seat: int) -> None:
        suit = action.suit
        partner = cast(int, self.rules.partner_of(seat))  # a question: the pairs game
        if half_completes(mask_of(self.hands[seat]), mask_of(self.hands[partner]), suit):
            self._declare(suit, seat, "half")
        self.questions = list(remember(self.questions, record(self.rules, seat, "half", int(suit))))
        self.declare_state = "used"

    def _declaration_candidates(self) -> list[Action]:
        out: list[Action] = [Declare(s) for s in Suit]
        if questions_allowed(self.rules):
            out.append(AskFull())
            out += [AskHalf(s) for s in Suit]
        return out

    # -- results --------------------------------------------------------------------------------
    def score(self) -> DealScore:
        """The score breakdown of a finished deal (see ``scoring.score_deal``)."""
        from .scoring import score_deal

        return score_deal(self)

    def __repr__(self) -> str:
        return f"<Deal {self.rules.name} phase={self.phase} to_move={self.to_move}>"


# per kind of action: the phases it belongs to, and why it is illegal; ``_APPLY``: carry it out
# (Any: each function takes its own kind of action, the one the action's type picks)
_CHECKS: dict[type[Action], tuple[tuple[Phase, ...], Callable[[Deal, Any, int], Reason | None]]] = {
    Bid: ((Phase.AUCTION,), Deal._why_bid),
    Pass: ((Phase.AUCTION,), Deal._why_pass),
    Redeal: ((Phase.AUCTION, Phase.DISCARD, Phase.GIVE, Phase.RETURN, Phase.RAISE), Deal._why_redeal),
    Discard: ((Phase.DISCARD,), Deal._why_discard),
    Give: ((Phase.GIVE,), Deal._why_give),
    Return: ((Phase.RETURN,), Deal._why_return),
    Raise: ((Phase.RAISE,), Deal._why_raise),
    Hold: ((Phase.RAISE,), lambda self, a, s: None),
    Play: ((Phase.PLAY,), Deal._why_play),
    Declare: ((Phase.PLAY,), Deal._why_declare),
    AskFull: ((Phase.PLAY,), Deal._why_ask_full),
    AskHalf: ((Phase.PLAY,), Deal._why_ask_half),
    Answer: ((Phase.PLAY,), Deal._why_answer),
}

_APPLY: dict[type[Action], Callable[[Deal, Any, int], None]] = {
    Bid: Deal._do_bid,
    Pass: Deal._do_pass,
    Redeal: Deal._do_redeal,
    Discard: Deal._do_discard,
    Give: Deal._do_give,
    Return: Deal._do_return,
    Raise: Deal._do_raise,
    Hold: Deal._do_hold,
    Play: Deal._do_play,
    Declare: Deal._do_declare,
    AskFull: Deal._do_ask_full,
    AskHalf: Deal._do_ask_half,
    Answer: Deal._do_answer,
}
