"""Errors a user can fix: bad files, unknown cards, bad options. The CLI prints them on one line."""

from __future__ import annotations

from pathlib import Path


class InputError(Exception):
    """Bad input: names the file (or option) and the problem. The CLI exits 2 without a traceback."""

    def __init__(self, where: str | Path, message: str):
        self.where = str(where)
        self.message = message
        super().__init__(f"{self.where}: {message}")
