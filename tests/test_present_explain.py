"""Why an answer is wrong, drawn by the presentation layer (present/explain.py): for every answer
of every lesson's table that the engine explains, in both languages, the tree the page mounts says
the engine's reason, the recognised slip, the estimate's figures and both lines of play, with the
seats, cards and numbers of the engine's verdict; what it shows at once never names the answer
(the best line and the best choice's figures are a tap away). The same trees for drills and shared
positions (present/web.py) and for the deal review's lines (op review, op moment_judge)."""

import json
import re

import pytest
from tree_data import classes, text

from present.explain import SHOWN_TRICKS, why_table
from present.text import card_label, card_name, number
from present.web import handle
from sitebuild import LANGS
from sitebuild.catalogs import load_catalog

UNEXPLAINED = ("correct", "legal", "illegal")
PLACEHOLDER = re.compile(r"\{(\w+)(?:\.\w+)?\}")
# three-player, seed 11 of the play page (tests/test_moment.py): the H9 at trick 3 is blamed
RECORD = (
    "rules:three-player/dealer:2/hands:AQ6.TJ87.96.AT,TJ9.KQ6.TQJ.Q6,87.A9.AK7.KJ87/widow:K..8.9"
    "/scores:0,0,0/actions:40,p,p,discard:SA.SK.SQ,hold,S6,ST,S7,trump:C,S9,S8,CT,H9,HQ,HK,DA,D9,"
    "DJ,H8,HA,H6,CJ,CQ,CA,C9,C8,CK,DT,D7,D8,DQ,DK,D6,HJ,HT,C6,SJ,H7,C7"
)


# -- reading a tree (to_dict data) ---------------------------------------------------------------------
def find_all(tree, test, inside_details=True) -> list:
    """The nodes for which ``test`` holds, in document order (not below a <details> unless asked)."""
    found = []

    def walk(node):
        if isinstance(node, list):
            for n in node:
                walk(n)
            return
        if not isinstance(node, dict):
            return
        if test(node):
            found.append(node)
        if node["tag"] == "details" and not inside_details:
            return
        for child in node.get("children", []):
            walk(child)

    walk(tree)
    return found


def shown_text(tree) -> str:
    """The words shown at once: everything but what a <details> holds behind its summary."""
    if isinstance(tree, str):
        return tree
    if isinstance(tree, list):
        return "".join(shown_text(t) for t in tree)
    if tree["tag"] == "details":
        return "".join(text(c) for c in tree.get("children", []) if isinstance(c, dict) and c["tag"] == "summary")
    return "".join(shown_text(c) for c in tree.get("children", []))


# -- the engine's words, by the catalog ----------------------------------------------------------------
def reason_words(reason: dict, cat: dict) -> str:
    """The catalog's sentence for a reason, filled independently of present/ (reason_text): a
    variant chosen by the first parameter given and not false."""
    entry = cat["reasons"][reason["code"]]
    params = reason["params"]
    if isinstance(entry, dict):
        entry = entry[next((k for k in entry if k and k in params and params[k] is not False), "")]
    return entry


def filled(template: str, params: dict, cat: dict, got: str) -> None:
    """Every value a catalog template names is in the text, as the catalog writes it."""
    assert "{" not in got, got
    for name in PLACEHOLDER.findall(template):
        value = params[name]
        if isinstance(value, str) and len(value) == 2 and value[0] in "SCDH":
            assert card_name(value, "nom", cat).lower()[:4] in got.lower(), (name, value, got)
        elif isinstance(value, (int, float)):
            assert number(value, cat) in got, (name, value, got)


def check_line(node: dict, title: str, tricks: list, first: int, cat: dict) -> None:
    """One line of play against the engine's: its title, each trick's number, calls, the cards by
    place (each a picture named by its spoken name), who takes it and how many points."""
    assert "line" in classes(node)
    assert text(node["children"][0]) == cat["verdicts"][title]
    lists = find_all(node, lambda n: n["tag"] == "ol")
    assert [int(ol["attrs"]["start"]) for ol in lists] == [first, first + SHOWN_TRICKS][: len(lists)]
    items = find_all(node, lambda n: "line-trick" in classes(n))
    assert len(items) == len(tricks)
    at_once = find_all(node, lambda n: "line-trick" in classes(n), inside_details=False)
    assert len(at_once) == min(SHOWN_TRICKS, len(tricks))  # the rest a tap away
    for i, (item, trick) in enumerate(zip(items, tricks, strict=True)):
        label = find_all(item, lambda n: "line-label" in classes(n))[0]
        assert str(i + first) in text(label)
        plays = find_all(item, lambda n: "line-play" in classes(n))
        assert [text(find_all(p, lambda n: "seat-name" in classes(n))[0]) for p in plays] == [
            cat["seats"][p["place"]] for p in trick["plays"]
        ]
        cards = find_all(item, lambda n: "card" in classes(n))
        assert [c["attrs"]["aria-label"] for c in cards] == [card_label(p["card"], cat) for p in trick["plays"]]
        assert [c["attrs"]["role"] for c in cards] == ["img"] * len(cards)
        calls = find_all(item, lambda n: "line-call" in classes(n))
        declared = [d for d in trick["declared"] if d.get("how") != "own"]
        assert len(calls) == len(trick["calls"]) + len(declared)
        for call, given in zip(calls, trick["calls"] + declared, strict=True):
            assert text(call).startswith(cat["seats"][given["place"]])
        winner = find_all(item, lambda n: "line-winner" in classes(n))
        if trick.get("winner"):
            (taken,) = winner
            assert text(taken).startswith(cat["seats"][trick["winner"]])
            assert re.search(rf"(?<![0-9]){trick['points']}(?![0-9])", text(taken)), text(taken)
        else:
            assert winner == []


def check_figure(ul: dict, label_key: str, f: dict, figures: dict, cat: dict) -> str:
    """One choice's figures (a list of one item): its label, then the engine's numbers; the
    catalog message used, for coverage."""
    assert ul["tag"] == "ul" and "figures" in classes(ul)
    words = text(ul)
    assert words.startswith(f"{cat['verdicts'][label_key]}: ")
    samples, contract = figures["samples"], figures.get("contract")
    if f.get("cards") is not None:
        key, params = "fig_set", {**f, "samples": samples, "contract": contract}
        for c in f["cards"]:
            assert card_name(c, "nom", cat).lower() in words.lower()
    elif "average" in f:
        key, params = "fig_lead", {"card": f["answer"], "average": f["average"], "samples": samples}
    elif f["answer"] == "p":
        key, params = "fig_pass", {}
    else:
        key = "fig_hold" if f["answer"] == "hold" else "fig_raise" if f["answer"].startswith("raise:") else "fig_bid"
        params = {**f, "samples": samples}
    filled(cat["verdicts"][key], params, cat, words)
    return key


def check_why(nodes: list, entry: dict, cat: dict) -> set:
    """The explanation of one verdict against the verdict; the figure messages it used."""
    used = set()
    rest = list(nodes)
    if entry.get("reason"):
        first = rest.pop(0)
        assert first["tag"] == "p" and "why" in classes(first)
        filled(reason_words(entry["reason"], cat), entry["reason"]["params"], cat, text(first))
    if entry.get("mistake"):
        first = rest.pop(0)
        m = entry["mistake"]
        assert first["tag"] == "p" and "why" in classes(first)
        filled(cat["mistakes"][m["code"]], m["params"], cat, text(first))
        used.add("mistake")
    if entry.get("figures"):
        yours, best = rest.pop(0), rest.pop(0)
        figures = entry["figures"]
        used.add(check_figure(yours, "fig_yours", figures["chosen"], figures, cat))
        assert best["tag"] == "details" and text(best["children"][0]) == cat["verdicts"]["fig_show_best"]
        used.add(check_figure(best["children"][1], "fig_best", figures["best"], figures, cat))
    if entry.get("lines"):
        folded = rest.pop(0)
        assert folded["tag"] == "details" and text(folded["children"][0]) == cat["verdicts"]["line_show"]
        chosen, best = folded["children"][1:]
        check_line(chosen, "line_chosen", entry["lines"]["chosen"], 1, cat)
        check_line(best, "line_best", entry["lines"]["best"], 1, cat)
        used.add("lines")
        if any(t["calls"] or t["declared"] for t in entry["lines"]["chosen"] + entry["lines"]["best"]):
            used.add("calls")
    assert rest == [], "nothing but the reason, the slip, the figures and the lines"
    return used


def unshared(tree, why: dict):
    """A tree with each line of play written once (``{"shared": name}``) put back, as answers.js does;
    the names it used go into ``why["_used"]``."""
    if isinstance(tree, list):
        return [unshared(t, why) for t in tree]
    if not isinstance(tree, dict):
        return tree
    if "shared" in tree:
        why.setdefault("_used", []).append(tree["shared"])
        return why[tree["shared"]]
    return {**tree, "children": unshared(tree["children"], why)} if "children" in tree else tree


def card_forms(card: str, cat: dict) -> set:
    forms = {card_name(card, case, cat).lower() for case in cat["ranks"][card[1]]}
    return forms | {card_label(card, cat).lower()}


def tables(lessons):
    for lesson in lessons:
        for spec in lesson.puzzles:
            yield f"{lesson.slug}/{spec['id']}", lesson.checked[spec["id"]]["table"]


# -- the lessons ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_every_explained_answer_of_every_lesson_is_drawn_from_its_verdict(lessons, lang):
    cat = load_catalog(lang)
    used, count = set(), 0
    for where, table in tables(lessons):
        why = why_table(table, cat)
        assert json.loads(json.dumps(why)) == why, "plain data, as the page carries it"
        steps = table.get("steps", [table])
        step_whys = why.get("steps", [{}] * len(steps)) if "steps" in table else [why]
        assert len(step_whys) == len(steps)
        for step, step_why in zip(steps, step_whys, strict=True):
            explained = {
                key: entry
                for key, entry in step["answers"].items()
                if entry["verdict"] not in UNEXPLAINED and any(entry.get(x) for x in ("reason", "lines", "figures"))
            }
            mistakes = {str(m["number"]): {"mistake": m} for m in step.get("mistakes", [])}
            if step["answer"] == "number":
                # any other number: what to check (every number puzzle of the lessons has it)
                mistakes["other"] = {"reason": step["check"]}
            shared = {k for k in step_why if k.startswith("_line")}
            assert set(step_why) - shared == set(explained) | set(mistakes), where
            for key, entry in {**explained, **mistakes}.items():
                nodes = unshared(step_why[key], step_why)
                used |= check_why(nodes, entry, cat)
                count += 1
                # shown at once: never the answer (it comes with the second try, or a tap)
                shown = shown_text(nodes).lower()
                right = [a for a, e in step["answers"].items() if e["verdict"] == "correct"]
                if step["answer"] == "card" and len(right) == 1:
                    assert not any(form in shown for form in card_forms(right[0], cat)), (where, key, shown)
                if step["answer"] == "number" and (key == "other" or abs(int(key)) != abs(step["number"])):
                    # (a slip's sentence may echo the learner's own number: -120 typed as 120)
                    assert not re.search(rf"(?<![0-9]){abs(step['number'])}(?![0-9])", shown), (where, key)
            # a line written once is one more than one answer shows
            uses = step_why.pop("_used", [])
            assert all(uses.count(name) > 1 for name in shared), where
            if shared:
                used.add("shared")
    assert count > 400
    # every way a verdict is explained occurs in the lessons (a kind that lost its words would show)
    assert {"mistake", "lines", "calls", "shared", "fig_set", "fig_lead", "fig_bid", "fig_raise"} <= used, used


def test_the_answers_it_does_not_explain_get_nothing():
    cat = load_catalog("en")
    table = {
        "kind": "all-legal",
        "answer": "cards",
        "answers": {"SA": {"verdict": "legal", "reason": {"code": "not_your_turn", "params": {}}}},
    }
    assert why_table(table, cat) == {}
    table = {"kind": "x", "answer": "card", "answers": {"SA": {"verdict": "illegal", "reason": {"code": "x"}}}}
    assert why_table(table, cat) == {}
    assert why_table({"kind": "x", "answer": "steps", "steps": [table]}, cat) == {}


# -- drills, shared positions and the review ---------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_a_drill_carries_why_each_answer_is_wrong_beside_its_table(lang):
    cat = load_catalog(lang)
    answer = json.loads(handle(json.dumps({"op": "drill", "theme": "trick-winner", "seed": 5, "lang": lang})))
    assert answer["ok"]
    why = json.loads(answer["tree"]["attrs"]["data-why"])
    assert why == why_table(answer["table"], cat)
    wrong = {k: e for k, e in answer["table"]["answers"].items() if e["verdict"] == "wrong"}
    assert wrong and set(why) == set(wrong)
    for key, entry in wrong.items():
        check_why(why[key], entry, cat)


@pytest.mark.parametrize("lang", LANGS)
def test_a_moment_played_again_carries_both_lines_drawn(lang):
    cat = load_catalog(lang)
    request = {"op": "moment_judge", "record": RECORD, "number": 13, "action": "H9", "lang": lang}
    answer = json.loads(handle(json.dumps(request)))
    decision = answer["decision"]
    assert answer["ok"] and decision["blamed"] and decision["lines"]
    # the lines inside the decision as present/coach.py draws it
    (tree,) = find_all(answer["tree"], lambda n: n["tag"] == "details" and "lines" in classes(n))
    assert tree["tag"] == "details" and text(tree["children"][0]) == cat["verdicts"]["line_show"]
    (both,) = tree["children"][1:]
    assert "review-lines" in classes(both)
    played, best = both["children"]
    first = decision["lines"]["first"]
    assert first > 1  # the review's lines start at the decision's trick
    check_line(played, "line_played", decision["lines"]["chosen"], first, cat)
    check_line(best, "line_review_best", decision["lines"]["best"], first, cat)


def test_a_review_step_carries_the_lines_of_every_blamed_decision_it_has():
    answer = json.loads(handle(json.dumps({"op": "review", "record": RECORD, "seat": 0, "lang": "en"})))
    assert answer["ok"]
    decisions = answer["review"]["decisions"]
    with_lines = [d for d in decisions if d.get("lines")]
    assert with_lines, "the review blames a card with its lines"

    def drawn(d):  # the lines drawn in the decision's block of the review's tree (present/coach.py)
        (block,) = find_all(answer["tree"], lambda n: n.get("attrs", {}).get("data-number") == str(d["number"]))
        return find_all(block, lambda n: "review-lines" in classes(n))

    assert all(len(drawn(d)) == 1 for d in with_lines)
    assert not any(drawn(d) for d in decisions if not d.get("lines"))
    bad = json.loads(handle(json.dumps({"op": "review", "record": RECORD, "seat": 0, "lang": "xx"})))
    assert bad["ok"] is False and bad["error"]["code"] == "bad_lang"
