"""The rest of Python's standard library, for the page's Python: this module runs there, not in the build.

A normal boot (one not restored from the memory snapshot) fetches only the part of the standard library
that Python's start-up and the engine's import read, with this module in it (gradlab/boot_stdlib.py).
install() adds a finder, consulted after Python's own: the first import of a module of the rest fetches
the whole library, once, and every later one is found in it. A name the library does not have is not
found, as before, and fetches nothing."""

import sys
from importlib.machinery import PathFinder

WHOLE = "/lib/python_stdlib_whole.zip"  # where the whole library is written once fetched
MODULES = frozenset()  # every module of the whole library, by name: written here by the build


def install(fetch):
    """fetch(path): writes the whole library's zip at path, or raises. Called at most once that succeeds."""
    boot = next(entry for entry in sys.path if entry.endswith(".zip"))
    sys.meta_path.append(RestOfStdlib(fetch, boot))


class RestOfStdlib:
    """A meta path finder for the modules of the standard library that the boot's part left out."""

    def __init__(self, fetch, boot):
        self.fetch = fetch
        self.boot = boot
        self.fetched = False

    def find_spec(self, name, path=None, target=None):
        if name not in MODULES:
            return None
        if not self.fetched:
            self.fetch_whole(name)
        # A submodule is looked for where its package is: in the boot's part, that place in the whole.
        where = [WHOLE + entry[len(self.boot) :] for entry in path or [] if entry.startswith(self.boot)]
        return PathFinder.find_spec(name, where if path else [WHOLE], target)

    def fetch_whole(self, name):
        try:
            self.fetch(WHOLE)
        except Exception as error:  # the network's or the host's: the import fails, a later one tries again
            raise ImportError(
                f"{name} is part of Python's standard library, which this page could not download "
                f"({error}). Check the connection, then run your code again.",
                name=name,
            ) from None
        self.fetched = True
        sys.path.append(WHOLE)  # a later import of the rest is found there by Python's own finder
