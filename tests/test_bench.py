"""`tcgsim bench --json`: shape of the rows, the null baseline, policy pairings (tiny game counts)."""

from __future__ import annotations

import itertools
import json
import statistics
import time
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from typer.testing import CliRunner

from sim import games as games_registry
from sim.bench.games import SEARCH_GAMES, SLICES, interleaved_rates, median_interval
from sim.cli.app import app
from sim.engine.results import G_TURNS

runner = CliRunner()


def bench(*args: str) -> dict:
    result = runner.invoke(app, ["bench", *args, "--games", "40", "--min-seconds", "0", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def check_rows(rows: list[dict]) -> None:
    for row in rows:
        assert {"name", "per_s_per_core", "baseline_ratio"} <= set(row)
        assert row["per_s_per_core"] > 0


def test_null_bench_shape() -> None:
    data = bench("null")
    assert data["machine"]["cores"] >= 1 and data["machine"]["cpu"]
    (row,) = data["rows"]
    check_rows([row])
    assert row["name"].startswith("null") and row["baseline_ratio"] == 1.0
    if data["machine"]["numba_threads"] >= 2:
        assert row["per_s_2_threads"] > 0 and row["parallel_efficiency"] > 0


def test_engine_rows_are_paired_with_a_null_row_on_the_same_decks(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # a stand-in engine (the null module under another name) with two "shipped" decks
    monkeypatch.setitem(games_registry.ENGINES, "stand_in", "sim.games.null.engine")
    (tmp_path / "stand_in").mkdir()
    for name in ("one", "two"):
        (tmp_path / "stand_in" / f"{name}.toml").write_text(
            f'game = "fftcg"\nname = "{name}"\n[[card]]\ncode = "{name}-1"\nname = "{name}"\ntype = "forward"\n'
            'cost = 2\nelements = ["fire"]\npower = 5000\ncopies = 50\n')
    data = bench("stand_in", "--decks", str(tmp_path), "--full")
    rows = data["rows"]
    check_rows(rows)
    assert rows[0]["name"] == "null (stand_in decks)" and rows[0]["baseline_ratio"] == 1.0
    assert len(rows) == 1 + 16
    assert rows[1]["name"] == "null random vs random (one / two)"
    assert all(r["baseline_ratio"] > 0 for r in rows)
    for row in rows[1:]:  # engine rows: game length and the cost of a turn, consistent with the rate
        assert row["mean_turns"] > 0
        assert row["us_per_turn"] == pytest.approx(1e6 / (row["per_s_per_core"] * row["mean_turns"]), rel=0.01)
    assert "mean_turns" not in rows[0]


def test_odds_rows() -> None:
    data = bench("odds")
    check_rows(data["rows"])
    assert data["rows"] or data["skipped"]


def test_unknown_target_exits_2() -> None:
    result = runner.invoke(app, ["bench", "chess", "--json"])
    assert result.exit_code == 2 and result.stderr.startswith("error: target: unknown bench target 'chess'")


def test_markdown_table() -> None:
    result = runner.invoke(app, ["bench", "null", "--games", "40", "--min-seconds", "0", "--markdown"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("machine: ") and lines[1] == ""
    assert lines[2].startswith("| name | per second per core |") and lines[3].startswith("|---|---:|")
    assert lines[4].startswith("| null (50-card synthetic decks) | ") and lines[4].count("|") == 8


def test_two_chosen_deck_files(tmp_path: Path) -> None:
    decks = Path(__file__).resolve().parent.parent / "decks" / "fftcg"
    data = bench("fftcg", "--deck", str(decks / "aggro.toml"), "--deck", str(decks / "control.toml"))
    null_row, row, search = data["rows"]
    check_rows(data["rows"])
    assert null_row["name"] == "null (fftcg decks)"
    assert row["name"] == "fftcg curve vs curve (Fire-Wind Rush (FFTCG aggro) / Ice-Water Control (FFTCG control))"
    # the search's figures beside the scripted ones, timed on fewer games
    assert search["name"] == "fftcg search vs curve (Fire-Wind Rush (FFTCG aggro) / Ice-Water Control (FFTCG control))"
    assert search["games"] <= SEARCH_GAMES


@pytest.mark.parametrize(("args", "message"), [
    (["fftcg", "--deck", "decks/fftcg/aggro.toml"], "error: --deck: give exactly two decks"),
    (["coj", "--deck", "decks/fftcg/aggro.toml", "--deck", "decks/fftcg/control.toml"],
     "error: decks/fftcg/aggro.toml: a fftcg deck cannot be benchmarked on the coj engine"),
    (["odds", "--deck", "decks/fftcg/aggro.toml", "--deck", "decks/fftcg/control.toml"],
     "error: --deck: benchmarks one engine on two decks"),
])
def test_chosen_decks_errors(args: list[str], message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    result = runner.invoke(app, ["bench", *args, "--games", "40", "--min-seconds", "0", "--json"])
    assert result.exit_code == 2 and result.stderr.startswith(message), result.output


def one_stand_in_deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in engine (the null module under another name) with one "shipped" deck in tmp_path."""
    monkeypatch.setitem(games_registry.ENGINES, "stand_in", "sim.games.null.engine")
    (tmp_path / "stand_in").mkdir()
    (tmp_path / "stand_in" / "one.toml").write_text(
        'game = "fftcg"\nname = "one"\n[[card]]\ncode = "one-1"\nname = "one"\ntype = "forward"\n'
        'cost = 2\nelements = ["fire"]\npower = 5000\ncopies = 50\n')


def test_one_policy_pairing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    one_stand_in_deck(tmp_path, monkeypatch)
    rows = bench("stand_in", "--decks", str(tmp_path), "--pairing", "aggro,control")["rows"]
    assert [r["name"] for r in rows] == ["null (stand_in decks)", "null aggro vs control (one / one)"]
    bad = runner.invoke(app, ["bench", "stand_in", "--decks", str(tmp_path), "--pairing", "aggro"])
    assert bad.exit_code == 2 and "--pairing" in bad.output and "aggro" in bad.output
    bad = runner.invoke(app, ["bench", "all", "--pairing", "curve,curve"])
    assert bad.exit_code == 2 and "name the engine" in bad.output


def test_small_ratios_are_not_rounded_to_zero() -> None:
    from sim.cli.bench import ratio_text

    assert ratio_text(0.0261) == "0.0261" and ratio_text(1.6e-5) == "1.60e-05" and ratio_text(None) == "-"
    assert ratio_text(0.0261, 0.0255, 0.0270) == "0.0261 (0.0255-0.0270)"
    assert ratio_text(1.6e-5, 1.5e-5, 1.7e-5) == "1.60e-05 (1.50e-05-1.70e-05)"


class _Slowing:
    """A stand-in engine whose games cost `cost` seconds each, three times as much once the clock passes `switch`
    (as when another job starts on the machine mid-run)."""

    def __init__(self, cost: float, switch: float) -> None:
        self.cost, self.switch = cost, switch

    def play(self, a, b, pa, pb, *, seed, stream, start, n):  # noqa: ANN001, ANN201 - the engines' play signature
        time.sleep(n * self.cost * (3 if time.perf_counter() > self.switch else 1))
        games = np.zeros((n, G_TURNS + 1), dtype=np.int64)
        games[:, G_TURNS] = 10
        return SimpleNamespace(games=games)


def test_the_ratio_holds_when_the_load_changes_between_the_null_game_and_the_engine() -> None:
    switch = time.perf_counter() + 0.5
    null, engine = _Slowing(1e-5, switch), _Slowing(1e-4, switch)
    # the stand-ins sleep instead of computing, so the wall clock times them (one thread's default is its CPU clock)
    rates, turns = interleaved_rates([(null, (None, None), (0, 0), 100), (engine, (None, None), (0, 0), 10)], 1, 1.2,
                                     clock=time.perf_counter)
    assert len(rates[0]) == len(rates[1]) == SLICES and turns == [10.0, 10.0]
    ratio = statistics.median(r / base for r, base in zip(rates[1], rates[0], strict=True))
    assert ratio == pytest.approx(0.1, rel=0.25)
    # timed one after the other, the engine (all after the switch) would have looked a third as fast
    assert statistics.median(rates[1]) < 0.7 * 1 / 1e-4


class _Busy:
    """A stand-in engine whose games cost `cost` CPU seconds each, after which its thread waits off the core
    `waits` times as long (as when other jobs hold the core); it records the order of its calls in `calls`."""

    def __init__(self, name: str, cost: float, waits: float, calls: list[str]) -> None:
        self.name, self.cost, self.waits, self.calls = name, cost, waits, calls

    def play(self, a, b, pa, pb, *, seed, stream, start, n):  # noqa: ANN001, ANN201 - the engines' play signature
        self.calls.append(self.name)
        t0 = time.thread_time()
        while time.thread_time() - t0 < n * self.cost:
            pass
        time.sleep(n * self.cost * self.waits)
        games = np.zeros((n, G_TURNS + 1), dtype=np.int64)
        games[:, G_TURNS] = 10
        return SimpleNamespace(games=games)


def test_one_thread_slices_are_timed_by_the_thread_cpu_clock_in_alternation() -> None:
    calls: list[str] = []
    null, engine = _Busy("null", 1e-5, 2.0, calls), _Busy("engine", 1e-4, 2.0, calls)
    rates, _ = interleaved_rates([(null, (None, None), (0, 0), 500), (engine, (None, None), (0, 0), 50)], 1, 0.6)
    assert len(rates[0]) == len(rates[1]) == SLICES
    # the time spent waiting off the core is not counted: rates near 1 / cost, not a third of it
    assert statistics.median(rates[1]) > 0.7 / 1e-4
    ratio = statistics.median(r / base for r, base in zip(rates[1], rates[0], strict=True))
    assert ratio == pytest.approx(0.1, rel=0.3)
    # each one's warm-up and call sizing, then the two in turn, slice by slice (a slice may take several calls)
    assert [name for name, _ in itertools.groupby(calls)] == ["null", "engine"] * (1 + SLICES)


def test_median_interval_from_order_statistics() -> None:
    assert median_interval([float(v) for v in range(1, 10)]) == (2.0, 8.0)  # P(B(9, 1/2) < 2) = 1.95%
    assert median_interval([float(v) for v in range(12, 0, -1)]) == (3.0, 10.0)  # P(B(12, 1/2) < 3) = 1.93%
    assert median_interval([3.0, 1.0, 2.0]) == (1.0, 3.0)


def test_engine_rows_give_the_median_ratio_with_its_interval(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    one_stand_in_deck(tmp_path, monkeypatch)
    null_row, row = bench("stand_in", "--decks", str(tmp_path))["rows"]
    assert "ratio_low" not in null_row
    assert row["ratio_low"] <= row["baseline_ratio"] <= row["ratio_high"]
