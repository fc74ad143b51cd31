"""The part of Python's standard library that a boot without the snapshot fetches: the modules that
Python's start-up and the engine's import read, compiled (the snapshot's maker compiles them), with the
finder that brings the rest when a module of it is first imported (gradlab/rest_of_stdlib.py).

Where a page boots without the snapshot (a slow downlink, see static/page/pyodide-boot.js), the whole
library would be a third of all it downloads before Python is ready, most of it never imported; and
compiling the sources of what is imported would be two thirds of Python's start-up."""

import zipfile
from pathlib import Path

FINDER = Path(__file__).with_name("rest_of_stdlib.py")
FINDER_MODULES = "MODULES = frozenset()"  # the line of FINDER that the build fills in


def write_boot_stdlib(compiled, whole, out):
    """Write at out the zip of compiled's modules (the snapshot's maker's, as it wrote them), with the
    finder of every module of whole (the standard library's zip)."""
    with zipfile.ZipFile(compiled) as modules, zipfile.ZipFile(whole) as library, zipfile.ZipFile(out, "w") as boot:
        for entry in modules.infolist():
            boot.writestr(entry, modules.read(entry))
        finder = zipfile.ZipInfo(FINDER.name, date_time=(1980, 1, 1, 0, 0, 0))  # a fixed date: the same zip
        boot.writestr(finder, finder_source(module_names(library.namelist())), zipfile.ZIP_DEFLATED, 9)


def module_names(paths):
    """The dotted names of the modules among paths (zip entries): a/b.py is a.b, a/__init__.py is a."""
    names = set()
    for path in paths:
        if not path.endswith(".py"):
            continue
        parts = path[: -len(".py")].split("/")
        if parts[-1] == "__init__":
            parts.pop()
        names.add(".".join(parts))
    return names


def finder_source(names):
    """The finder's module, with the whole library's module names written in."""
    source = FINDER.read_text(encoding="utf-8")
    if source.count(FINDER_MODULES) != 1:
        raise ValueError(f"{FINDER} must hold the line {FINDER_MODULES!r} once, for the build to fill in")
    return source.replace(FINDER_MODULES, f"MODULES = frozenset({sorted(names)!r})")
