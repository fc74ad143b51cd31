"""A stock Firefox driven over WebDriver BiDi, its own remote protocol (no geckodriver, no patched build).

Playwright's BiDi channel ("moz-firefox") asks for commands Firefox ESR does not have
(emulation.setMediaFeaturesOverride), so this speaks the few commands the smoke suite needs itself:
navigate, reload, call a function in the page, and hear the console."""

import json
import re
import subprocess
import tempfile
import time
from pathlib import Path

import websocket

LISTENING = re.compile(r"WebDriver BiDi listening on (ws://\S+)")
# A quiet profile: no first-run pages, no updates or studies reaching out while the tests run.
PREFERENCES = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "network.captive-portal-service.enabled": False,
    "browser.safebrowsing.update.enabled": False,
}
# Errors Firefox logs now and then that no code of the page raised: the MathML parser's complaint about a
# formula it has not finished reading, and a worker's script whose request is cut off as the page is left
# while the worker boots (the service worker's fetch for a client that is gone). Printed, not counted.
BROWSERS_OWN = re.compile(
    r"^Invalid markup: |A ServiceWorker intercepted the request and encountered an unexpected error"
)
COMMAND_TIMEOUT_S = 180
START_TIMEOUT_S = 60


class BidiError(Exception):
    pass


class FirefoxOverBidi:
    """One headless Firefox with one tab; call() runs a function in its page and returns its (awaited) value."""

    name = "firefox"

    def __init__(self, executable):
        self.profile = tempfile.TemporaryDirectory(prefix="gradlab-firefox-", ignore_cleanup_errors=True)
        prefs = "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in PREFERENCES.items())
        Path(self.profile.name, "user.js").write_text(prefs)
        command = [executable, "--headless", "--no-remote", "--profile", self.profile.name]
        # Firefox's chatter goes to a file: a pipe nobody reads would fill and stall it.
        self.log = Path(self.profile.name, "firefox.log")
        with self.log.open("w") as log:
            self.process = subprocess.Popen([*command, "--remote-debugging-port", "0"], stdout=log, stderr=log)
        # Firefox refuses a handshake that names an Origin; websocket-client sends one unless told not to.
        url = self.listening_url() + "/session"
        self.socket = websocket.create_connection(url, timeout=COMMAND_TIMEOUT_S, suppress_origin=True)
        self.next_id = 0
        self.console = []
        self.version = self.send("session.new", {"capabilities": {}})["capabilities"]["browserVersion"]
        self.context = self.send("browsingContext.getTree", {})["contexts"][0]["context"]
        self.send("session.subscribe", {"events": ["log.entryAdded"]})

    def listening_url(self):
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline and self.process.poll() is None:
            found = LISTENING.search(self.log.read_text(errors="replace"))
            if found:
                return found.group(1)
            time.sleep(0.1)
        raise BidiError(f"Firefox's WebDriver BiDi server did not start; its log: {self.log.read_text()[-2000:]}")

    def send(self, method, params):
        """Send one command; keep the events that arrive before its answer; return its result."""
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("type") == "event":
                self.hear(message)
            elif message.get("id") == self.next_id:
                if message["type"] == "error":
                    raise BidiError(f"{method}: {message['error']}: {message.get('message')}")
                return message["result"]

    def hear(self, event):
        """Keep the errors a script raised or logged; print those that are Firefox's own (BROWSERS_OWN)."""
        entry = event["params"]
        if event["method"] != "log.entryAdded" or entry["level"] != "error":
            return
        if not BROWSERS_OWN.search(entry.get("text") or ""):
            self.console.append(entry.get("text") or "")
        else:
            print(f"Firefox's console: {entry.get('text')}")

    def goto(self, url):
        self.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self):
        self.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def call(self, function, *args):
        """function (JavaScript source) applied to args (JSON values) in the page; its result, awaited."""
        answer = self.send(
            "script.callFunction",
            {
                "functionDeclaration": f"(argsJson) => ({function})(...JSON.parse(argsJson))",
                "arguments": [{"type": "string", "value": json.dumps(args)}],
                "target": {"context": self.context},
                "awaitPromise": True,
                "resultOwnership": "none",
            },
        )
        if answer["type"] == "exception":
            raise BidiError(answer["exceptionDetails"]["text"])
        return from_remote_value(answer["result"])

    def errors(self):
        return list(self.console)

    def close(self):
        try:
            self.send("browser.close", {})
        except (BidiError, websocket.WebSocketException):
            self.process.terminate()
        self.socket.close()
        self.process.wait(timeout=30)
        self.profile.cleanup()


def from_remote_value(value):
    """A BiDi RemoteValue as a Python value (the smoke steps return JSON-like values only)."""
    kind = value["type"]
    if kind in ("undefined", "null"):
        return None
    if kind == "array":
        return [from_remote_value(item) for item in value["value"]]
    if kind == "object":
        return {key: from_remote_value(item) for key, item in value["value"]}
    return value.get("value")
