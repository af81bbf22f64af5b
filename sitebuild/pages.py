"""The pages: jinja2 templates from ``site/templates`` (autoescaped) with Markdown rendered by
markdown-it-py (raw HTML escaped, never passed through)."""

from __future__ import annotations

import json
import os
import re
import sys
from html import unescape
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markupsafe import Markup

from engine.coach.drills import THEMES as DRILL_THEMES
from engine.core.rules import PRESET_INFO, PRESETS, parse_rules
from engine.core.seats import seat_places
from engine.core.tally import entry_form
from engine.puzzles.base import REGISTRY
from present.cards import card_trees
from present.puzzle import Words, card_span, link_icon, puzzle_tree
from present.score import form_words
from present.text import error_text
from present.tree import Node, to_html

from . import CSP, LANGS, ROOT, BuildError, openings, rel, rulespages, write
from .cards import sprite
from .catalogs import (
    capfirst,
    card_face,
    card_label,
    check_catalogs,
    choice_label,
    compiled_section,
    decimal,
    fmt,
    load_catalog,
    message,
    page_catalog,
    plus_minus,
    signed,
    solution_text,
)
from .fingerprint import Published, template_globals
from .images import write_images
from .lessons import ASIDE_OPEN, CARDS_OPEN, Lesson, LessonText, lesson_steps, toml_line
from .manifest import write_manifests
from .markup import nodes
from .measured import fill_measured
from .readiness import page_data as readiness_page


def markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    md.block.ruler.before("fence", "aside", aside_block, {"alt": ["paragraph"]})
    md.add_render_rule("aside_open", render_aside_open)
    md.add_render_rule("aside_close", lambda self, tokens, idx, options, env: "</details>\n")
    md.block.ruler.before("fence", "card_row", card_row_block, {"alt": ["paragraph"]})
    md.add_render_rule("card_row", render_card_row)
    return md


def card_row_block(state, start: int, end: int, silent: bool) -> bool:
    """``::: cards SA ST SK`` on one line (sitebuild/lessons.py checks the cards): a row of card
    pictures."""
    line = state.src[state.bMarks[start] + state.tShift[start] : state.eMarks[start]]
    match = CARDS_OPEN.match(line.strip())
    if not match or state.sCount[start] - state.blkIndent >= 4:
        return False
    if silent:
        return True
    token = state.push("card_row", "p", 0)
    token.block, token.info, token.map = True, (match.group(1) or "").strip(), [start, start + 1]
    state.line = start + 1
    return True


def render_card_row(self, tokens, idx, options, env) -> str:
    """Each card as on a puzzle's table, drawn by the one renderer (``present.puzzle.card_span``):
    its face from the sprite, named by its spoken name in the page's language (``env["catalog"]``)."""
    catalog = env.get("catalog") if isinstance(env, dict) else None
    if catalog is None:
        raise BuildError("a card row ('::: cards ...') is drawn only in a lesson's text, not here")
    words = Words(catalog)
    row = Node("p", "card-row", {}, [card_span(code, words) for code in tokens[idx].info.split()])
    return to_html(row) + "\n"


def aside_block(state, start: int, end: int, silent: bool) -> bool:
    """``::: aside TITLE`` ... ``:::`` (sitebuild/lessons.py checks where it stands): a closed
    <details> whose summary is the title; what is inside is Markdown."""
    line = state.src[state.bMarks[start] + state.tShift[start] : state.eMarks[start]]
    match = ASIDE_OPEN.match(line.strip())
    if not match or state.sCount[start] - state.blkIndent >= 4:
        return False
    if silent:
        return True
    close = start + 1
    while close < end and state.src[state.bMarks[close] : state.eMarks[close]].strip() != ":::":
        close += 1
    parent, line_max = state.parentType, state.lineMax
    state.parentType, state.lineMax = "aside", close
    token = state.push("aside_open", "details", 1)
    token.block, token.info, token.map = True, (match.group(1) or "").strip(), [start, close]
    state.md.block.tokenize(state, start + 1, close)
    state.push("aside_close", "details", -1).block = True
    state.parentType, state.lineMax = parent, line_max
    state.line = close + 1
    return True


def render_aside_open(self, tokens, idx, options, env) -> str:
    return f'<details class="aside"><summary>{escapeHtml(tokens[idx].info)}</summary>\n'


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
    env.filters["plus_minus"] = plus_minus
    env.filters["signed"] = signed
    env.filters["capfirst"] = capfirst
    return env


def editor_kinds() -> dict:
    """The kinds the position editor offers, in the registry's order, and the one a link without
    a kind opens (``Kind.editable``, ``Kind.editor_default``)."""
    kinds = [name for name, kind in REGISTRY.items() if kind.editable]
    default = [name for name, kind in REGISTRY.items() if kind.editor_default and kind.editable]
    if len(default) != 1:
        raise BuildError(f"the position editor needs one default kind among {', '.join(kinds)}; found {default}")
    return {"kinds": kinds, "default": default[0]}


def position_words(presets: list[dict], cat: dict) -> dict:
    """What the editor says of a player 0 typed in the declared trumps (the notation cannot carry
    seat −1, so the page cannot ask the engine): the engine's ``seat_out_of_range`` as present/
    words it, for each number of players of the rule sets, and the generic sentence."""
    counts = sorted({p["players"] for p in presets})
    zero = {
        str(n): error_text({"code": "seat_out_of_range", "params": {"seat": -1, "players": n}}, cat) for n in counts
    }
    return {"no_player_zero": {**zero, "generic": cat["errors"]["generic"]}}


def has_last_trick_bonus(view: dict) -> bool:
    """Whether the puzzle's rules give points for the last trick (else the score table has no such column)."""
    return parse_rules(view["rules"]).last_trick_bonus > 0


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


# The address the site is published at (for example https://huutopussi.example), when known: link
# previews need absolute addresses for their pictures. Without it they are relative to the page.
SITE_URL = os.environ.get("HUUTOPUSSI_SITE_URL", "").rstrip("/")


def site_url_warning(site_url: str) -> str | None:
    """What the build says when it does not know the site's address (docs/deploy.md)."""
    if site_url:
        return None
    return (
        "warning: HUUTOPUSSI_SITE_URL is not set, so link previews name their picture and page by relative "
        "addresses, which most chat apps ignore: set it to the address the site is published at (docs/deploy.md)"
    )


TABLE = re.compile(r"<table>(.*?)</table>", re.S)


def wrap_tables(html: str, label: str) -> str:
    """A Markdown table scrolls inside its own focusable region, so that a wide table never makes
    the page scroll sideways on a phone."""
    return TABLE.sub(
        lambda m: (
            f'<div class="table-scroll" role="region" aria-label="{label}" tabindex="0">'
            f"<table>{m.group(1)}</table></div>"
        ),
        html,
    )


TAG = re.compile(r"<[^>]+>")


def plain_text(html: str) -> str:
    """Rendered inline Markdown as one line of plain text (for descriptions)."""
    return unescape(TAG.sub("", html)).strip()


def puzzle_segment(
    lesson: Lesson, pid: str, text: LessonText, number: int, md: MarkdownIt, share: str, cat: dict
) -> dict:
    """What the one renderer (``present.puzzle``) needs for one lesson puzzle: the engine's answers
    and the puzzle's words as nodes."""
    spec = next(p for p in lesson.puzzles if p["id"] == pid)
    words = text.puzzles[pid].fields
    return {
        "kind": "puzzle",
        "id": pid,
        "number": number,
        "spec": spec,
        "view": lesson.checked[pid]["view"],
        "solution": lesson.checked[pid]["solution"],
        "table": lesson.checked[pid]["table"],
        "prompt": nodes(md.renderInline(words["prompt"])),
        "prompt_text": plain_text(md.renderInline(words["prompt"])),
        "hint": nodes(md.render(words["hint"])),
        "explanation": nodes(md.render(words["explanation"])),
        "share": share,
        "steps": step_texts(lesson.checked[pid], text, pid, md),
    }


def step_texts(checked: dict, text: LessonText, pid: str, md: MarkdownIt) -> list:
    """A guided deal's commentary, step by step, as ``check_words`` filled it (sitebuild/lessons.py:
    the numbers from the engine's facts of that step, the cards and seats from what the learner
    has seen by then)."""
    if checked["view"]["form"]["shape"] != "steps":  # not a guided deal
        return []
    fields = text.puzzles[pid].fields
    return [nodes(md.render(fields[f"step{n}"])) for n in range(1, len(checked["view"]["steps"]) + 1)]


def preview_words(lessons: list[Lesson], md: MarkdownIt) -> dict:
    """The words of the link-preview pictures (sitebuild/images.py), as plain text in each
    language: each puzzle's question and each lesson's title."""
    words = {}
    for lang in LANGS:
        texts = {}
        for lesson in lessons:
            text = lesson.texts[lang]
            texts[f"lesson/{lesson.slug}"] = text.meta["title"]
            for pid, puzzle in text.puzzles.items():
                texts[f"puzzle/{pid}"] = plain_text(md.renderInline(puzzle.fields["prompt"]))
        words[lang] = texts
    return words


def render_site(
    lessons: list[Lesson],
    out: Path,
    with_pyodide: bool,
    glossary: list[dict] = (),
    assets: Published | None = None,
    renamed: dict | None = None,
    measured: dict | None = None,
    readiness: list | None = None,
) -> None:
    """Every page; ``assets`` (from ``fingerprint.publish_assets``) gives the templates' ``asset()``
    and ``module_script()`` the published names; ``measured`` the rules of thumb's figures
    (``sitebuild.measured``) that fill ``{measured:NAME}`` in the lessons; ``readiness`` the
    checked decisions of the readiness test (``sitebuild.readiness.load_bank``), its page and the
    front page's link only where there are some."""
    warning = site_url_warning(SITE_URL)
    if warning:
        print(warning, file=sys.stderr)
    env = environment()
    env.globals.update(template_globals(assets or Published()))
    term_ids = {t["id"] for t in glossary}
    md = markdown()
    catalogs = {lang: load_catalog(lang) for lang in LANGS}
    check_catalogs(catalogs)
    # every page carries the rename map, so that saved progress migrates wherever a learner lands
    renamed = renamed if renamed is not None else {"renamed": {}, "removed": []}
    images = write_images(lessons, out, preview_words(lessons, md))
    write_manifests(out, catalogs)  # the web app manifests and icons (installable)
    # what play and practice show before the engine starts in the browser (computed by the engine now)
    prepared = {"openings": openings.play_openings(), "drills": openings.drill_bank()}
    shared = {
        "csp": CSP,
        "langs": LANGS,
        "engine_ready": with_pyodide,
        "card_sprite": Markup(sprite()),
        "site_url": SITE_URL,
        "renamed": renamed,
    }
    # root: language choice
    write(
        out / "index.html", env.get_template("root.html").render(**shared, catalogs=catalogs, root="./", canonical="")
    )
    # any missing address: one page in both languages (static hosts serve /404.html; sw.js offline)
    write(out / "404.html", env.get_template("404.html").render(**shared, catalogs=catalogs, root="/"))
    for lang in LANGS:
        cat = catalogs[lang]
        other = [x for x in LANGS if x != lang]
        base = {**shared, "lang": lang, "cat": cat, "ui": cat["ui"], "other_langs": other, "catalogs": catalogs}
        base["page_catalog"] = page_catalog(cat)
        helpers = {
            "card_label": lambda c, cat=cat: card_label(c, cat),
            "card_face": card_face,
            "fmt": lambda t, p, cat=cat: fmt(t, p, cat),
            # an entry of a catalog section, its "_one" form where its count is 1
            "say": lambda section, key, p, cat=cat: fmt(message(section, key, p), p, cat),
            "seat_key": seat_key,
            "has_last_trick_bonus": has_last_trick_bonus,
            "solution_text": lambda k, sol, view=None, cat=cat: solution_text(k, sol, cat, view),
            "choice_label": lambda c, leads=True, cat=cat: choice_label(c, cat, leads),
            "decimal": lambda x, signed=False, cat=cat: decimal(x, cat, signed),
            # a puzzle by the one renderer (present/), and a card's face, written as HTML
            "puzzle_html": lambda seg, cat=cat: Markup(to_html(puzzle_tree(seg, cat))),
            "link_icon_html": lambda: Markup(to_html(link_icon())),
        }
        lesson_list = [
            {
                "slug": x.slug,
                "title": x.texts[lang].meta["title"],
                "description": x.texts[lang].meta["description"],
                "puzzles": len(x.puzzles),
                "ids": [value for kind, value in x.texts[lang].segments if kind == "puzzle"],
                "order": x.order,
            }
            for x in lessons
        ]
        presets = [{"name": n, "title": capfirst(cat["presets"].get(n, PRESET_INFO[n][0]))} for n in PRESETS]
        # the front page's first-visit puzzle (#daily): lesson 1's first, with its build-time table
        first_puzzle = None
        if lesson_list and lesson_list[0]["ids"]:
            first_id = lesson_list[0]["ids"][0]
            first_puzzle = puzzle_segment(lessons[0], first_id, lessons[0].texts[lang], 1, md, f"p/{first_id}/", cat)
            first_puzzle["up"] = ""  # the puzzle's links are written relative to the front page
        write(
            out / lang / "index.html",
            env.get_template("index.html").render(
                **base,
                **helpers,
                root="../",
                path="",
                lessons=lesson_list,
                presets=presets,
                first_puzzle=first_puzzle,
                has_readiness=bool(readiness),
                title=cat["ui"]["site_title"],
                description=cat["ui"]["site_description"],
                image=images["site"],
            ),
        )
        for i, lesson in enumerate(lessons):
            text = lesson.texts[lang]
            segments = []
            steps = []  # the lesson player's steps (lesson_steps): the same segments, grouped
            number = 0
            for step in lesson_steps(text.segments):
                group = []
                for kind, value in step["segments"]:
                    if kind == "md":
                        html = link_glossary(md.render(value, {"catalog": cat}), term_ids, text, "../../glossary/")
                        html = fill_measured(html, measured or {}, cat, text.path)
                        group.append({"kind": "md", "html": Markup(wrap_tables(html, cat["ui"]["table"]))})
                    else:
                        number += 1
                        group.append(puzzle_segment(lesson, value, text, number, md, f"../../p/{value}/", cat))
                segments.extend(group)
                steps.append({"segments": group, "puzzle": step["puzzle"]})
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
                    steps=steps,
                    nav=nav,
                    image=images[f"{lang}/lesson/{lesson.slug}"],
                ),
            )
            for seg in segments:
                if seg["kind"] != "puzzle":
                    continue
                puzzle_title = f"{text.meta['title']} · {cat['ui']['puzzle']} {seg['number']}"
                write(
                    out / lang / "p" / seg["id"] / "index.html",
                    env.get_template("puzzle_page.html").render(
                        **base,
                        **helpers,
                        root="../../../",
                        path=f"p/{seg['id']}/",
                        lesson=lesson_list[i],
                        title=puzzle_title,
                        description=seg["prompt_text"],
                        seg={**seg, "share": "./"},
                        image=images[f"{lang}/puzzle/{seg['id']}"],
                    ),
                )

        def page(rel, template, title, description, base=base, helpers=helpers, lang=lang, **extra):
            """Render one page at /LANG/REL/ (REL may have several parts)."""
            extra.setdefault("image", images["site"])
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
        house = rulespages.house_rule_controls(cat, lang)  # the house-rule controls' data (house-rules.js)
        page(
            "position",
            "position.html",
            ui["position_title"],
            ui["position_intro"],
            presets=players,
            house=house,
            editor=editor_kinds(),
            position_words=position_words(players, cat),
        )
        page(
            "practice",
            "practice.html",
            ui["practice_title"],
            ui["practice_intro"],
            themes=DRILL_THEMES,
            drill_bank=openings.drawn(prepared["drills"], lang),
        )
        page(
            "progress",
            "progress.html",
            cat["review"]["progress_title"],
            cat["review"]["progress_description"],
            lessons=lesson_list,
            themes=DRILL_THEMES,
        )
        if readiness:
            decisions, data = readiness_page(readiness, cat, measured or {})
            words = cat["readiness"]
            page(
                "readiness",
                "readiness.html",
                words["title"],
                words["description"],
                decisions=decisions,
                data=data,
                words=compiled_section(words),
            )
        # where each seat sits as seen from seat 0 (you), for the computer player choices
        seats = [
            {**p, "where": " ".join(seat_places(PRESETS[p["name"]].players, PRESETS[p["name"]].partnership, 0))}
            for p in presets
        ]
        page(
            "play",
            "play.html",
            ui["play_title"],
            ui["play_intro"],
            presets=seats,
            levels=openings.offered_levels(),
            default_level=openings.DEFAULT_LEVEL,
            house=house,
            openings=openings.worded(prepared["openings"], lang),
            card_trees=card_trees(Words(cat)),
        )
        # the score sheet: each preset's entry form as the engine defines it (engine.core.tally.entry_form),
        # so that the page takes entries while the engine starts, and its labels with the rules'
        # figures in the page's language (present.score.form_words; the worker's tally gives them
        # for the sheet's own rules)
        forms = {p["name"]: {**entry_form(PRESETS[p["name"]]), "players": PRESETS[p["name"]].players} for p in presets}
        form_labels = {name: form_words(form, form["players"], cat) for name, form in forms.items()}
        score = cat["score"]
        page(
            "score",
            "score.html",
            score["ui"]["title"],
            score["ui"]["description"],
            presets=presets,
            house=house,
            forms=forms,
            form_words=form_labels,
            score_catalog=compiled_section(score),
        )
        page(
            "rules",
            "compare.html",
            ui["compare"],
            ui["rules_description"],
            **rulespages.compare_page(presets, cat, lang),
        )
        for name in PRESETS:
            title = capfirst(cat["presets"].get(name, PRESET_INFO[name][0]))
            page(
                f"rules/{name}",
                "rules.html",
                title,
                ui["rules_description"],
                **rulespages.preset_page(name, cat, lang),
                told=rulespages.told(name, lang, md),
            )
