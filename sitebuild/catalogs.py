"""The message catalogs (``site/messages/fi.json``, ``en.json``) and the one formatter: ``{name}`` is
a value, ``{name.case}`` a suit letter or a card in a grammatical case. ``site/assets/messages.js``
has the same rules, so a sentence renders the same at build time and in the browser."""

from __future__ import annotations

import json
import re

from engine.core.rules import OPTION_DOCS

from . import ROOT, BuildError, rel


def load_catalog(lang: str) -> dict:
    path = ROOT / "site" / "messages" / f"{lang}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise BuildError(f"{rel(path)}: {e}") from None


def card_label(card: str, catalog: dict) -> str:
    """The spoken name of a card, for example 'hertta kuningas' or 'king of hearts'."""
    return catalog["cards"]["spoken"].format(
        suit=catalog["suits"][card[0]]["nom"], rank=catalog["ranks"][card[1]]["nom"]
    )


PLACEHOLDER = re.compile(r"\{(\w+)(?:\.(\w+))?\}")


def card_name(card: str, case: str, catalog: dict) -> str:
    """A card's name in a grammatical case: 'herttakuninkaan', 'king of hearts'."""
    return catalog["cards"]["compound"].format(
        suit=catalog["suits"][card[0]]["nom"], rank=catalog["ranks"][card[1]][case]
    )


def fmt(template: str, params: dict, catalog: dict) -> str:
    """Fill ``{name}`` or ``{name.case}`` (a suit letter or a card in that case); the same rules
    as ``format`` in site/assets/messages.js."""

    def fill(match):
        raw = params[match.group(1)]
        negative = isinstance(raw, int) and not isinstance(raw, bool) and raw < 0
        value = f"\u2212{-raw}" if negative else str(raw)  # a true minus: "−150"
        case = match.group(2)
        if not case:
            return value
        if len(value) == 1:
            return catalog["suits"][value][case]
        return card_name(value, case, catalog)

    text = PLACEHOLDER.sub(fill, template)
    return text[:1].upper() + text[1:] if template.startswith("{") else text


def solution_text(kind: str, solution: dict, catalog: dict, view: dict | None = None) -> str:
    """The solution in words, by what the engine's solution holds (never by the kind's name): the
    accepted answers of an estimate, a counted number, a score, the bidder of an auction, the best
    declaration, the winning card of a trick or the right cards. A declare puzzle's words depend
    on whether the mover leads (``view["mover_leads"]``, see ``choice_label``)."""
    ui = catalog["ui"]
    form = (view or {}).get("form", {})
    if "accepted" in solution:
        labels = [answer_label(a, solution, catalog) for a in solution["accepted"]]
        return fmt(catalog["estimate"]["solution"], {"choices": " / ".join(labels)}, catalog)
    if "number" in solution:
        return fmt(catalog["count"]["solution"], {"number": solution["number"]}, catalog)
    if "steps" in solution:
        return fmt(ui["solution_score"], {"score": solution["score"]}, catalog)
    if "score" in solution:
        return fmt(ui["solution_score"], {"score": signed(solution["score"])}, catalog)
    if "player" in solution:
        return fmt(ui["solution_auction"], {"player": solution["player"], "bid": solution["contract"]}, catalog)
    if "best" in solution:
        leads = (view or {}).get("mover_leads", True)
        labels = [choice_label(c, catalog, leads) for c in solution["best"]]
        labels = [label[:1].lower() + label[1:] for label in labels]  # mid-sentence after "Solution:"
        return fmt(ui["solution_declare"], {"choice": " / ".join(labels)}, catalog)
    if form.get("shape") == "trick":
        return fmt(ui["solution_winner"], {"card": solution["cards"][0]}, catalog)
    names = [card_name(c, "nom", catalog) for c in solution["cards"]] or [ui["legal_none"]]
    return fmt(ui["solution_cards"], {"cards": ", ".join(names)}, catalog)


def signed(number: int) -> str:
    """A number as the style sheet writes it: the minus sign (U+2212), never a hyphen."""
    return f"\u2212{-number}" if number < 0 else str(number)


def plus_minus(number: int) -> str:
    """A deal score in a result cell, signed to contrast a gain with a loss: ``+60``, ``−60``
    (the minus sign, U+2212, never a hyphen), ``0``."""
    return f"+{number}" if number > 0 else signed(number)


def capfirst(text: str) -> str:
    """Text that starts a line or a title: its first letter in upper case, the rest as it is.
    The catalogs keep names in the form they take inside a sentence (``kolminpeli ilman
    pyöristystä``, after a colon in lower case); a title or a list item capitalises them here."""
    return text[:1].upper() + text[1:]


def answer_label(answer: str, solution: dict, catalog: dict) -> str:
    """An answer of a decision puzzle in words: pass, a bid, keep or raise, cards."""
    est = catalog["estimate"]
    if answer == "p":
        return est["choice_pass"]
    if answer == "hold":
        return fmt(est["choice_hold"], {"contract": solution.get("contract", "")}, catalog)
    if answer.startswith("raise:"):
        return fmt(est["choice_raise"], {"amount": answer[6:]}, catalog)
    if answer.startswith(("discard:", "give:")):
        return ", ".join(card_name(c, "nom", catalog) for c in answer.split(":", 1)[1].split("."))
    if len(answer) == 2 and not answer.isdigit():
        return card_name(answer, "nom", catalog)
    return answer


def choice_label(choice: str, catalog: dict, mover_leads: bool = True) -> str:
    """The button text of a declare-puzzle choice (none, trump:H, askfull, askhalf:H). ``none``
    is leading without declaring when the mover leads the next trick, and playing a card when
    it is in the middle of a trick (the puzzle view's ``mover_leads``)."""
    ui = catalog["ui"]
    if choice == "none":
        return ui["declare_none"] if mover_leads else ui["declare_none_in_trick"]
    if choice.startswith("answer:"):
        return ui["play_answer_no"] if choice == "answer:no" else fmt(ui["play_answer"], {"suit": choice[-1]}, catalog)
    if choice == "askfull":
        return ui["ask_full"]
    key = "ask_half" if choice.startswith("askhalf:") else "declare_suit"
    return fmt(ui[key], {"suit": choice[-1]}, catalog)


def decimal(value: float, catalog: dict, signed: bool = False) -> str:
    """A figure with one decimal in the page's language: ``+75,0``, ``−85,0`` (a true minus)."""
    text = f"{value:+.1f}" if signed else f"{value:.1f}"
    return text.replace("-", "\u2212").replace(".", catalog["estimate"]["decimal"])


def card_face(card: str) -> dict:
    rank = {"T": "10"}.get(card[1], card[1])
    return {"code": card, "rank": rank, "symbol": "♠♣♦♥"["SCDH".index(card[0])], "red": card[0] in "DH"}


def check_catalogs(catalogs: dict) -> None:
    from engine.core.messages import REASON_CODES
    from engine.core.scoring import RESULTS

    keys = None
    for lang, cat in catalogs.items():
        path = f"site/messages/{lang}.json"
        missing = set(REASON_CODES) - set(cat.get("reasons", {}))
        if missing:
            raise BuildError(f"{path}: no text for reason codes {', '.join(sorted(missing))}")
        missing = {f"bd_{r}" for r in RESULTS} - set(cat.get("ui", {}))
        if missing:
            raise BuildError(f"{path}: no text for score results {', '.join(sorted(missing))}")
        missing = set(OPTION_DOCS) - {"name"} - set(cat.get("options", {}))
        if missing:
            raise BuildError(f"{path}: no text for rule options {', '.join(sorted(missing))}")
        missing = set(OPTION_DOCS) - {"name"} - set(cat.get("option_labels", {}))
        if missing:
            raise BuildError(f"{path}: no label (option_labels) for rule options {', '.join(sorted(missing))}")
        flat = set(_flat_keys(cat))
        if keys is not None and flat != keys:
            raise BuildError(f"{path}: keys differ from the other language: {', '.join(sorted(flat ^ keys))}")
        keys = flat


def _flat_keys(value, prefix=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _flat_keys(v, f"{prefix}{k}.")
    else:
        yield prefix.rstrip(".")
