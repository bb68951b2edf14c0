"""A job request checked before it is queued: its decks exist and load, its size is within the
service's caps, and its policies are the engine's (the rest the workflow checks as the CLI does)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from sim.errors import InputError
from sim.service.config import Settings
from sim.service.decks import load_text
from sim.service.requests import BalanceJob, CompareJob, OddsJob, RaidJob, SimulateJob, deck_ids, games_total
from sim.service.store import Store


def check(job: BaseModel, store: Store, settings: Settings) -> tuple[dict[str, Any], int]:
    """(the parameters to store, games at most); InputError when the job cannot run."""
    ids = deck_ids(job)
    records = {}
    for deck_id in ids:
        record = store.deck(deck_id)
        if record is None:
            raise InputError("decks", f"no deck {deck_id!r} (POST /api/decks first)")
        if record["pool"] is not None and record["pool"] not in settings.pools:
            raise InputError("decks", f"deck {deck_id} needs pool {record['pool']!r}, which is not configured")
        records[deck_id] = record
    total = games_total(job)
    if isinstance(job, OddsJob):
        if job.samples > settings.max_samples:
            raise InputError("samples", f"at most {settings.max_samples:,} simulated openings per job")
    elif total > settings.max_job_games:
        raise InputError("games", f"this job plays {total:,} games; at most {settings.max_job_games:,} per job")
    decks = {i: load_text(r["toml"], settings.pools.get(r["pool"]) if r["pool"] else None) for i, r in records.items()}
    _check_policies(job, [decks[i] for i in ids])
    params = job.model_dump()
    params["deck_pools"] = {i: records[i]["pool"] for i in ids}
    return params, total


def _check_policies(job: BaseModel, decks: list[Any]) -> None:
    from sim.games import get_engine
    from sim.run.pairings import check_pairings
    from sim.run.runner import check_policy

    if isinstance(job, OddsJob | RaidJob):
        return
    engine_name = job.engine or decks[0].game  # type: ignore[attr-defined]
    if engine_name not in ("fftcg", "gbf", "pso2", "coj", "null"):
        raise InputError("engine", f"no engine for {engine_name!r} decks; use engine \"null\"")
    engine = get_engine(engine_name)
    if isinstance(job, SimulateJob):
        check_policy(engine, job.policy_a, "policy_a")
        check_policy(engine, job.policy_b, "policy_b")
        return
    assert isinstance(job, CompareJob | BalanceJob)
    if job.policies is not None:
        if job.policy is not None:
            raise InputError("policies", "give either policy or policies, not both")
        if isinstance(job, CompareJob) and job.until_decided:
            raise InputError("policies", "not with until_decided; give a fixed games")
        check_pairings(job.policies, engine, "policies")
    else:
        check_policy(engine, job.policy or "curve", "policy")
