"""Every repository path the docs and the code's docstrings and comments name exists: a file that
moves or goes takes its mentions with it (``engine/decisions.py`` was named for long after it had
become ``engine/puzzles/decisions.py``)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOP = ("engine", "sitebuild", "site", "tests", "tools", "docs", "lessons", "benchmarks", ".ci")
# a path: a top folder and at least one more part (``engine/core/rules.py``, ``site/assets/``),
# or a file at the root (``build.py``, ``Makefile``)
PATH = re.compile(
    r"(?<![\w./@-])((?:" + "|".join(re.escape(t) for t in TOP) + r")/[\w./-]*[\w/]"
    r"|(?:build|conftest)\.py|Makefile|README\.md|CONTRIBUTING\.md|pyproject\.toml|package\.json)(?![\w/-])"
)
# names that stand for a family of paths (placeholders, globs), not one path
PATTERN = re.compile(r"[<>{}*]|NN|\.\.\.|/x/|/p/|/fi/|/en/|/_site")
TEXT_FILES = (".md", ".py", ".js", ".mjs", ".css", ".html", ".toml", ".txt", ".cfg")
# paths of the built site or of a served URL that share a name with a source folder
BUILT = ("site/assets/pyodide/",)


def tracked_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / line for line in out.splitlines() if line.endswith(TEXT_FILES)]


def named_paths(text: str):
    for match in PATH.finditer(text):
        name = match.group(1).rstrip(".")
        if PATTERN.search(text[max(0, match.start() - 1) : match.end() + 1]) or name.startswith(BUILT):
            continue
        yield name, text.count("\n", 0, match.start()) + 1


def missing_paths(files) -> list[str]:
    missing = []
    for path in files:
        if "golden" in path.parts or "fixtures" in path.parts or path.name.startswith("test_"):
            continue  # test data, and tests that name paths made up on purpose
        text = path.read_text("utf-8", errors="replace")
        for name, line in named_paths(text):
            if not (ROOT / name).exists():
                missing.append(f"{path.relative_to(ROOT)}:{line}: {name}")
    return missing


def test_the_pattern_finds_paths_and_skips_placeholders():
    text = "See engine/puzzles/decisions.py:40, `site/assets/` and build.py; lessons/NN-slug/lesson.toml, x/engine/a."
    assert [n for n, _ in named_paths(text)] == ["engine/puzzles/decisions.py", "site/assets/", "build.py"]


def test_a_missing_path_is_reported_with_file_and_line(tmp_path, monkeypatch):
    doc = ROOT / "docs" / "deploy.md"
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: "One.\nSee engine/decisions.py.\n")
    assert missing_paths([doc]) == ["docs/deploy.md:2: engine/decisions.py"]


def test_every_path_named_in_the_docs_and_the_code_exists():
    missing = missing_paths(tracked_files())
    assert not missing, "named but not in the repository:\n" + "\n".join(missing)


def test_the_readme_layout_names_every_page_module():
    layout = (ROOT / "README.md").read_text("utf-8").split("## Layout")[1].split("\n### ")[0]
    modules = sorted(p.name for p in (ROOT / "site" / "assets").glob("*.js"))
    assert [m for m in modules if f"`{m}`" not in layout] == []
