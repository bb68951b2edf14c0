"""`tcgsim cards coverage DECK...`: which card text of a deck the importers turned into effects."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from sim.commands import user_errors

cards_app = typer.Typer(no_args_is_help=True, help="Card pool tools.")


@cards_app.command()
@user_errors
def coverage(
    decks: list[Path] = typer.Argument(..., help="Deck files (TOML)."),
    pool: Path | None = typer.Option(None, "--pool", help="Card pool for decks that list codes without `pool`."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON: {decks: [{deck, cards, modelled_share}]}."),
) -> None:
    """Per card: modelled / partly / not modelled, and the ability text left unmodelled."""
    from sim.deckfile import load_deck
    from sim.importers.coverage import deck_coverage

    results = [deck_coverage(load_deck(path, pool)) for path in decks]
    if as_json:
        typer.echo(json.dumps({"decks": [
            {"deck": r.deck, "name": r.name, "modelled_share": round(r.modelled_share, 4),
             "lines": r.lines, "modelled_lines": r.modelled_lines,
             "cards": [{"code": c.code, "name": c.name, "zone": c.zone, "copies": c.copies, "status": c.status,
                        "unmodelled": list(c.unmodelled)} for c in r.cards]}
            for r in results]}, ensure_ascii=False, indent=2))
        return
    for r in results:
        typer.echo(f"{r.deck}: {r.name}")
        width = max((len(c.code) for c in r.cards), default=4)
        for c in r.cards:
            zone = "" if c.zone == "main" else f" [{c.zone}]"
            typer.echo(f"  {c.code:<{width}}  {c.copies}x  {c.status:<12}  {c.name}{zone}")
            for line in c.unmodelled:
                typer.echo(f"  {'':<{width}}      - {' / '.join(line.splitlines())}")
        typer.echo(f"  total: {r.modelled_lines}/{r.lines} ability lines modelled ({100 * r.modelled_share:.1f}%)")


def register(app: typer.Typer) -> None:
    app.add_typer(cards_app, name="cards")
