"""FFTCG scripted policies: every choice a player makes, dispatched on the policy id.

The policies (documented in sim/games/fftcg/engine.py and docs/policies_fftcg.md):
  random  - uniform over the legal actions at each decision (cast / activate / pass; attacker or
            party / end; blocker / none; instant cast / none); random discards and targets.
  aggro   - Forwards first (Haste first), attacks with everything, blocks only to win a fight or
            when near death, uses removal on blockers (including after blocks).
  curve   - casts the most expensive castable card again and again (spends CP as fully as possible; a card
            with unmodelled lines counts at its worth, sim.games.fftcg.worth),
            attacks when no blocker wins the fight outright, blocks to survive or trade.
  control - Backups first, keeps a 2-card hand reserve, attacks only when no blocker can break the
            attacker, blocks readily, answers attacks with instant-speed removal and Back Attack.

Candidate actions are encoded as kind * 65536 + card * 16 + slot (kind: 1 cast, 2 activate).
"""

from sim.cards.effects import (
    ACT_MY_TURN,
    COND_NOT,
    COND_OWN,
    E_AMOUNT,
    E_COND,
    E_DULL,
    E_FOREACH,
    E_OP,
    E_PARAM,
    E_TARGET,
    E_THASH,
    E_TMASK,
    E_TRIGGER,
    FE_CAST,
)
from sim.engine.compiled import K_COST, K_ELEM, K_NEFF, K_TYPE
from sim.engine.jit import engine_jit, inline_jit
from sim.engine.kernel import randbelow
from sim.games.fftcg.core import (
    AGGRO,
    BACKUP,
    CONTROL,
    CURVE,
    FORWARD,
    HT_PARTY,
    HT_REACT,
    K_ASKED,
    K_WORTH,
    KW_BACK_ATTACK,
    KW_FIRST_STRIKE,
    KW_HASTE,
    KW_MAY_ATTACK,
    KW_NO_ATTACK,
    KW_NO_BLOCK,
    KW_NO_BREAK,
    KW_ONLY_IF,
    L_BKP,
    L_FIELD,
    L_FWD,
    L_HAND,
    LIGHT_DARK,
    O_LB_UNDEFINED_COST,
    O_PARTY_SHARED,
    OP_BOUNCE,
    OP_BREAK,
    OP_BREAK_POWER,
    OP_CAST_FREE,
    OP_COST_REDUCE,
    OP_DAMAGE,
    OP_DULL,
    OP_DULL_POWER,
    OP_EXTRA_COST,
    OP_NO_BLOCK,
    OP_NO_BREAK,
    OP_WEAKEN,
    P_BONUS,
    P_DMG,
    P_FN,
    P_HAS_CR,
    P_HAS_TRIG,
    P_HN,
    P_LB_SPENT,
    P_MULL_KINDS,
    P_NB,
    P_NF,
    P_NMAIN,
    P_NTOT,
    P_PARTY_ANY,
    P_POLICY,
    PR_CHUMP_AT,
    PR_HOLD,
    PR_MULL,
    PR_REACT,
    PR_RISK,
    PR_SACRIFICE,
    PR_SHIELD,
    PR_TRADE,
    PR_WAIT,
    RANDOM,
    S_ATTACKED,
    S_BROKEN,
    S_DMG,
    S_DULL,
    S_SICK,
    S_ZONE,
    SUMMON,
    TG_PARTY,
    TR_ACTION,
    TR_ACTION_BREAK,
    TR_CAST,
    TR_ENTER,
    TR_OWN_PARTY,
    TR_STATIC,
    X_GTURN,
    Z_HAND,
    Z_LB,
    W,
    ability_end,
    action_head,
    action_payment,
    can_enter,
    card_value,
    cast_allowed,
    choose_target,
    cond_ok,
    effect_amount,
    effect_useful,
    extra_cost_ok,
    hand_reserve,
    has_kw,
    has_targets,
    has_trigger,
    of_trigger_kind,
    once_used,
    plan_pay,
    popcount,
    power,
    slots_have_targets,
    st_cards,
    st_cs,
    st_effs,
    st_gs,
    st_ls,
    st_opt,
    st_prm,
    st_ps,
    st_rng,
    st_scr,
)

CAST, ACTIVATE = 1, 2


@engine_jit
def rng(S, p):
    return st_rng(S)[2 + p]


@engine_jit
def cast_requirement(S, p, c):
    """(cost, element mask to cover): Light/Dark cards need no element (11.4.6.3). The card's own
    static cost reductions ("the cost required to cast X is reduced by N", with their conditions and
    "for each" counts) apply, down to 1 CP (approximation: a few cards allow 0), or down to the reduction's
    E_PARAM ("it cannot become 1 or less": 2)."""
    cards = st_cards(S)
    el = cards[p, c, K_ELEM]
    cost = cards[p, c, K_COST]
    # the reductions in a function of their own: this test alone is small enough for LLVM to inline at every caller
    if st_ps(S)[p, P_HAS_CR] and has_trigger(S, p, c, TR_STATIC):  # only decks with cost reductions look
        cost = reduced_cost(S, p, c)
    return cost, (0 if el & LIGHT_DARK else el)


@engine_jit
def reduced_cost(S, p, c):
    """c's cost after its own static cost reductions (cast_requirement)."""
    cards, effs = st_cards(S), st_effs(S)
    cost = cards[p, c, K_COST]
    floor = 1
    for k in range(cards[p, c, K_NEFF]):
        if effs[p, c, k, E_OP] == OP_COST_REDUCE and effs[p, c, k, E_TRIGGER] == TR_STATIC and cond_ok(S, p, p, c, k):
            cost -= effect_amount(S, p, p, c, k)
            floor = max(floor, effs[p, c, k, E_PARAM])
    return max(cost, min(floor, cards[p, c, K_COST]))


@engine_jit
def extra_cp(S, p, c):
    """The optional extra CP of c's static "if you pay the cost to play X, you may pay an extra ..." (0: none);
    generic CP here (its element icons are not required)."""
    if st_ps(S)[p, P_HAS_CR] == 0 or not has_trigger(S, p, c, TR_STATIC):
        return 0
    effs = st_effs(S)
    for k in range(st_cards(S)[p, c, K_NEFF]):
        if effs[p, c, k, E_OP] == OP_EXTRA_COST and effs[p, c, k, E_TRIGGER] == TR_STATIC:
            return effs[p, c, k, E_AMOUNT]
    return 0


@engine_jit
def lb_cost(S, p, c):
    x = st_cards(S)[p, c, 12]  # K_LB_COST; -1 = printed none (Limited LB deck option)
    return x if x >= 0 else st_opt(S)[O_LB_UNDEFINED_COST]


@engine_jit
def lb_face_down(S, p):
    n = 0
    for i in range(st_ps(S)[p, P_NMAIN], st_ps(S)[p, P_NTOT]):
        if st_cs(S)[p, S_ZONE, i] == Z_LB:
            n += 1
    return n


# context row scr[4] for fast castability, filled once per decision by prepare_cast_context
# CX_HEL / CX_HEL2: the elements of at least one / two hand cards that may be discarded for CP;
# CX_MAXCP: the most CP any payment could raise now (no card costing more can be paid)
# CX_STORM / CX_STORM_C: storm_cost for curve's cast_score (cast_candidates; -1: none)
CX_KEEP, CX_B, CX_BMASK, CX_HDISC, CX_HEL, CX_HEL2, CX_MAXCP, CX_STORM, CX_STORM_C = range(9)
# the same row keeps curve_pays' payment plan for the card choose_main returns, so that cast does not plan it again:
# CX_PLAN is p * W + card + 1 while the plan is valid (0: none), then plan_pay's four results and its sources,
# Backups from CX_PLAN_SRC, discards after them; CX_SAVED holds cast_candidates' scores (scr[3]) while the trial's
# plan_pay uses scr[3] for card values
CX_PLAN, CX_PLAN_G, CX_PLAN_NB, CX_PLAN_ND, CX_PLAN_UB, CX_PLAN_SRC = range(9, 15)
CX_SAVED = 32


@inline_jit
def prepare_cast_context(S, p, keep):
    """Summaries of p's CP sources for can_cast: active Backups (a CP each) and their elements, hand cards that
    may be discarded for CP and their elements."""
    cards, cs, ps, ls, scr = st_cards(S), st_cs(S), st_ps(S), st_ls(S), st_scr(S)
    # the Backups are counted here, not by a helper: the call cost more than the loop (callgrind)
    b, bmask = 0, 0
    for k in range(ps[p, P_NB]):
        c = ls[p, L_BKP, k]
        if cs[p, S_DULL, c] == 0:
            b += 1
            bmask |= cards[p, c, K_ELEM]
    hd, m1, m2 = 0, 0, 0
    for k in range(ps[p, P_HN]):
        el = cards[p, ls[p, L_HAND, k], K_ELEM]
        if (el & LIGHT_DARK) == 0:
            hd += 1
            m2 |= m1 & el  # payable only asks whether one other card of the element is left
            m1 |= el
    scr[4, CX_KEEP] = keep
    scr[4, CX_B] = b
    scr[4, CX_BMASK] = bmask
    scr[4, CX_HDISC] = hd
    scr[4, CX_HEL] = m1
    scr[4, CX_HEL2] = m2
    scr[4, CX_MAXCP] = b + 2 * max(min(hd, ps[p, P_HN] - keep), 0) + ps[p, P_BONUS]


@engine_jit
def beyond_cp(S, p, c):
    """c's printed cost is more than any payment could raise (prepare_cast_context): payable would say
    no. Decks with cost reductions (P_HAS_CR) are not judged by the printed cost."""
    return st_ps(S)[p, P_HAS_CR] == 0 and st_cards(S)[p, c, K_COST] > st_scr(S)[4, CX_MAXCP]


@inline_jit
def payable(S, p, c, cost, req, in_hand):
    """Whether plan_pay would find a payment, from the context (exact for at most one required
    element; several elements fall back to plan_pay). In can_cast's code (inline_jit)."""
    scr, ps = st_scr(S), st_ps(S)
    if cost <= 0:
        return True
    if popcount(req) >= 2:
        g, _, _, _ = plan_pay(S, p, cost, req, c if in_hand else -1, -1, scr[4, CX_KEEP], True)
        return g >= 0
    el = st_cards(S)[p, c, K_ELEM]
    c_disc = 1 if in_hand and (el & LIGHT_DARK) == 0 else 0
    d = min(scr[4, CX_HDISC] - c_disc, ps[p, P_HN] - (1 if in_hand else 0) - scr[4, CX_KEEP])
    d = max(d, 0)
    if req:
        # another discardable hand card of the element: two if c itself is one
        in_h = scr[4, CX_HEL2 if c_disc and el & req else CX_HEL] & req
        if (scr[4, CX_BMASK] & req) == 0 and (in_h == 0 or d < 1):
            return False
    return scr[4, CX_B] + 2 * d + ps[p, P_BONUS] >= max(cost, popcount(req))


@inline_jit
def unpayable(S, p, c):
    """Hand card c fails payable, read without can_cast's call where payable needs no call (no cost reductions, at most
    one element); False: ask can_cast. cast_candidates asks it before scoring a card: most of the cards its last call of
    a main phase looks at cannot be paid."""
    cards = st_cards(S)
    el = cards[p, c, K_ELEM]
    req = 0 if el & LIGHT_DARK else el
    if st_ps(S)[p, P_HAS_CR] or popcount(req) >= 2:
        return False
    return not payable(S, p, c, cards[p, c, K_COST], req, True)


@engine_jit
def can_cast(S, p, c, instant):
    """Card c (hand or face-down LB deck) can be cast now (11.3, 11.4, 15.2.8.3): timing, field limits,
    targets, the LB cost in other face-down LB cards, and a payment that keeps the policy's hand
    reserve. Needs prepare_cast_context(S, p, keep) for the current position."""
    cards, cs = st_cards(S), st_cs(S)
    z = cs[p, S_ZONE, c]
    if z != Z_HAND and z != Z_LB:
        return False
    t = cards[p, c, K_TYPE]
    if instant and t != SUMMON and not has_kw(S, p, c, KW_BACK_ATTACK):
        return False  # 9.3.1.5 vs 9.3.1.6 / 15.2.5: only Summons and Back Attack at instant speed
    cost, req = cast_requirement(S, p, c)
    if not payable(S, p, c, cost, req, z == Z_HAND) or not cast_allowed(S, p, c):  # the cheap test first
        return False
    if t != SUMMON:
        if not can_enter(S, p, c):  # field limits (7.7.3-5)
            return False
    elif not has_targets(S, p, p, c, TR_CAST):
        return False
    return z != Z_LB or lb_face_down(S, p) - 1 >= lb_cost(S, p, c)


@engine_jit
def can_activate(S, p, c, k, keep):
    """The action ability starting at slot k can be used (11.6): a dull cost needs an active, non-sick
    character (or Haste, 11.6.2.2); not yet used this turn if "once per turn"; every effect of it that
    chooses has a target; its extra cost and CP can be paid."""
    effs, cs = st_effs(S), st_cs(S)
    if effs[p, c, k, E_TRIGGER] != TR_ACTION and effs[p, c, k, E_TRIGGER] != TR_ACTION_BREAK:
        return False
    v = effs[p, c, k, E_DULL]
    if not action_head(v) or once_used(S, p, c, k):
        return False
    if v & 1 and (cs[p, S_DULL, c] or (cs[p, S_SICK, c] and not has_kw(S, p, c, KW_HASTE))):
        return False
    if not extra_cost_ok(S, p, c, v):
        return False
    if effs[p, c, k, E_COND] != 0 and not cond_ok(S, p, p, c, k):
        return False  # e.g. "Damage 5 --" not reached yet
    if not slots_have_targets(S, p, p, c, k, ability_end(S, p, c, k), effs[p, c, k, E_TRIGGER]):
        return False
    g, _, _, _ = action_payment(S, p, c, k, keep, True)
    return g >= 0


# ---- usefulness of effects (non-random policies) --------------------------------------------------------
@engine_jit
def ability_useful(S, p, c, k):
    """One of the effects of c's action ability starting at slot k would accomplish something now."""
    for j in range(k, ability_end(S, p, c, k)):
        if effect_useful(S, p, p, c, j, -1, -1):
            return True
    return False


@engine_jit
def ability_worth(S, p, c, k):
    """The non-random policies' test of an action ability, in Main Phase 2 and (2 only) in the defender's window
    after a battle: 0 not used, 1 used in Main Phase 2, 2 also removes an opposing character now. One of its
    effects must do something that lasts: a dull or "cannot block" on an opposing Forward in Main Phase 2 ends at
    that Forward's Active Phase (9.1) before it matters. A Backup that puts itself into the Break Zone gives up 1 CP
    a turn for the rest of the game: it does so to remove a Forward, or when p controls at least PR_SACRIFICE
    Backups."""
    effs, prm = st_effs(S), st_prm(S)
    removes, lasting = False, False
    for j in range(k, ability_end(S, p, c, k)):
        if not effect_useful(S, p, p, c, j, -1, -1):
            continue
        op = effs[p, c, j, E_OP]
        # effect_useful: damage and weaken only when they break the target, cast_free only with a Summon that does
        removes |= op == OP_BREAK or op == OP_BREAK_POWER or op == OP_DAMAGE or op == OP_WEAKEN or op == OP_BOUNCE \
            or op == OP_CAST_FREE
        lasting |= op != OP_DULL and op != OP_NO_BLOCK and op != OP_DULL_POWER
    if not lasting:
        return 0
    if removes:
        return 2
    if effs[p, c, k, E_TRIGGER] == TR_ACTION_BREAK and st_cards(S)[p, c, K_TYPE] == BACKUP:
        return 1 if st_ps(S)[p, P_NB] >= prm[p, PR_SACRIFICE] else 0
    return 1


@engine_jit
def card_useful(S, p, c, trig, hs, hc):
    if not has_trigger(S, p, c, trig):
        return False
    for k in range(st_cards(S)[p, c, K_NEFF]):
        if st_effs(S)[p, c, k, E_TRIGGER] == trig and effect_useful(S, p, p, c, k, hs, hc):
            return True
    return False


# ---- mulligan (8.2.1.4) ------------------------------------------------------------------------------------
@engine_jit
def wants_mulligan(S, p):
    """random: a coin. With PR_MULL < 0 (any other policy): when the five cards a mulligan draws are expected to
    make a better hand (redraw_better). Else aggro: fewer than PR_MULL Forwards of cost <= 3; curve: fewer than
    PR_MULL characters of cost <= 3; control: fewer than PR_MULL Backups."""
    cards, ps, ls = st_cards(S), st_ps(S), st_ls(S)
    pol = ps[p, P_POLICY]
    if pol == RANDOM:
        return randbelow(rng(S, p), 2) == 1
    need = st_prm(S)[p, PR_MULL]
    if need < 0:
        return redraw_better(S, p, -need)
    keepers = 0
    for k in range(ps[p, P_HN]):
        c = ls[p, L_HAND, k]
        t, cost = cards[p, c, K_TYPE], cards[p, c, K_COST]
        if pol == AGGRO and t == FORWARD and cost <= 3:
            keepers += 1
        elif pol == CURVE and t != SUMMON and cost <= 3:
            keepers += 1
        elif pol == CONTROL and t == BACKUP:
            keepers += 1
    return keepers < need


@inline_jit
def choose(a, b):
    """The binomial coefficient C(a, b) as a float (0 when b < 0 or b > a)."""
    c = 1.0 if 0 <= b <= a else 0.0
    for i in range(max(b, 0) if b <= a else 0):
        c *= (a - i) / (i + 1)
    return c


@inline_jit
def expected_capped(rest, k, n, cap):
    """E[min(X, cap)] for X the cards of a kind among n drawn from rest cards, k of them of that kind
    (hypergeometric): cap less (cap - x) P(X = x) for each x < cap."""
    e = float(cap)
    whole = choose(rest, n)  # the same quotient at each x, computed once
    for x in range(min(cap, n + 1)):
        e -= (cap - x) * choose(k, x) * choose(rest - k, n - x) / whole
    return e


@engine_jit
def redraw_better(S, p, caps):
    """The mulligan's five cards, drawn from the main deck without the hand (its cards go to the bottom), are
    expected to score more than the hand. A hand scores, for each kind of card, the number of its cards of that kind
    up to that kind's digit of `caps` (0: the kind does not count): units, characters of cost <= 3 (early plays);
    tens, cards another card's condition or trigger asks for (K_ASKED bit 1, sim.games.fftcg.opening: Operatives for
    Cloud 15-139S); hundreds, Backups; thousands, cards any printed reference of another card asks for (K_ASKED
    nonzero: also what it searches for, counts, boosts or pays with). The main deck's counts are P_MULL_KINDS."""
    cards, ls, ps = st_cards(S), st_ls(S), st_ps(S)
    h = ps[p, P_HN]
    held = 0  # the hand's counts (main-deck cards only), packed as mull_kinds packs them
    for k in range(h):
        held += mull_kinds(cards, p, ls[p, L_HAND, k])
    total = ps[p, P_MULL_KINDS]
    score, expected = 0, 0.0
    for b in range(4):  # in the order of the digits, as the sum's rounding depends on it
        cap = caps // 10 ** b % 10
        hb = held >> (8 * b) & 255
        score += min(hb, cap)
        if cap:  # a kind that does not count adds exactly 0.0
            expected += expected_capped(ps[p, P_NMAIN] - h, (total >> (8 * b) & 255) - hb, h, cap)
    return score < expected


@inline_jit
def mull_kinds(cards, p, c):
    """Card c's kinds for redraw_better, a count of 1 in each of four bytes: a character of cost <= 3 (byte 0), asked
    for by a condition or trigger (byte 1), a Backup (byte 2), asked for at all (byte 3). A sum over at most W cards
    keeps each count in its byte."""
    t, asked = cards[p, c, K_TYPE], cards[p, c, K_ASKED]
    return (1 if t != SUMMON and cards[p, c, K_COST] <= 3 else 0) + (256 if asked & 1 else 0) \
        + (65536 if t == BACKUP else 0) + (1 << 24 if asked != 0 else 0)


@inline_jit
def deck_kinds(cards, p, nmain):
    """mull_kinds summed over p's main deck (P_MULL_KINDS)."""
    n = 0
    for c in range(nmain):
        n += mull_kinds(cards, p, c)
    return n


# ---- main phase -------------------------------------------------------------------------------------------
@engine_jit
def enter_waits(S, p, c):
    """Character c's enter ability asks for a character p does not control yet ("When Cloud enters the field, if
    you control a Job AVALANCHE Operative Forward, ..."): casting another card first may meet it. (cast_score asks
    only about characters with an enter ability.)"""
    cards, effs = st_cards(S), st_effs(S)
    for k in range(cards[p, c, K_NEFF]):
        v = effs[p, c, k, E_COND]
        if effs[p, c, k, E_TRIGGER] == TR_ENTER and v & 7 == COND_OWN and not v & COND_NOT \
                and not cond_ok(S, p, p, c, k):
            return True
    return False


@engine_jit
def cast_score(S, p, c, phase):
    """Preference among castable cards; <= 0 means "not now". A Summon scores so only when it is
    useful (summon_useful): choose_main asks that last, as it costs the most."""
    cards, ps = st_cards(S), st_ps(S)
    pol = ps[p, P_POLICY]
    t, cost = cards[p, c, K_TYPE], cards[p, c, K_COST]
    nb = ps[p, P_NB]
    if enters_last(S, p, c):
        return 1  # after every other card worth casting now
    if pol == AGGRO:
        if t == FORWARD:
            return 1000 + (300 if has_kw(S, p, c, KW_HASTE) else 0) + power(S, p, c) // 1000
        if t == BACKUP:
            return 500 - cost if nb < 4 else 0
        if t == SUMMON:
            return 800 if phase == 1 else 600
        return 300
    if pol == CURVE:
        storm, storm_c = st_scr(S)[4, CX_STORM], st_scr(S)[4, CX_STORM_C]
        if storm >= 0:
            # a card in hand gets cheaper with each card cast this turn: the cards that cost at most 2 now
            # first (the cheapest first) while it stays affordable after them, then that card, then the rest
            if c == storm_c:
                return 1500
            now = cast_requirement(S, p, c)[0]
            most = st_scr(S)[4, CX_MAXCP]  # prepare_cast_context's bound on what a payment can raise
            if now <= 2 and (storm > most or most - now >= storm):
                return 2000 - 100 * now
        return worth_score(S, p, c)
    # CONTROL: Backups to 5, then characters, removal only on a real threat (the rest is held for
    # the opponent's turn, see choose_instant)
    if t == BACKUP:
        return 2000 - cost
    if t == SUMMON:
        return 300 if ps[p, P_HN] > 5 else 0
    return 500 + cards[p, c, K_WORTH]


@inline_jit
def enters_last(S, p, c):
    """With PR_WAIT, character c's enter ability waits for a character p does not control yet (enter_waits)."""
    return st_cards(S)[p, c, K_TYPE] != SUMMON and has_trigger(S, p, c, TR_ENTER) and st_prm(S)[p, PR_WAIT] != 0 \
        and enter_waits(S, p, c)


@engine_jit
def worth_score(S, p, c):
    """Curve's score of a card when no card in hand gets cheaper per cast: the most valuable card first (its worth,
    K_WORTH, tenths of CP, is its cost unless some of its lines do nothing), Backups before Forwards on ties. With
    PR_WAIT's bit 2, a card whose own cost reduction applies now scores the CP it saves on top (Biggs 15-134S at 1 CP
    beside an Operative before a 3-CP Forward of the same worth)."""
    cards = st_cards(S)
    t = cards[p, c, K_TYPE]
    v = 10 * cards[p, c, K_WORTH] + (50 if t == BACKUP else 30 if t == FORWARD else 20 if t != SUMMON else 10)
    if st_prm(S)[p, PR_WAIT] & 2 and st_ps(S)[p, P_HAS_CR]:
        v += 10 * (cards[p, c, K_COST] - cast_requirement(S, p, c)[0])
    return v


@engine_jit
def storm_cost(S, p):
    """(current cost, card) of the cheapest card in p's hand whose cost is reduced for each card p has cast
    this turn (a static cost_reduce with FE_CAST); (-1, -1) if it holds none."""
    cards, effs, ls = st_cards(S), st_effs(S), st_ls(S)
    best, best_c = -1, -1
    for j in range(st_ps(S)[p, P_HN]):
        c = ls[p, L_HAND, j]
        if not has_trigger(S, p, c, TR_STATIC):
            continue
        for k in range(cards[p, c, K_NEFF]):
            if effs[p, c, k, E_OP] == OP_COST_REDUCE and effs[p, c, k, E_TRIGGER] == TR_STATIC \
                    and effs[p, c, k, E_FOREACH] & 7 == FE_CAST:
                now = cast_requirement(S, p, c)[0]
                if best < 0 or now < best:
                    best, best_c = now, c
                break
    return best, best_c


@engine_jit
def summon_useful(S, p, c):
    """A non-Summon always; a Summon when one of its cast effects would accomplish something now."""
    return st_cards(S)[p, c, K_TYPE] != SUMMON or card_useful(S, p, c, TR_CAST, -1, -1)


@inline_jit
def summon_wanted(S, p, c):
    """summon_useful and summon_worth. With PR_TRADE > 0, summon_worth passes a Summon only for a cast effect that
    is useful, so it answers alone and the cast effects are looked at once."""
    if st_cards(S)[p, c, K_TYPE] != SUMMON:
        return True
    if st_prm(S)[p, PR_TRADE] > 0:
        return summon_worth(S, p, c)
    return card_useful(S, p, c, TR_CAST, -1, -1)


@engine_jit
def summon_worth(S, p, c):
    """With PR_TRADE > 0, a removal Summon is cast in a main phase only on a target worth it: cost at least
    the Summon's own minus (PR_TRADE - 1). Other cards, and Summons whose other effects are useful, pass."""
    cards, effs = st_cards(S), st_effs(S)
    slack = st_prm(S)[p, PR_TRADE]
    if slack == 0 or cards[p, c, K_TYPE] != SUMMON:
        return True
    for k in range(cards[p, c, K_NEFF]):
        if effs[p, c, k, E_TRIGGER] != TR_CAST or not effect_useful(S, p, p, c, k, -1, -1):
            continue
        op = effs[p, c, k, E_OP]
        if op != OP_DAMAGE and op != OP_BREAK and op != OP_BREAK_POWER and op != OP_BOUNCE and op != OP_WEAKEN:
            return True  # draw, search, player damage, ...
        ts, tc = choose_target(S, p, op, effs[p, c, k, E_AMOUNT], effs[p, c, k, E_PARAM], effs[p, c, k, E_TARGET],
                               p, c, -1, -1, effs[p, c, k, E_TMASK], effs[p, c, k, E_THASH])
        if ts >= 0 and cards[ts, tc, K_COST] >= cards[p, c, K_COST] - (slack - 1):
            return True
    return False


@inline_jit
def curve_pays(S, p, c):
    """Curve finds a payment for hand card c that keeps its Forwards valued more than 1 CP above c (pick_discard):
    can_cast's cheaper test does not look at values, and a cast whose payment fails would end the Main Phase.
    Asked after can_cast said yes, in cast_candidates' code (inline_jit). Where it plans the payment (one element), the
    plan is kept in scr[4] (CX_PLAN) for cast."""
    if st_ps(S)[p, P_POLICY] != CURVE:
        return True
    cost, req = cast_requirement(S, p, c)
    # active Backups (prepare_cast_context's count, as cast_candidates' can_cast read it) and CP gained this turn
    # pay it, one of them of its element: plan_pay would discard nothing, so no card value can stop it
    scr, n = st_scr(S), popcount(req)
    if n <= 1 and (req == 0 or scr[4, CX_BMASK] & req) and scr[4, CX_B] + st_ps(S)[p, P_BONUS] >= max(cost, n):
        return True
    # no hand Forward other than c that may be discarded for CP and might be valued above pick_discard's cap for
    # casting c (card_value(c) + 10; curve values a Forward at 150 + worth at most, plus PR_HOLD's bonus, a dead one
    # lower): the capped plan is the uncapped one, which payable (exact, or plan_pay itself for several elements)
    # already found in can_cast
    cards, ls = st_cards(S), st_ls(S)
    found, top = False, 0
    for k in range(st_ps(S)[p, P_HN]):
        f = ls[p, L_HAND, k]
        if f != c and cards[p, f, K_TYPE] == FORWARD and (cards[p, f, K_ELEM] & LIGHT_DARK) == 0:
            top = max(top, cards[p, f, K_WORTH]) if found else cards[p, f, K_WORTH]
            found = True
    if not found or 150 + top + st_prm(S)[p, PR_HOLD] <= card_value(S, p, c) + 10:
        return True
    hn = st_ps(S)[p, P_HN]
    # several elements: payable ran this very plan_pay (dry, same cost, exclusion and reserve) in can_cast and found a
    # payment
    if n >= 2:
        return True
    if hn > W - CX_SAVED:
        return plan_pay(S, p, cost, req, c, -1, hand_reserve(S, p), True)[0] >= 0
    # the plan cast will make (not dry): with at most one element it exists exactly when the dry plan does (the same
    # cards qualify in either; only which of them is taken differs), and cast reuses it (kept_plan)
    for k in range(hn):
        scr[4, CX_SAVED + k] = scr[3, k]
    g, nb, nd, ub = plan_pay(S, p, cost, req, c, -1, hand_reserve(S, p), False)
    if g < 0:
        for k in range(hn):  # cast_candidates goes on to its next best card
            scr[3, k] = scr[4, CX_SAVED + k]
        return False
    if nb + nd <= CX_SAVED - CX_PLAN_SRC:
        scr[4, CX_PLAN], scr[4, CX_PLAN_G], scr[4, CX_PLAN_NB], scr[4, CX_PLAN_ND], scr[4, CX_PLAN_UB] = \
            p * W + c + 1, g, nb, nd, ub
        for k in range(nb):
            scr[4, CX_PLAN_SRC + k] = scr[0, k]
        for k in range(nd):
            scr[4, CX_PLAN_SRC + nb + k] = scr[1, k]
    return True


@inline_jit
def hand_score(S, p, c, phase, by_worth):
    """cast_candidates' score of card c: cast_score's; with by_worth (curve without a storm card) the same answer read
    without the call: worth_score, or 1 when its enter ability waits (has_trigger first: a call of enters_last per
    card cost more than the scores)."""
    if not by_worth:
        return cast_score(S, p, c, phase)
    return 1 if has_trigger(S, p, c, TR_ENTER) and enters_last(S, p, c) else worth_score(S, p, c)


@inline_jit
def lb_castable(S, p):
    """Some face-down LB card of p has an LB cost the other face-down cards can pay (15.2.8.3.1, can_cast's last test).
    The scan stops once a card seen could pay with the others seen so far (it then can with all of them); the stop also
    keeps LLVM from vectorizing the count (57 instructions for a 4-card LB deck, callgrind). In cast_candidates' code."""
    cs = st_cs(S)
    face_down, least = 0, 1 << 30
    for c in range(st_ps(S)[p, P_NMAIN], st_ps(S)[p, P_NTOT]):
        if cs[p, S_ZONE, c] == Z_LB:
            face_down += 1
            least = min(least, lb_cost(S, p, c))
            if face_down - 1 >= least:
                return True
    return False


@inline_jit
def cast_candidates(S, p, phase, keep):
    """choose_main's casts: (best action, its score, n); random lists every castable card in scr[3][:n]. The other
    policies score the hand in scr[3] and cast the card with the highest score > 0 (hand order on ties) that can be
    cast and, if a Summon, is wanted; then a face-down LB card scoring higher."""
    cs, ps, ls, scr = st_cs(S), st_ps(S), st_ls(S), st_scr(S)
    pol = ps[p, P_POLICY]
    prepare_cast_context(S, p, keep)
    # once per decision, not per card scored: cast_score reads it
    scr[4, CX_STORM], scr[4, CX_STORM_C] = storm_cost(S, p) if pol == CURVE and ps[p, P_HAS_CR] else (-1, -1)
    n = 0
    best, best_v = -1, 0
    # curve without a storm card scores a card, in hand or LB, by its worth alone (cast_score's answer), read here
    # without a call of cast_score per card
    by_worth = pol == CURVE and scr[4, CX_STORM] < 0
    kb, vb = -1, 0  # the hand card scoring highest so far
    for k in range(ps[p, P_HN]):
        c = ls[p, L_HAND, k]
        if pol == RANDOM:
            if not beyond_cp(S, p, c) and can_cast(S, p, c, False):
                scr[3, n] = CAST * 65536 + c * 16
                n += 1
            continue
        # a card that cannot be paid scores 0 unscored: the loop below would try it (if it scored > 0) and drop it
        # before any other test, and nothing that loop does changes what unpayable reads (the context, the hand's
        # size, P_BONUS), so the card chosen and the calls made for it are the same; most cards of a main phase's
        # last call (the pass) cannot be paid
        scr[3, k] = 0 if beyond_cp(S, p, c) or unpayable(S, p, c) else hand_score(S, p, c, phase, by_worth)
        if scr[3, k] > vb:
            kb, vb = k, scr[3, k]
    # castability and usefulness are checked best first, only until one card passes
    while kb >= 0:
        c = ls[p, L_HAND, kb]
        if can_cast(S, p, c, False) and summon_wanted(S, p, c) and curve_pays(S, p, c):
            best, best_v = CAST * 65536 + c * 16, vb
            break
        scr[3, kb] = 0
        kb, vb = -1, 0
        for k in range(ps[p, P_HN]):
            if scr[3, k] > vb:
                kb, vb = k, scr[3, k]
    # can_cast's last test for an LB card, the face-down count, is asked once, and only where lb_castable says some card
    # passes it: in most calls none does, and the scan that scores the LB cards, whose set-up alone cost about 54
    # instructions a call (callgrind), is skipped
    nmain = ps[p, P_NMAIN]
    scan_end = nmain
    # lb_castable's no is final for the game (P_LB_SPENT): a deck without an LB deck asks it once, and so does one whose
    # face-down cards cannot pay for each other any more
    if ps[p, P_LB_SPENT] == 0:
        if lb_castable(S, p):
            scan_end = ps[p, P_NTOT]
        else:
            ps[p, P_LB_SPENT] = 1
    face_down = -1
    for c in range(nmain, scan_end):
        if cs[p, S_ZONE, c] != Z_LB:
            continue
        if face_down < 0:  # lb_face_down's count, from c: the cards before it are not face down
            face_down = 0
            for i in range(c, scan_end):
                face_down += cs[p, S_ZONE, i] == Z_LB
        if face_down - 1 < lb_cost(S, p, c) or beyond_cp(S, p, c):
            continue
        if pol == RANDOM:
            if can_cast(S, p, c, False):
                scr[3, n] = CAST * 65536 + c * 16
                n += 1
        else:
            v = hand_score(S, p, c, phase, by_worth) + 50  # an LB card costs no draw: cast it when it fits
            if v > best_v and can_cast(S, p, c, False):
                if not summon_wanted(S, p, c):
                    v = 50  # a useless Summon scores 0 (+ 50)
                if v > best_v:
                    best, best_v = CAST * 65536 + c * 16, v
    return best, best_v, n


@engine_jit
def choose_main(S, p, phase, settled):
    """The next main-phase action (9.3): returns (kind, card, slot); kind 0 = pass. `settled`: a
    non-random policy passed on this very position in Main 1, and would not cast now either (the
    scores depend on the phase, but whether a card may be cast, and is useful, does not): only its
    action abilities are looked at."""
    cards, effs, ps, ls, scr = st_cards(S), st_effs(S), st_ps(S), st_ls(S), st_scr(S)
    pol = ps[p, P_POLICY]
    keep = hand_reserve(S, p)
    n = 0
    best, best_v = -1, 0
    scr[4, CX_PLAN] = 0  # a plan kept from an earlier position is stale
    if not settled:
        best, best_v, n = cast_candidates(S, p, phase, keep)
    # action abilities: random any time; others in Main 2 when useful
    if pol == RANDOM or phase == 2:
        for j in range(ps[p, P_FN]):
            c = ls[p, L_FIELD, j]
            if not (has_trigger(S, p, c, TR_ACTION) or has_trigger(S, p, c, TR_ACTION_BREAK)):
                continue
            for k in range(cards[p, c, K_NEFF]):
                trig = effs[p, c, k, E_TRIGGER]
                if (trig != TR_ACTION and trig != TR_ACTION_BREAK) or not can_activate(S, p, c, k, keep):
                    continue
                if pol == RANDOM:
                    scr[3, n] = ACTIVATE * 65536 + c * 16 + k
                    n += 1
                elif best_v < 100 and ability_worth(S, p, c, k) > 0:
                    best, best_v = ACTIVATE * 65536 + c * 16 + k, 100
    if pol == RANDOM:
        pick = randbelow(rng(S, p), n + 1)  # n = pass
        if pick == n:
            return 0, -1, -1
        best = scr[3, pick]
    if best < 0 or best != CAST * 65536 + (scr[4, CX_PLAN] - 1 - p * W) * 16:
        scr[4, CX_PLAN] = 0  # kept only for the card cast next
    if best < 0:
        return 0, -1, -1
    return best // 65536, (best % 65536) // 16, best % 16


@inline_jit
def instant_idle(S, p, attacking, hc):
    """choose_instant returns -1 without looking at a card: by policy and window, or, after a battle, because p's deck
    has no removal action ability it may use in the opponent's turn (HT_REACT). choose_instant's own first test; the
    battle windows (turn.py) ask it before calling instant_window, as most of them would find nothing (curve's in the
    search's rollouts)."""
    ps = st_ps(S)
    pol = ps[p, P_POLICY]
    if not attacking and hc < 0:
        return st_prm(S)[p, PR_REACT] == 0 or (ps[p, P_HAS_TRIG] & HT_REACT) == 0
    if pol == RANDOM:
        return False
    if attacking:
        return pol != AGGRO
    return pol == AGGRO or (pol == CURVE and ps[p, P_DMG] < 4)


@inline_jit
def choose_instant(S, p, attacking, hs, hc):
    """An instant-speed choice in a battle window (9.3.1.6-7, 15.2.5), or -1. `attacking`: p is the turn
    player (after the block: remove the blocker hs/hc); else p defends: after the attack declaration (hc >= 0: remove
    the attacker hs/hc, or cast a Back Attack Forward that can block it) a card to cast, or after the battle (hc < 0,
    10.1.4.4) an action ability that removes an opposing character now (ability_worth 2; Barret 15-133S once an
    Operative was broken blocking), the first found, as c * 16 + its slot; not one used only in its controller's turn
    (ACT_MY_TURN), and only with PR_REACT (not the random policy's; choose_block asks it too)."""
    cards, effs, ps, ls, scr = st_cards(S), st_effs(S), st_ps(S), st_ls(S), st_scr(S)
    pol = ps[p, P_POLICY]
    scr[4, CX_PLAN] = 0  # curve_pays' plan is for a main-phase cast
    if instant_idle(S, p, attacking, hc):
        return -1
    if not attacking and hc < 0:
        keep = hand_reserve(S, p)
        for j in range(ps[p, P_FN]):
            c = ls[p, L_FIELD, j]
            if not (has_trigger(S, p, c, TR_ACTION) or has_trigger(S, p, c, TR_ACTION_BREAK)):
                continue
            for k in range(cards[p, c, K_NEFF]):
                trig = effs[p, c, k, E_TRIGGER]  # can_activate's first test, without the call for the other slots
                if (trig == TR_ACTION or trig == TR_ACTION_BREAK) and (effs[p, c, k, E_DULL] >> ACT_MY_TURN) & 1 == 0 \
                        and can_activate(S, p, c, k, keep) and ability_worth(S, p, c, k) == 2:
                    return c * 16 + k
        return -1
    if pol == RANDOM:
        prepare_cast_context(S, p, 0)
        n = 0
        for k in range(ps[p, P_HN]):
            c = ls[p, L_HAND, k]
            if not beyond_cp(S, p, c) and can_cast(S, p, c, True):
                scr[3, n] = c
                n += 1
        pick = randbelow(rng(S, p), n + 1)
        return -1 if pick == n else scr[3, pick]
    prepare_cast_context(S, p, hand_reserve(S, p))
    for k in range(ps[p, P_HN]):
        c = ls[p, L_HAND, k]
        t = cards[p, c, K_TYPE]
        if beyond_cp(S, p, c):
            continue
        if t == SUMMON:
            if card_useful(S, p, c, TR_CAST, hs, hc) and removes(S, p, c, hs, hc) and can_cast(S, p, c, True):
                return c
        elif not attacking and t == FORWARD and has_kw(S, p, c, KW_BACK_ATTACK):
            if power(S, p, c) > power(S, hs, hc) and can_cast(S, p, c, True):
                return c
    return -1


@engine_jit
def removes(S, p, c, hs, hc):
    """Would summon c's targeted cast effect hit the battle hint (hs, hc)?"""
    effs = st_effs(S)
    if not has_trigger(S, p, c, TR_CAST):
        return False
    for k in range(st_cards(S)[p, c, K_NEFF]):
        if effs[p, c, k, E_TRIGGER] != TR_CAST:
            continue
        op = effs[p, c, k, E_OP]
        if op == OP_DAMAGE or op == OP_BREAK or op == OP_BREAK_POWER or op == OP_BOUNCE or op == OP_WEAKEN:
            ts, tc = choose_target(S, p, op, effs[p, c, k, E_AMOUNT], effs[p, c, k, E_PARAM],
                                   effs[p, c, k, E_TARGET], p, c, hs, hc, effs[p, c, k, E_TMASK], effs[p, c, k, E_THASH])
            if ts == hs and tc == hc and effect_useful(S, p, p, c, k, hs, hc):
                return True
    return False


# ---- attacks (10.1.2) -------------------------------------------------------------------------------------
@engine_jit
def can_attack(S, p, c):
    """Active Forward, not attacked this turn, controlled since the turn began or Haste (10.1.2.1)."""
    cs = st_cs(S)
    return st_cards(S)[p, c, K_TYPE] == FORWARD and cs[p, S_DULL, c] == 0 and cs[p, S_ATTACKED, c] == 0 \
        and (cs[p, S_SICK, c] == 0 or has_kw(S, p, c, KW_HASTE)) and not has_kw(S, p, c, KW_NO_ATTACK) \
        and (not has_kw(S, p, c, KW_ONLY_IF) or has_kw(S, p, c, KW_MAY_ATTACK))


@engine_jit
def shares_element(S, p, a, b):
    if st_ps(S)[p, P_PARTY_ANY]:  # "can form a party with Forwards of any Element this turn"
        return True
    ea, eb = st_cards(S)[p, a, K_ELEM], st_cards(S)[p, b, K_ELEM]
    return (ea & eb) != 0 if st_opt(S)[O_PARTY_SHARED] else ea == eb


@engine_jit
def party_for(S, p, c):
    """Fill scr[2] with c and every other attack-eligible Forward sharing its element (15.1.1.9.2)."""
    ls, ps, scr = st_ls(S), st_ps(S), st_scr(S)
    n = 0
    for j in range(ps[p, P_NF]):
        f = ls[p, L_FWD, j]
        if can_attack(S, p, f) and (f == c or shares_element(S, p, c, f)) and (n == 0 or shares_element(S, p, scr[2, 0], f)):
            scr[2, n] = f
            n += 1
    return n


@engine_jit
def best_blocker_power(S, q):
    ps, ls, cs = st_ps(S), st_ls(S), st_cs(S)
    best = -1
    for j in range(ps[q, P_NF]):
        b = ls[q, L_FWD, j]
        if cs[q, S_DULL, b] == 0 and not has_kw(S, q, b, KW_NO_BLOCK):
            best = max(best, power(S, q, b))
    return best


@inline_jit
def attack_safe(S, p, c, risk):
    """No opposing active Forward would win the fight: risk 0 none can break c; risk 1 none breaks c
    and survives (an even trade is fine); risk 2 always attack. First Strike (15.2.3): a side that has it
    when the other has not breaks before the damage back, so it takes none."""
    if risk >= 2:
        return True
    q = 1 - p
    ps, ls, cs = st_ps(S), st_ls(S), st_cs(S)
    c_fs = has_kw(S, p, c, KW_FIRST_STRIKE)
    left = power(S, p, c) - cs[p, S_DMG, c]
    for j in range(ps[q, P_NF]):
        b = ls[q, L_FWD, j]
        if cs[q, S_DULL, b] or has_kw(S, q, b, KW_NO_BLOCK):
            continue
        b_fs = has_kw(S, q, b, KW_FIRST_STRIKE)
        c_breaks = power(S, p, c) >= power(S, q, b) - cs[q, S_DMG, b]
        if c_fs and not b_fs and c_breaks:
            continue  # b is broken before it deals damage
        if power(S, q, b) >= left:
            if risk == 0 or (b_fs and not c_fs) or not c_breaks:
                return False
    return True


@engine_jit
def broken_power(S, p, n, dmg):
    """The power of the attackers scr[2][:n] that `dmg` from a blocker breaks, split as deal_battle does
    (weakest first, each in 1000s, 10.1.4.2.1)."""
    cs, scr = st_cs(S), st_scr(S)
    out, done = 0, 0
    for _ in range(n):
        best, best_left = -1, 1 << 30
        for j in range(n):
            a = scr[2, j]
            left = power(S, p, a) - cs[p, S_DMG, a]
            if (done >> j) & 1 == 0 and left < best_left:
                best, best_left = j, left
        if best < 0:
            break
        need = ((max(best_left, 0) + 999) // 1000) * 1000
        if need > dmg:
            break
        dmg -= need
        done |= 1 << best
        if not has_kw(S, p, scr[2, best], KW_NO_BREAK):  # dealt the damage all the same, but not broken
            out += max(power(S, p, scr[2, best]), 0)
    return out


@engine_jit
def choose_attack(S, p):
    """Fill scr[2] with the next attacker (or party) and return its size; 0 ends the Attack Phase."""
    ps, ls, scr = st_ps(S), st_ls(S), st_scr(S)
    pol = ps[p, P_POLICY]
    if pol == RANDOM:
        # options: end, each eligible Forward alone, the party of each eligible Forward (if >= 2)
        n = 0
        for j in range(ps[p, P_NF]):
            f = ls[p, L_FWD, j]
            if can_attack(S, p, f):
                scr[3, n] = f * 2
                n += 1
                if party_for(S, p, f) >= 2:
                    scr[3, n] = f * 2 + 1
                    n += 1
        pick = randbelow(rng(S, p), n + 1)
        if pick == n:
            return 0
        f = scr[3, pick] // 2
        if scr[3, pick] % 2:
            return party_for(S, p, f)
        scr[2, 0] = f
        return 1
    risk = st_prm(S)[p, PR_RISK]
    if ps[1 - p, P_DMG] >= 5:
        risk = max(risk, 1)  # pressure near lethal
    if (pol == CURVE or pol == CONTROL) and ps[p, P_HAS_TRIG] & HT_PARTY:  # only decks with party abilities
        n = removal_party(S, p)
        if n >= 2:
            return n
    best, best_pw = -1, -1
    for j in range(ps[p, P_NF]):
        f = ls[p, L_FWD, j]
        if power(S, p, f) > best_pw and can_attack(S, p, f) and attack_safe(S, p, f, risk):
            best, best_pw = f, power(S, p, f)
    if best >= 0:
        if pol == AGGRO:
            # a party beats a blocker that would break each member alone (15.1.1.9)
            bp = best_blocker_power(S, 1 - p)
            if bp >= best_pw:
                n = party_for(S, p, best)
                tot = 0
                for k in range(n):
                    tot += power(S, p, scr[2, k])
                if n >= 2 and tot >= bp:
                    return n
        scr[2, 0] = best
        return 1
    return safe_party(S, p, risk)  # no Forward may attack alone: a party that wins any block may


@engine_jit
def party_removes(S, p, g, k):
    """g's ability k is a "When n or more <kind> Forwards you control form a party and attack" that breaks, returns
    or deals breaking damage to an opposing character now."""
    effs = st_effs(S)
    op = effs[p, g, k, E_OP]
    return effs[p, g, k, E_TRIGGER] == TR_OWN_PARTY \
        and (op == OP_BREAK or op == OP_BREAK_POWER or op == OP_DAMAGE or op == OP_BOUNCE) \
        and effect_useful(S, p, p, g, k, -1, -1)


@engine_jit
def removal_party(S, p):
    """A party whose attack triggers a party_removes ability of p's and that breaks any blocker (party_safe at risk
    1): the n members of the kind the ability counts, the strongest; its size, with the party in scr[2], or 0. Asked
    for decks with party abilities only (P_HAS_TRIG & HT_PARTY, choose_attack)."""
    cards, ls, ps = st_cards(S), st_ls(S), st_ps(S)
    for j in range(ps[p, P_FN]):
        g = ls[p, L_FIELD, j]
        if has_trigger(S, p, g, TR_OWN_PARTY):
            for k in range(cards[p, g, K_NEFF]):
                if party_removes(S, p, g, k) and kind_party(S, p, g, k):
                    return party_need(S, p, g, k)
    return 0


@engine_jit
def party_need(S, p, g, k):
    """The members g's party ability k counts ("n or more"), at least 2."""
    return max((st_effs(S)[p, g, k, E_COND] >> 9) & 7, 2)


@engine_jit
def kind_party(S, p, g, k):
    """Fill scr[2] with the attack-eligible Forwards of a same-element party that g's ability k counts, strongest
    first; True when the strongest n of them (n the ability's count, at least 2) break any blocker."""
    ls, ps, scr = st_ls(S), st_ps(S), st_scr(S)
    need = party_need(S, p, g, k)
    for i in range(ps[p, P_NF]):
        f = ls[p, L_FWD, i]
        if not can_attack(S, p, f):
            continue
        n = party_for(S, p, f)
        m = 0
        for a in range(n):
            if of_trigger_kind(S, p, g, k, scr[2, a]):
                scr[2, m] = scr[2, a]
                m += 1
        for a in range(m):  # strongest first
            for b in range(a + 1, m):
                if power(S, p, scr[2, b]) > power(S, p, scr[2, a]):
                    scr[2, a], scr[2, b] = scr[2, b], scr[2, a]
        if m >= need and party_safe(S, p, need, 1):
            return True
    return False


@engine_jit
def party_safe(S, p, n, risk):
    """The party scr[2][:n] against every opposing active Forward that may block it: risk 0 no blocker breaks
    a member, risk 1 the party breaks any blocker (losing a member in the trade is fine). First Strike on
    one side only removes what it breaks before the damage back (15.2.3). A party that its own attack makes
    unbreakable (Biggs 15-134S's "all Forwards in that party gain 'This Forward cannot be broken.'", which resolves
    at the declaration, before the block) loses no member."""
    q = 1 - p
    cards, effs, ps, ls, cs, scr = st_cards(S), st_effs(S), st_ps(S), st_ls(S), st_cs(S), st_scr(S)
    tot = 0
    for k in range(n):
        tot += max(power(S, p, scr[2, k]), 0)
    a_fs = first_strike_all(S, p, n)
    shielded = False
    for j in range(ps[p, P_FN] if st_prm(S)[p, PR_SHIELD] and ps[p, P_HAS_TRIG] & HT_PARTY else 0):
        g = ls[p, L_FIELD, j]
        if not has_trigger(S, p, g, TR_OWN_PARTY):
            continue
        for k in range(cards[p, g, K_NEFF]):
            if effs[p, g, k, E_TRIGGER] == TR_OWN_PARTY and effs[p, g, k, E_OP] == OP_NO_BREAK \
                    and effs[p, g, k, E_TARGET] == TG_PARTY:
                m = 0
                for a in range(n):
                    if of_trigger_kind(S, p, g, k, scr[2, a]):
                        m += 1
                shielded |= m >= party_need(S, p, g, k)
    for j in range(ps[q, P_NF]):
        b = ls[q, L_FWD, j]
        if cs[q, S_DULL, b] or has_kw(S, q, b, KW_NO_BLOCK):
            continue
        b_fs = has_kw(S, q, b, KW_FIRST_STRIKE)
        breaks_b = tot >= power(S, q, b) - cs[q, S_DMG, b]
        if a_fs and not b_fs and breaks_b:
            continue
        lost = 0 if shielded else broken_power(S, p, n, max(power(S, q, b), 0))
        if b_fs and not a_fs:
            breaks_b = tot - lost >= power(S, q, b) - cs[q, S_DMG, b]
        if not breaks_b or (risk == 0 and lost > 0):
            return False
    return True


@inline_jit
def safe_party(S, p, risk):
    """The strongest party (15.1.1.9.2) that is party_safe; its size, with the party in scr[2], or 0."""
    ps, ls, scr = st_ps(S), st_ls(S), st_scr(S)
    best, best_pw = -1, -1
    for j in range(ps[p, P_NF]):
        f = ls[p, L_FWD, j]
        if not can_attack(S, p, f):
            continue
        n = party_for(S, p, f)
        if n < 2 or not party_safe(S, p, n, risk):
            continue
        tot = 0
        for k in range(n):
            tot += power(S, p, scr[2, k])
        if tot > best_pw:
            best, best_pw = f, tot
    return party_for(S, p, best) if best >= 0 else 0


# ---- blocks (10.1.3) ---------------------------------------------------------------------------------------
@engine_jit
def choose_block(S, q, n):
    """The blocker (an active Forward of q) for the attackers in scr[2][:n], or -1."""
    cards, cs, ps, ls, scr = st_cards(S), st_cs(S), st_ps(S), st_ls(S), st_scr(S)
    p = 1 - q
    pol = ps[q, P_POLICY]
    if pol == RANDOM:
        m = 0
        for j in range(ps[q, P_NF]):
            b = ls[q, L_FWD, j]
            if cs[q, S_DULL, b] == 0 and not has_kw(S, q, b, KW_NO_BLOCK):
                scr[3, m] = b
                m += 1
        pick = randbelow(rng(S, q), m + 1)
        return -1 if pick == m else scr[3, pick]
    atk_pw, atk_left, atk_cost = 0, 1 << 30, 0
    for k in range(n):
        a = scr[2, k]
        atk_pw += max(power(S, p, a), 0)
        atk_left = min(atk_left, power(S, p, a) - cs[p, S_DMG, a])
        atk_cost = max(atk_cost, cards[p, a, K_COST])
    chump = ps[q, P_DMG] >= st_prm(S)[q, PR_CHUMP_AT]
    a_fs = first_strike_all(S, p, n)
    best, best_v = -1, 0
    # a blocker's break may turn on a removal ability for the window after the battle (choose_instant; Barret 15-133S
    # once an AVALANCHE Operative is broken): only where an action ability has a condition or a count, and none is on
    # already; each candidate's break is marked for the test, then unmarked. Looked at when the first blocker that would
    # neither survive nor break an attacker asks (-1 until then; 0 for a policy that does not react): most blocks
    # never do
    effs, gturn = st_effs(S), st_gs(S)[X_GTURN]
    reacts = -1 if pol != AGGRO and st_prm(S)[q, PR_REACT] and ps[q, P_HAS_TRIG] & HT_REACT else 0
    for j in range(ps[q, P_NF]):
        b = ls[q, L_FWD, j]
        if cs[q, S_DULL, b] or has_kw(S, q, b, KW_NO_BLOCK):
            continue
        b_fs = has_kw(S, q, b, KW_FIRST_STRIKE)
        # First Strike (15.2.3): the side that strikes first removes what it breaks before the damage back
        hit_back = atk_pw - broken_power(S, p, n, max(power(S, q, b), 0)) if b_fs and not a_fs else atk_pw
        survives = power(S, q, b) - cs[q, S_DMG, b] > hit_back
        kills = power(S, q, b) >= atk_left and (survives or not a_fs or b_fs)
        cost = cards[q, b, K_COST]
        v = 0
        if survives and kills:
            v = 4000 + cost
        elif survives:
            v = 3000 - cost if pol != AGGRO else 0
        elif kills and pol != AGGRO and atk_cost >= cost:
            v = 2000 - cost
        else:
            if reacts < 0:
                found = False
                for i in range(ps[q, P_FN]):
                    c = ls[q, L_FIELD, i]
                    if has_trigger(S, q, c, TR_ACTION) or has_trigger(S, q, c, TR_ACTION_BREAK):
                        for k in range(cards[q, c, K_NEFF]):
                            found |= (effs[q, c, k, E_COND] != 0 or effs[q, c, k, E_FOREACH] != 0) \
                                and (effs[q, c, k, E_TRIGGER] == TR_ACTION or effs[q, c, k, E_TRIGGER] == TR_ACTION_BREAK)
                reacts = 1 if found and choose_instant(S, q, False, p, -1) < 0 else 0
            r = -1
            if reacts:
                was = cs[q, S_BROKEN, b]
                cs[q, S_BROKEN, b] = gturn
                r = choose_instant(S, q, False, p, -1)
                cs[q, S_BROKEN, b] = was
            if r >= 0 and r // 16 != b:
                v = 2000 - cost  # a trade too: its break lets a removal ability answer
            elif chump:
                v = 1000 - cost
        if v > best_v:
            best, best_v = b, v
    return best


@engine_jit
def choose_discard(S, p):
    """End Phase discard down to the hand limit (9.5.1.2): the least valuable card."""
    ls, ps = st_ls(S), st_ps(S)
    best, best_v = -1, 1 << 30
    for k in range(ps[p, P_HN]):
        c = ls[p, L_HAND, k]
        v = card_value(S, p, c)
        if v < best_v:
            best, best_v = c, v
    return best


@engine_jit
def first_strike_all(S, p, n):
    for k in range(n):
        if not has_kw(S, p, st_scr(S)[2, k], KW_FIRST_STRIKE):
            return False
    return True
