"""`tcgsim trace DECK_A DECK_B --game N`: one FFTCG game, turn by turn (sim.games.fftcg.trace)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import typer

from sim.cli.common import user_errors


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def trace(
        deck_a: Path = typer.Argument(..., help="Deck A (TOML); plays seat A."),
        deck_b: Path = typer.Argument(..., help="Deck B (TOML); same game as deck A."),
        game: int = typer.Option(0, "--game", min=0, max=2**32 - 1, help="Which game of the seed: the same index as in `simulate`'s results (game 0 is the first)."),
        policy_a: str = typer.Option("curve", "--policy-a", help="Policy of deck A (random, aggro, curve, control, search or search:N)."),
        policy_b: str = typer.Option("curve", "--policy-b", help="Policy of deck B."),
        seed: int = typer.Option(1, "--seed", min=0, max=2**63 - 1, help="Master seed, as for `simulate`."),
        pool: Path | None = typer.Option(None, "--pool", help="Card pool for decks that list codes without `pool`."),
        option: list[str] = typer.Option([], "--option", "-o", help="Rules option KEY=VALUE (repeatable)."),
        as_json: bool = typer.Option(False, "--json", help="Print the record as JSON: {first, winner, reason, turns: [...]}."),
    ) -> None:
        """Replay one game of `simulate DECK_A DECK_B --seed S` (the game with index --game) and print, per turn,
        the cards cast, the Forwards that attacked and are still on the field, every card that changed zone on
        either side (payments, breaks, searches, damage) and the position at the end of the turn. FFTCG only.
        Targets, blocks and the order of actions inside a turn are not recorded: their outcome is."""
        from sim.decks.deckfile import load_deck
        from sim.engine.results import END_REASONS, WINNERS
        from sim.errors import InputError
        from sim.games import get_engine
        from sim.games.fftcg import trace as fftcg_trace
        from sim.run.chunks import compile_spec
        from sim.run.runner import parse_rule_options, simulate_spec

        options = parse_rule_options(option)
        a, b = load_deck(deck_a, pool), load_deck(deck_b, pool)
        spec = simulate_spec(a, b, policy_a, policy_b, None, options)
        if spec.engine_name != "fftcg":
            raise InputError("decks", f"trace replays FFTCG games only; these decks are {spec.engine_name}")
        engine = get_engine("fftcg")
        ca, cb, _ = compile_spec(engine, spec)
        record = fftcg_trace.trace_game(ca, cb, engine.POLICIES[policy_a], engine.POLICIES[policy_b], seed=seed,
                                        stream=spec.stream, index=game, options=options)
        if as_json:
            typer.echo(json.dumps({"first": fftcg_trace.SEATS[record.first], "winner": WINNERS[record.winner],
                                   "reason": END_REASONS[record.reason],
                                   "turns": [dataclasses.asdict(t) for t in record.turns]}))
            return
        typer.echo(f"A: {a.name} ({policy_a})   B: {b.name} ({policy_b})   seed {seed}, game {game}; "
                   f"{fftcg_trace.SEATS[record.first]} goes first")
        for t in record.turns:
            typer.echo(f"turn {t.turn} - {fftcg_trace.SEATS[t.seat]}   damage A {t.damage[0]}, B {t.damage[1]}")
            if t.cast:
                typer.echo(f"  cast: {', '.join(t.cast)}")
            if t.attacked:
                typer.echo(f"  attacked (still on the field): {', '.join(t.attacked)}")
            for line in t.moved:
                typer.echo(f"  {line}")
            for line in t.position:
                typer.echo(f"  {line}")
        typer.echo(f"winner: {WINNERS[record.winner]} ({END_REASONS[record.reason]}) after {len(record.turns)} turns")
