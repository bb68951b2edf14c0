"""The small vocabulary of card effects every engine understands (how each engine plays them:
docs/policies_fftcg.md, docs/policies_coj.md).

A card carries up to MAX_EFFECTS effects. Each is (trigger, op, amount, target, param, cost, dull):
importers parse card text into these, inline deck files write them as strings like
"enter:damage:5000:opp_character" (trigger:op:amount[:target[:param[:cost[:costs[:filter]]]]]; parse_effect
says what the last two hold).
Engines read them from the compiled int32 table `effects[copy, slot, E_*]`.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_EFFECTS = 8

TRIGGERS = (
    "none",
    "enter",  # enters the field (FFTCG 11.5.2 auto ability; CoJ 「フィールドに出た時」)
    "attack",  # when this attacks
    "ex_burst",  # FFTCG 11.10: revealed as damage
    "cast",  # a summon / trigger / intercept / active resolves
    "action",  # activated: pay `cost` (and dull itself if `dull`)
    "leave",  # leaves the field / is broken / destroyed
    "turn_start",  # at the start of its controller's turn
    "static",  # continuous while on the field
    "block",  # when this blocks (FFTCG "When X blocks"; CoJ 「ブロックした時」)
    "action_break",  # activated like "action", and the card also puts itself into the Break Zone / discard
    "overclock",  # CoJ: when this unit overclocks (reaches Lv3, digest §8 「オーバークロック」)
    "hit_player",  # when this deals damage to the opposing player (FFTCG; CoJ 「プレイヤーアタックに成功した時」)
    "damaged",  # FFTCG: when this is dealt damage (battle or ability)
    "opp_forward_broken",  # FFTCG: when a Forward the opponent controls is put from the field into the Break Zone
    "opp_forward_leaves",  # FFTCG: when a Forward the opponent controls leaves the field
    "own_summon",  # FFTCG: when its controller casts a Summon
    "opp_summon",  # FFTCG: when the opponent casts a Summon
    "own_attacks",  # FFTCG: when a Forward its controller controls attacks (kind filter: COND_TRIGGER)
    "own_enters",  # FFTCG: when a character enters its controller's field (kind filter: COND_TRIGGER); CoJ zone
                   # cards: 「あなたのユニットがフィールドに出た時」 (own_attacks likewise 「あなたのユニットがアタックした時」)
    # CoJ timings (docs/policies_coj.md "Timings"); unit abilities use the ones about "this unit"
    "opp_enters",  # an opposing unit enters the field
    "opp_attacks",  # an opposing unit attacks
    "battle",  # this unit battles (it blocks or its attack is blocked; CoJ §9 one event)
    "own_battles",  # one of its controller's units battles
    "own_blocks",  # one of its controller's units blocks
    "own_hit_player",  # one of its controller's units deals life damage by attacking (player attack succeeded)
    "opp_hit_player",  # an opposing unit's player attack succeeds against its controller
    "turn_end",  # at the end of its controller's turn
    "opp_turn_start",  # at the start of the opponent's turn
    "opp_turn_end",  # at the end of the opponent's turn
    "drop",  # PSO2 302.4 【ドロップ】: put from the deck into the discard during the opponent's turn
    # K_TRIGS (sim.engine.compiled) has a bit per trigger up to 30; the triggers from 31 on share bit 31
    # (the CoJ engine keeps a second word for them: sim.games.coj.rules K_TRIGS_HI)
    "own_backup_activated",  # FFTCG: 1 or more dull Backups its controller controls are activated by its
                             # controller's Summons or abilities
    "opp_discards",  # FFTCG: the opponent discards 1 or more cards from the hand due to its controller's
                     # Summons or abilities
    "party_attack",  # FFTCG: this Forward forms a party and attacks (15.1.1.9)
    "own_party_attacks",  # FFTCG: a party of its controller's attacks with n or more Forwards of a kind (COND_TRIGGER)
    "attack_phase",  # FFTCG: at the beginning of its controller's Attack Phase (10.1.1, Attack Preparation Step)
    "own_destroyed",  # CoJ: one of its controller's units is destroyed (「あなたのユニットが破壊された時」)
    "own_overclock",  # CoJ: one of its controller's units overclocks or clocks up (「あなたのユニットがオーバークロックした時」)
    "own_trigger_used",  # CoJ: its controller's trigger card's effect activates (「あなたのトリガーカードの効果が発動するたび」)
    "opp_trigger_used",  # CoJ: the opponent's trigger card's effect activates
    "own_intercept_used",  # CoJ: its controller's intercept card's effect activates
    "opp_intercept_used",  # CoJ: the opponent's intercept card's effect activates
    "own_discarded",  # CoJ: its controller discards from the hand by the opponent's effect (the other side: opp_discards)
    "deleted",  # CoJ: this unit is deleted (消滅, 「このユニットが消滅した時」)
    "opp_zone_broken",  # CoJ: its controller's effect destroys a card set in the opponent's trigger zone
    "own_zone_broken",  # CoJ: the opponent's effect destroys a card set in its controller's trigger zone
    # GBF timings (docs/policies_gbf.md): "at the start of your ..." (r. 6-3-1-1, 7-2-1-1, 7-4-1-1, 6-5-1-1; the
    # turn's start is turn_start, r. 6-2-2) and the subject-less "on job change" / "on limit break" (r. 8-7-2-2)
    "main_start",
    "battle_start",
    "attack_step",
    "damage_step",
    "burst_start",
    "job_change",
    "limit_break",
    "hand_empty",  # GBF state trigger (r. 8-7-5): its controller's hand has no card
    "each_attack_phase",  # FFTCG: at the beginning of each player's Attack Phase (10.1.1; "during each player's turn")
)

OPS = (
    "none",
    "draw",  # draw `amount`
    "damage",  # deal `amount` damage to a target character (FFTCG Forward damage, CoJ BP damage)
    "break",  # break/destroy a target character with cost <= param (param 0 = no limit; FFTCG: param < 0 =
              # cost >= -param, and the same cost filter applies to its other targeted ops; CoJ: amount > 0 =
              # only a target of clock level >= amount)
    "break_power",  # break/destroy a target character with power/BP <= param
    "dull",  # dull (tap) a target character / take its action right
    "freeze",  # dull and freeze a target (does not untap next turn)
    "pump",  # +amount power/BP to a target until end of turn (CoJ: param 1 = 基本BP, a lasting base change)
    "weaken",  # -amount power/BP to a target until end of turn (CoJ: param 1 = 基本BP as for pump)
    "bounce",  # return a target character to its owner's hand
    "search",  # put a card with type code `param` from the deck into the hand (approximated; CoJ: -1 any card,
               # a param above 4 is the text_hash of a unit species)
    "gain_cp",  # gain `amount` resource this turn
    "player_damage",  # deal `amount` damage to the opposing player (FFTCG damage, CoJ LP)
    "heal",  # remove `amount` damage from own player / gain LP
    "haste",  # grant the attack-this-turn right to a target
    "discard",  # opponent discards `amount` at random; FFTCG: param DISCARD_CHOOSE | n = the opponent reveals
                #   the hand and the controller selects the most expensive card of cost >= n
    "level_up",  # CoJ: +amount clock level to a target
    "recover",  # put `amount` card(s) with type code `param` (-1 = any) from own Break Zone/discard into the hand
    "grant_keyword",  # give a target the keyword with bit `param` (the game's KEYWORDS) until end of turn
                      # (CoJ: amount 1 = for as long as it stays on the field)
    "activate",  # make a target character active again (FFTCG "activate"; CoJ 「行動権を回復する」)
    "no_block",  # a target cannot block until end of turn (FFTCG "cannot block this turn")
    "no_attack",  # a target cannot attack until end of turn
    "cost_reduce",  # static, read from the hand: casting this card costs `amount` less (not below 1)
    "play",  # put a card onto the field: from hand (amount 0), Break Zone (1) or deck (2, a search);
             # param = highest cost (-1 none), E_TMASK = card types (bit per type, 0 = characters),
             # E_THASH = name/job/category hash it must match (0 = any); FFTCG amount >> 2 & 15: how many ("any
             # number": 15), PLAY_DULL: "play it onto the field dull"
    "dig",  # reveal the top `amount` cards, add the first matching E_TMASK/E_THASH (0 = any) to the hand,
            # the others go to the bottom of the deck (FFTCG E_PARAM: how many it adds and DIG_TO_BREAK)
    "untargetable",  # static: cannot be chosen by the opponent's abilities (amount bit 1) / Summons (bit 2)
    "mill",  # put the top `amount` cards of a player's deck (own_player / opp_player) into the Break Zone
    "dull_power",  # dull a target Forward with power <= param (0: the power of the effect's card)
    "fight",  # own Forward (the strongest) gains +amount until end of turn, then deals damage equal to its
              # power to a target opposing Forward (FFTCG "the former deals damage equal to its power to the latter")
    "damage_mod",  # FFTCG static: damage dealt to the target changes by `amount` (param: DM_* flags, DM_MIN)
    "damage_double",  # FFTCG: damage dealt to a target is doubled until end of turn
    "shield",  # FFTCG: the next damage dealt to a target this turn is reduced by `amount`
    "set_power",  # FFTCG: a target's power becomes `amount` until end of turn
    "cast_if",  # FFTCG static, read from the hand: the card can be cast only while its E_COND holds
    "taunt",  # FFTCG static: the opponent's Summons and abilities must choose this card if possible
    "no_break",  # FFTCG: a target cannot be broken this turn; static: not by the opponent's effects that deal no
                 # damage
    "no_bounce",  # FFTCG: a target cannot be returned to its owner's hand by the opponent this turn
    "party_any",  # FFTCG: its controller's Forwards may form a party with any Element this turn
    "zone_break",  # CoJ: destroy `amount` random cards in the opponent's trigger zone
    "flicker",  # FFTCG: remove a target character from the game, then play it onto the field again dull (a new
                # object: its enter abilities trigger)
    "counter",  # FFTCG: place `amount` counters on the target (self); an action cost may remove them (XC_COUNTER)
    "extra_cost",  # FFTCG static, read when the card is cast: "you may pay an extra `amount` CP"; the card remembers
                   # it (the condition COND_COUNT / CNT_PAID)
    "cast_free",  # FFTCG: cast a Summon of cost <= param from the hand without paying its cost (param -1: "of cost X
                  # or less", X paid on resolution); amount 1: it returns to the hand after use
    "chip",  # GBF (r. 10-16): put an `amount` chip (negative: a minus chip) on a target; param 0 ATK, 1 HP, 2 rank
    "reset",  # GBF (r. 10-15): a target's ATK (param 0) or HP (param 1) returns to its original value
    "lose",  # GBF (r. 1-2-5): the target player (opp_player / own_player) loses at once, if its armor area holds
             # at most `param` cards
    "ko_instead",  # GBF static replacement (r. 8-10): if this member would be KO'd, its controller may put `amount`
                   # cards from the hand into the gauge instead, and it stays
    "negate",  # GBF static (r. 10-10-2): the ougi (param bit 1) and / or the continuous effects (bit 2) of the
               # opponent's members are treated as absent while this card is in play
    "grant",  # GBF static (r. 10-10-1, 10-10-3): its controller's other members gain the effect in the slot before
    "negate_received",  # GBF (r. 10-10-2-1): the effects a target has received (its modifications and chips) end
    "break_armor",  # GBF (r. 9-4-2-2, 9-4-2-3-1-1): break `amount` armor cards of the target player, the ones the
                    # effect names (its controller picks them)
)

TARGETS = ("none", "opp_character", "own_character", "self", "opp_player", "own_player", "any_character",
           "all_opp_characters",  # every opposing character (CoJ sweepers such as DEATH)
           "all_players",  # both players at once (CoJ 1: simultaneous 0 LP is a double loss)
           "all_own_characters",  # every character of the effect's controller
           "all_characters",  # every character on the field (FFTCG "all the Forwards", CoJ 「全てのユニット」)
           "chosen",  # FFTCG: the character the ability's previous effect chose ("it" again)
           "party")  # FFTCG: the Forwards of the party whose attack triggered the ability

# compiled effects table columns
E_TRIGGER = 0
E_OP = 1
E_AMOUNT = 2
E_TARGET = 3
E_PARAM = 4
E_COST = 5
E_DULL = 6  # bit 0: dull this card as a cost; bits 1-15: an extra action cost (`Effect.xcost`); bit ACT_CHAIN:
#            the slot continues the previous slot's action ability; bit ACT_ONCE: usable once per turn
# appended columns (engines that ignore them keep working): a condition, a target-type filter and
# a "for each" multiplier of the amount. Encodings (FFTCG engine; see sim/games/fftcg/importer.py):
E_COND = 7  # 0 none; kind = v & 7 (COND_*), bit 3 negates, bits 4-7 card-type mask, bit 8 "other
#             than this card", count n = v >> 9 ("n or more")
E_COND_PARAM = 8  # name/job/category hash the counted cards must match (0 = any)
E_TMASK = 9  # which card types the effect may target (bit 1 << type; 0 = the engine default), bit 8
#              (COND_OTHER) = not this card itself (static "the Forwards other than X you control"), bits 9-11
#              the target's state (TS_*, FFTCG "choose 1 dull Forward"), bits 12-19 its elements (any of them)
E_FOREACH = 10  # amount multiplier: same encoding as E_COND (kind FE_*, type mask, other-than-self)
E_FE_PARAM = 11  # hash the counted cards must match (0 = any); FFTCG search: a second hash it may match instead
E_THASH = 12  # name/job/category hash a target (or a played card) must match (0 = any)
E_COND2 = 13  # a second condition that must hold too, in E_COND's encoding, without a parameter (CoJ; 0 = none)
E_NCOLS = 14

COND_DAMAGE = 1  # own damage >= n (FFTCG "Damage n --", 15.2.x)
COND_OWN = 2  # own field has >= n characters matching (type mask, hash)
COND_OPP = 3  # opponent's field has >= n matching
COND_TRIGGER = 4  # own_attacks / own_enters: the card that triggered it matches (type mask, hash, other); n in bits
#   9-11, the elements it must have one of in bits TRIGGER_ELEM_SHIFT.. (0 = any; FFTCG "When X or a Fire Forward ...")
TRIGGER_ELEM_SHIFT = 12
COND_MY_TURN = 5  # it is the controller's turn
COND_CHOSEN_GONE = 6  # the character the previous effect chose has left the field (it was broken)
COND_COUNT = 7  # a count of the game (CNT_* in bits 4-7, in place of the type mask) is >= n; negated: "n - 1 or less"
CNT_OWN_HAND, CNT_OPP_HAND, CNT_OWN_DAMAGE, CNT_OPP_DAMAGE, CNT_CAST, CNT_PAID = 0, 1, 2, 3, 4, 5  # CNT_CAST: cards
#   its controller has cast this turn; CNT_PAID: 1 when the effect's card was cast paying its extra cost
CNT_BROKEN, CNT_BROKEN_FORWARD = 6, 7  # its controller's Characters / Forwards matching the hash E_COND_PARAM
#   (0 = any) put from the field into the Break Zone this turn
CNT_BZ_TYPES = 8  # how many of the four card types its controller's Break Zone holds (FFTCG Titania 13-132S)
CNT_BREAK_ZONE = 9  # its controller's Break Zone cards matching the hash E_COND_PARAM (FFTCG Innocence 13-137S)
FE_OWN = 2  # count own characters matching
FE_OPP = 3  # count opposing characters matching
FE_OWN_HAND = 4  # cards in own hand
FE_OPP_HAND = 5  # cards in the opponent's hand
FE_OWN_DAMAGE = 6  # points of damage the controller has received
FE_CAST = 7  # cards the controller has cast this turn
FE_SELF_POWER = 1  # the effect's card's power (amount 1): "damage equal to X's power" (FFTCG)
COND_NOT = 8
FE_DULL = 8  # "for each dull <kind>": the bit conditions use for negation counts only dull characters
COND_OTHER = 256
# E_TMASK: the state a chosen target must be in, and the elements it must have one of
TMASK_STATE_SHIFT, TMASK_ELEM_SHIFT = 9, 12
# E_TMASK bits 20-27 of a card taken from a deck or Break Zone (FFTCG search / recover): its cost is at most this - 1
TMASK_COST_SHIFT = 20
# E_TMASK of a chosen target (FFTCG "choose up to n Forwards", "choose 2 Forwards" of either side): only the side a
# player would pick (the opponent's for harmful ops), never a forced choice on the other side
TMASK_ONE_SIDE = 1 << 28
# E_TMASK of the second to nth copies of a "choose up to n / choose n <cards>. <do> them" effect: a card the earlier
# copies chose is not chosen again (FFTCG "choose up to 2 Forwards. Deal them 5000 damage": two different Forwards)
TMASK_NEW_PICK = 1 << 29
TS_DULL, TS_ACTIVE, TS_ATTACKING, TS_BLOCKING, TS_DAMAGED = 1, 2, 3, 4, 5
# E_FOREACH count n (bits 9 and up): the count is capped at n ("up to 3 Forwards"; 0 = no cap)
# damage_mod (E_PARAM): which damage it changes; the threshold is param >> DM_MIN
DM_ABILITY = 1  # only damage from abilities and Summons (not battle damage)
DM_DULL = 2  # only while the card is dull
DM_ZERO = 4  # the damage becomes 0 (amount unused)
DM_DEALS = 8  # damage this card deals to a Forward, not damage it receives
DM_MIN = 4  # param >> DM_MIN: only damage of at least this much
# extra costs of an action ability, paid with its CP (FFTCG 11.6.2): kind = xcost & 7, n = xcost >> 3
XC_DISCARD = 1  # discard n cards from the hand
XC_MILL = 2  # put the top n cards of the deck into the Break Zone
XC_SELF = 3  # auto ability: "you may put X into the Break Zone. When you do so, ...", paid on resolution
XC_BACKUP = 4  # auto ability: "you may put 1 Backup you control into the Break Zone. When you do so, ..."
XC_SPECIAL = 5  # Special Ability (FFTCG 11.7.1): discard 1 card with the same name as this card
XC_COUNTER = 6  # remove n counters from this card (placed by the op "counter")
XC_RETURN = 7  # return n cards from the hand to the deck (PSO2 209.1.3.1.1 "手札をX枚デッキに戻す")
# FFTCG ability costs (E_COST): the CP to pay in bits 0-5 and, from bit COST_ELEM_SHIFT, 3 bits per element (the game's
# ELEMENTS order) for the CP of that element among them ("《雷》《雷》《1》": 3 CP, 2 of them Lightning; 11.6.2)
COST_ELEM_SHIFT = 6
COST_CP = (1 << COST_ELEM_SHIFT) - 1
# FFTCG action abilities with several effects take consecutive slots: the first pays the cost and the
# others (ACT_CHAIN set) resolve with it; ACT_ONCE: "You can only use this ability once per turn"; ACT_MY_TURN: "You
# can only use this ability during your turn / Main Phase" (the opponent's turn has an instant-speed window)
ACT_CHAIN = 16
ACT_ONCE = 17
ACT_MY_TURN = 28
# A modal ability ("select [up to] n of the m following actions") keeps every option that parses; its player
# picks the options (FFTCG 11.3.4, 11.8.10; the engine asks when the ability's first slot resolves).
# Effect.mode, stored in E_DULL from bit MODE_SHIFT: n in bits 0-3, the option's 1-based place in the printed list in bits 4-7 (an option of several
# effects takes consecutive slots with the same place), MODE_FIRST on the ability's first slot, MODE_UP_TO for
# "up to n"
MODE_SHIFT = 18
MODE_FIRST = 256
MODE_UP_TO = 512
DISCARD_CHOOSE = 1 << 16  # discard (opponent): the controller selects the card (E_PARAM low bits: lowest cost)
PLAY_DULL = 64  # play (E_AMOUNT): the card enters the field dull
DIG_TO_BREAK = 256  # dig (E_PARAM; low bits: how many cards it adds, 0 = 1): the other revealed cards go to the Break Zone
NO_EX_BURST = 1  # player_damage (E_PARAM): the EX Bursts of the cards this damage reveals cannot be used (FFTCG 11.10)


def cond_code(kind: int, n: int = 1, tmask: int = 0, other: bool = False, negate: bool = False) -> int:
    return kind | (COND_NOT if negate else 0) | (tmask << 4) | (COND_OTHER if other else 0) | (n << 9)


def text_hash(s: str) -> int:
    """Stable positive 31-bit id of a name / job / category (compared by engines, never 0)."""
    import zlib
    return (zlib.crc32(s.strip().lower().encode()) & 0x7FFFFFFF) or 1


@dataclass(frozen=True)
class Effect:
    trigger: str
    op: str
    amount: int = 0
    target: str = "none"
    param: int = 0
    cost: int = 0
    dull: bool = False
    cond: int = 0
    cond_param: int = 0
    tmask: int = 0
    foreach: int = 0
    fe_param: int = 0
    thash: int = 0
    xcost: int = 0  # extra action cost: XC_* kind | n << 3, stored above the dull bit of E_DULL
    chain: bool = False  # action ability: resolves with the previous slot, whose cost pays for both
    once: bool = False  # action ability: once per turn
    my_turn: bool = False  # action ability: only during its controller's turn (or Main Phase)
    mode: int = 0  # option of a modal ability (FFTCG 11.3.4): MODE_* bits, stored from bit MODE_SHIFT of E_DULL
    cond2: int = 0  # E_COND2 (CoJ): a second condition

    def __post_init__(self) -> None:
        for value, vocabulary, what in ((self.trigger, TRIGGERS, "trigger"), (self.op, OPS, "op"),
                                        (self.target, TARGETS, "target")):
            if value not in vocabulary:
                raise ValueError(f"unknown effect {what} {value!r} (one of: {', '.join(vocabulary)})")

    def row(self) -> tuple[int, ...]:
        dull = int(self.dull) | self.xcost << 1 | int(self.chain) << ACT_CHAIN | int(self.once) << ACT_ONCE \
            | self.mode << MODE_SHIFT | int(self.my_turn) << ACT_MY_TURN
        return (TRIGGERS.index(self.trigger), OPS.index(self.op), self.amount, TARGETS.index(self.target),
                self.param, self.cost, dull, self.cond, self.cond_param, self.tmask, self.foreach, self.fe_param,
                self.thash, self.cond2)


def parse_effect(spec: str) -> Effect:
    """Read "trigger:op:amount[:target[:param[:cost[:costs[:filter]]]]]"; raises ValueError naming the bad part.

    `costs`: "1" / "true" / "dull" (dull this card as a cost), or "+"-joined tokens "dull", "discardN" (discard
    N cards from the hand, XC_DISCARD), "returnN" (return N cards from the hand to the deck, XC_RETURN) and "once"
    (an activated effect usable once per turn: Effect.once, GBF r. 10-5).
    `filter`: "+"-joined tokens "my_turn" (the condition COND_MY_TURN: "during your turn"), "name=NAME" and
    "class=CLASS" (a target must have that name or class: E_THASH, the text_hash of NAME / CLASS)."""
    parts = [p.strip() for p in spec.split(":")]
    if len(parts) < 2 or len(parts) > 8:
        raise ValueError(f"effect {spec!r} is not trigger:op[:amount[:target[:param[:cost[:costs[:filter]]]]]]")
    trigger, op = parts[0], parts[1]
    try:
        amount = int(parts[2]) if len(parts) > 2 and parts[2] else 0
        target = parts[3] if len(parts) > 3 and parts[3] else "none"
        param = int(parts[4]) if len(parts) > 4 and parts[4] else 0
        cost = int(parts[5]) if len(parts) > 5 and parts[5] else 0
    except ValueError as exc:
        raise ValueError(f"effect {spec!r}: amount, param and cost must be whole numbers") from exc
    if max(abs(amount), abs(param), abs(cost)) > 1_000_000:  # the compiled effect table is int32
        raise ValueError(f"effect {spec!r}: amount, param and cost must be within -1,000,000..1,000,000")
    dull, xcost, once = _costs(spec, parts[6] if len(parts) > 6 else "")
    cond, thash = _filter(spec, parts[7] if len(parts) > 7 else "")
    return Effect(trigger, op, amount, target, param, cost, dull, cond=cond, thash=thash, xcost=xcost, once=once)


def _costs(spec: str, field: str) -> tuple[bool, int, bool]:
    """The costs field of an inline effect: (dull, xcost, once)."""
    if field in ("", "0", "false"):
        return False, 0, False
    if field in ("1", "true"):
        return True, 0, False
    dull, xcost, once = False, 0, False
    for token in field.split("+"):
        name = token.rstrip("0123456789")
        if token == "dull":
            dull = True
        elif token == "once":
            once = True
        elif name in _XCOSTS and name != token and not xcost:
            xcost = _XCOSTS[name] | int(token[len(name):]) << 3
        else:
            raise ValueError(f"effect {spec!r}: cost {token!r} is not dull, once, discardN or returnN (one of the last "
                             "two; PSO2 209.1.3.1.1: N cards of the own hand)")
    return dull, xcost, once


_XCOSTS = {"discard": XC_DISCARD, "return": XC_RETURN}


def _filter(spec: str, field: str) -> tuple[int, int]:
    """The filter field of an inline effect: (cond, thash)."""
    cond, thash = 0, 0
    for token in field.split("+") if field else ():
        key, _, value = token.partition("=")
        if token == "my_turn":
            cond = cond_code(COND_MY_TURN)
        elif key in ("name", "class") and value.strip() and not thash:
            thash = text_hash(value)
        else:
            raise ValueError(f"effect {spec!r}: filter {token!r} is not my_turn, name=NAME or class=CLASS (one of "
                             "the last two; PSO2 501.1.3, 206.2, 208.1.2.1)")
    return cond, thash
