"""The readiness test's bank (issue 38): decisions at the table with hidden cards, valued by the
engine over sampled deals, kept only where the best option clearly beats the second.

Each seed picks a recipe (a game and a moment: the opening bid, the discard, the raise, the gift
to the bidder, the opening lead, a card later in the play) by ``seed % len(RECIPES)``; the deal
``Deal.new(preset, seed, dealer=seed % players)`` is played by the easy computer player (seeded
by the seed) up to that moment, and the seat to move is the learner. The options offered
(``sitebuild.readiness.offered``) are valued on the same sampled deals of the unseen cards
(``SAMPLES`` by kind; ``engine.puzzles.decisions``, the decision puzzles' estimate); the decision
is kept when the best option's lead over the second is at least the kind's margin and ``Z``
standard errors of the paired difference (``sitebuild.readiness.kept``). The easy and normal
players' choices are recorded for the page's scale (the normal player's with its hint's seed,
``engine.players.normal.hint_rng``).

Resumable and seeded: an interrupted run continues with the seeds not yet tried (kept ones in
``decisions``, the others in ``rejected``); the same seeds give the same bank.

    .venv/bin/python benchmarks/bench_readiness.py                 # to 48 kept decisions, writes lessons/readiness.json
    .venv/bin/python benchmarks/bench_readiness.py --decisions 2 --out /tmp/r.json   # a quick look
    .venv/bin/python benchmarks/bench_readiness.py --annotate     # only the rules of thumb, afresh

Each decision names the measured rule of thumb whose pick is its best option, if one speaks of it
(``sitebuild.readiness.rule_picks``: only where the rule was measured); ``--annotate`` sets them
again in a committed bank without valuing anything (after a change of a rule or of where it speaks).

The rules of thumb speak only of the situations they were measured in (the opening call, the
three-player bidder's first lead and discard, a throw onto the partner's sure trick in the
partnership game), which the recipes above rarely reach. The seeds from ``RULE_SEEDS`` on take the
recipes of ``RULE_RECIPES`` (a seed below it keeps its recipe, its id and its entry): the easy
player's deal up to the first position of the recipe's moment in which a rule speaks, valued as
every other decision only where a rule's pick is among the options offered; whether the pick is
the best is the valuation's answer:

    .venv/bin/python benchmarks/bench_readiness.py --first-seed 100000 --moments opening-call,throw --out /tmp/r.json
    .venv/bin/python benchmarks/bench_readiness.py --merge lessons/readiness.json /tmp/r.json   # --out: the bank

On several cores, shards (``--shard K/N``, each to its own ``--out``; ``--first-seed`` for another
range) are merged with ``--merge A B ... --out lessons/readiness.json``; ``--moments card-play``
tries only the cheap decisions. The committed bank of 2026-12-07 was made so on a machine shared
by several developers (load average 20-28 on 2 cores): a bid, a raise and card play in both
games; the discard, the gift and the opening lead took minutes each there and none was kept in
time (their code paths run: a discard or gift is valued per candidate on the same sampled deals).
Its 18 decisions from ``RULE_SEEDS`` on (16 opening calls, 2 throws) were added so, on one niced
core (14 CPU minutes, 25 minutes of wall time at load 6), with ``--moments opening-call,throw``
and two first leads tried (half a minute and four minutes each to value, neither kept), then
merged after the committed 48 (their order and figures unchanged).

The discards, raises, gifts and first leads were added later that day (no seed of a discard or
gift had been tried: none was among the rejected), one stage at a time on one niced core at load
6-15, each to its own ``--out`` and merged (the entries before them unchanged, in the order of
their seeds): ``--moments raise --first-seed 7`` (3 of 5 kept), ``--moments discard`` from seed 3
(4 of 9 kept; the others' two best sets differ in one card), ``--moments give`` from seed 8 (3 of
14 kept, with the options and samples above), then ``--moments first-lead --first-seed 101030`` (2
of 7 valued kept; the others' two best cards mostly an ace and its own ten, or two aces). CPU
time: raises 1 minute, discards 5, gifts 14.5 (and 2 on the first two tried with the normal
player's two best sets, not kept), first leads 8.

The declarations (kind ``declaration``, ``engine/puzzles/declaration.py``) come from the seeds
from ``DECLARATION_SEEDS`` on (``DECLARATION_RECIPES``; every such moment is valued, whether or
not a rule speaks of it), added later that day on one niced core at load 8-23, each run to its own
``--out`` and merged after the entries before them: first every seed from 500,000 on in order,
then the partnership game's alone (``--shard 1/2``: its recipes are the odd seeds), then the
three-player game's (``--shard 0/2``), then the partnership game's again: 7 of 19 valued kept, 6
three-player (4 partnership ones valued, one kept; 3 skipped where the normal player asked its
partner). A three-player
declaration took 0.4-315 s of wall time to value, a partnership one up to 20 minutes (four hands
of nine cards early in the deal, every option solved with every lead on every sampled deal); in
all about 61 minutes of wall time and, read from the processes, 7 CPU minutes for the first two
runs (the last two's 14 and 3 wall minutes not read):

    .venv/bin/python benchmarks/bench_readiness.py --first-seed 500000 --max-seed 500400 --out /tmp/d.json
    .venv/bin/python benchmarks/bench_readiness.py --first-seed 500023 --shard 1/2 --out /tmp/d.json
    .venv/bin/python benchmarks/bench_readiness.py --first-seed 500022 --shard 0/2 --out /tmp/d.json
    .venv/bin/python benchmarks/bench_readiness.py --first-seed 500051 --shard 1/2 --out /tmp/d.json
    .venv/bin/python benchmarks/bench_readiness.py --merge lessons/readiness.json /tmp/d.json
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.core.actions import Bid, Declare, Discard, Give, Pass, Play, Raise  # noqa: E402
from engine.core.deal import Deal  # noqa: E402
from engine.core.notation import format_record  # noqa: E402
from engine.core.rules import preset  # noqa: E402
from engine.players.easy import computer_action  # noqa: E402
from engine.players.normal import decide, hint_rng  # noqa: E402
from engine.puzzles import decisions, declaration  # noqa: E402
from sitebuild import readiness  # noqa: E402

DATA = ROOT / "lessons" / readiness.BANK
# sampled deals per decision, by kind (a discard or gift plays each candidate on each). A gift's
# value (the points the pair ends with, its pairs declared or not) spreads widely: at 8 the two gifts
# tried first differed by 0.6 ± 3.2 and 15.0 ± 14.2 points; from 2026-12-07 on 24 (no gift was in the
# bank before, nor any seed of one among its rejected)
# A declaration (from 2026-12-07 on, with DECLARATION_SEEDS) is valued as a lead is, on 10: each
# option solved on each sampled deal (the lead after it the best on average).
SAMPLES = {"bid": 12, "raise": 12, "discard": 8, "give": 24, "lead": 10, "declaration": 10}
# (preset, moment, kind)
RECIPES = (  # card play is cheap to value, a bid, discard, raise or gift dear: fewer of them
    ("three-player", "bid", "bid"),
    ("three-player", "card-play", "lead"),
    ("faq-pairs", "card-play", "lead"),
    ("three-player", "discard", "discard"),
    ("three-player", "card-play", "lead"),
    ("faq-pairs", "opening-lead", "lead"),
    ("three-player", "raise", "raise"),
    ("faq-pairs", "card-play", "lead"),
    ("faq-pairs", "give", "give"),
    ("three-player", "card-play", "lead"),
    ("three-player", "bid", "bid"),
    ("faq-pairs", "card-play", "lead"),
)
PHASE = {"bid": "auction", "discard": "discard", "raise": "raise", "give": "give"}
# From seed RULE_SEEDS on, the recipes of the situations a measured rule of thumb speaks of
# (``readiness.rule_picks``, issue 38 item 3), by ``(seed - RULE_SEEDS) % len(RULE_RECIPES)``; the
# seeds below it keep their recipes of ``RECIPES``. Such a seed is valued only where a rule's pick
# is among the options offered (the same options, samples and keep rule as every other decision):
# whether the rule's pick is then the best option is what the valuation says, not a condition.
RULE_SEEDS = 100_000
RULE_RECIPES = (  # the cheapest to value first (a throw mostly seconds, a call 10-100 s, a first lead minutes)
    ("faq-pairs", "throw", "lead"),  # a throw onto the partner's sure trick
    ("three-player", "opening-call", "bid"),  # the opening call with a count of 50 or more
    ("three-player", "first-lead", "lead"),  # the bidder's first lead
    ("three-player", "guarded-discard", "discard"),  # the bidder's discard with a ten and one small card
)
RULE_MOMENTS = {moment: kind for _, moment, kind in RULE_RECIPES}
# From seed DECLARATION_SEEDS on, the declarations (issue 38 item 3: "declaration timing"), by
# ``(seed - DECLARATION_SEEDS) % len(DECLARATION_RECIPES)``; the seeds below it keep their recipes.
# ``declaration``: the first moment of the easy player's deal in which the player to move may
# declare; ``two-declarations``: the first in which it may declare either of two suits (which
# first, or neither yet). Every such moment is valued, whether or not a rule speaks of it.
DECLARATION_SEEDS = 500_000
DECLARATION_RECIPES = (
    ("three-player", "two-declarations", "declaration"),
    ("faq-pairs", "declaration", "declaration"),
    ("three-player", "declaration", "declaration"),
    ("faq-pairs", "two-declarations", "declaration"),
)


def recipe(seed: int) -> tuple[str, str, str]:
    """The (preset, moment, kind) of ``seed``."""
    if seed >= DECLARATION_SEEDS:
        return DECLARATION_RECIPES[(seed - DECLARATION_SEEDS) % len(DECLARATION_RECIPES)]
    if seed >= RULE_SEEDS:
        return RULE_RECIPES[(seed - RULE_SEEDS) % len(RULE_RECIPES)]
    return RECIPES[seed % len(RECIPES)]


class Skip(Exception):
    """This seed gives no decision of its recipe; the message says why."""


def normal(deal: Deal):
    return decide(deal, hint_rng(deal, deal.to_move)).action


def _only_cards(deal: Deal) -> bool:
    return all(isinstance(a, Play) for a in deal.legal_actions())


def reach(name: str, moment: str, seed: int) -> Deal:
    """The deal of ``seed`` played by the easy player (seeded) up to the recipe's moment."""
    rules = preset(name)
    deal = Deal.new(rules, seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    turn = 0
    tricks = 3 + seed % 3
    while not deal.is_over:
        if moment in RULE_MOMENTS and readiness.rule_picks(RULE_MOMENTS[moment], deal):
            return deal
        phase = deal.phase
        if moment in PHASE and phase == PHASE[moment]:
            if moment != "bid" or turn == seed // len(RECIPES) % rules.players:
                return deal
            turn += 1
        elif moment == "opening-lead" and phase == "play" and deal.tricks_played == 0 and _only_cards(deal):
            return deal
        elif moment == "card-play" and phase == "play" and deal.tricks_played >= tricks and _only_cards(deal):
            return deal
        elif moment == "declaration" and declaration.declarations(deal):
            return deal
        elif moment == "two-declarations" and len(declaration.declarations(deal)) >= 2:
            return deal
        deal.apply(computer_action(deal, rng))
    if moment in RULE_MOMENTS:
        raise Skip(f"no rule of thumb speaks of the {moment} of this deal")
    raise Skip(f"the deal ended before the {moment}")


def key_of(kind: str, action) -> str:
    if kind == "bid":
        return "p" if isinstance(action, Pass) else str(action.amount) if isinstance(action, Bid) else "?"
    if kind == "raise":
        return f"raise:{action.amount}" if isinstance(action, Raise) else "hold"
    if kind in ("discard", "give"):
        if not isinstance(action, (Discard, Give)):
            return "?"
        return decisions._canonical(kind, readiness.set_text(action.cards))
    if kind == "declaration":  # a partner question is none of the options: "?", not offered
        if isinstance(action, Declare):
            return str(action)
        return declaration.NO_DECLARATION if isinstance(action, Play) else "?"
    return str(action.card) if isinstance(action, Play) else "?"


def make(seed: int, samples: dict) -> dict:
    """One decision of ``seed``'s recipe, valued; ``Skip`` where it gives none or none kept."""
    name, moment, kind = recipe(seed)
    deal = reach(name, moment, seed)
    offered, fields = readiness.offered(kind, deal)
    easy = key_of(kind, computer_action(deal, random.Random(seed)))
    chosen = key_of(kind, normal(deal))
    # margin 0: the page takes only the best option as right, every other costs what it gives away
    spec = {"kind": kind, "position": format_record(deal), "samples": samples[kind], "margin": 0, **fields}
    field = {"bid": "bids", "raise": "raises", "discard": "candidates", "give": "candidates"}.get(kind)
    for choice in (easy, chosen):  # a player's choice outside the subset is offered too
        extra = readiness.player_field(kind, choice)
        if field and extra is not None and extra not in spec[field]:
            spec[field].append(extra)
    if field in ("bids", "raises"):
        spec[field].sort()
    deal = readiness.deal_of(spec)
    options = readiness.option_keys(kind, spec, deal)
    if len(options) < 2:
        raise Skip("fewer than two legal options")
    for who, choice in (("easy", easy), ("normal", chosen)):
        if choice not in options:
            raise Skip(f"the {who} player's choice {choice} is not offered")
    if moment in RULE_MOMENTS:
        picks = readiness.rule_picks(kind, deal)
        if not set(picks.values()) & set(options):
            raise Skip(f"no rule's pick ({', '.join(f'{r} {p}' for r, p in picks.items())}) is offered")
    found = readiness.evaluate(spec, deal)
    got = readiness.summary(kind, spec, deal, found)
    if not readiness.kept(kind, got["margin"], got["margin_se"]):
        raise Skip(f"best {got['best']} beats {got['second']} by {got['margin']} ± {got['margin_se']}")
    entry = {
        "id": f"{name}-{moment}-{seed}",
        "seed": seed,
        "spec": spec,
        "offered": offered,
        **got,
        "players": {"easy": easy, "normal": chosen},
        "rule": readiness.rule_of(kind, deal, got["best"]),
        "found": found,
    }
    entry["random_cost"] = readiness.random_cost(entry)
    return entry


def about() -> str:
    return (
        "Made by benchmarks/bench_readiness.py: decisions of the easy player's seeded deals, each option "
        f"valued on the same sampled deals of the unseen cards ({SAMPLES} by kind); kept where the best "
        f"beats the second by the kind's margin ({readiness.KEEP}) and {readiness.Z} standard errors "
        "of the paired difference."
    )


def same_samples(stated) -> bool:
    """Were these the sample counts of ``SAMPLES``? (a bank made before a kind was added lacks it)"""
    return isinstance(stated, dict) and bool(stated) and all(SAMPLES.get(k) == n for k, n in stated.items())


def save(path: Path, bank: dict) -> None:
    bank["decisions"].sort(key=lambda e: e["seed"])
    text = json.dumps(bank, ensure_ascii=False, indent=1, sort_keys=False)
    path.write_text(text + "\n", encoding="utf-8")


def merge(paths: list[Path], out: Path) -> int:
    """The shards' banks as one (each seed once), written to ``out``."""
    banks = [json.loads(p.read_text(encoding="utf-8")) for p in paths]
    bank = {**banks[0], "samples": SAMPLES, "about": about(), "decisions": [], "rejected": [], "seconds": 0.0}
    seen = set()
    for part in banks:
        if not same_samples(part.get("samples")):
            raise SystemExit("the shards were made with other sample counts")
        for e in part["decisions"]:
            e["spec"]["margin"] = 0  # (as make writes it; shards begun before it was written lack it)
        bank["decisions"] += [e for e in part["decisions"] if e["seed"] not in seen]
        bank["rejected"] += [r for r in part["rejected"] if r[0] not in seen]
        seen |= {e["seed"] for e in part["decisions"]} | {r[0] for r in part["rejected"]}
        bank["seconds"] = round(bank["seconds"] + part.get("seconds", 0.0), 1)
    bank["rejected"].sort()
    save(out, bank)
    print(f"{len(bank['decisions'])} decisions from {len(paths)} shards in {out}")
    return 0


def annotate(path: Path) -> int:
    """Set each stored decision's ``rule`` afresh (``readiness.rule_of``: the measured rule of thumb
    whose pick is the best option, from the stored position and best option; nothing is valued
    again, no value, id or order changes) and print how many carry one, by rule and kind, and the
    decisions a rule speaks of whose best option is not the rule's pick (left without a rule)."""
    bank = json.loads(path.read_text(encoding="utf-8"))
    ids = [e["id"] for e in bank["decisions"]]
    named: dict[tuple[str, str], int] = {}
    for entry in bank["decisions"]:
        kind = entry["spec"]["kind"]
        deal = readiness.deal_of(entry["spec"])
        entry["rule"] = readiness.rule_of(kind, deal, entry["best"])
        if entry["rule"]:
            named[entry["rule"], kind] = named.get((entry["rule"], kind), 0) + 1
        for name, pick in readiness.rule_picks(kind, deal).items():
            if pick != entry["best"]:
                cost = readiness.costs(entry).get(pick)
                where = "not offered" if cost is None else f"costs {cost}"
                print(f"{entry['id']}: {name} picks {pick} ({where}), the best is {entry['best']}")
    if [e["id"] for e in sorted(bank["decisions"], key=lambda e: e["seed"])] != ids:
        raise SystemExit(f"{path}: the decisions are not in the order of their seeds; not written")
    save(path, bank)
    total = sum(named.values())
    by = ", ".join(f"{rule} ({kind}) {n}" for (rule, kind), n in sorted(named.items())) or "none"
    print(f"{total} of {len(ids)} decisions carry a rule of thumb: {by}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=48, help="stop when this many are kept (default 48)")
    ap.add_argument("--budget", type=float, default=None, help="stop after this many seconds")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--max-seed", type=int, default=2000)
    ap.add_argument("--out", type=Path, default=DATA)
    ap.add_argument("--moments", help="only these moments (comma-separated, e.g. card-play: the cheap ones first)")
    ap.add_argument("--shard", default="0/1", help="K/N: only the seeds whose remainder by N is K (one process each)")
    ap.add_argument("--merge", type=Path, nargs="*", help="merge these banks (shards) into --out and stop")
    ap.add_argument(
        "--annotate", action="store_true", help="only name the rules of thumb in --out afresh (nothing valued)"
    )
    args = ap.parse_args(argv)
    if args.annotate:
        return annotate(args.out)
    if args.merge:
        return merge(args.merge, args.out)
    shard, shards = map(int, args.shard.split("/"))
    bank = {"samples": SAMPLES, "decisions": [], "rejected": []}
    if args.out.exists():
        bank = json.loads(args.out.read_text(encoding="utf-8"))
        if not same_samples(bank.get("samples")):
            raise SystemExit(f"{args.out} was made with {bank.get('samples')} samples per kind; give a new --out")
        bank["samples"] = SAMPLES
    bank["about"] = about()
    done = {e["seed"] for e in bank["decisions"]} | {r[0] for r in bank["rejected"]}
    start = time.perf_counter()
    spent = bank.get("seconds", 0.0)
    seed = args.first_seed
    while len(bank["decisions"]) < args.decisions and seed < args.max_seed:
        if args.budget is not None and time.perf_counter() - start > args.budget:
            break
        moment = recipe(seed)[1]
        if seed in done or seed % shards != shard or (args.moments and moment not in args.moments.split(",")):
            seed += 1
            continue
        t0 = time.perf_counter()
        try:
            entry = make(seed, SAMPLES)
        except Skip as e:
            bank["rejected"].append([seed, str(e)])
            print(f"seed {seed} {moment}: skipped, {e} ({time.perf_counter() - t0:.1f} s)")
        else:
            bank["decisions"].append(entry)
            print(
                f"seed {seed} {entry['id']}: kept, {entry['best']} by {entry['margin']} ± {entry['margin_se']}"
                f" rule {entry['rule']} ({time.perf_counter() - t0:.1f} s)"
            )
        bank["seconds"] = round(spent + time.perf_counter() - start, 1)
        bank["machine"] = f"{platform.python_implementation()} {platform.python_version()}, one core"
        save(args.out, bank)
        seed += 1
    kinds: dict[str, int] = {}
    for e in bank["decisions"]:
        kinds[e["id"].rsplit("-", 1)[0]] = kinds.get(e["id"].rsplit("-", 1)[0], 0) + 1
    print(f"{len(bank['decisions'])} kept, {len(bank['rejected'])} rejected, {bank['seconds']} s: {kinds}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
