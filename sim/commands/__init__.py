"""CLI commands: each module parses options and calls library code; `register(app)` adds it."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import typer

from sim.errors import InputError


def user_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn an InputError into one line on stderr and exit code 2 (no traceback)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except InputError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None

    return wrapper
