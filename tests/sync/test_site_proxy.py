"""`make serve`'s server passes /api/… to the sync service, so that pages and service share one origin."""

import httpx

from gradlab.server import serve_in_background
from tests.sync.device import Device, lesson_progress


def site_with_service(tmp_path, service):
    (tmp_path / "index.html").write_text("<!doctype html><title>gradlab</title>")
    server = serve_in_background(tmp_path, service=service.url)
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def test_the_site_s_origin_answers_the_api_with_cookies_and_errors_passed_through(tmp_path, service):
    server, site = site_with_service(tmp_path, service)
    device = Device(site)
    try:
        created = device.create_account("Ada")
        assert created.status_code == 200 and "HttpOnly" in created.headers["set-cookie"]
        assert created.headers["cache-control"] == "no-store", "the service's own caching rule, not the site's"
        device.sync(lesson_progress(sections={"Watch": 1})).raise_for_status()
        assert Device(service.url).progress().status_code == 401, "no cookie, no progress"
        assert device.progress().json()["lessons"]["8.6"]["sections"] == {"Watch": 1}
        refused = device.http.post("/api/progress", content=b"{", headers={"Content-Type": "application/json", "X-CSRF-Token": device.csrf})
        assert refused.status_code == 400 and "JSON" in refused.json()["error"]
        assert httpx.get(f"{site}/").text.startswith("<!doctype html>"), "the site's files as before"
    finally:
        device.close()
        server.shutdown()


def test_a_stopped_service_is_a_502_that_says_progress_is_safe(tmp_path, start_service):
    service = start_service()
    server, site = site_with_service(tmp_path, service)
    service.stop()
    try:
        answer = httpx.post(f"{site}/api/progress", json={}, headers={"Origin": "http://localhost:8000"})
        assert answer.status_code == 502 and "safe in this browser" in answer.json()["error"]
    finally:
        server.shutdown()
