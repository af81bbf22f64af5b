"""Every rule of the rules matrix (each table row and each worked example) is taught by at least
one lesson or puzzle, and every entry of lessons/coverage.toml points at something that exists."""

import json
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MATRIX = ROOT.parent / "shared" / "RULES-MATRIX.md"
COVERAGE = tomllib.loads((ROOT / "lessons" / "coverage.toml").read_text())


def lessons():
    out = {}
    for folder in (ROOT / "lessons").iterdir():
        if folder.is_dir():
            slug = folder.name.split("-", 1)[1]
            spec = tomllib.loads((folder / "lesson.toml").read_text())
            out[slug] = {p["id"] for p in spec.get("puzzle", [])}
    return out


def matrix_rows():
    rows = []
    for line in MATRIX.read_text().splitlines():
        if line.startswith("| ") and not line.startswith("| rule") and not line.startswith("|---"):
            rows.append(line.split("|")[1].strip())
    return rows


def matrix_examples():
    text = MATRIX.read_text().split("Worked examples in the texts")[1].split("## Open readings")[0]
    return [line[2:] for line in text.splitlines() if line.startswith("- ")]


@pytest.mark.skipif(not MATRIX.exists(), reason="shared/RULES-MATRIX.md is not beside the checkout")
def test_every_matrix_row_is_taught():
    rows = matrix_rows()
    assert len(rows) > 20
    missing = [row for row in rows if not COVERAGE["rows"].get(row)]
    assert not missing, f"rules with no lesson or puzzle: {missing}"


@pytest.mark.skipif(not MATRIX.exists(), reason="shared/RULES-MATRIX.md is not beside the checkout")
def test_every_worked_example_is_a_puzzle():
    examples = matrix_examples()
    assert len(examples) >= 9
    for example in examples:
        keys = [k for k in COVERAGE["examples"] if example.startswith(k)]
        assert keys, f"worked example with no puzzle: {example}"
        assert any("#" in ref for k in keys for ref in COVERAGE["examples"][k]), example


def test_every_coverage_entry_exists():
    known = lessons()
    for section in ("rows", "examples", "skills"):
        for rule, refs in COVERAGE[section].items():
            for ref in refs:
                slug, _, pid = ref.partition("#")
                assert slug in known, f"{rule}: no lesson {slug!r}"
                assert not pid or pid in known[slug], f"{rule}: no puzzle {ref!r}"


def test_every_skill_a_table_needs_has_a_lesson_and_a_puzzle():
    assert len(COVERAGE["skills"]) >= 15
    for skill, refs in COVERAGE["skills"].items():
        assert any("#" not in ref for ref in refs), f"skill with no lesson: {skill}"
        assert any("#" in ref for ref in refs), f"skill with no puzzle: {skill}"


def test_every_puzzle_kind_is_used():
    from engine.puzzles import KINDS

    kinds = set()
    for folder in (ROOT / "lessons").iterdir():
        if folder.is_dir():
            kinds |= {p["kind"] for p in tomllib.loads((folder / "lesson.toml").read_text()).get("puzzle", [])}
    # a kind of the readiness test's bank is used on its page (the declaration decision is only there)
    bank = json.loads((ROOT / "lessons" / "readiness.json").read_text(encoding="utf-8"))["decisions"]
    assert kinds | {e["spec"]["kind"] for e in bank} == set(KINDS)


# Issue 15, section 5: the size and the mix of the curriculum.
def test_puzzle_targets_of_the_curriculum(request):
    known = lessons()
    small = [slug for slug, ids in known.items() if len(ids) < 6]
    assert not small, f"lessons with fewer than 6 puzzles: {small}"
    checked = request.getfixturevalue("lessons")  # the session's lessons (this module has a lessons())
    specs = [p for lesson in checked for p in lesson.puzzles]
    assert len(specs) >= 180
    arithmetic = [p for p in specs if p["kind"] in ("score", "count")]
    assert len(arithmetic) * 4 <= len(specs), f"{len(arithmetic)} of {len(specs)} puzzles are arithmetic"
    assert sum(p["kind"] == "best-card" for p in specs) >= 25


def test_at_least_100_puzzles_in_both_languages(request):
    lessons = request.getfixturevalue("lessons")  # read as the build reads them: every puzzle checked
    assert sum(len(x.puzzles) for x in lessons) >= 100
    for lesson in lessons:
        for text in lesson.texts.values():
            assert set(text.puzzles) == {p["id"] for p in lesson.puzzles}


# Lessons 1-12 teach one game, the three-player game (issue 33): another rule set is named only
# in the closed aside at a lesson's end ("::: aside"), and what it points to is a variant lesson.
OTHER_RULE_SETS = {
    "en": r"\b(?:FAQ|Wikibooks|Ukrainian|German|house rules?|partnership|pairs|two-player|four-player)\b",
    "fi": r"(?:\bUKK|Wikikirjasto|ukrainan|ukrainala|saksalai|talon sään|paripel|kaksinpel|nelinpel|neljästään)",
}
VARIANT_LESSONS = {"faq-rules", "two-and-four", "pairs", "ukrainian-and-german", "house-rules"}


def early_lesson_texts():
    for folder in sorted((ROOT / "lessons").iterdir()):
        if folder.is_dir() and folder.name[:2].isdigit() and int(folder.name[:2]) <= 12:
            for lang in ("en", "fi"):
                text = (folder / f"{lang}.md").read_text(encoding="utf-8")
                body, _, aside = text.partition("\n::: aside ")
                yield folder.name, lang, body, aside


def test_early_lessons_name_other_rule_sets_only_in_their_closing_aside():
    import re

    found = []
    for name, lang, body, _ in early_lesson_texts():
        for number, line in enumerate(body.splitlines(), 1):
            for match in re.finditer(OTHER_RULE_SETS[lang], line, re.I):
                found.append(f"lessons/{name}/{lang}.md:{number}: {match.group(0)!r}")
    assert found == []


def test_an_early_lessons_aside_points_to_the_variant_lessons():
    import re

    for name, lang, _, aside in early_lesson_texts():
        if aside:
            links = set(re.findall(r"\]\(\.\./([a-z0-9-]+)/\)", aside))
            assert links and links <= VARIANT_LESSONS, (name, lang, links)
