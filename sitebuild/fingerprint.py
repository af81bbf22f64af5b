"""Content-hashed names for the files that never change: everything under ``assets/`` of the
built site is published under a name that carries a hash of its content (``app.js`` becomes
``assets/app.3f9a1c2b7d.js``), so hosts and browsers may keep it for a year (``headers``).

* Site assets (``site/assets``, any file in it): ``NAME.HASH.EXT``. References between them are
  rewritten in the published copies: in JavaScript every string literal that starts with ``./``
  or ``../`` and names a file of the build (``import ... from "./messages.js"``,
  ``new URL("./worker.js", import.meta.url)``), in CSS every ``url(...)`` and ``@import``. The
  hash of a file covers its own content and that of every file it reaches through such
  references, so a changed module renames each module that imports it (cycles included).
* Files that must keep their names (Pyodide loads its runtime files and the engine wheel by
  name) are put in folders named by the hash of their contents instead
  (``assets/pyodide/runtime-HASH/pyodide.mjs``); ``sitebuild.pyodide`` reports where each went,
  and the same rewriting points the site's JavaScript there.
* Pages use ``{{ asset("site.css") }}`` and ``{{ module_script("app.js") }}`` (jinja globals),
  which give the published URL; the latter also preloads the module's static imports, so a page
  fetches its whole module graph in one round trip instead of one per level of imports.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup, escape

from . import BuildError, rel

IMMUTABLE_DIR = "assets"  # everything below it is named by its content (see headers, offline)
HASH_LENGTH = 10

_JS_LITERAL = re.compile(r"""(["'])(\.\.?/[^"'\s]*)\1""")
_JS_STATIC_IMPORT = re.compile(
    r"""\b(?:import|export)\b(?:[^;"'`]*?\bfrom\s*|\s*)(["'])(\.\.?/[^"'\s]*)\1""", re.MULTILINE
)
_JS_REFERENCE = re.compile(
    r"""(?:\bfrom\s*|\bimport\s*\(?\s*|\bnew\s+URL\(\s*)(["'])(\.\.?/[^"'\s]*)\1""", re.MULTILINE
)
_CSS_REFERENCE = re.compile(r"""(url\(\s*|@import\s+)(["']?)([^"')\s]+)\2""")
_TEXT_KINDS = {".js": "js", ".mjs": "js", ".css": "css"}


def content_hash(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(len(part).to_bytes(8, "big") + part)
    return digest.hexdigest()[:HASH_LENGTH]


def hashed_name(name: str, digest: str) -> str:
    """``app.js`` -> ``app.HASH.js`` (the last suffix stays last, for content types)."""
    stem, dot, suffix = name.rpartition(".")
    return f"{stem}.{digest}.{suffix}" if dot and stem else f"{name}.{digest}"


@dataclass
class Published:
    """Where each file of the build went: logical path (as in the source tree, relative to the
    built site) -> published path. ``imports`` holds the static ES module imports between
    site assets (published paths), for module preloading."""

    paths: dict[str, str] = field(default_factory=dict)
    imports: dict[str, list[str]] = field(default_factory=dict)

    def path(self, name: str, where: str = "a template") -> str:
        logical = f"{IMMUTABLE_DIR}/{name}"
        if logical not in self.paths:
            raise BuildError(f"{where}: asset({name!r}): site/{logical} is not a file of the site")
        return self.paths[logical]

    def module_graph(self, name: str) -> list[str]:
        """The published paths of every module a module imports statically, directly or not."""
        seen, order, stack = set(), [], [self.path(name)]
        while stack:
            for dep in self.imports.get(stack.pop(), []):
                if dep not in seen:
                    seen.add(dep)
                    order.append(dep)
                    stack.append(dep)
        return order


def _references(kind: str, text: str):
    """(start, end, specifier) of every candidate reference in a JS or CSS text."""
    if kind == "js":
        for m in _JS_LITERAL.finditer(text):
            yield m.start(2), m.end(2), m.group(2)
    else:
        for m in _CSS_REFERENCE.finditer(text):
            target = m.group(3)
            if not re.match(r"^[a-z][a-z0-9+.-]*:|^/|^#", target, re.IGNORECASE):
                yield m.start(3), m.end(3), target


def _resolve(logical: str, specifier: str) -> str:
    path = specifier.split("#")[0].split("?")[0]
    if not specifier.startswith(("./", "../")):
        path = "./" + path
    return posixpath.normpath(posixpath.join(posixpath.dirname(logical), path))


def _line(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def publish_assets(source: Path, out: Path, published: Published | None = None) -> Published:
    """Copy every file of ``source`` (site/assets) to ``out/assets`` under its content-hashed
    name, with the references between files rewritten; ``published`` may already hold files
    placed elsewhere under ``assets/`` (the Pyodide runtime). Returns the complete map."""
    published = published or Published()
    files = {
        f"{IMMUTABLE_DIR}/{p.relative_to(source).as_posix()}": p
        for p in sorted(source.rglob("*"))
        if p.is_file() and not p.name.startswith(".")
    }
    known = set(files) | set(published.paths)
    contents = {logical: path.read_bytes() for logical, path in files.items()}
    deps: dict[str, list[tuple[int, int, str, str]]] = {}
    for logical, path in files.items():
        kind = _TEXT_KINDS.get(path.suffix)
        if kind is None:
            deps[logical] = []
            continue
        text = contents[logical].decode("utf-8")
        found = []
        for start, end, specifier in _references(kind, text):
            target = _resolve(logical, specifier)
            if target in known:
                found.append((start, end, specifier, target))
        deps[logical] = found
        if kind == "js":
            _check_js_references(text, logical, path, known, source)

    def closure(logical: str) -> list[str]:
        seen, stack = {logical}, [logical]
        while stack:
            for *_, target in deps.get(stack.pop(), []):
                if target not in seen:
                    seen.add(target)
                    stack.append(target)
        return sorted(seen)

    for logical in files:
        parts = []
        for member in closure(logical):
            parts.append(member.encode())
            parts.append(contents[member] if member in contents else published.paths[member].encode())
        directory, name = posixpath.split(logical)
        published.paths[logical] = posixpath.join(directory, hashed_name(name, content_hash(*parts)))

    for logical, path in files.items():
        target_path = out / published.paths[logical]
        target_path.parent.mkdir(parents=True, exist_ok=True)
        found = deps[logical]
        if not found:
            shutil.copyfile(path, target_path)
            continue
        text = contents[logical].decode("utf-8")
        here = posixpath.dirname(published.paths[logical])
        pieces, last = [], 0
        for start, end, specifier, target in found:
            relative = posixpath.relpath(published.paths[target], here)
            suffix = specifier[len(specifier.split("#")[0].split("?")[0]) :]
            pieces += [text[last:start], relative if relative.startswith("../") else "./" + relative, suffix]
            last = end
        pieces.append(text[last:])
        target_path.write_text("".join(pieces), encoding="utf-8")
        if path.suffix in (".js", ".mjs"):
            imports = {m.group(2) for m in _JS_STATIC_IMPORT.finditer(text)}
            published.imports[published.paths[logical]] = [
                published.paths[t] for _, _, s, t in found if s in imports and t in files
            ]
    return published


def _check_js_references(text: str, logical: str, path: Path, known: set[str], source: Path) -> None:
    """An import or ``new URL(...)`` into a folder of site/assets must name one of its files."""
    for m in _JS_REFERENCE.finditer(text):
        target = _resolve(logical, m.group(2))
        inside = target.removeprefix(f"{IMMUTABLE_DIR}/")
        if target in known or inside == target or not target.startswith(f"{IMMUTABLE_DIR}/"):
            continue
        if (source / inside).parent.is_dir() and "." in posixpath.basename(inside):
            line = _line(text, m.start(2))
            raise BuildError(f"{rel(path)}:{line}: {m.group(2)!r} names no file of site/{IMMUTABLE_DIR}")


def template_globals(published: Published) -> dict:
    """``asset(name)`` and ``module_script(name)`` for the templates (relative to ``root``)."""
    from jinja2 import pass_context

    @pass_context
    def asset(context, name: str) -> str:
        return context["root"] + published.path(name, context.name or "a template")

    @pass_context
    def module_script(context, name: str, run_early: bool = False) -> Markup:
        """The module's script tag (``async`` with ``run_early``: it runs as soon as its files
        arrive, before the page has been parsed) and preloads of its imports."""
        where = context.name or "a template"
        root = context["root"]
        extra = " async" if run_early else ""
        lines = [f'<script type="module"{extra} src="{escape(root + published.path(name, where))}"></script>']
        lines += [f'<link rel="modulepreload" href="{escape(root + dep)}">' for dep in published.module_graph(name)]
        return Markup("\n".join(lines))

    return {"asset": asset, "module_script": module_script}


def check_immutable(out: Path, published: Published) -> None:
    """Every file under assets/ must have been published by content (so a year of caching is
    safe); anything written there by name would be served stale for a year."""
    expected = set(published.paths.values())
    stray = sorted(
        p.relative_to(out).as_posix()
        for p in (out / IMMUTABLE_DIR).rglob("*")
        if p.is_file() and p.relative_to(out).as_posix().removesuffix(".br").removesuffix(".gz") not in expected
    )
    if stray:
        raise BuildError(
            f"{rel(out)}: {', '.join(stray[:5])}: written under {IMMUTABLE_DIR}/ without a content hash "
            f"(put source files in site/{IMMUTABLE_DIR}, or generated files outside {IMMUTABLE_DIR}/)"
        )
