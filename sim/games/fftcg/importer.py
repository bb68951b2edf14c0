"""FFTCG card text (Square markup, English) -> keywords, effects and the ability lines left unmodelled.

One ability = one `[[br]]` line of the card text; a modal line ("Select 1 of the 3 following
actions.") takes the quoted options that follow it. A line is *modelled* when every sentence of it
maps onto the effect vocabulary (sim.cards.effects) or is a rider we knowingly drop (listed in IGNORED:
"once per turn" of auto abilities, EX Burst bonus amounts, reminder text). An action ability's effects take
consecutive slots, the first paying for all (Effect.chain); its "once per turn" is kept (Effect.once), and its
"You can only use this ability during your turn / Main Phase" (Effect.my_turn: the engine uses action abilities in
their controller's Main Phases and, for removal, in the defender's window after a battle, which skips them). Known approximations, made on purpose:
- "choose 1 Forward" without "opponent controls" / "you control" (any_character) may choose a Forward of either side
  (core.choose_target: the side a player would pick, else the other); "choose up to n" / "choose n" only the side a
  player would pick (E_TMASK TMASK_ONE_SIDE), and n different cards (the later copies' TMASK_NEW_PICK);
- "gain 《C》" gains a Crystal (rule 6.8), not CP; Crystals are not modelled, so the gain is dropped (IGNORED);
- a Special Ability (rule 11.7) is an action ability whose extra cost discards a card of the same name
  (Effect.xcost XC_SPECIAL, 11.7.1);
- an action ability's and a "you may pay" cost's element CP are paid as printed (11.6.2: 《火》《1》 is 2 CP, 1 of
  them Fire; E_COST packs both, sim.cards.effects COST_ELEM_SHIFT); an extra cost ("you may pay an extra 《火》")
  is CP of any element;
- a modal ability keeps every option that parses and its player picks among them (Effect.mode); a line with an
  option that does not parse counts as not modelled. With an "If X, select more ... instead" upgrade it keeps
  its first options that parse and the upgrade's under X, with no choice.
Conditions are modelled when the engine can check them (E_COND, sim.cards.effects): "Damage n --" (own
damage >= n), "you have received n points of damage or more", "if you control [n or more] <kind>",
"if your opponent controls / doesn't control <kind>", where <kind> is a card type and/or a Card Name,
Job or Category (matched by a hash of the name, job or category; an element or a state such as
"dull" in <kind> is NOT tracked, so such lines stay unmodelled), and "a <kind> / Forward you controlled has been
put from the field into the Break Zone this turn" (COND_COUNT with CNT_BROKEN / CNT_BROKEN_FORWARD). Other
conditions stay unmodelled.
Also modelled: "for each <kind> you control / opponent controls / card in a hand" amounts
(E_FOREACH), Backup/Monster/named targets (E_TMASK/E_THASH) and their state and elements ("choose 1 dull /
active / attacking / blocking / damaged Fire Forward", E_TMASK bits 9-19; any other qualifier, such as
"multi-element", leaves the line unmodelled), "cannot block/attack this turn",
the card's own static cost reduction ("the cost required to cast X is reduced by N", floored at 1),
"play ... onto the field" from the hand, the Break Zone or the deck (its elements and cost limit kept; "choose any
number of <kind> with different names in your Break Zone. Play them": one play per name), "reveal the top n ... add
1 X among them" (dig); "other than Card Name X" with X the card itself (COND_OTHER), another name unmodelled,
auto abilities on being dealt damage / an opposing Forward leaving or broken / a Summon cast,
"cannot be chosen by your opponent's Summons/abilities", own and each-player discards.
Action costs may also discard cards or put the top cards of the deck into the Break Zone (Effect.xcost);
"you may put X / 1 Backup you control into the Break Zone. When you do so, ..." in an auto ability is an
optional cost paid on resolution (XC_SELF / XC_BACKUP); "for each dull <kind>" counts (FE_DULL); "if its
cost is equal to or less than the damage you have received, break it" (a counted cost limit). A static
bonus with "If <cond>, ... instead" is the base bonus plus, under the condition, what the alternative adds.
Also: static "[If <cond>, ]X cannot attack / block" (the restriction keyword bits), static damage replacement
("If X receives damage, the damage increases by n / becomes 0 instead", damage_mod),
"during this turn, if it is dealt damage, double the damage" / "the next damage dealt to it is reduced by n",
"its power becomes n", "deal it n damage and m more damage for each ..." (a second effect on the "chosen" card),
"when it is put ... into the Break Zone this turn, draw" (COND_CHOSEN_GONE), "When a <kind> you control attacks" /
"When a <kind> enters your field" (own_attacks / own_enters, the kind in COND_TRIGGER), "(up to n ...)" caps of a
count, "must choose X if possible", "cannot be broken / returned", "can form a party with Forwards of any Element",
cast restrictions (cast_if, also "You can only play X if <condition>") and "This effect will trigger only during
your turn" (COND_MY_TURN). "At the beginning of the Attack Phase during each of your turns" / "of your Attack Phase"
is the trigger attack_phase, "... during each player's turn" each_attack_phase (the opponent's Attack Phase too),
"At the beginning of Main Phase 1 during each of your turns" / "of your Main Phase 1" turn_start. "Dull active X:" is the dull icon's cost.
"When X or a <kind> enters your field" / "When X or a <kind> you control attacks" is X's own entry / attack and,
own_enters / own_attacks for the kind's other members (its elements too: "When Zack or a Fire Forward ..."); a kind
the engine cannot match leaves the line unmodelled. The card type a choice names is kept ("choose 1 Forward": E_TMASK
type bit, 11.8.4); "Dull it and Freeze it" is a dull and a freeze of the same card; "X can only attack if A, or if
B"; "EX Bursts of cards put into the Damage Zone due to this damage cannot be used" (NO_EX_BURST); "choose 1 Card
Name A or Card Name B or Card Name C ... in your Break Zone" (one modal option per name; the player takes the name it
values most, core.name_choice). Approximations:
"select 1 Character you control. Put it into the Break Zone" is a break; "turn over one card at a time ... until a
Fire or Water card is revealed. Add it to your hand" is a search for a card of those elements (the player picks it);
a Summon with EX BURST keeps
one copy of its effects (the engine resolves a Summon's cast effects as its EX Burst, 11.10.3).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, replace

from sim.cards.effects import (
    CNT_BREAK_ZONE,
    CNT_BROKEN,
    CNT_BROKEN_FORWARD,
    CNT_BZ_TYPES,
    CNT_CAST,
    CNT_OPP_DAMAGE,
    CNT_OPP_HAND,
    CNT_OWN_HAND,
    CNT_PAID,
    COND_CHOSEN_GONE,
    COND_COUNT,
    COND_DAMAGE,
    COND_MY_TURN,
    COND_NOT,
    COND_OPP,
    COND_OTHER,
    COND_OWN,
    COND_TRIGGER,
    COST_CP,
    COST_ELEM_SHIFT,
    DIG_TO_BREAK,
    DISCARD_CHOOSE,
    DM_ABILITY,
    DM_DEALS,
    DM_DULL,
    DM_MIN,
    DM_ZERO,
    FE_CAST,
    FE_DULL,
    FE_OPP,
    FE_OPP_HAND,
    FE_OWN,
    FE_OWN_DAMAGE,
    FE_OWN_HAND,
    FE_SELF_POWER,
    MAX_EFFECTS,
    MODE_FIRST,
    MODE_UP_TO,
    NO_EX_BURST,
    PLAY_DULL,
    TMASK_COST_SHIFT,
    TMASK_ELEM_SHIFT,
    TMASK_NEW_PICK,
    TMASK_ONE_SIDE,
    TMASK_STATE_SHIFT,
    TRIGGER_ELEM_SHIFT,
    TS_ACTIVE,
    TS_ATTACKING,
    TS_BLOCKING,
    TS_DAMAGED,
    TS_DULL,
    XC_BACKUP,
    XC_COUNTER,
    XC_DISCARD,
    XC_MILL,
    XC_SELF,
    XC_SPECIAL,
    Effect,
    cond_code,
    text_hash,
)
from sim.cards.model import CARD_TYPES, ELEMENTS

KEYWORDS = ("haste", "brave", "first_strike", "back_attack")  # FFTCG 15.2.1, 15.2.2, 15.2.3, 15.2.5
_KEYWORD_WORDS = {"haste": "haste", "brave": "brave", "first strike": "first_strike", "back attack": "back_attack"}
# static "X cannot attack / block": the engine's keyword bits KW_NO_BLOCK (1 << 4), KW_NO_ATTACK (1 << 5)
RESTRICTION_BITS = {"block": len(KEYWORDS), "attack": len(KEYWORDS) + 1}
# static "X can only attack if A, or if B": KW_ONLY_IF (1 << 13) always, KW_MAY_ATTACK (1 << 14) under each condition
ONLY_IF_BIT, MAY_ATTACK_BIT = 13, 14
_ONLY_ATTACK_IF = re.compile(r"^@SELF can only attack if (.+?)(?:,? or if (.+?))?\.?$", re.I)
ANY_TYPE = -1  # search / recover param: any card type; else the index into CARD_TYPES["fftcg"]


@dataclass(frozen=True)
class ParsedText:
    keywords: frozenset[str] = frozenset()
    effects: tuple[Effect, ...] = ()
    unmodelled: tuple[str, ...] = ()
    ex_burst: bool = False
    lb_cost: int = -1
    lines: int = 0  # ability lines counted for coverage


# ---------------------------------------------------------------- cleaning and splitting

_FULLWIDTH = str.maketrans("０１２３４５６７８９", "0123456789")
_MARKUP = re.compile(r"\[\[(?:i|/|b|s)\]\]|</?p>")
# the pool closes an italic name right against the next word ("Job Chocobo[[/]]or", "Category IX[[/]]Forward"):
# dropping the tag alone would glue them into a name no card has
_GLUED = re.compile(r"(?<=\w)\[\[/\]\](?=(?:or|and|among|from|card|other|of|with|you|in|Forward|Backup|Character|Summon"
                    r"|Monster|Choose)\b)")
_LB = re.compile(r"^Limit Break\s*--\s*(\d+)$", re.I)
_MODAL = re.compile(r"select (?:up to )?(\d+) of the (?:\d+ )?following actions", re.I)
_QUOTED = re.compile(r"[\"“]([^\"”]+)[\"”]")


def clean(text: str) -> str:
    if "&" in text:
        text = html.unescape(text)
    if "《" in text:  # full-width digits only appear in CP symbols
        text = text.translate(_FULLWIDTH)
    text = text.replace("\r\n", " ").replace("\n", " ")
    text = text.replace("[[ex]]", "").replace("EX BURST", " EX BURST ")
    return text


def ability_lines(text: str) -> list[str]:
    """The card's abilities, one string each (a modal line with its quoted options)."""
    raw = [re.sub(r"\s+", " ", _MARKUP.sub("", _GLUED.sub(" ", line))).strip() for line in clean(text).split("[[br]]")]
    lines: list[str] = []
    for line in raw:
        if not line:
            continue
        if lines and line[0] in "\"“" and _MODAL.search(lines[-1]):
            lines[-1] = f"{lines[-1]} {line}"
        else:
            lines.append(line)
    return lines


# ---------------------------------------------------------------- sentences -> effects

_N = r"(\d+|one|two|three)"
_WORDS = {"one": 1, "two": 2, "three": 3, "a": 1}


def _num(s: str) -> int:
    return _WORDS[s.lower()] if s.lower() in _WORDS else int(s)


_CHOOSE = re.compile(
    r"^choose (up to )?" + _N + r" (.*?)(?: of cost (\d+) or less)?(?: of cost (\d+) or (?:more|higher))?"
    r"(?: with (?:a )?power (?:of )?(\d+) or less)?"
    r"( opponent controls| you control)?( other than @SELF)?$", re.I)
# "choose 1 Character other than X you control": the same as "... you control other than X"
_OTHER_FIRST = re.compile(r"^(choose .+?) other than @SELF( you control| opponent controls)$", re.I)
# what a choose may pick: Forwards / Characters, possibly narrowed by job, name, category, element or state
_CHOOSE_KIND = re.compile(r"^(?:(?:[^.\d]*?) )?(?:forwards?|characters?|backups?|monsters?|forwards? (?:and/)?or monsters?)$"
                          r"|^(?:(?:dull|active|attacking|blocking) )?(?:job|card name|category) [^.\d]*$", re.I)
_ON_IT = [  # what "it/them" gets, after a choose
    (re.compile(r"^deal (?:it|them) (\d+) damage$", re.I), "damage", True),
    (re.compile(r"^deal (?:it|them) damage equal to @SELF'?s'? power$", re.I), "damage_self_power", False),
    (re.compile(r"^deal it and @SELF (\d+) damage$", re.I), "damage+self_damage", True),  # X is hurt too
    (re.compile(r"^break (?:it|them)$", re.I), "break", False),
    # "Dull it and Freeze it": both, on the same card (Freeze alone does not dull, 15.2.4.2)
    (re.compile(r"^dull (?:it|them) and freeze (?:it|them)$", re.I), "dull+freeze_chosen", False),
    (re.compile(r"^freeze (?:it|them)$", re.I), "freeze", False),
    (re.compile(r"^dull (?:it|them)$", re.I), "dull", False),
    (re.compile(r"^(?:it gains|they gain) \+(\d+) power until the end of the turn$", re.I), "pump", True),
    (re.compile(r"^until the end of the turn, (?:it gains|they gain) \+(\d+) power$", re.I), "pump", True),
    (re.compile(r"^(?:it loses|they lose) (\d+) power until the end of the turn$", re.I), "weaken", True),
    (re.compile(r"^until the end of the turn, (?:it loses|they lose) (\d+) power$", re.I), "weaken", True),
    (re.compile(r"^(?:it gains|they gain) haste until the end of the turn$", re.I), "haste", False),
    (re.compile(r"^return (?:it|them) to (?:its|their) owner'?s'? hands?$", re.I), "bounce", False),
    (re.compile(r"^activate (?:it|them)$", re.I), "activate", False),
    (re.compile(r"^(?:it|they) cannot block this turn$", re.I), "no_block", False),
    (re.compile(r"^(?:it|they) cannot attack this turn$", re.I), "no_attack", False),
    (re.compile(r"^(?:it|they) cannot attack or block this turn$", re.I), "no_attack+no_block", False),
    # removed from the game / put under the deck: modelled as a break (it leaves the field for good; the
    # difference is only which "when broken" triggers fire)
    (re.compile(r"^remove (?:it|them) from the game$", re.I), "break", False),
    (re.compile(r"^put (?:it|them) at the bottom of (?:its|their) owner'?s'? deck$", re.I), "break", False),
    (re.compile(r"^put (?:it|them) on top of (?:its|their) owner'?s'? deck$", re.I), "bounce", False),
    # after "Return it to its owner's hand": on top of the deck is a bounce too, so only the draw is added
    (re.compile(r"^put (?:it|them) on top of (?:its|their) owner'?s'? deck and draw (\d+) cards? instead$", re.I),
     "draw", True),
    (re.compile(r"^(?:it gains|they gain) (brave|first strike) until the end of the turn$", re.I), "grant_keyword",
     False),
    (re.compile(r"^during this turn, if (?:it is|they are) dealt damage, double the damage instead$", re.I),
     "damage_double", False),
    (re.compile(r"^during this turn, the next damage dealt to (?:it|them) is reduced by (\d+) instead$", re.I), "shield",
     True),
    (re.compile(r"^its power becomes (\d+) until the end of the turn$", re.I), "set_power", True),
    (re.compile(r"^(?:it|they) cannot be broken this turn$", re.I), "no_break", False),
    (re.compile(r"^during this turn, (?:it|they) cannot be returned to (?:its|their) owner'?s'? hands? by your"
                r" opponent'?s'? summons or abilities$", re.I), "no_bounce", False),
    # "Deal it 5000 damage. When it is put from the field into the Break Zone this turn, draw 1 card": drawn when
    # that damage breaks it (a later break the same turn is not tracked)
    (re.compile(r"^when (?:it|they) (?:is|are) put from the field into the break zone this turn, draw (\d+) cards?$",
                re.I), "draw_if_gone", True),
    # param 0: less than this card's power on resolution
    (re.compile(r"^if its power is less than @SELF'?s'? power, break it$", re.I), "break_power", False),
    # the second half of "Deal it 4000 damage and 1000 more damage for each ..." (rewritten in parse_body)
    (re.compile(r"^deal it again (\d+) damage$", re.I), "damage_chosen", True),
    (re.compile(r"^until the end of the turn, (?:it gains|they gain) (haste|brave|first strike)$", re.I),
     "grant_keyword", False),
    # "Remove it from the game. Then, play the removed Forward onto the field dull" (rewritten in parse_body)
    (re.compile(r"^flicker (?:it|them)$", re.I), "flicker", False),
    # after "You may return it to its owner's hand" / "break it": drawn if the chosen card left the field
    (re.compile(r"^if you do so, draw (\d+) cards?$", re.I), "draw_if_done", True),
    (re.compile(r"^return it and @SELF to their owners'? hands?$", re.I), "bounce+self_bounce", False),
]
_NAME_LIST = re.compile(r",? or ", re.I)
_NAME_ITEM = re.compile(r"^card name (.+)$", re.I)
_NAME_SERIES = re.compile(r",? or |, (?=card name )", re.I)  # "Card Name A, Card Name B, or Card Name C"
_RECOVER = re.compile(r"^choose (up to )?" + _N + r" (.+?) ?(?:in|from) your break zone( other than @SELF)?\. (?:you may )?"
                      r"add (?:it|them) to your hand$", re.I)
_SEARCH = re.compile(r"^(?:you may )?search for (?:up to )?" + _N + r" (.+?) ?and add (?:it|them) to your hand$", re.I)
_PARTY_AFTER_DRAW = re.compile(r"^(draw \d+ cards?), (all (?:the )?forwards (?:in|forming) (?:that|the) party)", re.I)
_SIMPLE = [  # sentences that stand alone: (pattern, op, target, amount group or fixed)
    (re.compile(r"^draw " + _N + r" cards?$", re.I), "draw", "own_player"),
    (re.compile(r"^your opponent discards " + _N + r" cards?(?: from (?:his/her|their) hand)?$", re.I), "discard",
     "opp_player"),
    (re.compile(r"^@SELF deals you " + _N + r" points? of damage$", re.I), "player_damage", "own_player"),
    (re.compile(r"^@SELF deals your opponent " + _N + r" points? of damage$", re.I), "player_damage", "opp_player"),
    (re.compile(r"^deal (\d+) damage to all (?:the )?forwards opponent controls$", re.I), "damage",
     "all_opp_characters"),
    (re.compile(r"^deal (\d+) damage to all (?:the )?forwards$", re.I), "damage", "all_characters"),
    (re.compile(r"^all (?:the )?forwards you control gain \+(\d+) power until the end of the turn$", re.I), "pump",
     "all_own_characters"),
    (re.compile(r"^all (?:the )?forwards opponent controls lose (\d+) power until the end of the turn$", re.I),
     "weaken", "all_opp_characters"),
    (re.compile(r"^@SELF gains \+(\d+) power until the end of the turn$", re.I), "pump", "self"),
    (re.compile(r"^until the end of the turn, @SELF gains \+(\d+) power$", re.I), "pump", "self"),
    (re.compile(r"^@SELF gains (brave|first strike|haste) until the end of the turn$", re.I), "grant_keyword", "self"),
    # the Forwards of the party now attacking (after "When X forms a party and attacks" / "... form a party and attack")
    (re.compile(r"^@SELF and all (?:the )?forwards forming a party with it gain \+(\d+) power until the end of the turn$",
                re.I), "pump", "party"),
    (re.compile(r"^all (?:the )?forwards (?:in|forming) (?:that|the) party gain \+(\d+) power until the end of the turn$",
                re.I), "pump", "party"),
    (re.compile(r"^all (?:the )?forwards (?:in|forming) (?:that|the) party gain [\"“](?:this forward|@SELF) cannot be broken\.?[\"”]"
                r" until the end of the turn$", re.I), "no_break", "party"),
    (re.compile(r"^dull all (?:the )?forwards opponent controls$", re.I), "dull", "all_opp_characters"),
    (re.compile(r"^activate all (?:the )?(?:forwards|characters) you control$", re.I), "activate", "all_own_characters"),
    (re.compile(r"^activate @SELF$", re.I), "activate", "self"),
    (re.compile(r"^freeze all (?:the )?forwards opponent controls$", re.I), "freeze", "all_opp_characters"),
    (re.compile(r"^all (?:the )?forwards cannot block this turn$", re.I), "no_block", "all_characters"),
    (re.compile(r"^return @SELF to its owner'?s'? hand$", re.I), "bounce", "self"),
    (re.compile(r"^discard " + _N + r" cards? from your hand$", re.I), "discard", "own_player"),
    (re.compile(r"^each player discards " + _N + r" cards? from (?:his/her|their) hand$", re.I), "discard",
     "all_players"),
    # after "choose 1 Forward. Break it.": the chosen card's controller, of either side (core.exec_effect)
    (re.compile(r"^that forward'?s'? controller discards " + _N + r" cards? from (?:their|his/her) hand$", re.I),
     "discard", "chosen"),
    (re.compile(r"^all (?:the )?forwards opponent controls cannot block this turn$", re.I), "no_block",
     "all_opp_characters"),
    (re.compile(r"^during this turn, the next damage dealt to @SELF is reduced by (\d+) instead$", re.I), "shield",
     "self"),
    (re.compile(r"^the forwards you control can form a party with forwards of any element this turn$", re.I),
     "party_any", "own_player"),
    (re.compile(r"^place (\d+) [a-z ]*counters? on @SELF$", re.I), "counter", "self"),
]
IGNORED = [  # riders dropped on purpose (see module docstring); an action's "once per turn" is read by parse_ability
    re.compile(r"^you can only use this ability (?:during your turn|once per turn|during your main phase"
               r"(?:, and only once per turn)?|during your turn and only once per turn)$", re.I),
    re.compile(r"^this effect will trigger only once per turn$", re.I),
    # "gain 《C》" gains a Crystal, which is not CP (rule 6.8) and pays only 《C》 costs; Crystals are left out (digest
    # section 14), so the gain is dropped: a line that does nothing else is not modelled
    re.compile(r"^(?:also )?gain (?:《C》)+$", re.I),
    re.compile(r"^if @SELF results from an ex burst, .* instead$", re.I),
    # where a broken card goes (Break Zone or removed from game) barely changes a simulated game
    re.compile(r"^if it is put from the field into the break zone this turn, remove it from the game instead$", re.I),
    # "loses all abilities" before a break only stops its leave triggers
    re.compile(r"^it loses all (?:its )?abilities until the end of the turn$", re.I),
    # a conditional upgrade of the amount just dealt: the base amount is kept (undervalues slightly)
    re.compile(r"^if [^,]+, (?:deal (?:it|them)|(?:it|they) (?:loses?|gains?)) \d+ (?:more )?(?:damage|power)"
               r"(?: until the end of the turn)? instead$", re.I),
]


_TYPE_WORDS = [re.compile(rf"\b{t}s?\b", re.I) for t in CARD_TYPES["fftcg"]]


def _type_param(words: str) -> int:
    types = CARD_TYPES["fftcg"]
    found = [t for t, pattern in zip(types, _TYPE_WORDS, strict=True) if pattern.search(words)]
    return types.index(found[0]) if len(found) == 1 else ANY_TYPE


_CHOICE_TARGETS = ("any_character", "own_character", "opp_character")  # _target's: a card chosen on resolution
_CHOSEN_SIDES = ("any_character", "own_character")  # the targets of a choice that may take the card itself


def _target(op: str, side: str | None) -> str:
    """The side a chosen character is on: the printed one, else either ("choose 1 Forward", 11.8.4: core.choose_target
    looks first on the side a player would pick, the opponent's for harmful ops, core.harmful)."""
    if side and "opponent" in side:
        return "opp_character"
    if side and "you control" in side:
        return "own_character"
    return "any_character"


def _sentences(body: str) -> list[str]:
    parts = re.split(r"(?<=[.!])\s+|,\s+then,?\s+(?=[a-z])", body.strip())
    parts = [re.sub(r"^then,\s+", "", p.strip(), flags=re.I) for p in parts]  # "Then, you may play ..."
    return [p.rstrip(".").strip() for p in parts if p.rstrip(".").strip()]


def _keyword_effects(words: str) -> list[tuple[str, int, int]] | None:
    """"Haste, First Strike and Brave" -> (op, amount, param) per keyword; None if any is not one."""
    out = []
    for word in re.split(r",\s*(?:and\s+)?|\s+and\s+", words.strip().lower()):
        if word not in _KEYWORD_WORDS:
            return None
        name = _KEYWORD_WORDS[word]
        out.append(("haste", 0, 0) if name == "haste" else ("grant_keyword", 0, KEYWORDS.index(name)))
    return out


_GAINS = re.compile(r"^(?:until the end of the turn, )?(?:it gains|they gain) (.+?)(?: until the end of the turn)?$", re.I)


def _gains(words: str) -> list[tuple[str, int, int]] | None:
    out: list[tuple[str, int, int]] = []
    for item in re.split(r",\s*(?:and\s+)?|\s+and\s+", words.strip()):
        qm = re.match(r"^[\"“]@SELF cannot be chosen by your opponent'?s'? (summons or abilities|summons|abilities)\.?[\"”]$",
                      item, re.I)
        if qm:
            out.append(("untargetable", {"abilities": 1, "summons": 2}.get(qm.group(1).lower(), 3), 0))
            continue
        qm = re.match(r"^[\"“]@SELF cannot (block|attack)\.?[\"”]$", item, re.I)
        if qm:  # "It gains "This Forward cannot block." until the end of the turn"
            out.append(("no_" + qm.group(1).lower(), 0, 0))
            continue
        pm = re.match(r"^\+(\d+) power$", item, re.I)
        if pm:
            out.append(("pump", int(pm.group(1)), 0))
            continue
        kws = _keyword_effects(item)
        if kws is None:
            return None
        out.extend(kws)
    return out


def _on_target(sentence: str, power: int) -> list[tuple[str, int, int]] | None:
    """What a sentence does to the chosen "it"/"them": [(op, amount, param)], or None."""
    sentence = re.sub(r"^you may ", "", sentence, flags=re.I)
    sentence = re.sub(r"^(it|they) also ", r"\1 ", sentence, flags=re.I)  # "..., it also gains Haste"
    parts = [sentence]
    if re.match(r"^(deal|break|dull|freeze|return|activate) (it|them)\b.* and (deal|break|dull|freeze|return|activate)"
                r" (it|them)", sentence, re.I) and not re.match(r"^dull (it|them) and freeze (it|them)$", sentence, re.I):
        parts = re.split(r",? and ", sentence, flags=re.I)
    out: list[tuple[str, int, int]] = []
    for part in parts:
        g = _GAINS.match(part)
        if g:  # "it gains +1000 power, Haste and Brave" (until the end of the turn)
            gained = _gains(g.group(1))
            if gained is None:
                return None
            out.extend(gained)
            continue
        for pattern, op, has_amount in _ON_IT:
            am = pattern.match(part.strip())
            if am:
                if op == "grant_keyword":
                    kws = _keyword_effects(am.group(1))
                    if kws is None:
                        return None
                    out.extend(kws)
                else:
                    out.extend((o, (int(am.group(1)) if am.groups() else power) if has_amount else 0, 0)
                               for o in op.split("+"))
                break
        else:
            return None
    return out


# ---------------------------------------------------------------- kinds, conditions, "for each"

_TYPE_BIT = {"forward": 1, "backup": 2, "summon": 4, "monster": 8, "character": 0, "card": 0}
_CHARACTERS = 1 | 2 | 8  # "Characters": Forwards, Backups and Monsters
_KIND = re.compile(r"^(card name|job|category) (.+?)(?:\s*\b(forwards?|characters?|backups?|monsters?|summons?|cards?))?$",
                   re.I)
_KIND_TYPE = re.compile(r"^(forwards?|characters?|backups?|monsters?)$", re.I)


# "Job Chocobo or Card Name Chocobo": one hash matches the name, job and category alike
_SAME_KIND_TWICE = re.compile(r"^((?:job|card name|category) ([^,]+?)) or (?:job|card name|category) \2\b", re.I)


def _kind(words: str) -> tuple[int, int, bool] | None:
    """"Job Sky Pirate Forwards other than @SELF" -> (type mask, name/job/category hash, other than
    this card); None for what the engine cannot match (elements, states like "dull", several names)."""
    words = _SAME_KIND_TWICE.sub(r"\1", words.strip())
    other = False
    if words.lower().endswith(" other than @self"):
        words, other = words[: -len(" other than @SELF")].strip(), True
    m = _KIND_TYPE.match(words)
    if m:
        return _TYPE_BIT[m.group(1).lower().rstrip("s")], 0, other
    m = _KIND.match(words)
    # a name, job or category followed by more restrictions ("of any Element except Wind", "of cost 3", "with Job X")
    if not m or re.search(r",|\b(?:or|and|except|with|cost|element)\b|@SELF", m.group(2), re.I):
        return None
    tmask = _TYPE_BIT[m.group(3).lower().rstrip("s")] if m.group(3) else 0
    return tmask, text_hash(m.group(2)), other


_STATE_WORDS = {"dull": TS_DULL, "active": TS_ACTIVE, "attacking": TS_ATTACKING, "blocking": TS_BLOCKING,
                "damaged": TS_DAMAGED}
_ELEMENT = "|".join(ELEMENTS["fftcg"])  # bit i of K_ELEM = ELEMENTS["fftcg"][i]
_STATE_QUALIFIER = re.compile(rf"^({'|'.join(_STATE_WORDS)}) ", re.I)
_ELEMENT_QUALIFIER = re.compile(rf"^((?:{_ELEMENT})(?:(?:,| or) (?:{_ELEMENT}))*)(?: |$)", re.I)
_ELEMENT_PAIR = re.compile(rf"^({_ELEMENT}) (forward|character) or ({_ELEMENT}) \2$", re.I)  # "Light X or Dark X"
_PLAIN_KIND = re.compile(r"^(?:forwards?|characters?|backups?|monsters?)$", re.I)
_ANY_OF_TYPE = re.compile(r"^(?:cards?|forwards?|characters?|backups?|monsters?|summons?)$", re.I)  # no kind named


def _elements(words: str) -> tuple[int, str]:
    """The E_TMASK element bits of a leading "Fire" / "Fire or Ice" qualifier, and the words after it."""
    m = _ELEMENT_QUALIFIER.match(words)
    if not m:
        return 0, words
    mask = 0
    for e in re.split(r",? or |, ", m.group(1).lower()):
        mask |= 1 << (ELEMENTS["fftcg"].index(e) + TMASK_ELEM_SHIFT)
    return mask, words[m.end():]


def _choose_filter(words: str) -> tuple[int, int] | None:
    """E_TMASK / E_THASH of "choose 1 <words>": Backups / Monsters by type, one named card or job by hash,
    the state ("dull", "active", "attacking", "blocking", "damaged") and the elements it must have; None for
    a qualifier the engine cannot check (e.g. "multi-element")."""
    w, or_monster = re.subn(r"\s*(?:and/)?or monsters?", "", words.strip(), flags=re.I)
    w = _ELEMENT_PAIR.sub(r"\1 or \3 \2", w)
    tmask = _TYPE_BIT["monster"] if or_monster else 0  # "Forward or Monster": either type (11.8.4)
    m = _STATE_QUALIFIER.match(w)
    if m:
        tmask |= _STATE_WORDS[m.group(1).lower()] << TMASK_STATE_SHIFT
        w = w[m.end():]
    elements, w = _elements(w)
    tmask |= elements
    # the card type the text names is a restriction too (11.8.4): "Forward" never picks a Backup or a Monster;
    # "Character" (bit 0) any of them
    tm = re.search(r"\b(forward|backup|monster|character)s?$", w, re.I)
    if tm:
        tmask |= _TYPE_BIT[tm.group(1).lower()]
    if _PLAIN_KIND.match(w):
        return tmask, 0
    kind = _kind(w)
    return None if kind is None else (tmask | kind[0], kind[1])


def _zone_kind(words: str) -> tuple[int, int] | None:
    """(E_TMASK, E_THASH) of the card an effect takes from the deck or the Break Zone: its elements ("Earth
    Character"), highest cost ("of cost 3 or less"), card types and one name/job/category; None for what the engine
    cannot match (several names, "cost n or more"), so that the line counts as not modelled instead of taking any
    card of the type."""
    tmask, w = _elements(words.strip())
    m = re.search(r"\s*of cost (\d+) or less", w, re.I)
    if m:
        tmask |= (int(m.group(1)) + 1) << TMASK_COST_SHIFT
        w = (w[:m.start()] + w[m.end():]).strip()
    if re.search(r"\bcharacters?$", w, re.I):
        tmask |= _CHARACTERS
    if _ANY_OF_TYPE.match(w):
        return tmask, 0
    kind = _kind(w)
    return None if kind is None else (tmask | kind[0], kind[1])


_N_OR_MORE = r"(a|an|any|\d+ or more)"


def _cond(text: str) -> tuple[int, int] | None:
    """(E_COND, E_COND_PARAM) of a condition clause, or None if the engine cannot check it."""
    t = text.strip()
    # "you have received 6 points of damage": read as 6 or more (the same while 7 loses)
    m = re.match(r"^you have received (\d+) points? of damage(?: or more)?$", t, re.I)
    if m:
        return cond_code(COND_DAMAGE, int(m.group(1))), 0
    # counts (COND_COUNT: the CNT_* kind in the type-mask bits): cards cast this turn, damage, hand sizes
    m = re.match(r"^you have cast (\d+) or more cards this turn$", t, re.I)
    if m:
        return cond_code(COND_COUNT, int(m.group(1)), CNT_CAST), 0
    m = re.match(r"^your opponent has received (\d+) points? of damage or more$", t, re.I)
    if m:
        return cond_code(COND_COUNT, int(m.group(1)), CNT_OPP_DAMAGE), 0
    m = re.match(r"^(your opponent has|you have) (\d+) (or more cards|cards? or less) in (?:his/her|their|your) hand$",
                 t, re.I)
    if m:
        kind = CNT_OPP_HAND if m.group(1).lower().startswith("your") else CNT_OWN_HAND
        n = int(m.group(2))
        if m.group(3).lower().startswith("or more"):
            return cond_code(COND_COUNT, n, kind), 0
        return cond_code(COND_COUNT, n + 1, kind, negate=True), 0  # "n or less": not n + 1 or more
    # "a Forward you controlled has been put ...": counted over the own cards the engine stamped with the turn
    m = re.match(r"^an? (.+) you controlled has been put from the field into the Break Zone this turn$", t, re.I)
    if m:
        kind = _kind(m.group(1))
        if kind is None or kind[2] or kind[0] not in (0, _TYPE_BIT["forward"]):
            return None
        return cond_code(COND_COUNT, 1, CNT_BROKEN_FORWARD if kind[0] else CNT_BROKEN), kind[1]
    # "you have a Forward, Backup, Monster and a Summon in your Break Zone" (Titania 13-132S): all four types
    m = re.match(r"^you have an? (.+) in your Break Zone(?: \(before paying the cost for @SELF\))?$", t, re.I)
    if m:
        kinds = {k.strip().lower() for k in re.split(r",|\band an?\b", m.group(1)) if k.strip()}
        return (cond_code(COND_COUNT, 4, CNT_BZ_TYPES), 0) if kinds == {"forward", "backup", "summon", "monster"} else None
    m = re.match(r"^(you control|your opponent controls|your opponent doesn't control) (?:" + _N_OR_MORE + r" )?(.+)$",
                 t, re.I)
    if not m:
        return None
    kind = _kind(m.group(3))
    if kind is None:
        return None
    count = m.group(2) or "a"
    n = int(count.split()[0]) if count[0].isdigit() else 1
    who = COND_OWN if m.group(1).lower() == "you control" else COND_OPP
    return cond_code(who, n, kind[0], kind[2], negate="doesn't" in m.group(1)), kind[1]


def _foreach(text: str) -> tuple[int, int] | None:
    """(E_FOREACH, E_FE_PARAM) of "for each <text>"."""
    t = text.strip()
    if re.match(r"^card in your hand$", t, re.I):
        return cond_code(FE_OWN_HAND, 0), 0
    if re.match(r"^card in your opponent'?s'? hand$", t, re.I):
        return cond_code(FE_OPP_HAND, 0), 0
    if re.match(r"^point of damage you have received$", t, re.I):
        return cond_code(FE_OWN_DAMAGE, 0), 0
    if re.match(r"^card you have cast this turn$", t, re.I):
        return cond_code(FE_CAST, 0), 0
    cap = re.search(r"\s*\(up to (\d+) [^)]+\)$", t)  # "(up to 3 Forwards)": the count's cap (E_FOREACH n)
    if cap:
        t = t[:cap.start()]
    m = re.match(r"^(dull )?(.+?) (you control|opponent controls)$", t, re.I)
    if not m:
        return None
    kind = _kind(m.group(2))
    if kind is None:
        return None
    who = FE_OWN if m.group(3).lower() == "you control" else FE_OPP
    n = int(cap.group(1)) if cap else 0
    return cond_code(who, n, kind[0], kind[2]) | (FE_DULL if m.group(1) else 0), kind[1]


_FOR_EACH = re.compile(r"^(.+?) for each (.+?)( until the end of the turn)?$", re.I)


def _split_foreach(sentence: str) -> tuple[str, tuple[int, int] | None] | None:
    """A sentence without its "for each" clause and that clause's (E_FOREACH, E_FE_PARAM); None when
    the clause cannot be counted by the engine."""
    m = _FOR_EACH.match(sentence)
    if not m or any(p.match(sentence) for p in IGNORED):
        return sentence, None
    fe = _foreach(m.group(2))
    if fe is None:
        return None
    return m.group(1) + (m.group(3) or ""), fe


def _name_options(trigger: str, op: str, names: list[str]) -> list[Effect] | None:
    """A choice among three or more "Card Name X" (recover from the Break Zone, search the deck) as a modal "select 1",
    one option per name: its player takes the name whose card it values most (core.name_choice); None if the words
    are not such a list."""
    if not 2 < len(names) <= 15 or not all(_NAME_ITEM.match(n) for n in names):
        return None
    return [Effect(trigger, op, 1, "own_player", ANY_TYPE, thash=text_hash(_NAME_ITEM.match(n).group(1)),
                   mode=1 | (k + 1) << 4 | (MODE_FIRST if k == 0 else 0)) for k, n in enumerate(names)]


def _play_filter(words: str) -> tuple[int, int, int] | None:
    """(E_TMASK: types and elements, hash, highest cost or -1) of the card an effect plays onto the field or digs
    for; None for what the engine cannot match (an exact cost, "of the same cost as", several kinds)."""
    w = words.strip()
    cost = -1
    m = re.search(r"\s*(?:of cost|with a cost of) (\d+) or less", w, re.I)
    if m:
        cost = int(m.group(1))
        w = (w[: m.start()] + w[m.end():]).strip()
    w, other = _other_than_self(w)
    if w is None:
        return None
    w = _SAME_KIND_TWICE.sub(r"\1", w)
    if re.search(r"\bsummons?\b|,|\bor\b|\band\b", w, re.I):
        return None
    tmask, w = _elements(w)
    for word, bit in _TYPE_BIT.items():
        if re.search(rf"\b{word}s?$", w, re.I):
            tmask |= bit
    tmask |= COND_OTHER if other else 0
    if not w or _ANY_OF_TYPE.match(w):  # Summons were refused above
        return tmask, 0, cost
    kind = _kind(w)
    return None if kind is None else (tmask, kind[1], cost)


def _other_than_self(words: str) -> tuple[str | None, bool]:
    """Words without their "other than Card Name X" (X this card: "other than @SELF"), and whether it was there;
    (None, False) for another name, which the engine cannot exclude."""
    m = re.search(r"\s*other than (.*)$", words, re.I)
    if not m:
        return words, False
    return (words[:m.start()], True) if m.group(1).strip() == "@SELF" else (None, False)


def _search_filter(words: str) -> tuple[int, int, int] | None:
    """(E_TMASK, hash, second hash) of the card a search takes: one kind with its elements and highest cost
    (_zone_kind; "other than Card Name X", X this card, sets COND_OTHER), or "Card Name X or Job Y" (E_FE_PARAM holds
    the second hash: a search has no "for each"); None if not understood."""
    w, other = _other_than_self(words.strip())
    if w is None:
        return None
    got = _search_kinds(w)
    return None if got is None else (got[0] | (COND_OTHER if other else 0), got[1], got[2])


def _search_kinds(w: str) -> tuple[int, int, int] | None:
    """_search_filter's (E_TMASK, hash, second hash) of one kind or of "Card Name X or Job Y"."""
    elements, rest = _elements(w)
    if elements and re.search(r"\bor\b", w[:len(w) - len(rest)], re.I):  # "Fire or Water card": either element
        got = _zone_kind(rest)
        return (got[0] | elements, got[1], 0) if got else None
    parts = re.split(r"\s+or\s+(?!less\b|more\b)", w, flags=re.I)
    if len(parts) == 1:
        got = _zone_kind(w)
        return (got[0], got[1], 0) if got else None
    if len(parts) != 2 or not all(re.match(r"^(?:card name|job|category) ", p, re.I) for p in parts):
        return None
    got = [_zone_kind(p) for p in parts]
    if got[0] is None or got[1] is None or not got[0][1] or not got[1][1]:
        return None
    return (0 if not got[0][0] or not got[1][0] else got[0][0] | got[1][0]), got[0][1], got[1][1]


_COST_PARAM_OPS = ("dull", "freeze", "bounce", "no_block", "no_attack", "damage", "weaken", "pump", "haste",
                   "activate")  # ops whose E_PARAM is a cost filter (> 0: n or less, < 0: n or more)
_EOT = r"(?:until the end of the turn, )?"
_SELF_GAINS = re.compile(r"^" + _EOT + r"@SELF gains (.+?)( until the end of the turn)?$", re.I)
_TEAM_GAINS = re.compile(r"^" + _EOT + r"(?:all )?the (.+?) you control gain (.+?)( until the end of the turn)?$", re.I)
_MILL = re.compile(r"^(your opponent )?puts? the top (?:(\d+) cards|card) of (?:your|his/her|their) deck into the break"
                   r" zone$", re.I)
_ACTIVATE_ALL = re.compile(r"^activate all (?:the )?(.+?) you control$", re.I)
_DIG = re.compile(r"^reveal the top (\d+) cards of your deck\. add (?:1|up to 1) (.+?) among them to your hand and"
                  r" return the other cards to the bottom of your deck in any order$", re.I)
_DIG_TO_BREAK = re.compile(r"^reveal the top (\d+) cards of your deck\. add up to (\d+) (.+?) among them to your hand and"
                           r" put the rest of the cards into the break zone$", re.I)


def _more_sentence(s: str, trigger: str) -> list[Effect] | None:
    """Sentences beyond the simple table: "X gains ... until the end of the turn", "(all) the <kind>
    you control gain ... until the end of the turn", "activate all the <kind> you control"."""
    m = _SELF_GAINS.match(s)
    if m and (m.group(2) or s.lower().startswith("until")):
        gains = _gains(m.group(1))
        return [Effect(trigger, op, amount, "self", param) for op, amount, param in gains] if gains else None
    m = _TEAM_GAINS.match(s)
    if m and (m.group(3) or s.lower().startswith("until")):
        kind, gains = _kind(m.group(1)), _gains(m.group(2))
        if kind is None or not gains or kind[0] not in (0, _TYPE_BIT["forward"]):
            return None
        tmask = kind[0] | (COND_OTHER if kind[2] else 0)
        return [Effect(trigger, op, amount, "all_own_characters", param, tmask=tmask, thash=kind[1])
                for op, amount, param in gains]
    m = _MILL.match(s)
    if m:  # "put the top 10 cards of your deck into the Break Zone"
        return [Effect(trigger, "mill", int(m.group(2) or 1), "opp_player" if m.group(1) else "own_player")]
    m = _ACTIVATE_ALL.match(s)
    if m:
        kind = _kind(m.group(1))
        if kind is None:
            return None
        return [Effect(trigger, "activate", 0, "all_own_characters", tmask=kind[0] | (COND_OTHER if kind[2] else 0),
                       thash=kind[1])]
    return None


_COST_UP_TO_DAMAGE = re.compile(r"^if (?:its cost|the cost of the forward) is equal to or less than the damage you have"
                                r" received, break it$", re.I)
_THEY_GAIN = re.compile(r"^(?:until the end of the turn, )?they gain (.+?) until the end of the turn$", re.I)
_DULL_ALL_POWER = re.compile(r"^dull all (?:the )?forwards (?:opponent controls with (\d+) power or less|with a power"
                             r" equal or inferior to @SELF'?s'? opponent controls)$", re.I)
# "Choose 1 Forward you control and 1 Forward opponent controls. [The former gains +2000 power until the end of
# the turn. Then,] the former deals damage equal to its power to the latter."
_FIGHT = re.compile(r"^choose 1 forward you control and 1 forward opponent controls$", re.I)
_FORMER_GAINS = re.compile(r"^the former gains \+(\d+) power until the end of the turn$", re.I)
_FORMER_DEALS = re.compile(r"^the former deals damage equal to its power to the latter$", re.I)
# "... Break them." after _FIGHT's sentence: one of each side
_BREAK_THEM = re.compile(r"^break them$", re.I)
_SACRIFICE = re.compile(r"^select 1 character you control\. put it into the break zone$", re.I)
_MORE_DAMAGE = re.compile(r"deal (it|them) (\d+) damage and (\d+) more damage for each", re.I)
_BREAK_ALL = re.compile(r"^break all (?:the )?forwards of cost (\d+) or less( opponent controls)?$", re.I)
_PLAY_BREAK = re.compile(r"^choose (?:up to )?1 (.+?) (?:in|from) your break zone\. play it onto the field( dull)?$", re.I)
_PLAY_BREAK_COUNTED = re.compile(r"^choose 1 (.+?) in your break zone\. if its cost is equal to or less than the number of"
                                 r" (.+?), play it onto the field$", re.I)
# "choose any number of Job X with different names in your Break Zone. Play them onto the field": a card of each name
_PLAY_BREAK_ALL = re.compile(r"^choose any number of (.+?) with different names (?:in|from) your break zone\. play them"
                             r" onto the field$", re.I)
PLAY_ANY_NUMBER = 15  # "any number": plays until none is left (the field holds at most one card of a name, 7.7.3)
_PLAY_HAND = re.compile(r"^(?:you may )?play (?:up to )?1 (.+?) from your hand onto the field$", re.I)
_PLAY_DECK = re.compile(r"^(?:you may )?search for 1 (.+?) and play it onto the field$", re.I)


# "turn over one card at a time until a Fire or Water card is revealed; add it to your hand": a search for a card of
# that kind (card_table: approximate, the player picks it rather than taking the first one revealed)
_TURN_OVER = re.compile(r"turn over one card at a time from the top of your deck until an? ([^.]+) is revealed\. add it"
                        r" to your hand\. then, shuffle the other cards(?: revealed)? and return them to the bottom of"
                        r" your deck\.?", re.I)


# "Your opponent reveals their hand. Select 1 card [of cost 4 or more] from their hand. Your opponent discards this
# card.": the controller selects (DISCARD_CHOOSE; the most expensive card that fits, sim.games.fftcg.core)
_REVEAL_DISCARD = re.compile(r"your opponent reveals (?:his/her|their) hand\. select 1 (card|character card|forward)"
                             r"(?: of cost (\d+) or more)? (?:from|in) (?:his/her|their) hand( other than a backup)?\."
                             r" your opponent discards this card", re.I)
_CAST_FREE = re.compile(r"^cast 1 summon of cost (\d+) or less from your hand without paying the cost$", re.I)
_REVEAL_TOKEN = re.compile(r"^@REVEAL_DISCARD (\d+) (\d+)$")
_FLICKER = re.compile(r"remove (it|them) from the game\. then, play the removed (?:forward|character)s? onto the field"
                      r" dull", re.I)
# "Choose up to 1 Backup you control. Activate it, and deal 2000 damage to all the Forwards opponent controls. If
# <cond>, activate it, and deal 4000 damage to all the Forwards opponent controls instead."
_ACTIVATE_SWEEP = re.compile(r"^choose up to 1 backup you control\. activate it, and deal (\d+) damage to all the forwards"
                             r" opponent controls\. if ([^,]+), activate it, and deal (\d+) damage to all the forwards"
                             r" opponent controls instead\.?$", re.I)
_INSTEAD = re.compile(r"^if ([^,]+), (.+) instead$", re.I)
_NO_EX = re.compile(r"^ex bursts of cards put into the damage zone due to this (?:damage|ability) cannot be used$", re.I)


def _reveal_token(m: re.Match) -> str:
    tmask = {"card": 0, "character card": _CHARACTERS, "forward": _TYPE_BIT["forward"]}[m.group(1).lower()]
    if m.group(3):
        tmask = (tmask or 15) & ~_TYPE_BIT["backup"]
    return f"@REVEAL_DISCARD {int(m.group(2) or 0)} {tmask}"


def _instead(first: str, second: str, trigger: str, power: int) -> list[Effect] | None:
    """"<effect>. If <cond>, <effect> instead.": the first effect when the condition fails, the second when it
    holds (one effect each, of the same op; the condition is checked on resolution)."""
    m = _INSTEAD.match(second)
    cond = _cond(m.group(1)) if m else None
    if cond is None:
        return None
    a, b = parse_body(first, trigger, power), parse_body(m.group(2), trigger, power)
    if not a or not b or len(a) != 1 or len(b) != 1 or a[0].op != b[0].op or a[0].cond or b[0].cond \
            or a[0].target != b[0].target or a[0].target == "chosen":
        return None
    return [replace(a[0], cond=cond[0] ^ COND_NOT, cond_param=cond[1]),
            replace(b[0], cond=cond[0], cond_param=cond[1])]


def parse_body(body: str, trigger: str, power: int = 0) -> list[Effect] | None:
    """Effects for an ability body, or None if any sentence is not understood."""
    effects: list[Effect] = []
    m = _ACTIVATE_SWEEP.match(body.strip())
    cond = _cond(m.group(2)) if m else None
    if m and cond:
        return [Effect(trigger, "activate", 0, "own_character", tmask=_TYPE_BIT["backup"]),
                Effect(trigger, "damage", int(m.group(1)), "all_opp_characters", cond=cond[0] ^ COND_NOT,
                       cond_param=cond[1]),
                Effect(trigger, "damage", int(m.group(3)), "all_opp_characters", cond=cond[0], cond_param=cond[1])]
    body = _PARTY_AFTER_DRAW.sub(r"\1. \2", body)
    body = _REVEAL_DISCARD.sub(_reveal_token, body)
    body = _FLICKER.sub(r"flicker \1", body)
    body = _MORE_DAMAGE.sub(r"deal \1 \2 damage. deal it again \3 damage for each", body)
    sentences = _sentences(_TURN_OVER.sub(r"search for 1 \1 and add it to your hand.", body))
    fe_of: dict[int, tuple[int, int]] = {}  # sentence -> its "for each" count
    for k, sentence in enumerate(sentences):
        split = _split_foreach(sentence)
        if split is None:
            return None
        sentences[k] = split[0]
        if split[1] is not None:
            fe_of[k] = split[1]
    i = 0
    while i < len(sentences):
        s = sentences[i]
        start, at = len(effects), i
        if any(p.match(s) for p in IGNORED):
            i += 1
            continue
        if _NO_EX.match(s):  # the damage just dealt to a player reveals no usable EX Burst (11.10)
            if not effects or effects[-1].op != "player_damage":
                return None
            effects[-1] = replace(effects[-1], param=NO_EX_BURST)
            i += 1
            continue
        fm = _CAST_FREE.match(s)
        if fm:
            effects.append(Effect(trigger, "cast_free", 0, "own_player", int(fm.group(1))))
            i += 1
            continue
        rm = _REVEAL_TOKEN.match(s)
        if rm:
            effects.append(Effect(trigger, "discard", 1, "opp_player", DISCARD_CHOOSE | int(rm.group(1)),
                                  tmask=int(rm.group(2))))
            i += 1
            continue
        if i + 1 < len(sentences) and i not in fe_of and i + 1 not in fe_of and _INSTEAD.match(sentences[i + 1]):
            alt = _instead(s, sentences[i + 1], trigger, power)
            if alt:
                effects.extend(alt)
                i += 2
                continue
        if i + 1 < len(sentences):
            dm = _DIG.match(f"{s}. {sentences[i + 1]}")
            got_dig = _play_filter(re.sub(r"\s*\bcards?$", "", dm.group(2), flags=re.I)) if dm else None
            if got_dig and got_dig[2] < 0:  # "reveal the top 5 cards ... add 1 Job X among them to your hand"
                effects.append(Effect(trigger, "dig", int(dm.group(1)), "own_player", tmask=got_dig[0],
                                      thash=got_dig[1]))
                i += 2
                continue
            dm = _DIG_TO_BREAK.match(f"{s}. {sentences[i + 1]}")
            got_dig = _play_filter(re.sub(r"\s*\bcards?$", "", dm.group(3), flags=re.I)) if dm else None
            if got_dig and got_dig[2] < 0 and 0 < int(dm.group(2)) < 256:  # Nael 9-014L: "add up to 2 Forwards"
                effects.append(Effect(trigger, "dig", int(dm.group(1)), "own_player", int(dm.group(2)) | DIG_TO_BREAK,
                                      tmask=got_dig[0], thash=got_dig[1]))
                i += 2
                continue
            pm = _PLAY_BREAK.match(f"{s}. {sentences[i + 1]}")
            got_play = _play_filter(pm.group(1)) if pm else None
            if got_play:
                effects.append(Effect(trigger, "play", 1 | (PLAY_DULL if pm.group(2) else 0), "own_player",
                                      got_play[2], tmask=got_play[0], thash=got_play[1]))
                i += 2
                continue
            pm = _PLAY_BREAK_COUNTED.match(f"{s}. {sentences[i + 1]}")
            got_play = _play_filter(pm.group(1)) if pm else None
            fe = _foreach(pm.group(2)) if got_play and got_play[2] < 0 else None
            if fe:  # the highest cost is the count, on resolution (core.exec_effect)
                effects.append(Effect(trigger, "play", 1, "own_player", -1, tmask=got_play[0], thash=got_play[1],
                                      foreach=fe[0], fe_param=fe[1]))
                i += 2
                continue
        if i + 1 < len(sentences):
            pm = _PLAY_BREAK_ALL.match(f"{s}. {sentences[i + 1]}")
            got_play = _play_filter(pm.group(1)) if pm else None
            if got_play:  # one play each, until no card of another name is left (or can enter)
                effects.append(Effect(trigger, "play", 1 | PLAY_ANY_NUMBER << 2, "own_player", got_play[2],
                                      tmask=got_play[0], thash=got_play[1]))
                i += 2
                continue
        pm = _PLAY_HAND.match(s) or _PLAY_DECK.match(s)
        if pm:
            got_play = _play_filter(pm.group(1))
            if got_play is None:
                return None
            effects.append(Effect(trigger, "play", 0 if pm.re is _PLAY_HAND else 2, "own_player", got_play[2],
                                  tmask=got_play[0], thash=got_play[1]))
            i += 1
            continue
        m = _CHOOSE.match(_OTHER_FIRST.sub(r"\1\2 other than @SELF", s))
        if m and (not _CHOOSE_KIND.match(m.group(3).strip())
                  or re.search(r"\b(?:and \d|summons?|cards?(?! name)|in your|from your)\b",
                               re.sub(r"(?:and/)?or Monsters?", "", m.group(3)), re.I)):
            m = None  # two targets, a non-Forward, or a card in another zone
        if m and i + 1 < len(sentences):
            _up_to, count, _qualifier, cost_max, cost_min, power_max, side, other = m.groups()
            chosen = _choose_filter(m.group(3))
            if chosen is None:
                return None  # a qualifier of the target the engine cannot check
            tmask, thash = chosen
            if other:
                tmask |= COND_OTHER  # not the card itself
            if (_up_to or _num(count) > 1) and not side:
                tmask |= TMASK_ONE_SIDE  # "up to": a player chooses none rather than one of its own (core.choose_target)
            actions: list[tuple[str, int | Effect, int, int, tuple[int, int]]] = []
            j = i + 1
            while j < len(sentences):  # every following sentence about "it" / "them"
                if any(p.match(sentences[j]) for p in IGNORED):
                    j += 1
                    continue
                cond = (0, 0)
                cm = _IF.match(sentences[j])
                if _COST_UP_TO_DAMAGE.match(sentences[j]):  # the highest cost is counted on resolution
                    fe_of[j] = (cond_code(FE_OWN_DAMAGE, 0), 0)
                    actions.append(("break", 1, 0, j, cond))
                    j += 1
                    continue
                if cm and _cond(cm.group(1)) is not None:  # "If you control X, break it": checked on resolution
                    cond = _cond(cm.group(1))
                    got = _on_target(cm.group(2), power)
                else:
                    got = _on_target(sentences[j], power)
                if got is None:
                    alone = parse_body(sentences[j], trigger, power) if _num(count) == 1 else None
                    if alone and j + 1 < len(sentences) and all(e.target in ("own_player", "opp_player")
                                                                for e in alone):
                        # "Choose 1 Forward. X deals you 1 point of damage. If ..., break it.": a sentence about
                        # a player between those about "it" keeps its place
                        actions.extend(("effect", e, 0, j, cond) for e in alone)
                        j += 1
                        continue
                    break
                actions.extend((op, amount, param, j, cond) for op, amount, param in got)
                j += 1
            if all(a[0] == "effect" for a in actions):
                return None  # nothing happens to the chosen card
            one = []
            for op, amount, param, src, cond in actions:
                self_power = op == "damage_self_power"  # X's power on resolution (FE_SELF_POWER)
                if self_power:
                    op, amount = "damage", 1
                if op == "break" and power_max:
                    op, param = "break_power", int(power_max)
                elif power_max and op not in ("effect", "draw", "draw_if_gone", "draw_if_done"):
                    break  # a power limit the engine does not read for this op
                elif op == "break" and cost_max:
                    param = int(cost_max)
                elif op == "break" and cost_min:
                    param = -int(cost_min)  # negative: cost n or more
                elif op in _COST_PARAM_OPS and (cost_max or cost_min):
                    param = int(cost_max) if cost_max else -int(cost_min)  # the same cost filter (legal_target)
                elif cost_min or cost_max:
                    break  # a cost filter the engine does not read for this op
                fe, fe_param = (FE_SELF_POWER, 0) if self_power else fe_of.get(src, (0, 0))
                if op == "effect":  # a whole effect about a player (amount holds it)
                    one.append(amount)
                    continue
                if op == "draw":  # "..., put it on top of its owner's deck and draw 1 card instead"
                    if not any(a[0] == "bounce" for a in actions):
                        break
                    one.append(Effect(trigger, "draw", amount, "own_player", cond=cond[0], cond_param=cond[1]))
                    continue
                if op == "draw_if_gone":  # drawn if the chosen card has left the field (COND_CHOSEN_GONE)
                    one.append(Effect(trigger, "draw", amount, "own_player", cond=cond_code(COND_CHOSEN_GONE)))
                    continue
                if op == "draw_if_done":  # "you may return it ... If you do so, draw": it has left the field
                    if not one or one[-1].op not in ("bounce", "break") or one[-1].target == "self":
                        break
                    one.append(Effect(trigger, "draw", amount, "own_player", cond=cond_code(COND_CHOSEN_GONE)))
                    continue
                if op == "self_bounce":  # "return it and X to their owners' hand"
                    one.append(Effect(trigger, "bounce", 0, "self"))
                    continue
                if op == "damage_chosen":  # more damage to the same card ("it" again)
                    one.append(Effect(trigger, "damage", amount, "chosen", foreach=fe, fe_param=fe_param))
                    continue
                if op == "freeze_chosen":  # "Dull it and Freeze it": the card just dulled
                    one.append(Effect(trigger, "freeze", 0, "chosen", tmask=tmask, thash=thash))
                    continue
                if op == "self_damage":  # "deal it and X 9000 damage": X takes the same damage
                    one.append(Effect(trigger, "damage", amount, "self", foreach=fe, fe_param=fe_param,
                                      cond=cond[0], cond_param=cond[1]))
                    continue
                one.append(Effect(trigger, op, amount, _target(op, side), param, tmask=tmask, thash=thash,
                                  foreach=fe, fe_param=fe_param, cond=cond[0], cond_param=cond[1]))
            else:
                # "choose up to n / n <cards>": n different cards, so each later copy's choice skips the earlier ones'
                again = [replace(e, tmask=e.tmask | TMASK_NEW_PICK) if e.target in _CHOICE_TARGETS else e for e in one]
                effects.extend(one + again * (min(_num(count), MAX_EFFECTS) - 1))
                i = j
                continue
            return None
        m = None
        if i + 1 < len(sentences) and re.match(r"^(?:you may )?add (?:it|them) to your hand$", sentences[i + 1], re.I):
            m = _RECOVER.match(f"{s}. {sentences[i + 1]}")
        if m:
            i += 1
        else:
            m = _RECOVER.match(s)
        if m:
            what = _zone_kind(m.group(3))
            # "choose 1 Card Name A or Card Name B or Card Name C in your Break Zone"
            options = _name_options(trigger, "recover", _NAME_LIST.split(m.group(3)))
            if what is None and options and _num(m.group(2)) == 1 and not m.group(1) and not m.group(4):
                effects.extend(options)
                i += 1
                continue
            if what is None:
                return None
            effects.extend([Effect(trigger, "recover", 1, "own_player", _type_param(m.group(3)),
                                   tmask=what[0] | (COND_OTHER if m.group(4) else 0), thash=what[1])]
                           * min(_num(m.group(2)), MAX_EFFECTS))
            i += 1
            continue
        m = _THEY_GAIN.match(s)
        if m and effects and effects[-1].target in ("all_own_characters", "all_opp_characters", "all_characters"):
            gains = _gains(m.group(1))  # "Activate all the Forwards you control. They gain Haste ...": the same group
            if gains is None:
                return None
            last = effects[-1]
            effects.extend(Effect(trigger, op, amount, last.target, param, tmask=last.tmask, thash=last.thash)
                           for op, amount, param in gains)
            i += 1
            continue
        m = _DULL_ALL_POWER.match(s)
        if m:  # param 0: "with a power equal or inferior to X's" (X's power on resolution)
            effects.append(Effect(trigger, "dull_power", 0, "all_opp_characters", int(m.group(1) or 0)))
            i += 1
            continue
        if _FIGHT.match(s) and i + 1 < len(sentences):
            bonus = _FORMER_GAINS.match(sentences[i + 1])
            k = i + 2 if bonus else i + 1
            if k < len(sentences) and _FORMER_DEALS.match(sentences[k]):
                effects.append(Effect(trigger, "fight", int(bonus.group(1)) if bonus else 0, "opp_character"))
                i = k + 1
                continue
            if _BREAK_THEM.match(sentences[i + 1]):
                effects += [Effect(trigger, "break", 0, side, tmask=_TYPE_BIT["forward"])
                            for side in ("own_character", "opp_character")]
                i += 2
                continue
        if i + 1 < len(sentences) and _SACRIFICE.match(f"{s}. {sentences[i + 1]}"):
            effects.append(Effect(trigger, "break", 0, "own_character"))  # put into the Break Zone, as a break
            i += 2
            continue
        m = _BREAK_ALL.match(s)
        if m:
            side = "all_opp_characters" if m.group(2) else "all_characters"
            effects.append(Effect(trigger, "break", 0, side, int(m.group(1)), tmask=_TYPE_BIT["forward"]))
            i += 1
            continue
        m = _SEARCH.match(s)
        if m:
            got = _search_filter(m.group(2))
            # "search for 1 Card Name A, Card Name B, or Card Name C"
            options = _name_options(trigger, "search", _NAME_SERIES.split(m.group(2).strip()))
            if got is None and options and _num(m.group(1)) == 1:
                effects.extend(options)
                i += 1
                continue
            if got is None:
                return None
            tmask, thash, thash2 = got
            effects.extend([Effect(trigger, "search", 1, "own_player", _type_param(m.group(2)), tmask=tmask,
                                   thash=thash, fe_param=thash2)] * min(_num(m.group(1)), MAX_EFFECTS))
            i += 1
            continue
        for pattern, op, target in _SIMPLE:
            sm = pattern.match(s)
            if sm:
                value = sm.group(1) if sm.groups() else "0"
                if op == "grant_keyword":
                    word = value.lower()
                    effects.append(Effect(trigger, "haste", 0, target) if word == "haste" else
                                   Effect(trigger, op, 0, target, KEYWORDS.index(_KEYWORD_WORDS[word])))
                    break
                amount = value.count("《") if value.startswith("《") else _num(value)
                # "dull all the Forwards opponent controls" leaves the Backups alone (11.8.4)
                forwards = target.startswith("all_") and re.search(r"\bforwards\b", s, re.I)
                effects.append(Effect(trigger, op, amount, target, tmask=_TYPE_BIT["forward"] if forwards else 0))
                break
        else:
            more = _more_sentence(s, trigger)
            if more is None:
                return None
            effects.extend(more)
        if at in fe_of:
            effects[start:] = [replace(e, foreach=fe_of[at][0], fe_param=fe_of[at][1]) for e in effects[start:]]
        i += 1
    return effects or None


# ---------------------------------------------------------------- abilities

_DAMAGE_GATE = re.compile(r"^Damage (\d+)\s*--\s*(.+)$", re.I)
_IF = re.compile(r"^if (.+?), (.+)$", re.I)
_COST_REDUCE = re.compile(r"^the cost (?:required )?(?:to cast|to play|for playing|for casting) @SELF(?: onto the field)?"
                          r" is reduced by (\d+)$", re.I)
_SPECIAL = re.compile(r"^[^《:]*(?=《S》)")  # a Special Ability's name before its S icon (rule 11.7)
_ACTION = re.compile(r"^((?:《[^》]+》\s*)*)((?:,?\s*put @SELF into the Break Zone)?)\s*:\s*(.+)$", re.I)
# an action cost with an extra part (11.6.2): "《ダル》, discard 1 card[, put X into the Break Zone]: ..."
_ACTION_XCOST = re.compile(r"^((?:《[^》]+》\s*)*),?\s*((?:(?:, )?(?:discard (?:\d+|one|two) cards?(?: from your hand)?"
                           r"|put the top \d+ cards? of your deck into the break zone|put @SELF into the Break Zone"
                           r"|remove \d+ [a-z ]*counters? from @SELF))+)\s*:\s*(.+)$", re.I)


def _extra_cost(words: str) -> int | None:
    """Effect.xcost of the non-CP part of an action cost ("put X into the Break Zone" is the trigger
    action_break); None when it has two extra parts (one fits the encoding)."""
    found = [(XC_DISCARD, _num(m.group(1))) for m in re.finditer(r"discard (\d+|one|two) cards?", words, re.I)]
    found += [(XC_MILL, int(m.group(1))) for m in re.finditer(r"put the top (\d+) cards?", words, re.I)]
    found += [(XC_COUNTER, int(m.group(1))) for m in re.finditer(r"remove (\d+) [a-z ]*counters?", words, re.I)]
    if len(found) != 1:
        return None
    return found[0][0] | found[0][1] << 3


_TRIGGERS = [
    (re.compile(r"^When @SELF enters the field, (.+)$", re.I), "enter"),
    # "When X or a <kind> enters your field": X's own entry (the kind's other members: _SELF_OR_KIND)
    (re.compile(r"^When @SELF or an? [^,]+? enters your field, (.+)$", re.I), "enter"),
    (re.compile(r"^When @SELF forms a party and attacks, (.+)$", re.I), "party_attack"),
    (re.compile(r"^When @SELF attacks, (.+)$", re.I), "attack"),
    # "When X or a <kind> you control attacks": X's own attack (the kind's other members: _SELF_OR_KIND)
    (re.compile(r"^When @SELF or an? [^,]+? you control attacks, (.+)$", re.I), "attack"),
    (re.compile(r"^When @SELF enters the field or attacks, (.+)$", re.I), "enter+attack"),
    (re.compile(r"^When @SELF enters the field or is put from the field into the Break Zone, (.+)$", re.I),
     "enter+leave"),
    (re.compile(r"^At the beginning of (?:the Attack Phase during each of your turns|your Attack Phase), (.+)$",
                re.I), "attack_phase"),
    (re.compile(r"^At the beginning of the Attack Phase during each player's turn, (.+)$", re.I), "each_attack_phase"),
    (re.compile(r"^At the beginning of (?:(?:the )?Main Phase 1 during each of your turns|your Main Phase 1),"
                r" (.+)$", re.I), "turn_start"),
    (re.compile(r"^When @SELF blocks, (.+)$", re.I), "block"),
    (re.compile(r"^When @SELF deals damage to your opponent, (.+)$", re.I), "hit_player"),
    (re.compile(r"^When @SELF (?:is put from the field into the Break Zone|is broken), (.+)$", re.I), "leave"),
    (re.compile(r"^At the beginning of (?:each of )?your turn, (.+)$", re.I), "turn_start"),
    (re.compile(r"^When @SELF is dealt damage, (.+)$", re.I), "damaged"),
    (re.compile(r"^When a Forward opponent controls is put from the field into the Break Zone, (.+)$", re.I),
     "opp_forward_broken"),
    (re.compile(r"^When a Forward opponent controls leaves the field, (.+)$", re.I), "opp_forward_leaves"),
    (re.compile(r"^When you cast a Summon, (.+)$", re.I), "own_summon"),
    (re.compile(r"^When your opponent casts a Summon, (.+)$", re.I), "opp_summon"),
    (re.compile(r"^At the end of each of your turns, (.+)$", re.I), "turn_end"),
    (re.compile(r"^When 1 or more dull Backups you control (?:is|are) activated due to your Summons or abilities, (.+)$",
                re.I), "own_backup_activated"),
    (re.compile(r"^When your opponent discards 1 or more cards from (?:his/her|their) hand due to your Summons or"
                r" abilities, (.+)$", re.I), "opp_discards"),
]
_SELF_OR_KIND = re.compile(r"^When @SELF or an? ([^,]+?) (enters your field|you control attacks), ", re.I)
_STATIC_PUMP = re.compile(r"^@SELF gains \+(\d+) power\.?$", re.I)
_STATIC_TEAM_PUMP = re.compile(r"^the forwards (other than @SELF )?you control gain \+(\d+) power\.?$", re.I)


_KEYWORD_PATTERNS = {words: re.compile(rf"\b{words}\b") for words in _KEYWORD_WORDS}


def _keywords_only(line: str) -> frozenset[str] | None:
    bare = re.sub(r"\([^)]*\)", " ", line).strip().rstrip(".").lower() if "(" in line else line.rstrip(".").lower()
    if len(bare) > 60:  # keyword lines are short: "Haste First Strike Brave"
        return None
    found: set[str] = set()
    rest = bare
    for words, name in _KEYWORD_WORDS.items():
        if _KEYWORD_PATTERNS[words].search(rest):
            found.add(name)
            rest = _KEYWORD_PATTERNS[words].sub(" ", rest)
    return frozenset(found) if found and not rest.replace(",", " ").strip() else None


def _cp_cost(symbols: str) -> tuple[int, bool] | None:
    """The cost as E_COST packs it (its CP, and from COST_ELEM_SHIFT the CP of each element among them: an ability
    is paid as printed, 11.6.2) and the dull flag of an action cost; None if not expressible (X, Crystal, or more
    than 7 CP of one element, or more CP than the encoding holds)."""
    cp, dull, elements = 0, False, 0
    for symbol in re.findall(r"《([^》]+)》", symbols):
        if symbol == "ダル":
            dull = True
        elif symbol == "S":
            continue  # Special Ability icon (rule 11.7); its same-name discard is an xcost (parse_ability)
        elif symbol.isdigit():
            cp += int(symbol)
        elif len(symbol) == 1 and symbol in _CP_ELEMENTS:
            cp += 1
            shift = 3 * _CP_ELEMENTS.index(symbol)
            if elements >> shift & 7 == 7:
                return None
            elements += 1 << shift
        else:
            return None
    return (cp | elements << COST_ELEM_SHIFT, dull) if cp <= COST_CP else None


_CP_ELEMENTS = "火氷風土雷水光闇"  # the CP symbols in ELEMENTS["fftcg"] order (bit i of K_ELEM)


# "If you paid the extra cost / If <condition>, select 2 of the 2 following actions instead"
_MODAL_MORE = re.compile(r"^\s*\.?\s*if ([^,]+), select (?:up to )?(\d+) of the (?:\d+ )?following actions instead\.?\s*",
                         re.I)


def _modal(body: str, trigger: str, power: int) -> list[Effect] | None:
    """Every option that parses, each marked with its place in the printed list (Effect.mode): the player picks
    among them (when the ability resolves, core.choose_modes). With an "instead, select more" upgrade the
    first options that parse are taken, and the upgrade's under its condition (no choice)."""
    m = _MODAL.search(body)
    if not m or body[:m.start()].strip():
        return None  # something before the choice ("you may pay X. When you do so, select ...")
    picks, more, cond = int(m.group(1)), 0, (0, 0)
    mm = _MODAL_MORE.match(body[m.end():])
    if not mm:
        head = picks | (MODE_UP_TO if "up to" in m.group(0).lower() else 0)
        chosen: list[Effect] = []
        for place, option in enumerate(_QUOTED.findall(body), 1):
            got = parse_body(option, trigger, power) or []
            chosen.extend(replace(e, mode=head | place << 4 | (0 if chosen else MODE_FIRST)) for e in got)
        return chosen or None
    # the options beyond `picks` are taken under the condition
    cond = (cond_code(COND_COUNT, 1, CNT_PAID), 0) if re.match(r"^you paid the extra cost$", mm.group(1), re.I) \
        else _cond(mm.group(1))
    if cond is None or int(mm.group(2)) <= picks:
        return None
    more = int(mm.group(2)) - picks
    chosen = []
    for option in _QUOTED.findall(body):
        got = parse_body(option, trigger, power)
        if got and picks > 0:
            chosen.extend(got)
            picks -= 1
        elif got and more > 0 and not any(e.cond for e in got):
            chosen.extend(replace(e, cond=cond[0], cond_param=cond[1]) for e in got)
            more -= 1
    return chosen if chosen and not more else None


def _one_of_options(effects: list[Effect]) -> bool:
    """The effects are the options of a "select 1 of the n following actions", one effect each (Effect.mode)."""
    places = [e.mode >> 4 & 15 for e in effects]
    return len(effects) > 1 and all(e.mode & 15 == 1 for e in effects) and len(set(places)) == len(places)


def modal_options_missing(line: str, effects: list[Effect]) -> bool:
    """A modal line some of whose options did not parse: its player can pick only among the others, so the line
    counts as not modelled although those options play."""
    places = {e.mode >> 4 & 15 for e in effects if e.mode}
    return bool(places) and len(places) < len(_QUOTED.findall(line))


def _replace_name(line: str, name: str) -> str:
    """The card's own name -> @SELF, as a whole word (a regex per name would be slow over 3,800 cards)."""
    out, start = [], 0
    while (j := line.find(name, start)) >= 0:
        end = j + len(name)
        if (j == 0 or not line[j - 1].isalnum()) and (end == len(line) or not line[end].isalnum()):
            out.append(line[start:j] + "@SELF")
        else:
            out.append(line[start:end])
        start = end
    return "".join(out) + line[start:]


def _keyword_op(keyword: str) -> tuple[str, int, int]:
    return ("haste", 0, 0) if keyword == "haste" else ("grant_keyword", 0, KEYWORDS.index(keyword))


def _static(line: str) -> list[Effect] | None:
    """A field ability without trigger (11.9): "[If <cond>, ]X gains +1000 power and Brave",
    "The <kind> you control gain ...", "For each <kind> you control, X gains +1000 power", "the cost
    required to cast X is reduced by N [for each ...]". None if not understood."""
    body = re.sub(r"\s*\(it cannot become 0\)", "", line.strip().rstrip("."))
    m = _ONLY_ATTACK_IF.match(body)
    if m:  # 10.1.2: it may attack only while one of the conditions holds
        conds = [_cond(c) for c in m.groups() if c]
        if any(c is None for c in conds):
            return None
        return [Effect("static", "grant_keyword", 0, "self", ONLY_IF_BIT)] + [
            Effect("static", "grant_keyword", 0, "self", MAY_ATTACK_BIT, cond=c[0], cond_param=c[1]) for c in conds]
    floor = re.search(r"\s*\(it cannot become (\d+) or less\)", body)
    if floor:  # a cost reduction's lowest cost (E_PARAM of cost_reduce)
        body = body[:floor.start()] + body[floor.end():]
    m = re.match(r"^([^.]+)\. (if [^,]+), ([^.]+) instead$", body, re.I)
    if m:
        return _static_instead(m.group(1), m.group(2), m.group(3))
    cond, cond_param = 0, 0
    m = _IF.match(body)
    if m:
        got = _cond(m.group(1))
        if got is None:
            return None
        (cond, cond_param), body = got, m.group(2)
    fe: tuple[int, int] | None = None
    m = re.match(r"^for each (.+?), (.+)$", body, re.I)
    if m:
        fe, body = _foreach(m.group(1)), m.group(2)
        if fe is None:
            return None
    else:
        split = _split_foreach(body)
        if split is None:
            return None
        body, fe = split
    fe_code, fe_param = fe if fe else (0, 0)
    extra = dict(cond=cond, cond_param=cond_param, foreach=fe_code, fe_param=fe_param)
    m = re.match(r"^@SELF cannot (attack or block|attack|block)$", body, re.I)
    if m and not fe_code:  # a static restriction (10.1.2, 10.1.3): the keyword bits KW_NO_ATTACK / KW_NO_BLOCK
        return [Effect("static", "grant_keyword", 0, "self", RESTRICTION_BITS[word], **extra)
                for word in m.group(1).lower().split(" or ")]
    m = re.match(r"^(@SELF|the (.+?) you control) cannot be chosen by your opponent'?s'? (summons or abilities|summons|"
                 r"abilities)$", body, re.I)
    if m and not fe_code:  # static "cannot be chosen" (protects from the opponent's choices only)
        bits = {"abilities": 1, "summons": 2}.get(m.group(3).lower(), 3)
        if m.group(2) is None:
            return [Effect("static", "untargetable", bits, "self", **extra)]
        kind = _kind(m.group(2))
        if kind is None:
            return None
        return [Effect("static", "untargetable", bits, "all_own_characters",
                       tmask=kind[0] | (COND_OTHER if kind[2] else 0), thash=kind[1], **extra)]
    m = _COST_REDUCE.match(body)
    if m:  # read from the hand when the card is cast (cast_requirement)
        return [Effect("static", "cost_reduce", int(m.group(1)), "self", int(floor.group(1)) + 1 if floor else 0,
                       **extra)]
    if floor:
        return None
    if fe_code and (fe_code & 7 in (FE_OWN_HAND, FE_OPP_HAND, FE_OWN_DAMAGE) or fe_code & FE_DULL):
        return None  # the engine recomputes static bonuses on field changes, not on hand or dull/active changes
    target, tmask, thash = "self", 0, 0
    m = re.match(r"^@SELF gains (.+)$", body, re.I)
    if not m:
        m = re.match(r"^the (.+?) you control gains? (.+)$", body, re.I)
        if not m:
            return None
        kind = _kind(m.group(1))
        if kind is None or kind[0] not in (0, _TYPE_BIT["forward"]):
            return None  # the engine's static bonuses go to Forwards
        target, tmask, thash = "all_own_characters", kind[0] | (COND_OTHER if kind[2] else 0), kind[1]
    gains = _gains(m.group(m.lastindex))
    if not gains or (fe_code and any(op != "pump" for op, _, _ in gains)):
        return None
    return [Effect("static", op, amount, target, param, tmask=tmask, thash=thash, **extra)
            for op, amount, param in gains]


def _static_instead(base_text: str, if_text: str, alt_text: str) -> list[Effect] | None:
    """"The Forwards other than X you control gain +1000 power. If <cond>, the Forwards you control gain
    +2000 power instead.": the base bonus, plus under the condition what the alternative adds to it."""
    base, alt = _static(base_text), _static(f"{if_text}, {alt_text}")
    if not base or not alt or len(base) != 1 or len(alt) != 1 or base[0].op != "pump" or alt[0].op != "pump" \
            or base[0].cond or base[0].foreach or alt[0].foreach or base[0].target != alt[0].target \
            or base[0].thash != alt[0].thash or alt[0].amount < base[0].amount:
        return None
    b, a = base[0], alt[0]
    if b.tmask == a.tmask:
        return [b, replace(a, amount=a.amount - b.amount)]
    if b.tmask == a.tmask | COND_OTHER and b.target == "all_own_characters" and not b.thash:
        # the alternative also covers X itself: X gets all of it, the others the difference
        return [b, replace(b, amount=a.amount - b.amount, cond=a.cond, cond_param=a.cond_param),
                replace(a, target="self", tmask=0, amount=a.amount)]
    return None


# damage replacement of a card's own (static): "If X receives damage, the damage increases by 4000 instead"
_DMG_SELF = re.compile(r"^if @SELF (?:receives|is dealt) damage( while dull)?, (?:the damage increases by (\d+)|(?:reduce the"
                       r" damage|the damage is reduced) by (\d+)) instead$", re.I)
_DMG_ZERO = re.compile(r"^if @SELF is dealt (damage by an ability|damage other than battle damage|(\d+) damage or more),"
                       r" the damage becomes 0 instead$", re.I)
_DMG_TEAM = re.compile(r"^if the (.+?) you control receives damage, reduce the damage by (\d+) instead$", re.I)
_DMG_DEALS = re.compile(r"^if @SELF deals damage to a forward, the damage increases by (\d+) instead$", re.I)
_TAUNT = re.compile(r"^summons and abilities of your opponent must choose @SELF if possible$", re.I)
_NO_BREAK_OPP = re.compile(r"^the (.+?) you control cannot be broken by opposing summons or abilities that don'?t deal"
                           r" damage$", re.I)
_CAST_MY_TURN = re.compile(r"^you can only cast @SELF during your turn$", re.I)
_CAST_IF_CONTROL = re.compile(r"^you must control (.+?) to play @SELF from your hand onto the field$", re.I)
_CAST_IF = re.compile(r"^you can only (?:play|cast) @SELF if (.+)$", re.I)


def _replacement_static(line: str) -> list[Effect] | None:
    """Static damage replacement (damage_mod), "must choose X if possible" (taunt), "cannot be broken by
    opposing ... that don't deal damage" (no_break 2) and cast restrictions (cast_if); None otherwise."""
    body = line.strip().rstrip(".")
    m = _DMG_SELF.match(body)
    if m:
        amount = int(m.group(2)) if m.group(2) else -int(m.group(3))
        return [Effect("static", "damage_mod", amount, "self", DM_DULL if m.group(1) else 0)]
    m = _DMG_ZERO.match(body)
    if m:
        param = DM_ZERO | (int(m.group(2)) << DM_MIN if m.group(2) else DM_ABILITY)
        return [Effect("static", "damage_mod", 0, "self", param)]
    m = _DMG_DEALS.match(body)
    if m:
        return [Effect("static", "damage_mod", int(m.group(1)), "self", DM_DEALS)]
    m = _DMG_TEAM.match(body) or _NO_BREAK_OPP.match(body)
    if m:
        kind = _kind(m.group(1))
        if kind is None:
            return None
        op, amount = ("damage_mod", -int(m.group(2))) if m.re is _DMG_TEAM else ("no_break", 0)
        return [Effect("static", op, amount, "all_own_characters", tmask=kind[0] | (COND_OTHER if kind[2] else 0),
                       thash=kind[1])]
    if _TAUNT.match(body):
        return [Effect("static", "taunt", 0, "self")]
    if _CAST_MY_TURN.match(body):
        return [Effect("static", "cast_if", 0, "self", cond=cond_code(COND_MY_TURN))]
    m = _CAST_IF_CONTROL.match(body)
    if m:
        cond = _cond(f"you control {m.group(1)}")
    else:
        m = _CAST_IF.match(body)
        cond = _cond(m.group(1)) if m else None
    if cond:
        return [Effect("static", "cast_if", 0, "self", cond=cond[0], cond_param=cond[1])]
    return None


_CAST_FREE_X = re.compile(r"^cast 1 summon of cost x or less from your hand without paying the cost(\. then, return that"
                          r" summon to your hand after use instead of putting it in the break zone)?\.?$", re.I)
_EXTRA_COST = re.compile(r"^If you pay the cost to (?:play|cast) @SELF(?: onto the field)?, you may pay an extra"
                         r" ((?:《[^》]+》)+)\.?$", re.I)
# "When a <kind> you control attacks" / "When a <kind> enters your field" (own_attacks / own_enters)
_OWN_TRIGGERS = [
    (re.compile(r"^When an? ([^,]+?) you control attacks, (.+)$", re.I), "own_attacks"),
    (re.compile(r"^When an? ([^,]+?) enters your field, (.+)$", re.I), "own_enters"),
]
# "When 2 or more <kind> Forwards you control form a party and attack": own_party_attacks, n in COND_TRIGGER
_OWN_PARTY = re.compile(r"^When (\d+) or more ([^,]+?) you control form a party and attack, (.+)$", re.I)
_ANY_PARTY = re.compile(r"^When a party you control attacks, (.+)$", re.I)


def _own_trigger(line: str) -> tuple[str, str, tuple[int, int, bool, int, int]] | None:
    """(trigger, body, (type mask, hash, other than this card, elements, members needed)) of an ability about a kind of
    the controller's characters: own_attacks / own_enters (the card itself) or own_party_attacks (n of the party;
    "a party you control": 2, 15.1.1.9)."""
    m = _OWN_PARTY.match(line)
    kind = _trigger_kind(m.group(2)) if m else None
    if kind:
        return "own_party_attacks", m.group(3), (*kind, int(m.group(1)))
    m = _ANY_PARTY.match(line)
    if m:
        return "own_party_attacks", m.group(1), (0, 0, False, 0, 2)
    for pattern, name_trigger in _OWN_TRIGGERS:
        m = pattern.match(line)
        kind = _trigger_kind(m.group(1)) if m and not m.group(1).startswith("@SELF") else None
        if kind:
            return name_trigger, m.group(2), (*kind, 1)
    return None


def _trigger_kind(words: str) -> tuple[int, int, bool, int] | None:
    """_kind of the card that triggers an own_attacks / own_enters / own_party_attacks ability, with the elements it
    must have one of ("a Fire Forward": TRIGGER_ELEM_SHIFT bits, 0 = any); None if the engine cannot match it."""
    elements, rest = _elements(words.strip())
    kind = _kind(rest) if rest else None
    return None if kind is None else (kind[0], kind[1], kind[2], elements >> TMASK_ELEM_SHIFT << TRIGGER_ELEM_SHIFT)


def _trigger_cond(n: int, kind: tuple[int, int, bool, int]) -> tuple[int, int]:
    """(E_COND, E_COND_PARAM) of COND_TRIGGER: n members of the kind (type mask, hash, other, elements)."""
    return cond_code(COND_TRIGGER, n, kind[0], kind[2]) | kind[3], kind[1]


# "If you have a Card Name X in your Break Zone, Y gains "<action>" and "<action>"."
_BZ_GAINS = re.compile(r"^If you have an? Card Name ([^,]+?) in your Break Zone, @SELF gains ((?:[\"“][^\"”]+[\"”]"
                       r"(?:,? and )?)+)\.?$", re.I)


def _gained_actions(m: re.Match, name: str, card_type: str, power: int) -> tuple[frozenset[str], list[Effect]] | None:
    """The action abilities a card has while its controller's Break Zone holds a card of a name (_BZ_GAINS): the
    condition (COND_COUNT / CNT_BREAK_ZONE) is checked when the ability is used, like "You can only use this ability
    if". None if one of them is not an action ability the importer reads, or already has a condition."""
    cond = cond_code(COND_COUNT, 1, CNT_BREAK_ZONE)
    effects: list[Effect] = []
    for ability in _QUOTED.findall(m.group(2)):
        parsed = parse_ability(ability.replace("@SELF", name), name, card_type, power)
        if parsed is None or parsed[0] or not parsed[1] \
                or any(e.trigger not in ("action", "action_break") or e.cond for e in parsed[1]):
            return None
        effects.extend(replace(e, cond=cond, cond_param=text_hash(m.group(1))) for e in parsed[1])
    return frozenset(), effects


_ONLY_MY_TURN = re.compile(r"\s*This effect will trigger only during your turn\.?$", re.I)


def parse_ability(line: str, name: str, card_type: str, power: int = 0) -> tuple[frozenset[str], list[Effect]] | None:
    """(keywords, effects) for one ability line, or None when it cannot be modelled."""
    ex = line.startswith("EX BURST")
    if ex:
        line = line[len("EX BURST"):].strip()
    if _LB.match(line):
        return frozenset(), []
    kws = _keywords_only(line)
    if kws is not None and not ex:
        return kws, []
    gate = _DAMAGE_GATE.match(line)
    if gate:  # "Damage n --" (15.2.x): the ability works while its controller has n damage or more
        inner = parse_ability(gate.group(2), name, card_type, power)
        if inner is None:
            return None
        gated = list(inner[1]) + [Effect("static", *_keyword_op(k), "self") for k in sorted(inner[0])]
        if not gated or any(e.cond for e in gated):
            return None
        return frozenset(), [replace(e, cond=cond_code(COND_DAMAGE, int(gate.group(1)))) for e in gated]
    line = _SPECIAL.sub("", line)
    if name:
        line = _replace_name(line, name)
    line = re.sub(r"\[(Card Name|Job|Category) \(([^)]+)\)\]", r"\1 \2", line)
    if name:
        line = line.replace("other than Card Name @SELF", "other than @SELF")
        line = line.replace("Card Name @SELF", f"Card Name {name}")  # a name condition counts copies of itself
    quoted = re.match(r"^@SELF gains [\"“]([^\"”]+)[\"”]\.?$", line)
    if quoted and not ex:  # "X gains "<ability>"": the quoted ability is X's own (e.g. behind "Damage 3 --")
        return parse_ability(quoted.group(1).replace("@SELF", name), name, card_type, power)
    in_bz = _BZ_GAINS.match(line)
    if in_bz and not ex:
        return _gained_actions(in_bz, name, card_type, power)
    line = re.sub(r"\bthis (?:forward|character|backup)\b", "@SELF", line, flags=re.I)
    line = re.sub(r"^Dull active @SELF:", "《ダル》:", line)  # the dull icon's cost spelt out (newer cards)
    trigger, body = "", line
    m = _ACTION.match(line)
    xcost = 0
    if not m:
        m = _ACTION_XCOST.match(line)
        xcost = _extra_cost(m.group(2)) if m else 0
        if m and xcost is None:
            return None
    if m:
        cast_x = _CAST_FREE_X.match(m.group(m.lastindex)) if "《X》" in m.group(1) else None
        if "《X》" in m.group(1) and not cast_x:
            return None
        cost = _cp_cost(m.group(1).replace("《X》", ""))
        if cost is None:
            return None
        if "《S》" in m.group(1):  # a Special Ability also discards a card of the same name (11.7.1)
            if xcost:
                return None  # one extra cost fits the encoding
            xcost = XC_SPECIAL | 1 << 3
        body = m.group(m.lastindex)
        trigger = "action_break" if re.search(r"put @SELF into the Break Zone", m.group(2), re.I) else "action"
        only_if = re.search(r"\s*You can only use this ability if ([^.]+)\.?\s*$", body, re.I)
        action_cond = _cond(only_if.group(1)) if only_if else None
        if only_if:
            if action_cond is None:
                return None
            body = body[:only_if.start()]
        effects = _modal(body, trigger, power) if _MODAL.search(body) else parse_body(body, trigger, power)
        if cast_x:  # "《X》: cast 1 Summon of cost X or less ...": X is paid on resolution, the Summon's cost
            effects = [Effect(trigger, "cast_free", 1 if cast_x.group(1) else 0, "own_player", -1)]
        if not effects:
            return None
        if only_if and action_cond is not None:  # checked before use (can_activate) and on resolution
            effects = [replace(e, cond=action_cond[0], cond_param=action_cond[1]) for e in effects]
        # one ability: its first slot pays for all (the others are chained to it); "once per turn" is tracked
        once = re.search(r"you can only use this ability[^.]*\bonce per turn", body, re.I) is not None
        # "during your turn / Main Phase": kept out of the defender's window after a battle (choose_instant)
        my_turn = re.search(r"you can only use this ability during your (?:turn|main phase)", body, re.I) is not None
        # an action ability cannot choose its own card (11.6.5): COND_OTHER on its choices of a Character
        return frozenset(), [replace(e, cost=cost[0], dull=cost[1], xcost=xcost, chain=k > 0, once=once,
                                     my_turn=my_turn,
                                     tmask=e.tmask | (COND_OTHER if e.target in _CHOSEN_SIDES else 0))
                             for k, e in enumerate(effects)]
    own_kind = None
    # "When X or a <kind> enters your field / you control attacks": X's own trigger, and the kind's other members
    # (own_enters / own_attacks, other than X) when the engine can match the kind
    also = _SELF_OR_KIND.match(line)
    also_kind = _trigger_kind(also.group(1)) if also else None
    for pattern, name_trigger in _TRIGGERS:
        m = pattern.match(line)
        if m:
            trigger, body = name_trigger, m.group(1)
            break
    else:
        own = _own_trigger(line)
        if own:
            trigger, body, own_kind = own
    if not trigger:
        m = _EXTRA_COST.match(line)
        cp = _cp_cost(m.group(1)) if m else None
        if cp and not cp[1]:  # read when the card is cast (cast_requirement's caller, turn.cast)
            return frozenset(), [Effect("static", "extra_cost", cp[0] & COST_CP, "self")]
        static = _static(line) if card_type == "summon" and "reduced by" in line else None
        if static and all(e.op == "cost_reduce" for e in static):
            return frozenset(), static  # a Summon's own cost reduction works from the hand
        replacement = _replacement_static(line) if not ex else None
        if replacement:
            return frozenset(), replacement
        if card_type == "summon":
            trigger = "cast"  # a Summon's text resolves when it is cast (rule 11.3)
        elif ex:
            trigger = "ex_burst"
        else:
            sm = _STATIC_PUMP.match(line)
            if sm:
                return frozenset(), [Effect("static", "pump", int(sm.group(1)), "self")]
            sm = _STATIC_TEAM_PUMP.match(line)
            if sm:
                return frozenset(), [Effect("static", "pump", int(sm.group(2)), "all_own_characters",
                                            tmask=_TYPE_BIT["forward"] | (COND_OTHER if sm.group(1) else 0))]
            static = _static(line)
            return None if static is None else (frozenset(), static)
    triggers = trigger.split("+")  # "When X enters the field or attacks" -> both triggers
    only_my_turn = _ONLY_MY_TURN.search(body)
    if only_my_turn:
        body = body[:only_my_turn.start()]
    put_self = re.match(r"^you may put (@SELF|1 Backup you control) into the Break Zone\. (?:when|if) you do so, (.+)$",
                        body, re.I)
    if put_self:  # an optional cost paid on resolution (XC_SELF / XC_BACKUP), like "you may pay" below
        body = put_self.group(2)
    removed = re.match(r"^you may remove @SELF from the game\. when you do so, (.+)$", body, re.I)
    if removed and triggers == ["leave"]:  # from the Break Zone: approximate, the card stays there (card table)
        body = removed.group(1)
    pay = re.match(r"^you may pay ((?:《[^》]+》)+)\. (?:when|if) you do so, (.+)$", body, re.I)
    pay_cost = _cp_cost(pay.group(1)) if pay else None
    if pay:
        if pay_cost is None or pay_cost[1] or pay_cost[0] == 0:
            return None
        body = pay.group(2)
    cond = (0, 0)
    cm = _IF.match(body)
    if cm and _cond(cm.group(1)) is not None:  # "..., if you control X, draw 1 card": checked on resolution
        cond, body = _cond(cm.group(1)), cm.group(2)
    effects = _modal(body, triggers[0], power) if _MODAL.search(body) else parse_body(body, triggers[0], power)
    if not effects:
        return None
    if pay_cost is not None:  # an optional cost paid on resolution: one effect only, or each would pay
        if _one_of_options(effects):  # "select 1 of": only the picked option resolves, so only it pays
            effects = [replace(e, cost=pay_cost[0]) for e in effects]
        elif len(effects) != 1:
            return None
        else:
            effects = [replace(effects[0], cost=pay_cost[0])]
    if put_self:
        if len(effects) != 1 or pay_cost is not None:
            return None
        effects = [replace(effects[0], xcost=XC_SELF if put_self.group(1) == "@SELF" else XC_BACKUP)]
    if any(e.target == "party" for e in effects) and triggers[0] not in ("party_attack", "own_party_attacks"):
        return None  # "the Forwards forming a party" mean nothing outside a party's attack
    effects = [replace(e, trigger=t) for t in triggers for e in effects]
    # the kind of the card that attacks / enters (checked when it triggers) and "only during your turn" each
    # take the effects' one condition slot: an ability that needs two conditions stays unmodelled
    taken = bool(cond[0]) or any(e.cond for e in effects)
    if own_kind:
        if taken:
            return None
        cond, taken = _trigger_cond(own_kind[4], own_kind[:4]), True
    if only_my_turn:
        if taken:
            return None
        cond = cond_code(COND_MY_TURN), 0
    if cond[0]:
        effects = [replace(e, cond=cond[0], cond_param=cond[1]) for e in effects]
    if also and (also_kind is None or taken):
        return None  # "When X or a <kind> ...": the kind's members would not trigger it
    if also_kind:
        kind_trigger = "own_enters" if also.group(2).lower() == "enters your field" else "own_attacks"
        also_cond = _trigger_cond(1, (also_kind[0], also_kind[1], True, also_kind[3]))
        effects = effects + [replace(e, trigger=kind_trigger, cond=also_cond[0], cond_param=also_cond[1])
                             for e in effects]
    if ex and trigger not in ("ex_burst", "cast"):
        # EX Burst (rule 11.10): the same ability also resolves when the card is revealed as damage (a
        # Summon needs no copies: without ex_burst effects the engine resolves its cast effects, 11.10.3)
        effects = effects + [replace(e, trigger="ex_burst") for e in effects]
    return frozenset(), effects


def parse_fftcg_text(text: str, name: str, card_type: str = "forward", power: int = 0) -> ParsedText:
    lines = ability_lines(text)
    keywords: set[str] = set()
    effects: list[Effect] = []
    unmodelled: list[str] = []
    lb_cost = -1
    for line in lines:
        lb = _LB.match(line)
        if lb:
            lb_cost = int(lb.group(1))
        parsed = parse_ability(line, name, card_type, power)
        if parsed is None or len(effects) + len(parsed[1]) > MAX_EFFECTS:
            unmodelled.append(line)  # not understood, or no room left in the card's effect slots
            continue
        keywords |= parsed[0]
        effects.extend(parsed[1])
        if modal_options_missing(line, parsed[1]):
            unmodelled.append(line)
    return ParsedText(keywords=frozenset(keywords), effects=tuple(effects), unmodelled=tuple(unmodelled),
                      ex_burst="EX BURST" in text, lb_cost=lb_cost, lines=len(lines))
