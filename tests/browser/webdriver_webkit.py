"""WebKitGTK's MiniBrowser (Safari's engine) driven through WebKitWebDriver, W3C WebDriver, with Selenium.

Playwright's WebKit is a build of its own that it downloads, which it cannot here; Debian's WebKitGTK is
the stock engine. Its driver has no BiDi (so no console events): MiniBrowser writes the console to its
standard output instead, which goes to a file that errors() reads. MiniBrowser opens a real window, so
where there is no display the driver runs under xvfb-run."""

import os
import re
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.remote.client_config import ClientConfig
from selenium.webdriver.remote.remote_connection import RemoteConnection
from selenium.webdriver.webkitgtk.options import Options

START_TIMEOUT_S = 60
SCRIPT_TIMEOUT_S = 180
# What MiniBrowser writes for console.error and for an uncaught exception, one line each.
CONSOLE_ERROR = re.compile(r"^CONSOLE \w+ ERROR .*$", re.MULTILINE)
# The same call convention as the other engines: a function of JSON arguments, its promise awaited.
# The function is written into the script (the pages' Content-Security-Policy forbids eval).
CALL_ASYNC = """
const [args, done] = arguments;
Promise.resolve().then(() => (FUNCTION)(...args))
  .then((value) => done({ value }), (error) => done({ error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) }));
"""


class WebKitError(Exception):
    pass


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class WebKitOverWebDriver:
    """One MiniBrowser with one window; call() runs a function in its page and returns its (awaited) value."""

    name = "webkit"

    def __init__(self, driver_path, minibrowser_path):
        self.folder = tempfile.TemporaryDirectory(prefix="gradlab-webkit-", ignore_cleanup_errors=True)
        self.log = Path(self.folder.name, "webkit.log")
        port = free_port()
        command = [driver_path, f"--port={port}"]
        if not os.environ.get("DISPLAY"):
            command = ["xvfb-run", "--auto-servernum", *command]
        with self.log.open("w") as log:
            # A session of its own, so that close() ends xvfb-run, its X server and the browser together.
            self.process = subprocess.Popen(command, stdout=log, stderr=log, start_new_session=True)
        options = Options()
        options.binary_location = minibrowser_path
        options.add_argument("--automation")
        options.add_argument("--enable-write-console-messages-to-stdout=true")
        self.driver = self.connect(f"http://127.0.0.1:{port}", options)
        self.driver.set_script_timeout(SCRIPT_TIMEOUT_S)
        self.version = self.driver.capabilities.get("browserVersion")

    def connect(self, url, options):
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                # A connection given its address in a ClientConfig: a bare URL makes Selenium build one
                # the deprecated way (a DeprecationWarning at every session).
                connection = RemoteConnection(client_config=ClientConfig(remote_server_addr=url))
                return webdriver.Remote(command_executor=connection, options=options)
            except Exception as not_yet:  # refused until the driver listens
                if time.monotonic() > deadline or self.process.poll() is not None:
                    log = self.log.read_text()[-2000:]
                    raise WebKitError(f"WebKitWebDriver did not start; its log: {log}") from not_yet
                time.sleep(0.2)

    def goto(self, url):
        self.driver.get(url)

    def reload(self):
        self.driver.refresh()

    def call(self, function, *args):
        answer = self.driver.execute_async_script(CALL_ASYNC.replace("FUNCTION", function), list(args))
        if "error" in answer:
            raise WebKitError(answer["error"])
        return answer.get("value")

    def errors(self):
        return CONSOLE_ERROR.findall(self.log.read_text(errors="replace"))

    def close(self):
        try:
            self.driver.quit()
        finally:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)
            self.folder.cleanup()
