"""FFTCG card text (Square markup, English) -> keywords, effects and the ability lines left unmodelled.

One ability = one `[[br]]` line of the card text; a modal line ("Select 1 of the 3 following
actions.") takes the quoted options that follow it. A line is *modelled* when every sentence of it
maps onto the effect vocabulary (sim.effects) or is a rider we knowingly drop (listed in IGNORED:
once-per-turn limits, EX Burst bonus amounts, reminder text). Known approximations, made on purpose:
- target qualifiers "dull"/"active"/"attacking"/"blocking" are dropped (any Forward of that side);
- "choose 1 Forward" without "opponent controls" targets the opponent for harmful ops and our own
  Forwards for helpful ones (what a sensible player picks);
- a Special Ability (rule 11.7) is an action ability; its extra discard of a same-name card is dropped;
- the element of a CP cost is dropped: 《火》《1》 costs 2 CP;
- a modal ability keeps its first options that parse (as many as it selects).
Conditions ("if you control ...", "Damage 3 --") are NOT dropped: such lines stay unmodelled.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from sim.effects import MAX_EFFECTS, Effect
from sim.model import CARD_TYPES

KEYWORDS = ("haste", "brave", "first_strike", "back_attack")  # FFTCG 15.2.1, 15.2.2, 15.2.3, 15.2.5
_KEYWORD_WORDS = {"haste": "haste", "brave": "brave", "first strike": "first_strike", "back attack": "back_attack"}
HARMFUL = ("damage", "break", "break_power", "dull", "freeze", "weaken", "bounce")  # aimed at the opponent
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
    raw = [re.sub(r"\s+", " ", _MARKUP.sub("", line)).strip() for line in clean(text).split("[[br]]")]
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
    r"^choose (up to )?" + _N + r" (.*?)(?: of cost (\d+) or less)?(?: with (?:a )?power (?:of )?(\d+) or less)?"
    r"( opponent controls| you control)?(?: other than @SELF)?$", re.I)
# what a choose may pick: Forwards / Characters, possibly narrowed by job, name, category, element or state
_CHOOSE_KIND = re.compile(r"^(?:(?:[^.\d]*?) )?(?:forwards?|characters?|forwards? (?:and/)?or monsters?)$"
                          r"|^(?:job|card name|category) [^.\d]*$", re.I)
_ON_IT = [  # what "it/them" gets, after a choose
    (re.compile(r"^deal (?:it|them) (\d+) damage$", re.I), "damage", True),
    (re.compile(r"^deal (?:it|them) damage equal to @SELF'?s'? power$", re.I), "damage", True),
    (re.compile(r"^break (?:it|them)$", re.I), "break", False),
    (re.compile(r"^(?:dull (?:it|them) and )?freeze (?:it|them)$", re.I), "freeze", False),
    (re.compile(r"^dull (?:it|them)$", re.I), "dull", False),
    (re.compile(r"^(?:it gains|they gain) \+(\d+) power until the end of the turn$", re.I), "pump", True),
    (re.compile(r"^until the end of the turn, (?:it gains|they gain) \+(\d+) power$", re.I), "pump", True),
    (re.compile(r"^(?:it loses|they lose) (\d+) power until the end of the turn$", re.I), "weaken", True),
    (re.compile(r"^until the end of the turn, (?:it loses|they lose) (\d+) power$", re.I), "weaken", True),
    (re.compile(r"^(?:it gains|they gain) haste until the end of the turn$", re.I), "haste", False),
    (re.compile(r"^return (?:it|them) to (?:its|their) owner'?s'? hands?$", re.I), "bounce", False),
    (re.compile(r"^activate (?:it|them)$", re.I), "activate", False),
    # removed from the game / put under the deck: modelled as a break (it leaves the field for good; the
    # difference is only which "when broken" triggers fire)
    (re.compile(r"^remove (?:it|them) from the game$", re.I), "break", False),
    (re.compile(r"^put (?:it|them) at the bottom of (?:its|their) owner'?s'? deck$", re.I), "break", False),
    (re.compile(r"^put (?:it|them) on top of (?:its|their) owner'?s'? deck$", re.I), "bounce", False),
    (re.compile(r"^(?:it gains|they gain) (brave|first strike) until the end of the turn$", re.I), "grant_keyword",
     False),
    (re.compile(r"^until the end of the turn, (?:it gains|they gain) (haste|brave|first strike)$", re.I),
     "grant_keyword", False),
]
_RECOVER = re.compile(r"^choose (up to )?" + _N + r" (.+?) ?(?:in|from) your break zone\. (?:you may )?add (?:it|them)"
                      r" to your hand$", re.I)
_SEARCH = re.compile(r"^(?:you may )?search for " + _N + r" (.+?) ?and add (?:it|them) to your hand$", re.I)
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
    (re.compile(r"^@SELF and all (?:the )?forwards forming a party with it gain \+(\d+) power until the end of the turn$",
                re.I), "pump", "self"),
    (re.compile(r"^dull all (?:the )?forwards opponent controls$", re.I), "dull", "all_opp_characters"),
    (re.compile(r"^activate all (?:the )?(?:forwards|characters) you control$", re.I), "activate", "all_own_characters"),
    (re.compile(r"^activate @SELF$", re.I), "activate", "self"),
    (re.compile(r"^freeze all (?:the )?forwards opponent controls$", re.I), "freeze", "all_opp_characters"),
    (re.compile(r"^(?:produce|gain) ((?:《[^》]+》)+)$", re.I), "gain_cp", "own_player"),
]
IGNORED = [  # riders dropped on purpose (see module docstring)
    re.compile(r"^you can only use this ability (?:during your turn|once per turn|during your main phase"
               r"(?:, and only once per turn)?|during your turn and only once per turn)$", re.I),
    re.compile(r"^this effect will trigger only once per turn$", re.I),
    re.compile(r"^if @SELF results from an ex burst, .* instead$", re.I),
    re.compile(r"^ex bursts of cards put into the damage zone due to this damage cannot be used$", re.I),
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


def _target(op: str, side: str | None) -> str:
    if side and "opponent" in side:
        return "opp_character"
    if side and "you control" in side:
        return "own_character"
    return "opp_character" if op in HARMFUL else "own_character"


def _sentences(body: str) -> list[str]:
    parts = re.split(r"(?<=[.!])\s+", body.strip())
    return [p.strip().rstrip(".").strip() for p in parts if p.strip().rstrip(".").strip()]


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
                    out.append((op, (int(am.group(1)) if am.groups() else power) if has_amount else 0, 0))
                break
        else:
            return None
    return out


# "turn over one card at a time until a Fire card is revealed; add it to your hand": one card found in the deck
_TURN_OVER = re.compile(r"turn over one card at a time from the top of your deck until an? [^.]+ is revealed\. add it to"
                        r" your hand\. then, shuffle the other cards(?: revealed)? and return them to the bottom of"
                        r" your deck\.?", re.I)


def parse_body(body: str, trigger: str, power: int = 0) -> list[Effect] | None:
    """Effects for an ability body, or None if any sentence is not understood."""
    effects: list[Effect] = []
    sentences = _sentences(_TURN_OVER.sub("search for 1 card and add it to your hand.", body))
    i = 0
    while i < len(sentences):
        s = sentences[i]
        if any(p.match(s) for p in IGNORED):
            i += 1
            continue
        m = _CHOOSE.match(s)
        if m and (not _CHOOSE_KIND.match(m.group(3).strip())
                  or re.search(r"\b(?:and \d|backups?|monsters?|summons?|cards?(?! name)|in your|from your)\b",
                               re.sub(r"(?:and/)?or Monsters?", "", m.group(3)), re.I)):
            m = None  # two targets, a non-Forward, or a card in another zone
        if m and i + 1 < len(sentences):
            _up_to, count, _qualifier, cost_max, power_max, side = m.groups()
            actions: list[tuple[str, int, int]] = []
            j = i + 1
            while j < len(sentences):  # every following sentence about "it" / "them"
                if any(p.match(sentences[j]) for p in IGNORED):
                    j += 1
                    continue
                got = _on_target(sentences[j], power)
                if got is None:
                    break
                actions.extend(got)
                j += 1
            if not actions:
                return None
            one = []
            for op, amount, param in actions:
                if op == "break" and power_max:
                    op, param = "break_power", int(power_max)
                elif op == "break" and cost_max:
                    param = int(cost_max)
                one.append(Effect(trigger, op, amount, _target(op, side), param))
            effects.extend(one * min(_num(count), MAX_EFFECTS))
            i = j
            continue
        m = None
        if i + 1 < len(sentences) and re.match(r"^(?:you may )?add (?:it|them) to your hand$", sentences[i + 1], re.I):
            m = _RECOVER.match(f"{s}. {sentences[i + 1]}")
        if m:
            i += 1
        else:
            m = _RECOVER.match(s)
        if m:
            effects.extend([Effect(trigger, "recover", 1, "own_player", _type_param(m.group(3)))]
                           * min(_num(m.group(2)), MAX_EFFECTS))
            i += 1
            continue
        m = _SEARCH.match(s)
        if m:
            effects.extend([Effect(trigger, "search", 1, "own_player", _type_param(m.group(2)))]
                           * min(_num(m.group(1)), MAX_EFFECTS))
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
                effects.append(Effect(trigger, op, amount, target))
                break
        else:
            return None
        i += 1
    return effects or None


# ---------------------------------------------------------------- abilities

_DAMAGE_GATE = re.compile(r"^Damage \d+\s*--", re.I)
_SPECIAL = re.compile(r"^[^《:]*(?=《S》)")  # a Special Ability's name before its S icon (rule 11.7)
_ACTION = re.compile(r"^((?:《[^》]+》\s*)*)((?:,?\s*put @SELF into the Break Zone)?)\s*:\s*(.+)$", re.I)
_TRIGGERS = [
    (re.compile(r"^When @SELF enters the field, (.+)$", re.I), "enter"),
    # "When X or a <kind> enters your field": modelled as X's own entry only (approximation)
    (re.compile(r"^When @SELF or an? [^,]+? enters your field, (.+)$", re.I), "enter"),
    (re.compile(r"^When @SELF (?:forms a party and )?attacks, (.+)$", re.I), "attack"),
    (re.compile(r"^When @SELF enters the field or attacks, (.+)$", re.I), "enter+attack"),
    (re.compile(r"^When @SELF enters the field or is put from the field into the Break Zone, (.+)$", re.I),
     "enter+leave"),
    (re.compile(r"^At the beginning of the (?:Attack Phase|Main Phase 1) during each of your turns, (.+)$", re.I),
     "turn_start"),
    (re.compile(r"^When @SELF blocks, (.+)$", re.I), "block"),
    (re.compile(r"^When @SELF deals damage to your opponent, (.+)$", re.I), "hit_player"),
    (re.compile(r"^When @SELF (?:is put from the field into the Break Zone|is broken), (.+)$", re.I), "leave"),
    (re.compile(r"^At the beginning of (?:each of )?your turn, (.+)$", re.I), "turn_start"),
]
_STATIC_PUMP = re.compile(r"^@SELF gains \+(\d+) power\.?$", re.I)
_STATIC_TEAM_PUMP = re.compile(r"^the forwards (?:other than @SELF )?you control gain \+(\d+) power\.?$", re.I)


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
    """CP count and dull flag of an action cost (FFTCG 11.6.2); None if not expressible (X, Crystal)."""
    cp, dull = 0, False
    for symbol in re.findall(r"《([^》]+)》", symbols):
        if symbol == "ダル":
            dull = True
        elif symbol == "S":
            continue  # Special Ability icon (rule 11.7); the same-name discard is dropped
        elif symbol.isdigit():
            cp += int(symbol)
        elif symbol in "火氷風土雷水光闇":
            cp += 1
        else:
            return None
    return cp, dull


def _modal(body: str, trigger: str, power: int) -> list[Effect] | None:
    m = _MODAL.search(body)
    if not m:
        return None
    picks = int(m.group(1))
    chosen: list[Effect] = []
    for option in _QUOTED.findall(body):
        got = parse_body(option, trigger, power)
        if got and picks > 0:
            chosen.extend(got)
            picks -= 1
    return chosen or None


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
    if _DAMAGE_GATE.match(line):
        return None
    line = _SPECIAL.sub("", line)
    if name:
        line = _replace_name(line, name)
    line = re.sub(r"\bthis (?:forward|character|backup)\b", "@SELF", line, flags=re.I)
    trigger, body = "", line
    m = _ACTION.match(line)
    if m:
        cost = _cp_cost(m.group(1))
        if cost is None:
            return None
        body = m.group(3)
        trigger = "action_break" if m.group(2) else "action"
        effects = _modal(body, trigger, power) if _MODAL.search(body) else parse_body(body, trigger, power)
        if not effects:
            return None
        return frozenset(), [Effect(e.trigger, e.op, e.amount, e.target, e.param, cost[0], cost[1]) for e in effects]
    for pattern, name_trigger in _TRIGGERS:
        m = pattern.match(line)
        if m:
            trigger, body = name_trigger, m.group(1)
            break
    else:
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
                return frozenset(), [Effect("static", "pump", int(sm.group(1)), "all_own_characters")]
            return None
    triggers = trigger.split("+")  # "When X enters the field or attacks" -> both triggers
    effects = _modal(body, triggers[0], power) if _MODAL.search(body) else parse_body(body, triggers[0], power)
    if not effects:
        return None
    effects = [Effect(t, e.op, e.amount, e.target, e.param) for t in triggers for e in effects]
    if ex and trigger != "ex_burst":
        # EX Burst (rule 11.10): the same ability also resolves when the card is revealed as damage
        effects = effects + [Effect("ex_burst", e.op, e.amount, e.target, e.param) for e in effects]
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
    return ParsedText(keywords=frozenset(keywords), effects=tuple(effects), unmodelled=tuple(unmodelled),
                      ex_burst="EX BURST" in text, lb_cost=lb_cost, lines=len(lines))
