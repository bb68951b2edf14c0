"""The `tcgsim` command line: a thin layer that parses options and calls library code."""

from __future__ import annotations

import sys
from typing import Any

import typer
from typer._click import exceptions as click  # typer 0.29 vendors click; its parser raises these
from typer.core import TyperGroup

from sim.cli import balance as balance_cmd
from sim.cli import bench as bench_cmd
from sim.cli import cards as cards_cmd
from sim.cli import compare as compare_cmd
from sim.cli import odds as odds_cmd
from sim.cli import raid as raid_cmd
from sim.cli import report as report_cmd
from sim.cli import run as run_cmd
from sim.cli import serve as serve_cmd
from sim.cli import simulate as simulate_cmd
from sim.cli import trace as trace_cmd
from sim.cli import validate as validate_cmd
from sim.cli.common import one_line


def _where(exc: click.ClickException) -> str:
    """The option or argument a parser error is about (its longest flag, or the argument's name)."""
    param = getattr(exc, "param", None)
    if param is not None:
        opts = sorted(getattr(param, "opts", []) or [], key=len)
        if getattr(param, "param_type_name", "") == "argument" or not opts:
            return (getattr(param, "metavar", None) or (param.name or "argument").upper())
        return opts[-1]
    if isinstance(exc, click.NoSuchOption):
        return exc.option_name
    names, ctx = [], getattr(exc, "ctx", None)
    while ctx is not None and ctx.parent is not None:  # subcommands, without the program's own name
        names.insert(0, ctx.info_name)
        ctx = ctx.parent
    return " ".join(["tcgsim", *names])


class OneLineErrors(TyperGroup):
    """Parser errors (`--games abc`, a missing argument) as one line like every other error, not
    click's boxed usage text: `error: <option>: <problem>`, exit 2."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except click.NoArgsIsHelpError as exc:
            exc.show()  # bare `tcgsim`: the help, as before
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            if not standalone_mode:
                raise
            message = (exc.message if isinstance(exc, click.BadParameter) else "") or exc.format_message()
            typer.echo(one_line(f"error: {_where(exc)}: {message}"), err=True)
            sys.exit(2)
        except typer.Abort:
            if not standalone_mode:
                raise
            typer.echo("aborted", err=True)
            sys.exit(1)
        if standalone_mode:
            sys.exit(code if isinstance(code, int) else 0)
        return code


app = typer.Typer(cls=OneLineErrors, add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Monte Carlo deck analytics for FFTCG, Granblue Fantasy TCG, PSO2 TCG and CODE OF JOKER.")


@app.callback()
def _root() -> None:
    """Monte Carlo deck analytics for FFTCG, Granblue Fantasy TCG, PSO2 TCG and CODE OF JOKER."""


for _module in (validate_cmd, odds_cmd, simulate_cmd, run_cmd, bench_cmd, compare_cmd, balance_cmd, report_cmd, cards_cmd,
                raid_cmd, trace_cmd, serve_cmd):
    _module.register(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
