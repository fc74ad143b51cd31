"""Running the pinned Lighthouse (node_modules, 12.2.3) on a page with this project's Chromium."""

import json
import os
import subprocess
from pathlib import Path

from tests.browser.conftest import CHROMIUM_FLAGS
from tests.browser.find_chromium import find_chromium

LIGHTHOUSE = Path(__file__).parents[2] / "node_modules" / ".bin" / "lighthouse"


def run_lighthouse(url, categories, report_path, *options):
    """Lighthouse's JSON report of url for the categories (e.g. ["accessibility"]), written to report_path;
    AssertionError with its last words if it fails."""
    completed = subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            f"--only-categories={','.join(categories)}",
            *options,
            "--output=json",
            f"--output-path={report_path}",
            "--quiet",
            f"--chrome-flags={' '.join(CHROMIUM_FLAGS)}",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "CHROME_PATH": find_chromium()},
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    return json.loads(Path(report_path).read_text())
