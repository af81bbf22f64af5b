"""Reasons in cards: why one choice was worse than another, read from two lines of play.

A *line* is the choice itself followed by the moves that came after it (the learner's line: the
deal as it was played; the best line: the best choice and one line of best play after it, every
hand known). ``card_reasons`` replays both from the position of the choice and recognises the
common patterns that make the difference, each a code and the cards and seats that a sentence
names (``site/messages``: ``why_<code>``):

* ``led_void``: the seat led an ace or ten, the next opponent could not follow suit and trumped it;
* ``trumped``: an ace or ten of the seat, of the led suit (not trump), was trumped by an opponent;
* ``overtaken``: an ace or ten of the seat was taken by an opponent's higher card of its suit;
* ``thrown``: an ace or ten of the seat went, off suit, to a trick the other side won;
* ``caught``: in the best line an opponent's ace or ten falls to the seat's side, and not in the
  learner's;
* ``pair_lost`` / ``pair_later``: declaring a trump was best now, and in the learner's line the
  seat never declared it, or declared it only at a later trick;
* ``last_trick``: the last trick (and its bonus) went to the other side in the learner's line
  and to the seat's side in the best one;
* ``trick_lost``: the first trick where the two lines part, won by the other side in the
  learner's line and by the seat's side in the best one (the fallback: always about cards);
* ``points_saved`` / ``points_banked``: the trick of the choice went to the same seat in both
  lines, the learner's card itself worth more points given to the other side or fewer banked on
  its own (the two cards' own points, the trick's difference the same way);
* ``bare_ten``: a discard left a ten alone in its suit (and, where it happened, who took it).

Only what the engine's lines show is said: every pattern is checked against the replayed
tricks, never guessed. ``raise_reasons`` and ``bid_reasons`` word the raise and the bid from the
review's figures (with best play from the first trick the side takes ``total``).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from ..core.actions import Declare, Discard, Play
from ..core.cards import Card, Rank
from ..core.deal import Deal
from ..core.scoring import side_points

WATCHED = (Rank.ACE, Rank.TEN)  # the cards whose fate a reason tells
LOOK_AHEAD = 4  # a card lost or caught counts within this many tricks of the choice
HINT_SAMPLES = 8  # made-up deals on which a hint's reason is looked for
# the patterns a hint can name (with only what the seat sees), most telling first
HINT_CODES = {
    "pair_lost": "pair",
    "pair_later": "pair",
    "pair_lost_plain": "pair",
    "pair_later_plain": "pair",
    "led_void": "trumped",
    "trumped": "trumped",
    "overtaken": "overtaken",
    "caught": "caught",
    "last_trick": "last_trick",
    "trick_lost": "trick_lost",
    "points_saved": "points_saved",
    "points_banked": "points_banked",
}
HINT_ORDER = ("pair", "trumped", "overtaken", "caught", "last_trick", "trick_lost", "points_saved", "points_banked")


@dataclass
class _Trick:
    number: int  # 1 to the hand size
    leader: int
    plays: list[tuple[int, Card]]
    winner: int
    points: int
    trump: object  # the trump when the trick was played (None: no trump)
    last: bool


@dataclass
class _Line:
    tricks: list[_Trick] = field(default_factory=list)
    declared: dict = field(default_factory=dict)  # (seat, suit) -> the number of the trick it came before


def replay(deal: Deal, actions) -> _Line:
    """The tricks completed along ``actions`` from ``deal`` (every action verified)."""
    rules = deal.rules
    line = _Line()
    position = deal.copy()
    plays: list[tuple[int, Card]] = [((position.leader + i) % rules.players, c) for i, c in enumerate(position.trick)]
    for action in actions:
        seat = position.to_move
        before = len(position.declarations)
        if isinstance(action, Play):
            if not plays:
                leader = seat
            plays.append((seat, action.card))
            trump = position.trump
        position.apply(action)
        # every declaration the action made (a Declare, and in partnership games an answer to the
        # partner's question or a half completed), for the seat the position records it under
        for made in position.declarations[before:]:
            line.declared.setdefault((made.seat, made.suit), position.tricks_played + 1)
        if isinstance(action, Play) and len(plays) == rules.players:
            points = sum(rules.points[c.rank] for _, c in plays)
            number = position.tricks_played
            leader = plays[0][0]
            last = number == rules.hand_size
            line.tricks.append(_Trick(number, leader, plays, position.leader, points, trump, last))
            plays = []
    return line


def _lost(line: _Line, seat: int, side_of, ahead: int):
    """The first trick within ``ahead`` tricks in which an ace or ten of ``seat`` went to the other
    side: (trick, the card, the winning card, whether it was trumped)."""
    for trick in line.tricks[:ahead]:
        if side_of(trick.winner) == side_of(seat):
            continue
        mine = [c for s, c in trick.plays if s == seat and c.rank in WATCHED]
        if not mine:
            continue
        card = mine[0]
        by = next(c for s, c in trick.plays if s == trick.winner)
        # trumped only when the card followed the led suit (not trump) and a trump won the trick;
        # a card played off the led suit went to the trick thrown, whatever won it
        led = trick.plays[0][1].suit
        trumped = trick.trump is not None and by.suit == trick.trump and card.suit == led != trick.trump
        return trick, card, by, trumped
    return None


def _fate(line: _Line, card: Card):
    """Who won the trick in which ``card`` was played (None: not played in the line)."""
    for trick in line.tricks:
        if any(c == card for _, c in trick.plays):
            return trick.winner
    return None


def card_reasons(deal: Deal, seat: int, chosen, best, limit: int = 2) -> list[dict]:
    """At most ``limit`` reasons, the most telling first, why the line ``chosen`` (the learner's)
    did worse than the line ``best``; both start with the choice made at ``deal``."""
    rules = deal.rules
    side_of = rules.side_of
    ours = side_of(seat)
    mine, other = replay(deal, chosen), replay(deal, best)
    first, better = chosen[0], best[0]
    out: list[dict] = []
    if isinstance(better, Declare) and not isinstance(first, Declare):
        later = mine.declared.get((seat, better.suit))
        bonus = rules.bonus[better.suit]
        # the trick the trump would have counted from; without a bonus (trump_bonus none) the
        # sentences say nothing of points (``_plain``)
        params = {"suit": better.suit.letter, "now": deal.tricks_played + 1}
        params.update({"bonus": bonus} if bonus else {})
        plain = "" if bonus else "_plain"
        if later is None:
            out.append({"code": f"pair_lost{plain}", **params})
        else:
            out.append({"code": f"pair_later{plain}", "n": later, **params})
    if isinstance(first, Discard):
        out += _bare_ten(deal, seat, first, better, mine, other)
    lost = _lost(mine, seat, side_of, LOOK_AHEAD)
    if lost is not None and any(r["code"] == "bare_ten_taken" and r["card"] == str(lost[1]) for r in out):
        lost = None  # the same ten in the same trick: told once, as the discard's doing
    if lost is not None:
        trick, card, by, trumped = lost
        # the same card kept safe in the best line (not played, or won by the seat's side)
        fate = _fate(other, card)
        if fate is None or side_of(fate) == ours:
            params = {"card": str(card), "by": str(by), "seat": trick.winner, "n": trick.number}
            if trumped and trick.leader == seat and trick.plays[1][0] == trick.winner:
                out.append({"code": "led_void", **params})
            elif trumped:
                out.append({"code": "trumped", **params})
            elif by.suit == card.suit:
                out.append({"code": "overtaken", **params})
            else:  # played off suit onto the other side's trick
                out.append({"code": "thrown", **params})
    caught = _caught(mine, other, side_of, ours)
    if caught is not None:
        trick, card, owner, by = caught
        out.append({"code": "caught", "card": str(card), "by": str(by), "seat": owner, "n": trick.number})
    if mine.tricks and other.tricks:
        last_mine, last_best = mine.tricks[-1], other.tricks[-1]
        if (
            last_mine.last
            and last_best.last
            and side_of(last_mine.winner) != ours
            and side_of(last_best.winner) == ours
            and rules.last_trick_bonus
        ):
            out.append({"code": "last_trick", "seat": last_mine.winner, "bonus": rules.last_trick_bonus})
    if not out:  # the first trick won by the other side in the learner's line, ours in the best
        for a, b in zip(mine.tricks, other.tricks):
            if side_of(a.winner) != ours and side_of(b.winner) == ours and a.points:
                out.append({"code": "trick_lost", "seat": a.winner, "n": a.number, "points": a.points})
                break
    if not out and isinstance(first, Play) and isinstance(better, Play):
        out += _points_in_trick(rules, mine, other, side_of, ours, first, better)
    for reason in out:
        if isinstance(better, Play):
            reason["best"] = str(better.card)
    return out[:limit]


def _points_in_trick(rules, mine: _Line, other: _Line, side_of, ours: int, first: Play, better: Play) -> list[dict]:
    """The trick of the choice went to the same side in both lines, with fewer points for the
    seat's side in the learner's: more points given to the other side (``points_saved``: the
    best card gives less) or fewer banked on a trick of its own (``points_banked``)."""
    if not (mine.tricks and other.tricks) or mine.tricks[0].number != other.tricks[0].number:
        return []
    a, b = mine.tricks[0], other.tricks[0]
    if a.winner != b.winner:  # the sentences say the same seat won the trick either way
        return []
    # the two cards' own points, and the trick's in the same direction (the other seats may have
    # answered differently: their cards are not the choice's doing)
    points = rules.points
    mine_points, best_points = points[first.card.rank], points[better.card.rank]
    params = {"n": a.number, "card": str(first.card), "points": abs(mine_points - best_points)}
    if side_of(a.winner) != ours and mine_points > best_points and a.points > b.points:
        return [{"code": "points_saved", "seat": a.winner, **params}]
    if side_of(a.winner) == ours and mine_points < best_points and a.points < b.points:
        return [{"code": "points_banked", **params}]
    return []


def _caught(mine: _Line, other: _Line, side_of, ours: int):
    """An opponent's ace or ten won by the seat's side within the first tricks of the best line,
    and not by it in the learner's line: (trick, card, its owner, the card that took it)."""
    for trick in other.tricks[:LOOK_AHEAD]:
        if side_of(trick.winner) != ours:
            continue
        for owner, card in trick.plays:
            if side_of(owner) == ours or card.rank not in WATCHED:
                continue
            fate = _fate(mine, card)
            if fate is None or side_of(fate) != ours:
                by = next(c for s, c in trick.plays if s == trick.winner)
                return trick, card, owner, by
    return None


def _bare_tens(deal: Deal, seat: int, discard: Discard) -> set:
    kept = [c for c in deal.hands[seat] if c not in discard.cards]
    return {c for c in kept if c.rank == Rank.TEN and sum(1 for k in kept if k.suit == c.suit) == 1}


def _bare_ten(deal: Deal, seat: int, discard: Discard, better, mine: _Line, other: _Line) -> list[dict]:
    """A ten the discard left alone in its suit, where the best discard did not: taken by the
    other side in the learner's line and kept safe in the best one (``bare_ten_taken``), or not
    played in the line (``bare_ten``); nothing where it came home to the seat's side."""
    bare = _bare_tens(deal, seat, discard)
    if isinstance(better, Discard):
        bare -= _bare_tens(deal, seat, better)
    side_of = deal.rules.side_of
    for card in sorted(bare, key=lambda c: c.index):
        winner = _fate(mine, card)
        if winner is None:  # not played in the line: only that it was left bare
            return [{"code": "bare_ten", "card": str(card)}]
        if side_of(winner) == side_of(seat):
            continue  # it came home to the seat's side: being bare cost nothing
        safe = _fate(other, card)  # the best line must keep the same ten (not played, or won by the side)
        if safe is not None and side_of(safe) != side_of(seat):
            continue
        trick = next(t for t in mine.tricks if any(c == card for _, c in t.plays))
        by = next(c for s, c in trick.plays if s == winner)
        return [{"code": "bare_ten_taken", "card": str(card), "by": str(by), "seat": winner, "n": trick.number}]
    return []


def raise_reasons(contract: int, best: int, total: int, makes: bool) -> list[dict]:
    """The raise: ``contract`` named, ``best`` the best contract on offer, ``total`` what the side
    takes with best play from the first trick (``makes``: ``contract`` is made)."""
    if not makes:
        return [{"code": "raise_high", "contract": contract, "total": total}]
    if best > contract:
        return [{"code": "raise_low", "contract": contract, "best": best, "total": total}]
    return []


def bid_reasons(amount: int, total: int, makes: bool) -> list[dict]:
    """A bid that took the contract: ``total`` what the side takes with best play from the first
    trick, ``makes`` whether that makes the contract."""
    return [] if makes else [{"code": "bid_high", "amount": amount, "total": total}]


def quick_line(deal: Deal, side: int) -> list:
    """The rest of the deal as every player's quick play-out (``normal._quick_move``, every hand
    known) plays it: the best line's stand-in where its search was cut short, and a hint's lines
    on made-up deals."""
    from ..players.normal import _quick_move
    from ..search.solver import Solver, move_to_action

    position = deal.copy()
    out = []
    while not position.is_over:
        action = move_to_action(_quick_move(Solver(position, max_side=side), position.to_move))
        position.apply(action)
        out.append(action)
    return out


def hint_reason(deal: Deal, seat: int, hint, other, rng: random.Random, samples: int = HINT_SAMPLES) -> dict | None:
    """Why the hint's choice ``hint`` beats the next best ``other`` at trick play, in cards: on
    made-up deals that fit what ``seat`` has seen (``observe.sample_deals``: it never reads a
    hidden card), each choice is played on by every player's quick play, and the lines are read
    as the review reads them (``card_reasons``, the next best as the learner's line). The pattern
    found most often, if in at least half of the deals, naming only what the seat can see: its
    own card, the trump it could declare, the two choices; ``count`` of ``samples`` deals."""
    from ..search.observe import observe, sample_deals

    if deal.phase != "play":
        return None
    deals = sample_deals(observe(deal, seat), rng, samples)
    side = deal.rules.side_of(seat)
    found: Counter = Counter()
    example: dict = {}
    for made_up in deals:
        lines = []
        for action in (other, hint):
            after = made_up.copy()
            after.apply(action)
            lines.append([action, *quick_line(after, side)])
        codes = {}
        for reason in card_reasons(made_up, seat, *lines, limit=len(HINT_ORDER) + 2):
            code = HINT_CODES.get(reason["code"])
            if code in ("trumped", "overtaken") and not (isinstance(other, Play) and reason["card"] == str(other.card)):
                continue  # only the next best card itself lost is this choice's reason
            codes.setdefault(code, reason)
        codes.pop(None, None)
        for code, reason in codes.items():
            found[code] += 1
            example.setdefault(code, reason)
    if not found:
        return None
    code = min(found, key=lambda c: (-found[c], HINT_ORDER.index(c)))
    if 2 * found[code] < len(deals):
        return None
    out = {"code": code, "count": found[code], "samples": len(deals)}
    if isinstance(hint, Play):
        out["choice"] = str(hint.card)
    if isinstance(other, Play):
        out["other"] = str(other.card)
    if code == "pair":  # the count stays in the figures, not in the sentence (a deal that only
        # declares later, the bonus counted either way, is no loss of points in itself)
        out["suit"] = example[code]["suit"]
        if "bonus" in example[code]:
            out["bonus"] = example[code]["bonus"]
        else:
            out["code"] = "pair_plain"
    elif not ("choice" in out and "other" in out):
        return None  # the sentences of the other patterns name both choices, as cards
    return out


def discard_reason(deal: Deal, seat: int, hint, other) -> dict | None:
    """Why the hint's discard beats the next best, from the seat's own hand (nothing hidden is
    needed): the next best would leave a ten alone in its suit and the hint's leaves none
    (``bare_ten``), or the hint's lays away a ten and more card points than the next best, whose
    points count for the bidder's side (``banked``, where the rules count a discard's points)."""
    if not (isinstance(hint, Discard) and isinstance(other, Discard)):
        return None
    bare = _bare_tens(deal, seat, other)
    if bare and not _bare_tens(deal, seat, hint):  # the hint's own discard leaves no ten bare
        return {"code": "bare_ten", "card": str(min(bare, key=lambda c: c.index))}
    side = deal.rules.side_of(seat)
    after = deal.copy()
    after.apply(hint)
    banked = [c for c in hint.cards if c.rank == Rank.TEN and c not in other.cards]
    laid = [sum(deal.rules.points[c.rank] for c in d.cards) for d in (hint, other)]
    if banked and laid[0] > laid[1] and side_points(after, side) > side_points(deal, side):
        return {"code": "banked", "card": str(banked[0])}
    return None
