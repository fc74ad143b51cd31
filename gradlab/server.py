"""Serve site/ on loopback with the headers the runtime needs (cross-origin isolation)."""

import functools
import http.server
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

    def __init__(self, *args, quiet=False, isolate=True, **kwargs):
        self.quiet = quiet
        self.isolate = isolate  # False plays a host that cannot set headers (GitHub Pages)
        super().__init__(*args, **kwargs)

    def end_headers(self):
        for name, value in ISOLATION_HEADERS.items() if self.isolate else ():
            self.send_header(name, value)
        path = urlsplit(self.path).path.lstrip("/")
        self.send_header("Cache-Control", "public, max-age=31536000, immutable" if IMMUTABLE.search(path) else "no-cache")
        super().end_headers()

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
