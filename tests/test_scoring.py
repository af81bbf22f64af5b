"""The score breakdown gives the real reason for every deal score, in both languages: a contract
made, made exactly, lost short, lost without card points, lost or made by rounding; Porvoo for
a defender and for the bidder under each reading and house rule; the discard that needs a trick."""

import pytest

from engine import Play, parse_position
from engine.core.scoring import RESULTS
from sitebuild.catalogs import fmt, load_catalog

CATALOGS = {lang: load_catalog(lang) for lang in ("fi", "en")}
# three players, one trick left (S8 S7 S6: no card points; the leader's S8 wins it)
LAST = "hands:8...,7...,6.../lead:0"


def finish(position: str):
    deal = parse_position(position)
    while not deal.is_over:
        deal.apply(Play(deal.legal_cards()[0]))
    return deal.score()


def texts(side) -> dict:
    return {lang: fmt(cat["ui"]["bd_" + side.result], side.result_params, cat) for lang, cat in CATALOGS.items()}


CASES = [
    # (position, side, result, deal score, words in English, words in Finnish)
    (f"rules:three-player/{LAST}/bidder:0/bid:60/points:70,50,0/tricks:6,4,0", 0, "made", 60, "70 ≥ 60", "täyttyi"),
    (f"rules:three-player/{LAST}/bidder:0/bid:70/points:70,50,0/tricks:6,4,0", 0, "exact", 70, "70 = 70", "täsmälleen"),
    (f"rules:three-player/{LAST}/bidder:0/bid:75/points:70,50,0/tricks:6,4,0", 0, "failed", -75, "70 < 75", "kaatui"),
    # rounding: the exact total is compared unless contract_uses_rounded
    (
        f"rules:wikibooks+rounding/{LAST}/bidder:0/bid:70/points:68,52,0/tricks:6,4,0",
        0,
        "failed",
        -70,
        "68 < 70",
        "kaatui",
    ),
    (
        f"rules:wikibooks+rounding+contract_uses_rounded/{LAST}/bidder:0/bid:70/points:68,52,0/tricks:6,4,0",
        0,
        "made_rounded",
        70,
        "68 rounds to 70 ≥ 70",
        "68 → 70 ≥ 70",
    ),
    (
        f"rules:wikibooks+rounding+contract_uses_rounded/{LAST}/bidder:0/bid:70/points:67,53,0/tricks:6,4,0",
        0,
        "failed_rounded",
        -70,
        "67 rounds to 65 < 70",
        "67 → 65 < 70",
    ),
    # S3: hearts declared (100) but no card points (the "100 < 50")
    (
        "rules:ukrainian/hands:6...,7...,8...,9.../lead:0/decl:H0/bidder:0/bid:50/points:0,70,0,70/tricks:1,4,0,3",
        0,
        "no_card_points",
        -50,
        "No card points",
        "Ei yhtään korttipistettä",
    ),
    # Porvoo: a defender without tricks loses the original bid (60, not the raised 80)
    (f"rules:faq/{LAST}/bidder:0/bid:60/contract:80/points:70,50,0/tricks:6,4,0", 2, "porvoo", -60, "Porvoo", "Porvoo"),
    # the bidder without tricks: by default the failed contract (-80) is the whole penalty ...
    (
        "rules:faq/hands:6...,7...,8.../lead:0/bidder:0/bid:60/contract:80/points:0,60,60/tricks:0,5,5",
        0,
        "failed",
        -80,
        "0 < 80",
        "kaatui",
    ),
    # ... or its Porvoo replaces it (the second reading of S2)
    (
        "rules:faq+porvoo_replaces_contract/hands:6...,7...,8.../lead:0/bidder:0/bid:60/contract:80/points:0,60,60/tricks:0,5,5",
        0,
        "porvoo_bidder",
        -60,
        "Porvoo (the original bid)",
        "Porvoo lasketaan alkuperäisestä huudosta",
    ),
    # house rule: twice the bid or the contract
    (
        "rules:faq+bidder_porvoo=seat_contract/hands:6...,7...,8.../lead:0/bidder:0/bid:60/contract:80/points:0,60,60/tricks:0,5,5",
        0,
        "porvoo_double",
        -160,
        "2 × 80",
        "2 × 80",
    ),
    # pairs: the bidder's seat took no trick but the partner did
    (
        "rules:faq-pairs+bidder_porvoo=seat_bid/hands:6...,7...,8...,9.../lead:0/bidder:0/bid:60/points:0,30,60,30/tricks:0,3,4,1",
        0,
        "porvoo_double",
        -120,
        "2 × 60",
        "2 × 60",
    ),
    (
        "rules:faq-pairs+bidder_porvoo=side_bid/hands:6...,7...,8...,9.../lead:0/bidder:0/bid:60/points:0,30,60,30/tricks:0,3,4,1",
        0,
        "exact",
        60,
        "60 = 60",
        "täsmälleen",
    ),
]


@pytest.mark.parametrize("position, side, result, deal_score, en, fi", CASES)
def test_breakdown_gives_the_real_reason(position, side, result, deal_score, en, fi):
    score = finish(position).sides[side]
    assert (score.result, score.deal_score) == (result, deal_score), score
    words = texts(score)
    assert en in words["en"] and fi in words["fi"], words
    assert score.explanation  # the command line's English line


def test_every_result_is_covered_and_has_whole_sentences():
    covered = {case[2] for case in CASES} | {"scores"}
    assert covered == set(RESULTS)
    for lang, catalog in CATALOGS.items():
        for result in RESULTS:
            assert catalog["ui"]["bd_" + result], (lang, result)


def test_discard_counts_only_after_a_trick_under_the_house_rule():
    # the bidder (seat 0) discarded SA ST SK (25 points) and wins no trick
    base = "hands:6...,7...,8.../lead:0/bidder:0/bid:60/discard:SA-ST-SK/points:25,50,45/tricks:0,6,4"
    plain = finish("rules:three-player/" + base.replace("/discard:SA-ST-SK", "")).sides[0]
    assert (plain.card_points, plain.deal_score) == (25, -60)
    ruled = finish("rules:three-player+discard_needs_trick/" + base).sides[0]
    assert (ruled.card_points, ruled.discard_not_counted, ruled.deal_score) == (0, 25, -60)
    assert "discard 25 not counted" in "\n".join(finish("rules:three-player+discard_needs_trick/" + base).lines())
    # with a trick the discard counts
    won = finish("rules:three-player+discard_needs_trick/" + base.replace("tricks:0,6,4", "tricks:1,5,4")).sides[0]
    assert won.discard_not_counted == 0 and won.card_points == 25
