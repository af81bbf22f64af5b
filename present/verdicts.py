"""The verdict lines of every answer of an answer table, in a catalog's words (``verdicts``,
``reasons``): what the page says when an answer is given (right, not allowed and why, allowed but
not the best and what it gives away, wrong), written beside the table (``data-verdicts``, by
``present.puzzle``) for lesson pages, puzzle pages, the readiness test, drills and shared positions
alike. The page code judges an answer by the table (``site/assets/answers.js: judgeWithTable``),
looks its lines up here by the same key (``verdictLines``) and mounts them; it words nothing.

``verdict_table(table, cat, looking=False)`` gives, as ``to_dict`` data:

* ``answers``: ``{key: [line, ...]}``, every answer of a table of cards or choices by its key; of
  a typed number, the right number and each recognised slip by the number;
* ``other``: ``[line]``, a typed number that is none of those: the sentence around the number,
  with an empty ``span.typed-number`` the page fills with the number it read (its text only);
* ``marks``: a set of cards to mark: ``correct``, ``wrong`` (lines), ``extra`` (each card not
  allowed: its line, with the engine's reason), ``missing`` (by how many allowed cards are left
  unmarked, 1..n) and ``rules`` (each allowed card: the rule that allows it; the page says each
  rule once);
* ``notices``: the lines without an answer: a text that is no number (``not_a_number``), the
  solution opened below (``solution_below``), a tap on a hand that is only to look at
  (``hand_looking_trick``, where ``looking``);
* a guided deal (``answer == "steps"``): ``steps``, each step's ``answers`` (a move off the
  deal's line: not allowed and why, what it gives away, or allowed but not this deal's move; by
  the number of its lines in ``lines``, where each is written once: a step offers hundreds of
  discards that all say the same) and ``other`` (a wrong score), with the notices
  ``not_a_number``, ``deal_right`` and ``deal_done``.

A line is text, or a node (``present.tree``) where it holds the learner's typed number."""

from __future__ import annotations

from .text import fmt, message, reason_text
from .tree import h, to_dict

TYPED = "typed-number"  # the class of the span the page fills with the number it read
_SLOT = "\x00"  # where the typed number goes while the sentence is formatted


class VerdictError(ValueError):
    """An answer table the catalog cannot word: a verdict's word it lacks, a parameter missing."""


def _say(key: str, params: dict, cat: dict) -> str:
    verdicts = cat["verdicts"]
    if not isinstance(verdicts.get(key), str):
        raise VerdictError(f"verdicts.{key}: the catalog has no such sentence")
    try:
        return fmt(message(verdicts, key, params), params, cat)
    except KeyError as e:
        raise VerdictError(f"verdicts.{key}: the verdict gives no {e.args[0]}") from None


def _around_number(key: str, cat: dict):
    """The sentence of ``key`` around a typed number: text, with the number as an empty span."""
    said = _say(key, {"number": _SLOT}, cat)
    if _SLOT not in said:
        return said
    parts = said.split(_SLOT)
    node = h("span", "", None, parts[0])
    for part in parts[1:]:
        node.add(h("span", TYPED), part)
    return node


def _answer_lines(words: dict, entry: dict, cat: dict) -> list:
    verdict = entry.get("verdict")
    if verdict == "correct":
        return [_say(words["correct"], dict(entry), cat)]
    if verdict == "illegal":
        return [_say(words["illegal"], {}, cat), reason_text(entry["reason"], cat)]
    if verdict == "legal-not-best":
        return [_say(words["legal-not-best"], {"loss": entry.get("loss")}, cat)]
    if verdict == "wrong":
        return [_say(words["wrong"], dict(entry), cat)]
    raise VerdictError(f"no line for the verdict {verdict!r}")


def _deal_lines(entry: dict, cat: dict) -> list:
    """A guided deal's move off its line (the scripted move only moves the deal on)."""
    verdict = entry.get("verdict")
    if verdict == "illegal":
        return [_say("illegal_action", {}, cat), reason_text(entry["reason"], cat)]
    if verdict == "legal-not-best":
        return [_say("deal_loss", {"loss": entry.get("loss")}, cat)]
    return [_say("deal_other", {}, cat)]


def _marks(table: dict, cat: dict) -> dict:
    words = table["words"]
    entries = table.get("answers") or {}
    legal = [card for card, entry in entries.items() if entry.get("verdict") == "legal"]
    extra = {
        card: f"{_say('extra', {'card': card}, cat)} {reason_text(entry['reason'], cat)}"
        for card, entry in entries.items()
        if entry.get("verdict") != "legal"
    }
    missing = {str(n): _say("missing", {"count": n}, cat) for n in range(1, len(legal) + 1)}
    rules = {card: reason_text(entries[card]["reason"], cat) for card in legal}
    return {
        "correct": [_say(words["correct"], {}, cat)],
        "wrong": [_say(words["wrong"], {}, cat)],
        "extra": extra,
        "missing": missing,
        "rules": rules,
    }


def verdict_table(table: dict, cat: dict, looking: bool = False) -> dict:
    """Every line the page can show for an answer of ``table`` (see the module's docstring)."""
    if table.get("answer") == "steps":
        steps, lines, numbered = [], [], {}

        def written_once(said: list) -> int:
            key = repr(said)
            if key not in numbered:
                numbered[key] = len(lines)
                lines.append(said)
            return numbered[key]

        for step in table["steps"]:
            if step.get("answer") == "number":
                steps.append({"answers": {}, "other": to_dict([_around_number("wrong_score", cat)])})
            else:
                answers = (step.get("answers") or {}).items()
                wrong = {k: written_once(_deal_lines(e, cat)) for k, e in answers if e.get("verdict") != "correct"}
                steps.append({"answers": wrong})
        notices = {key: _say(key, {}, cat) for key in ("not_a_number", "deal_right", "deal_done")}
        return {"steps": steps, "lines": lines, "notices": notices}
    notices = {"solution_below": _say("solution_below", {}, cat)}
    if looking:
        notices["hand_looking_trick"] = _say("hand_looking_trick", {}, cat)
    how = table.get("answer")
    if how == "cards":
        return {"marks": _marks(table, cat), "notices": notices}
    words = table["words"]
    if how == "number":
        notices["not_a_number"] = _say("not_a_number", {}, cat)
        right = table["number"]
        answers = {str(right): [_say(words["correct"], {"verdict": "correct", "number": right}, cat)]}
        for m in table.get("mistakes") or []:
            params = {"verdict": "wrong", "number": m["number"], "mistake": m}
            answers[str(m["number"])] = [_say(words["wrong"], params, cat)]
        return {"answers": answers, "other": to_dict([_around_number(words["wrong"], cat)]), "notices": notices}
    answers = {key: _answer_lines(words, entry, cat) for key, entry in (table.get("answers") or {}).items()}
    return {"answers": answers, "notices": notices}
