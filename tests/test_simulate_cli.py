"""`tcgsim simulate` and `tcgsim run`: JSON shape, summaries, and one-line errors (exit 2) for bad input."""

from __future__ import annotations

import json
import math
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from analysis.intervals import wilson
from sim.cli.app import app
from sim.errors import InputError
from sim.run.jobs import load_job

runner = CliRunner()


def deck_file(directory: Path, name: str, game: str = "fftcg", element: str = "fire") -> Path:
    cards = "".join(f"""
[[card]]
code = "{name[:2].upper()}-{i}"
name = "{name} {i}"
type = "forward"
cost = {i + 1}
elements = ["{element}"]
power = 5000
copies = 10
""" for i in range(5))
    if game == "coj":
        cards = cards.replace('type = "forward"', 'type = "unit"').replace(f'["{element}"]', '["red"]')
    path = directory / f"{name.lower()}.toml"
    path.write_text(f'game = "{game}"\nname = "{name}"\n{cards}')
    return path


@pytest.fixture
def decks(tmp_path: Path) -> tuple[Path, Path]:
    return deck_file(tmp_path, "Alpha"), deck_file(tmp_path, "Beta", element="water")


def simulate(*args: str) -> object:
    return runner.invoke(app, ["simulate", *args])


def test_wilson_matches_reference_values() -> None:
    # statsmodels proportion_confint(7, 10, method="wilson") uses the exact normal quantile 1.959964
    low, high = wilson(7, 10, z=1.959963984540054)
    assert math.isclose(low, 0.396778, abs_tol=1e-6) and math.isclose(high, 0.892209, abs_tol=1e-6)
    # z = 1.96 by hand: center = 0.89208 / 1.38416 = 0.644492, half = 1.96 * sqrt(0.030604) / 1.38416 = 0.247719
    low, high = wilson(7, 10)
    assert math.isclose(low, 0.396773, abs_tol=1e-6) and math.isclose(high, 0.892211, abs_tol=1e-6)
    low, high = wilson(0, 20)  # center = half = 0.09604 / 1.19208
    assert low == 0.0 and math.isclose(high, 0.161130, abs_tol=1e-6)


def test_simulate_json_shape(decks: tuple[Path, Path], tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = simulate(str(decks[0]), str(decks[1]), "--engine", "null", "--games", "300", "--seed", "4",
                      "--out", str(out), "--json", "-o", "draw_rate=100")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data) == ["games", "wins_a", "wins_b", "draws", "win_rate_a", "low", "high",
                          "first_player_win_rate", "mean_turns"]
    assert data["games"] == 300 == data["wins_a"] + data["wins_b"] + data["draws"]
    assert data["draws"] > 0 and data["win_rate_a"] == data["wins_a"] / 300
    assert (data["low"], data["high"]) == pytest.approx(wilson(data["wins_a"], 300))
    games = pl.read_parquet(out / "games" / "*.parquet")
    assert games.height == 300 and set(games["deck_a"]) == {"Alpha"} and set(games["policy_a"]) == {"curve"}
    again = simulate(str(decks[0]), str(decks[1]), "--engine", "null", "--games", "300", "--seed", "4",
                     "--out", str(out), "--json", "-o", "draw_rate=100")
    assert json.loads(again.stdout) == data  # a rerun resumes (nothing left to play), same summary


def test_simulate_text_summary_and_default_out(decks: tuple[Path, Path], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = simulate(str(decks[0]), str(decks[1]), "--engine", "null", "--games", "50", "--detail", "cards",
                      "--policy-a", "aggro", "--policy-b", "control")
    assert result.exit_code == 0, result.output
    assert "Alpha (aggro) vs Beta (control)" in result.stdout and "50 games" in result.stdout
    assert "win rate A" in result.stdout and "first player wins" in result.stdout
    (out,) = (tmp_path / "results" / "simulate").iterdir()
    assert (out / "cards").is_dir() and (out / "manifest.json").is_file()
    assert "invariants" not in result.stdout
    checked = simulate(str(decks[0]), str(decks[1]), "--engine", "null", "--games", "50", "--check-invariants")
    assert checked.exit_code == 0, checked.output
    assert "invariants checked after every turn of all 50 games: all held" in checked.stdout


@pytest.mark.parametrize(("args", "where"), [
    (["--games", "0"], "--games"),
    (["--games", "-5"], "--games"),
    (["--policy-a", "greedy"], "--policy-a"),
    (["--policy-b", "nope"], "--policy-b"),
    (["--detail", "moves"], "--detail"),
    (["--chunk", "0"], "--chunk"),
    (["--backend", "spark"], "--backend"),
    (["-o", "turns"], "--option"),
    (["-o", "nope=1"], "--option"),
])
def test_simulate_bad_options_exit_2_with_one_line(decks: tuple[Path, Path], tmp_path: Path, args: list[str],
                                                   where: str) -> None:
    result = simulate(str(decks[0]), str(decks[1]), "--engine", "null", "--out", str(tmp_path / "o"), *args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {where}: "), result.stderr
    if where == "--policy-a":
        assert "aggro, control, curve, random" in lines[0]


def test_simulate_decks_of_different_games(tmp_path: Path) -> None:
    a, b = deck_file(tmp_path, "Alpha"), deck_file(tmp_path, "Joker", game="coj")
    result = simulate(str(a), str(b), "--games", "10", "--out", str(tmp_path / "o"))
    assert result.exit_code == 2
    (line,) = result.stderr.strip().splitlines()
    assert str(a) in line and str(b) in line and "fftcg" in line and "coj" in line


def test_simulate_fftcg_deck_beyond_the_engine_width(decks: tuple[Path, Path], tmp_path: Path) -> None:
    big = deck_file(tmp_path, "Huge")
    big.write_text(big.read_text().replace("copies = 10", "copies = 14"))  # 70 cards
    result = simulate(str(decks[0]), str(big), "--games", "10", "--out", str(tmp_path / "o"))
    assert result.exit_code == 2
    (line,) = result.stderr.strip().splitlines()
    assert str(big) in line and "70 cards" in line and "8.1.1.1" in line


def test_simulate_missing_deck_file(decks: tuple[Path, Path], tmp_path: Path) -> None:
    result = simulate(str(decks[0]), str(tmp_path / "missing.toml"), "--engine", "null")
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "missing.toml" in result.stderr


def write_job(directory: Path, body: str) -> Path:
    deck_file(directory, "Alpha")
    deck_file(directory, "Beta", element="water")
    deck_file(directory, "Gamma", element="ice")
    path = directory / "job.toml"
    path.write_text(body)
    return path


ROUND_ROBIN = """
seed = 5
games = 40
chunk = 15
engine = "null"
round_robin = true
policies = ["curve", "aggro"]
out = "res"
[decks]
alpha = "alpha.toml"
beta = "beta.toml"
gamma = "gamma.toml"
"""


def test_round_robin_expands_pairs_seat_orders_and_policies(tmp_path: Path) -> None:
    job = load_job(write_job(tmp_path, ROUND_ROBIN))
    assert len(job.specs) == 3 * 2 * 4
    assert [s.stream for s in job.specs] == list(range(24))
    seatings = {(s.deck_a.name, s.deck_b.name) for s in job.specs}
    assert seatings == {("Alpha", "Beta"), ("Beta", "Alpha"), ("Alpha", "Gamma"), ("Gamma", "Alpha"),
                        ("Beta", "Gamma"), ("Gamma", "Beta")}
    assert {(s.policy_a, s.policy_b) for s in job.specs} == {("curve", "curve"), ("curve", "aggro"),
                                                             ("aggro", "curve"), ("aggro", "aggro")}
    assert job.out == tmp_path / "res" and job.games == 40 and job.chunk == 15


def test_run_job_twice_gives_same_games(tmp_path: Path) -> None:
    path = write_job(tmp_path, ROUND_ROBIN.replace("round_robin = true", "").replace(
        'policies = ["curve", "aggro"]', "") + """
[[matchup]]
a = "alpha"
b = "beta"
policy_a = "control"
[[matchup]]
a = "gamma"
b = "alpha"
""")
    first = runner.invoke(app, ["run", str(path)])
    assert first.exit_code == 0, first.output
    assert "Alpha (control) vs Beta (curve)" in first.stdout
    second = runner.invoke(app, ["run", str(path), "--out", str(tmp_path / "again")])
    assert second.exit_code == 0, second.output
    frames = [pl.read_parquet(d / "games" / "*.parquet").sort("game_id") for d in (tmp_path / "res", tmp_path / "again")]
    assert frames[0].height == 80 and frames[0].equals(frames[1])


@pytest.mark.parametrize(("edit", "message"), [
    (("games = 40", "games = 0"), "`games` must be a positive"),
    (("games = 40", 'games = "many"'), "`games` must be int"),
    (("games = 40\n", ""), "`games` is required"),
    (("chunk = 15", 'detail = "moves"'), "`detail` must be one of"),
    (("chunk = 15", 'backend = "spark"'), "`backend` must be one of"),
    (("chunk = 15", "colour = 1"), "unknown key 'colour'"),
    (("chunk = 15", 'check_invariants = "yes"'), "`check_invariants` must be bool"),
    (('policies = ["curve", "aggro"]', 'policies = ["curve", "greedy"]'), "matchup[1].policy_b: unknown policy"),
    (('gamma = "gamma.toml"', 'gamma = "nowhere.toml"'), "nowhere.toml"),
    (("round_robin = true", "round_robin = false"), "give [[matchup]] tables"),
    (("[decks]", "[options]\nturns = true\n[decks]"), "[options] 'turns' must be an integer"),
    (("[decks]", "[options]\nfoo = 1\n[decks]"), "options: unknown rules option 'foo'"),
])
def test_bad_job_files_exit_2_naming_file_and_key(tmp_path: Path, edit: tuple[str, str], message: str) -> None:
    path = write_job(tmp_path, ROUND_ROBIN.replace(*edit))
    with pytest.raises(InputError) as info:
        load_job(path)
    assert str(path) in str(info.value) and message in str(info.value)
    result = runner.invoke(app, ["run", str(path)])
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1


def test_job_matchup_with_unknown_deck_label(tmp_path: Path) -> None:
    path = write_job(tmp_path, ROUND_ROBIN.replace("round_robin = true", "") + '\n[[matchup]]\na = "alpha"\nb = "delta"\n')
    with pytest.raises(InputError, match=r"matchup\[0\]\.b: no deck labelled 'delta'"):
        load_job(path)


def test_ctrl_c_stops_with_resume_hint_and_the_same_command_resumes(decks: tuple[Path, Path], tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "out"
    command = [sys.executable, "-c", "from sim.cli.app import main; main()", "simulate", str(decks[0]), str(decks[1]),
               "--engine", "null", "--games", "40000", "--chunk", "1000", "--detail", "turns", "--out", str(out),
               "--json"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while len(list((out / "games").glob("*.parquet"))) < 2 and proc.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=120)
    if proc.returncode == 0:
        pytest.skip("the run finished before the interrupt arrived")
    assert proc.returncode == 130, stderr
    assert "run the same command again to resume" in stderr and "Traceback" not in stderr
    assert json.loads((out / "manifest.json").read_text())["status"] == "interrupted"
    resumed = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout)["games"] == 40000
    ids = pl.read_parquet(out / "games" / "*.parquet")["game_id"]
    assert ids.len() == ids.n_unique() == 40000


@pytest.mark.parametrize("job", sorted((Path(__file__).parent.parent / "jobs").glob("*.toml")), ids=lambda p: p.stem)
def test_shipped_job_files_load(job: Path) -> None:
    from sim.run.jobs import load_job
    from sim.workflows.raid import is_raid_job, load_raid_job

    if "shared/data" in job.read_text() and not (job.parents[2] / "shared" / "data").is_dir():
        pytest.skip("this job file plays the real decks of ../shared/data, absent here")
    if is_raid_job(job):  # `tcgsim run` hands mode = "raid" jobs to the raid loader
        raid = load_raid_job(job)
        assert raid.party and raid.games > 0
        return
    loaded = load_job(job)
    assert loaded.specs and loaded.games > 0
