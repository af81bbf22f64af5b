"""Text notation for whole positions (trick play) and whole deals (records).

Both are URL-safe: fields ``key:value`` joined by ``/``. See docs/notation.md.

Position (a moment of trick play)::

    rules:three-player/hands:AK.T9..Q6,...,.../lead:0/trick:D7-DK/decl:S0,D1
        /bidder:0/bid:55/contract:60/points:10,0,4/tricks:1,0,1/declare:used

* ``rules`` a rule set (``engine.core.rules.parse_rules``), ``hands`` every hand in seat order
  (``engine.core.cards.parse_hand``), ``lead`` the seat that led the current trick: required.
* ``trick`` the cards played so far to the current trick, from the leader on.
* ``decl`` the trump declarations of the deal in order: suit, seat, and ``f``/``h`` for a
  full pair given by the partner or a half question; the last one is the trump.
* ``bidder``, ``bid`` (the winning bid) and ``contract`` (after a raise; defaults to ``bid``);
  ``discard`` the bidder's discard (written only under the house rule ``discard_needs_trick``,
  the one rule that scores it apart from the bidder's other points).
* ``dead`` the dead hand's cards (house rule ``dead_hand``): required there, refused elsewhere;
  its card points are nobody's, so ``points`` add up without them.
* ``points`` card points each seat has taken (discard included) and ``tricks`` tricks each seat
  has won; when given they must add up with the cards still in play. One more number at the end
  is the part taken earlier by seats not recorded: a position given without ``points`` and then
  played on formats as ``points:24,0,0,90`` (90 taken before, by whom unknown).
* ``declare`` between tricks: ``open`` (default: the leader may still declare), ``used`` or
  ``notled`` (strong drive: the leader won a trick they did not lead).
* ``ask`` the seat that asked the partner for a full pair (the partner answers next);
  ``half`` the seats that have asked for a half (with the suit, ``0H``, where a rule needs it)
  and ``full`` those that have asked for a full pair, as far as a lock-out remembers them.

Record (a whole deal)::

    rules:three-player/dealer:0/hands:...,...,.../widow:..../actions:40,50,p,55,p,discard:...

Under ``dead_hand`` the dead hand is the rest of the pack (a record never names it). ``seed:N``
may replace ``hands`` and ``widow`` (the deal ``Deal.new(rules, N, dealer)``).
``scores`` gives the match scores per side before the deal (for the bidding floor).
"""

from __future__ import annotations

from typing import cast

from .actions import parse_action
from .cards import (
    ALL_CARDS,
    Card,
    NotationError,
    Suit,
    format_cards,
    format_hand,
    is_number,
    parse_cards,
    parse_hand,
    sort_cards,
)
from .deal import Deal, Declaration, Phase
from .declare import record, remember
from .play import IllegalAction
from .rules import RuleSet, format_rules, parse_rules

POSITION_FIELDS = (
    "rules",
    "hands",
    "lead",
    "trick",
    "decl",
    "bidder",
    "bid",
    "contract",
    "discard",
    "dead",
    "points",
    "tricks",
    "declare",
    "ask",
    "half",
    "full",
)
RECORD_FIELDS = ("rules", "dealer", "seed", "hands", "widow", "scores", "actions")


class PositionError(NotationError):
    """A position or record that cannot be read or cannot happen; the message says where."""


MAX_TEXT = 4000  # a record of a two-player deal is about 400 characters


def _fields(text: str, allowed: tuple[str, ...], what: str) -> dict[str, str]:
    if not isinstance(text, str):
        raise PositionError(f"{what}: expected text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise PositionError(f"{what}: {len(text)} characters is too long (at most {MAX_TEXT})")
    out: dict[str, str] = {}
    body = text.strip()
    if not body:
        raise PositionError(f"{what}: empty text", "empty")
    for i, part in enumerate(body.split("/"), 1):
        key, colon, value = part.partition(":")
        key = key.strip()
        if not colon:
            raise PositionError(
                f"{what}: field {i} {part!r} has no ':'; write key:value, for example lead:0", "bad_field", text=part
            )
        if key not in allowed:
            raise PositionError(
                f"{what}: unknown field {key!r}; known fields: {', '.join(allowed)}", "bad_field", text=key
            )
        if key in out:
            raise PositionError(f"{what}: field {key!r} appears twice")
        out[key] = value.strip()
    return out


def _seat(value: str, n: int, field: str) -> int:
    if not is_number(value) or int(value) >= n:
        params = {"seat": int(value), "players": n} if is_number(value) else {"text": value}
        code = "seat_out_of_range" if is_number(value) else "bad_seat"
        raise PositionError(f"{field}: {value!r} is not a seat; seats are 0 to {n - 1}", code, field=field, **params)
    return int(value)


def _int_list(value: str, n: int, field: str, signed: bool = False) -> list[int]:
    parts = value.split(",")
    if len(parts) != n:
        raise PositionError(f"{field}: expected {n} numbers separated by commas, got {len(parts)}")
    out = []
    for p in parts:
        q = p.strip()
        if not is_number(q, signed):
            raise PositionError(f"{field}: {p!r} is not a whole number (digits 0-9)")
        out.append(int(q))
    return out


def _counts(value: str, n: int, field: str) -> tuple[list[int], int]:
    """``points`` or ``tricks``: one number per seat, and optionally one more, the part taken
    earlier that is not attributed to any seat (0 when not given)."""
    parts = value.split(",")
    if len(parts) == n + 1:
        *seats, earlier = _int_list(value, n + 1, field)
        return seats, earlier
    if len(parts) != n:
        raise PositionError(
            f"{field}: expected {n} numbers separated by commas (one per seat), and optionally one more "
            f"for the part not attributed to a seat; got {len(parts)}"
        )
    return _int_list(value, n, field), 0


def points_taken(deal: Deal) -> int:
    """Card points no longer in play: in the seats' piles (the discard included), attributed or not
    (the dead hand's are nobody's: never in play, never taken)."""
    rules = deal.rules
    in_play = sum(rules.points[c.rank] for c in deal.trick) + sum(rules.points[c.rank] for h in deal.hands for c in h)
    return 4 * sum(rules.points) - in_play - deal.dead_points


def _format_counts(per_seat: list[int], total: int) -> str | None:
    """The ``points`` or ``tricks`` value: per seat, and the unattributed rest when there is one."""
    if not any(per_seat):
        return None  # nothing attributed: the whole total is implicitly unattributed
    rest = total - sum(per_seat)
    return ",".join(map(str, per_seat + ([rest] if rest else [])))


def _number(value: str, field: str) -> int:
    if not is_number(value):
        raise PositionError(f"{field}: {value!r} is not a whole number (digits 0-9)")
    return int(value)


def _rules(fields: dict[str, str], what: str) -> RuleSet:
    if "rules" not in fields:
        raise PositionError(
            f"{what}: missing field 'rules', for example rules:three-player", "missing_field", field="rules"
        )
    return parse_rules(fields["rules"], "rules")


def _hands(value: str, rules: RuleSet) -> list[list[Card]]:
    parts = value.split(",")
    if len(parts) != rules.players:
        raise PositionError(
            f"hands: {len(parts)} hands given, but {rules.name} has {rules.players} players",
            "hand_count",
            count=len(parts),
            players=rules.players,
        )
    hands = []
    for i, p in enumerate(parts):
        try:
            hands.append(parse_hand(p, f"hand of seat {i}"))
        except NotationError as e:
            e.params = {**e.params, "seat": i}  # the site names the hand: "player 2's hand"
            raise
    return hands


def _dead(f: dict[str, str], rules: RuleSet, what: str) -> list[Card]:
    """The ``dead`` field: the dead hand's cards, which a rule set with ``dead_hand`` must give
    (``dead_size`` of them) and any other must not."""
    if not rules.dead_hand:
        if "dead" in f:
            raise PositionError(
                f"dead: {rules.name} has no dead hand (the house rule dead_hand)", "dead_not_in_rules", field="dead"
            )
        return []
    if "dead" not in f:
        raise PositionError(
            f"{what}: missing field 'dead' (the {rules.dead_size} cards of the dead hand)",
            "missing_field",
            field="dead",
        )
    if not f["dead"]:
        dead = []
    else:
        try:
            dead = parse_hand(f["dead"], "dead hand")
        except NotationError as e:
            raise PositionError(f"dead: {e}", "dead_unreadable", field="dead") from None
    if len(dead) != rules.dead_size:
        raise PositionError(
            f"dead: {len(dead)} cards; the dead hand holds {rules.dead_size}",
            "dead_size",
            field="dead",
            count=len(dead),
            want=rules.dead_size,
        )
    return dead


def _check_unique(groups: list[tuple[str, list[Card]]]) -> None:
    where: dict[Card, str] = {}
    for name, cards in groups:
        for card in cards:
            if card in where:
                raise PositionError(f"{card} is in both {where[card]} and {name}", "card_twice", card=str(card))
            where[card] = name


def parse_position(text: str) -> Deal:
    """Read a position into a ``Deal`` in the play phase; raises ``PositionError`` (a ValueError)."""
    f = _fields(text, POSITION_FIELDS, "position")
    rules = _rules(f, "position")
    n = rules.players
    if "hands" not in f:
        raise PositionError("position: missing field 'hands'", "missing_field", field="hands")
    if "lead" not in f:
        raise PositionError(
            "position: missing field 'lead' (the seat that leads the current trick)", "missing_field", field="lead"
        )
    hands = _hands(f["hands"], rules)
    leader = _seat(f["lead"], n, "lead")
    trick = parse_cards(f.get("trick", ""), "trick")
    if len(trick) >= n:
        raise PositionError(
            f"trick: {len(trick)} cards, but a trick of {n} players is complete at {n}",
            "trick_full",
            count=len(trick),
            players=n,
        )
    dead = _dead(f, rules, "position")
    _check_unique(
        [(f"the hand of seat {i}", h) for i, h in enumerate(hands)] + [("the trick", trick), ("the dead hand", dead)]
    )
    played = {(leader + i) % n for i in range(len(trick))}
    size = len(hands[leader]) + (1 if leader in played else 0)
    if size == 0:
        raise PositionError("hands: every hand is empty, so the deal is over", "hands_empty")
    if size > rules.hand_size:
        raise PositionError(
            f"hands: seat {leader} would hold {size} cards; {rules.name} deals {rules.hand_size}",
            "too_many_cards",
            seat=leader,
            count=size,
            most=rules.hand_size,
        )
    for seat in range(n):
        want = size - (1 if seat in played else 0)
        if len(hands[seat]) != want:
            raise PositionError(
                f"hands: seat {seat} holds {len(hands[seat])} cards but should hold {want} "
                f"(seats that already played to this trick hold one card less)",
                "hand_size",
                seat=seat,
                count=len(hands[seat]),
                want=want,
            )
    deal = Deal(rules, hands, (), dealer=(leader - 1) % n, dead=dead)
    deal.phase = Phase.PLAY
    deal.leader = leader
    deal.trick = trick
    deal.tricks_played = rules.hand_size - size
    # declarations
    declared = set()
    for item in filter(None, f.get("decl", "").split(",")):
        item = item.strip()
        how = {"f": "full", "h": "half"}.get(item[-1:], "own")
        body = item[:-1] if how != "own" else item
        if len(body) < 2:
            raise PositionError(f"decl: {item!r} should be a suit and a seat, for example H1", "bad_decl", text=item)
        try:
            suit = Suit.parse(body[0])
        except NotationError as e:
            raise PositionError(f"decl: {e}", "bad_decl", text=item) from None
        seat = _seat(body[1:], n, "decl")
        if suit in declared:
            raise PositionError(
                f"decl: {suit} is declared twice; each suit can be declared once per deal", "decl_twice", suit=str(suit)
            )
        if how != "own" and not rules.partnership:
            raise PositionError(
                f"decl: {item!r} is a partner question, but {rules.name} has no pairs", "decl_no_pairs", text=item
            )
        declared.add(suit)
        deal.declarations.append(Declaration(suit, seat, how))
    if deal.declarations:
        if deal.tricks_played == 0:
            raise PositionError("decl: no trick has been won yet, so nobody can have declared", "decl_too_early")
        deal.trump = deal.declarations[-1].suit
    # contract
    if "bidder" in f:
        deal.bidder = _seat(f["bidder"], n, "bidder")
        if "bid" not in f:
            raise PositionError("bid: a position with a bidder needs the bid, for example bid:55")
        deal.bid = _number(f["bid"], "bid")
        deal.contract = _number(f["contract"], "contract") if "contract" in f else deal.bid
        if deal.contract < deal.bid:
            raise PositionError(f"contract: {deal.contract} is below the bid {deal.bid}; a raise only goes up")
    elif "bid" in f or "contract" in f:
        raise PositionError("bidder: a bid needs a bidder, for example bidder:0")
    if "discard" in f:
        if deal.bidder is None or not rules.widow_size:
            raise PositionError("discard: only the bidder of a game with a widow discards (give bidder and bid)")
        deal.discard = tuple(sort_cards(parse_cards(f["discard"], "discard")))
        if len(deal.discard) != rules.widow_size:
            raise PositionError(f"discard: {len(deal.discard)} cards; {rules.name} discards {rules.widow_size}")
        _check_unique(
            [(f"the hand of seat {i}", h) for i, h in enumerate(hands)]
            + [("the trick", trick), ("the dead hand", dead), ("the discard", list(deal.discard))]
        )
    # points and tricks
    taken = points_taken(deal)
    if "points" in f:
        deal.points, earlier = _counts(f["points"], n, "points")
        if sum(deal.points) + earlier != taken:
            raise PositionError(
                f"points: they add up to {sum(deal.points) + earlier}, but the cards no longer in play "
                f"are worth {taken}"
            )
        discarded = sum(rules.points[c.rank] for c in deal.discard)
        bidder = cast(int, deal.bidder)  # a discard has a bidder (checked above)
        if deal.discard and deal.points[bidder] + earlier < discarded:  # (earlier: by whom unknown)
            raise PositionError(f"points: the bidder's {deal.points[bidder]} do not include the discard's {discarded}")
    if "tricks" in f:
        deal.tricks, earlier = _counts(f["tricks"], n, "tricks")
        if sum(deal.tricks) + earlier != deal.tricks_played:
            raise PositionError(
                f"tricks: they add up to {sum(deal.tricks) + earlier}, but the hand sizes say "
                f"{deal.tricks_played} tricks have been played"
            )
    # declaration window and questions
    between = not trick and deal.tricks_played > 0
    state = f.get("declare", "open" if between else None)
    if state is not None:
        if not between:
            raise PositionError("declare: declaring is only possible between tricks, after the first")
        if state not in ("open", "used", "notled"):
            raise PositionError(f"declare: {state!r} should be open, used or notled")
        deal.declare_state = {"notled": "not_led"}.get(state, state)
    for kind in ("half", "full"):
        for item in filter(None, (part.strip() for part in f.get(kind, "").split(","))):
            if not rules.partner_questions:
                raise PositionError(f"{kind}: {rules.name} has no partner questions")
            half_suit: int | None = None
            if kind == "half" and item[-1:].upper() in ("S", "C", "D", "H"):
                half_suit, item = int(Suit.parse(item[-1])), item[:-1]
            # a question no rule of this rule set remembers is left out
            deal.questions = list(remember(deal.questions, record(rules, _seat(item, n, kind), kind, half_suit)))
    if "ask" in f:
        seat = _seat(f["ask"], n, "ask")
        if not rules.partner_questions:
            raise PositionError(f"ask: {rules.name} has no partner questions")
        if seat != leader or not between or deal.declare_state != "used":
            raise PositionError(
                "ask: only the leader asks, between tricks, and that uses the declaration (declare:used)"
            )
        deal.pending_question = seat
    deal.origin = deal.copy()  # where the story of the actions applied from here starts
    return deal


def format_position(deal: Deal) -> str:
    if deal.phase != "play":
        raise PositionError(f"only trick play has a position; this deal is in the {deal.phase} phase")
    rules = deal.rules
    parts = [
        f"rules:{format_rules(rules)}",
        "hands:" + ",".join(format_hand(h) for h in deal.hands),
        f"lead:{deal.leader}",
    ]
    if deal.trick:
        parts.append("trick:" + format_cards(deal.trick))
    if deal.declarations:
        parts.append("decl:" + ",".join(map(str, deal.declarations)))
    if deal.bidder is not None:
        parts.append(f"bidder:{deal.bidder}")
        parts.append(f"bid:{deal.bid}")
        if deal.contract != deal.bid:
            parts.append(f"contract:{deal.contract}")
        if deal.discard and rules.discard_needs_trick:  # only this rule needs the discard apart
            parts.append("discard:" + format_cards(deal.discard))
    if rules.dead_hand:
        parts.append("dead:" + format_hand(deal.dead))
    points = _format_counts(deal.points, points_taken(deal))
    if points is not None:
        parts.append("points:" + points)
    tricks = _format_counts(deal.tricks, deal.tricks_played)
    if tricks is not None:
        parts.append("tricks:" + tricks)
    if not deal.trick and deal.tricks_played > 0 and deal.declare_state != "open":
        parts.append("declare:" + {"not_led": "notled"}.get(deal.declare_state, deal.declare_state))
    if deal.pending_question is not None:
        parts.append(f"ask:{deal.pending_question}")
    for kind in ("half", "full"):
        asked = [f"{q.seat}{'' if q.suit is None else Suit(q.suit)}" for q in deal.questions if q.kind == kind]
        if asked:
            parts.append(f"{kind}:" + ",".join(asked))
    return "/".join(parts)


def parse_record(text: str) -> Deal:
    """Replay a record into a ``Deal``; an illegal action names its number and the reason."""
    f = _fields(text, RECORD_FIELDS, "record")
    rules = _rules(f, "record")
    n = rules.players
    dealer = _seat(f.get("dealer", "0"), n, "dealer")
    scores = _int_list(f["scores"], rules.sides, "scores", signed=True) if "scores" in f else None
    if "seed" in f:
        if "hands" in f or "widow" in f:
            raise PositionError("record: give either seed or hands and widow, not both")
        deal = Deal.new(rules, _number(f["seed"], "seed"), dealer, scores)
    else:
        if "hands" not in f:
            raise PositionError("record: missing field 'hands' (or 'seed')")
        hands = _hands(f["hands"], rules)
        widow = parse_hand(f["widow"], "widow") if "widow" in f else []
        _check_unique([(f"the hand of seat {i}", h) for i, h in enumerate(hands)] + [("the widow", widow)])
        for seat, hand in enumerate(hands):
            if len(hand) != rules.hand_size:
                raise PositionError(f"hands: seat {seat} holds {len(hand)} cards; {rules.name} deals {rules.hand_size}")
        if len(widow) != rules.widow_size:
            raise PositionError(f"widow: {len(widow)} cards; {rules.name} has {rules.widow_size} in the widow")
        # the dead hand (house rule dead_hand) is the rest of the pack: a record never names it
        dealt = {c for h in hands for c in h} | set(widow)
        dead = [c for c in ALL_CARDS if c not in dealt] if rules.dead_hand else []
        deal = Deal(rules, hands, widow, dealer, scores, dead=dead)
    for i, token in enumerate(filter(None, f.get("actions", "").split(",")), 1):
        try:
            action = parse_action(token)
        except NotationError as e:
            raise PositionError(f"actions: action {i}: {e}") from None
        try:
            deal.apply(action)
        except IllegalAction as e:
            raise PositionError(f"actions: action {i} ({token}) is illegal: {e.reason}") from None
    return deal


def format_record(deal: Deal) -> str:
    rules = deal.rules
    parts = [
        f"rules:{format_rules(rules)}",
        f"dealer:{deal.dealer}",
        "hands:" + ",".join(format_hand(h) for h in deal.initial_hands),
    ]
    if deal.initial_widow:
        parts.append("widow:" + format_hand(deal.initial_widow))
    if deal.match_scores is not None:
        parts.append("scores:" + ",".join(map(str, deal.match_scores)))
    parts.append("actions:" + ",".join(str(a) for _, a in deal.history))
    return "/".join(parts)


__all__ = [
    "ALL_CARDS",
    "PositionError",
    "parse_position",
    "format_position",
    "parse_record",
    "format_record",
]
