"""The words of the presentation: the one catalog formatter (``{name}`` is a value, ``{name.case}``
a suit letter or a card in a grammatical case) and the phrases built from the engine's answers
(a card's spoken name, a solution, a choice). The build (``sitebuild``) and the worker (through
``present.web``) both use it, so a sentence renders the same in both. Standard library only."""

from __future__ import annotations

import re


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


SENTENCE_END = re.compile(r"[.!?][\"”)]?\s+$")


def number(value, catalog: dict, plus: bool = False) -> str:
    """A figure as the catalog's language writes it: a true minus sign (U+2212), one decimal with
    the catalog's decimal mark where it is not whole (``47,5``), ``+60`` with ``plus``; any
    other value as text. The pages write a number they fill in alike (site/assets/fill.js)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    size = abs(value)
    if size == int(size):
        text = str(int(size))
    else:
        text = f"{size:.1f}".replace(".", catalog["estimate"]["decimal"])
    if value < 0:
        return f"\u2212{text}"
    return f"+{text}" if plus and value > 0 else text


def parts(template: str, fragment: bool = False) -> list:
    """A template as its literal text and its values in order: a literal is a ``str``, a value
    ``(name, case, starts)`` where ``case`` is its grammatical case (or ``None``) and ``starts``
    whether it starts a sentence and is capitalised (the start of the message unless it is a
    ``fragment`` set inside another sentence, or after ". ", "! ", "? "; never after a value). The
    rules of ``fmt`` and of the messages the build compiles for the pages (``compiled``)."""
    out: list = []
    text = ""
    last = 0
    for match in PLACEHOLDER.finditer(template):
        literal = template[last : match.start()]
        last = match.end()
        text += literal
        starts = not fragment if text == "" else bool(SENTENCE_END.search(text))
        out += [literal, (match.group(1), match.group(2), starts)]
        text += "\x00"  # a value, which never ends a sentence
    out.append(template[last:])
    return [part for part in out if part != ""]


def fmt(template: str, params: dict, catalog: dict, fragment: bool = False) -> str:
    """Fill ``{name}`` (a value; a number by ``number``) or ``{name.case}`` (a suit letter or a
    card in that case), capitalised where it starts a sentence (``parts``)."""
    text = ""
    for part in parts(template, fragment):
        if isinstance(part, str):
            text += part
            continue
        name, case, starts = part
        value = number(params[name], catalog)
        if case:
            value = catalog["suits"][value][case] if len(value) == 1 else card_name(value, case, catalog)
        text += capfirst(value) if starts else value
    return text


def compiled(section: dict, key: str) -> str | dict:
    """An entry of a catalog section as the pages fill it (``site/assets/fill.js``) without knowing
    the language: a text without values as it is; else its parts (a list), or where it has a
    ``_one`` or ``_zero`` form ``{"forms": [...]}``, each form ``{"when": {name: count}, "parts":
    [...]}`` in the order ``message`` tries them (then the entry itself, with no ``when``); a part
    is a literal or ``{"v": name}`` with
    ``"case"`` (a suit letter's case) and ``"cap"``: ``true`` where the value starts a sentence
    after another one, ``"start"`` where it starts the message (capitalised unless the page sets
    it inside another sentence). Filled with the same values, it reads as ``fmt(message(...))``."""
    entry = section[key]
    forms = []
    for suffix, wanted in (("_one", 1), ("_zero", 0)):
        form = section.get(f"{key}{suffix}")
        if isinstance(form, str):
            named = {m.group(1) for m in PLACEHOLDER.finditer(form)}
            counts = [m.group(1) for m in PLACEHOLDER.finditer(entry) if m.group(1) not in named]
            if counts:
                forms.append((dict.fromkeys(counts, wanted), form))
    forms.append((None, entry))
    if len(forms) == 1 and not PLACEHOLDER.search(entry):
        return entry
    out = []
    for when, template in forms:
        pieces = [_compiled_part(a, b) for a, b in zip(parts(template), parts(template, fragment=True))]
        out.append({"when": when, "parts": pieces} if when else {"parts": pieces})
    return out[0]["parts"] if len(out) == 1 else {"forms": out}


def _compiled_part(alone, fragment) -> str | dict:
    """One part of ``parts``: as the message is alone and as it is set inside another sentence."""
    if isinstance(alone, str):
        return alone
    name, case, starts = alone
    out: dict = {"v": name}
    if case:
        out["case"] = case
    if starts:
        out["cap"] = True if fragment[2] else "start"
    return out


def compiled_section(section: dict) -> dict:
    """Every entry of a catalog section (and of the sections inside it) as ``compiled`` gives it."""
    return {
        key: compiled(section, key) if isinstance(section[key], str) else compiled_section(section[key])
        for key in section
    }


def in_sentence(label: str, catalog: dict) -> str:
    """A label (``option_labels``, written as it stands alone) inside a sentence: its first letter
    in lower case, unless it starts with a name (``names``); the pages get every label so written
    (``sitebuild.catalogs.page_catalog``)."""
    first = re.split(r"[\s,:;]", label)[0]
    return label if first in catalog["names"] else label[:1].lower() + label[1:]


def message(section: dict, key: str, params: dict | None = None) -> str:
    """The entry ``key`` of a catalog section, or its ``_one`` form where the count it writes out
    is 1 (every number of ``key`` that ``key_one`` does not name is 1), or its ``_zero`` form where
    that count is 0 ("ei täyttynyt yhdessäkään jaossa", never "täyttyi 0 jaossa"); the pages get
    these forms compiled (``compiled``)."""
    if not isinstance(section.get(key), str):
        return section[key]
    params = params or {}
    for suffix, wanted in (("_one", 1), ("_zero", 0)):
        form = section.get(f"{key}{suffix}")
        if not isinstance(form, str):
            continue
        named = {m.group(1) for m in PLACEHOLDER.finditer(form)}
        counts = [m.group(1) for m in PLACEHOLDER.finditer(section[key]) if m.group(1) not in named]
        values = [params.get(n) for n in counts]
        if counts and all(isinstance(v, (int, float)) and not isinstance(v, bool) and v == wanted for v in values):
            return form
    return section[key]


def reason_text(reason: dict, catalog: dict) -> str:
    """A reason of the engine (``{code, params}``) in the catalog's words (``reasons``). An entry with
    variants takes the first whose parameter is given and not false (``beat``, ``card``, ...), else
    its plain one (``""``); a code the catalog does not know reads as the engine's message or code.
    The one wording of a reason: the pages get it written (``present.verdicts``, ``present.score``)."""
    params = reason.get("params") or {}
    entry = message(catalog["reasons"], reason["code"], params) if reason["code"] in catalog["reasons"] else None
    if entry is None:
        return reason.get("message") or reason["code"]
    if isinstance(entry, dict):
        variant = next((k for k in entry if k and k in params and params[k] is not False), "")
        entry = entry[variant]
    return fmt(entry, params, catalog)


def error_text(error: dict, catalog: dict) -> str:
    """An error of the engine or of ``present`` (``{code, params}``) in the catalog's words
    (``errors``); a code without its own text, or a text whose parameters are missing, gets the
    generic sentence. Seats count from 0 in the engine and from 1 on the page ("player 2"); lists
    of cards are named and joined; a rule option is named by its label (an unknown name from a link
    stays as it was written). ``present.web`` adds it to every error it answers (``text``)."""
    errors = catalog["errors"]
    error = error if isinstance(error, dict) else {}
    params = dict(error.get("params") or {}) if isinstance(error.get("params"), dict) else {}
    seat = params.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool):
        params["player"] = seat + 1
    labels = catalog["option_labels"]
    if "option" in params and str(params["option"]) in labels:
        params["option"] = labels[str(params["option"])]
    try:
        for key, value in params.items():
            if isinstance(value, list):
                params[key] = ", ".join(card_name(card, "nom", catalog) for card in value)
        code = error.get("code")
        entry = message(errors, code, params) if isinstance(code, str) and isinstance(errors.get(code), str) else None
        needed = [m.group(1) for m in PLACEHOLDER.finditer(entry)] if entry else []
        if not entry or any(params.get(name) is None for name in needed):
            return errors["generic"]
        return fmt(entry, params, catalog)
    except (KeyError, IndexError, TypeError):  # a list that is not of cards, a value of no card or suit
        return errors["generic"]


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
        return fmt(message(ui, "solution_score", solution), {"score": solution["score"]}, catalog)
    if "score" in solution:
        return fmt(message(ui, "solution_score", solution), {"score": solution["score"]}, catalog)
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


def signed(value: int) -> str:
    """A whole number as the style sheet writes it: the minus sign (U+2212), never a hyphen
    (``number`` without a catalog: a whole number needs no decimal mark)."""
    return number(value, {})


def plus_minus(value: int) -> str:
    """A deal score in a result cell, signed to contrast a gain with a loss: ``+60``, ``−60``
    (the minus sign, U+2212, never a hyphen), ``0``."""
    return number(value, {}, plus=True)


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
    if answer == "none" or answer.startswith("trump:"):  # a declaration decision, mid-sentence
        label = choice_label(answer, catalog)
        return label[:1].lower() + label[1:]
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


class Words:
    """The catalog of one language and the phrases the layout needs from it."""

    def __init__(self, cat: dict):
        self.cat = cat
        self.ui = cat["ui"]

    def fmt(self, template: str, params: dict) -> str:
        return fmt(template, params, self.cat)

    def say(self, section: dict, key: str, params: dict) -> str:
        """An entry of a catalog section, its ``_one`` form where its count is 1."""
        return fmt(message(section, key, params), params, self.cat)

    def seat(self, view: dict, seat: int) -> str:
        return self.cat["seats"][view["where"][seat]]

    def taken(self, s: dict) -> str:
        """'3 points taken, 1 trick'."""
        ui = self.ui
        tricks = f"{s['tricks']} {ui['tricks_won_one'] if s['tricks'] == 1 else ui['tricks_won']}"
        if not s.get("points"):
            return tricks
        return f"{s['points']} {ui['points_taken_one'] if s['points'] == 1 else ui['points_taken']}, {tricks}"

    def hidden(self, count: int) -> str:
        cards = self.cat["cards"]
        return cards["hidden_one"] if count == 1 else cards["hidden"].replace("{count}", str(count))
