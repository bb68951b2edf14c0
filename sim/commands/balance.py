"""`tcgsim balance DECK...`: round robin of one game's decks, then the balance report."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from sim.commands import user_errors


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def balance(
        decks: list[Path] = typer.Argument(..., help="Deck files of one game (at least two)."),
        games: int = typer.Option(2000, "--games", "-n", help="Games per matchup and seat order."),
        policy: str = typer.Option("curve", "--policy", help="Policy for every deck (random, aggro, curve, control)."),
        seed: int = typer.Option(1, "--seed", help="Master seed: the same seed gives the same games."),
        out: Path = typer.Option(Path("report"), "--out", help="Report directory (the games go to OUT/results)."),
        pool: Path | None = typer.Option(None, "--pool", help="Card pool for decks that list codes without `pool`."),
        engine: str = typer.Option("", "--engine", help="Engine to play with (default: the decks' game; `null` = the baseline null game)."),
    ) -> None:
        """Every deck against every other from both seats (cards detail), then an HTML/Markdown/CSV report."""
        from analysis.variants import balance as run_balance
        from sim.deckfile import load_deck

        loaded = [load_deck(p, pool) for p in decks]
        page = run_balance(loaded, games=games, policy=policy, seed=seed, out=out, engine=engine,
                           progress=sys.stderr.isatty())
        typer.echo(f"report: {page} (also {page.with_suffix('.md').name}, figures/ and tables/ in {page.parent})")
