"""Policy sensitivity: does a balance conclusion survive a change of the scripted policy?

A pairing is a policy P played by both seats ("P vs P"). A dataset holds several pairings when it
was played with `--policies` (or a job file listing policies); mixed games (curve vs control) are
left out here: they say which policy beats which, not how the decks rank.

For each pairing: every deck's win rate against the field (mirror games left out; Wilson 95%) and
its rank. Between pairings: Spearman's and Kendall's rank correlation of those win rates, with exact
p-values where the number of decks allows. And the conclusions that flip (`flips`): for each pair of
decks, two comparisons per pairing, each with a 95% interval and a p-value, Holm-adjusted over every
deck pair and pairing of its kind (docs/statistics.md):
- head_to_head: A's win rate - B's win rate in their games (t interval over the seeds; both seat
  orders of a seed are one unit, since they share the deal);
- ranking: A's win rate against the field - B's (z interval, variance from each game's influence,
  summed within a seed of a deck pair: A's and B's games against each other are the same games).
A comparison flips when it is significant one way under one pairing and reversed or not
significant under another.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import polars as pl
from scipy import special

from analysis.data import ENGINE, Results, perspective
from analysis.intervals import Z95, wilson_exprs
from analysis.paired import Interval
from analysis.stratified import holm

ALPHA = 0.05
EXACT_DECKS = 8  # up to 8! = 40,320 orders, an exact permutation p-value for Spearman is cheap
KINDS = {"head_to_head": "beats", "ranking": "ranks above", "variant": "does better than"}
KIND_WHAT = {"head_to_head": "head to head", "ranking": "in the overall ranking", "variant": "against the field"}


def pairing_games(results: Results) -> pl.LazyFrame:
    """Games where both seats played the same policy, with that policy as `pairing`."""
    return (results.games.filter(pl.col("policy_a") == pl.col("policy_b"))
            .with_columns(pl.col("policy_a").alias("pairing")))


def pairing_results(results: Results, pairing: str) -> Results:
    """The games (only) of one pairing, as results of their own: its matchup matrix has just the
    cells that pairing played, with plain deck names."""
    return Results(results.games.filter((pl.col("policy_a") == pairing) & (pl.col("policy_b") == pairing)),
                   manifest=results.manifest)


def pairings(results: Results) -> list[str]:
    """The pairings of the dataset, in the order they were played (first matchup)."""
    first = (pairing_games(results).group_by("pairing").agg(pl.col("matchup").min())
             .sort("matchup").collect(engine=ENGINE))
    return first["pairing"].to_list()


def _rows(results: Results) -> pl.LazyFrame:
    """Perspective rows of the pairings' non-mirror games, with the seed cluster of each game."""
    return (perspective(pairing_games(results)).filter(pl.col("policy") == pl.col("opponent_policy"))
            .filter(pl.col("deck") != pl.col("opponent"))
            .with_columns(pl.col("policy").alias("pairing"),
                          pl.min_horizontal("deck", "opponent").alias("deck_1"),
                          pl.max_horizontal("deck", "opponent").alias("deck_2")))


def deck_rates(results: Results) -> pl.DataFrame:
    """Per pairing and deck: games, wins, draws, win rate with its Wilson interval, and rank
    (1 = highest win rate; tied decks share the best rank)."""
    order = pairings(results)
    rates = (_rows(results).group_by("pairing", "deck")
             .agg(pl.col("game").first(), pl.len().alias("games"), pl.col("won").sum().alias("wins"),
                  pl.col("drawn").sum().alias("draws"))
             .with_columns(*wilson_exprs(pl.col("wins"), pl.col("games"), "win_rate"))
             .collect(engine=ENGINE))
    return (rates.with_columns(pl.col("win_rate").rank("min", descending=True).over("pairing")
                               .cast(pl.Int32).alias("rank"),
                               pl.col("pairing").replace_strict(order, list(range(len(order))))
                               .alias("_order"))
            .sort("_order", "rank", "deck").drop("_order"))


def _spearman_p(x: np.ndarray, y: np.ndarray) -> tuple[float, str]:
    """Two-sided p-value of Spearman's rho: exact over every order of the decks when there are few."""
    from scipy import stats

    if x.size <= EXACT_DECKS:
        # one sample permuted against the other fixed: its n! orders are every pairing once (permuting both, scipy
        # walks (n!)**2 of them, hours and gigabytes at 7 decks)
        res = stats.permutation_test((y,), lambda b: stats.spearmanr(x, b).statistic,
                                     permutation_type="pairings", n_resamples=math.inf)
        return float(res.pvalue), "exact"
    return float(stats.spearmanr(x, y).pvalue), "t approximation"


def rank_correlations(rates: pl.DataFrame) -> pl.DataFrame:
    """Spearman's rho and Kendall's tau between the deck win rates of every two pairings, with
    two-sided p-values for "no association" (exact for few decks)."""
    # imported here, the only place scipy.stats is needed: a report of one pairing never pays for it
    from scipy import stats

    order = list(dict.fromkeys(rates["pairing"].to_list()))
    rows = []
    for i, p in enumerate(order):
        for q in order[i + 1:]:
            both = (rates.filter(pl.col("pairing") == p).select("deck", pl.col("win_rate").alias("x"))
                    .join(rates.filter(pl.col("pairing") == q).select("deck", pl.col("win_rate").alias("y")),
                          on="deck").sort("deck"))
            x, y = both["x"].to_numpy(), both["y"].to_numpy()
            row = {"pairing_1": p, "pairing_2": q, "decks": both.height, "spearman": math.nan,
                   "spearman_p": math.nan, "spearman_method": "", "kendall": math.nan, "kendall_p": math.nan}
            if both.height >= 3 and np.ptp(x) > 0 and np.ptp(y) > 0:  # fewer, or all equal: nothing to correlate
                kendall = stats.kendalltau(x, y)
                p_s, how = _spearman_p(x, y)
                row.update(spearman=float(stats.spearmanr(x, y).statistic), spearman_p=p_s, spearman_method=how,
                           kendall=float(kendall.statistic), kendall_p=float(kendall.pvalue))
            rows.append(row)
    return pl.DataFrame(rows, schema={"pairing_1": pl.String, "pairing_2": pl.String, "decks": pl.Int64,
                                      "spearman": pl.Float64, "spearman_p": pl.Float64,
                                      "spearman_method": pl.String, "kendall": pl.Float64,
                                      "kendall_p": pl.Float64})


def head_to_head(results: Results) -> pl.DataFrame:
    """Per pairing and deck pair (deck_1 < deck_2 by name): deck_1's win rate - deck_2's in their
    games, t interval over seeds (a seed's games from both seat orders averaged into one value)."""
    per_seed = (_rows(results).filter(pl.col("deck") == pl.col("deck_1"))
                .group_by("pairing", "deck_1", "deck_2", "index")
                .agg((pl.col("won").cast(pl.Float64) - pl.col("lost").cast(pl.Float64)).mean().alias("d")))
    table = (per_seed.group_by("pairing", "deck_1", "deck_2")
             .agg(pl.len().alias("seeds"), pl.col("d").mean().alias("diff"), pl.col("d").std().alias("sd"))
             .collect(engine=ENGINE))
    se = table["sd"].fill_null(0.0).to_numpy() / np.sqrt(table["seeds"].to_numpy())
    df = np.maximum(table["seeds"].to_numpy() - 1, 1)
    # t.ppf(q, df) = stdtrit(df, q) and t.sf(z, df) = stdtr(df, -z), as scipy.stats computes them, without importing
    # scipy.stats (a second of a report)
    return _with_test(table.drop("sd"), se, special.stdtrit(df, 0.975), lambda z: 2 * special.stdtr(df, -np.abs(z)))


def ranking(results: Results) -> pl.DataFrame:
    """Per pairing and deck pair: deck_1's win rate against the field - deck_2's, with a z interval
    whose variance sums each game's influence within a seed of a deck pair (docs/statistics.md)."""
    rows = _rows(results)
    rates = rows.group_by("pairing", "deck").agg(pl.len().alias("n"), pl.col("won").mean().alias("rate"))
    # s: one deck's influence summed over a seed cluster (deck pair, index) of one pairing
    s = (rows.join(rates, on=["pairing", "deck"])
         .with_columns(((pl.col("won").cast(pl.Float64) - pl.col("rate")) / pl.col("n")).alias("u"))
         .group_by("pairing", "deck", "deck_1", "deck_2", "index").agg(pl.col("u").sum().alias("s")))
    var = s.group_by("pairing", "deck").agg((pl.col("s") ** 2).sum().alias("v"))
    # the cross term: in clusters of the pair (A, B), both decks' influences come from the same games
    cross = (s.filter(pl.col("deck") == pl.col("deck_1"))
             .join(s.filter(pl.col("deck") == pl.col("deck_2")), on=["pairing", "deck_1", "deck_2", "index"])
             .group_by("pairing", "deck_1", "deck_2").agg((pl.col("s") * pl.col("s_right")).sum().alias("c")))
    r = rates.collect(engine=ENGINE)
    v = var.collect(engine=ENGINE)
    pairs = (r.join(r, on="pairing", suffix="_2").filter(pl.col("deck") < pl.col("deck_2"))
             .rename({"deck": "deck_1"})
             .join(v.rename({"deck": "deck_1", "v": "v_1"}), on=["pairing", "deck_1"])
             .join(v.rename({"deck": "deck_2", "v": "v_2"}), on=["pairing", "deck_2"])
             .join(cross.collect(engine=ENGINE), on=["pairing", "deck_1", "deck_2"], how="left")
             .with_columns((pl.col("rate") - pl.col("rate_2")).alias("diff"),
                           (pl.col("v_1") + pl.col("v_2") - 2 * pl.col("c").fill_null(0.0)).clip(0.0).alias("var")))
    table = pairs.select("pairing", "deck_1", "deck_2", pl.col("n").alias("games_1"), pl.col("n_2").alias("games_2"),
                         "diff")
    se = np.sqrt(pairs["var"].to_numpy())
    return _with_test(table, se, Z95, lambda z: 2 * special.ndtr(-np.abs(z)))  # norm.sf(z) = ndtr(-z)


def _with_test(table: pl.DataFrame, se: np.ndarray, crit: float | np.ndarray,
               p_of: Callable[[np.ndarray], np.ndarray]) -> pl.DataFrame:
    """Add low/high and a two-sided p-value; a zero standard error gives p = 1 for a zero difference
    and p = 0 otherwise (every seed agreed)."""
    d = table["diff"].to_numpy()
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(se > 0, p_of(d / np.where(se > 0, se, 1.0)), np.where(d == 0, 1.0, 0.0))
    return table.with_columns(pl.Series("low", d - crit * se), pl.Series("high", d + crit * se),
                              pl.Series("p", p, dtype=pl.Float64))


def comparisons(results: Results) -> pl.DataFrame:
    """Head-to-head and ranking comparisons of every deck pair under every pairing, with Holm's
    adjustment over each kind (all deck pairs x pairings) and whether the comparison flips."""
    order = pairings(results)
    frames = []
    for kind, table in (("head_to_head", head_to_head(results)), ("ranking", ranking(results))):
        frames.append(table.select(pl.lit(kind).alias("kind"), "pairing", "deck_1", "deck_2", "diff", "low",
                                   "high", "p")
                      .with_columns(pl.Series("p_holm", holm(table["p"].to_numpy()))))
    out = pl.concat(frames).with_columns(
        pl.col("pairing").replace_strict(order, list(range(len(order)))).alias("_order"))
    return mark_flips(out.sort("kind", "deck_1", "deck_2", "_order").drop("_order"))


def _verdict(p_holm: pl.Expr, diff: pl.Expr) -> pl.Expr:
    """+1: significantly deck_1 ahead, -1: deck_2 ahead, 0: not significant."""
    return pl.when(p_holm < ALPHA).then(diff.sign().cast(pl.Int8)).otherwise(pl.lit(0, pl.Int8))


def mark_flips(table: pl.DataFrame) -> pl.DataFrame:
    """Add `verdict` (+1 / -1 / 0, see _verdict) and `flips`: whether the comparison of this deck
    pair is significant under some pairing and not significant the same way under another."""
    return (table.with_columns(_verdict(pl.col("p_holm"), pl.col("diff")).alias("verdict"))
            .with_columns(((pl.col("verdict") != 0).any() & (pl.col("verdict").n_unique() > 1))
                          .over("kind", "deck_1", "deck_2").alias("flips")))


def _pts(x: float) -> str:
    text = f"{100 * x:+.1f}"
    return "+0.0" if text == "-0.0" else text  # a difference that rounds to 0 has no sign to show


def _point(r: dict) -> str:
    # The interval is each comparison's own 95% one; only its p is Holm-adjusted, so the sentence
    # says so: an interval that excludes 0 next to a p Holm above 0.05 is no contradiction.
    return (f"{r['pairing']} ({_pts(r['diff'])} pts, unadjusted 95% interval {_pts(r['low'])} to {_pts(r['high'])}; "
            f"p Holm {'<0.001' if r['p_holm'] < 0.001 else format(r['p_holm'], '.3f')})")


def flips(table: pl.DataFrame) -> list[dict]:
    """The comparisons that flip, as plain statements, one per deck pair and kind: oriented so that
    the first deck named is ahead under the first pairing where a difference is significant."""
    out = []
    for (kind, d1, d2), g in table.filter(pl.col("flips")).group_by("kind", "deck_1", "deck_2", maintain_order=True):
        rows = g.to_dicts()
        lead = next(r for r in rows if r["verdict"] != 0)["verdict"]
        winner, loser = (d1, d2) if lead > 0 else (d2, d1)
        oriented = [r if lead > 0 else {**r, "diff": -r["diff"], "low": -r["high"], "high": -r["low"],
                                        "verdict": -r["verdict"]} for r in rows]
        ahead = [r for r in oriented if r["verdict"] > 0]
        even = [r for r in oriented if r["verdict"] == 0]
        behind = [r for r in oriented if r["verdict"] < 0]
        verb = KINDS[kind]
        text = f"{winner} {verb} {loser} under " + " and ".join(_point(r) for r in ahead)
        if even:
            text += " but not under " + " or ".join(_point(r) for r in even)
        if behind:  # told from the side of the deck that is ahead there
            text += (", and " if even else " but ") + f"{loser} {verb} {winner} under " + " and ".join(
                _point({**r, "diff": -r["diff"], "low": -r["high"], "high": -r["low"]}) for r in behind)
        out.append({"kind": kind, "ahead": winner, "behind": loser,
                    "holds_under": ", ".join(r["pairing"] for r in ahead),
                    "not_significant_under": ", ".join(r["pairing"] for r in even),
                    "reversed_under": ", ".join(r["pairing"] for r in behind), "statement": text})
    return out


def variant_comparisons(a: str, b: str, by_pairing: dict[str, Interval]) -> pl.DataFrame:
    """`tcgsim compare --policies`: B - A against the field (paired t interval) per pairing, its
    p-value, Holm's adjustment over the pairings, and whether the conclusion flips between them."""
    rows = []
    for pairing, iv in by_pairing.items():
        crit = special.stdtrit(max(iv.n - 1, 1), 0.975)  # t.ppf(0.975, df)
        se = (iv.high - iv.low) / (2 * crit)
        rows.append({"kind": "variant", "pairing": pairing, "deck_1": b, "deck_2": a, "diff": iv.diff,
                     "low": iv.low, "high": iv.high, "pairs": iv.n,
                     "p": float(2 * special.stdtr(max(iv.n - 1, 1), -abs(iv.diff) / se)) if se > 0
                     else float(iv.diff == 0)})
    table = pl.DataFrame(rows).with_columns(pl.Series("p_holm", holm(np.array([r["p"] for r in rows]))))
    return mark_flips(table)


def variant_verdict(table: pl.DataFrame) -> str:
    """One line: whether B - A keeps its sign and significance under every pairing."""
    b, a = table["deck_1"][0], table["deck_2"][0]
    verdicts = set(table["verdict"].to_list())
    if table["flips"].any():
        return f"depends on the policy: {flips(table)[0]['statement']}"
    if verdicts == {1}:
        return f"holds: {b} does better than {a} under every pairing (p Holm < {ALPHA} each)"
    if verdicts == {-1}:
        return f"holds: {a} does better than {b} under every pairing (p Holm < {ALPHA} each)"
    return "no pairing shows a significant difference (p Holm >= 0.05 under each): nothing established to hold or flip"
