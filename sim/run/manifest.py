"""out/manifest.json: what produced a results dataset, and the guard against mixing two jobs in one.

The manifest holds the job parameters (seed, games, chunking, detail, options and each matchup's
decks and policies, with a fingerprint of each deck's contents) next to provenance (versions, git
revision, wall time). A rerun into the same directory resumes only if the job parameters are
equal; otherwise finished parts from another job would be silently mixed into the results.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import platform
import subprocess
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from sim.cards.model import Deck
from sim.errors import InputError
from sim.run.parts import durable_replace

MANIFEST = "manifest.json"
JOB_KEYS = ("seed", "games", "chunk", "detail", "options", "matchups", "engines")
DEPENDENCIES = ("tcgsim", "numpy", "numba", "polars", "pyarrow", "typer", "rich", "ray")


def deck_fingerprint(deck: Deck) -> str:
    """sha256 of the deck's game, name and every card record per zone (insensitive to hash seeds)."""

    def plain(value: Any) -> Any:
        if isinstance(value, frozenset | set):
            return sorted(plain(v) for v in value)
        if isinstance(value, tuple | list):
            return [plain(v) for v in value]
        if dataclasses.is_dataclass(value):
            return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return value

    body = {"game": deck.game, "name": deck.name,
            "zones": {z: [[plain(c), n] for c, n in cards] for z, cards in sorted(deck.zones.items())},
            "rules": {k: str(v) for k, v in sorted(deck.rules.items())}}
    return hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()[:16]


def versions() -> dict[str, str]:
    found = {"python": platform.python_version()}
    for name in DEPENDENCIES:
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            continue
    return found


def git_revision() -> str | None:
    """HEAD of the source tree the package runs from, "+dirty" if it has uncommitted changes."""
    root = Path(__file__).resolve().parents[2]
    try:
        rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=10)
        if rev.returncode != 0:
            return None
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                               capture_output=True, text=True, timeout=10)
        return rev.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return None


def read(out: Path) -> dict[str, Any] | None:
    path = out / MANIFEST
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError, RecursionError) as exc:
        reason = type(exc).__name__ if isinstance(exc, RecursionError) else exc
        raise InputError(path, f"unreadable manifest ({reason}); delete it or use another output directory") from None
    if not (isinstance(data, dict) and isinstance(data.get("job"), dict)
            and isinstance(data.get("runs", []), list) and isinstance(data.get("parts", {}), dict)):
        raise InputError(path, "malformed manifest (expected an object with `job`, `runs` and `parts`); "
                               "delete it or use another output directory")
    return data


def write(out: Path, manifest: dict[str, Any]) -> None:
    """Atomic and durable: a crash or a full disk leaves the previous manifest, never a half one or a tmp file."""
    path = out / MANIFEST
    tmp = path.with_name(f"{MANIFEST}.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps(manifest, indent=2, sort_keys=False) + "\n")
        durable_replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def deck_entry(deck: Deck) -> dict[str, Any]:
    """A matchup's record of one deck: its name, game, file, fingerprint and the card pool it was read through."""
    path = getattr(deck, "path", None)
    return {"name": deck.name, "game": deck.game, "path": str(Path(path).resolve()) if path else None,
            "fingerprint": deck_fingerprint(deck), "pool": str(deck.pool) if deck.pool else None}


def recorded_deck(entry: dict[str, Any]) -> Deck:
    """The deck a deck entry records, loaded again from its file with the pool it was read through."""
    from sim.decks.deckfile import load_deck

    return load_deck(Path(entry["path"]), entry.get("pool"))


def _comparable(value: Any) -> Any:
    """Deck file and pool paths are provenance, not identity: the same deck moved (same fingerprint) still resumes."""
    if isinstance(value, list):
        return [_comparable(v) for v in value]
    if isinstance(value, dict):
        return {k: _comparable(v) for k, v in value.items() if k not in ("path", "pool")}
    return value


def check_resumable(out: Path, job: dict[str, Any]) -> dict[str, Any] | None:
    """The existing manifest if `out` holds the same job; InputError naming what differs otherwise."""
    old = read(out)
    if old is None:
        if any((out / "games").glob("part-*.parquet")):
            raise InputError(out, "holds result parts but no manifest.json; use an empty output directory")
        return None
    previous = old.get("job", {})
    differs = [k for k in JOB_KEYS if _comparable(previous.get(k)) != _comparable(job.get(k))]
    if differs == ["engines"]:
        changed = sorted(g for g, d in job["engines"].items() if (previous.get("engines") or {}).get(g) != d)
        raise InputError(out / MANIFEST, f"written by another version of the {', '.join(changed)} engine (its code "
                                         "changed since), whose games would not be comparable with new ones; use "
                                         "another output directory or delete this one")
    if differs:
        raise InputError(out / MANIFEST, f"written by a different job (differs in: {', '.join(differs)}); "
                                         "use another output directory or delete this one")
    return old
