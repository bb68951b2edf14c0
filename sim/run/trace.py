"""One FFTCG game replayed turn by turn, as text: `tcgsim trace` and the reports' embedded example game
(the record comes from sim.games.fftcg.trace)."""

from __future__ import annotations

from typing import Any

from sim.cards.model import Deck
from sim.engine.results import END_REASONS, WINNERS
from sim.errors import InputError
from sim.games import get_engine
from sim.run.chunks import compile_spec
from sim.run.models import model_digests, models_differ
from sim.run.runner import simulate_spec


def trace_record(a: Deck, b: Deck, policy_a: str, policy_b: str, *, seed: int, stream: int, index: int,
                 options: dict[str, int], models: dict[str, str] | None = None) -> Any:
    """The trace record of game `index` of (seed, stream), the game `simulate` or a run's matchup with
    that stream played. `models`: the fitted models' digests the run recorded (manifest), if any: InputError
    when the models this replay gets (cache or refit) are not those."""
    from sim.games.fftcg import trace as fftcg_trace

    spec = simulate_spec(a, b, policy_a, policy_b, None, options, stream)
    if spec.engine_name != "fftcg":
        raise InputError("decks", f"trace replays FFTCG games only; these decks are {spec.engine_name}")
    engine = get_engine("fftcg")
    ca, cb, _ = compile_spec(engine, spec)
    if models is not None:
        differ = models_differ(models, model_digests(engine, ca, cb, policy_a, policy_b), "the replay")
        if differ:
            raise InputError("models", differ)
    return fftcg_trace.trace_game(ca, cb, engine.POLICIES[policy_a], engine.POLICIES[policy_b], seed=seed,
                                  stream=stream, index=index, options=options)


def trace_lines(record: Any) -> list[str]:
    """Per turn: who played, damage, the cards cast, the attackers still on the field, every card that
    changed zone and the position; then the winner."""
    from sim.games.fftcg import trace as fftcg_trace

    lines = []
    for t in record.turns:
        lines.append(f"turn {t.turn} - {fftcg_trace.SEATS[t.seat]}   damage A {t.damage[0]}, B {t.damage[1]}")
        if t.cast:
            lines.append(f"  cast: {', '.join(t.cast)}")
        if t.attacked:
            lines.append(f"  attacked (still on the field): {', '.join(t.attacked)}")
        lines += [f"  {line}" for line in (*t.moved, *t.position)]
    lines.append(f"winner: {WINNERS[record.winner]} ({END_REASONS[record.reason]}) after {len(record.turns)} turns")
    return lines
