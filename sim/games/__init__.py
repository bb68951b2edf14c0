"""Game engines by name: one package per game, registered in ENGINES (one line each).

Every engine module (sim/games/<game>/engine.py) provides the same small interface, which the
runner, the odds, the bench, the reports and the generic tests rely on:

- GAME: the game's name (a key of sim.cards.model.CARD_TYPES, or "null").
- POLICIES: {policy name: policy id} for the policies the engine plays (at least random, aggro,
  curve, control); POLICY_KERNELS (optional): {policy base name: compiled function name} for a
  policy with a kernel of its own that compiles separately (FFTCG's search).
- OPTIONS (optional): the rules options the engine reads, with their defaults (sim.engine.options).
- FINAL_MEASURE: what the games table's final_a / final_b hold (damage taken, life, ...).
- MAX_TURNS: the turn cap, after which a game ends as a recorded draw.
- compile_matchup(deck_a, deck_b) -> (CompiledDeck, CompiledDeck): the decks as engine arrays.
- play(a, b, policy_a, policy_b, *, seed, stream, start, n, detail="games", options=None)
  -> sim.engine.results.Batch: games start..start+n-1 of the (seed, stream) key, any thread count.
- check_invariants(a, b, policy_a, policy_b, *, seed, stream, start, n, options=None) -> int array
  per game, 0 when every invariant held after every turn, else V_* bits (module constants V_...).
- model_digests(a, b, policy_a, policy_b, say=None) -> {seat: digest} and fit_seconds(a, b, policy_a, policy_b)
  -> float (optional): for policies that play with a model fitted on the matchup (FFTCG's search-adapt), the
  digests a run's manifest records per matchup (fitting the models first) and the CPU seconds a fit would take
  now (0 when cached); sim.run.models calls them.

A game package also holds its rules, policies and, where it has one, its card importer
(importer.py: card text to effect opcodes) and pool reader (pool.py); sim.decks.pools names the
pool formats. docs/architecture.md shows how a deck file becomes a report.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from sim.errors import InputError

ENGINES: dict[str, str] = {
    "coj": "sim.games.coj.engine",
    "fftcg": "sim.games.fftcg.engine",
    "gbf": "sim.games.gbf.engine",
    "null": "sim.games.null.engine",
    "pso2": "sim.games.pso2.engine",
}


def get_engine(game: str) -> ModuleType:
    if game not in ENGINES:
        implemented = ", ".join(sorted(ENGINES)) or "none yet"
        raise InputError("game", f"no engine for {game!r} (engines: {implemented})")
    return importlib.import_module(ENGINES[game])
