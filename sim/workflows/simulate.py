"""Workflow: play one matchup into a results directory and summarise it (`tcgsim simulate`, the service)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.cards.model import Deck
from sim.engine.results import DETAIL_LEVELS
from sim.errors import InputError
from sim.run.estimate import Estimate, labelled
from sim.run.runner import BACKENDS, default_chunk, run_matchups, simulate_spec, summarize


@dataclass(frozen=True)
class SimulateResult:
    summary: dict[str, Any]  # sim.run.runner.summarize: wins, win rate with its Wilson interval, turns
    out: Path
    engine: str


def simulate(deck_a: Deck, deck_b: Deck, *, games: int, out: Path, policy_a: str = "curve", policy_b: str = "curve",
             seed: int = 1, detail: str = "games", engine: str | None = None, options: dict[str, int] | None = None,
             chunk: int | None = None, backend: str = "local", address: str | None = None, progress: bool = False,
             check: bool = False, on_progress: Callable[[int, int], None] | None = None,
             should_stop: Callable[[], bool] | None = None,
             on_estimate: Callable[[list[Estimate]], None] | None = None) -> SimulateResult:
    """Play `games` games of A against B into `out` (resumes a run interrupted there).

    on_progress and should_stop are run_matchups' hooks (the service's progress and cancel);
    on_estimate gets deck A's win rate so far as games arrive (one Estimate, labelled "A (policy)").
    Raises InputError for bad options, sim.run.runner.JobInterrupted when stopped, InvariantViolation
    with `check` when an engine breaks an invariant."""
    if games <= 0:
        raise InputError("--games", f"must be a positive number, got {games}")
    if chunk is None:
        chunk = default_chunk(detail)
    if chunk <= 0:
        raise InputError("--chunk", f"must be a positive number, got {chunk}")
    if detail not in DETAIL_LEVELS:
        raise InputError("--detail", f"unknown detail level {detail!r} (one of: {', '.join(DETAIL_LEVELS)})")
    if backend not in BACKENDS:
        raise InputError("--backend", f"unknown backend {backend!r} (one of: {', '.join(BACKENDS)})")
    spec = simulate_spec(deck_a, deck_b, policy_a, policy_b, engine, options)
    run_matchups([spec], games, seed, out, detail=detail, backend=backend, address=address, chunk=chunk,
                 options=options, progress=progress, check=check, on_progress=on_progress, should_stop=should_stop,
                 on_estimate=labelled(on_estimate, [(f"{deck_a.name} ({policy_a})", None)]))
    return SimulateResult(summarize(out), out, spec.engine_name)
