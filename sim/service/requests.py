"""The JSON bodies the service accepts (they are the /docs schema), with the CLI's limits.

Decks are named by the ids POST /api/decks returned and pools by name: no request names a path.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Seed = Annotated[int, Field(ge=0, le=2**63 - 1)]
DeckId = Annotated[str, Field(pattern=r"^[0-9a-f]{12}$")]
Policy = Annotated[str, Field(min_length=1, max_length=40)]
Engine = Literal["", "null", "fftcg", "gbf", "pso2", "coj"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DeckIn(Strict):
    """A deck: TOML content (as a deck file, without `pool`) or a pasted decklist (FFTCG, by code or name)."""
    name: Annotated[str, Field(max_length=200)] = ""
    toml: Annotated[str, Field(max_length=1 << 20)] | None = None
    decklist: Annotated[str, Field(max_length=1 << 20)] | None = None
    pool: Annotated[str, Field(max_length=100)] | None = None  # a configured pool's name (GET /api/pools)


class OddsJob(Strict):
    kind: Literal["odds"]
    deck: DeckId
    wants: Annotated[list[Annotated[str, Field(min_length=1, max_length=200)]], Field(min_length=1, max_length=8)]
    turns: Annotated[int, Field(ge=0, le=30)] = 0
    seat: Literal["first", "second"] = "first"
    mulligan: Literal["never", "keep-if"] = "never"
    samples: Annotated[int, Field(ge=0, le=10**9)] = 100_000
    seed: Seed = 1


class SimulateJob(Strict):
    kind: Literal["simulate"]
    deck_a: DeckId
    deck_b: DeckId
    games: Annotated[int, Field(ge=1)] = 10_000
    policy_a: Policy = "curve"
    policy_b: Policy = "curve"
    seed: Seed = 1
    detail: Literal["games", "turns", "cards"] = "games"
    engine: Engine = ""
    options: dict[Annotated[str, Field(max_length=60)], int] = Field(default_factory=dict, max_length=50)
    chunk: Annotated[int, Field(ge=1)] | None = None


class CompareJob(Strict):
    kind: Literal["compare"]
    deck_a: DeckId
    deck_b: DeckId
    against: Annotated[list[DeckId], Field(min_length=1, max_length=50)]
    games: Annotated[int, Field(ge=2)] = 2000
    policy: Policy | None = None
    policies: Annotated[list[Policy], Field(min_length=2, max_length=10)] | None = None
    until_decided: bool = False
    delta: Annotated[float, Field(ge=0.5, le=49.0)] = 5.0  # win-rate points
    batch: Annotated[int, Field(ge=1)] | None = None
    seed: Seed = 1
    engine: Engine = ""


class BalanceJob(Strict):
    kind: Literal["balance"]
    decks: Annotated[list[DeckId], Field(min_length=2, max_length=30)]
    games: Annotated[int, Field(ge=1)] = 2000
    policy: Policy | None = None
    policies: Annotated[list[Policy], Field(min_length=2, max_length=10)] | None = None
    seed: Seed = 1
    engine: Engine = ""


class RaidJob(Strict):
    kind: Literal["raid"]
    party: Annotated[list[DeckId], Field(min_length=1, max_length=4)]
    boss: Annotated[str, Field(pattern=r"^[a-z0-9_]{1,60}$")]  # a shipped boss by name (GET /api/bosses)
    policies: Annotated[list[Policy], Field(min_length=1, max_length=4)] = Field(default_factory=lambda: ["curve"])
    games: Annotated[int, Field(ge=1)] = 1000
    seed: Seed = 1
    options: dict[Annotated[str, Field(max_length=60)], int] = Field(default_factory=dict, max_length=50)


JobIn = Annotated[OddsJob | SimulateJob | CompareJob | BalanceJob | RaidJob, Field(discriminator="kind")]


def deck_ids(job: BaseModel) -> list[str]:
    """Every deck a job names, in order."""
    ids: list[str] = []
    for key in ("deck", "deck_a", "deck_b", "against", "decks", "party"):
        value = getattr(job, key, None)
        ids += value if isinstance(value, list) else [value] if value else []
    return ids


def games_total(job: BaseModel) -> int:
    """The games (raids, openings) a job plays at most: its size for the caps and the progress bar."""
    if isinstance(job, OddsJob):
        return max(job.samples, 1)
    if isinstance(job, SimulateJob):
        return job.games
    if isinstance(job, CompareJob):
        return job.games * 4 * len(job.against) * len(job.policies or [1])
    if isinstance(job, BalanceJob):
        k = len(job.decks)
        return job.games * k * (k - 1) * len(job.policies or [1])
    assert isinstance(job, RaidJob)
    return job.games

