"""First visits over a slow network: a static host behind one shared, throttled downlink.

The host is what many learners' sites live on: plain (files sent as they are, no headers of its own,
like `python -m http.server` or GitHub Pages without compression) or compressing (the build's .gz
copies sent to a browser that accepts gzip). Every response waits LATENCY_S before its first byte, and
all responses share one downlink of the given speed, so parallel downloads slow each other as on a
phone's connection. The server counts the bytes it sends; a response the browser cuts off is counted
as aborted. Each boot is a new browser context: an empty cache and no service worker.
"""

import http.server
import os
import threading
import time
from functools import partial

from bench.page_metrics import READY_WATCH, read_boot

LATENCY_S = 0.1
SPEEDS_MBIT = (20, 5)
RUNS = 3  # first visits of each page per host and speed (at 5 Mbit/s one takes ~25 s)
CHUNK = 16 * 1024
RUNTIME_PATHS = ("/pyodide-", "/wheels/", "python.bin")  # what a second visit must not fetch again


class Downlink:
    """One link shared by every response: each chunk waits for the link to be free, then holds it for
    as long as its bytes take at the link's speed."""

    def __init__(self, megabits_per_second):
        self.bytes_per_second = megabits_per_second * 1_000_000 / 8
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.sent = 0
        self.aborted = 0
        self.requested = []  # the path of every request, in order
        self.runtime = 0  # of sent: the bytes of Pyodide's files, the wheels and the snapshot

    def send(self, write, data, runtime=False):
        for start in range(0, len(data), CHUNK):
            chunk = data[start : start + CHUNK]
            with self.lock:
                begins = max(time.monotonic(), self.free_at)
                self.free_at = begins + len(chunk) / self.bytes_per_second
                done_at = self.free_at
            time.sleep(max(0.0, done_at - time.monotonic()))
            write(chunk)
            with self.lock:
                self.sent += len(chunk)
                self.runtime += len(chunk) if runtime else 0

    def counts(self):
        with self.lock:
            return {"sent_bytes": self.sent, "aborted_responses": self.aborted, "runtime_bytes": self.runtime}


class ThrottledHandler(http.server.SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler behind the shared downlink, with the latency before each response."""

    def __init__(self, *args, downlink, compress, **kwargs):
        self.downlink = downlink
        self.compress = compress
        super().__init__(*args, **kwargs)

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
    }

    def send_head(self):
        with self.downlink.lock:
            self.downlink.requested.append(self.path)
        time.sleep(LATENCY_S)
        path = self.translate_path(self.path)
        if self.compress and "gzip" in self.headers.get("Accept-Encoding", ""):
            try:
                compressed = open(path + ".gz", "rb")  # closed by the base class's caller, like its own file
            except OSError:
                pass
            else:
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(path))
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(os.fstat(compressed.fileno()).st_size))
                self.end_headers()
                return compressed
        return super().send_head()

    def copyfile(self, source, outputfile):
        try:
            runtime = any(part in self.path for part in RUNTIME_PATHS)
            self.downlink.send(outputfile.write, source.read(), runtime)
        except (BrokenPipeError, ConnectionResetError):
            with self.downlink.lock:
                self.downlink.aborted += 1

    def log_message(self, *args):
        pass


def serve(site, megabits_per_second, compress):
    """Serve site behind a new downlink; return (server, downlink, base URL)."""
    downlink = Downlink(megabits_per_second)
    handler = partial(ThrottledHandler, directory=str(site), downlink=downlink, compress=compress)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, downlink, "http://{}:{}/".format(*server.server_address[:2])


def first_visit(browser, url, downlink, second=False):
    """One cold visit: Python ready (ms from navigation), and the bytes sent until then. second: then, once
    the service worker has its offline copy, a second visit (a reload), and the bytes it fetched."""
    context = browser.new_context()
    try:
        context.add_init_script(READY_WATCH)
        page = context.new_page()
        before = downlink.counts()
        page.goto(url, timeout=600_000)
        boot = read_boot(page)
        after = downlink.counts()
        visit = {
            "ready_ms": boot["ready_ms"],
            "bytes_until_ready": after["sent_bytes"] - before["sent_bytes"],
            "aborted_until_ready": after["aborted_responses"] - before["aborted_responses"],
        }
        if second:
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # its install fills the offline copy
            before = downlink.counts()
            page.reload(timeout=600_000)
            visit["second_ready_ms"] = read_boot(page)["ready_ms"]
            after = downlink.counts()
            visit["second_visit_bytes"] = after["sent_bytes"] - before["sent_bytes"]
            visit["second_visit_runtime_bytes"] = after["runtime_bytes"] - before["runtime_bytes"]
        return visit
    finally:
        context.close()


def measure(browser, site, pages, runs, progress):
    """For each host kind and speed, each page's cold first visits, interleaved page by page."""
    results = {}
    for compress in (False, True):
        host = "compressing" if compress else "plain"
        for speed in SPEEDS_MBIT:
            server, downlink, base = serve(site, speed, compress)
            try:
                samples = {name: [] for name in pages}
                for run in range(runs):
                    for name, path in pages.items():
                        progress(f"slow network: {host} host, {speed} Mbit/s, {name} page, visit {run + 1}/{runs}")
                        second = name != "bare" and run == 0  # the lesson's own pages have a service worker
                        samples[name].append(first_visit(browser, base + path, downlink, second))
                results[f"{host}_{speed}mbit"] = samples
            finally:
                server.shutdown()
    return results
