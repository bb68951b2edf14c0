"""Parquet parts of a results dataset: durable writes, and the checks that find damaged parts.

A part is written under a temporary name, fsynced, renamed into place and its directory fsynced,
so after a crash a part is either whole or absent. Its row count, size and sha256 go into the
manifest ("parts"); a part is only trusted when it matches that record. That is what catches a
zero-length part, flipped bytes or a part copied in from another job, none of which a "does the
file exist" test notices.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow.parquet as pq

from sim.errors import InputError

TABLES = ("games", "turns", "cards")


def part_name(table: str, matchup: int, start: int) -> str:
    """The part's path relative to the results directory (the key of its manifest record)."""
    return f"{table}/part-{matchup:04d}-{start:010d}.parquet"


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def durable_replace(tmp: Path, final: Path) -> None:
    """fsync `tmp`, rename it to `final`, fsync the directory: the rename survives a crash."""
    with tmp.open("rb") as fh:
        os.fsync(fh.fileno())
    os.replace(tmp, final)
    fsync_dir(final.parent)


def _os_error(exc: Exception, path: Path) -> OSError | None:
    """polars reports a failed file write (a full disk: "No space left on device (os error 28)") as a
    ComputeError; as an OSError it reaches the user as one line naming the file, like any write error."""
    found = re.search(r"os error (\d+)", str(exc))
    if not found:
        return None
    code = int(found.group(1))
    return OSError(code, os.strerror(code), str(path))


def write_part(out: Path, name: str, frame: pl.DataFrame) -> dict[str, Any]:
    """Write one part durably; returns its manifest record. A failed write leaves no temporary file."""
    final = out / name
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = final.with_name(f"{final.name}.{os.getpid()}.tmp")
    try:
        try:
            frame.write_parquet(tmp, compression="zstd")
        except pl.exceptions.PolarsError as exc:
            error = _os_error(exc, tmp)
            if error is None:
                raise
            raise error from exc
        durable_replace(tmp, final)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return {"rows": frame.height, "bytes": final.stat().st_size, "sha256": sha256(final)}


def problem(out: Path, name: str, record: dict[str, Any] | None) -> str | None:
    """Why the part `name` cannot be trusted, or None if it matches its manifest record."""
    path = out / name
    if not isinstance(record, dict):
        return "not recorded in manifest.json"
    if not path.is_file():
        return "missing"
    size = path.stat().st_size
    if size != record.get("bytes"):
        return f"{size:,} bytes, the manifest recorded {record.get('bytes')!r}"
    if sha256(path) != record.get("sha256"):
        return "checksum differs from the manifest (damaged or replaced)"
    return None


def readable(path: Path) -> str | None:
    """Why a part of a dataset without part records cannot be read, or None."""
    try:
        pq.read_metadata(path)
    except Exception as exc:  # pyarrow raises several types for a damaged file
        return f"not a readable Parquet file ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})"
    return None


def adopt(out: Path, name: str, matchup: int, start: int, n: int) -> dict[str, Any] | None:
    """The record for a part written by a tcgsim that kept no part records, if it holds what its
    name says: readable, and (for a games part) exactly the games start..start+n-1 of `matchup`.
    None if not: the chunk is then played again."""
    path = out / name
    if not path.is_file() or readable(path):
        return None
    if name.startswith("games/"):
        games = pl.read_parquet(path, columns=["matchup", "index"])
        if (games.height != n or games["matchup"].n_unique() != 1 or games["matchup"][0] != matchup
                or games["index"].sort().to_list() != list(range(start, start + n))):
            return None
    return {"rows": pq.read_metadata(path).num_rows, "bytes": path.stat().st_size, "sha256": sha256(path)}


def verify(out: Path, manifest: dict[str, Any] | None) -> None:
    """InputError naming the first untrustworthy part of the dataset `out` (and how many there are).

    With part records every part on disk must match its record and every recorded part must be
    there; a dataset without records (written by hand or an older tcgsim) only needs readable parts."""
    records = (manifest or {}).get("parts")
    on_disk = sorted(str(p.relative_to(out)) for t in TABLES for p in (out / t).glob("part-*.parquet"))
    if isinstance(records, dict):
        bad = [(n, problem(out, n, records.get(n))) for n in sorted(set(on_disk) | set(records))]
    else:
        bad = [(n, readable(out / n)) for n in on_disk]
    bad = [(n, why) for n, why in bad if why]
    if bad:
        more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
        raise InputError(out / bad[0][0], f"{bad[0][1]}{more}; run the same job again to replay damaged parts")
