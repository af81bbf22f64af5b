"""The type checker in `make lint` (issue 37): mypy, pinned like the other tools, runs strict on
the engine's core, search and players packages, and nothing loosens it for them."""

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STRICT_PACKAGES = ("engine/core", "engine/search", "engine/players")
# the flags `strict = true` switches on; an override that turns one off loosens the check
STRICT_FLAGS = (
    "warn_unused_configs",
    "disallow_any_generics",
    "disallow_subclassing_any",
    "disallow_untyped_calls",
    "disallow_untyped_defs",
    "disallow_incomplete_defs",
    "check_untyped_defs",
    "disallow_untyped_decorators",
    "warn_redundant_casts",
    "warn_unused_ignores",
    "warn_return_any",
    "no_implicit_reexport",
    "strict_equality",
    "extra_checks",
)


def mypy_config():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def lint_recipe(makefile: str) -> list[str]:
    """The commands of the Makefile's ``lint`` target."""
    lines = makefile.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"lint:", line))
    recipe = []
    for line in lines[start + 1 :]:
        if not line.startswith("\t"):
            break
        recipe.append(line.strip())
    return recipe


def test_make_lint_runs_mypy_on_the_configured_packages():
    recipe = lint_recipe((ROOT / "Makefile").read_text(encoding="utf-8"))
    mypy = [command for command in recipe if "-m mypy" in command]
    assert mypy == ["$(PY) -m mypy"], f"make lint runs mypy once, on the packages pyproject.toml lists: {recipe}"
    files = mypy_config()["files"]
    for package in STRICT_PACKAGES:
        assert package in files, f"[tool.mypy] files must list {package}"
        assert (ROOT / package / "__init__.py").is_file()


def test_the_check_is_strict_for_core_and_search_and_no_override_loosens_it():
    config = mypy_config()
    assert config.get("strict") is True
    for flag in STRICT_FLAGS:
        assert config.get(flag, True) is not False, f"[tool.mypy] turns {flag} off"
    for override in config.get("overrides", []):
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        loosened = [flag for flag in (*STRICT_FLAGS, "strict") if override.get(flag) is False]
        loosened += [key for key in ("ignore_errors", "ignore_missing_imports", "follow_imports") if key in override]
        loosened += ["disable_error_code"] if override.get("disable_error_code") else []
        for module in modules:
            if module.startswith(tuple(p.replace("/", ".") for p in STRICT_PACKAGES)) or module in (
                "engine",
                "engine.*",
            ):
                assert not loosened, f"an override loosens {module}: {loosened}"


def test_the_cache_is_git_ignored():
    cache = mypy_config()["cache_dir"]
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert any(cache == entry.rstrip("/") or cache.startswith(entry.rstrip("/") + "/") for entry in ignored), cache


def test_mypy_is_pinned_with_its_dependencies_like_the_other_tools():
    requirements = {
        name.lower().replace("_", "-"): version
        for name, version in re.findall(
            r"^([A-Za-z0-9_.-]+)==(\S+)$", (ROOT / "requirements-dev.txt").read_text(), re.M
        )
    }
    dev = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"][
        "dev"
    ]
    pinned = {name.lower().replace("_", "-"): version for name, version in (item.split("==") for item in dev)}
    for name in ("mypy", "mypy-extensions", "typing-extensions", "pathspec", "librt", "ast-serialize"):
        assert name in requirements, f"requirements-dev.txt must pin {name}"
        assert pinned.get(name) == requirements[name], f"pyproject.toml and requirements-dev.txt disagree on {name}"


def test_the_configured_check_refuses_an_unannotated_function(tmp_path):
    """The settings themselves, run through mypy (installed by `make setup`): a function without
    annotations or a bare generic fails the check, and its annotated twin passes."""
    api = pytest.importorskip("mypy.api", reason="mypy comes with `make setup` (requirements-dev.txt)")
    config = ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "cache")]
    loose = tmp_path / "loose.py"
    loose.write_text("def double(x):\n    return 2 * x\n\n\ndef keys(d: dict) -> list:\n    return list(d)\n")
    out, _, status = api.run([*config, str(loose)])
    assert status == 1, out
    assert "[no-untyped-def]" in out and "[type-arg]" in out, out
    typed = tmp_path / "typed.py"
    typed.write_text(
        "def double(x: int) -> int:\n    return 2 * x\n\n\n"
        "def keys(d: dict[str, int]) -> list[str]:\n    return list(d)\n"
    )
    out, _, status = api.run([*config, str(typed)])
    assert status == 0, out
