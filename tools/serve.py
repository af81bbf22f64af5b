"""Serve the built site on 127.0.0.1 (a plain static server; the site needs nothing else).

    python tools/serve.py [--port 8000] [--dir _site]

Serves a file's precompressed copy (``NAME.br``, ``NAME.gz``, written by the build) when the
browser accepts that encoding, with ``Content-Encoding``, ``Vary: Accept-Encoding`` and the
original file's type (.wasm must be application/wasm, .mjs JavaScript). Applies the build's
``_headers`` file (cache lifetimes, Content-Security-Policy) as Netlify and Cloudflare Pages
do. Answers conditional requests (ETag, Last-Modified) with 304. ``server.served`` records
(path, status, bytes of the file sent) when ``record=True`` (for the tests and the benchmark).
"""

import argparse
import email.utils
import functools
import http.server
import re
import sys
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ENCODINGS = (("br", ".br"), ("gzip", ".gz"))  # in order of preference


def parse_headers_file(text: str) -> list[tuple[re.Pattern, list[tuple[str, str]]]]:
    """The ``_headers`` format: a path pattern (``*`` matches anything) on its own line, then
    indented ``Name: value`` lines; ``#`` starts a comment."""
    rules = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.startswith("/"):
            pattern = re.compile("^" + ".*".join(re.escape(part) for part in line.strip().split("*")) + "$")
            rules.append((pattern, []))
        elif ":" in line and rules:
            name, value = line.strip().split(":", 1)
            rules[-1][1].append((name.strip(), value.strip()))
        else:
            raise ValueError(f"_headers:{number}: expected a path (/...) or an indented 'Name: value'")
    return rules


def accepted_encodings(header: str | None) -> set[str]:
    accepted = set()
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if name and not (match and float(match.group(1)) == 0):
            accepted.add(name.strip().lower())
    if "*" in accepted:
        accepted |= {name for name, _ in ENCODINGS}
    return accepted


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".whl": "application/zip",
        ".bin": "application/octet-stream",  # the engine's memory snapshot (sitebuild/snapshot.py)
        ".zip": "application/zip",
        ".svg": "image/svg+xml",
        ".webmanifest": "application/manifest+json",
    }

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                parts = urllib.parse.urlsplit(self.path)
                self.send_response(301)
                self.send_header("Location", urllib.parse.urlunsplit((*parts[:2], parts[2] + "/", *parts[3:])))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            path = path / "index.html"
        if not path.is_file() or path.name == "_headers":
            self.send_error(404, "File not found")
            return None
        accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
        variants = [(name, path.with_name(path.name + suffix)) for name, suffix in ENCODINGS]
        variants = [(name, copy) for name, copy in variants if copy.is_file()]
        encoding, chosen = next(((name, copy) for name, copy in variants if name in accepted), (None, path))
        stat = chosen.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + encoding if encoding else ""}"'
        if self._not_modified(etag, stat.st_mtime):
            self.send_response(304)
            self.send_header("ETag", etag)
            if variants:
                self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        file = open(chosen, "rb")  # the base class copies it out and closes it
        self.send_response(200)
        content_type = self._rule_header("Content-Type") or self.guess_type(str(path))
        if content_type.startswith("text/") or content_type in ("application/json", "image/svg+xml"):
            content_type += "; charset=utf-8"
        self.send_header("Content-Type", content_type)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        if variants:
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("ETag", etag)
        self.end_headers()
        self.body_size = stat.st_size
        return file

    def _not_modified(self, etag: str, mtime: float) -> bool:
        if "If-None-Match" in self.headers:
            return etag in [tag.strip() for tag in self.headers["If-None-Match"].split(",")] or (
                self.headers["If-None-Match"].strip() == "*"
            )
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                return int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError, OverflowError):
                return False
        return False

    def send_response(self, code, message=None):
        self.status = code
        super().send_response(code, message)

    def _rule_header(self, wanted: str) -> str | None:
        """A header that ``_headers`` sets for this path (the manifests' Content-Type)."""
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        for pattern, headers in self.server.rules:
            if pattern.match(path):
                for name, value in headers:
                    if name.lower() == wanted.lower():
                        return value
        return None

    def end_headers(self):
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        for pattern, headers in self.server.rules:
            if pattern.match(path):
                for name, value in headers:
                    if name.lower() != "content-type":  # sent by send_head, once
                        self.send_header(name, value)
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

    def do_GET(self):
        self.body_size = 0
        super().do_GET()
        if self.server.served is not None:
            self.server.served.append((urllib.parse.urlsplit(self.path).path, self.status, self.body_size))

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


def make_server(directory: Path, port: int, verbose: bool = False, record: bool = False) -> Server:
    handler = functools.partial(Handler, directory=str(directory))
    server = Server(("127.0.0.1", port), handler)
    server.verbose = verbose
    headers = Path(directory) / "_headers"
    server.rules = parse_headers_file(headers.read_text(encoding="utf-8")) if headers.exists() else []
    server.served = [] if record else None
    return server


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=ROOT / "_site")
    args = parser.parse_args()
    for name in ("index.html", "_headers"):
        if not (args.dir / name).exists():
            sys.exit(f"error: {args.dir} has no {name}; run `python build.py` first")
    server = make_server(args.dir, args.port, verbose=True)
    print(f"Serving {args.dir} at http://127.0.0.1:{server.server_port}/ (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
