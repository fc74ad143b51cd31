"""Slow clients cannot starve the service: `python -m sync`, run with 256 file descriptors, still
answers a learner while 340 connections trickle their requests, closes a head that takes too long,
logs each condition at most once a minute, and answers a body that takes too long with a 408 in JSON.
Behind nginx with the repository's deploy/nginx.conf, the service never sees a slow request at all."""

import logging
import os
import resource
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from sync.once_a_minute import OncePerMinute
from tests.sync.device import SITE

DESCRIPTORS = 256


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def few_descriptors():
    resource.setrlimit(resource.RLIMIT_NOFILE, (DESCRIPTORS, DESCRIPTORS))


@pytest.fixture
def sync_process(tmp_path, database, wide_course):
    """`python -m sync` on a port of its own, with few descriptors; yields (url, its log file)."""
    port, log = free_port(), tmp_path / "sync.log"
    environment = {
        **os.environ,
        "GRADLAB_DATABASE_URL": database,
        "GRADLAB_LESSONS_DIR": wide_course,
        "GRADLAB_SECRET_FILE": str(tmp_path / "sync.secret"),
        "GRADLAB_SITE_ORIGIN": SITE,
    }
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "sync", "--port", str(port)],
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
            preexec_fn=few_descriptors,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_answering(url, process)
        yield url, log
    finally:
        process.terminate()
        process.wait(timeout=10)


def wait_until_answering(url, process):
    for _ in range(300):
        if process.poll() is not None:
            raise RuntimeError("python -m sync ended before it answered")
        try:
            httpx.get(f"{url}/api/session", timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise RuntimeError("python -m sync did not answer in 30 s")


def slow_connections(url):
    """340 connections that have each sent one byte: 300 from 30 loopback addresses (more than the
    service's process may hold), 40 more from one of them (more than one client may keep waiting)."""
    sources = [f"127.0.0.{2 + n % 30}" for n in range(300)] + ["127.0.0.2"] * 40
    return [slow_connection(url, source) for source in sources]


def slow_connection(url, source):
    """A connection from the loopback address source that has sent one byte of its request."""
    host, port = url.removeprefix("http://").split(":")
    connection = socket.socket()
    connection.bind((source, 0))
    connection.connect((host, int(port)))
    connection.sendall(b"G")
    return connection


def closed_by_server(connection, seconds):
    """Whether the server closes the connection within seconds."""
    connection.settimeout(seconds)
    try:
        connection.recv(4096)  # the end of the stream, or a 503 written just before it
        return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_a_learner_is_answered_while_slow_clients_hold_connections(sync_process):
    url, log = sync_process
    slow = slow_connections(url)
    try:
        answer = httpx.get(f"{url}/api/session", timeout=5)
        assert answer.status_code == 200 and answer.json() == {"signedIn": False}
        assert closed_by_server(slow[-1], seconds=30)  # its head did not arrive in time
        answer = httpx.get(f"{url}/api/session", timeout=5)
        assert answer.status_code == 200
    finally:
        for connection in slow:
            connection.close()
    lines = log.read_text().splitlines()
    conditions = [line for line in lines if "connection closed" in line or "connection refused" in line]
    assert any("to make room" in line for line in conditions)
    assert any("waiting to send" in line for line in conditions)
    assert any("took over" in line for line in conditions)
    # The test runs within two clock minutes: each condition is logged at most twice, whatever its count.
    for condition in ("to make room", "waiting to send", "took over", "connection refused"):
        assert sum(condition in line for line in conditions) <= 2, conditions
    assert sum("Too many open files" in line for line in lines) <= 2


def test_a_body_that_takes_too_long_is_answered_408_in_json(start_service, database):
    service = start_service(database_url=database, request_body_seconds=1)
    host, port = service.url.removeprefix("http://").split("/")[0].split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(
            b"POST /api/sign-in/begin HTTP/1.1\r\nHost: localhost\r\nOrigin: " + SITE.encode() + b"\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
        )
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.endswith(b"}"):
            chunk = connection.recv(4096)
            if not chunk:
                break
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408")
    assert b"content-type: application/json" in head.lower()
    assert b"took over 1 s" in body


REPOSITORY = Path(__file__).resolve().parents[2]

# What deploy/nginx.conf names for a real deployment, and what this test puts in its place.
DEPLOYED = {
    "listen 80;": "listen 127.0.0.1:{port};",
    "root /srv/gradlab/site;": "root {site};",
    "127.0.0.1:8001": "{service}",
}

# A throwaway nginx: one process (no workers to switch users), every path in the test's folder.
NGINX_MAIN = """
daemon off;
master_process off;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 2048; }}
http {{
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/gradlab.conf;
}}
"""


def nginx_program():
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
    if found is None:
        raise RuntimeError("No nginx found: run `make nginx` (Debian's nginx)")
    return found


@pytest.fixture
def nginx_in_front(tmp_path, sync_process):
    """nginx on a port of its own, configured by deploy/nginx.conf, in front of `python -m sync`;
    yields (its url, the service's log)."""
    service_url, log = sync_process
    folder, site, port = tmp_path / "nginx", tmp_path / "site", free_port()
    folder.mkdir()
    site.mkdir()
    (site / "index.html").write_text("<!doctype html><title>gradlab</title>")
    (site / "pyodide.mjs").write_text("export {};")
    config = (REPOSITORY / "deploy" / "nginx.conf").read_text()
    for deployed, here in DEPLOYED.items():
        assert config.count(deployed) == 1, f"deploy/nginx.conf no longer holds {deployed!r} once"
        config = config.replace(
            deployed, here.format(port=port, site=site, service=service_url.removeprefix("http://"))
        )
    (folder / "gradlab.conf").write_text(config)
    (folder / "nginx.conf").write_text(NGINX_MAIN.format(folder=folder))
    process = subprocess.Popen(
        [nginx_program(), "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", str(folder / "error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_answering(url, process)
        yield url, log
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_behind_nginx_the_service_answers_and_never_sees_a_slow_client(nginx_in_front):
    url, log = nginx_in_front
    page = httpx.get(f"{url}/index.html")
    assert page.text.startswith("<!doctype html>") and page.headers["x-frame-options"] == "DENY"
    assert page.headers["content-security-policy"] == "frame-ancestors 'none'"
    assert page.headers["cross-origin-embedder-policy"] == "require-corp"
    assert httpx.get(f"{url}/pyodide.mjs").headers["content-type"] == "text/javascript"
    begun = httpx.post(f"{url}/api/sign-in/begin", json={}, headers={"Origin": SITE})
    assert begun.status_code == 200 and "challenge" in begun.json()["options"]
    slow = slow_connections(url)
    try:
        answer = httpx.get(f"{url}/api/session", timeout=5)
        assert answer.status_code == 200 and answer.json() == {"signedIn": False}
        assert closed_by_server(slow[-1], seconds=30)  # nginx's client_header_timeout
    finally:
        for connection in slow:
            connection.close()
    too_large = httpx.post(f"{url}/api/progress", content=b"{" * (3 * 1024 * 1024), headers={"Origin": SITE})
    assert too_large.status_code == 413 and "1 MB" in too_large.json()["error"]
    service_log = log.read_text()
    assert "connection closed" not in service_log and "connection refused" not in service_log


def test_a_condition_is_logged_once_a_minute_with_how_often_it_was_held_back():
    now = [0.0]
    once = OncePerMinute(("socket.accept() out of system resource",), clock=lambda: now[0])

    def logged(message):
        return once.filter(logging.LogRecord("asyncio", logging.ERROR, __file__, 1, message, None, None))

    accept_failed = "socket.accept() out of system resource\nsocket: <fd={}>"
    assert [logged(accept_failed.format(fd)) for fd in range(1000)] == [True] + [False] * 999
    assert logged("another condition of asyncio") and logged("another condition of asyncio")
    now[0] = 60.0
    record = logging.LogRecord("asyncio", logging.ERROR, __file__, 1, accept_failed.format(7), None, None)
    assert once.filter(record) and "999 times more" in record.getMessage()
