"""One writer per results directory: an exclusive fcntl.flock on out/.lock (Linux).

Without it two runs into one directory mixed their games and deleted each other's temporary
files. The lock file holds who has it (pid, host, command, start time) so that the second run can
say whom it waits for; the kernel drops the lock when the holder exits, even on SIGKILL, so a
stale lock file never blocks anyone.
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from sim.errors import InputError

LOCK = ".lock"


def holder(path: Path) -> str:
    """Who holds the lock, as written in the lock file by the holder."""
    try:
        info = json.loads(path.read_text() or "{}")
        return (f"pid {info['pid']} on {info['host']}, started {info['started']}: "
                f"{' '.join(str(a) for a in info['command'])}")
    except (OSError, ValueError, KeyError, TypeError):
        return "another process (no holder details)"


@contextmanager
def locked(out: Path, shared: bool = False) -> Iterator[None]:
    """Hold the directory's lock for the block; InputError naming the holder if a run has it.

    Writers take it exclusively; readers (`report`) take it shared, so they never read a dataset
    that a run is still writing, and never block each other."""
    path = Path(out) / LOCK
    if shared and not path.exists():  # no locking run ever wrote here: nothing to wait for, nothing to create
        yield
        return
    try:
        fd = os.open(path, os.O_RDONLY) if shared else os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise InputError(path, f"cannot open the lock file ({exc.strerror})") from None
    try:
        try:
            fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            raise InputError(out, f"in use by another run ({holder(path)}); wait for it to finish or use "
                                  "another output directory") from None
        if shared:
            yield
            return
        info = {"pid": os.getpid(), "host": socket.gethostname(), "command": sys.argv,
                "started": datetime.now(UTC).isoformat(timespec="seconds")}
        os.ftruncate(fd, 0)
        os.pwrite(fd, json.dumps(info).encode(), 0)
        yield
    finally:
        os.close(fd)  # releases the lock
