"""`tcgsim validate DECK...`: every construction-rule violation, with its rule number."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from sim.cli.common import user_errors


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def validate(
        decks: list[Path] = typer.Argument(..., help="Deck files (TOML)."),
        pool: Path | None = typer.Option(None, "--pool", help="Card pool for decks that list codes without `pool`."),
        as_json: bool = typer.Option(False, "--json", help="Print a JSON list of {deck, ok, errors}."),
    ) -> None:
        """Check decks against their game's construction rules; exit 1 if any deck breaks one."""
        from sim.decks.deckfile import load_deck
        from sim.decks.validate import validate_deck

        results = []
        for path in decks:
            deck = load_deck(path, pool)
            results.append((path, validate_deck(deck)))
        if as_json:
            typer.echo(json.dumps([
                {"deck": str(p), "ok": not errs,
                 "errors": [{"card": e.card, "rule": e.rule, "message": e.message} for e in errs]}
                for p, errs in results
            ], indent=2))
        else:
            for path, errs in results:
                if not errs:
                    typer.echo(f"{path}: ok")
                for e in errs:
                    typer.echo(f"{path}: {e.card or '(deck)'}: {e.rule}: {e.message}")
        if any(errs for _, errs in results):
            raise typer.Exit(1)
