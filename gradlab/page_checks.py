"""Every page the build wrote, read back as a reader meets it: what cannot be shown right is a problem.

The rules: no template text left unrendered (`{{`, `}}`, `{%`, `%}`) and no Python-Markdown
placeholder; no "[object Object]", and no undefined, NaN or None standing where a value should be
(an element's whole text, or after ':' or '='; the words in a sentence, "None of these", are prose);
every link and image inside the site leading to a file, and every #anchor to an id there; every file
a page script is told of in its data-* attributes (its worker, the bundles it loads when needed) there; every
image with alt text; every table in a scrolling region with a label (class table-scroll, a role,
aria-label and tabindex=0), so a page never scrolls sideways at 360 px.

Text inside code (pre, code, textarea, script, style) is the learner's or the lesson's code, where
`None` and braces are legitimate: only placeholders are looked for there. A problem is reported at
the line of the page's source (lesson, card, module test) that holds its text, else at the line of
the built page itself.
"""

import functools
import hashlib
import os
import pickle
import posixpath
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import NamedTuple
from urllib.parse import unquote, urlsplit

from gradlab.assets import SiteListing
from gradlab.problems import LessonProblem

CODE_TAGS = {"pre", "code", "textarea", "script", "style", "template"}
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SHOWN_ATTRIBUTES = ("alt", "title", "aria-label", "placeholder")
TEMPLATE_TEXT = re.compile(r"\{\{|\}\}|\{%|%\}")
PLACEHOLDER = re.compile(r"[\x02\x03]|wzxhzdk|klzzwxh")  # Python-Markdown's stash and inline placeholders
NOT_A_VALUE = re.compile(r"^\s*(undefined|NaN|nan|None|null)\s*$|[:=]\s*(undefined|NaN|nan|None|null)\b")
OTHER_SCHEME = re.compile(r"^([a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)
SCROLL_ROLES = ("region", "group")
# A page script's data-* value that names a file or folder of the site: a path, or a name with an
# extension ("pieces.json"); not a version ("314.0.7") nor JSON.
NAMES_A_FILE = re.compile(r"^[\w.-]*/[\w./-]*$|^[\w.-]+\.[a-z]+$")


class PageReader(HTMLParser):
    """One page's ids, links, images, tables and shown text, each with its line in the page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open, self.ids, self.links, self.findings = [], set(), [], []
        self.last_text = ""  # the last shown text long enough to find in the source, for locating what follows

    def in_code(self):
        return any(tag in CODE_TAGS for tag, _ in self.open)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        line = self.getpos()[0]
        for key in ("id", "name") if tag == "a" else ("id",):
            if attrs.get(key):
                self.ids.add(attrs[key])
        for key in ("href", "src"):
            if attrs.get(key) and tag in ("a", "link", "img", "script", "source", "iframe"):
                self.links.append((attrs[key], line, self.last_text))
        if tag == "script" and attrs.get("src"):
            self.links += [
                (value, line, self.last_text)
                for key, value in attrs.items()
                if key.startswith("data-") and NAMES_A_FILE.match(value or "")
            ]
        if tag == "img" and not (attrs.get("alt") or "").strip():
            self.findings.append(
                (
                    line,
                    [attrs.get("src", ""), self.last_text],
                    f"the image {attrs.get('src', '')!r} has no alt text: say what it shows, "
                    "as in ![what it shows](its address)",
                )
            )
        if tag == "table":
            self.check_table_wrapper(line)
        for key in SHOWN_ATTRIBUTES:
            if attrs.get(key):
                self.check_text(attrs[key], line)
        for value in attrs.values():
            self.check_placeholder(value or "", line)
        if tag not in VOID_TAGS:
            self.open.append((tag, attrs))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID_TAGS and self.open and self.open[-1][0] == tag:
            self.open.pop()

    def handle_endtag(self, tag):
        for index in range(len(self.open) - 1, -1, -1):
            if self.open[index][0] == tag:
                del self.open[index:]
                return

    def check_table_wrapper(self, line):
        parent = self.open[-1][1] if self.open else {}
        if not (
            "table-scroll" in (parent.get("class") or "").split()
            and parent.get("role") in SCROLL_ROLES
            and (parent.get("aria-label") or "").strip()
            and parent.get("tabindex") == "0"
        ):
            self.findings.append(
                (
                    line,
                    ["<table", self.last_text],
                    "this table is not in a scrolling region, so at 360 px the page would scroll "
                    "sideways: write it as a markdown table (the build wraps those), or wrap it in "
                    '<div class="table-scroll" role="region" tabindex="0" aria-label="what it holds">',
                )
            )

    def handle_data(self, data):
        self.check_placeholder(data, self.getpos()[0])
        if not self.in_code() and data.strip():
            self.check_text(data, self.getpos()[0])
            if len(data.strip()) >= 4:
                self.last_text = data

    def check_placeholder(self, text, line):
        if PLACEHOLDER.search(text):
            self.findings.append(
                (
                    line,
                    [self.last_text.strip()[-40:]],
                    "the page holds a Markdown placeholder where HTML should be: something here (a "
                    "computed number inside $…$ math or a link's address, HTML in an attribute) could "
                    "not be rendered; write the number in the prose around it",
                )
            )

    def check_text(self, text, line):
        template = TEMPLATE_TEXT.search(text)
        if template:
            shown = text[template.start() : template.start() + 30].strip()
            self.findings.append(
                (
                    line,
                    [shown, text.strip()[:40]],
                    f"the page shows template text {shown!r} to the reader: a computed number "
                    "reads {{ expression | format }}; braces meant as text belong in a `code span`",
                )
            )
        word = NOT_A_VALUE.search(text)
        if word or "[object Object]" in text:
            shown = (word.group(1) or word.group(2)) if word else "[object Object]"
            context = [text.strip()[:40] if not word or word.group(2) else "", self.last_text.strip()[-40:]]
            self.findings.append(
                (
                    line,
                    context,
                    f"the page shows {shown!r} where a value should be: check the number or setting that fills it in",
                )
            )


class Reading(NamedTuple):
    """What the checks need of one page: its ids, its links (address, line, the text before it) and the
    problems found in it alone (line, snippets to find in its source, message)."""

    ids: frozenset
    links: tuple
    findings: tuple


def read_page(html):
    reader = PageReader()
    reader.feed(html)
    reader.close()
    return Reading(frozenset(reader.ids), tuple(reader.links), tuple(reader.findings))


class PageReadings:
    """Each page's reading, kept so that a page whose text has not changed is not parsed again: within a
    process by its file's size and modification time (the live preview between builds, which rewrites a
    page only when its text changes: assets.write_page), and across builds by its text's digest, in file
    if one is given (the next `make site`, a test building a copy of the course). A reading depends on
    nothing but the page's text and this module's code, which the file's key covers."""

    def __init__(self, file=None):
        self.file = Path(file) if file else None
        self.by_stamp = {}  # page name → (its file's size and time, its text's digest)
        self.by_digest = self.load()  # a page text's digest → its Reading
        self.changed = False

    @staticmethod
    def key():
        return hashlib.sha256(sys.version.encode() + Path(__file__).read_bytes()).hexdigest()

    def load(self):
        if not self.file:
            return {}
        try:
            key, readings = pickle.loads(self.file.read_bytes())
        except (AttributeError, OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError, ImportError):
            return {}  # none kept yet, or kept in a form this code no longer reads
        return readings if key == self.key() else {}

    def reading(self, out_dir, name, stamp):
        kept = self.by_stamp.get(name)
        if kept and kept[0] == stamp and kept[1] in self.by_digest:
            return self.by_digest[kept[1]]
        text = (out_dir / name).read_bytes()
        digest = hashlib.sha256(text).hexdigest()
        if digest not in self.by_digest:
            self.by_digest[digest] = read_page(text.decode("utf-8"))
            self.changed = True
        self.by_stamp[name] = (stamp, digest)
        return self.by_digest[digest]

    def keep_only(self, names):
        """Forget every page but these (the site's now), and write what is kept to the file, if any."""
        self.by_stamp = {name: self.by_stamp[name] for name in names}
        digests = {digest for _, digest in self.by_stamp.values()}
        self.changed |= digests != self.by_digest.keys()
        self.by_digest = {digest: self.by_digest[digest] for digest in digests}
        if self.file and self.changed:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            partial = self.file.with_suffix(f".{os.getpid()}.partial")
            partial.write_bytes(pickle.dumps((self.key(), self.by_digest), protocol=pickle.HIGHEST_PROTOCOL))
            partial.replace(self.file)  # a build stopped halfway never leaves half a file
        self.changed = False

    def clear(self):
        self.by_stamp.clear()
        self.by_digest.clear()


def check_pages(out_dir, sources, readings=None, listing=None):
    """Every problem in the site's pages; sources maps a page's path in the site to its source file, if any.
    readings: the PageReadings kept, read and refreshed, if any. listing: the site's SiteListing, if the
    caller holds one, else the site is listed. Every page's links are followed again."""
    out_dir = Path(out_dir)
    listing = listing or SiteListing(out_dir)
    readings = readings if readings is not None else PageReadings()
    read = {name: readings.reading(out_dir, name, stamp) for name, stamp in pages_of(listing)}
    readings.keep_only(read)
    problems = []
    for name, reading in read.items():
        findings = list(reading.findings) + link_findings(listing.files, listing.folders, name, reading.links, read)
        if findings:
            locate = Locator(name, sources.get(name))
            problems += [locate(line, snippets, message) for line, snippets, message in findings]
    return sorted(set(problems), key=lambda p: (str(p.path), p.line, p.message))


def pages_of(listing):
    """Each page's path and its file's (size, modification time). A solution is highlighted code,
    fetched into its lesson's page: not a page of its own."""
    for name, stamp in listing.files.items():
        if name.endswith(".html") and not posixpath.basename(name).startswith("solution-"):
            yield name, stamp


def link_findings(files, folders, name, links, read):
    """Each link or image address inside the site that leads to no file, or to an id its page lacks.
    files, folders: every file's and folder's path in the site, relative to it ("" is its root)."""
    findings = []
    folder, page_file = posixpath.split(name)
    for address, line, context in links:
        target, fragment = link_target(folder, page_file, address)
        if target is False:
            continue  # another scheme or host: not the site's to check
        if target is None or (target not in files and target not in folders):
            findings.append(
                (
                    line,
                    [address, context],
                    f"the link {address!r} leads to no page or file of the site: "
                    "check its address, relative to this page",
                )
            )
            continue
        if target in folders:
            target = normalise(target + "/index.html")
        if fragment and target in read and fragment not in read[target].ids:
            findings.append(
                (
                    line,
                    [address, context],
                    f"the link {address!r} names the anchor #{fragment}, "
                    f"which {target} does not have: link to a heading's id (its "
                    "words in lower case, joined by -)",
                )
            )
    return findings


@functools.lru_cache(maxsize=1 << 16)
def link_target(folder, page_file, address):
    """(the site path that address leads to from the page folder/page_file, its anchor): False for another
    scheme or host, None for a path that climbs out of the site. Kept: the live preview checks the same
    few thousand links again at every rebuild, and resolving them was most of its page checks' time."""
    if OTHER_SCHEME.match(address):
        return False, ""
    parts = urlsplit(address)
    target = normalise(posixpath.join(folder, unquote(parts.path) if parts.path else page_file))
    return target, unquote(parts.fragment)


def normalise(path):
    """a/b/../c → a/c; None for a path that climbs out of the site."""
    parts = []
    for part in path.split("/"):
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)


class Locator:
    """Where a problem is reported: the first source line holding one of its snippets, else the built page's line."""

    def __init__(self, name, source):
        self.name, self.source = name, source
        self.lines = Path(source).read_text(encoding="utf-8").splitlines() if source else []

    def __call__(self, line, snippets, message):
        for snippet in (s.strip() for s in snippets if len(s.strip()) >= 4):  # a shorter one is found anywhere
            found = next((number for number, text in enumerate(self.lines, start=1) if snippet in text), None)
            if found:
                return LessonProblem(Path(self.source), found, message)
        return LessonProblem(Path(self.name), line, f"(in the built page) {message}")
