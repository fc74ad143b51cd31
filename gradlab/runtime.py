"""The Python runtime the site serves itself: Pyodide's files, micropip, and the engine wheel."""

import base64
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

# Only what a page needs to boot: the loader, the runtime and the standard library.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
ENGINE_DISTRIBUTION = "gradlab_engine"


class RuntimeFilesError(Exception):
    """The runtime could not be assembled; the message says what to run."""


def vendor_pyodide(node_modules, site_dir, wheel_cache):
    """Copy Pyodide's runtime files into site_dir/pyodide-<version>/, with a lock that lists
    micropip as served; return {"version", "folder"}."""
    package = Path(node_modules) / "pyodide"
    if not (package / "pyodide.mjs").exists():
        raise RuntimeFilesError(f"{package} is missing: run `npm ci` (make site does) to fetch the pinned Pyodide")
    version = json.loads((package / "package.json").read_text())["version"]
    # The version in the folder's name lets browsers keep these files for good.
    folder = f"pyodide-{version}"
    out_dir = Path(site_dir) / folder
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(package / name, out_dir / name)
    lock = json.loads((package / "pyodide-lock.json").read_text())
    micropip = lock["packages"]["micropip"]
    wheel = fetch_wheel("micropip", micropip["version"], lock["info"]["python"], wheel_cache)
    shutil.copyfile(wheel, out_dir / micropip["file_name"])
    # PyPI's wheel differs from the one the lock was made for, and browsers check sha256:
    # serve a lock that describes the file we actually serve, and nothing we do not serve.
    micropip["sha256"] = sha256_of(wheel)
    served = {"info": lock["info"], "packages": {"micropip": micropip}}
    (out_dir / "pyodide-lock.json").write_text(json.dumps(served, indent=1, sort_keys=True))
    return {"version": version, "folder": folder}


def fetch_wheel(name, version, python_version, cache_dir):
    """Return the path of name==version's pure-Python wheel, downloading it from PyPI once."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    found = sorted(cache_dir.glob(f"{name}-{version}-*.whl"))
    if found:
        return found[0]
    major_minor = ".".join(python_version.split(".")[:2])
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
               "--python-version", major_minor, "--dest", str(cache_dir), f"{name}=={version}"]
    result = subprocess.run(command, capture_output=True, text=True)
    found = sorted(cache_dir.glob(f"{name}-{version}-*.whl"))
    if result.returncode != 0 or not found:
        raise RuntimeFilesError(f"could not download {name}=={version} from PyPI:\n{result.stderr.strip()}\n"
                            f"Check the network, or put the wheel into {cache_dir} by hand.")
    return found[0]


def sha256_of(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def build_engine_wheel(package_dirs, version, out_dir):
    """Pack the packages (engine/, grading/) into a pure-Python wheel, byte-for-byte the same for the same sources."""
    out_dir.mkdir(parents=True, exist_ok=True)
    tag = f"{ENGINE_DISTRIBUTION}-{version}"
    wheel_path = out_dir / f"{tag}-py3-none-any.whl"
    files = {f"{Path(package_dir).name}/{p.relative_to(package_dir).as_posix()}": p.read_bytes()
             for package_dir in package_dirs for p in sorted(Path(package_dir).rglob("*.py"))}
    dist_info = f"{tag}.dist-info"
    files[f"{dist_info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {ENGINE_DISTRIBUTION}\nVersion: {version}\n"
                                      "Summary: gradlab's scalar autograd engine and grader\n").encode()
    files[f"{dist_info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: gradlab build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files[f"{dist_info}/top_level.txt"] = "".join(f"{Path(d).name}\n" for d in package_dirs).encode()
    record = [f"{name},sha256={record_digest(data)},{len(data)}" for name, data in files.items()]
    files[f"{dist_info}/RECORD"] = ("\n".join(record + [f"{dist_info}/RECORD,,"]) + "\n").encode()
    with zipfile.ZipFile(wheel_path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            # A fixed timestamp keeps the wheel, and so its hash, reproducible.
            wheel.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return wheel_path


def record_digest(data):
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
