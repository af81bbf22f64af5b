"""The command line: each command, --json, and one-line errors with exit code 2."""

import json
import subprocess
import sys

import pytest

POS = "rules:wikibooks/hands:A..A.,K..K.,.J..Q9/lead:0/trick:H8-HJ"


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True, text=True, input=stdin)


def test_legal_lists_legal_cards_and_reasons():
    out = run("legal", POS)
    assert out.returncode == 0
    assert "legal: HQ" in out.stdout
    assert "H9: must_overtake" in out.stdout and "CJ: must_follow_suit" in out.stdout


def test_legal_json_and_stdin():
    out = run("legal", "-", "--json", stdin=POS)
    data = json.loads(out.stdout)
    assert data["legal"] == ["HQ"] and data["to_move"] == 2
    assert {i["card"]: i["reason"]["code"] for i in data["illegal"]} == {
        "CJ": "must_follow_suit",
        "H9": "must_overtake",
    }


def test_winner():
    out = run("winner", "rules:three-player/hands:9..K.,A...9,..T./lead:2/trick:D7", "--cards", "DK-SA", "--json")
    data = json.loads(out.stdout)
    assert data == {"trick": ["D7", "DK", "SA"], "trump": None, "index": 1, "seat": 0, "card": "DK", "complete": True}


def test_play_then_score_round_trip():
    played = run("play", "--preset", "faq", "--seed", "11")
    record = played.stdout.splitlines()[0]
    scored = run("score", record, "--json")
    assert scored.returncode == 0
    assert json.loads(scored.stdout)["record"] == record
    assert run("play", "--preset", "faq", "--seed", "11").stdout == played.stdout  # deterministic


@pytest.mark.parametrize(
    "args, fragment",
    [
        (("legal", "rules:nope/hands:/lead:0"), "unknown rule set 'nope'"),
        (("legal", POS.replace("Q9", "Q9X")), "unknown rank 'X'"),
        (("legal", POS.replace(".J..Q9", ".J..Q9A")), "seat 2 holds 4 cards"),
        (("legal", POS.replace("H8-HJ", "H8-SA")), "SA is in both"),
        (("score", "rules:faq/seed:1/actions:40,35"), "action 2 (35) is illegal"),
        (("score", "rules:faq/seed:1/actions:40"), "not over"),
        (("play", "--preset", "faq", "--seed", "x"), "invalid int value"),
        (("frobnicate",), "invalid choice"),
        ((), "a command is needed"),
    ],
)
def test_bad_input_one_line_exit_2(args, fragment):
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1 and fragment in out.stderr, out.stderr
    assert "Traceback" not in out.stderr


def test_winner_refuses_cards_past_the_end_of_the_trick():
    out = run("winner", "rules:three-player/hands:9..K.,A6...,..T./lead:2/trick:D7", "--cards", "DK-SA-S6")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "error: cards: the trick is complete with 3 cards, so S6 would belong to the next trick\n"
    out = run("winner", "rules:three-player/hands:9..K.,A6...,..T./lead:2/trick:D7", "--cards", "DK-SA")
    assert out.returncode == 0 and "DK (seat 0) wins the trick D7-DK-SA" in out.stdout


def test_winner_refuses_an_illegal_card():
    out = run("winner", "rules:three-player/hands:9..K.,A...9,..T./lead:2/trick:D7", "--cards", "S9")
    assert out.returncode == 2 and "must follow suit" in out.stderr


def test_solve_marks_the_optimal_actions():
    pos = "rules:three-player/hands:KQ.KQ.6.,A.7.98.J,T.8.7.AT/lead:0/decl:S0/tricks:3,2,1"
    out = run("solve", pos, "--json")
    data = json.loads(out.stdout)
    assert data["best"] == ["trump:C"]
    assert {a["action"] for a in data["actions"]} == {"SK", "SQ", "CK", "CQ", "D6", "trump:C"}
    text = run("solve", pos).stdout
    assert "* trump:C" in text
    bad = run("solve", "rules:three-player/hands:/lead:0")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
    bad = run("solve", pos, "--processes", "0")
    assert bad.returncode == 2 and bad.stderr == "error: --processes must be at least 1, not 0\n"
    bad = run("solve", "rules:three-player/hands:/lead:0", "--processes", "0")  # the option first
    assert bad.returncode == 2 and bad.stderr == "error: --processes must be at least 1, not 0\n"
    one = json.loads(run("solve", pos, "--json", "--processes", "1").stdout)
    assert one["actions"] == data["actions"]


def test_solve_says_whether_the_contract_can_still_be_made():
    pos = "rules:three-player/hands:KQ.KQ.6.,A.7.98.J,T.8.7.AT/lead:0/decl:S0/tricks:3,2,1/bidder:0/points:30,20,12"
    # 30 card points and the 40 of spades: 70 so far; declaring clubs wins 90 more
    data = json.loads(run("solve", pos + "/bid:150", "--json").stdout)["contract"]
    assert data["have"] == 70 and data["can_make"] and data["making_actions"] == ["trump:C"]
    text = run("solve", pos + "/bid:150").stdout
    assert (
        "contract 150: the bidder's side (seat 0) has 70 and needs 80 more; it can still make it with: trump:C" in text
    )
    data = json.loads(run("solve", pos + "/bid:165", "--json").stdout)["contract"]
    assert not data["can_make"] and data["making_actions"] == []
    assert "it cannot make it against best play" in run("solve", pos + "/bid:165").stdout


def test_solve_says_who_the_side_is_what_the_value_counts_and_the_best_line():
    pos = "rules:three-player/hands:KQ.KQ.6.,A.7.98.J,T.8.7.AT/lead:0/decl:S0/tricks:3,2,1"
    text = run("solve", pos).stdout
    assert "the others (seats 1 and 2) are assumed to play together against it" in text
    assert "can still take 90 more points against best play (card points, the last trick and trump bonuses)" in text
    line = next(x for x in text.splitlines() if x.startswith("best line: "))
    assert line.startswith("best line: trump:C(0) ") and line.count("|") == 4  # five tricks to go
    data = json.loads(run("solve", pos, "--json").stdout)
    assert data["line"][0] == {"seat": 0, "action": "trump:C"} and len(data["line"]) == 16
    pairs = "rules:faq-pairs/hands:A...,K...,Q...,J.../lead:1/tricks:4,2,1,1/points:50,30,10,10"
    assert "its side is the pair of seats 1 and 3, against seats 0 and 2" in run("solve", pairs).stdout


def test_solve_tells_a_defender_which_actions_defeat_the_contract():
    pos = "rules:three-player/hands:KQ.KQ.6.,A.7.98.J,T.8.7.AT/lead:0/decl:S0/tricks:3,2,1/points:30,20,12/bidder:1"
    data = json.loads(run("solve", pos + "/bid:60", "--json").stdout)["contract"]
    assert data["mover_side"] == "defender" and data["side_seats"] == [1]
    text = run("solve", pos + "/bid:60").stdout
    assert "seat 0 defends, so its good actions are those that defeat the contract" in text
    defeat = set(data["defeating_actions"])
    assert defeat and defeat.isdisjoint(data["making_actions"])
    assert defeat | set(data["making_actions"]) == {"SK", "SQ", "CK", "CQ", "D6", "trump:C"}


def test_solve_help_documents_the_position():
    out = run("solve", "-h")
    assert out.returncode == 0
    assert "rules:three-player/hands:A.7..,K.8..,Q.9../lead:0" in " ".join(out.stdout.split()).replace(
        "three- player", "three-player"
    )
    assert "assumed to play together" in out.stdout


# -- writing the answer: a closed pipe, a full disk, text that is not Unicode ---------------------
SHEET_WITH_SURROGATE = (
    '{"format": "%s", "version": 1, "rules": "three-player", '
    '"players": ["Aino\\ud800", "Eero", "Kaisa"], "first_dealer": 0, "deals": []}'
)


def test_a_reader_that_stops_reading_ends_the_command_quietly():
    """``python -m engine review RECORD --json | head -1``: the reader closes the pipe before the
    answer is written (a review is longer than a pipe's buffer); no traceback."""
    played = run("play", "--preset", "faq", "--seed", "3").stdout.splitlines()[0]
    proc = subprocess.Popen(
        [sys.executable, "-m", "engine", "review", played, "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    proc.stdout.close()  # nobody reads the answer
    _, err = proc.communicate(timeout=600)
    assert err == b"", err
    assert proc.returncode == 141


def test_a_failed_write_is_one_line_and_exit_2():
    with open("/dev/full", "w") as full:
        out = subprocess.run(
            [sys.executable, "-m", "engine", "presets", "--json"], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert out.returncode == 2
    assert out.stderr.splitlines() == ["error: cannot write the answer: No space left on device"]


@pytest.mark.parametrize("as_json", [True, False])
def test_a_lone_surrogate_from_the_input_is_refused_in_one_line(as_json):
    from engine.core.tally import FORMAT

    out = run("tally", "-", *(["--json"] if as_json else []), stdin=SHEET_WITH_SURROGATE % FORMAT)
    assert out.returncode == 2, out
    assert out.stdout == ""
    assert out.stderr.splitlines() == ["error: the answer holds text from the input that is not valid Unicode (U+D800)"]


def test_presets_json_lists_each_options_declaration():
    """``presets --json``: every option with its whole declaration (engine/core/rules.py), as data."""
    from engine.core.rules import OPTION_DOCS, PRESETS

    out = run("presets", "--json")
    assert out.returncode == 0, out.stderr
    options = json.loads(out.stdout)["options"]
    assert set(options) == set(OPTION_DOCS) - {"name"}
    fields = {"doc", "source", "house_rule", "kind", "default", "choices", "offer", "reading", "needs"}
    for name, data in options.items():
        doc = OPTION_DOCS[name]
        assert fields | {"applies", "companions", "sheet"} == set(data), name
        assert (data["offer"], data["reading"], data["sheet"]) == (doc.offer, doc.reading, doc.sheet), name
        assert [n["code"] for n in data["needs"]] == [n.code for n in doc.needs], name
        assert set(data["applies"]) <= set(PRESETS) and (doc.applies is not None or data["applies"] == list(PRESETS))
    # a source's option with its reading and why a sheet needs it; one of the play alone
    assert options["rounding"]["offer"] == "S1" and options["rounding"]["reading"].startswith("each side's deal total")
    assert options["trump_bonus"]["sheet"] and options["ten_below_jack"]["sheet"] == ""
    assert options["trump_bonus"]["choices"] == ["standard", "reversed", "none"]
    # where it means something: partner questions in the pairs games only
    assert options["partner_questions"]["applies"] == [n for n, r in PRESETS.items() if r.partnership]
    assert [n["code"] for n in options["porvoo_replaces_contract"]["needs"]] == ["porvoo_reading"]
    # a house rule with the options it needs beside it, the one the player chooses named
    companions = options["min_bid_off_step"]["companions"]
    assert companions["edit"] == "min_bid" and companions["presets"]["three-player"] == {"min_bid": 42}
    assert options["dead_hand"]["companions"] is None and options["dead_hand"]["offer"] == "house"
