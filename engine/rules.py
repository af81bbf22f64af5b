"""Rule sets: a frozen options object and one named preset per rule system in the sources.

Sources (the texts in ``shared/seeds``):

* **S0** a Finnish guide to the three-player game after Wikibooks, scored exactly;
* **S1** the Finnish Wikibooks page (2, 3 or 4 players, pairs, optional house rules);
* **S2** a Finnish FAQ with an English translation (last-trick bonus, ace/spade lead,
  partner questions, Porvoo);
* **S3** a Ukrainian description of the four-player partnership game and its German variant.

Every option below says where it comes from. ``RuleSet.replace(...)`` and the ``+option``
notation (``wikibooks+players=4+strong_drive``) make variants; see ``parse_rules``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from .cards import NotationError

STANDARD_CARD_POINTS = (11, 10, 4, 3, 2, 0, 0, 0, 0)  # A T K Q J 9 8 7 6 (S0, S1, S2; S3 variant)
UKRAINIAN_CARD_POINTS = (10, 10, 5, 5, 5, 0, 0, 0, 0)  # S3: aces and tens 10, K Q J 5

CARD_POINT_TABLES = {"standard": STANDARD_CARD_POINTS, "ukrainian": UKRAINIAN_CARD_POINTS}

# Trump declaration bonuses indexed by Suit (S, C, D, H).
STANDARD_TRUMP_BONUS = (40, 60, 80, 100)  # S0, S1, S2, S3
REVERSED_TRUMP_BONUS = (100, 40, 60, 80)  # S3 variant: ♠100 ♥80 ♦60 ♣40
NO_TRUMP_BONUS = (0, 0, 0, 0)  # S3 variant: marriages score nothing
TRUMP_BONUS_TABLES = {
    "standard": STANDARD_TRUMP_BONUS,
    "reversed": REVERSED_TRUMP_BONUS,
    "none": NO_TRUMP_BONUS,
}

# Strength of each rank in a trick (higher wins), indexed by Rank (A T K Q J 9 8 7 6).
TEN_HIGH_STRENGTH = (8, 7, 6, 5, 4, 3, 2, 1, 0)  # A 10 K Q J 9 8 7 6 (S0, S1, S2)
TEN_BELOW_JACK_STRENGTH = (8, 3, 7, 6, 5, 2, 1, 0, -1)  # S3 as written: A K Q J 10 9 8 7 6


@dataclass(frozen=True)
class Option:
    name: str
    doc: str
    source: str


OPTION_DOCS: dict[str, Option] = {}


def _opt(default: Any, doc: str, source: str):
    return field(default=default, metadata={"doc": doc, "source": source})


@dataclass(frozen=True)
class RuleSet:
    """Every rule that differs between the sources, as one frozen value."""

    name: str = _opt("custom", "The preset this rule set was made from.", "-")
    players: int = _opt(3, "Number of players: 2, 3 or 4.", "S0: 3; S1: 2, 3 or 4; S3: 4")
    partnership: bool = _opt(
        False,
        "Four players in two pairs sitting opposite (seats 0+2 and 1+3) who score together.",
        "S1, S2, S3",
    )
    exchange_size: int = _opt(
        0,
        "Pairs only: cards the bidder receives from the partner and returns (0 = none).",
        "S1 and S2: 3 or 4; S3: 3; S3 German: 4",
    )
    raise_between_exchange: bool = _opt(
        False,
        "Pairs only: the bidder may raise after receiving the partner's cards and before returning "
        "cards (otherwise after the whole exchange).",
        "S3",
    )
    ten_below_jack: bool = _opt(
        False,
        "Rank order A K Q J 10 9 8 7 6 instead of A 10 K Q J 9 8 7 6. Only the Ukrainian text lists "
        "the ten this low; every Finnish source puts the ten above the king.",
        "S3 (as written)",
    )
    card_points: str = _opt(
        "standard",
        "Card values: 'standard' A11 10:10 K4 Q3 J2 (120 in the pack) or 'ukrainian' A10 10:10 "
        "K5 Q5 J5 (140 in the pack; with the 20-point last trick this is 'the 160-point pack').",
        "S0, S1, S2: standard; S3: ukrainian, standard as a variant",
    )
    last_trick_bonus: int = _opt(0, "Points for winning the last trick.", "S0, S1: none; S2: 20; S3: 20, variant 10")
    trump_bonus: str = _opt(
        "standard",
        "Declaration bonuses: 'standard' ♠40 ♣60 ♦80 ♥100, 'reversed' ♠100 ♥80 ♦60 ♣40, or 'none'.",
        "S0, S1, S2, S3; S3 variants: reversed and none",
    )
    min_bid: int = _opt(40, "Smallest opening bid.", "S0: 40; S1: 40 (2-3p), 50 (4p); S3: 50; German: 120")
    bid_step: int = _opt(5, "Every bid is a multiple of this and each raise at least this.", "all")
    max_bid: int = _opt(0, "Largest allowed bid (0 = no limit).", "S3: 440")
    forced_opening: bool = _opt(
        True,
        "The player after the dealer must open with at least the minimum bid.",
        "S0, S1, S3; German: not forced",
    )
    all_pass_no_contract: bool = _opt(
        False,
        "When every player passes, the deal is played without a contract and everybody scores what they take.",
        "S3 German",
    )
    partners_cannot_overbid: bool = _opt(
        False,
        "Pairs: a player may not raise their own partner's standing bid. (S2 says partners do not "
        "bid against each other; by default this is read as a description of team play.)",
        "S2 (one reading)",
    )
    three_sixes_redeal: bool = _opt(
        False, "A player holding three or more sixes may demand a redeal at their first bid.", "S3"
    )
    bidding_floor: int = _opt(
        0,
        "A side whose match score is at or below this may not bid except the forced opening minimum (0 = no floor).",
        "S3: -500",
    )
    raise_allowed: bool = _opt(
        True, "The bidder may raise once after the widow or exchange, before the first card.", "all"
    )
    first_lead: str = _opt(
        "any",
        "The bidder's lead to the first trick: 'any' card, or 'ace_then_spade' (an ace if they hold "
        "one, else a spade if they hold one, else any card).",
        "S0, S3: any; S1: optional ace_then_spade; S2: ace_then_spade",
    )
    must_overtake: bool = _opt(
        True,
        "A player following suit must beat the highest card of the led suit in the trick when able.",
        "S0, S1, S2; S3 does not mention it",
    )
    overtake_against_winner: bool = _opt(
        False,
        "House rule: the card to overtake is the trick's current winning card, so once the trick is "
        "trumped nobody has to overtake in the led suit.",
        "house rule",
    )
    must_trump: bool = _opt(True, "A player void in the led suit must play a trump if they hold one.", "all")
    must_overtrump: bool = _opt(
        False,
        "House rule: when trumping, beat the highest trump in the trick if able.",
        "house rule; S0 says explicitly that there is no such duty",
    )
    ace_must_show: bool = _opt(
        False,
        "House rule 'the ace must show': in the first trick a player following suit who holds the ace "
        "of the led suit must play it.",
        "house rule",
    )
    strong_drive: bool = _opt(
        False,
        "'Vahva ajo': only a player who led and won the previous trick may declare trump.",
        "S1 optional",
    )
    partner_questions: bool = _opt(
        False,
        "Pairs: instead of declaring, the trick winner may ask the partner for a full pair or for the "
        "missing half of a pair.",
        "S1, S2, S3",
    )
    half_question_lockout: bool = _opt(
        False,
        "After a half question the pair asks no more questions in the deal and the partner's own "
        "remaining K+Q pairs can no longer be declared.",
        "S2",
    )
    no_discard_aces_tens: bool = _opt(
        False, "House rule: aces and tens may not be discarded after taking the widow.", "house rule"
    )
    rounding: bool = _opt(
        False,
        "Round each deal total to the nearest 5 (...2 down, ...3 up).",
        "S1 optional; S3 German",
    )
    contract_uses_rounded: bool = _opt(
        False,
        "When rounding: the bidder's total is compared with the contract after rounding (default: the exact total).",
        "house choice",
    )
    porvoo: bool = _opt(
        False,
        "'Porvoo': a player or pair that wins no trick loses the original winning bid (not doubled "
        "for the bidder; a raise does not increase it).",
        "S2; S1 mentions an optional no-trick penalty",
    )
    bidder_needs_card_points: bool = _opt(
        False,
        "The bidding side fails if it takes no card points at all, whatever its bonuses.",
        "S3",
    )
    target: int = _opt(500, "The match ends after a deal in which a side reaches this.", "all")
    tie_rule: str = _opt(
        "shared",
        "Equal highest totals at the end: 'shared' win, or 'extra_deal' (play one more deal).",
        "S0: shared; S3: extra_deal",
    )

    # -- derived values -----------------------------------------------------------------------
    def __post_init__(self):
        problems = []
        if self.players not in (2, 3, 4):
            problems.append(f"players must be 2, 3 or 4, not {self.players}")
        if self.partnership and self.players != 4:
            problems.append("a partnership game needs 4 players")
        if self.exchange_size and not self.partnership:
            problems.append("exchange_size needs partnership")
        if self.exchange_size not in (0, 3, 4):
            problems.append("exchange_size must be 0, 3 or 4")
        if self.card_points not in CARD_POINT_TABLES:
            problems.append(f"card_points must be one of {', '.join(CARD_POINT_TABLES)}")
        if self.trump_bonus not in TRUMP_BONUS_TABLES:
            problems.append(f"trump_bonus must be one of {', '.join(TRUMP_BONUS_TABLES)}")
        if self.first_lead not in ("any", "ace_then_spade"):
            problems.append("first_lead must be 'any' or 'ace_then_spade'")
        if self.tie_rule not in ("shared", "extra_deal"):
            problems.append("tie_rule must be 'shared' or 'extra_deal'")
        if self.bid_step <= 0 or self.min_bid <= 0 or self.min_bid % self.bid_step:
            problems.append("min_bid must be a positive multiple of bid_step")
        if self.max_bid and (self.max_bid < self.min_bid or self.max_bid % self.bid_step):
            problems.append("max_bid must be a multiple of bid_step and at least min_bid")
        if (self.partner_questions or self.half_question_lockout) and not self.partnership:
            problems.append("partner questions need partnership")
        if problems:
            raise RuleSetError("; ".join(problems))
        object.__setattr__(self, "points", CARD_POINT_TABLES[self.card_points])
        object.__setattr__(self, "bonus", TRUMP_BONUS_TABLES[self.trump_bonus])
        object.__setattr__(self, "strength", TEN_BELOW_JACK_STRENGTH if self.ten_below_jack else TEN_HIGH_STRENGTH)

    points: tuple = field(init=False, repr=False, compare=False)
    bonus: tuple = field(init=False, repr=False, compare=False)
    strength: tuple = field(init=False, repr=False, compare=False)

    @property
    def widow_size(self) -> int:
        """S1: the widow holds as many cards as there are players; pairs play without one."""
        return 0 if self.partnership else self.players

    @property
    def hand_size(self) -> int:
        return (36 - self.widow_size) // self.players

    @property
    def pack_points(self) -> int:
        """Card points in the whole pack plus the last-trick bonus."""
        return 4 * sum(self.points) + self.last_trick_bonus

    def side_of(self, seat: int) -> int:
        """The scoring side of a seat: the pair (0 or 1) or the seat itself."""
        return seat % 2 if self.partnership else seat

    @property
    def sides(self) -> int:
        return 2 if self.partnership else self.players

    def partner_of(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.partnership else None

    def replace(self, **changes) -> RuleSet:
        try:
            return dataclasses.replace(self, **changes)
        except TypeError as e:
            raise RuleSetError(str(e)) from None

    def options(self) -> dict[str, Any]:
        """The options as a plain dict (without the name)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init and f.name != "name"}

    def __str__(self) -> str:
        return format_rules(self)


class RuleSetError(NotationError):
    """Rule-set options that do not fit together, or an unknown preset or option."""


for _f in dataclasses.fields(RuleSet):
    if _f.init:
        OPTION_DOCS[_f.name] = Option(_f.name, _f.metadata["doc"], _f.metadata["source"])


PRESETS: dict[str, RuleSet] = {}


def _preset(name: str, title: str, source: str, **options) -> RuleSet:
    rules = RuleSet(name=name, **options)
    PRESETS[name] = rules
    PRESET_INFO[name] = (title, source)
    return rules


PRESET_INFO: dict[str, tuple[str, str]] = {}

THREE_PLAYER = _preset(
    "three-player",
    "Three players, exact scoring (after Wikibooks)",
    "S0",
)
WIKIBOOKS = _preset(
    "wikibooks",
    "Wikibooks: 2, 3 or 4 players or pairs, with optional house rules",
    "S1",
)
WIKIBOOKS_PAIRS = _preset(
    "wikibooks-pairs",
    "Wikibooks pairs game with a card exchange",
    "S1",
    players=4,
    partnership=True,
    exchange_size=3,
    min_bid=50,
    partner_questions=True,
)
FAQ = _preset(
    "faq",
    "FAQ solo game: last trick +20, ace or spade first lead, Porvoo",
    "S2",
    last_trick_bonus=20,
    first_lead="ace_then_spade",
    porvoo=True,
)
FAQ_PAIRS = _preset(
    "faq-pairs",
    "FAQ pairs game: exchange, partner questions, Porvoo",
    "S2",
    players=4,
    partnership=True,
    exchange_size=3,
    min_bid=50,
    last_trick_bonus=20,
    first_lead="ace_then_spade",
    porvoo=True,
    partner_questions=True,
    half_question_lockout=True,
)
UKRAINIAN = _preset(
    "ukrainian",
    "Ukrainian partnership game",
    "S3",
    players=4,
    partnership=True,
    exchange_size=3,
    raise_between_exchange=True,
    ten_below_jack=True,
    card_points="ukrainian",
    last_trick_bonus=20,
    min_bid=50,
    max_bid=440,
    must_overtake=False,
    three_sixes_redeal=True,
    bidding_floor=-500,
    partner_questions=True,
    bidder_needs_card_points=True,
    tie_rule="extra_deal",
)
GERMAN = _preset(
    "german",
    "The German variant of the Ukrainian game",
    "S3",
    **{
        **UKRAINIAN.options(),
        "min_bid": 120,
        "forced_opening": False,
        "all_pass_no_contract": True,
        "exchange_size": 4,
        "rounding": True,
    },
)

# Wikibooks lets a group choose 2, 3 or 4 players; the 4-player minimum is 50 (S1).
WIKIBOOKS_2P = _preset("wikibooks-2p", "Wikibooks, two players (17 cards each, 2 in the widow)", "S1", players=2)
WIKIBOOKS_4P = _preset(
    "wikibooks-4p",
    "Wikibooks, four players each for themselves (8 cards each, 4 in the widow)",
    "S1",
    players=4,
    min_bid=50,
)


def preset(name: str) -> RuleSet:
    try:
        return PRESETS[name]
    except KeyError:
        raise RuleSetError(
            f"unknown rule set {name!r}: choose one of {', '.join(PRESETS)}", "unknown_rules", name=name
        ) from None


def _parse_value(name: str, text: str, where: str):
    kind = type(getattr(THREE_PLAYER, name))
    if kind is bool:
        if text in ("1", "on", "yes", "true"):
            return True
        if text in ("0", "off", "no", "false"):
            return False
        raise RuleSetError(f"{where}: option {name} takes on or off, not {text!r}")
    if kind is int:
        try:
            return int(text)
        except ValueError:
            raise RuleSetError(f"{where}: option {name} takes a whole number, not {text!r}") from None
    return text


def parse_rules(text: str, where: str = "rules") -> RuleSet:
    """``NAME`` or ``NAME+option+option=value+option=off``: a preset with changed options.

    A bare ``+option`` switches an on/off option on. Unknown names and values raise
    ``RuleSetError`` naming them.
    """
    parts = text.strip().split("+")
    rules = preset(parts[0]) if parts[0] else None
    if rules is None:
        raise RuleSetError(f"{where}: missing rule-set name, for example three-player")
    changes = {}
    for part in parts[1:]:
        name, eq, value = part.partition("=")
        if name not in OPTION_DOCS or name == "name":
            raise RuleSetError(f"{where}: unknown option {name!r}")
        if not eq:
            if type(getattr(rules, name)) is not bool:
                raise RuleSetError(f"{where}: option {name} needs a value, for example {name}={getattr(rules, name)}")
            value = "on"
        changes[name] = _parse_value(name, value, where)
    if not changes:
        return rules
    try:
        return dataclasses.replace(rules, **changes)
    except RuleSetError as e:
        raise RuleSetError(f"{where}: {e}") from None


def format_rules(rules: RuleSet) -> str:
    base = PRESETS.get(rules.name)
    if base is None:
        base, name = THREE_PLAYER, "three-player"
    else:
        name = rules.name
    parts = [name]
    for key, value in rules.options().items():
        if getattr(base, key) != value:
            if value is True:
                parts.append(key)
            elif value is False:
                parts.append(f"{key}=off")
            else:
                parts.append(f"{key}={value}")
    return "+".join(parts)
