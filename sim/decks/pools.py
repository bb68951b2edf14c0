"""Card pools: load a pool file into {code: Card}, whatever its format.

Formats (detected from the content, see shared/data/README.md):
- FFTCG Square API export (objects with "id" and "element"): ids, reprint halves and rarity-less
  serials are all keys; an FFDecks export in the same directory (`*ffdecks*.json`) fills in the
  elements the Square file drops and the multi-playable (generic) flag.
- FFTCG FFDecks export (objects with "serial_number").
- CODE OF JOKER catalog (objects with "bp"/"species"/"ability").
- our generic CSV / JSON pools (sim.decks.generic_pool); these need `game`.
Parsed pools are cached per (path, mtime) in-process.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sim.cards.model import CARD_TYPES, Card
from sim.decks import generic_pool as generic
from sim.errors import InputError
from sim.games.coj import pool as coj_catalog
from sim.games.fftcg import pool as fftcg_json
from sim.limits import MAX_POOL_BYTES, check_file_size, file_text

FORMATS = ("fftcg_square", "fftcg_ffdecks", "coj_catalog", "generic")
FORMAT_GAME = {"fftcg_square": "fftcg", "fftcg_ffdecks": "fftcg", "coj_catalog": "coj"}


@dataclass(frozen=True)
class Pool:
    path: Path
    game: str
    format: str
    cards: dict[str, Card]  # every key a deck may use -> card (aliases share one Card)
    skipped: dict[str, tuple[str, ...]] = field(default_factory=dict)  # reason -> codes not imported

    def unique(self) -> list[Card]:
        """Each card once (aliases removed), in file order."""
        seen: dict[int, Card] = {}
        for card in self.cards.values():
            seen.setdefault(id(card), card)
        return list(seen.values())


_CACHE: dict[tuple[Path, str | None], tuple[tuple[int, ...], Pool]] = {}


def _read_json(path: Path) -> Any:
    try:
        return json.loads(file_text(path, MAX_POOL_BYTES).decode("utf-8"))
    except RecursionError:
        raise InputError(path, "JSON nested too deeply") from None
    except UnicodeDecodeError as exc:
        raise InputError(path, f"not UTF-8 text: {exc}") from None
    except json.JSONDecodeError as exc:
        raise InputError(path, f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None


def detect_format(data: Any) -> str:
    """Which importer reads this parsed JSON value."""
    if isinstance(data, list) and data and isinstance(data[0], dict):
        first = data[0]
        if "serial_number" in first:
            return "fftcg_ffdecks"
        if "id" in first and "element" in first and "code" not in first:
            return "fftcg_square"
        if "id" in first and ("species" in first or "ability" in first):
            return "coj_catalog"
    return "generic"


def _sibling_ffdecks(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.glob("*ffdecks*.json") if p != path)


def _stamp(paths: list[Path]) -> tuple[int, ...]:
    return tuple(p.stat().st_mtime_ns for p in paths)


def load_pool_info(path: Path, game: str | None = None) -> Pool:
    """Load (or fetch from the cache) a pool with its format and what was skipped."""
    path = Path(path)
    if not path.is_file():
        raise InputError(path, "card pool file not found")
    if game is not None and game not in CARD_TYPES:
        raise InputError(path, f"unknown game {game!r} (one of: {', '.join(CARD_TYPES)})")
    key = (path.resolve(), game)
    siblings = _sibling_ffdecks(path) if path.suffix.lower() == ".json" else []
    stamp = _stamp([path, *siblings])
    cached = _CACHE.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    pool = _load(path, game, siblings)
    _CACHE[key] = (stamp, pool)
    return pool


def load_pool(path: Path, game: str | None = None) -> dict[str, Card]:
    """code -> Card for a pool file (FFTCG JSON exports, the CoJ catalog, or a generic CSV/JSON pool)."""
    return load_pool_info(path, game).cards


def _load(path: Path, game: str | None, siblings: list[Path]) -> Pool:
    skipped: dict[str, list[str]] = {}
    check_file_size(path, MAX_POOL_BYTES)
    if path.suffix.lower() == ".csv":
        fmt, data = "generic", None
    elif path.suffix.lower() == ".json":
        data = _read_json(path)
        fmt = detect_format(data)
    else:
        raise InputError(path, f"unknown pool file type {path.suffix!r} (use .json or .csv)")
    expected = FORMAT_GAME.get(fmt)
    if expected is not None and game not in (None, expected):
        raise InputError(path, f"this is a {expected} card file ({fmt}), not a {game} pool")
    if fmt == "fftcg_square":
        ffdecks: dict[str, dict[str, Any]] = {}
        for sibling in siblings:
            sibling_data = _read_json(sibling)
            if detect_format(sibling_data) == "fftcg_ffdecks":
                ffdecks.update(fftcg_json.ffdecks_index(sibling, sibling_data))
        cards = fftcg_json.load_square(path, data, ffdecks, skipped)
    elif fmt == "fftcg_ffdecks":
        cards = fftcg_json.load_ffdecks(path, data, skipped)
    elif fmt == "coj_catalog":
        cards = coj_catalog.load_catalog(path, data, skipped)
    else:
        if game is None:
            raise InputError(path, "a generic card pool needs its game (fftcg, gbf, pso2, coj or generic)")
        cards = generic.load_generic(path, game)
        expected = game
    return Pool(path=path, game=expected or game or "", format=fmt, cards=cards,
                skipped={reason: tuple(codes) for reason, codes in skipped.items()})
