"""Command line: ``python -m engine COMMAND ...``.

    legal POSITION        the legal actions, and for every other card in hand its reason
    winner POSITION       who is winning the current trick (--cards D7-DK adds cards to it)
    play --preset NAME --seed N   a random legal deal played to the end, printed as a record
    score RECORD          the score breakdown of a finished deal
    solve POSITION        every legal action with its value (perfect information: the points
                          the mover's side can still take, bonuses included), one line of best
                          play, and whether the bidder can still make the contract (for a
                          defender: which actions defeat it) (--processes N: how many processes
                          share the actions; 2 by default, where 2 cores exist)
    presets               the rule-set presets and every option with its source
    review RECORD         every decision of one seat (--seat N, default 0) scored with all
                          hands known: what the best choice keeps and what the one made cost
                          (--exhaustive: every distinct discard or exchange, however many)
    arena --preset NAME --players normal,easy,easy --deals N --seed S
                          computer players on duplicate deals: points per deal, 95 % intervals

    tally SHEET.json      a score sheet (docs/score-sheet.md) scored deal by deal, with the
                          totals and whose deal is next or who won ('-' reads standard input)

POSITION and RECORD are notation text (docs/notation.md), or ``-`` to read standard input.
``--json`` prints machine-readable output. Bad input: one line on stderr, exit code 2.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys

from . import web
from .core.cards import is_number


class UsageError(Exception):
    pass


POSITION_HELP = (
    "a trick-play position in notation (docs/notation.md): fields key:value joined by '/', "
    "rules, hands (seat order, each spades.clubs.diamonds.hearts) and lead required, for example "
    "rules:three-player/hands:A.7..,K.8..,Q.9../lead:0 ; optional: trick, decl, bidder, bid, contract, "
    "points, tricks, declare, ask, half. '-' reads it from standard input."
)
COMMANDS = {
    "legal": "The legal actions of the player to move, and for every other card in hand the rule that forbids it.",
    "winner": "Who is winning the current trick (with --cards, after adding cards to it).",
    "solve": (
        "Every legal action of the player to move with its value: the points its side can still take\n"
        "against best play with every hand known (card points, the last trick and trump bonuses).\n"
        "The side is the pair in the partnership games; in the individual games the other players\n"
        "are assumed to play together against the player to move. Prints one line of best play, and\n"
        "with a bidder in the position whether the bidding side can still make its contract: for a\n"
        "defender, which actions defeat it."
    ),
}


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2
        raise UsageError(message)


MAX_INPUT = 1_000_000  # characters read from standard input
MAX_ARENA_DEALS = 10_000  # a normal player takes about a second a deal: hours, not days
MAX_PROCESSES = 16


def _text(value: str) -> str:
    if value != "-":
        return value
    if sys.stdin is None:  # standard input closed (<&-)
        raise UsageError("cannot read the position from standard input: it is closed")
    try:
        text = sys.stdin.read(MAX_INPUT + 1)
    except (OSError, ValueError) as e:  # no readable standard input, or not text
        raise UsageError(f"cannot read the position from standard input: {e}") from None
    if len(text) > MAX_INPUT:
        raise UsageError(f"standard input holds more than {MAX_INPUT} characters")
    return text.strip()


def whole_number(lowest: int, highest: int):
    """An argparse type: a whole number in ASCII digits 0-9 from ``lowest`` to ``highest`` (not
    ``１``, ``1_0``, ``+2`` or ``1e3``, which Python's ``int`` would read or almost)."""

    def read(text: str) -> int:
        if not is_number(text, signed=True) or len(text) > 30 or not lowest <= int(text) <= highest:
            shown = text if len(text) <= 30 else text[:30] + "…"
            raise argparse.ArgumentTypeError(
                f"invalid int value {shown!r}: expected a whole number from {lowest} to {highest} in digits 0-9"
            )
        return int(text)

    read.__name__ = "whole number"
    return read


def _print_legal(out: dict) -> None:
    trump = out["trump"] or "none"
    trick = "-".join(out["trick"]) or "empty"
    print(f"seat {out['to_move']} to {'answer' if out['stage'] == 'answer' else 'play'}; trick {trick}; trump {trump}")
    print("legal: " + " ".join(out["legal"]))
    for item in out["illegal"]:
        print(f"  {item['card']}: {item['reason']['code']}: {item['reason']['message']}")


def _print_winner(out: dict) -> None:
    state = "wins" if out["complete"] else "is winning"
    print(f"{out['card']} (seat {out['seat']}) {state} the trick {'-'.join(out['trick'])}")


def _print_lines(out: dict) -> None:
    if "record" in out:
        print(out["record"])
    for line in out.get("lines", []):
        print(line)
    if out.get("redealt"):
        print("the deal was redealt: no score")


def _seats(seats: list[int]) -> str:
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + " and ".join(map(str, seats))


def _print_solve(out: dict) -> None:
    seat, seats, players = out["to_move"], out["side_seats"], out["players"]
    others = [s for s in range(players) if s not in seats]
    if len(seats) > 1:
        print(f"seat {seat} to move; its side is the pair of {_seats(seats)}, against {_seats(others)}")
    else:
        print(f"seat {seat} to move; the others ({_seats(others)}) are assumed to play together against it")
    print(
        f"the side of seat {seat} can still take {out['value']} more points against best play "
        "(card points, the last trick and trump bonuses); each action's value:"
    )
    for item in out["actions"]:
        mark = "*" if item["best"] else " "
        print(f"{mark} {item['action']:<10} {item['value']:>4}" + (f"  (-{item['loss']})" if item["loss"] else ""))
    if out.get("line"):
        print("best line: " + _line(out["line"], out["trick_cards"], players))
    contract = out.get("contract")
    if contract:
        side = _seats(contract["side_seats"])
        head = f"contract {contract['contract']}: the bidder's side ({side}) has {contract['have']}"
        head += f" and needs {contract['need']} more" if contract["need"] else " and needs nothing more"
        if contract["mover_side"] == "bidder":
            if contract["can_make"]:
                print(f"{head}; it can still make it with: {', '.join(contract['making_actions'])}")
            else:
                print(f"{head}; it cannot make it against best play")
        else:
            print(f"{head}; seat {seat} defends, so its good actions are those that defeat the contract")
            if contract["defeating_actions"]:
                print(f"  actions that defeat it against best play: {', '.join(contract['defeating_actions'])}")
                if contract["making_actions"]:
                    print(f"  after these the bidder's side can still make it: {', '.join(contract['making_actions'])}")
            elif contract["can_make"]:
                print(f"  no action defeats it: the bidder's side makes it whatever seat {seat} does")


def _line(line: list[dict], trick_cards: int, players: int) -> str:
    """The best line, one trick per group: ``SK(0) SA(1) ST(2) | HJ(1) ...``."""
    out, played = [], trick_cards
    for step in line:
        out.append(f"{step['action']}({step['seat']})")
        if len(step["action"]) == 2:  # a card (declarations and questions are longer)
            played += 1
            if played % players == 0:
                out.append("|")
    return " ".join(out).rstrip(" |")


def _print_review(out: dict) -> None:
    print(
        f"review of seat {out['seat']} ({out['rules']}): each choice by what the seat could see "
        "(the normal player's evaluation, as its hint) and in hindsight, all hands known, against best play"
    )
    auction = out["auction"]
    if auction:
        head = f"auction: contract {auction['contract']} by seat {auction['bidder']}"
        made = "can be made" if auction["can_make"] else "cannot be made"
        total = f" that side takes {auction['best_total']} and" if auction["best_total"] is not None else ""
        estimate = " (estimate)" if auction["estimate"] else ""
        print(f"{head}; with best play from the first trick{total} the contract {made}{estimate}")
    for d in out["decisions"]:
        where = f"trick {d['trick']}" if "trick" in d else d["kind"]
        if d["forced"]:
            print(f"{where}: {d['action']} (forced)")
            continue
        sight = d["sight"]
        if sight is None:
            seen = "not weighed by what the seat could see (the review's clock ran out)"
        elif sight["matched"]:
            seen = "the hint's choice"
        elif sight["cost"] is None:
            seen = f"hint {sight['hint']} (this choice not scored)"
        else:
            seen = f"hint {sight['hint']}, costs {sight['cost']} by what the seat could see" + (
                " (blamed)" if sight["blame"] else ""
            )
        if d["kind"] == "bid":
            print(f"{where}: {d['action']}: {seen}")
            continue
        if d["cost"] is None:
            print(f"{where}: {d['action']}: {seen}; hindsight: not reviewed (the record stops before trick play)")
            continue
        cost = f"costs {d['cost']}" if d["cost"] else "no cost"
        best = ", ".join(d["best"][:4])
        estimate = " (estimate)" if d.get("estimate") else ""
        if d["kind"] == "raise":
            print(
                f"raise: {d['action']}: {seen}; hindsight: scores {d['value']:+d}, "
                f"best {best} ({d['best_value']:+d}): {cost}{estimate}"
            )
            continue
        line = f"{where}: {d['action']}: {seen}; hindsight: keeps {d['total'] if 'total' in d else d['value']}"
        line += f", best {d['best_total'] if 'best_total' in d else d['best_value']} ({best}): {cost}{estimate}"
        if d.get("distinct") is not None and d["compared"] < d["distinct"]:
            line += f" [{d['compared']} of {d['distinct']} distinct choices compared]"
        print(line)
    for d in out["decisions"]:
        if d["blamed"]:
            f = d["figure"]
            why = "; ".join(r["code"] for r in d.get("why", [])) or "no card pattern found"
            print(
                f"blamed: action {d['number']} {d['action']}: best {f['best']}, after it {f['chosen']} "
                f"({f['unit']}{', estimate' if f['estimate'] else ''}); why: {why}"
            )
    moments = ", ".join(str(n) for n in out["moments"]) or "none"
    print(f"blamed choices: {out['blamed']} (costliest: actions {moments})")
    summary = out.get("summary")
    if summary:
        made = "made" if summary["made"] else "lost"
        line = f"as played: seat {summary['bidder']} took {summary['total']} against {summary['contract']} ({made})"
        if summary["best_total"] is not None:
            line += f"; the best line from the {summary['best_from'].replace('_', ' ')} took {summary['best_total']}"
        print(line)


MAX_MESSAGE = 300  # characters of an error line
MAX_CLI_SOLVE_TRICKS = 8  # tricks left that solve takes without --any-size (seconds, not minutes)


def _arena_progress():
    """Progress on standard error while the arena plays: every 10 deals, and the last one."""

    def report(done: int, total: int) -> None:
        if done % 10 == 0 or done == total:
            print(f"arena: {done} of {total} deals played", file=sys.stderr, flush=True)

    return report


def _print_arena(out: dict) -> None:
    from .players.arena import lines

    print("\n".join(lines(out)))


def _sheet_text(path: str) -> str:
    """A score sheet's text from a file or standard input, read no further than its size limit."""
    from .core.tally import MAX_SHEET_CHARS

    try:
        if path == "-":
            return sys.stdin.read(MAX_SHEET_CHARS + 1)
        with open(path, encoding="utf-8") as f:
            return f.read(MAX_SHEET_CHARS + 1)
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(f"cannot read the sheet {path}: {e.strerror if isinstance(e, OSError) else e}") from None


def _print_tally(out: dict) -> None:
    from .core.tally import lines

    print("\n".join(lines(out)))


def _print_presets(out: dict) -> None:
    for p in out["presets"]:
        print(f"{p['name']:<16} {p['title']} [{p['source']}]")


def main(argv=None) -> int:
    parser = _Parser(prog="python -m engine", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    for name in ("legal", "winner", "solve"):
        p = sub.add_parser(name, description=COMMANDS[name], formatter_class=argparse.RawDescriptionHelpFormatter)
        p.add_argument("position", help=POSITION_HELP)
        p.add_argument("--json", action="store_true", help="print machine-readable JSON")
        if name == "solve":
            p.add_argument(
                "--any-size", action="store_true", help="solve a position of any size (a whole deal: minutes)"
            )
        if name == "winner":
            p.add_argument("--cards", default=None)
        if name == "solve":
            p.add_argument(
                "--processes",
                type=whole_number(0, MAX_PROCESSES),
                default=min(2, os.cpu_count() or 1),
                help="processes that share the first actions (default: 2 where two cores exist)",
            )
    p = sub.add_parser("play")
    p.add_argument("--preset", required=True)
    p.add_argument("--seed", type=whole_number(0, web.MAX_SEED), default=0)
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("score")
    p.add_argument("record")
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("presets")
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("review")
    p.add_argument("record")
    p.add_argument("--seat", type=whole_number(0, 3), default=0)
    p.add_argument("--exhaustive", action="store_true")
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("arena")
    p.add_argument("--preset", required=True)
    p.add_argument("--players", required=True, help="one player type per seat, for example normal,easy,easy")
    p.add_argument("--deals", type=whole_number(2, MAX_ARENA_DEALS), default=100)
    p.add_argument("--seed", type=whole_number(0, web.MAX_SEED), default=0)
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("tally")
    p.add_argument("sheet", help="a score sheet as JSON (docs/score-sheet.md), or '-' for standard input")
    p.add_argument("--json", action="store_true")
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            raise UsageError("a command is needed: legal, winner, play, score, solve, presets, review, arena or tally")
        if args.command == "legal":
            out, show = web.legal(_text(args.position)), _print_legal
        elif args.command == "winner":
            out, show = web.winner(_text(args.position), args.cards), _print_winner
        elif args.command == "solve":
            from .core.notation import parse_position
            from .search import solver

            if args.processes < 1:  # a bad option is reported before the position is read
                raise UsageError(f"--processes must be at least 1, not {args.processes}")
            deal = parse_position(_text(args.position))
            left = max(len(hand) for hand in deal.hands)
            if left > MAX_CLI_SOLVE_TRICKS and not args.any_size:
                raise UsageError(
                    f"the position has {left} tricks left; the solver takes at most {MAX_CLI_SOLVE_TRICKS} "
                    "unless --any-size is given (a whole deal can take many minutes)"
                )
            out, show = solver.solve(deal, args.processes, line=True).to_dict(), _print_solve
            out["players"], out["trick_cards"] = deal.rules.players, len(deal.trick)
            if deal.bidder is not None:
                out["contract"] = {"contract": deal.contract, **solver.contract_status(deal)}
        elif args.command == "play":
            out, show = web.play(args.preset, args.seed), _print_lines
        elif args.command == "score":
            out, show = web.score(_text(args.record)), _print_lines
        elif args.command == "review":
            from .coach.review import Review

            out, show = Review(_text(args.record), args.seat, args.exhaustive).run_all(), _print_review
        elif args.command == "arena":
            from .core.rules import preset
            from .players.arena import arena

            players = [p.strip() for p in args.players.split(",")]
            out = arena(preset(args.preset), players, args.deals, args.seed, progress=_arena_progress())
            show = _print_arena
        elif args.command == "tally":
            from .core import tally

            out, show = tally.tally(tally.read_sheet(_sheet_text(args.sheet))), _print_tally
        else:
            out, show = web.presets(), _print_presets
    except (UsageError, ValueError) as e:
        message = " ".join(str(e).split())
        if len(message) > MAX_MESSAGE:  # quote at most a short excerpt of a long input
            message = message[: MAX_MESSAGE - 1] + "…"
        print(f"error: {message}", file=sys.stderr)
        return 2
    return _write(out, show, args.json)


def _write(out, show, as_json: bool) -> int:
    """Print the answer whole or not at all: text that cannot be encoded (a lone surrogate read
    from the input, such as a JSON-escaped "\\ud800") is refused in one line with exit code 2; a
    reader that stopped reading (``| head``) ends the command quietly; a write that fails (a full
    disk) is one line on stderr and exit code 2, never a traceback."""
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        if as_json:
            print(json.dumps(out, ensure_ascii=False, indent=1))
        else:
            show(out)
    text = buffer.getvalue()
    encoding = sys.stdout.encoding or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError as e:
        what = "not valid Unicode" if 0xD800 <= ord(text[e.start]) <= 0xDFFF else f"not writable as {encoding}"
        print(
            f"error: the answer holds text from the input that is {what} (U+{ord(text[e.start]):04X})",
            file=sys.stderr,
        )
        return 2
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return 141  # as a command ended by SIGPIPE: the reader has all it wanted
    except OSError as e:
        _silence_stdout()
        print(f"error: cannot write the answer: {e.strerror or e}", file=sys.stderr)
        return 2
    return 0


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's own flush at exit
    does not fail a second time with what could not be written."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
