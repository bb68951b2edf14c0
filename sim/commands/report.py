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
        from reports.compare_report import is_compare_dir
        from reports.write import write_report
        from sim import manifest, parts
        from sim.errors import InputError
        from sim.lock import locked

        if not results.is_dir():
            raise InputError(results, "not a results directory")
        if out.exists() and not out.is_dir():
            raise InputError("--out", f"{out} is a file, not a directory")
        if is_compare_dir(results):  # tcgsim compare --policies: one dataset per pairing
            page = _compare_report(results, out)
        else:
            with locked(results, shared=True):  # never read a dataset a run is still writing
                parts.verify(results, manifest.read(results))  # a damaged part is refused, not reported on
                page = write_report(results, out)
        also = "figures/ and tables/" if (page.parent / "figures").is_dir() else "tables/"
        typer.echo(f"report: {page} (also {page.with_suffix('.md').name}, {also} in {page.parent})")


def _compare_report(root: Path, out: Path) -> Path:
    """Each pairing's dataset locked shared and verified, like a single results directory."""
    from contextlib import ExitStack

    from reports.compare_report import read_roles, write_compare_report
    from sim import manifest, parts
    from sim.lock import locked

    with ExitStack() as stack:
        for p in read_roles(root)["pairings"]:
            stack.enter_context(locked(root / p, shared=True))
            parts.verify(root / p, manifest.read(root / p))
        return write_compare_report(root, out)
