"""Our own words: no text the site shows (lessons, glossary, catalogs, templates) shares 8 or more
consecutive words with a source text in ../shared/seeds. Words are compared without case and
punctuation, so a copied sentence cannot hide behind a changed comma or a capital letter."""

import json
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
RUN = 8  # consecutive shared words that count as a copy

needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is not beside the checkout")


def words(text: str) -> list[str]:
    """The words of a text, lower case, without punctuation ("Pata-ässä!" -> ["pata", "ässä"])."""
    return re.findall(r"[^\W_]+", text.lower())


def runs(tokens: list[str]) -> set[tuple[str, ...]]:
    return {tuple(tokens[i : i + RUN]) for i in range(len(tokens) - RUN + 1)}


def source_runs() -> dict[tuple[str, ...], str]:
    found = {}
    for path in sorted(SEEDS.iterdir()):
        for run in runs(words(path.read_text(encoding="utf-8"))):
            found.setdefault(run, path.name)
    return found


def copied(text: str, sources: dict) -> tuple[str, str] | None:
    """The first run of RUN words that ``text`` shares with a source, and the source's name."""
    tokens = words(text)
    for i in range(len(tokens) - RUN + 1):
        run = tuple(tokens[i : i + RUN])
        if run in sources:
            return " ".join(run), sources[run]
    return None


def _strings(value, where):
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings(v, f"{where}[{i}]")


TEMPLATE_CODE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|<[^>]*>", re.S)


def site_texts():
    """(where, text) for every text the site shows: each line of the lessons' Markdown and of the
    templates (tags and template code removed), each string of the glossary and the catalogs."""
    for path in sorted((ROOT / "lessons").rglob("*.md")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            yield f"{path.relative_to(ROOT)}:{number}", line
    glossary = tomllib.loads((ROOT / "lessons" / "glossary.toml").read_text(encoding="utf-8"))
    yield from _strings(glossary, "lessons/glossary.toml")
    for path in sorted((ROOT / "site" / "messages").glob("*.json")):
        yield from _strings(json.loads(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT)))
    for path in sorted((ROOT / "site" / "templates").glob("*.html")):
        text = TEMPLATE_CODE.sub(" ", path.read_text(encoding="utf-8"))
        for number, line in enumerate(text.splitlines(), 1):
            yield f"{path.relative_to(ROOT)}:{number}", line


@needs_seeds
def test_no_text_of_the_site_copies_a_source():
    sources = source_runs()
    assert len(sources) > 4000
    found = []
    for where, text in site_texts():
        hit = copied(text, sources)
        if hit:
            found.append(f"{where}: '{hit[0]}' (from {hit[1]})")
    assert not found, "copied from the sources:\n" + "\n".join(found)


@needs_seeds
def test_the_check_finds_a_copied_sentence_whatever_its_case_and_punctuation():
    sources = source_runs()
    seed = (SEEDS / sorted(p.name for p in SEEDS.iterdir())[0]).read_text(encoding="utf-8")
    sentence = " ".join(words(seed)[40:50])
    disguised = sentence.upper().replace(" ", ", ", 3) + "!"
    assert copied(f"Our own start. {disguised} Our own end.", sources)
    assert copied(" ".join(words(seed)[40:47]), sources) is None  # seven words are not a copy
    assert copied("Huutopussi is a Finnish card game for three players or two pairs.", sources) is None


def test_site_texts_cover_every_kind_of_text():
    places = [where for where, _ in site_texts()]
    for prefix in (
        "lessons/02-cards/fi.md",
        "lessons/02-cards/en.md",
        "lessons/glossary.toml",
        "site/messages/fi.json",
        "site/messages/en.json",
        "site/templates/",
    ):
        assert any(where.startswith(prefix) for where in places), prefix
