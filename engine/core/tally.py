"""The score sheet of a real table: deals as the table records them, scored by the engine.

A sheet (``docs/score-sheet.md``) is plain data: the rule set, the players' names, the first
dealer and a list of deals, each as the table knows it after counting the piles: the bidder, the
bid and the contract after a raise, each side's card points (the bidder's discard included), who
won the last trick where it scores, the declarations and partner questions, who took no trick
(Porvoo), or a redeal, or a deal without a contract (German all-pass).

``tally(sheet)`` is a pure function of the sheet: it checks every deal and scores it with the
engine's own code, nothing re-decided here:

* each deal becomes a finished deal (``RecordedDeal``) that ``scoring.score_deal`` scores like a
  played one: the same breakdown, result codes and words;
* the bid and the raise are checked by the deal's own bidding rules (``Deal._why_bid`` and
  ``Deal._why_raise`` on a probe deal with the match scores before the deal, so the -500 floor
  applies);
* the running totals, the dealer, the end at the target and the tie rule come from
  ``match.Match`` itself, which books each recorded deal as it books a played one.

A mistake raises ``TallyError`` (a ``ValueError``) with a code and parameters that the site's
catalogs word (``score.errors.<code>``); ``deal`` is the deal's number on the sheet, from 1.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NoReturn, TypeGuard, cast

from .actions import Bid, Raise
from .cards import ALL_CARDS, Card, NotationError, Rank, Suit
from .deal import Deal, Declaration, Phase
from .match import Match
from .play import Reason
from .rules import OPTION_DOCS, RuleSet, format_rules, parse_rules
from .scoring import DealScore, SideScore, score_deal

# a JSON object as a sheet gives it or the tally writes it (Any: its values are of every JSON type)
JSONObject = dict[str, Any]

FORMAT = "huutopussi-score-sheet"
VERSION = 1  # the sheet format this engine writes; older versions are migrated (MIGRATIONS)
MAX_DEALS = 300  # a game to 500 takes some 10 to 40 deals
MAX_SHEET_CHARS = 200_000  # the sheet as JSON text
MAX_NAME = 40  # characters in a player's or side's name

SHEET_FIELDS = {"format", "version", "rules", "players", "sides", "first_dealer", "deals", "title", "started"}
DEAL_FIELDS = {"bidder", "bid", "contract", "points", "last_trick", "declarations", "no_tricks", "redeal", "all_pass"}
HOWS = ("own", "full", "half")

# The options that change what a sheet records, which entries it accepts or how it totals, each
# declared with the option (``Option.sheet`` in engine/core/rules.py says why): the sources' options
# and the house rules among them, all offered by the score sheet page (docs/score-sheet.md says why
# the others change nothing on a sheet: they rule the play or the auction's course, which a sheet
# does not record).
SHEET_OPTIONS = frozenset(name for name, option in OPTION_DOCS.items() if option.sheet)
SHEET_HOUSE_RULES = frozenset(name for name in SHEET_OPTIONS if OPTION_DOCS[name].house_rule)

# version -> a function that turns a sheet of that version into one of the next version.
# Version 1 is the first; a change to the format adds its step here and raises VERSION.
MIGRATIONS: dict[int, Callable[[JSONObject], JSONObject]] = {}


class TallyError(NotationError):
    """A sheet or a deal on it that cannot be scored; ``code`` and ``params`` name the mistake."""


def _fail(message: str, code: str, **params: object) -> NoReturn:
    raise TallyError(message, code, **params)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# -- the sheet ------------------------------------------------------------------------------------
def migrate(sheet: object) -> JSONObject:
    """The sheet in the current format (a copy); an unknown or newer version is refused."""
    if not isinstance(sheet, dict):
        _fail("the sheet must be a JSON object", "sheet_not_object")
    if sheet.get("format") != FORMAT:
        _fail(f'the sheet\'s "format" must be "{FORMAT}"', "sheet_format")
    version = sheet.get("version")
    if not _is_int(version) or version < 1:
        _fail('the sheet\'s "version" must be a whole number from 1', "sheet_version")
    if version > VERSION:
        _fail(
            f"the sheet has version {version}; this engine reads versions up to {VERSION}",
            "sheet_version_newer",
            version=version,
            supported=VERSION,
        )
    sheet = dict(sheet)
    while sheet["version"] < VERSION:
        sheet = MIGRATIONS[sheet["version"]](sheet)
    return sheet


def read_sheet(text: str) -> JSONObject:
    """A sheet from JSON text (bounded in size)."""
    if len(text) > MAX_SHEET_CHARS:
        _fail(f"the sheet is longer than {MAX_SHEET_CHARS} characters", "sheet_too_long", max=MAX_SHEET_CHARS)
    try:
        return cast(JSONObject, json.loads(text))  # JSON text: whatever it holds; Sheet() checks it
    except (ValueError, RecursionError):
        _fail("the sheet is not JSON", "sheet_not_json")


def _names(value: object, count: int, field: str, code: str) -> list[str]:
    if (
        not isinstance(value, list)
        or len(value) != count
        or not all(isinstance(n, str) and 0 < len(n.strip()) and len(n) <= MAX_NAME for n in value)
    ):
        _fail(f'"{field}" must list {count} names of 1 to {MAX_NAME} characters', code, count=count, max=MAX_NAME)
    return [n.strip() for n in value]


class Sheet:
    """A checked sheet: its rule set, names, first dealer and raw deals."""

    def __init__(self, data: object) -> None:
        data = migrate(data)
        unknown = sorted(set(data) - SHEET_FIELDS)
        if unknown:
            _fail(f"unknown field {unknown[0]!r} in the sheet", "sheet_unknown_field", field=unknown[0][:40])
        rules_text = data.get("rules")
        if not isinstance(rules_text, str):
            _fail('the sheet\'s "rules" must be a rule set in notation, for example faq', "sheet_rules")
        self.rules: RuleSet = parse_rules(rules_text)
        rules = self.rules
        self.players = _names(data.get("players"), rules.players, "players", "sheet_players")
        if rules.partnership:
            default = [f"{self.players[0]} + {self.players[2]}", f"{self.players[1]} + {self.players[3]}"]
            self.sides = _names(data["sides"], 2, "sides", "sheet_sides") if "sides" in data else default
        elif "sides" in data:
            _fail('only the pairs game has "sides"', "sheet_sides_solo")
        else:
            self.sides = list(self.players)
        first = data.get("first_dealer", 0)
        if not _is_int(first) or not 0 <= first < rules.players:
            _fail(
                f'"first_dealer" must be a seat from 0 to {rules.players - 1}', "sheet_first_dealer", last=rules.players
            )
        self.first_dealer = first
        deals = data.get("deals", [])
        if not isinstance(deals, list):
            _fail('"deals" must be a list', "sheet_deals")
        if len(deals) > MAX_DEALS:
            _fail(f"a sheet holds at most {MAX_DEALS} deals", "too_many_deals", max=MAX_DEALS)
        self.deals = deals


def entry_form(rules: RuleSet) -> JSONObject:
    """What a deal's entry form asks under these rules (the page shows only these controls)."""
    return {
        "sides": rules.sides,
        "pack": 4 * sum(rules.points),
        # house rule dead_hand: the piles hold the pack less the dead hand, at least this much
        "dead_low": _lowest_piles(rules, all_pass=False) if rules.dead_hand else None,
        "last_trick_bonus": rules.last_trick_bonus,
        "min_bid": rules.min_bid,
        "bid_step": rules.bid_step,
        "highest_bid": rules.highest_bid,
        "raise": rules.raise_allowed,
        "questions": rules.partner_questions,
        "full_question": rules.partner_questions and rules.full_pair_question,
        "all_pass": rules.all_pass_no_contract,
        # a redeal: a hand the rules let its player throw in, or everybody passed without a
        # forced opening where no rule plays such a deal (Deal._end_auction)
        "redeal": bool(
            rules.three_sixes_redeal
            or rules.redeal_no_high_cards
            or rules.redeal_four_sixes
            or rules.redeal_four_sixes_late
            or not (rules.forced_opening or rules.last_seat_must_open or rules.all_pass_no_contract)
        ),
        "porvoo": rules.porvoo or rules.bidder_porvoo != "off",
        # whether a player without tricks changes a score: Porvoo, the house rules on the
        # bidder's tricks (the page asks who took no trick only then)
        "no_tricks": rules.porvoo
        or rules.bidder_porvoo != "off"
        or rules.discard_needs_trick
        or rules.sweep_counts_dead_hand,
        "bonus": {str(suit): rules.bonus[suit] for suit in Suit},
    }


# -- one deal -------------------------------------------------------------------------------------
class RecordedDeal:
    """A finished deal as the table recorded it, with what ``score_deal`` and ``Match.finish_deal``
    read from a played ``Deal``: per-seat card points and tricks (a seat that took any trick counts
    one: only none or some matters to the rules), the discard, the last trick and the declarations."""

    phase = Phase.DONE
    is_over = True

    def __init__(self, rules: RuleSet, dealer: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self.redealt = False
        self.bidder: int | None = None
        self.bid: int | None = None
        self.contract: int | None = None
        self.points = [0] * rules.players
        self.tricks = [1] * rules.players
        self.tricks_played = rules.players
        self.discard: tuple[Card, ...] = ()
        self.dead_points = 0  # the piles' shortfall from the pack: out of play, nobody's (a sheet records every pile)
        self.last_trick_winner: int | None = None
        self.declarations: list[Declaration] = []
        self._score: DealScore | None = None

    def score(self) -> DealScore:
        if self._score is None:
            self._score = score_deal(self)
        return self._score


def _seat(value: object, deal: int, field: str, players: int) -> int:
    if not _is_int(value) or not 0 <= value < players:
        _fail(f"deal {deal}: {field} must be a seat from 0 to {players - 1}", "deal_seat", deal=deal, field=field)
    return value


def _amount(entry: JSONObject, name: str, deal: int) -> int:
    value = entry[name]
    if not _is_int(value):
        _fail(f"deal {deal}: {name} must be a whole number", "deal_number", deal=deal, field=name)
    return value


def _contract_reason(reason: Reason, deal: int, field: str) -> NoReturn:
    _fail(f"deal {deal}: {field}: {reason}", "deal_contract", deal=deal, field=field, reason=reason.code, **reason.args)


def _discard_cards(rules: RuleSet, points: int) -> tuple[Card, ...] | None:
    """Cards for a discard of ``rules.widow_size`` cards holding ``points`` card points, or None
    when no such discard exists (the pile of a bidder who took no trick is the discard alone)."""
    size = rules.widow_size
    by_value: dict[int, list[Card]] = {}
    for card in ALL_CARDS:
        if rules.no_discard_aces_tens and card.rank in (Rank.ACE, Rank.TEN):
            continue  # house rule: these may not be put away
        by_value.setdefault(rules.points[card.rank], []).append(card)
    values = sorted(by_value, reverse=True)

    def search(i: int, left: int, need: int) -> list[Card] | None:
        if left == 0:
            return [] if need == 0 else None
        if i == len(values):
            return None
        cards = by_value[values[i]]
        for take in range(min(left, len(cards)), -1, -1):
            if take * values[i] > need:
                continue
            rest = search(i + 1, left - take, need - take * values[i])
            if rest is not None:
                return cards[:take] + rest
        return None

    found = search(0, size, points)
    return tuple(found) if found is not None else None


def record_deal(rules: RuleSet, entry: object, number: int, dealer: int, totals: list[int]) -> RecordedDeal:
    """One deal of the sheet, checked, as a finished deal the engine scores (or a redeal)."""
    if not isinstance(entry, dict):
        _fail(f"deal {number} must be a JSON object", "deal_not_object", deal=number)
    unknown = sorted(set(entry) - DEAL_FIELDS)
    if unknown:
        _fail(f"deal {number}: unknown field {unknown[0]!r}", "deal_unknown_field", deal=number, field=unknown[0][:40])
    n = rules.players
    recorded = RecordedDeal(rules, dealer)
    if entry.get("redeal", False) is not False:
        if entry["redeal"] is not True or set(entry) != {"redeal"}:
            _fail(f"deal {number}: a redeal has no other entries", "redeal_alone", deal=number)
        if not entry_form(rules)["redeal"]:
            _fail(f"deal {number}: these rules have no redeal", "redeal_not_in_rules", deal=number)
        recorded.redealt = True
        return recorded
    all_pass = entry.get("all_pass", False)
    if all_pass is not False:
        if all_pass is not True or {"bidder", "bid", "contract"} & set(entry):
            _fail(f"deal {number}: a deal without a contract has no bidder", "all_pass_bidder", deal=number)
        if not rules.all_pass_no_contract:
            _fail(f"deal {number}: these rules have no deal without a contract", "all_pass_not_in_rules", deal=number)
    else:
        if "bidder" not in entry or "bid" not in entry:
            _fail(f"deal {number}: the bidder and the bid are missing", "deal_bidder_missing", deal=number)
        bidder = _seat(entry["bidder"], number, "bidder", n)
        bid = _amount(entry, "bid", number)
        contract = _amount(entry, "contract", number) if "contract" in entry else bid
        _check_contract(rules, bidder, bid, contract, number, dealer, totals)
        recorded.bidder, recorded.bid, recorded.contract = bidder, bid, contract

    no_tricks = entry.get("no_tricks", [])
    if not isinstance(no_tricks, list) or len(set(map(repr, no_tricks))) != len(no_tricks):
        _fail(f"deal {number}: no_tricks must list seats, each once", "deal_seat", deal=number, field="no_tricks")
    for seat in no_tricks:
        recorded.tricks[_seat(seat, number, "no_tricks", n)] = 0
    if len(no_tricks) == n:
        _fail(f"deal {number}: somebody took the tricks", "nobody_took_tricks", deal=number)
    recorded.tricks_played = sum(recorded.tricks)
    _card_points(rules, entry, recorded, number)
    _last_trick(rules, entry, recorded, number)
    _declarations(rules, entry, recorded, number)
    return recorded


def _check_contract(
    rules: RuleSet, bidder: int, bid: int, contract: int, number: int, dealer: int, totals: list[int]
) -> None:
    """The bid and the raise by the deal's own rules: a bid above someone's lower bid (or the
    opening minimum), then a raise, with the match scores before this deal (the -500 floor)."""
    probe = Deal.new(rules, 0, dealer, match_scores=totals)
    if bid > rules.min_bid and bid % rules.bid_step == 0:
        probe.high_bid = bid - rules.bid_step  # an earlier bid: the opening rules are not this bid's
    reason = probe._why_bid(Bid(bid), bidder)
    if reason is not None and reason.code == "below_floor" and _floor_may_allow(rules, bid):
        reason = None  # the sheet does not record the auction: the table may have been forced
    if reason is not None:
        _contract_reason(reason, number, "bid")
    if contract != bid:
        if not rules.raise_allowed:
            _fail(f"deal {number}: these rules have no raise", "no_raise", deal=number)
        probe.high_bid, probe.contract = None, bid
        reason = probe._why_raise(Raise(contract), bidder)
        if reason is not None:
            _contract_reason(reason, number, "contract")


def _floor_may_allow(rules: RuleSet, bid: int) -> bool:
    """Could a side below the bidding floor have made this bid at a real table? A sheet records
    no auction: the last seat forced to open (``last_seat_must_open``) opens at the minimum, and
    with ``floor_skips_and_reopens`` a reopened auction lets the skipped seats bid as usual."""
    return rules.floor_skips_and_reopens or (rules.last_seat_must_open and bid == rules.min_bid)


def _lowest_piles(rules: RuleSet, all_pass: bool) -> int:
    """The fewest card points the piles can add up to: the pack less the most the cards out of play
    can hold (their count's dearest), which are the dead hand (house rule ``dead_hand``) and, in a
    deal without a contract, the untaken widow."""
    out_of_play = rules.dead_size + (rules.widow_size if all_pass else 0)
    values = sorted((rules.points[c.rank] for c in ALL_CARDS), reverse=True)
    return sum(values) - sum(values[:out_of_play])


def _card_points(rules: RuleSet, entry: JSONObject, recorded: RecordedDeal, number: int) -> None:
    sides = rules.sides
    points = entry.get("points")
    if not isinstance(points, list) or len(points) != sides:
        _fail(f"deal {number}: points must list {sides} numbers", "points_count", deal=number, count=sides)
    pack = 4 * sum(rules.points)
    for value in points:
        if not _is_int(value) or not 0 <= value <= pack:
            _fail(f"deal {number}: card points go from 0 to {pack}", "points_range", deal=number, pack=pack)
    total = sum(points)
    # a deal without a contract leaves the widow untaken, and the dead hand is nobody's: the piles
    # hold the rest of the pack
    low = _lowest_piles(rules, all_pass=entry.get("all_pass") is True)
    if not low <= total <= pack:
        if rules.last_trick_bonus and total == pack + rules.last_trick_bonus:
            _fail(
                f"deal {number}: the card points add up to {total}: leave out the last trick",
                "points_with_last_trick",
                deal=number,
                sum=total,
                pack=pack,
                bonus=rules.last_trick_bonus,
            )
        if low < pack:
            _fail(
                f"deal {number}: the card points add up to {total}; with cards out of play they add up "
                f"to {low} to {pack}",
                "points_sum_range",
                deal=number,
                sum=total,
                low=low,
                pack=pack,
            )
        _fail(
            f"deal {number}: the card points add up to {total}, not to the pack's {pack}",
            "points_sum",
            deal=number,
            sum=total,
            pack=pack,
        )
    recorded.dead_points = pack - total
    for side, value in enumerate(points):
        seats = rules.seats_of(side)
        recorded.points[seats[0]] = value
        if value and not any(recorded.tricks[s] for s in seats):
            if side == (rules.side_of(recorded.bidder) if recorded.bidder is not None else None) and rules.widow_size:
                discard = _discard_cards(rules, value)
                if discard is None:
                    _fail(
                        f"deal {number}: a discard of {rules.widow_size} cards cannot hold {value} card points",
                        "discard_points",
                        deal=number,
                        points=value,
                        cards=rules.widow_size,
                    )
                recorded.discard = discard
            else:
                _fail(
                    f"deal {number}: side {side} took no trick but has {value} card points",
                    "points_without_tricks",
                    deal=number,
                    side=side,
                    points=value,
                )


def _last_trick(rules: RuleSet, entry: JSONObject, recorded: RecordedDeal, number: int) -> None:
    if not rules.last_trick_bonus:
        if "last_trick" in entry and entry["last_trick"] is not None:
            _fail(f"deal {number}: these rules give nothing for the last trick", "last_trick_not_scored", deal=number)
        return
    if entry.get("last_trick") is None:
        _fail(
            f"deal {number}: who won the last trick?", "last_trick_missing", deal=number, bonus=rules.last_trick_bonus
        )
    seat = _seat(entry["last_trick"], number, "last_trick", rules.players)
    if not recorded.tricks[seat]:
        _fail(
            f"deal {number}: seat {seat} won the last trick but took no trick",
            "last_trick_no_tricks",
            deal=number,
            seat=seat,
        )
    recorded.last_trick_winner = seat


def _declarations(rules: RuleSet, entry: JSONObject, recorded: RecordedDeal, number: int) -> None:
    declarations = entry.get("declarations", [])
    if not isinstance(declarations, list) or len(declarations) > 4:
        _fail(f"deal {number}: declarations must be a list of at most 4", "declaration_bad", deal=number, index=0)
    seen = set()
    for index, d in enumerate(declarations, 1):
        if (
            not isinstance(d, dict)
            or set(d) - {"suit", "seat", "how"}
            or d.get("suit") not in ("S", "C", "D", "H")
            or d.get("how", "own") not in HOWS
        ):
            _fail(
                f"deal {number}: declaration {index} is not a suit S, C, D or H with a seat",
                "declaration_bad",
                deal=number,
                index=index,
            )
        suit, how = Suit.parse(d["suit"]), d.get("how", "own")
        seat = _seat(d.get("seat"), number, "declarations", rules.players)
        if suit in seen:
            _fail(f"deal {number}: {d['suit']} is declared twice", "suit_declared_twice", deal=number, suit=d["suit"])
        seen.add(suit)
        if how != "own" and not rules.partner_questions:
            _fail(f"deal {number}: these rules have no partner questions", "question_not_in_rules", deal=number)
        if how == "full" and not rules.full_pair_question:
            _fail(f"deal {number}: these rules have only the half question", "full_question_not_in_rules", deal=number)
        if not recorded.tricks[seat]:
            # a declaration or a question belongs to the winner of a trick
            _fail(
                f"deal {number}: seat {seat} declared but took no trick",
                "declaration_no_tricks",
                deal=number,
                seat=seat,
            )
        # the engine's full-pair declaration names the partner who held the pair
        holder = cast(int, rules.partner_of(seat)) if how == "full" else seat  # a question: the pairs game
        recorded.declarations.append(Declaration(suit, holder, how))


# -- the tally ------------------------------------------------------------------------------------
def _side_dict(side: SideScore) -> JSONObject:
    out = {k: v for k, v in side.__dict__.items() if k != "tricks"}
    out["took_tricks"] = side.tricks > 0
    out["declarations"] = [dict(d) for d in side.declarations]
    return out


def tally(data: object) -> JSONObject:
    """Every deal of the sheet checked and scored, the running totals, whose deal is next and the
    end of the game (``docs/score-sheet.md`` describes the answer)."""
    sheet = Sheet(data)
    rules = sheet.rules
    match = Match(rules, 0, sheet.first_dealer)
    deals = []
    for number, entry in enumerate(sheet.deals, 1):
        if match.is_over:
            _fail(f"deal {number}: the game was already over", "game_over", deal=number)
        dealer = match.dealer
        recorded = record_deal(rules, entry, number, dealer, list(match.totals))
        # a RecordedDeal stands in for the played Deal: finish_deal reads only what both have
        match.deal = recorded  # type: ignore[assignment]  # (is_over, redealt, bidder, score())
        match.finish_deal()
        out: JSONObject = {"number": number, "dealer": dealer, "kind": "redeal" if recorded.redealt else "played"}
        if not recorded.redealt:
            breakdown = recorded.score()
            out["kind"] = "played" if recorded.bidder is not None else "all_pass"
            out["score"] = {
                "bidder": breakdown.bidder,
                "bid": breakdown.bid,
                "contract": breakdown.contract,
                "sides": [_side_dict(s) for s in breakdown.sides],
            }
            out["deal_scores"] = breakdown.deal_scores()
        out["totals"] = list(match.totals)
        deals.append(out)
    result = match.result
    following = None if result.finished else match.deal
    return {
        "version": VERSION,
        "rules": format_rules(rules),
        "preset": rules.name,
        "players": sheet.players,
        "sides": sheet.sides,
        "partnership": rules.partnership,
        "seat_sides": [rules.side_of(s) for s in range(rules.players)],
        "form": entry_form(rules),
        "last_trick_bonus": rules.last_trick_bonus,
        "target": rules.target,
        "tie_rule": rules.tie_rule,
        "bidder_wins_ties": rules.bidder_wins_ties,
        "deals": deals,
        "totals": list(match.totals),
        "finished": result.finished,
        "winners": result.winners,
        "extra_deal": result.extra_deal,
        "next_dealer": following.dealer if following is not None else None,
        "next_first_bidder": following.first_bidder if following is not None else None,
    }


def lines(out: JSONObject) -> list[str]:
    """The tally in plain English, for the command line."""
    names = out["sides"]
    text = [f"rules {out['rules']}; target {out['target']}"]
    for d in out["deals"]:
        dealer = out["players"][d["dealer"]]
        if d["kind"] == "redeal":
            text.append(f"deal {d['number']} (dealer {dealer}): redeal, no score")
        else:
            score = d["score"]
            if score["contract"] is None:
                head = "no contract"
            else:
                raised = f" (bid {score['bid']}, raised)" if score["bid"] != score["contract"] else ""
                head = f"contract {score['contract']} by {out['players'][score['bidder']]}{raised}"
            text.append(f"deal {d['number']} (dealer {dealer}): {head}")
            for s in score["sides"]:
                parts = [f"cards {s['card_points']}"]
                if s["last_trick"]:
                    parts.append(f"last trick {s['last_trick']}")
                parts += [f"trump {x['suit']} {x['bonus']}" for x in s["declarations"]]
                total = f"= {s['total']}"
                if s["rounded"] is not None and s["rounded"] != s["total"]:
                    total += f" → {s['rounded']}"
                lost = f" (discard {s['discard_not_counted']} not counted)" if s["discard_not_counted"] else ""
                text.append(
                    f"  {names[s['side']]} ({s['role']}): {' + '.join(parts)}{lost} {total}; {s['explanation']}"
                )
            scores = ", ".join(f"{names[i]} {s:+d}" for i, s in enumerate(d["deal_scores"]))
            text.append(f"  deal scores: {scores}")
        text.append("  totals: " + ", ".join(f"{names[i]} {t}" for i, t in enumerate(d["totals"])))
    if out["finished"]:
        winners = " and ".join(names[w] for w in out["winners"])
        text.append(f"game over: {winners} {'share the win' if len(out['winners']) > 1 else 'wins'}")
    else:
        if out["extra_deal"]:
            text.append("a tie at the top: one more deal")
        text.append(f"next deal: dealer {out['players'][out['next_dealer']]}")
    return text
