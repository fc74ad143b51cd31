"""Serve site/ on loopback with the headers the runtime needs (cross-origin isolation), and pass
the sync service's API (/api/…) through to it, so that pages and service share one origin."""

import functools
import http.client
import http.server
import json
import os
import threading
from urllib.parse import urlsplit

from gradlab.assets import IMMUTABLE

ISOLATION_HEADERS = {
    # Together these make the page cross-origin isolated, which is what lets Stop
    # interrupt Python through a SharedArrayBuffer instead of killing the worker.
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
}

SERVICE_PATH = "/api/"
HOP_BY_HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer",
              "transfer-encoding", "upgrade", "host"}


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with isolation headers, correct module and wasm types, and no stale cache."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
        ".json": "application/json",
    }

    def __init__(self, *args, quiet=False, isolate=True, service=None, **kwargs):
        self.quiet = quiet
        self.isolate = isolate  # False plays a host that cannot set headers (GitHub Pages)
        self.service = service  # the sync service's base URL (http://127.0.0.1:PORT), if one runs
        super().__init__(*args, **kwargs)

    def end_headers(self):
        for name, value in ISOLATION_HEADERS.items() if self.isolate else ():
            self.send_header(name, value)
        path = urlsplit(self.path).path.lstrip("/")
        if not self.for_service():  # the service says itself how its answers may be cached
            self.send_header("Cache-Control", "public, max-age=31536000, immutable" if IMMUTABLE.search(path) else "no-cache")
        super().end_headers()

    def for_service(self):
        return self.service is not None and urlsplit(self.path).path.startswith(SERVICE_PATH)

    def do_GET(self):
        self.forward_to_service() if self.for_service() else super().do_GET()

    def do_HEAD(self):
        self.forward_to_service() if self.for_service() else super().do_HEAD()

    def do_POST(self):
        self.forward_to_service() if self.for_service() else self.send_error(405)

    do_DELETE = do_OPTIONS = do_POST

    def forward_to_service(self):
        """Pass the request to the sync service and its answer back, as a proxy in production does."""
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        headers = {name: value for name, value in self.headers.items() if name.lower() not in HOP_BY_HOP}
        headers["X-Forwarded-For"] = self.client_address[0]
        upstream = urlsplit(self.service)
        connection = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=30)
        try:
            connection.request(self.command, self.path, body=body or None, headers=headers)
            answer = connection.getresponse()
            status, answer_headers, content = answer.status, answer.getheaders(), answer.read()
        except OSError:
            status, answer_headers = 502, [("Content-Type", "application/json")]
            content = json.dumps({"error": "The sync service is not answering; your progress is safe in this browser."}).encode()
        finally:
            connection.close()
        self.send_response(status)
        for name, value in answer_headers:
            if name.lower() not in HOP_BY_HOP | {"content-length", "server", "date"}:
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(content)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(content)

    def send_head(self):
        """Serve the build's .gz copy of a file to a browser that accepts gzip."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not urlsplit(self.path).path.endswith("/"):
                return super().send_head()  # it redirects to the folder's URL with a slash
            path = os.path.join(path, "index.html")
        compressed = path + ".gz"
        if "gzip" not in self.headers.get("Accept-Encoding", "") or not (os.path.isfile(path) and os.path.isfile(compressed)):
            return super().send_head()
        file = open(compressed, "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(os.fstat(file.fileno()).st_size))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return file

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


def make_server(site_dir, host="127.0.0.1", port=8000, quiet=False, handler=SiteRequestHandler, **options):
    """A threading HTTP server for site_dir (options go to the handler); port 0 picks a free one."""
    handler = functools.partial(handler, directory=str(site_dir), quiet=quiet, **options)
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve_in_background(site_dir, host="127.0.0.1", **options):
    """Start a quiet server on a free port in a daemon thread; return it (tests use this)."""
    server = make_server(site_dir, host, port=0, quiet=True, **options)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
