"""Compare two deck variants A and B against a gauntlet of opponents (`tcgsim compare`).

Common random numbers and seat swaps (docs/statistics.md): against opponent k, the four
matchups (A, X), (X, A), (B, X), (X, B) share one RNG stream, so game i of each is dealt from the
same per-game generator: the same coin for the first player and the same shuffle streams per
seat. A and B therefore face the same situations, and each seed is played from both seats.
With --until-decided, batch b uses streams b * K + k (K opponents) so batches never repeat
games; batch 0 is exactly the fixed-size run. See analysis.paired for the statistics.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from analysis.paired import Comparison, SprtResult, compare, paired_outcomes, sprt
from sim.errors import InputError
from sim.model import Deck

MIN_BATCH = 200


@dataclass(frozen=True)
class VariantResult:
    comparison: Comparison
    games: int  # games per matchup (per variant, opponent and seat order) actually played
    max_games: int
    sprt: SprtResult | None  # set with until_decided
    delta: float
    out: Path | None  # kept results (None when played in a temporary directory)

    @property
    def stopped_early(self) -> bool:
        return self.sprt is not None and self.sprt.decided and self.games < self.max_games


def specs_for(deck_a: Deck, deck_b: Deck, opponents: list[Deck], policy: str, batch: int,
              engine: str = "") -> tuple[list, list[dict]]:
    """MatchupSpecs and their roles (for analysis.paired.paired_outcomes) for one batch."""
    from sim.runner import MatchupSpec

    specs, roles = [], []
    k_all = len(opponents)
    for k, x in enumerate(opponents):
        stream = batch * k_all + k
        for variant, deck in (("a", deck_a), ("b", deck_b)):
            for order, (first, second) in (("first", (deck, x)), ("second", (x, deck))):
                roles.append({"matchup": len(specs), "variant": variant, "opponent": k, "order": order})
                specs.append(MatchupSpec(first, second, policy, policy, stream, engine=engine))
    return specs, roles


def check_decks(decks: list[Deck], engine: str) -> None:
    games = {d.game for d in decks}
    if len(games) > 1 and engine != "null":
        listing = ", ".join(f"{d.path or d.name} ({d.game})" for d in decks)
        raise InputError("decks", f"all decks must be for one game, got {listing}")


def compare_variants(deck_a: Deck, deck_b: Deck, opponents: list[Deck], *, games: int, policy: str,
                     seed: int, until_decided: bool = False, delta: float = 0.1, batch: int | None = None,
                     out: Path | None = None, engine: str = "", progress: bool = False,
                     on_batch: Callable[[int, SprtResult], None] | None = None) -> VariantResult:
    """Play A and B against each opponent (paired), `games` per matchup, and compare them."""
    from sim.runner import run_matchups

    if not opponents:
        raise InputError("--against", "give at least one opponent deck")
    if games < 2:
        raise InputError("--games", "need at least 2 games per matchup for an interval")
    check_decks([deck_a, deck_b, *opponents], engine)
    size = games if not until_decided else max(MIN_BATCH, batch or games // 10)
    root = Path(out) if out else Path(tempfile.mkdtemp(prefix="tcgsim-compare-"))
    try:
        pairs: list[pl.DataFrame] = []
        played, b, test = 0, 0, None
        while played < games:
            n = min(size, games - played)
            specs, roles = specs_for(deck_a, deck_b, opponents, policy, b, engine)
            target = root if not until_decided else root / f"batch-{b:03d}"
            run_matchups(specs, n, seed, target, progress=progress)
            games_lf = pl.scan_parquet(sorted((target / "games").glob("*.parquet")))
            pairs.append(paired_outcomes(games_lf, roles).with_columns(pl.col("index") + played))
            played += n
            b += 1
            if until_decided:
                test = sprt(pl.concat(pairs)["d"].to_numpy(), delta)
                if on_batch:
                    on_batch(played, test)
                if test.decided:
                    break
        result = compare(pl.concat(pairs), [d.name for d in opponents])
        return VariantResult(result, played, games, test, delta, Path(out) if out else None)
    finally:
        if not out:
            shutil.rmtree(root, ignore_errors=True)


def round_robin_specs(decks: list[Deck], policy: str, engine: str = "") -> list:
    """Every pair of distinct decks in both seat orders. (i, j) and (j, i) share one stream, so
    each seed of a pair is played from both seats (the same coin and shuffle streams)."""
    from sim.runner import MatchupSpec

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
            progress: bool = False, policies: list[str] | None = None) -> Path:
    """Round robin with the cards detail into out/results, then the report into out; returns report.html.

    With `policies`, the round robin is played once per policy P, both seats playing P, on the same
    streams: each pairing sees the same deals, so pairings differ by the play, not by the luck."""
    from reports.write import write_report
    from sim.runner import run_matchups

    check_round_robin(decks, engine)
    specs = [s for p in (policies or [policy]) for s in round_robin_specs(decks, p, engine)]
    results = run_matchups(specs, games, seed, Path(out) / "results", detail="cards", progress=progress)
    return write_report(results, Path(out), decks=decks)
