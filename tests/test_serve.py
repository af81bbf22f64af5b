"""The static server: right content types and headers, and quiet about browsers that go away."""

import threading
import urllib.request

import pytest

from tools.serve import make_server


@pytest.fixture
def server(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>")
    (tmp_path / "runtime.wasm").write_bytes(b"\0asm")
    server = make_server(tmp_path, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()


def test_wasm_type_and_security_headers(server):
    with urllib.request.urlopen(f"http://127.0.0.1:{server.server_port}/runtime.wasm") as response:
        assert response.headers["Content-Type"] == "application/wasm"
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"


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
