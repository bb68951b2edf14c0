"""`tcgsim balance DECK...`: round robin of one game's decks, then the balance report."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from sim.cli.common import one_line, user_errors

if TYPE_CHECKING:
    from rich.console import Console


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def balance(
        decks: list[Path] = typer.Argument(..., help="Deck files of one game (at least two)."),
        games: int = typer.Option(2000, "--games", "-n", help="Games per matchup and seat order."),
        policy: str | None = typer.Option(None, "--policy", help="Policy for every deck (random, aggro, curve, control; FFTCG also search, search:N (N rollouts per decision), search:N:D (D opponent turns deep) search-full[:N] (the reference search) or search-adapt[:N] (the search with its matchup's fitted model); default curve)."),
        policies: str | None = typer.Option(None, "--policies", help="Two or more policies, comma-separated (curve,control): the round robin once per policy, both seats playing it, and a policy sensitivity section in the report."),
        seed: int = typer.Option(1, "--seed", min=0, max=2**63 - 1, help="Master seed: the same seed gives the same games."),
        out: Path = typer.Option(Path("report"), "--out", help="Report directory (the games go to OUT/results)."),
        pool: Path | None = typer.Option(None, "--pool", help="Card pool for decks that list codes without `pool`."),
        engine: str = typer.Option("", "--engine", help="Engine to play with (default: the decks' game; `null` = the baseline null game)."),
    ) -> None:
        """Every deck against every other from both seats (cards detail), then an HTML/Markdown/CSV report."""
        from sim.decks.deckfile import load_deck
        from sim.workflows.balance import balance as run_balance
        from sim.workflows.balance import parse_policies

        loaded = [load_deck(p, pool) for p in decks]
        pairings = parse_policies(policies, policy, loaded, engine)
        page = run_balance(loaded, games=games, policy=policy or "curve", seed=seed, out=out, engine=engine,
                           progress=sys.stderr.isatty(), policies=pairings)
        _print_summary(page.parent / "tables")
        typer.echo(one_line(f"report: {page} (also {page.with_suffix('.md').name}, figures/ and tables/ in {page.parent})"))


def _print_summary(tables: Path) -> None:
    """The report's headline on the terminal: each deck's win rate, and its opening-hand odds."""
    import polars as pl
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text  # deck names are user text, not rich markup

    from reports.parts import INTERVAL_MEANING, pct  # pct: 99.96% must not print as 100.0%

    console = Console(width=None if sys.stdout.isatty() else 140)
    decks = pl.read_csv(tables / "decks.csv")
    table = Table(title="Win rate against the other decks (both seats, 95% interval)", title_justify="left")
    for col in ("deck", "games", "win rate", "95% interval", "draws"):
        table.add_column(col, justify="left" if col == "deck" else "right", no_wrap=True)
    for r in decks.iter_rows(named=True):
        table.add_row(Text(r["deck"]), f"{r['games']:,}", pct(r["win_rate"]),
                      f"{pct(r['win_rate_low'])} - {pct(r['win_rate_high'])}", f"{r['draws']:,}")
    console.print(table)
    console.print(f"({INTERVAL_MEANING})")
    _print_sensitivity(console, tables)
    odds_file = tables / "odds.csv"
    if not odds_file.is_file():
        return
    odds = pl.read_csv(odds_file)
    turns = [c for c in odds.columns if c.startswith("turn ")]
    table = Table(title="Opening-hand odds (exact, no mulligan): at least one card of this cost by the seat's turn",
                  title_justify="left")
    for col in ("deck", "want", "seat", *turns):
        table.add_column(col, justify="left" if col in ("deck", "want", "seat") else "right", no_wrap=True)
    for r in odds.iter_rows(named=True):
        table.add_row(Text(r["deck"]), r["want"], r["seat"], *(pct(r[t]) for t in turns))
    console.print(table)


def _print_sensitivity(console: Console, tables: Path) -> None:
    """With --policies: the rank correlations and the conclusions that flip (report section "Policy sensitivity")."""
    import polars as pl
    from rich.text import Text

    from reports.policy_sections import correlation_line

    if not (tables / "policy_flips.csv").is_file():
        return
    console.print("Policy sensitivity (report sections \"Policy sensitivity\" and \"Conclusions that depend on the policy\"):")
    for r in pl.read_csv(tables / "policy_rank_correlation.csv").iter_rows(named=True):
        console.print(Text(f"  rank correlation {correlation_line(r)}"))
    flips = pl.read_csv(tables / "policy_flips.csv", infer_schema=False)
    if flips.is_empty():
        console.print("  no conclusion flips between the pairings")
    for statement in flips["statement"].to_list():
        console.print(Text(f"  flips: {statement}"))  # as in the CSV: a leading = + - @ is quoted there
