"""Answer tables: the engine's verdict on every answer of a puzzle, computed once (at build time for
the lessons), agree with the rules and the solver, and judging by the table is judging by the engine."""

import html
import itertools
import json
import re
import tomllib
from pathlib import Path

import pytest

from engine import puzzles
from engine.core.actions import Play, parse_action
from engine.core.cards import Card
from engine.core.notation import parse_position
from sitebuild import cache

ROOT = Path(__file__).resolve().parent.parent
# the lesson puzzles as written (cheap, for collection); the engine checks them in the ``lessons`` fixture
LESSON_PUZZLES = [
    p for path in sorted(ROOT.glob("lessons/*/lesson.toml")) for p in tomllib.loads(path.read_text("utf-8"))["puzzle"]
]
PIDS = [p["id"] for p in LESSON_PUZZLES]
PUZZLE_SECTION = r'<section class="puzzle[^"]*" id="puzzle-([^"]+)"[^>]*? data-answers="([^"]*)"'
BUILD_TIME_KINDS = (*puzzles.DECISION_KINDS, "count", "deal")  # tests/test_kinds.py checks them in depth


@pytest.fixture(autouse=True, scope="module")
def build_mode():
    """As in the build: estimates and deep searches allowed, from the session's cache."""
    with cache.installed():
        yield


@pytest.fixture(scope="module")
def checked(lessons) -> dict:
    """What the build's check said of each lesson puzzle (view, solution, table), by id."""
    return {p["id"]: lesson.checked[p["id"]] for lesson in lessons for p in lesson.puzzles}


@pytest.fixture(scope="module")
def page_tables(built_site, lessons) -> dict:
    """The answer table each lesson page carries (``data-answers``), by puzzle id."""
    tables = {}
    for lesson in lessons:
        page = (built_site / "fi" / "lessons" / lesson.slug / "index.html").read_text("utf-8")
        for pid, answers in re.findall(PUZZLE_SECTION, page):
            tables[pid] = json.loads(html.unescape(answers))
    assert set(tables) == set(PIDS), "every lesson puzzle is on its lesson's page"
    return tables


@pytest.mark.parametrize("spec", LESSON_PUZZLES, ids=PIDS)
def test_every_answer_of_every_lesson_puzzle_agrees_with_the_rules(spec, page_tables):
    table = puzzles.answer_table(spec)
    sol = puzzles.solution(spec)
    kind = spec["kind"]
    assert table == page_tables[spec["id"]], "the page's table is the engine's"
    if kind in BUILD_TIME_KINDS or puzzles.is_record(spec["position"]):
        if kind in puzzles.DECISION_KINDS:
            legal = {a: v for a, v in sol["values"].items() if sol["reasons"][a] is None}
            accepted = {a for a, v in table["answers"].items() if v["verdict"] == "correct"}
            assert accepted == {a for a, v in legal.items() if v >= max(legal.values()) - sol["margin"]}
        return
    entries = table["answers"]
    if kind == "score":
        assert entries == {} and table["number"] == sol["score"]
        return
    if kind == "auction":
        assert set(entries) == {str(s) for s in range(len(entries))}
        assert [a for a, v in entries.items() if v["verdict"] == "correct"] == [str(sol["seat"])]
        return
    deal = parse_position(spec["position"])
    if kind in ("legal-card", "all-legal", "best-card"):
        assert list(entries) == [str(c) for c in deal.hands[deal.to_move]]
    for answer, verdict in entries.items():
        if kind == "declare":
            reason = None if answer == "none" else deal.why_illegal(parse_action(answer))
        elif kind == "trick-winner":
            assert verdict["verdict"] == ("correct" if answer in sol["cards"] else "wrong")
            continue
        else:
            reason = deal.why_illegal(Play(Card.parse(answer)))
        assert (verdict["verdict"] == "illegal") == (reason is not None), answer
        if reason is not None:
            assert verdict["reason"]["code"] == reason.code
        elif kind == "all-legal":
            assert verdict["verdict"] == "legal"
        elif kind == "legal-card":
            assert verdict["verdict"] == "correct"
        elif kind in ("best-card", "declare"):
            values = sol["values"]
            best = max(values.values())
            if values[answer] == best:
                assert verdict["verdict"] == "correct"
            else:
                assert verdict == {**verdict, "verdict": "legal-not-best", "loss": best - values[answer]}


def test_all_legal_is_judged_as_a_set_of_marks():
    spec = next(p for p in LESSON_PUZZLES if p["id"] == "any-heart")
    table = puzzles.answer_table(spec)
    legal = sorted(a for a, v in table["answers"].items() if v["verdict"] == "legal")
    assert puzzles.judge_with_table(table, legal) == {"verdict": "correct"}
    illegal = next(a for a, v in table["answers"].items() if v["verdict"] == "illegal")
    wrong = puzzles.judge_with_table(table, [legal[0], illegal])
    assert wrong["verdict"] == "wrong" and wrong["extra"] == [illegal] and wrong["missing"] == legal[1:]
    assert wrong["reasons"][illegal]["code"] == "must_follow_suit"
    with pytest.raises(puzzles.PuzzleError, match="not a card of the hand"):
        puzzles.judge_with_table(table, ["SA", "XX"])


@pytest.mark.parametrize(
    "text, number",
    [("57", 57), (" -60 ", -60), ("\u221260", -60), ("0", 0), ("123456", 123456)]
    + [(bad, None) for bad in ("", "abc", "1e3", "5.0", "9" * 30, "1234567", "\uff15", "\u00b2", "--5", "+5")],
)
def test_a_typed_number_is_read_or_refused(text, number):
    assert puzzles.read_number(text) == number


def test_a_score_puzzle_judges_numbers_and_refuses_what_is_not_one():
    spec = next(p for p in LESSON_PUZZLES if p["kind"] == "score")
    right = puzzles.solution(spec)["score"]
    assert puzzles.judge(spec, str(right))["verdict"] == "correct"
    assert puzzles.judge(spec, str(right + 5)) == {**puzzles.judge(spec, str(right + 5)), "verdict": "wrong"}
    assert puzzles.judge(spec, "abc")["verdict"] == "not-a-number"


def test_an_answer_that_the_puzzle_does_not_offer_is_refused():
    spec = next(p for p in LESSON_PUZZLES if p["kind"] == "best-card")
    hand = set(puzzles.answers(spec))
    outside = next(str(c) for c in itertools.islice(map(str, _all_cards()), 36) if str(c) not in hand)
    with pytest.raises(puzzles.PuzzleError, match="not one of the answers"):
        puzzles.judge(spec, outside)
    with pytest.raises(puzzles.PuzzleError, match="not a card"):
        puzzles.judge(spec, "ZZ")


def _all_cards():
    from engine.core.cards import ALL_CARDS

    return ALL_CARDS


def test_cards_played_over_several_tricks_are_shown_at_the_seats_that_played_them():
    # you lead the king of spades, the ten on your left wins and leads the last trick: the
    # ace of hearts is theirs, not yours (the seats do not simply go round in order)
    spec = {
        "kind": "score",
        "position": "rules:three-player/hands:K...J,T...A,6...Q/lead:0/bidder:2/bid:55/points:22,36,32/tricks:2,4,3",
        "then": "SK-ST-S6-HA-HQ-HJ",
        "side": 1,
    }
    seats = [(t["seat"], t["card"]) for t in puzzles.view(spec)["then"]]
    assert seats == [(0, "SK"), (1, "ST"), (2, "S6"), (1, "HA"), (2, "HQ"), (0, "HJ")]


def _wrong_entries(table: dict):
    for step in table.get("steps", [table]):
        for answer, entry in step["answers"].items():
            if entry["verdict"] not in ("correct", "legal", "other"):
                yield answer, entry


@pytest.mark.parametrize("spec", LESSON_PUZZLES, ids=PIDS)
def test_every_wrong_answer_says_why(spec, checked):
    """Each wrong answer in every lesson's table carries why: the engine's reason, the lines of
    play, the estimate's figures; every number puzzle carries the mistakes it recognises."""
    table = checked[spec["id"]]["table"]
    for answer, entry in _wrong_entries(table):
        if spec["kind"] == "deal" and entry["verdict"] == "legal-not-best":
            # a card off the guided deal's line: the points it gives away against the deal's card,
            # which the step's commentary explains (searching both lines of an 11-trick deal at
            # every step would cost the build minutes)
            assert entry["loss"] > 0
            continue
        assert entry.get("reason") or entry.get("lines") or entry.get("figures"), f"{answer}: {entry}"
    for step in table.get("steps", [table]):
        if step.get("answer") == "number":
            assert step["mistakes"], "a number puzzle recognises the common slips"
            assert all(m["number"] != step["number"] for m in step["mistakes"])


def test_a_wrong_best_card_shows_both_lines_trick_by_trick():
    spec = next(p for p in LESSON_PUZZLES if p["kind"] == "best-card")
    table = puzzles.answer_table(spec)
    entry = next(e for e in table["answers"].values() if e["verdict"] == "legal-not-best")
    chosen, best = entry["lines"]["chosen"], entry["lines"]["best"]
    assert chosen[0]["plays"][-1]["card"] == entry["card"] or any(
        p["card"] == entry["card"] for p in chosen[0]["plays"]
    )
    for line in (chosen, best):
        assert all(t["winner"] in ("you", "left", "right", "partner", "across") for t in line if len(t["plays"]) > 1)
        points = sum(t["points"] for t in line)
        assert points <= 120 + 20  # the pack, at most


def test_a_score_mistake_is_recognised():
    """The classic slip: the bidder's own points typed instead of the contract."""
    for spec in LESSON_PUZZLES:
        table = puzzles.answer_table(spec) if spec["kind"] == "score" else None
        if not table:
            continue
        codes = {m["code"]: m for m in table["mistakes"]}
        if "total_not_contract" in codes:
            verdict = puzzles.judge_with_table(table, str(codes["total_not_contract"]["number"]))
            assert verdict["verdict"] == "wrong" and verdict["mistake"]["code"] == "total_not_contract"
            return
    pytest.fail("no score puzzle of the bidder's side")


def _line_points(line, rules, ours=("you", "partner")) -> int:
    """The points a line of play brings the learner's side: its tricks' card points, the last
    trick's bonus and its declarations' bonuses."""
    points = 0
    for i, trick in enumerate(line):
        if trick["winner"] in ours:
            points += trick["points"] + (rules.last_trick_bonus if i == len(line) - 1 else 0)
        points += sum(d["bonus"] for d in trick["declared"] if d["place"] in ours)
    return points


@pytest.mark.parametrize(
    "spec", [p for p in LESSON_PUZZLES if p["kind"] in ("best-card", "declare")], ids=lambda p: p["id"]
)
def test_the_lines_a_wrong_answer_shows_add_up_to_the_puzzles_values(spec):
    """The line after a wrong card and the best line are played as the puzzle is valued (the
    learner's side against the others), so their points are the engine's values of both."""
    puzzle = puzzles.load(spec)
    sol = puzzle.solution()
    for answer, entry in puzzle.answer_table()["answers"].items():
        if entry["verdict"] != "legal-not-best":
            continue
        best = max(sol["values"].values())
        assert _line_points(entry["lines"]["best"], puzzle.deal.rules) == best, answer
        assert _line_points(entry["lines"]["chosen"], puzzle.deal.rules) == best - entry["loss"], answer
