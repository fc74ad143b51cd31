"""Content-hashed names, precompressed copies and the offline manifest for the built site."""

import functools
import gzip
import hashlib
import json
import os
import posixpath
import re
import shutil
from pathlib import Path

HASH_LENGTH = 10
# Paths whose content never changes under the same name: a browser may keep them for a year.
IMMUTABLE = re.compile(rf"(\.[0-9a-f]{{{HASH_LENGTH}}}\.\w+$|/[0-9a-f]{{{HASH_LENGTH}}}/|^pyodide-[\d.]+/)")
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".bin", ".py"}


def write_page(path, text):
    """Write a page's text unless the file already holds exactly it: a page the live preview writes again
    unchanged keeps its time, so precompress does not compress it again."""
    path = Path(path)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.write_text(text, encoding="utf-8")


def content_hash(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:HASH_LENGTH]


def fingerprint(out_dir, relative):
    """Rename out_dir/relative to name.<hash>.ext and return the new path, relative to out_dir."""
    path = Path(out_dir) / relative
    hashed = path.with_name(f"{path.stem}.{content_hash(path)}{path.suffix}")
    path.replace(hashed)
    return hashed.relative_to(out_dir).as_posix()


def precompress(out_dir, cache_dir, listing):
    """Write a .gz beside every compressible file (listing: the site's SiteListing), reusing earlier
    work for unchanged content."""
    cache_dir = Path(cache_dir)
    cache_dir.mkdir(parents=True, exist_ok=True)
    files = listing.files
    for relative, (_, modified) in files.items():
        if posixpath.splitext(relative)[1] not in COMPRESSIBLE:
            continue
        if relative + ".gz" in files and files[relative + ".gz"][1] >= modified:
            continue  # unchanged since the last build of this folder (the live preview rebuilds often)
        data = Path(out_dir, relative).read_bytes()
        cached = cache_dir / f"{hashlib.sha256(data).hexdigest()}.gz"
        if not cached.exists():
            partial = cached.with_suffix(f".{os.getpid()}.partial")  # another build may be writing it too
            partial.write_bytes(gzip.compress(data, compresslevel=6, mtime=0))
            partial.replace(cached)
        shutil.copyfile(cached, Path(out_dir, relative + ".gz"))


def walk_site(out_dir):
    """os.walk over out_dir, each folder named by its path relative to it with a trailing / ("" for out_dir)."""
    for root, subfolders, names in os.walk(out_dir):
        folder = os.path.relpath(root, out_dir).replace(os.sep, "/")
        yield ("" if folder == "." else folder + "/"), subfolders, names


class SiteListing:
    """Every file of a built site, as its path relative to the site (a/b.html) → (size, modification time
    in ns), in order, and every folder ("" is its root). Listed once for the steps that follow the writing
    of the pages (their checks, the service worker, the .gz copies): the live preview runs them all after
    every save, over a site of thousands of files, and one walk with one stat a file is most of their time."""

    def __init__(self, out_dir):
        self.out_dir = Path(out_dir)
        self.files, self.folders = {}, {""}
        for prefix, subfolders, names in walk_site(out_dir):
            self.folders.update(prefix + folder for folder in subfolders)
            for name in names:
                self.files[prefix + name] = stamp(os.path.join(out_dir, prefix, name))
        self.files = dict(sorted(self.files.items()))

    def written(self, relative):
        """Note a file written after the listing (the service worker); those after it read its stamp, not its place."""
        self.files[relative] = stamp(self.out_dir / relative)


def stamp(path):
    status = os.stat(path)
    return status.st_size, status.st_mtime_ns


def site_files(listing):
    """Every file a visitor may need, as site-relative paths (listing: the site's SiteListing):
    precompress's .gz copies left out, but for WebAssembly, which the pages fetch only as its .gz copy
    (the worker inflates it: static/gzipped-files.js). A file shipped only gzipped, like Python's snapshot, is kept."""
    present = listing.files
    files = []
    for relative in present:
        if posixpath.basename(relative) == "service-worker.js" or (
            relative.endswith(".gz") and relative[:-3] in present
        ):
            continue  # the worker itself, and precompress's copies
        files.append(relative + ".gz" if posixpath.splitext(relative)[1] in FETCHED_GZIPPED else relative)
    return files


# Kinds of file the pages fetch as precompress's .gz copy, whatever the host (so also on hosts that
# compress nothing): they shrink the most.
FETCHED_GZIPPED = {".wasm"}


@functools.lru_cache(maxsize=16384)
def content_digest(path, size, modified_ns):
    """The SHA-256 of path's bytes, read again only when its size or time changed: the live preview
    rewrites a page only when its text changes (write_page), and checks the whole site after each save."""
    return hashlib.sha256(path.read_bytes()).digest()


def write_service_worker(template, out_dir, sync_url, listing):
    """The service worker, with the list of files to keep offline, a version of their content, and
    the sync service's URL (or null), whose requests it leaves to the network. listing: the site's
    SiteListing, told of the worker written."""
    files = site_files(listing)
    digest = hashlib.sha256()
    for relative in files:
        # An immutable file's name already stands for its content: no need to read 40 MB again.
        content = (
            b"" if IMMUTABLE.search(relative) else content_digest(Path(out_dir, relative), *listing.files[relative])
        )
        digest.update(relative.encode() + content)
    source = Path(template).read_text()
    source = source.replace('"__VERSION__"', json.dumps(digest.hexdigest()[:HASH_LENGTH]))
    source = source.replace("[/* __PRECACHE__ */]", json.dumps(files))
    source = source.replace('"__SYNC_URL__"', json.dumps(sync_url))
    (Path(out_dir) / "service-worker.js").write_text(source)
    listing.written("service-worker.js")
