"""One job, run inside a worker process: load its decks, call the workflow, return its JSON result.

Every job writes into DATA/jobs/<id>/out exactly what the CLI writes with --out there, so rerunning
the job in the same directory resumes it from its finished parts (sim.run.runner).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.cards.model import Deck
from sim.decks.deckfile import SHIPPED_DECKS, load_deck
from sim.errors import InputError
from sim.run.estimate import Estimate

BOSSES = SHIPPED_DECKS / "pso2" / "bosses"


@dataclass(frozen=True)
class Context:
    """Where a job's files are, how its decks load, and the runner's hooks."""
    job_dir: Path
    pools: dict[str, Path]
    backend: str = "local"
    on_progress: Callable[[int, int], None] | None = None
    should_stop: Callable[[], bool] | None = None
    on_estimate: Callable[[list[Estimate]], None] | None = None

    @property
    def hooks(self) -> dict[str, Any]:
        """The workflows' keyword arguments for progress, interim estimates and cancel."""
        return {"on_progress": self.on_progress, "should_stop": self.should_stop, "on_estimate": self.on_estimate}

    @property
    def out(self) -> Path:
        return self.job_dir / "out"

    def deck_path(self, deck_id: str) -> Path:
        return self.job_dir / "decks" / f"{deck_id}.toml"

    def pool(self, params: dict[str, Any], deck_id: str) -> Path | None:
        name = params.get("deck_pools", {}).get(deck_id)
        return self.pools[name] if name else None

    def deck(self, params: dict[str, Any], deck_id: str) -> Deck:
        return load_deck(self.deck_path(deck_id), self.pool(params, deck_id))


def boss_path(name: str) -> Path:
    path = BOSSES / f"{name}.toml"
    if not path.is_file():
        raise InputError("boss", f"no boss named {name!r} (one of: {', '.join(boss_names())})")
    return path


def boss_names() -> list[str]:
    return sorted(p.stem for p in BOSSES.glob("*.toml"))


def run(kind: str, params: dict[str, Any], ctx: Context) -> dict[str, Any]:
    return RUNNERS[kind](params, ctx)


def _odds(p: dict[str, Any], ctx: Context) -> dict[str, Any]:
    from sim.workflows.odds import odds

    r = odds(ctx.deck_path(p["deck"]), p["wants"], samples=p["samples"], seed=p["seed"], turns=p["turns"],
             seat_first=p["seat"] == "first", keep_if=p["mulligan"] == "keep-if", pool=ctx.pool(p, p["deck"]),
             on_progress=ctx.on_progress, on_estimate=ctx.on_estimate)
    return {"rows": r.rows, "deck_size": r.question.deck_size, "game": r.question.profile.game}


def _simulate(p: dict[str, Any], ctx: Context) -> dict[str, Any]:
    from sim.workflows.report import report
    from sim.workflows.simulate import simulate

    r = simulate(ctx.deck(p, p["deck_a"]), ctx.deck(p, p["deck_b"]), games=p["games"], out=ctx.out / "results",
                 policy_a=p["policy_a"], policy_b=p["policy_b"], seed=p["seed"], detail=p["detail"],
                 engine=p["engine"] or None, options=p["options"], chunk=p["chunk"], backend=ctx.backend,
                 **ctx.hooks)
    report(ctx.out / "results", ctx.out)  # `tcgsim report OUT/results --out OUT`
    return {**r.summary, "engine": r.engine, "report": "report.html"}


def _comparison(c: Any) -> dict[str, Any]:
    from sim.workflows.compare import comparison_json

    return {**comparison_json(c), "discordance": c.discordance}  # the CLI's --json form, discordance on top too


def _compare(p: dict[str, Any], ctx: Context) -> dict[str, Any]:
    from sim.workflows.compare import compare_pairings, compare_variants, parse_policies

    a, b = ctx.deck(p, p["deck_a"]), ctx.deck(p, p["deck_b"])
    opponents = [ctx.deck(p, d) for d in p["against"]]
    hooks = ctx.hooks
    if p["policies"]:
        names = parse_policies(",".join(p["policies"]), p["policy"], [a, b, *opponents], p["engine"],
                               p["until_decided"])
        r = compare_pairings(a, b, opponents, policies=names, games=p["games"], seed=p["seed"], engine=p["engine"],
                             out=ctx.out, **hooks)
        return {"pairings": [{"policy": k, "games": v.games, **_comparison(v.comparison)} for k, v in r.results.items()],
                "verdict": r.verdict, "flips": r.flips, "report": "report.html" if r.page else None}
    r1 = compare_variants(a, b, opponents, games=p["games"], policy=p["policy"] or "curve", seed=p["seed"],
                          until_decided=p["until_decided"], delta=p["delta"] / 100, batch=p["batch"], out=ctx.out,
                          engine=p["engine"], **hooks)
    doc = {**_comparison(r1.comparison), "games": r1.games, "report": None}
    if r1.sprt is not None:
        doc["sprt"] = {"decision": r1.sprt.decision, "stopped_early": r1.stopped_early,
                       "reason": r1.sprt.explain(),
                       "hypotheses": r1.sprt.hypotheses(), "llr_b": r1.sprt.llr_b, "llr_a": r1.sprt.llr_a,
                       "lower": r1.sprt.lower, "upper": r1.sprt.upper}
    return doc


def _balance(p: dict[str, Any], ctx: Context) -> dict[str, Any]:
    import polars as pl

    from sim.workflows.balance import balance, parse_policies

    decks = [ctx.deck(p, d) for d in p["decks"]]
    pairings = parse_policies(",".join(p["policies"]) if p["policies"] else None, p["policy"], decks, p["engine"])
    page = balance(decks, games=p["games"], policy=p["policy"] or "curve", seed=p["seed"], out=ctx.out,
                   engine=p["engine"], policies=pairings, **ctx.hooks)
    rows = pl.read_csv(page.parent / "tables" / "decks.csv").to_dicts()
    return {"decks": rows, "report": page.name}


def _raid(p: dict[str, Any], ctx: Context) -> dict[str, Any]:
    from sim.run.raid import load_boss
    from sim.workflows.raid import raid

    r = raid([ctx.deck(p, d) for d in p["party"]], load_boss(boss_path(p["boss"])), p["policies"],
             games=p["games"], seed=p["seed"], options=p["options"], out=ctx.out, on_progress=ctx.on_progress,
             on_estimate=ctx.on_estimate)
    return {**r.summary(), "report": None}


RUNNERS: dict[str, Callable[[dict[str, Any], Context], dict[str, Any]]] = {
    "odds": _odds, "simulate": _simulate, "compare": _compare, "balance": _balance, "raid": _raid}
