"""The verdict lines of every answer, written by the presentation layer (present/verdicts.py:
verdict_table, the section's data-verdicts) instead of the page code: for every answer of every
lesson puzzle's table, in both languages, the lines the page shows (right, not allowed and the
engine's reason, what a legal answer gives away, wrong; each extra card of a set with its reason,
"missing: N", each missing card's rule; a guided deal's step) are the catalog's sentences filled from
the engine's verdict, with nothing left unfilled; a typed number that is no recognised slip gets
the sentence around it with one empty slot for the number. The same lines come with a drill and a
shared position (present/web.py), and the readiness test's cost lines and best option come from the
build. No page code words a verdict, a reason or an engine error itself any more."""

import json
import re

import pytest
from tree_data import classes, text

from present.text import card_label, card_name, fmt, message, number
from present.verdicts import TYPED, VerdictError, verdict_table
from present.web import handle
from sitebuild import LANGS, ROOT
from sitebuild.catalogs import load_catalog


def reason_words(reason: dict, cat: dict) -> str:
    """A reason's sentence, filled independently of present/: the first variant given and not false."""
    entry = cat["reasons"][reason["code"]]
    params = reason["params"]
    if isinstance(entry, dict):
        entry = entry[next((k for k in entry if k and k in params and params[k] is not False), "")]
    return fmt(entry, params, cat)


def plain(line) -> str:
    """A line as the page shows it: text, or a node's text (its typed-number slot empty)."""
    return line if isinstance(line, str) else text(line)


def slots(node) -> list:
    if isinstance(node, str):
        return []
    found = [node] if TYPED in classes(node) else []
    for child in node.get("children", []):
        found += slots(child)
    return found


def check_lines(lines: list, where: str) -> None:
    assert lines and all(isinstance(line, (str, dict)) for line in lines), where
    for line in lines:
        assert "{" not in plain(line) and "}" not in plain(line), (where, line)
        assert plain(line).strip(), where


def check_other(other: list, key: str, cat: dict, where: str) -> None:
    """A typed number that is no recognised slip: the catalog's sentence around one empty slot."""
    (line,) = other
    assert isinstance(line, dict), where
    (slot,) = slots(line)
    assert slot == {"tag": "span", "class": TYPED}, where  # empty: the page fills it with text
    # the slot filled with a number reads as the catalog's sentence for that number
    slot["children"] = ["7"]
    filled = text(line)
    del slot["children"]
    assert filled == fmt(cat["verdicts"][key], {"number": 7}, cat), where


def step_tables(table: dict):
    return table["steps"] if table.get("answer") == "steps" else [table]


@pytest.mark.parametrize("lang", LANGS)
def test_every_answer_of_every_lesson_has_its_lines(lessons, lang):
    cat = load_catalog(lang)
    verdicts = cat["verdicts"]
    seen, count = set(), 0
    for lesson in lessons:
        for spec in lesson.puzzles:
            where = f"{lesson.slug}/{spec['id']}"
            table = lesson.checked[spec["id"]]["table"]
            said = verdict_table(table, cat, looking=True)
            assert json.loads(json.dumps(said)) == said, "plain data, as the page carries it"
            notices = said["notices"]
            for key, line in notices.items():
                assert line == verdicts[key], (where, key)  # static lines as the catalog has them
            if table.get("answer") == "steps":
                assert set(notices) == {"not_a_number", "deal_right", "deal_done"}
                assert len(said["steps"]) == len(table["steps"])
                # each step's lines written once, by their number (answers.js: verdictLines)
                assert len({json.dumps(x) for x in said["lines"]}) == len(said["lines"]), where
                for step, lines in zip(table["steps"], said["steps"], strict=True):
                    if step["answer"] == "number":
                        assert lines["answers"] == {}, where
                        check_other(lines["other"], "wrong_score", cat, where)
                        seen.add("deal-score")
                        continue
                    wrong = {k: e for k, e in step["answers"].items() if e["verdict"] != "correct"}
                    assert set(lines["answers"]) == set(wrong), where
                    for key, entry in wrong.items():
                        got = said["lines"][lines["answers"][key]]
                        check_lines(got, f"{where} {key}")
                        count += 1
                        if entry["verdict"] == "illegal":
                            assert got == [verdicts["illegal_action"], reason_words(entry["reason"], cat)]
                        elif entry["verdict"] == "legal-not-best":
                            params = {"loss": entry["loss"]}
                            assert got == [fmt(message(verdicts, "deal_loss", params), params, cat)]
                        else:
                            assert got == [verdicts["deal_other"]], where
                        seen.add(f"deal-{entry['verdict']}")
                continue
            words = table["words"]
            assert notices["solution_below"] == verdicts["solution_below"]
            if table["answer"] == "cards":
                marks = said["marks"]
                entries = table["answers"]
                legal = [c for c, e in entries.items() if e["verdict"] == "legal"]
                assert marks["correct"] == [verdicts[words["correct"]]] and marks["wrong"] == [verdicts[words["wrong"]]]
                assert set(marks["extra"]) == set(entries) - set(legal), where
                for card, line in marks["extra"].items():
                    extra = fmt(verdicts["extra"], {"card": card}, cat)
                    assert line == f"{extra} {reason_words(entries[card]['reason'], cat)}", where
                    assert card_name(card, "nom", cat).lower() in line.lower()
                assert list(marks["missing"]) == [str(n) for n in range(1, len(legal) + 1)], where
                for n, line in marks["missing"].items():
                    assert line == fmt(message(verdicts, "missing", {"count": int(n)}), {"count": int(n)}, cat)
                    assert number(int(n), cat) in line
                assert marks["rules"] == {c: reason_words(entries[c]["reason"], cat) for c in legal}, where
                count += len(entries)
                seen.add("cards")
                continue
            if table["answer"] == "number":
                assert notices["not_a_number"] == verdicts["not_a_number"]
                slips = {str(m["number"]): m for m in table["mistakes"]}
                assert set(said["answers"]) == {str(table["number"])} | set(slips), where
                assert said["answers"][str(table["number"])] == [verdicts[words["correct"]]]
                for key, m in slips.items():
                    (line,) = said["answers"][key]
                    assert line == fmt(verdicts[words["wrong"]], {"number": m["number"]}, cat), where
                    assert number(m["number"], cat) in line
                    count += 1
                check_other(said["other"], words["wrong"], cat, where)
                seen.add("number")
                continue
            assert set(said["answers"]) == set(table["answers"]), where
            for key, entry in table["answers"].items():
                got = said["answers"][key]
                check_lines(got, f"{where} {key}")
                count += 1
                seen.add(entry["verdict"])
                template = verdicts[words[entry["verdict"]]]
                if entry["verdict"] == "correct":
                    assert got == [template], where
                elif entry["verdict"] == "illegal":
                    assert got == [template, reason_words(entry["reason"], cat)], where
                elif entry["verdict"] == "legal-not-best":
                    (line,) = got
                    assert number(entry["loss"], cat) in line or entry["loss"] == 1, where
                    assert line == fmt(message(verdicts, words["legal-not-best"], entry), entry, cat)
                else:
                    assert got == [fmt(template, entry, cat)], where
                    for name in re.findall(r"\{(\w+)", template):  # the card or the player it names
                        value = entry[name]
                        shown = card_name(value, "nom", cat) if name == "card" else number(value, cat)
                        assert shown.lower() in got[0].lower(), (where, got)
    assert count > 1000
    # every way a verdict is worded occurs in the lessons
    assert {"correct", "illegal", "legal-not-best", "wrong", "cards", "number"} <= seen, seen
    assert {"deal-illegal", "deal-legal-not-best", "deal-other", "deal-score"} <= seen, seen


def test_a_hand_only_to_look_at_gets_its_notice():
    cat = load_catalog("fi")
    table = {"kind": "x", "answer": "card", "words": {"correct": "correct"}, "answers": {"SA": {"verdict": "correct"}}}
    assert "hand_looking_trick" not in verdict_table(table, cat)["notices"]
    said = verdict_table(table, cat, looking=True)
    assert said["notices"]["hand_looking_trick"] == cat["verdicts"]["hand_looking_trick"]


def test_a_verdict_the_catalog_cannot_word_is_refused():
    cat = load_catalog("en")
    table = {"kind": "x", "answer": "card", "words": {"wrong": "wrong"}, "answers": {"SA": {"verdict": "wrong"}}}
    with pytest.raises(VerdictError, match="verdicts.wrong"):
        verdict_table(table, cat)
    table = {"kind": "x", "answer": "card", "words": {"wrong": "wrong_winner"}, "answers": {"SA": {"verdict": "wrong"}}}
    with pytest.raises(VerdictError, match="no card"):
        verdict_table(table, cat)
    table = {"kind": "x", "answer": "card", "words": {}, "answers": {"SA": {"verdict": "maybe"}}}
    with pytest.raises(VerdictError, match="maybe"):
        verdict_table(table, cat)
    assert issubclass(VerdictError, ValueError)


@pytest.mark.parametrize("lang", LANGS)
def test_a_drill_and_a_shared_position_carry_their_lines_beside_the_table(lang):
    cat = load_catalog(lang)
    for theme in ("trick-winner", "scoring", "follow-suit"):
        answer = json.loads(handle(json.dumps({"op": "drill", "theme": theme, "seed": 3, "lang": lang})))
        assert answer["ok"], answer
        looking = answer["view"]["form"].get("hand") == "looking"
        said = json.loads(answer["tree"]["attrs"]["data-verdicts"])
        assert said == verdict_table(answer["table"], cat, looking)
    position = "rules:three-player/hands:AK...,QJ...,T9.../lead:0"
    for kind in ("legal-card", "all-legal"):
        request = {"op": "puzzle", "puzzle": {"kind": kind, "position": position}, "lang": lang}
        answer = json.loads(handle(json.dumps(request)))
        assert answer["ok"], answer
        assert json.loads(answer["tree"]["attrs"]["data-verdicts"]) == verdict_table(answer["table"], cat)


@pytest.mark.parametrize("lang", LANGS)
def test_the_readiness_test_gets_each_answers_cost_and_the_best_option_from_the_build(lang):
    from present.puzzle import puzzle_tree
    from present.tree import to_dict
    from sitebuild import readiness

    cat = load_catalog(lang)
    from sitebuild.measured import load_measured

    measured = load_measured(ROOT / "lessons")  # as the build reads it
    segs, data = readiness.page_data(readiness.load_bank(ROOT / "lessons"), cat, measured)
    words = cat["readiness"]
    labelled = set()
    for seg in segs:
        entry = data["decisions"][seg["id"]]
        assert set(entry["said"]) == set(entry["costs"]), seg["id"]
        for key, cost in entry["costs"].items():
            line = entry["said"][key]
            if key == entry["best"]:
                assert line == words["cost_none"]
            elif cost == 1:
                assert line == words["cost_one"]
            else:
                assert line == fmt(words["cost"], {"cost": cost}, cat) and number(cost, cat) in line
        # the best option named as the lessons name cards (one word in Finnish: "patakuningas"), a
        # bid or raise by its button's caption
        tree = to_dict(puzzle_tree(seg, cat))
        best = entry["best"]
        (button,) = [
            b
            for b in find(tree, lambda n: n["tag"] == "button")
            if best in (b.get("attrs", {}).get("data-choice"), b.get("attrs", {}).get("data-card"))
        ]
        pictures = find(button, lambda n: n.get("attrs", {}).get("role") == "img")
        if best.startswith("trump:"):  # a declaration: its caption, then the king and queen it declares
            names = [p["attrs"]["aria-label"] for p in pictures]
            assert names == [card_label(f"{best[-1]}{rank}", cat) for rank in "KQ"], names
            assert entry["best_said"] == fmt(words["best"], {"answer": button["children"][0]}, cat), seg["id"]
            labelled.add("declaration")
            continue
        if pictures:  # a set of cards to give or throw away: "discard:HK.S7"
            cards = best.split(":", 1)[1].split(".")
            assert len(cards) == len(pictures)
        else:
            cards = [button["attrs"]["data-card"]] if "data-card" in button["attrs"] else []
        label = ", ".join(card_name(c, "nom", cat) for c in cards) or text(button).strip()
        assert lang != "fi" or not cards or " " not in label.split(", ")[0], label
        assert entry["best_said"] == fmt(words["best"], {"answer": label}, cat), seg["id"]
        labelled.add("card" if "data-card" in button["attrs"] else "cards" if pictures else "caption")
    assert {"card", "caption"} <= labelled, labelled  # cards to play, bids and raises


def find(tree, test) -> list:
    found = []

    def walk(node):
        if isinstance(node, dict):
            if test(node):
                found.append(node)
            for child in node.get("children", []):
                walk(child)

    walk(tree)
    return found


# -- the page code words none of it --------------------------------------------------------------------------
GONE = {
    "verdict": re.compile(r"\bverdict\("),
    "reason": re.compile(r"(?<![\w.])reason\("),
    "errorText": re.compile(r"\berrorText\("),
}
# score.js (the score sheet) still words its own errors: another change moves them into present/
STILL = {"reason": {"score.js", "messages.js"}, "errorText": {"score.js", "messages.js"}}


@pytest.mark.parametrize("name", sorted(GONE))
def test_no_page_code_words_a_verdict_a_reason_or_an_engine_error(name):
    calls = sorted(
        path.name
        for path in (ROOT / "site/assets").glob("*.js")
        if GONE[name].search(path.read_text(encoding="utf-8")) and path.name not in STILL.get(name, set())
    )
    assert calls == [], f"{name}() still called in {calls}"
    messages = (ROOT / "site/assets/messages.js").read_text(encoding="utf-8")
    assert "export function verdict(" not in messages


def test_the_check_above_finds_a_call():
    assert GONE["verdict"].search('lines.push(verdict("missing", { count }))')
    assert GONE["reason"].search("el('p', 'why', reason(result.reason))")
    assert not GONE["reason"].search("result.reason(")


def test_the_pages_catalog_no_longer_carries_the_verdicts_and_slips():
    """Nobody in the page code reads the catalog's verdicts or slips any more: present/ words them."""
    embed = re.search(r'id="catalog">\{\{ (.*?) \| json_script \}\}', (ROOT / "site/templates/base.html").read_text())
    assert embed, "base.html embeds no catalog"
    assert '"verdicts"' not in embed.group(1) and '"mistakes"' not in embed.group(1)
    for path in (ROOT / "site/assets").glob("*.js"):
        code = path.read_text(encoding="utf-8")
        assert not re.search(r"catalog\.(verdicts|mistakes)\b", code), path.name
