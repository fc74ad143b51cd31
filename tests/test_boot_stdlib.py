"""The part of the standard library a boot without the snapshot fetches (gradlab/boot_stdlib.py), and the
finder that brings the rest (gradlab/rest_of_stdlib.py): written here from small zips, and in the built
site booted in real Pyodide under Node (tests/pyodide/boot_stdlib.mjs)."""

import json
import subprocess
import zipfile
from pathlib import Path

import pytest

from gradlab.boot_stdlib import FINDER, write_boot_stdlib
from tests.pyodide.site_runtime import site_runtime as runtime_files

HARNESS = Path(__file__).parent / "pyodide" / "boot_stdlib.mjs"


def a_library(path, files):
    with zipfile.ZipFile(path, "w") as library:
        for name, text in files.items():
            library.writestr(name, text)
    return path


LIBRARY = {"a.py": "", "pkg/__init__.py": "", "pkg/sub.py": "", "pkg/data.txt": "words", "b.py": ""}
COMPILED = {"a.pyc": "compiled a", "pkg/__init__.pyc": "compiled pkg"}


def finder_modules(boot):
    namespace = {}
    with zipfile.ZipFile(boot) as part:
        exec(part.read(FINDER.name), namespace)
    return namespace["MODULES"]


def test_the_part_holds_the_compiled_modules_as_they_were_and_the_finder_knows_every_module(tmp_path):
    compiled = a_library(tmp_path / "compiled.zip", COMPILED)
    whole = a_library(tmp_path / "whole.zip", LIBRARY)
    write_boot_stdlib(compiled, whole, tmp_path / "boot.zip")
    with zipfile.ZipFile(tmp_path / "boot.zip") as part:
        assert set(part.namelist()) == {"a.pyc", "pkg/__init__.pyc", FINDER.name}
        assert part.read("a.pyc") == b"compiled a"
    assert finder_modules(tmp_path / "boot.zip") == {"a", "b", "pkg", "pkg.sub"}


def test_the_same_modules_make_the_same_zip(tmp_path):
    compiled = a_library(tmp_path / "compiled.zip", COMPILED)
    whole = a_library(tmp_path / "whole.zip", LIBRARY)
    write_boot_stdlib(compiled, whole, tmp_path / "one.zip")
    write_boot_stdlib(compiled, whole, tmp_path / "two.zip")
    assert (tmp_path / "one.zip").read_bytes() == (tmp_path / "two.zip").read_bytes()


@pytest.fixture(scope="module")
def site_runtime(built_site):
    """(the boot's part, the whole library, the engine wheel) of the built site."""
    return runtime_files(built_site)


def test_the_sites_part_holds_what_the_grader_imports_compiled_and_not_the_rest(site_runtime):
    boot, whole, _ = site_runtime
    assert boot.stat().st_size < 0.65 * whole.stat().st_size
    with zipfile.ZipFile(boot) as part:
        names = set(part.namelist())
    assert {"json/__init__.pyc", "random.pyc", "inspect.pyc", "traceback.pyc"} <= names
    assert not {"json/__init__.py", "statistics.pyc", "email/__init__.pyc"} & names


def booted(site_runtime, steps):
    """Each step ({code, fetchFails}) run in turn in one Pyodide booted from the site's part."""
    completed = subprocess.run(
        ["node", str(HARNESS), *map(str, site_runtime)],
        input=json.dumps(steps),
        capture_output=True,
        text=True,
        timeout=300,
        cwd=Path(__file__).parents[1],
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    return json.loads(completed.stdout)


def test_a_module_of_the_rest_is_imported_after_one_fetch_of_the_whole_library(site_runtime):
    steps = [
        {"code": "import engine, grading.browser\nresult = engine.Value(2.0).data"},
        {"code": "import statistics\nresult = statistics.mean([1, 2])"},
        {"code": "import email.mime.text\nresult = email.mime.text.__name__"},  # a package the part lacks
        {"code": "import json.tool\nresult = json.tool.__name__"},  # a module the part lacks of a package it has
        {"code": "import fractions\nresult = str(fractions.Fraction(1, 3))"},
    ]
    assert booted(site_runtime, steps) == [
        {"value": "2.0", "fetches": 0},
        {"value": "1.5", "fetches": 1},
        {"value": "'email.mime.text'", "fetches": 1},
        {"value": "'json.tool'", "fetches": 1},
        {"value": "'1/3'", "fetches": 1},
    ]


def test_a_name_the_library_lacks_is_not_found_and_fetches_nothing(site_runtime):
    steps = [{"code": "import no_such_module"}, {"code": "import json.no_such_module"}]
    assert booted(site_runtime, steps) == [
        {"error": ["ModuleNotFoundError", "No module named 'no_such_module'"], "fetches": 0},
        {"error": ["ModuleNotFoundError", "No module named 'json.no_such_module'"], "fetches": 0},
    ]


def test_a_failed_fetch_says_so_and_the_next_import_fetches_again(site_runtime):
    steps = [
        {"code": "import statistics", "fetchFails": True},
        {"code": "import statistics\nresult = statistics.median([3, 1, 2])"},
    ]
    failed, fetched = booted(site_runtime, steps)
    assert failed == {
        "error": [
            "ImportError",
            "statistics is part of Python's standard library, which this page could not download (Error: the "
            "network is down). Check the connection, then run your code again.",
        ],
        "fetches": 1,
    }
    assert fetched == {"value": "2", "fetches": 2}
