"""CLI commands: each module parses options and calls library code; `register(app)` adds it."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NoReturn

import typer

from sim.errors import InputError


def one_line(text: str) -> str:
    """Control characters escaped (\\r, \\n, ...): text from the input can never forge another output line."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def fail(where: str, problem: str) -> NoReturn:
    """Print `error: <where>: <problem>` as one line on stderr and exit 2."""
    typer.echo(one_line(f"error: {where}: {problem}"), err=True)
    raise typer.Exit(2)


def user_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn bad input into one line on stderr and exit code 2 (no traceback).

    OSError counts as bad input too: an output path that is a file, a directory without write
    permission or a full disk is something the user fixes, and the message names the file."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except InputError as exc:
            fail(exc.where, exc.message)
        except OSError as exc:
            fail(exc.filename or "output", exc.strerror or str(exc))

    return wrapper
