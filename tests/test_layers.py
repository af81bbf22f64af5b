"""The engine in layers, its imports pointing one way (lazy imports inside functions included):

0. core: cards, rules, actions, play, declare, deal, scoring, match, notation, messages, seats,
   memo, tally (the rules of the game and their text);
1. search: solver, estimate, observe, and the easy player's rules of thumb (easy, players);
2. players: normal (choices tried on made-up deals);
3. the table and the coach: game (the stateless game step, hints, the story), review, arena;
4. puzzles (engine/puzzles/), drills;
5. the entry points: web, __main__, and the package's own __init__ (public names).

A module imports only from its own layer or below, there are no circles but the one named in
KNOWN_CIRCLES, and every engine module has a layer (a new one must be placed here)."""

from __future__ import annotations

from sitebuild import ROOT
from sitebuild.cache import _imports

LAYERS = {
    "engine.cards": 0,
    "engine.rules": 0,
    "engine.actions": 0,
    "engine.play": 0,
    "engine.declare": 0,
    "engine.deal": 0,
    "engine.scoring": 0,
    "engine.match": 0,
    "engine.notation": 0,
    "engine.messages": 0,
    "engine.seats": 0,
    "engine.memo": 0,
    "engine.tally": 0,
    "engine.solver": 1,
    "engine.estimate": 1,
    "engine.observe": 1,
    "engine.easy": 1,
    "engine.players": 1,
    "engine.normal": 2,
    "engine.game": 3,
    "engine.review": 3,
    "engine.arena": 3,
    "engine.drills": 4,
    "engine.puzzles": 4,
    "engine.web": 5,
    "engine.__main__": 5,
    "engine": 5,
}
# Deal.position() and Deal.record() still format themselves through notation (a lazy import)
KNOWN_CIRCLES = [{"engine.deal", "engine.notation"}]


def _modules() -> dict[str, set[str]]:
    """Each engine module (a subpackage counts as one) and the engine modules it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        unit = ".".join(parts[:2]) if len(parts) > 2 else module  # engine.puzzles.x -> engine.puzzles
        found = _imports(path, module, path.name == "__init__.py")
        # "from .. import memo" names engine.memo; the package itself is only its public names
        targets = {_unit(t) for t in found} - {"engine"}
        graph.setdefault(unit, set()).update(t for t in targets if t != unit and t in _known())
    return graph


def _known() -> set[str]:
    return set(LAYERS)


def _unit(name: str) -> str:
    parts = name.split(".")
    if len(parts) >= 2 and parts[1] == "puzzles":
        return "engine.puzzles"
    return ".".join(parts[:2]) if len(parts) >= 2 else name


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


def test_every_engine_module_has_a_layer():
    units = set()
    for path in (ROOT / "engine").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        units.add(_unit(".".join(p for p in parts if p != "__init__")))
    assert units - set(LAYERS) == set(), "place each new module in a layer in tests/test_layers.py"


def test_imports_point_down_the_layers():
    wrong = [
        f"{module} (layer {LAYERS[module]}) imports {target} (layer {LAYERS[target]})"
        for module, targets in _modules().items()
        for target in targets
        if LAYERS[target] > LAYERS[module]
    ]
    assert wrong == []


def test_no_import_circles():
    assert [c for c in _circles(_modules()) if c not in KNOWN_CIRCLES] == []


def test_the_circle_finder_finds_one():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
