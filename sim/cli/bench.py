"""`tcgsim bench [GAME|odds|null|all]`: games per second per core, as a ratio to the null game."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from sim.cli.common import user_errors


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def bench(
        target: str = typer.Argument("all", help="An engine (fftcg, coj, ...), odds, null, all, or compile "
                                     "(cold compile time per engine in a fresh numba cache)."),
        games: int = typer.Option(20_000, "--games", "-n", help="Games per timed engine call."),
        full: bool = typer.Option(False, "--full", help="All 16 policy pairings (default: curve vs curve)."),
        pairing: str | None = typer.Option(None, "--pairing", help="One policy pairing A,B instead (e.g. search,curve "
                                           "with --games 200: the search policy plays tens of games per second)."),
        min_seconds: float = typer.Option(1.0, "--min-seconds", help="Seconds of timed calls per row, split over 12 slices taken in turn with the null game's."),
        decks: Path | None = typer.Option(None, "--decks", help="Deck directory with <game>/*.toml (default: the shipped decks/)."),
        deck: list[Path] = typer.Option([], "--deck", help="Two deck files to play instead (--deck A --deck B; one engine)."),
        pool: Path | None = typer.Option(None, "--pool", help="Card pool for --deck files that list codes without `pool`."),
        as_json: bool = typer.Option(False, "--json", help='Print {"machine", "rows": [{"name", "per_s_per_core", "baseline_ratio", ...}]}.'),
        markdown: bool = typer.Option(False, "--markdown", help="Print the machine line and a Markdown table (for a README)."),
    ) -> None:
        """Measure games/s per core (1 numba thread, after a warm-up) for each engine and policy pairing on its
        shipped decks (or the two --deck files), the ratio to the null game measured in the same run on the
        same decks (baseline_ratio = engine / null, the median over 12 alternating slices, with its 95% interval;
        higher is faster), and the 1 -> 2 thread parallel efficiency."""
        if target == "compile":
            _compile_table(as_json, markdown)
            return
        from sim.bench.games import run_bench

        result = run_bench(target, games=games, full=full, min_seconds=min_seconds, decks_dir=decks, deck_files=deck,
                           pool=pool, pairing=pairing)
        if as_json:
            typer.echo(json.dumps(result, indent=2))
            return
        m = result["machine"]
        machine = (f"machine: {m['cpu']}, {m['cores']} cores ({m['usable_cores']} usable), "
                   f"numba {m['numba']} with {m['numba_threads']} threads, Python {m['python']}")
        header = ("name", "per second per core", "ratio to baseline", "mean turns", "µs per turn",
                  "per second, 2 threads", "parallel efficiency")
        cells = [(r["name"], f"{r['per_s_per_core']:,.0f}",
                  ratio_text(r.get("baseline_ratio"), r.get("ratio_low"), r.get("ratio_high")),
                  f"{r['mean_turns']:.1f}" if "mean_turns" in r else "-",
                  f"{r['us_per_turn']:.2f}" if "us_per_turn" in r else "-",
                  f"{r['per_s_2_threads']:,.0f}" if "per_s_2_threads" in r else "-",
                  f"{r['parallel_efficiency']:.0%}" if "parallel_efficiency" in r else "-") for r in result["rows"]]
        if markdown:
            typer.echo(machine + "\n")
            typer.echo("| " + " | ".join(header) + " |")
            typer.echo("|---|" + "---:|" * (len(header) - 1))
            for row in cells:
                typer.echo("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |")
            for r in result["rows"]:
                if "fit_cpu_s" in r:
                    typer.echo("\n" + fit_note(r))
            return
        from rich.console import Console
        from rich.table import Table

        console = Console()
        console.print(machine)
        table = Table()
        for col in header:
            table.add_column(col, justify="left" if col == "name" else "right")
        for row in cells:
            table.add_row(*row)
        console.print(table)
        for note in result["skipped"]:
            console.print(f"skipped: {note}")
        for r in result["rows"]:
            if "fit_cpu_s" in r:
                console.print(fit_note(r))


def fit_note(row: dict) -> str:
    """A row's model fit (search-adapt), which its games/s do not count."""
    how = "read from the cache" if row["fit_cached"] else "fitted"
    return f"{row['name']}: models {how} in {row['fit_cpu_s']:.1f} CPU-s for the matchup (not in its games/s)"


def ratio_text(ratio: float | None, low: float | None = None, high: float | None = None) -> str:
    """Four decimals, then the 95% interval of the median over the slices if given; a search policy's ratios
    (about 1e-5) in scientific notation."""
    if ratio is None:
        return "-"

    def text(x: float) -> str:
        return f"{x:.4f}" if ratio >= 0.001 else f"{x:.2e}"

    return text(ratio) + (f" ({text(low)}-{text(high)})" if low is not None and high is not None else "")


def _compile_table(as_json: bool, markdown: bool) -> None:
    from sim.bench.compile import compile_rows
    from sim.bench.games import machine
    from sim.games import ENGINES

    rows = compile_rows([*sorted(g for g in ENGINES if g != "null"), "fftcg-search"])
    if as_json:
        typer.echo(json.dumps({"machine": machine(), "rows": rows}, indent=2))
        return
    header = ("engine", "cold first call (s)", "processes", "CPU, all processes (s)", "cold process (s)", "functions",
              "compilations", "warm first call (s)", "warm process (s)")
    keys = ("name", "cold_first_call_s", "processes", "cold_cpu_s", "cold_process_s", "functions", "compilations",
            "warm_first_call_s", "warm_process_s")
    cells = [[str(r[k]) for k in keys] for r in rows]
    if markdown:
        typer.echo("| " + " | ".join(header) + " |")
        typer.echo("|---|" + "---:|" * (len(header) - 1))
        for row in cells:
            typer.echo("| " + " | ".join(row) + " |")
    else:
        from rich.console import Console
        from rich.table import Table

        table = Table(title="cold compile per engine (fresh NUMBA_CACHE_DIR, one numba thread; helpers compiled in "
                              "`processes` processes, TCGSIM_COMPILE_PROCESSES sets it)")
        for col in header:
            table.add_column(col, justify="left" if col == "engine" else "right")
        for row in cells:
            table.add_row(*row)
        Console().print(table)
    for r in rows:
        for name, times in r["repeated"].items():
            typer.echo(f"{r['name']}: {name} compiled {times} times (one type specialisation expected)")
