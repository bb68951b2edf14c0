"""PSO2 co-op raid runs (digest §11): load a boss file and party decks, play raids, report.

A boss file is a PSO2 deck file (decks/pso2/bosses/): its one [player] card is the Boss card (`hp` =
Life, `atk` = the Boss's attack, keywords apply) and [cards] is the Boss deck. A raid job is a TOML
file with `mode = "raid"` (see `load_raid_job`), run by `tcgsim run`; `tcgsim raid` runs one party.

The report: the party's clear rate with its Wilson 95% interval, the timeout rate, rounds to clear
(mean, median, quartiles over cleared raids; a round is one turn of every seat), and per party
player the mean damage taken (cards milled by damage) and the elimination rate.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from analysis.intervals import wilson
from sim.cards.model import Deck
from sim.decks.deckfile import load_deck
from sim.engine.options import check_options
from sim.errors import InputError
from sim.games.pso2 import engine as pso2
from sim.games.pso2.raid import (
    CLEAR,
    MAX_PARTY,
    R_LIFE,
    R_NCOLS,
    R_OUT,
    R_OUTCOME,
    R_ROUNDS,
    R_TAKEN,
    TIMEOUT,
    play_raid,
)
from sim.limits import MEMORY_BUDGET
from sim.run.bar import live_bars
from sim.run.chunks import Pacer
from sim.run.estimate import Estimate

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


MAX_RAIDS = MEMORY_BUDGET // (8 * (R_NCOLS + 1))  # the result rows and violation flags of one call


def run_raid(party: list[Deck], boss: Deck, policies: list[str], games: int, seed: int,
             options: dict[str, int] | None = None, check: bool = False, stream: int = 0, *,
             progress: bool = False, on_progress: Callable[[int, int], None] | None = None,
             on_estimate: Callable[[list[Estimate]], None] | None = None) -> RaidResult:
    """`games` raids of the party (one policy per seat) against the boss.

    With `progress` (a bar on stderr with rate and ETA) or a hook, the raids are played in sub-batches
    of about a second (raid i depends only on seed, stream and i: the same raids) and after each one
    `on_estimate` gets the clear rate so far (one Estimate, "clears") and `on_progress(done, games)`
    the raids played; the bar shows the clear rate with its Wilson interval."""
    if not 1 <= games <= MAX_RAIDS:
        raise InputError("--games", f"must be within 1..{MAX_RAIDS:,} raids (their result rows are held in memory at "
                                    f"once), got {games:,}")
    if len(policies) != len(party):
        raise InputError("--policy", f"give one policy for all seats or one per party deck ({len(party)})")
    for p in policies:
        if p not in pso2.POLICIES:
            raise InputError("--policy", f"unknown policy {p!r} (one of: {', '.join(pso2.POLICIES)})")
    check_options(pso2, options)
    decks, boss_c = compile_raid(party, boss)
    ids = [pso2.POLICIES[p] for p in policies]
    if not (progress or on_progress or on_estimate):
        rows, viol = play_raid(decks, boss_c, ids, seed=seed, n=games, stream=stream, options=options, check=check)
    else:
        rows, viol = np.zeros((games, R_NCOLS), np.int64), np.zeros(games, np.int64)
        pacer, start, clears = Pacer(), 0, 0
        with live_bars("raids") if progress else nullcontext() as bar:
            task = bar.add_task(f"raids ({', '.join(policies)})", total=games, interim="") if bar else None
            while start < games:
                n = min(pacer.size, games - start)
                t0 = time.perf_counter()
                rows[start:start + n], viol[start:start + n] = play_raid(decks, boss_c, ids, seed=seed, n=n,
                                                                         stream=stream, start=start,
                                                                         options=options, check=check)
                pacer.played(n, time.perf_counter() - t0)
                start += n
                clears += int((rows[start - n:start, R_OUTCOME] == CLEAR).sum())
                so_far = Estimate("clears", clears, start)
                if bar:
                    bar.update(task, advance=n, interim=so_far.text("clears"))
                if on_estimate:
                    on_estimate([so_far])
                if on_progress:
                    on_progress(start, games)
    return RaidResult([d.name for d in party], list(policies), boss.name, dict(options or {}), rows,
                      int((viol != 0).sum()))
