"""The words of a puzzle (``prompt``, ``hint``, ``explanation`` in each language), filled from its
position and from the engine's answers, and checked against them at build time.

A seat, a card or a number the engine knows is never written by hand: it is a placeholder,
filled in the page's language with the grammatical case the sentence needs. Literal text
around the placeholders is checked, so a sentence cannot bypass them (see ``check_literal``).
The full list, with examples, is in ``lessons/README.md``.

Placeholder grammar: ``{NAME}``, ``{NAME.case}``, ``{NAME:ARG}`` or ``{NAME:ARG.case}``.

* cards: ``{HK}`` a card by its code, ``{HT+HK+HQ}`` several cards of one suit, ``{led}`` the
  card that led the trick shown, ``{answer}`` the one right card;
* seats: ``{leader}`` who led the trick shown, ``{who:HK}`` who holds or played a card,
  ``{bidder}``, ``{declarer:H}`` who declared a suit, ``{side}`` the side a score puzzle asks
  about. "You" is never a placeholder: the verb agrees with it, so write it;
* numbers: ``{loss:HK}`` what an answer gives away compared with the best (the page's feedback
  says the same), ``{value:HK}``, ``{best}``, ``{points:SA+ST}`` card points, ``{count:trumps-out}``
  what the player to move counts (the questions of a count puzzle), ``{score}`` and
  the score puzzle's breakdown (``{card_points}``, ``{last_trick}``, ``{bonuses}``, ``{total}``,
  ``{rounded}``, ``{deal}``), ``{contract}``; ``{bids}`` an auction told in words;
* the engine's estimate (``bid``, ``raise``, ``discard``, ``give``): ``{samples}`` the deals
  played, ``{spread:p25}`` what the hand made (``min``, ``p10``, ``p25``, ``p50``, ``p75``,
  ``p90``, ``max``), ``{made:55}`` in how many deals an answer made its contract, and
  ``{value:55}``, ``{loss:55}``, ``{best}`` as above; a card set is written ``{value:S6+S7+D6}``.
  ``{made_deals:55}`` is that count as a clause ("the contract was made in 6 of 10 deals", "sopimus
  ei onnistunut yhdessäkään 10 jaosta"): a count of none in words, which ``{made:55}`` cannot say.
  ``{who:60}`` is who made that bid. The figures of an estimate are never written by hand.

Cases (Finnish needs them, English ignores them): nom (default), gen, part, ade, abl, all, ela, ill.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.core.cards import NotationError
from engine.core.notation import parse_position, parse_record
from engine.core.rules import parse_rules
from engine.puzzles.base import REGISTRY, Kind
from present.text import fmt, message

CASES = ("nom", "gen", "part", "ade", "abl", "all", "ela", "ill")
PLACEHOLDER = re.compile(r"\{([A-Za-z][A-Za-z0-9_+]*)(?::([A-Za-z0-9:+_-]+))?(?:\.([a-z]+))?\}")
CARD = re.compile(r"[SCDH][AKQJT9876]")
CARDS = re.compile(r"[SCDH][AKQJT9876](?:\+[SCDH][AKQJT9876])*")
MINUS = "\u2212"

SEAT_NAMES = ("leader", "who", "bidder", "declarer", "side")
CARD_NAMES = ("led", "answer")
SIDE_NUMBERS = ("card_points", "last_trick", "bonuses", "total", "rounded", "deal")
ESTIMATE_NUMBERS = ("samples", "spread", "made")
NUMBER_NAMES = ("loss", "value", "best", "points", "score", "contract", "count", *SIDE_NUMBERS, *ESTIMATE_NUMBERS)
SPREAD_KEYS = ("min", "p10", "p25", "p50", "p75", "p90", "max")


class WordsError(ValueError):
    """A placeholder that does not fit the puzzle, or literal words that should be one."""

    def __init__(self, offset: int, message: str):
        super().__init__(message)
        self.offset = offset


@dataclass
class Facts:
    """What the build knows about one puzzle: the view the page shows, the engine's solution and
    answer table, and the rule set."""

    spec: dict
    view: dict
    solution: dict
    table: dict
    rules: object = None
    cards: dict = field(default_factory=dict)  # card code -> seat that holds or played it
    numbers: set = field(default_factory=set)  # every number a sentence may state by hand
    step: dict | None = None  # a guided deal's step: its numbers and action ({points}, {answer}...)
    bids: dict = field(default_factory=dict)  # a bid amount of the record's auction -> the seat

    @property
    def kind(self) -> str:
        return self.spec.get("kind", "")

    @property
    def kind_class(self) -> type[Kind]:
        """The puzzle's kind (engine/puzzles): what its words may and must say is declared there."""
        return REGISTRY.get(self.kind, Kind)

    @property
    def layout(self) -> str | None:
        return (self.view.get("form") or {}).get("layout")


def estimated_kinds() -> list[str]:
    """The kinds valued by a sampled estimate of the whole deal (``Kind.estimated``)."""
    return [name for name, kind in REGISTRY.items() if kind.estimated]


def _ints(value):
    """Every whole number inside a JSON-like value."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield abs(value)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _ints(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _ints(v)


def _rules_of(spec, view):
    position = spec.get("position", "")
    for parse in (parse_position, parse_record):  # a position, or a whole deal's record
        try:
            return parse(position).rules
        except (NotationError, ValueError):
            pass
    try:
        return parse_rules(view.get("rules", "three-player"))
    except NotationError:
        return None


def facts(spec: dict, view: dict, solution: dict, table: dict) -> Facts:
    f = Facts(spec, view, solution, table, _rules_of(spec, view))
    for s in view.get("seats", []):
        for card in s.get("cards") or []:
            f.cards[card] = s["seat"]
    for played in list(view.get("trick", [])) + list(view.get("then", [])):
        f.cards[played["card"]] = played["seat"]
    rules = f.rules
    numbers = set(range(6, 11)) | {0, 1, 36}  # rank numbers, a whole pack
    if rules is not None:
        numbers |= set(rules.points) | set(rules.bonus)
        numbers |= {4 * sum(rules.points), rules.pack_points, rules.last_trick_bonus, rules.min_bid}
        numbers |= {rules.bid_step, rules.max_bid, rules.target, rules.hand_size, rules.widow_size}
        numbers |= {rules.players, rules.exchange_size, abs(rules.bidding_floor)}
        numbers |= set(range(1, rules.players + 1))
    for key in ("contract", "bid", "before", "players"):
        if isinstance(view.get(key), int):
            numbers.add(abs(view[key]))
    for s in view.get("seats", []):
        numbers |= {s.get("points", 0), s.get("tricks", 0), s.get("count", 0)}
    if rules is not None and rules.partnership and view.get("seats"):
        for side in (0, 1):
            numbers.add(sum(s.get("points", 0) for s in view["seats"] if s["seat"] % 2 == side))
    for b in view.get("bids", []):
        if str(b.get("bid", "")).isdigit():
            numbers.add(int(b["bid"]))
    log = view.get("log") or {}
    for b in log.get("auction", []):
        if str(b.get("bid", "")).isdigit():
            numbers.add(int(b["bid"]))
            f.bids[int(b["bid"])] = b["seat"]
    discard = log.get("discard") or {}
    for card in log.get("widow", []):  # shown to everyone, then the bidder's
        f.cards.setdefault(card, discard.get("seat", view.get("bidder")))
    for card in discard.get("cards") or []:
        f.cards[card] = discard["seat"]
    if f.kind_class.estimated:
        # the offered bids and raises are written on the buttons; the estimate's figures are not
        for answer in solution.get("answers", []):
            amount = answer.rsplit(":", 1)[-1]
            if amount.isdigit():
                numbers.add(int(amount))
    else:
        numbers |= set(_ints(solution)) | set(_ints(table))
    f.numbers = numbers
    return f


# -- the literal text: no card names, no seat words, no numbers the build cannot see ------------

_FI_SUITS = r"(?:pata|padan|risti|ristin|ruutu|ruudun|hertta|hertan)"
_FI_RANKS = (
    r"(?:ässä|äss|kymp|kymmen|kunin|kuningat|rouv|sotila|jätk|yhdeksik|ysi|kahdeksik|kasi|seisk|seitsem|kuuto"
    r"|kutonen|kuus)"
)
_EN_RANKS = r"(?:ace|ten|king|queen|jack|nine|eight|seven|six|10|9|8|7|6)"
_SYMBOL = r"[♠♣♦♥♤♧♢♡]"
_RANK_SIGN = r"(?:A|K|Q|J|10|[6-9])"

CARD_WORDS = {
    "fi": [
        re.compile(rf"\b{_FI_SUITS}-?{_FI_RANKS}\w*", re.IGNORECASE),
        re.compile(rf"\b{_FI_SUITS}\s+{_FI_RANKS}\w*", re.IGNORECASE),
    ],
    "en": [
        re.compile(rf"\b{_EN_RANKS}s?\s+of\s+(?:spades|clubs|diamonds|hearts)\b", re.IGNORECASE),
        re.compile(rf"\b(?:spade|club|diamond|heart)\s+{_EN_RANKS}s?\b", re.IGNORECASE),
    ],
}
CARD_SIGNS = re.compile(rf"{_SYMBOL}\s?{_RANK_SIGN}|{_RANK_SIGN}\s?{_SYMBOL}")
SEAT_WORDS = {
    "fi": [
        re.compile(r"\bvas(?:en|emm|emp)\w*", re.IGNORECASE),
        re.compile(r"\boikea(?!staan)\w*", re.IGNORECASE),
        re.compile(r"\bvastapäätä\s+istuv\w*", re.IGNORECASE),
    ],
    "en": [
        re.compile(r"\b(?:on|to|at|from)\s+(?:your|the|my|his|her|their)\s+(?:left|right)\b", re.IGNORECASE),
        re.compile(r"\b(?:your|the)\s+(?:left|right)\b", re.IGNORECASE),
        re.compile(r"\b(?:left|right)[- ](?:hand|player|opponent|neighbou?r|seat)\w*", re.IGNORECASE),
        re.compile(r"(?:^|[.!?:]\s+)(?:left|right)\b", re.IGNORECASE),
        re.compile(r"\b(?:opposite|across from)\s+you\b", re.IGNORECASE),
    ],
}
NUMBER = re.compile(r"(?<![\w.,])[+\u2212-]?(\d+)(?![\w])")


def check_literal(text: str, lang: str, facts: Facts) -> None:
    """Refuse, in the text outside placeholders, a specific card's name, a word for a seat, and
    a number that is neither a rule of the game, nor in the position, nor the engine's."""
    for pattern in CARD_WORDS.get(lang, []) + [CARD_SIGNS]:
        m = pattern.search(text)
        if m:
            raise WordsError(m.start(), f"{m.group(0)!r} names a card: write it as a placeholder, for example {{HK}}")
    for pattern in SEAT_WORDS.get(lang, []):
        m = pattern.search(text)
        if m:
            raise WordsError(
                m.start(),
                f"{m.group(0).strip()!r} names a seat: write {{leader}}, {{who:CARD}}, {{bidder}}, "
                "{declarer:SUIT} or {side}, which the build fills from the position",
            )
    for m in NUMBER.finditer(text):
        if int(m.group(1)) not in facts.numbers:
            raise WordsError(
                m.start(1),
                f"the number {m.group(1)} is not a rule of this game, a number of the position or one the "
                "engine computed for this puzzle: fill it with a placeholder ({loss:CARD}, {score}, {total}, "
                "{points:CARD+CARD}...) or leave it out",
            )


# -- filling the placeholders ---------------------------------------------------------------------


def _case(catalog: dict, case: str | None, offset: int) -> str:
    case = case or "nom"
    if case not in CASES or case not in catalog["ranks"]["A"]:
        raise WordsError(offset, f"unknown case {case!r}; cases: {', '.join(CASES)}")
    return case


def card_words(cards: list[str], case: str, catalog: dict) -> str:
    """One card ('herttakuninkaalla', 'king of hearts') or several of one suit ('hertan kympin,
    kuninkaan ja rouvan', 'ten, king and queen of hearts')."""
    if len(cards) == 1:
        card = cards[0]
        return catalog["cards"]["compound"].format(
            suit=catalog["suits"][card[0]]["nom"], rank=catalog["ranks"][card[1]][case]
        )
    ranks = [catalog["ranks"][c[1]][case] for c in cards]
    joined = ", ".join(ranks[:-1]) + f" {catalog['words']['and']} " + ranks[-1]
    return catalog["cards"]["suit_list"].format(suit=catalog["suits"][cards[0][0]]["gen"], ranks=joined)


def _seat_phrase(facts: Facts, seat: int, case: str, catalog: dict, offset: int, what: str) -> str:
    place = facts.view["where"][seat]
    if place == "you":
        raise WordsError(
            offset,
            f"{what} is you: write 'you' ('sinä') yourself, since the verb agrees with it; "
            "seat placeholders are for the other players",
        )
    if place == "across" and facts.view.get("players") == 2:
        place = "opponent"
    return catalog["words"]["seats"][place][case]


def _number(value, catalog: dict | None = None) -> str:
    """A whole number, or an estimate's average with one decimal in the page's language."""
    if isinstance(value, float) and value != int(value):
        text = f"{abs(value):.1f}".replace(".", catalog["estimate"]["decimal"] if catalog else ".")
        return f"{MINUS}{text}" if value < 0 else text
    value = int(value)
    return f"{MINUS}{-value}" if value < 0 else str(value)


def _answer_key(facts: Facts, arg: str) -> str:
    """An answer as the engine keys it; a card set written ``S6+S7+D6`` (a placeholder cannot
    hold the dots of ``discard:S6.S7.D6``) is the candidate of those cards, in any order."""
    if facts.kind_class.card_sets and CARDS.fullmatch(arg):
        wanted = set(arg.split("+"))
        for key in facts.table.get("answers", {}):
            if set(key.split(":", 1)[-1].split(".")) == wanted:
                return key
    return arg


def _choice_value(facts: Facts, arg: str, offset: int, name: str) -> float:
    entries = facts.table.get("answers", {})
    key = _answer_key(facts, arg)
    if key not in entries:
        raise WordsError(offset, f"{{{name}:{arg}}}: {arg!r} is not one of the answers ({', '.join(entries)})")
    entry = entries[key]
    if name == "loss":
        if entry.get("verdict") != "legal-not-best":
            raise WordsError(
                offset,
                f"{{loss:{arg}}}: the engine's verdict on {arg} is {entry.get('verdict')!r}, so it gives nothing away",
            )
        return entry["loss"]
    values = facts.solution.get("values", {})
    if key not in values or entry.get("verdict") == "illegal":
        raise WordsError(offset, f"{{value:{arg}}}: the engine has no value for {arg}")
    return values[key]


def _estimate_number(name: str, arg: str | None, facts: Facts, offset: int):
    """``{samples}``, ``{spread:KEY}`` and ``{made:ANSWER}`` from an estimate's solution."""
    sol = facts.solution
    if not facts.kind_class.estimated:
        raise WordsError(
            offset, f"{{{name}}} belongs to the puzzles valued by an estimate: {', '.join(estimated_kinds())}"
        )
    if name == "samples":
        if arg:
            raise WordsError(offset, f"{{samples:{arg}}}: samples takes no argument")
        return sol["samples"]
    if name == "spread":
        if "spread" not in sol:
            raise WordsError(offset, "{spread:...} belongs to bid and raise puzzles (a discard has {value:CARDS})")
        if arg not in SPREAD_KEYS:
            raise WordsError(offset, f"{{spread:{arg}}}: one of {', '.join(SPREAD_KEYS)}")
        return sol["spread"][arg]
    key = _answer_key(facts, arg or "")
    if key not in sol.get("values", {}) or (sol.get("reasons") or {}).get(key):
        raise WordsError(
            offset, f"{{made:{arg}}}: not a legal answer of this puzzle ({', '.join(sol.get('values', {}))})"
        )
    for row in sol.get("rows", []):
        if row.get("choice") == key:
            return row["made"]
    contract = sol.get("contract") if key == "hold" else int(key.rsplit(":", 1)[-1]) if key != "p" else None
    if contract is None:
        raise WordsError(offset, "{made:p}: a pass makes no contract")
    return next(row["made"] for row in sol["rows"] if row.get("contract") == contract)


def _side(facts: Facts) -> dict:
    sides = facts.solution.get("breakdown", {}).get("sides", [])
    wanted = facts.spec.get("side", 0)
    for s in sides:
        if s["side"] == wanted:
            return s
    raise KeyError(wanted)


def fill(name: str, arg: str | None, case: str | None, facts: Facts, catalog: dict, offset: int) -> tuple[str, str]:
    """The words for one placeholder, and what it is ("card", "seat" or "number")."""
    view = facts.view
    if CARDS.fullmatch(name):
        if arg:
            raise WordsError(offset, f"{{{name}:{arg}}}: a card placeholder takes no argument")
        cards = name.split("+")
        for card in cards:
            if card not in facts.cards:
                shown = ", ".join(sorted(facts.cards)) or "none"
                raise WordsError(offset, f"{{{name}}}: {card} is not a card this puzzle shows (shown: {shown})")
        if len({c[0] for c in cards}) > 1:
            raise WordsError(offset, f"{{{name}}}: cards in one placeholder must be of one suit")
        return card_words(cards, _case(catalog, case, offset), catalog), "card"
    if name == "led":
        played = list(view.get("trick", [])) + list(view.get("then", []))
        if not played:
            raise WordsError(offset, "{led}: no card has been led in this puzzle")
        return card_words([played[0]["card"]], _case(catalog, case, offset), catalog), "card"
    if name == "answer":
        cards = facts.solution.get("cards")
        if not cards or len(cards) != 1:
            raise WordsError(offset, f"{{answer}}: this puzzle has no single right card ({cards})")
        return card_words([cards[0]], _case(catalog, case, offset), catalog), "card"
    if name in SEAT_NAMES:
        c = _case(catalog, case, offset)
        if name == "leader":
            played = list(view.get("trick", [])) + list(view.get("then", []))
            if not played:
                raise WordsError(offset, "{leader}: no card has been led in this puzzle")
            return _seat_phrase(facts, played[0]["seat"], c, catalog, offset, "the leader"), "seat"
        if name == "who":
            if arg and arg.isdigit() and int(arg) in facts.bids:
                return _seat_phrase(facts, facts.bids[int(arg)], c, catalog, offset, f"the bidder of {arg}"), "seat"
            if not arg or not CARD.fullmatch(arg) or arg not in facts.cards:
                raise WordsError(
                    offset,
                    f"{{who:{arg}}}: name a card this puzzle shows or a bid of its auction, for example {{who:HK}}",
                )
            return _seat_phrase(facts, facts.cards[arg], c, catalog, offset, f"the player of {arg}"), "seat"
        if name == "bidder":
            if facts.layout == "auction":  # the question's answer: the player who bid last
                return catalog["ui"]["player_n"].format(n=facts.solution["player"]), "seat"
            if view.get("bidder") is None:
                raise WordsError(offset, "{bidder}: this position has no bidder")
            return _seat_phrase(facts, view["bidder"], c, catalog, offset, "the bidder"), "seat"
        if name == "declarer":
            seats = [d["seat"] for d in view.get("declarations", []) if d["suit"] == arg]
            if not seats:
                raise WordsError(offset, f"{{declarer:{arg}}}: nobody has declared {arg} in this position")
            return _seat_phrase(facts, seats[-1], c, catalog, offset, f"the declarer of {arg}"), "seat"
        if name == "side":
            if "breakdown" not in facts.solution:
                raise WordsError(offset, "{side} belongs to score puzzles")
            seats = _side(facts)["seats"]
            if len(seats) > 1:
                ours = view["mover"] in seats
                return catalog["words"]["pairs"]["ours" if ours else "theirs"][c], "seat"
            return _seat_phrase(facts, seats[0], c, catalog, offset, "the side asked about"), "seat"
    if name in NUMBER_NAMES or name in ("bids", "made_deals"):
        if case:
            raise WordsError(offset, f"{{{name}.{case}}}: numbers take no case")
    if name in ("loss", "value"):
        if not arg:
            raise WordsError(offset, f"{{{name}:ANSWER}} needs an answer, for example {{{name}:HK}}")
        return _number(_choice_value(facts, arg, offset, name), catalog), "number"
    if name == "best":
        values = facts.solution.get("values")
        if not values:
            raise WordsError(offset, "{best} belongs to best-card, declare and estimated puzzles")
        if facts.kind_class.estimated:  # the best legal answer (an opener's pass is valued but illegal)
            return _number(values[facts.solution["best"][0]], catalog), "number"
        return _number(max(values.values())), "number"
    if name in ESTIMATE_NUMBERS:
        return _number(_estimate_number(name, arg, facts, offset)), "number"
    if name == "made_deals":  # the count as a clause, in words where it is none (catalog "estimate")
        params = {"made": _estimate_number("made", arg, facts, offset), "samples": facts.solution["samples"]}
        return fmt(message(catalog["estimate"], "made_deals", params), params, catalog, fragment=True), "text"
    if name == "points":
        if not arg or not CARDS.fullmatch(arg) or facts.rules is None:
            raise WordsError(offset, "{points:CARDS}: name cards, for example {points:SA+ST}")
        return str(sum(facts.rules.points["ATKQJ9876".index(c[1])] for c in arg.split("+"))), "number"
    if name == "count":
        if not arg:
            raise WordsError(offset, "{count:QUESTION} needs a question, for example {count:trumps-out}")
        from engine.puzzles import count_at

        try:
            return _number(count_at(facts.spec, arg)), "number"
        except ValueError as e:
            raise WordsError(offset, f"{{count:{arg}}}: {e}") from None
    if name == "score":
        if "score" not in facts.solution:
            raise WordsError(offset, "{score} belongs to score puzzles")
        return _number(facts.solution["score"]), "number"
    if name == "contract":
        value = facts.solution.get("contract", view.get("contract"))
        if value is None:
            raise WordsError(offset, "{contract}: this puzzle has no contract")
        return _number(value), "number"
    if name in SIDE_NUMBERS:
        if "breakdown" not in facts.solution:
            raise WordsError(offset, f"{{{name}}} belongs to score puzzles")
        s = _side(facts)
        value = {
            "card_points": s["card_points"],
            "last_trick": s["last_trick"],
            "bonuses": sum(d["bonus"] for d in s["declarations"]),
            "total": s["total"],
            "rounded": s["rounded"] if s["rounded"] is not None else s["total"],
            "deal": s["deal_score"],
        }[name]
        return _number(value), "number"
    if name == "bids":
        if facts.layout != "auction":
            raise WordsError(offset, "{bids} belongs to auction puzzles")
        return auction_words(view, catalog["words"]), "text"
    raise WordsError(
        offset,
        f"unknown placeholder {{{name}}}: cards {{HK}} {{led}} {{answer}}; seats {{leader}} {{who:HK}} {{bidder}} "
        "{declarer:H} {side}; numbers {loss:HK} {value:HK} {best} {points:HK} {count:points-out} {score} "
        "{total} {contract} {samples} {spread:p25} {made:55} {made_deals:55}...",
    )


def auction_words(view: dict, words: dict) -> str:
    """An auction told in words; passes in a row go together ("players 2 and 3 pass")."""

    def and_list(items, clauses=False):
        # clauses with their own subjects: Finnish puts a comma before "ja" (Kielitoimisto), the
        # catalog's "and_clauses" says how the last two are joined ("pelaaja 1 tarjoaa 40, ja ...")
        last = words.get("and_clauses", f" {words['and']} ") if clauses else f" {words['and']} "
        return ", ".join(items[:-1]) + last + items[-1] if len(items) > 1 else items[0]

    parts, passes = [], []

    def flush():
        if passes:
            parts.append(words["pass" if len(passes) == 1 else "passes"].format(n=and_list(passes)))
            passes.clear()

    for b in view["bids"]:
        n = str(view["order"].index(b["seat"]) + 1)
        if b["bid"] == "p":
            passes.append(n)
        else:
            flush()
            parts.append(words["bid"].format(n=n, bid=b["bid"]))
    flush()
    return and_list(parts, clauses=True)


SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|\n\s*)$")


# -- a guided deal's commentary: what the learner has seen by each step -----------------------------

# The numbers and the action of one step (engine/puzzles/guided.py, ``facts``): {points}, {trick}, {answer}...
STEP_NAMES = ("points", "tricks", "trick", "bid", "contract", "trump", "answer", "score", "total")


def step_facts(spec: dict, view: dict, number: int) -> Facts:
    """What the learner of a guided deal (``view``, from engine/puzzles/guided.py) has seen by step
    ``number`` (0-based): its hand, the widow once turned up, its own discard, every card played
    so far and who played it, the declarations and every bid, contract and trick's points. A card
    placeholder must name such a card, ``{who:CARD}`` finds its player; ``{leader}`` and ``{led}``
    speak of the trick on the table at that step. The step's own numbers ({points}, {trick}...)
    are in ``step``."""
    step = view["steps"][number]
    f = facts(spec, step["state"], {}, {})
    f.step = step["facts"]
    for earlier in view["steps"][: number + 1]:
        for e in earlier["events"]:
            if e["type"] == "play":
                f.cards[e["card"]] = e["seat"]
            elif e["type"] in ("widow", "discard") and e.get("cards"):
                for card in e["cards"]:
                    f.cards[card] = e["seat"]
            f.numbers |= set(_ints({k: v for k, v in e.items() if k not in ("seat", "cards", "card")}))
            if str(e.get("bid", "")).isdigit():
                f.numbers.add(int(e["bid"]))
    f.numbers |= {abs(v) for v in f.step.values() if isinstance(v, int)}
    return f


def _step_fill(name: str, case: str | None, facts: Facts, catalog: dict, offset: int) -> str:
    known = facts.step
    if name not in known:
        names = ", ".join("{" + k + "}" for k in known)
        raise WordsError(offset, f"{{{name}}} is not known at this step; known: {names}")
    value = known[name]
    if name == "trump" or (name == "answer" and isinstance(value, str) and len(value) == 1):
        return catalog["suits"][value][_case(catalog, case, offset)]
    if name == "answer" and isinstance(value, str) and CARD.fullmatch(value):
        return card_words([value], _case(catalog, case, offset), catalog)
    if case:
        raise WordsError(offset, f"{{{name}.{case}}}: numbers take no case")
    return _number(int(value))


def render(text: str, lang: str, facts: Facts, catalog: dict) -> str:
    """Fill every placeholder of ``text`` and check the literal text around them; raises
    ``WordsError`` with the offset in ``text`` of what is wrong. With ``facts`` from
    ``step_facts``, the step's own names ({points}, {trick}, {answer}...) come from the step."""
    out = []
    literal = []
    last = 0
    step = facts.step
    for m in PLACEHOLDER.finditer(text):
        before = text[last : m.start()]
        out.append(before)
        literal.append((last, before))
        if step is not None and m.group(1) in STEP_NAMES and m.group(2) is None:
            words = _step_fill(m.group(1), m.group(3), facts, catalog, m.start())
        else:
            words, _ = fill(m.group(1), m.group(2), m.group(3), facts, catalog, m.start())
        if SENTENCE_START.search("".join(out)):
            words = words[:1].upper() + words[1:]
        out.append(words)
        last = m.end()
    out.append(text[last:])
    literal.append((last, text[last:]))
    for start, chunk in literal:
        if "{" in chunk or "}" in chunk:
            i = chunk.find("{") if "{" in chunk else chunk.find("}")
            raise WordsError(
                start + i, "a brace that is not a placeholder: placeholders look like {HK} or {who:HK.ade}"
            )
        try:
            check_literal(chunk, lang, facts)
        except WordsError as e:
            raise WordsError(start + e.offset, str(e)) from None
    return "".join(out)


def required(field_name: str, text: str, facts: Facts) -> str | None:
    """What an explanation must contain, so that the engine's numbers are the ones the words use."""
    if field_name != "explanation":
        return None
    names = {m.group(1) for m in PLACEHOLDER.finditer(text)}
    cites = facts.kind_class.explanation_cites
    if cites == "score" and "score" not in names:
        return "the explanation of a score puzzle states the answer as {score}"
    if cites == "cost":
        tempting = [a for a, v in facts.table.get("answers", {}).items() if v.get("verdict") == "legal-not-best"]
        if tempting and not names & {"loss", "value"}:
            return (
                "the explanation says what a tempting answer costs, with {loss:ANSWER} (or {value:ANSWER}) "
                f"(answers that give points away: {', '.join(tempting)})"
            )
    rounded = average_not_said_rounded(text, facts)
    if rounded:
        return rounded
    if cites == "estimate" and not names & {"spread", "made", "made_deals", "value"}:
        return (
            f"the explanation of a {facts.kind} puzzle draws on the engine's estimate: what the hand made "
            "({spread:p25}, {spread:max}...), in how many of the {samples} deals ({made:ANSWER}) or an "
            "answer's value ({value:ANSWER})"
        )
    return None


# -- a figure called "average" ------------------------------------------------------------------
# A discard or give puzzle's {value:CARDS} is the average of what the hand ends each sampled deal
# with, and the estimate counts each deal's total rounded down to a multiple of the bid step
# (engine/search/estimate.py ``made``): 11 points saved in the discard count as 10. A sentence that calls
# such a figure an average must say that it is one of rounded totals, or it reads as exact points.
AVERAGE_WORDS = {
    "en": re.compile(r"\baverage", re.IGNORECASE),
    "fi": re.compile(r"keskimäärin|keskiarvo", re.IGNORECASE),
}
ROUNDED_WORDS = re.compile(r"rounded down|alaspäin pyöristet|pyöristet\w* alaspäin", re.IGNORECASE)


def sentences_with_values(text: str) -> list[tuple[str, list[str]]]:
    """Each sentence of ``text`` (split at '. ', '? ', '! ') with the arguments of its ``{value:X}``."""
    parts = re.split(r"(?<=[.?!])\s+", text)
    out = []
    for part in parts:
        args = [m.group(2) for m in PLACEHOLDER.finditer(part) if m.group(1) == "value" and m.group(2)]
        if args:
            out.append((part, args))
    return out


def average_not_said_rounded(text: str, facts: Facts) -> str | None:
    """For a discard or give explanation: a ``{value:X}`` called an average ("average",
    "keskimäärin") is an average of totals rounded down to the bid step, and the explanation
    must say so ("rounded down", "alaspäin pyöristettyjen")."""
    if not (facts.kind_class.card_sets and facts.kind_class.estimated):
        return None
    called_average = any(
        any(pattern.search(sentence) for pattern in AVERAGE_WORDS.values())
        for sentence, _ in sentences_with_values(text)
    )
    if called_average and not ROUNDED_WORDS.search(text):
        return (
            f"the explanation calls a {facts.kind} figure {{value:...}} an average, but each deal's total is "
            "rounded down to a multiple of the bid step before it is averaged: say so ('rounded down', "
            "'alaspäin pyöristettyjen')"
        )
    return None
