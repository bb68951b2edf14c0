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


def short_labels(names: list[str], width: int = 28) -> list[str]:
    """Names cut to `width`, kept distinct: names whose cuts collide keep their head and tail
    ("Earth-Lightnin…(FFTCG midrange)"), and a number if even that collides."""
    first = [_short(n, width) for n in names]
    tail = width // 2
    # collisions are judged on the first cuts, never on a list being rewritten (else the last name
    # of a colliding group would keep its bare cut and lose its tail)
    cut = [n[: width - tail - 1] + "…" + n[-tail:] if len(n) > width and first.count(c) > 1 else c
           for n, c in zip(names, first, strict=True)]
    seen: dict[str, int] = {}
    out = []
    for label in cut:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if cut.count(label) == 1 else f"{label} #{seen[label]}")
    return out


def _series_labels(keys: list[tuple[str, str]]) -> list[str]:
    """Legend labels for (deck, policy) series: distinct short deck names, plus the policy when a
    deck is played by several."""
    decks = sorted({d for d, _ in keys})
    short = dict(zip(decks, short_labels(decks), strict=True))
    multi_policy = len(decks) < len(keys)
    return [f"{short[d]} ({p})" if multi_policy else short[d] for d, p in keys]


def _cell_text(rate: float | None, low: float | None, high: float | None) -> str:
    return "" if rate is None else f"{100 * rate:.0f}%\n{100 * low:.0f}–{100 * high:.0f}"


def matchup_heatmap(matrix: pl.DataFrame, margins: pl.DataFrame, title: str) -> Figure:
    """Row deck's win rate against the column deck, annotated with the rate and its 95% interval,
    plus each deck's overall row and column (`margins`, analysis.winrates.matrix_margins).
    Cells with no games (the diagonal of a round robin) are grey, not the colour of 50%; hatched
    cells have a 95% interval that contains 50%."""
    import numpy as np
    from matplotlib import colormaps
    from matplotlib.patches import Rectangle

    decks = sorted(set(matrix["deck"].to_list()) | set(matrix["opponent"].to_list()))
    k = len(decks)
    pos = {d: i for i, d in enumerate(decks)}
    grid = np.full((k + 1, k + 1), np.nan)
    cells: dict[tuple[int, int], tuple] = {}
    for r in matrix.iter_rows(named=True):
        cells[pos[r["deck"]], pos[r["opponent"]]] = (r["win_rate"], r["win_rate_low"], r["win_rate_high"])
    for r in margins.iter_rows(named=True):
        i = pos[r["deck"]]
        cells[i, k] = (r["win_rate"], r["win_rate_low"], r["win_rate_high"])
        cells[k, i] = (r["field_win_rate"], r["field_win_rate_low"], r["field_win_rate_high"])
    size = max(4.0, 1.1 * (k + 1) + 2.5)
    fig = Figure(figsize=(size + 1.5, size))
    ax = fig.add_subplot()
    for (i, j), (rate, _, _) in cells.items():
        grid[i, j] = np.nan if rate is None else rate
    cmap = colormaps["RdBu"].with_extremes(bad="#c8c8c8")
    im = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, vmin=0.0, vmax=1.0)
    for i in range(k + 1):
        for j in range(k + 1):
            rate, low, high = cells.get((i, j), (None, None, None))
            if rate is None:
                if i < k or j < k:
                    ax.text(j, i, "no games", ha="center", va="center", fontsize=7, color="#555555")
                continue
            ax.text(j, i, _cell_text(rate, low, high), ha="center", va="center", fontsize=8 if k < 8 else 6,
                    color="white" if abs(rate - 0.5) > 0.3 else "black")
            if low <= 0.5 <= high:  # not distinguishable from an even matchup
                ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, hatch="///", edgecolor="#777777",
                                       linewidth=0))
    ax.axhline(k - 0.5, color="black", lw=1.5)
    ax.axvline(k - 0.5, color="black", lw=1.5)
    labels = short_labels(decks)
    ax.set_xticks(range(k + 1), [*labels, "the field (all others)"], rotation=35, ha="right")
    ax.set_yticks(range(k + 1), [*labels, "the field (all others)"])
    ax.set_xlabel("opponent")
    ax.set_ylabel("deck")
    ax.set_title(title)
    fig.colorbar(im, ax=ax, label="win rate of the row deck (hatched: 95% interval contains 50%)",
                 fraction=0.046, pad=0.04)
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
    ax.set_xticks(range(k), short_labels(decks), rotation=25, ha="right")
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


def curve_chart(pooled: pl.DataFrame, title: str) -> Figure:
    """Per deck, by own turn (both seats pooled): costs paid and cards played per turn, and
    the resource cards (FFTCG Backups) played so far when the table has them (`sources`)."""
    sources = "sources" in pooled.columns and pooled["sources"].is_not_null().any()
    # results written before the turns table had resources_paid have only what was produced
    paid = pooled["paid"].is_not_null().any()
    panels = [("paid", "costs paid (mean per player)", "Costs paid") if paid else
              ("produced", "resources produced (mean per player)", "Resources produced"),
              ("cards_played", "cards played (mean per player)", "Cards played")]
    if sources:
        panels.append(("sources", "resource cards played so far (mean)", "Resource cards (Backups) by turn"))
    fig = Figure(figsize=(5.5 * len(panels), 4))
    axes = [fig.add_subplot(1, len(panels), i + 1) for i in range(len(panels))]
    keys = pooled.select("deck", "policy").unique().sort("deck", "policy").rows()
    labels = _series_labels(keys)
    for n, (deck, policy) in enumerate(keys):
        label = labels[n]
        t = pooled.filter((pl.col("deck") == deck) & (pl.col("policy") == policy)).sort("turn")
        for ax, (col, _, _) in zip(axes, panels, strict=True):
            ax.plot(t["turn"].to_list(), t[col].to_list(), color=_tab10(n % 10), marker="o", ms=3, label=label)
    for ax, (_, ylabel, name) in zip(axes, panels, strict=True):
        ax.set_xlabel("own turn")
        ax.set_ylabel(ylabel)
        ax.set_title(name)
    axes[-1].legend(fontsize=7, loc="best")
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
    labels = _series_labels(keys)
    for n, (deck, policy) in enumerate(keys):
        d = c.filter((pl.col("deck") == deck) & (pl.col("policy") == policy)).sort("turn")
        label = labels[n]
        ax.plot(d["turn"].to_list(), d["mean_cost"].to_list(), marker="o", ms=3, color=_tab10(n % 10), label=label)
    ax.set_xlabel("own turn")
    ax.set_ylabel("mean cost of cards played")
    ax.set_title(title)
    ax.legend(fontsize=7)
    return fig
