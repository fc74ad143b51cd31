"""One module builds every key the page keeps in the browser's storage: static/page/storage-keys.js."""

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parent.parent / "static" / "page"
KEYS_MODULE = PAGE / "storage-keys.js"
OTHERS = sorted(path for path in PAGE.glob("*.js") if path != KEYS_MODULE)
# A key's text, in a string or template literal: "gradlab:progress:…", `concept:${slug}`, `${key}:set-aside:…`,
# `${key}:tab:…`
# (gradlab:checked is a DOM event's name, not a key).
KEY_TEXT = re.compile(r"""["'`](?:gradlab:(?!checked["'`])|concept:|module-test:)|:set-aside:|:tab:""")


def code_of(path):
    """The module's code without its comments (which may name keys to explain them)."""
    without_blocks = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
    return re.sub(r"^\s*//.*$", "", without_blocks, flags=re.M)


@pytest.mark.parametrize("path", OTHERS, ids=lambda path: path.name)
def test_no_other_module_writes_a_key(path):
    code = code_of(path)
    assert not KEY_TEXT.search(code), f"{path.name} spells out a storage key: import it from storage-keys.js"


@pytest.mark.parametrize("path", OTHERS, ids=lambda path: path.name)
def test_a_module_that_touches_storage_takes_its_keys_from_the_keys_module(path):
    code = code_of(path)
    if re.search(r"\b(localStorage|sessionStorage)\.(getItem|setItem|removeItem)\(", code):
        assert 'from "./storage-keys.js"' in code or "(key" in code, path.name


def test_the_keys_module_builds_every_kind_of_key():
    code = KEYS_MODULE.read_text()
    for key in (
        "gradlab:progress:",
        "gradlab:device",
        "gradlab:sync:account",
        "gradlab:sync:state",
        "gradlab:sync:clock-offset",
        "gradlab:sync:from-other-devices",
        ":set-aside:",
        ":tab:",
    ):
        assert key in code
