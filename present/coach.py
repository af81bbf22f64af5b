"""The coach's words at the play table, as trees of nodes (``present.tree``): the hint (op
``hint``), the deal review (op ``review``: the review, and what is worked out of it while it runs)
and one decision of it (the review's, and the verdict of a moment played again, op
``moment_judge``), from the engine's answers (``engine/coach/game.py: hint``,
``engine/coach/review.py``, ``engine/coach/moment.py``) and a catalog.

``view`` is what the words need of the table the coach speaks about, as the play page's view gives
it (``engine/coach/game.py: _view``): ``where`` (the place of each seat as seat 0 sees it),
``partnership`` and ``contract``; for a hint also ``phase`` and ``legal`` (the bid or raise it names
is one tap away). The sentences about seats, sides and actions are ``present.play``'s, shared with
the live table.

The page code (``site/assets/play-review.js``, ``play-moment.js``) mounts what this draws and wires
its buttons: the hint's ``hint-take`` (``data-action``), a costly moment's ``review-replay``
(``data-replay``: the decision's number)."""

from __future__ import annotations

import math

from engine.coach.moment import REPLAYED  # the kinds of decision a moment is played again for

from .cards import card_span
from .explain import review_lines_tree
from .play import CARD_CODE, action_label, choice_name, event_text, say, say_side, seat_name, ui, yours
from .text import Words, capfirst, fmt, message, plus_minus, reason_text
from .tree import Node, h

# the reasons (engine/coach/reasons.py) worded for your own side: "_you" alone, "_us" with a partner
HINT_YOURS = frozenset({"caught", "last_trick", "trick_lost", "points_banked"})
REVIEW_YOURS = HINT_YOURS | {"raise_high", "raise_low", "bid_high"}
# the events of the review's story shown in its replay, trick by trick
REPLAY_KINDS = frozenset({"play", "trick", "last_trick", "declare", "ask_full", "answer", "ask_half"})
TAKEN = ("auction", "raise")  # the phases where the hint's bid or raise is one tap away


def js_round(x: float) -> int:
    """A figure rounded as the page has always rounded it (half up, also below zero)."""
    return math.floor(x + 0.5)


def _figures(choice: dict, samples: int) -> dict:
    """One choice's figures: how often the contract was made (the bidding side), the points and
    the deal score on average."""
    return {
        "made": choice["made"],
        "samples": samples,
        "points": str(js_round(choice["points"])),
        "score": plus_minus(js_round(choice["score"])),
    }


def _bid_line(bid: dict, hint: dict, samples: int, cat: dict) -> str:
    raised = hint.get("raise_to") is not None and hint["raise_to"] > int(bid["action"])
    params = {"amount": bid["action"], "raise": hint.get("raise_to"), **_figures(bid, samples)}
    return ui("hint_bid_bidder_raised" if raised else "hint_bid_bidder", cat, params)


def hint_reason(why: dict, view: dict, cat: dict) -> str:
    """A hint's reason in cards (``engine/coach/reasons.py: hint_reason``), found on made-up deals."""
    key = f"hint_why_{why['code']}"
    return yours(key, view, cat, why) if why["code"] in HINT_YOURS else ui(key, cat, why)


def hint_lines(hint: dict, view: dict, cat: dict) -> list[str]:
    """The hint in sentences: the choice, why, and how it was worked out."""
    contract = view.get("contract")
    choice = action_label(hint["action"], contract, cat)
    method = hint["method"]
    if method == "forced":
        return [ui("hint_forced", cat, {"choice": choice})]
    if method == "partner_holds":
        return [ui("hint_partner_holds", cat, {"choice": choice})]
    if method == "must_open":
        bid = hint["choices"][0]
        return [ui("hint_must_open", cat, {"choice": choice}), _bid_line(bid, hint, hint["samples"], cat)]
    lines = [ui("hint_choice", cat, {"choice": choice})]
    samples = hint["samples"]
    points = ui("hint_points_us" if view.get("partnership") else "hint_points_you", cat)
    assumes = ui("hint_assumes_solver" if hint["assumes"]["others"] == "solver" else "hint_assumes_normal", cat)
    if hint["phase"] == "auction":
        bid = next(c for c in hint["choices"] if c["action"].isdigit())
        defend = hint["defend"]
        # the comparison that decides comes right after the choice, the figures behind it after
        compared = {"bid": plus_minus(js_round(bid["score"])), "defend": plus_minus(js_round(defend["score"]))}
        lines.append(ui("hint_bid_pass" if hint["action"] == "p" else "hint_bid_bid", cat, compared))
        lines += [ui("hint_bid", cat, {"samples": samples}), assumes, points, _bid_line(bid, hint, samples, cat)]
        lines.append(ui("hint_bid_defender", cat, _figures(defend, samples)))
        return lines
    if hint.get("why"):
        lines.append(hint_reason(hint["why"], view, cat))  # why, in cards, before how it was worked out
    best, *rest = hint["choices"]
    if hint["phase"] == "raise":
        rank = ui("hint_rank_raise", cat, {"margin": hint["raise_margin"]})
    else:
        rank = ui("hint_rank", cat)
    lines += [
        ui("hint_solver" if method == "solver" else "hint_playout", cat, {"samples": samples}),
        assumes,
        points,
        rank,
    ]
    lines.append(ui("hint_this_made" if best["made"] is not None else "hint_this", cat, _figures(best, samples)))
    if rest:
        following = rest[0]
        params = {"choice": action_label(following["action"], contract, cat), **_figures(following, samples)}
        lines.append(ui("hint_next_made" if following["made"] is not None else "hint_next", cat, params))
    return lines


def hint_tree(hint: dict, view: dict, cat: dict) -> list[Node]:
    """The hint as the table shows it: the choice and why first, how it was worked out (the
    made-up deals, the figures) one tap away; a bid or a raise the hint names, where it is legal,
    as a button (``hint-take``, ``data-action``) that makes it."""
    lines = [h("p", "", None, line) for line in hint_lines(hint, view, cat)]
    shown = 2 if hint.get("why") or hint["phase"] == "auction" else 1
    if len(lines) > shown + 1:
        method = h("details", "hint-method", None, h("summary", "", None, ui("review_method", cat)), lines[shown:])
        lines = [*lines[:shown], method]
    action = hint.get("action")
    if action and view.get("phase") in TAKEN and action in (view.get("legal") or []):
        label = capfirst(action_label(action, view.get("contract"), cat))
        lines.append(h("button", "choice hint-take", {"type": "button", "data-action": action}, label))
    return lines


# -- one decision of the review ----------------------------------------------------------------
def why_text(reason: dict, view: dict, cat: dict) -> str:
    """Why a blamed choice was costly, in cards and seats (``engine/coach/reasons.py``). A seat
    named is always one of the other side."""
    key = f"why_{reason['code']}"
    params = dict(reason)
    if reason.get("seat") is not None:
        place = view["where"][reason["seat"]]
        params.update(who=ui(f"who_{place}", cat), who_gen=ui(f"who_{place}_gen", cat))
    return yours(key, view, cat, params) if reason["code"] in REVIEW_YOURS else ui(key, cat, params)


def figure_line(decision: dict, view: dict, cat: dict) -> str:
    """A decision's one figure: both numbers on the same basis (``Review._judge``)."""
    f = decision["figure"]
    if f["unit"] == "points":
        return yours("review_figure", view, cat, {"best": f["best"], "chosen": f["chosen"]})
    params = {"best": plus_minus(js_round(f["best"])), "chosen": plus_minus(js_round(f["chosen"]))}
    return ui("review_figure_score" if f["unit"] == "score" else "review_figure_sight", cat, params)


def method_block(decision: dict, cat: dict) -> list[Node]:
    """How a decision's figures were worked out: one tap away, never first (none where nothing
    is to say)."""
    d = decision
    notes = []
    if d.get("sight") and d["sight"].get("assumes"):
        notes.append(h("p", "note", None, ui("review_sight_basis", cat, {"samples": d["sight"]["assumes"]["samples"]})))
    if d.get("figure") and d["figure"].get("estimate"):
        notes.append(h("p", "note review-estimate", None, ui("review_estimate", cat)))
    if d.get("lines_partial"):
        notes.append(h("p", "note", None, ui("review_lines_partial", cat)))
    if d.get("distinct") is not None:
        if d["compared"] >= d["distinct"]:
            compared = ui("review_all_compared", cat, {"distinct": d["distinct"]})
        else:
            compared = ui("review_some_compared", cat, {"compared": d["compared"], "distinct": d["distinct"]})
        notes.append(h("p", "note", None, compared))
        if d["kind"] == "give":
            notes.append(h("p", "note", None, ui("review_returns", cat, {"returns": d["returns_compared"]})))
    if not notes:
        return []
    return [h("details", "review-method", None, h("summary", "", None, ui("review_method", cat)), notes)]


def verdict_line(decision: dict, contract, cat: dict) -> Node | None:
    """The verdict by what the seat could see: the hint's own choice, a costly one, or not a mistake."""
    sight = decision.get("sight")
    # evaluated never (a forced choice), not yet (pending), or not in the review's time (null)
    if not sight:
        no_time = "sight" in decision and sight is None and not decision.get("pending")
        return h("p", "note", None, ui("review_sight_no_time", cat)) if no_time else None
    if sight["matched"]:
        return h("p", "verdict-line hint-match", None, ui("review_hint_match", cat))
    hint = choice_name(sight["hint"], contract, cat)
    if sight["cost"] is None:
        return h("p", "note", None, ui("review_sight_unscored", cat, {"hint": hint}))
    if decision["blamed"]:
        return h("p", "verdict-line sight-blame", None, ui("review_blamed", cat, {"hint": hint}))
    return h("p", "verdict-line sight-fine", None, ui("review_not_blamed", cat, {"hint": hint}))


def decision_tree(decision: dict, view: dict, cat: dict, moments=()) -> Node:
    """One decision of the review (``div.decision``, ``data-decision`` its kind, ``data-cost`` the
    figure's loss where blamed, ``data-number``): the choice, the verdict, why and the figure where
    blamed, the two lines of play, how it was worked out. ``moments``: the review's costliest
    decisions, each offered to be played again (``data-replay``) where it is replayed (none in the
    verdict of a moment played again)."""
    d = decision
    attrs = {
        "data-decision": d["kind"],
        "data-cost": str(d["figure_cost"]) if d["blamed"] else "",  # empty when not blamed
        "data-number": str(d["number"]),
    }
    block = h("div", f"decision {'costly' if d['blamed'] else 'fine'}", attrs)
    # a raise's "hold" keeps the bid: named by the decision's own contract
    contract = (
        (d.get("held") if d.get("held") is not None else d.get("contract"))
        if d["kind"] == "raise"
        else view.get("contract")
    )
    block.add(
        h("p", "choice-made", None, ui("review_choice", cat, {"choice": choice_name(d["action"], contract, cat)}))
    )
    if d.get("forced"):
        return block.add(h("p", "", None, ui("review_forced", cat)))
    block.add(verdict_line(d, contract, cat))
    if d.get("pending"):
        return block.add(h("p", "note review-pending", None, ui("review_pending", cat)))
    if d["blamed"]:
        block.add([h("p", "why review-why", None, why_text(r, view, cat)) for r in d.get("why") or []])
        block.add(h("p", "review-figure", None, figure_line(d, view, cat)))
        # the two lines as cards side by side, a tap away, as the lessons show them after a wrong answer
        if d.get("lines"):
            block.add(review_lines_tree(d["lines"], cat))
        if d["number"] in moments and d["kind"] in REPLAYED:
            again = {"type": "button", "data-replay": str(d["number"])}
            block.add(h("button", "choice secondary review-replay", again, ui("review_replay", cat)))
    return block.add(method_block(d, cat))


def moment_tree(judged: dict, view: dict, cat: dict) -> list[Node]:
    """A new choice at a moment played again, judged (op ``moment_judge``): right or not yet, then
    the decision as the review draws it (not offered again)."""
    right = bool(judged["right"])
    verdict = ui("moment_right" if right else "moment_wrong", cat)
    cls = f"verdict moment-verdict {'right' if right else 'wrong'}"
    line = h("p", cls, {"data-right": "true" if right else "false"}, verdict)
    return [line, decision_tree(judged["decision"], view, cat)]


def refused_tree(refused: dict, cat: dict) -> list[Node]:
    """A choice refused at a moment played again (the engine's reason, ``refused``): a card is
    first said to be against the rules, then why."""
    nodes = []
    if CARD_CODE.match(refused["action"]):
        nodes.append(h("p", "verdict wrong", None, fmt(message(cat["verdicts"], "illegal"), {}, cat)))
    return [*nodes, h("p", "verdict wrong", None, reason_text(refused, cat))]


# -- the review ---------------------------------------------------------------------------------
def _summary(review: dict, finished: bool, view: dict, cat: dict) -> Node | None:
    """The deal as it was played (its own score), then its best line: never a sum of figures."""
    s = review.get("summary")
    if not s:
        return None
    key = f"review_played_{'made' if s['made'] else 'lost'}"
    lines = [say_side(key, s["side"], view, cat, {"contract": s["contract"], "total": s["total"]})]
    if finished and s.get("best_total") is not None and s["side"] == review["side"]:
        best = "review_best_widow" if s["best_from"] == "widow" else "review_best_start"
        lines.append(yours(best, view, cat, {"best": s["best_total"]}))
    return h("p", "review-total", None, " ".join(lines))


def _auction(auction: dict, view: dict, cat: dict) -> Node:
    a = auction
    lines = [say("ev_contract", a["bidder"], view, cat, {"amount": a["bid"]})]
    if a["contract"] != a["bid"]:
        lines.append(say("ev_raise", a["bidder"], view, cat, {"amount": a["contract"]}))
    if a.get("forced"):
        lines.append(say("review_auction_forced", a["bidder"], view, cat))
    lines.append(
        ui("review_auction_can" if a["can_make"] else "review_auction_cannot", cat, {"contract": a["contract"]})
    )
    if a.get("best_total") is not None:
        lines.append(say_side("review_auction_total", a["side"], view, cat, {"total": a["best_total"]}))
    if not a["can_make"] and a["contract"] == a["minimum"]:
        lines.append(ui("review_auction_lowest", cat, {"minimum": a["minimum"]}))
    if a.get("estimate"):
        lines.append(ui("review_estimate", cat))
    return h("p", "review-auction", None, " ".join(lines))


def _hands(review: dict, view: dict, cat: dict) -> Node:
    w = Words(cat)
    hands = h("dl", "review-hands")
    for seat, held in enumerate(review["hands"]):
        row = h("div", "", None, h("dt", "", None, seat_name(seat, view, cat)))
        hands.add(row.add(h("dd", "cards", None, [card_span(c, w) for c in held])))
    if review.get("widow"):
        row = h("div", "", None, h("dt", "", None, ui("play_widow", cat)))
        hands.add(row.add(h("dd", "cards", None, [card_span(c, w) for c in review["widow"]])))
    return hands


def _replay(review: dict, view: dict, cat: dict, moments) -> Node:
    """The deal trick by trick, from the story of the deal (the review's ``log``), each trick with
    the verdicts of the decisions made in it."""
    w = Words(cat)
    replay = h("ol", "replay")
    trick = cards = None
    mine: list = []
    number = 0
    closed = None  # the trick just taken, for the last trick's bonus
    for e in review["log"]:
        if e["kind"] not in REPLAY_KINDS:
            continue
        said = None if e["kind"] == "play" else h("p", "", None, event_text(e, view, cat))
        if e["kind"] == "last_trick" and closed is not None:
            # before the verdicts
            at = next((i for i, c in enumerate(closed.children) if "decision" in getattr(c, "cls", "").split()), None)
            closed.children.insert(len(closed.children) if at is None else at, said)
            continue
        if trick is None:
            number += 1
            mine = [d for d in review["decisions"] if d.get("trick") == number]
            costly = " costly" if any(d["blamed"] for d in mine) else ""
            cards = h("ul", "trick-line")
            trick = h("li", f"replay-trick{costly}", {"data-trick": str(number)})
            trick.add(h("h4", "", None, ui("review_trick", cat, {"n": number})), cards)
            replay.add(trick)
        if e["kind"] == "play":
            seat = h("span", "seat-name", None, seat_name(e["seat"], view, cat))
            cards.add(h("li", "mine" if e["seat"] == 0 else "", None, seat, card_span(e["card"], w)))
        elif not cards.children:
            trick.children.insert(trick.children.index(cards), said)  # declared or asked before the lead
        else:
            trick.add(said)
        if e["kind"] == "trick":
            trick.add([decision_tree(d, view, cat, moments) for d in mine])
            closed, trick = trick, None
    return replay


def review_tree(review: dict, view: dict, cat: dict) -> list[Node]:
    """The deal review as the play page shows it (also while it is worked out: what is not yet is
    marked pending): the deal as played and its best line, how many choices were costly, the
    costliest ones, the auction, the decisions before the first trick, the hands as dealt and the
    deal trick by trick with the verdict of each decision."""
    finished = review["done"] == review["steps"]
    decisions = review["decisions"]
    moments = review["moments"]
    nodes = [_summary(review, finished, view, cat)]
    if finished:
        count = review["blamed"]
        blamed = ui("review_blamed_count", cat, {"count": count}) if count else ui("review_blamed_none", cat)
        nodes.append(h("p", "review-blamed", None, blamed))
    by_number = {d["number"]: d for d in decisions}
    costly = [by_number[n] for n in moments]
    if costly:
        nodes.append(h("h3", "", None, ui("review_costly", cat)))
        listed = h("ol", "costly-list")
        for d in costly:
            where = (
                ui("review_trick", cat, {"n": d["trick"]}) if d.get("trick") else ui(f"review_kind_{d['kind']}", cat)
            )
            contract = d["contract"] if d.get("contract") is not None else view.get("contract")
            params = {"where": where, "choice": choice_name(d["action"], contract, cat), "cost": d["figure_cost"]}
            listed.add(h("li", "", None, ui("review_moment_figure", cat, params)))
        nodes.append(listed)
    if review.get("auction") and not review["auction"].get("pending"):
        nodes.append(_auction(review["auction"], view, cat))
    early = [d for d in decisions if not d.get("trick")]
    if early:
        nodes.append(h("h3", "", None, ui("review_before", cat)))
        for d in early:
            heading = h("h4", "", None, ui(f"review_kind_{d['kind']}", cat))
            nodes.append(h("div", "review-early", None, heading, decision_tree(d, view, cat, moments)))
    nodes.append(h("h3", "", None, ui("review_hands", cat)))
    nodes.append(_hands(review, view, cat))
    nodes.append(_replay(review, view, cat, moments))
    return [n for n in nodes if n is not None]
