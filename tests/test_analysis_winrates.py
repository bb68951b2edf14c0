"""Win-rate pipelines on small hand-built games tables with known answers."""

from __future__ import annotations

import polars as pl
import pytest

from analysis.data import from_frames
from analysis.intervals import newcombe, wilson
from analysis.winrates import (
    deck_summary,
    end_reasons,
    first_player,
    first_player_by_deck,
    first_player_by_matchup,
    game_length,
    matchup_matrix,
    matchup_winrates,
    play_draw,
)


def games_frame(rows: list[tuple[str, str, str, str, int]], game: str = "fftcg",
                policies: tuple[str, str] = ("curve", "curve")) -> pl.DataFrame:
    """rows: (deck_a, deck_b, first_player, winner, turns); matchup = first appearance of (a, b)."""
    order: dict[tuple[str, str], int] = {}
    cols: dict[str, list] = {k: [] for k in ("game_id", "matchup", "index", "deck_a", "deck_b",
                                              "first_player", "winner", "turns", "end_reason")}
    for i, (a, b, first, winner, turns) in enumerate(rows):
        m = order.setdefault((a, b), len(order))
        cols["game_id"].append(i)
        cols["matchup"].append(m)
        cols["index"].append(i)
        cols["deck_a"].append(a)
        cols["deck_b"].append(b)
        cols["first_player"].append(first)
        cols["winner"].append(winner)
        cols["turns"].append(turns)
        cols["end_reason"].append("turn_cap" if winner == "draw" else "life")
    n = len(rows)
    return pl.DataFrame(cols).with_columns(
        pl.lit(7, pl.Int64).alias("seed"), pl.lit(game).alias("game"),
        pl.lit(policies[0]).alias("policy_a"), pl.lit(policies[1]).alias("policy_b"),
        pl.col("turns").cast(pl.Int32), pl.lit("damage").alias("final_measure"),
        pl.lit(0, pl.Int32).alias("final_a"), pl.lit(0, pl.Int32).alias("final_b"),
        pl.Series("mulligans_a", [0] * n, pl.Int32), pl.Series("mulligans_b", [0] * n, pl.Int32))


# X vs Y: X wins 3 of 4 as seat a; as seat b (Y, X order) X wins 1 of 2, 1 draw of 2 more.
ROWS = [
    ("X", "Y", "a", "a", 8), ("X", "Y", "b", "a", 10), ("X", "Y", "a", "a", 8), ("X", "Y", "b", "b", 12),
    ("Y", "X", "a", "b", 9), ("Y", "X", "b", "b", 9), ("Y", "X", "a", "a", 11), ("Y", "X", "b", "draw", 30),
]


def test_wilson_reference_values() -> None:
    # Newcombe (1998), Stat. Med. 17:857, table I: 81/263 -> 0.2553-0.3662, 15/148 -> 0.0624-0.1605
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=5e-5)
    assert wilson(15, 148) == pytest.approx((0.0624, 0.1605), abs=5e-5)
    assert wilson(0, 0) == (0.0, 1.0)
    # Newcombe (1998b) difference example 56/70 - 48/80: 0.0524 to 0.3339
    d, lo, hi = newcombe(56, 70, 48, 80)
    assert (d, lo, hi) == pytest.approx((0.2, 0.0524, 0.3339), abs=5e-5)


def test_matchup_winrates_per_seat_order() -> None:
    t = matchup_winrates(from_frames(games_frame(ROWS)))
    assert t["matchup"].to_list() == [0, 1]
    xy, yx = t.row(0, named=True), t.row(1, named=True)
    assert (xy["games"], xy["wins_a"], xy["wins_b"], xy["draws"]) == (4, 3, 1, 0)
    assert xy["win_rate_a"] == 0.75
    assert (xy["win_rate_a_low"], xy["win_rate_a_high"]) == pytest.approx(wilson(3, 4))
    assert (yx["wins_a"], yx["wins_b"], yx["draws"], yx["draw_rate"]) == (1, 2, 1, 0.25)
    assert xy["first_player_wins"] == 3  # a/a, b/b, a/a


def test_matrix_combines_seat_orders() -> None:
    m = matchup_matrix(from_frames(games_frame(ROWS)))
    x = m.filter(pl.col("deck") == "X").row(0, named=True)
    y = m.filter(pl.col("deck") == "Y").row(0, named=True)
    assert (x["opponent"], x["games"], x["wins"], x["losses"], x["draws"]) == ("Y", 8, 5, 2, 1)
    assert (y["games"], y["wins"], y["losses"], y["draws"]) == (8, 2, 5, 1)
    assert x["win_rate"] == 5 / 8 and (x["win_rate_low"], x["win_rate_high"]) == pytest.approx(wilson(5, 8))
    s = deck_summary(from_frames(games_frame(ROWS)))
    assert s["deck"].to_list() == ["X", "Y"] and s["wins"].to_list() == [5, 2]


def test_mirror_counts_each_game_once() -> None:
    m = matchup_matrix(from_frames(games_frame([("X", "X", "a", "a", 5), ("X", "X", "a", "b", 5),
                                                ("X", "X", "b", "a", 5), ("X", "X", "a", "draw", 5)])))
    r = m.row(0, named=True)
    assert (r["games"], r["wins"], r["losses"], r["draws"]) == (4, 2, 1, 1)


def test_policies_split_labels() -> None:
    g = pl.concat([games_frame(ROWS[:4], policies=("aggro", "curve")),
                   games_frame(ROWS[:4], policies=("curve", "curve")).with_columns(pl.col("game_id") + 100)])
    decks = set(matchup_matrix(from_frames(g))["deck"].to_list())
    assert decks == {"X (aggro)", "X (curve)", "Y"}


def test_first_player_and_play_draw() -> None:
    r = from_frames(games_frame(ROWS))
    fp = first_player(r).row(0, named=True)
    # first player wins: a/a, a/a, b/b, Y-X: b/b, a/a -> 5; second wins: b/a, a/b -> 2; 1 draw
    assert (fp["games"], fp["first_wins"], fp["second_wins"], fp["draws"]) == (8, 5, 2, 1)
    assert (fp["first_win_rate_low"], fp["first_win_rate_high"]) == pytest.approx(wilson(5, 8))
    pd = play_draw(r).filter(pl.col("deck") == "X").row(0, named=True)
    # X on the play: XY a/a, XY a/a, YX b/b, YX b/draw -> 4 games 3 wins; on the draw: XY b/a win,
    # XY b/b loss, YX a/b win, YX a/a loss -> 4 games 2 wins
    assert (pd["games_play"], pd["wins_play"], pd["games_draw"], pd["wins_draw"]) == (4, 3, 4, 2)
    assert pd["play_advantage"] == pytest.approx(0.25)
    assert (pd["play_advantage"], pd["play_advantage_low"], pd["play_advantage_high"]) == pytest.approx(
        newcombe(3, 4, 2, 4))


def test_game_length_and_end_reasons() -> None:
    r = from_frames(games_frame(ROWS))
    gl = game_length(r)
    assert gl["turns"].to_list() == [8, 9, 10, 11, 12, 30]
    assert gl["games"].to_list() == [2, 2, 1, 1, 1, 1]
    assert gl["share"].sum() == pytest.approx(1.0)
    er = end_reasons(r)
    assert er["end_reason"].to_list() == ["life", "turn_cap"]
    assert er["count"].to_list() == [7, 1] and er["share"].to_list() == [7 / 8, 1 / 8]


def test_results_dir_roundtrip(tmp_path) -> None:
    from analysis.data import open_results
    (tmp_path / "games").mkdir()
    g = games_frame(ROWS)
    g.head(3).write_parquet(tmp_path / "games" / "part-0.parquet")
    g.tail(5).write_parquet(tmp_path / "games" / "part-1.parquet")
    assert matchup_matrix(open_results(tmp_path)).equals(matchup_matrix(from_frames(g)))


def test_first_player_by_matchup_pools_seat_orders() -> None:
    t = first_player_by_matchup(from_frames(games_frame(ROWS)))
    r = t.row(0, named=True)
    assert (r["deck_1"], r["deck_2"], r["games"], r["first_wins"], r["draws"]) == ("X", "Y", 8, 5, 1)


def test_mirror_play_draw_uses_the_paired_interval() -> None:
    """In a mirror both seats of a game are in the cell and one's win is the other's loss, so the
    interval of play - draw is the paired one over games; Newcombe (independent groups) would be
    too narrow. Over repeated synthetic mirrors the paired interval covers the truth ~95%."""
    import numpy as np

    from analysis.paired import paired_interval

    rng = np.random.default_rng(2)
    true = 0.6 - 0.4  # first player wins 60%, never a draw
    covered, newcombe_covered, reps, n = 0, 0, 300, 120
    for _ in range(reps):
        first_wins = rng.random(n) < 0.6
        rows = [("M", "M", "a", "a" if w else "b", 10) for w in first_wins]
        pd = play_draw(from_frames(games_frame(rows))).row(0, named=True)
        assert pd["paired"] and pd["games_play"] == pd["games_draw"] == n
        covered += pd["play_advantage_low"] <= true <= pd["play_advantage_high"]
        lo, hi = newcombe(first_wins.sum(), n, (~first_wins).sum(), n)[1:]
        newcombe_covered += lo <= true <= hi
    d = np.where(first_wins, 1, -1)
    assert (pd["play_advantage_low"], pd["play_advantage_high"]) == pytest.approx(
        (paired_interval(d).low, paired_interval(d).high))
    assert covered / reps > 0.92 and newcombe_covered / reps < 0.9
    # the per-deck table (the report's) has the same games: a z interval summed per game
    by_deck = first_player_by_deck(from_frames(games_frame(rows))).row(0, named=True)
    assert by_deck["paired"] and by_deck["play_advantage"] == pytest.approx(pd["play_advantage"])
    assert by_deck["play_advantage_high"] - by_deck["play_advantage"] == pytest.approx(
        1.959964 * np.std(d) / np.sqrt(n), rel=1e-6)


def test_per_deck_play_draw_without_mirrors_stays_newcombe() -> None:
    r = first_player_by_deck(from_frames(games_frame(ROWS))).filter(pl.col("deck") == "X").row(0, named=True)
    assert not r["paired"]
    assert (r["play_advantage_low"], r["play_advantage_high"]) == pytest.approx(newcombe(3, 4, 2, 4)[1:])
