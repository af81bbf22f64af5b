"""The static server: precompressed copies with the right headers, the build's cache rules
(_headers), conditional requests, and quiet about browsers that go away."""

import gzip
import http.client
import os
import threading
import time

import brotli
import pytest

from sitebuild.compress import CACHE_DAYS, PRUNE_EVERY, PRUNED, compress_site
from sitebuild.headers import IMMUTABLE, REVALIDATE, write_headers
from tools.serve import make_server, parse_headers_file

SCRIPT = b"export const answer = 42; // " + b"the same words again and again " * 40
WASM = b"\0asm\x01\0\0\0" + bytes(4000)
SNAPSHOT = bytes(4096) + bytes(range(256)) * 16 + bytes(4096)  # a memory snapshot: mostly zeros


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A small site laid out as the build lays it out, with its compressed copies and _headers."""
    tmp_path = tmp_path_factory.mktemp("serve")
    root = tmp_path / "site"
    (root / "fi").mkdir(parents=True)
    (root / "assets" / "pyodide" / "runtime-0123456789").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html><title>t</title>" + "<p>words</p>" * 50)
    (root / "fi" / "index.html").write_text("<!doctype html><title>fi</title>" + "<p>sanoja</p>" * 50)
    (root / "sw.js").write_text("self.addEventListener('fetch', () => {});" * 20)
    (root / "assets" / "app.0123456789.js").write_bytes(SCRIPT)
    (root / "assets" / "pyodide" / "runtime-0123456789" / "runtime.wasm").write_bytes(WASM)
    (root / "assets" / "data.zip").write_bytes(bytes(range(256)) * 8)  # stays as it is
    (root / "assets" / "pyodide" / "snapshot-0123456789").mkdir(parents=True)
    (root / "assets" / "pyodide" / "snapshot-0123456789" / "engine.bin").write_bytes(SNAPSHOT)
    write_headers(root)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HUUTOPUSSI_BUILD_CACHE", str(tmp_path / "cache"))
        compress_site(root)
    return root


def start(site, record=False):
    server = make_server(site, 0, record=record)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    return server


@pytest.fixture(scope="module")
def server(site):
    server = start(site)
    yield server
    server.shutdown()


def get(server, path, **headers):
    connection = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=10)
    connection.request("GET", path, headers={k.replace("_", "-"): v for k, v in headers.items()})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, response.headers, body


DECODE = {"br": brotli.decompress, "gzip": gzip.decompress, None: lambda body: body}


@pytest.mark.parametrize(
    "accept, encoding",
    [
        ("gzip, deflate, br, zstd", "br"),
        ("gzip, deflate", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("*", "br"),
        ("identity", None),
        (None, None),
    ],
)
def test_the_best_accepted_encoding_is_served(server, accept, encoding):
    headers = {"Accept-Encoding": accept} if accept is not None else {}
    status, response, body = get(server, "/assets/app.0123456789.js", **headers)
    assert status == 200
    assert response["Content-Encoding"] == encoding
    assert response["Vary"] == "Accept-Encoding"
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert int(response["Content-Length"]) == len(body)
    assert DECODE[encoding](body) == SCRIPT
    if encoding:
        assert len(body) < len(SCRIPT) / 2


def test_wasm_keeps_its_type_when_compressed(server):
    status, response, body = get(server, "/assets/pyodide/runtime-0123456789/runtime.wasm", Accept_Encoding="br")
    assert (status, response["Content-Type"], response["Content-Encoding"]) == (200, "application/wasm", "br")
    assert brotli.decompress(body) == WASM


def test_the_memory_snapshot_is_compressed_and_served_as_bytes(server, site):
    status, response, body = get(server, "/assets/pyodide/snapshot-0123456789/engine.bin", Accept_Encoding="br")
    assert (status, response["Content-Type"], response["Content-Encoding"]) == (200, "application/octet-stream", "br")
    assert brotli.decompress(body) == SNAPSHOT


def test_files_that_do_not_compress_are_served_as_they_are(server, site):
    assert not (site / "assets" / "data.zip.br").exists()
    status, response, body = get(server, "/assets/data.zip", Accept_Encoding="br, gzip")
    assert (status, response["Content-Encoding"], response["Vary"]) == (200, None, None)
    assert body == (site / "assets" / "data.zip").read_bytes()


@pytest.mark.parametrize(
    "path, cache",
    [
        ("/assets/app.0123456789.js", IMMUTABLE),
        ("/assets/pyodide/runtime-0123456789/runtime.wasm", IMMUTABLE),
        ("/", REVALIDATE),
        ("/index.html", REVALIDATE),
        ("/fi/", REVALIDATE),
        ("/sw.js", REVALIDATE),
    ],
)
def test_cache_lifetimes_and_security_headers(server, path, cache):
    status, response, _ = get(server, path, Accept_Encoding="br")
    assert status == 200
    assert response.get_all("Cache-Control") == [cache]
    assert "default-src 'self'" in response["Content-Security-Policy"]
    assert response["X-Content-Type-Options"] == "nosniff"


def test_a_page_is_revalidated_with_a_304_per_encoding(server):
    _, first, _ = get(server, "/fi/", Accept_Encoding="br")
    status, again, body = get(server, "/fi/", Accept_Encoding="br", If_None_Match=first["ETag"])
    assert (status, body, again["ETag"], again["Cache-Control"]) == (304, b"", first["ETag"], REVALIDATE)
    # the gzip copy is another representation: the brotli copy's tag must not validate it
    status, other, body = get(server, "/fi/", Accept_Encoding="gzip", If_None_Match=first["ETag"])
    assert (status, other["Content-Encoding"]) == (200, "gzip") and other["ETag"] != first["ETag"]
    status, _, _ = get(server, "/fi/", If_Modified_Since=first["Last-Modified"])
    assert status == 304


def test_folders_redirect_to_their_slash_and_headers_stay_private(server):
    status, response, _ = get(server, "/fi?x=1")
    assert (status, response["Location"]) == (301, "/fi/?x=1")
    assert get(server, "/_headers")[0] == 404
    assert get(server, "/nothing-here.js")[0] == 404


def test_a_bad_headers_file_names_its_line():
    with pytest.raises(ValueError, match="_headers:3:"):
        parse_headers_file("/*\n  X-A: b\nnot indented and no colon\n  \n")


def test_the_server_records_what_it_sent(site):
    server = start(site, record=True)
    try:
        _, _, body = get(server, "/assets/app.0123456789.js", Accept_Encoding="br")
        get(server, "/missing")
        # each request is recorded by its own thread once its answer is sent, so the client may
        # read both answers before the second (or even the first) is recorded: wait for both
        deadline = time.monotonic() + 10
        while len(server.served) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert sorted(server.served) == [("/assets/app.0123456789.js", 200, len(body)), ("/missing", 404, 0)]
    finally:
        server.shutdown()


@pytest.mark.parametrize("error", [ConnectionResetError, BrokenPipeError])
def test_a_browser_leaving_mid_transfer_prints_nothing(server, capsys, error):
    try:
        raise error()
    except OSError:
        server.handle_error(None, ("127.0.0.1", 1))
    assert capsys.readouterr().err == ""


def test_other_errors_are_still_reported(server, capsys):
    try:
        raise ValueError("broken handler")
    except ValueError:
        server.handle_error(None, ("127.0.0.1", 1))
    assert "broken handler" in capsys.readouterr().err


def test_the_build_cache_off_compresses_without_a_cache(tmp_path, monkeypatch):
    """``HUUTOPUSSI_BUILD_CACHE=off`` turns the compression cache off too: no folder called "off"."""
    root = tmp_path / "site"
    root.mkdir()
    (root / "index.html").write_text("<!doctype html><title>t</title>" + "<p>words</p>" * 50)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HUUTOPUSSI_BUILD_CACHE", "off")
    written = compress_site(root)
    assert sorted(p.name for p in written) == ["index.html.br", "index.html.gz"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    monkeypatch.setenv("HUUTOPUSSI_BUILD_CACHE", str(tmp_path / "cache"))
    compress_site(root)
    assert len([p for p in (tmp_path / "cache" / "compressed").iterdir() if p.name != PRUNED]) == 2


def test_unused_cache_entries_are_removed_and_looked_for_once_a_day(tmp_path, monkeypatch):
    """Entries unused for CACHE_DAYS are removed by the next build, but a build within a day of
    the last pruning does not look at every entry again (a hundred thousand of them took seconds)."""
    root = tmp_path / "site"
    root.mkdir()
    (root / "index.html").write_text("<!doctype html><title>t</title>" + "<p>words</p>" * 50)
    monkeypatch.setenv("HUUTOPUSSI_BUILD_CACHE", str(tmp_path / "cache"))
    cache = tmp_path / "cache" / "compressed"
    cache.mkdir(parents=True)
    old = time.time() - (CACHE_DAYS + 1) * 86400

    def unused(name):
        (cache / name).write_bytes(b"an old entry")
        os.utime(cache / name, (old, old))

    unused("a" * 64 + ".br")
    compress_site(root)  # never pruned: prunes
    assert not (cache / ("a" * 64 + ".br")).exists()
    assert (cache / PRUNED).is_file()
    assert len([p for p in cache.iterdir() if p.name != PRUNED]) == 2  # this build's two copies
    unused("b" * 64 + ".br")
    compress_site(root)  # pruned an instant ago: not again
    assert (cache / ("b" * 64 + ".br")).exists()
    yesterday = time.time() - PRUNE_EVERY - 60
    os.utime(cache / PRUNED, (yesterday, yesterday))
    compress_site(root)  # pruned more than a day ago: prunes again, keeping the entries in use
    assert not (cache / ("b" * 64 + ".br")).exists()
    assert len([p for p in cache.iterdir() if p.name != PRUNED]) == 2


def test_compressing_on_several_cores_writes_what_one_core_writes(tmp_path, monkeypatch):
    """The copies a cold build makes on every core are byte for byte those of one core, for every file."""
    monkeypatch.setenv("HUUTOPUSSI_BUILD_CACHE", "off")
    copies = {}
    for processes in (1, 2):
        root = tmp_path / f"site{processes}"
        (root / "a").mkdir(parents=True)
        for i in range(5):
            (root / "a" / f"page{i}.html").write_text("<p>ässä ja kymppi</p>" * (40 * (i + 1)))
        (root / "tiny.js").write_text("x")  # saves less than 5 %: no copy
        written = compress_site(root, processes=processes)
        copies[processes] = {p.relative_to(root).as_posix(): p.read_bytes() for p in written}
    assert copies[1] == copies[2]
    assert len(copies[2]) == 10 and "tiny.js.br" not in copies[2]
