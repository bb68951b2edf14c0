"""Workflow: opening-hand and by-turn odds of a deck, exact and simulated (`tcgsim odds`, the service)."""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.engine.numba_cache import compile_progress, needs_compiling
from sim.odds import compute
from sim.odds.counting import OddsQuestion
from sim.odds.question import question_for


@dataclass(frozen=True)
class OddsResult:
    question: OddsQuestion
    rows: list[dict[str, Any]]  # per turn: exact, simulated, and the simulation's Wilson 95% interval


def odds(deck: Path, wants: list[str], *, samples: int = 1_000_000, seed: int = 1, **question: Any) -> OddsResult:
    """The odds that the opening hand (turn 0) and each own turn up to `turns` meets every want.

    `question` takes sim.odds.question.question_for's options (turns, seat_first, keep_if, ...)."""
    q = question_for(deck, wants, **question)
    cold = samples > 0 and needs_compiling(compute)
    with compile_progress(compute, "the odds sampler") if cold else nullcontext():
        return OddsResult(q, compute.rows(q, samples, seed))
