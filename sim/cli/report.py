"""`tcgsim report RESULTS_DIR --out DIR`: HTML, Markdown and CSV report of a results dataset."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from sim.cli.common import fail, one_line, user_errors


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def report(
        results: Path = typer.Argument(..., help="Results directory (games/, turns/, cards/, manifest.json)."),
        out: Path = typer.Option(Path("report"), "--out", help="Report directory."),
        check: bool = typer.Option(False, "--check", help="Instead of writing the report, replay a sample of the games (the manifest's seed, decks, policies and rules options) and confirm the games rows are bit-identical; exit 1 naming the first game that differs."),
        sample: int = typer.Option(3, "--sample", min=1, help="With --check: games replayed per matchup (evenly spread, first and last included)."),
    ) -> None:
        """Write report.html (self-contained), report.md, figures/*.png and tables/*.csv."""
        from sim.workflows.report import report as write

        if check:
            _check(results, sample)
            return

        page = write(results, out)
        also = "figures/ and tables/" if (page.parent / "figures").is_dir() else "tables/"
        typer.echo(one_line(f"report: {page} (also {page.with_suffix('.md').name}, {also} in {page.parent})"))


def _check(results: Path, sample: int) -> None:
    from reports.compare_report import is_compare_dir, read_roles
    from sim.run.lock import locked
    from sim.workflows.replay import ReplayMismatch, check_games

    if not results.is_dir():
        fail(str(results), "not a results directory")
    dirs = [results / p for p in read_roles(results)["pairings"]] if is_compare_dir(results) else [results]
    for d in dirs:
        try:
            with locked(d, shared=True):
                r = check_games(d, sample, progress=sys.stderr.isatty())
        except ReplayMismatch as exc:
            typer.echo(one_line(f"error: {d}: {exc}"), err=True)
            raise typer.Exit(1) from None
        typer.echo(one_line(f"check: {r.games} games of {r.matchups} matchups replayed in {d}: "
                            "identical games rows"))
