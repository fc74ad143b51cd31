"""Serve site/ on loopback with the headers the runtime needs (cross-origin isolation), and the sync
service mounted at its path (/api) when asked, so that pages and service share one origin: one ASGI
app (Starlette), served by uvicorn. `make serve` (gradlab/preview.py) and the tests use it."""

import mimetypes
import os

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.responses import FileResponse
from starlette.routing import Mount
from starlette.staticfiles import NotModifiedResponse, StaticFiles

from gradlab.assets import IMMUTABLE
from sync.serve import BackgroundServer

ISOLATION_HEADERS = {
    # Together these make the page cross-origin isolated, which is what lets Stop
    # interrupt Python through a SharedArrayBuffer instead of killing the worker.
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
}
# Types the pages need exactly (a module script, streamed WebAssembly), whatever the system's tables say.
CONTENT_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".json": "application/json",
}


class SiteFiles(StaticFiles):
    """The site's files: a folder's index.html (a folder's URL without its slash redirected to it), the
    types above, and the build's .gz copy of a file to a browser that accepts gzip."""

    def __init__(self, directory):
        super().__init__(directory=str(directory), html=True)

    def file_response(self, full_path, stat_result, scope, status_code=200):
        request_headers = Headers(scope=scope)
        served, headers = str(full_path), {}
        compressed = served + ".gz"
        if os.path.isfile(compressed):
            headers["Vary"] = "Accept-Encoding"
            if "gzip" in request_headers.get("accept-encoding", ""):
                headers["Content-Encoding"] = "gzip"
                served, stat_result = compressed, os.stat(compressed)
        response = FileResponse(
            served,
            status_code=status_code,
            stat_result=stat_result,
            headers=headers,
            media_type=content_type(str(full_path)),
        )
        if self.is_not_modified(response.headers, request_headers):
            return NotModifiedResponse(response.headers)
        return response


def content_type(path):
    """The type of the file at path (of the file itself, were its .gz copy sent)."""
    return CONTENT_TYPES.get(os.path.splitext(path)[1]) or mimetypes.guess_type(path)[0] or "application/octet-stream"


class SiteHeaders:
    """Every answer's headers: cross-origin isolation (unless playing a host that cannot set headers,
    like GitHub Pages), and for all but the service's answers, which say themselves how they may be
    kept, a cache rule: content-hashed files forever, everything else revalidated each time."""

    def __init__(self, app, isolate=True, service_path=None):
        self.app = app
        self.isolate = isolate
        self.service_path = service_path

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        added = (
            [(name.lower().encode(), value.encode()) for name, value in ISOLATION_HEADERS.items()]
            if self.isolate
            else []
        )
        if not (self.service_path and path.startswith(self.service_path + "/")):
            rule = "public, max-age=31536000, immutable" if IMMUTABLE.search(path.lstrip("/")) else "no-cache"
            added.append((b"cache-control", rule.encode()))

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *added]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def site_app(site_dir=None, *, files=None, isolate=True, service=None, routes=()):
    """The server's app: routes first (the live preview's), then the sync service at its path if given
    (an app of sync.app.create_app), then the site's files (SiteFiles of site_dir unless files is given)."""
    service_path = service.state.settings.api_path.rstrip("/") if service else None
    return Starlette(
        routes=[
            *routes,
            *([Mount(service_path, app=service)] if service else []),
            Mount("", app=files or SiteFiles(site_dir)),
        ],
        middleware=[Middleware(SiteHeaders, isolate=isolate, service_path=service_path)],
        # Starlette runs only the outermost app's lifespan: this one runs the service's, which opens its store.
        lifespan=(lambda _: service.router.lifespan_context(service)) if service else None,
    )


def serve_in_background(site_dir, host="127.0.0.1", **options):
    """Serve site_dir on a free port in a daemon thread (options go to site_app); return the server."""
    return BackgroundServer(site_app(site_dir, **options), host)
