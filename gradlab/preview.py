"""The live preview: serve the site, rebuild on every change, reload open pages, show a broken build.

Only `python build.py serve` uses it. The files in site/ stay exactly what `make site` writes:
the reload script is added to pages as they are served, and while the last rebuild failed,
every page is replaced by a list of its problems.
"""

import logging
import os
import signal
import threading
import time
import traceback
from html import escape
from pathlib import Path
from urllib.parse import urlsplit

import jinja2
import watchfiles

from gradlab.problems import LessonProblems, shown_path
from gradlab.server import SiteRequestHandler, make_server

RELOAD_ROUTE = "/__livereload"
HEARTBEAT_SECONDS = 15
WATCH_TICK_MS = 200
RELOAD_SCRIPT_ROUTE = RELOAD_ROUTE + ".js"
# A file, not inline code, so that the pages' Content-Security-Policy (script-src 'self') allows it.
RELOAD_SCRIPT = """// Live preview only (python build.py serve): reload when the site has been rebuilt.
const built = document.currentScript.dataset.version;
new EventSource("%s").onmessage = (event) => { if (event.data !== built) location.reload(); };
""" % RELOAD_ROUTE


def run(site_dir, watched, rebuild, host="127.0.0.1", port=8000, service=None):
    """Build once, serve site_dir with live reload, then rebuild after every change under watched, until Ctrl+C.

    rebuild(changed_paths) writes the site and returns a short summary, or raises to say why it could not;
    service is the sync service's URL, whose API the server passes through under /api."""
    # Ctrl+C (SIGINT) stops the preview whatever started it: a shell's background job, or a script, starts
    # its commands with SIGINT ignored, and Python then never raises KeyboardInterrupt for it.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    state = PreviewState()
    server = make_server(site_dir, host, port, quiet=True, handler=PreviewRequestHandler, state=state, service=service)
    # Each rebuild prints its own line; watchfiles' "N changes detected" would only repeat it.
    logging.getLogger("watchfiles").setLevel(logging.WARNING)
    serving = False
    try:
        # The first (empty) batch comes once the watcher is running: building only then means
        # that no edit made while the site is first built can go unnoticed.
        for changes in watchfiles.watch(*watched, yield_on_timeout=True, rust_timeout=WATCH_TICK_MS):
            if not serving:
                publish(state, attempt(rebuild, set()))
                threading.Thread(target=server.serve_forever, daemon=True).start()
                log(f"serving {site_dir} on http://{host}:{server.server_address[1]}/ with live reload (Ctrl+C stops)")
                if service:
                    log(f"signing in with a passkey needs a secure context: open http://localhost:{server.server_address[1]}/")
                serving = True
            elif changes:
                publish(state, attempt(rebuild, {Path(path) for _, path in changes}))
    except KeyboardInterrupt:
        pass
    finally:
        if serving:
            server.shutdown()
        server.server_close()


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
    """The outcome of the latest rebuild: a version that changes with each one, and its problems."""

    def __init__(self):
        self._changed = threading.Condition()
        self._run = os.getpid()  # tells this server's versions from a previous one's after a restart
        self._builds = 0
        self._problems = []

    def publish(self, problems):
        with self._changed:
            self._builds += 1
            self._problems = problems
            self._changed.notify_all()

    def snapshot(self):
        """(version, problems) of the latest rebuild, read together."""
        with self._changed:
            return self._version(), list(self._problems)

    def wait_for_change(self, version, timeout):
        """Block until the version differs from version (or timeout passes); return the current one."""
        with self._changed:
            self._changed.wait_for(lambda: self._version() != version, timeout)
            return self._version()

    def _version(self):
        return f"{self._run}.{self._builds}"


class PreviewRequestHandler(SiteRequestHandler):
    """The site's files as the static server sends them, plus the reload stream and, while the
    latest rebuild failed, its problems in place of every page."""

    def __init__(self, *args, state, **kwargs):
        self.state = state
        super().__init__(*args, **kwargs)

    def do_GET(self):
        route = urlsplit(self.path).path
        if route == RELOAD_ROUTE:
            return self.stream_versions()
        if route == RELOAD_SCRIPT_ROUTE:
            return self.send_body(200, "text/javascript", RELOAD_SCRIPT.encode("utf-8"))
        if not route.endswith(("/", ".html")):
            return super().do_GET()
        version, problems = self.state.snapshot()
        if problems:
            return self.send_page(500, error_page(problems), version)
        page = Path(self.translate_path(route))
        page = page / "index.html" if page.is_dir() else page
        if not page.is_file():
            return super().do_GET()
        self.send_page(200, page.read_text(encoding="utf-8"), version)

    def send_page(self, status, html, version):
        """Send an HTML page with the reload script before its </body> (fragments get none)."""
        script = f'<script src="{RELOAD_SCRIPT_ROUTE}" data-version="{version}"></script>\n'
        head, body_end, tail = html.rpartition("</body>")
        self.send_body(status, "text/html; charset=utf-8", (head + script + body_end + tail if body_end else html).encode("utf-8"))

    def send_body(self, status, content_type, body):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def stream_versions(self):
        """Server-sent events: the current version now, then each new one (and a heartbeat now and then)."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        version = None
        try:
            while True:
                current = self.state.wait_for_change(version, HEARTBEAT_SECONDS)
                # A comment line when nothing changed: it finds out whether the page is still there.
                self.wfile.write(f"data: {current}\n\n".encode() if current != version else b": heartbeat\n\n")
                self.wfile.flush()
                version = current
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page was closed or reloaded


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
