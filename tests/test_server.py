"""The site's server (gradlab/server.py): the headers the runtime needs, the build's gzip copies, exact types."""

import gzip

import httpx
import pytest

from gradlab.server import serve_in_background

HASHED = "static/lesson.0123456789.js"  # a content-hashed name (gradlab/assets.py): cached forever


@pytest.fixture
def site(tmp_path):
    (tmp_path / "static").mkdir()
    (tmp_path / "lesson").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>home</title>")
    (tmp_path / "index.html.gz").write_bytes(gzip.compress(b"<!doctype html><title>home</title>"))
    (tmp_path / "lesson" / "index.html").write_text("<!doctype html><title>lesson</title>")
    (tmp_path / "static" / "worker.mjs").write_text("export {};")
    (tmp_path / "static" / "python.wasm").write_bytes(b"\0asm")
    script = "console.log('a page script');" * 50
    (tmp_path / HASHED).write_text(script)
    (tmp_path / f"{HASHED}.gz").write_bytes(gzip.compress(script.encode()))
    return tmp_path


def serving(site, **options):
    server = serve_in_background(site, **options)
    return server, httpx.Client(base_url=server.url)


def test_every_answer_is_cross_origin_isolated_with_a_cache_rule_per_file(site):
    server, http = serving(site)
    try:
        page = http.get("/")
        assert page.status_code == 200 and page.text.endswith("<title>home</title>")
        assert page.headers["content-type"] == "text/html; charset=utf-8"
        for name, value in {
            "cross-origin-opener-policy": "same-origin",
            "cross-origin-embedder-policy": "require-corp",
            "cross-origin-resource-policy": "same-origin",
            "cache-control": "no-cache",
        }.items():
            assert page.headers[name] == value
        assert http.get(f"/{HASHED}").headers["cache-control"] == "public, max-age=31536000, immutable"
        assert http.get("/static/worker.mjs").headers["content-type"].startswith("text/javascript")
        assert http.get("/static/python.wasm").headers["content-type"] == "application/wasm"
        moved = http.get("/lesson")
        assert moved.is_redirect and moved.headers["location"].endswith("/lesson/"), "a folder's URL ends in a slash"
        assert http.get("/lesson/").text.endswith("<title>lesson</title>")
        missing = http.get("/nothing-here.html")
        assert missing.status_code == 404 and missing.headers["cross-origin-embedder-policy"] == "require-corp"
        assert http.post("/").status_code == 405
    finally:
        http.close()
        server.shutdown()


def test_a_browser_that_accepts_gzip_gets_the_build_s_compressed_copy(site):
    server, http = serving(site)
    try:
        compressed = http.get(f"/{HASHED}", headers={"Accept-Encoding": "gzip"})
        assert compressed.headers["content-encoding"] == "gzip" and compressed.headers["vary"] == "Accept-Encoding"
        assert compressed.headers["content-type"].startswith("text/javascript"), "the type of the file, not of its .gz"
        assert int(compressed.headers["content-length"]) == (site / f"{HASHED}.gz").stat().st_size
        assert compressed.text == (site / HASHED).read_text(), "httpx decompresses it"
        page = http.get("/", headers={"Accept-Encoding": "gzip, deflate"})
        assert page.headers["content-encoding"] == "gzip" and page.headers["content-type"] == "text/html; charset=utf-8"
        plain = http.get(f"/{HASHED}", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers and plain.text == (site / HASHED).read_text()
    finally:
        http.close()
        server.shutdown()


def test_a_host_that_cannot_set_headers_is_played_without_isolation(site):
    server, http = serving(site, isolate=False)
    try:
        page = http.get("/")
        assert page.status_code == 200 and "cross-origin-opener-policy" not in page.headers
    finally:
        http.close()
        server.shutdown()
