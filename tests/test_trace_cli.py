"""`tcgsim trace`: the account of one FFTCG game is the game `simulate` plays with that index (same winner, end,
length and damage), its per-turn records hang together, and it refuses other games with a one-line error."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from sim.cli.app import app
from sim.decks.deckfile import load_deck
from sim.engine.results import G_FINAL_A, G_FINAL_B, G_FIRST, G_REASON, G_TURNS, G_WINNER
from sim.games.fftcg import engine as F
from sim.games.fftcg import trace as fftcg_trace
from sim.run.chunks import compile_spec
from sim.run.runner import simulate_spec

DECKS = Path(__file__).resolve().parents[1] / "decks"
runner = CliRunner()


def test_trace_replays_the_games_simulate_plays():
    a, b = load_deck(DECKS / "fftcg" / "aggro.toml"), load_deck(DECKS / "fftcg" / "control.toml")
    spec = simulate_spec(a, b, "curve", "control", None, {})
    ca, cb, _ = compile_spec(F, spec)
    games = F.play(ca, cb, F.CURVE, F.CONTROL, seed=5, stream=0, start=0, n=12).games
    for i in range(12):
        t = fftcg_trace.trace_game(ca, cb, F.CURVE, F.CONTROL, seed=5, index=i)
        g = games[i]
        assert (t.first, t.winner, t.reason, len(t.turns)) == (g[G_FIRST], g[G_WINNER], g[G_REASON], g[G_TURNS])
        assert t.turns[-1].damage == (g[G_FINAL_A], g[G_FINAL_B])
        assert [r.seat for r in t.turns] == [(t.first + k) % 2 for k in range(len(t.turns))]
        dealt = np.diff([0, *[r.damage[0] + r.damage[1] for r in t.turns]])
        assert (dealt >= 0).all()  # damage is never removed by these decks
        assert sum(len(r.cast) for r in t.turns) > 0


def test_trace_cli_prints_turns_and_json(tmp_path: Path):
    a, b = str(DECKS / "fftcg" / "aggro.toml"), str(DECKS / "fftcg" / "control.toml")
    out = runner.invoke(app, ["trace", a, b, "--seed", "5", "--game", "3"])
    assert out.exit_code == 0, out.output
    assert out.output.splitlines()[1].startswith("turn 1 - ") and "winner: " in out.output.splitlines()[-1]
    js = runner.invoke(app, ["trace", a, b, "--seed", "5", "--game", "3", "--json"])
    record = json.loads(js.output)
    assert record["winner"] in ("a", "b", "draw") and record["turns"][0]["turn"] == 1


def test_trace_refuses_other_games_and_unknown_policies():
    coj = str(DECKS / "coj" / "aggro.toml")
    out = runner.invoke(app, ["trace", coj, coj])
    assert out.exit_code == 2 and out.output.startswith("error: decks: trace replays FFTCG games only")
    ff = str(DECKS / "fftcg" / "aggro.toml")
    out = runner.invoke(app, ["trace", ff, ff, "--policy-a", "greedy"])
    assert out.exit_code == 2 and "--policy-a" in out.output


def test_report_example_command_replays_the_named_fftcg_game(tmp_path: Path):
    """The report's example command (seed, stream, game index of a run's matchup) replays the game it names:
    the trace shows seat A on the play, losing; the first example's trace is embedded in the report."""
    import shlex

    import polars as pl

    from reports.write import write_report
    from sim.run.runner import run_matchups

    a, b = load_deck(DECKS / "fftcg" / "aggro.toml"), load_deck(DECKS / "fftcg" / "control.toml")
    results = run_matchups([simulate_spec(a, b, "curve", "control", None, {}, stream=3)], 30, 11, tmp_path / "res",
                           detail="cards")
    write_report(results, tmp_path / "rep")
    ex = pl.read_csv(tmp_path / "rep" / "tables" / "examples.csv")
    row = ex.filter(pl.col("outcome") == "seat A loses on the play").row(0, named=True)
    args = shlex.split(row["command"])
    assert args[:2] == ["tcgsim", "trace"] and args[args.index("--stream") + 1] == "3"
    js = runner.invoke(app, [*args[1:], "--json"])
    assert js.exit_code == 0, js.output
    record = json.loads(js.output)
    assert (record["first"], record["winner"]) == ("A", "b")
    md = (tmp_path / "rep" / "report.md").read_text()
    assert f"Replay of game {row['index']}" in md and "winner: b" in md
