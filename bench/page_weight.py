"""The lesson page's own weight: the HTML, CSS and JS it loads, raw and gzipped, without Pyodide's runtime."""

import gzip
from pathlib import Path
from urllib.parse import unquote, urlsplit

COUNTED_TYPES = {".html": "HTML", ".css": "CSS", ".js": "JS", ".mjs": "JS"}


def weigh_page(site_dir, site_url, urls, runtime_folder):
    """Raw and gzip sizes of the HTML, CSS and JS files behind urls: per file, per type, in total; the rest named."""
    files = sorted({path for url in urls if (path := site_file(site_dir, site_url, url))})
    counted, left_out = [], []
    for path in files:
        name = path.relative_to(site_dir).as_posix()
        kind = COUNTED_TYPES.get(path.suffix)
        # Pyodide's files and the engine wheel are the runtime, measured by the bare boot, not the page.
        if kind is None or name.startswith(f"{runtime_folder}/") or path.suffix == ".whl":
            left_out.append(name)
            continue
        data = path.read_bytes()
        counted.append({"file": name, "type": kind, "raw": len(data), "gzip": len(gzip.compress(data, 9, mtime=0))})
    totals = {
        kind: {
            "raw": sum(f["raw"] for f in counted if f["type"] == kind),
            "gzip": sum(f["gzip"] for f in counted if f["type"] == kind),
        }
        for kind in sorted(set(COUNTED_TYPES.values()))
    }
    totals["total"] = {"raw": sum(f["raw"] for f in counted), "gzip": sum(f["gzip"] for f in counted)}
    return {"counted": counted, "totals": totals, "left_out": left_out, "runtime_folder": runtime_folder}


def site_file(site_dir, site_url, url):
    """The file in site_dir that url on the served site stands for, or None."""
    if not url.startswith(site_url):
        return None
    path = unquote(urlsplit(url).path).lstrip("/")
    candidate = Path(site_dir) / path
    if path == "" or path.endswith("/"):
        candidate = candidate / "index.html"
    return candidate if candidate.is_file() else None


def gzip_kb(paths):
    """The size of files, gzipped at level 9, in KB: what a first use of on-demand code costs."""
    return sum(len(gzip.compress(Path(path).read_bytes(), 9, mtime=0)) for path in paths) / 1024
