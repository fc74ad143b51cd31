"""A memory snapshot of Pyodide with the engine imported, made once per runtime and engine."""

import gzip
import hashlib
import os
import shutil
import struct
import subprocess
from pathlib import Path

MAKER = Path(__file__).with_name("make_snapshot.mjs")
# The layout below, read back by expandSnapshot in static/page/snapshot-memory.js: its name, then the
# memory's full length, the number of spans, each span's start and length (little-endian 32-bit words),
# then the spans' bytes, in order. Whatever lies outside every span is zero.
SPARSE_MAGIC = b"GLS1"
PAGE = 4096  # the operating system's page: a zero one left unwritten in the browser is never committed


class SnapshotError(Exception):
    """Node could not make the snapshot; the message carries its report."""


def make_snapshot(node_modules, pyodide_version, engine_wheel, cache_dir):
    """Return the path of the gzipped snapshot for this Pyodide and this engine wheel, making it if new
    (and beside it, compiled_stdlib: the standard library's modules its state was imported from).

    Gzipped by the build, not left to the host: a plain static host sends a file as it is. The worker
    inflates it with DecompressionStream. Its zero pages (about half of its 31 MB) are left out, so
    the browser neither inflates nor writes them: each interpreter that boots from it makes half the
    garbage, and does half the work."""
    # What makes a snapshot: the runtime, the engine, the maker, and this file (the layout it writes).
    sources = (Path(engine_wheel), MAKER, Path(__file__))
    identity = pyodide_version.encode() + b"".join(source.read_bytes() for source in sources)
    cached = Path(cache_dir) / f"snapshot-{hashlib.sha256(identity).hexdigest()[:16]}.bin.gz"
    if cached.exists():
        return cached
    cached.parent.mkdir(parents=True, exist_ok=True)
    # Named by process: two builds at once (make serve beside make test) never write one file.
    raw = cached.with_name(f"{cached.name}.{os.getpid()}.raw")
    command = ["node", str(MAKER), str(Path(node_modules) / "pyodide"), str(engine_wheel), str(raw)]
    completed = subprocess.run(command, capture_output=True, text=True)
    if completed.returncode != 0:
        raise SnapshotError(f"making Python's memory snapshot failed:\n{completed.stderr.strip()[-2000:]}")
    shutil.move(f"{raw}.stdlib.zip", compiled_stdlib(cached))
    partial = cached.with_name(f"{cached.name}.{os.getpid()}.partial")
    partial.write_bytes(gzip.compress(without_zero_pages(raw.read_bytes()), compresslevel=9, mtime=0))
    raw.unlink()
    shutil.move(partial, cached)  # only a complete snapshot ever carries the final name
    return cached


def compiled_stdlib(snapshot):
    """The zip, beside the snapshot, of the standard library's modules that its state was imported from,
    compiled (paths as in the library's zip, .pyc for .py)."""
    return snapshot.with_name(f"{snapshot.name}.stdlib.zip")


def without_zero_pages(memory):
    """memory (bytes) in the layout of SPARSE_MAGIC: every page that holds a byte other than zero, in
    spans of consecutive pages."""
    view = memoryview(memory)
    spans = []
    for start in range(0, len(view), PAGE):
        page = view[start : start + PAGE]
        if not any(page):
            continue
        if spans and sum(spans[-1]) == start:
            spans[-1][1] += len(page)
        else:
            spans.append([start, len(page)])
    words = [word for span in spans for word in span]
    head = struct.pack(f"<4sII{len(words)}I", SPARSE_MAGIC, len(view), len(spans), *words)
    return head + b"".join(view[start : start + length] for start, length in spans)
