"""Workflow: compare two deck variants A and B against a gauntlet of opponents (`tcgsim compare`, the service).

Common random numbers and seat swaps (docs/statistics.md): against opponent k, the four
matchups (A, X), (X, A), (B, X), (X, B) share one RNG stream, so game i of each is dealt from the
same per-game generator: the same coin for the first player and the same shuffle streams per
seat. A and B therefore face the same situations, and each seed is played from both seats.
With --until-decided the sequential test looks every LOOK_EVERY games per matchup; batch b uses streams b * K + k (K opponents) so batches never repeat
games; batch 0 is exactly the fixed-size run. See analysis.paired for the statistics.

With several policies (`compare_pairings`) the comparison is played once per policy, both seats
playing it, on the same streams, and analysis.sensitivity says whether B - A holds across them.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from analysis.paired import Comparison, compare, paired_outcomes
from analysis.sprt import SprtResult, deal_scores, sprt
from sim.cards.model import Deck
from sim.errors import InputError
from sim.run.chunks import MatchupSpec
from sim.run.estimate import Estimate, labelled
from sim.run.runner import run_matchups

LOOK_EVERY = 100  # games per matchup between two looks of the sequential test (--batch)


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
    specs, roles = [], []
    k_all = len(opponents)
    for k, x in enumerate(opponents):
        stream = batch * k_all + k
        for variant, deck in (("a", deck_a), ("b", deck_b)):
            for order, (first, second) in (("first", (deck, x)), ("second", (x, deck))):
                roles.append({"matchup": len(specs), "variant": variant, "opponent": k, "order": order})
                specs.append(MatchupSpec(first, second, policy, policy, stream, engine=engine))
    return specs, roles


def variant_seats(roles: list[dict], deck_a: Deck, deck_b: Deck, policy: str) -> list[tuple[str | None, str | None]]:
    """Each matchup's seat labels for sim.run.estimate: the variant's seat carries its label
    ("A (name, policy)"), the opponent's none."""
    names = {"a": f"A ({deck_a.name}, {policy})", "b": f"B ({deck_b.name}, {policy})"}
    return [(names[r["variant"]], None) if r["order"] == "first" else (None, names[r["variant"]]) for r in roles]


def check_decks(decks: list[Deck], engine: str) -> None:
    games = {d.game for d in decks}
    if len(games) > 1 and engine != "null":
        listing = ", ".join(f"{d.path or d.name} ({d.game})" for d in decks)
        raise InputError("decks", f"all decks must be for one game, got {listing}")


def compare_variants(deck_a: Deck, deck_b: Deck, opponents: list[Deck], *, games: int, policy: str,
                     seed: int, until_decided: bool = False, delta: float = 0.05, batch: int | None = None,
                     out: Path | None = None, engine: str = "", progress: bool = False,
                     on_batch: Callable[[int, SprtResult], None] | None = None,
                     on_progress: Callable[[int, int], None] | None = None,
                     should_stop: Callable[[], bool] | None = None,
                     on_estimate: Callable[[list[Estimate]], None] | None = None) -> VariantResult:
    """Play A and B against each opponent (paired), `games` per matchup, and compare them.

    With until_decided the games come in batches of `batch` per matchup (LOOK_EVERY by default) and
    the sequential test (analysis.sprt, delta in win-rate points / 100) looks after each batch.

    on_progress and should_stop are run_matchups' hooks, passed to each batch's run; on_estimate
    gets each variant's win rate so far against the opponents, from both seats, as the batch's games
    arrive (`variant_seats`). The paired B - A interval needs every seat order of a deal, so it
    comes with the result (and at each look of the sequential test)."""
    if not opponents:
        raise InputError("--against", "give at least one opponent deck")
    if games < 2:
        raise InputError("--games", "need at least 2 games per matchup for an interval")
    check_decks([deck_a, deck_b, *opponents], engine)
    size = games if not until_decided else (batch or LOOK_EVERY)
    root = Path(out) if out else Path(tempfile.mkdtemp(prefix="tcgsim-compare-"))
    try:
        pairs: list[pl.DataFrame] = []
        played, b, test = 0, 0, None
        while played < games:
            n = min(size, games - played)
            specs, roles = specs_for(deck_a, deck_b, opponents, policy, b, engine)
            target = root if not until_decided else root / f"batch-{b:03d}"
            run_matchups(specs, n, seed, target, progress=progress, on_progress=on_progress, should_stop=should_stop,
                         on_estimate=labelled(on_estimate, variant_seats(roles, deck_a, deck_b, policy)))
            games_lf = pl.scan_parquet(sorted((target / "games").glob("*.parquet")))
            pairs.append(paired_outcomes(games_lf, roles).with_columns(pl.col("index") + played))
            played += n
            b += 1
            if until_decided:
                deals = deal_scores(pl.concat(pairs))
                test = sprt(deals["score_a"].to_numpy(), deals["score_b"].to_numpy(), delta)
                if on_batch:
                    on_batch(played, test)
                if test.decided:
                    break
        result = compare(pl.concat(pairs), [d.name for d in opponents])
        return VariantResult(result, played, games, test, delta, Path(out) if out else None)
    finally:
        if not out:
            shutil.rmtree(root, ignore_errors=True)


@dataclass(frozen=True)
class PairingsResult:
    """compare_pairings: one VariantResult per policy, and the sensitivity of B - A to the policy."""
    results: dict[str, VariantResult]
    table: pl.DataFrame  # analysis.sensitivity.variant_comparisons: B - A per pairing, Holm-adjusted
    verdict: str
    flips: list[str]
    page: Path | None  # the compare report (with `out`)


def parse_policies(policies: str, policy: str | None, decks: list[Deck], engine: str,
                   until_decided: bool = False) -> list[str]:
    """--policies checked against the engine's registry, before anything is played."""
    from sim.games import get_engine
    from sim.run.pairings import parse_pairings

    if policy is not None:
        raise InputError("--policies", "give either --policy or --policies, not both")
    if until_decided:  # each pairing's test would stop at its own time: the intervals would not be comparable
        raise InputError("--policies", "not with --until-decided; give a fixed --games")
    check_decks(decks, engine)
    return parse_pairings(policies, get_engine(engine or decks[0].game))


def compare_pairings(deck_a: Deck, deck_b: Deck, opponents: list[Deck], *, policies: list[str], games: int,
                     seed: int, engine: str = "", out: Path | None = None, progress: bool = False,
                     on_progress: Callable[[int, int], None] | None = None,
                     should_stop: Callable[[], bool] | None = None,
                     on_estimate: Callable[[list[Estimate]], None] | None = None) -> PairingsResult:
    """compare_variants once per policy; with `out`, each pairing's games in OUT/<policy>/ and the
    compare report (report.html, report.md, tables/) in OUT."""
    from analysis.sensitivity import flips, variant_comparisons, variant_verdict
    from reports.compare_report import save_roles, write_compare_report

    results = {p: compare_variants(deck_a, deck_b, opponents, games=games, policy=p, seed=seed, engine=engine,
                                   out=Path(out) / p if out else None, progress=progress, on_progress=on_progress,
                                   should_stop=should_stop, on_estimate=on_estimate) for p in policies}
    table = variant_comparisons(f"A ({deck_a.name})", f"B ({deck_b.name})",
                                {p: r.comparison.overall for p, r in results.items()})
    page = None
    if out:
        roles = specs_for(deck_a, deck_b, opponents, policies[0], 0, engine)[1]  # the same layout under every pairing
        save_roles(Path(out), deck_a.name, deck_b.name, [x.name for x in opponents], policies, roles)
        page = write_compare_report(Path(out), Path(out))
    return PairingsResult(results, table, variant_verdict(table), [f["statement"] for f in flips(table)], page)


def comparison_json(c: Comparison) -> dict:
    """The --json form of a comparison: rows per opponent and the overall difference."""
    return {"rows": [{k: row[k] for k in ("opponent", "win_rate_a", "win_rate_b", "diff", "low", "high")}
                     for row in c.rows],
            "overall": {"diff": c.overall.diff, "low": c.overall.low, "high": c.overall.high,
                        "discordance": c.discordance}}
