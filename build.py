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
5. Publishes every file under ``assets/`` by content (hashed names, ``sitebuild.fingerprint``),
   writes the hosts' ``_headers`` (caching, security), the service worker, and a brotli and a
   gzip copy of every compressible file (``sitebuild.compress``).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from sitebuild import CSP, LANGS, ROOT, BuildError, rel  # noqa: F401  (tests and tools import these)
from sitebuild.catalogs import card_label, check_catalogs, fmt, load_catalog  # noqa: F401
from sitebuild.compress import compress_site
from sitebuild.fingerprint import Published, check_immutable, publish_assets
from sitebuild.headers import write_headers
from sitebuild.lessons import Lesson, load_glossary, load_lessons, load_renames
from sitebuild.measured import load_measured
from sitebuild.offline import write_service_worker
from sitebuild.pages import render_site
from sitebuild.pyodide import PYODIDE_FILES, copy_pyodide  # noqa: F401
from sitebuild.readiness import ReadinessError, load_bank
from sitebuild.report import quiet, step


def build(out: Path, lessons_dir: Path, with_pyodide: bool = True, compress: bool = True) -> list[Lesson]:
    """Build the site of ``lessons_dir`` into ``out``; ``compress=False`` leaves out the brotli and
    gzip copies (the tests' small sites: their big pages, play and practice, change with the lessons
    and took some 8 s of brotli each; the published site and the tests' own build are compressed)."""
    with step("lessons: reading and checking every puzzle with the engine"):
        lessons = load_lessons(lessons_dir)
        glossary = load_glossary(lessons_dir)
        measured = load_measured(lessons_dir)
        try:
            readiness = load_bank(lessons_dir, measured)
        except ReadinessError as e:
            raise BuildError(str(e)) from None
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    with step("engine wheel and Pyodide runtime" if with_pyodide else "assets"):
        published = copy_pyodide(out) if with_pyodide else Published()
        publish_assets(ROOT / "site" / "assets", out, published)
    with step("pages, link pictures and answer tables"):
        renamed = load_renames(lessons_dir, lessons)
        render_site(lessons, out, with_pyodide, glossary, published, renamed, measured, readiness)
        check_immutable(out, published)
    with step("service worker, headers, brotli and gzip copies" if compress else "service worker and headers"):
        write_service_worker(out)
        write_headers(out)
        if compress:
            compress_site(out)
    return lessons


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site")
    parser.add_argument("--lessons", type=Path, default=ROOT / "lessons")
    parser.add_argument("--no-pyodide", action="store_true", help="skip the wheel and the Pyodide runtime")
    parser.add_argument("--quiet", action="store_true", help="print only the summary (CI)")
    args = parser.parse_args(argv)
    quiet(args.quiet)
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
