"""Progress and the interim estimate as games arrive (issue 37, item 10): chunks played in sub-batches
give the same bytes, the hooks hear every sub-batch, and the estimates agree with the games written."""

from __future__ import annotations

import hashlib
from pathlib import Path

import polars as pl
import pytest

from analysis.intervals import wilson
from sim.run import chunks
from sim.run.estimate import Estimate, Tally, estimates, interim
from sim.run.runner import run_matchups
from tests.test_runner import specs


def file_hashes(out: Path) -> dict[str, str]:
    return {str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.glob("*/part-*.parquet"))}


@pytest.fixture
def small_sub_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sub-batches of 7 games whatever the clock says (a zero target keeps them at the first size)."""
    monkeypatch.setattr(chunks, "FIRST_SUB_BATCH", 7)
    monkeypatch.setattr(chunks, "SUB_BATCH_SECONDS", 0.0)


def test_sub_batches_write_the_same_bytes_and_report_every_sub_batch(tmp_path: Path, small_sub_batches: None) -> None:
    """A job listened to (sub-batches of 7 inside chunks of 30) writes part files byte for byte equal
    to the same job unheard (one engine call per chunk), at every detail level."""
    heard: list[tuple[int, int]] = []
    tallies: list[list[tuple[int, int, int]]] = []
    for detail in ("games", "cards"):
        run_matchups(specs(), 60, 7, tmp_path / f"quiet-{detail}", detail=detail, chunk=30, progress=False)
        run_matchups(specs(), 60, 7, tmp_path / f"heard-{detail}", detail=detail, chunk=30, progress=False,
                     on_progress=lambda d, t: heard.append((d, t)),
                     on_estimate=lambda ts: tallies.append([(t.games, t.wins_a, t.wins_b) for t in ts]))
        quiet, loud = file_hashes(tmp_path / f"quiet-{detail}"), file_hashes(tmp_path / f"heard-{detail}")
        assert quiet and quiet == loud, detail
    # per run: once before playing, then after each sub-batch: 2 matchups x 2 chunks x 5 sub-batches (7,7,7,7,2)
    assert len(heard) == len(tallies) == 2 * (1 + 2 * 2 * 5)
    assert [d for d, _ in heard[:6]] == [0, 7, 14, 21, 28, 30]
    games = pl.read_parquet(tmp_path / "heard-cards" / "games" / "*.parquet")
    final = [(60, int(g["winner"].eq("a").sum()), int(g["winner"].eq("b").sum()))
             for _, g in sorted(games.group_by("matchup"), key=lambda kv: kv[0])]
    assert tallies[-1] == final


def test_a_resumed_job_estimates_from_all_its_games(tmp_path: Path) -> None:
    """The first estimate of a resumed job counts the games already written, and the last equals the dataset."""
    out = tmp_path / "job"
    run_matchups(specs()[:1], 40, 3, out, chunk=10, progress=False)
    (out / "games" / "part-0000-0000000030.parquet").unlink()  # as if the run had died in its last chunk
    seen: list[Tally] = []
    run_matchups(specs()[:1], 40, 3, out, chunk=10, progress=False, on_estimate=lambda ts: seen.append(Tally(
        ts[0].games, ts[0].wins_a, ts[0].wins_b)))
    games = pl.read_parquet(out / "games" / "*.parquet")
    first = games.filter(pl.col("index") < 30)
    assert seen[0] == Tally(30, int(first["winner"].eq("a").sum()), int(first["winner"].eq("b").sum()))
    assert seen[-1] == Tally(40, int(games["winner"].eq("a").sum()), int(games["winner"].eq("b").sum()))


def test_estimates_count_each_label_from_the_seats_it_held() -> None:
    tallies = [Tally(10, 6, 3), Tally(10, 2, 7)]  # X vs Y, then Y vs X
    rows = estimates(tallies, [("X", "Y"), ("Y", "X")])
    assert rows == [Estimate("X", 6 + 7, 20), Estimate("Y", 3 + 2, 20)]
    assert estimates(tallies, [("X", None), (None, "X")]) == [Estimate("X", 13, 20)]
    low, high = wilson(13, 20)
    assert Estimate("X", 13, 20).json() == {"label": "X", "wins": 13, "games": 20, "rate": 0.65, "low": low,
                                            "high": high}
    assert Estimate("X", 0, 0).json()["rate"] is None and interim(0, 0) == ""
    assert interim(13, 20) == f"a wins 65.0% ({100 * low:.1f}-{100 * high:.1f}) of 20"


def test_pacer_aims_at_a_second_and_grows_by_at_most_four() -> None:
    pacer = chunks.Pacer()
    assert pacer.size == chunks.FIRST_SUB_BATCH
    pacer.played(256, 0.001)  # far too fast: grow, but only fourfold
    assert pacer.size == 4 * 256
    pacer.played(1024, 0.5)  # 2,048 games a second
    assert pacer.size == 2048
    pacer.played(2048, 100.0)  # very slow: never below the first size
    assert pacer.size == chunks.FIRST_SUB_BATCH


def test_raids_in_sub_batches_are_the_same_raids_with_the_clear_rate_as_they_arrive(small_sub_batches: None) -> None:
    import numpy as np

    from sim.decks.deckfile import load_deck
    from sim.run.raid import load_boss, run_raid
    from tests.test_pso2_raid import BOSSES, DECKS

    party, boss = [load_deck(DECKS / "midrange.toml")], load_boss(BOSSES / "falz_elder.toml")
    quiet = run_raid(party, boss, ["curve"], 30, seed=9, check=True)
    heard: list[tuple[int, int]] = []
    said: list[Estimate] = []
    loud = run_raid(party, boss, ["curve"], 30, seed=9, check=True, on_progress=lambda d, t: heard.append((d, t)),
                    on_estimate=lambda rows: said.extend(rows))
    assert np.array_equal(quiet.rows, loud.rows) and loud.violations == quiet.violations == 0
    assert heard == [(7, 30), (14, 30), (21, 30), (28, 30), (30, 30)]
    summary = loud.summary()
    assert [e.games for e in said] == [7, 14, 21, 28, 30] and said[-1] == Estimate("clears", summary["clears"], 30)


def test_report_check_shows_its_replays_on_a_bar(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from sim.decks.deckfile import load_deck
    from sim.run.chunks import MatchupSpec
    from sim.workflows.replay import check_games

    path = tmp_path / "alpha.toml"  # a replay reloads the decks from their files
    path.write_text('game = "fftcg"\nname = "Alpha"\n' + "".join(
        f'[[card]]\ncode = "A-{i}"\nname = "Alpha {i}"\ntype = "forward"\ncost = {i + 1}\n'
        f'elements = ["fire"]\npower = 5000\ncopies = 10\n' for i in range(5)))
    deck = load_deck(path)
    pairs = [MatchupSpec(deck, deck, "curve", "aggro", 0, "null"), MatchupSpec(deck, deck, "random", "curve", 1, "null")]
    out = run_matchups(pairs, 10, 4, tmp_path / "job", progress=False)
    r = check_games(out, 3, progress=True)
    err = capsys.readouterr().err
    assert r.games == 6 and "replaying" in err and "6 identical" in err and "ETA" in err


def test_raid_bar_shows_the_clear_rate_with_its_interval(capsys: pytest.CaptureFixture) -> None:
    from sim.decks.deckfile import load_deck
    from sim.run.raid import load_boss, run_raid
    from tests.test_pso2_raid import BOSSES, DECKS

    r = run_raid([load_deck(DECKS / "midrange.toml")], load_boss(BOSSES / "falz_elder.toml"), ["curve"], 40, seed=9,
                 progress=True)
    err = capsys.readouterr().err
    assert Estimate("", r.summary()["clears"], 40).text("clears") in err and "raids/s" in err and "ETA" in err


def test_odds_dealt_in_steps_are_the_same_odds_with_the_opening_hand_as_it_arrives(capsys: pytest.CaptureFixture) -> None:
    from sim.workflows.odds import odds
    from tests.service_helpers import ROOT

    deck, wants = ROOT / "decks" / "fftcg" / "aggro.toml", ["1+ cost<=2"]
    quiet = odds(deck, wants, samples=6400, seed=3, turns=2)
    heard: list[tuple[int, int]] = []
    said: list[Estimate] = []
    loud = odds(deck, wants, samples=6400, seed=3, turns=2, progress=True,
                on_progress=lambda d, t: heard.append((d, t)), on_estimate=lambda rows: said.extend(rows))
    assert loud.rows == quiet.rows
    assert len(heard) > 1 and heard[-1] == (6400, 6400) and [d for d, _ in heard] == sorted(d for d, _ in heard)
    opening = said[-1]
    assert opening.games == 6400 and opening.wins / 6400 == loud.rows[0]["simulated"]
    assert opening.text("opening hand") in capsys.readouterr().err
