"""PSO2 co-op raid runs (digest §11): load a boss file and party decks, play raids, report.

A boss file is a PSO2 deck file (decks/pso2/bosses/): its one [player] card is the Boss card (`hp` =
Life, `atk` = the Boss's attack, keywords apply) and [cards] is the Boss deck. A raid job is a TOML
file with `mode = "raid"` (see `load_raid_job`), run by `tcgsim run`; `tcgsim raid` runs one party.

The report: the party's clear rate with its Wilson 95% interval, the timeout rate, rounds to clear
(mean, median, quartiles over cleared raids; a round is one turn of every seat), and per party
player the mean damage taken (cards milled by damage) and the elimination rate.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from analysis.intervals import wilson
from sim.deckfile import load_deck, read_toml
from sim.errors import InputError
from sim.games import pso2
from sim.games.pso2_raid import (
    CLEAR,
    MAX_PARTY,
    R_LIFE,
    R_OUT,
    R_OUTCOME,
    R_ROUNDS,
    R_TAKEN,
    TIMEOUT,
    play_raid,
)
from sim.model import Deck
from sim.options import check_options

BOSS_TYPES = ("character", "active", "item")


def load_boss(path: Path | str) -> Deck:
    deck = load_deck(path)
    if deck.game != "pso2":
        raise InputError(path, f"a raid boss is a pso2 file, not {deck.game}")
    boss = [c for c, k in deck.zone("player") for _ in range(k)]
    if len(boss) != 1 or boss[0].type != "player" or boss[0].hp <= 0:
        raise InputError(path, "a boss file needs exactly 1 Boss card in [player], with its Life as `hp` > 0")
    if deck.size == 0:
        raise InputError(path, "the Boss deck ([cards]) is empty")
    bad = [c.code for c, _ in deck.main if c.type not in BOSS_TYPES]
    if bad:
        raise InputError(path, f"card {bad[0]!r}: a Boss deck holds characters, Actives and Items")
    return deck


def compile_raid(party: list[Deck], boss: Deck) -> tuple[list, object]:
    if not 1 <= len(party) <= MAX_PARTY:
        raise InputError("DECK", f"a raid party has 1 to {MAX_PARTY} players, got {len(party)}")
    names: dict[str, int] = {}
    compiled = []
    for deck in party:
        if deck.game != "pso2":
            raise InputError(deck.path, f"a {deck.game} deck cannot join a PSO2 raid")
        compiled.append(pso2._Pso2Deck.of(pso2.compile_deck(deck.canonical(), names)))
    return compiled, pso2._Pso2Deck.of(pso2.compile_deck(boss.canonical(), names))


@dataclass
class RaidResult:
    party: list[str]
    policies: list[str]
    boss: str
    options: dict[str, int]
    rows: np.ndarray  # int64 [games, R_*]
    violations: int  # games with an invariant violation (check mode), else 0

    def summary(self) -> dict[str, object]:
        n = self.rows.shape[0]
        outcome = self.rows[:, R_OUTCOME]
        clears = int((outcome == CLEAR).sum())
        low, high = wilson(clears, n)
        rounds = self.rows[outcome == CLEAR, R_ROUNDS]
        players = []
        for i, (deck, policy) in enumerate(zip(self.party, self.policies, strict=True)):
            taken = self.rows[:, R_TAKEN + i]
            out = int(self.rows[:, R_OUT + i].sum())
            el, eh = wilson(out, n)
            players.append({"seat": i + 1, "deck": deck, "policy": policy, "damage_taken_mean": float(taken.mean()),
                            "damage_taken_median": float(np.median(taken)), "eliminated_rate": out / n,
                            "eliminated_low": el, "eliminated_high": eh})
        quart = np.percentile(rounds, [25, 50, 75]).tolist() if rounds.size else [None] * 3
        return {
            "games": n, "boss": self.boss, "options": self.options, "clears": clears, "clear_rate": clears / n,
            "clear_low": low, "clear_high": high, "timeouts": int((outcome == TIMEOUT).sum()),
            "rounds_to_clear_mean": float(rounds.mean()) if rounds.size else None,
            "rounds_to_clear_q1": quart[0], "rounds_to_clear_median": quart[1], "rounds_to_clear_q3": quart[2],
            "boss_life_left_mean": float(self.rows[:, R_LIFE].mean()), "players": players,
            "invariant_violations": self.violations,
        }


def run_raid(party: list[Deck], boss: Deck, policies: list[str], games: int, seed: int,
             options: dict[str, int] | None = None, check: bool = False, stream: int = 0) -> RaidResult:
    """`games` raids of the party (one policy per seat) against the boss."""
    if games <= 0:
        raise InputError("--games", f"must be a positive number, got {games}")
    if len(policies) != len(party):
        raise InputError("--policy", f"give one policy for all seats or one per party deck ({len(party)})")
    for p in policies:
        if p not in pso2.POLICIES:
            raise InputError("--policy", f"unknown policy {p!r} (one of: {', '.join(pso2.POLICIES)})")
    check_options(pso2, options)
    decks, boss_c = compile_raid(party, boss)
    rows, viol = play_raid(decks, boss_c, [pso2.POLICIES[p] for p in policies], seed=seed, n=games,
                           stream=stream, options=options, check=check)
    return RaidResult([d.name for d in party], list(policies), boss.name, dict(options or {}), rows,
                      int((viol != 0).sum()))


def format_summary(s: dict[str, object]) -> list[str]:
    lines = [f"{s['games']:,} raids against {s['boss']}: clear rate {s['clear_rate']:.1%} "
             f"[{s['clear_low']:.1%}, {s['clear_high']:.1%}] (Wilson 95%), timeouts {s['timeouts']:,}"]
    if s["rounds_to_clear_mean"] is not None:
        lines.append(f"  rounds to clear: mean {s['rounds_to_clear_mean']:.2f}, median {s['rounds_to_clear_median']:g} "
                     f"(quartiles {s['rounds_to_clear_q1']:g}-{s['rounds_to_clear_q3']:g}); Boss Life left on "
                     f"average {s['boss_life_left_mean']:.1f}")
    for p in s["players"]:
        lines.append(f"  P{p['seat']} {p['deck']} ({p['policy']}): damage taken mean {p['damage_taken_mean']:.2f} "
                     f"(median {p['damage_taken_median']:g}), eliminated {p['eliminated_rate']:.1%} "
                     f"[{p['eliminated_low']:.1%}, {p['eliminated_high']:.1%}]")
    return lines


def write_report(results: list[RaidResult], out: Path) -> None:
    """report.md, summary.json and raids.csv (one row per party x policy assignment) under `out`."""
    out.mkdir(parents=True, exist_ok=True)
    summaries = [r.summary() for r in results]
    (out / "summary.json").write_text(json.dumps(summaries, indent=1))
    md = ["# PSO2 raid report", "", "Co-op raid (digest §11). Rates with Wilson 95% intervals; a round is one turn "
          "of every seat; damage taken counts the cards milled from a player's deck by damage (201.4).", ""]
    md.append("| party (policies) | boss | raids | clear rate | 95% interval | timeouts | rounds to clear: mean | "
              "median | damage taken per player (mean) | eliminated per player |")
    md.append("|---|---|---:|---:|---|---:|---:|---:|---|---|")
    csv = ["party,policies,boss,games,clear_rate,clear_low,clear_high,timeouts,rounds_mean,rounds_median,"
           "damage_taken_mean,eliminated_rate"]
    for s in summaries:
        party = " + ".join(p["deck"] for p in s["players"])
        pols = "/".join(p["policy"] for p in s["players"])
        taken = " / ".join(f"{p['damage_taken_mean']:.1f}" for p in s["players"])
        elim = " / ".join(f"{p['eliminated_rate']:.1%}" for p in s["players"])
        mean = "-" if s["rounds_to_clear_mean"] is None else f"{s['rounds_to_clear_mean']:.2f}"
        med = "-" if s["rounds_to_clear_median"] is None else f"{s['rounds_to_clear_median']:g}"
        md.append(f"| {_md(party)} ({pols}) | {_md(str(s['boss']))} | {s['games']:,} | {s['clear_rate']:.1%} | "
                  f"{s['clear_low']:.1%}-{s['clear_high']:.1%} | {s['timeouts']:,} | {mean} | {med} | {taken} | "
                  f"{elim} |")
        csv.append(",".join(_csv(v) for v in (party, pols, s["boss"], s["games"], f"{s['clear_rate']:.6f}",
                                              f"{s['clear_low']:.6f}", f"{s['clear_high']:.6f}", s["timeouts"], mean,
                                              med, taken, elim)))
    (out / "report.md").write_text("\n".join(md) + "\n")
    (out / "raids.csv").write_text("\n".join(csv) + "\n")


def _md(text: str) -> str:
    return "".join("\\" + ch if ch in "\\`*_[]<>|#!" else ch for ch in text)


def _csv(value: object) -> str:
    text = str(value)
    if text[:1] in ("=", "+", "-", "@", "\t", "\r") and text != "-":
        text = "'" + text
    return '"' + text.replace('"', '""') + '"' if any(ch in text for ch in ',"\n') else text


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
    if not isinstance(games, int) or isinstance(games, bool) or games <= 0:
        raise InputError(where, f"`games` must be a positive number, got {games!r}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= 2**63 - 1:
        raise InputError(where, f"`seed` must be within 0..2**63-1, got {seed!r}")
    party_files, boss_file = data.get("party"), data.get("boss")
    if not isinstance(party_files, list) or not all(isinstance(p, str) for p in party_files) or not party_files:
        raise InputError(where, "`party` must be a list of deck files")
    if not isinstance(boss_file, str):
        raise InputError(where, "`boss` must be a boss file")
    policies = data.get("policies", ["curve"])
    if not isinstance(policies, list) or not all(p in pso2.POLICIES for p in policies) or not policies:
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


def run_raid_job(job: RaidJob, check: bool = False) -> list[RaidResult]:
    """Every assignment plays its own stream of the seed (independent samples), then the report."""
    results = [run_raid(job.party, job.boss, pols, job.games, job.seed, job.options, check or job.check, stream=i)
               for i, pols in enumerate(job.assignments)]
    write_report(results, job.out)
    return results
