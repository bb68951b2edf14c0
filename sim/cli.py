"""The `tcgsim` command line: a thin layer that parses options and calls library code."""

from __future__ import annotations

import typer

from sim.commands import balance as balance_cmd
from sim.commands import bench as bench_cmd
from sim.commands import cards as cards_cmd
from sim.commands import compare as compare_cmd
from sim.commands import odds as odds_cmd
from sim.commands import report as report_cmd
from sim.commands import run as run_cmd
from sim.commands import simulate as simulate_cmd
from sim.commands import validate as validate_cmd

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Monte Carlo deck analytics for FFTCG, Granblue Fantasy TCG, PSO2 TCG and CODE OF JOKER.")



@app.callback()
def _root() -> None:
    """Monte Carlo deck analytics for FFTCG, Granblue Fantasy TCG, PSO2 TCG and CODE OF JOKER."""


for _module in (validate_cmd, odds_cmd, simulate_cmd, run_cmd, bench_cmd, compare_cmd, balance_cmd, report_cmd, cards_cmd,):
    _module.register(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
