"""What the CODE OF JOKER engine executes, in the words of sim.cards.effects (plain Python, no numba).

The importer (sim/games/coj/importer.py) emits an ability only when its timing, every op and every
target are listed here, so `tcgsim cards coverage` counts only what runs; tests/test_coj_vocab.py
checks that each entry changes a game state when it fires (no silent no-ops).
"""

from __future__ import annotations

# §10 keyword abilities, bit i of K_KW (English glosses of the digest's table, then the catalog's
# keywords.json ones the engine plays).
KEYWORDS = (
    "speed_move",  # スピードムーブ: no attack restriction on entering
    "indomitable",  # 不屈: regains its action right at turn end
    "penetrate",  # 貫通: 1 LP through a blocker it beat and destroyed
    "selflessness",  # 無我の境地: the opponent's effects cannot take its action right
    "anchored",  # 固着: the opponent's effects cannot return it to hand
    "protection",  # 加護: cannot be targeted by effects (own ones too)
    "dimensional_interference",  # 次元干渉/コストN: blockers need cost < N (N in K_DIM)
    "bind",  # 呪縛: no action right recovery at turn start
    "immortal",  # 不滅: takes no damage
    "shield_of_order",  # 秩序の盾: no damage from the opponent's effects
    "silence",  # 沈黙: its own effects do not activate
    "forced_defense",  # 強制防御: must block if able
    "attack_ban",  # 攻撃禁止: cannot attack in the turn it entered
    "kings_healing",  # 王の治癒力: ignores a damage instance smaller than its BP
    "block_ban",  # 防御禁止: cannot block
    "destroy_resist",  # 破壊効果耐性: the opponent's destroy effects (break ops) do not destroy it
    "silence_resist",  # 沈黙効果耐性: the opponent's effects cannot give it 沈黙
    "retreat_ban",  # 撤退禁止: cannot be retreated
    "evolution_ban",  # 進化禁止: no evolution can be overdriven onto it
    "delete_resist",  # 消滅効果耐性: the opponent's delete effects (FL_DELETE) do not delete it
    "select_hack",  # セレクトハック: the opponent's targeted effects must choose it if they can
    "overheat",  # オーバーヒート: damage from effects to it is doubled (battle damage is not)
    "oracle",  # 神託: its 奇跡 ability runs once (CC_ORACLE while it has it; grant_keyword amount 2 takes it)
    "unblockable",  # 「ブロックされない」 (a printed effect, not a keywords.json keyword): no unit can block it
)

# Unit abilities: the unit's own events and the events it watches on the field ("own_*": another unit
# of its side; 「あなたのユニットが…時」 is also a row of the unit's own timing, the importer's _OWN_SIDE).
UNIT_TRIGGERS = frozenset({"enter", "attack", "block", "battle", "leave", "overclock", "hit_player", "turn_start",
                           "turn_end", "opp_turn_start", "opp_turn_end", "opp_enters", "opp_attacks",
                           "opp_hit_player", "own_enters", "own_attacks", "own_blocks", "own_hit_player",
                           "own_destroyed", "own_overclock", "own_trigger_used", "opp_trigger_used",
                           "own_intercept_used", "opp_intercept_used", "own_discarded", "opp_discards", "own_battles",
                           "deleted", "opp_zone_broken", "own_zone_broken", "action"})
# "action": a 【起動】 ability (「■起動・…」), used by its controller in the own action phase once a turn (activated.py)
# "static" rows of a unit (§10 フィールド効果, rules.static_of): pump / weaken (BP) and grant_keyword while the
# unit is on the field, to the unit itself, its side's or the other side's units of a kind (E_THASH); a pump
# with E_FOREACH FE_OWN_UNITS / FE_OPP_UNITS counts that side's units of the kind E_FE_PARAM (「1体につき」), with
# FE_PURPLE, FE_LP_LOST, FE_LP or FE_OPP_HAND a player's count (rules.player_count); E_COND a condition of
# rules.static_holds; E_COND2 the levels (CC_LEVEL) or printed costs (CC_COST_LE) of the units it reaches (rules.static_reaches)
STATIC_OPS = frozenset({"pump", "weaken", "grant_keyword"})
STATIC_TARGETS = frozenset({"self", "all_own_characters", "all_opp_characters", "all_characters"})
# Trigger and intercept cards set in the zone (zone_event in rules; a card of several timings answers each: zone_trigger),
# and jokers ("cast": used).
ZONE_TRIGGERS = frozenset({"enter", "own_enters", "opp_enters", "attack", "own_attacks", "opp_attacks", "cast",
                           "own_battles", "own_blocks", "own_hit_player", "opp_hit_player", "leave", "turn_start",
                           "opp_turn_start", "turn_end", "opp_turn_end", "own_overclock", "opp_trigger_used",
                           "opp_intercept_used", "own_discarded", "opp_discards", "opp_zone_broken"})
# CoJ-local encodings in the shared effect table (sim.cards.effects), read only by this engine:
# - a unit op's param (cost bound, BP bound, keyword bit, 基本BP flag ...) is param & PV_MASK; the bits
#   above are modifiers: FL_DELETE (break / break_power delete, §5 消滅, instead of destroying),
#   FL_OTHER (「このユニット以外の」: never the effect's own unit), FL_ACTED (「行動済」: only units
#   without their action right), a cost bound + 1 in bits COST_SHIFT.. (5 bits) and a level floor in
#   bits LVL_SHIFT.. (2 bits) for the ops other than break (whose own param and amount are those), and
#   FL_BP_MIN (break_power: BP at least the value); level_up with value 1 sets the level to `amount` (「レベルをNにする」);
# - search's param <= -2 is a filter -(v + 2): card type + 1 in bits 0-2 (0 any), a colour mask (the
#   K_ELEM bits, 0 any) in bits 3-8, cost + 1 in bits 9-13 (0 any), and SEARCH_TO_ZONE (bit 14): the cards are set
#   in the own trigger zone (「デッキから1枚ランダムでトリガーゾーンにセットする」, while it has room) instead of the hand;
# - E_THASH (Effect.thash) of a targeted op restricts its targets: > 0 a species (text_hash, as for
#   search), -63..-1 a colour mask -thash (unit_filter), <= -64 a cost floor (cost_floor);
# - E_COND (Effect.cond) is a condition checked when the effect resolves: kind = cond & CC_MASK (CC_*),
#   n = cond >> CC_BITS; CC_CHOICE marks option n of 「以下の効果から1つを選び発動する」 (only one option runs).
PV_BITS = 20
PV_MASK = (1 << PV_BITS) - 1
FL_DELETE = 1 << PV_BITS
FL_OTHER = 1 << (PV_BITS + 1)
FL_ACTED = 1 << (PV_BITS + 2)
COST_SHIFT = PV_BITS + 3
LVL_SHIFT = COST_SHIFT + 5
FL_BP_MIN = 1 << (LVL_SHIFT + 2)  # break_power: BP >= the value (「BP8000以上の」) instead of <=
CC_BITS = 6
CC_MASK = (1 << CC_BITS) - 1
CC_OWN_FIELD_LE, CC_OWN_FIELD_GE, CC_OPP_FIELD_GE, CC_OPP_FIELD_LE, CC_LIFE_LE, CC_OPP_HAND_LE, \
    CC_OPP_ZONE_EMPTY, CC_LEVEL, CC_CHOICE, CC_COST, CC_IF_DONE, CC_PURPLE_GE, CC_PURPLE_LE, \
    CC_OWN_SPECIES_GE, CC_ROUND_ODD, CC_ROUND_EVEN, CC_OWN_HAND_LE, CC_OWN_FIELD_EQ, CC_ALL_FIELD_GE, \
    CC_LIFE_BEHIND, CC_OPP_ACTED_GE, CC_CP_GE, CC_OPP_HAND_GE, CC_LIFE_GE, CC_ATTACKING, CC_BLOCKING, \
    CC_EVENT_UNIT, CC_EVENT_COST_GE, CC_EVENT_EVO, CC_BY_BATTLE, CC_BY_EFFECT, CC_ORACLE, CC_OWN_HAND_GE, CC_OPP_ZONE_GE, \
    CC_DECK_GE, CC_DECK_LE = range(1, 37)
# CC_OPP_FIELD_MORE: the opponent has more units on the field than seat p (「対戦相手のフィールドにいるユニット数が
# あなたのフィールドにいるユニット数より多い場合」); CC_OWN_COLOURS_GE: p's field units show n colours or more
# (「あなたのフィールドにユニットが4属性以上いる場合」; colourless is no colour)
CC_OPP_FIELD_MORE, CC_OWN_COLOURS_GE = 37, 38
# CC_OWN_BATTLER: p's unit in the battle being fought (rules G_BATTLE_A / G_BATTLE_B) is of the kind E_COND_PARAM (「あなたの
# 【ドラゴン】ユニットが戦闘した時」 on a set card); CC_EVENT_OTHER_KIND: the event's unit is not of that kind (「あなたの【巨人】
# ユニット以外のユニットがフィールドに出た時」)
CC_OWN_BATTLER, CC_EVENT_OTHER_KIND = 39, 40
# CC_COST_LE, only as a static row's E_COND2: the reached unit's printed cost is n or less (「対戦相手のコスト2以下のユニットに…」)
CC_COST_LE = 41
# CC_OPP_TURN: it is the opponent's turn (「このユニットが対戦相手のターンに破壊された時」)
CC_OPP_TURN = 42
# CC_DISCARD_GE: n or more cards in the own discard (not deleted) of the species / colour E_COND_PARAM (0 any card)
CC_DISCARD_GE = 43
# CC_OWN_HAND_GE: own hand >= n (「あなたの手札が7枚の場合」: 7 is the most, §5); CC_OPP_ZONE_GE: cards in the
# opponent's trigger zone >= n; CC_DECK_GE / CC_DECK_LE: own deck (cards left to draw) >= n / <= n
# E_COND2 (Effect.cond2): a second condition of the same encoding that must hold too (「…で、…場合」, or an event's
# kind and a 「〜場合」), never one that reads E_COND_PARAM (CC_EVENT_UNIT, CC_OWN_SPECIES_GE: those go first)
# CC_ON_FIELD / CC_CLOCKUP, flags ORed into any E_COND of an "overclock" row (rules G_OC_KIND,
# effects.oc_row_runs): 「フィールドでレベル3にクロックアップした時」 runs only when the unit reaches Lv.3 on
# the field (not when it enters at Lv.3); 「クロックアップした時 / するたび」 and 「レベルが上がった時」 run at
# every level rise on the field (to Lv.2 or Lv.3), never for an entry
CC_ON_FIELD = 1 << 29
CC_CLOCKUP = 1 << 28
# CC_WON, a flag ORed into any E_COND of a "battle" or "own_battles" unit row or an "own_battles" zone card:
# 「戦闘に勝利した時」, run at the battle-won event (rules G_WON), never at the battle event itself
CC_WON = 1 << 27
# CC_ANY_SIDE, a flag ORed into any E_COND of an "own_enters" trigger or intercept card: 「ユニットがフィールドに
# 出た時」, a unit of either side (rules.zone_answers: the card also answers the opponent's entries)
CC_ANY_SIDE = 1 << 26
CC_FLAGS = CC_ON_FIELD | CC_CLOCKUP | CC_WON | CC_ANY_SIDE
# CC_ORACLE: the effect's own unit still has 【神託】 (not taken by 「このユニットの【神託】を取り除く」)
# CC_EVENT_EVO: the event's unit is an evolution; CC_BY_BATTLE / CC_BY_EFFECT ("leave" timings only): the
# unit was destroyed in a battle / by an effect (a retreat destroyed by the retreat_is_destroy option is neither)
# CC_EVENT_UNIT / CC_EVENT_COST_GE: the event's unit (「あなたの赤属性ユニットがフィールドに出た時」) is of the
# species / colour E_COND_PARAM, or costs n or more
# CC_ATTACKING / CC_BLOCKING (「それがアタック中 / ブロック中だった場合」, battle timings only): the own unit
# in the battle attacks / blocks, i.e. it is / is not its controller's turn (§8: only the turn player attacks)
# CC_ROUND_ODD / EVEN: the round (§7) is odd / even; CC_LIFE_BEHIND: own LP below the opponent's;
# CC_ALL_FIELD_GE: units of both players; CC_OPP_ACTED_GE: the opponent's units without action right
# CC_OWN_SPECIES_GE: n or more own field units of the species E_COND_PARAM (text_hash) or, if it is
# negative, of the colour mask -E_COND_PARAM (as unit_filter)
# FE_DISCARD with an E_FE_PARAM filter counts the discard's cards of that species or colour (「[あなたの捨札の【侍】の数×N]」)
# CC_PURPLE_GE / CC_PURPLE_LE: own purple gauge >= n / <= n (紫ゲージ; [▲N] / [▼N] put it on the
# whole ability). gain_cp with param 1 changes the purple gauge instead of CP.
# CC_COST / CC_IF_DONE: 「そうした場合」 (§9: the sentence before it is a cost, all or nothing): the
# CC_IF_DONE effects run only if every CC_COST effect before them could be paid in full (and was).
# CC_LEVEL: the effect's own unit is at level lo..hi, n = lo | hi << 2 (「このユニットのレベルによって」)


# gain_cp's param: GAIN_PURPLE changes the purple gauge, GAIN_JOKER the joker gauge (percent, 「ジョーカーゲージを
# N%増加 / 減少させる」, 0..joker_gauge_max), instead of CP; GAIN_LOCK (target all_players) changes no count: no effect
# of either player can be used until the battle ends (「戦闘終了時までお互いのプレイヤーは全ての効果を発動できない」, rules G_LOCK)
GAIN_PURPLE, GAIN_JOKER, GAIN_LOCK = 1, 2, 3


# 「選んで」 picks, made by the player's policy (a scripted one takes the highest cost, the random one
# picks at random): discard and mill with param PICK_CHOSEN (the discarding player chooses), recover
# with param RECOVER_CHOSEN + the card type index + 1 (0: any card)
PICK_CHOSEN = 1
RECOVER_CHOSEN = 16
# recover with param RECOVER_DELETED + 1 + (the param above, -1 .. RECOVER_CHOSEN + 5): from the own deleted cards
# (§5 消滅, 「あなたの捨札にある消滅しているカード」) instead of the discard; the card recovered is no longer deleted
RECOVER_DELETED = 32
# recover with param RECOVER_TO_DECK: every card of the own discard back into the deck, each at a uniformly random
# place (「あなたの捨札を全てデッキに戻す」; the deleted cards stay deleted)
RECOVER_TO_DECK = 64


# E_FOREACH (Effect.foreach) multiplies the amount by a count (「[あなたの受けているライフダメージ×1000]」):
# FE_OWN_UNITS / FE_OPP_UNITS count field units (E_FE_PARAM: a unit_filter or species hash, 0 all)
FE_PURPLE, FE_LP_LOST, FE_LP, FE_OPP_HAND, FE_DECK, FE_EVENT_COST, FE_DISCARD, FE_OWN_UNITS, FE_OPP_UNITS, \
    FE_OPP_ACTED = range(1, 11)
# FE_ROUND: the round (「ラウンド数」, §7); FE_ZONES: the cards set in both trigger zones (「お互いのトリガーゾーンにあるカードの数」)
FE_ROUND, FE_ZONES = 11, 12
# FE_OWN_ZONE / FE_OPP_ZONE: the cards set in the own / the opponent's trigger zone
FE_OWN_ZONE, FE_OPP_ZONE = 13, 14


# E_TMASK of a targeted op, how its unit is picked (rules G_RANDOM while it resolves): TM_RANDOM 「ランダムで1体」,
# a uniform pick among the legal units; TM_FOE 「戦闘中の相手ユニット」, the other side's unit in the battle of a
# battle or block event (nothing outside one); 0 the policy's choice
TM_RANDOM, TM_FOE = 1, 2

CHOICE_OPP = 8  # CC_CHOICE n | CHOICE_OPP: the opponent chooses (「対戦相手は以下の効果から1つを選び発動する」)


def unit_filter(colours: int) -> int:
    """E_THASH of a colour target filter (a K_ELEM mask); a species filter is its text_hash (> 0)."""
    return -colours


def cost_floor(cost: int) -> int:
    """E_THASH of a 「コストN以上の」 target filter (below every colour mask)."""
    return -(COST_FLOOR + cost)


COST_FLOOR = 64  # E_THASH <= -COST_FLOOR: a cost floor (cost_floor), above: a colour mask


SEARCH_TO_ZONE = 1 << 14


def search_filter(ctype: int, colours: int, cost: int, to_zone: bool = False) -> int:
    """search's param for a type index (-1 any), a K_ELEM colour mask (0 any) and a cost (-1 any); to_zone: set the
    cards in the own trigger zone (SEARCH_TO_ZONE) instead of taking them into the hand."""
    return -(((ctype + 1) | colours << 3 | (cost + 1) << 9 | (SEARCH_TO_ZONE if to_zone else 0)) + 2)


def coj_cond(kind: int, n: int) -> int:
    """E_COND of a CoJ condition (CC_* kind, its number)."""
    return kind | n << CC_BITS


# 【特殊召喚】 (special summon, keywords.json: put a unit on the field without paying; it does not "enter",
# so no 「フィールドに出た時」 ability of any card fires), op "play": amount = the number of units, param =
# PLAY_DISCARD / PLAY_DECK (where from) | PLAY_NO_EVO (「進化ユニット以外の」) | the highest cost + 1 in bits
# PLAY_COST_MAX.. (5 bits, 0 any) | the lowest cost in bits PLAY_COST_MIN.. (5 bits); E_THASH a species
# (text_hash) or colour (unit_filter) the card must have, 0 any. Each unit is a uniform random pick among
# the matching cards (「ランダムで」; PLAY_CHOSEN below: the player's pick), placed at Lv.1 (§5: discard cards are Lv.1) with its action right and
# attack restriction, as a driven unit (keywords.json 行動制限: a summoned unit cannot attack that turn)
PLAY_DISCARD, PLAY_DECK, PLAY_NO_EVO = 1, 2, 4
PLAY_COST_MAX, PLAY_COST_MIN = 3, 8
# PLAY_DELETED: from the own deleted cards (§5 消滅, 「あなたの捨札にある消滅しているカードから」; the unit placed is no
# longer deleted) instead of the discard; PLAY_CHOSEN: the player picks (「N体選んで」, or no 「ランダムで」), a scripted
# policy the highest cost (as for 「選んで」 recoveries), the random one at random
PLAY_DELETED, PLAY_CHOSEN = 1 << 13, 1 << 14
# bounce with param BOUNCE_DECK: to its owner's deck at a random place (「デッキに戻す」) instead of the hand
BOUNCE_DECK = 1
# grant_keyword's amount: 0 until end of turn, 1 while the unit stays, 2 the keyword taken (「取り除く」),
# GRANT_BATTLE until the end of the battle (「戦闘終了時まで」: rules U_BKW, cleared when the attack ends)
GRANT_BATTLE = 3


def play_param(source: int, no_evo: bool, cost_min: int, cost_max: int, chosen: bool = False) -> int:
    """op play's param: a PLAY_DISCARD / PLAY_DECK / PLAY_DELETED source, 「進化ユニット以外」, cost bounds (-1:
    none), picked by the player (PLAY_CHOSEN) or at random."""
    return (source | (PLAY_NO_EVO if no_evo else 0) | (cost_max + 1) << PLAY_COST_MAX
            | max(0, cost_min) << PLAY_COST_MIN | (PLAY_CHOSEN if chosen else 0))


OPS = frozenset({"draw", "damage", "break", "break_power", "dull", "freeze", "pump", "weaken", "bounce", "search",
                 "gain_cp", "player_damage", "heal", "haste", "discard", "level_up", "recover", "grant_keyword",
                 "activate", "zone_break", "mill", "play"})
TARGETS = frozenset({"opp_character", "own_character", "self", "opp_player", "own_player", "any_character",
                     "all_opp_characters", "all_players", "all_own_characters", "all_characters", "chosen"})


def executed(trigger: str, op: str, target: str, zone_card: bool) -> bool:
    """Whether the engine runs an effect with this timing, op and target on this kind of card."""
    if trigger == "static":
        return not zone_card and op in STATIC_OPS and target in STATIC_TARGETS
    if zone_card and target == "self":  # a set card has no unit of its own (1-2-148's 「このユニット」 is unread)
        return False
    return (trigger in (ZONE_TRIGGERS if zone_card else UNIT_TRIGGERS)) and op in OPS and target in TARGETS
