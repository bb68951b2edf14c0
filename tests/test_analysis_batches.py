"""The cards-detail pipelines run batch by batch (analysis.data.batches) give the whole-frame tables."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

import analysis.data
from analysis.cards import card_stats
from analysis.curve import card_costs, card_types, cost_by_turn, sources_by_turn
from analysis.data import Results, batches, from_frames, hold_games, open_results
from reports import examples
from reports.write import write_report
from sim.decks.deckfile import load_deck
from sim.run.chunks import MatchupSpec
from sim.run.runner import run_matchups

DECKS = Path(__file__).resolve().parents[1] / "decks" / "fftcg"
GAMES, CHUNK = 30, 10  # three parts per matchup


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list]:
    decks = [load_deck(DECKS / f"{name}.toml") for name in ("aggro", "control", "midrange")]
    specs = [MatchupSpec(a, b, "curve", "curve", i) for i, (a, b) in enumerate(
        [(decks[0], decks[1]), (decks[1], decks[0]), (decks[1], decks[2]), (decks[2], decks[0])])]
    out = tmp_path_factory.mktemp("batches") / "results"
    run_matchups(specs, GAMES, 3, out, detail="cards", chunk=CHUNK, progress=False)
    return out, decks


def whole(out: Path) -> Results:
    """The same dataset as in-memory frames: one batch, the whole-frame path."""
    r = open_results(out)
    return from_frames(r.games.collect(), r.turns.collect(), r.cards.collect(), r.manifest)


def test_batches_cut_between_parts_and_hold_whole_games(played: tuple[Path, list]) -> None:
    out, _ = played
    r = open_results(out)
    assert len(r.parts) == 4 * GAMES // CHUNK
    one_each = batches(r, rows=1)  # every part is bigger than a row: one part per batch
    assert len(one_each) == len(r.parts)
    assert len(batches(r)) == 1 and batches(from_frames(r.games.collect())) != []
    for b in one_each:
        games = b.games.select("game_id").collect()["game_id"].sort()
        for table in (b.turns, b.cards):
            assert table.select("game_id").unique().collect()["game_id"].sort().equals(games)
    total = pl.concat([b.cards.select(pl.len()).collect() for b in one_each])["len"].sum()
    assert total == r.cards.select(pl.len()).collect().item()


@pytest.mark.parametrize("rows", [1, 2 * 60 * CHUNK, 10**9])
def test_batched_tables_equal_the_whole_frame_ones(played: tuple[Path, list], rows: int,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    out, decks = played
    expected = whole(out)
    monkeypatch.setattr(analysis.data, "BATCH_ROWS", rows)
    got = open_results(out)
    assert len(batches(got)) > 1 or rows == 10**9
    for table in (card_stats, lambda r: sources_by_turn(r, card_types(decks), 6),
                  lambda r: cost_by_turn(r, card_costs(decks)), examples._examples):
        assert_frame_equal(table(got), table(expected), check_exact=False, rel_tol=1e-12, abs_tol=0.0)


def same_csv(a: Path, b: Path) -> None:
    """Equal tables: every column exactly, but floats to 1e-12 relative (polars' multithreaded float
    sums differ in the last bits from run to run, with or without batches)."""
    fa, fb = (pl.read_csv(p, infer_schema_length=None) for p in (a, b))
    assert_frame_equal(fa, fb, check_exact=False, rel_tol=1e-12, abs_tol=0.0)


def test_batched_report_writes_the_same_tables(played: tuple[Path, list], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    out, decks = played
    write_report(whole(out), tmp_path / "whole", decks=decks)
    monkeypatch.setattr(analysis.data, "BATCH_ROWS", 1)
    write_report(out, tmp_path / "batched", decks=decks)
    names = sorted(p.name for p in (tmp_path / "whole" / "tables").iterdir())
    assert "cards.csv" in names and "costs_by_cost.csv" in names and "examples.csv" in names
    assert names == sorted(p.name for p in (tmp_path / "batched" / "tables").iterdir())
    for name in names:
        same_csv(tmp_path / "whole" / "tables" / name, tmp_path / "batched" / "tables" / name)


def test_games_held_in_memory_up_to_the_row_limit(played: tuple[Path, list]) -> None:
    out, _ = played
    r = open_results(out)
    n = r.games.select(pl.len()).collect().item()
    assert hold_games(r, rows=n - 1) is r  # over the limit: still scanned per query
    held = hold_games(r, rows=n)
    assert held is not r and held.cards is r.cards and held.parts == r.parts
    # a held table is a plan over one in-memory frame, not a scan of the parts
    assert "Parquet" not in held.games.explain() and "Parquet" in r.games.explain()
    assert_frame_equal(held.games.collect(), r.games.collect())
    assert len(batches(held)) == len(batches(r))


def test_report_from_held_games_writes_the_same_tables(played: tuple[Path, list], tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    out, decks = played
    write_report(out, tmp_path / "held", decks=decks)
    monkeypatch.setattr(analysis.data, "HOLD_GAMES_ROWS", 0)
    write_report(out, tmp_path / "scanned", decks=decks)
    names = sorted(p.name for p in (tmp_path / "held" / "tables").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "scanned" / "tables").iterdir()) and len(names) > 10
    for name in names:
        same_csv(tmp_path / "held" / "tables" / name, tmp_path / "scanned" / "tables" / name)


def test_batches_read_the_part_footers_once_per_results(played: tuple[Path, list],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A report cuts the same results into batches for several pipelines: the cards parts' row counts are read
    once, and the held copy (hold_games) shares them."""
    results = open_results(played[0])
    reads: list[Path] = []
    real = analysis.data.pq.read_metadata
    monkeypatch.setattr(analysis.data.pq, "read_metadata", lambda p: reads.append(p) or real(p))
    first = [b.parts for b in batches(results, rows=1)]
    once = len(reads)
    assert once == len(results.parts) > 1
    assert [b.parts for b in batches(hold_games(results), rows=1)] == first and len(reads) == once
    assert len(batches(results, rows=10**9)) == 1 and len(reads) == 2 * once  # another size is its own grouping
