"""The JSON entry point: the browser worker, the site build and ``--json`` on the command line
all call these functions, so they can never disagree.

``handle(request_json) -> response_json`` takes ``{"op": ..., ...}`` and answers
``{"ok": true, ...}`` or ``{"ok": false, "error": {"code": ..., "message": ...}}``; bad input never
raises out of ``handle``.
"""

from __future__ import annotations

import json
import random
import re

from .core.actions import Play, parse_action
from .core.cards import NotationError, is_number, parse_cards
from .core.deal import Deal
from .core.notation import format_position, format_record, parse_position, parse_record
from .core.play import winning_index
from .core.rules import OPTION_DOCS, PRESET_INFO, PRESETS, changed_options, format_rules, parse_rules, preset
from .players import play_out


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
        if len(trick) == rules.players:
            raise NotationError(
                f"cards: the trick is complete with {rules.players} cards, so {card} would belong to the next trick"
            )
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
    return {"record": format_record(deal), "score": breakdown.to_dict(), "lines": breakdown.lines()}


def play(preset_name: str, seed: int) -> dict:
    """A random legal deal under a preset, played to the end."""
    rules = preset(preset_name)
    deal = play_out(Deal.new(rules, seed, dealer=seed % rules.players), random.Random(seed))
    out = {"record": format_record(deal), "redealt": deal.redealt}
    if not deal.redealt:
        breakdown = deal.score()
        out["score"] = breakdown.to_dict()
        out["lines"] = breakdown.lines()
    return out


def position_fields(position: str) -> dict:
    """A valid position split into its fields (for the position editor), in canonical form; the
    rule set also as its preset and the options it changes (``options``)."""
    canonical = format_position(parse_position(position))
    fields = dict(part.split(":", 1) for part in canonical.split("/"))
    fields["hands"] = fields["hands"].split(",")
    rules = parse_rules(fields["rules"])
    return {"position": canonical, "fields": fields, "preset": rules.name, "options": changed_options(rules)}


def rule_set(text: str) -> dict:
    """A rule set in notation, checked: its canonical text, its preset and the options it changes."""
    rules = parse_rules(text)
    return {"rules": format_rules(rules), "preset": rules.name, "options": changed_options(rules)}


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
        "options": {k: declaration(v) for k, v in OPTION_DOCS.items() if k != "name"},
    }


def declaration(option) -> dict:
    """One option's declaration (``engine.core.rules.Option``) as data: what it does, its source and
    kind; ``offer``, the source it is offered under at the table ("house" for a house rule, "" when
    a table does not change it); ``reading``, the reading chosen where a source reads two ways;
    ``needs``, what it needs to be valid, each with its refusal code; ``applies``, the presets where
    it means something by its declared condition (every preset when it declares none);
    ``companions``, the options it needs beside it in each preset and the one the player chooses
    (null when it needs none); ``sheet``, why a score sheet needs it ("" when it rules the play
    only)."""
    companions = option.companions
    return {
        "doc": option.doc,
        "source": option.source,
        "house_rule": option.house_rule,
        "kind": option.kind,
        "default": option.default,
        "choices": list(option.choices),
        "offer": option.offer,
        "reading": option.reading,
        "needs": [{"code": need.code, "text": need.text} for need in option.needs],
        "applies": [name for name, rules in PRESETS.items() if option.applies is None or option.applies(rules)],
        "companions": None
        if companions is None
        else {"edit": companions.edit, "presets": {name: companions.needs(rules) for name, rules in PRESETS.items()}},
        "sheet": option.sheet,
    }


MAX_SEED = 2**63 - 1


def _text(request: dict, name: str, default: str | None = None) -> str:
    """A text field of the request (``default`` when it is absent and a default is given)."""
    value = request.get(name)
    if value is None and default is not None:
        return default  # absent or null: the default
    if name not in request:
        raise KeyError(name)
    if not isinstance(value, str):
        raise NotationError(f"{name}: expected text, got {_json_type(value)}", "field_type", field=name)
    return value


def _seed(request: dict, name: str = "seed", default: int | None = None) -> int:
    """A seed: a whole number from 0 to MAX_SEED, as a JSON number or in ASCII digits."""
    if name not in request and default is not None:
        return default
    value = request[name]
    if isinstance(value, str) and is_number(value) and len(value) <= MAX_NUMBER_DIGITS:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise NotationError(
            f"{name}: expected a whole number from 0 to {MAX_SEED}, got {_json_type(value)}",
            "seed_range",
            field=name,
            most=MAX_SEED,
        )
    return value


def _object(request: dict, name: str) -> dict:
    value = request[name]
    if not isinstance(value, dict):
        raise NotationError(f"{name}: expected an object, got {_json_type(value)}")
    return value


def _json_type(value) -> str:
    """How a JSON value is named in an error (never the value itself, which may be large)."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number" if value == value and abs(value) != float("inf") else "a number that is not finite"
    return {str: "text", list: "a list", dict: "an object", type(None): "null"}.get(type(value), type(value).__name__)


OPERATIONS = {
    "legal": lambda r: legal(_text(r, "position")),
    "check": lambda r: check_action(_text(r, "position"), _text(r, "action")),
    "winner": lambda r: winner(_text(r, "position"), _text(r, "cards", "")),
    "score": lambda r: score(_text(r, "record")),
    "play": lambda r: play(_text(r, "preset"), _seed(r)),
    "presets": lambda r: presets(),
    "rules": lambda r: rule_set(_text(r, "rules")),
    "fields": lambda r: position_fields(_text(r, "position")),
    "drill": lambda r: _drill(_text(r, "theme"), _seed(r)),
    "game": lambda r: _game().step({**r, "seed": _seed(r, default=0)}),
    "solve": lambda r: _solver().solve(_small_ending(_text(r, "position"))).to_dict(),
    "judge": lambda r: _puzzles().judge(_object(r, "puzzle"), r["answer"]),
    "puzzle": lambda r: _puzzle(_object(r, "puzzle")),
    "contract": lambda r: _contract(_text(r, "position")),
    "hint": lambda r: _game().hint({**r, "seed": _seed(r, default=0)}),
    "review": lambda r: _review_step(r),
    "moment": lambda r: _moment().moment_view(_text(r, "record"), _seed(r, "number")),
    "moment_judge": lambda r: _moment().judge_moment(_text(r, "record"), _seed(r, "number"), _text(r, "action")),
    "tally": lambda r: _tally(r["sheet"]),
}


MAX_SOLVE_TRICKS = 6  # tricks left in a position the solve and contract ops search (as the puzzles)


def _small_ending(position: str) -> Deal:
    """A position for the exact solver: at most ``MAX_SOLVE_TRICKS`` tricks left (a search of a
    whole deal can take minutes; every position the site solves live is an ending this small)."""
    deal = parse_position(position)
    left = max(len(hand) for hand in deal.hands)
    if left > MAX_SOLVE_TRICKS:
        raise NotationError(
            f"the solver searches positions with at most {MAX_SOLVE_TRICKS} tricks left; this one has {left}",
            "solve_too_large",
            most=MAX_SOLVE_TRICKS,
            count=left,
        )
    return deal


def _contract(position: str) -> dict:
    deal = _small_ending(position)
    if deal.bidder is None:
        raise NotationError("contract: the position has no contract (no bidder)", "no_contract")
    return _solver().contract_status(deal)


def _tally(sheet) -> dict:
    """A score sheet scored (engine/core/tally.py), bounded: at most MAX_DEALS deals, MAX_SHEET_CHARS of JSON."""
    from .core import tally

    if len(json.dumps(sheet, ensure_ascii=False)) > tally.MAX_SHEET_CHARS:
        raise tally.TallyError("the sheet is too long", "sheet_too_long", max=tally.MAX_SHEET_CHARS)
    return tally.tally(sheet)


def _review_step(r: dict) -> dict:
    from .coach.review import review_step

    step = None if r.get("step") is None else _seed(r, "step")
    return review_step(_text(r, "record"), _seed(r, "seat", default=0), step)


def _moment():
    from .coach import moment

    return moment


def _game():
    from .coach import game

    return game


def _puzzle(spec) -> dict:
    """What a page needs to show a puzzle and judge its answers without asking again. An
    ``answer`` typed in the position editor ("HA, HT") is read as a list of cards."""
    from .puzzles import everything

    if isinstance(spec, dict) and isinstance(spec.get("answer"), str):
        typed = "-".join(filter(None, re.split(r"[\s,.-]+", spec["answer"])))
        spec = {**spec, "answer": [str(c) for c in parse_cards(typed, "answer")] or None}

    return everything(spec)


def _drill(theme: str, seed: int) -> dict:
    from .coach.drills import drill

    spec = drill(theme, seed)
    return {"puzzle": spec, **_puzzle(spec)}


def _puzzles():
    from . import puzzles

    return puzzles


def _solver():
    from .search import solver

    return solver


MAX_REQUEST = 2_000_000  # characters in one request (a long game's history is far less)
MAX_NUMBER_DIGITS = 30  # digits of a number in a request (a seed needs 19)
EXCERPT = 60  # characters of the offending text an error message or parameter quotes at most
MAX_MESSAGE = 300  # characters of an error message


def _read_json(request_json) -> object:
    """The request, read as strict JSON: no NaN or Infinity, no number of more than
    ``MAX_NUMBER_DIGITS`` digits, at most ``MAX_REQUEST`` characters."""

    def constant(name):
        raise NotationError(f"the request is not strict JSON: {name} is not a JSON number", "not_json")

    def whole(text):
        if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
            raise NotationError(f"a number in the request has more than {MAX_NUMBER_DIGITS} digits", "number_too_long")
        return int(text)

    def real(text):
        value = float(text)
        if value != value or value in (float("inf"), float("-inf")):
            raise NotationError(f"a number in the request is too large: {text[:EXCERPT]}", "number_too_long")
        return value

    if not isinstance(request_json, str):
        raise NotationError("the request must be JSON text", "not_json")
    if len(request_json) > MAX_REQUEST:
        raise NotationError(f"the request is longer than {MAX_REQUEST} characters", "request_too_long")
    _check_encodable(request_json, "the request")
    try:
        request = json.loads(request_json, parse_constant=constant, parse_int=whole, parse_float=real)
    except RecursionError:
        raise NotationError("the request is nested too deeply", "not_json") from None
    except json.JSONDecodeError as e:
        raise NotationError(f"the request is not JSON: {e.msg} at character {e.pos}", "not_json") from None
    # a JSON escape such as "\ud800" (half of a surrogate pair, alone) reads as text that no
    # answer could carry in UTF-8: refused here, before any of it can be echoed back
    _check_encodable(json.dumps(request, ensure_ascii=False), "the request's text")
    return request


def _check_encodable(text: str, what: str) -> None:
    """Refuse text that cannot be written as UTF-8 (a lone surrogate), saying where it is."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise NotationError(
            f"{what} holds a character that is not valid Unicode text (U+{ord(text[e.start]):04X}, a lone "
            f"surrogate) at character {e.start}",
            "not_unicode",
            at=e.start,
        ) from None


def handle(request_json: str) -> str:
    """One JSON request in, one JSON answer out; never raises.

    Bad input answers ``{"ok": false, "error": {"code", "message"}}``: ``code`` names the mistake
    (``not_json``, ``missing_field``, ``option_range``, ...; the site's catalogs word many of them,
    ``errors.<code>``) or, for an engine error that names none, its kind's code (``puzzle_invalid``,
    ``position_invalid``, ...: ``_class_code``), never a class name; ``bad_request`` is a field of
    the wrong kind; ``not_unicode`` text that no answer could carry in UTF-8; ``internal_error``
    would be a bug in the engine, reported instead of raised so that a page never breaks. The
    answer is strict JSON, and a message quotes at most a short excerpt of the request.
    """
    request = None
    try:
        request = _read_json(request_json)
        if not isinstance(request, dict):
            raise NotationError("the request must be a JSON object", "not_object")
        op = request.get("op")
        if not isinstance(op, str) or op not in OPERATIONS:
            raise NotationError(
                f"unknown op {op!r}; known: {', '.join(OPERATIONS)}"[:300], "unknown_op", op=str(op)[:EXCERPT]
            )
        answer = OPERATIONS[op](request)
    except KeyError as e:
        return _error(request, "missing_field", f"missing field {str(e)[:EXCERPT]}", {"field": str(e.args[0])})
    except (ValueError, TypeError) as e:
        if getattr(e, "code", None):  # a NotationError that names its mistake for the site's catalogs
            return _error(request, e.code, str(e), e.params)
        if isinstance(e, TypeError):
            return _error(request, "bad_request", f"a field of the request has the wrong kind of value ({e})")
        if type(e) is ValueError:  # Python's own words: not a mistake the engine named
            return _error(request, "bad_value", f"a value in the request cannot be used ({e})")
        return _error(request, _class_code(e), str(e))
    except Exception as e:  # a bug: still an answer, never an exception in the page
        return _error(request, "internal_error", f"{type(e).__name__}: {e}")
    try:
        out = json.dumps({"ok": True, "id": _request_id(request), **answer}, ensure_ascii=False, allow_nan=False)
        out.encode("utf-8")
        return out
    except UnicodeEncodeError as e:  # text that is not Unicode: never in an answer (a bug if it is)
        return _error(None, "internal_error", f"the answer holds text that is not valid Unicode at character {e.start}")
    except ValueError as e:  # a number that is not finite: never in an answer a browser must read
        return _error(request, "internal_error", f"the answer is not strict JSON: {e}")


def _class_code(error: Exception) -> str:
    """The named code of an engine error that names no mistake of its own: its kind, by its class
    (the nearest class in the table below), worded in the catalogs (``errors.<code>``)."""
    from .coach.drills import DrillError
    from .coach.game import GameError
    from .core.notation import PositionError
    from .core.play import IllegalAction
    from .core.rules import RuleSetError
    from .core.tally import TallyError
    from .puzzles.base import PuzzleError
    from .puzzles.decisions import DecisionError
    from .puzzles.guided import GuidedError
    from .search.estimate import EstimateError

    codes = {
        DecisionError: "decision_invalid",
        GuidedError: "guided_invalid",
        PuzzleError: "puzzle_invalid",
        PositionError: "position_invalid",
        RuleSetError: "rules_invalid",
        TallyError: "sheet_invalid",
        GameError: "game_invalid",
        DrillError: "drill_invalid",
        EstimateError: "estimate_invalid",
        IllegalAction: "illegal_action",
        NotationError: "notation_invalid",
    }
    for cls in type(error).__mro__:
        if cls in codes:
            return codes[cls]
    return "bad_value"


def _request_id(request):
    """The request's ``id`` echoed back when it is text or a whole number (the worker's ids)."""
    rid = request.get("id") if isinstance(request, dict) else None
    if isinstance(rid, bool) or not isinstance(rid, (str, int)) or len(str(rid)) > EXCERPT:
        return None
    return rid


def _error(request, code: str, message: str, params: dict | None = None) -> str:
    """A refusal; a NotationError that names its mistake gives its own code and parameters, which
    the site's catalogs word in the page's language (``message`` is for developers)."""
    if len(message) > MAX_MESSAGE:
        message = message[: MAX_MESSAGE - 1] + "…"
    error = {"code": code, "message": message}
    if params is not None:
        error["params"] = {key: _short(value) for key, value in params.items()}
    answer = {"ok": False, "id": _request_id(request), "error": error}
    try:
        return json.dumps(answer, ensure_ascii=False, allow_nan=False, default=str)
    except ValueError:  # a parameter that is not a finite number
        error.pop("params")
        return json.dumps(answer, ensure_ascii=False, default=str)


def _short(value):
    """A parameter as the answer quotes it: text cut to a short excerpt."""
    if isinstance(value, str) and len(value) > EXCERPT:
        return value[: EXCERPT - 1] + "…"
    if isinstance(value, (list, tuple)) and len(value) > 40:
        return [_short(v) for v in value[:40]]
    if isinstance(value, (list, tuple)):
        return [_short(v) for v in value]
    return value
