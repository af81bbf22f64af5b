"""Fuzzing the command line: malformed positions, records, options and arguments always end in
exit code 2 with one line on stderr and no traceback (or, when a mutation happens to be valid,
a normal answer). A few hundred inputs in process here, a few through a real process, and a
larger run with --runslow."""

import contextlib
import io
import random
import subprocess
import sys

import pytest

from engine.__main__ import main

POSITIONS = [
    "rules:three-player/hands:A.7..,K.8..,Q.9../lead:0/bidder:0/bid:40/points:70,20,20/tricks:4,3,2",
    "rules:wikibooks/hands:A..A.,K..K.,.J..Q9/lead:0/trick:H8-HJ",
    "rules:faq-pairs/hands:A.A.K.,J.J.A.,KQ..Q.,T.Q.J./lead:0/tricks:3,1,1,1/half:0",
    "rules:ukrainian+ten_below_jack=off/hands:...KQ,...AT,6.6..,A.A../lead:0/bidder:0/bid:100/points:0,45,0,45",
]
RECORDS = ["rules:faq/seed:1/actions:40,p,p", "rules:three-player/dealer:2/seed:4/actions:40,p,p,discard:S6.S7.S8"]
ALPHABET = "rules:/hands.,lead-trick+=SCDHAKQJT9876012345 ²０٣\t\n♠♥é" + "\x00\x7f"
COMMANDS = ("legal", "winner", "solve", "score", "play", "presets", "review", "arena")
NUMBERS = ["1", "2", "3", "0", "-1", "x", "１", "٣", "1_0", "+2", "1e3", "99999999999999999999", "9" * 5000, ""]


def mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(text) + 1)
        kind = rng.random()
        if kind < 0.4:
            text = text[:at] + "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 4))) + text[at:]
        elif kind < 0.8:
            text = text[:at] + text[at + rng.randint(1, 6) :]
        else:
            text = text[:at] + text[at:] * rng.randint(2, 40)  # long repeats
    return text


def random_argv(rng: random.Random) -> list[str]:
    command = rng.choice(COMMANDS + ("frobnicate", ""))
    if command in ("legal", "winner", "solve"):
        argv = [command, mutate(rng.choice(POSITIONS), rng)]
        if command == "winner" and rng.random() < 0.6:
            argv += ["--cards", mutate(rng.choice(["SK-SQ", "H9", "HQ-S9-C7"]), rng)]
        if command == "solve" and rng.random() < 0.3:
            argv += ["--processes", rng.choice(["0", "-3", "x", "1", "²"])]
    elif command == "score":
        argv = [command, mutate(rng.choice(RECORDS), rng)]
    elif command == "play":
        argv = [command, "--preset", mutate(rng.choice(["faq", "german", "three-player"]), rng)]
        argv += ["--seed", rng.choice(NUMBERS)]
    elif command == "review":
        argv = [command, mutate(rng.choice(RECORDS), rng), "--seat", rng.choice(NUMBERS)]
    elif command == "arena":
        preset = rng.choice(["faq", "three-player", "wikibooks-2p", "faq+x"])
        players = ",".join(["easy"] * rng.choice((2, 3, 4)))
        argv = [command, "--preset", preset, "--players", players, "--deals", rng.choice(["2", "3", *NUMBERS])]
        if rng.random() < 0.5:
            argv += ["--seed", rng.choice(NUMBERS)]
    else:
        argv = [command] if command else []
    if rng.random() < 0.2:
        argv.append(rng.choice(["--json", "--nope", "-", "extra", ""]))
    if rng.random() < 0.1:
        rng.shuffle(argv)
    return argv


def run_in_process(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:  # only argparse's help (an argument that starts with -h): exit 0
            code = e.code
    return code, out.getvalue(), err.getvalue()


def check_answer(argv, code, out, err):
    assert code in (0, 2), (argv, code, err)
    assert "Traceback" not in err, (argv, err)
    if code == 2:
        assert out == "" and err.startswith("error: ") and err.count("\n") == 1, (argv, out, err)
        assert len(err) <= 320, (argv, len(err))  # a short excerpt of the input at most
    else:
        progress = [line for line in err.splitlines() if not line.startswith("arena: ")]
        assert out and not progress, (argv, err)  # only the arena's progress on stderr


def fuzz(count: int, seed: int) -> int:
    rng = random.Random(seed)
    errors = 0
    for _ in range(count):
        argv = random_argv(rng)
        code, out, err = run_in_process(argv)
        check_answer(argv, code, out, err)
        errors += code == 2
    return errors


def test_cli_fuzz_in_process():
    errors = fuzz(400, seed=1)
    assert errors > 300  # mostly malformed, as intended


def test_cli_fuzz_through_a_real_process():
    rng = random.Random(2)
    for _ in range(12):
        argv = random_argv(rng)
        done = subprocess.run(
            [sys.executable, "-m", "engine", *argv], capture_output=True, text=True, input="", timeout=120
        )
        check_answer(argv, done.returncode, done.stdout, done.stderr)


def test_unreadable_standard_input_is_one_line():
    code, out, err = run_in_process(["legal", "-"])  # pytest's stdin cannot be read
    assert code == 2 and out == "" and err.count("\n") == 1 and "standard input" in err


@pytest.mark.slow
def test_cli_fuzz_long():
    fuzz(20_000, seed=3)
