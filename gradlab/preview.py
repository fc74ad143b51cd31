"""The live preview: serve the site, rebuild on every change, reload open pages, show a broken build.

Only `python build.py serve` uses it. The files in site/ stay exactly what `make site` writes:
the reload script is added to pages as they are served, and while the last rebuild failed,
every page is replaced by a list of its problems.
"""

import asyncio
import logging
import os
import signal
import time
import traceback
from html import escape
from pathlib import Path

import jinja2
import watchfiles
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Route

from gradlab.problems import LessonProblems, shown_path
from gradlab.server import SiteFiles, site_app
from sync.serve import BackgroundServer

RELOAD_ROUTE = "/__livereload"
HEARTBEAT_SECONDS = 15
WATCH_TICK_MS = 200
# How often an open stream looks for a new version: a page reloads at most this long after a rebuild.
STREAM_TICK_SECONDS = 0.2
RELOAD_SCRIPT_ROUTE = RELOAD_ROUTE + ".js"
# A file, not inline code, so that the pages' Content-Security-Policy (script-src 'self') allows it.
RELOAD_SCRIPT = f"""// Live preview only (python build.py serve): reload when the site has been rebuilt.
const built = document.currentScript.dataset.version;
new EventSource("{RELOAD_ROUTE}").onmessage = (event) => {{ if (event.data !== built) location.reload(); }};
"""


def run(site_dir, watched, rebuild, host="127.0.0.1", port=8000, service=None):
    """Build once, serve site_dir with live reload, then rebuild after every change under watched, until Ctrl+C.

    rebuild(changed_paths) writes the site and returns a short summary, or raises to say why it could not;
    service is the sync service's app (sync.app.create_app), mounted under its path (/api) in the same server."""
    # Ctrl+C (SIGINT) stops the preview whatever started it: a shell's background job, or a script, starts
    # its commands with SIGINT ignored, and Python then never raises KeyboardInterrupt for it. The server
    # runs in a thread of its own, so that this one, which watches and rebuilds, is the one interrupted.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    state = PreviewState()
    app = preview_app(site_dir, state, service)
    # Each rebuild prints its own line; watchfiles' "N changes detected" would only repeat it.
    logging.getLogger("watchfiles").setLevel(logging.WARNING)
    server = None
    try:
        # The first (empty) batch comes once the watcher is running: building only then means
        # that no edit made while the site is first built can go unnoticed.
        for changes in watchfiles.watch(*watched, yield_on_timeout=True, rust_timeout=WATCH_TICK_MS):
            if server is None:
                publish(state, attempt(rebuild, set()))
                server = BackgroundServer(app, host, port)
                bound = server.server_address[1]
                log(f"serving {site_dir} on http://{host}:{bound}/ with live reload (Ctrl+C stops)")
                if service:
                    log(f"signing in with a passkey needs a secure context: open http://localhost:{bound}/")
            elif changes:
                publish(state, attempt(rebuild, {Path(path) for _, path in changes}))
    except KeyboardInterrupt:
        pass
    finally:
        if server is not None:
            state.close()  # ends the pages' reload streams, which would hold the server's graceful stop up
            server.shutdown()


def publish(state, outcome):
    """Give the pages the rebuild's problems first, then say it: whoever reads the log finds them served."""
    problems, report = outcome
    state.publish(problems)
    log(report)


def attempt(rebuild, changed):
    """Run one rebuild; return (the problems to show in the page, [] if it succeeded; a line for the log)."""
    started = time.perf_counter()
    try:
        summary = rebuild(changed)
    except LessonProblems as refused:
        problems = [str(problem) for problem in refused.problems]
    except jinja2.TemplateSyntaxError as error:
        problems = [f"{shown_path(error.filename)}:{error.lineno}: {error.message}"]
    except Exception as error:  # whatever broke, the preview keeps running and says so in the page
        traceback.print_exc()
        problems = [f"the build stopped with {type(error).__name__}: {error}"]
    else:
        return [], f"built {summary} in {time.perf_counter() - started:.2f} s"
    return problems, "the build failed; open pages show why:\n" + "\n".join(problems)


def log(message):
    print(message, flush=True)


class PreviewState:
    """The outcome of the latest rebuild: a version that changes with each one, and its problems.

    The watching thread publishes, the server's reads: one tuple, replaced whole, so that a reader
    never sees one rebuild's version with another's problems."""

    def __init__(self):
        self._run = os.getpid()  # tells this server's versions from a previous one's after a restart
        self._builds = 0
        self._latest = (self._version(), [])
        self.closed = False  # the server is stopping

    def publish(self, problems):
        self._builds += 1
        self._latest = (self._version(), list(problems))

    def snapshot(self):
        """(version, problems) of the latest rebuild, read together."""
        return self._latest

    def close(self):
        self.closed = True

    def _version(self):
        return f"{self._run}.{self._builds}"


def preview_app(site_dir, state, service=None):
    """The site's server (gradlab/server.py) with the reload stream and script, and pages served by PreviewFiles."""
    app = site_app(
        files=PreviewFiles(site_dir),
        service=service,
        routes=[Route(RELOAD_ROUTE, stream_versions), Route(RELOAD_SCRIPT_ROUTE, reload_script)],
    )
    app.state.preview = state
    return app


class PreviewFiles(SiteFiles):
    """The site's files as the server sends them, but pages: each with the reload script, and while the
    latest rebuild failed, its problems in place of every page."""

    async def get_response(self, path, scope):
        if scope["method"] not in ("GET", "HEAD") or not scope["path"].endswith(("/", ".html")):
            return await super().get_response(path, scope)
        version, problems = scope["app"].state.preview.snapshot()
        if problems:
            return page_with_reload(500, error_page(problems), version)
        page, found = self.lookup_path(path)
        if found and os.path.isdir(page):
            page, found = self.lookup_path(os.path.join(path, "index.html"))
        if not found or not os.path.isfile(page):
            return await super().get_response(path, scope)
        # Never a 304: the page's text may be unchanged by a rebuild, but the version it carries is not.
        return page_with_reload(200, Path(page).read_text(encoding="utf-8"), version)


def page_with_reload(status, html, version):
    """An HTML page with the reload script before its </body> (fragments get none)."""
    script = f'<script src="{RELOAD_SCRIPT_ROUTE}" data-version="{version}"></script>\n'
    head, body_end, tail = html.rpartition("</body>")
    return HTMLResponse(head + script + body_end + tail if body_end else html, status_code=status)


async def reload_script(request):
    return Response(RELOAD_SCRIPT, media_type="text/javascript")


async def stream_versions(request):
    """Server-sent events: the current version now, then each new one (and a heartbeat now and then,
    a comment line that keeps the connection known to be alive)."""
    state = request.app.state.preview

    async def events():
        sent, quiet_since = None, time.monotonic()
        while not state.closed:  # or until the page goes: Starlette then cancels this stream
            current = state.snapshot()[0]
            if current != sent:
                yield f"data: {current}\n\n"
                sent, quiet_since = current, time.monotonic()
            elif time.monotonic() - quiet_since >= HEARTBEAT_SECONDS:
                yield ": heartbeat\n\n"
                quiet_since = time.monotonic()
            await asyncio.sleep(STREAM_TICK_SECONDS)

    # The type exactly, with no charset: what EventSource expects.
    return StreamingResponse(events(), headers={"Content-Type": "text/event-stream"})


def error_page(problems):
    """A page listing the problems of the failed rebuild; it reloads itself once they are fixed."""
    items = "\n".join(f"<li><code>{escape(problem)}</code></li>" for problem in problems)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Build failed · gradlab preview</title>
<style>body {{ font: 1.05rem/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }}</style>
</head>
<body>
<main id="content" class="build-failed">
<h1>The site did not build</h1>
<p>Fix {"this problem" if len(problems) == 1 else f"these {len(problems)} problems"} and save:
this page reloads by itself.</p>
<ul>
{items}
</ul>
</main>
</body>
</html>
"""
