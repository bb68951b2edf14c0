"""Interim estimates of a running job: win counts per matchup as games arrive, and the win rates
with their Wilson 95% intervals that the live bars and the service show (docs/scale.md, "Progress").

The runner keeps a `Tally` per matchup (every game of the job so far, a resumed job's written games
included) and hands the list to its `on_estimate` hook after every sub-batch. A workflow turns the
tallies into labelled `Estimate`s with `estimates`: each label collects the games its decks played
from either seat, counting the wins of that seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from analysis.intervals import wilson


@dataclass
class Tally:
    """One matchup's games so far and the wins of each seat (the rest are draws and double losses)."""
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0

    def add(self, games: int, wins_a: int, wins_b: int) -> None:
        self.games += games
        self.wins_a += wins_a
        self.wins_b += wins_b


@dataclass(frozen=True)
class Estimate:
    """`wins` of `games` so far for `label`, with the Wilson 95% interval every report gives a rate."""
    label: str
    wins: int
    games: int

    def json(self) -> dict[str, str | int | float | None]:
        low, high = wilson(self.wins, self.games)
        rate = self.wins / self.games if self.games else None
        return {"label": self.label, "wins": self.wins, "games": self.games, "rate": rate,
                "low": low if self.games else None, "high": high if self.games else None}

    def text(self, what: str) -> str:
        """`what` and the rate with its interval, as a bar shows it ("" before the first game)."""
        if not self.games:
            return ""
        low, high = wilson(self.wins, self.games)
        return f"{what} {100 * self.wins / self.games:.1f}% ({100 * low:.1f}-{100 * high:.1f}) of {self.games:,}"


def estimates(tallies: list[Tally], seats: list[tuple[str | None, str | None]]) -> list[Estimate]:
    """One Estimate per label of `seats` (matchup i's labels for seat a and seat b; None = not
    estimated), in the order the labels first appear: the label's wins from the seats it held over
    the games those matchups played."""
    wins: dict[str, list[int]] = {}
    for tally, labels in zip(tallies, seats, strict=True):
        for label, won in zip(labels, (tally.wins_a, tally.wins_b), strict=True):
            if label is not None:
                row = wins.setdefault(label, [0, 0])
                row[0] += won
                row[1] += tally.games
    return [Estimate(label, w, n) for label, (w, n) in wins.items()]


def interim(wins: int, games: int) -> str:
    """The interim estimate a runner's bar shows: seat a's win rate so far with its Wilson 95% interval."""
    return Estimate("", wins, games).text("a wins")


def labelled(on_estimate: Callable[[list[Estimate]], None] | None,
             seats: list[tuple[str | None, str | None]]) -> Callable[[list[Tally]], None] | None:
    """The runner's on_estimate hook that hands `on_estimate` the `estimates` of these seat labels."""
    if on_estimate is None:
        return None
    return lambda tallies: on_estimate(estimates(tallies, seats))
