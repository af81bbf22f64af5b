"""Serve the built site on 127.0.0.1 (a plain static server; the site needs nothing else).

    python tools/serve.py [--port 8000] [--dir _site]

Adds the right MIME types (.wasm must be application/wasm, .mjs JavaScript) and sends the
site's Content-Security-Policy as a header too, so that the module worker is covered by it.
"""

import argparse
import functools
import http.server
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build import CSP  # noqa: E402


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".svg": "image/svg+xml",
        ".webmanifest": "application/manifest+json",
    }

    def end_headers(self):
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def send_error(self, code, message=None, explain=None):
        """A missing file gets the site's own 404 page (as static hosts serve /404.html)."""
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format, *args):
        if self.server.verbose:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser that leaves a page while a file is still coming (a phone closing the tab
        # during the Pyodide download) is normal; anything else is still reported.
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path, port: int, verbose: bool = False) -> Server:
    handler = functools.partial(Handler, directory=str(directory))
    server = Server(("127.0.0.1", port), handler)
    server.verbose = verbose
    return server


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=ROOT / "_site")
    args = parser.parse_args()
    if not (args.dir / "index.html").exists():
        sys.exit(f"error: {args.dir} has no index.html; run `python build.py` first")
    server = make_server(args.dir, args.port, verbose=True)
    print(f"Serving {args.dir} at http://127.0.0.1:{server.server_port}/ (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
