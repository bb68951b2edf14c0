"""Figures for the report, drawn with matplotlib's object API on the Agg canvas.

Never pyplot: its global state is not thread-safe and leaks figures in a long-running process.
Each function takes an analysis table and returns a Figure; `png` renders it.
"""

from __future__ import annotations

import io
import math

import polars as pl
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

DPI = 100


def png(fig: Figure) -> bytes:
    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, bbox_inches="tight")
    return buf.getvalue()


def _short(name: str, width: int = 28) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def matchup_heatmap(matrix: pl.DataFrame, title: str) -> Figure:
    """Row deck's win rate against the column deck, annotated with the rate and its 95% interval."""
    decks = sorted(set(matrix["deck"].to_list()) | set(matrix["opponent"].to_list()))
    k = len(decks)
    pos = {d: i for i, d in enumerate(decks)}
    grid = [[math.nan] * k for _ in range(k)]
    text = [[""] * k for _ in range(k)]
    for r in matrix.iter_rows(named=True):
        i, j = pos[r["deck"]], pos[r["opponent"]]
        grid[i][j] = r["win_rate"]
        text[i][j] = (f"{100 * r['win_rate']:.0f}%\n{100 * r['win_rate_low']:.0f}–{100 * r['win_rate_high']:.0f}"
                      if r["win_rate"] is not None else "")
    size = max(4.0, 1.1 * k + 2.5)
    fig = Figure(figsize=(size + 1.5, size))
    ax = fig.add_subplot()
    im = ax.imshow(grid, cmap="RdBu", vmin=0.0, vmax=1.0)
    for i in range(k):
        for j in range(k):
            if text[i][j]:
                dark = abs(grid[i][j] - 0.5) > 0.3
                ax.text(j, i, text[i][j], ha="center", va="center", fontsize=8 if k < 8 else 6,
                        color="white" if dark else "black")
    labels = [_short(d) for d in decks]
    ax.set_xticks(range(k), labels, rotation=35, ha="right")
    ax.set_yticks(range(k), labels)
    ax.set_xlabel("opponent")
    ax.set_ylabel("deck")
    ax.set_title(title)
    fig.colorbar(im, ax=ax, label="win rate of the row deck", fraction=0.046, pad=0.04)
    return fig


def play_draw_chart(by_deck: pl.DataFrame, title: str) -> Figure:
    """Each deck's win rate on the play and on the draw, with 95% intervals."""
    decks = by_deck["deck"].to_list()
    k = len(decks)
    fig = Figure(figsize=(max(5.0, 0.9 * k + 3), 4))
    ax = fig.add_subplot()
    for offset, col, label, color in ((-0.18, "win_rate_play", "on the play (went first)", "#d95f02"),
                                      (0.18, "win_rate_draw", "on the draw (went second)", "#1b9e77")):
        e = by_deck.select(pl.col(col).fill_null(math.nan).alias("r"),
                           (pl.col(col) - pl.col(f"{col}_low")).fill_null(0.0).alias("lo"),
                           (pl.col(f"{col}_high") - pl.col(col)).fill_null(0.0).alias("hi"))
        rates, lows, highs = e["r"].to_list(), e["lo"].to_list(), e["hi"].to_list()
        ax.bar([i + offset for i in range(k)], rates, width=0.36, label=label, color=color,
               yerr=[lows, highs], capsize=3)
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xticks(range(k), [_short(d) for d in decks], rotation=25, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (bars: 95% interval)")
    ax.set_title(title)
    ax.legend(loc="upper right", fontsize=8)
    return fig


def game_length_histogram(lengths: pl.DataFrame, title: str) -> Figure:
    """Share of games by number of game turns, one series per game (fftcg, coj ...)."""
    fig = Figure(figsize=(7, 3.8))
    ax = fig.add_subplot()
    for game in sorted(set(lengths["game"].to_list())):
        g = lengths.filter(pl.col("game") == game)
        ax.bar(g["turns"].to_list(), g["share"].to_list(), width=0.9, alpha=0.7, label=game)
    ax.set_xlabel("game turns (both players' turns counted)")
    ax.set_ylabel("share of games")
    ax.set_title(title)
    ax.legend(fontsize=8)
    return fig


def curve_chart(curve: pl.DataFrame, title: str, max_turn: int = 10) -> Figure:
    """Per deck (on the play): resources available and spent by own turn, and P(made a play by turn)."""
    fig = Figure(figsize=(11, 4))
    left, right = fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)
    c = curve.filter((pl.col("turn") >= 1) & (pl.col("turn") <= max_turn))
    keys = c.select("deck", "policy").unique().sort("deck", "policy").rows()
    multi_policy = len({d for d, _ in keys}) < len(keys)
    for n, (deck, policy) in enumerate(keys):
        color = _tab10(n % 10)
        label = f"{_short(deck)} ({policy})" if multi_policy else _short(deck)
        d = c.filter((pl.col("deck") == deck) & (pl.col("policy") == policy))
        # on the play and on the draw pooled per turn, weighted by how many players reached it
        t = (d.group_by("turn").agg(((pl.col(x) * pl.col("players")).sum() / pl.col("players").sum()).alias(x)
                                    for x in ("available", "spent"))
             .join(d.group_by("turn").agg(pl.col("made_play").sum(), pl.col("players").sum()), on="turn")
             .sort("turn"))
        turns = t["turn"].to_list()
        left.plot(turns, t["available"].to_list(), color=color, ls="--", marker="o", ms=3)
        left.plot(turns, t["spent"].to_list(), color=color, marker="o", ms=3, label=label)
        right.plot(turns, (t["made_play"] / t["players"]).to_list(), color=color, marker="o", ms=3, label=label)
    left.set_xlabel("own turn")
    left.set_ylabel("resources per turn (dashed: available, solid: spent)")
    left.set_title("Resources available and spent")
    right.set_xlabel("own turn")
    right.set_ylabel("share of players")
    right.set_ylim(0, 1.02)
    right.set_title("Has played at least one card by this turn")
    right.legend(fontsize=7, loc="lower right")
    fig.suptitle(title)
    return fig


def _tab10(i: int) -> tuple[float, float, float, float]:
    from matplotlib import colormaps

    return colormaps["tab10"](i)


def cost_chart(mean_cost: pl.DataFrame, title: str, max_turn: int = 10) -> Figure:
    """Mean cost of the cards played on each own turn, per deck."""
    fig = Figure(figsize=(7, 3.8))
    ax = fig.add_subplot()
    c = mean_cost.filter((pl.col("turn") >= 1) & (pl.col("turn") <= max_turn))
    keys = c.select("deck", "policy").unique().sort("deck", "policy").rows()
    multi_policy = len({d for d, _ in keys}) < len(keys)
    for n, (deck, policy) in enumerate(keys):
        d = c.filter((pl.col("deck") == deck) & (pl.col("policy") == policy)).sort("turn")
        label = f"{_short(deck)} ({policy})" if multi_policy else _short(deck)
        ax.plot(d["turn"].to_list(), d["mean_cost"].to_list(), marker="o", ms=3, color=_tab10(n % 10), label=label)
    ax.set_xlabel("own turn")
    ax.set_ylabel("mean cost of cards played")
    ax.set_title(title)
    ax.legend(fontsize=7)
    return fig
