"""The service worker: after one visit the whole site works offline."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from . import ROOT


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
