"""Build the static site into _site/ (git-ignored).

    python build.py [--out DIR] [--lessons DIR] [--no-pyodide]

1. Reads every lesson in lessons/ (``NN-slug/lesson.toml`` with the puzzles, ``fi.md`` and
   ``en.md`` with front matter, the text and ``::: puzzle ID`` blocks), renders the Markdown
   with markdown-it-py (raw HTML is escaped, never passed through) into the jinja2 templates in
   site/templates (autoescaped).
2. Checks every puzzle with the engine (``engine.puzzles.check``, the same code the browser uses)
   and stops with ``file:line: what is wrong`` on a malformed lesson, a missing text in either
   language, or an answer the engine disagrees with.
3. Writes, for Finnish and English, the lesson list, every lesson and a rules page per preset.
4. Builds the engine as a py3-none-any wheel, adds it to a copy of Pyodide's lock file with
   ``pyodide lockfile add-wheels`` (pyodide-build), and copies the Pyodide runtime from the npm
   package ``pyodide`` (node_modules, pinned by package-lock.json). Nothing comes from another origin.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markdown_it import MarkdownIt
from markupsafe import Markup

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from engine import puzzles as engine_puzzles  # noqa: E402
from engine.cards import NotationError  # noqa: E402
from engine.drills import THEMES as DRILL_THEMES  # noqa: E402
from engine.rules import OPTION_DOCS, PRESET_INFO, PRESETS  # noqa: E402

LANGS = ("fi", "en")
PUZZLE_TEXT_FIELDS = ("prompt", "hint", "explanation")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
WHEEL_NAME = "huutopussi"
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'"
)


class BuildError(Exception):
    """An authoring or build mistake; the message starts with the file (and line)."""


# -- lessons ----------------------------------------------------------------------------------


@dataclass
class PuzzleText:
    fields: dict
    line: int


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
    checked: dict = field(default_factory=dict)  # id -> {"view", "solution"}


def rel(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


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
        if line.strip().startswith(":::") and not match:
            raise BuildError(f"{rel(path)}:{number}: expected '::: puzzle ID' to open a puzzle block, got {line!r}")
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
        current = None
        i += 1
        while True:
            if i >= len(lines):
                raise BuildError(f"{rel(path)}:{number}: puzzle {pid!r} is not closed with :::")
            body = lines[i]
            if body.strip() == ":::":
                break
            key, colon, value = body.partition(":")
            if colon and key.strip() in PUZZLE_TEXT_FIELDS and not body.startswith((" ", "\t")):
                current = key.strip()
                if current in fields:
                    raise BuildError(f"{rel(path)}:{first + i}: puzzle {pid!r} has {current} twice")
                fields[current] = [value.strip()]
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
        text.puzzles[pid] = PuzzleText({k: "\n".join(v).strip() for k, v in fields.items()}, number)
        text.segments.append(("puzzle", pid))
        i += 1
    if buffer:
        text.segments.append(("md", "\n".join(buffer)))
    return text


def toml_line(text: str, needle: str) -> int:
    for i, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return i
    return 1


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
        unknown = set(p) - {"id", "kind", "position", "answer", "show", "then", "side", "before"}
        if unknown:
            raise BuildError(f"{rel(spec_path)}:{line}: puzzle {pid!r} has unknown keys {', '.join(sorted(unknown))}")
    texts = {lang: parse_lesson_text(directory / f"{lang}.md") for lang in LANGS}
    for text in texts.values():
        for pid in seen - set(text.puzzles):
            raise BuildError(f"{rel(text.path)}: puzzle {pid!r} has no '::: puzzle {pid}' block in this language")
        for pid in set(text.puzzles) - seen:
            raise BuildError(f"{rel(text.path)}:{text.puzzles[pid].line}: puzzle {pid!r} is not in lesson.toml")
    return Lesson(match.group(2), int(match.group(1)), directory, spec, puzzles, texts)


def check_lesson(lesson: Lesson) -> None:
    raw = (lesson.path / "lesson.toml").read_text(encoding="utf-8")
    for p in lesson.puzzles:
        line = toml_line(raw, f'"{p["id"]}"')
        where = f"{rel(lesson.path / 'lesson.toml')}:{line}: puzzle {p['id']!r}"
        try:
            solution = engine_puzzles.check(p)
            view = engine_puzzles.view(p)
        except (NotationError, ValueError) as e:
            raise BuildError(f"{where}: {e}") from None
        lesson.checked[p["id"]] = {"view": view, "solution": solution}


GLOSSARY_LINK = re.compile(r'href="glossary:([A-Za-z0-9-]*)"')


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


def link_glossary(html: str, terms: set[str], text: LessonText, href: str) -> str:
    """Turn [word](glossary:ID) links into links to the glossary page; unknown IDs fail the build."""

    def replace(match):
        term = match.group(1)
        if term not in terms:
            source = text.path.read_text(encoding="utf-8")
            line = toml_line(source, f"glossary:{term})")
            raise BuildError(f"{rel(text.path)}:{line}: unknown glossary term {term!r}")
        return f'href="{href}#{term}"'

    return GLOSSARY_LINK.sub(replace, html)


def load_lessons(directory: Path) -> list[Lesson]:
    if not directory.is_dir():
        raise BuildError(f"{rel(directory)}: no lessons folder")
    lessons = [load_lesson(d) for d in sorted(directory.iterdir()) if d.is_dir()]
    slugs = [lesson.slug for lesson in lessons]
    for slug in slugs:
        if slugs.count(slug) > 1:
            raise BuildError(f"{rel(directory)}: two lessons are called {slug!r}")
    for lesson in lessons:
        check_lesson(lesson)
    return sorted(lessons, key=lambda x: x.order)


# -- rendering --------------------------------------------------------------------------------


def markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    return md


def load_catalog(lang: str) -> dict:
    path = ROOT / "site" / "messages" / f"{lang}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise BuildError(f"{rel(path)}: {e}") from None


def json_for_script(value) -> Markup:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(ROOT / "site" / "templates"),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["json_script"] = json_for_script
    env.filters["tojson_attr"] = lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    return env


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
        value = str(params[match.group(1)])
        case = match.group(2)
        if not case:
            return value
        if len(value) == 1:
            return catalog["suits"][value][case]
        return card_name(value, case, catalog)

    text = PLACEHOLDER.sub(fill, template)
    return text[:1].upper() + text[1:] if template.startswith("{") else text


def seat_key(view: dict, seat: int) -> str:
    """Where a seat sits as seen by the player to move (computed by the engine's puzzle view)."""
    return view["where"][seat]


def solution_text(kind: str, solution: dict, catalog: dict) -> str:
    ui = catalog["ui"]
    if kind == "trick-winner":
        return fmt(ui["solution_winner"], {"card": solution["cards"][0]}, catalog)
    if kind == "score":
        return fmt(ui["solution_score"], {"score": solution["score"]}, catalog)
    if kind == "auction":
        return fmt(ui["solution_auction"], {"player": solution["player"], "bid": solution["contract"]}, catalog)
    if kind == "declare":
        labels = [choice_label(c, catalog) for c in solution["best"]]
        return fmt(ui["solution_declare"], {"choice": " / ".join(labels)}, catalog)
    names = [card_name(c, "nom", catalog) for c in solution["cards"]] or [ui["legal_none"]]
    return fmt(ui["solution_cards"], {"cards": ", ".join(names)}, catalog)


def choice_label(choice: str, catalog: dict) -> str:
    """The button text of a declare-puzzle choice (none, trump:H, askfull, askhalf:H)."""
    ui = catalog["ui"]
    if choice == "none":
        return ui["declare_none"]
    if choice == "askfull":
        return ui["ask_full"]
    key = "ask_half" if choice.startswith("askhalf:") else "declare_suit"
    return fmt(ui[key], {"suit": choice[-1]}, catalog)


def card_face(card: str) -> dict:
    rank = {"T": "10"}.get(card[1], card[1])
    return {"code": card, "rank": rank, "symbol": "♠♣♦♥"["SCDH".index(card[0])], "red": card[0] in "DH"}


def render_site(lessons: list[Lesson], out: Path, with_pyodide: bool, glossary: list[dict] = ()) -> None:
    env = environment()
    term_ids = {t["id"] for t in glossary}
    md = markdown()
    catalogs = {lang: load_catalog(lang) for lang in LANGS}
    check_catalogs(catalogs)
    shared = {"csp": CSP, "langs": LANGS, "engine_ready": with_pyodide}
    # root: language choice
    write(out / "index.html", env.get_template("root.html").render(**shared, catalogs=catalogs, root="./"))
    for lang in LANGS:
        cat = catalogs[lang]
        other = [x for x in LANGS if x != lang]
        base = {**shared, "lang": lang, "cat": cat, "ui": cat["ui"], "other_langs": other, "catalogs": catalogs}
        helpers = {
            "card_label": lambda c, cat=cat: card_label(c, cat),
            "card_face": card_face,
            "fmt": lambda t, p, cat=cat: fmt(t, p, cat),
            "seat_key": seat_key,
            "solution_text": lambda k, sol, cat=cat: solution_text(k, sol, cat),
            "choice_label": lambda c, cat=cat: choice_label(c, cat),
        }
        lesson_list = [
            {
                "slug": x.slug,
                "title": x.texts[lang].meta["title"],
                "description": x.texts[lang].meta["description"],
                "puzzles": len(x.puzzles),
                "order": x.order,
            }
            for x in lessons
        ]
        presets = [{"name": n, "title": cat["presets"].get(n, PRESET_INFO[n][0])} for n in PRESETS]
        write(
            out / lang / "index.html",
            env.get_template("index.html").render(
                **base,
                **helpers,
                root="../",
                path="",
                lessons=lesson_list,
                presets=presets,
                title=cat["ui"]["site_title"],
                description=cat["ui"]["site_description"],
            ),
        )
        for i, lesson in enumerate(lessons):
            text = lesson.texts[lang]
            segments = []
            number = 0
            for kind, value in text.segments:
                if kind == "md":
                    html = link_glossary(md.render(value), term_ids, text, "../../glossary/")
                    segments.append({"kind": "md", "html": Markup(html)})
                else:
                    number += 1
                    spec = next(p for p in lesson.puzzles if p["id"] == value)
                    words = text.puzzles[value].fields
                    segments.append(
                        {
                            "kind": "puzzle",
                            "id": value,
                            "number": number,
                            "spec": spec,
                            "view": lesson.checked[value]["view"],
                            "solution": lesson.checked[value]["solution"],
                            "prompt": Markup(md.renderInline(words["prompt"])),
                            "hint": Markup(md.render(words["hint"])),
                            "explanation": Markup(md.render(words["explanation"])),
                        }
                    )
            nav = {
                "prev": lesson_list[i - 1] if i > 0 else None,
                "next": lesson_list[i + 1] if i + 1 < len(lessons) else None,
            }
            write(
                out / lang / "lessons" / lesson.slug / "index.html",
                env.get_template("lesson.html").render(
                    **base,
                    **helpers,
                    root="../../../",
                    path=f"lessons/{lesson.slug}/",
                    lesson=lesson_list[i],
                    title=text.meta["title"],
                    description=text.meta["description"],
                    segments=segments,
                    nav=nav,
                ),
            )

        def page(rel, template, title, description, base=base, helpers=helpers, lang=lang, **extra):
            """Render one page at /LANG/REL/ (REL may have several parts)."""
            html = env.get_template(template).render(
                **base,
                **helpers,
                root="../" * (rel.count("/") + 2),
                path=f"{rel}/",
                title=title,
                description=description,
                **extra,
            )
            write(out / lang / rel / "index.html", html)

        ui = cat["ui"]
        page("glossary", "glossary.html", ui["glossary"], ui["glossary_description"], terms=glossary)
        players = [{**p, "players": PRESETS[p["name"]].players} for p in presets]
        page("position", "position.html", ui["position_title"], ui["position_intro"], presets=players)
        page("practice", "practice.html", ui["practice_title"], ui["practice_intro"], themes=DRILL_THEMES)
        page("play", "play.html", ui["play_title"], ui["play_intro"], presets=presets)
        option_names = [k for k in OPTION_DOCS if k != "name"]
        rows = [
            {"name": k, "text": cat["options"][k], "values": [getattr(PRESETS[p["name"]], k) for p in presets]}
            for k in option_names
        ]
        page("rules", "compare.html", ui["compare"], ui["rules_description"], presets=presets, rows=rows)
        for name, rules in PRESETS.items():
            options = [
                {"name": k, "value": v, "text": cat["options"][k], "source": OPTION_DOCS[k].source}
                for k, v in rules.options().items()
            ]
            title = cat["presets"].get(name, PRESET_INFO[name][0])
            page(
                f"rules/{name}",
                "rules.html",
                title,
                ui["rules_description"],
                preset=name,
                source=PRESET_INFO[name][1],
                options=options,
            )
    assets = ROOT / "site" / "assets"
    shutil.copytree(assets, out / "assets", dirs_exist_ok=True)


def check_catalogs(catalogs: dict) -> None:
    from engine.messages import REASON_CODES

    keys = None
    for lang, cat in catalogs.items():
        path = f"site/messages/{lang}.json"
        missing = set(REASON_CODES) - set(cat.get("reasons", {}))
        if missing:
            raise BuildError(f"{path}: no text for reason codes {', '.join(sorted(missing))}")
        missing = set(OPTION_DOCS) - {"name"} - set(cat.get("options", {}))
        if missing:
            raise BuildError(f"{path}: no text for rule options {', '.join(sorted(missing))}")
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


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


# -- the engine wheel and the Pyodide runtime -------------------------------------------------


def build_wheel(target: Path) -> Path:
    """A py3-none-any wheel of engine/, written directly (deterministic, no build backend)."""
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    dist = f"{WHEEL_NAME}-{version}"
    name = target / f"{dist}-py3-none-any.whl"
    files = {}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        files[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    files[f"{dist}.dist-info/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {WHEEL_NAME}\nVersion: {version}\nSummary: Huutopussi rules engine\n"
    ).encode()
    files[f"{dist}.dist-info/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    files[f"{dist}.dist-info/top_level.txt"] = b"engine\n"
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{dist}.dist-info/RECORD,,")
    files[f"{dist}.dist-info/RECORD"] = ("\n".join(record) + "\n").encode()
    target.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(name, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files.items():
            info = zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return name


def copy_pyodide(out: Path) -> None:
    source = ROOT / "node_modules" / "pyodide"
    if not (source / "pyodide-lock.json").exists():
        raise BuildError("node_modules/pyodide: missing; run `npm ci` (make setup does)")
    target = out / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(source / name, target / name)
    wheel = build_wheel(target)
    # Only our wheel is loaded; a lock file listing just it (plus the runtime's own info) keeps the
    # first visit small. add-wheels writes the entry with its hash and file name.
    lock = json.loads((source / "pyodide-lock.json").read_text())
    base_lock = target / "pyodide-lock.base.json"
    base_lock.write_text(json.dumps({"info": lock["info"], "packages": {}}))
    pyodide_cli = Path(sys.executable).parent / "pyodide"
    # Our build.py must not shadow PyPI's `build` package that pyodide-build imports.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [
            str(pyodide_cli),
            "lockfile",
            "add-wheels",
            "--input",
            str(base_lock),
            "--output",
            str(target / "pyodide-lock.json"),
            "--base-path",
            str(target),
            str(wheel),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=target,
    )
    base_lock.unlink()
    if result.returncode != 0:
        raise BuildError(f"pyodide lockfile add-wheels failed: {result.stderr.strip().splitlines()[-1:]}")
    entry = json.loads((target / "pyodide-lock.json").read_text())["packages"].get(WHEEL_NAME)
    if not entry or entry["file_name"] != wheel.name:
        raise BuildError("pyodide-lock.json: the engine wheel was not added")


def write_service_worker(out: Path) -> None:
    """sw.js with every file of the site to precache and a version that changes with any file."""
    files, digest = [], hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        name = path.relative_to(out).as_posix()
        digest.update(name.encode() + hashlib.sha256(path.read_bytes()).digest())
        files.append(name[: -len("index.html")] if name.endswith("index.html") else name)
    files = ["./" if f == "" else f for f in files]
    template = (ROOT / "site" / "sw.js").read_text(encoding="utf-8")
    text = template.replace("__VERSION__", digest.hexdigest()[:16]).replace("__FILES__", json.dumps(files))
    (out / "sw.js").write_text(text, encoding="utf-8")


def build(out: Path, lessons_dir: Path, with_pyodide: bool = True) -> list[Lesson]:
    lessons = load_lessons(lessons_dir)
    glossary = load_glossary(lessons_dir)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    render_site(lessons, out, with_pyodide, glossary)
    if with_pyodide:
        copy_pyodide(out)
    write_service_worker(out)
    return lessons


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site")
    parser.add_argument("--lessons", type=Path, default=ROOT / "lessons")
    parser.add_argument("--no-pyodide", action="store_true", help="skip the wheel and the Pyodide runtime")
    args = parser.parse_args(argv)
    try:
        lessons = build(args.out, args.lessons, with_pyodide=not args.no_pyodide)
    except BuildError as e:
        print(f"build failed: {e}", file=sys.stderr)
        return 1
    count = sum(len(x.puzzles) for x in lessons)
    print(f"built {len(lessons)} lessons with {count} engine-checked puzzles in {rel(args.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
