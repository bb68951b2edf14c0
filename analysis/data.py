"""Open a results directory (games/, turns/, cards/ Parquet parts + manifest.json) as lazy frames.

Also the "perspective" view every per-deck pipeline starts from: each game seen once from each
seat, so a deck's games are the same whether it sat in seat a or b.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from sim.errors import InputError

# Aggregations run on polars' streaming engine, so a large cards table is processed in batches
# (operations it does not support fall back to the in-memory engine on their own).
ENGINE = "streaming"


@dataclass
class Results:
    games: pl.LazyFrame
    turns: pl.LazyFrame | None = None
    cards: pl.LazyFrame | None = None
    manifest: dict = field(default_factory=dict)
    root: Path | None = None  # the results directory, when read from one


def _scan(folder: Path) -> pl.LazyFrame | None:
    parts = sorted(folder.glob("*.parquet")) if folder.is_dir() else []
    return pl.scan_parquet(parts) if parts else None


def open_results(path: Path) -> Results:
    """The tables of one results directory; InputError if it has no games."""
    path = Path(path)
    games = _scan(path / "games")
    if games is None:
        raise InputError(path, "no results here (expected games/*.parquet, written by tcgsim run/balance)")
    manifest: dict = {}
    if (path / "manifest.json").is_file():
        try:
            manifest = json.loads((path / "manifest.json").read_text())
        except json.JSONDecodeError as exc:
            raise InputError(path / "manifest.json", f"not valid JSON ({exc})") from None
    return Results(games, _scan(path / "turns"), _scan(path / "cards"), manifest, path)


def from_frames(games: pl.DataFrame, turns: pl.DataFrame | None = None,
                cards: pl.DataFrame | None = None, manifest: dict | None = None) -> Results:
    """Results over in-memory frames (tests, or a batch that was never written)."""
    return Results(games.lazy(), None if turns is None else turns.lazy(),
                   None if cards is None else cards.lazy(), manifest or {})


def perspective(games: pl.LazyFrame) -> pl.LazyFrame:
    """One row per game and seat: deck, opponent, on the play or not, won/lost/draw, mulligans.

    A draw and a double loss are neither a win nor a loss (see analysis.winrates for how rates count them).
    """
    sides = []
    for seat, other in (("a", "b"), ("b", "a")):
        sides.append(games.select(
            "game_id", "game", "matchup", "index", "seed",
            pl.lit(seat).alias("seat"),
            pl.col(f"deck_{seat}").alias("deck"),
            pl.col(f"policy_{seat}").alias("policy"),
            pl.col(f"deck_{other}").alias("opponent"),
            pl.col(f"policy_{other}").alias("opponent_policy"),
            (pl.col("first_player") == seat).alias("on_play"),
            (pl.col("winner") == seat).alias("won"),
            (pl.col("winner") == other).alias("lost"),
            pl.col("winner").is_in(["draw", "double_loss"]).alias("drawn"),
            pl.col(f"mulligans_{seat}").cast(pl.Int32).alias("mulligans"),
            "turns", "end_reason",
        ))
    return pl.concat(sides)
