"""``_headers``: the HTTP headers of every file of the built site, in the format Netlify and
Cloudflare Pages read (``tools/serve.py`` applies the same file; docs/deploy.md has them for
other servers).

* Everything under ``assets/`` is named by its content (``sitebuild.fingerprint``): a year,
  ``immutable`` (a browser never even asks again).
* Everything else (pages, ``sw.js``, anything a later step writes at the top level) is
  revalidated on every use (``no-cache``: a 304 costs a few hundred bytes), so a new deploy is
  seen at once and a page never points at assets that are gone.
* The Content-Security-Policy (also in each page's ``<meta>``; the header covers the module
  worker too) and ``nosniff`` on everything.

The rules are generic over the built folder: one per top-level entry, so a file or folder added
by a later build step is covered without a list kept by hand. They never overlap in a header
(both hosts join the values of a header that two rules set).
"""

from __future__ import annotations

from pathlib import Path

from . import CSP
from .fingerprint import IMMUTABLE_DIR

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
SECURITY = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff"}
HEADERS_FILE = "_headers"
# types a host may not know by the file's extension (the web app manifests, sitebuild/manifest.py)
CONTENT_TYPES = {".webmanifest": "application/manifest+json"}
COMPRESSED_SUFFIXES = (".br", ".gz")


def header_rules(out: Path) -> list[tuple[str, dict[str, str]]]:
    rules = [("/*", dict(SECURITY)), (f"/{IMMUTABLE_DIR}/*", {"Cache-Control": IMMUTABLE})]
    if (out / "index.html").exists():
        rules.append(("/", {"Cache-Control": REVALIDATE}))
    for entry in sorted(out.iterdir()):
        name = entry.name
        if name in (IMMUTABLE_DIR, HEADERS_FILE) or name.endswith(COMPRESSED_SUFFIXES):
            continue
        headers = {"Cache-Control": REVALIDATE}
        if entry.is_file() and entry.suffix in CONTENT_TYPES:
            headers["Content-Type"] = CONTENT_TYPES[entry.suffix]
        rules.append((f"/{name}/*" if entry.is_dir() else f"/{name}", headers))
    return rules


def render_headers(rules) -> str:
    lines = [
        "# Written by build.py (sitebuild/headers.py): Netlify and Cloudflare Pages read this file,",
        "# tools/serve.py applies it. Files under /assets/ are named by their content.",
    ]
    for pattern, headers in rules:
        lines.append(pattern)
        lines += [f"  {name}: {value}" for name, value in headers.items()]
    return "\n".join(lines) + "\n"


def write_headers(out: Path) -> None:
    (out / HEADERS_FILE).write_text(render_headers(header_rules(out)), encoding="utf-8")
