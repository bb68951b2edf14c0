"""Workflow: PSO2 co-op raids (`tcgsim raid`, raid job files, the service).

A raid job file (mode = "raid") names the party decks, the boss, the policies (one per seat, or
lists of them: every assignment is played) and where the report goes.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reports.raid import write_report
from sim.cards.model import Deck
from sim.decks.deckfile import load_deck, read_toml
from sim.engine.options import check_options
from sim.errors import InputError
from sim.games.pso2 import engine as pso2
from sim.games.pso2.raid import MAX_PARTY
from sim.run.estimate import Estimate
from sim.run.raid import MAX_RAIDS, RaidResult, load_boss, run_raid

RAID_KEYS = ("mode", "name", "description", "seed", "games", "boss", "party", "policies", "out", "options",
             "check_invariants")


@dataclass
class RaidJob:
    path: Path
    party: list[Deck]
    boss: Deck
    assignments: list[list[str]]  # a policy per party seat, for each assignment played
    games: int
    seed: int
    out: Path
    options: dict[str, int]
    check: bool


def is_raid_job(path: Path) -> bool:
    return read_toml(Path(path)).get("mode") == "raid"


def load_raid_job(path: Path) -> RaidJob:
    """mode = "raid"; boss = BOSS file; party = [DECK, ...]; games (per assignment); seed; policies =
    [...] (every assignment of these policies to the party seats is played); out; [options];
    check_invariants. Paths are relative to the job file."""
    path = Path(path)
    data = read_toml(path)
    where, base = str(path), path.parent
    unknown = sorted(set(data) - set(RAID_KEYS))
    if unknown:
        raise InputError(where, f"unknown key {unknown[0]!r} (raid job keys: {', '.join(RAID_KEYS)})")
    games, seed = data.get("games"), data.get("seed", 0)
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_RAIDS:
        raise InputError(where, f"`games` must be a whole number within 1..{MAX_RAIDS:,}, got {games!r}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= 2**63 - 1:
        raise InputError(where, f"`seed` must be within 0..2**63-1, got {seed!r}")
    party_files, boss_file = data.get("party"), data.get("boss")
    if not isinstance(party_files, list) or not all(isinstance(p, str) for p in party_files) or not party_files:
        raise InputError(where, "`party` must be a list of deck files")
    if len(party_files) > MAX_PARTY:  # before the policy assignments (policies ** party size) are built
        raise InputError(where, f"a raid party has 1 to {MAX_PARTY} decks (digest §11), got {len(party_files)}")
    if not isinstance(boss_file, str):
        raise InputError(where, "`boss` must be a boss file")
    policies = data.get("policies", ["curve"])
    if not isinstance(policies, list) or not policies or not all(isinstance(p, str) and p in pso2.POLICIES
                                                                 for p in policies):
        raise InputError(where, f"`policies` must be a list of {', '.join(pso2.POLICIES)}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise InputError(where, "[options] must be a table")
    check_options(pso2, options, f"{where}: options")
    party = [load_deck(base / p) for p in party_files]
    assignments = [list(a) for a in itertools.product(policies, repeat=len(party))]
    check = data.get("check_invariants", False)
    if not isinstance(check, bool):
        raise InputError(where, "`check_invariants` must be true or false")
    out = base / str(data.get("out", f"results/{path.stem}"))
    return RaidJob(path, party, load_boss(base / boss_file), assignments, games, seed, out, options, check)


def run_raid_job(job: RaidJob, check: bool = False, progress: bool = False) -> list[RaidResult]:
    """Every assignment plays its own stream of the seed (independent samples), then the report.
    With `progress`, a bar per assignment (sim.run.raid.run_raid)."""
    results = [run_raid(job.party, job.boss, pols, job.games, job.seed, job.options, check or job.check, stream=i,
                        progress=progress)
               for i, pols in enumerate(job.assignments)]
    write_report(results, job.out)
    return results


def raid(party: list[Deck], boss: Deck, policies: list[str], *, games: int, seed: int,
         options: dict[str, int] | None = None, out: Path | None = None, check: bool = False,
         progress: bool = False, on_progress: Callable[[int, int], None] | None = None,
         on_estimate: Callable[[list[Estimate]], None] | None = None) -> RaidResult:
    """`games` raids of the party (one policy for every seat, or one per seat) against the boss;
    with `out`, the raid report there. progress, on_progress and on_estimate (the clear rate so
    far): sim.run.raid.run_raid's."""
    policies = policies * len(party) if len(policies) == 1 else list(policies)
    result = run_raid(party, boss, policies, games, seed, options, check, progress=progress,
                      on_progress=on_progress, on_estimate=on_estimate)
    if out is not None:
        write_report([result], out)
    return result
