"""axe-core, the accessibility checker, run in a page: what it finds there."""

import functools
from pathlib import Path

AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"


# The rules whose findings can change with the colour scheme alone: the dark scheme sets the site's colour
# properties and nothing else (tests/test_colour_schemes.py), so layout, names and roles read the same in both.
COLOUR_RULES = ("color-contrast", "link-in-text-block")


def axe_violations(page, rules=None):
    """axe's violations on the page as it is now: [(rule id, help, the first few elements), ...]; rules, the
    ids of the only rules to run (all of them by default).

    axe comes in through DevTools' own evaluation, which the site's Content Security Policy does not
    govern (a script tag it does), so the page is the site's, in any context, with nothing bypassed."""
    if not page.evaluate("typeof axe === 'object'"):
        page.evaluate(axe_source())
    options = {"resultTypes": ["violations"], **({"runOnly": list(rules)} if rules else {})}
    report = page.evaluate("(options) => axe.run(document, options)", options)
    return [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in report["violations"]]


@functools.cache
def axe_source():
    return AXE.read_text(encoding="utf-8")
