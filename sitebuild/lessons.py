"""Lesson sources: ``NN-slug/lesson.toml`` (the puzzles: facts once) and ``fi.md``/``en.md`` (front
matter, Markdown and ``::: puzzle ID`` blocks: the words in each language). Every puzzle is
checked with the engine (``engine.puzzles.check``, the same code the browser uses); any mistake
stops the build with ``file:line: what is wrong``."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from engine import puzzles as engine_puzzles

from . import LANGS, BuildError, rel, words
from .catalogs import load_catalog

PUZZLE_TEXT_FIELDS = ("prompt", "hint", "explanation")
STEP_FIELD = re.compile(r"step[1-9][0-9]*")  # a guided deal's commentary, one per step


@dataclass
class PuzzleText:
    fields: dict  # field -> text; after the build's check, with every placeholder filled
    line: int
    field_lines: dict = field(default_factory=dict)  # field -> the line it starts on
    source: dict = field(default_factory=dict)  # field -> the text as written (placeholders)


@dataclass
class LessonText:
    path: Path
    meta: dict
    segments: list  # ("md", text) or ("puzzle", id)
    puzzles: dict[str, PuzzleText] = field(default_factory=dict)


@dataclass
class Lesson:
    slug: str
    order: int
    path: Path
    spec: dict
    puzzles: list[dict]
    texts: dict[str, LessonText]
    checked: dict = field(default_factory=dict)  # id -> {"view", "solution", "table"}


def parse_front_matter(text: str, path: Path) -> tuple[dict, list[str], int]:
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        raise BuildError(
            f"{rel(path)}:1: a lesson text starts with front matter between --- lines (title, description)"
        )
    meta = {}
    for i in range(1, len(lines)):
        line = lines[i]
        if line.strip() == "---":
            for key in ("title", "description"):
                if not meta.get(key):
                    raise BuildError(f"{rel(path)}:{i + 1}: front matter has no {key}")
            return meta, lines[i + 1 :], i + 2
        key, colon, value = line.partition(":")
        if not colon or not key.strip().isidentifier():
            raise BuildError(f"{rel(path)}:{i + 1}: front matter lines are 'key: value', got {line!r}")
        meta[key.strip()] = value.strip()
    raise BuildError(f"{rel(path)}:1: the front matter is not closed with ---")


PUZZLE_OPEN = re.compile(r"^:::\s*puzzle\s+([A-Za-z0-9-]+)\s*$")
# A closed aside (``::: aside TITLE`` ... ``:::``): what other tables do, folded away under its
# title at the very end of a lesson. The Markdown renderer draws it as <details> (sitebuild/pages.py).
ASIDE_OPEN = re.compile(r"^:::\s*aside(?:\s+(.*?))?\s*$")
# A row of card pictures (``::: cards SA ST SK`` on one line, no closing line): where the words
# name cards, the learner sees them. Each card is a picture with its spoken name; the Markdown
# renderer draws the row (sitebuild/pages.py), ``card_row`` checks it here.
CARDS_OPEN = re.compile(r"^:::\s*cards(?:\s+(.*?))?\s*$")
CARD_SUITS, CARD_RANKS = "SCDH", "ATKQJ9876"  # the pack the site draws (sitebuild/cards.py)


def card_row(line: str) -> list[str]:
    """The cards of a ``::: cards`` line, in order; ``ValueError`` says what is wrong with it."""
    codes = (CARDS_OPEN.match(line.strip()).group(1) or "").split()
    if not codes:
        raise ValueError("a card row needs at least one card: '::: cards SA ST SK'")
    for code in codes:
        if len(code) != 2 or code[0] not in CARD_SUITS or code[1] not in CARD_RANKS:
            raise ValueError(
                f"{code!r} in the card row is not a card: a card is a suit ({', '.join(CARD_SUITS)}) "
                f"and a rank ({', '.join(CARD_RANKS)}), for example HK for the king of hearts"
            )
        if codes.count(code) > 1:
            raise ValueError(f"{code} is twice in the card row")
    return codes


def read_aside(path: Path, lines: list[str], i: int, first: int) -> int:
    """Check the aside that opens at ``lines[i]`` and return the index of its closing ``:::``:
    it has a title, is closed, holds no heading or other block, and only blank lines follow it."""
    number = first + i
    if not (ASIDE_OPEN.match(lines[i].strip()).group(1) or "").strip():
        raise BuildError(f"{rel(path)}:{number}: an aside needs a title: '::: aside Other tables'")
    j = i + 1
    while j < len(lines) and lines[j].strip() != ":::":
        inner = lines[j].strip()
        if inner.startswith(":::"):
            raise BuildError(f"{rel(path)}:{first + j}: an aside cannot hold another block, got {lines[j]!r}")
        if inner.startswith("#"):
            raise BuildError(f"{rel(path)}:{first + j}: an aside cannot hold a heading, got {lines[j]!r}")
        j += 1
    if j >= len(lines):
        raise BuildError(f"{rel(path)}:{number}: the aside is not closed with :::")
    if any(line.strip() for line in lines[j + 1 :]):
        raise BuildError(f"{rel(path)}:{number}: an aside comes at the end of the lesson, after its last puzzle")
    return j


def parse_lesson_text(path: Path) -> LessonText:
    if not path.exists():
        raise BuildError(f"{rel(path)}: missing: every lesson needs a text in each language ({', '.join(LANGS)})")
    meta, lines, first = parse_front_matter(path.read_text(encoding="utf-8"), path)
    text = LessonText(path, meta, [])
    buffer: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        number = first + i
        match = PUZZLE_OPEN.match(line.strip())
        if ASIDE_OPEN.match(line.strip()):
            close = read_aside(path, lines, i, first)
            buffer.extend(lines[i : close + 1])
            i = close + 1
            continue
        if CARDS_OPEN.match(line.strip()):
            try:
                card_row(line)
            except ValueError as e:
                raise BuildError(f"{rel(path)}:{number}: {e}") from None
            buffer.append(line)
            i += 1
            continue
        if line.strip().startswith(":::") and not match:
            raise BuildError(
                f"{rel(path)}:{number}: expected '::: puzzle ID' to open a puzzle block, '::: cards SA ST' "
                f"for a row of cards (or '::: aside TITLE' at the end), got {line!r}"
            )
        if not match:
            buffer.append(line)
            i += 1
            continue
        pid = match.group(1)
        if pid in text.puzzles:
            raise BuildError(f"{rel(path)}:{number}: puzzle {pid!r} appears twice")
        if buffer:
            text.segments.append(("md", "\n".join(buffer)))
            buffer = []
        fields: dict[str, list[str]] = {}
        field_lines: dict[str, int] = {}
        current = None
        i += 1
        while True:
            if i >= len(lines):
                raise BuildError(f"{rel(path)}:{number}: puzzle {pid!r} is not closed with :::")
            body = lines[i]
            if body.strip() == ":::":
                break
            key, colon, value = body.partition(":")
            named = key.strip() in PUZZLE_TEXT_FIELDS or STEP_FIELD.fullmatch(key.strip())
            if colon and named and not body.startswith((" ", "\t")):
                current = key.strip()
                if current in fields:
                    raise BuildError(f"{rel(path)}:{first + i}: puzzle {pid!r} has {current} twice")
                fields[current] = [value.strip()]
                field_lines[current] = first + i
            elif current is None:
                if body.strip():
                    raise BuildError(
                        f"{rel(path)}:{first + i}: in puzzle {pid!r} expected one of "
                        f"{', '.join(f + ':' for f in PUZZLE_TEXT_FIELDS)} got {body!r}"
                    )
            else:
                fields[current].append(body.strip())
            i += 1
        for name in PUZZLE_TEXT_FIELDS:
            if not " ".join(fields.get(name, [])).strip():
                raise BuildError(f"{rel(path)}:{number}: puzzle {pid!r} has no {name}")
        joined = {k: "\n".join(v).strip() for k, v in fields.items()}
        for k, v in fields.items():  # a field may start on the line after its name
            field_lines[k] += next((n for n, line in enumerate(v) if line), 0)
        text.puzzles[pid] = PuzzleText(joined, number, field_lines, dict(joined))
        text.segments.append(("puzzle", pid))
        i += 1
    if buffer:
        text.segments.append(("md", "\n".join(buffer)))
    return text


SECTION_HEADING = re.compile(r"^## ")


def split_sections(text: str) -> list[str]:
    """Markdown split before each ``## `` heading (outside code fences): the lesson's sections."""
    sections: list[list[str]] = [[]]
    fenced = False
    for line in text.split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if not fenced and SECTION_HEADING.match(line) and any(x.strip() for x in sections[-1]):
            sections.append([])
        sections[-1].append(line)
    return [chunk for chunk in ("\n".join(lines).strip("\n") for lines in sections) if chunk.strip()]


def lesson_steps(segments: list) -> list[dict]:
    """The lesson player's steps (site/assets/lesson-player.js), as plain data in the spirit of
    lichess ui/learn stages: a step is either teaching text or one puzzle, never both, so that a
    puzzle's step opens on its cards. A ``## `` section starts a new step of text; the text before
    a puzzle since the last section heading is a step of its own just before it; what follows the
    last puzzle closes the lesson as its last step. ``segments`` are ``("md", text)`` and
    ``("puzzle", id)``; a step is ``{"segments": [...], "puzzle": id or None}``."""
    steps: list[dict] = []
    current: list = []
    for kind, value in segments:
        if kind == "puzzle":
            if current:
                steps.append({"segments": current, "puzzle": None})
                current = []
            steps.append({"segments": [(kind, value)], "puzzle": value})
            continue
        for section in split_sections(value):
            if current and SECTION_HEADING.match(section):
                steps.append({"segments": current, "puzzle": None})
                current = []
            current.append(("md", section))
    if current:
        steps.append({"segments": current, "puzzle": None})
    return steps


def toml_line(text: str, needle: str) -> int:
    for i, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return i
    return 1


PUZZLE_KEYS = {"id", "difficulty"}  # a lesson's own fields; each kind names the ones it reads
DIFFICULTIES = {1: "easy", 2: "medium", 3: "hard"}


def puzzle_key_line(raw: str, pid: str, key: str) -> int:
    """The line of ``key = ...`` in the [[puzzle]] table whose id is ``pid`` (else the id's line)."""
    lines = raw.splitlines()
    start = toml_line(raw, f'"{pid}"')
    for i in range(start - 1, len(lines)):
        if i >= start and lines[i].strip().startswith("[["):
            break
        if re.match(rf"\s*{re.escape(key)}\s*=", lines[i]):
            return i + 1
    return start


def load_lesson(directory: Path) -> Lesson:
    match = re.fullmatch(r"(\d+)-([a-z0-9-]+)", directory.name)
    if not match:
        raise BuildError(f"{rel(directory)}: lesson folders are named NN-slug, for example 02-follow-suit")
    spec_path = directory / "lesson.toml"
    if not spec_path.exists():
        raise BuildError(f"{rel(spec_path)}: missing")
    raw = spec_path.read_text(encoding="utf-8")
    try:
        spec = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as e:
        raise BuildError(f"{rel(spec_path)}: {e}") from None
    puzzles = spec.get("puzzle", [])
    if not isinstance(puzzles, list):
        raise BuildError(f"{rel(spec_path)}:1: [[puzzle]] tables expected")
    seen = set()
    for p in puzzles:
        pid = p.get("id")
        line = toml_line(raw, f'"{pid}"') if pid else 1
        if not isinstance(pid, str) or not re.fullmatch(r"[A-Za-z0-9-]+", pid):
            raise BuildError(f"{rel(spec_path)}:{line}: every puzzle needs an id of letters, digits and '-'")
        if pid in seen:
            raise BuildError(f"{rel(spec_path)}:{line}: puzzle id {pid!r} is used twice")
        seen.add(pid)
        try:
            kind = engine_puzzles.kind_class(p)
        except engine_puzzles.PuzzleError as e:
            raise BuildError(f"{rel(spec_path)}:{line}: puzzle {pid!r}: {e}") from None
        if not kind.in_lessons:
            raise BuildError(
                f"{rel(spec_path)}:{line}: puzzle {pid!r}: the kind {kind.name!r} is asked only in the "
                f"readiness test, not in a lesson: choose one of {', '.join(engine_puzzles.LESSON_KINDS)}"
            )
        kind_keys = kind.keys
        unknown = set(p) - PUZZLE_KEYS - kind_keys
        if unknown:
            raise BuildError(f"{rel(spec_path)}:{line}: puzzle {pid!r} has unknown keys {', '.join(sorted(unknown))}")
        difficulty = p.get("difficulty")
        if difficulty is None:
            raise BuildError(
                f"{rel(spec_path)}:{line}: puzzle {pid!r} has no difficulty: "
                "add difficulty = 1 (easy), 2 (medium) or 3 (hard)"
            )
        if type(difficulty) is not int or difficulty not in DIFFICULTIES:
            raise BuildError(
                f"{rel(spec_path)}:{puzzle_key_line(raw, pid, 'difficulty')}: puzzle {pid!r}: difficulty is "
                f"1 (easy), 2 (medium) or 3 (hard), not {difficulty!r}"
            )
    texts = {lang: parse_lesson_text(directory / f"{lang}.md") for lang in LANGS}
    for text in texts.values():
        for pid in seen - set(text.puzzles):
            raise BuildError(f"{rel(text.path)}: puzzle {pid!r} has no '::: puzzle {pid}' block in this language")
        for pid in set(text.puzzles) - seen:
            raise BuildError(f"{rel(text.path)}:{text.puzzles[pid].line}: puzzle {pid!r} is not in lesson.toml")
    return Lesson(match.group(2), int(match.group(1)), directory, spec, puzzles, texts)


def check_words(lesson: Lesson, pid: str, checked: dict, catalogs: dict) -> None:
    """Fill the placeholders of a puzzle's words in each language from its position and the
    engine's answers (sitebuild/words.py); a placeholder that does not fit, or literal words
    that name a card, a seat or an unknown number, stop the build at their file and line."""
    spec = next(p for p in lesson.puzzles if p["id"] == pid)
    known = words.facts(spec, checked["view"], checked["solution"], checked["table"])
    for lang, text in lesson.texts.items():
        puzzle = text.puzzles[pid]
        for name in PUZZLE_TEXT_FIELDS:
            source = puzzle.source[name]
            try:
                puzzle.fields[name] = words.render(source, lang, known, catalogs[lang])
            except words.WordsError as e:
                line = puzzle.field_lines[name] + source.count("\n", 0, e.offset)
                raise BuildError(f"{rel(text.path)}:{line}: puzzle {pid!r} {name}: {e}") from None
            problem = words.required(name, source, known)
            if problem:
                raise BuildError(f"{rel(text.path)}:{puzzle.field_lines[name]}: puzzle {pid!r} {name}: {problem}")
        # a guided deal: the commentary of each step, from what the learner has seen by then
        if checked["view"]["form"]["shape"] == "steps":
            for number in range(len(checked["view"]["steps"])):
                name = f"step{number + 1}"
                source = puzzle.source[name]
                try:
                    step = words.step_facts(spec, checked["view"], number)
                    puzzle.fields[name] = words.render(source, lang, step, catalogs[lang])
                except words.WordsError as e:
                    line = puzzle.field_lines[name] + source.count("\n", 0, e.offset)
                    raise BuildError(f"{rel(text.path)}:{line}: puzzle {pid!r} {name}: {e}") from None


def check_lesson(lesson: Lesson, catalogs: dict | None = None) -> None:
    check_lessons([lesson], catalogs)


def check_lessons(lessons: list[Lesson], catalogs: dict | None = None) -> None:
    """Every puzzle checked by the engine (``sitebuild.judge``: the costly ones in parallel and
    cached), then its words filled and checked (``check_words``); the first mistake stops the
    build with the file and line."""
    from .judge import check_all

    catalogs = catalogs or {lang: load_catalog(lang) for lang in LANGS}
    jobs = [(lesson, p) for lesson in lessons for p in lesson.puzzles]
    for (lesson, p), result in zip(jobs, check_all([p for _, p in jobs])):
        if isinstance(result, str):
            raw = (lesson.path / "lesson.toml").read_text(encoding="utf-8")
            line = toml_line(raw, f'"{p["id"]}"')
            raise BuildError(f"{rel(lesson.path / 'lesson.toml')}:{line}: puzzle {p['id']!r}: {result}")
        lesson.checked[p["id"]] = result
        if result["view"]["form"]["shape"] == "steps":  # a guided deal
            check_step_texts(lesson, p, len(result["view"]["steps"]))
        check_words(lesson, p["id"], result, catalogs)


def check_step_texts(lesson: Lesson, spec: dict, steps: int) -> None:
    """A guided deal has a commentary for each of its steps in every language, and no other."""
    wanted = {f"step{n}" for n in range(1, steps + 1)}
    for text in lesson.texts.values():
        block = text.puzzles[spec["id"]]
        given = {k for k in block.fields if STEP_FIELD.fullmatch(k)}
        missing = sorted(wanted - given, key=lambda k: int(k[4:]))
        extra = sorted(given - wanted, key=lambda k: int(k[4:]))
        if missing:
            raise BuildError(
                f"{rel(text.path)}:{block.line}: puzzle {spec['id']!r} has {steps} steps; "
                f"no text for {', '.join(missing)}"
            )
        if extra:
            raise BuildError(
                f"{rel(text.path)}:{block.line}: puzzle {spec['id']!r} has {steps} steps; "
                f"{', '.join(extra)} is not one of them"
            )


def load_glossary(directory: Path) -> list[dict]:
    path = directory / "glossary.toml"
    if not path.exists():
        return []
    try:
        terms = tomllib.loads(path.read_text(encoding="utf-8")).get("term", [])
    except tomllib.TOMLDecodeError as e:
        raise BuildError(f"{rel(path)}: {e}") from None
    for term in terms:
        for key in ("id", "fi", "en", "fi_text", "en_text"):
            if not term.get(key):
                raise BuildError(f"{rel(path)}: a term ({term.get('id', '?')}) has no {key}")
    return terms


def resolve_saved_key(key: str, renamed: dict, removed: dict) -> str | None:
    """The puzzle id a saved result belongs to now (None: dropped). ``key`` is a version-1 key
    ``slug/id`` or an id. The same steps as ``resolve`` in site/assets/progress.js."""
    for _ in range(8):
        if key in removed:
            return None
        if key in renamed:
            key = renamed[key]
        elif "/" in key:
            key = key.rsplit("/", 1)[1]
        else:
            return key
    return key


def load_renames(directory: Path, lessons: list[Lesson]) -> dict:
    """``renamed.toml`` (old key -> puzzle id, and removed keys), checked against the lessons and
    against ``published-v1.txt`` (every key saved progress version 1 could hold)."""
    path = directory / "renamed.toml"
    raw = path.read_text(encoding="utf-8") if path.exists() else ""
    try:
        data = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as e:
        raise BuildError(f"{rel(path)}: {e}") from None
    renamed, removed = data.get("renamed", {}), data.get("removed", {})
    if not isinstance(renamed, dict) or not isinstance(removed, dict):
        raise BuildError(f"{rel(path)}:1: expected the tables [renamed] and [removed]")
    current = {p["id"] for lesson in lessons for p in lesson.puzzles}
    for old, new in renamed.items():
        line = toml_line(raw, f'"{old}"')
        if not isinstance(new, str) or new not in current:
            raise BuildError(f"{rel(path)}:{line}: {old!r} is renamed to {new!r}, which is not a puzzle id")
        if old in removed:
            raise BuildError(f"{rel(path)}:{line}: {old!r} is both renamed and removed")
    for old in list(renamed) + list(removed):
        if "/" not in old and old in current:
            line = toml_line(raw, f'"{old}"')
            raise BuildError(
                f"{rel(path)}:{line}: puzzle id {old!r} was renamed or removed, so no puzzle may use it again "
                "(saved results under it would be taken for the new puzzle)"
            )
    published = directory / "published-v1.txt"
    if published.exists():
        for number, line in enumerate(published.read_text(encoding="utf-8").splitlines(), 1):
            key = line.strip()
            if not key or key.startswith("#"):
                continue
            now = resolve_saved_key(key, renamed, removed)
            if now is not None and now not in current:
                raise BuildError(
                    f"{rel(published)}:{number}: saved results of puzzle {key!r} would be lost: no puzzle has the "
                    f"id {now!r}. Map it to its new id in renamed.toml [renamed], or list it under [removed]"
                )
    return {"renamed": renamed, "removed": sorted(removed)}


def load_lessons(directory: Path) -> list[Lesson]:
    if not directory.is_dir():
        raise BuildError(f"{rel(directory)}: no lessons folder")
    lessons = [load_lesson(d) for d in sorted(directory.iterdir()) if d.is_dir()]
    slugs = [lesson.slug for lesson in lessons]
    for slug in slugs:
        if slugs.count(slug) > 1:
            raise BuildError(f"{rel(directory)}: two lessons are called {slug!r}")
    owner: dict[str, Path] = {}
    for lesson in lessons:
        for p in lesson.puzzles:
            spec_path = lesson.path / "lesson.toml"
            if p["id"] in owner:
                first = owner[p["id"]]
                line = toml_line(spec_path.read_text(encoding="utf-8"), f'"{p["id"]}"')
                raise BuildError(
                    f"{rel(spec_path)}:{line}: "
                    f"puzzle id {p['id']!r} is also used in {rel(first)}; ids are unique across lessons (they key "
                    "saved progress and name the puzzle's page): give one a new id and map the old one in renamed.toml"
                )
            owner[p["id"]] = spec_path
    load_renames(directory, lessons)
    check_lessons(lessons)
    return sorted(lessons, key=lambda x: x.order)
