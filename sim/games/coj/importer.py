"""CODE OF JOKER ability text (Japanese, catalog.json) -> keywords, effects and unmodelled abilities.

The text is NFKC-normalised (full-width digits). An ability is a "■name" heading with its body lines,
or a keyword line of 【…】 outside any heading; each counts once for coverage. An ability is modelled
when its printed timing maps onto a trigger, every sentence maps onto the effect vocabulary
(sim.cards.effects), apart from the reminder notes dropped on purpose (IGNORED), and the engine executes
that timing, op and target (sim.games.coj.vocab): coverage counts only what runs. A keyword line is
modelled when the engine plays every keyword on it. Beyond single sentences the importer reads
choices (「以下の効果から1つを選び発動する」), a unit's level-dependent parts (「このユニットのレベルに
よって」), 「〜場合、」 conditions, 「そうした場合」 costs (§9, all or nothing) and 消滅 (delete); the
encodings are in sim.games.coj.vocab. 「選んで」 picks from the own hand, the discard or (to discard) the
deck are the player's policy's (vocab PICK_CHOSEN, RECOVER_CHOSEN). Approximations, made on purpose;
the ones that an executed ability can carry are counted apart by `approximation` (`tcgsim cards pool`
lists them):
- target filters other than cost / BP / level bounds and 行動済 are not modelled (the ability stays
  unmodelled); a BP bound only on destroy / delete;
- a chosen deck search (「デッキから…選んで手札に加える」) takes the first matching card of the shuffled
  deck, and several units picked 「ランダムでN体」 are the engine's target choices (effects.pick_target;
  one unit 「ランダムで1体」 is a uniform random pick, E_TMASK 1, effects.random_unit);
- 「それ」 in a trigger or intercept card is the unit of its event (the entering or attacking unit);
- a condition is checked at each of its effects as it resolves (a sentence's effects rarely change it).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import replace

from sim.cards.effects import MAX_EFFECTS, Effect, text_hash
from sim.cards.model import ELEMENTS
from sim.games.coj import vocab as VOC
from sim.games.coj.vocab import KEYWORDS as ENGINE_KEYWORDS
from sim.games.coj.vocab import executed
from sim.games.fftcg.importer import ParsedText

# CoJ digest §10 keyword table (in the order of sim.games.coj.engine KEYWORDS, bit i of K_KW), then the rest of the
# catalog's keywords.json. 次元干渉/コストN becomes "dimensional_interference_N" (the engine reads N from it).
COJ_KEYWORD_NAMES = {
    "スピードムーブ": "speed_move", "不屈": "indomitable", "貫通": "penetrate", "無我の境地": "selflessness",
    "固着": "anchored", "加護": "protection", "次元干渉": "dimensional_interference", "呪縛": "bind",
    "不滅": "immortal", "秩序の盾": "shield_of_order", "沈黙": "silence", "強制防御": "forced_defense",
    "攻撃禁止": "attack_ban", "王の治癒力": "kings_healing",
    "防御禁止": "block_ban", "破壊効果耐性": "destroy_resist", "沈黙効果耐性": "silence_resist",
    "撤退禁止": "retreat_ban", "進化禁止": "evolution_ban",
    "消滅効果耐性": "delete_resist", "セレクトハック": "select_hack", "オーバーヒート": "overheat", "神託": "oracle",
    "ブロックされない": "unblockable",  # printed 「「ブロックされない」効果を与える」, read as 【ブロックされない】 (_sentences)
    # parsed, not played by the engine: a line with one of these counts as unmodelled
    "狂戦士": "berserker", "行動制限": "action_restriction",
}
COJ_KEYWORDS: tuple[str, ...] = tuple(COJ_KEYWORD_NAMES.values())
assert COJ_KEYWORDS[:len(ENGINE_KEYWORDS)] == ENGINE_KEYWORDS  # grant_keyword's param is the engine's bit
CARD_TYPE_PARAM = {"ユニット": 0, "進化": 1, "進化ユニット": 1, "トリガー": 2, "インターセプト": 3}  # index into CARD_TYPES["coj"]


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


# a trigger or intercept card used, a hand discarded by an effect (effects.settle_event): unit and zone timings
_CARD_EVENTS = [
    (re.compile(r"^対戦相手のトリガーカードの効果が発動(?:した時|するたび)、"), "opp_trigger_used"),
    (re.compile(r"^対戦相手のインターセプトカード(?:の効果)?が発動(?:した時|するたび)、"), "opp_intercept_used"),
    (re.compile(r"^あなたの効果によって対戦相手が手札を捨てた時、"), "opp_discards"),
    (re.compile(r"^対戦相手の効果によってあなたが手札を捨てた時、"), "own_discarded"),
    (re.compile(r"^(?:あなたの効果によって)?対戦相手のトリガーゾーンにあるカードを破壊した時、"), "opp_zone_broken"),
]
_TRIGGERS = [  # unit abilities: the unit's own events and the ones it watches (§9 trigger points)
    (re.compile(r"^(?:このユニット|自身)がフィールドに出た時、"), "enter"),
    (re.compile(r"^このユニットがアタックした時、"), "attack"),
    (re.compile(r"^このユニットがブロックした時、"), "block"),
    (re.compile(r"^このユニットが戦闘した時、"), "battle"),
    (re.compile(r"^(?:このユニット|自身)が破壊された時、"), "leave"),
    (re.compile(r"^このユニットが消滅した時、"), "deleted"),
    (re.compile(r"^このユニットがオーバークロックした時、"), "overclock"),
    (re.compile(r"^このユニットがプレイヤーアタックに成功した時、"), "hit_player"),
    (re.compile(r"^あなたのターン開始時、"), "turn_start"),
    (re.compile(r"^あなたのターン終了時、"), "turn_end"),
    (re.compile(r"^対戦相手のターン開始時、"), "opp_turn_start"),
    (re.compile(r"^(?:対戦相手の|相手)ターン終了時、"), "opp_turn_end"),
    (re.compile(r"^対戦相手のユニットがフィールドに(?:出た時|出るたび)、"), "opp_enters"),
    (re.compile(r"^対戦相手のユニットが(?:アタックした時|アタックするたび)、"), "opp_attacks"),
    (re.compile(r"^あなたがプレイヤーアタックを(?:受けた時|受けるたび)、"), "opp_hit_player"),
    *_CARD_EVENTS,
    (re.compile(r"^あなたのトリガーカードの効果が発動(?:した時|するたび)、"), "own_trigger_used"),
    (re.compile(r"^あなたのインターセプトカード(?:の効果)?が発動(?:した時|するたび)、"), "own_intercept_used"),
    (re.compile(r"^あなたのトリガーゾーンのカードが対戦相手の効果によって破壊された時、"), "own_zone_broken"),
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
    *_CARD_EVENTS,
]
_SIDE = r"(対戦相手|あなた)?の?"
_FILTER = r"(?:コスト(\d+)以下の|BP(\d+)以下の|レベル(\d+)以上の|(行動済)の?|BP(\d+)以上の)?"
# one unit of each side: 「あなたのユニットと対戦相手のユニットをそれぞれ1体ずつ選ぶ」, 「お互いのユニットを1体ずつ選ぶ」
_BOTH = re.compile(r"^(?:あなたのユニットと対戦相手のユニットを(?:それぞれ)?|お互いのユニットを)(\d+)体ずつ選ぶ$")
_KIND = r"(?:【([^】]+)】|(赤|黄|青|緑|紫)属性)?"  # a species or a colour: Effect.thash (vocab unit_filter)
_CHOOSE = re.compile(r"^(このユニット以外の)?" + _SIDE + _FILTER + _KIND
                     + r"ユニット(?:を|から)?(?:ランダムで)?(\d+)体(?:まで)?(?:を)?(?:ランダムで)?選ぶ$")
_RECOVER_PICK = re.compile(r"^あなたの捨札にある(消滅している)?(?:(ユニット|トリガー|インターセプト)?カード)?を(\d+)枚選ぶ$")
_ON_IT = [  # action on the chosen unit(s): それ / それら
    (re.compile(r"^(?:それ|それら)に(\d+)ダメージを与える$"), "damage"),
    (re.compile(r"^(?:それ|それら)を破壊する$"), "break"),
    (re.compile(r"^(?:それ|それら)を消滅させる$"), "delete"),  # §5 消滅: break with FL_DELETE
    (re.compile(r"^(?:それ|それら)のレベルを(\d)にする$"), "level_set"),  # level_up with param 1
    (re.compile(r"^(?:それ|それら)をオーバークロック(3)?させる$"), "level_set"),  # §8 OC: Lv.3 (_amount)
    (re.compile(r"^(?:それ|それら)の(?:基本)?BPを\+(\d+)する$"), "pump"),
    (re.compile(r"^(?:それ|それら)の行動権を消費する$"), "dull"),
    (re.compile(r"^(?:それ|それら)を(?:持ち主の|対戦相手の)?手札に戻す$"), "bounce"),
    (re.compile(r"^(?:ターン終了時まで)?(?:それ|それら)の(?:基本)?BPを\+(\d+)する$"), "pump"),
    (re.compile(r"^(?:ターン終了時まで)?(?:それ|それら)の(?:基本)?BPを-(\d+)する$"), "weaken"),
    (re.compile(r"^(?:それ|それら)のレベルを([+-]\d+)する$"), "level_up"),
    (re.compile(r"^(?:それ|それら)の行動権を回復する$"), "activate"),
    (re.compile(r"^(?:それ|それら)を(?:持ち主の|対戦相手の|あなたの)?デッキに戻す$"), "to_deck"),  # bounce BOUNCE_DECK
    (re.compile(r"^(?:それ|それら)に【([^】]+)】を与える$"), "grant_keyword"),
    (re.compile(r"^(?:ターン終了時まで(?:それ|それら)|(?:それ|それら)にターン終了時まで)に?【([^】]+)】を与える$"),
     "grant_keyword"),
]
_ALONE = [  # sentences that stand alone: (pattern, op, target)
    (re.compile(r"^(?:あなたは)?カードを(\d+)枚引く$"), "draw", "own_player"),
    (re.compile(r"^対戦相手はカードを(\d+)枚引く$"), "draw", "opp_player"),
    (re.compile(r"^対戦相手(?:のユニット全体|の全てのユニット)に(\d+)ダメージを与える$"), "damage", "all_opp_characters"),
    (re.compile(r"^全てのユニットに(\d+)ダメージを与える$"), "damage", "all_characters"),
    (re.compile(r"^対戦相手の全てのユニットを破壊する$"), "break", "all_opp_characters"),
    (re.compile(r"^対戦相手の全てのユニットの行動権を消費する$"), "dull", "all_opp_characters"),
    (re.compile(r"^対戦相手の全てのユニットの(?:基本)?BPを-(\d+)する$"), "weaken", "all_opp_characters"),
    (re.compile(r"^(?:ターン終了時まで)?あなたの全てのユニットの(?:基本)?BPを\+(\d+)する$"), "pump", "all_own_characters"),
    (re.compile(r"^(?:ターン終了時まで)?このユニットの(?:基本)?BPを\+(\d+)する$"), "pump", "self"),
    (re.compile(r"^(?:このユニット|自身)のレベルを([+-]\d+)する$"), "level_up", "self"),
    (re.compile(r"^このユニットの行動権を回復する$"), "activate", "self"),
    (re.compile(r"^あなたの全てのユニットの行動権を回復する$"), "activate", "all_own_characters"),
    (re.compile(r"^全てのユニットの行動権を回復する$"), "activate", "all_characters"),
    (re.compile(r"^あなたの全てのユニットの行動権を消費する$"), "dull", "all_own_characters"),
    (re.compile(r"^対戦相手の全てのユニットをオーバークロック(3)?させる$"), "level_set", "all_opp_characters"),
    (re.compile(r"^あなたの全てのユニットのレベルを(\d)にする$"), "level_set", "all_own_characters"),
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
    (re.compile(r"^(?:ターン終了時まで)?このユニットに(?:ターン終了時まで)?【([^】]+)】を与える$"), "grant_keyword", "self"),
    (re.compile(r"^(?:ターン終了時まで)?それに(?:ターン終了時まで)?【([^】]+)】を与える$"), "grant_keyword", "own_character"),
    (re.compile(r"^それの行動権を回復する$"), "activate", "own_character"),
    # a trigger / intercept acting on the unit that set it off (「それ」 without a choice)
    (re.compile(r"^(?:ターン終了時まで)?それの(?:基本)?BPを\+(\d+)する$"), "pump", "own_character"),
    (re.compile(r"^あなたのユニットを1体選ぶ。それの(?:基本)?BPを\+(\d+)する$"), "pump", "own_character"),
    (re.compile(r"^対戦相手に(\d+)ライフダメージを与える$"), "player_damage", "opp_player"),
    (re.compile(r"^あなたは(\d+)ライフダメージを受ける$"), "player_damage", "own_player"),
    (re.compile(r"^あなたのライフを\+(\d+)する$"), "heal", "own_player"),
    (re.compile(r"^(?:あなたの)?CPを\+(\d+)する$"), "gain_cp", "own_player"),
    (re.compile(r"^対戦相手は手札を(\d+)枚ランダムで捨てる$"), "discard", "opp_player"),
    (re.compile(r"^対戦相手の手札を(\d+)枚ランダムで(?:破壊する|捨てる)$"), "discard", "opp_player"),
    (re.compile(r"^あなたの捨札にある(?:(ユニット|トリガー|インターセプト)?カード)?を(\d+)枚(?:まで)?(?:選んで|ランダムで)手札に加える$"),
     "recover", "own_player"),
    (re.compile(r"^あなたはデッキから(ユニット|トリガー|インターセプト)?カードを(\d+)枚(?:選んで|ランダムで)手札に加える$"),
     "search", "own_player"),
    (re.compile(r"^(?:あなたは)?(進化ユニット|ユニット|トリガー|インターセプト)カードを(\d+)枚引く$"), "search", "own_player"),
    (re.compile(r"^(?:あなたは|あなたの)?デッキから(ユニット|トリガー|インターセプト)?カードを(\d+)枚(?:選んで|ランダムで)手札に加える$"),
     "search", "own_player"),
    (re.compile(r"^(?:あなたは捨札(?:から|にある)|あなたの捨札から|あなたの捨札にある|捨札の)(ユニット|トリガー|インターセプト)?カードを"
                r"(?:(\d+)枚(?:まで)?ランダムで|ランダムで(\d+)(?:枚|体)(?:まで)?)手札に加える$"), "recover", "own_player"),
    (re.compile(r"^(?:あなたは|あなたの)?デッキからカードを(\d+)枚(?:まで)?(?:選んで|ランダムで)捨てる$"), "mill", "own_player"),
    # a species: 「【獣】ユニットのカードを1枚ランダムで手札に加える」, 「あなたは【獣】ユニットを1枚引く」 (from the deck)
    (re.compile(r"^【([^】]+)】ユニットのカードを(?:(\d+)枚(?:まで)?ランダムで|ランダムで(\d+)枚)手札に加える$"), "search", "own_player"),
    (re.compile(r"^あなたは【([^】]+)】ユニットを(\d+)枚引く$"), "search", "own_player"),
    (re.compile(r"^対戦相手のCPを\+(\d+)する$"), "gain_cp", "opp_player"),
    (re.compile(r"^このユニットを(?:あなたの|持ち主の)?手札に戻す$"), "bounce", "self"),
    (re.compile(r"^このユニットを(?:あなたの|持ち主の)?デッキに戻す$"), "to_deck", "self"),
    (re.compile(r"^全てのユニットを(?:お互いのプレイヤーの|持ち主の)?手札に戻す$"), "bounce", "all_characters"),
    (re.compile(r"^(?:ターン終了時まで)?あなたの全てのユニットに(?:ターン終了時まで)?【([^】]+)】を与える$"), "grant_keyword",
     "all_own_characters"),
    (re.compile(r"^(?:ターン終了時まで)?対戦相手の(?:全てのユニット|ユニット全て)に(?:ターン終了時まで)?【([^】]+)】を与える$"),
     "grant_keyword", "all_opp_characters"),
    # 沈黙 (or another keyword) to every unit of both sides, or every unit but the effect's own
    (re.compile(r"^(?:ターン終了時まで)?全てのユニットに(?:ターン終了時まで)?【([^】]+)】を与える$"), "grant_keyword",
     "all_characters"),
    (re.compile(r"^(?:ターン終了時まで)?このユニット以外の全てのユニットに(?:ターン終了時まで)?【([^】]+)】を与える$"),
     "grant_keyword", "all_other"),
    (re.compile(r"^あなたの全てのユニットを破壊する$"), "break", "all_own_characters"),
    (re.compile(r"^あなたは手札(?:のカード)?を(\d+)枚(?:選んで|ランダムで)捨てる$"), "discard", "own_player"),
    (re.compile(r"^あなたは手札を全て捨てる$"), "discard", "own_player"),
    (re.compile(r"^全てのユニットのレベルを(\d)にする$"), "level_set", "all_characters"),
    (re.compile(r"^全てのユニットをオーバークロック(3)?させる$"), "level_set", "all_characters"),  # §8 OC: Lv.3
    (re.compile(r"^あなたの全てのユニットをオーバークロック(3)?させる$"), "level_set", "all_own_characters"),
    (re.compile(r"^対戦相手は(?:自分の)?手札を(\d+)枚選んで捨てる$"), "discard", "opp_player"),
    (re.compile(r"^対戦相手に追加で(\d+)ライフダメージを与える$"), "player_damage", "opp_player"),
    (re.compile(r"^あなたのトリガーゾーンにあるカードを(\d+)枚(?:まで)?ランダムで破壊する$"), "zone_break", "own_player"),
    (re.compile(r"^(?:あなたは)?手札が(\d+)枚になるまでカードを引く$"), "draw_to", "own_player"),
    (re.compile(r"^ターン終了時までこのユニットのBPを(\d+)倍にする$"), "pump_times", "self"),
    # the purple gauge (紫ゲージ): gain_cp param 1 (vocab)
    (re.compile(r"^(?:あなたの)?紫ゲージを([+-]\d+)する$"), "gain_purple", "own_player"),
    (re.compile(r"^(?:あなたの)?ジョーカーゲージを(\d+)%(?:増加|上昇)(?:させる|する)$"), "gain_joker", "own_player"),
    (re.compile(r"^対戦相手のジョーカーゲージを(\d+)%(?:増加|上昇)(?:させる|する)$"), "gain_joker", "opp_player"),
    (re.compile(r"^(?:あなたの)?ジョーカーゲージを(\d+)%減少(?:させる|する)$"), "lose_joker", "own_player"),
    (re.compile(r"^対戦相手のジョーカーゲージを(\d+)%減少(?:させる|する)$"), "lose_joker", "opp_player"),
    (re.compile(r"^あなたの紫ゲージを全て消費する$"), "purple_all", "own_player"),
    (re.compile(r"^このユニットの【(神託)】を取り除く$"), "take_keyword", "self"),
    (re.compile(r"^対戦相手の紫ゲージを([+-]\d+)する$"), "gain_purple", "opp_player"),
    # 「(この効果が発動した時、)戦闘終了時までお互いのプレイヤーは全ての効果を発動できない」 (read after parse_body's 「戦闘終了時まで」
    # rewrite; kept only where the text said 戦闘終了時まで): gain_cp GAIN_LOCK
    (re.compile(r"^(?:この効果が発動した時、)?ターン終了時までお互いのプレイヤーは全ての効果を発動できない$"), "lock_effects", "all_players"),
]
# sentences whose effect carries CoJ modifier bits (vocab FL_*): (pattern, op, target, flags)
_ALONE_FL = [
    (re.compile(r"^(?:自身|このユニット)以外の全てのユニットに(\d+)ダメージを与える$"), "damage", "all_characters", VOC.FL_OTHER),
    (re.compile(r"^このユニット以外の全てのユニットを破壊する$"), "break", "all_characters", VOC.FL_OTHER),
    (re.compile(r"^対戦相手の全ての行動済ユニットに(\d+)ダメージを与える$"), "damage", "all_opp_characters", VOC.FL_ACTED),
    (re.compile(r"^全ての行動済ユニットに(\d+)ダメージを与える$"), "damage", "all_characters", VOC.FL_ACTED),
    (re.compile(r"^このユニット以外の全てのユニットの行動権を消費する$"), "dull", "all_characters", VOC.FL_OTHER),
    (re.compile(r"^(?:このユニット|自身)を消滅させる$"), "break", "self", VOC.FL_DELETE),
    (re.compile(r"^対戦相手の全てのユニットを消滅させる$"), "break", "all_opp_characters", VOC.FL_DELETE),
    (re.compile(r"^全てのユニットを消滅させる$"), "break", "all_characters", VOC.FL_DELETE),
    (re.compile(r"^対戦相手の全ての行動済ユニットを消滅させる$"), "break", "all_opp_characters", VOC.FL_DELETE | VOC.FL_ACTED),
]
# sweeps over the own units of a species or colour: (pattern, op, base BP / keyword group)
_ALONE_KIND = [
    (re.compile(r"^(?:ターン終了時まで)?あなたの(?:全ての)?(?:【([^】]+)】|(赤|黄|青|緑|紫)属性)ユニットの(基本)?BPを\+(\d+)する$"), "pump"),
    (re.compile(r"^(?:ターン終了時まで)?あなたの(?:全ての)?(?:【([^】]+)】|(赤|黄|青|緑|紫)属性)ユニットに(?:ターン終了時まで)?【([^】]+)】を与える$"),
     "grant_keyword"),
]
# a deck search by colour (属性) and / or cost: (pattern, groups -> (type index, colour, cost, count))
_COLOURS = {"赤": "red", "黄": "yellow", "青": "blue", "緑": "green", "紫": "purple"}
_SEARCH_FILTERED = [
    (re.compile(r"^(赤|黄|青|緑|紫)属性の(ユニット)?カードを(\d+)枚(?:まで)?ランダムで手札に加える$"),
     lambda g: (0 if g[1] else -1, g[0], -1, int(g[2]))),
    (re.compile(r"^コスト(\d+)のユニットカードを(\d+)枚ランダムで手札に加える$"),
     lambda g: (0, None, int(g[0]), int(g[1]))),
    (re.compile(r"^(?:あなたは|あなたのデッキにある)(赤|黄|青|緑|紫)属性の(ユニット|トリガー|インターセプト)カードを(\d+)枚"
                r"(?:ランダムで手札に加える|引く)$"), lambda g: (CARD_TYPE_PARAM[g[1]], g[0], -1, int(g[2]))),
]
# 「〜場合、」: a condition on the rest of its sentence (and the action after a choice) -> (kind, n)
_CONDITIONS = [
    (re.compile(r"^あなたのフィールド(?:に|の)ユニットが(\d+)体以下の場合、"), VOC.CC_OWN_FIELD_LE),
    (re.compile(r"^あなたのフィールドに(?:ユニットが(\d+)体以上|(\d+)体以上ユニットが)いる場合、"), VOC.CC_OWN_FIELD_GE),
    (re.compile(r"^対戦相手のフィールドにユニットが(\d+)体以上いる場合、"), VOC.CC_OPP_FIELD_GE),
    (re.compile(r"^あなたのライフが(\d+)以下の場合、"), VOC.CC_LIFE_LE),
    (re.compile(r"^対戦相手の手札が(\d+)枚以下の場合、"), VOC.CC_OPP_HAND_LE),
    (re.compile(r"^対戦相手のトリガーゾーンにカードがない場合、"), VOC.CC_OPP_ZONE_EMPTY),
    (re.compile(r"^対戦相手のフィールドにユニットが(\d+)体以下の場合、"), VOC.CC_OPP_FIELD_LE),
    (re.compile(r"^あなたのCPが(\d+)以上の場合、"), VOC.CC_CP_GE),
    (re.compile(r"^対戦相手の手札が(\d+)枚以上の場合、"), VOC.CC_OPP_HAND_GE),
    (re.compile(r"^あなたのライフが(\d+)以上の場合、"), VOC.CC_LIFE_GE),
    (re.compile(r"^ラウンド数が奇数の場合、"), VOC.CC_ROUND_ODD),
    (re.compile(r"^ラウンド数が偶数の場合、"), VOC.CC_ROUND_EVEN),
    (re.compile(r"^あなたの手札が(\d+)枚以下の場合、"), VOC.CC_OWN_HAND_LE),
    (re.compile(r"^あなたのフィールドにユニットが(\d+)体の場合、"), VOC.CC_OWN_FIELD_EQ),
    (re.compile(r"^フィールドにユニットが(\d+)体以上いる場合、"), VOC.CC_ALL_FIELD_GE),
    (re.compile(r"^対戦相手よりあなたのライフが少ない場合、"), VOC.CC_LIFE_BEHIND),
    (re.compile(r"^対戦相手のフィールドに行動済ユニットが(?:(\d+)体以上)?(?:いる|の)場合、"), VOC.CC_OPP_ACTED_GE),
    (re.compile(r"^あなたの紫ゲージが(\d+)以上の場合、"), VOC.CC_PURPLE_GE),
    (re.compile(r"^このユニットに【神託】がある場合、"), VOC.CC_ORACLE),
    (re.compile(r"^あなたの紫ゲージが(\d+)以下の場合、"), VOC.CC_PURPLE_LE),
    (re.compile(r"^対戦相手の手札が(7)枚の場合、"), VOC.CC_OPP_HAND_GE),  # §5: 7 is the most a hand holds
    (re.compile(r"^あなたの手札が(7)枚の場合、|^あなたの手札が(\d+)枚以上(?:ある)?の場合、"), VOC.CC_OWN_HAND_GE),
    (re.compile(r"^対戦相手のトリガーゾーンに(?:(\d+)枚以上)?カードがある場合、"), VOC.CC_OPP_ZONE_GE),
    (re.compile(r"^あなたのデッキが(\d+)枚以上の場合、"), VOC.CC_DECK_GE),
    (re.compile(r"^あなたのデッキが(\d+)枚以下の場合、"), VOC.CC_DECK_LE),
    (re.compile(r"^対戦相手のフィールドにいるユニット数があなたのフィールドにいるユニット数より多い場合、"), VOC.CC_OPP_FIELD_MORE),
    (re.compile(r"^あなたのフィールドにユニットが(\d+)属性以上いる場合、"), VOC.CC_OWN_COLOURS_GE),
]
# 「AでB場合、」 / 「Aで、B場合、」: two conditions (E_COND, E_COND2), A read as 「A(の / だった)場合、」
_TWO_CONDITIONS = re.compile(r"^([^、。]+?)(?:で、?|あり、)([^、。]+場合、)")  # 「…枚以上あり、…場合」 too
_COUNTS_ONE = (VOC.CC_OPP_ACTED_GE, VOC.CC_OPP_ZONE_GE)  # kinds whose count is 1 when the text gives none
_WITH_PARAM = (VOC.CC_OWN_SPECIES_GE, VOC.CC_EVENT_UNIT, VOC.CC_DISCARD_GE)  # kinds that read E_COND_PARAM: never E_COND2
# E_COND kinds that are no condition of the game (a choice, a cost and what follows it): never E_COND2
_NOT_SECOND = (*_WITH_PARAM, VOC.CC_CHOICE, VOC.CC_COST, VOC.CC_IF_DONE)
# two sentences written as one: 「カードを1枚引き、CPを+1する」, 「お互いのプレイヤーは手札を1枚ランダムで捨てる」
ZONE_SLOTS = 4  # §5: a trigger zone holds 4 cards
_SPLITS = [
    (re.compile(r"^お互いのジョーカーゲージを(\d+)%(増加|上昇|減少)させる$"),
     lambda g: [f"あなたのジョーカーゲージを{g[0]}%{g[1]}させる", f"対戦相手のジョーカーゲージを{g[0]}%{g[1]}させる"]),
    # 「対戦相手のトリガーゾーンのカードをランダムで1枚破壊する」: the usual wording's other order
    (re.compile(r"^(対戦相手|あなた)のトリガーゾーン(?:にある|の)カードをランダムで(\d+)枚破壊する$"),
     lambda g: [f"{g[0]}のトリガーゾーンにあるカードを{g[1]}枚ランダムで破壊する"]),
    # 「このユニットに【固着】と【無我の境地】を与える」: two grants to the unit
    (re.compile(r"^((?:ターン終了時まで)?このユニットに(?:ターン終了時まで)?)【([^】]+)】と【([^】]+)】を与える$"),
     lambda g: [f"{g[0]}【{g[1]}】を与える", f"{g[0]}【{g[2]}】を与える"]),
    # 「このユニットを破壊し、…」: the destruction and the rest, two sentences
    (re.compile(r"^(このユニットを破壊)し、((?!それ)[^。]+)$"), lambda g: [g[0] + "する", g[1]]),
    # 「ターン終了時までこのユニットに【加護】を与え、…」: the grant and the rest, two sentences
    (re.compile(r"^((?:ターン終了時まで)?このユニットに(?:ターン終了時まで)?【[^】]+】を与え)、((?!それ)[^。]+)$"),
     lambda g: [g[0] + "る", g[1]]),
    # 「対戦相手のトリガーゾーンにあるカード全てを破壊する」: as many as the zone holds
    (re.compile(r"^対戦相手のトリガーゾーンにあるカード(?:全てを|を全て)破壊する$"),
     lambda g: [f"対戦相手のトリガーゾーンにあるカードを{ZONE_SLOTS}枚ランダムで破壊する"]),
    (re.compile(r"^(?:あなたは)?カードを(\d+)枚引き、(.+)$"), lambda g: [f"カードを{g[0]}枚引く", g[1]]),
    (re.compile(r"^お互いのプレイヤーはカードを(\d+)枚引く$"), lambda g: [f"カードを{g[0]}枚引く", f"対戦相手はカードを{g[0]}枚引く"]),
    (re.compile(r"^お互いのプレイヤーは手札を(\d+)枚ランダムで捨てる$"),
     lambda g: [f"あなたは手札を{g[0]}枚ランダムで捨てる", f"対戦相手は手札を{g[0]}枚ランダムで捨てる"]),
    (re.compile(r"^あなたは手札を(\d+)枚選んで捨て、(.+)$"), lambda g: [f"あなたは手札を{g[0]}枚選んで捨てる", g[1]]),
    (re.compile(r"^お互いの(?:プレイヤーは)?トリガーゾーンにあるカードを(\d+)枚ランダムで破壊する$"),
     lambda g: [f"あなたのトリガーゾーンにあるカードを{g[0]}枚ランダムで破壊する",
                f"対戦相手のトリガーゾーンにあるカードを{g[0]}枚ランダムで破壊する"]),
    # 「…ユニットからランダムで1体に…」: 「…ユニットからランダムで1体選ぶ」 (a random pick, E_TMASK 1) and 「それに…」
    (re.compile(r"^([^。]*?場合、)?((?:このユニット以外の)?(?:対戦相手|あなた)の?[^。、]*?ユニット)からランダムで1体(に|の|を)(.+)$"),
     lambda g: [f"{g[0] or ''}{g[1]}からランダムで1体選ぶ", f"それ{g[2]}{g[3]}"]),
    # 「対戦相手の全てのユニットに【沈黙】を与え、基本BPを-2000する」: the keyword and the BP change to the same units
    (re.compile(r"^((?:対戦相手の|あなたの|このユニット以外の)?全てのユニット)に【([^】]+)】を与え、((?:基本)?BPを[+-]\d+する)$"),
     lambda g: [f"{g[0]}に【{g[1]}】を与える", f"{g[0]}の{g[2]}"]),
    # 「あなたの全てのユニットの基本BPを+3000し、【呪縛】を与える / 行動権を消費する」: two sweeps over the same units
    (re.compile(r"^((?:対戦相手の|あなたの|このユニット以外の)?全てのユニット)の((?:基本)?BPを[+-]\d+)し、"
                r"(?:(【[^】]+】)を与える|(行動権を消費する))$"),
     lambda g: [f"{g[0]}の{g[1]}する", f"{g[0]}に{g[2]}を与える" if g[2] else f"{g[0]}の{g[3]}"]),
    # 「…トリガーゾーンに紫属性のインターセプトカードをセットし、あなたの紫ゲージを+1する」: likewise
    (re.compile(r"^([^。]*?場合、)?([^。、]*トリガーゾーンに[^。、]*セット)し、([^。]+)$"),
     lambda g: [f"{g[0] or ''}{g[1]}する", f"{g[0] or ''}{g[2]}"]),
    # 「…【特殊召喚】し、このユニットをデッキに戻す」: two sentences under the same condition
    (re.compile(r"^([^。]*?場合、)?([^。、]*【特殊召喚】)し、([^。]+)$"),
     lambda g: [f"{g[0] or ''}{g[1]}する", f"{g[0] or ''}{g[2]}"]),
    (re.compile(r"^お互いの(?:プレイヤーの)?CPを([+-]\d+)する$"), lambda g: [f"あなたのCPを{g[0]}する", f"対戦相手のCPを{g[0]}する"]),
    # 「【機械】ユニットのカードを1枚ランダムで手札に加え、…」, 「あなたのライフを+1し、…」: two sentences
    (re.compile(r"^((?:[^。、]*を\d+枚(?:まで)?ランダムで手札に加え)|あなたのライフを\+\d+し)、((?!それ)[^。]+)$"),
     lambda g: [g[0] + "る" if g[0].endswith("加え") else g[0][:-1] + "する", g[1]]),
    # 「(…場合、)ターン終了時までこのユニットのBPを+4000し、【貫通】を与える」: both to the unit, for as long
    (re.compile(r"^([^。]*?場合、)?(ターン終了時まで)?このユニットの((?:基本)?BPを\+\d+)し、【([^】]+)】を与える$"),
     lambda g: [f"{g[0] or ''}{g[1] or ''}このユニットの{g[2]}する", f"{g[0] or ''}{g[1] or ''}このユニットに【{g[3]}】を与える"]),
    # 「(…場合、)(ターン終了時まで)それの(基本)BPを+1000し、戦闘終了時まで【貫通】を与える」: two sentences on the
    # same unit, each with its own duration (parse_body keeps 「戦闘終了時まで」 on keyword grants only)
    (re.compile(r"^([^。]*?場合、)?((?:ターン終了時まで)?それの(?:基本)?BPを\+\d+)し、戦闘終了時まで【([^】]+)】を与える$"),
     lambda g: [f"{g[0] or ''}{g[1]}する", f"{g[0] or ''}戦闘終了時までそれに【{g[2]}】を与える"]),
    # 「対戦相手のユニットを1体選び、破壊する / 10000ダメージを与える / それの…」: the choice and 「それ…」
    (re.compile(r"^([^。、]*ユニットを\d+体(?:まで)?)選び、(.+)$"), lambda g: [f"{g[0]}選ぶ", _it(g[1])]),
    (re.compile(r"^全てのトリガーゾーンにあるカードを破壊する$"),
     lambda g: ["あなたのトリガーゾーンにあるカードを4枚ランダムで破壊する",  # §5: a zone holds 4 at most
                "対戦相手のトリガーゾーンにあるカードを4枚ランダムで破壊する"]),
]
def _it(action: str) -> str:
    """An action after 「…を1体選び、」 with its 「それ」: 「破壊する」 -> 「それを破壊する」."""
    if action.startswith(("それ", "ターン終了時まで")):
        return action
    if action.endswith("ダメージを与える") or action.startswith("【"):
        return "それに" + action
    if action.startswith(("破壊", "消滅", "手札に戻", "デッキに戻")):
        return "それを" + action
    return "それの" + action


IGNORED = [  # reminder notes in parentheses
    re.compile(r"^\(この効果によって受けたライフダメージでジョーカーゲージは増えない\)$"),
]
HARMFUL = ("damage", "break", "break_power", "dull", "weaken", "bounce")


_TWO_KEYWORDS = re.compile(r"(それら?)に【([^】]+)】と【([^】]+)】を与える")


_HAS_KEYWORD = re.compile(r"^このユニットは【([^】]+)】を持つ(?=。|$)")


def _sentences(body: str) -> list[str]:
    out = []
    # spelling variants of one wording: 「すべて」 for 「全て」, 「ターン終了まで」 for 「ターン終了時まで」
    body = body.replace("すべて", "全て").replace("ターン終了まで", "ターン終了時まで").replace("の全ユニット", "の全てのユニット")
    for s in re.split(r"(?<=。)", body.replace("\n", "").replace("ターン終了時まで、", "ターン終了時まで")):
        s = _TWO_KEYWORDS.sub(r"\1に【\2】を与え、【\3】を与える", s.strip())  # two actions on one unit (_also)
        s = s.replace("「ブロックされない」効果を与え", "【ブロックされない】を与え")  # granted like a keyword
        s = _HAS_KEYWORD.sub(r"このユニットに【\1】を与える", s)  # 「このユニットは【X】を持つ」: it has it from then on
        if not s.rstrip("。").strip():
            continue
        for pattern, parts in _SPLITS:
            m = pattern.match(s.rstrip("。"))
            if m:
                out.extend(part + "。" for part in parts(list(m.groups())))
                break
        else:
            out.append(s)
    return out


def _keyword_bit(name: str) -> int | None:
    """grant_keyword's param: the engine's keyword bit (None: a keyword the engine does not play)."""
    key = COJ_KEYWORD_NAMES.get(name)
    return ENGINE_KEYWORDS.index(key) if key in ENGINE_KEYWORDS else None


def _param(op: str, sentence: str, groups: list[str]) -> int | None:
    """The effect's param from its sentence: 基本BP (pump/weaken 1), a keyword bit (grant_keyword)."""
    if op in ("pump", "weaken"):
        return 1 if "基本BP" in sentence else 0  # §10 基本BP: a lasting base change
    if op in ("grant_keyword", "take_keyword"):
        return _keyword_bit(groups[-1])
    if op in ("discard", "mill"):
        return VOC.PICK_CHOSEN if "選んで" in sentence else 0  # chosen by the player's policy, else at random
    if op in ("level_set", "draw_to", "gain_purple", "purple_all"):
        return 1  # level_up: set the level; draw: up to a hand of `amount`; gain_cp: the purple gauge
    if op == "pump_times":
        return 2  # pump param 2: BP x amount until end of turn
    if op in ("gain_joker", "lose_joker"):
        return VOC.GAIN_JOKER
    if op == "lock_effects":
        return VOC.GAIN_LOCK
    if op == "to_deck":
        return VOC.BOUNCE_DECK
    return 0


def _amount(op: str, sentence: str, groups: list[str]) -> int:
    if op == "level_set" and "オーバークロック" in sentence:
        return 3
    if op == "purple_all":
        return -5  # 「全て消費する」: the gauge holds 5 at most (rules PURPLE_MAX)
    if op == "lose_joker":
        return -int(groups[0])
    if op == "take_keyword":
        return 2  # grant_keyword amount 2: the keyword is taken
    if op == "grant_keyword":  # granted until end of turn (0) or for as long as it stays (1)
        return 0 if "ターン終了時まで" in sentence else 1
    return int(groups[0]) if groups and groups[0] and groups[0].lstrip("+-").isdigit() else 0


def _unit_filter(species: str | None, colour: str | None) -> int:
    """Effect.thash of a 【species】 or colour (属性) target filter (vocab.unit_filter), 0 none."""
    if species:
        return text_hash(species)
    return VOC.unit_filter(1 << ELEMENTS["coj"].index(_COLOURS[colour])) if colour else 0


_COUNT_OF = re.compile(r"^あなたのフィールドに(?:【([^】]+)】|(赤|黄|青|緑|紫)属性)ユニットが(?:(\d+)体以上)?(?:いる|の)場合、")
# 「あなたの捨札に(青属性の / 【X】ユニットの)カードがN枚以上ある場合」 (CC_DISCARD_GE, the kind in E_COND_PARAM)
_DISCARD_AT_LEAST = re.compile(r"^あなたの捨札(?:に|の)(?:(?:【([^】]+)】ユニットの|(赤|黄|青|緑|紫)属性の?))?カードが(\d+)枚以上(?:ある)?(?:の)?場合、")
_IN_BATTLE = re.compile(r"^それが(アタック|ブロック)中だった場合、")
_OWN_LEVEL = re.compile(r"^(?:このユニット|自身)のレベルが(\d)(以上|以下)?の場合、")


def _condition(sentence: str, trigger: str) -> tuple[int, int, str]:
    """A leading 「〜場合、」 condition: (E_COND, E_COND_PARAM, the rest of the sentence); (0, 0, sentence)
    if none. 「その後、」 (and then) only orders what the card does in the order written anyway."""
    sentence = sentence.removeprefix("その後、")
    for pattern, kind in _CONDITIONS:
        m = pattern.match(sentence)
        if m:
            n = next((int(g) for g in m.groups() if g), 1 if kind in _COUNTS_ONE else 0)
            return VOC.coj_cond(kind, n), 0, sentence[m.end():]
    m = _COUNT_OF.match(sentence)
    if m:
        return (VOC.coj_cond(VOC.CC_OWN_SPECIES_GE, int(m.group(3) or 1)), _unit_filter(m.group(1), m.group(2)),
                sentence[m.end():])
    m = _DISCARD_AT_LEAST.match(sentence)
    if m:
        return VOC.coj_cond(VOC.CC_DISCARD_GE, int(m.group(3))), _unit_filter(m.group(1), m.group(2)), sentence[m.end():]
    m = _IN_BATTLE.match(sentence)
    if m and trigger in ("battle", "own_battles"):
        kind = VOC.CC_ATTACKING if m.group(1) == "アタック" else VOC.CC_BLOCKING
        return VOC.coj_cond(kind, 0), 0, sentence[m.end():]
    m = _OWN_LEVEL.match(sentence)
    if m and trigger != "leave":  # the unit's level as the effect resolves (gone once destroyed)
        n = int(m.group(1))
        lo, hi = (n, 3) if m.group(2) == "以上" else (1, n) if m.group(2) else (n, n)
        return VOC.coj_cond(VOC.CC_LEVEL, lo | hi << 2), 0, sentence[m.end():]
    return 0, 0, sentence


def _conditions(sentence: str, trigger: str) -> tuple[int, int, int, str]:
    """_condition, or two of them joined by 「で」: (E_COND, E_COND_PARAM, E_COND2, the rest)."""
    cond, cparam, rest = _condition(sentence, trigger)
    if cond:
        return cond, cparam, 0, rest
    sentence = sentence.removeprefix("その後、")
    m = _TWO_CONDITIONS.match(sentence)
    if not m:
        return 0, 0, 0, sentence
    second, sp, _ = _condition(m.group(2), trigger)
    first, fp = next(((c, p) for c, p, r in (_condition(m.group(1) + end, trigger) for end in ("の場合、", "だった場合、"))
                      if c and not r), (0, 0))
    if not first or not second or (first & VOC.CC_MASK in _WITH_PARAM and second & VOC.CC_MASK in _WITH_PARAM):
        return 0, 0, 0, sentence
    if second & VOC.CC_MASK in _WITH_PARAM:
        first, fp, second = second, sp, first
    return first, fp, second, sentence[m.end():]


def _op_fl(op: str) -> tuple[str, int]:
    """The engine's op for an importer op name, with its modifier bits (vocab FL_*)."""
    if op == "delete":
        return "break", VOC.FL_DELETE
    if op == "level_set":
        return "level_up", 0
    if op == "draw_to":
        return "draw", 0
    if op == "pump_times":
        return "pump", 0
    if op in ("gain_purple", "purple_all", "gain_joker", "lose_joker", "lock_effects"):
        return "gain_cp", 0
    if op == "take_keyword":
        return "grant_keyword", 0
    if op == "to_deck":
        return "bounce", 0
    return op, 0


def parse_body(body: str, trigger: str) -> list[Effect] | None:
    effects: list[Effect] = []
    sentences = [s.rstrip("。") for s in _sentences(body)]
    i = prev = 0
    while i < len(sentences):
        start = len(effects)
        # 「戦闘終了時まで」 read as the turn-long wording, then kept only on keyword grants (GRANT_BATTLE below)
        battle = "戦闘終了時まで" in sentences[i]
        sentence = sentences[i].replace("戦闘終了時まで", "ターン終了時まで")
        cond, cparam, cond2, s = _conditions(_event_unit_as_it(sentence, trigger), trigger)
        fe, s = _count(s, trigger)
        if fe is None:
            return None
        if not cond and s.startswith("そうした場合、"):  # §9: the sentence before it is an all-or-nothing cost
            if start == 0 or any(e.cond for e in effects[prev:start]):
                return None
            effects[prev:start] = [replace(e, cond=VOC.coj_cond(VOC.CC_COST, 0)) for e in effects[prev:start]]
            cond, cparam, s = VOC.coj_cond(VOC.CC_IF_DONE, 0), 0, s[len("そうした場合、"):]
        if any(p.match(s) for p in IGNORED) and not cond:
            i += 1
            continue
        if start and effects[-1].cond == VOC.coj_cond(VOC.CC_IF_DONE, 0) and cond != effects[-1].cond:
            return None  # a sentence after 「そうした場合、…」: whether the condition covers it too is not clear
        m = _RECOVER_PICK.match(s)
        if m and i + 1 < len(sentences) and sentences[i + 1] == "それを手札に加える":
            gone, kind, n = m.groups()
            effects.append(Effect(trigger, "recover", int(n), "own_player", (VOC.RECOVER_DELETED + 1 if gone else 0)
                                  + VOC.RECOVER_CHOSEN + 1 + CARD_TYPE_PARAM.get(kind, -1)))
            i += 2
        elif (m := _BOTH.match(s)) and i + 1 < len(sentences):
            fe, then = _count(sentences[i + 1], trigger)  # 「それらに[対戦相手の手札の枚数×1000]ダメージを与える」
            action = _on_it(then) if fe is not None else None
            if action is None or int(m.group(1)) * 2 > MAX_EFFECTS:
                return None
            op, fl, param, amount = action
            effects.extend([Effect(trigger, op, amount, side, param | fl) for side in ("own_character", "opp_character")]
                           * int(m.group(1)))
            i += 2
        elif (m := _CHOOSE.match(s)) and i + 1 < len(sentences):
            other, side, cost_max, bp_max, level_min, acted, bp_min, species, colour, count = m.groups()
            fe, then = _count(sentences[i + 1], trigger)  # 「それに[対戦相手の手札の枚数×1500]ダメージを与える」
            if fe is None:
                return None
            also = _also(then)
            if also is False or (also and fe[0]):  # a count with a second action: which one it counts is not clear
                return None
            action = _on_it(_first_action(then) if also else then)
            if action is None:
                return None
            op, fl, param, amount = action
            if op == "break" and (bp_max or bp_min):  # a BP floor: FL_BP_MIN
                op, param = "break_power", int(bp_max or bp_min) | (VOC.FL_BP_MIN if bp_min else 0)
            elif op == "break":
                param, amount = int(cost_max or 0), int(level_min or 0)
            elif bp_max or bp_min:
                return None  # a BP bound is modelled for destroy / delete only
            else:
                fl |= (int(cost_max) + 1 if cost_max else 0) << VOC.COST_SHIFT | int(level_min or 0) << VOC.LVL_SHIFT
            if acted:
                fl |= VOC.FL_ACTED
            if other:
                fl |= VOC.FL_OTHER
            kind = _unit_filter(species, colour)
            if side == "対戦相手" or (side is None and (op in HARMFUL or (op == "level_up" and amount < 0))):
                target = "opp_character"
            elif side is None and op == "level_up":  # 「ユニットを1体選ぶ」: any unit (effects.pick_target)
                target = "any_character"
            else:
                target = "own_character"
            random_one = "ランダムで" in s and int(count) == 1  # 「ランダムで1体」: a uniform pick (E_TMASK 1)
            one = [Effect(trigger, op, amount, target, param | fl, thash=kind, tmask=int(random_one))]
            one += [replace(also, trigger=trigger)] if also else []
            effects.extend(one * min(int(count), MAX_EFFECTS // len(one)))
            if int(count) * len(one) > MAX_EFFECTS:
                return None
            i += 2
        else:
            found = _alone(s, trigger)
            if found is None:
                return None
            effects.extend(found)
            i += 1
        locks = [e.op == "gain_cp" and e.param == VOC.GAIN_LOCK for e in effects[start:]]
        if any(locks) and (not battle or not all(locks)):
            return None  # the lock is battle-long only, alone in its sentence
        if battle and not any(locks):  # only a sentence whose every action grants keywords until then
            if not all(e.op == "grant_keyword" and e.amount == 0 for e in effects[start:]):
                return None
            effects[start:] = [replace(e, amount=VOC.GRANT_BATTLE) for e in effects[start:]]
        if cond:
            effects[start:] = [replace(e, cond=cond, cond_param=cparam, cond2=cond2) for e in effects[start:]]
        if fe[0]:
            effects[start:] = [replace(e, foreach=fe[0], fe_param=fe[1]) for e in effects[start:]]
        prev = start
    return effects or None


_THEN = re.compile(r"^((?:それ|それら)(?:の.+|を破壊))し、(.+)$")  # 「それの基本BPを+2000し、【加護】を与える」, 「それを破壊し、…」
_THEN_KW = re.compile(r"^((?:それ|それら)に【[^】]+】を与え)、(.+)$")  # 「それに【不屈】を与え、【貫通】を与える」


def _first_action(then: str) -> str:
    """The first action of 「それの…し、…」 / 「それに【X】を与え、…」 as a sentence of its own."""
    m = _THEN_KW.match(then)
    return m.group(1) + "る" if m else _THEN.sub(r"\1する", then)


def _also(then: str) -> Effect | None | bool:
    """The second action of 「それの…し、…」 on the same chosen unit (target "chosen"); None when the
    sentence has one action, False when its second part is not in the vocabulary."""
    m = _THEN_KW.match(then) or _THEN.match(then)
    if not m or any(p.match(then) for p, _ in _ON_IT):
        return None
    rest = m.group(2)
    alone = _alone(rest, "enter")
    if alone is not None and len(alone) == 1 and not rest.startswith("それ"):
        return alone[0]  # 「それを破壊し、あなたの紫ゲージを+1する」: the second action stands alone
    for text in ("それに" + rest, "それの" + rest, "それを" + rest,
                 "ターン終了時までそれの" + rest.removeprefix("ターン終了時まで")):
        for pattern, name in _ON_IT:
            am = pattern.match(text)
            if am:
                op, fl = _op_fl(name)
                param = _param(name, text, list(am.groups()))
                if param is None:
                    return False
                return Effect("enter", op, _amount(name, text, list(am.groups())), "chosen", param | fl)
    return False


_SWEEP = re.compile(r"^(対戦相手の|あなたの)?(?:全(?:ての)?(?:コスト(\d+)(以上|以下)の|レベル(\d+)以上の)"
                    r"|(?:コスト(\d+)(以上|以下)の|レベル(\d+)以上の)(?:全ての)?)ユニット"
                    r"(?:に(\d+)ダメージを与える|を(?:全て)?(破壊)する|を(消滅)させる|の(行動権を消費)する"
                    r"|を(?:お互いのプレイヤーの)?(手札に戻)す)$")
_SWEEP_TARGET = {"対戦相手の": "all_opp_characters", "あなたの": "all_own_characters", None: "all_characters"}


def _sweep(s: str, trigger: str) -> Effect | None:
    """「(対戦相手の)全てのコスト3以下の / レベル2以上のユニットに…」: a sweep with a cost or level bound."""
    m = _SWEEP.match(s)
    if not m:
        return None
    side, c1, cmp1, l1, c2, cmp2, l2, dmg, brk, dele, dull, bounce = m.groups()
    cost, cmp, level = c1 or c2, cmp1 or cmp2, l1 or l2
    floor = VOC.cost_floor(int(cost)) if cost and cmp == "以上" else 0  # a cost floor: Effect.thash
    if floor:
        cost = None
    op = "damage" if dmg else "break" if brk or dele else "dull" if dull else "bounce"
    fl = VOC.FL_DELETE if dele else 0
    if op == "break":
        return Effect(trigger, op, int(level or 0), _SWEEP_TARGET[side], int(cost or 0) | fl, thash=floor)
    fl |= (int(cost) + 1 if cost else 0) << VOC.COST_SHIFT | int(level or 0) << VOC.LVL_SHIFT
    return Effect(trigger, op, int(dmg or 0), _SWEEP_TARGET[side], fl, thash=floor)


_EVENT_KIND = r"(?:【([^】]+)】|(赤|黄|青|緑|紫)属性の?|コスト(\d+)以上の)"
_ZONE_FILTERED = [  # trigger / intercept cards whose event unit must be of a kind (CC_EVENT_UNIT, CC_EVENT_COST_GE)
    (re.compile(r"^あなたの" + _EVENT_KIND + r"ユニットがフィールドに出た時、"), "own_enters"),
    (re.compile(r"^対戦相手の" + _EVENT_KIND + r"ユニットがフィールドに出た時、"), "opp_enters"),
    (re.compile(r"^あなたの" + _EVENT_KIND + r"ユニットがアタックした時、"), "own_attacks"),
    (re.compile(r"^対戦相手の" + _EVENT_KIND + r"ユニットがアタックした時、"), "opp_attacks"),
    (re.compile(r"^あなたの" + _EVENT_KIND + r"ユニットが破壊された時、"), "leave"),
    # the blocker's own side (its block event's unit) and the attacker's (its player attack's unit)
    (re.compile(r"^あなたの" + _EVENT_KIND + r"ユニットがブロックした時、"), "own_blocks"),
    (re.compile(r"^あなたの" + _EVENT_KIND + r"ユニットがプレイヤーアタックに成功した時、"), "own_hit_player"),
]
# set cards watching an own unit of a kind battle (CC_OWN_BATTLER) or an own unit not of a kind enter
# (CC_EVENT_OTHER_KIND): (pattern, trigger, CC kind)
_ZONE_KINDED = [
    (re.compile(r"^あなたの" + _EVENT_KIND + r"ユニットが戦闘した時、"), "own_battles", VOC.CC_OWN_BATTLER),
    (re.compile(r"^あなたの" + _EVENT_KIND + r"ユニット以外のユニットがフィールドに出た時、"), "own_enters", VOC.CC_EVENT_OTHER_KIND),
]


def _zone_kind_timing(body: str) -> tuple[str, tuple[int, int, int], str] | None:
    """(trigger, event condition, the rest of the body) of a _ZONE_KINDED timing of a species or colour, else None."""
    for pattern, name, kind in _ZONE_KINDED:
        m = pattern.match(body)
        if m and not m.group(3):
            return name, (VOC.coj_cond(kind, 0), _unit_filter(m.group(1), m.group(2)), 0), body[m.end():]
    return None


# timings the engine has as a broader event plus a condition on it: (pattern, trigger, CC kind)
_UNIT_QUALIFIED = [
    # 「フィールドでレベル3にクロックアップした時」: an overclock on the field, not an entry at Lv.3 (CC_ON_FIELD);
    # 「クロックアップした時」: every level rise on the field (CC_CLOCKUP); both "overclock" rows (vocab)
    (re.compile(r"^このユニットがフィールドでレベル3にクロックアップした時、"), "overclock", VOC.CC_ON_FIELD),
    (re.compile(r"^このユニットが(?:クロックアップ(?:した時|するたび)|レベルが上がった時)、|^このユニットのレベルが上がった時、"),
     "overclock", VOC.CC_CLOCKUP),
    # 「戦闘に勝利した時」: the battle-won event (CC_WON)
    (re.compile(r"^このユニットが戦闘に勝利した時、"), "battle", VOC.CC_WON),
    (re.compile(r"^このユニットが戦闘によって破壊された時、"), "leave", VOC.CC_BY_BATTLE),
    (re.compile(r"^このユニットが効果によって破壊された時、"), "leave", VOC.CC_BY_EFFECT),
    (re.compile(r"^このユニットが対戦相手のターンに破壊された時、"), "leave", VOC.CC_OPP_TURN),
    (re.compile(r"^対戦相手の進化ユニットがフィールドに(?:出た時|出るたび)、"), "opp_enters", VOC.CC_EVENT_EVO),
]
# a unit watching its own side: 「(このユニット以外の)あなたの(コストN以上の)(【X】 / 赤(属性))ユニットが…時」
# -> (the other units' timing, the unit's own one); 「あなたのユニット」 is this unit too (it is one of yours),
# so the ability is also a row of the unit's own timing unless it says 「このユニット以外の」 (「このカード以外の」);
# a cost floor with a kind, or 「効果によって破壊」 with one, is the second condition (E_COND2)
_OWN_SIDE = re.compile(r"^(このユニット以外の)?あなたの(このカード以外の)?(?:コスト(\d+)以上の)?(?:【([^】]+)】|(赤|黄|青|緑|紫)(?:属性)?)?"
                       r"ユニットが(フィールドに(?:出た時|出るたび)"
                       r"|アタック(?:した時|するたび)|ブロック(?:した時|するたび)|プレイヤーアタックに成功した時"
                       r"|(効果によって)?破壊(?:された時|されるたび))、")
_EVERY_ATTACK = re.compile(r"^ユニットが(?:アタックした時|アタックするたび)、")  # either side's unit, this one too
_OWN_SIDE_TIMINGS = {"フ": ("own_enters", "enter"), "ア": ("own_attacks", "attack"), "ブ": ("own_blocks", "block"),
                     "プ": ("own_hit_player", "hit_player"), "破": ("own_destroyed", "leave")}
# a unit or set card watching its own side's units reach Lv.3, clock up (own_overclock, the same flags as
# "overclock" rows) or win a battle (own_battles, CC_WON; a kind: the winner's); for a unit 「あなたのユニット」 is this
# unit too: also a row of its own timing. (pattern, trigger, the unit's own timing, flag ORed into the rows)
_OWN_FLAGGED = [
    (re.compile(r"^あなたのユニットがフィールドでレベル3にクロックアップした時、"), "own_overclock", "overclock", VOC.CC_ON_FIELD),
    (re.compile(r"^あなたのユニットがクロックアップ(?:した時|するたび)、"), "own_overclock", "overclock", VOC.CC_CLOCKUP),
    (re.compile(r"^あなたのユニットがオーバークロック(?:した時|するたび)、"), "own_overclock", "overclock", 0),
    (re.compile(r"^あなたの(?:【([^】]+)】(?:ユニット)?|ユニット)が戦闘(?:に|で)勝利(?:した時|するたび)、"), "own_battles", "battle",
     VOC.CC_WON),
]
_ZONE_QUALIFIED = [
    (re.compile(r"^あなたのユニットが戦闘に勝利した時、"), "own_battles", VOC.CC_WON),
    # 「ユニットがフィールドに出た時」: either side's unit (its effects may not read the entering unit: 「それ」)
    (re.compile(r"^ユニットがフィールドに出た時、(?!.*(?:それ|そのユニット|フィールドに出たユニット(?!のコスト)))"), "own_enters",
     VOC.CC_ANY_SIDE),
    (re.compile(r"^あなたのユニットが戦闘によって破壊された時、"), "leave", VOC.CC_BY_BATTLE),
    (re.compile(r"^あなたのユニットが効果(?:によって|で)破壊された時、"), "leave", VOC.CC_BY_EFFECT),
    (re.compile(r"^対戦相手の進化ユニットがフィールドに(?:出た時|出るたび)、"), "opp_enters", VOC.CC_EVENT_EVO),
]
_IT = re.compile(r"^\^(?:\(\?:ターン終了時まで\)\?)?それ")  # an _ALONE pattern about 「それ」
_OPP_EVENTS = ("opp_enters", "opp_attacks", "opp_hit_player")
# timings with a unit of the event that 「それ」 can mean, in the engine's context (effects.pick_target
# takes it first): the entering or attacking unit
_EVENT_UNIT_TRIGGERS = ("own_enters", "opp_enters", "own_attacks", "opp_attacks")


_COUNTED = re.compile(r"\[([^\]×]+)×(\d+)(枚|体)?\]")
_COUNTS = [  # what 「[…×N]」 counts (vocab FE_*): (pattern, kind); a species or colour group is the filter
    (re.compile(r"^あなたの捨札の(?:【([^】]+)】|(赤|黄|青|緑|紫)属性)(?:の(?:カード|ユニット))?(?:の(?:数|枚数))?$"), VOC.FE_DISCARD),
    (re.compile(r"^(?:あなたの)?紫ゲージ(?:の数)?$"), VOC.FE_PURPLE),
    (re.compile(r"^あなたの受けているライフダメージ$"), VOC.FE_LP_LOST),
    (re.compile(r"^あなたのライフ$"), VOC.FE_LP),
    (re.compile(r"^対戦相手の手札の枚数$"), VOC.FE_OPP_HAND),
    (re.compile(r"^あなたのデッキ枚数$"), VOC.FE_DECK),
    (re.compile(r"^(?:あなたの)?ラウンド数$"), VOC.FE_ROUND),
    (re.compile(r"^お互いのトリガーゾーンにあるカードの数$"), VOC.FE_ZONES),
    (re.compile(r"^あなたの捨札の数$"), VOC.FE_DISCARD),
    (re.compile(r"^(?:あなたのフィールドのユニット数|あなたのフィールドにいるユニット(?:数)?)$"), VOC.FE_OWN_UNITS),
    (re.compile(r"^(?:あなたの|あなたのフィールドにいる)(?:【([^】]+)】|(赤|黄|青|緑|紫)属性)(?:ユニット)?(?:の数)?$"),
     VOC.FE_OWN_UNITS),
    (re.compile(r"^(?:対戦相手のユニット数|対戦相手のフィールドにいるユニット(?:数)?)$"), VOC.FE_OPP_UNITS),
    (re.compile(r"^対戦相手の行動済ユニットの数$"), VOC.FE_OPP_ACTED),
    (re.compile(r"^あなたのトリガーゾーンにあるカードの(?:枚数|数)$"), VOC.FE_OWN_ZONE),
    (re.compile(r"^対戦相手のトリガーゾーンにあるカードの(?:枚数|数)$"), VOC.FE_OPP_ZONE),
]


def _count(sentence: str, trigger: str) -> tuple[tuple[int, int] | None, str]:
    """A 「[…×N]」 amount: ((FE kind, filter), the sentence with N in its place); ((0, 0), sentence) if
    there is none, (None, sentence) if it counts something the engine does not."""
    m = _COUNTED.search(sentence)
    if not m:
        return (0, 0), sentence
    rest = sentence[:m.start()] + m.group(2) + (m.group(3) or "") + sentence[m.end():]
    if _COUNTED.search(rest) or rest.endswith("選ぶ"):
        return None, sentence  # two counts, or a count of the units to choose
    if m.group(1) == "フィールドに出たユニットのコスト" and trigger in ("own_enters", "opp_enters", "enter"):
        return (VOC.FE_EVENT_COST, 0), rest
    for pattern, kind in _COUNTS:
        cm = pattern.match(m.group(1))
        if cm:
            groups = cm.groups()
            return (kind, _unit_filter(*groups) if groups else 0), rest
    return None, sentence


def _on_it(then: str) -> tuple[str, int, int, int] | None:
    """The action of 「それ…」 after a choice: (op, modifier bits, param, amount), or None."""
    hit = next(((pattern.match(then), op) for pattern, op in _ON_IT if pattern.match(then)), None)
    if hit is None:
        return None
    am, name = hit
    op, fl = _op_fl(name)
    param = _param(name, then, list(am.groups()))
    return None if param is None else (op, fl, param, _amount(name, then, list(am.groups())))


def _event_unit_as_it(sentence: str, trigger: str) -> str:
    """「フィールドに出たユニット」 / 「アタックしたユニット」 in that unit's event is 「それ」."""
    if trigger in ("own_enters", "opp_enters"):
        return sentence.replace("フィールドに出たユニット", "それ").replace("そのユニット", "それ")
    if trigger in ("own_attacks", "opp_attacks"):
        return sentence.replace("アタックしたユニット", "それ").replace("そのユニット", "それ")
    return sentence


# 【特殊召喚】 from the own discard, deleted cards or deck (vocab play_param): (deck / deleted), (not evolutions),
# cost N, (以下 / 以上), (か M), colour, species, the number of units: at random (ランダムで) or the player's pick
# (「N体選んで」, or neither word: the player chooses, as for every pick the text does not make random)
_SUMMON = re.compile(r"^(?:あなたの)?(?:捨札(?:にある|から)|(デッキ)から|捨札にある(消滅している)カードから)(進化ユニット(?:カード)?以外の)?"
                     r"(?:コスト(\d+)(以下|以上)?(?:か(\d+))?の)?(?:(赤|黄|青|緑|紫)属性の?|【([^】]+)】)?(?:ユニット(?:カード)?)?"
                     r"を?(?:ランダムで(\d+)体(?:まで)?|(\d+)体ランダムで|(\d+)体(?:まで)?(選んで)?)【特殊召喚】する$")


def _summon(s: str, trigger: str) -> Effect | None:
    """「あなたの捨札にある進化ユニット以外のコスト3以下の【武身】ユニットをランダムで1体【特殊召喚】する」."""
    m = _SUMMON.match(s)
    if not m:
        return None
    deck, gone, no_evo, cost, cmp, cost2, colour, species, n1, n2, n3, _ = m.groups()
    lo = hi = int(cost) if cost else -1
    if cmp == "以下":
        lo = -1
    elif cmp == "以上":
        hi = -1
    if cost2:
        if cmp or int(cost2) != hi + 1:
            return None  # 「コストNかM」 is a range only for neighbouring costs
        hi = int(cost2)
    source = VOC.PLAY_DECK if deck else VOC.PLAY_DELETED if gone else VOC.PLAY_DISCARD
    param = VOC.play_param(source, bool(no_evo), lo, hi, chosen=bool(n3))
    return Effect(trigger, "play", int(n1 or n2 or n3), "own_player", param, thash=_unit_filter(species, colour))


_FOE = re.compile(r"^(ターン終了時まで)?戦闘中の相手ユニット(?:がレベル(\d)以上だった場合、それ)?")
_BATTLE_TRIGGERS = ("battle", "own_battles", "block", "own_blocks")


def _foe(s: str, trigger: str) -> Effect | None:
    """「戦闘中の相手ユニットを破壊する」 in a battle or block event: the op on the battle's foe (vocab TM_FOE);
    「戦闘中の相手ユニットがレベルN以上だった場合、それを破壊する」: a destroy of level N and up."""
    m = _FOE.match(s)
    if not m or trigger not in _BATTLE_TRIGGERS or "それ" in s[m.end():]:
        return None
    action = _on_it((m.group(1) or "") + "それ" + s[m.end():])
    if action is None or (m.group(2) and action[0] != "break"):
        return None
    op, fl, param, amount = action
    if op == "break":
        param, amount = 0, int(m.group(2) or 0)
    return Effect(trigger, op, amount, "opp_character", param | fl, tmask=VOC.TM_FOE)


# 「あなたの捨札にある【盗賊】ユニットのカードを1枚ランダムで手札に加える」, 「…紫属性のインターセプトカードを2枚までランダムで…」
_RECOVER_KIND = re.compile(r"^あなたの捨札(?:にある|から)(?:【([^】]+)】|(赤|黄|青|緑|紫)属性の)(ユニット|トリガー|インターセプト)?"
                           r"(?:のカード|カード)?を(?:(\d+)枚(?:まで)?ランダムで|ランダムで(\d+)枚(?:まで)?)手札に加える$")


# 「あなたのデッキから1枚ランダムで(あなたの)トリガーゾーンに(赤属性の)(インターセプト)カードをセットする」
_SET_FROM_DECK = re.compile(r"^(?:あなたの)?デッキから(\d+)枚(?:まで)?ランダムで(?:あなたの)?トリガーゾーンに"
                            r"(?:(赤|黄|青|緑|紫)属性の)?(?:(トリガー|インターセプト)?カードを)?セットする$")
_DISCARD_TO_DECK = re.compile(r"^あなたの捨札(?:にあるカード|のカード)?を全てデッキに戻す$")
_MILL_KIND = re.compile(r"^(?:あなたの)?デッキから【([^】]+)】(?:ユニット)?(?:のカード)?を(\d+)(?:体|枚)(選んで|ランダムで)捨てる$")
_RECOVER_DELETED = re.compile(r"^あなたの捨札にある消滅しているカードを(\d+)枚ランダムで手札に加える$")


def _alone(s: str, trigger: str) -> list[Effect] | None:
    """The effects of a sentence that stands alone, or None."""
    foe = _foe(s, trigger)
    if foe:
        return [foe]
    swept = _sweep(s, trigger) or _summon(s, trigger)
    if swept:
        return [swept]
    for pattern, op in _ALONE_KIND:
        sm = pattern.match(s)
        if sm:
            species, colour, *rest = sm.groups()
            mod, value = rest if op == "pump" else (None, rest[0])
            kind = _unit_filter(species, colour)
            if op == "pump":
                return [Effect(trigger, op, int(value), "all_own_characters", 1 if mod else 0, thash=kind)]
            bit = _keyword_bit(value)
            if bit is None:
                return None
            return [Effect(trigger, op, _amount(op, s, [value]), "all_own_characters", bit, thash=kind)]
    for pattern, op, target, fl in _ALONE_FL:
        sm = pattern.match(s)
        if sm:
            return [Effect(trigger, op, _amount(op, s, list(sm.groups())), target, fl)]
    for pattern, parts in _SEARCH_FILTERED:
        sm = pattern.match(s)
        if sm:
            ctype, colour, cost, n = parts(list(sm.groups()))
            colours = 1 << ELEMENTS["coj"].index(_COLOURS[colour]) if colour else 0
            return [Effect(trigger, "search", n, "own_player", VOC.search_filter(ctype, colours, cost))]
    if trigger in _EVENT_UNIT_TRIGGERS:  # 「それ」 alone: the event's unit (the entering / attacking one)
        also = _also(s) if s.startswith("それ") and not s.startswith("それら") else None
        action = _on_it(_first_action(s) if also else s)
        if action is not None and s.startswith("それ") and not s.startswith("それら") and also is not False:
            op, fl, param, amount = action
            if op == "break":
                param, amount = 0, 0
            first = Effect(trigger, op, amount, "opp_character" if trigger in _OPP_EVENTS else "own_character", param | fl)
            return [first] + ([replace(also, trigger=trigger)] if also else [])  # the second on the same unit
    if _DISCARD_TO_DECK.match(s):
        return [Effect(trigger, "recover", 0, "own_player", VOC.RECOVER_TO_DECK)]
    if sm := _SET_FROM_DECK.match(s):  # search with SEARCH_TO_ZONE: the first matches of the shuffled deck
        n, colour, kind = sm.groups()
        colours = 1 << ELEMENTS["coj"].index(_COLOURS[colour]) if colour else 0
        return [Effect(trigger, "search", int(n), "own_player",
                       VOC.search_filter(CARD_TYPE_PARAM[kind] if kind else -1, colours, -1, to_zone=True))]
    if sm := _MILL_KIND.match(s):  # 「デッキから【四聖獣】を1体選んで捨てる」: the kind in Effect.thash (G_FILTER)
        species, n, how = sm.groups()
        return [Effect(trigger, "mill", int(n), "own_player", VOC.PICK_CHOSEN if how == "選んで" else 0, thash=text_hash(species))]
    if sm := _RECOVER_DELETED.match(s):  # 「あなたの捨札にある消滅しているカードを1枚ランダムで手札に加える」
        return [Effect(trigger, "recover", int(sm.group(1)), "own_player", VOC.RECOVER_DELETED)]  # RECOVER_DELETED + 1 + (-1): any card
    if sm := _RECOVER_KIND.match(s):  # a recover of a species or colour: the kind in Effect.thash (G_FILTER)
        species, colour, kind, n1, n2 = sm.groups()
        return [Effect(trigger, "recover", int(n1 or n2), "own_player", CARD_TYPE_PARAM[kind] if kind else -1,
                       thash=_unit_filter(species, colour))]
    for pattern, name, target in _ALONE:
        sm = pattern.match(s)
        if sm:
            groups = list(sm.groups())
            if _IT.match(pattern.pattern):  # 「それ」: the unit of the event, on its side of the field
                target = "opp_character" if trigger in _OPP_EVENTS else "own_character"
            op, _ = _op_fl(name)
            if op in ("recover", "search"):
                kind, n = groups[0], next(g for g in groups[1:] if g)
                param, amount = (CARD_TYPE_PARAM.get(kind, -1) if kind else -1), int(n)
                if kind and kind not in CARD_TYPE_PARAM:  # a species: its hash (engine: param > 4)
                    param = text_hash(kind)
                elif op == "recover" and "選んで" in s:  # the player's pick (vocab RECOVER_CHOSEN)
                    param += VOC.RECOVER_CHOSEN + 1
            elif op == "discard" and "全て" in s:
                param, amount = 0, 7  # §5 hand limit: the whole hand
            else:
                param, amount = _param(name, s, groups), _amount(name, s, groups)
                if param is None:
                    return None
                if target == "own_other":  # 「このユニット以外のあなたのユニット」
                    target, param = "own_character", param | VOC.FL_OTHER
                elif target == "all_other":  # 「このユニット以外の全てのユニット」: both sides but its own unit
                    target, param = "all_characters", param | VOC.FL_OTHER
            return [Effect(trigger, op, amount, target, param)]
    return None


# §10 フィールド効果 of a unit (no timing: "static" rows, rules.static_of): (pattern, op, target)
_STATIC = [
    (re.compile(r"^あなたの(?:フィールドの)?(?:全ての)?" + _KIND + r"ユニットのBPを\+(\d+)する$"), "pump", "all_own_characters"),
    (re.compile(r"^対戦相手の(?:全ての)?" + _KIND + r"ユニットのBPを-(\d+)する$"), "weaken", "all_opp_characters"),
    (re.compile(r"^あなたの(?:フィールドの)?(?:全ての)?" + _KIND + r"ユニットに【([^】]+)】を与える$"), "grant_keyword",
     "all_own_characters"),
    (re.compile(r"^対戦相手の(?:全ての)?" + _KIND + r"ユニットに【([^】]+)】を与える$"), "grant_keyword", "all_opp_characters"),
    (re.compile(r"^このユニットに()()【([^】]+)】を与える$"), "grant_keyword", "self"),
    (re.compile(r"^このユニット()()のBP(?:を|は)\+(\d+)(?:する|される)$"), "pump", "self"),
    (re.compile(r"^このユニットは()()(ブロックされない)$"), "grant_keyword", "self"),
    (re.compile(r"^全ての()()ユニットに【([^】]+)】を与える$"), "grant_keyword", "all_characters"),
]
# the conditions a field effect can carry (rules.static_holds): counts of its side's field, its LP, the opponent's hand
# size, its purple gauge
_STATIC_CONDITIONS = (VOC.CC_OWN_FIELD_LE, VOC.CC_OWN_SPECIES_GE, VOC.CC_LIFE_LE, VOC.CC_OPP_HAND_LE, VOC.CC_PURPLE_GE,
                      VOC.CC_PURPLE_LE)
# 「このユニットのBPは、あなたのフィールドの【X】ユニット1体につき+2000される」
_STATIC_COUNT = re.compile(r"^このユニットのBPは、?あなたの(?:フィールドの)?" + _KIND + r"(?:ユニット)?1体につき\+(\d+)される$")


# two field effects to the same units: 「あなたのフィールドの【神獣】ユニットのBPを+3000し、【不滅】を与える」,
# 「あなたの【武身】ユニットに【不屈】と【貫通】を与える」
_STATIC_PAIR = re.compile(r"^([^、。]*場合、)?(あなたの(?:フィールドの)?(?:全ての)?" + _KIND + r"ユニット|このユニット)(?:のBPを(\+\d+)し、(【[^】]+】)を与える"
                          r"|に(【[^】]+】)と(【[^】]+】)を与える)$")


# 「このユニットのBPは、あなたのフィールドのこのユニット以外の【悪魔】ユニット / ユニット1体につき+2000される」
_STATIC_COUNT_OTHERS = re.compile(r"^このユニットのBPは、?あなたのフィールドのこのユニット以外の" + _KIND + r"(?:ユニット)?1体につき\+(\d+)される$")
# 「あなたの【珍獣】ユニットのBPを+[あなたのフィールドの【珍獣】×1000]する」, 「あなたの全てのユニットのBPを+[あなたのフィールドのユニット数×500]する」
_STATIC_COUNTED = re.compile(r"^あなたの(?:全ての)?" + _KIND + r"ユニットのBPを\+\[あなたのフィールドの(?:ユニット数|" + _KIND
                             + r"(?:ユニット)?(?:の数)?)×(\d+)\]する$")


def _static_counted(sentence: str) -> list[Effect] | None:
    """Field effects whose BP change counts the own side's units (E_FOREACH FE_OWN_UNITS), or None: to the own units
    of a kind; or to the unit itself per other unit of a kind, read as the count of all of them (itself too) and
    the same amount taken back when the unit itself is of the kind (a self row filtered by the kind)."""
    m = _STATIC_COUNTED.match(sentence)
    if m:
        species, colour, counted_species, counted_colour, n = m.groups()
        return [Effect("static", "pump", int(n), "all_own_characters", 0, thash=_unit_filter(species, colour),
                       foreach=VOC.FE_OWN_UNITS, fe_param=_unit_filter(counted_species, counted_colour))]
    m = _STATIC_COUNT_OTHERS.match(sentence)
    if m:
        species, colour, n = m.groups()
        kind = _unit_filter(species, colour)
        return [Effect("static", "pump", int(n), "self", 0, foreach=VOC.FE_OWN_UNITS, fe_param=kind),
                Effect("static", "weaken", int(n), "self", 0, thash=kind)]
    return None


# what a field effect's 「[…×N]」 can count (rules.static_of: the field at every field change, the rest at every change
# of an LP, a hand, a purple gauge, a trigger zone or the round, rules.static_inputs_changed)
_STATIC_COUNTS = (VOC.FE_OWN_UNITS, VOC.FE_OPP_UNITS, VOC.FE_PURPLE, VOC.FE_LP_LOST, VOC.FE_LP, VOC.FE_OPP_HAND, VOC.FE_ROUND,
                  VOC.FE_ZONES)


def _static_sentences(body: str) -> list[str]:
    """The sentences of a field-effect body, a sentence with two effects on the same units split in two (each under
    the sentence's leading 「〜場合、」)."""
    out = []
    for s in _sentences(body):
        s = s.rstrip("。")
        m = _STATIC_PAIR.match(s)
        units = f"{m.group(1) or ''}{m.group(2)}" if m else ""  # a leading condition holds both parts
        if m and m.group(5):
            out += [f"{units}のBPを{m.group(5)}する", f"{units}に{m.group(6)}を与える"]
        elif m:
            out += [f"{units}に{m.group(7)}を与える", f"{units}に{m.group(8)}を与える"]
        else:
            out.append(s)
    return out


# 「あなたのフィールドに【獣】ユニットが3体以上いる時、…」, 「あなたのライフが6以下の時、…」: a field effect while that holds,
# as 「…場合、」
_WHILE_ON_FIELD = re.compile(r"^(あなたのフィールドに[^、。]*?いる|あなたのライフが\d+以下の|対戦相手の手札が\d+枚以下の"
                             r"|あなたの紫ゲージが\d+以[上下]の)時、")


def _static(body: str) -> list[Effect] | None:
    """A unit's field effects: every sentence one of _STATIC / _STATIC_COUNT, or None."""
    effects: list[Effect] = []
    for s in _static_sentences(_WHILE_ON_FIELD.sub(r"\1場合、", body)):
        start = len(effects)
        cond, cparam, s = _condition(s, "static")
        if cond and cond & VOC.CC_MASK not in _STATIC_CONDITIONS:
            return None
        level = 0
        if lm := _STATIC_COST.match(s):  # 「対戦相手のコスト2以下のユニット」: the reached units' printed cost (CC_COST_LE)
            level, s = VOC.coj_cond(VOC.CC_COST_LE, int(lm.group(2))), lm.group(1) + s[lm.end():]
        elif lm := _STATIC_LEVEL.match(s):  # 「あなたのレベル2以上のユニット」: the reached units' level (E_COND2 CC_LEVEL)
            lo = int(lm.group(1))
            level, s = VOC.coj_cond(VOC.CC_LEVEL, lo | (3 if lm.group(2) else lo) << 2), "あなたの" + s[lm.end():]
        elif (lm := _SELF_LEVEL.match(s)) and s[lm.end():].startswith("このユニット"):  # 「このユニットのレベルが1の時、」
            lo = int(lm.group(1))
            level, s = VOC.coj_cond(VOC.CC_LEVEL, lo | (3 if lm.group(2) else lo) << 2), s[lm.end():]
        hit = next(((p.match(s), op, target) for p, op, target in _STATIC if p.match(s)), None)
        counted = _static_counted(s)
        found, plain = _count(s, "static")
        fe, fparam = found or (0, 0)
        if counted is None and fe in _STATIC_COUNTS:  # 「…のBPを+[あなたのライフ×1000]する」: the plain effect, counted
            counted = _static(plain)
            counted = [replace(e, foreach=fe, fe_param=fparam) for e in counted] if counted and len(counted) == 1 else None
            if counted is None or counted[0].op not in ("pump", "weaken"):
                return None
        if counted is not None:
            effects.extend(counted)
        elif m := _STATIC_COUNT.match(s):
            species, colour, n = m.groups()
            effects.append(Effect("static", "pump", int(n), "self", 0, foreach=VOC.FE_OWN_UNITS,
                                  fe_param=_unit_filter(species, colour)))
        elif hit is None:
            return None
        else:
            m, op, target = hit
            species, colour, value = m.groups()
            if op == "grant_keyword":
                bit = _keyword_bit(value)
                if bit is None or value == "スピードムーブ":  # read as the unit enters, not as a field effect
                    return None
                effects.append(Effect("static", op, 1, target, bit, thash=_unit_filter(species, colour)))
            else:
                effects.append(Effect("static", op, int(value), target, 0, thash=_unit_filter(species, colour)))
        effects[start:] = [replace(e, cond=cond, cond_param=cparam, cond2=level) for e in effects[start:]]
    return effects or None


_STATIC_LEVEL = re.compile(r"^あなたのレベル(\d)(以上)?の?")
_STATIC_COST = re.compile(r"^(対戦相手の|あなたの|全ての)コスト(\d+)以下の")
_SELF_LEVEL = re.compile(r"^このユニットのレベルが(\d)(以上)?の時、")


_CHOICE = re.compile(r"^(対戦相手は)?以下の効果から1つを選び発動する。?")
_OPTION = re.compile(r"(?:^|(?<=。))([1-3]):")
_LEVELS = re.compile(r"^このユニットのレベル(?:によって|に応じて)以下の効果が発動する")
_LEVEL_PART = re.compile(r"【レベル(\d)(?:~(\d)|(以上)|(以下))?】")


def _choice(body: str, trigger: str, opponent: bool) -> list[Effect] | None:
    """「以下の効果から1つを選び発動する。①：… ②：…」: each option's effects, marked CC_CHOICE n (n + 8:
    「対戦相手は…選び」, the opponent chooses)."""
    parts = _OPTION.split(body)
    if parts[0].strip("。") or len(parts) < 5:
        return None
    return _each_part(zip(parts[1::2], parts[2::2], strict=True), trigger,
                      lambda n: (VOC.coj_cond(VOC.CC_CHOICE, int(n) | (VOC.CHOICE_OPP if opponent else 0)), 0))


def _each_part(parts: Iterable[tuple[str, str]], trigger: str,
               cond_of: Callable[[str], tuple[int, int]]) -> list[Effect] | None:
    """The effects of each (key, text) part under the condition cond_of(key) (E_COND, E_COND_PARAM); None when a
    part does not read or has a condition of its own."""
    effects: list[Effect] = []
    for key, text in parts:
        part = parse_body(text, trigger)
        if part is None or any(e.cond for e in part):
            return None
        cond, cparam = cond_of(key)
        effects.extend(replace(e, cond=cond, cond_param=cparam) for e in part)
    return effects


def _by_level(body: str, trigger: str) -> list[Effect] | None:
    """「このユニットのレベルによって以下の効果が発動する。【レベル1】… 【レベル2以上】…」: each part's
    effects with the unit's level range (CC_LEVEL lo | hi << 2)."""
    parts = _LEVEL_PART.split(body)
    if parts[0].strip("。") or len(parts) < 6:
        return None
    effects: list[Effect] = []
    for k in range(1, len(parts), 5):
        lo, hi, up, down, text = parts[k:k + 5]
        lo_n = int(lo)
        hi_n = int(hi) if hi else (3 if up else lo_n)
        if down:
            lo_n, hi_n = 1, lo_n
        part = parse_body(text, trigger)
        if part is None or any(e.cond for e in part):
            return None
        effects.extend(replace(e, cond=VOC.coj_cond(VOC.CC_LEVEL, lo_n | hi_n << 2)) for e in part)
    return effects


_BY_COLOUR = re.compile(r"^あなたのフィールドに\[((?:赤|黄|青|緑|紫)(?:/(?:赤|黄|青|緑|紫))+)\]属性のユニットがいる場合、"
                        r"それぞれ以下の効果が発動する")
_COLOUR_PART = re.compile(r"●\[(赤|黄|青|緑|紫)\]")


def _by_colour(head: re.Match[str], body: str, trigger: str) -> list[Effect] | None:
    """「あなたのフィールドに[黄/緑]属性のユニットがいる場合、それぞれ以下の効果が発動する。●[黄]… ●[緑]…」: each part's
    effects under its own condition, a unit of that colour on the own field (CC_OWN_SPECIES_GE 1, the colour mask)."""
    parts = _COLOUR_PART.split(body)
    colours = head.group(1).split("/")
    if parts[0].strip("。") or parts[1::2] != colours:
        return None
    return _each_part(zip(parts[1::2], parts[2::2], strict=True), trigger,
                      lambda colour: (VOC.coj_cond(VOC.CC_OWN_SPECIES_GE, 1), _unit_filter(None, colour)))


# 「このカードのレベルによって」 on a trigger or intercept card: such a card is always Lv.1 (digest §8, seed 004
# 「クロックレベル/クロックアップ」: clock levels are set on unit and evolution cards, every card starts at Lv.1;
# override applies to those only), so the 【レベル1】 part is the one that runs
_CARD_LEVELS = re.compile(r"^このカードのレベル(?:によって|に応じて)以下の効果が発動する")


def _level_one(body: str, trigger: str) -> list[Effect] | None:
    """The effects of the part of 「このカードのレベルによって以下の効果が発動する」 that covers Lv.1."""
    parts = _LEVEL_PART.split(body)
    if parts[0].strip("。") or len(parts) < 6:
        return None
    for k in range(1, len(parts), 5):
        lo, hi, up, down, text = parts[k:k + 5]
        if int(lo) == 1 or down:
            return parse_body(text, trigger)
    return None


_REMINDER = re.compile(r"\([^()]*\)")
_REUSED = re.compile(r"\d+回使用すると捨札")
_ONCE_A_TURN = re.compile(r"\d+ターンに\d+度")
_LIFE_CAP = re.compile(r"ライフは(\d+)以上にはならない")
_GAUGE_ICON = re.compile(r"^\[([▲▼])(\d+)\]")
_DESTROYED_OR_DELETED = re.compile(r"^このユニットが破壊または消滅した時、")
_ATTACK_OR_BLOCK = re.compile(r"^このユニットがアタックかブロックした時、")
_EVERY_TURN = re.compile(r"^ターン(開始|終了)時、")
_ALSO_WHEN = re.compile(r"あなたの【([^】]+)】が(\d+)体以上いる場合、(.+時)にも発動する。?$")


# a body line that opens with its own timing (「…時、」 / 「…たび、」, after a purple gauge icon)
_TIMED_LINE = re.compile(r"^(?:\[[▲▼]\d+\])?[^。]*?(?:時|たび)、")


def timed_parts(block: str) -> list[str] | None:
    """The abilities of one heading printed as several body lines, each with its own timing (「■カオス・ディール
    このユニットがフィールドに出た時、… / このユニットがアタックした時、…」): one block per line, under the same
    heading; None when the block is not of that shape. A block whose reminder caps the LP it heals to
    (「ライフはN以上にはならない」) stays whole, since the reminder belongs to one of its lines."""
    if _LIFE_CAP.search(normalize(block)):
        return None
    lines = [line for line in (_REMINDER.sub("", raw).strip() for raw in normalize(block).split("\n")) if line]
    head = [line for line in lines if line.startswith("■")]
    body = [line for line in lines if not line.startswith("■")]
    if len(body) < 2 or not all(_TIMED_LINE.match(line) for line in body):
        return None
    return ["\n".join(head + [line]) for line in body]


def parse_ability(block: str, ctype: str) -> tuple[frozenset[str], list[Effect]] | None:
    """An ability's keywords and effects, or None when the engine would not run all of it. A heading
    with several timed lines (timed_parts) is read line by line when it does not read as one body; on a
    trigger or intercept card the lines answer one event each, of different timings (_zone_events_apart)."""
    whole = _parse_one(block, ctype)
    if whole is None and ctype in ("unit", "evolution"):
        whole = _static_then_timed(block, ctype) or _activated_then_timed(block, ctype)
    if whole is None:
        whole = _conditional_lines(block, ctype)
    parts = timed_parts(block) if whole is None else None
    if parts is None:
        return whole
    effects: list[Effect] = []
    for part in parts:
        parsed = _parse_one(part, ctype)
        if parsed is None or parsed[0]:
            return None
        effects.extend(parsed[1])
    if ctype in ("trigger", "intercept", "joker") and not _zone_events_apart(effects):
        return None
    return frozenset(), effects


# the zone events of the timings a set card can have (rules.trigger_event): timings of one event share a key
_ZONE_EVENT_OF = {"enter": "enter", "own_enters": "enter", "opp_enters": "opp_enters", "cast": "opp_attacks",
                  "opp_attacks": "opp_attacks", "own_attacks": "own_attacks", "leave": "leave",
                  **{t: t for t in ("own_battles", "own_blocks", "own_hit_player", "opp_hit_player", "turn_start",
                                    "opp_turn_start", "turn_end", "opp_turn_end", "own_overclock", "opp_trigger_used",
                                    "opp_intercept_used", "own_discarded", "opp_discards", "opp_zone_broken")}}


def _zone_events_apart(effects: list[Effect]) -> bool:
    """Whether a trigger or intercept card's timed lines can be played: all of one timing (as one event), or
    of timings that answer different events, one timing each (rules.zone_trigger runs the rows of the event
    that came), none of them an entry of either side (K_ANY_SIDE is read from the first row only)."""
    kinds = {(e.trigger, e.cond & VOC.CC_FLAGS) for e in effects}
    if len(kinds) == 1:
        return True
    triggers = [t for t, _ in kinds]
    return (len(set(triggers)) == len(triggers) and all(t in _ZONE_EVENT_OF for t in triggers)
            and len({_ZONE_EVENT_OF[t] for t in triggers}) == len(triggers)
            and not any(e.cond & VOC.CC_ANY_SIDE for e in effects))


# 「対戦相手の手札が2枚以下の場合、以下の効果が発動する。このユニットがフィールドに出た時、…。このユニットがアタックした時、…」
_UNDER_CONDITION = re.compile(r"^([^。]+?場合、)以下の効果が発動する。")
# conditions a row already holding one cannot take as E_COND2: they are not checked as conditions (run_effects)
_NOT_CHECKED = (VOC.CC_CHOICE, VOC.CC_COST, VOC.CC_IF_DONE)


def _conditional_lines(block: str, ctype: str) -> tuple[frozenset[str], list[Effect]] | None:
    """Timed abilities under one condition (「〜場合、以下の効果が発動する。」 followed by sentences each opening with its
    timing): each ability read as printed, the condition ANDed into each of its rows (E_COND, or E_COND2 beside a
    row's own condition), checked as the effect resolves. None when a sentence after a timed one reads as a field
    effect too (「…時、あなたのCPを+2する。あなたの緑属性ユニットのBPを+3000する。」: which of the two it is, the text
    does not say) or a row cannot take the condition."""
    lines = [line for line in (_REMINDER.sub("", raw).strip() for raw in normalize(block).split("\n")) if line]
    head = [line for line in lines if line.startswith("■")]
    body = "".join(line for line in lines if not line.startswith("■"))
    m = _UNDER_CONDITION.match(body)
    if m is None:
        return None
    cond, cparam, cond2, rest = _conditions(m.group(1), "static")
    sentences = _sentences(body[m.end():])
    if not cond or rest or not sentences or not _TIMED_LINE.match(sentences[0]):
        return None
    parts: list[list[str]] = []
    for sentence in sentences:
        if _TIMED_LINE.match(sentence):
            parts.append([sentence])
        elif _static(sentence) is not None:
            return None
        else:
            parts[-1].append(sentence)
    effects: list[Effect] = []
    for part in parts:
        parsed = _parse_one("\n".join(head + ["".join(part)]), ctype)
        if parsed is None or parsed[0] or not parsed[1]:
            return None
        for e in parsed[1]:
            under = _under(e, cond, cparam, cond2)
            if under is None:
                return None
            effects.append(under)
    if ctype in ("trigger", "intercept") and not _zone_events_apart(effects):
        return None
    return frozenset(), effects


def _under(e: Effect, cond: int, cparam: int, cond2: int) -> Effect | None:
    """Effect e under one more condition (_conditional_lines), or None when it has no room for it."""
    own = e.cond & ~VOC.CC_FLAGS
    if own == 0 and e.cond2 == 0:
        return replace(e, cond=e.cond | cond, cond_param=cparam, cond2=cond2)
    if (cond2 == 0 and e.cond2 == 0 and own & VOC.CC_MASK not in _NOT_CHECKED
            and cond & VOC.CC_MASK not in _WITH_PARAM):
        return replace(e, cond2=cond)
    return None


def _static_then_timed(block: str, ctype: str) -> tuple[frozenset[str], list[Effect]] | None:
    """A unit's field effects followed by a timed ability in one body (「あなたの【武身】ユニットに【不屈】と【貫通】を
    与える。このユニットがフィールドに出た時、…」): the field effects (_static) and the timed part, or None."""
    lines = [line for line in (_REMINDER.sub("", raw).strip() for raw in normalize(block).split("\n")) if line]
    head = [line for line in lines if line.startswith("■")]
    sentences = _sentences("".join(line for line in lines if not line.startswith("■")))
    cut = next((i for i, s in enumerate(sentences) if i and _TIMED_LINE.match(s)), 0)
    static = _static("".join(sentences[:cut])) if cut else None
    timed = _parse_one("\n".join(head + ["".join(sentences[cut:])]), ctype) if static else None
    if timed is None or timed[0] or not timed[1]:
        return None
    return frozenset(), static + timed[1]


# 「■起動・…」: a 【起動】 ability (keywords.json 起動: once a turn, when its controller chooses), timing "action"; its
# reminder 「(この効果は1ターンに1度発動できる)」 restates that limit
_ACTIVATED = re.compile(r"^■起動")
_ACTIVATED_REMINDER = re.compile(r"\(この効果は1ターンに1度発動できる\)")


def _activated(block: str, ctype: str) -> str | None:
    """The block of a unit's 【起動】 ability without its once-a-turn reminder, or None when it is not one."""
    text = normalize(block)
    if ctype not in ("unit", "evolution") or not _ACTIVATED.match(text):
        return None
    return _ACTIVATED_REMINDER.sub("", text)


def _activated_then_timed(block: str, ctype: str) -> tuple[frozenset[str], list[Effect]] | None:
    """A 【起動】 heading whose first body line is the 【起動】 ability and whose later lines each have their own timing
    (「■起動・月に叢雲、花に風 / あなたのユニットを1体選ぶ。… / 自身が破壊された時、…」): the effects of all, or None."""
    if _activated(block, ctype) is None:
        return None
    lines = [line for line in (_REMINDER.sub("", raw).strip() for raw in normalize(block).split("\n")) if line]
    head = [line for line in lines if line.startswith("■")]
    body = [line for line in lines if not line.startswith("■")]
    if len(body) < 2 or _TIMED_LINE.match(body[0]) or not all(_TIMED_LINE.match(line) for line in body[1:]):
        return None
    parts = [_parse_one("\n".join(head + body[:1]), ctype)] + [_parse_one("■\n" + line, ctype) for line in body[1:]]
    if any(part is None or part[0] for part in parts):
        return None
    return frozenset(), [e for part in parts if part for e in part[1]]


def _parse_one(block: str, ctype: str) -> tuple[frozenset[str], list[Effect]] | None:
    """parse_ability for one body (its lines read as one text)."""
    activated = _activated(block, ctype)
    block = activated if activated is not None else block
    if (_REUSED.search(block) and ctype != "intercept") or _ONCE_A_TURN.search(block):
        return None  # 「1ターンに1度」: the engine has no such limit; an intercept's uses are its K_USES (pool tag)
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
    if body == "このユニットはブロックされない。":  # printed like a keyword (「この能力は…フィールドに出た時に付与される」)
        return frozenset({"unblockable"}), []
    icon = _GAUGE_ICON.match(body)  # [▲N] / [▼N]: the ability runs only at a purple gauge >= N / <= N
    if icon:
        body = body[icon.end():]
    # 「このユニットが破壊または消滅した時」, 「このユニットがアタックかブロックした時」: both timings, as 「…時、または…時、」 (below)
    body = _DESTROYED_OR_DELETED.sub("このユニットが破壊された時、またはこのユニットが消滅した時、", body)
    body = _ATTACK_OR_BLOCK.sub("このユニットがアタックした時、またはこのユニットがブロックした時、", body)
    zone_card = ctype in ("trigger", "intercept", "joker")
    trigger = "cast" if ctype == "joker" else "action" if activated is not None else ""  # a joker: used from its zone (§9)
    also: list[tuple[str, int, int]] = []  # more timings of the same ability: (trigger, cond, cond_param)
    event_cond = (0, 0, 0)  # a filter on the event's unit: (E_COND, E_COND_PARAM, E_COND2)
    oc_flag = 0  # a timing flag (vocab CC_ON_FIELD, CC_CLOCKUP, CC_WON) ORed into every row
    if not trigger and zone_card:
        for pattern, name in _ZONE_FILTERED:
            m = pattern.match(body)
            if m:
                species, colour, cost = m.groups()
                trigger, body = name, body[m.end():]
                event_cond = ((VOC.coj_cond(VOC.CC_EVENT_COST_GE, int(cost)), 0, 0) if cost else
                              (VOC.coj_cond(VOC.CC_EVENT_UNIT, 0), _unit_filter(species, colour), 0))
                break
    if not trigger and zone_card and (kinded := _zone_kind_timing(body)) is not None:
        trigger, event_cond, body = kinded
    own_self = ""  # the unit's own timing of an _OWN_SIDE ability
    for pattern, name, own, flag in _OWN_FLAGGED if not trigger else ():
        if m := pattern.match(body):
            trigger, body, oc_flag = name, body[m.end():], flag
            own_self = "" if zone_card else own
            if m.groups() and m.group(1):
                event_cond = (VOC.coj_cond(VOC.CC_EVENT_UNIT, 0), _unit_filter(m.group(1), None), 0)
            break
    if not trigger and not zone_card and (m := _OWN_SIDE.match(body)):
        other, other_card, cost, species, colour, what, by_effect = m.groups()
        trigger, own_self = _OWN_SIDE_TIMINGS[what.removeprefix("効果によって")[0]]
        own_self = "" if other or other_card else own_self
        body = body[m.end():]
        conds = [c for c in (VOC.coj_cond(VOC.CC_EVENT_COST_GE, int(cost)) if cost else 0,
                             VOC.coj_cond(VOC.CC_BY_EFFECT, 0) if by_effect else 0) if c]
        if len(conds) > 1:
            return None
        if species or colour:
            event_cond = (VOC.coj_cond(VOC.CC_EVENT_UNIT, 0), _unit_filter(species, colour), conds[0] if conds else 0)
        elif conds:
            event_cond = (conds[0], 0, 0)
    if not trigger and not zone_card and (m := _EVERY_ATTACK.match(body)):
        trigger, body = "attack", body[m.end():]
        also += [("own_attacks", 0, 0), ("opp_attacks", 0, 0)]
    if not trigger:
        for pattern, name, kind in (_ZONE_QUALIFIED if zone_card else _UNIT_QUALIFIED):
            m = pattern.match(body)
            if m and kind & VOC.CC_FLAGS:
                trigger, body, oc_flag = name, body[m.end():], kind
                break
            if m:
                trigger, body, event_cond = name, body[m.end():], (VOC.coj_cond(kind, 0), 0, 0)
                break
    if not trigger:
        for pattern, name in (_ZONE_TRIGGERS if zone_card else _TRIGGERS):
            m = pattern.match(body)
            if m:
                trigger, body = name, body[m.end():]
                break
        # 「ターン開始時、」 / 「ターン終了時、」 with no owner: every player's turn (a unit ability)
        both = _EVERY_TURN.match(body) if not trigger else None  # a set card answers both events (rules.zone_trigger)
        if both:
            when = "start" if both.group(1) == "開始" else "end"
            trigger, body = "turn_" + when, body[both.end():]
            also.append(("opp_turn_" + when, 0, 0))
        # 「このユニットがフィールドに出た時、またはあなたのターン開始時、」: a unit ability with two timings
        if trigger and not zone_card and body.startswith("または"):
            second = next(((p.match(body[3:]), n) for p, n in _TRIGGERS if p.match(body[3:])), None)
            if second is None:
                return None
            also.append((second[1], 0, 0))
            body = body[3 + second[0].end():]
        # 「あなたの【武身】が4体以上いる場合、対戦相手のターン開始時にも発動する」
        more = _ALSO_WHEN.search(body)
        if trigger and not zone_card and more:
            name = next((n for p, n in _TRIGGERS if p.match(more.group(3) + "、")), None)
            if name is None:
                return None
            also.append((name, VOC.coj_cond(VOC.CC_OWN_SPECIES_GE, int(more.group(2))), text_hash(more.group(1))))
            body = body[:more.start()]
    if not trigger and not zone_card:
        static = _static(body)
        if static and icon:  # the gauge icon's condition on every field effect (the text restates it, or has none)
            cond = VOC.coj_cond(VOC.CC_PURPLE_GE if icon.group(1) == "▲" else VOC.CC_PURPLE_LE, int(icon.group(2)))
            static = None if any(e.cond not in (0, cond) for e in static) else [replace(e, cond=cond) for e in static]
        return (frozenset(), static) if static and len(static) <= MAX_EFFECTS else None
    if not trigger:
        return None
    if m := _CHOICE.match(body):
        effects = _choice(body[m.end():].lstrip("。"), trigger, bool(m.group(1)))
    elif (m := _LEVELS.match(body)) and not zone_card and trigger != "leave":  # the unit's level when it resolves
        effects = _by_level(body[m.end():].lstrip("。"), trigger)
    elif (m := _CARD_LEVELS.match(body)) and zone_card:
        effects = _level_one(body[m.end():].lstrip("。"), trigger)
    elif m := _BY_COLOUR.match(body):
        effects = _by_colour(m, body[m.end():].lstrip("。"), trigger)
    else:
        effects = parse_body(body, trigger)
    if effects and event_cond[0]:
        cond, cparam, cond2 = event_cond
        if any(e.cond for e in effects):  # a 「〜場合」 too: it is E_COND2 when it reads no parameter
            if cond2 or any(e.cond2 or e.cond_param or e.cond & VOC.CC_MASK in _NOT_SECOND for e in effects):
                return None
            effects = [replace(e, cond=cond, cond_param=cparam, cond2=e.cond) for e in effects]
        else:
            effects = [replace(e, cond=cond, cond_param=cparam, cond2=cond2) for e in effects]
    if effects and own_self:
        effects = effects + [replace(e, trigger=own_self) for e in effects]
    if effects and also:  # the same effects at another timing; one with its own condition keeps the effects' ones
        if any(e.cond for e in effects) and any(cond for _, cond, _ in also):
            return None  # a condition of the timing and one of the body: one E_COND slot
        effects = effects + [replace(e, trigger=t, cond=cond, cond_param=cp) if cond else replace(e, trigger=t)
                             for t, cond, cp in also for e in effects]
    cap = _LIFE_CAP.search(normalize(block))
    if effects and cap:  # 「(ライフはN以上にはならない)」: heal param = the highest LP it can reach
        if not any(e.op == "heal" for e in effects):
            return None
        effects = [replace(e, param=int(cap.group(1)) - 1) if e.op == "heal" else e for e in effects]
    if effects and icon:
        cond = VOC.coj_cond(VOC.CC_PURPLE_GE if icon.group(1) == "▲" else VOC.CC_PURPLE_LE, int(icon.group(2)))
        if any(e.cond not in (0, cond) for e in effects):
            return None
        effects = [replace(e, cond=cond) for e in effects]
    if not effects or not all(executed(e.trigger, e.op, e.target, zone_card) for e in effects):
        return None
    if oc_flag:
        effects = [replace(e, cond=e.cond | oc_flag) for e in effects]
    return frozenset(), effects


_APPROXIMATIONS = (  # (pattern in an executed ability's text, what the engine does instead)
    (re.compile(r"ランダムで[2-9]体(?!(?:まで)?(?:【特殊召喚】|手札に加える))"),  # units on the field, not cards recovered
     "several units picked at random (ランダムでN体) are the engine's target choices"),
    (re.compile(r"デッキから[^。]*選んで手札に加える"), "a chosen deck search takes a random matching card"),
)


def approximation(block: str) -> str | None:
    """Why an executed ability runs only approximately (the module docstring's list), or None: exact."""
    text = normalize(block)
    return next((why for pattern, why in _APPROXIMATIONS if pattern.search(text)), None)


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
