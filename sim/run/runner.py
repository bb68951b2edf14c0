"""The batch runner: engine calls -> Parquet parts -> one results dataset per job (docs/scale.md).

Each matchup's games 0..games-1 of (seed, stream) are split into chunks of `chunk` games. A chunk
is one engine call; its frames are written as Parquet parts

    out/games/part-<matchup>-<start>.parquet   (+ out/turns/, out/cards/ at those detail levels)

each durably (sim.run.parts: temporary name, fsync, rename), the games part last, and recorded in the
manifest with its row count and checksum. A chunk is done when all its parts match their records,
so a rerun of the same job skips finished chunks and replays damaged ones: an interrupted job
resumes without losing or double-counting a game. The directory is locked for the whole run.
Since a game's randomness depends only on (seed, stream, index), the dataset is the same whatever
the chunking, backend or number of threads.

While it plays, the runner counts each matchup's games and wins (sim.run.estimate.Tally) after every
sub-batch of a chunk (sim.run.chunks.play_chunk), for the live bars and the front ends' hooks.
"""

from __future__ import annotations

import json
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

import numba
import polars as pl

from sim import limits
from sim.cards.model import Deck
from sim.engine.numba_cache import compile_if_cold, engine_digest
from sim.engine.options import check_options, max_turns
from sim.engine.results import DETAIL_LEVELS, Matchup
from sim.errors import InputError
from sim.games import get_engine
from sim.limits import check_copies
from sim.run import manifest, parts
from sim.run.bar import live_bars
from sim.run.chunks import (
    Chunk,
    MatchupSpec,
    Pacer,
    chunk_parts,
    compile_spec,
    plan,
    play_chunk,
)
from sim.run.estimate import Tally, interim
from sim.run.lock import LOCK, locked
from sim.run.models import fit_all, fitted, fitting_costs, fitting_warning
from sim.run.writer import part_writer

BACKENDS = ("local", "ray")
DEFAULT_CHUNK = 50_000
CARDS_CHUNK = 10_000  # detail=cards has ~100 rows per game: a 50k chunk peaks near 1.2 GB, 10k near 0.3 GB


def default_chunk(detail: str) -> int:
    return CARDS_CHUNK if detail == "cards" else DEFAULT_CHUNK


class JobInterrupted(KeyboardInterrupt):
    """Ctrl-C during a job: finished parts are kept; rerunning the same job resumes."""

    def __init__(self, out: Path, done: int, total: int):
        self.out, self.done, self.total = out, done, total
        super().__init__(f"interrupted with {done:,} of {total:,} games written to {out}")


# ---------------------------------------------------------------- validation


def check_policy(engine: ModuleType, policy: str, where: str) -> int:
    if policy not in engine.POLICIES:
        explain = getattr(engine.POLICIES, "explain", lambda name: f"unknown policy {name!r}")
        raise InputError(where, f"{explain(policy)} for {engine.GAME} (one of: {', '.join(sorted(engine.POLICIES))})")
    return engine.POLICIES[policy]


def check_same_game(deck_a: Deck, deck_b: Deck, where: str = "decks") -> None:
    if deck_a.game != deck_b.game:
        raise InputError(where, f"decks are for different games: {deck_a.path} is {deck_a.game}, "
                                f"{deck_b.path} is {deck_b.game}")


MAX_SEED = 2**63 - 1  # the games table stores the seed as int64


def _check_job(specs: list[MatchupSpec], games: int, seed: int, detail: str, backend: str, chunk: int,
               options: dict[str, int] | None) -> list[ModuleType]:
    if not specs:
        raise InputError("matchups", "no matchups to play")
    if len(specs) > limits.MAX_MATCHUPS:
        raise InputError("matchups", f"{len(specs):,} matchups, more than the {limits.MAX_MATCHUPS:,} allowed")
    if games <= 0:
        raise InputError("games", f"must be a positive number of games per matchup, got {games}")
    if chunk <= 0:
        raise InputError("chunk", f"must be positive, got {chunk}")
    if detail not in DETAIL_LEVELS:
        raise InputError("detail", f"unknown detail level {detail!r} (one of: {', '.join(DETAIL_LEVELS)})")
    if backend not in BACKENDS:
        raise InputError("backend", f"unknown backend {backend!r} (one of: {', '.join(BACKENDS)})")
    if games >= 2**32:
        raise InputError("games", "at most 2**32 - 1 games per matchup (the game id keeps the index in 32 bits)")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InputError("seed", f"must be a whole number within 0..2**63-1, got {seed!r}")
    engines = []
    for i, s in enumerate(specs):
        if not s.engine:
            check_same_game(s.deck_a, s.deck_b, f"matchup {i}")
        engine = get_engine(s.engine_name)
        check_policy(engine, s.policy_a, f"matchup {i} policy_a")
        check_policy(engine, s.policy_b, f"matchup {i} policy_b")
        check_options(engine, options)
        for deck in (s.deck_a, s.deck_b):
            check_copies(deck.total_copies, f"deck {deck.name!r}")
        limits.check_chunk(chunk, games, detail, max_turns(engine, options), _deck_cards(s), "chunk")
        engines.append(engine)
    # compiling refuses decks the engine cannot hold (InputError); done here, before anything is written
    for spec in {(id(s.deck_a), id(s.deck_b), s.engine_name): s for s in specs}.values():
        get_engine(spec.engine_name).compile_matchup(spec.deck_a, spec.deck_b)
    return engines


def _deck_cards(spec: MatchupSpec) -> int:
    """Both decks' main-deck copies: the cards detail has one row per copy per game."""
    return spec.deck_a.size + spec.deck_b.size


# ---------------------------------------------------------------- parts


def remove_stale_tmp(out: Path) -> None:
    """Temporary files of a killed run (safe: the directory lock excludes a live writer)."""
    for tmp in (*out.glob("*/part-*.tmp"), *out.glob(f"{manifest.MANIFEST}.*.tmp")):
        tmp.unlink(missing_ok=True)


def trusted_chunks(out: Path, detail: str, chunks: list[Chunk], records: dict[str, Any],
                   legacy: bool = False) -> set[Chunk]:
    """Chunks whose parts all match their manifest records. Damaged parts lose their record (and
    are replayed), with a warning; a part file that belongs to no chunk of this job is an error.
    `legacy`: the manifest predates part records, so parts that hold what their names say are
    adopted (recorded now) instead of being played again."""
    planned = {name for c in chunks for name in chunk_parts(detail, c)}
    strays = sorted(str(p.relative_to(out)) for t in parts.TABLES for p in (out / t).glob("part-*.parquet")
                    if str(p.relative_to(out)) not in planned)
    if strays:
        raise InputError(out / strays[0], "is not a part of this job; remove it or use another output directory")
    done = set()
    for c in chunks:
        if legacy:
            for name in chunk_parts(detail, c):
                found = parts.adopt(out, name, c.matchup, c.start, c.n)
                if found:
                    records[name] = found
        problems = {n: parts.problem(out, n, records.get(n)) for n in chunk_parts(detail, c)}
        if not any(problems.values()):
            done.add(c)
            continue
        for name, why in problems.items():
            if why and name in records:
                print(f"warning: {out / name}: {why}; playing its games again", file=sys.stderr)
            records.pop(name, None)
    return done


def compile_engines(engines: list[ModuleType], specs: list[MatchupSpec], todo: list[Chunk]) -> None:
    """Compile each engine the job needs that has no numba cache yet, on its first matchup's decks,
    with a progress display (the first run on a machine; later runs load the cache)."""
    first: dict[str, int] = {}
    for c in todo:
        first.setdefault(engines[c.matchup].GAME, c.matchup)
    for game, m in sorted(first.items()):
        policies = {p for s, e in zip(specs, engines, strict=True) if e.GAME == game for p in (s.policy_a, s.policy_b)}
        compile_if_cold(engines[m], specs[m].deck_a, specs[m].deck_b, policies)


# ---------------------------------------------------------------- manifest


def job_parameters(specs: list[MatchupSpec], games: int, seed: int, detail: str, chunk: int,
                   options: dict[str, int] | None, check: bool = False) -> dict[str, Any]:
    job: dict[str, Any] = {
        "seed": seed, "games": games, "chunk": chunk, "detail": detail, "options": dict(sorted((options or {}).items())),
        # the engines' source digests: a directory's games all come from the same engine code
        "engines": {name: engine_digest(get_engine(name)) for name in sorted({s.engine_name for s in specs})},
        "matchups": [{"index": i, "engine": s.engine_name, "deck_a": manifest.deck_entry(s.deck_a),
                      "deck_b": manifest.deck_entry(s.deck_b), "policy_a": s.policy_a, "policy_b": s.policy_b,
                      "stream": s.stream} for i, s in enumerate(specs)],
    }
    # only the matchups a fitted model plays in are compiled here (a scripted balance compiles none twice)
    engines = [(i, get_engine(s.engine_name), s) for i, s in enumerate(specs)]
    compiled = [(i, engine, s, compile_spec(engine, s)[:2]) for i, engine, s in engines
                if fitted(engine, s.policy_a, s.policy_b)]
    workers = numba.get_num_threads()  # the threads the games will play on
    warning = fitting_warning(fitting_costs([(engine, *c, s.policy_a, s.policy_b) for _, engine, s, c in compiled]),
                              workers)
    if warning:
        print(warning, file=sys.stderr)
    fits = fit_all([(engine, *c, s.policy_a, s.policy_b) for _, engine, s, c in compiled], workers)
    for (i, _, _, _), digests in zip(compiled, fits, strict=True):
        if digests:  # fitted once here, before the games (which read them from memory or the cache)
            job["matchups"][i]["models"] = digests
    if check:  # a dataset either had every game checked or none
        job["check_invariants"] = True
    return json.loads(json.dumps(job))  # the JSON form, so it compares equal to a manifest read back


# ---------------------------------------------------------------- progress


@contextmanager
def _progress(enabled: bool, specs: list[MatchupSpec], games: int, done: list[int],
              tallies: list[Tally]) -> Iterator[Callable[[int, int], None]]:
    """Yields advance(matchup, n). Per-matchup bars for small jobs, one overall bar always; on
    stderr, with rate, ETA and the interim estimate (seat a's win rate with its Wilson interval,
    sim.run.estimate.interim) of the matchup's `tallies`, which the caller keeps current.

    Bars start at the games a resumed job already has (`done` per matchup), so rate and ETA count
    only this run's games; the estimate counts all the job's games (a resumed job's written ones too).
    The estimate moves after every sub-batch of a chunk (sim.run.chunks.play_chunk)."""
    if not enabled:
        yield lambda m, n: None
        return
    bar = live_bars()
    with bar:
        total = bar.add_task("all matchups", total=games * len(specs), completed=sum(done), interim="")
        rows = ([bar.add_task(f"  {s.deck_a.name} ({s.policy_a}) vs {s.deck_b.name} ({s.policy_b})", total=games,
                              completed=done[i], interim=interim(tallies[i].wins_a, tallies[i].games))
                 for i, s in enumerate(specs)] if 1 < len(specs) <= 20 else [])

        def advance(m: int, n: int) -> None:
            text = interim(tallies[m].wins_a, tallies[m].games)
            bar.update(total, advance=n, **({} if rows else {"interim": f"{specs[m].deck_a.name}: {text}"}))
            if rows:
                bar.update(rows[m], advance=n, interim=text)

        yield advance


def written_tallies(out: Path, n_matchups: int, finished: set[Chunk]) -> list[Tally]:
    """Each matchup's games and wins in the finished chunks' games parts (a resumed job's start)."""
    tallies = [Tally() for _ in range(n_matchups)]
    files = [out / parts.part_name("games", c.matchup, c.start) for c in sorted(finished, key=lambda c: (c.matchup, c.start))]
    if files:
        winner = pl.col("winner")
        for r in (pl.scan_parquet(files).group_by("matchup")
                  .agg(games=pl.len(), wins_a=(winner == "a").sum(), wins_b=(winner == "b").sum())
                  .collect().iter_rows(named=True)):
            tallies[r["matchup"]].add(r["games"], r["wins_a"], r["wins_b"])
    return tallies


# ---------------------------------------------------------------- run


@contextmanager
def _stop_on_ctrl_c() -> Iterator[threading.Event]:
    """The first Ctrl-C asks the job to stop at the next chunk boundary; a second one stops at once.

    A flag instead of the default KeyboardInterrupt: native code (Parquet writing) can swallow an
    exception raised inside it, so an interrupt was sometimes lost; a flag cannot be swallowed.
    """
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return

    def handler(signum: int, frame: Any) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


def run_matchups(specs: list[MatchupSpec], games: int, seed: int, out: Path, *, detail: str = "games",
                 backend: str = "local", address: str | None = None, chunk: int = DEFAULT_CHUNK,
                 options: dict[str, int] | None = None, progress: bool = True, check: bool = False,
                 on_progress: Callable[[int, int], None] | None = None,
                 should_stop: Callable[[], bool] | None = None,
                 on_estimate: Callable[[list[Tally]], None] | None = None) -> Path:
    """Play `games` games per spec into the Parquet dataset `out`, resuming finished parts; returns `out`.

    `on_progress(done, total)` (optional) is called with this job's games played so far, once
    before playing (the games a resumed job already has) and after every sub-batch of a chunk
    (about once a second, sim.run.chunks.play_chunk); the games of a chunk are written when it ends.
    `on_estimate(tallies)` (optional) gets each matchup's games and wins so far (sim.run.estimate.Tally)
    just before each `on_progress`. `should_stop()` (optional) is asked at every chunk boundary; when
    true the job stops like a Ctrl-C (JobInterrupted).

    The directory is locked for the whole run (a second run into it gets InputError naming this
    one). Finished parts are trusted only if they match their manifest records; damaged ones are
    replayed. With `check`, every game is also played with the engine's invariant checks, and the
    first violation stops the job with InvariantViolation (the parts written before it are kept)."""
    out = Path(out)
    engines = _check_job(specs, games, seed, detail, backend, chunk, options)
    job = job_parameters(specs, games, seed, detail, chunk, options, check)
    if out.exists() and not out.is_dir():
        raise InputError(out, "is a file, not a results directory")
    created = not out.exists()
    out.mkdir(parents=True, exist_ok=True)
    with locked(out):  # a run refused the lock removes nothing: the directory is the holder's now
        try:
            return _run_locked(specs, engines, job, games, seed, out, detail, backend, address, chunk, options,
                               progress, check, Hooks(on_progress, should_stop, on_estimate))
        except InputError:
            if created:  # refused before anything was played (the disk estimate): leave no trace
                _remove_if_untouched(out)
            raise


def _remove_if_untouched(out: Path) -> None:
    """Remove a directory this run created when it holds nothing but the lock and an unfinished manifest."""
    leftovers = {p.name for p in out.iterdir()}
    if leftovers <= {LOCK, manifest.MANIFEST}:
        for name in leftovers:
            (out / name).unlink(missing_ok=True)
        out.rmdir()


@dataclass(frozen=True)
class Hooks:
    """run_matchups' optional callbacks for a front end that is not a terminal (the service)."""
    on_progress: Callable[[int, int], None] | None = None
    should_stop: Callable[[], bool] | None = None
    on_estimate: Callable[[list[Tally]], None] | None = None

    @property
    def listening(self) -> bool:
        return self.on_progress is not None or self.on_estimate is not None

    def report(self, done: int, total: int, tallies: list[Tally]) -> None:
        if self.on_estimate is not None:
            self.on_estimate(tallies)
        if self.on_progress is not None:
            self.on_progress(done, total)

    def stop(self) -> bool:
        return self.should_stop is not None and self.should_stop()


def _run_locked(specs: list[MatchupSpec], engines: list[ModuleType], job: dict[str, Any], games: int, seed: int,
                out: Path, detail: str, backend: str, address: str | None, chunk: int,
                options: dict[str, int] | None, progress: bool, check: bool, hooks: Hooks = Hooks()) -> Path:
    old = manifest.check_resumable(out, job)
    remove_stale_tmp(out)
    records: dict[str, Any] = dict(old.get("parts", {})) if old else {}
    chunks = plan(len(specs), games, chunk)
    finished = trusted_chunks(out, detail, chunks, records, legacy=old is not None and "parts" not in old)
    todo = [c for c in chunks if c not in finished]
    limits.check_disk(out, sum(limits.disk_estimate(c.n, detail, _deck_cards(specs[c.matchup])) for c in todo))
    pending = set(todo)
    total = games * len(specs)
    done_games = total - sum(c.n for c in todo)
    runs = list(old.get("runs", [])) if old else []
    started = datetime.now(UTC).isoformat(timespec="seconds")
    record = {"tcgsim": manifest.versions().get("tcgsim"), "versions": manifest.versions(),
              "git": manifest.git_revision(), "command": sys.argv, "job": job, "status": "running",
              "games_total": total, "runs": runs, "parts": records}
    manifest.write(out, record)
    last_write = time.monotonic()

    def recorded(new: dict[str, Any]) -> None:
        """Record finished parts; the manifest is rewritten at most once a second (a part written but
        not yet recorded when the run dies is simply played again)."""
        nonlocal last_write
        records.update(new)
        if time.monotonic() - last_write >= 1.0:
            manifest.write(out, record)
            last_write = time.monotonic()

    t0 = time.perf_counter()
    played = 0  # games of this run written
    progressed = 0  # games of this run played, written or not
    try:
        if done_games:
            print(f"resuming: {done_games:,} of {total:,} games already written to {out}", file=sys.stderr)
        tallies = written_tallies(out, len(specs), finished)
        hooks.report(done_games, total, tallies)
        if backend == "local":
            compile_engines(engines, specs, todo)
        done = [0] * len(specs)
        for c in chunks:
            if c not in pending:
                done[c.matchup] += c.n
        with _stop_on_ctrl_c() as ctrl_c, _progress(progress, specs, games, done, tallies) as bar:
            def stopping() -> bool:
                return ctrl_c.is_set() or hooks.stop()

            def advance(m: int, n: int, wins_a: int, wins_b: int) -> None:
                nonlocal progressed
                tallies[m].add(n, wins_a, wins_b)
                progressed += n
                bar(m, n)
                hooks.report(done_games + progressed, total, tallies)

            listen = progress or hooks.listening
            if backend == "ray":
                from sim.run.ray_backend import run_chunks

                def on_done(c: Chunk, written: dict[str, Any]) -> None:
                    nonlocal played
                    recorded(written)
                    played += c.n

                run_chunks(specs, todo, seed, out, detail, options, address, on_done, should_stop=stopping,
                           check=check, on_games=advance if listen else None)
            else:
                compiled: dict[int, tuple[Any, Any, Matchup]] = {}
                pacers: dict[int, Pacer] = {}

                def written(c: Chunk, records: dict[str, Any]) -> None:
                    nonlocal played
                    recorded(records)
                    played += c.n

                with part_writer(out, written) as writer:
                    for c in todo:
                        if stopping():
                            raise KeyboardInterrupt
                        engine, spec = engines[c.matchup], specs[c.matchup]
                        if c.matchup not in compiled:
                            compiled = {c.matchup: compile_spec(engine, spec)}  # keep one matchup's arrays

                        def on_games(n: int, wins_a: int, wins_b: int, m: int = c.matchup) -> None:
                            advance(m, n, wins_a, wins_b)

                        frames = play_chunk(engine, compiled[c.matchup], spec, c, seed, detail, options, check,
                                            on_games if listen else None, pacers.setdefault(c.matchup, Pacer()))
                        writer.submit(frames, c)
    except KeyboardInterrupt:
        _finish(out, record, "interrupted", started, time.perf_counter() - t0, played)
        raise JobInterrupted(out, done_games + played, total) from None
    except BaseException:
        try:
            _finish(out, record, "failed", started, time.perf_counter() - t0, played)
        except OSError:
            pass  # e.g. the disk is full: the previous manifest stays, and the original error is the one to report
        raise
    _finish(out, record, "complete", started, time.perf_counter() - t0, played)
    return out


def _finish(out: Path, record: dict[str, Any], status: str, started: str, wall: float, played: int) -> None:
    record["runs"].append({"started": started, "wall_seconds": round(wall, 3), "games_played": played,
                           "status": status})
    wall_total = sum(r["wall_seconds"] for r in record["runs"])
    played_total = sum(r["games_played"] for r in record["runs"])
    record.update(status=status, wall_seconds=round(wall_total, 3),
                  games_per_second=round(played_total / wall_total, 1) if wall_total > 0 else None)
    manifest.write(out, record)


# ---------------------------------------------------------------- summary


def summarize(out: Path) -> dict[str, Any]:
    """Totals and per-matchup win rates (Wilson 95%), first-player win rate and mean turns.

    Aggregates inside one lazy polars query over the games parts (streaming engine), so memory
    stays flat in the number of games. Draws count as draws (and double losses with them): they
    are not half wins, so win_rate_a = wins_a / games.
    """
    from analysis.intervals import wilson

    parts = Path(out) / "games"
    if not any(parts.glob("part-*.parquet")):
        raise InputError(out, "no results here (no games/part-*.parquet)")
    per = (
        pl.scan_parquet(parts / "part-*.parquet")
        .group_by("matchup", "game", "deck_a", "deck_b", "policy_a", "policy_b")
        .agg(games=pl.len(), wins_a=(pl.col("winner") == "a").sum(), wins_b=(pl.col("winner") == "b").sum(),
             double_losses=(pl.col("winner") == "double_loss").sum(),
             first_wins=(pl.col("winner") == pl.col("first_player")).sum(), turns=pl.col("turns").sum())
        .sort("matchup")
        .collect(engine="streaming")
    )

    def stats(row: dict[str, Any]) -> dict[str, Any]:
        n = int(row["games"])
        wa, wb = int(row["wins_a"]), int(row["wins_b"])
        low, high = wilson(wa, n)
        f_low, f_high = wilson(int(row["first_wins"]), n)
        return {"games": n, "wins_a": wa, "wins_b": wb, "draws": n - wa - wb,
                "double_losses": int(row["double_losses"]), "win_rate_a": wa / n, "low": low, "high": high,
                "first_player_win_rate": int(row["first_wins"]) / n, "first_low": f_low, "first_high": f_high,
                "mean_turns": int(row["turns"]) / n}

    rows = per.to_dicts()
    totals = {k: sum(int(r[k]) for r in rows) for k in ("games", "wins_a", "wins_b", "double_losses",
                                                         "first_wins", "turns")}
    matchups = [{"matchup": r["matchup"], "game": r["game"], "deck_a": r["deck_a"], "deck_b": r["deck_b"],
                 "policy_a": r["policy_a"], "policy_b": r["policy_b"], **stats(r)} for r in rows]
    return {**stats(totals), "matchups": matchups}


# ---------------------------------------------------------------- helpers for the commands


def parse_rule_options(items: list[str], where: str = "--option") -> dict[str, int]:
    """KEY=VALUE strings (integer values) -> rules options."""
    options = {}
    for item in items:
        key, sep, value = item.partition("=")
        try:
            if not sep or not key.strip():
                raise ValueError
            options[key.strip()] = int(value)
        except ValueError:
            raise InputError(where, f"expected KEY=INTEGER, got {item!r}") from None
    return options


def simulate_spec(deck_a: Deck, deck_b: Deck, policy_a: str, policy_b: str, engine: str | None,
                  options: dict[str, int], stream: int = 0) -> MatchupSpec:
    """One matchup from command-line input, every problem named by its option or files."""
    if not engine:
        check_same_game(deck_a, deck_b, "decks")
    module = get_engine(engine or deck_a.game)
    check_policy(module, policy_a, "--policy-a")
    check_policy(module, policy_b, "--policy-b")
    check_options(module, options, "--option")
    return MatchupSpec(deck_a, deck_b, policy_a, policy_b, stream, engine or "")


def default_out(kind: str, labels: list[str], parameters: dict[str, Any]) -> Path:
    """A deterministic directory under results/ for these arguments, so rerunning a command resumes it."""
    import hashlib

    digest = hashlib.sha256(json.dumps(parameters, sort_keys=True, default=str).encode()).hexdigest()[:10]
    slug = "-vs-".join("".join(ch if ch.isalnum() else "_" for ch in label).strip("_") or "deck" for label in labels)
    return Path("results") / kind / f"{slug}-{digest}"
