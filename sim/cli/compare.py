"""`tcgsim compare DECK_A DECK_B --against DECK...`: is variant B better than A against a gauntlet?"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from sim.cli.common import one_line, user_errors

if TYPE_CHECKING:
    from analysis.paired import Comparison
    from sim.cards.model import Deck


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def compare(
        deck_a: Path = typer.Argument(..., help="Variant A (the baseline), a deck file."),
        deck_b: Path = typer.Argument(..., help="Variant B (the change), a deck file."),
        against: list[Path] = typer.Option(..., "--against", help="Opponent deck (repeatable)."),
        games: int = typer.Option(2000, "--games", "-n", help="Games per variant, opponent and seat order (the maximum with --until-decided)."),
        policy: str | None = typer.Option(None, "--policy", help="Policy for every deck (random, aggro, curve, control; FFTCG also search, search:N (N rollouts per decision), search:N:D (D opponent turns deep) search-full[:N] (the reference search) or search-adapt[:N] (the search with its matchup's fitted model); default curve)."),
        policies: str | None = typer.Option(None, "--policies", help="Two or more policies, comma-separated (curve,control): the comparison once per policy, both seats playing it, and whether B - A holds across them."),
        seed: int = typer.Option(1, "--seed", min=0, max=2**63 - 1, help="Master seed: the same seed gives the same games."),
        until_decided: bool = typer.Option(False, "--until-decided", help="Play in batches and stop when a sequential test (SPRT) decides."),
        delta: float = typer.Option(5.0, "--delta", min=0.5, max=49.0, help="SPRT alternative in win-rate points: H0 B - A = 0 against B - A = +-delta (draws count half)."),
        batch: int | None = typer.Option(None, "--batch", min=1, help="With --until-decided: games per matchup between two looks of the test (default 100)."),
        pool: Path | None = typer.Option(None, "--pool", help="Card pool for decks that list codes without `pool`."),
        engine: str = typer.Option("", "--engine", help="Engine to play with (default: the decks' game; `null` = the baseline null game)."),
        out: Path | None = typer.Option(None, "--out", help="Keep the games here (default: a temporary directory)."),
        as_json: bool = typer.Option(False, "--json", help='Print {"rows": [{opponent, win_rate_a, win_rate_b, diff, low, high}], "overall": {diff, low, high}}.'),
    ) -> None:
        """Paired comparison: A and B play the same seeds against each opponent, from both seats.

        Reports each variant's win rate per opponent and the difference B - A with a 95% interval;
        the overall line weighs every opponent equally."""
        from analysis.paired import STOPPING_BIAS
        from sim.decks.deckfile import load_deck
        from sim.workflows.compare import compare_variants, comparison_json

        a, b = load_deck(deck_a, pool), load_deck(deck_b, pool)
        opponents = [load_deck(p, pool) for p in against]
        if policies is not None:
            _print_pairings(a, b, opponents, deck_a, deck_b, policies=policies, policy=policy, games=games,
                            seed=seed, until_decided=until_decided, engine=engine, out=out, as_json=as_json)
            return
        policy = policy or "curve"

        def note(played: int, test) -> None:
            if not as_json:
                typer.echo(one_line(f"  {played:,} games per matchup: {test.explain()}"), err=True)

        r = compare_variants(a, b, opponents, games=games, policy=policy, seed=seed, until_decided=until_decided,
                             delta=delta / 100, batch=batch, out=out, engine=engine, progress=sys.stderr.isatty() and not as_json,
                             on_batch=note)
        c = r.comparison
        if as_json:
            doc = {**comparison_json(c), "games": r.games}
            if r.sprt is not None:
                doc["sprt"] = {"decision": r.sprt.decision, "stopped_early": r.stopped_early,
                               "reason": r.sprt.explain(), "hypotheses": r.sprt.hypotheses(),
                               "delta_points": delta, "alpha": r.sprt.alpha, "beta": r.sprt.beta,
                               "llr_b": r.sprt.llr_b, "llr_a": r.sprt.llr_a, "lower": r.sprt.lower,
                               "upper": r.sprt.upper, "deals": r.sprt.deals, "pentanomial_a": r.sprt.penta_a,
                               "pentanomial_b": r.sprt.penta_b,
                               **({"bias": STOPPING_BIAS} if r.stopped_early else {})}
            typer.echo(json.dumps(doc, indent=2))
            return
        typer.echo(f"A = {a.name} ({deck_a}), B = {b.name} ({deck_b}), policy {policy}, seed {seed}; "
                   f"{r.games:,} games per variant, opponent and seat order (each seed from both seats)")
        print_comparison(c)
        if r.sprt is not None:
            how = ("stopped early" if r.stopped_early else
                   "decided at the last batch" if r.sprt.decided else f"stopped at --games {r.max_games:,}")
            typer.echo(f"sequential test: {how} after {r.games:,} games per matchup: {r.sprt.explain()}")
            typer.echo(f"  {r.sprt.hypotheses()}")
            if r.stopped_early:
                typer.echo(f"  note: {STOPPING_BIAS}")
        if out:
            typer.echo(one_line(f"games kept in {out}"))


def print_comparison(c: Comparison, indent: str = "") -> None:
    """Per opponent and overall: each variant's win rate and B - A with its paired interval."""
    width = max(len("overall"), *(len(row["opponent"]) for row in c.rows))
    typer.echo(f"{indent}{'opponent':<{width}}  {'A wins':>7}  {'B wins':>7}  B - A (95% interval, paired)")
    for row in c.rows:
        typer.echo(f"{indent}{row['opponent']:<{width}}  {row['win_rate_a']:>7.1%}  {row['win_rate_b']:>7.1%}  "
                   f"{100 * row['diff']:+.1f} pts ({100 * row['low']:+.1f} to {100 * row['high']:+.1f})")
    typer.echo(f"{indent}{'overall':<{width}}  {'':>7}  {'':>7}  {100 * c.overall.diff:+.1f} pts "
               f"({100 * c.overall.low:+.1f} to {100 * c.overall.high:+.1f}); opponents weighted equally; "
               f"unpaired it would be +-{50 * (c.unpaired.high - c.unpaired.low):.1f} pts")
    typer.echo(f"{indent}discordance: A and B got different results in {100 * c.discordance:.1f}% of the pairs "
               "(only those pairs carry the difference; fewer means a tighter paired interval)")



def _print_pairings(a: Deck, b: Deck, opponents: list[Deck], deck_a: Path, deck_b: Path, *, policies: str,
                     policy: str | None, games: int, seed: int, until_decided: bool, engine: str,
                     out: Path | None, as_json: bool) -> None:
    """`compare --policies`: the workflow's comparison per pairing, printed as text or JSON."""
    from reports.parts import p_value
    from sim.workflows.compare import compare_pairings, comparison_json, parse_policies

    names = parse_policies(policies, policy, [a, b, *opponents], engine, until_decided)
    r = compare_pairings(a, b, opponents, policies=names, games=games, seed=seed, engine=engine, out=out,
                         progress=sys.stderr.isatty() and not as_json)
    results, table, verdict, page = r.results, r.table, r.verdict, r.page
    if as_json:
        doc = {"pairings": [{"policy": p, "games": result.games, **comparison_json(result.comparison)}
                            for p, result in results.items()],
               "sensitivity": {"rows": table.select("pairing", "diff", "low", "high", "p", "p_holm", "verdict").to_dicts(),
                               "verdict": verdict, "flips": r.flips}}
        typer.echo(json.dumps(doc, indent=2))
        return
    typer.echo(f"A = {a.name} ({deck_a}), B = {b.name} ({deck_b}), seed {seed}; {games:,} games per variant, "
               f"opponent, seat order and pairing (each seed from both seats, the same seeds under every pairing)")
    for p, result in results.items():
        typer.echo(f"pairing {p} vs {p}:")
        print_comparison(result.comparison, indent="  ")
    typer.echo(f"Policy sensitivity: B - A against the field (paired, opponents weighted equally); p-values "
               f"Holm-adjusted over the {len(names)} pairings")
    width = max(len(f"{p} vs {p}") for p in names)
    for row in table.iter_rows(named=True):
        typer.echo(f"  {row['pairing'] + ' vs ' + row['pairing']:<{width}}  {100 * row['diff']:+.1f} pts "
                   f"(unadjusted 95% interval {100 * row['low']:+.1f} to {100 * row['high']:+.1f}), "
                   f"p Holm {p_value(row['p_holm'])}")
    typer.echo(f"  {verdict}")
    if page:
        typer.echo(one_line(f"games kept in {out}/<policy>/; report: {page} (also report.md and tables/; "
                   f"`tcgsim report {out}` rebuilds it)"))

