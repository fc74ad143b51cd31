"""Find a Chromium for the browser tests: $GRADLAB_CHROMIUM, the system one, or Playwright's own."""

import os
import shutil
import sys
from pathlib import Path

SYSTEM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium():
    """Return the path of a Chromium executable, or None if there is none."""
    chosen = os.environ.get("GRADLAB_CHROMIUM")
    if chosen:
        return chosen if Path(chosen).exists() else None
    for name in SYSTEM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return playwright_chromium()


def playwright_chromium():
    """Playwright's own Chromium, where `playwright install chromium` could download it."""
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            path = playwright.chromium.executable_path
    except Exception:
        return None
    return path if Path(path).exists() else None


if __name__ == "__main__":
    path = find_chromium()
    print(path or "no Chromium found")
    sys.exit(0 if path else 1)
