"""`tcgsim report RESULTS_DIR --out DIR`: HTML, Markdown and CSV report of a results dataset."""

from __future__ import annotations

from pathlib import Path

import typer

from sim.commands import user_errors


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def report(
        results: Path = typer.Argument(..., help="Results directory (games/, turns/, cards/, manifest.json)."),
        out: Path = typer.Option(Path("report"), "--out", help="Report directory."),
    ) -> None:
        """Write report.html (self-contained), report.md, figures/*.png and tables/*.csv."""
        from reports.write import write_report
        from sim import manifest, parts
        from sim.errors import InputError
        from sim.lock import locked

        if not results.is_dir():
            raise InputError(results, "not a results directory")
        if out.exists() and not out.is_dir():
            raise InputError("--out", f"{out} is a file, not a directory")
        with locked(results, shared=True):  # never read a dataset a run is still writing
            parts.verify(results, manifest.read(results))  # a damaged part is refused, not reported on
            page = write_report(results, out)
        typer.echo(f"report: {page} (also {page.with_suffix('.md').name}, figures/ and tables/ in {page.parent})")
