"""Open a results directory (games/, turns/, cards/ Parquet parts + manifest.json) as lazy frames.

Also the "perspective" view every per-deck pipeline starts from: each game seen once from each
seat, so a deck's games are the same whether it sat in seat a or b; and `batches`, the results cut
into groups of whole games for the pipelines that group the cards detail by game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq

from sim.errors import InputError

# Aggregations run on polars' streaming engine, so a large cards table is processed in batches
# (operations it does not support fall back to the in-memory engine on their own).
ENGINE = "streaming"

# Cards-detail rows per batch (`batches`): a group-by keyed on the game holds a group per game and card
# while it runs, about 200 bytes a row of the detail; 2 million rows keep that near 0.4 GB whatever the run's size.
BATCH_ROWS = 2_000_000

# A report runs a few hundred queries on the games table. Scanned, each pays for every part's footer and decode again
# (0.18 CPU-s a query over a 21-deck balance's 840 parts, 420,000 games); held in memory, 0.01 s. A table of up to this
# many rows (about 165 bytes a row: 0.5 GB) is read once; a bigger one stays scanned, so memory does not grow with a run.
HOLD_GAMES_ROWS = 3_000_000


@dataclass
class Results:
    games: pl.LazyFrame
    turns: pl.LazyFrame | None = None
    cards: pl.LazyFrame | None = None
    manifest: dict = field(default_factory=dict)
    root: Path | None = None  # the results directory, when read from one
    parts: tuple[str, ...] = ()  # the part file names under root's games/ (and turns/, cards/ where written)
    # batches' groups of part names by rows per batch: a report cuts the same results into batches for several
    # pipelines, and reading every cards part's footer again for each costs about a second over 840 parts
    batch_groups: dict[int, list[tuple[str, ...]] | None] = field(default_factory=dict, repr=False, compare=False)


def _scan(folder: Path, names: tuple[str, ...] | None = None) -> pl.LazyFrame | None:
    parts = sorted(folder.glob("*.parquet")) if names is None else [folder / n for n in names]
    return pl.scan_parquet(parts) if parts and folder.is_dir() else None


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
    parts = tuple(p.name for p in sorted((path / "games").glob("*.parquet")))
    return Results(games, _scan(path / "turns"), _scan(path / "cards"), manifest, path, parts)


def batches(results: Results, rows: int | None = None) -> list[Results]:
    """`results` (as open_results read it) as consecutive groups of parts of at most `rows` cards rows each (a bigger part alone),
    or as itself when it is not a directory whose cards parts match its games parts one to one.

    `rows` defaults to BATCH_ROWS. A chunk's games, turns and cards parts share one file name and hold that chunk's games whole
    (sim.run.chunks), so each batch holds every row of its games: a pipeline that groups by game can
    aggregate batch by batch and add the partial counts up, holding one batch of the cards detail at
    a time instead of all of it."""
    rows = BATCH_ROWS if rows is None else rows
    if rows not in results.batch_groups:
        results.batch_groups[rows] = _groups(results, rows)
    groups, root = results.batch_groups[rows], results.root
    if groups is None:
        return [results]
    return [Results(_scan(root / "games", g), _scan(root / "turns", g) if results.turns is not None else None,
                    _scan(root / "cards", g), results.manifest, root, g) for g in groups]


def _groups(results: Results, rows: int) -> list[tuple[str, ...]] | None:
    """The part names of each batch (see `batches`), or None when the results cannot be cut into batches."""
    root = results.root
    tables = [t for t, lf in (("turns", results.turns), ("cards", results.cards)) if lf is not None]
    if root is None or "cards" not in tables or not results.parts or any(
            tuple(p.name for p in sorted((root / t).glob("*.parquet"))) != results.parts for t in tables):
        return None
    groups: list[list[str]] = [[]]
    size = 0
    for name in results.parts:
        n = pq.read_metadata(root / "cards" / name).num_rows
        if groups[-1] and size + n > rows:
            groups.append([])
            size = 0
        groups[-1].append(name)
        size += n
    return [tuple(g) for g in groups]


def hold_games(results: Results, rows: int | None = None) -> Results:
    """`results` with its games table read into memory once, when it has at most `rows` rows (HOLD_GAMES_ROWS);
    otherwise `results` itself. The other tables stay as they were (the cards detail is read in batches)."""
    limit = HOLD_GAMES_ROWS if rows is None else rows
    if results.games.select(pl.len()).collect().item() > limit:
        return results
    return replace(results, games=results.games.collect().lazy())


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
