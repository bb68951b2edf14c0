"""Report sections on policy sensitivity: only for a dataset played under two or more pairings."""

from __future__ import annotations

import math

import polars as pl

from analysis import sensitivity
from analysis.data import Results
from reports.parts import INTERVAL_MEANING, Section, Table, p_value, pct


def sections(results: Results) -> list[Section]:
    """The two sections; under one scripted FFTCG pairing, the one-line hint of _search_hint; else none."""
    order = sensitivity.pairings(results)
    if len(order) < 2:
        return _search_hint(results, order)
    rates = sensitivity.deck_rates(results)
    return [_rankings(rates, order), _flips(sensitivity.comparisons(results), order)]


def _search_hint(results: Results, order: list[str]) -> list[Section]:
    """FFTCG games under one scripted pairing: how to check their conclusions under the search policy."""
    games = results.games.select("game").unique().collect()["game"].to_list()
    if games != ["fftcg"] or len(order) != 1 or order[0].startswith("search"):
        return []
    return [Section(
        "policy_check", "Checking the conclusions under the search policy",
        f"Every game here was played {order[0]} vs {order[0]}, and scripted policies can share blind spots: "
        f"`tcgsim balance DECKS --policies {order[0]},search-adapt` plays the round robin again under FFTCG's "
        "search policy, with a model fitted for each pair of decks first (a stronger player, docs/engines/fftcg.md), "
        "on the same deals and lists the conclusions that flip.")]


def _wide(rates: pl.DataFrame, order: list[str]) -> pl.DataFrame:
    """One display row per deck, a win-rate and a rank column per pairing (decks by their first rank)."""
    decks = rates.filter(pl.col("pairing") == order[0]).sort("rank", "deck")["deck"].to_list()
    decks += sorted(set(rates["deck"].to_list()) - set(decks))
    by = {(r["pairing"], r["deck"]): r for r in rates.iter_rows(named=True)}
    columns: dict[str, list[str]] = {"deck": decks}
    for p in order:
        got = [by.get((p, d)) for d in decks]
        columns[f"win rate, {p} vs {p} (95% interval)"] = [
            pct(r["win_rate"], r["win_rate_low"], r["win_rate_high"]) if r else "–" for r in got]
        columns[f"rank, {p}"] = [str(r["rank"]) if r else "–" for r in got]
    return pl.DataFrame(columns, schema={c: pl.String for c in columns})


def correlation_line(r: dict) -> str:
    if math.isnan(r["spearman"]):
        return (f"{r['pairing_1']} vs {r['pairing_2']}: {r['decks']} decks in both, too few (or win rates all "
                "equal) for a rank correlation")
    how = "exact" if r["spearman_method"] == "exact" else "t approximation"
    return (f"{r['pairing_1']} vs {r['pairing_2']}, {r['decks']} decks: Spearman rho = {r['spearman']:+.2f} "
            f"(p = {p_value(r['spearman_p'])}, {how}), Kendall tau = {r['kendall']:+.2f} "
            f"(p = {p_value(r['kendall_p'])})")


def _rankings(rates: pl.DataFrame, order: list[str]) -> Section:
    corr = sensitivity.rank_correlations(rates)
    few = int(corr["decks"].min()) if corr.height else 0
    caveat = ("With fewer than 5 decks no rank correlation can reach p < 0.05 whatever the data (there are too few "
              "orders of the decks), so here the p-values cannot confirm anything. " if few < 5 else "")
    return Section(
        "policy_sensitivity", "Policy sensitivity",
        f"These games hold {len(order)} policy pairings ({', '.join(f'{p} vs {p}' for p in order)}: both seats "
        "played by that policy; `tcgsim balance --policies` plays the whole round robin once per pairing, on "
        "the same deals). Each deck's win rate against the field (mirror games left out) and "
        "its rank (1 = highest win rate) under each pairing. Below, the rank correlation between pairings: "
        "Spearman's rho and Kendall's tau of the decks' win rates, 1 when the pairings order the decks the "
        "same way, -1 when one reverses the other; the p-value tests 'no association', exactly over every "
        f"order of the decks when there are at most {sensitivity.EXACT_DECKS}. {caveat}What a correlation can "
        "mean: how similar the two orders of the point estimates are. What it cannot mean: that a deck's rank "
        "holds (it ignores the intervals: two decks whose win rates are within noise of each other can swap "
        "ranks by chance and lower it, and with few decks one swap moves it a lot), nor how the decks fare "
        "with real players; the next section tests each order that matters. Games in which the two seats "
        f"played different policies are left out of both sections. {INTERVAL_MEANING.capitalize()}.",
        table=_wide(rates, order), items=[correlation_line(r) for r in corr.iter_rows(named=True)],
        csv=[Table("policy_sensitivity", rates, "each deck's win rate and rank per pairing (long form)"),
             Table("policy_rank_correlation", corr, "Spearman and Kendall between every two pairings")])


def _flips(table: pl.DataFrame, order: list[str]) -> Section:
    found = sensitivity.flips(table)
    significant = table.filter(pl.col("verdict") != 0).select("kind", "deck_1", "deck_2").unique().height
    pairs = table.select("kind", "deck_1", "deck_2").unique().height
    if found:
        items = [f["statement"] for f in found]
    elif not significant:
        items = [f"No conclusion flips, but none is established either: none of the {pairs} comparisons is "
                 "significant under any pairing."]
    else:
        items = [f"No conclusion flips: each of the {significant} comparisons that is significant under a pairing "
                 f"(of {pairs} tested) is significant the same way under every pairing."]
    flips = pl.DataFrame(found, schema={c: pl.String for c in ("kind", "ahead", "behind", "holds_under",
                                                               "not_significant_under", "reversed_under",
                                                               "statement")})
    return Section(
        "policy_flips", "Conclusions that depend on the policy",
        "Two comparisons per pair of decks A and B under each pairing: head to head (A's win rate minus B's in "
        "their games, both seat orders; t interval over seeds, the two seat orders of a seed sharing the deal) "
        "and in the overall ranking (A's win rate against the field minus B's; z interval with the variance "
        "summed over each seed of a deck pair, since A's and B's games against each other are the same games). "
        f"With {table.height} comparisons tested at once, some 95% intervals exclude 0 by chance, so a "
        "comparison counts as significant when its p-value after Holm's correction is below 0.05 (each kind a "
        "family over all deck pairs and pairings). Listed: the comparisons that are significant one way under "
        "one pairing and reversed or not significant under another, with the difference in win-rate points, "
        "its 95% interval and the Holm p-value. 'Not under Q' means the games under Q do not establish the "
        "order, not that the decks are even there (a small true difference can miss); a reversal is named as "
        "such. A flip says that the conclusion depends on how the decks are played; no pairing here is the "
        "'right' one.",
        items=items,
        csv=[Table("policy_comparisons", table, "every comparison under every pairing: difference, 95% interval, "
                                                "p, p (Holm), verdict (+1 / -1 / 0) and whether it flips"),
             Table("policy_flips", flips, "the list above")])
