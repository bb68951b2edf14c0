"""What numba compiles, from its compile events: the one listener the live bar, the compile benchmark,
the compile budget and the parallel compile's workers count with."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from numba.core import event

from sim.engine import linking


class CompileCounter(event.Listener):
    """numba's finished compiles (function x signature) of the functions under a module prefix: their
    names, their signatures (with whether each compiled for a caller) and a running count; `on_change`
    hears the count, also when add() counts a compile another process reported."""

    def __init__(self, prefix: str | tuple[str, ...], on_change: Callable[[int], object] = lambda n: None) -> None:
        self.prefix, self.on_change = prefix, on_change
        self.compiled: list[str] = []
        self.signatures: list[list[Any]] = []
        self.done = 0
        self._lock = threading.Lock()  # add() may come from another thread

    def on_start(self, ev: Any) -> None:
        pass

    def on_end(self, ev: Any) -> None:
        d = ev.data.get("dispatcher") if ev.data else None
        if d is None or not d.py_func.__module__.startswith(self.prefix):
            return
        self.compiled.append(f"{d.py_func.__module__}.{d.py_func.__qualname__}")
        args = ev.data.get("args")
        self.signatures.append([d.py_func.__module__, d.py_func.__qualname__, [str(a) for a in args or ()],
                                linking.compiling_for_caller()])
        self.add()

    def add(self) -> None:
        with self._lock:
            self.done += 1
            self.on_change(self.done)
