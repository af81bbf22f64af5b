"""Why an answer is wrong, as a tree of nodes (``present.tree``), from the engine's verdict
(``engine/puzzles``: each kind's answer table) and a catalog: the engine's reason, the slip a typed
number comes from, the estimate's figures of the answer and of the best one, and the two lines of
play after the answer and after the best one. The page code only mounts what this wrote.

* ``explanation_tree(verdict, cat)``: the nodes that explain one verdict (none for a right answer);
* ``why_table(table, cat)``: the explanation of every answer of an answer table that has one, by
  the answer's key in the table (a typed number's slip by its number, what to check for any other
  number by ``"other"``; a guided deal by step), as
  ``to_dict`` data: ``present.puzzle`` writes it beside the table (``data-why``), for lesson pages,
  puzzle pages, the readiness test, drills and shared positions alike (a line of play shown by
  more than one answer written once: ``share_lines``);
* ``line_tree(title_key, tricks, cat, first)``: one line of play, trick by trick, and
  ``review_lines_tree(lines, cat)``: both lines of a blamed decision of the deal review
  (``present.web`` adds it to the review's and a replayed moment's answers)."""

from __future__ import annotations

import json
from collections import Counter

from .cards import card_span
from .text import Words, card_name, fmt, message, reason_text
from .tree import Node, h, to_dict

SHOWN_TRICKS = 2  # the tricks a line shows at once; the rest open on request
# verdicts never explained: a right answer, a legal card (of a set to mark), an illegal one (whose
# reason is the verdict's own line, above the explanation)
UNEXPLAINED = frozenset({"correct", "legal", "illegal"})
OTHER_NUMBER = "other"  # the key of what to check for a typed number that is no recognised slip
CALLS = {"trump": "line_declare", "askfull": "line_ask_full", "askhalf": "line_ask_half"}


def _verdict(key: str, params: dict, cat: dict, fragment: bool = False) -> str:
    return fmt(message(cat["verdicts"], key, params), params, cat, fragment)


def _place(place: str, cat: dict) -> str:
    return cat["seats"][place]


def call_text(call: dict, cat: dict) -> str:
    """A call in a line of play: a trump declared, a question asked or answered by a place."""
    what, _, suit = call["action"].partition(":")
    params = {"place": _place(call["place"], cat), "suit": suit}
    if what in CALLS:
        return _verdict(CALLS[what], params, cat)
    return _verdict("line_answer_no" if suit == "no" else "line_answer", params, cat)


def line_tree(title_key: str, tricks: list, cat: dict, first: int = 1) -> Node:
    """One line of play: its title, then trick by trick the calls, the trumps declared by a
    question or its answer, the cards by place and who takes the trick; the first two tricks
    shown, the rest a tap away. ``first``: the number of the line's first trick in the deal (the
    deal review's lines start mid-deal)."""
    w = Words(cat)
    block = h("div", "line", None, h("p", "line-title", None, _verdict(title_key, {}, cat)))
    shown = h("ol", "line-tricks", {"start": first})
    rest = h("ol", "line-tricks", {"start": SHOWN_TRICKS + first})
    for i, trick in enumerate(tricks):
        item = h("li", "line-trick", None, h("span", "line-label", None, _verdict("line_trick", {"n": i + first}, cat)))
        for call in trick["calls"]:
            item.add(h("span", "line-call", None, call_text(call, cat)))
        # a trump a question or its answer declared (a declaration of one's own is its call above)
        for d in trick["declared"]:
            if d.get("how") != "own":
                params = {"place": _place(d["place"], cat), "suit": d["suit"], "bonus": d["bonus"]}
                item.add(h("span", "line-call", None, _verdict("line_declared", params, cat)))
        for play in trick["plays"]:
            seat = h("span", "seat-name", None, _place(play["place"], cat))
            item.add(h("span", "line-play", None, seat, card_span(play["card"], w)))
        if trick.get("winner"):
            params = {"place": _place(trick["winner"], cat), "points": trick["points"]}
            item.add(h("span", "line-winner", None, _verdict("line_takes", params, cat)))
        (shown if i < SHOWN_TRICKS else rest).add(item)
    block.add(shown)
    if rest.children:
        summary = h("summary", "", None, _verdict("line_more", {"count": len(rest.children)}, cat))
        block.add(h("details", "line-more", None, summary, rest))
    return block


def figure_text(f: dict, samples: int, contract, cat: dict) -> str:
    """One choice's figures, set after "Your choice: " inside one sentence: "bid 90: the contract is
    made in 3 of 10 made-up deals, expected score −30"."""
    if f.get("cards") is not None:
        cards = ", ".join(card_name(c, "nom", cat) for c in f["cards"])
        params = {"cards": cards, "average": f["average"], "contract": contract, "made": f["made"], "samples": samples}
        return _verdict("fig_set", params, cat, fragment=True)
    if "lead" in f:  # a declaration decision: declaring a suit, or not now, and the lead after it
        params = {"card": f["lead"], "average": f["average"], "samples": samples}
        if f["answer"] == "none":
            return _verdict("fig_declare_none", params, cat, fragment=True)
        return _verdict("fig_declare", {**params, "suit": f["answer"].split(":")[1]}, cat, fragment=True)
    if "average" in f:
        return _verdict("fig_lead", {"card": f["answer"], "average": f["average"], "samples": samples}, cat, True)
    if f["answer"] == "p":
        return _verdict("fig_pass", {}, cat, fragment=True)
    params = {"contract": f["contract"], "made": f["made"], "samples": samples, "expected": f["expected"]}
    if f["answer"] == "hold":
        return _verdict("fig_hold", params, cat, fragment=True)
    return _verdict("fig_raise" if f["answer"].startswith("raise:") else "fig_bid", params, cat, fragment=True)


def _figure_list(key: str, f: dict, figures: dict, cat: dict) -> Node:
    label = h("strong", "", None, f"{_verdict(key, {}, cat)}: ")
    item = h("li", "", None, label, figure_text(f, figures["samples"], figures.get("contract"), cat))
    return h("ul", "figures", None, item)


def figures_tree(figures: dict, cat: dict) -> list[Node]:
    """The figures of the answer at once; the best choice's (which names the answer) a tap away."""
    best = h("details", "lines", None, h("summary", "", None, _verdict("fig_show_best", {}, cat)))
    best.add(_figure_list("fig_best", figures["best"], figures, cat))
    return [_figure_list("fig_yours", figures["chosen"], figures, cat), best]


def lines_tree(lines: dict, cat: dict) -> Node:
    """Both lines of play after a wrong answer, a tap away: the verdict and its figures stay on one screen."""
    summary = h("summary", "", None, _verdict("line_show", {}, cat))
    chosen, best = line_tree("line_chosen", lines["chosen"], cat), line_tree("line_best", lines["best"], cat)
    return h("details", "lines", None, summary, chosen, best)


def review_lines_tree(lines: dict, cat: dict) -> Node:
    """A blamed decision's two lines in the deal review (as played, and the best with every hand
    known), side by side a tap away, from the trick the decision was made in (``first``)."""
    first = 1 if lines.get("first") is None else lines["first"]
    played = line_tree("line_played", lines["chosen"], cat, first)
    both = h("div", "review-lines", None, played, line_tree("line_review_best", lines["best"], cat, first))
    return h("details", "lines", None, h("summary", "", None, _verdict("line_show", {}, cat)), both)


def explanation_tree(verdict: dict, cat: dict) -> list[Node]:
    """The nodes that explain a verdict of an answer table (an entry, or ``{"mistake": ...}`` of a
    typed number): its reason, its slip, its figures, its lines of play; empty where it has none."""
    nodes = []
    if verdict.get("reason"):
        nodes.append(h("p", "why", None, reason_text(verdict["reason"], cat)))
    if verdict.get("mistake"):
        m = verdict["mistake"]
        nodes.append(h("p", "why", None, fmt(cat["mistakes"][m["code"]], m.get("params") or {}, cat)))
    if verdict.get("figures"):
        nodes += figures_tree(verdict["figures"], cat)
    if verdict.get("lines"):
        nodes.append(lines_tree(verdict["lines"], cat))
    return nodes


def why_table(table: dict, cat: dict) -> dict:
    """The explanation of every answer of ``table`` that has one, as ``to_dict`` data: ``{key:
    [nodes]}`` by the answer's key in the table, a typed number's recognised slip by its number,
    what to check for any other wrong number by ``OTHER_NUMBER``, ``{"steps": [...]}`` for a deal
    played step by step; ``{}`` where nothing is explained (a set of cards to mark: its verdict
    names each card's rule)."""
    if table.get("answer") == "steps":
        steps = [why_table(step, cat) for step in table["steps"]]
        return {"steps": steps} if any(steps) else {}
    out = {}
    for key, entry in (table.get("answers") or {}).items():
        if entry.get("verdict") in UNEXPLAINED:
            continue
        nodes = explanation_tree(entry, cat)
        if nodes:
            out[key] = to_dict(nodes)
    for mistake in table.get("mistakes") or []:
        out[str(mistake["number"])] = to_dict(explanation_tree({"mistake": mistake}, cat))
    if table.get("answer") == "number" and table.get("check"):
        # a typed number that is no recognised slip: what to check (the breakdown, which holds the
        # answer, is in the solution)
        out[OTHER_NUMBER] = to_dict(explanation_tree({"reason": table["check"]}, cat))
    return share_lines(out)


def share_lines(why: dict) -> dict:
    """A line of play that more than one answer's explanation shows (the best line, the same after
    every wrong card) written once: under ``_line1``, ``_line2``, ... of ``why``, and where it was
    ``{"shared": "_line1"}`` (``site/assets/answers.js`` puts it back before mounting). A lesson
    page carries every explanation, so this keeps it about half as heavy where lines are long."""

    def lines(node):
        if isinstance(node, list):
            for n in node:
                yield from lines(n)
        elif isinstance(node, dict):
            if "line" in node.get("class", "").split():
                yield node
            else:
                yield from lines(node.get("children", []))

    counts = Counter(json.dumps(line, sort_keys=True) for nodes in why.values() for line in lines(nodes))
    names = {}

    def swap(node):
        if isinstance(node, list):
            return [swap(n) for n in node]
        if not isinstance(node, dict):
            return node
        if "line" in node.get("class", "").split():
            text = json.dumps(node, sort_keys=True)
            if counts[text] > 1:
                return {"shared": names.setdefault(text, f"_line{len(names) + 1}")}
            return node
        return {**node, "children": swap(node["children"])} if "children" in node else node

    out = {key: swap(nodes) for key, nodes in why.items()}
    out.update({name: json.loads(text) for text, name in names.items()})
    return out
