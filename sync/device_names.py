"""A passkey's name in the account's list: the browser and system it was added from, read from the
User-Agent header ("Chrome on Android"), so that a learner can tell which passkey a lost phone holds."""

import re

# First match wins: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux".
BROWSERS = [
    ("Edg", "Edge"),
    ("OPR", "Opera"),
    ("Firefox|FxiOS", "Firefox"),
    ("Chrome|CriOS", "Chrome"),
    ("Safari", "Safari"),
]
SYSTEMS = [
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("CrOS", "ChromeOS"),
    ("Windows", "Windows"),
    ("Macintosh|Mac OS X", "Mac"),
    ("Linux", "Linux"),
]


def device_name(user_agent):
    """ "Chrome on Android", "Safari on iPhone", … or "A browser" when the header says nothing known."""
    browser = next((name for pattern, name in BROWSERS if re.search(pattern, user_agent)), "A browser")
    system = next((name for pattern, name in SYSTEMS if re.search(pattern, user_agent)), None)
    return f"{browser} on {system}" if system else browser
