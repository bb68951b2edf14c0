"""Workflow: the balance report of one game's decks (`tcgsim balance`, the service).

A round robin with the cards detail into OUT/results, then the report into OUT. With several
policies, the round robin is played once per policy P, both seats playing P, on the same streams:
each pairing sees the same deals, so pairings differ by the play, not by the luck.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sim.cards.model import Deck
from sim.errors import InputError
from sim.run.chunks import MatchupSpec
from sim.run.estimate import Estimate, labelled
from sim.run.runner import run_matchups
from sim.workflows.compare import check_decks


def round_robin_specs(decks: list[Deck], policy: str, engine: str = "") -> list:
    """Every pair of distinct decks in both seat orders. (i, j) and (j, i) share one stream, so
    each seed of a pair is played from both seats (the same coin and shuffle streams)."""
    k = len(decks)
    specs = []
    for i in range(k):
        for j in range(k):
            if i != j:
                stream = min(i, j) * k + max(i, j)
                specs.append(MatchupSpec(decks[i], decks[j], policy, policy, stream, engine=engine))
    return specs


def check_round_robin(decks: list[Deck], engine: str = "") -> None:
    if len(decks) < 2:
        raise InputError("decks", "a round robin needs at least two decks")
    check_decks(decks, engine)
    names: dict[str, Deck] = {}
    for d in decks:
        if d.name in names:
            raise InputError("decks", f"two decks are named {d.name!r} ({names[d.name].path} and {d.path}); "
                                      "give them distinct `name`s so the report can tell them apart")
        names[d.name] = d


def balance(decks: list[Deck], *, games: int, policy: str, seed: int, out: Path, engine: str = "",
            progress: bool = False, policies: list[str] | None = None,
            on_progress: Callable[[int, int], None] | None = None,
            should_stop: Callable[[], bool] | None = None,
            on_estimate: Callable[[list[Estimate]], None] | None = None) -> Path:
    """Round robin with the cards detail into out/results, then the report into out; returns report.html.

    on_progress and should_stop are run_matchups' hooks (the service's progress and cancel);
    on_estimate gets each deck's win rate so far over all its games, from both seats, as games
    arrive (one Estimate per deck and policy, labelled "deck (policy)")."""
    from reports.write import write_report

    check_round_robin(decks, engine)
    specs = [s for p in (policies or [policy]) for s in round_robin_specs(decks, p, engine)]
    seats = [(f"{s.deck_a.name} ({s.policy_a})", f"{s.deck_b.name} ({s.policy_b})") for s in specs]
    results = run_matchups(specs, games, seed, Path(out) / "results", detail="cards", progress=progress,
                           on_progress=on_progress, should_stop=should_stop, on_estimate=labelled(on_estimate, seats))
    return write_report(results, Path(out), decks=decks)


def parse_policies(policies: str | None, policy: str | None, decks: list[Deck], engine: str) -> list[str] | None:
    """--policies checked against the engine's registry (None without it), before anything is played."""
    from sim.games import get_engine
    from sim.run.pairings import parse_pairings

    if policies is None:
        return None
    if policy is not None:
        raise InputError("--policies", "give either --policy or --policies, not both")
    check_round_robin(decks, engine)  # one game, so one registry to check the names against
    return parse_pairings(policies, get_engine(engine or decks[0].game))
