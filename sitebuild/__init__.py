"""The site build, one job per module; ``build.py`` calls them in order.

* ``lessons``  reads and checks the lesson sources (every puzzle checked by the engine);
* ``catalogs`` the message catalogs, the one formatter (``present/text.py``) and what a page's
  scripts read of a catalog, compiled (``page_catalog``);
* ``pages``    renders the pages with jinja2 and markdown-it-py;
* ``pyodide``  the engine wheel and the self-hosted Pyodide runtime;
* ``fingerprint`` content-hashed names for everything under ``assets/`` (and ``asset()`` for templates);
* ``offline``  the service worker;
* ``headers``  ``_headers`` (cache lifetimes, security) for hosts and ``tools/serve.py``;
* ``compress`` brotli and gzip copies of every compressible file.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

LANGS = ("fi", "en")
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'"
)


class BuildError(Exception):
    """An authoring or build mistake; the message starts with the file (and line)."""


def rel(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
