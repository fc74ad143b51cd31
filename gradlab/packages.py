"""Pure-Python packages a lesson's code imports: pinned in its front matter, with their hashes.

    packages: tabulate==0.9.0 sha256:024ca478…, another==1.2 sha256:…

The build downloads each wheel once from PyPI, checks its hash, puts it on the build's own
sys.path (a pure-Python wheel is importable as it is), and serves it from the site, where the
page's Python installs it with micropip before the learner's code first runs.
"""

import re
import sys
from pathlib import Path

from gradlab.runtime import RuntimeFilesError, fetch_wheel, sha256_of

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([\w.!+-]+)(?:\s+sha256:([0-9a-f]{64}))?$")
PYODIDE_PYTHON = "3.14"  # the Python the pages run: a wheel must install there


def read_pins(text):
    """'name==version sha256:…' items as (name, version, sha256 or None); raise ValueError on a bad one."""
    pins = []
    for item in filter(None, (item.strip() for item in text.split(","))):
        match = PIN.match(item)
        if not match:
            raise ValueError(
                f"a package reads 'name==version sha256:<hash>', such as 'tabulate==0.9.0 sha256:…', not {item!r}"
            )
        pins.append(match.groups())
    return pins


def fetch_lesson_packages(text, cache_dir):
    """The lesson's wheels, downloaded once and checked; return (paths, problems as messages)."""
    try:
        pins = read_pins(text)
    except ValueError as error:
        return [], [str(error)]
    wheels, problems = [], []
    for name, version, expected in pins:
        try:
            wheel = fetch_wheel(name, version, PYODIDE_PYTHON, Path(cache_dir))
        except RuntimeFilesError as error:
            problems.append(f"the package {name}=={version} could not be fetched: {error}")
            continue
        if not wheel.name.endswith("-none-any.whl"):
            problems.append(f"{wheel.name} is not a pure-Python wheel, so it cannot run in the browser")
        elif expected is None:
            problems.append(f"pin {name}=={version} with its hash: write '{name}=={version} sha256:{sha256_of(wheel)}'")
        elif sha256_of(wheel) != expected:
            problems.append(
                f"{wheel.name} has sha256 {sha256_of(wheel)}, not the {expected} pinned here: check "
                "where the pin came from before changing it"
            )
        else:
            wheels.append(wheel)
    return wheels, problems


def make_importable(wheels):
    """Let the build's own Python import the lesson's packages (to run its solution and mistakes)."""
    for wheel in wheels:
        if str(wheel) not in sys.path:
            sys.path.append(str(wheel))
