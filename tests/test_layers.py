"""The engine in layers, one folder each, its imports pointing one way (lazy imports inside
functions included):

0. ``engine/core/``: the rules of the game and their text (cards, rules, actions, play, declare,
   deal, scoring, match, notation, story, messages, seats, tally);
1. ``engine/search/``: solver, estimate, observe, hand_value, memo;
2. ``engine/players/``: the computer players (the registry and the random player in the
   package, easy, normal, expert, arena);
3. ``engine/puzzles/``: the puzzle kinds and their registry;
4. ``engine/coach/``: the play page's game step with its story and hint, the deal review, the
   practice drills (made from puzzle kinds);
5. the entry points: ``web``, ``__main__`` and the package's own ``__init__`` (public names).

A module imports only from its own layer or below, no two modules import each other in a circle
(not even lazily: ``Deal`` knows nothing of text, ``notation`` alone parses and formats), and
every engine module lives in a layer (a new folder or a new top-level module must be placed here).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from sitebuild import ROOT
from sitebuild.cache import _imports

LAYERS = {
    "engine.core": 0,
    "engine.search": 1,
    "engine.players": 2,
    "engine.puzzles": 3,
    "engine.coach": 4,
    "engine.web": 5,
    "engine.__main__": 5,
    "engine": 5,
}


def _files(root: Path) -> dict[str, Path]:
    """Each engine module by name (a package by its ``__init__``)."""
    files = {}
    for path in sorted((root / "engine").rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return files


def _modules(root: Path = ROOT) -> dict[str, set[str]]:
    """Each engine module and the engine modules it imports. A package named only as the place
    of the modules imported from it (``from . import puzzles``) is not itself a target."""
    files = _files(root)
    graph = {}
    for module, path in files.items():
        found = _imports(path, module, path.name == "__init__.py")
        targets = set()
        for name in found:
            if name not in files or name == module:
                continue
            children = {f for f in found if f.rpartition(".")[0] == name}
            if children and children <= set(files):
                continue
            targets.add(name)
        graph[module] = targets
    return graph


def _unit(module: str) -> str:
    """The layer a module belongs to: its folder's package, or itself at the top."""
    parts = module.split(".")
    return ".".join(parts[:2])


def _wrong_imports(graph: dict[str, set[str]]) -> list[str]:
    return sorted(
        f"{module} ({_unit(module)}) imports {target} ({_unit(target)})"
        for module, targets in graph.items()
        for target in targets
        if LAYERS[_unit(target)] > LAYERS[_unit(module)]
    )


def _circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(group)

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_every_engine_module_lives_in_a_layer_folder():
    units = {_unit(module) for module in _files(ROOT)}
    assert units - set(LAYERS) == set(), "put each new module in a layer folder (or place it in tests/test_layers.py)"
    assert set(LAYERS) - units == set(), "a layer in tests/test_layers.py that the engine no longer has"
    for package in ("core", "search", "players", "puzzles", "coach"):
        assert (ROOT / "engine" / package / "__init__.py").is_file()


def test_imports_point_down_the_layers():
    assert _wrong_imports(_modules()) == []


def test_no_import_circles():
    assert _circles(_modules()) == []


def test_the_circle_finder_finds_one():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def _copy_engine(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def _add_lazy_import(path: Path, line: str) -> None:
    path.write_text(path.read_text() + f"\n\ndef _late():\n    {line}\n\n    return X\n")


def test_a_new_circle_fails(tmp_path):
    """Deal formatting itself through notation again (notation builds a Deal) is a circle."""
    root = _copy_engine(tmp_path)
    _add_lazy_import(root / "engine" / "core" / "deal.py", "from .notation import format_position as X")
    assert _circles(_modules(root)) == [{"engine.core.deal", "engine.core.notation"}]


def test_an_import_up_the_layers_fails(tmp_path):
    root = _copy_engine(tmp_path)
    _add_lazy_import(root / "engine" / "search" / "observe.py", "from ..players.easy import computer_action as X")
    _add_lazy_import(root / "engine" / "core" / "cards.py", "from engine import Deal as X")
    assert _wrong_imports(_modules(root)) == [
        "engine.core.cards (engine.core) imports engine (engine)",
        "engine.search.observe (engine.search) imports engine.players.easy (engine.players)",
    ]


def test_a_new_flat_module_has_no_layer(tmp_path):
    root = _copy_engine(tmp_path)
    (root / "engine" / "extra.py").write_text("X = 1\n")
    assert {_unit(m) for m in _files(root)} - set(LAYERS) == {"engine.extra"}


# -- the presentation layer (present/): above the engine, never below it ------------------------------
def _top_imports(path: Path) -> set[str]:
    """The top-level packages a file imports anywhere in it (relative imports as ``.``)."""
    import ast

    found = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            found.add("." if node.level else (node.module or "").split(".")[0])
    return found


def _wrong_present_imports(root: Path = ROOT) -> list[str]:
    import sys

    wrong = []
    for path in sorted((root / "engine").rglob("*.py")):
        if "present" in _top_imports(path):
            wrong.append(f"{path.relative_to(root)} imports present (the engine knows no text)")
    allowed = set(sys.stdlib_module_names) | {"engine", "present", ".", "__future__"}
    for path in sorted((root / "present").rglob("*.py")):
        for name in sorted(_top_imports(path) - allowed):
            wrong.append(
                f"{path.relative_to(root)} imports {name} (present/: the standard library and the engine only)"
            )
    return wrong


def test_the_presentation_imports_the_engine_and_the_engine_never_imports_it():
    assert (ROOT / "present" / "__init__.py").is_file()
    assert _wrong_present_imports() == []


def test_an_engine_module_importing_the_presentation_fails(tmp_path):
    root = _copy_engine(tmp_path)
    shutil.copytree(ROOT / "present", root / "present", ignore=shutil.ignore_patterns("__pycache__"))
    _add_lazy_import(root / "engine" / "core" / "deal.py", "from present.text import fmt as X")
    _add_lazy_import(root / "present" / "text.py", "from sitebuild import ROOT as X")
    assert _wrong_present_imports(root) == [
        "engine/core/deal.py imports present (the engine knows no text)",
        "present/text.py imports sitebuild (present/: the standard library and the engine only)",
    ]
