"""Rules of thumb measured by the engine, filled into the lessons (issue 38).

``benchmarks/bench_strategy.py`` (``make bench-strategy``) plays each rule of thumb against its
plausible alternative over many deals and commits the figures to ``lessons/measured.json``; the
build only reads them, so a clean clone never recomputes them. In a lesson's Markdown,
``{measured:NAME}`` becomes a sentence part, ``<span class="measured" data-measured="DEALS">``
around the average difference in points with its 95 % interval and how often the rule did better
and worse, in the page's language (the catalog's ``measured`` section and its number format). An
unknown name, or data without a figure the words need, fails the build with file:line.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from markupsafe import escape

from . import BuildError, rel
from .catalogs import decimal, fmt, message

MEASURED = re.compile(r"\{measured:([^}]*)\}")
FIELDS = ("deals", "mean", "low", "high", "better", "worse")
NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def load_measured(directory: Path) -> dict:
    """The figures of ``directory/measured.json`` by rule name (none when the file is missing)."""
    path = directory / "measured.json"
    if not path.exists():
        return {}
    try:
        rules = json.loads(path.read_text(encoding="utf-8"))["rules"]
    except (OSError, json.JSONDecodeError, KeyError, TypeError) as e:
        raise BuildError(f"{rel(path)}: not a measurement file ({{'rules': {{name: figures}}}}): {e}") from None
    if not isinstance(rules, dict):
        raise BuildError(f"{rel(path)}: 'rules' must map each rule's name to its figures")
    for name, figures in rules.items():
        if not NAME.fullmatch(name):
            raise BuildError(f"{rel(path)}: rule name {name!r}: lower-case words joined by hyphens")
        for key in FIELDS:
            value = figures.get(key) if isinstance(figures, dict) else None
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise BuildError(f"{rel(path)}: rule {name!r} has no number {key!r}")
        if type(figures["deals"]) is not int or figures["deals"] < 2:
            raise BuildError(f"{rel(path)}: rule {name!r}: 'deals' must be a whole number of at least 2")
    return rules


def measured_text(figures: dict, catalog: dict) -> str:
    """The sentence part for one rule's figures, as plain text in the catalog's language."""
    words = catalog["measured"]
    mean = figures["mean"]
    size = abs(mean)
    key = "more" if mean > 0 else "fewer" if mean < 0 else "even"
    gain = fmt(message(words, key, {"mean": size}), {"mean": size}, catalog, fragment=True)
    params = {name: figures[name] for name in ("deals", "better", "worse")}
    # an interval's ends with one decimal each (1.0 to 2.6), as the estimate tables write figures
    params["low"], params["high"] = decimal(figures["low"], catalog), decimal(figures["high"], catalog)
    detail = fmt(message(words, "detail", params), params, catalog, fragment=True)
    return fmt(words["whole"], {"gain": gain, "detail": detail}, catalog, fragment=True)


def fill_measured(html: str, measured: dict, catalog: dict, path: Path) -> str:
    """Every ``{measured:NAME}`` of a rendered lesson section replaced by its figures, escaped,
    in an element whose ``data-measured`` is the number of deals measured."""

    def replace(match):
        name = match.group(1)
        if name not in measured:
            line = _line_of(path, match.group(0))
            known = ", ".join(sorted(measured)) or "none"
            raise BuildError(f"{rel(path)}:{line}: unknown measured rule {name!r} (lessons/measured.json has: {known})")
        figures = measured[name]
        text = escape(measured_text(figures, catalog))
        return f'<span class="measured" data-measured="{figures["deals"]}">{text}</span>'

    return MEASURED.sub(replace, html)


def _line_of(path: Path, needle: str) -> int:
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    return 1
