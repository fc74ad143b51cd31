"""What boot_from_part.mjs boots Pyodide under Node from, found in a built site."""

from pathlib import Path
from typing import NamedTuple


class SiteRuntime(NamedTuple):
    boot: Path  # the part of the standard library a boot without the snapshot fetches
    whole: Path  # the whole standard library, which the finder of the rest reads from
    wheel: Path  # the engine wheel the site ships


def site_runtime(site):
    """The built site's SiteRuntime."""
    site = Path(site)
    (runtime,) = site.glob("pyodide-*")
    (boot,) = runtime.glob("python_stdlib_boot.*.zip")
    (wheel,) = (site / "wheels").glob("*/*.whl")
    return SiteRuntime(boot, runtime / "python_stdlib.zip", wheel)
