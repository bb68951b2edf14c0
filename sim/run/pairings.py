"""Policy pairings for `--policies` and a job file's `policies` list: one "P vs P" pairing per name.

Names are checked against the engine's own POLICIES registry, so a policy an engine adds is
accepted without a change here.
"""

from __future__ import annotations

from types import ModuleType

from sim.errors import InputError


def check_pairings(names: list[str], engine: ModuleType, where: str) -> list[str]:
    """The names, if they are two or more distinct policies of `engine`; else InputError naming `where`."""
    valid = f"(one of: {', '.join(sorted(engine.POLICIES))})"
    for name in names:
        if name not in engine.POLICIES:
            raise InputError(where, f"unknown policy {name!r} for {engine.GAME} {valid}")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise InputError(where, f"policy {twice[0]!r} is listed twice {valid}")
    if len(names) < 2:
        raise InputError(where, f"give two or more policies: each is played by both seats and "
                                f"the report compares them {valid}")
    return names


def parse_pairings(text: str, engine: ModuleType, where: str = "--policies") -> list[str]:
    """`curve,control` -> ["curve", "control"], checked (check_pairings)."""
    return check_pairings([name.strip() for name in text.split(",")], engine, where)
