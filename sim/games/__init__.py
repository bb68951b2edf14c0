"""Game engines by name. Each module has the same small interface (see sim/games/README in DESIGN)."""

from __future__ import annotations

import importlib
from types import ModuleType

from sim.errors import InputError

ENGINES: dict[str, str] = {
    "coj": "sim.games.coj",
    "fftcg": "sim.games.fftcg",
    "gbf": "sim.games.gbf",
    "null": "sim.games.null",
    "pso2": "sim.games.pso2",
}


def get_engine(game: str) -> ModuleType:
    if game not in ENGINES:
        implemented = ", ".join(sorted(ENGINES)) or "none yet"
        raise InputError("game", f"no engine for {game!r} (engines: {implemented})")
    return importlib.import_module(ENGINES[game])
