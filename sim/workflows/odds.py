"""Workflow: opening-hand and by-turn odds of a deck, exact and simulated (`tcgsim odds`, the service)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.engine.numba_cache import compile_progress, needs_compiling
from sim.odds import compute
from sim.odds.counting import OddsQuestion
from sim.odds.question import question_for
from sim.run.bar import live_bars
from sim.run.estimate import Estimate


@dataclass(frozen=True)
class OddsResult:
    question: OddsQuestion
    rows: list[dict[str, Any]]  # per turn: exact, simulated, and the simulation's Wilson 95% interval


def odds(deck: Path, wants: list[str], *, samples: int = 1_000_000, seed: int = 1, progress: bool = False,
         on_progress: Callable[[int, int], None] | None = None,
         on_estimate: Callable[[list[Estimate]], None] | None = None, **question: Any) -> OddsResult:
    """The odds that the opening hand (turn 0) and each own turn up to `turns` meets every want.

    `question` takes sim.odds.question.question_for's options (turns, seat_first, keep_if, ...).
    With `progress` (a bar on stderr: openings dealt, rate, ETA and the simulated opening-hand odds
    so far with its Wilson interval) or a hook, the openings are dealt in steps (the same openings):
    on_estimate gets the opening-hand estimate so far, then on_progress(dealt, samples)."""
    q = question_for(deck, wants, **question)
    cold = samples > 0 and needs_compiling(compute)
    with compile_progress(compute, "the odds sampler") if cold else nullcontext():
        if not (samples > 0 and (progress or on_progress or on_estimate)):
            return OddsResult(q, compute.rows(q, samples, seed))
        if cold:  # compile on a tiny sample first, so the bar's rate and ETA count dealing only
            compute.simulate(q, 1, seed)
    with live_bars("openings") if progress else nullcontext() as bar:
        task = bar.add_task("odds", total=samples, interim="") if bar else None
        dealt_before = 0

        def on_samples(dealt: int, hits: list[int]) -> None:
            nonlocal dealt_before
            so_far = Estimate("opening hand meets the wants", hits[0], dealt)
            if bar:
                bar.update(task, advance=dealt - dealt_before, interim=so_far.text("opening hand"))
            dealt_before = dealt
            if on_estimate:
                on_estimate([so_far])
            if on_progress:
                on_progress(dealt, samples)

        return OddsResult(q, compute.rows(q, samples, seed, on_samples))
