"""`tcgsim raid DECK... --boss BOSS --games N`: a PSO2 co-op raid party against a scripted Boss."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from sim.cli.common import user_errors


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def raid(
        decks: list[Path] = typer.Argument(..., help="The party's PSO2 decks, 1 to 4 (seat order P1, P2, ...)."),
        boss: Path = typer.Option(..., "--boss", help="Boss file (decks/pso2/bosses/*.toml)."),
        games: int = typer.Option(10_000, "--games", "-n", help="Raids to play."),
        policy: list[str] = typer.Option(["curve"], "--policy", help="One policy for every seat, or one per deck "
                                                                      "(random, aggro, curve, control)."),
        seed: int = typer.Option(1, "--seed", min=0, max=2**63 - 1, help="Master seed."),
        option: list[str] = typer.Option([], "--option", "-o", help="Rules option KEY=VALUE (repeatable), e.g. "
                                                                     "raid_difficulty=1."),
        out: Path | None = typer.Option(None, "--out", help="Write report.md, summary.json and raids.csv here."),
        check_invariants: bool = typer.Option(False, "--check-invariants", help="Check the invariants after every "
                                                                                 "turn; exit 1 on a violation."),
        as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    ) -> None:
        """Play raids of the party against the Boss (digest §11) and print the clear rate with its Wilson
        95% interval, rounds to clear and the damage taken and elimination rate per player."""
        import sys

        from reports.raid import format_summary
        from sim.decks.deckfile import load_deck
        from sim.run.raid import load_boss
        from sim.run.runner import parse_rule_options
        from sim.workflows.raid import raid as run_raid

        result = run_raid([load_deck(d) for d in decks], load_boss(boss), list(policy), games=games, seed=seed,
                          options=parse_rule_options(option), out=out, check=check_invariants,
                          progress=sys.stderr.isatty() and not as_json)
        summary = result.summary()
        if as_json:
            typer.echo(json.dumps(summary))
        else:
            for line in format_summary(summary):
                typer.echo(line)
        if result.violations:
            typer.echo(f"error: invariant violated in {result.violations:,} raids", err=True)
            raise typer.Exit(1)
