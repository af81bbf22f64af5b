"""The words of the score sheet (``/fi/score/``, ``site/assets/score.js``): what the page shows of
the engine's tally of a sheet (op ``tally``, ``engine/core/tally.py``), drawn from a catalog
(``site/messages/*.json``: ``score.ui``, ``score.errors``, ``score.fields``, and the breakdown's
``ui.bd_*``). Ported from score.js with the same catalog keys, the same grammar and the same
classes, so that the page only mounts the trees (``present.tree.to_dict``) and wires its buttons.

The players' and sides' names are the sheet's (user text: only ever text in a node, never markup):
the engine's checked names where it scored the sheet, else the sheet's as they stand (an error in
a sheet the engine refused names the seat by what was typed there). Standard library only; the
engine never imports it (``tests/test_layers.py``)."""

from __future__ import annotations

import json
import re

from engine.core.rules import PRESETS

from .play import breakdown_table
from .text import error_text as engine_error_text
from .text import fmt, number, reason_text
from .tree import Node, h, to_dict

NEEDED = re.compile(r"\{(\w+)")  # the parameters a message names (``{suit.nom}`` names ``suit``)
SUITS = ("S", "C", "D", "H")  # the order of the entry form's trump rows


def say(key: str, cat: dict, params: dict | None = None, fragment: bool = False) -> str:
    """The score sheet's own ``score.ui`` entry ``key``, filled (as ``say`` in score.js)."""
    return fmt(cat["score"]["ui"][key], params or {}, cat, fragment)


def js_text(value) -> str:
    """A value of a sheet as the page wrote it (JavaScript's ``String``): a name is text already;
    a number, ``null`` or ``true`` in a hand-edited file reads as written."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return str(int(value)) if float(value).is_integer() else repr(value)
    return "[object Object]" if isinstance(value, dict) else ",".join(js_text(v) for v in value)


def sheet_names(sheet, cat: dict) -> tuple[list[str], list[str]]:
    """The players' and the sides' names of a sheet as it stands (the engine may have refused it):
    the names typed, a missing one as 'Pelaaja 3'; the pairs game's sides by their names or as
    'Aino + Kaisa'; else each player is a side."""
    sheet = sheet if isinstance(sheet, dict) else {}
    players = [js_text(p) for p in sheet["players"]] if isinstance(sheet.get("players"), list) else []
    preset = PRESETS.get(str(sheet.get("rules") or "").split("+")[0])
    while preset is not None and len(players) < preset.players:
        players.append(say("player_n", cat, {"n": len(players) + 1}))
    if preset is not None and preset.sides == 2 and len(players) == 4:
        given = sheet.get("sides")
        if isinstance(given, list) and len(given) == 2:
            return players, [js_text(s) for s in given]
        return players, [f"{players[0]} + {players[2]}", f"{players[1]} + {players[3]}"]
    return players, players


def _named(names: list[str], index) -> str | int:
    """The name at ``index``, or the number from 1 where there is none."""
    return names[index] if 0 <= index < len(names) else index + 1


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def error_text(error: dict, players: list[str], sides: list[str], cat: dict) -> str:
    """A refused sheet or deal in the page's language: the sheet's own codes (``score.errors``)
    with the player's name (``name``, from ``seat``), the side's (``side_name``), a field's label
    (``score.fields``) and a bidding rule's own words (``reason_text``, from ``reason``); else the
    engine's common ones (``present.text.error_text``, as every error the worker answers)."""
    entry = cat["score"]["errors"].get(error.get("code"))
    if entry is None:
        return engine_error_text(error, cat)  # the one wording of the engine's errors
    params = dict(error.get("params") or {})
    if _is_int(params.get("seat")):
        params["name"] = _named(players, params["seat"])
    if _is_int(params.get("side")):
        params["side_name"] = _named(sides, params["side"])
    fields = cat["score"]["fields"]
    if params.get("field") and isinstance(params["field"], str) and params["field"] in fields:
        params["field"] = fields[params["field"]]
    if params.get("reason"):
        params["reason_text"] = reason_text({"code": params["reason"], "params": params}, cat)
    if any(name not in params for name in NEEDED.findall(entry)):
        return cat["errors"]["generic"]
    try:
        return fmt(entry, params, cat)
    except (KeyError, IndexError, TypeError):  # a suit or a card the catalog does not know
        return cat["errors"]["generic"]


def list_names(names: list[str], cat: dict) -> str:
    """Names as the language lists them: 'Eero ja Kaisa', 'Aino, Eero ja Kaisa'; 'Eero and
    Kaisa', 'Aino, Eero, and Kaisa' (as ``Intl.ListFormat`` did on the page)."""
    if len(names) < 2:
        return "".join(names)
    if len(names) == 2:
        return say("names_two", cat, {"first": names[0], "last": names[1]}, fragment=True)
    return say("names_more", cat, {"names": ", ".join(names[:-1]), "last": names[-1]}, fragment=True)


# -- the deals --------------------------------------------------------------------------------------
def deal_body(deal: dict, players: list[str], sides: list[str], cat: dict) -> list[Node]:
    """A scored deal: what happened (a redeal; a deal without a contract; the contract and its
    bidder), the breakdown (``present.play.breakdown_table``), each side's deal score and the
    totals after it."""
    out = []
    if deal["kind"] == "redeal":
        out.append(h("p", "", None, say("deal_redeal", cat)))
    else:
        score = deal["score"]
        if deal["kind"] == "all_pass":
            out.append(h("p", "", None, say("deal_all_pass", cat)))
        else:
            key = "deal_raised" if score["bid"] != score["contract"] else "deal_contract"
            params = {"contract": score["contract"], "bid": score["bid"], "bidder": players[score["bidder"]]}
            out.append(h("p", "contract-line", None, say(key, cat, params)))
        out.append(breakdown_table(score, sides, cat))
        scores = ", ".join(f"{sides[side]} {number(n, cat, plus=True)}" for side, n in enumerate(deal["deal_scores"]))
        out.append(h("p", "deal-scores", None, say("deal_scores", cat, {"scores": scores})))
    # the running totals as the totals table writes them (a figure, a true minus sign)
    totals = ", ".join(f"{sides[side]} {number(n, cat)}" for side, n in enumerate(deal["totals"]))
    out.append(h("p", "deal-totals", None, say("deal_totals", cat, {"scores": totals})))
    return out


def deal_item(number_: int, cat: dict, *body, wrong: bool = False, head: str | None = None) -> Node:
    """One deal of the list (``li.score-deal``, ``data-deal``: its number from 1): its head and what
    the page knows of it; the page adds its buttons."""
    attrs = {"data-deal": str(number_)}
    title = head if head is not None else say("deal_n", cat, {"n": number_})
    return h("li", "score-deal wrong" if wrong else "score-deal", attrs, h("h4", "", None, title), *body)


def scored_item(deal: dict, players: list[str], sides: list[str], cat: dict) -> Node:
    head = say("deal_head", cat, {"n": deal["number"], "dealer": players[deal["dealer"]]})
    return deal_item(deal["number"], cat, deal_body(deal, players, sides, cat), head=head)


def deal_items(answer: dict, count: int, cat: dict) -> list[Node]:
    """Every deal of a sheet of ``count`` deals: each scored one; where the engine refused a deal,
    the deals before it as they scored (``partial``), that deal with what is wrong, and the ones
    after it not checked; where it refused the sheet itself, none checked."""
    if answer.get("ok"):
        return [scored_item(d, answer["players"], answer["sides"], cat) for d in answer["deals"]]
    partial = answer.get("partial")
    error = answer["error"]
    failed = (error.get("params") or {}).get("deal")
    failed = failed if _is_int(failed) else 0
    scored = partial["deals"] if partial else []
    items = []
    for number_ in range(1, count + 1):
        if number_ <= len(scored):
            items.append(scored_item(scored[number_ - 1], partial["players"], partial["sides"], cat))
        elif number_ == failed:
            line = h("p", "verdict wrong", None, answer["words"]["error"])
            items.append(deal_item(number_, cat, line, wrong=True))
        else:
            items.append(deal_item(number_, cat, h("p", "note", None, say("unchecked", cat))))
    return items


# -- the game -----------------------------------------------------------------------------------------
def next_line(answer: dict, cat: dict) -> str:
    """The end of the game (the winner, or the sides that share the win), else who deals next and
    who bids first, after the tie's extra deal where there is one. Nothing for a refused sheet."""
    if not answer.get("ok"):
        return ""
    players, sides = answer["players"], answer["sides"]
    if answer["finished"]:
        names = list_names([sides[side] for side in answer["winners"]], cat)
        return say("shared_win" if len(answer["winners"]) > 1 else "winner", cat, {"names": names})
    params = {"dealer": players[answer["next_dealer"]], "bidder": players[answer["next_first_bidder"]]}
    line = say("next", cat, params)
    return f"{say('extra_deal', cat)} {line}" if answer["extra_deal"] else line


def form_words(form: dict, players: int, cat: dict) -> dict:
    """The entry form's labels that carry the rules' figures (``engine.core.tally.entry_form``):
    the bid's limits, what the piles add up to, the last trick's bonus and each trump's bonus."""
    suits = cat["suits"]
    if form.get("dead_low") is not None:
        key = "points_dead_help"
    else:
        key = "points_help" if form["sides"] == players else "points_pairs_help"
    bid = {"min": form["min_bid"], "step": form["bid_step"], "max": form["highest_bid"]}
    return {
        "bid_help": say("bid_help", cat, bid),
        "points_help": say(key, cat, {"pack": form["pack"], "low": form.get("dead_low")}),
        "last_trick": say("last_trick", cat, {"bonus": form["last_trick_bonus"]}) if form["last_trick_bonus"] else "",
        "decl_by": {s: say("decl_by", cat, {"suit": suits[s]["nom"], "bonus": form["bonus"][s]}) for s in SUITS},
    }


def tally_words(answer: dict, sheet, cat: dict) -> dict:
    """Everything the page says of a tally (op ``tally``; a refused one with its ``partial``):

    * ``error``: what is wrong, for a refused sheet or deal (``error_text``);
    * ``deals``: the list's items, one per deal of the sheet (``deal_items``, ``to_dict`` nodes);
    * ``target``: the game's target; ``next``: the end or the next deal (``next_line``);
    * ``form``: the entry form's labels under the sheet's rules (``form_words``)."""
    words: dict = {}
    scored = answer if answer.get("ok") else answer.get("partial")
    if not answer.get("ok"):
        players, sides = (scored["players"], scored["sides"]) if scored else sheet_names(sheet, cat)
        words["error"] = error_text(answer["error"], players, sides, cat)
    deals = sheet.get("deals") if isinstance(sheet, dict) else None
    count = len(deals) if isinstance(deals, list) else 0
    words["deals"] = to_dict(deal_items({**answer, "words": words}, count, cat))
    words["target"] = say("target", cat, {"target": scored["target"]}) if scored else ""
    words["next"] = next_line(answer, cat)
    if answer.get("ok"):
        words["form"] = form_words(answer["form"], len(answer["players"]), cat)
    return words
