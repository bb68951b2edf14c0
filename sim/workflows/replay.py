"""Workflow: `tcgsim report RESULTS --check`, replay a sample of a results directory's games and
confirm its games rows are bit-identical to the stored ones.

A run is reproducible from its manifest: seed, rules options, and per matchup the deck files (with
their fingerprints), policies and stream; the engines' source digests say which engine code played
it. The check refuses, naming the cause, when a deck file or an engine's code changed since the run
(a replay could not match), and otherwise replays the sample with the recorded parameters. A matchup with fitted
models (FFTCG's search-adapt) gets them from the cache or a refit; when their digests are not the manifest's, the
check says so (ReplayMismatch naming the models) instead of reporting the games that differ.
"""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from sim.cards.model import Deck
from sim.errors import InputError
from sim.run import manifest
from sim.run.bar import live_bars
from sim.run.chunks import Chunk, MatchupSpec, compile_spec, play_chunk
from sim.run.models import model_digests, models_differ
from sim.run.runner import compile_engines


class ReplayMismatch(Exception):
    """A replayed game differs from its stored row: the message names the game and the first column."""


@dataclass(frozen=True)
class ReplayCheck:
    games: int  # games replayed
    matchups: int
    replayed: list[tuple[int, int]]  # (matchup, index) of every game replayed


def sample_indices(games: int, per_matchup: int) -> list[int]:
    """Evenly spread game indices from 0 to games - 1, the first and last included."""
    return sorted({int(i) for i in np.linspace(0, games - 1, min(per_matchup, games)).round()})


def _specs(results: Path, record: dict) -> list[MatchupSpec]:
    """The matchups as the run played them, after checking engine digests and deck fingerprints."""
    from sim.engine.numba_cache import engine_digest
    from sim.games import get_engine

    job = record["job"]
    where = results / manifest.MANIFEST
    for name, digest in job.get("engines", {}).items():
        now = engine_digest(get_engine(name))
        if now != digest:
            raise InputError(where, f"the {name} engine's code changed since this run (digest {digest[:12]} "
                                    f"recorded, {now[:12]} now): its games cannot be replayed with this code")
    decks: dict[str, Deck] = {}
    specs = []
    for m in job["matchups"]:
        sides = []
        for side in ("deck_a", "deck_b"):
            entry = m[side]
            path = entry.get("path")
            if not path:
                raise InputError(where, f"matchup {m['index']}: {side} has no deck file recorded")
            if path not in decks:
                deck = manifest.recorded_deck(entry)
                if manifest.deck_fingerprint(deck) != entry.get("fingerprint"):
                    raise InputError(path, "the deck file changed since this run (its fingerprint differs "
                                           "from the manifest's): the games cannot be replayed")
                decks[path] = deck
            sides.append(decks[path])
        engine = m.get("engine", "")
        specs.append(MatchupSpec(sides[0], sides[1], m["policy_a"], m["policy_b"], m["stream"],
                                 engine="" if engine == sides[0].game else engine))
    return specs


def check_games(results: Path, per_matchup: int = 3, progress: bool = False) -> ReplayCheck:
    """Replay `per_matchup` games of each matchup (sample_indices) and compare their games rows with
    the stored ones; raises ReplayMismatch at the first game that differs. Engines without a numba
    cache are compiled first, with the first-run notice; with `progress`, a bar on stderr with the
    games replayed, rate and ETA."""
    from sim.games import get_engine

    record = manifest.read(results)
    if record is None or "job" not in record:
        raise InputError(results / manifest.MANIFEST, "missing, so nothing says how these games were played")
    job = record["job"]
    specs = _specs(results, record)
    stored = pl.scan_parquet(sorted((results / "games").glob("*.parquet")))
    engines = [get_engine(s.engine_name) for s in specs]
    compile_engines(engines, specs, [Chunk(m, 0, 1) for m in range(len(specs))])
    wanted = sample_indices(int(job["games"]), per_matchup)
    done = []
    with live_bars() if progress else nullcontext() as bar:
        task = bar.add_task("replaying", total=len(specs) * len(wanted), interim="") if bar else None
        for m, (spec, engine) in enumerate(zip(specs, engines, strict=True)):
            compiled = compile_spec(engine, spec)
            differ = models_differ(job["matchups"][m].get("models", {}),
                                   model_digests(engine, *compiled[:2], spec.policy_a, spec.policy_b), f"matchup {m}")
            if differ:
                raise ReplayMismatch(differ)
            kept = stored.filter((pl.col("matchup") == m) & pl.col("index").is_in(wanted)).collect().sort("index")
            for i in wanted:
                old = kept.filter(pl.col("index") == i)
                if old.height != 1:
                    raise ReplayMismatch(f"game {i} of matchup {m} is not in {results / 'games'}")
                new = play_chunk(engine, compiled, spec, Chunk(m, i, 1), int(job["seed"]), "games",
                                 job.get("options") or None)["games"]
                for col in old.columns:
                    if not old[col].equals(new[col]):
                        raise ReplayMismatch(
                            f"game {i} of matchup {m} ({spec.deck_a.name} ({spec.policy_a}) vs {spec.deck_b.name} "
                            f"({spec.policy_b}), seed {job['seed']}, stream {spec.stream}) differs from its replay: "
                            f"{col} stored {old[col][0]!r}, replayed {new[col][0]!r}")
                done.append((m, i))
                if bar:
                    bar.update(task, advance=1, interim=f"{len(done):,} identical")
    return ReplayCheck(len(done), len(specs), done)
