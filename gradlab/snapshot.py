"""A memory snapshot of Pyodide with the engine imported, made once per runtime and engine."""

import gzip
import hashlib
import shutil
import subprocess
from pathlib import Path

MAKER = Path(__file__).with_name("make_snapshot.mjs")


class SnapshotError(Exception):
    """Node could not make the snapshot; the message carries its report."""


def make_snapshot(node_modules, pyodide_version, engine_wheel, cache_dir):
    """Return the path of the gzipped snapshot for this Pyodide and this engine wheel, making it if new.

    Gzipped by the build, not left to the host: most of a snapshot is zeros (31 MB, 6 MB gzipped), and
    a plain static host sends a file as it is. The worker inflates it with DecompressionStream."""
    key = hashlib.sha256(pyodide_version.encode() + Path(engine_wheel).read_bytes() + MAKER.read_bytes()).hexdigest()
    cached = Path(cache_dir) / f"snapshot-{key[:16]}.bin.gz"
    if cached.exists():
        return cached
    cached.parent.mkdir(parents=True, exist_ok=True)
    raw = cached.with_name(cached.name + ".raw")
    command = ["node", str(MAKER), str(Path(node_modules) / "pyodide"), str(engine_wheel), str(raw)]
    completed = subprocess.run(command, capture_output=True, text=True)
    if completed.returncode != 0:
        raise SnapshotError(f"making Python's memory snapshot failed:\n{completed.stderr.strip()[-2000:]}")
    partial = cached.with_name(cached.name + ".partial")
    with raw.open("rb") as source, partial.open("wb") as file:
        with gzip.GzipFile(fileobj=file, mode="wb", compresslevel=9, mtime=0) as target:
            shutil.copyfileobj(source, target)
    raw.unlink()
    shutil.move(partial, cached)  # only a complete snapshot ever carries the final name
    return cached
