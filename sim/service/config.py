"""Service settings and the named card pools a request may choose (a request never names a path)."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass, field
from pathlib import Path

from sim.errors import InputError

REPO = Path(__file__).resolve().parents[2]
SHARED_FFTCG = REPO.parent / "shared" / "data" / "fftcg"
POOLS_ENV = "TCGSIM_SERVICE_POOLS"  # NAME=PATH entries separated by os.pathsep
TOKEN_ENV = "TCGSIM_TOKEN"


@dataclass(frozen=True)
class Settings:
    data: Path
    pools: dict[str, Path] = field(default_factory=dict)  # name -> pool file, resolved at startup
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1  # jobs running at once; the rest wait in the queue
    backend: str = "local"
    token: str | None = None
    max_job_games: int = 2_000_000  # games per job, all matchups together
    max_samples: int = 10_000_000  # odds: simulated openings per job
    max_body: int = 2 << 20  # request bytes
    max_queued: int = 100


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def default_pools() -> dict[str, Path]:
    """The FFTCG pools of ../shared/data/fftcg (the Square export first: the default), then each
    game's example pool shipped in decks/<game>/cards.csv as `<game>-example`."""
    found = sorted(SHARED_FFTCG.glob("*.json"), key=lambda p: ("square" not in p.name, p.name))
    pools = {p.stem: p for p in found}
    for csv in sorted((REPO / "decks").glob("*/cards.csv")):
        pools[f"{csv.parent.name}-example"] = csv
    return pools


def parse_pools(items: list[str]) -> dict[str, Path]:
    """NAME=PATH entries (from --pool or TCGSIM_SERVICE_POOLS), each file checked now."""
    pools = {}
    for item in items:
        name, sep, path = item.partition("=")
        if not sep or not name.strip() or not path.strip():
            raise InputError("--pool", f"expected NAME=PATH, got {item!r}")
        p = Path(path.strip()).expanduser().resolve()
        if not p.is_file():
            raise InputError("--pool", f"{p}: card pool file not found")
        pools[name.strip()] = p
    return pools


def configured_pools(items: list[str]) -> dict[str, Path]:
    env = [e for e in os.environ.get(POOLS_ENV, "").split(os.pathsep) if e]
    return parse_pools(items or env) if (items or env) else default_pools()


def pool_game(path: Path) -> str | None:
    """fftcg for the FFTCG JSON exports; the directory's game for decks/<game>/cards.csv."""
    if path.suffix.lower() == ".json":
        return None  # detected from the content
    return path.parent.name
