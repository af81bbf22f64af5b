"""The browser tests' own harness (tests/e2e/conftest.py): the browser reaches nothing but
127.0.0.1, and a visit records every request, the engine worker's too."""

import http.server
import threading
import urllib.request


def test_the_browser_reaches_no_other_address_and_every_request_is_recorded(visit, base_url):
    # a server on another loopback address, which this process reaches and the browser must not
    other = http.server.ThreadingHTTPServer(("127.0.0.2", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        elsewhere = f"http://127.0.0.2:{other.server_port}/"
        assert urllib.request.urlopen(elsewhere, timeout=10).status == 200
        v = visit(bypass_csp=True)  # the page's policy would stop the fetch before the network
        page = v.open(base_url + "/en/")
        # no-cors: an answer from another origin resolves (opaque), a refused connection rejects
        fetched = "url => fetch(url, {mode: 'no-cors'}).then(() => 'reached', () => 'refused')"
        assert page.evaluate(fetched, elsewhere) == "refused"
        assert page.evaluate(fetched, "http://example.com/x") == "refused"
        assert page.evaluate(fetched, base_url + "/en/") == "reached"
        assert {elsewhere, "http://example.com/x", base_url + "/en/"} <= set(v.requests)
    finally:
        other.shutdown()


def test_the_engine_workers_requests_are_recorded(visit, base_url):
    v = visit()
    page = v.open(base_url + "/en/score/")
    page.wait_for_selector("body[data-engine]", state="attached", timeout=180_000)
    assert page.get_attribute("body", "data-engine") == "ready"
    assert any("/pyodide/" in url and url.endswith(".wasm") for url in v.requests)
    assert any("/assets/worker." in url for url in v.requests)
