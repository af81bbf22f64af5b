"""The worker's entry point: ``engine.web.handle`` with the puzzle drawn by the one renderer.

``handle(request_json) -> response_json`` answers every op as ``engine.web.handle`` does; an
answer that shows a puzzle (op ``drill``, op ``puzzle``: a drill or a shared position) also
carries ``tree``: the puzzle as ``present.puzzle.puzzle_tree`` lays it out for the lessons, as
plain data (``present.tree.to_dict``), in the request's language (``lang``: ``"fi"`` or ``"en"``),
for ``site/assets/mount.js`` to mount; an error, its sentence in that language (``error.text``).
Op ``render`` draws a drill kept on the device (the replay list: ``{"drill": {puzzle, view,
solution, table}}``) anew in the request's language. An answer of
the play table (op ``game``, op ``moment``: seat 0's view) carries ``words``: every sentence the
table shows about it (``present.play.table_words``: the story's events, the seats, the prompt, the
buttons' captions, the deal's result as a tree), in the request's language. The coach's answers
carry their words drawn (``tree``, ``present.coach``): the hint (op ``hint``), the deal review or
what is worked out of it (op ``review``), the decision of a moment played again or why the choice
there is refused (op ``moment_judge``), a blamed decision with its two lines of play
(``present.explain``). Op ``tally`` (the score sheet), scored or refused, carries ``words``: the
deals' list, the end of the game or the next deal, what is wrong, the entry form's labels
(``present.score.tally_words``), and a refused deal the tally of the deals before it (``partial``).

The catalogs are ``site/messages/*.json``; the engine's wheel carries a copy of them in
``present/messages/`` (``sitebuild/pyodide.py``), so the worker reads them as the build does. The
engine never imports this module (``tests/test_layers.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.coach.game import step as game_step
from engine.coach.moment import moment_view
from engine.core.notation import parse_record
from engine.core.seats import seat_places
from engine.web import handle as engine_handle

from .coach import hint_tree, moment_tree, refused_tree, review_tree
from .play import table_words
from .puzzle import puzzle_tree
from .score import tally_words
from .text import error_text, fmt, message
from .tree import to_dict

LANGS = ("fi", "en")
HERE = Path(__file__).resolve().parent
# the wheel's copy first (the worker), else the checkout's catalogs (the build, the tests)
CATALOG_DIRS = (HERE / "messages", HERE.parent / "site" / "messages")
SHOWN = ("drill", "puzzle")  # the ops whose answer shows a puzzle
COACHED = ("hint", "review", "moment_judge")  # the ops whose answer the coach words (``present.coach``)
TABLES = ("game", "moment")  # the ops whose answer is the play table (seat 0's view)
SHARED_ID = "shared"  # a shared position: section#puzzle-shared
DRILL_ID = "drill"  # a drill: section#puzzle-drill

_catalogs: dict = {}


class PresentError(ValueError):
    """A request the presentation layer cannot answer: an unknown language, a drill to draw
    that lacks what a puzzle needs. ``code`` and ``params`` for the site's catalogs (``errors``)."""

    def __init__(self, message: str, code: str, **params):
        super().__init__(message)
        self.code = code
        self.params = params


def catalog(lang: str) -> dict:
    """The whole catalog of a language (its file in ``site/messages/``), read once."""
    if lang not in LANGS:
        raise PresentError(f"lang: {str(lang)[:20]!r} is not a language of the site ({', '.join(LANGS)})", "bad_lang")
    if lang not in _catalogs:
        for folder in CATALOG_DIRS:
            path = folder / f"{lang}.json"
            if path.exists():
                _catalogs[lang] = json.loads(path.read_text(encoding="utf-8"))
                break
        else:
            raise PresentError(f"no catalog {lang}.json in {', '.join(str(d) for d in CATALOG_DIRS)}", "no_catalog")
    return _catalogs[lang]


def prompt(spec: dict, view: dict, cat: dict) -> str:
    """What a drill or a shared position asks: the catalog's words for its kind; a score to type
    for the bidder's side says whose score it is."""
    scoring = view["form"].get("controls") == "number" and bool(view.get("then"))
    bidder = view.get("bidder")
    if scoring and bidder is not None and view["seats"][bidder]["side"] == spec.get("side"):
        return cat["ui"]["score_bidder_prompt"]
    return cat["kinds"][spec["kind"]]


def hint(spec: dict, cat: dict) -> str | None:
    """A drill's hint (``drill_hints``, by the code the engine's drill gives), or none."""
    given = spec.get("hint")
    if not isinstance(given, dict) or given.get("code") not in cat["drill_hints"]:
        return None
    params = given.get("params") or {}
    return fmt(message(cat["drill_hints"], given["code"], params), params, cat)


def segment(pid: str, spec: dict, answer: dict, cat: dict) -> dict:
    """What ``puzzle_tree`` needs for a drill or a shared position: the engine's answers and the
    catalog's words (no lesson text, no page of its own, no link to a rules page)."""
    view = answer["view"]
    return {
        "id": pid,
        "title": cat["ui"]["puzzle"],
        "spec": spec,
        "view": view,
        "solution": answer["solution"],
        "table": answer["table"],
        "prompt": prompt(spec, view, cat),
        "kind_help": False,  # the prompt is the kind's own sentence: not twice
        "hint": hint(spec, cat),
        "share": None,
        "up": None,
    }


def tree(pid: str, spec: dict, answer: dict, lang: str) -> dict:
    """The puzzle of an engine answer as ``to_dict`` data, in ``lang``."""
    cat = catalog(lang)
    return to_dict(puzzle_tree(segment(pid, spec, answer, cat), cat))


def drill_tree(drill: dict, lang: str) -> dict:
    """A drill (the engine's ``drill`` answer: ``puzzle``, ``view``, ``solution``, ``table``) drawn."""
    return tree(DRILL_ID, drill["puzzle"], drill, lang)


def review_view(record: str, seat: int = 0) -> dict:
    """What the review's words need of the table: where each seat sits as the reviewed seat sees
    it (``engine.core.seats.seat_places``, as the game's view gives it), whether it plays in
    pairs, and the deal's contract."""
    deal = parse_record(record)
    rules = deal.rules
    return {
        "where": seat_places(rules.players, rules.partnership, seat),
        "partnership": rules.partnership,
        "contract": deal.contract,
    }


def add_coach_tree(request: dict, answer: dict) -> None:
    """The coach's words of an answer drawn (``tree``, ``present.coach``) in the request's language:
    op ``hint``, the hint (the view it needs: the game's, at the same request); op ``review``, the
    review or what is worked out of it (not with ``"draw": false``); op ``moment_judge``, the
    verdict and the decision judged (the view: the moment's table, as op ``moment`` gives it), or
    why the choice is refused."""
    cat = catalog(request.get("lang"))
    op = request["op"]
    if op == "hint":
        view = game_step({k: v for k, v in request.items() if k != "action"})
        answer["tree"] = to_dict(hint_tree(answer["hint"], view, cat))
    elif op == "review":
        # what is worked out so far is drawn unless the page asks not to (``draw``: false, between
        # two of its redraws); the review done always is
        review = answer.get("review") or (answer.get("partial") if request.get("draw") is not False else None)
        if review:
            answer["tree"] = to_dict(review_tree(review, review_view(review["record"], review["seat"]), cat))
    elif answer.get("refused"):
        answer["tree"] = to_dict(refused_tree(answer["refused"], cat))
    elif answer.get("decision"):
        view = moment_view(request["record"], request["number"])
        answer["tree"] = to_dict(moment_tree(answer, view, cat))
    answer["lang"] = request.get("lang")


def add_tally_words(request: dict, answer: dict) -> None:
    """Op ``tally``, scored or refused: the score sheet's words (``present.score.tally_words``) in
    the request's language; a refused deal comes with the tally of the deals before it
    (``partial``, or ``None``): their scores and totals still stand."""
    sheet = request.get("sheet")
    deal = None if answer.get("ok") else (answer["error"].get("params") or {}).get("deal")
    if isinstance(deal, int) and not isinstance(deal, bool) and isinstance(sheet, dict):
        before = {**sheet, "deals": list(sheet.get("deals") or [])[: max(deal - 1, 0)]}
        partial = json.loads(engine_handle(json.dumps({"op": "tally", "sheet": before})))
        answer["partial"] = partial if partial.get("ok") else None
    answer["words"] = tally_words(answer, sheet, catalog(request.get("lang")))
    answer["lang"] = request.get("lang")


def _render(request: dict) -> dict:
    drill = request.get("drill")
    parts = ("puzzle", "view", "solution", "table")
    if not isinstance(drill, dict) or not all(isinstance(drill.get(k), dict) for k in parts):
        raise PresentError("render: 'drill' must hold the drill's puzzle, view, solution and table", "bad_drill")
    try:
        return {"tree": drill_tree(drill, request.get("lang")), "lang": request.get("lang")}
    except PresentError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
        raise PresentError(f"render: the drill cannot be drawn ({type(e).__name__}: {e})"[:300], "bad_drill") from None


def _error(request, code: str, message: str, params: dict) -> str:
    rid = request.get("id") if isinstance(request, dict) else None
    rid = rid if isinstance(rid, (int, str)) and not isinstance(rid, bool) else None
    return json.dumps({"ok": False, "id": rid, "error": {"code": code, "message": message, "params": params}})


def _worded(request: dict, out: str, add) -> str:
    """An engine answer with the words ``add`` gives it; a request it cannot word (a language the
    site has not) or a bug in the renderer is an error answer, never an exception."""
    answer = json.loads(out)
    try:
        add(request, answer)
    except PresentError as e:
        return _error(request, e.code, str(e), e.params)
    except Exception as e:  # a bug in the renderer: still an answer, never an exception in the page
        return _error(request, "internal_error", f"present: {type(e).__name__}: {e}"[:300], {})
    return json.dumps(answer, ensure_ascii=False)


def handle(request_json: str) -> str:
    """One JSON request in, one JSON answer out; never raises (as ``engine.web.handle``). An error
    (of the engine or of this layer) answered to a request in a language of the site carries its
    sentence in that language (``error.text``: ``present.text.error_text``)."""
    return _with_error_text(request_json, _handle(request_json))


def _with_error_text(request_json: str, out: str) -> str:
    if not out.startswith('{"ok": false'):
        return out
    try:
        lang = json.loads(request_json).get("lang")
    except (ValueError, TypeError, AttributeError):
        return out
    if lang not in LANGS:
        return out
    answer = json.loads(out)
    answer["error"]["text"] = error_text(answer["error"], catalog(lang))
    return json.dumps(answer, ensure_ascii=False)


def _handle(request_json: str) -> str:
    try:
        request = json.loads(request_json)
    except (ValueError, TypeError):
        request = None
    if isinstance(request, dict) and request.get("op") == "render":
        try:
            return json.dumps({"ok": True, "id": request.get("id"), **_render(request)}, ensure_ascii=False)
        except PresentError as e:
            return _error(request, e.code, str(e), e.params)
    out = engine_handle(request_json)
    if isinstance(request, dict) and request.get("op") == "tally":  # scored or refused, it is worded
        return _worded(request, out, add_tally_words)
    if not isinstance(request, dict) or request.get("op") not in SHOWN + COACHED + TABLES:
        return out
    answer = json.loads(out)
    if not answer.get("ok"):
        return out
    try:
        if request["op"] in COACHED:
            add_coach_tree(request, answer)
            return json.dumps(answer, ensure_ascii=False)
        if request["op"] in TABLES:
            answer["words"] = table_words(answer, catalog(request.get("lang")))
            answer["lang"] = request.get("lang")
            return json.dumps(answer, ensure_ascii=False)
        if request["op"] == "drill":
            answer["tree"] = drill_tree(answer, request.get("lang"))
        else:
            answer["tree"] = tree(SHARED_ID, request["puzzle"], answer, request.get("lang"))
        answer["lang"] = request.get("lang")
    except PresentError as e:
        return _error(request, e.code, str(e), e.params)
    except Exception as e:  # a bug in the renderer: still an answer, never an exception in the page
        return _error(request, "internal_error", f"present: {type(e).__name__}: {e}"[:300], {})
    return json.dumps(answer, ensure_ascii=False)
