"""The pages: jinja2 templates from ``site/templates`` (autoescaped) with Markdown rendered by
markdown-it-py (raw HTML escaped, never passed through)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markdown_it import MarkdownIt
from markupsafe import Markup

from engine.drills import THEMES as DRILL_THEMES
from engine.puzzles import seat_places
from engine.rules import OPTION_DOCS, PRESET_INFO, PRESETS

from . import CSP, LANGS, ROOT, BuildError, rel, write
from .catalogs import card_face, card_label, check_catalogs, choice_label, fmt, load_catalog, solution_text
from .lessons import Lesson, LessonText, toml_line


def markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    return md


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


def seat_key(view: dict, seat: int) -> str:
    """Where a seat sits as seen by the player to move (computed by the engine's puzzle view)."""
    return view["where"][seat]


GLOSSARY_LINK = re.compile(r'href="glossary:([A-Za-z0-9-]*)"')


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
        # where each seat sits as seen from seat 0 (you), for the computer player choices
        seats = [
            {**p, "where": " ".join(seat_places(PRESETS[p["name"]].players, PRESETS[p["name"]].partnership, 0))}
            for p in presets
        ]
        page("play", "play.html", ui["play_title"], ui["play_intro"], presets=seats)
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
