"""`tcgsim report RESULTS_DIR --out DIR`: HTML, Markdown and CSV report of a results dataset."""

from __future__ import annotations

from pathlib import Path

import typer

from sim.cli.common import one_line, user_errors


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def report(
        results: Path = typer.Argument(..., help="Results directory (games/, turns/, cards/, manifest.json)."),
        out: Path = typer.Option(Path("report"), "--out", help="Report directory."),
    ) -> None:
        """Write report.html (self-contained), report.md, figures/*.png and tables/*.csv."""
        from sim.workflows.report import report as write

        page = write(results, out)
        also = "figures/ and tables/" if (page.parent / "figures").is_dir() else "tables/"
        typer.echo(one_line(f"report: {page} (also {page.with_suffix('.md').name}, {also} in {page.parent})"))
