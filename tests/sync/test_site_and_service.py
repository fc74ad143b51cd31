"""`make serve`'s server mounts the sync service at /api in the same process, so that pages and service share one origin."""

import httpx

from gradlab.server import serve_in_background
from sync.app import create_app
from sync.settings import Settings
from tests.sync.device import SITE, Device, lesson_progress


def test_the_site_s_origin_answers_the_api_with_cookies_and_errors_as_the_service_sends_them(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>gradlab</title>")
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'sync.sqlite3'}", site_origins=(SITE,), secret_file=str(tmp_path / "s")
    )
    service = create_app(settings)
    server = serve_in_background(tmp_path, service=service)
    site = server.url.rstrip("/")
    device = Device(site)
    try:
        created = device.create_account("Ada")
        assert created.status_code == 200 and "HttpOnly" in created.headers["set-cookie"]
        assert created.headers["cache-control"] == "no-store", "the service's own caching rule, not the site's"
        assert created.headers["cross-origin-opener-policy"] == "same-origin", "one origin, one set of headers"
        device.sync(lesson_progress(sections={"Watch": 1})).raise_for_status()
        assert device.progress().json()["lessons"]["8.6"]["sections"] == {"Watch": 1}
        refused = device.http.post(
            "/api/progress", content=b"{", headers={"Content-Type": "application/json", "X-CSRF-Token": device.csrf}
        )
        assert refused.status_code == 400 and "JSON" in refused.json()["error"]
        unknown = device.http.get("/api/no-such-route")
        assert unknown.status_code == 404 and unknown.json() == {"error": "Not Found"}, "the service's 404, in JSON"
        page = httpx.get(f"{site}/")
        assert page.text.startswith("<!doctype html>") and page.headers["cache-control"] == "no-cache", (
            "the site's files as before"
        )
        assert httpx.get(f"{site}/apix").status_code == 404, "only /api/… is the service's"
    finally:
        device.close()
        server.shutdown()
