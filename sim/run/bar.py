"""The live progress bars of long runs on a terminal (stderr): games done of total, rate, ETA and the
interim estimate as text (the `interim` field of each bar's task)."""

from __future__ import annotations

from typing import Any


def live_bars(unit: str = "games") -> Any:
    """A rich Progress with the columns every long run shows; add tasks with an `interim` field."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task: Any) -> Text:
            return Text(f"{task.speed:,.0f} {unit}/s" if task.speed else f"- {unit}/s", style="cyan")

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), RateColumn(),
                    TextColumn("ETA"), TimeRemainingColumn(), TextColumn("{task.fields[interim]}"),
                    console=Console(stderr=True), transient=False)
