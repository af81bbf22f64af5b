"""Publishing the built site: content-hashed asset names with their references rewritten, the
hosts' _headers, precompressed copies and the service worker's file list."""

import gzip
import json
import re
import shutil
from pathlib import Path

import brotli
import pytest
from jinja2 import Environment

import build
from sitebuild import BuildError
from sitebuild.compress import is_compressible
from sitebuild.fingerprint import Published, check_immutable, publish_assets, template_globals
from sitebuild.headers import IMMUTABLE, REVALIDATE
from sitebuild.offline import offline_files
from tools.serve import parse_headers_file

ROOT = Path(__file__).resolve().parent.parent
HASHED = re.compile(r"\.[0-9a-f]{10}\.[a-z]+$")
# the Pyodide runtime, the engine's wheel and its memory snapshot keep their names (Pyodide and the worker find
# them by name) in a folder named by content
HASHED_FOLDER = re.compile(r"^assets/pyodide/(engine|runtime|snapshot)-[0-9a-f]{10}/[^/]+$")


def write_sources(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


SOURCES = {
    "app.js": 'import { b } from "./b.js";\nimport "./lib/c.js";\nexport const a = b;\n',
    "b.js": 'export { c as b } from "./lib/c.js";\n',
    "lib/c.js": "export const c = 1;\n",
    "worker.js": 'import { x } from "./pyodide/pyodide.mjs";\nnew URL("./pyodide/lock.json", import.meta.url);\n',
    "site.css": "body { background: url(icon.svg) } .x { background: url('./icon.svg#a') }\n",
    "icon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>\n",
}
RUNTIME = {"assets/pyodide/pyodide.mjs": "assets/pyodide/runtime-0123456789/pyodide.mjs"}


def publish(tmp_path, sources=SOURCES, name="out"):
    source = write_sources(tmp_path / f"{name}-src", sources)
    out = tmp_path / name
    published = publish_assets(source, out, Published(paths=dict(RUNTIME)))
    return out, published


def read(out, published, logical):
    return (out / published.paths[logical]).read_text()


def test_assets_get_content_names_and_their_references_follow(tmp_path):
    out, published = publish(tmp_path)
    for logical in ("assets/app.js", "assets/b.js", "assets/lib/c.js", "assets/site.css", "assets/icon.svg"):
        assert HASHED.search(published.paths[logical]), published.paths[logical]
        assert (out / published.paths[logical]).is_file()
    app = read(out, published, "assets/app.js")
    b_name = Path(published.paths["assets/b.js"]).name
    c_name = Path(published.paths["assets/lib/c.js"]).name
    assert f'from "./{b_name}"' in app and f'import "./lib/{c_name}"' in app
    assert f'from "./lib/{c_name}"' in read(out, published, "assets/b.js")
    icon = Path(published.paths["assets/icon.svg"]).name
    assert read(out, published, "assets/site.css").count(f"{icon}") == 2 and f"./{icon}#a" in read(
        out, published, "assets/site.css"
    )
    worker = read(out, published, "assets/worker.js")
    assert 'from "./pyodide/runtime-0123456789/pyodide.mjs"' in worker
    assert '"./pyodide/lock.json"' in worker  # not a file of this build: left alone
    graph = [Path(p).name for p in published.module_graph("app.js")]
    assert sorted(graph) == sorted([b_name, c_name])


def test_a_changed_module_renames_every_module_that_reaches_it(tmp_path):
    _, before = publish(tmp_path, name="one")
    _, after = publish(tmp_path, {**SOURCES, "lib/c.js": "export const c = 2;\n"}, name="two")
    changed = {k for k in before.paths if before.paths[k] != after.paths[k]}
    assert changed == {"assets/app.js", "assets/b.js", "assets/lib/c.js"}
    _, same = publish(tmp_path, name="three")
    assert same.paths == before.paths  # deterministic


def test_modules_that_import_each_other_are_published(tmp_path):
    sources = {"a.js": 'import "./b.js";\n', "b.js": 'import "./a.js";\n'}
    out, published = publish(tmp_path, sources)
    a, b = (Path(published.paths[f"assets/{n}.js"]).name for n in "ab")
    assert f'"./{b}"' in read(out, published, "assets/a.js") and f'"./{a}"' in read(out, published, "assets/b.js")


def test_an_import_of_a_missing_file_names_the_file_and_line(tmp_path):
    sources = {"app.js": '// the page\nimport { x } from "./gone.js";\n'}
    with pytest.raises(BuildError, match=r"app\.js:2: './gone.js' names no file of site/assets"):
        publish(tmp_path, sources)


def test_templates_name_assets_through_the_helpers(tmp_path):
    out, published = publish(tmp_path)
    env = Environment(autoescape=True)
    env.globals.update(template_globals(published))
    html = env.from_string('{{ asset("site.css") }}|{{ module_script("app.js") }}').render(root="../")
    assert html.startswith(f"../{published.paths['assets/site.css']}|")
    assert f'<script type="module" src="../{published.paths["assets/app.js"]}"></script>' in html
    assert f'<link rel="modulepreload" href="../{published.paths["assets/b.js"]}">' in html
    early = env.from_string('{{ module_script("b.js", run_early=True) }}').render(root="")
    assert early.startswith('<script type="module" async src=')
    with pytest.raises(BuildError, match="asset\\('nope.js'\\): site/assets/nope.js is not a file of the site"):
        env.from_string('{{ asset("nope.js") }}').render(root="")


@pytest.fixture(scope="module")
def site(built_site):
    return built_site


def site_files(out):
    return sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and not p.name.endswith((".br", ".gz")) and p.name != "_headers"
    )


def test_every_asset_of_the_build_is_named_by_its_content(site, tmp_path):
    assets = [name for name in site_files(site) if name.startswith("assets/")]
    assert len(assets) >= 10 and all(HASHED.search(name) or HASHED_FOLDER.match(name) for name in assets), assets
    published = Published(paths={n: n for n in assets})
    check_immutable(site, published)
    copy = tmp_path / "site"  # the shared site is read-only: the stray file goes into a copy
    shutil.copytree(site / "assets", copy / "assets", ignore=shutil.ignore_patterns("pyodide"))
    check_immutable(copy, Published(paths={n: n for n in assets if not n.startswith("assets/pyodide/")}))
    (copy / "assets" / "preview.png").write_bytes(b"png")
    with pytest.raises(BuildError, match="assets/preview.png: written under assets/ without a content hash"):
        check_immutable(copy, published)


def test_each_file_has_exactly_one_cache_rule(site):
    rules = parse_headers_file((site / "_headers").read_text())
    for name in site_files(site):
        urls = ["/" + name] + (["/" + name.removesuffix("index.html")] if name.endswith("index.html") else [])
        for url in urls:
            cache = [
                value
                for pattern, headers in rules
                if pattern.match(url)
                for key, value in headers
                if key == "Cache-Control"
            ]
            assert cache == [IMMUTABLE if name.startswith("assets/") else REVALIDATE], (url, cache)
            security = [key for pattern, headers in rules if pattern.match(url) for key, _ in headers]
            assert "Content-Security-Policy" in security


def test_compressible_files_have_brotli_and_gzip_copies(site):
    checked = 0
    for name in site_files(site):
        path = site / name
        br, gz = path.with_name(path.name + ".br"), path.with_name(path.name + ".gz")
        if not is_compressible(path) or path.stat().st_size < 1000:
            continue
        assert brotli.decompress(br.read_bytes()) == path.read_bytes(), name
        assert gzip.decompress(gz.read_bytes()) == path.read_bytes(), name
        assert br.stat().st_size < gz.stat().st_size < path.stat().st_size
        checked += 1
    assert checked > 50
    assert not list(site.rglob("*.png.br")) and not (site / "_headers.br").exists()


def test_the_service_worker_keeps_every_page_and_asset_once(site):
    files = json.loads(re.search(r"const FILES = (\[.*?\])\.filter", (site / "sw.js").read_text()).group(1))
    assert files == offline_files(site)
    pages_and_assets = {n.removesuffix("index.html") or "./" for n in site_files(site)} - {"sw.js"}
    expected = {n for n in pages_and_assets if not n.startswith("og/")}  # link previews are for unfurlers
    assert set(files) == expected and len(files) == len(expected)
    assert "fi/lessons/overtaking/" in files and not [f for f in files if f.endswith((".br", ".gz", "_headers"))]


def test_link_preview_images_are_not_kept_offline(tmp_path):
    write_sources(
        tmp_path,
        {
            "fi/index.html": '<meta property="og:image" content="../og/fi.png"><img src="../kept.png">'
            '<meta property="og:image" content="../kept.png">',
            "en/index.html": '<meta content="https://example.org/sub/og/en.png" name="twitter:image">',
        },
    )
    for name in ("og/fi.png", "og/en.png", "kept.png"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_bytes(b"png")
    assert sorted(offline_files(tmp_path)) == ["en/", "fi/", "kept.png"]


def test_the_build_is_the_same_twice(site, tmp_path):
    again = tmp_path / "again"
    build.build(again, ROOT / "lessons", with_pyodide=True)
    names = site_files(site)
    assert names == site_files(again)
    different = [n for n in names if (site / n).read_bytes() != (again / n).read_bytes()]
    assert different == []


def test_every_reference_between_published_assets_resolves(site):
    checked = 0
    for path in (site / "assets").glob("*.js"):
        for specifier in re.findall(r"""["'](\.\.?/[^"'\s]+\.(?:js|mjs|css|svg|json))["']""", path.read_text()):
            if "/pyodide/" in specifier:  # this build has no Pyodide runtime
                continue
            assert (path.parent / specifier).resolve().is_file(), (path.name, specifier)
            assert HASHED.search(specifier) or specifier == "../sw.js", (path.name, specifier)
            checked += 1
    assert checked >= 15
