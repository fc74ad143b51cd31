"""Make data/names.txt, the names microgpt trains on, from the `names` package on PyPI.

    python -m gradlab.names_data

names 0.3.0 (MIT licence) holds the 1990 US census first-name lists, dist.female.first and
dist.male.first. The source archive is downloaded with pip and checked against its sha256; the
names are lower-cased, kept if made of the letters a to z only, de-duplicated, and sorted.
"""

import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from gradlab.runtime import sha256_of

PACKAGE = "names==0.3.0"
ARCHIVE_SHA256 = "726e46254f2ed03f1ffb5d941dae3bc67c35123941c29becd02d48d0caa2a671"
LISTS = ("names-0.3.0/names/dist.female.first", "names-0.3.0/names/dist.male.first")
OUT = Path(__file__).resolve().parent.parent / "data" / "names.txt"


def download_archive(folder):
    """names 0.3.0's source archive from PyPI, checked against its pinned sha256."""
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary=:all:", "--dest"]
    subprocess.run([*command, str(folder), PACKAGE], check=True)
    archive = Path(folder) / "names-0.3.0.tar.gz"
    if sha256_of(archive) != ARCHIVE_SHA256:
        raise SystemExit(f"{archive.name} has sha256 {sha256_of(archive)}, not the pinned {ARCHIVE_SHA256}")
    return archive


def census_names(archive):
    """The first names of both census lists: lower-case, letters a to z only, each once, sorted."""
    names = set()
    with tarfile.open(archive) as tar:
        for member in LISTS:
            for line in tar.extractfile(member).read().decode("ascii").splitlines():
                name = line.split()[0].lower() if line.strip() else ""
                if name.isascii() and name.isalpha():
                    names.add(name)
    return sorted(names)


def main():
    with tempfile.TemporaryDirectory() as folder:
        names = census_names(download_archive(folder))
    OUT.write_text("\n".join(names) + "\n", encoding="ascii")
    print(f"wrote {len(names)} names to {OUT}")


if __name__ == "__main__":
    main()
