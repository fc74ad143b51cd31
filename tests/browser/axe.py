"""axe-core, the accessibility checker, run in a page: what it finds there."""

import functools
from pathlib import Path

AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page):
    """axe's violations on the page as it is now: [(rule id, help, the first few elements), ...].

    axe comes in through DevTools' own evaluation, which the site's Content Security Policy does not
    govern (a script tag it does), so the page is the site's, in any context, with nothing bypassed."""
    if not page.evaluate("typeof axe === 'object'"):
        page.evaluate(axe_source())
    report = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in report["violations"]]


@functools.cache
def axe_source():
    return AXE.read_text(encoding="utf-8")
