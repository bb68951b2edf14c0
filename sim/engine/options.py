"""Valid ranges of the engines' rules options, checked where options are parsed.

The engines declare each option's default and meaning (OPTIONS); the ranges live here so that a
value outside what the rules or the engine's arrays can mean is refused up front: a negative
joker cost or a 10**30 turn count is bad input, not a rules variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType

import numpy as np

from sim.errors import InputError

FLAG = (0, 1)

RANGES: dict[str, dict[str, tuple[int, int]]] = {
    "null": {"turns": (0, 32), "hand": (0, 50), "draw_rate": (0, 1000)},
    "fftcg": {"limited": FLAG, "multi_backup_one_element": FLAG, "blocked_if_blocker_removed": FLAG,
              "party_shared_element": FLAG, "payment_strict": FLAG,
              "lb_undefined_cost": (0, 20)},  # printed LB costs are 0-8; 20 leaves room for house rules
    "coj": {"max_mulligans": (0, 20), "jokers": FLAG, "reducer_leftmost": FLAG, "refresh_after_cut": FLAG,
            "refresh_shuffle": FLAG, "cp_floor": (-12, 12),  # §4: CP is capped at 12
            "lv3_drive_overclock": FLAG, "overdrive_keeps_level": FLAG, "indomitable_every_turn_end": FLAG,
            "immortal_ignores_weaken": FLAG, "attack_ban_lifted": FLAG, "retreat_is_destroy": FLAG,
            "removed_attacker_damage": FLAG, "trigger_cp": FLAG, "priority_alternate": FLAG,
            "joker_gauge_max": (1, 1000), "joker_gain_turn": (0, 1000), "joker_gain_lp": (0, 1000),
            "joker_gain_attack_lp": FLAG, "joker_gauge_cost": (0, 1000), "joker_gauge_small": (0, 1000),
            "joker_gauge_medium": (0, 1000), "joker_gauge_large": (0, 1000)},
    "gbf": {"damage_accumulates": FLAG, "armor_break_per_hit": FLAG, "replenish_per_ko": FLAG,
            "battle_ends_any_attacker": FLAG, "leader_rank_stack": FLAG, "trigger_pays_cost": FLAG,
            "counter_windows": (0, 3),  # §11.11: a few counter steps per battle; the rules' loop is r. 11-1
            "assist_to_gauge": FLAG, "reset_removes_chips": FLAG,
            "turn_cap": (1, 1000)},  # §11.16: not a rule; 1000 bounds the turns detail arrays
    "pso2": {"erosion_player_only": FLAG, "fd_pp_colour": FLAG, "new_pp_on": FLAG, "player_attacks": FLAG,
             "armor_vs_effects": FLAG, "weapon_bonus_turn": FLAG, "rapid_warcry_twice": FLAG,
             "rapid_same_target": FLAG, "colour_gate_strict": FLAG, "multicolour_all": FLAG,
             "row_damage_running": FLAG, "pierce_attacker_side": FLAG, "raid_difficulty": (0, 2),
             "raid_fd_pp_all": FLAG, "raid_boss_new_attack": FLAG, "raid_party_tiebreak": FLAG,
             "raid_boss_strikes_back": FLAG, "raid_boss_combo": FLAG},
}


def option_range(game: str, name: str) -> tuple[int, int]:
    """The allowed [low, high] of an option; options of a new engine default to flags until listed here."""
    return RANGES.get(game, {}).get(name, FLAG)


def max_turns(engine: ModuleType, options: dict[str, int] | None) -> int:
    """The game turns a game may last: the engine's MAX_TURNS, or its `turn_cap` rules option where it
    has one (GBF, whose cap is not a rule): what the turns detail and the memory check are sized for."""
    if "turn_cap" in getattr(engine, "OPTIONS", {}):
        return (options or {}).get("turn_cap", engine.OPTIONS["turn_cap"][0])
    return engine.MAX_TURNS


def check_options(engine: ModuleType, options: dict[str, int] | None, where: str = "options") -> None:
    """Every option known to the engine, an integer, within its range; InputError naming it otherwise."""
    for key, value in (options or {}).items():
        if key not in engine.OPTIONS:
            known = ", ".join(sorted(engine.OPTIONS)) or "none"
            raise InputError(where, f"unknown rules option {key!r} for {engine.GAME} (options: {known})")
        if not isinstance(value, int) or isinstance(value, bool):
            raise InputError(where, f"rules option {key!r} must be an integer, got {value!r}")
        low, high = option_range(engine.GAME, key)
        if not low <= value <= high:
            raise InputError(where, f"rules option {key!r} of {engine.GAME} must be within {low}..{high}, "
                                    f"got {value}")


def option_values(game: str, specs: Sequence[tuple[str, int, str]], options: dict[str, int] | None) -> np.ndarray:
    """The engine's option row (int32, in the order of its (name, default, meaning) specs): defaults
    overridden by `options`; an unknown name is an InputError."""
    values = {name: default for name, default, _ in specs}
    for key, value in (options or {}).items():
        if key not in values:
            raise InputError("options", f"unknown rules option {key!r} for {game} (options: {', '.join(sorted(values))})")
        values[key] = int(value)
    return np.array([values[name] for name, _, _ in specs], np.int32)
