"""Input reading and bounds (issue 29): strict JSON in and out, ASCII digits only (the command line
included, with the web op's seed range), a named code for every refusal, short excerpts in error
messages, and every op and command bounded or refused with a code (docs/bounds.md)."""

import contextlib
import io
import json
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from engine.__main__ import MAX_ARENA_DEALS, main
from engine.coach.game import MAX_DEALS
from engine.web import MAX_SEED, MAX_SOLVE_TRICKS, handle

ROOT = Path(__file__).resolve().parent.parent
POSITION = "rules:three-player/hands:A...,K...,Q.../lead:0"
WHOLE_DEAL = "rules:faq-pairs/hands:AKQJT9876...,.AKQJT9876..,..AKQJT9876.,...AKQJT9876/lead:0"
BIG = "9" * 5000


def strict(text: str) -> dict:
    def refuse(constant):
        raise AssertionError(f"{constant} in an answer")

    return json.loads(text, parse_constant=refuse)


def error_of(request) -> dict:
    text = handle(request if isinstance(request, str) else json.dumps(request))
    answer = strict(text)
    assert answer["ok"] is False, answer
    return answer["error"]


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e999", "-1e999"])
def test_a_number_json_does_not_have_is_refused_as_the_request_is_read(constant):
    for request in (
        '{"op": "play", "preset": "faq", "seed": ' + constant + "}",
        '{"op": "puzzle", "puzzle": {"kind": "legal-card", "position": "'
        + POSITION
        + '", "before": '
        + constant
        + "}}",
        '{"op": "presets", "id": ' + constant + "}",
    ):
        assert error_of(request)["code"] in ("not_json", "number_too_long")


def test_a_number_of_thousands_of_digits_is_refused_by_name_everywhere():
    cases = [
        ('{"op": "play", "preset": "faq", "seed": ' + BIG + "}", "number_too_long"),
        ({"op": "check", "position": POSITION, "action": BIG}, "action_too_long"),
        ({"op": "check", "position": POSITION, "action": "9" * 150}, "number_too_long"),
        ({"op": "check", "position": POSITION, "action": "raise:" + "9" * 150}, "number_too_long"),
        ({"op": "rules", "rules": "faq+target=" + BIG}, "option_range"),
        ({"op": "play", "preset": "faq", "seed": BIG}, "seed_range"),
        ({"op": "game", "rules": "faq", "seed": 1, "history": [[BIG]]}, "history_action"),
    ]
    for request, code in cases:
        error = error_of(request)
        assert error["code"] == code, (code, error)
        assert "4300" not in error["message"] and "set_int_max_str_digits" not in error["message"]


def test_an_error_quotes_at_most_a_short_excerpt():
    for request in (
        {"op": "check", "position": POSITION, "action": "x" * 1_000_000},
        {"op": "check", "position": POSITION, "action": "S" + "x" * 150},
        {"op": "rules", "rules": "faq+target=" + "x" * 100_000},
        {"op": "rules", "rules": "faq+" + "x" * 100_000},
        {"op": "legal", "position": "rules:" + "x" * 3000 + "/hands:/lead:0"},
        {"op": "nope", "id": "x" * 100_000},
    ):
        answer = handle(json.dumps(request))
        assert len(answer) < 1000, (len(answer), answer[:200])


@pytest.mark.parametrize(
    "request_, code",
    [
        ("{", "not_json"),
        ("[" * 100_000, "not_json"),
        ({"op": "legal"}, "missing_field"),
        ({"op": "legal", "position": 5}, "field_type"),
        ({"op": "game", "rules": ["faq"], "seed": 1}, "field_type"),
        ({"op": "game", "rules": "faq", "seed": 1, "action": 5}, "field_type"),
        ({"op": "game", "rules": "faq", "seed": 1, "computers": [["x"], "easy"]}, "unknown_player"),
        ({"op": "game", "rules": "faq", "seed": 1, "computers": "easy"}, "computers_shape"),
        ({"op": "game", "rules": "faq", "seed": 1, "history": [[5]]}, "history_action"),
        ({"op": "game", "rules": "faq", "seed": 1, "history": 5}, "history_shape"),
        ({"op": "game", "rules": "faq", "seed": 1, "history": [["40"], []]}, "history_unfinished"),
        ({"op": "game", "rules": "faq", "seed": 1, "action": "next"}, "deal_not_over"),
        ({"op": "game", "rules": "faq", "seed": -1}, "seed_range"),
        ({"op": "play", "preset": "faq", "seed": "１"}, "seed_range"),
        ({"op": "contract", "position": POSITION}, "no_contract"),
        ({"op": "solve", "position": WHOLE_DEAL}, "solve_too_large"),
        ({"op": "contract", "position": WHOLE_DEAL + "/bidder:0/bid:50"}, "solve_too_large"),
    ],
)
def test_every_refusal_has_a_named_code(request_, code):
    error = error_of(request_)
    assert error["code"] == code, error
    for words in ("object is not", "unhashable", "has no attribute", "invalid literal"):
        assert words not in error["message"], error


def test_a_history_of_more_deals_than_a_match_can_have_is_refused_at_once():
    started = time.perf_counter()
    history = [["p", "p", "p"]] * 100_000
    error = error_of({"op": "game", "rules": "german+all_pass_no_contract=off", "seed": 1, "history": history})
    assert error["code"] == "history_too_long" and error["params"]["most"] == MAX_DEALS
    assert time.perf_counter() - started < 5
    error = error_of({"op": "hint", "rules": "faq", "seed": 1, "history": [[]] * (MAX_DEALS + 1)})
    assert error["code"] == "history_too_long"


def test_the_solver_ops_take_the_endings_the_site_uses():
    ending = "rules:three-player/hands:AK...,QJ...,T9.../lead:0/bidder:0/bid:40"
    assert strict(handle(json.dumps({"op": "solve", "position": ending})))["ok"]
    assert strict(handle(json.dumps({"op": "contract", "position": ending})))["ok"]
    started = time.perf_counter()
    error = error_of({"op": "solve", "position": WHOLE_DEAL})
    assert error["params"] == {"most": MAX_SOLVE_TRICKS, "count": 9}
    assert time.perf_counter() - started < 2


def test_answers_are_strict_json_and_ids_are_echoed_only_when_short():
    assert strict(handle('{"op": "presets", "id": 7}'))["id"] == 7
    assert strict(handle(json.dumps({"op": "presets", "id": "x" * 1000})))["id"] is None


# -- the command line ------------------------------------------------------------------------------


def run(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("text", ["０", "𝟎", "٢", "1_0", "+2", " 2", "2.0", "1e3", "-1", str(MAX_SEED + 1), "9" * 5000])
@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--preset", "faq", "--seed", "{}"],
        ["review", "rules:faq/seed:1/actions:40", "--seat", "{}"],
        ["arena", "--preset", "faq", "--players", "easy,easy,easy", "--deals", "{}"],
        ["arena", "--preset", "faq", "--players", "easy,easy,easy", "--seed", "{}"],
        ["solve", POSITION, "--processes", "{}"],
    ],
)
def test_the_command_line_reads_only_ascii_digits_in_range(argv, text):
    code, out, err = run([a.replace("{}", text) for a in argv])
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1, (argv, text, err)
    assert len(err) < 400


def test_the_command_line_seed_range_is_the_web_ops():
    assert run(["play", "--preset", "faq", "--seed", str(MAX_SEED)])[0] == 0
    assert strict(handle(json.dumps({"op": "play", "preset": "faq", "seed": MAX_SEED})))["ok"]
    assert run(["play", "--preset", "faq", "--seed", str(MAX_SEED + 1)])[0] == 2
    assert error_of({"op": "play", "preset": "faq", "seed": MAX_SEED + 1})["code"] == "seed_range"


def test_closed_standard_input_is_one_line_not_a_traceback():
    done = subprocess.run(
        ["bash", "-c", f"{sys.executable} -m engine legal - <&-"], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
    assert "closed" in done.stderr and "Traceback" not in done.stderr


def test_the_arena_caps_its_deals_and_streams_progress():
    code, out, err = run(
        ["arena", "--preset", "faq", "--players", "easy,easy,easy", "--deals", str(MAX_ARENA_DEALS + 1)]
    )
    assert code == 2 and str(MAX_ARENA_DEALS) in err
    code, out, err = run(["arena", "--preset", "faq", "--players", "easy,easy,easy", "--deals", "20"])
    assert code == 0 and err.splitlines() == ["arena: 10 of 20 deals played", "arena: 20 of 20 deals played"]


def test_solve_on_the_command_line_refuses_a_whole_deal_without_any_size():
    code, out, err = run(["solve", WHOLE_DEAL])
    assert code == 2 and "--any-size" in err


def test_a_long_error_on_the_command_line_is_cut_to_an_excerpt():
    code, out, err = run(["legal", "rules:three-player+" + "x" * 10_000 + "/hands:A...,K...,Q.../lead:0"])
    assert code == 2 and len(err) < 400


# -- the puzzles package (engine/puzzles/): its fields read strictly, refused with named codes --------------

SPECS = {p["id"]: p for p in tomllib.loads((ROOT / "tests/fixtures/kinds/01-kinds/lesson.toml").read_text())["puzzle"]}


@pytest.mark.parametrize("digit", ["０", "𝟎", "٢"])
def test_count_questions_read_only_ascii_digits(digit):
    spec = {**SPECS["fx-count"], "question": f"points-taken:{digit}", "answer": None}
    assert strict(handle(json.dumps({"op": "puzzle", "puzzle": spec})))["ok"] is False


def test_voids_read_only_ascii_digits():
    error = error_of({"op": "puzzle", "puzzle": {**SPECS["fx-lead"], "voids": ["２:H"]}})
    assert "should be a seat and suits" in error["message"], error


@pytest.mark.parametrize("changes", [{"show": 5}, {"show": [[1]]}, {"answer": 5}, {"answer": [[1]]}])
def test_puzzle_fields_of_the_wrong_kind_are_refused_with_a_named_code(changes):
    spec = {"kind": "best-card", "position": "rules:three-player/hands:AK...,QJ...,T9.../lead:0", **changes}
    error = error_of({"op": "puzzle", "puzzle": spec})
    assert error["code"] not in ("bad_request", "bad_value", "PuzzleError", "DecisionError"), error
