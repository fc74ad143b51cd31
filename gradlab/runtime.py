"""The Python runtime the site serves itself: Pyodide's files, micropip, and the engine wheel."""

import contextlib
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# Only what a page needs to boot: the loader, the runtime and the standard library.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
ENGINE_DISTRIBUTION = "gradlab_engine"


class RuntimeFilesError(Exception):
    """The runtime could not be assembled; the message says what to run."""


def vendor_pyodide(node_modules, site_dir, wheel_cache):
    """Copy Pyodide's runtime files into site_dir/pyodide-<version>/, with a lock that lists
    micropip as served; return {"version", "folder"}."""
    package = Path(node_modules) / "pyodide"
    if not (package / "pyodide.mjs").exists():
        raise RuntimeFilesError(f"{package} is missing: run `npm ci` (make site does) to fetch the pinned Pyodide")
    version = json.loads((package / "package.json").read_text())["version"]
    # The version in the folder's name lets browsers keep these files for good.
    folder = f"pyodide-{version}"
    out_dir = Path(site_dir) / folder
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(package / name, out_dir / name)
    lock = json.loads((package / "pyodide-lock.json").read_text())
    micropip = lock["packages"]["micropip"]
    wheel = fetch_wheel("micropip", micropip["version"], lock["info"]["python"], wheel_cache)
    shutil.copyfile(wheel, out_dir / micropip["file_name"])
    # PyPI's wheel differs from the one the lock was made for, and browsers check sha256:
    # serve a lock that describes the file we actually serve, and nothing we do not serve.
    micropip["sha256"] = sha256_of(wheel)
    served = {"info": lock["info"], "packages": {"micropip": micropip}}
    (out_dir / "pyodide-lock.json").write_text(json.dumps(served, indent=1, sort_keys=True))
    return {"version": version, "folder": folder}


def fetch_wheel(name, version, python_version, cache_dir):
    """Return the path of name==version's pure-Python wheel, downloading it from PyPI once."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    found = sorted(cache_dir.glob(f"{name}-{version}-*.whl"))
    if found:
        return found[0]
    major_minor = ".".join(python_version.split(".")[:2])
    # pip writes the wheel into a folder of this download's own, and it is moved into the cache whole:
    # another build fetching the same wheel at once never finds half of it there.
    with tempfile.TemporaryDirectory(dir=cache_dir) as download:
        command = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",
            "--python-version",
            major_minor,
            "--dest",
            download,
            f"{name}=={version}",
        ]
        result = subprocess.run(command, capture_output=True, text=True)
        for wheel in Path(download).glob(f"{name}-{version}-*.whl"):
            os.replace(wheel, cache_dir / wheel.name)
    found = sorted(cache_dir.glob(f"{name}-{version}-*.whl"))
    if result.returncode != 0 or not found:
        raise RuntimeFilesError(
            f"could not download {name}=={version} from PyPI:\n{result.stderr.strip()}\n"
            f"Check the network, or put the wheel into {cache_dir} by hand."
        )
    return found[0]


def sha256_of(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def build_engine_wheel(package_dirs, version, out_dir):
    """Build the packages (engine/, grading/) into a pure-Python wheel, byte-for-byte the same for the
    same sources. poetry-core, a standard build backend with no dependencies of its own, is called
    in-process: building a site downloads nothing, and it takes packages from several folders."""
    from poetry.core.factory import Factory
    from poetry.core.masonry.builders.wheel import WheelBuilder

    logging.getLogger("poetry.core").setLevel(logging.WARNING)  # its "Building wheel" lines are not the build's news

    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as staging:
        project = Path(staging)
        for package_dir in map(Path, package_dirs):
            shutil.copytree(package_dir, project / package_dir.name, ignore=shutil.ignore_patterns("__pycache__"))
        includes = ", ".join(f'{{ include = "{Path(d).name}" }}' for d in package_dirs)
        (project / "pyproject.toml").write_text(
            WHEEL_PROJECT.format(name=ENGINE_DISTRIBUTION, version=version, includes=includes)
        )
        with source_date(FIXED_SOURCE_DATE):
            name = WheelBuilder.make_in(Factory().create_poetry(project), out_dir)
    return out_dir / name


# The wheel's project: the engine that learners' Python imports, and the grader beside it.
WHEEL_PROJECT = """[project]
name = "{name}"
version = "{version}"
description = "gradlab's scalar autograd engine and grader"
requires-python = ">=3.11"

[tool.poetry]
packages = [{includes}]
"""
FIXED_SOURCE_DATE = "315532800"  # 1980-01-01, the earliest date a zip can hold: the same wheel whenever built


@contextlib.contextmanager
def source_date(default):
    """SOURCE_DATE_EPOCH, the reproducible-builds convention the backend reads, as the environment
    sets it or else default, for the time of one build."""
    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = before or default
    try:
        yield
    finally:
        if before is None:
            del os.environ["SOURCE_DATE_EPOCH"]
