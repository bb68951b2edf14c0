"""`tcgsim cards coverage DECK...` (which card text became effects) and `tcgsim cards pool FILE` (import summary)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from sim.cli.common import user_errors

cards_app = typer.Typer(no_args_is_help=True, help="Card pool tools.")


@cards_app.command()
@user_errors
def coverage(
    decks: list[Path] = typer.Argument(..., help="Deck files (TOML)."),
    pool: Path | None = typer.Option(None, "--pool", help="Card pool for decks that list codes without `pool`."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON: {decks: [{deck, cards, modelled_share}]}."),
) -> None:
    """Per card: modelled / partly / not modelled, the ability text left unmodelled and the executed
    text that runs only approximately (~)."""
    from sim.decks.coverage import deck_coverage
    from sim.decks.deckfile import load_deck

    results = [deck_coverage(load_deck(path, pool)) for path in decks]
    if as_json:
        typer.echo(json.dumps({"decks": [
            {"deck": r.deck, "name": r.name, "modelled_share": round(r.modelled_share, 4),
             "exact_share": round(r.exact_share, 4), "lines": r.lines, "modelled_lines": r.modelled_lines,
             "approximate_lines": r.approximate_lines,
             "cards": [{"code": c.code, "name": c.name, "zone": c.zone, "copies": c.copies, "status": c.status,
                        "unmodelled": list(c.unmodelled),
                        "approximate": [{"line": line, "why": why} for line, why in c.approximate]}
                       for c in r.cards]}
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
            for line, why in c.approximate:
                typer.echo(f"  {'':<{width}}      ~ {' / '.join(line.splitlines())} ({why})")
        typer.echo(f"  total: {r.modelled_lines}/{r.lines} ability lines modelled ({100 * r.modelled_share:.1f}%)"
                   + (f", {r.approximate_lines} of them approximate (~): {r.modelled_lines - r.approximate_lines}"
                      f" exact ({100 * r.exact_share:.1f}%)" if r.approximate_lines else ""))


@cards_app.command("pool")
@user_errors
def pool_info(
    path: Path = typer.Argument(..., help="Card pool file (FFTCG JSON, CoJ catalog, generic CSV/JSON)."),
    game: str | None = typer.Option(None, "--game", help="Game of a generic pool (fftcg, gbf, pso2, coj)."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
) -> None:
    """What a pool file imports, what it skips, and the share of its ability lines modelled."""
    from sim.decks.coverage import pool_summary
    from sim.decks.pools import load_pool_info

    s = pool_summary(load_pool_info(path, game))
    if as_json:
        typer.echo(json.dumps({"path": s.path, "game": s.game, "format": s.format, "cards": s.cards, "codes": s.keys,
                               "skipped": {k: list(v) for k, v in s.skipped.items()}, "lines": s.lines,
                               "modelled_lines": s.modelled_lines, "modelled_share": round(s.modelled_share, 4),
                               "approximate_lines": s.approximate_lines, "exact_share": round(s.exact_share, 4),
                               "approximate": {k: list(v) for k, v in s.approximate.items()}},
                              ensure_ascii=False, indent=2))
        return
    typer.echo(f"{s.path}: {s.game} ({s.format}): {s.cards} cards, {s.keys} codes")
    for reason, codes in s.skipped.items():
        typer.echo(f"  skipped ({reason}): {len(codes)}: {', '.join(codes[:10])}{' ...' if len(codes) > 10 else ''}")
    typer.echo(f"  {s.modelled_lines}/{s.lines} ability lines modelled ({100 * s.modelled_share:.1f}%)")
    if s.approximate:
        exact = s.modelled_lines - s.approximate_lines
        typer.echo(f"  {exact}/{s.lines} executed exactly as printed ({100 * s.exact_share:.1f}%); "
                   f"{s.approximate_lines} approximate:")
        for why, codes in s.approximate.items():
            typer.echo(f"    ~ {why}: {len(codes)}: {', '.join(codes)}")


def register(app: typer.Typer) -> None:
    app.add_typer(cards_app, name="cards")
