"""`tcgsim run JOB.toml`: play a job file's matchups into one results dataset (resumable)."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from sim.cli.common import one_line, user_errors


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def run(
        job_file: Path = typer.Argument(..., help="Job file (TOML): decks, policies, matchups or round_robin, games, seed."),
        backend: str | None = typer.Option(None, "--backend", help="local or ray (default: the job's `backend`)."),
        address: str | None = typer.Option(None, "--address", help="Ray cluster address (default: the job's, else a local Ray)."),
        out: Path | None = typer.Option(None, "--out", help="Results directory (default: the job's `out`)."),
        check_invariants: bool = typer.Option(False, "--check-invariants", help="Also replay every game with the engine's invariant checks (default: the job's `check_invariants`); exit 1 at the first violation."),
    ) -> None:
        """Run a job file. Rerunning the same command resumes: finished parts are kept, the rest is played."""
        from sim.errors import InputError
        from sim.run.chunks import InvariantViolation
        from sim.run.jobs import load_job
        from sim.run.runner import BACKENDS, JobInterrupted, run_matchups, summarize
        from sim.workflows.raid import is_raid_job

        if backend is not None and backend not in BACKENDS:
            raise InputError("--backend", f"unknown backend {backend!r} (one of: {', '.join(BACKENDS)})")
        if is_raid_job(job_file):
            _run_raid(job_file, out, check_invariants)
            return
        job = load_job(job_file)
        target = out or job.out
        try:
            run_matchups(job.specs, job.games, job.seed, target, detail=job.detail, backend=backend or job.backend,
                         address=address or job.address, chunk=job.chunk, options=job.options,
                         progress=sys.stderr.isatty(), check=check_invariants or job.check_invariants)
        except JobInterrupted as exc:
            typer.echo(f"{exc}; run the same command again to resume", err=True)
            raise typer.Exit(130) from None
        except InvariantViolation as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(1) from None
        s = summarize(target)
        typer.echo(one_line(f"{len(job.specs)} matchups x {job.games:,} games -> {target}"))
        for m in s["matchups"]:
            typer.echo(f"  {m['deck_a']} ({m['policy_a']}) vs {m['deck_b']} ({m['policy_b']}): "
                       f"A wins {m['win_rate_a']:.1%} [{m['low']:.1%}, {m['high']:.1%}], draws {m['draws']:,}, "
                       f"first player {m['first_player_win_rate']:.1%}, mean turns {m['mean_turns']:.1f}")
        if check_invariants or job.check_invariants:
            typer.echo(f"invariants checked after every turn of all {s['games']:,} games: all held")


def _run_raid(job_file: Path, out: Path | None, check: bool) -> None:
    """A `mode = "raid"` job (sim.run.raid): every policy assignment of the party, then the raid report."""
    from reports.raid import format_summary
    from sim.workflows.raid import load_raid_job, run_raid_job

    job = load_raid_job(job_file)
    if out is not None:
        job.out = out
    results = run_raid_job(job, check, progress=sys.stderr.isatty())
    typer.echo(one_line(f"{len(results)} policy assignments x {job.games:,} raids -> {job.out}"))
    for r in results:
        for line in format_summary(r.summary()):
            typer.echo(line)
    bad = sum(r.violations for r in results)
    if bad:
        typer.echo(f"error: invariant violated in {bad:,} raids", err=True)
        raise typer.Exit(1)
    if check or job.check:
        typer.echo(f"invariants checked after every turn of all {job.games * len(results):,} raids: all held")
