"""The PSO2 raid report: report.md, summary.json and raids.csv, and the terminal summary."""

from __future__ import annotations

import json
from pathlib import Path

from sim.run.raid import RaidResult


def format_summary(s: dict[str, object]) -> list[str]:
    lines = [f"{s['games']:,} raids against {s['boss']}: clear rate {s['clear_rate']:.1%} "
             f"[{s['clear_low']:.1%}, {s['clear_high']:.1%}] (Wilson 95%), timeouts {s['timeouts']:,}"]
    if s["rounds_to_clear_mean"] is not None:
        lines.append(f"  rounds to clear: mean {s['rounds_to_clear_mean']:.2f}, median {s['rounds_to_clear_median']:g} "
                     f"(quartiles {s['rounds_to_clear_q1']:g}-{s['rounds_to_clear_q3']:g}); Boss Life left on "
                     f"average {s['boss_life_left_mean']:.1f}")
    for p in s["players"]:
        lines.append(f"  P{p['seat']} {p['deck']} ({p['policy']}): damage taken mean {p['damage_taken_mean']:.2f} "
                     f"(median {p['damage_taken_median']:g}), eliminated {p['eliminated_rate']:.1%} "
                     f"[{p['eliminated_low']:.1%}, {p['eliminated_high']:.1%}]")
    return lines


def write_report(results: list[RaidResult], out: Path) -> None:
    """report.md, summary.json and raids.csv (one row per party x policy assignment) under `out`."""
    out.mkdir(parents=True, exist_ok=True)
    summaries = [r.summary() for r in results]
    (out / "summary.json").write_text(json.dumps(summaries, indent=1))
    md = ["# PSO2 raid report", "", "Co-op raid (digest §11). Rates with Wilson 95% intervals; a round is one turn "
          "of every seat; damage taken counts the cards milled from a player's deck by damage (201.4).", ""]
    md.append("| party (policies) | boss | raids | clear rate | 95% interval | timeouts | rounds to clear: mean | "
              "median | damage taken per player (mean) | eliminated per player |")
    md.append("|---|---|---:|---:|---|---:|---:|---:|---|---|")
    csv = ["party,policies,boss,games,clear_rate,clear_low,clear_high,timeouts,rounds_mean,rounds_median,"
           "damage_taken_mean,eliminated_rate"]
    for s in summaries:
        party = " + ".join(p["deck"] for p in s["players"])
        pols = "/".join(p["policy"] for p in s["players"])
        taken = " / ".join(f"{p['damage_taken_mean']:.1f}" for p in s["players"])
        elim = " / ".join(f"{p['eliminated_rate']:.1%}" for p in s["players"])
        mean = "-" if s["rounds_to_clear_mean"] is None else f"{s['rounds_to_clear_mean']:.2f}"
        med = "-" if s["rounds_to_clear_median"] is None else f"{s['rounds_to_clear_median']:g}"
        md.append(f"| {_md(party)} ({pols}) | {_md(str(s['boss']))} | {s['games']:,} | {s['clear_rate']:.1%} | "
                  f"{s['clear_low']:.1%}-{s['clear_high']:.1%} | {s['timeouts']:,} | {mean} | {med} | {taken} | "
                  f"{elim} |")
        csv.append(",".join(_csv(v) for v in (party, pols, s["boss"], s["games"], f"{s['clear_rate']:.6f}",
                                              f"{s['clear_low']:.6f}", f"{s['clear_high']:.6f}", s["timeouts"], mean,
                                              med, taken, elim)))
    (out / "report.md").write_text("\n".join(md) + "\n")
    (out / "raids.csv").write_text("\n".join(csv) + "\n")


def _md(text: str) -> str:
    return "".join("\\" + ch if ch in "\\`*_[]<>|#!" else ch for ch in text)


def _csv(value: object) -> str:
    text = str(value)
    if text[:1] in ("=", "+", "-", "@", "\t", "\r") and text != "-":
        text = "'" + text
    return '"' + text.replace('"', '""') + '"' if any(ch in text for ch in ',"\n') else text
