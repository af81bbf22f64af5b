"""The service worker: the offline copy, downloaded once, the engine only when the learner wants it.

``sw.js`` (from ``site/sw.js``) gets the list of every file it may keep, smallest first (pages
and assets before the Pyodide runtime), the files a first visit keeps (``first_visit_files``:
the lessons, the front pages, the glossary and the rules pages, the not-found page and the
assets they use; the engine's runtime and wheel are kept only when a page needs them or the
learner asks, see site/sw.js), a version that changes with any file, the folder whose files are
named by their content and the engine's folder with its size. Left out: the hosts' ``_headers``,
the precompressed copies (the server picks the encoding) and link-preview images (``og:image``,
``twitter:image``: for other sites' crawlers, not for reading offline).
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
import zlib
from pathlib import Path
from urllib.parse import urlsplit

from . import ROOT
from .fingerprint import IMMUTABLE_DIR
from .pyodide import RUNTIME_DIR

_META = re.compile(r"<meta\s[^>]*>", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"""([a-z:-]+)\s*=\s*["']([^"']*)["']""", re.IGNORECASE)
_LINK = re.compile(r"""\s(?:src|href)\s*=\s*["']([^"'#?]+)""", re.IGNORECASE)
PREVIEW_PROPERTIES = {"og:image", "og:image:url", "og:image:secure_url", "twitter:image"}
NOT_OFFLINE = ("_headers", "sw.js")
# kept first on a first visit: the installed app's manifests and icons and the score sheet pages,
# which a table uses offline (the rest follows smallest first)
KEEP_FIRST = ("manifest.", "icons/", "fi/score/", "en/score/")


def _site_path(here: str, url: str) -> tuple[str, str]:
    """("exact", path) for a relative URL, ("suffix", path) for an absolute one (the site may
    live in a sub-path of the host)."""
    parts = urlsplit(url)
    if parts.scheme or url.startswith("/"):
        return "suffix", parts.path.lstrip("/")
    return "exact", posixpath.normpath(posixpath.join(here, parts.path))


def _matches(name: str, how: str, path: str) -> bool:
    return name == path if how == "exact" else path == name or path.endswith("/" + name)


def preview_images(out: Path) -> list[tuple[str, str]]:
    """The images that pages name only in link-preview tags (og:image, twitter:image), not in
    a ``src`` or ``href`` too."""
    previews, used = set(), set()
    for page in out.rglob("*.html"):
        here = page.parent.relative_to(out).as_posix()
        html = page.read_text(encoding="utf-8")
        for tag in _META.findall(html):
            attributes = {k.lower(): v for k, v in _ATTRIBUTE.findall(tag)}
            if attributes.get("property", attributes.get("name")) in PREVIEW_PROPERTIES and attributes.get("content"):
                previews.add(_site_path(here, attributes["content"]))
        used.update(_site_path(here, url) for url in _LINK.findall(html))
    return [(how, path) for how, path in previews if not any(_matches(path, *u) for u in used if u[0] == "exact")]


def offline_files(out: Path) -> list[str]:
    """Site paths of every file to keep offline (``fi/`` for ``fi/index.html``), smallest first."""
    previews = preview_images(out)
    chosen = []
    for path in out.rglob("*"):
        name = path.relative_to(out).as_posix()
        if not path.is_file() or name in NOT_OFFLINE or name.endswith((".br", ".gz")):
            continue
        if any(_matches(name, how, p) for how, p in previews):
            continue
        chosen.append((not name.startswith(KEEP_FIRST), path.stat().st_size, name))
    files = []
    for _, _, name in sorted(chosen):
        name = name[: -len("index.html")] if name.endswith("index.html") else name
        files.append(name or "./")
    return files


# The pages a first visit keeps (site paths as offline_files names them): every lesson, the front
# pages, the glossary, the rules pages, the not-found page, the score sheet in both languages
# with the installed app's manifests and icons (a table keeps the score offline), and the pages
# that need the engine (play, practice, the editor), without it: opened offline they say what
# works without a connection and what needs one online visit, never "page not found". Puzzle
# pages are kept when opened (and every page with the engine, when the learner asks or a page
# starts it, as the score sheet does).
FIRST_VISIT_PAGES = re.compile(
    r"(\./|404\.html|[a-z]{2}/|[a-z]{2}/(lessons|rules)/.*|[a-z]{2}/glossary/|[a-z]{2}/score/"
    r"|[a-z]{2}/(play|practice|position)/"
    r"|manifest\.[a-z]{2}\.webmanifest|icons/[a-z0-9-]+\.png)"
)


def _page_file(out: Path, name: str) -> Path:
    return out / ("index.html" if name == "./" else name + "index.html" if name.endswith("/") else name)


def first_visit_files(out: Path, files: list[str] | None = None) -> list[str]:
    """The files a first visit keeps offline (FIRST_VISIT_PAGES and every file of the site they
    name in a ``src`` or ``href``: styles, scripts, their module preloads, icons), in the order
    of ``offline_files``. Never a file of the engine's folder."""
    files = files if files is not None else offline_files(out)
    known = set(files)
    pages = {name for name in files if FIRST_VISIT_PAGES.fullmatch(name)}
    used = set()
    for name in pages:
        path = _page_file(out, name)
        if path.suffix != ".html":
            continue
        here = posixpath.dirname(name.rstrip("/")) if not name.endswith("/") else name.rstrip("/") or "."
        for url in _LINK.findall(path.read_text(encoding="utf-8")):
            how, target = _site_path(here, url)
            target = target.removesuffix("index.html") if target.endswith("index.html") else target
            if how == "suffix":  # a link from the site's root (the not-found page)
                target = next((f for f in known if _matches(f, how, target)), target)
            if target in known:
                used.add(target)
    return [name for name in files if (name in pages or name in used) and not name.startswith(RUNTIME_DIR + "/")]


def _sent_size(path: Path) -> int:
    """About the bytes a download of the file costs: compressed (the hosts compress; the build's
    brotli copies come later and are a little smaller still). The learner sees it rounded."""
    data = path.read_bytes()
    return min(len(data), len(zlib.compress(data, 6)))


def write_service_worker(out: Path) -> None:
    """sw.js with the files to keep offline and a version that changes with any file."""
    files = offline_files(out)
    first = first_visit_files(out, files)
    engine_bytes = sum(_sent_size(_page_file(out, f)) for f in files if f.startswith(RUNTIME_DIR + "/"))
    digest = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        digest.update(path.relative_to(out).as_posix().encode() + hashlib.sha256(path.read_bytes()).digest())
    template = (ROOT / "site" / "sw.js").read_text(encoding="utf-8")
    text = (
        template.replace("__VERSION__", digest.hexdigest()[:16])
        .replace("__FILES__", json.dumps(files))
        .replace("__FIRST__", json.dumps(first))
        .replace("__ENGINE_BYTES__", str(engine_bytes))
        .replace("__IMMUTABLE__", json.dumps(IMMUTABLE_DIR + "/"))
        .replace("__ENGINE__", json.dumps(RUNTIME_DIR + "/"))
    )
    (out / "sw.js").write_text(text, encoding="utf-8")
