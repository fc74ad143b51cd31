"""A memory snapshot of Pyodide with the engine imported, made once per runtime and engine."""

import hashlib
import shutil
import subprocess
from pathlib import Path

MAKER = Path(__file__).with_name("make_snapshot.mjs")


class SnapshotError(Exception):
    """Node could not make the snapshot; the message carries its report."""


def make_snapshot(node_modules, pyodide_version, engine_wheel, cache_dir):
    """Return the path of the snapshot for this Pyodide and this engine wheel, making it if new."""
    key = hashlib.sha256(pyodide_version.encode() + Path(engine_wheel).read_bytes() + MAKER.read_bytes()).hexdigest()
    cached = Path(cache_dir) / f"snapshot-{key[:16]}.bin"
    if cached.exists():
        return cached
    cached.parent.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(".partial")
    command = ["node", str(MAKER), str(Path(node_modules) / "pyodide"), str(engine_wheel), str(partial)]
    completed = subprocess.run(command, capture_output=True, text=True)
    if completed.returncode != 0:
        raise SnapshotError(f"making Python's memory snapshot failed:\n{completed.stderr.strip()[-2000:]}")
    shutil.move(partial, cached)  # only a complete snapshot ever carries the final name
    return cached
