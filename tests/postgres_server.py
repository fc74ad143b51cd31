"""A PostgreSQL server of the tests' own: a new cluster in a temporary folder on a free port, removed after.

PostgreSQL refuses to run as root, so as root its programs run as the `postgres` user (which
Debian's package creates), in a folder handed to that user.
`python -m tests.postgres_server` prints where the server's programs are, or fails without them.
"""

import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

SUPERUSER = "postgres"
DEBIAN_VERSIONS = Path("/usr/lib/postgresql")  # holds 15/bin/initdb, ...
INSTALL_HINT = (
    "install Debian's PostgreSQL with `apt-get install -y postgresql` (`make test` does it), "
    "or set GRADLAB_POSTGRES_BIN to the folder holding initdb and pg_ctl"
)
# A throwaway cluster keeps nothing through a crash, so it need not wait for the disk.
SETTINGS = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}


class PostgresNotFound(RuntimeError):
    """No PostgreSQL server programs on this machine."""


def find_postgres_bin():
    """The folder of PostgreSQL's server programs: $GRADLAB_POSTGRES_BIN, Debian's newest, or PATH's; else None."""
    chosen = os.environ.get("GRADLAB_POSTGRES_BIN")
    if chosen:
        return Path(chosen) if (Path(chosen) / "initdb").exists() else None
    debian = sorted(DEBIAN_VERSIONS.glob("*/bin/initdb"), key=lambda initdb: float(initdb.parent.parent.name))
    if debian:
        return debian[-1].parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


class ThrowawayPostgres:
    """A PostgreSQL server on 127.0.0.1 with trust authentication and one database, for one test session.

    Use it as a context manager, or call start() and stop(). `url` is the database's SQLAlchemy URL.
    """

    def __init__(self, database="gradlab"):
        self.database = database
        self.folder = None
        self.port = None
        self._bin = None

    @property
    def url(self):
        return self.url_of(self.database)

    @property
    def data_directory(self):
        return self.folder / "data"

    def url_of(self, database):
        """The SQLAlchemy URL of one of this server's databases."""
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def start(self):
        """Make the cluster, start the server and create the database; raise PostgresNotFound without PostgreSQL."""
        self._bin = find_postgres_bin()
        if self._bin is None:
            raise PostgresNotFound(
                f"No PostgreSQL server programs found (looked at $GRADLAB_POSTGRES_BIN, "
                f"{DEBIAN_VERSIONS}/*/bin, PATH): {INSTALL_HINT}"
            )
        self.folder = Path(tempfile.mkdtemp(prefix="gradlab-postgres-"))
        try:
            (self.folder / "socket").mkdir()
            if os.geteuid() == 0:
                hand_to_superuser(self.folder)
            self._run(
                "initdb",
                "--pgdata",
                self.data_directory,
                "--username",
                SUPERUSER,
                "--auth",
                "trust",
                "--encoding",
                "UTF8",
                "--locale",
                "C",
                "--no-sync",
                "--no-instructions",
            )
            self.port = free_port()
            self._configure()
            self._run(
                "pg_ctl",
                "start",
                "--wait",
                "--timeout",
                "60",
                "--pgdata",
                self.data_directory,
                "--log",
                self.folder / "server.log",
            )
            self.create_database(self.database)
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self):
        """Stop the server (what it holds is thrown away, so at once) and remove its folder."""
        if self.folder is None:
            return
        if (self.data_directory / "postmaster.pid").exists():
            self._run("pg_ctl", "stop", "--wait", "--mode", "immediate", "--pgdata", self.data_directory)
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    def create_database(self, name):
        """A new empty database on this server (for a test that wants one of its own); return its URL."""
        self._run("createdb", "--host", "127.0.0.1", "--port", str(self.port), "--username", SUPERUSER, name)
        return self.url_of(name)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc_info):
        self.stop()

    def _configure(self):
        """Listen on 127.0.0.1 at our port, with the socket in our folder, and skip waiting for the disk."""
        settings = {
            "listen_addresses": "'127.0.0.1'",
            "port": str(self.port),
            "unix_socket_directories": f"'{self.folder / 'socket'}'",
            **SETTINGS,
        }
        with open(self.data_directory / "postgresql.conf", "a") as conf:
            conf.writelines(f"{name} = {value}\n" for name, value in settings.items())

    def _run(self, program, *args):
        """Run one of PostgreSQL's programs (as `postgres` when we are root); raise with its output if it fails."""
        command = [str(self._bin / program), *map(str, args)]
        if os.geteuid() == 0:
            command = ["runuser", "-u", SUPERUSER, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.folder)
        if done.returncode != 0:
            log = self.folder / "server.log"
            raise RuntimeError(
                f"PostgreSQL's {program} failed ({done.returncode}): {done.stderr.strip()}"
                + (f"\nserver log:\n{log.read_text()[-2000:]}" if log.exists() else "")
            )


def hand_to_superuser(folder):
    """Give the folder to the `postgres` user, as PostgreSQL will not run as root."""
    try:
        user = pwd.getpwnam(SUPERUSER)
    except KeyError:
        raise PostgresNotFound(
            f"Running as root, PostgreSQL needs a user named {SUPERUSER!r} to run as, and there is none: {INSTALL_HINT}"
        ) from None
    for path in (folder, folder / "socket"):
        os.chown(path, user.pw_uid, user.pw_gid)


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


if __name__ == "__main__":
    bin_dir = find_postgres_bin()
    print(bin_dir or f"no PostgreSQL found: {INSTALL_HINT}")
    sys.exit(0 if bin_dir else 1)
