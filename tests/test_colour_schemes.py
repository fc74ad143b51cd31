"""The dark scheme changes colours and nothing else: each stylesheet's `prefers-color-scheme` rules only set
colour properties of :root. The browser tests lean on it: they measure layout in one scheme, and run in the
other only axe's rules that colours decide (tests/browser/axe.py's COLOUR_RULES)."""

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parent.parent / "static"
SCHEME_RULES = re.compile(r"@media[^{]*prefers-color-scheme[^{]*\{((?:[^{}]*\{[^{}]*\})*)\s*\}")
RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}|(rgb|hsl)a?\([^)]*\)")


def scheme_declarations(css):
    """(selector, property, value) for each declaration inside a prefers-color-scheme media rule."""
    for block in SCHEME_RULES.finditer(css):
        for selector, body in RULE.findall(block.group(1)):
            for declaration in filter(str.strip, body.split(";")):
                name, _, value = declaration.partition(":")
                yield selector.strip(), name.strip(), value.strip()


def not_colours(css):
    """The declarations of css's colour-scheme rules that set something other than a colour property of :root."""
    return [
        (selector, name, value)
        for selector, name, value in scheme_declarations(css)
        if not (selector == ":root" and name.startswith("--") and COLOUR.fullmatch(value))
    ]


@pytest.mark.parametrize("stylesheet", sorted(path.name for path in STATIC.glob("*.css")))
def test_a_colour_scheme_sets_only_colours(stylesheet):
    assert not_colours((STATIC / stylesheet).read_text(encoding="utf-8")) == []


def test_the_dark_scheme_is_found_and_read():
    declarations = list(scheme_declarations((STATIC / "style.css").read_text(encoding="utf-8")))
    assert (":root", "--background", "#15171b") in declarations and len(declarations) >= 10


def test_a_scheme_that_changes_a_layout_is_refused():
    css = "@media (prefers-color-scheme: dark) {\n  :root { --text: #fff; }\n  pre { padding: 2rem; }\n}"
    assert not_colours(css) == [("pre", "padding", "2rem")]
