"""Workflow: the HTML, Markdown and CSV report of a results directory (`tcgsim report`, the service)."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from reports.compare_report import is_compare_dir, read_roles, write_compare_report
from reports.write import write_report
from sim.errors import InputError
from sim.run import manifest, parts
from sim.run.lock import locked


def report(results: Path, out: Path) -> Path:
    """Write the report of `results` into `out`; returns its report.html.

    Every dataset is locked shared (never read while a run still writes it) and its parts verified
    against the manifest: a damaged or unrecorded part is refused, not reported on."""
    if not results.is_dir():
        raise InputError(results, "not a results directory")
    if out.exists() and not out.is_dir():
        raise InputError("--out", f"{out} is a file, not a directory")
    if is_compare_dir(results):  # tcgsim compare --policies: one dataset per pairing
        with ExitStack() as stack:
            for p in read_roles(results)["pairings"]:
                stack.enter_context(locked(results / p, shared=True))
                parts.verify(results / p, _recorded(results / p))
            return write_compare_report(results, out)
    with locked(results, shared=True):
        parts.verify(results, _recorded(results))
        return write_report(results, out)


def _recorded(results: Path) -> dict:
    """The manifest of a results directory; one without (parts copied in by hand) is refused, since
    nothing says which parts belong to it (copies would be counted twice)."""
    record = manifest.read(results)
    if record is None:
        raise InputError(results / manifest.MANIFEST, "missing, so no results here: not a results directory "
                                                      "written by tcgsim (its parts cannot be checked)")
    return record
