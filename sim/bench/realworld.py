"""Real-world checks of the FFTCG engine and policies on the real decks in ../shared/data (issue 33, part 4).

Not a test: a measurement whose figures go in the README (`python -m sim.bench.realworld --data DIR`).

- Two-player starter products: their two halves are designed to be played against each other, so
  under curve vs curve each half should win 30-70% of a seat-swapped match.
- 2017 tournament lists (cards from Opus I-III) against the Opus III starter decks: a tuned list
  should beat a fixed product: mean at least 60%, each matchup at least 50%.

Every matchup is played seat-swapped by deal: (X, Y) and (Y, X) on the same RNG stream, so deal i is
played once from each seat; X's score per deal is the mean of its two games (a draw is half a win),
and the 95% interval is the t interval over the deals' scores (analysis.paired.paired_interval).
"""

from __future__ import annotations

import argparse
import re
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from analysis.paired import paired_interval
from sim.cards.model import Deck
from sim.decks.deckfile import load_deck
from sim.errors import InputError
from sim.run.chunks import MatchupSpec
from sim.run.runner import run_matchups

PRODUCT = re.compile(r"two_player_starter__(?P<product>.+?)__(?P<half>.+)\.toml$")
OPUS_III_STARTERS = "opus_starter__opus_iii_2017__*.toml"
POOL = "cards_fftcgsim_square_api.json"


@dataclass(frozen=True)
class Match:
    deck: str
    opponent: str
    deals: int
    score: float  # deck's share of the points, draws half
    low: float
    high: float


def seat_swapped(x: Deck, y: Deck, deals: int, seed: int, policy: str = "curve") -> Match:
    """X against Y, each deal played from both seats (2 x deals games)."""
    with tempfile.TemporaryDirectory(prefix="tcgsim-realworld-") as tmp:
        out = run_matchups([MatchupSpec(x, y, policy, policy, 0), MatchupSpec(y, x, policy, policy, 0)],
                           deals, seed, Path(tmp) / "out", progress=False)
        games = pl.read_parquet(out / "games" / "*.parquet").select("matchup", "index", "winner")
    # X's points per game (seat a in matchup 0, seat b in matchup 1; draws half), then per deal
    x_won = pl.when(pl.col("matchup") == 0).then(pl.lit("a")).otherwise(pl.lit("b"))
    per_deal = (games.with_columns(pl.when(pl.col("winner") == x_won).then(1.0)
                                   .when(pl.col("winner").is_in(["a", "b"])).then(0.0).otherwise(0.5).alias("x"))
                .group_by("index").agg(pl.col("x").mean(), pl.len().alias("games")))
    if per_deal["games"].min() != 2:
        raise RuntimeError(f"{x.name} vs {y.name}: a deal was not played from both seats")
    score = paired_interval(per_deal["x"].to_numpy())
    return Match(x.name, y.name, score.n, score.diff, score.low, score.high)


def _load(paths: Iterable[Path], pool: Path) -> tuple[list[Deck], list[str]]:
    decks, skipped = [], []
    for path in paths:
        try:
            decks.append(load_deck(path, pool))
        except InputError as exc:
            skipped.append(f"{path.name}: {exc}")
    return decks, skipped


def products(starters: Path, pool: Path, deals: int, seed: int) -> tuple[list[Match], list[str]]:
    """Each two-player product's first half (by file name) against its second."""
    halves: dict[str, list[Path]] = {}
    for path in sorted(starters.glob("two_player_starter__*.toml")):
        m = PRODUCT.match(path.name)
        if m:
            halves.setdefault(m["product"], []).append(path)
    matches, skipped = [], []
    for product, paths in sorted(halves.items()):
        decks, bad = _load(paths, pool)
        skipped += bad
        if len(decks) == 2:
            matches.append(seat_swapped(decks[0], decks[1], deals, seed))
        elif not bad:
            skipped.append(f"{product}: {len(paths)} halves, not 2")
    return matches, skipped


def tournament(decks_dir: Path, pool: Path, deals: int, seed: int) -> tuple[list[Match], list[str]]:
    """Every tournament list against every Opus III starter deck."""
    lists, skipped = _load(sorted((decks_dir / "tournament").glob("*.toml")), pool)
    starters, bad = _load(sorted((decks_dir / "starter").glob(OPUS_III_STARTERS)), pool)
    return [seat_swapped(t, s, deals, seed) for t in lists for s in starters], skipped + bad


def _row(m: Match) -> str:
    return f"| {m.deck} | {m.opponent} | {100 * m.score:.1f}% ({100 * m.low:.1f}-{100 * m.high:.1f}) |"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True, help="the FFTCG data folder (../shared/data/fftcg)")
    ap.add_argument("--deals", type=int, default=2000, help="deals per matchup, each played from both seats")
    ap.add_argument("--seed", type=int, default=33)
    args = ap.parse_args(argv)
    pool, decks = args.data / POOL, args.data / "decks"
    if not pool.is_file() or not decks.is_dir():
        raise SystemExit(f"{args.data}: expected {POOL} and decks/ (the shared FFTCG data folder)")
    prod, skipped = products(decks / "starter", pool, args.deals, args.seed)
    print(f"Two-player starter products, curve vs curve, {2 * args.deals:,} seat-swapped games each "
          "(target: each half 30-70%)\n\n| first half | second half | first half's score (95%) |\n|---|---|---|")
    for m in prod:
        print(_row(m))
    inside = sum(0.3 <= m.score <= 0.7 for m in prod)
    print(f"\n{inside} of {len(prod)} products within 30-70%.")
    tour, bad = tournament(decks, pool, args.deals, args.seed)
    skipped += bad
    print(f"\n2017 tournament lists against the Opus III starters, curve vs curve, {2 * args.deals:,} seat-swapped "
          "games each (target: mean >= 60%, each >= 50%)\n\n| list | starter | list's score (95%) |\n|---|---|---|")
    for m in tour:
        print(_row(m))
    if tour:
        mean = sum(m.score for m in tour) / len(tour)
        print(f"\nmean {100 * mean:.1f}%; {sum(m.score >= 0.5 for m in tour)} of {len(tour)} at 50% or more.")
    for line in skipped:
        print(f"not loaded: {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
