"""The page script: static/page/ and the pinned npm packages it imports, bundled by esbuild."""

import subprocess
from pathlib import Path


class BundleError(Exception):
    """esbuild could not bundle the page script; the message carries esbuild's own report."""


def bundle_page_script(node_modules, entry, out_file, aliases=None):
    """Bundle entry and its imports into one minified ES module (plus its CSS beside it). aliases maps
    an import name to the file it stands for (the block kinds' page modules: gradlab/blocks)."""
    esbuild = Path(node_modules) / ".bin" / "esbuild"
    if not esbuild.exists():
        raise BundleError(f"{esbuild} is missing: run `npm ci` (make site does) to fetch the pinned esbuild")
    command = [
        str(esbuild),
        str(entry),
        "--bundle",
        "--format=esm",
        "--minify",
        "--target=es2022",
        "--legal-comments=none",
        "--log-level=warning",
        f"--outfile={out_file}",
        *(f"--alias:{name}={Path(path).resolve()}" for name, path in (aliases or {}).items()),
    ]
    completed = subprocess.run(command, capture_output=True, text=True)
    if completed.returncode != 0:
        raise BundleError(f"bundling {entry} failed:\n{completed.stderr.strip()}")
    return out_file
