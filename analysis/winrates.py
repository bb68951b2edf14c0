"""Win rates, the matchup matrix, first-player advantage, game length and end reasons.

Counting rule (used everywhere in analysis/ and reports/): win rate = wins / games. A draw or a
double loss is neither a win nor a loss; it is reported separately as the draw rate, so
win rate + loss rate + draw rate = 1. (Counting draws as half a win would hide how often they
happen, and most of these games rarely draw.)

Every rate comes with its number of games and a Wilson 95% interval (`<rate>_low`, `<rate>_high`).
Streaming group_by has no order, so every table is sorted before it is returned. Per-deck tables
key on the deck alone (its `game` column is carried along): a null-engine run may pair decks of
different games, and a pair must not be split by which seat's game names the matchup.
"""

from __future__ import annotations

import polars as pl

from analysis.data import ENGINE, Results, perspective
from analysis.intervals import Z95, newcombe_exprs, wilson_exprs


def deck_labels(results: Results) -> pl.LazyFrame:
    """Perspective rows with a `label` per deck: the deck name, plus the policy when one deck is
    played by several policies in the dataset (so the matrix never merges two policies)."""
    p = perspective(results.games)
    pairs = p.select("deck", "policy").unique().collect(engine=ENGINE)
    multi = set(pairs.group_by("deck").len().filter(pl.col("len") > 1)["deck"].to_list())

    def label(deck: str, policy: str) -> pl.Expr:
        return (pl.when(pl.col(deck).is_in(list(multi)))
                .then(pl.format("{} ({})", pl.col(deck), pl.col(policy))).otherwise(pl.col(deck)))

    return p.with_columns(label("deck", "policy").alias("label"),
                          label("opponent", "opponent_policy").alias("opponent_label"))


def matchup_winrates(results: Results) -> pl.DataFrame:
    """One row per matchup as played (seat a vs seat b): games, wins of each seat, draws, rates."""
    g = results.games
    return (g.group_by("matchup", "game", "deck_a", "deck_b", "policy_a", "policy_b")
            .agg(pl.len().alias("games"),
                 (pl.col("winner") == "a").sum().alias("wins_a"),
                 (pl.col("winner") == "b").sum().alias("wins_b"),
                 (pl.col("winner") == "draw").sum().alias("draws"),
                 (pl.col("winner") == "double_loss").sum().alias("double_losses"),
                 (pl.col("winner") == pl.col("first_player")).sum().alias("first_player_wins"))
            .with_columns(*wilson_exprs(pl.col("wins_a"), pl.col("games"), "win_rate_a"),
                          *wilson_exprs(pl.col("wins_b"), pl.col("games"), "win_rate_b"),
                          ((pl.col("draws") + pl.col("double_losses")) / pl.col("games")).alias("draw_rate"),
                          *wilson_exprs(pl.col("first_player_wins"), pl.col("games"), "first_player_win_rate"))
            .sort("matchup").collect(engine=ENGINE))


def matchup_matrix(results: Results) -> pl.DataFrame:
    """Long form of the matrix: deck (row) vs opponent (column), both seat orders combined.

    A mirror cell (a deck against itself) counts each game once, from seat a; its win rate is
    then about (1 - draw rate) / 2, as it should be.
    """
    p = deck_labels(results).filter((pl.col("label") != pl.col("opponent_label")) | (pl.col("seat") == "a"))
    return (p.group_by("label", "opponent_label")
            .agg(pl.col("game").first(), pl.len().alias("games"), pl.col("won").sum().alias("wins"),
                 pl.col("lost").sum().alias("losses"), pl.col("drawn").sum().alias("draws"))
            .rename({"label": "deck", "opponent_label": "opponent"})
            .with_columns(*wilson_exprs(pl.col("wins"), pl.col("games"), "win_rate"),
                          (pl.col("draws") / pl.col("games")).alias("draw_rate"))
            .sort("game", "deck", "opponent").collect(engine=ENGINE))


def matrix_margins(matrix: pl.DataFrame) -> pl.DataFrame:
    """The matrix's overall row and column, mirror cells left out: per deck, its win rate against
    the field (`win_rate`, the row margin) and the field's win rate against it (`field_win_rate`,
    the column margin; 1 - win_rate - draws as a share when every game has both seats recorded)."""
    other = matrix.filter(pl.col("deck") != pl.col("opponent"))
    rows = other.group_by("deck").agg(pl.col("wins").sum(), pl.col("games").sum())
    cols = (other.group_by("opponent").agg(pl.col("wins").sum().alias("field_wins"),
                                           pl.col("games").sum().alias("field_games"))
            .rename({"opponent": "deck"}))
    return (rows.join(cols, on="deck", how="full", coalesce=True)
            .with_columns(*wilson_exprs(pl.col("wins"), pl.col("games"), "win_rate"),
                          *wilson_exprs(pl.col("field_wins"), pl.col("field_games"), "field_win_rate"))
            .sort("deck"))


def deck_summary(results: Results) -> pl.DataFrame:
    """Each deck's overall win rate against the field (mirror games excluded)."""
    p = deck_labels(results).filter(pl.col("label") != pl.col("opponent_label"))
    return (p.group_by("label")
            .agg(pl.col("game").first(), pl.len().alias("games"), pl.col("won").sum().alias("wins"),
                 pl.col("drawn").sum().alias("draws"), pl.col("opponent_label").n_unique().alias("opponents"))
            .rename({"label": "deck"})
            .with_columns(*wilson_exprs(pl.col("wins"), pl.col("games"), "win_rate"))
            .sort(["game", "win_rate", "deck"], descending=[False, True, False]).collect(engine=ENGINE))


def first_player(results: Results) -> pl.DataFrame:
    """Per game (fftcg, coj, ...): how often the player who went first wins."""
    return (results.games.group_by("game")
            .agg(pl.len().alias("games"),
                 (pl.col("winner") == pl.col("first_player")).sum().alias("first_wins"),
                 (pl.col("winner").is_in(["a", "b"]) & (pl.col("winner") != pl.col("first_player")))
                 .sum().alias("second_wins"),
                 pl.col("winner").is_in(["draw", "double_loss"]).sum().alias("draws"))
            .with_columns(*wilson_exprs(pl.col("first_wins"), pl.col("games"), "first_win_rate"))
            .sort("game").collect(engine=ENGINE))


def play_draw(results: Results) -> pl.DataFrame:
    """Per deck vs opponent (both seat orders combined): win rate on the play (went first) and on
    the draw, and the difference play - draw. Two decks' games on the play and on the draw are
    different games: Newcombe interval. A mirror cell has both seats of every game, whose results
    are tied (one seat's win is the other's loss), so it gets the paired interval of
    d = won(first) - won(second) per game (`paired`)."""
    p = deck_labels(results)
    table = (p.group_by("label", "opponent_label")
             .agg(pl.col("game").first(), pl.col("on_play").sum().alias("games_play"),
                  (pl.col("won") & pl.col("on_play")).sum().alias("wins_play"),
                  (~pl.col("on_play")).sum().alias("games_draw"),
                  (pl.col("won") & ~pl.col("on_play")).sum().alias("wins_draw"))
             .rename({"label": "deck", "opponent_label": "opponent"})
             .with_columns(*wilson_exprs(pl.col("wins_play"), pl.col("games_play"), "win_rate_play"),
                           *wilson_exprs(pl.col("wins_draw"), pl.col("games_draw"), "win_rate_draw"))
             .with_columns(*newcombe_exprs("win_rate_play", "win_rate_draw", "play_advantage"),
                           pl.col("deck").eq(pl.col("opponent")).alias("paired"))
             .sort("game", "deck", "opponent").collect(engine=ENGINE))
    mirrors = _mirror_play_advantage(p)
    if mirrors.is_empty():
        return table
    cols = ["play_advantage", "play_advantage_low", "play_advantage_high"]
    return (table.join(mirrors, on="deck", how="left", suffix="_mirror")
            .with_columns(pl.when(pl.col("paired")).then(pl.col(f"{c}_mirror")).otherwise(pl.col(c)).alias(c)
                          for c in cols)
            .drop(f"{c}_mirror" for c in cols))


def _mirror_play_advantage(p: pl.LazyFrame) -> pl.DataFrame:
    """Per mirror deck: mean of d = won(first seat) - won(second seat) over games, t interval."""
    from analysis.paired import paired_interval

    d = (p.filter(pl.col("label") == pl.col("opponent_label"))
         .group_by("label", "game_id")
         .agg(((pl.col("won") & pl.col("on_play")).cast(pl.Int8).sum()
               - (pl.col("won") & ~pl.col("on_play")).cast(pl.Int8).sum()).alias("d"))
         .sort("label", "game_id").collect(engine=ENGINE))
    rows = []
    for (label,), g in d.group_by("label", maintain_order=True):
        iv = paired_interval(g["d"].to_numpy())
        rows.append({"deck": label, "play_advantage": iv.diff, "play_advantage_low": iv.low,
                     "play_advantage_high": iv.high})
    return pl.DataFrame(rows, schema={"deck": pl.String, "play_advantage": pl.Float64,
                                      "play_advantage_low": pl.Float64, "play_advantage_high": pl.Float64})


def first_player_by_deck(results: Results) -> pl.DataFrame:
    """Per deck against the whole field: win rate on the play, on the draw and the gap. A deck
    with mirror games has both seats of those games in its rows, so its gap gets a z interval
    with the variance summed per game (cluster-robust, `paired` = True) instead of Newcombe's."""
    p = deck_labels(results)
    table = (p.group_by("label")
             .agg(pl.col("game").first(), pl.col("on_play").sum().alias("games_play"),
                  (pl.col("won") & pl.col("on_play")).sum().alias("wins_play"),
                  (~pl.col("on_play")).sum().alias("games_draw"),
                  (pl.col("won") & ~pl.col("on_play")).sum().alias("wins_draw"),
                  (pl.col("label") == pl.col("opponent_label")).any().alias("paired"))
             .rename({"label": "deck"})
             .with_columns(*wilson_exprs(pl.col("wins_play"), pl.col("games_play"), "win_rate_play"),
                           *wilson_exprs(pl.col("wins_draw"), pl.col("games_draw"), "win_rate_draw"))
             .with_columns(*newcombe_exprs("win_rate_play", "win_rate_draw", "play_advantage"))
             .sort("game", "deck").collect(engine=ENGINE))
    if not table["paired"].any():
        return table
    v = _variance_by_game(p, table.filter(pl.col("paired")))
    half = Z95 * pl.col("variance").sqrt()
    return (table.join(v, on="deck", how="left")
            .with_columns(pl.when(pl.col("paired")).then(pl.col("play_advantage") - half)
                          .otherwise(pl.col("play_advantage_low")).alias("play_advantage_low"),
                          pl.when(pl.col("paired")).then(pl.col("play_advantage") + half)
                          .otherwise(pl.col("play_advantage_high")).alias("play_advantage_high"))
            .drop("variance"))


def _variance_by_game(p: pl.LazyFrame, rates: pl.DataFrame) -> pl.DataFrame:
    """Variance of rate_play - rate_draw per deck from each row's influence, summed within a game
    first (the two seats of a mirror game are one cluster); equals Wald's when no game repeats."""
    r = rates.select(pl.col("deck").alias("label"), "win_rate_play", "games_play", "win_rate_draw", "games_draw")
    won = pl.col("won").cast(pl.Float64)
    u = (pl.when(pl.col("on_play")).then((won - pl.col("win_rate_play")) / pl.col("games_play"))
         .otherwise(-(won - pl.col("win_rate_draw")) / pl.col("games_draw")))
    return (p.join(r.lazy(), on="label").with_columns(u.alias("u"))
            .group_by("label", "game_id").agg(pl.col("u").sum())
            .group_by("label").agg((pl.col("u") ** 2).sum().alias("variance"))
            .rename({"label": "deck"}).collect(engine=ENGINE))


def game_length(results: Results) -> pl.DataFrame:
    """Histogram of game length: per game and number of game turns, how many games."""
    return (results.games.group_by("game", "turns").agg(pl.len().alias("games"))
            .with_columns((pl.col("games") / pl.col("games").sum().over("game")).alias("share"))
            .sort("game", "turns").collect(engine=ENGINE))


def game_length_summary(results: Results) -> pl.DataFrame:
    """Per game and matchup as played: mean, median, 10th and 90th percentile of game turns."""
    return (results.games.group_by("game", "deck_a", "deck_b", "policy_a", "policy_b")
            .agg(pl.len().alias("games"), pl.col("turns").mean().alias("mean_turns"),
                 pl.col("turns").median().alias("median_turns"),
                 pl.col("turns").quantile(0.1, "nearest").alias("p10_turns"),
                 pl.col("turns").quantile(0.9, "nearest").alias("p90_turns"),
                 pl.col("turns").max().alias("max_turns"))
            .sort("game", "deck_a", "deck_b", "policy_a", "policy_b").collect(engine=ENGINE))


def end_reasons(results: Results) -> pl.DataFrame:
    """Per game: how games ended (life, deck out, turn cap ...), count and share with interval."""
    return (results.games.group_by("game", "end_reason").agg(pl.len().alias("count"))
            .with_columns(pl.col("count").sum().over("game").alias("games"))
            .with_columns(*wilson_exprs(pl.col("count"), pl.col("games"), "share"))
            .sort(["game", "count", "end_reason"], descending=[False, True, False]).collect(engine=ENGINE))


def first_player_by_matchup(results: Results) -> pl.DataFrame:
    """Per pair of decks (both seat orders together, `deck_1` < `deck_2` by name): how often the
    player who went first won."""
    g = results.games.with_columns(pl.min_horizontal("deck_a", "deck_b").alias("deck_1"),
                                   pl.max_horizontal("deck_a", "deck_b").alias("deck_2"))
    return (g.group_by("deck_1", "deck_2")
            .agg(pl.col("game").first(), pl.len().alias("games"), (pl.col("winner") == pl.col("first_player")).sum().alias("first_wins"),
                 pl.col("winner").is_in(["draw", "double_loss"]).sum().alias("draws"))
            .with_columns(*wilson_exprs(pl.col("first_wins"), pl.col("games"), "first_win_rate"))
            .sort("game", "deck_1", "deck_2").collect(engine=ENGINE))
