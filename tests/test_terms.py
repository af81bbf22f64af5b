"""One term per thing (issue 36, item 3): the words lessons/STYLE.md says must not appear do not
appear in the lessons, the rule sets told in words (presets/), the glossary, the catalogs or the
templates."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STYLE = ROOT / "lessons" / "STYLE.md"
HEADING = "### Words that must not appear"


def banned_terms() -> list[tuple[str, str, re.Pattern]]:
    """(language, the term as STYLE.md writes it, its pattern) for each row of the table."""
    text = STYLE.read_text(encoding="utf-8")
    assert HEADING in text, f"lessons/STYLE.md has no section {HEADING!r}"
    rows = []
    for line in text.split(HEADING, 1)[1].splitlines():
        if line.startswith("## "):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] not in ("fi", "en"):
            continue
        term = cells[1].replace("\\*", "*")
        words = [re.escape(w).replace(r"\*", r"\w*") for w in term.split()]
        rows.append((cells[0], term, re.compile(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)", re.IGNORECASE)))
    return rows


def _files(lang: str) -> list[Path]:
    """The texts in one language, and those written in both (glossary, templates)."""
    both = [ROOT / "lessons" / "glossary.toml", *sorted((ROOT / "site" / "templates").glob("*.html"))]
    return [
        *sorted((ROOT / "lessons").glob(f"*/{lang}.md")),
        *sorted((ROOT / "presets").glob(f"*.{lang}.md")),
        ROOT / "site" / "messages" / f"{lang}.json",
        *both,
    ]


def test_the_table_is_read():
    rows = banned_terms()
    assert {lang for lang, _, _ in rows} == {"fi", "en"} and len(rows) >= 8
    patterns = {term: pattern for _, term, pattern in rows}
    assert patterns["pino*"].search("parisi pinossa on 20 pistettä")
    assert not patterns["pino*"].search("kasassa")
    assert patterns["viimeisen tikin lisä"].search("Viimeisen tikin lisä puuttuu")
    assert not patterns["viimeisen tikin lisä"].search("viimeisen tikin lisäpisteet")
    assert patterns["pit* huutoa"].search("Parisi pitää huutoa.")
    assert patterns["pairs game*"].search("In the pairs game partners sit opposite")
    assert patterns["card of {*"].search("play a card of {suit.nom} above the {beat.nom}")
    assert not patterns["card of {*"].search("play one of your {suit.nom} higher than the {beat.nom}")
    assert patterns["smallest"].search("use the smallest trump that wins")
    assert not patterns["smallest"].search("small cards")
    assert patterns["new drill*"].search("New drills come once the game engine is running.")
    # issue 36: a contract made "täyttyi" (never "piti": "pidä sopimus" is not raising it)
    assert patterns["sopimus pit*"].search("Tällä valinnalla sopimus piti 5 jaossa")
    assert not patterns["sopimus pit*"].search("Pidätkö sopimuksen vai korotatko?")
    assert patterns["moniker*"].search("Korotus on viiden monikerta")
    assert patterns["moniker*"].search("korota viidellä tai sen monikerralla")


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_no_banned_term_appears(lang):
    rows = [(term, pattern) for row_lang, term, pattern in banned_terms() if row_lang == lang]
    found = []
    for path in _files(lang):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for term, pattern in rows:
                for m in pattern.finditer(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: “{m.group(0)}” ({term}: see lessons/STYLE.md)")
    assert not found, "\n".join(found)
