"""For lesson authors: draft the script of a guided deal (puzzle kind ``deal``).

    python tools/guided_deal.py --rules three-player --seed 7 [--dealer 2] [--bid 50] [--raise 60]
    python tools/guided_deal.py --rules three-player --search 200    # first seed with a change of trump

The learner sits after the dealer and wins the auction with ``--bid`` (the others pass), puts
away the cards with the fewest points (keeping pairs), holds or raises to ``--raise``; in trick
play the learner takes one of the solver's best actions (a declaration first when one is among
them) and the others play as the site's simple computer player. It prints the record for
``position`` in lesson.toml and the steps, numbered as the build numbers them, with the facts
their commentary may quote ({points}, {trick}, {answer.nom}, ...). Edit the record by hand to
tell another story: the build checks every action and that each learner card or declaration is
one of the solver's best. ``--search N`` tries seeds from ``--seed`` on until a deal has at least
two declarations (so the trump changes) and the learner makes the contract.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import format_record  # noqa: E402
from engine.core.actions import Bid, Hold, Pass, Raise, parse_action  # noqa: E402
from engine.core.deal import Deal  # noqa: E402
from engine.core.rules import parse_rules  # noqa: E402
from engine.players.easy import computer_action  # noqa: E402
from engine.search import estimate, memo  # noqa: E402
from engine.search.solver import solve  # noqa: E402


def script(rules, seed: int, dealer: int, bid: int | None, raise_to: int | None) -> Deal:
    deal = Deal.new(rules, seed, dealer)
    learner = (dealer + 1) % rules.players
    rng = random.Random(seed)
    while deal.phase == "auction":
        if deal.to_move == learner:
            deal.apply(Bid(bid or rules.min_bid))
        else:
            deal.apply(Pass())
    if deal.phase == "discard":
        deal.apply(estimate.discard_by_rule(deal))
    if deal.phase == "raise":
        deal.apply(Raise(raise_to) if raise_to else Hold())
    while not deal.is_over:
        if deal.to_move == learner:
            solved = solve(deal)
            best = [a.action for a in solved.actions if a.best]
            choice = next((a for a in best if a.startswith("trump:")), best[0])
            deal.apply(parse_action(choice))
        else:
            deal.apply(computer_action(deal, rng))
    return deal


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="three-player")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--dealer", type=int, default=None, help="default: the seat before seat 0")
    parser.add_argument("--bid", type=int, default=None)
    parser.add_argument("--raise", dest="raise_to", type=int, default=None)
    parser.add_argument("--search", type=int, default=0, help="try this many seeds for a change of trump")
    args = parser.parse_args(argv)
    rules = parse_rules(args.rules)
    dealer = (rules.players - 1) if args.dealer is None else args.dealer
    learner = (dealer + 1) % rules.players
    for seed in range(args.seed, args.seed + max(1, args.search)):
        deal = script(rules, seed, dealer, args.bid, args.raise_to)
        breakdown = deal.score()
        made = breakdown.sides[rules.side_of(learner)].contract_made
        if not args.search or (len(deal.declarations) >= 2 and made):
            break
    else:
        print(f"no seed from {args.seed} to {args.seed + args.search - 1} has a change of trump", file=sys.stderr)
        return 1
    memo.build_mode(True)
    from engine.puzzles import guided

    spec = {"kind": "deal", "position": format_record(deal), "seat": learner}
    print(f"seed {seed}; the learner is seat {learner}")
    print(f'position = "{spec["position"]}"')
    print(f"seat = {learner}")
    for number, step in enumerate(guided.guided(spec)["steps"], 1):
        facts = ", ".join(f"{{{k}}}={v}" for k, v in step["facts"].items())
        print(f"step{number}: {step['kind']} {step['answer']}  ({facts})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
