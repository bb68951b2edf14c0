"""The batch runner: chunking determinism, resume after interruption, atomic parts, manifest, summary."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numba
import polars as pl
import pytest

from sim.cards.model import Card, Deck
from sim.errors import InputError
from sim.games import get_engine
from sim.run.chunks import InvariantViolation, MatchupSpec
from sim.run.runner import run_matchups, summarize

SORT = {"games": ["game_id"], "turns": ["game_id", "game_turn"], "cards": ["game_id", "seat", "copy"]}


def make_deck(name: str, costs: list[int], copies: int = 3) -> Deck:
    cards = [(Card(f"{name[:2].upper()}-{i}", f"{name} {i}", "forward", cost=c), copies) for i, c in enumerate(costs)]
    return Deck("fftcg", name, Path(f"{name}.toml"), {"main": cards})


ALPHA = make_deck("Alpha", [1, 2, 3, 4, 5] * 3 + [2])  # 48 cards
BETA = make_deck("Beta", [2, 2, 3, 5] * 4, copies=3)


def specs() -> list[MatchupSpec]:
    return [MatchupSpec(ALPHA, BETA, "curve", "aggro", 0, "null"),
            MatchupSpec(BETA, ALPHA, "control", "random", 1, "null")]


def read(out: Path, table: str) -> pl.DataFrame:
    return pl.read_parquet(out / table / "*.parquet").sort(SORT[table])


def assert_same_dataset(a: Path, b: Path, detail: str) -> None:
    for table in ("games", "turns", "cards")[: ("games", "turns", "cards").index(detail) + 1]:
        fa, fb = read(a, table), read(b, table)
        assert fa.height > 0
        assert fa.equals(fb), table


def test_chunking_does_not_change_games(tmp_path: Path) -> None:
    run_matchups(specs(), 60, 7, tmp_path / "small", detail="cards", chunk=7, progress=False)
    run_matchups(specs(), 60, 7, tmp_path / "big", detail="cards", chunk=1000, progress=False)
    assert len(list((tmp_path / "small" / "games").glob("*.parquet"))) == 2 * 9
    assert_same_dataset(tmp_path / "small", tmp_path / "big", "cards")
    games = read(tmp_path / "small", "games")
    assert games["index"].to_list() == list(range(60)) * 2
    assert games["game_id"].n_unique() == 120


def test_games_do_not_depend_on_thread_count() -> None:
    engine = get_engine("null")
    a, b = engine.compile_matchup(ALPHA, BETA)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = engine.play(a, b, 0, 0, seed=3, stream=2, start=10, n=50, detail="turns")
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
        many = engine.play(a, b, 0, 0, seed=3, stream=2, start=10, n=50, detail="turns")
    finally:
        numba.set_num_threads(before)
    assert (one.games == many.games).all() and (one.turns == many.turns).all()


def test_resume_after_lost_and_partial_parts_equals_uninterrupted_run(tmp_path: Path) -> None:
    full, broken = tmp_path / "full", tmp_path / "broken"
    run_matchups(specs(), 50, 1, full, detail="turns", chunk=10, progress=False)
    run_matchups(specs(), 50, 1, broken, detail="turns", chunk=10, progress=False)
    # what a kill leaves behind: missing chunks, a chunk with only its turns part, a stray temp file
    for name in ("part-0000-0000000020.parquet", "part-0001-0000000040.parquet"):
        (broken / "games" / name).unlink()
        (broken / "turns" / name).unlink()
    (broken / "games" / "part-0000-0000000030.parquet").unlink()
    (broken / "games" / "part-0001-0000000000.parquet.123.tmp").write_bytes(b"half a parquet file")
    run_matchups(specs(), 50, 1, broken, detail="turns", chunk=10, progress=False)
    assert_same_dataset(full, broken, "turns")
    assert not list(broken.glob("*/*.tmp"))
    assert summarize(broken)["games"] == 100


def test_killed_process_resumes_to_the_same_dataset(tmp_path: Path) -> None:
    out, reference = tmp_path / "killed", tmp_path / "reference"
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        from pathlib import Path
        from test_runner import specs
        from sim.run.runner import run_matchups
        run_matchups(specs(), 10_000, 5, Path({str(out)!r}), detail="turns", chunk=250, progress=False)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script])
    try:
        deadline = time.monotonic() + 120
        while len(list((out / "games").glob("*.parquet"))) < 3 and proc.poll() is None:
            assert time.monotonic() < deadline, "no parts appeared"
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    written = len(list((out / "games").glob("*.parquet")))
    assert written >= 3
    run_matchups(specs(), 10_000, 5, out, detail="turns", chunk=250, progress=False)
    run_matchups(specs(), 10_000, 5, reference, detail="turns", chunk=250, progress=False)
    assert_same_dataset(reference, out, "turns")
    assert not list(out.glob("*/*.tmp"))
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"


def test_keyboard_interrupt_stops_cleanly_and_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from sim.run import runner, writer

    calls = {"n": 0}
    real = writer.write_parts

    def interrupted_at_the_third(out, frames, c):  # noqa: ANN001, ANN202
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(out, frames, c)

    monkeypatch.setattr(writer, "write_parts", interrupted_at_the_third)
    with pytest.raises(runner.JobInterrupted) as info:
        run_matchups(specs(), 30, 2, tmp_path / "job", chunk=10, progress=False)
    # the chunks before the third are written; later ones written in the background meanwhile are kept too
    done = info.value.done
    assert done in (20, 30, 40, 50) and info.value.total == 60
    assert json.loads((tmp_path / "job" / "manifest.json").read_text())["status"] == "interrupted"
    monkeypatch.setattr(writer, "write_parts", real)
    capsys.readouterr()
    run_matchups(specs(), 30, 2, tmp_path / "job", chunk=10, progress=False)
    assert capsys.readouterr().err == f"resuming: {done} of 60 games already written to {tmp_path / 'job'}\n"
    run_matchups(specs(), 30, 2, tmp_path / "ref", chunk=10, progress=False)
    assert_same_dataset(tmp_path / "ref", tmp_path / "job", "games")
    runs = json.loads((tmp_path / "job" / "manifest.json").read_text())["runs"]
    assert [r["games_played"] for r in runs] == [done, 60 - done]


def test_refuses_to_resume_a_different_job(tmp_path: Path) -> None:
    run_matchups(specs(), 20, 1, tmp_path, progress=False)
    with pytest.raises(InputError, match="seed"):
        run_matchups(specs(), 20, 2, tmp_path, progress=False)
    with pytest.raises(InputError, match="games"):
        run_matchups(specs(), 30, 1, tmp_path, progress=False)
    with pytest.raises(InputError, match="matchups"):
        run_matchups(specs()[:1], 20, 1, tmp_path, progress=False)
    changed = [MatchupSpec(make_deck("Alpha", [1] * 16), BETA, "curve", "aggro", 0, "null"), specs()[1]]
    with pytest.raises(InputError, match="matchups"):
        run_matchups(changed, 20, 1, tmp_path, progress=False)


def test_refuses_to_resume_games_of_another_engine_version(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A directory written before the engine's code changed (a policy retuned, a rule fixed) is not
    resumed or reported as if complete: its games and new ones would not be comparable."""
    import sim.run.runner

    run_matchups(specs(), 20, 1, tmp_path, progress=False)
    assert json.loads((tmp_path / "manifest.json").read_text())["job"]["engines"]["null"]
    run_matchups(specs(), 20, 1, tmp_path, progress=False)  # same code: resumes (nothing to play)
    monkeypatch.setattr(sim.run.runner, "engine_digest", lambda engine: "another version")
    with pytest.raises(InputError, match="another version of the null engine"):
        run_matchups(specs(), 20, 1, tmp_path, progress=False)


def test_an_engine_digest_follows_its_family_sources(tmp_path: Path) -> None:
    from sim.engine.numba_cache import family_digest

    (tmp_path / "games").mkdir()
    files = [tmp_path / "games" / "toy.py", tmp_path / "games" / "toy_rules.py"]
    for f in files:
        f.write_text("from numba import njit\n@njit\ndef f():\n    return 1\n")
    before = family_digest(files, tmp_path)
    files[1].write_text("from numba import njit\n@njit\ndef f():\n    return 2\n")
    assert family_digest(files, tmp_path) != before


def test_refuses_parts_without_manifest(tmp_path: Path) -> None:
    run_matchups(specs(), 20, 1, tmp_path, progress=False)
    (tmp_path / "manifest.json").unlink()
    with pytest.raises(InputError, match="no manifest"):
        run_matchups(specs(), 20, 1, tmp_path, progress=False)


def test_manifest_records_provenance(tmp_path: Path) -> None:
    run_matchups(specs(), 20, 9, tmp_path, detail="cards", chunk=8, progress=False)
    m = json.loads((tmp_path / "manifest.json").read_text())
    assert m["status"] == "complete" and m["tcgsim"] and m["versions"]["numba"] == numba.__version__
    assert {"seed": 9, "games": 20, "detail": "cards", "chunk": 8}.items() <= m["job"].items()
    first = m["job"]["matchups"][0]
    assert first["deck_a"]["name"] == "Alpha" and first["deck_a"]["path"].endswith("Alpha.toml")
    assert (first["policy_a"], first["policy_b"], first["engine"]) == ("curve", "aggro", "null")
    assert m["wall_seconds"] >= 0 and "games_per_second" in m and "git" in m


def test_bad_job_arguments(tmp_path: Path) -> None:
    for kwargs, where in (({"games": 0}, "games"), ({"chunk": 0}, "chunk"), ({"detail": "moves"}, "detail"),
                          ({"backend": "spark"}, "backend"), ({"options": {"nope": 1}}, "options")):
        args = {"games": 10, "seed": 1, "out": tmp_path} | kwargs
        with pytest.raises(InputError) as info:
            run_matchups(specs(), args.pop("games"), args.pop("seed"), args.pop("out"), progress=False, **args)
        assert info.value.where == where
    with pytest.raises(InputError, match="policy"):
        run_matchups([MatchupSpec(ALPHA, BETA, "greedy", "curve", 0, "null")], 10, 1, tmp_path, progress=False)
    coj = Deck("coj", "Joker", Path("joker.toml"), ALPHA.zones)
    with pytest.raises(InputError, match="different games"):
        run_matchups([MatchupSpec(ALPHA, coj, "curve", "curve", 0)], 10, 1, tmp_path, progress=False)


def test_summary_counts_draws_first_player_and_turns(tmp_path: Path) -> None:
    run_matchups(specs(), 400, 4, tmp_path, chunk=150, options={"draw_rate": 250, "turns": 5}, progress=False)
    s = summarize(tmp_path)
    games = read(tmp_path, "games")
    assert s["games"] == 800 == s["wins_a"] + s["wins_b"] + s["draws"]
    assert s["draws"] == (games["winner"] == "draw").sum() > 0
    assert s["wins_a"] == (games["winner"] == "a").sum()
    assert s["win_rate_a"] == s["wins_a"] / 800 and s["low"] < s["win_rate_a"] < s["high"]
    assert s["first_player_win_rate"] == (games["winner"] == games["first_player"]).sum() / 800
    assert s["mean_turns"] == 10.0
    assert [m["games"] for m in s["matchups"]] == [400, 400]
    assert s["matchups"][1]["deck_a"] == "Beta"


def test_tmp_names_are_never_read_as_parts(tmp_path: Path) -> None:
    run_matchups(specs(), 20, 1, tmp_path, progress=False)
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == [
        ".lock", "manifest.json", "part-0000-0000000000.parquet", "part-0001-0000000000.parquet"]
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_check_invariants_replays_every_game_and_stops_at_a_violation(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    run_matchups(specs(), 30, 3, tmp_path / "checked", chunk=10, progress=False, check=True)
    run_matchups(specs(), 30, 3, tmp_path / "plain", chunk=10, progress=False)
    assert_same_dataset(tmp_path / "checked", tmp_path / "plain", "games")
    assert json.loads((tmp_path / "checked" / "manifest.json").read_text())["job"]["check_invariants"] is True

    null = get_engine("null")
    honest = null.check_invariants

    def broken(*args, **kwargs):
        viol = honest(*args, **kwargs)
        if kwargs["stream"] == 1 and kwargs["start"] == 10:
            viol[3] = null.V_DRAWN | null.V_TURNS
        return viol

    monkeypatch.setattr(null, "check_invariants", broken)
    with pytest.raises(InvariantViolation, match=r"game 13 of matchup 1 \(Beta vs Alpha.*V_DRAWN \| V_TURNS"):
        run_matchups(specs(), 30, 3, tmp_path / "bad", chunk=10, progress=False, check=True)
    parts = sorted(p.name for p in (tmp_path / "bad" / "games").glob("*.parquet"))
    assert parts == ["part-0000-0000000000.parquet", "part-0000-0000000010.parquet",
                     "part-0000-0000000020.parquet", "part-0001-0000000000.parquet"]
    assert json.loads((tmp_path / "bad" / "manifest.json").read_text())["status"] == "failed"


def test_first_compile_is_announced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    from sim.engine import numba_cache

    fake = tmp_path / "pkg" / "engine.py"
    fake.parent.mkdir()
    fake.write_text("")
    module = type(sys)("engine")
    module.__file__ = str(fake)
    assert numba_cache.needs_compiling(module)
    (fake.parent / "__pycache__").mkdir()
    (fake.parent / "__pycache__" / "engine._play-87.py311.nbi").write_text("")
    assert not numba_cache.needs_compiling(module)

    monkeypatch.setattr(numba_cache, "needs_compiling", lambda engine: True)
    run_matchups(specs(), 10, 2, tmp_path / "job", chunk=10, progress=False)
    err = capsys.readouterr().err.splitlines()
    assert err[0] == ("compiling the null engine for this machine: about 3 s on a 2-core machine, once "
                      "(later runs load it from numba's cache)")
    assert re.fullmatch(r"compiled the null engine in \d+ s", err[-1])
    run_matchups(specs(), 10, 2, tmp_path / "job", chunk=10, progress=False)  # nothing left to play: no notice
    assert "compiling" not in capsys.readouterr().err


def test_progress_shows_the_interim_win_rate_with_its_interval(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """The live bars carry seat a's win rate so far with its Wilson interval, per matchup, and it
    agrees with the games written."""
    from analysis.intervals import wilson
    from sim.run.estimate import interim

    out = run_matchups(specs(), 40, 3, tmp_path / "job", chunk=10, progress=True)
    err = capsys.readouterr().err
    games = read(out, "games")
    for m in (0, 1):
        wins = int(games.filter(pl.col("matchup") == m)["winner"].eq("a").sum())
        low, high = wilson(wins, 40)
        assert interim(wins, 40) == f"a wins {100 * wins / 40:.1f}% ({100 * low:.1f}-{100 * high:.1f}) of 40"
        assert interim(wins, 40) in err
    assert "ETA" in err and interim(0, 0) == ""
