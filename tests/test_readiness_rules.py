"""The readiness test's rules of thumb (issue 38, item 3: each decision's "why"): a decision names
the measured rule of thumb whose pick is its best option (``sitebuild.readiness.rule_of``), only
where the rule was measured (``benchmarks/bench_strategy.py``'s own deals: the same seeds, the same
picks), never a rule whose pick is another option; the committed bank names exactly what
``rule_of`` gives (``bench_readiness.py --annotate`` leaves it as it is), and the build refuses a
bank that names a rule where it does not speak, whose pick is not the best, or leaves one out."""

from __future__ import annotations

import copy
import json
import random
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_readiness  # noqa: E402
import bench_strategy  # noqa: E402
from test_readiness import BANK, ENTRIES, MEASURED, refused  # noqa: E402

from engine.core.actions import Bid, Discard, Pass  # noqa: E402
from engine.core.cards import Rank  # noqa: E402
from engine.core.deal import Deal  # noqa: E402
from engine.core.play import winning_index  # noqa: E402
from engine.core.rules import FAQ_PAIRS, THREE_PLAYER  # noqa: E402
from engine.puzzles import decisions  # noqa: E402
from engine.search import estimate  # noqa: E402
from sitebuild import readiness  # noqa: E402

SEEDS = range(150)  # the measurements' first deals (each rule's per-deal seeds reach beyond them)


def measured_seeds(name: str) -> set[int]:
    return {seed for seed, *_ in MEASURED[name]["per_deal"] if seed in SEEDS}


# -- the committed bank --------------------------------------------------------------------------------
def test_the_bank_names_exactly_what_rule_of_gives_and_only_measured_rules():
    for entry in ENTRIES:
        kind = entry["spec"]["kind"]
        deal = readiness.deal_of(entry["spec"])
        assert entry["rule"] == readiness.rule_of(kind, deal, entry["best"]), entry["id"]
        if entry["rule"]:
            assert entry["rule"] in MEASURED and MEASURED[entry["rule"]]["low"] > 0, entry["id"]
            assert readiness.rule_picks(kind, deal)[entry["rule"]] == entry["best"], entry["id"]


def test_annotate_names_the_rules_afresh_without_changing_anything_else(tmp_path, capsys):
    bank = tmp_path / "readiness.json"
    data = json.loads(BANK.read_text(encoding="utf-8"))
    for entry in data["decisions"]:
        entry["rule"] = "lead-low-below-ten"  # stale names: annotate sets each afresh
    bank.write_text(json.dumps(data), encoding="utf-8")
    assert bench_readiness.main(["--annotate", "--out", str(bank)]) == 0
    assert bank.read_text(encoding="utf-8") == BANK.read_text(encoding="utf-8")  # the committed bank, byte for byte
    named = sum(e["rule"] is not None for e in ENTRIES)
    assert f"{named} of {len(ENTRIES)} decisions carry a rule of thumb" in capsys.readouterr().out


# -- a rule speaks exactly where it was measured -------------------------------------------------------
def opening_call(seed: int) -> Deal:
    return Deal.new(THREE_PLAYER, seed, dealer=0)


def test_the_bid_rules_speak_at_the_opening_call_where_measured_and_pick_the_count():
    for name in ("bid-the-count", "bid-under-the-count"):
        spoken = {s for s in SEEDS if name in readiness.rule_picks("bid", opening_call(s))}
        assert spoken == measured_seeds(name), name
    for seed in measured_seeds("bid-the-count"):
        count = bench_strategy._count(seed)
        assert readiness.rule_picks("bid", opening_call(seed)) == {
            "bid-the-count": str(count),
            "bid-under-the-count": str(count - 10),
        }
        later = opening_call(seed)
        later.apply(Pass() if later.why_illegal(Pass()) is None else Bid(THREE_PLAYER.min_bid))
        assert readiness.rule_picks("bid", later) == {}, seed  # a call after another: not measured


def test_the_lead_rules_speak_at_the_bidders_first_lead_where_measured():
    picks = {s: readiness.rule_picks("lead", bench_strategy.first_lead(s)) for s in SEEDS}
    low = {s for s in SEEDS if "lead-low-below-ten" in picks[s]}
    assert low == measured_seeds("lead-low-below-ten")
    for seed in low:
        hand = bench_strategy.first_lead(seed).hands[bench_strategy.BIDDER]
        card = next(c for c in hand if str(c) == picks[seed]["lead-low-below-ten"])
        suit = [c for c in hand if c.suit == card.suit]
        assert (
            card.rank in readiness.SMALL
            and Rank.TEN in {c.rank for c in suit}
            and Rank.ACE not in {c.rank for c in suit}
        )
        assert all(
            THREE_PLAYER.strength[card.rank] <= THREE_PLAYER.strength[c.rank] for c in suit if c.rank in readiness.SMALL
        )
    ace = {s for s in SEEDS if "first-ace-longer-suit" in picks[s]}
    assert ace <= measured_seeds("first-ace-longer-suit") and len(ace) > 40
    for seed in measured_seeds("first-ace-longer-suit"):
        hand = bench_strategy.first_lead(seed).hands[bench_strategy.BIDDER]
        lengths = sorted((len([c for c in hand if c.suit == a.suit]), str(a)) for a in hand if a.rank is Rank.ACE)
        if seed in ace:  # the ace of the one longest suit
            assert picks[seed]["first-ace-longer-suit"] == lengths[-1][1] and lengths[-2][0] < lengths[-1][0]
        else:  # left out only where two aces' suits are the longest: the rule's words pick neither
            assert lengths[-2][0] == lengths[-1][0], seed
    for entry in ENTRIES:  # a card later in the deal is no first lead (every recipe's card but a first lead)
        deal = readiness.deal_of(entry["spec"])
        later = bench_readiness.recipe(entry["seed"])[1] != "first-lead"
        if entry["spec"]["kind"] == "lead" and deal.rules == THREE_PLAYER and later:
            # (lesson 18's counting rules speak later in the play: tests/test_measured_data.py)
            first_lead_rules = {"first-ace-longer-suit", "lead-low-below-ten"}
            assert not first_lead_rules & set(readiness.rule_picks("lead", deal)), entry["id"]


def test_guard_the_ten_speaks_at_the_bidders_discard_where_measured_and_keeps_the_small_card():
    spoken = {s for s in SEEDS if "guard-the-ten" in readiness.rule_picks("discard", bench_strategy.won_auction(s))}
    assert spoken == measured_seeds("guard-the-ten") and spoken
    for seed in spoken:
        deal = bench_strategy.won_auction(seed)
        hand = deal.hands[deal.to_move]
        pick = readiness.rule_picks("discard", deal)["guard-the-ten"]
        thrown = {c for c in hand if str(c) in pick.split(":", 1)[1].split(".")}
        assert len(thrown) == THREE_PLAYER.widow_size and deal.why_illegal(Discard(tuple(thrown))) is None
        guarded = [
            [c for c in hand if c.suit == s]
            for s in range(4)
            if sorted(c.rank in readiness.SMALL or c.rank is Rank.TEN for c in hand if c.suit == s) == [True, True]
            and any(c.suit == s and c.rank is Rank.TEN for c in hand)
        ]
        assert guarded and not set(guarded[0]) & thrown, seed  # the ten and its small card both kept


# the partnership rule, on a few of its measured deals: there the player cannot follow to a trick
# the partner is sure to win (the measurement's test); 5, 8 and 14 name the rule, 4 and 21 not
THROWS = {5: True, 8: True, 14: True, 4: False, 21: False}


@pytest.fixture(scope="module")
def throws():
    side = FAQ_PAIRS.side_of(bench_strategy.BIDDER)
    out = {}
    for seed in THROWS:
        start = bench_strategy.partnership_first_lead(seed)
        out[seed] = bench_strategy.best_play_until(start, lambda d: bench_strategy._throw_choice(d) is not None, side)
    return out


def test_small_card_on_partners_trick_speaks_only_where_the_trick_is_sure_from_the_seat(throws):
    for seed, deal in throws.items():
        assert seed in {s for s, *_ in MEASURED["small-card-on-partners-trick"]["per_deal"]}
        ten, low = bench_strategy._throw_choice(deal)
        picks = readiness.rule_picks("lead", deal)
        assert ("small-card-on-partners-trick" in picks) is THROWS[seed], seed
        mover, partner = deal.to_move, FAQ_PAIRS.partner_of(deal.to_move)
        ace = next((s for s in range(4) for c in deal.hands[s] if c.suit == ten.suit and c.rank is Rank.ACE), None)
        know = estimate.knowledge_from_record(deal, mover)
        if THROWS[seed]:
            assert picks == {"small-card-on-partners-trick": str(low)}
            assert ace is None or FAQ_PAIRS.side_of(ace) == FAQ_PAIRS.side_of(mover)  # not the rule's exception
            for layout in estimate.sample_layouts(know, 20, random.Random(seed)):  # whatever the hidden cards
                sampled = estimate.with_layout(deal, layout)
                assert bench_strategy._goes_to(bench_strategy.after(sampled, bench_strategy.Play(low)), partner), seed
        else:
            seats = [(deal.leader + i) % 4 for i in range(4)]
            later = seats[len(deal.trick) + 1 :]
            beaten = any(
                s in know.allowed(c) and seats[winning_index(FAQ_PAIRS, [*deal.trick, low, c], deal.trump)] != partner
                for s in later
                for c in know.unseen
            )
            assert beaten or FAQ_PAIRS.side_of(ace) != FAQ_PAIRS.side_of(mover), seed


# -- a rule is named only for its own pick -------------------------------------------------------------
def spoken_decisions(throws):
    """(kind, deal, options) of measured deals where a rule speaks, each kind of rule."""
    out = []
    for seed in sorted(measured_seeds("bid-the-count"))[:5]:
        deal = opening_call(seed)
        bids = [str(a.amount) for a in deal.legal_actions() if isinstance(a, Bid)]
        out.append(("bid", deal, bids + (["p"] if deal.why_illegal(Pass()) is None else [])))
    for seed in sorted(measured_seeds("lead-low-below-ten") | measured_seeds("first-ace-longer-suit"))[:8]:
        deal = bench_strategy.first_lead(seed)
        out.append(("lead", deal, [str(c) for c in deal.legal_cards()]))
    for seed in sorted(measured_seeds("guard-the-ten"))[:3]:
        deal = bench_strategy.won_auction(seed)
        options = [a for a in deal.legal_actions() if isinstance(a, Discard)]
        out.append(("discard", deal, [decisions._canonical("discard", readiness.set_text(a.cards)) for a in options]))
    for deal in throws.values():
        out.append(("lead", deal, [str(c) for c in deal.legal_cards()]))
    return out


def test_rule_of_names_a_rule_only_where_its_pick_is_the_best_option(throws):
    seen = set()
    for kind, deal, options in spoken_decisions(throws):
        picks = readiness.rule_picks(kind, deal)
        assert set(picks.values()) <= set(options)
        for best in options:
            named = readiness.rule_of(kind, deal, best)
            assert named == next((n for n, p in picks.items() if p == best), None), (kind, best)
            if named is not None:
                assert picks[named] == best
                seen.add(named)
    assert seen == {
        "bid-the-count",
        "bid-under-the-count",
        "first-ace-longer-suit",
        "lead-low-below-ten",
        "guard-the-ten",
        "small-card-on-partners-trick",
    }


# -- the build refuses a bank whose rules are not rule_of's ------------------------------------------
def test_a_rule_named_where_it_does_not_speak_is_refused(tmp_path):
    entries = copy.deepcopy(ENTRIES)
    entries[2]["rule"] = "first-ace-longer-suit"  # a card late in the deal: no first lead
    refused(tmp_path, entries, repr(entries[2]["id"]), "'first-ace-longer-suit' does not speak of this decision")


def test_a_rule_whose_pick_is_not_the_best_option_is_refused(tmp_path):
    entries = copy.deepcopy(ENTRIES)
    bid = next(e for e in entries if e["id"] == "three-player-bid-0")  # the count is 130, the best bid offered 80
    bid["rule"] = "bid-the-count"
    refused(tmp_path, entries, repr(bid["id"]), "'bid-the-count' picks 130, not the best option 80")


def test_a_rule_left_out_is_refused(tmp_path, monkeypatch):
    entries = copy.deepcopy(ENTRIES)
    target = entries[5]
    original = readiness.rule_picks

    def picks(kind, deal):  # as if a rule spoke of this decision and picked its best option
        found = original(kind, deal)
        return (
            {**found, "lead-low-below-ten": target["best"]}
            if readiness.deal_of(target["spec"]).history == deal.history
            else found
        )

    monkeypatch.setattr(readiness, "rule_picks", picks)
    refused(
        tmp_path,
        entries,
        repr(target["id"]),
        "rule: null, but 'lead-low-below-ten' picks the best option",
        "--annotate",
    )


# -- the bank's decisions in the situations the rules were measured in ----------------------------------
def test_the_seeds_below_rule_seeds_keep_their_recipes_and_every_id_is_its_seeds_recipe():
    for seed in range(bench_readiness.RULE_SEEDS - 50, bench_readiness.RULE_SEEDS):
        assert bench_readiness.recipe(seed) == bench_readiness.RECIPES[seed % len(bench_readiness.RECIPES)]
    rules = bench_readiness.RULE_RECIPES
    for n in range(2 * len(rules)):
        assert bench_readiness.recipe(bench_readiness.RULE_SEEDS + n) == rules[n % len(rules)]
    for entry in ENTRIES:
        name, moment, _ = bench_readiness.recipe(entry["seed"])
        assert entry["id"] == f"{name}-{moment}-{entry['seed']}"


def test_every_decision_of_a_rule_recipe_is_one_a_rule_speaks_of_and_some_carry_one():
    # (the declarations' seeds above them value every moment of their recipes: test_readiness_declaration)
    ruled = [e for e in ENTRIES if bench_readiness.RULE_SEEDS <= e["seed"] < bench_readiness.DECLARATION_SEEDS]
    for entry in ruled:
        name, moment, kind = bench_readiness.recipe(entry["seed"])
        deal = readiness.deal_of(entry["spec"])
        picks = readiness.rule_picks(kind, deal)
        assert set(picks.values()) & set(entry["options"]), entry["id"]  # a rule's pick is offered
        if moment == "first-lead":
            assert deal.tricks_played == 0 and deal.to_move == deal.bidder, entry["id"]
    carried = [e for e in ENTRIES if e["rule"]]
    assert len(carried) >= 8
    counting = {"make-the-last-card-fall", "cash-the-suit-nobody-holds"}  # lesson 18's: at any card play
    for entry in carried:
        if entry["seed"] < bench_readiness.RULE_SEEDS:
            assert entry["rule"] in counting and bench_readiness.recipe(entry["seed"])[1] == "card-play", entry["id"]


def test_a_rule_recipe_values_nothing_where_no_rule_pick_is_offered(monkeypatch):
    def never(spec, deal):
        raise AssertionError("valued")

    monkeypatch.setattr(decisions, "_evaluate", never)
    seed = bench_readiness.RULE_SEEDS + 13  # an opening call counting 65: the bids offered are 40, 50, ... 80
    assert bench_readiness.recipe(seed)[1] == "opening-call"
    with pytest.raises(bench_readiness.Skip, match="no rule's pick .*bid-the-count 65.* is offered"):
        bench_readiness.make(seed, bench_readiness.SAMPLES)


def test_a_throw_is_the_first_position_of_the_easy_players_deal_in_which_the_rule_speaks():
    seed = next(
        s
        for s in range(bench_readiness.RULE_SEEDS, bench_readiness.RULE_SEEDS + 200)
        if bench_readiness.recipe(s)[1] == "throw" and len(thrown(s)) >= 2
    )
    deal = bench_readiness.reach("faq-pairs", "throw", seed)
    assert deal.history == thrown(seed)[0].history and readiness.rule_picks("lead", deal)
    with pytest.raises(bench_readiness.Skip, match="no rule of thumb speaks of the throw"):
        bench_readiness.reach("faq-pairs", "throw", next(s for s in range(200) if not thrown(s)))


def thrown(seed):
    """Every position of the easy player's deal of ``seed`` in which the throw rule speaks."""
    deal = Deal.new(FAQ_PAIRS, seed, dealer=seed % 4)
    rng = random.Random(seed)
    out = []
    while not deal.is_over:
        if readiness.rule_picks("lead", deal):
            out.append(deal.copy())
        deal.apply(bench_readiness.computer_action(deal, rng))
    return out


def test_a_stored_rule_decision_is_what_make_gives_again():
    ruled = [e for e in ENTRIES if e["seed"] >= bench_readiness.RULE_SEEDS and e["spec"]["kind"] == "lead"]
    entry = max(ruled, key=lambda e: readiness.deal_of(e["spec"]).tricks_played)  # the cheapest to value
    assert bench_readiness.make(entry["seed"], bench_readiness.SAMPLES) == entry


def test_the_readme_states_the_banks_counts_and_how_many_carry_a_rule():
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    said = re.search(r"The bank holds (\d+) decisions today \(three-player (\d+), partnership (\d+)\)", text)
    three = sum(readiness.deal_of(e["spec"]).rules == THREE_PLAYER for e in ENTRIES)
    assert said and list(map(int, said.groups())) == [len(ENTRIES), three, len(ENTRIES) - three]
    kinds = ("lead", "bid", "raise", "discard", "give", "declaration")
    kinds = {k: sum(e["spec"]["kind"] == k for e in ENTRIES) for k in kinds}
    said = re.search(
        r"(\d+) cards to play, (\d+) bids, (\w+) raises?, (\w+) discards?, (\w+) gifts? and (\w+) declarations?", text
    )
    number = {0: "no", 1: "one"}
    assert said and list(said.groups()) == [number.get(kinds[k], str(kinds[k])) for k in kinds]
    said = re.search(r"(\d+) of the \d+ carry one", text)
    assert said and int(said[1]) == sum(e["rule"] is not None for e in ENTRIES)


# -- the raise rules (lesson 16) -----------------------------------------------------------------------
def at_the_raise(seed: int) -> Deal:
    """The raise rules' measured moment: seat 1 opened at 40, the others passed, the discard by the
    estimates' rule."""
    deal = bench_strategy.won_auction(seed)
    deal.apply(estimate.discard_by_rule(deal))
    return deal


def test_the_raise_rule_speaks_after_an_unopposed_opening_at_40_where_measured_but_its_exception():
    """Raise to 10 under the count speaks in the deals it was measured on, except where its lesson
    says keep the contract (a king and queen counted, no ace); raising to the count itself, not
    the rule taught, speaks nowhere."""
    name = "raise-under-the-count"
    exception = {
        s
        for s in measured_seeds(name)
        if bench_strategy.SPLITS[name](s) == "a king and queen, no ace"  # the split lesson 16 reads
    }
    assert exception
    spoken = {s for s in SEEDS if name in readiness.rule_picks("raise", at_the_raise(s))}
    assert spoken == measured_seeds(name) - exception and spoken
    for seed in measured_seeds(name) - exception:
        count = bench_strategy._raise_count(THREE_PLAYER, at_the_raise(seed))
        assert readiness.rule_picks("raise", at_the_raise(seed)) == {name: f"raise:{count - 10}"}
    for seed in exception:
        assert readiness.rule_picks("raise", at_the_raise(seed)) == {}, seed
    for seed in sorted(measured_seeds("raise-under-the-count"))[:5]:  # an auction not measured: a bid over 40
        deal = Deal.new(THREE_PLAYER, seed, dealer=0)
        for call in (Bid(40), Bid(45), Pass(), Pass()):
            deal.apply(call)
        deal.apply(estimate.discard_by_rule(deal))
        assert deal.phase == "raise" and readiness.rule_picks("raise", deal) == {}, seed
