"""For lesson authors: what the engine says about every puzzle of the given lesson folders.

python tools/puzzle_info.py lessons/05-overtaking [more folders] [--lines] [--only ID]

With ``--lines``, for each best-card, declare and lead puzzle it also prints the solver's best
line from the position to the end of the deal, and the best line after each other legal choice
(every hand known: the mover's side against the others). For a lead puzzle the line is that of
the deal written in the position, which is only one of the deals the estimate samples. Each
trick is printed as ``seat:card`` in playing order, then who won it and its card points; a
declaration as ``seat declares S (+40)``. Write-ups that explain why a choice is best are
checked against these lines (docs/fact-check.md).
"""

import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import puzzles  # noqa: E402
from engine.core.actions import parse_action  # noqa: E402
from sitebuild import cache  # noqa: E402

LINE_KINDS = ("best-card", "declare", "lead")


def _deal_of(spec):
    """The position of a best-card, declare or lead puzzle as a Deal (a lead puzzle may be a record)."""
    return puzzles.load(spec).deal


def describe_line(deal, line: list[dict]) -> list[str]:
    """A line of actions (``solver.best_line``) played on a copy of ``deal``, one text per trick."""
    deal = deal.copy()
    rules = deal.rules
    out, notes = [], []
    trick = [f"{(deal.leader + i) % rules.players}:{card}" for i, card in enumerate(deal.trick)]
    for step in line:
        seat, action = step["seat"], step["action"]
        before = len(deal.declarations)
        deal.apply(parse_action(action), seat)
        if action.startswith(("trump:", "ask", "answer")):
            made = deal.declarations[before:]
            if made:
                notes += [f"{d.seat} declares {d.suit.name[0]} (+{rules.bonus[d.suit]})" for d in made]
            else:
                notes.append(f"{seat} {action}")
            continue
        trick.append(f"{seat}:{action}")
        if not deal.trick:  # the trick is complete
            number = deal.tricks_played
            winner = deal.leader if deal.hands[deal.leader] else deal.last_trick_winner
            cards = [parse_action(t.split(":")[1]).card for t in trick]
            points = sum(rules.points[c.rank] for c in cards)
            head = f"{'; '.join(notes)}; " if notes else ""
            out.append(f"t{number}: {head}{' '.join(trick)} -> {winner} (+{points})")
            trick, notes = [], []
    if trick or notes:
        out.append(f"(unfinished) {'; '.join(notes)} {' '.join(trick)}")
    return out


def lines(spec) -> dict:
    """The solver's best line from the puzzle's position, and the best line after each other legal
    choice: {"best": (choice, value, [trick texts]), "after": {choice: (value, [trick texts])}}.
    Values are the points the mover's side takes from here on (declaration bonuses included)."""
    from engine.search.solver import Solver, best_line, move_to_action, solve

    deal = _deal_of(spec)
    solved = solve(deal, line=True)
    values = {a.action: a.value for a in solved.actions}
    best_action = solved.line[0]["action"]
    shown = best_action
    if spec["kind"] == "declare" and not best_action.startswith(("trump:", "ask")):
        shown = f"none ({best_action})"
    result = {"side": solved.side_seats, "best": (shown, solved.value, describe_line(deal, solved.line))}
    after = {}
    kind = spec["kind"]
    cards = {a: v for a, v in values.items() if not a.startswith(("trump:", "ask"))}
    if kind == "declare":  # the choices: each declaration or question, or "none" (the best lead)
        best_card = max(cards, key=cards.get)
        wanted = [a for a in values if a.startswith(("trump:", "ask"))] + [best_card]
    else:
        wanted = list(cards)
    for action in wanted:
        value = values[action]
        if action == best_action:
            continue
        solver = Solver(deal, max_side=deal.rules.side_of(deal.to_move))
        seat = solver.seat_to_move()
        move = next(m for m in solver.moves(seat, reduce=False) if str(move_to_action(m)) == action)
        gain = solver.apply_move(move, seat)
        rest = best_line(solver, value - gain)
        first = [{"seat": seat, "action": action}]
        name = f"none ({action})" if kind == "declare" and action in cards else action
        after[name] = (value, describe_line(deal, first + rest))
    result["after"] = after
    return result


def print_lines(spec) -> None:
    info = lines(spec)
    action, value, line = info["best"]
    print(f"  mover's side: seats {info['side']}")
    print(f"  best {action}: {value} points from here on")
    for text in line:
        print(f"    {text}")
    for action, (value, line) in info["after"].items():
        print(f"  after {action}: {value} ({value - info['best'][1]:+})")
        for text in line:
            print(f"    {text}")


def main(args):
    show_lines = "--lines" in args
    only = None
    if "--only" in args:
        only = args[args.index("--only") + 1]
    folders = [a for a in args if Path(a).is_dir()]
    cache.install()  # as in the build: estimates and deep searches allowed, from the cache
    status = 0
    for folder in folders:
        spec = tomllib.loads((Path(folder) / "lesson.toml").read_text())
        for p in spec.get("puzzle", []):
            if only and p["id"] != only:
                continue
            try:
                solution = puzzles.solution(p)
                hidden = ("breakdown", "reasons", "facts", "made")
                shown = {k: v for k, v in solution.items() if k not in hidden}
                table = puzzles.answer_table(p).get("answers", {})
                losses = {a: v["loss"] for a, v in table.items() if v.get("verdict") == "legal-not-best"}
                if losses:
                    shown["loss"] = losses  # what {loss:ANSWER} gives in the puzzle's words
                print(f"{folder} {p['id']} ({p['kind']}): {shown}")
                if show_lines and p["kind"] in LINE_KINDS:
                    print_lines(p)
            except ValueError as e:
                print(f"{folder} {p['id']}: ERROR {e}")
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
