"""The message catalogs (``site/messages/fi.json``, ``en.json``): loaded and checked here; the one
formatter and its phrases live in ``present/text.py``; ``page_catalog`` is what a page's scripts
read of a catalog, its messages compiled by that formatter so that the pages fill in values
without knowing the language (``site/assets/fill.js``)."""

from __future__ import annotations

import json

from engine.core.rules import OPTION_DOCS
from present.text import (  # noqa: F401  (the build's names for the one formatter)
    PLACEHOLDER,
    SENTENCE_END,
    answer_label,
    capfirst,
    card_face,
    card_label,
    card_name,
    choice_label,
    compiled,
    compiled_section,
    decimal,
    fmt,
    in_sentence,
    message,
    number,
    plus_minus,
    signed,
    solution_text,
)

from . import ROOT, BuildError, rel


def load_catalog(lang: str) -> dict:
    path = ROOT / "site" / "messages" / f"{lang}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise BuildError(f"{rel(path)}: {e}") from None


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


def page_catalog(cat: dict) -> dict:
    """What a page's scripts read of its language's catalog (``#catalog``, site/templates/base.html):
    the sections they fill in, compiled by the one formatter (``present.text.compiled``: the page
    fills in values and knows no grammar), the engine's error codes the catalog words (the worker
    words them: ``error.text``) and the generic one, the suits' case forms (a suit in a case),
    each rule option's label as it stands inside a sentence, the seats',
    presets' and options' words as they are, and the decimal mark."""
    sections = ("ui", "lesson_player", "review")
    return {
        **{name: compiled_section(cat[name]) for name in sections},
        "errors": {"generic": cat["errors"]["generic"]},
        "error_codes": sorted(cat["errors"]),
        "suits": cat["suits"],
        "seats": cat["seats"],
        "presets": cat["presets"],
        "option_labels_in_sentence": {name: in_sentence(label, cat) for name, label in cat["option_labels"].items()},
        "option_values": cat["option_values"],
        "decimal": cat["estimate"]["decimal"],
    }
