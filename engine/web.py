"""The JSON entry point: the browser worker, the site build and ``--json`` on the command line
all call these functions, so they can never disagree.

``handle(request_json) -> response_json`` takes ``{"op": ..., ...}`` and answers
``{"ok": true, ...}`` or ``{"ok": false, "error": {"code": ..., "message": ...}}``; bad input never
raises out of ``handle``.
"""

from __future__ import annotations

import json
import random

from .actions import Play, parse_action
from .cards import NotationError, parse_cards
from .deal import Deal
from .notation import format_position, parse_position, parse_record
from .play import winning_index
from .players import play_out
from .rules import OPTION_DOCS, PRESET_INFO, PRESETS, format_rules, preset


def _reason_dict(reason) -> dict:
    return {"code": reason.code, "params": reason.args, "message": str(reason)}


def legal(position: str) -> dict:
    """The legal actions at a position, and for every other card in the mover's hand its reason."""
    deal = parse_position(position)
    return legal_for(deal)


def legal_for(deal: Deal) -> dict:
    seat = deal.to_move
    actions = deal.legal_actions()
    legal_set = {str(a) for a in actions}
    illegal = []
    if deal.pending_question is None:
        for card in deal.hands[seat]:
            if str(card) not in legal_set:
                illegal.append({"card": str(card), "reason": _reason_dict(deal.why_illegal(Play(card)))})
    allowed, code, params = deal.play_duty() if deal.pending_question is None else ([], None, {})
    return {
        "position": format_position(deal),
        "to_move": seat,
        "stage": "answer" if deal.pending_question is not None else "play",
        "first_trick": deal.first_trick,
        "trick": [str(c) for c in deal.trick],
        "trump": str(deal.trump) if deal.trump is not None else None,
        "hand": [str(c) for c in deal.hands[seat]],
        "legal": [str(a) for a in actions],
        "illegal": illegal,
        "duty": {"code": code, "params": {k: str(v) for k, v in params.items()}} if code else None,
    }


def check_action(position: str, action: str) -> dict:
    """Is one action legal at a position? ``{"legal": bool, "reason": ...}``."""
    deal = parse_position(position)
    reason = deal.why_illegal(parse_action(action))
    return {"legal": reason is None, "reason": _reason_dict(reason) if reason else None}


def winner(position: str, cards: str | None = None) -> dict:
    """Who is winning the current trick (after playing ``cards``, a ``-``-joined list, if given)."""
    deal = parse_position(position)
    rules = deal.rules
    trick = list(deal.trick)
    for card in parse_cards(cards or "", "cards"):
        reason = deal.why_illegal(Play(card))
        if reason is not None:
            raise NotationError(f"winner: {card} cannot be played now: {reason}")
        trick.append(card)
        if len(trick) < rules.players:
            deal.apply(Play(card))
    if not trick:
        raise NotationError("winner: the trick is empty, so nobody is winning it yet")
    index = winning_index(rules, trick, deal.trump)
    return {
        "trick": [str(c) for c in trick],
        "trump": str(deal.trump) if deal.trump is not None else None,
        "index": index,
        "seat": (deal.leader + index) % rules.players,
        "card": str(trick[index]),
        "complete": len(trick) == rules.players,
    }


def score(record: str) -> dict:
    deal = parse_record(record)
    if not deal.is_over:
        raise NotationError(f"score: the record stops in the {deal.phase} phase; the deal is not over")
    if deal.redealt:
        raise NotationError("score: the deal was redealt, so it has no score")
    breakdown = deal.score()
    return {"record": deal.record(), "score": breakdown.to_dict(), "lines": breakdown.lines()}


def play(preset_name: str, seed: int) -> dict:
    """A random legal deal under a preset, played to the end."""
    rules = preset(preset_name)
    deal = play_out(Deal.new(rules, seed, dealer=seed % rules.players), random.Random(seed))
    out = {"record": deal.record(), "redealt": deal.redealt}
    if not deal.redealt:
        breakdown = deal.score()
        out["score"] = breakdown.to_dict()
        out["lines"] = breakdown.lines()
    return out


def position_fields(position: str) -> dict:
    """A valid position split into its fields (for the position editor), in canonical form."""
    canonical = format_position(parse_position(position))
    fields = dict(part.split(":", 1) for part in canonical.split("/"))
    fields["hands"] = fields["hands"].split(",")
    return {"position": canonical, "fields": fields}


def presets() -> dict:
    return {
        "presets": [
            {
                "name": name,
                "title": PRESET_INFO[name][0],
                "source": PRESET_INFO[name][1],
                "notation": format_rules(r),
                "options": r.options(),
            }
            for name, r in PRESETS.items()
        ],
        "options": {k: {"doc": v.doc, "source": v.source} for k, v in OPTION_DOCS.items() if k != "name"},
    }


OPERATIONS = {
    "legal": lambda r: legal(r["position"]),
    "check": lambda r: check_action(r["position"], r["action"]),
    "winner": lambda r: winner(r["position"], r.get("cards")),
    "score": lambda r: score(r["record"]),
    "play": lambda r: play(r["preset"], int(r["seed"])),
    "presets": lambda r: presets(),
    "fields": lambda r: position_fields(r["position"]),
    "drill": lambda r: _drill(r["theme"], int(r["seed"])),
    "game": lambda r: _game().step(r),
    "solve": lambda r: _solver().solve_position(r["position"]),
    "judge": lambda r: _puzzles().judge(r["puzzle"], r["answer"]),
    "puzzle": lambda r: {"view": _puzzles().view(r["puzzle"]), "solution": _puzzles().check(r["puzzle"])},
    "contract": lambda r: _solver().contract_status(parse_position(r["position"])),
    "hint": lambda r: _game().hint(r),
    "review": lambda r: _review_step(r),
}


def _review_step(r: dict) -> dict:
    from .review import review_step

    step = r.get("step")
    return review_step(r["record"], int(r.get("seat", 0)), None if step is None else int(step))


def _game():
    from . import game

    return game


def _drill(theme: str, seed: int) -> dict:
    from .drills import drill
    from .puzzles import check, view

    spec = drill(theme, seed)
    return {"puzzle": spec, "view": view(spec), "solution": check(spec)}


def _puzzles():
    from . import puzzles

    return puzzles


def _solver():
    from . import solver

    return solver


def handle(request_json: str) -> str:
    """One JSON request in, one JSON answer out; never raises for bad input."""
    try:
        request = json.loads(request_json)
        if not isinstance(request, dict):
            raise NotationError("the request must be a JSON object")
        op = request.get("op")
        if op not in OPERATIONS:
            raise NotationError(f"unknown op {op!r}; known: {', '.join(OPERATIONS)}")
        answer = OPERATIONS[op](request)
        return json.dumps({"ok": True, "id": request.get("id"), **answer}, ensure_ascii=False)
    except (ValueError, KeyError, TypeError) as e:
        code = "bad_request" if not isinstance(e, ValueError) else type(e).__name__
        message = f"missing field {e}" if isinstance(e, KeyError) else str(e)
        rid = request.get("id") if isinstance(locals().get("request"), dict) else None
        return json.dumps({"ok": False, "id": rid, "error": {"code": code, "message": message}}, ensure_ascii=False)
