"""CODE OF JOKER 【起動】 abilities (keywords.json 起動: 「1ターンに1度だけ任意のタイミングで発動できる」): a unit's
"action" rows, used by its controller as an action of the own action phase, once a turn per unit (U_USED).

The digest has no rule on 起動; the engine offers it where the player acts freely, the own action phase (not in
a battle or the opponent's turn, where only intercepts answer events, §9). A unit with 【沈黙】 cannot use it
(§10: its effects do not activate); using it needs one of its effects to act (§9 use legality, as for a
trigger card: effects.card_usable read for the "action" rows).
"""

from sim.engine.jit import engine_jit
from sim.games.coj.effects import action_rows_usable, run_effects, settle
from sim.games.coj.rules import (
    G_TURN,
    KW_SILENCE,
    P_FTRIG,
    TR_ACTION,
    U_CARD,
    U_UID,
    U_USED,
    has_trigger,
    unit_kw,
    vG,
    vP,
    vU,
)

NONNEGATIVE_INDICES = True  # sim.engine.indexing: no index here is negative (a -1 sentinel is tested first)
LOOP_VECTORIZE = False  # sim.engine.vectorize: loops of a few cards or units, vector bodies never run


@engine_jit
def can_activate(s, p, j):
    """Whether seat p's unit j can use its 【起動】 ability now."""
    U = vU(s)
    c = U[p, j, U_CARD]
    return (has_trigger(s, p, c, TR_ACTION) and U[p, j, U_USED] != vG(s)[G_TURN] + 1
            and not unit_kw(s, p, j) & KW_SILENCE and action_rows_usable(s, p, c, U[p, j, U_UID]))


@engine_jit
def any_activatable(s, p):
    """Whether one of seat p's units has a 【起動】 ability (P_FTRIG), the common case being none."""
    return (vP(s)[p, P_FTRIG] >> TR_ACTION) & 1 != 0


@engine_jit
def activate(s, p, j):
    """Use unit j's 【起動】 ability: its "action" rows in the order written, then what they set off (settle)."""
    U = vU(s)
    U[p, j, U_USED] = vG(s)[G_TURN] + 1
    run_effects(s, p, U[p, j, U_CARD], TR_ACTION, U[p, j, U_UID], -1, -1)
    settle(s)
