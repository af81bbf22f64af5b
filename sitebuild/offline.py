"""The service worker: after one visit the whole site works offline, downloaded once.

``sw.js`` (from ``site/sw.js``) gets the list of files to keep, smallest first (pages and
assets before the Pyodide runtime), a version that changes with any file, and the folder whose
files are named by their content. Left out: the hosts' ``_headers``, the precompressed copies
(the server picks the encoding) and link-preview images (``og:image``, ``twitter:image``: for
other sites' crawlers, not for reading offline).
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
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


def write_service_worker(out: Path) -> None:
    """sw.js with the files to keep offline and a version that changes with any file."""
    files = offline_files(out)
    digest = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        digest.update(path.relative_to(out).as_posix().encode() + hashlib.sha256(path.read_bytes()).digest())
    template = (ROOT / "site" / "sw.js").read_text(encoding="utf-8")
    text = (
        template.replace("__VERSION__", digest.hexdigest()[:16])
        .replace("__FILES__", json.dumps(files))
        .replace("__IMMUTABLE__", json.dumps(IMMUTABLE_DIR + "/"))
        .replace("__ENGINE__", json.dumps(RUNTIME_DIR + "/"))
    )
    (out / "sw.js").write_text(text, encoding="utf-8")
