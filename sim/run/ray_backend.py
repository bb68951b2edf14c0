"""Run a job's chunks as Ray tasks (`--backend ray [--address ADDR]`; docs/scale.md).

A task gets plain data: where to find each deck (its file path and the card pool it was loaded
with, when reloading that file with that pool gives the same deck, else the small Deck record itself), the policies, the chunk and the output directory,
and the digests of the matchup's fitted models (search-adapt), which the worker's own (its cache or its refit) must
match.
It imports the installed package, loads and compiles the decks, plays the chunk on one numba thread
(Ray schedules one task per CPU) and writes its parts like the local backend, so the numba disk
cache and the resume logic are shared. The output directory must be visible to every worker
(one machine, or a shared filesystem on a cluster).

With a listener (`on_games`), a task plays its chunk in sub-batches (sim.run.chunks.play_chunk) and
puts each one's games and wins on a Ray queue that the driver drains while it waits, so progress and
the interim estimate move as games arrive, as with the local backend. A chunk's count is made exact
when it ends (the task returns its totals): a sub-batch a retried task plays twice is not counted twice.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sim.cards.model import Deck
from sim.errors import InputError
from sim.run.chunks import Chunk, InvariantViolation, MatchupSpec, compile_spec, play_chunk, write_parts
from sim.run.manifest import deck_fingerprint
from sim.run.models import model_digests, models_differ


def deck_source(deck: Deck) -> tuple[str, str | None] | Deck:
    """(deck file, card pool or None) if loading that file with that pool reproduces this deck (a worker then
    reads them), else the record. The pool is the `--pool` the deck was loaded with (Deck.pool)."""
    from sim.decks.deckfile import load_deck

    path = getattr(deck, "path", None)
    pool = getattr(deck, "pool", None)
    if path and Path(path).is_file() and (pool is None or Path(pool).is_file()):
        try:
            if deck_fingerprint(load_deck(Path(path), pool)) == deck_fingerprint(deck):
                return str(Path(path).resolve()), None if pool is None else str(Path(pool).resolve())
        except InputError:
            pass  # the file no longer loads as it did: ship the record
    return deck


def _load_source(source: tuple[str, str | None] | Deck) -> Deck:
    """The deck a task was given by deck_source."""
    from sim.decks.deckfile import load_deck

    if isinstance(source, Deck):
        return source
    path, pool = source
    return load_deck(Path(path), None if pool is None else Path(pool))


def run_chunk_task(task: dict[str, Any], queue: Any = None) -> dict[str, Any]:
    """One chunk inside a Ray worker: load decks, play, write parts. Returns the parts' manifest
    records and the chunk's games and seat wins; with a queue, each sub-batch's (matchup, start,
    games, wins a, wins b) goes on it as the sub-batch ends."""
    import numba

    from sim.games import get_engine

    numba.set_num_threads(1)  # Ray gives the task one CPU; parallelism comes from concurrent tasks
    decks = [_load_source(task[side]) for side in ("deck_a", "deck_b")]
    spec = MatchupSpec(decks[0], decks[1], task["policy_a"], task["policy_b"], task["stream"], task["engine"])
    engine = get_engine(spec.engine_name)
    chunk = Chunk(*task["chunk"])

    def on_games(n: int, wins_a: int, wins_b: int) -> None:
        queue.put((chunk.matchup, chunk.start, n, wins_a, wins_b))

    compiled = compile_spec(engine, spec)
    # the worker's models (its cache or its own refit) must be the driver's, or its games are not the run's
    differ = models_differ(task["models"], model_digests(engine, *compiled[:2], spec.policy_a, spec.policy_b),
                           f"a Ray worker's chunk {task['chunk']}")
    if differ:
        raise RuntimeError(differ)
    frames = play_chunk(engine, compiled, spec, chunk, task["seed"], task["detail"],
                        task["options"], task["check"], on_games if queue is not None else None)
    winner = frames["games"]["winner"]
    return {"parts": write_parts(Path(task["out"]), frames, chunk), "games": chunk.n,
            "wins_a": int((winner == "a").sum()), "wins_b": int((winner == "b").sum())}


REACH_TIMEOUT = 10.0  # seconds to open a TCP connection to a Ray address before giving up


def check_reachable(address: str, timeout: float = REACH_TIMEOUT) -> None:
    """Refuse an address nothing answers on, at once: ray.init retries an unreachable one for ever.
    "auto" and "local" (Ray's own lookups) are left to Ray."""
    if address in ("auto", "local"):
        return
    host, _, port = address.split("://", 1)[-1].rpartition(":")
    if not host or not port.isascii() or not port.isdigit():
        raise InputError("--address", f"{address!r} is not HOST:PORT (or ray://HOST:PORT)")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        raise InputError("--address", f"cannot reach a Ray cluster at {address}: {exc.strerror or exc}") from None


def run_chunks(specs: list[MatchupSpec], chunks: list[Chunk], seed: int, out: Path, detail: str,
               options: dict[str, int] | None, address: str | None,
               on_done: Callable[[Chunk, dict[str, Any]], None],
               num_cpus: int | None = None, should_stop: Callable[[], bool] = lambda: False,
               check: bool = False, on_games: Callable[[int, int, int, int], None] | None = None) -> None:
    """Run the chunks as Ray tasks; on_done(chunk, part records) as each ends, and with `on_games`,
    on_games(matchup, games, wins a, wins b) as its sub-batches end (their sum is the chunk's)."""
    try:
        import ray
    except ImportError:
        raise InputError("--backend", "ray is not installed (pip install 'tcgsim[ray]')") from None

    started_here = not ray.is_initialized()
    if started_here and address:
        check_reachable(address)
    if started_here:
        # a local Ray unless an address is given; workers run this same interpreter and package
        kwargs: dict[str, Any] = {"address": address} if address else {"num_cpus": num_cpus or os.cpu_count()}
        ray.init(**kwargs, include_dashboard=False, logging_level=logging.WARNING, log_to_driver=False)
    queue = None
    try:
        sources = {}
        for s in specs:
            for deck in (s.deck_a, s.deck_b):
                if id(deck) not in sources:
                    sources[id(deck)] = deck_source(deck)
        remote = ray.remote(num_cpus=1, max_retries=2)(run_chunk_task)
        if on_games is not None:
            from ray.util.queue import Queue

            queue = Queue(actor_options={"num_cpus": 0})
        heard: dict[tuple[int, int], list[int]] = {}  # chunk -> games, wins a, wins b reported so far
        pending = {}
        from sim.games import get_engine

        models: dict[int, dict[str, str]] = {}  # per matchup, its fitted models' digests (from the driver's memory)
        for c in chunks:
            s = specs[c.matchup]
            if c.matchup not in models:
                engine = get_engine(s.engine_name)
                models[c.matchup] = model_digests(engine, *compile_spec(engine, s)[:2], s.policy_a, s.policy_b)
            task = {"deck_a": sources[id(s.deck_a)], "deck_b": sources[id(s.deck_b)], "policy_a": s.policy_a,
                    "policy_b": s.policy_b, "stream": s.stream, "engine": s.engine, "seed": seed,
                    "models": models[c.matchup],
                    "chunk": (c.matchup, c.start, c.n), "detail": detail, "options": options, "check": check,
                    "out": str(Path(out).resolve())}
            pending[remote.remote(task, queue)] = c
            heard[(c.matchup, c.start)] = [0, 0, 0]
        sizes = {(c.matchup, c.start): c.n for c in chunks}

        def report(matchup: int, seen: list[int], n: int, wins_a: int, wins_b: int) -> None:
            if on_games is not None and (n or wins_a or wins_b):
                seen[0], seen[1], seen[2] = seen[0] + n, seen[1] + wins_a, seen[2] + wins_b
                on_games(matchup, n, wins_a, wins_b)

        try:
            while pending:
                if should_stop():
                    raise KeyboardInterrupt
                ready, _ = ray.wait(list(pending), num_returns=1, timeout=0.5)
                # a task's sub-batches are on the queue before its result is ready: drain first
                while queue is not None and not queue.empty():
                    m, start, n, wins_a, wins_b = queue.get_nowait()
                    seen = heard.get((m, start))  # None: the chunk has ended and was counted exactly
                    if seen is not None and seen[0] + n <= sizes[(m, start)]:
                        report(m, seen, n, wins_a, wins_b)
                for ref in ready:
                    try:
                        result = ray.get(ref)  # re-raises a task's error here
                    except ray.exceptions.RayTaskError as exc:
                        if isinstance(exc.cause, InvariantViolation):
                            raise exc.cause from None  # the engine's finding, without Ray's wrapping
                        raise
                    c = pending.pop(ref)
                    seen = heard.pop((c.matchup, c.start))
                    report(c.matchup, seen, c.n - seen[0], result["wins_a"] - seen[1], result["wins_b"] - seen[2])
                    on_done(c, result["parts"])
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
    finally:
        if queue is not None:
            queue.shutdown()
        if started_here:
            ray.shutdown()
