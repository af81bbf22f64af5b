"""A puzzle as a tree of nodes (``present.tree``), from the engine's answers (the puzzle's view, its
answer table and solution) and a catalog: the one layout of a puzzle, for lesson pages, puzzle
pages, the front page's puzzle and (through ``present.web``) drills and shared positions.

The layout is cards first: inside ``section#puzzle-<id>`` a compact head, the short prompt, the
table in one element with ``data-table-area``, the answer controls (the hand, the choice buttons,
or the number field and its Check button) in one element with ``data-answer-area``; the "rules
used" line, the hint, the solution and everything else below them. The page code
(``site/assets/puzzle.js``, ``guided.js``) judges clicks on it by its classes and data attributes.

``seg`` is one puzzle: ``id``, ``spec``, ``view``, ``solution``, ``table`` (the engine's), and its
words: ``prompt`` (nodes), optional ``title``/``number``, ``hint`` and ``explanation`` (nodes),
``share`` (the address of its own page, or none), ``up`` (the way to the language's root),
``kind_help`` (false: no line of the kind's own words above the controls, where the prompt is them),
``steps`` (a guided deal's commentary, nodes per step)."""

from __future__ import annotations

import json

from engine.core.rules import parse_rules

from .cards import card_button, card_span, cards, face  # noqa: F401  (face: the tests' name for it)
from .explain import why_table
from .text import (
    Words,
    capfirst,
    choice_label,
    decimal,
    plus_minus,
    signed,
    solution_text,
)
from .tree import Node, h, svg
from .verdicts import verdict_table

LINK_ICON = (
    "M10 14a4.5 4.5 0 0 0 6.4 0l3.2-3.2a4.5 4.5 0 0 0-6.4-6.4l-1.3 1.3"
    "M14 10a4.5 4.5 0 0 0-6.4 0l-3.2 3.2a4.5 4.5 0 0 0 6.4 6.4l1.3-1.3"
)


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def link_icon() -> Node:
    attrs = {"class": "icon", "viewBox": "0 0 24 24", "aria-hidden": "true", "focusable": "false"}
    return svg("svg", attrs, svg("path", {"d": LINK_ICON}))


# ---- the parts of a puzzle


def head(seg: dict, w: Words) -> Node:
    """The head, the same for every kind: title, tags, progress, the button that copies the
    address of the puzzle's own page."""
    pid = f"puzzle-{seg['id']}"
    title = seg.get("title") or f"{w.ui['puzzle']} {seg['number']}"
    tags = h("span", "puzzle-tags")
    difficulty = (seg.get("spec") or {}).get("difficulty")
    if difficulty:
        tags.add(h("span", "difficulty", {"data-difficulty": difficulty}, w.ui[f"difficulty_{difficulty}"]))
    node = h("div", "puzzle-head", None, h("h2", "", {"id": f"{pid}-title"}, title), tags)
    node.add(h("span", "puzzle-progress", {"aria-live": "polite"}))
    if seg.get("share"):
        copy = {
            "type": "button",
            "id": f"{pid}-copy",
            "data-href": seg["share"],
            "aria-label": w.ui["copy_link"],
            "aria-labelledby": f"{pid}-copy {pid}-title",
            "hidden": True,
        }
        node.add(h("button", "copy-link icon-button", copy, link_icon()))
        node.add(h("span", "copy-status", {"aria-live": "polite"}))
    return node


def meta(seg: dict, w: Words) -> Node:
    """'Rules used: …' (a link to the rules page where the puzzle has a page of its own)."""
    v = seg["view"]
    title = w.cat["presets"].get(v["rules"], v.get("rules_title", v["rules"]))
    node = h("p", "meta", None, f"{w.ui['rules_used']}: ")
    up = seg.get("up", "../../")  # None: no link (a drill's rules have no page of their own)
    if up is None:
        node.add(title)
    else:
        node.add(h("a", "", {"href": f"{up}rules/{v['rules']}/"}, title))
    node.add(".")
    if v.get("all_known"):
        node.add(" " + w.ui["all_known"])
    if v.get("first_trick"):
        node.add(" " + w.ui["first_trick"])
    return node


def state(v: dict, w: Words, trump: bool = True, declarations: bool = True) -> Node:
    ui = w.ui
    dl = h("dl", "state")

    def row(term, value):
        dl.add(h("div", "", None, h("dt", "", None, term), h("dd", "", None, value)))

    if trump:
        row(ui["trump"], w.fmt("{suit.nom}", {"suit": v["trump"]}) if v.get("trump") else ui["no_trump"])
    if declarations and v.get("declarations"):
        items = [f"{w.cat['suits'][d['suit']]['nom']} ({w.seat(v, d['seat']).lower()})" for d in v["declarations"]]
        row(ui["declared"], capfirst(", ".join(items)))
    if not trump and v.get("contract") is not None:
        row(ui["contract"], f"{v['contract']} ({w.seat(v, v['bidder']).lower()})")
    if v.get("before") is not None:
        row(ui["before"], signed(v["before"]))
    if trump and v.get("bidder") is not None:
        row(ui["contract"], f"{v['contract']} ({w.seat(v, v['bidder']).lower()})")
    return dl


def played(v: dict, t: dict, shape: str, w: Words) -> Node:
    card = card_button(t["card"], w) if shape == "trick" else card_span(t["card"], w)
    return h("li", f"at-{v['where'][t['seat']]}", None, h("span", "seat-name", None, w.seat(v, t["seat"])), " ", card)


def other_seat(v: dict, s: dict, w: Words, hidden_when_empty: bool) -> Node:
    """Another seat at the table: its name (and "bidder"), its cards where the view shows them, else
    the back of a card and how many it holds, and what it has taken. ``hidden_when_empty``: draw the
    hidden hand even when the view gives no count (a puzzle's table does; a guided deal's step
    leaves an empty hand out)."""
    seat = h("div", f"seat seat-{v['where'][s['seat']]}")
    bidder = f" · {w.ui['bidder']}" if s.get("bidder") else ""
    seat.add(h("span", "seat-name", None, w.seat(v, s["seat"]) + bidder))
    if s.get("cards") is not None:
        seat.add(cards(s["cards"], w))
    elif s.get("count") or hidden_when_empty:
        back = h("span", "card back", {"aria-hidden": "true"})
        seat.add(h("span", "hidden-cards", None, back, h("span", "", None, w.hidden(s["count"]))))
    if s.get("points") or s.get("tricks"):
        seat.add(h("span", "taken", None, w.taken(s)))
    return seat


def table(v: dict, pid: str, w: Words) -> Node:
    """The seats round the table and the trick (and the cards played after it)."""
    ui = w.ui
    form = v["form"]
    node = h("div", f"table players-{v['players']}")
    for s in v["seats"]:
        if s.get("you"):
            continue
        node.add(other_seat(v, s, w, hidden_when_empty=True))
    trick, then, shape = v["trick"], v.get("then") or [], form["shape"]
    area = h("div", "trick")
    # score puzzles with the table still empty: no empty trick, the cards to come under one heading
    next_only = shape != "trick" and not trick and bool(then)
    area.add(h("h3", "", None, ui["played_next" if next_only else "trick"]))
    if not trick and not then:
        area.add(h("p", "trick-empty", None, ui["trick_empty"]))

    def listed(items, cls, attrs=None):
        return h("ol", cls, attrs, [played(v, t, shape, w) for t in items])

    if not next_only:
        area.add(listed(trick, "trick-cards around" + ("" if trick else " empty")))
    if then and shape == "trick":
        area.add(h("p", "then", None, f"{ui['then_played']}:"), listed(then, "trick-cards then-cards around"))
    elif then:
        if not next_only:
            area.add(h("p", "then", None, f"{ui['then_played']}:"))
        if next_only and len(then) == v["players"]:
            area.add(listed(then, "trick-cards then-cards around"))
        else:
            # one list per trick: the trick on the table is finished first, then each trick has a card from every player
            tricks = h("div", "then-tricks")
            on_table = len(trick)
            for n, first in enumerate(range(0, len(then) + on_table, v["players"]), 1):
                label = f"{pid}-then-{n}"
                group = then[max(first - on_table, 0) : first - on_table + v["players"]]
                tricks.add(
                    h(
                        "div",
                        "then-trick",
                        None,
                        h("p", "then-label", {"id": label}, w.fmt(ui["trick_number"], {"n": n})),
                        listed(group, "trick-cards then-cards", {"aria-labelledby": label}),
                    )
                )
            area.add(tricks)
    node.add(area)
    return node


def hand(v: dict, pid: str, w: Words) -> Node:
    """The mover's hand: answer buttons, cards to mark, cards to look at (a dimmed list)."""
    ui = w.ui
    form = v["form"]
    me = v["seats"][v["mover"]]
    # who wins the trick: the card you play in it is on the table, no longer in your hand; a score
    # puzzle's cards to come are all on the table. There the hand is only to look at.
    looking = form.get("hand") == "looking"
    on_table = [t["card"] for t in v.get("then") or []] if looking else []
    held = [c for c in me["cards"] if c not in on_table]
    title = h("h3", "", {"id": f"{pid}-hand"}, ui["your_hand"] if held or not looking else w.cat["seats"]["you"])
    if me.get("bidder"):
        title.add(f" · {ui['bidder']}")
    if me.get("points") or me.get("tricks"):
        title.add(" ", h("span", "taken", None, f"({w.taken(me)})"))
    node = h("div", "you looking" if looking else "you", None, title)
    if looking:
        if held:
            items = [h("li", "", None, card_span(c, w)) for c in held]
            node.add(h("ul", "hand", {"aria-labelledby": f"{pid}-hand"}, items))
        return node
    if form.get("hand") == "answer":
        items = [card_button(c, w) for c in held]
    elif form.get("hand") == "marks":
        items = [card_button(c, w, toggle=True) for c in held]
    else:
        items = [card_span(c, w) for c in held]
    node.add(h("div", "hand", {"role": "group", "aria-labelledby": f"{pid}-hand"}, items))
    return node


def choice_button(key: str, label, cls: str = "choice") -> Node:
    return h("button", cls, {"type": "button", "data-choice": key, "disabled": True}, label)


def offer_label(key: str, v: dict, w: Words) -> str:
    """An offered answer of bid and raise: pass, keep, raise, a bid."""
    est = w.cat["estimate"]
    if key == "none" or key.startswith("trump:"):  # a declaration decision: as the declare puzzle's calls
        return choice_label(key, w.cat, v.get("mover_leads", True))
    if key == "p":
        return est["pass"]
    if key == "hold":
        return w.fmt(est["hold"], {"contract": v.get("contract")})
    if key.startswith("raise:"):
        return w.fmt(est["raise_to"], {"amount": key[6:]})
    return key


def question(v: dict, w: Words) -> str:
    q = v["question"]
    count = w.cat["count"]
    if q.startswith("suit-out:"):
        return w.fmt(count["suit-out"], {"suit": q[-1]})
    if q.startswith("points-taken:"):
        return count["points-taken"][v["where"][int(q.split(":")[1])]]
    return count[q]


def number_field(field_id: str, label: str, w: Words) -> list:
    attrs = {
        "id": field_id,
        "type": "text",
        "inputmode": "numeric",
        "pattern": "-?[0-9]*",
        "autocomplete": "off",
        "disabled": True,
    }
    return [h("label", "", {"for": field_id}, label), h("input", "number", attrs), check_button(w.ui["check"])]


def check_button(label: str, cls: str = "check") -> Node:
    return h("button", cls, {"type": "button", "disabled": True}, label)


def answer_controls(seg: dict, pid: str, w: Words) -> Node:
    """The controls that give the answer: choices, a number and Check, or Check (the buttons for
    the hint, the solution and another try are below the answer area: ``extra_buttons``)."""
    v = seg["view"]
    form = v["form"]
    kind_name = w.cat["kinds"][v["kind"]]
    node = h("div", "controls")
    controls = form.get("controls")
    if form.get("layout") == "auction":
        players = [w.fmt(w.ui["player_n"], {"n": n}) for n in range(1, len(v["order"]) + 1)]
        buttons = [choice_button(str(seat), label) for seat, label in zip(v["order"], players, strict=True)]
        node.add(h("div", "choices", {"role": "group", "aria-label": kind_name}, buttons))
    elif controls == "calls":
        leads = v.get("mover_leads", True)
        buttons = [choice_button(c, choice_label(c, w.cat, leads)) for c in v["choices"]]
        node.add(h("div", "choices", {"role": "group", "aria-label": kind_name}, buttons))
    elif controls == "options":
        buttons = []
        for c in v["choices"]:
            if "cards" in c:
                buttons.append(choice_button(c["key"], [card_span(x, w) for x in c["cards"]], "choice choice-cards"))
            elif "pair" in c:  # a declaration: its words, then the king and queen it shows
                label = [offer_label(c["key"], v, w), " ", *(card_span(x, w) for x in c["pair"])]
                buttons.append(choice_button(c["key"], label, "choice choice-cards"))
            else:
                buttons.append(choice_button(c["key"], offer_label(c["key"], v, w)))
        node.add(h("div", "choices", {"role": "group", "aria-label": kind_name}, buttons))
    elif controls == "number":
        label = question(v, w) if "question" in v else w.ui["your_answer"]
        node.add(number_field(seg.get("number_id") or f"{pid}-number", label, w))
    elif controls == "check":
        node.add(check_button(w.ui["check"]))
    return node


def extra_buttons(seg: dict, pid: str, w: Words, retry: bool = True) -> list:
    ui = w.ui
    out = []
    if seg.get("hint"):
        attrs = {"type": "button", "aria-expanded": "false", "aria-controls": f"{pid}-hint"}
        out.append(h("button", "show-hint", attrs, ui["hint"]))
    attrs = {"type": "button", "aria-expanded": "false", "aria-controls": f"{pid}-solution"}
    out.append(h("button", "show-solution", attrs, ui["solution"]))
    if retry:
        out.append(h("button", "retry", {"type": "button", "hidden": True}, ui["retry"]))
    return out


def after_answer(seg: dict, pid: str, w: Words, solution: list) -> list:
    """Below the answer area: the status and feedback, the rules used, the hint and the solution."""
    out = [h("p", "status", {"role": "status"}), h("div", "feedback", {"aria-live": "polite"}), meta(seg, w)]
    if seg.get("hint"):
        out.append(h("div", "hint-text", {"id": f"{pid}-hint", "hidden": True}, seg["hint"]))
    out.append(h("div", "solution-text", {"id": f"{pid}-solution", "hidden": True}, solution))
    return out


def section(seg: dict, pid: str, w: Words, cls: str = "puzzle") -> Node:
    """The puzzle's section: its spec, the engine's answer table, the lines of its verdict for every
    answer (``data-verdicts``: ``present.verdicts.verdict_table``) and, where an answer has one, why
    it is wrong (``data-why``: ``present.explain.why_table``), for the page code to judge a click
    by the table and mount its verdict and explanation."""
    looking = seg["view"]["form"].get("hand") == "looking"
    attrs = {
        "id": pid,
        "tabindex": "-1",
        "data-kind": seg["view"]["kind"],
        "data-puzzle": _json(seg["spec"]),
        "data-answers": _json(seg["table"]),
        "data-why": _json(why_table(seg["table"], w.cat)),
        "data-verdicts": _json(verdict_table(seg["table"], w.cat, looking)),
        "aria-labelledby": f"{pid}-title",
    }
    return h("section", cls, attrs)


def puzzle_tree(seg: dict, cat: dict) -> Node:
    """One puzzle, cards first (the guided deal by ``guided_deal``)."""
    w = Words(cat)
    v = seg["view"]
    if v["form"].get("shape") == "steps":
        return guided_deal(seg, w)
    form = v["form"]
    pid = f"puzzle-{seg['id']}"
    node = section(seg, pid, w)
    node.add(head(seg, w), h("p", "prompt", None, seg["prompt"]))
    area = h("div", "puzzle-table", {"data-table-area": ""})
    answer = h("div", "puzzle-answer", {"data-answer-area": ""})
    later = []
    if form.get("layout") == "auction":
        bids = []
        for b in v["bids"]:
            who = h("span", "seat-name", None, w.fmt(w.ui["player_n"], {"n": v["order"].index(b["seat"]) + 1}))
            what = w.ui["pass"] if b["bid"] == "p" else str(b["bid"])
            bids.append(h("li", "pass" if b["bid"] == "p" else "", None, who, " ", what))
        area.add(h("ol", "bids", {"aria-label": w.ui["bids"]}, bids))
    elif form.get("layout") == "record":
        area.add(record_body(seg, pid, w))
    else:
        area.add(state(v, w), table(v, pid, w))
        if "played" in v:
            area.add(seen(v, pid, w))
        me_hand = hand(v, pid, w)
        if form.get("hand") in ("answer", "marks"):
            answer.add(me_hand)
        elif form.get("hand") == "looking":
            later.append(me_hand)  # only to look at: below the answer
        else:
            area.add(me_hand)
    if seg.get("kind_help", True):  # a drill's prompt is already the kind's sentence (present/web.py)
        answer.add(h("p", "kind-help", None, cat["kinds"][v["kind"]]))
    answer.add(answer_controls(seg, pid, w))
    node.add(area, answer)
    solution = [h("p", "solution-answer", None, solution_text(v["kind"], seg["solution"], cat, v))]
    if "breakdown" in seg["solution"]:
        solution.append(breakdown_table(seg["solution"]["breakdown"], v, w))
    solution.append(solution_extra(seg, w))
    solution.append(seg.get("explanation"))
    after = after_answer(seg, pid, w, solution)
    more = h("div", "controls puzzle-more", None, extra_buttons(seg, pid, w))
    node.add(after[:2], more, later, after[2:])
    return node


# ---- breakdown, estimates, records


def has_last_trick_bonus(view: dict) -> bool:
    """Whether the puzzle's rules give points for the last trick (else the score table has no such column)."""
    return parse_rules(view["rules"]).last_trick_bonus > 0


def scroll(label: str, table_node: Node) -> Node:
    return h("div", "table-scroll", {"role": "region", "aria-label": label, "tabindex": "0"}, table_node)


def th(text, scope="col") -> Node:
    return h("th", "", {"scope": scope}, text)


def td(*children, cls="", attrs=None) -> Node:
    return h("td", cls, attrs, *children)


def breakdown_table(b: dict, v: dict, w: Words) -> Node:
    ui = w.ui
    last = has_last_trick_bonus(v)
    heads = [th(ui["bd_side"]), th(ui["bd_cards"])]
    if last:
        heads.append(th(ui["bd_last"]))
    heads += [th(ui["bd_trumps"]), th(ui["bd_total"]), th(ui["bd_result"])]
    body = h("tbody")
    for s in b["sides"]:
        name = " + ".join(w.seat(v, seat) for seat in s["seats"])
        if s.get("role") == "bidder":
            name += f" ({ui['bidder']})"
        cells = [th(name, "row"), td(str(s["card_points"]))]
        if last:
            cells.append(td(str(s["last_trick"])))
        items = [f"{w.cat['suits'][d['suit']]['nom']} {d['bonus']}" for d in s.get("declarations", [])]
        cells.append(td(capfirst(", ".join(items)) if items else "0"))
        total = str(s["total"])
        if s.get("rounded") is not None and s["rounded"] != s["total"]:
            total += f" → {s['rounded']}"
        cells.append(td(total))
        result = w.fmt(ui[f"bd_{s['result']}"], s.get("result_params") or {}) if s["result"] != "scores" else ""
        cells.append(td(result, " ", h("strong", "", None, plus_minus(s["deal_score"]))))
        body.add(h("tr", "", None, cells))
    caption = h("caption", "", None, ui["breakdown"])
    return scroll(
        ui["breakdown"], h("table", "breakdown", None, caption, h("thead", "", None, h("tr", "", None, heads)), body)
    )


def bid_text(bid, w: Words) -> str:
    if bid == "p":
        return w.ui["pass"]
    if bid == "redeal":
        return w.cat["log"]["redeal"]
    return str(bid)


def call_text(action: str, w: Words) -> str:
    log = w.cat["log"]
    if action.startswith("trump:"):
        return w.fmt(log["declares"], {"suit": action[-1]})
    if action == "askfull":
        return log["call_askfull"]
    if action.startswith("askhalf:"):
        return w.fmt(log["call_askhalf"], {"suit": action[-1]})
    if action == "answer:no":
        return log["call_answer_no"]
    return w.fmt(log["call_answer"], {"suit": action[-1]})


def labelled(name: str, *rest) -> Node:
    return h("p", "", None, h("span", "seat-name", None, name), " ", *rest)


def log_view(log: dict, v: dict, pid: str, w: Words, tricks: bool = True) -> Node:
    """What happened in a record: the auction, the widow, the discard, the raise, the tricks."""
    words = w.cat["log"]
    seats = list(range(v["players"]))
    columns = seats[v["mover"] :] + seats[: v["mover"]]
    node = h("div", "deal-log")
    if log.get("auction"):
        bids = [
            h("li", "", None, h("span", "seat-name", None, w.seat(v, b["seat"])), " ", bid_text(b["bid"], w))
            for b in log["auction"]
        ]
        node.add(
            h("h3", "", None, words["auction"]),
            h("p", "meta", None, f"{words['dealer']}: {w.seat(v, log['dealer'])}"),
            h("ol", "bids", {"aria-label": words["auction"]}, bids),
        )
    if log.get("widow"):
        node.add(labelled(words["widow"], cards(log["widow"], w)))
    if log.get("discard"):
        d = log["discard"]
        what = cards(d["cards"], w) if d.get("cards") else w.say(words, "discard_hidden", {"count": d["count"]})
        node.add(labelled(f"{words['discard']} ({w.seat(v, d['seat']).lower()})", what))
    for x in log.get("exchange") or []:
        what = cards(x["cards"], w) if x.get("cards") else w.say(w.cat["deal"], "gives", {"count": x["count"]})
        node.add(labelled(w.seat(v, x["seat"]), what))
    if log.get("raise"):
        r = log["raise"]
        if r.get("contract"):
            what = w.fmt(words["raised"], {"contract": r["contract"]})
        else:
            what = w.fmt(words["held"], {"contract": v["contract"] if v.get("contract") is not None else ""})
        node.add(labelled(words["contract"], what))
    if tricks and log.get("tricks"):
        heads = (
            [th(words["trick_n"])] + [th(w.seat(v, s)) for s in columns] + [th(words["winner"]), th(words["points"])]
        )
        body = h("tbody")
        for n, t in enumerate(log["tricks"], 1):
            for c in t.get("calls") or []:
                body.add(
                    h(
                        "tr",
                        "calls",
                        None,
                        td(),
                        td(
                            f"{w.seat(v, c['seat'])}: {call_text(c['action'], w)}",
                            attrs={"colspan": str(v["players"] + 2)},
                        ),
                    )
                )
            cells = [th(str(n), "row")]
            for seat in columns:
                here = [card_span(c["card"], w) for c in t["cards"] if c["seat"] == seat]
                cells.append(td(here, cls="led" if t.get("leader") == seat else ""))
            cells.append(td(w.seat(v, t["winner"]) if t.get("winner") is not None else ""))
            cells.append(td(str(t["points"])))
            body.add(h("tr", "", None, cells))
        caption = h("caption", "", None, words["tricks"])
        node.add(
            scroll(
                words["tricks"],
                h("table", "tricks", None, caption, h("thead", "", None, h("tr", "", None, heads)), body),
            )
        )
    return node


def folded(log: dict, node: Node, w: Words) -> Node:
    """A record of tricks one tap away (issue 33, cards first): the auction and the tricks of a
    deal are taller than a phone's screen, so they fold under a summary naming what they hold,
    closed when the puzzle opens; a record without tricks stays open."""
    tricks = log.get("tricks") or []
    if not tricks or not log.get("auction"):
        return node
    summary = h("summary", "", None, w.say(w.cat["log"], "fold", {"count": len(tricks)}))
    return h("details", "record-fold", None, summary, node)


def record_body(seg: dict, pid: str, w: Words) -> list:
    """The decision kinds before trick play, and a whole deal to score: what the learner sees."""
    v = seg["view"]
    scoring = v["form"].get("controls") == "number"
    log = log_view(v["log"], v, pid, w, tricks=scoring)
    out = [state(v, w, trump=False, declarations=False), folded(v["log"], log, w) if scoring else log]
    if not scoring:
        me = v["seats"][v["mover"]]
        title = h(
            "h3", "", {"id": f"{pid}-hand"}, w.ui["your_hand"] + (f" · {w.ui['bidder']}" if me.get("bidder") else "")
        )
        items = []
        for c in me["cards"]:
            if c in (v.get("widow_cards") or []):
                items.append(
                    h(
                        "span",
                        "from-widow",
                        None,
                        card_span(c, w),
                        h("span", "visually-hidden", None, f" ({w.cat['estimate']['widow_card']})"),
                    )
                )
            else:
                items.append(card_span(c, w))
        out.append(
            h("div", "you", None, title, h("div", "hand", {"role": "group", "aria-labelledby": f"{pid}-hand"}, items))
        )
    return out


def seen(v: dict, pid: str, w: Words) -> list:
    """Cards seen so far and known voids (lead, count)."""
    est = w.cat["estimate"]
    out = []
    if "log" in v:
        out.append(folded(v["log"], log_view(v["log"], v, pid, w), w))
    else:
        what = cards(v["played"], w) if v["played"] else est["played_none"]
        out.append(h("p", "played", None, h("span", "seat-name", None, est["played"]), " ", what))
    if v.get("voids"):
        parts = []
        for i, x in enumerate(v["voids"]):
            suits = ", ".join(w.fmt(est["void"], {"suit": s}) for s in x["suits"])
            parts.append(f"{w.seat(v, x['seat'])}: {suits}" + ("; " if i + 1 < len(v["voids"]) else ""))
        out.append(h("p", "voids", None, h("span", "seat-name", None, est["voids"]), " ", "".join(parts)))
    return out


def solution_extra(seg: dict, w: Words) -> Node | None:
    """The engine's estimate under the solution: how it was made, and the figures."""
    v, s = seg["view"], seg["solution"]
    keys = v["form"].get("estimate")
    if keys is None:
        return None
    est = w.cat["estimate"]
    how = w.fmt(est["how"], {"samples": s["samples"]}) + " " + "".join(f"{est[k]} " for k in keys)
    node = h("div", "estimate", None, h("p", "", None, how + w.say(est, "accepted", {"margin": s["margin"]})))
    if "spread" in s:
        node.add(h("p", "", None, w.fmt(est["spread"], s["spread"])))
    rows = s.get("rows") or []
    made = lambda r: w.say(est, "made_of", {"made": r["made"], "samples": s["samples"]})  # noqa: E731
    if rows and "contract" in rows[0]:
        heads = [th(est["col_contract"]), th(est["col_made"]), th(est["col_expected"])]
        body = [
            h("tr", "", None, th(str(r["contract"]), "row"), td(made(r)), td(decimal(r["expected"], w.cat, True)))
            for r in rows
        ]
    elif rows and "card" in rows[0] and "choice" in rows[0]:  # a declaration and the lead after it
        heads = [th(est["col_choice"]), th(est["col_then_lead"]), th(est["col_average"])]
        body = [
            h(
                "tr",
                "",
                None,
                th(offer_label(r["choice"], v, w), "row"),
                td(card_span(r["card"], w)),
                td(decimal(r["average"], w.cat)),
            )
            for r in rows
        ]
    elif rows and "choice" in rows[0]:
        heads = [th(est["col_choice"]), th(est["col_average"]), th(f"{est['col_made']} ({s['contract']})")]
        body = [
            h(
                "tr",
                "",
                None,
                th([card_span(c, w) for c in r["choice"].split(":")[1].split(".")], "row"),
                td(decimal(r["average"], w.cat)),
                td(made(r)),
            )
            for r in rows
        ]
    else:
        heads = [th(est["col_card"]), th(est["col_average"])]
        body = [h("tr", "", None, th(card_span(r["card"], w), "row"), td(decimal(r["average"], w.cat))) for r in rows]
    table_node = h(
        "table",
        "breakdown estimate-table",
        None,
        h("caption", "", None, est["caption"]),
        h("thead", "", None, h("tr", "", None, heads)),
        h("tbody", "", None, body),
    )
    node.add(scroll(est["caption"], table_node))
    return node


# ---- the guided deal


def event(e: dict, v: dict, w: Words) -> Node:
    """One event of a guided deal, as 'seat: what'."""
    ui = w.ui
    if e["type"] == "trick":
        place = v["where"][e["seat"]]
        if place == "you":
            return h("li", "trick-won", None, w.fmt(ui["ev_trick_you"], {"points": e["points"]}))
        return h("li", "trick-won", None, w.fmt(ui["ev_trick"], {"who": ui[f"who_{place}"], "points": e["points"]}))
    who = w.cat["log"]["widow"] if e["type"] == "widow" else w.seat(v, e["seat"])
    e_type = e["type"]
    if e_type == "bid":
        what = bid_text(e["bid"], w)
    elif e_type == "widow":
        what = cards(e["cards"], w)
    elif e_type in ("discard", "give", "return"):
        key = {"discard": "puts_away", "give": "gives", "return": "returns"}[e_type]
        what = cards(e["cards"], w) if e.get("cards") else w.say(w.cat["deal"], key, {"count": e["count"]})
    elif e_type == "raise":
        what = w.fmt(w.cat["log"]["raised"], {"contract": e["contract"]})
    elif e_type == "hold":
        what = w.fmt(w.cat["log"]["held"], {"contract": e["contract"]})
    elif e_type == "declare":
        what = w.fmt(w.cat["log"]["declares"], {"suit": e["suit"]})
    elif e_type == "call":
        what = call_text(e["action"], w)
    elif e_type == "play":
        what = card_span(e["card"], w)
    else:
        raise ValueError(f"a guided deal's event of unknown type {e_type!r}")
    return h("li", "", None, h("span", "seat-name", None, who), " ", what)


def guided_deal(seg: dict, w: Words) -> Node:
    """The guided deal: one block per step, shown one at a time by site/assets/guided.js; each
    step cards first (its table, then its answer controls, then what happened and the commentary)."""
    ui, cat = w.ui, w.cat
    v = seg["view"]
    pid = f"puzzle-{seg['id']}"
    total = len(v["steps"])
    node = section(seg, pid, w, "puzzle guided-deal")
    node.add(head(seg, w), h("p", "prompt", None, seg["prompt"]))
    for i, step in enumerate(v["steps"]):
        st = step["state"]
        sid = f"{pid}-step{i + 1}"
        step_kind = step["kind"]
        attrs = {
            "id": sid,
            "data-step": str(i),
            "data-step-kind": step_kind,
            "data-size": str(step["size"]) if step.get("size") else None,
            "hidden": i > 0,
        }
        block = h("div", "deal-step", attrs)
        block.add(
            h(
                "h3",
                "",
                {"id": f"{sid}-title", "tabindex": "-1"},
                w.fmt(cat["deal"]["step_of"], {"n": i + 1, "total": total}),
            )
        )
        dl = h("dl", "state")
        trump = w.fmt("{suit.nom}", {"suit": st["trump"]}) if st.get("trump") else ui["no_trump"]
        dl.add(h("div", "", None, h("dt", "", None, ui["trump"]), h("dd", "", None, trump)))
        if st.get("contract") is not None:
            contract = f"{st['contract']} ({w.seat(st, st['bidder']).lower()})"
            dl.add(h("div", "", None, h("dt", "", None, ui["contract"]), h("dd", "", None, contract)))
        board = h("div", f"table players-{st['players']}")
        for s in st["seats"]:
            if s.get("you"):
                continue
            board.add(other_seat(st, s, w, hidden_when_empty=False))
        trick = h("div", "trick", None, h("h3", "", None, ui["trick"]))
        if st.get("trick"):
            items = [
                h("li", "", None, h("span", "seat-name", None, w.seat(st, t["seat"])), " ", card_span(t["card"], w))
                for t in st["trick"]
            ]
            trick.add(h("ol", "trick-cards", None, items))
        elif st.get("widow") and step_kind in ("discard", "raise"):
            trick.add(labelled(cat["log"]["widow"], cards(st["widow"], w)))
        else:
            trick.add(h("p", "", None, ui["trick_empty"] if step_kind == "play" else ""))
        board.add(trick)
        block.add(h("div", "puzzle-table", {"data-table-area": ""}, dl, board))
        me = st["seats"][st["mover"]]
        title = h("h3", "", {"id": f"{sid}-hand"}, ui["your_hand"] + (f" · {ui['bidder']}" if me.get("bidder") else ""))
        if me.get("points") or me.get("tricks"):
            title.add(" ", h("span", "taken", None, f"({w.taken(me)})"))
        if step_kind == "play":
            items = [card_button(c, w) for c in me["cards"]]
        elif step.get("size"):
            items = [
                card_button(c, w, toggle=True, widow=step_kind == "discard" and c in (st.get("widow") or []))
                for c in me["cards"]
            ]
        else:
            items = [card_span(c, w) for c in me["cards"]]
        you = h("div", "you", None, title, h("div", "hand", {"role": "group", "aria-labelledby": f"{sid}-hand"}, items))
        # the declare wording only where the step offers a declaration
        asks = cat["deal"]["ask"]
        ask = asks["play_card"] if step_kind == "play" and not step.get("calls") else asks[step_kind]
        controls = h("div", "controls")
        if step_kind in ("bid", "raise", "answer"):
            labels = [choice_label(c, cat) if step_kind == "answer" else offer_label(c, st, w) for c in step["choices"]]
            buttons = [choice_button(c, label) for c, label in zip(step["choices"], labels, strict=True)]
            controls.add(h("div", "choices", {"role": "group", "aria-label": cat["deal"]["ask"][step_kind]}, buttons))
        elif step_kind == "play":
            if step.get("calls"):
                buttons = [choice_button(c, choice_label(c, cat)) for c in step["calls"]]
                controls.add(h("div", "choices", {"role": "group", "aria-label": ui["trump"]}, buttons))
        elif step.get("size"):
            verb = {"discard": "put_away", "give": "give", "return": "return"}[step_kind]
            controls.add(
                h("p", "choose", {"aria-live": "polite"}, w.say(cat["deal"], "choose", {"count": step["size"]})),
                check_button(cat["deal"][verb], "check put-away"),
            )
        elif step_kind == "score":
            controls.add(number_field(f"{sid}-number", ui["your_answer"], w))
        block.add(h("div", "puzzle-answer", {"data-answer-area": ""}, you, h("p", "kind-help", None, ask), controls))
        block.add(h("div", "feedback", {"aria-live": "polite"}))
        if step.get("events"):
            block.add(
                h("ul", "events", {"aria-label": cat["deal"]["events"]}, [event(e, st, w) for e in step["events"]])
            )
        commentary = (seg.get("steps") or [])[i] if i < len(seg.get("steps") or []) else None
        block.add(h("div", "commentary", None, commentary))
        node.add(block)
    node.add(h("div", "controls", None, extra_buttons(seg, pid, w, retry=False)))
    solution = [
        h("p", "solution-answer", None, solution_text("deal", seg["solution"], cat)),
        breakdown_table(seg["solution"]["breakdown"], v, w),
        seg.get("explanation"),
    ]
    status = h("p", "status", {"role": "status"})
    after = after_answer(seg, pid, w, solution)
    node.add(status, after[2:])
    return node
