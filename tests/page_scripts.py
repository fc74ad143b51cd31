"""The page's own JavaScript run by Node: a script under tests/ imports a module of static/page and prints
what it found as JSON, which the Python tests read and judge."""

import json
import subprocess
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def run_page_script(name, *args):
    """What tests/<name> printed given args, parsed from JSON; Node at the lowest priority, beside the
    browser tests."""
    completed = subprocess.run(
        ["nice", "-n", "19", "node", str(TESTS / name), *map(str, args)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(completed.stdout)
