"""Lighthouse's mobile scores (the pinned lighthouse 12.2.3, its default simulated throttling) for a lesson
page and the index, served as `make serve` serves them and as a plain static host does (no cross-origin
isolation headers, like GitHub Pages).

    python -m bench.lighthouse [--site DIR]

Without --site it builds the site into a temporary folder first. Prints performance, accessibility, FCP,
LCP and TBT per page and host.
"""

import argparse
import sys
import tempfile
from pathlib import Path

import build
from gradlab.server import serve_in_background
from tests.browser.lesson import LESSON
from tests.browser.lighthouse import run_lighthouse

PAGES = {"lesson": LESSON, "index": "index.html"}
HOSTS = {"make serve": {}, "plain host": {"isolate": False}}


def score(url, scratch):
    """{performance, accessibility, fcp_s, lcp_s, tbt_ms} of one Lighthouse mobile run of url."""
    report = run_lighthouse(
        url, ["performance", "accessibility"], Path(scratch) / "lighthouse.json", "--form-factor=mobile"
    )
    audits = report["audits"]
    return {
        "performance": round(report["categories"]["performance"]["score"] * 100),
        "accessibility": round(report["categories"]["accessibility"]["score"] * 100),
        "fcp_s": audits["first-contentful-paint"]["numericValue"] / 1000,
        "lcp_s": audits["largest-contentful-paint"]["numericValue"] / 1000,
        "tbt_ms": audits["total-blocking-time"]["numericValue"],
    }


def measure(site_dir):
    """{host: {page: scores}} for every host and page."""
    results = {}
    with tempfile.TemporaryDirectory(prefix="gradlab-lighthouse-") as scratch:
        for host, options in HOSTS.items():
            server = serve_in_background(site_dir, **options)
            address, port = server.server_address[:2]
            try:
                results[host] = {
                    page: score(f"http://{address}:{port}/{path}", scratch) for page, path in PAGES.items()
                }
            finally:
                server.shutdown()
    return results


def report(results):
    return "\n".join(
        f"lighthouse, {host}, {page}: performance {s['performance']}, accessibility {s['accessibility']} "
        f"(FCP {s['fcp_s']:.2f} s, LCP {s['lcp_s']:.2f} s, TBT {s['tbt_ms']:.0f} ms)"
        for host, pages in results.items()
        for page, s in pages.items()
    )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    args = parser.parse_args(argv)
    if args.site:
        print(report(measure(args.site)))
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        build.build_site(build.LESSONS_DIR, Path(scratch))
        print(report(measure(Path(scratch))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
