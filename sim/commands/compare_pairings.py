"""`tcgsim compare A B --against ... --policies P,Q`: the paired comparison once per policy pairing
(each policy played by both seats), then whether B - A keeps its sign and significance across them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from sim.model import Deck


def compare_pairings(a: Deck, b: Deck, opponents: list[Deck], deck_a: Path, deck_b: Path, *, policies: str,
                     policy: str | None, games: int, seed: int, until_decided: bool, engine: str,
                     out: Path | None, as_json: bool) -> None:
    """Run and print (text or JSON); with `out`, keep each pairing's games in OUT/<policy>/ and write
    the compare report (report.html, report.md, tables/) into OUT (reports.compare_report)."""
    from analysis.sensitivity import flips, variant_comparisons, variant_verdict
    from analysis.variants import check_decks, compare_variants, specs_for
    from reports.compare_report import save_roles, write_compare_report
    from reports.parts import p_value
    from sim.commands.compare import comparison_json, print_comparison
    from sim.errors import InputError
    from sim.games import get_engine
    from sim.pairings import parse_pairings

    if policy is not None:
        raise InputError("--policies", "give either --policy or --policies, not both")
    if until_decided:  # each pairing's test would stop at its own time: the intervals would not be comparable
        raise InputError("--policies", "not with --until-decided; give a fixed --games")
    check_decks([a, b, *opponents], engine)
    names = parse_pairings(policies, get_engine(engine or a.game))
    progress = sys.stderr.isatty() and not as_json
    results = {p: compare_variants(a, b, opponents, games=games, policy=p, seed=seed, engine=engine,
                                   out=Path(out) / p if out else None, progress=progress) for p in names}
    table = variant_comparisons(f"A ({a.name})", f"B ({b.name})", {p: r.comparison.overall for p, r in results.items()})
    page = None
    if out:
        roles = specs_for(a, b, opponents, names[0], 0, engine)[1]  # the same layout under every pairing
        save_roles(Path(out), a.name, b.name, [x.name for x in opponents], names, roles)
        page = write_compare_report(Path(out), Path(out))
    verdict = variant_verdict(table)
    if as_json:
        doc = {"pairings": [{"policy": p, "games": r.games, **comparison_json(r.comparison)}
                            for p, r in results.items()],
               "sensitivity": {"rows": table.select("pairing", "diff", "low", "high", "p", "p_holm", "verdict").to_dicts(),
                               "verdict": verdict, "flips": [f["statement"] for f in flips(table)]}}
        typer.echo(json.dumps(doc, indent=2))
        return
    typer.echo(f"A = {a.name} ({deck_a}), B = {b.name} ({deck_b}), seed {seed}; {games:,} games per variant, "
               f"opponent, seat order and pairing (each seed from both seats, the same seeds under every pairing)")
    for p, r in results.items():
        typer.echo(f"pairing {p} vs {p}:")
        print_comparison(r.comparison, indent="  ")
    typer.echo(f"Policy sensitivity: B - A against the field (paired, opponents weighted equally); p-values "
               f"Holm-adjusted over the {len(names)} pairings")
    width = max(len(f"{p} vs {p}") for p in names)
    for r in table.iter_rows(named=True):
        typer.echo(f"  {r['pairing'] + ' vs ' + r['pairing']:<{width}}  {100 * r['diff']:+.1f} pts "
                   f"({100 * r['low']:+.1f} to {100 * r['high']:+.1f}), p Holm {p_value(r['p_holm'])}")
    typer.echo(f"  {verdict}")
    if page:
        typer.echo(f"games kept in {out}/<policy>/; report: {page} (also report.md and tables/; "
                   f"`tcgsim report {out}` rebuilds it)")

