"""Find the other engines the smoke suite runs in: a Firefox (Gecko) and a WebKitGTK with its WebDriver.

Each is $GRADLAB_FIREFOX / $GRADLAB_WEBKIT_DRIVER if set, else Debian's, installed by `make browser`.
WebKitGTK's MiniBrowser needs a display: `xvfb-run` gives it one where there is none."""

import os
import shutil
import sys
from pathlib import Path

FIREFOX_NAMES = ("firefox-esr", "firefox")
WEBKIT_DRIVER_NAMES = ("WebKitWebDriver",)
# Debian's webkit2gtk-driver launches this browser; other distributions put it beside their libwebkit2gtk.
MINIBROWSER_PATHS = (
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/libexec/webkit2gtk-4.1/MiniBrowser",
)
MISSING = {
    "firefox": "No Firefox found: apt-get install -y firefox-esr, or set GRADLAB_FIREFOX to a Firefox executable.",
    "webkit": (
        "No WebKitGTK found: apt-get install -y webkit2gtk-driver xvfb, or set GRADLAB_WEBKIT_DRIVER to a "
        "WebKitWebDriver (its MiniBrowser beside it, and xvfb-run or a DISPLAY for its window)."
    ),
}


def executable(variable, names):
    """$variable if it names a file, else the first of names on the PATH, else None."""
    chosen = os.environ.get(variable)
    if chosen:
        return chosen if Path(chosen).exists() else None
    return next(filter(None, map(shutil.which, names)), None)


def find_firefox():
    return executable("GRADLAB_FIREFOX", FIREFOX_NAMES)


def find_webkit():
    """(WebKitWebDriver, MiniBrowser) when both are there and a window can open, else None."""
    driver = executable("GRADLAB_WEBKIT_DRIVER", WEBKIT_DRIVER_NAMES)
    browser = next((path for path in MINIBROWSER_PATHS if Path(path).exists()), None)
    can_show_window = os.environ.get("DISPLAY") or shutil.which("xvfb-run")
    return (driver, browser) if driver and browser and can_show_window else None


FINDERS = {"firefox": find_firefox, "webkit": find_webkit}

if __name__ == "__main__":
    engine = sys.argv[1]
    found = FINDERS[engine]()
    print(" ".join(found) if isinstance(found, tuple) else found or MISSING[engine])
    sys.exit(0 if found else 1)
