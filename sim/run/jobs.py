"""Job files (TOML) for `tcgsim run`: decks, policies, matchups, games, seed, detail, backend, output.

    seed = 1
    games = 10000                  # per matchup
    detail = "games"               # games | turns | cards
    backend = "local"              # local | ray (address = "ray://..." for a cluster)
    out = "results/gauntlet"       # relative to the job file
    round_robin = true             # every unordered pair of decks, both seat orders ...
    policies = ["curve", "aggro"]  # ... and every (policy A, policy B) from this list
    pairings = "all"               # or "same": only P vs P, the round robin once per policy (as
                                   # `tcgsim balance --policies`; the report compares the pairings)

    [decks]                        # label = deck file (relative to the job file)
    aggro = "decks/fftcg/aggro.toml"
    control = "decks/fftcg/control.toml"

    [[matchup]]                    # or explicit matchups instead of round_robin
    a = "aggro"
    b = "control"
    policy_a = "curve"
    policy_b = "control"

Optional: check_invariants (replay every game with the engine's invariant checks), chunk (games per part; default 50000, 10000 at detail "cards"), pool (card pool for the decks), engine ("null" for the baseline),
[options] (rules options, integers). Matchup i plays stream i, so the same job and seed give the
same games; matchups are independent samples (no seeds shared between them), except with
pairings = "same", which plays like `tcgsim balance`: pair of decks i plays stream i from both seats,
under every pairing, so seat orders and pairings see the same deals.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.cards.model import Deck
from sim.decks.deckfile import load_deck, read_toml
from sim.engine.options import check_options
from sim.engine.results import DETAIL_LEVELS
from sim.errors import InputError
from sim.games import get_engine
from sim.limits import MAX_MATCHUPS
from sim.run.chunks import MatchupSpec
from sim.run.pairings import check_pairings
from sim.run.runner import BACKENDS, check_policy, check_same_game, default_chunk

PAIRINGS = ("all", "same")
KEYS = ("seed", "games", "detail", "backend", "address", "out", "chunk", "pool", "engine", "policies", "pairings",
        "round_robin", "decks", "matchup", "options", "name", "description", "check_invariants")
MATCHUP_KEYS = ("a", "b", "policy_a", "policy_b")


@dataclass(frozen=True)
class Job:
    path: Path
    specs: list[MatchupSpec]
    games: int
    seed: int
    detail: str
    backend: str
    address: str | None
    out: Path
    chunk: int
    options: dict[str, int]
    check_invariants: bool = False


def _get(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any, where: str) -> Any:
    value = data.get(key, default)
    if value is None:
        raise InputError(where, f"`{key}` is required")
    if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise InputError(where, f"`{key}` must be {names}, got {value!r}")
    return value


def load_job(path: Path) -> Job:
    path = Path(path)
    data = read_toml(path)
    base = path.parent
    where = str(path)
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise InputError(where, f"unknown key {unknown[0]!r} (keys: {', '.join(KEYS)})")

    games = _get(data, "games", int, None, where)
    if games <= 0:
        raise InputError(where, f"`games` must be a positive number of games per matchup, got {games}")
    seed = _get(data, "seed", int, 0, where)
    if not 0 <= seed <= 2**63 - 1:
        raise InputError(where, f"`seed` must be within 0..2**63-1, got {seed}")
    detail = _get(data, "detail", str, "games", where)
    if detail not in DETAIL_LEVELS:
        raise InputError(where, f"`detail` must be one of {', '.join(DETAIL_LEVELS)}, got {detail!r}")
    backend = _get(data, "backend", str, "local", where)
    if backend not in BACKENDS:
        raise InputError(where, f"`backend` must be one of {', '.join(BACKENDS)}, got {backend!r}")
    address = data.get("address")
    if address is not None and not isinstance(address, str):
        raise InputError(where, f"`address` must be text, got {address!r}")
    chunk = _get(data, "chunk", int, default_chunk(detail), where)
    if chunk <= 0:
        raise InputError(where, f"`chunk` must be positive, got {chunk}")
    out = base / _get(data, "out", str, f"results/{path.stem}", where)
    pool = data.get("pool")
    if pool is not None and not isinstance(pool, str):
        raise InputError(where, f"`pool` must be a path (text), got {pool!r}")
    engine_name = _get(data, "engine", str, "", where)
    options = _get(data, "options", dict, {}, where)
    for key, value in options.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(where, f"[options] {key!r} must be an integer, got {value!r}")

    decks = _load_decks(data, base, base / pool if pool else None, where)
    specs = (_round_robin(data, decks, engine_name, where) if _get(data, "round_robin", bool, False, where)
             else _explicit(data, decks, engine_name, where))
    for i, s in enumerate(specs):
        engine = get_engine(s.engine_name)
        check_policy(engine, s.policy_a, f"{where}: matchup[{i}].policy_a")
        check_policy(engine, s.policy_b, f"{where}: matchup[{i}].policy_b")
        check_options(engine, options, f"{where}: options")
    check = _get(data, "check_invariants", bool, False, where)
    return Job(path, specs, games, seed, detail, backend, address, out, chunk, options, check)


def _load_decks(data: dict[str, Any], base: Path, pool: Path | None, where: str) -> dict[str, Deck]:
    raw = data.get("decks")
    if isinstance(raw, list) and all(isinstance(p, str) for p in raw):
        stems = [Path(p).stem for p in raw]
        twice = sorted({s for s in stems if stems.count(s) > 1})
        if twice:  # labels come from file names: one of the two decks would silently vanish
            raise InputError(where, f"two decks are named {twice[0]!r}; give them labels in a [decks] table")
        raw = dict(zip(stems, raw, strict=True))
    if not isinstance(raw, dict) or not raw:
        raise InputError(where, "`decks` must be a table of label = \"deck file\" (or a list of deck files)")
    decks = {}
    for label, file in raw.items():
        if not isinstance(file, str):
            raise InputError(where, f"decks.{label} must be a deck file path, got {file!r}")
        if not (base / file).is_file():
            raise InputError(f"{where}: decks.{label}", f"deck file not found: {file} (resolved to {base / file})")
        decks[label] = load_deck(base / file, pool)
    return decks


def _explicit(data: dict[str, Any], decks: dict[str, Deck], engine: str, where: str) -> list[MatchupSpec]:
    rows = data.get("matchup")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise InputError(where, "give [[matchup]] tables (a, b, policy_a, policy_b) or `round_robin = true`")
    default_policies = _get(data, "policies", list, ["curve"], where)
    if not default_policies or not all(isinstance(p, str) for p in default_policies):
        raise InputError(where, "`policies` must be a non-empty list of policy names")
    specs = []
    for i, row in enumerate(rows):
        here = f"{where}: matchup[{i}]"
        unknown = sorted(set(row) - set(MATCHUP_KEYS))
        if unknown:
            raise InputError(here, f"unknown key {unknown[0]!r} (keys: {', '.join(MATCHUP_KEYS)})")
        labels = []
        for side in ("a", "b"):
            label = row.get(side)
            if not isinstance(label, str):  # a list or table is not a label (and not hashable)
                raise InputError(f"{here}.{side}", f"must be a deck label from [decks], got {label!r}")
            if label not in decks:
                raise InputError(f"{here}.{side}", f"no deck labelled {label!r} in [decks] ({', '.join(decks)})")
            labels.append(label)
        a, b = decks[labels[0]], decks[labels[1]]
        if not engine:
            check_same_game(a, b, here)
        pa = _get(row, "policy_a", str, default_policies[0], here)
        pb = _get(row, "policy_b", str, default_policies[0], here)
        specs.append(MatchupSpec(a, b, pa, pb, i, engine))
    return specs


def _round_robin(data: dict[str, Any], decks: dict[str, Deck], engine: str, where: str) -> list[MatchupSpec]:
    if "matchup" in data:
        raise InputError(where, "give either `round_robin = true` or [[matchup]] tables, not both")
    policies = _get(data, "policies", list, ["curve"], where)
    if not policies or not all(isinstance(p, str) for p in policies):
        raise InputError(where, "`policies` must be a non-empty list of policy names")
    pairings = _get(data, "pairings", str, "all", where)
    if pairings not in PAIRINGS:
        raise InputError(where, f"`pairings` must be one of {', '.join(PAIRINGS)}, got {pairings!r}")
    if len(decks) < 2:
        raise InputError(where, "round_robin needs at least two decks")
    labels = list(decks)
    count = len(labels) * (len(labels) - 1) * (len(policies) if pairings == "same" else len(policies) ** 2)
    if count > MAX_MATCHUPS:
        raise InputError(where, f"the round robin has {count:,} matchups, more than the {MAX_MATCHUPS:,} allowed")
    for i, x in enumerate(labels):
        for y in labels[i + 1:]:
            if not engine:
                check_same_game(decks[x], decks[y], f"{where}: decks.{x}, decks.{y}")
    if pairings == "same":
        check_pairings(policies, get_engine(engine or decks[labels[0]].game), f"{where}: policies")
        pairs = [(x, y) for i, x in enumerate(labels) for y in labels[i + 1:]]
        return [MatchupSpec(decks[a], decks[b], p, p, stream, engine) for p in policies
                for stream, (x, y) in enumerate(pairs) for a, b in ((x, y), (y, x))]
    specs: list[MatchupSpec] = []
    for i, x in enumerate(labels):
        for y in labels[i + 1:]:
            for a, b in ((x, y), (y, x)):
                for pa in policies:
                    for pb in policies:
                        specs.append(MatchupSpec(decks[a], decks[b], pa, pb, len(specs), engine))
    return specs
