"""The fitted models a matchup's policies play with (FFTCG's search-adapt: engine.model_digests), as a run records
them and a replay checks them.

A search-adapt seat's model is a function of the two decks, its recipe and the engine's code, so a replay refits it
when the cache lacks it; on another machine the refit can still differ (floating point), and its games with it. The
manifest records each adapted seat's model digest per matchup, so that a replay says so instead of reporting
mismatched games.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import Any

from threadpoolctl import threadpool_limits


def fitted(engine: ModuleType, policy_a: str, policy_b: str) -> bool:
    """Whether a seat of the matchup plays with a fitted model (engine.adapting), so its decks must be compiled
    before the games to fit or find it."""
    adapting = getattr(engine, "adapting", None)
    return adapting is not None and (adapting(engine.POLICIES[policy_a]) or adapting(engine.POLICIES[policy_b]))


def model_digests(engine: ModuleType, compiled_a: Any, compiled_b: Any, policy_a: str, policy_b: str,
                  say: Callable[[str], None] | None = None) -> dict[str, str]:
    """{seat: digest} of the fitted models the matchup's seats play with (fitting them if needed; `say` hears
    about a fit), {} when no policy of the matchup has one."""
    digests = getattr(engine, "model_digests", None)
    if digests is None:
        return {}
    return digests(compiled_a, compiled_b, engine.POLICIES[policy_a], engine.POLICIES[policy_b], say)


def fit_all(matchups: list[tuple[ModuleType, Any, Any, str, str]], workers: int) -> list[dict[str, str]]:
    """model_digests of each (engine, compiled_a, compiled_b, policy_a, policy_b), in that order, fitting up to
    `workers` matchups at once in threads (FFTCG's collection kernel releases the GIL). A matchup's models are a
    function of its decks and recipe alone, so which thread fits one, and when, changes nothing; the same matchup
    asked twice is fitted once (adapt's per-matchup locks)."""
    if workers <= 1 or len(matchups) <= 1:
        return [model_digests(*m) for m in matchups]
    # one process-wide BLAS limit around every thread's fit: the fits' own nested limits then restore 1, never the
    # default, when one thread's fit ends inside another's
    with threadpool_limits(limits=1), ThreadPoolExecutor(min(workers, len(matchups)), "tcgsim-fit") as pool:
        return list(pool.map(lambda m: model_digests(*m), matchups))


def models_differ(recorded: dict[str, str], now: dict[str, str], where: str) -> str | None:
    """Why a replay's models are not the run's (one line), or None when they are the same."""
    if recorded == now:
        return None
    seats = sorted(set(recorded) | set(now))
    pairs = ", ".join(f"seat {s}: recorded {recorded.get(s, 'none')}, refitted {now.get(s, 'none')}" for s in seats)
    return (f"{where}: the search-adapt models differ from the run's ({pairs}); the refit on this machine is not the "
            "one the run played (another machine's floating point or engine build?), so its games can differ")


def fitting_cost(engine: ModuleType, compiled_a: Any, compiled_b: Any, policy_a: str, policy_b: str) -> float:
    """The estimated CPU seconds of fitting the matchup's models before it plays (0 when cached or none)."""
    cost = getattr(engine, "fit_seconds", None)
    return 0.0 if cost is None else cost(compiled_a, compiled_b, engine.POLICIES[policy_a], engine.POLICIES[policy_b])


def fitting_costs(matchups: list[tuple[ModuleType, Any, Any, str, str]]) -> list[float]:
    """fitting_cost of each (engine, compiled_a, compiled_b, policy_a, policy_b), 0 for one whose fit an earlier one
    makes (A against B and B against A share one: engine.FITTING.fit_name)."""
    seen: set[str] = set()
    costs = []
    for engine, a, b, policy_a, policy_b in matchups:
        cost = fitting_cost(engine, a, b, policy_a, policy_b)
        fitting = getattr(engine, "FITTING", None)
        if cost and fitting is not None:
            name = fitting.fit_name(engine, a, b)
            cost = 0.0 if name in seen else cost
            seen.add(name)
        costs.append(cost)
    return costs


WARN_SECONDS = 30.0  # estimated fitting CPU-s before a run's games that earn a warning (a pause one notices)


def fitting_warning(costs: list[float], workers: int = 1) -> str | None:
    """One line on the fits a run is about to make (costs: each matchup's estimate, 0 for none; `workers` of them
    at once, fit_all), when together they are estimated at WARN_SECONDS or more."""
    fits = [c for c in costs if c > 0]
    total = sum(fits)
    if total < WARN_SECONDS:
        return None
    at_once = max(1, min(workers, len(fits)))
    return (f"warning: search-adapt fits {len(fits)} matchups' models before their games, about {total:,.0f} CPU-s "
            f"(about {total / at_once / 60:,.1f} min, {at_once} at a time) - later runs read them from the cache")
