"""CODE OF JOKER ability text (Japanese, catalog.json) -> keywords, effects and unmodelled abilities.

The text is NFKC-normalised (full-width digits). An ability is a "■name" heading with its body lines,
or a keyword line of 【…】 outside any heading; each counts once for coverage. An ability is modelled
when its printed timing maps onto a trigger, every sentence maps onto the effect vocabulary
(sim.effects), apart from the reminder notes dropped on purpose (IGNORED), and the engine executes
that timing, op and target (sim.games.coj_vocab): coverage counts only what runs. A keyword line is
modelled when the engine plays every keyword on it. Approximations, made on purpose:
- target filters other than cost / BP / level bounds are not modelled (the ability stays unmodelled);
- 「選んで」 (chosen) picks from the discard or deck are played as random picks of the same kind, and a
  unit picked 「ランダムで」 is played as the engine's target choice (coj_effects.pick_target);
- 「それ」 in a trigger or intercept card is the unit of its event (the entering or attacking unit).
"""

from __future__ import annotations

import re
import unicodedata

from sim.effects import MAX_EFFECTS, Effect, text_hash
from sim.games.coj_vocab import KEYWORDS as ENGINE_KEYWORDS
from sim.games.coj_vocab import executed
from sim.importers.fftcg_text import ParsedText

# CoJ digest §10 keyword table (in the order of sim.games.coj KEYWORDS, bit i of K_KW), then the rest of the
# catalog's keywords.json. 次元干渉/コストN becomes "dimensional_interference_N" (the engine reads N from it).
COJ_KEYWORD_NAMES = {
    "スピードムーブ": "speed_move", "不屈": "indomitable", "貫通": "penetrate", "無我の境地": "selflessness",
    "固着": "anchored", "加護": "protection", "次元干渉": "dimensional_interference", "呪縛": "bind",
    "不滅": "immortal", "秩序の盾": "shield_of_order", "沈黙": "silence", "強制防御": "forced_defense",
    "攻撃禁止": "attack_ban", "王の治癒力": "kings_healing",
    "防御禁止": "block_ban", "破壊効果耐性": "destroy_resist", "沈黙効果耐性": "silence_resist",
    "撤退禁止": "retreat_ban", "進化禁止": "evolution_ban",
    # parsed, not played by the engine: a line with one of these counts as unmodelled
    "消滅効果耐性": "delete_resist", "セレクトハック": "select_hack", "狂戦士": "berserker", "神託": "oracle",
    "オーバーヒート": "overheat", "行動制限": "action_restriction",
}
COJ_KEYWORDS: tuple[str, ...] = tuple(COJ_KEYWORD_NAMES.values())
assert COJ_KEYWORDS[:len(ENGINE_KEYWORDS)] == ENGINE_KEYWORDS  # grant_keyword's param is the engine's bit
CARD_TYPE_PARAM = {"ユニット": 0, "進化": 1, "トリガー": 2, "インターセプト": 3}  # index into CARD_TYPES["coj"]


def normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


_TAGS = re.compile(r"</?[a-zA-Z][^>]*>")  # HTML spans only; <ウィルス…> names stay
_KEYWORD = re.compile(r"【([^】]+)】")
_DIMENSION = re.compile(r"【?次元干渉\s*/\s*コスト\s*\(?(\d+)\)?】?")


def abilities(text: str) -> list[str]:
    """Ability blocks: '■name' headings with their body lines; keyword lines stand alone."""
    blocks: list[list[str]] = []
    in_heading = False
    for raw in _TAGS.sub("", normalize(text)).splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("(") and blocks:
            blocks[-1].append(line)  # reminder text belongs to the ability above it
        elif line.startswith("■"):
            blocks.append([line])
            in_heading = True
        elif in_heading and not _keyword_line(line):
            blocks[-1].append(line)
        else:
            blocks.append([line])
            in_heading = False
    return ["\n".join(block) for block in blocks]


def _keyword_line(line: str) -> frozenset[str] | None:
    dimension = _DIMENSION.search(line)
    if dimension:
        line = _DIMENSION.sub("", line)
    found = {COJ_KEYWORD_NAMES[k] for k in _KEYWORD.findall(line) if k in COJ_KEYWORD_NAMES}
    if dimension:
        found.add(f"dimensional_interference_{dimension.group(1)}")
    rest = _KEYWORD.sub("", line).strip()
    return frozenset(found) if found and not rest else None


_TRIGGERS = [  # unit abilities: the unit's own events and the ones it watches (§9 trigger points)
    (re.compile(r"^(?:このユニット|自身)がフィールドに出た時、"), "enter"),
    (re.compile(r"^このユニットがアタックした時、"), "attack"),
    (re.compile(r"^このユニットがブロックした時、"), "block"),
    (re.compile(r"^このユニットが戦闘した時、"), "battle"),
    (re.compile(r"^このユニットが破壊された時、"), "leave"),
    (re.compile(r"^このユニットが(?:オーバークロックした|フィールドでレベル3にクロックアップした)時、"), "overclock"),
    (re.compile(r"^このユニットがプレイヤーアタックに成功した時、"), "hit_player"),
    (re.compile(r"^あなたのターン開始時、"), "turn_start"),
    (re.compile(r"^あなたのターン終了時、"), "turn_end"),
    (re.compile(r"^対戦相手のターン開始時、"), "opp_turn_start"),
    (re.compile(r"^(?:対戦相手の|相手)ターン終了時、"), "opp_turn_end"),
    (re.compile(r"^対戦相手のユニットがフィールドに(?:出た時|出るたび)、"), "opp_enters"),
    (re.compile(r"^対戦相手のユニットが(?:アタックした時|アタックするたび)、"), "opp_attacks"),
    (re.compile(r"^あなたがプレイヤーアタックを(?:受けた時|受けるたび)、"), "opp_hit_player"),
]
_ZONE_TRIGGERS = [  # trigger / intercept cards: the printed condition, seen from the card's owner
    (re.compile(r"^あなたのユニットがフィールドに出た時、"), "own_enters"),
    (re.compile(r"^対戦相手のユニットがフィールドに出た時、"), "opp_enters"),
    (re.compile(r"^あなたのユニットがアタックした時、"), "own_attacks"),
    (re.compile(r"^対戦相手のユニットがアタックした時、"), "opp_attacks"),
    (re.compile(r"^あなたのユニットが戦闘した時、"), "own_battles"),
    (re.compile(r"^あなたのユニットがブロックした時、"), "own_blocks"),
    (re.compile(r"^あなたのユニットがプレイヤーアタックに成功した時、"), "own_hit_player"),
    (re.compile(r"^あなたがプレイヤーアタックを受けた時、"), "opp_hit_player"),
    (re.compile(r"^あなたのユニットが破壊された時、"), "leave"),
    (re.compile(r"^あなたのターン開始時、"), "turn_start"),
    (re.compile(r"^対戦相手のターン開始時、"), "opp_turn_start"),
    (re.compile(r"^あなたのターン終了時、"), "turn_end"),
    (re.compile(r"^対戦相手のターン終了時、"), "opp_turn_end"),
]
_SIDE = r"(対戦相手|あなた)?の?"
_FILTER = r"(?:コスト(\d+)以下の|BP(\d+)以下の|レベル(\d+)以上の|行動済)?"
_CHOOSE = re.compile(r"^" + _SIDE + _FILTER + r"ユニット(?:を|から)?(?:ランダムで)?(\d+)体(?:まで)?(?:を)?(?:ランダムで)?選ぶ$")
_RECOVER_PICK = re.compile(r"^あなたの捨札にある(?:(ユニット|トリガー|インターセプト)?カード)?を(\d+)枚選ぶ$")
_ON_IT = [  # action on the chosen unit(s): それ / それら
    (re.compile(r"^(?:それ|それら)に(\d+)ダメージを与える$"), "damage"),
    (re.compile(r"^(?:それ|それら)を破壊する$"), "break"),
    (re.compile(r"^(?:それ|それら)の(?:基本)?BPを\+(\d+)する$"), "pump"),
    (re.compile(r"^(?:それ|それら)の行動権を消費する$"), "dull"),
    (re.compile(r"^(?:それ|それら)を(?:持ち主の|対戦相手の)?手札に戻す$"), "bounce"),
    (re.compile(r"^(?:ターン終了時まで)?(?:それ|それら)の(?:基本)?BPを\+(\d+)する$"), "pump"),
    (re.compile(r"^(?:ターン終了時まで)?(?:それ|それら)の(?:基本)?BPを-(\d+)する$"), "weaken"),
    (re.compile(r"^(?:それ|それら)のレベルを\+(\d+)する$"), "level_up"),
    (re.compile(r"^(?:それ|それら)の行動権を回復する$"), "activate"),
    (re.compile(r"^(?:それ|それら)に【([^】]+)】を与える$"), "grant_keyword"),
    (re.compile(r"^(?:ターン終了時まで(?:それ|それら)|(?:それ|それら)にターン終了時まで)に?【([^】]+)】を与える$"),
     "grant_keyword"),
]
_ALONE = [  # sentences that stand alone: (pattern, op, target)
    (re.compile(r"^(?:あなたは)?カードを(\d+)枚引く$"), "draw", "own_player"),
    (re.compile(r"^対戦相手(?:のユニット全体|の全てのユニット)に(\d+)ダメージを与える$"), "damage", "all_opp_characters"),
    (re.compile(r"^全てのユニットに(\d+)ダメージを与える$"), "damage", "all_characters"),
    (re.compile(r"^対戦相手の全てのユニットを破壊する$"), "break", "all_opp_characters"),
    (re.compile(r"^対戦相手の全てのユニットの行動権を消費する$"), "dull", "all_opp_characters"),
    (re.compile(r"^対戦相手の全てのユニットの(?:基本)?BPを-(\d+)する$"), "weaken", "all_opp_characters"),
    (re.compile(r"^(?:ターン終了時まで)?あなたの全てのユニットの(?:基本)?BPを\+(\d+)する$"), "pump", "all_own_characters"),
    (re.compile(r"^(?:ターン終了時まで)?このユニットの(?:基本)?BPを\+(\d+)する$"), "pump", "self"),
    (re.compile(r"^このユニットのレベルを\+(\d+)する$"), "level_up", "self"),
    (re.compile(r"^このユニットの行動権を回復する$"), "activate", "self"),
    (re.compile(r"^あなたの全てのユニットの行動権を回復する$"), "activate", "all_own_characters"),
    (re.compile(r"^このユニットの基本BPを\+(\d+)する$"), "pump", "self"),
    (re.compile(r"^(?:ターン終了時まで)?このユニットの(?:基本)?BPを-(\d+)する$"), "weaken", "self"),
    (re.compile(r"^(?:ターン終了時まで)?それの(?:基本)?BPを-(\d+)する$"), "weaken", "any_character"),
    (re.compile(r"^このユニットを破壊する$"), "break", "self"),
    (re.compile(r"^全てのユニットの行動権を消費する$"), "dull", "all_characters"),
    (re.compile(r"^対戦相手の全てのユニットに【([^】]+)】を与える$"), "grant_keyword", "all_opp_characters"),
    (re.compile(r"^このユニットの行動権を消費する$"), "dull", "self"),
    (re.compile(r"^対戦相手の全てのレベル(\d+)以上のユニットを破壊する$"), "break", "all_opp_characters"),
    (re.compile(r"^対戦相手のCPを(-\d+)する$"), "gain_cp", "opp_player"),
    (re.compile(r"^あなたのCPを(-\d+)する$"), "gain_cp", "own_player"),
    (re.compile(r"^(?:あなたの全てのユニット|あなたのユニット全体)の基本BPを\+(\d+)する$"), "pump", "all_own_characters"),
    (re.compile(r"^対戦相手の全てのユニットの基本BPを-(\d+)する$"), "weaken", "all_opp_characters"),
    (re.compile(r"^全てのユニットの(?:基本)?BPを-(\d+)する$"), "weaken", "all_characters"),
    (re.compile(r"^(?:あなたの全てのユニット|あなたのユニット全体)に(\d+)ダメージを与える$"), "damage", "all_own_characters"),
    (re.compile(r"^対戦相手の全てのユニットを手札に戻す$"), "bounce", "all_opp_characters"),
    (re.compile(r"^全てのユニットを破壊する$"), "break", "all_characters"),
    (re.compile(r"^対戦相手のトリガーゾーンにあるカードを(\d+)枚(?:まで)?ランダムで破壊する$"), "zone_break", "opp_player"),
    (re.compile(r"^(?:ターン終了時まで)?このユニットに【([^】]+)】を与える$"), "grant_keyword", "self"),
    (re.compile(r"^(?:ターン終了時まで)?それに【([^】]+)】を与える$"), "grant_keyword", "own_character"),
    (re.compile(r"^対戦相手のユニットからランダムで1体に【([^】]+)】を与える$"), "grant_keyword", "opp_character"),
    (re.compile(r"^それの行動権を回復する$"), "activate", "own_character"),
    # a trigger / intercept acting on the unit that set it off (「それ」 without a choice)
    (re.compile(r"^(?:ターン終了時まで)?それの(?:基本)?BPを\+(\d+)する$"), "pump", "own_character"),
    (re.compile(r"^あなたのユニットを1体選ぶ。それの(?:基本)?BPを\+(\d+)する$"), "pump", "own_character"),
    (re.compile(r"^対戦相手に(\d+)ライフダメージを与える$"), "player_damage", "opp_player"),
    (re.compile(r"^あなたは(\d+)ライフダメージを受ける$"), "player_damage", "own_player"),
    (re.compile(r"^あなたのライフを\+(\d+)する$"), "heal", "own_player"),
    (re.compile(r"^(?:あなたの)?CPを\+(\d+)する$"), "gain_cp", "own_player"),
    (re.compile(r"^対戦相手は手札を(\d+)枚ランダムで捨てる$"), "discard", "opp_player"),
    (re.compile(r"^対戦相手の手札を(\d+)枚ランダムで破壊する$"), "discard", "opp_player"),
    (re.compile(r"^あなたの捨札にある(?:(ユニット|トリガー|インターセプト)?カード)?を(\d+)枚(?:まで)?(?:選んで|ランダムで)手札に加える$"),
     "recover", "own_player"),
    (re.compile(r"^あなたはデッキから(ユニット|トリガー|インターセプト)?カードを(\d+)枚(?:選んで|ランダムで)手札に加える$"),
     "search", "own_player"),
    (re.compile(r"^あなたは(ユニット|トリガー|インターセプト)カードを(\d+)枚引く$"), "search", "own_player"),
    # a species: 「【獣】ユニットのカードを1枚ランダムで手札に加える」, 「あなたは【獣】ユニットを1枚引く」 (from the deck)
    (re.compile(r"^【([^】]+)】ユニットのカードを(\d+)枚ランダムで手札に加える$"), "search", "own_player"),
    (re.compile(r"^あなたは【([^】]+)】ユニットを(\d+)枚引く$"), "search", "own_player"),
]
IGNORED = [  # reminder notes in parentheses
    re.compile(r"^\(この効果によって受けたライフダメージでジョーカーゲージは増えない\)$"),
]
HARMFUL = ("damage", "break", "break_power", "dull", "weaken", "bounce")


def _sentences(body: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=。)", body.replace("\n", "")) if s.strip().rstrip("。").strip()]


def _keyword_bit(name: str) -> int | None:
    """grant_keyword's param: the engine's keyword bit (None: a keyword the engine does not play)."""
    key = COJ_KEYWORD_NAMES.get(name)
    return ENGINE_KEYWORDS.index(key) if key in ENGINE_KEYWORDS else None


def _param(op: str, sentence: str, groups: list[str]) -> int | None:
    """The effect's param from its sentence: 基本BP (pump/weaken 1), a keyword bit (grant_keyword)."""
    if op in ("pump", "weaken"):
        return 1 if "基本BP" in sentence else 0  # §10 基本BP: a lasting base change
    if op == "grant_keyword":
        return _keyword_bit(groups[-1])
    return 0


def _amount(op: str, sentence: str, groups: list[str]) -> int:
    if op == "grant_keyword":  # granted until end of turn (0) or for as long as it stays (1)
        return 0 if "ターン終了時まで" in sentence else 1
    return int(groups[0]) if groups and groups[0] and groups[0].lstrip("-").isdigit() else 0


def parse_body(body: str, trigger: str) -> list[Effect] | None:
    effects: list[Effect] = []
    sentences = [s.rstrip("。") for s in _sentences(body)]
    i = 0
    while i < len(sentences):
        s = sentences[i]
        if any(p.match(s) for p in IGNORED):
            i += 1
            continue
        m = _RECOVER_PICK.match(s)
        if m and i + 1 < len(sentences) and sentences[i + 1] == "それを手札に加える":
            kind, n = m.groups()
            effects.append(Effect(trigger, "recover", int(n), "own_player", CARD_TYPE_PARAM.get(kind, -1)))
            i += 2
            continue
        m = _CHOOSE.match(s)
        if m and i + 1 < len(sentences):
            side, cost_max, bp_max, level_min, count = m.groups()
            then = sentences[i + 1]
            hit = next(((pattern.match(then), op) for pattern, op in _ON_IT if pattern.match(then)), None)
            if hit is None or (level_min and hit[1] != "break"):
                return None  # a level floor is modelled for destroy only
            am, op = hit
            param = _param(op, then, list(am.groups()))
            if param is None:
                return None
            amount = _amount(op, then, list(am.groups()))
            if op == "break" and bp_max:
                op, param = "break_power", int(bp_max)
            elif op == "break":
                param, amount = int(cost_max or 0), int(level_min or 0)
            if side == "対戦相手" or (side is None and op in HARMFUL):
                target = "opp_character"
            else:
                target = "own_character"
            effects.extend([Effect(trigger, op, amount, target, param)] * min(int(count), MAX_EFFECTS))
            i += 2
            continue
        for pattern, op, target in _ALONE:
            sm = pattern.match(s)
            if sm:
                groups = list(sm.groups())
                if op in ("recover", "search"):
                    kind, n = groups
                    param, amount = (CARD_TYPE_PARAM.get(kind, -1) if kind else -1), int(n)
                    if kind and kind not in CARD_TYPE_PARAM:  # a species: its hash (engine: param > 4)
                        param = text_hash(kind)
                else:
                    param, amount = _param(op, s, groups), _amount(op, s, groups)
                    if param is None:
                        return None
                effects.append(Effect(trigger, op, amount, target, param))
                break
        else:
            return None
        i += 1
    return effects or None


_REMINDER = re.compile(r"\([^()]*\)")


def parse_ability(block: str, ctype: str) -> tuple[frozenset[str], list[Effect]] | None:
    """An ability's keywords and effects, or None when the engine would not run all of it."""
    lines = [line for line in (_REMINDER.sub("", raw).strip() for raw in block.split("\n")) if line]
    if not lines:
        return frozenset(), []
    kws = _keyword_line(lines[0]) if len(lines) == 1 else None
    if kws is not None:
        played = all(k in ENGINE_KEYWORDS or k.startswith("dimensional_interference_") for k in kws)
        return (kws, []) if played else None
    body = "".join(line for line in lines if not line.startswith("■"))
    if not body:
        return frozenset(), []  # a bare ability name
    zone_card = ctype in ("trigger", "intercept", "joker")
    trigger = "cast" if ctype == "joker" else ""  # a joker is used from its zone, no condition (§9)
    if not trigger:
        for pattern, name in (_ZONE_TRIGGERS if zone_card else _TRIGGERS):
            m = pattern.match(body)
            if m:
                trigger, body = name, body[m.end():]
                break
    if not trigger:
        return None
    effects = parse_body(body, trigger)
    if not effects or not all(executed(e.trigger, e.op, e.target, zone_card) for e in effects):
        return None
    return frozenset(), effects


def parse_coj_text(text: str, ctype: str) -> ParsedText:
    blocks = abilities(text)
    keywords: set[str] = set()
    effects: list[Effect] = []
    unmodelled: list[str] = []
    for block in blocks:
        parsed = parse_ability(block, ctype)
        if parsed is None or len(effects) + len(parsed[1]) > MAX_EFFECTS:
            unmodelled.append(block)
            continue
        keywords |= parsed[0]
        effects.extend(parsed[1])
    return ParsedText(keywords=frozenset(keywords), effects=tuple(effects), unmodelled=tuple(unmodelled),
                      lines=len(blocks))
