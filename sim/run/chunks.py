"""The unit of work of every backend: a matchup's chunk of games, played and written as Parquet parts.

The local runner and the Ray workers both call these, so a chunk gives the same parts wherever it runs.
A chunk with a listener (`on_games`) is played in sub-batches of about a second each, so progress and
the interim estimate move while it plays; a game depends only on (seed, stream, index), so the
sub-batches, joined, are the arrays one engine call gives and the parts are the same bytes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import polars as pl

from sim.cards.model import Deck
from sim.engine.results import DETAIL_LEVELS, G_WINNER, WIN_A, WIN_B, Batch, Matchup, to_frames
from sim.run import parts


@dataclass(frozen=True)
class MatchupSpec:
    deck_a: Deck
    deck_b: Deck
    policy_a: str
    policy_b: str
    stream: int
    engine: str = ""  # "" = the decks' game; "null" plays the baseline null game on decks of any game

    @property
    def engine_name(self) -> str:
        return self.engine or self.deck_a.game


@dataclass(frozen=True)
class Chunk:
    matchup: int
    start: int
    n: int


class InvariantViolation(Exception):
    """An engine broke a game invariant (a bug, not bad input); the message names the game and the invariants."""


def invariant_violation(engine: ModuleType, spec: MatchupSpec, matchup: int, seed: int, game: int,
                        bits: int) -> InvariantViolation:
    names = [k for k, v in sorted(vars(engine).items()) if k.startswith("V_") and isinstance(v, int) and bits & v]
    return InvariantViolation(f"invariant violated in game {game} of matchup {matchup} ({spec.deck_a.name} vs "
                              f"{spec.deck_b.name}, seed {seed}, stream {spec.stream}): {' | '.join(names) or bits}")


def plan(n_matchups: int, games: int, chunk: int) -> list[Chunk]:
    return [Chunk(m, s, min(chunk, games - s)) for m in range(n_matchups) for s in range(0, games, chunk)]


def tables(detail: str) -> tuple[str, ...]:
    return DETAIL_LEVELS[:DETAIL_LEVELS.index(detail) + 1]


def chunk_parts(detail: str, c: Chunk) -> list[str]:
    return [parts.part_name(t, c.matchup, c.start) for t in tables(detail)]


def write_parts(out: Path, frames: dict[str, pl.DataFrame], c: Chunk) -> dict[str, dict[str, Any]]:
    """Write each table's part durably, games last; returns the manifest records of the parts."""
    if frames["games"].height != c.n:  # an engine bug, caught before it becomes a silently short dataset
        raise RuntimeError(f"chunk {c} produced {frames['games'].height} games instead of {c.n}")
    names = {t: parts.part_name(t, c.matchup, c.start) for t in sorted(frames, key=lambda t: t == "games")}
    return {name: parts.write_part(out, name, frames[t]) for t, name in names.items()}


def matchup_record(engine: ModuleType, spec: MatchupSpec, compiled_a: Any, compiled_b: Any) -> Matchup:
    return Matchup(spec.deck_a.game, spec.deck_a.name, spec.deck_b.name, spec.policy_a, spec.policy_b,
                   engine.FINAL_MEASURE, compiled_a.codes, compiled_b.codes, compiled_a.names, compiled_b.names)


SUB_BATCH_SECONDS = 1.0  # a listener hears from a chunk about this often
FIRST_SUB_BATCH = 256  # games: a second or less even for the slowest policy on 2 cores
GROWTH = 4  # a sub-batch at most this many times the last: one fast measure does not make the next one long


class Pacer:
    """Sub-batch sizes for one matchup: about SUB_BATCH_SECONDS each at the rate the last one ran.
    Only the sizes depend on the clock, never a game."""

    def __init__(self) -> None:
        self.size = FIRST_SUB_BATCH

    def played(self, n: int, seconds: float) -> None:
        target = n * SUB_BATCH_SECONDS / seconds if seconds > 0 else GROWTH * self.size
        self.size = max(FIRST_SUB_BATCH, min(GROWTH * self.size, int(target)))


GamesListener = Callable[[int, int, int], None]  # (games, seat a's wins, seat b's wins) of a sub-batch


def play_chunk(engine: ModuleType, compiled: tuple[Any, Any, Matchup], spec: MatchupSpec, c: Chunk, seed: int,
               detail: str, options: dict[str, int] | None, check: bool = False,
               on_games: GamesListener | None = None, pacer: Pacer | None = None) -> dict[str, pl.DataFrame]:
    """The chunk's tables; with `check`, its games are first replayed with the engine's invariant
    checks after every turn (the same games: randomness depends only on seed, stream and index).
    With `on_games`, the chunk is played in sub-batches sized by `pacer` (a new one if None) and
    `on_games` hears each one's games and wins as it ends."""
    a, b, record = compiled
    pa, pb = engine.POLICIES[spec.policy_a], engine.POLICIES[spec.policy_b]

    def play(start: int, n: int) -> Batch:
        if check:
            viol = engine.check_invariants(a, b, pa, pb, seed=seed, stream=spec.stream, start=start, n=n,
                                           options=options)
            bad = np.flatnonzero(viol)
            if bad.size:
                raise invariant_violation(engine, spec, c.matchup, seed, start + int(bad[0]), int(viol[bad[0]]))
        return engine.play(a, b, pa, pb, seed=seed, stream=spec.stream, start=start, n=n, detail=detail,
                           options=options)

    if on_games is None:
        return to_frames(play(c.start, c.n), record, c.matchup, seed, c.start)
    pacer = pacer or Pacer()
    batches = []
    start, end = c.start, c.start + c.n
    while start < end:
        n = min(pacer.size, end - start)
        t0 = time.perf_counter()
        batch = play(start, n)
        pacer.played(n, time.perf_counter() - t0)
        winners = batch.games[:, G_WINNER]
        on_games(n, int((winners == WIN_A).sum()), int((winners == WIN_B).sum()))
        batches.append(batch)
        start += n
    return to_frames(joined(batches), record, c.matchup, seed, c.start)


def joined(batches: list[Batch]) -> Batch:
    """The batches' games in order, as one Batch."""
    if len(batches) == 1:
        return batches[0]

    def cat(arrays: list[np.ndarray | None]) -> np.ndarray | None:
        return None if arrays[0] is None else np.concatenate(arrays)

    return Batch(np.concatenate([b.games for b in batches]), cat([b.turns for b in batches]),
                 cat([b.cards for b in batches]))


def compile_spec(engine: ModuleType, spec: MatchupSpec) -> tuple[Any, Any, Matchup]:
    # Canonical card order (Deck.canonical): the games a seed gives do not depend on the file's order.
    a, b = engine.compile_matchup(spec.deck_a.canonical(), spec.deck_b.canonical())
    return a, b, matchup_record(engine, spec, a, b)
