"""The solver's jitted core: its own flat state, move generator, move and search.

The state of a round is one small ``int64`` array (see the ``S_*`` indices); the search
keeps one row per depth and a move writes the child's row from its parent's, so there is
no undo. Every rule and option is handled here exactly as ``engine/`` handles it
(``tests/strategy/test_core.py`` replays random rounds of every preset through both,
comparing legal actions, ends and results at every step).

Action ids are the engine's: lead t = t, t@L = 28 + t, t@R = 56 + t, draw 84, pass 85.

Values are integers from the point of view of a *root unit* r among k scoring units
(sides in a race, seats in Kozel): ``(k - 1) * u[r] - sum(u[o] for o != r)`` where u is
what each unit gains in the round (points scored, in play and at the end; minus its
penalty in Kozel). With two units that is the plain point difference; with three or four
it is the *paranoid* value: the other players are taken as one coalition against r.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.tiles import HIGH, LOW, NUM_TILES, PIPS, SUIT_MASK

# ---------------------------------------------------------------- state layout
S_H = 0          # hands of seats 0..3 at 0..3
S_L, S_R = 4, 5  # open ends (-1 before the lead)
S_LD, S_RD = 6, 7  # whether the tile at the left / right end is a double
S_LEN = 8        # tiles on the table
S_TURN = 9
S_NS = 10        # tiles left in the stock (ST[NS - 1] is drawn next)
S_LP = 11        # last placer (-1 none)
S_RP = 12        # All Fives points per unit at 12..15
S_KIND = 16      # 0 running, 1 domino, 2 block, 3 target
S_WHO = 17       # the seat that went out / reached the target
S_CAP = 18       # capicú
S_FL = 19        # forced lead tile (-1 none)
S_ZH = 20        # Zobrist hash of the hands (seat, tile), kept up to date by do_move
S_SIZE = 21

# ---------------------------------------------------------------- parameters
P_N, P_UNITS, P_PARTNERS, P_DRAWLIM, P_FIVES, P_BOTH, P_IMM, P_TARGET = range(8)
P_SCORE = 8      # match score per unit at 8..11
P_RACE, P_DOMPTS, P_CAPB, P_ROUND, P_BWIN, P_BCMP, P_BPTS, P_BTIE, P_LPKEY = range(12, 21)
P_HISTORY = 21   # move ordering: 1 = history heuristic first (measured better with a stock)
P_DEADCALL = 22  # 1: a dead board is called at once, with stock left (block_declaration)
P_VOLUNTARY = 23  # 1: a player who can place may draw instead (voluntary_draw)
P_WIN = 24       # > 0: play for the match: a unit that reaches the target gains what it needed plus this
P_SIZE = 25

LEAD_BASE, LEFT_BASE, RIGHT_BASE, DRAW_ID, PASS_ID = 0, 28, 56, 84, 85
#: how the search and everything it calls is compiled: without numba's reference counting
#: (these functions allocate nothing). With it, every call that passes an array costs two
#: atomic operations per array, which made a node of the search ~40 times slower (measured)
HOT = {"cache": True, "_nrt": False}
INF = 1 << 24
ABORTED = -(1 << 40)  # what a search over its node limit (stats[1] > 0) returns
SKIPPED = -(1 << 41)  # the value of a root action that was not asked for
MAX_DEPTH = 256
MAX_MOVES = 64

SUIT = np.array(SUIT_MASK, dtype=np.int64)
LOWA = np.array(LOW, dtype=np.int64)
HIGHA = np.array(HIGH, dtype=np.int64)
PIPA = np.array(PIPS, dtype=np.int64)
LOTKEY = np.array([PIPS[t] * 8 + HIGH[t] for t in range(NUM_TILES)], dtype=np.int64)
#: pips of every 14-bit half of a hand, and the index of a single bit below 2**14
PIPS_LO = np.zeros(1 << 14, dtype=np.int64)
PIPS_HI = np.zeros(1 << 14, dtype=np.int64)
BIT_INDEX = np.zeros(1 << 14, dtype=np.int64)
POPCOUNT = np.zeros(1 << 14, dtype=np.int64)
for _m in range(1, 1 << 14):
    POPCOUNT[_m] = POPCOUNT[_m & (_m - 1)] + 1
    _b = (_m & -_m).bit_length() - 1
    PIPS_LO[_m] = PIPS_LO[_m & (_m - 1)] + PIPS[_b]
    PIPS_HI[_m] = PIPS_HI[_m & (_m - 1)] + PIPS[_b + 14]
for _b in range(14):
    BIT_INDEX[1 << _b] = _b
del _m, _b
#: Zobrist keys of (seat, tile): a hand's hash is the xor of its tiles' keys (fixed seed:
#: the same table in every process, so the jitted cache stays valid)
ZOBRIST = np.random.default_rng(0xCA91C0).integers(1, 2 ** 63 - 1, size=4 * NUM_TILES, dtype=np.int64)


_ZOBRIST_INTS = [int(z) for z in ZOBRIST]


def hands_hash(hands) -> int:
    """The S_ZH value of a list of hand masks."""
    z = 0
    for seat, h in enumerate(hands):
        while h:  # one step per tile held, not per tile of the set: it runs for every deal solved
            t = (h & -h).bit_length() - 1
            z ^= _ZOBRIST_INTS[seat * NUM_TILES + t]
            h &= h - 1
    return z


@njit(**HOT)
def side_of(P, seat):
    if P[P_PARTNERS]:
        return seat % 2
    return seat


@njit(**HOT)
def hand_pips(h):
    return PIPS_LO[h & 0x3FFF] + PIPS_HI[h >> 14]


@njit(**HOT)
def low_tile(bits):
    """The lowest tile of a non-empty mask."""
    low = bits & -bits
    if low < (1 << 14):
        return BIT_INDEX[low]
    return BIT_INDEX[low >> 14] + 14


@njit(**HOT)
def gen_moves(S, P, out):
    """The legal action ids in the engine's order (legal_action_ids); returns how many."""
    if S[S_KIND] != 0:
        return 0
    hand = S[S_H + S[S_TURN]]
    c = 0
    left = S[S_L]
    if left < 0:
        fl = S[S_FL]
        if fl >= 0:
            if (hand >> fl) & 1:
                out[0] = fl
                return 1
            return 0
        for t in range(28):
            if (hand >> t) & 1:
                out[c] = t
                c += 1
        return c
    right = S[S_R]
    fits = hand & (SUIT[left] | SUIT[right])
    if fits:
        lmask = SUIT[left]
        rmask = SUIT[right]
        while fits:
            t = low_tile(fits)
            fits &= fits - 1
            if (lmask >> t) & 1:
                out[c] = LEFT_BASE + t
                c += 1
            if (rmask >> t) & 1:
                out[c] = RIGHT_BASE + t
                c += 1
        if P[P_VOLUNTARY] and S[S_NS] - P[P_DRAWLIM] > 0:
            out[c] = DRAW_ID
            c += 1
        return c
    if S[S_NS] - P[P_DRAWLIM] > 0:
        out[0] = DRAW_ID
    else:
        out[0] = PASS_ID
    return 1


@njit(**HOT)
def blocked(S, P, ST):
    """Nobody can place and nothing can be drawn, or (dead-board call) nothing that can
    be drawn fits either."""
    # while loops, not for-range: numba compiles two range loops with early returns
    # into code ~40 times slower (measured), and this runs after every move
    fits = SUIT[S[S_L]] | SUIT[S[S_R]]
    n = P[P_N]
    s = 0
    while s < n:
        if S[S_H + s] & fits:
            return False
        s += 1
    if S[S_NS] <= P[P_DRAWLIM]:
        return True
    if not P[P_DEADCALL]:
        return False
    i = P[P_DRAWLIM]
    while i < S[S_NS]:
        if (fits >> ST[i]) & 1:
            return False
        i += 1
    return True


@njit(**HOT)
def do_move(S, D, m, P, ST):
    """Write into D the state after action m from state S."""
    for i in range(S_SIZE):
        D[i] = S[i]
    n = P[P_N]
    seat = S[S_TURN]
    if m == DRAW_ID:
        ns = S[S_NS]
        t = ST[ns - 1]
        D[S_NS] = ns - 1
        D[S_H + seat] = S[S_H + seat] | (1 << t)
        D[S_ZH] = S[S_ZH] ^ ZOBRIST[seat * 28 + t]
        return
    if m == PASS_ID:
        D[S_TURN] = (seat + 1) % n
        if blocked(D, P, ST):
            D[S_KIND] = 2
        return
    capicu = False
    if m < LEFT_BASE:
        t = m
        D[S_L] = LOWA[t]
        D[S_R] = HIGHA[t]
        dbl = 1 if LOWA[t] == HIGHA[t] else 0
        D[S_LD] = dbl
        D[S_RD] = dbl
        D[S_LEN] = 1
        D[S_FL] = -1
    else:
        left = S[S_L]
        right = S[S_R]
        if m < RIGHT_BASE:
            t = m - LEFT_BASE
            D[S_L] = LOWA[t] + HIGHA[t] - left
            D[S_LD] = 1 if LOWA[t] == HIGHA[t] else 0
        else:
            t = m - RIGHT_BASE
            D[S_R] = LOWA[t] + HIGHA[t] - right
            D[S_RD] = 1 if LOWA[t] == HIGHA[t] else 0
        D[S_LEN] = S[S_LEN] + 1
        if left != right and ((LOWA[t] == left and HIGHA[t] == right) or (LOWA[t] == right and HIGHA[t] == left)):
            capicu = True
    hand = S[S_H + seat] ^ (1 << t)
    D[S_H + seat] = hand
    D[S_ZH] = S[S_ZH] ^ ZOBRIST[seat * 28 + t]
    D[S_LP] = seat
    if P[P_FIVES]:
        le = D[S_L]
        re = D[S_R]
        if P[P_BOTH] and D[S_LEN] > 1:
            total = (2 * le if D[S_LD] else le) + (2 * re if D[S_RD] else re)
        else:
            total = le + re
        if total > 0 and total % 5 == 0:
            side = side_of(P, seat)
            D[S_RP + side] += total
            if P[P_IMM] and P[P_RACE] and P[P_SCORE + side] + D[S_RP + side] >= P[P_TARGET]:
                D[S_KIND] = 3
                D[S_WHO] = seat
                return
    if hand == 0:
        D[S_KIND] = 1
        D[S_WHO] = seat
        D[S_CAP] = 1 if capicu else 0
        return
    if blocked(D, P, ST):
        D[S_KIND] = 2
        return
    D[S_TURN] = (seat + 1) % n


@njit(**HOT)
def round5(x):
    return (x + 2) // 5 * 5


@njit(cache=True)
def utilities(S, P, u):
    """What each unit gains in a finished round (u[unit]); see the module docstring."""
    _utilities(S, P, u, np.zeros(16, dtype=np.int64))


@njit(**HOT)
def _utilities(S, P, u, W):
    """:func:`utilities` with scratch space W (16 numbers): the search allocates nothing."""
    n = P[P_N]
    k = P[P_UNITS]
    pips = W[0:4]
    sp = W[4:8]
    tied_sides = W[8:12]
    tied_seats = W[12:16]
    for i in range(16):
        W[i] = 0
    for s in range(n):
        pips[s] = hand_pips(S[S_H + s])
    if P[P_PARTNERS]:
        sp[0] = pips[0] + pips[2]
        sp[1] = pips[1] + pips[3]
    else:
        for s in range(n):
            sp[s] = pips[s]
    for i in range(4):
        u[i] = 0
    for i in range(k):
        u[i] = S[S_RP + i]
    kind = S[S_KIND]
    if kind == 3:
        return
    total_pips = 0
    for s in range(n):
        total_pips += pips[s]
    total_side = 0
    for i in range(k):
        total_side += sp[i]
    if kind == 1:
        seat = S[S_WHO]
        if not P[P_RACE]:
            for s in range(n):
                u[s] -= pips[s]
            return
        winner = side_of(P, seat)
        if P[P_DOMPTS] == 1:
            raw = total_side - sp[winner]
        else:
            raw = total_pips
        bonus = P[P_CAPB] if S[S_CAP] else 0
        if P[P_ROUND]:
            raw = round5(raw)
        u[winner] += raw + bonus
        return
    # a block
    blocker = (S[S_LP] + n) % n
    if not P[P_RACE]:
        for s in range(n):
            if s != blocker:
                u[s] -= pips[s]
        return
    winner = -1
    if P[P_BWIN] == 1:
        winner = side_of(P, blocker)
    else:
        if P[P_BCMP] == 0:  # side_total
            low = sp[0]
            for i in range(k):
                if sp[i] < low:
                    low = sp[i]
            cnt = 0
            idx = 0
            for i in range(k):
                if sp[i] == low:
                    cnt += 1
                    idx = i
                    tied_sides[i] = 1
            if cnt == 1:
                winner = idx
            else:
                for s in range(n):
                    if tied_sides[side_of(P, s)]:
                        tied_seats[s] = 1
        else:  # individual
            low = pips[0]
            for s in range(n):
                if pips[s] < low:
                    low = pips[s]
            cnt = 0
            idx = 0
            for s in range(n):
                if pips[s] == low:
                    cnt += 1
                    idx = s
                    tied_seats[s] = 1
                    tied_sides[side_of(P, s)] = 1
            if cnt == 1:
                winner = side_of(P, idx)
            else:
                ns_ = 0
                only = 0
                for i in range(k):
                    if tied_sides[i]:
                        ns_ += 1
                        only = i
                if ns_ == 1:
                    winner = only
        if winner < 0:
            if P[P_BTIE] == 1:  # lightest_tile
                best_seat = -1
                best_key = 1 << 30
                for s in range(n):
                    if tied_seats[s]:
                        h = S[S_H + s]
                        key = 1 << 30
                        for t in range(28):
                            if (h >> t) & 1 and LOTKEY[t] < key:
                                key = LOTKEY[t]
                        if key < best_key:
                            best_key = key
                            best_seat = s
                winner = side_of(P, best_seat)
            elif P[P_BTIE] == 2 and tied_sides[side_of(P, blocker)]:
                winner = side_of(P, blocker)
    if winner < 0:
        return
    how = P[P_BPTS]
    losers = total_side - sp[winner]
    if how == 0:
        gained = total_side
    elif how == 1:
        gained = losers
    elif how == 2:
        gained = max(0, losers - (k - 1) * sp[winner])
    else:
        gained = max(0, losers - sp[winner])
    if P[P_ROUND]:
        gained = round5(gained)
    u[winner] += gained


@njit(**HOT)
def terminal_value(S, P, root, W):
    """The value for ``root`` of a finished round; W: 20 numbers of scratch space."""
    k = P[P_UNITS]
    if S[S_KIND] == 1 and P[P_RACE]:  # a domino in a race, the common leaf: no arrays
        n = P[P_N]
        winner = side_of(P, S[S_WHO])
        raw = 0
        for s in range(n):
            if P[P_DOMPTS] == 0 or side_of(P, s) != winner:
                raw += hand_pips(S[S_H + s])
        if P[P_ROUND]:
            raw = round5(raw)
        if S[S_CAP]:
            raw += P[P_CAPB]
        v = 0
        for i in range(k):
            ui = S[S_RP + i] + (raw if i == winner else 0)
            if P[P_WIN]:
                ui = for_the_match(P, i, ui)
            if i == root:
                v += (k - 1) * ui
            else:
                v -= ui
        return v
    u = W[16:20]
    _utilities(S, P, u, W[0:16])
    v = 0
    for i in range(k):
        ui = for_the_match(P, i, u[i]) if P[P_WIN] and P[P_RACE] else u[i]
        if i == root:
            v += (k - 1) * ui
        else:
            v -= ui
    return v


@njit(**HOT)
def for_the_match(P, unit, gained):
    """What ``gained`` points are worth to a unit playing for the match: points past the
    target are worth nothing, and reaching it is worth P_WIN more (a side at 95 of 100
    plays to win the round at all, not to win it big)."""
    need = P[P_TARGET] - P[P_SCORE + unit]
    if gained >= need:
        return need + P[P_WIN]
    return gained


# ---------------------------------------------------------------- hashing
@njit(**HOT)
def _mix(x):
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@njit(**HOT)
def state_hash(S, P):
    """A 64-bit digest of everything that decides the rest of the round from row S: the
    hands (their Zobrist hash, kept by do_move), ends, turn, stock count, the last placer
    where scoring reads it, and All Fives' points so far."""
    lp = S[S_LP] + 1 if P[P_LPKEY] else 0
    misc = ((S[S_L] + 1) | ((S[S_R] + 1) << 4) | (S[S_TURN] << 8) | (S[S_NS] << 12) | (lp << 20)
            | (S[S_LD] << 24) | (S[S_RD] << 25) | ((1 if S[S_LEN] > 1 else 0) << 26) | ((S[S_FL] + 1) << 27))
    x = np.uint64(S[S_ZH]) ^ (np.uint64(misc) * np.uint64(0x9E3779B97F4A7C15))
    if P[P_FIVES]:
        x ^= _mix(np.uint64(fives_key(S, P)) + np.uint64(1))
    return _mix(x)


@njit(**HOT)
def fives_key(S, P):
    """What All Fives' points so far still change about the rest of the round.

    The rest of the round adds to them (the table holds values relative to them, see
    :func:`points_so_far`), so they matter only through the immediate target: how far
    each unit still is from it, and only while it is within reach. A unit can score at
    most 20 points a placement (10 when a double end counts once), so a distance beyond
    that times its tiles and the drawable stock plays like any other out of reach. Most
    positions of a search lie deep in the tree, where that bound is small: they meet in
    the table whatever was scored on the way.
    """
    if P[P_WIN]:  # playing for the match, points are not additive: every total is its own state
        return S[S_RP] | (S[S_RP + 1] << 16) | (S[S_RP + 2] << 32) | (S[S_RP + 3] << 48)
    if not (P[P_IMM] and P[P_RACE]):
        return 0
    per = 20 if P[P_BOTH] else 10
    drawable = S[S_NS] - P[P_DRAWLIM]
    if drawable < 0:
        drawable = 0
    key = 0
    i = 0
    while i < P[P_UNITS]:
        own = 0
        s = 0
        while s < P[P_N]:
            if side_of(P, s) == i:
                h = S[S_H + s]
                own += POPCOUNT[h & 0x3FFF] + POPCOUNT[h >> 14]
            s += 1
        reach = per * (own + drawable)
        far = P[P_TARGET] - P[P_SCORE + i] - S[S_RP + i]
        if far > reach:
            far = reach + 1
        key = (key << 16) | (far & 0xFFFF)
        i += 1
    return key


@njit(**HOT)
def points_so_far(S, P, root):
    """The value for ``root`` of the points scored in play so far: the part of every
    value below this row that the rest of the round only adds to."""
    if not P[P_FIVES] or P[P_WIN]:
        return 0
    k = P[P_UNITS]
    v = 0
    i = 0
    while i < k:
        if i == root:
            v += (k - 1) * S[S_RP + i]
        else:
            v -= S[S_RP + i]
        i += 1
    return v


# ---------------------------------------------------------------- transposition table
# Buckets of two entries, each two words: the state's digest (| 1, so 0 marks an empty
# slot) and its data: lower bound, upper bound, best move, tiles on the table. The first
# entry of a bucket keeps the state nearer the root (the bigger subtree), the second
# always takes the newest.
TT_OFF = 1 << 25
TT_FIELD = (1 << 26) - 1


@njit(**HOT)
def tt_pack(lo, hi, mv, length):
    return (np.uint64(lo + TT_OFF) | (np.uint64(hi + TT_OFF) << np.uint64(26)) | (np.uint64(mv) << np.uint64(52))
            | (np.uint64(length) << np.uint64(59)))


@njit(**HOT)
def tt_lo(data):
    return np.int64(data & np.uint64(TT_FIELD)) - TT_OFF


@njit(**HOT)
def tt_hi(data):
    return np.int64((data >> np.uint64(26)) & np.uint64(TT_FIELD)) - TT_OFF


@njit(**HOT)
def tt_move(data):
    return np.int64((data >> np.uint64(52)) & np.uint64(127))


@njit(**HOT)
def tt_len(data):
    return np.int64(data >> np.uint64(59))


@njit(**HOT)
def tt_find(tt, bucket, chk):
    """The word index of ``chk``'s entry in its bucket, or -1."""
    w = bucket * 4
    if tt[w] == chk:
        return w
    if tt[w + 2] == chk:
        return w + 2
    return -1


@njit(**HOT)
def tt_store(tt, bucket, chk, data, length):
    w = bucket * 4
    if tt[w] == chk:
        tt[w + 1] = data
    elif tt[w + 2] == chk:
        tt[w + 3] = data
    elif tt[w] == 0 or length <= tt_len(tt[w + 1]):
        tt[w + 2] = tt[w]  # the entry it displaces gets the second place
        tt[w + 3] = tt[w + 1]
        tt[w] = chk
        tt[w + 1] = data
    else:
        tt[w + 2] = chk
        tt[w + 3] = data


@njit(**HOT)
def is_mirror(S, P):
    """Equal ends make t@R the mirror image of t@L, the same in value, unless All Fives
    counts a double at one end twice and not at the other (both_halves)."""
    if S[S_L] < 0 or S[S_L] != S[S_R]:
        return False
    return not (P[P_FIVES] and P[P_BOTH] and S[S_LD] != S[S_RD])


@njit(**HOT)
def _order_key(S, P, m):
    """Move ordering: heavy tiles and doubles first, and above all a placement after which
    the next player, when on another side, cannot place (a forced pass)."""
    if m >= DRAW_ID:
        return 0
    t = m % 28
    key = PIPA[t] * 2 + (3 if LOWA[t] == HIGHA[t] else 0) + 1
    if S[S_H + S[S_TURN]] == (1 << t):
        return key + 500  # going out
    if m >= LEFT_BASE:
        left = S[S_L]
        right = S[S_R]
        if m < RIGHT_BASE:
            left = LOWA[t] + HIGHA[t] - left
        else:
            right = LOWA[t] + HIGHA[t] - right
        seat = S[S_TURN]
        nxt = (seat + 1) % P[P_N]
        if side_of(P, nxt) != side_of(P, seat) and (S[S_H + nxt] & (SUIT[left] | SUIT[right])) == 0:
            key += 40
        mine = (S[S_H + seat] ^ (1 << t)) & (SUIT[left] | SUIT[right])
        key += 6 * (POPCOUNT[mine & 0x3FFF] + POPCOUNT[mine >> 14])
    return key


@njit(**HOT)
def _search(stk, d0, ST, P, root, alpha_in, beta_in, tt, moves, fr, hist, stats, W, keys):
    """Alpha-beta with a transposition table from row d0 of ``stk`` (fail-soft, principal
    variation search: after the first child, a null window proves the others worse, and
    only a child that proves better is searched again with the real window).

    Iterative, with one frame per depth in ``fr`` (numba does not cache recursive
    functions safely): fr[d] = alpha, beta, alpha0, beta0, best, child index, child count,
    bucket, digest, maximizing, forced, null-window probe.
    """
    F_A, F_B, F_A0, F_B0, F_BEST, F_I, F_C, F_BKT, F_CHK, F_MAX, F_FORCED, F_NW = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    nb = np.uint64((tt.shape[0] >> 2) - 1)
    d = d0
    fr[d, F_A] = alpha_in
    fr[d, F_B] = beta_in
    entering = True
    ret = 0
    while True:
        if entering:
            S = stk[d]
            if S[S_KIND] != 0:
                ret = terminal_value(S, P, root, W)
                entering = False
                continue
            stats[0] += 1
            if stats[1] > 0 and stats[0] > stats[1]:
                return ABORTED  # over the node limit: the caller drops this search
            buf = moves[d]
            cnt = gen_moves(S, P, buf)
            if cnt == 1:  # forced: draws, passes and single placements need no table entry
                fr[d, F_FORCED] = 1
                do_move(S, stk[d + 1], buf[0], P, ST)
                fr[d + 1, F_A] = fr[d, F_A]
                fr[d + 1, F_B] = fr[d, F_B]
                d += 1
                continue
            fr[d, F_FORCED] = 0
            alpha = fr[d, F_A]
            beta = fr[d, F_B]
            tmove = -1
            x = state_hash(S, P)
            chk = x | np.uint64(1)
            bucket = np.int64((x >> np.uint64(17)) & nb)
            w = tt_find(tt, bucket, chk)
            if w >= 0:
                data = tt[w + 1]
                base = points_so_far(S, P, root)
                lo = tt_lo(data)
                hi = tt_hi(data)
                if lo > -INF:
                    lo += base
                if hi < INF:
                    hi += base
                if lo >= beta or lo == hi:
                    ret = lo
                    entering = False
                    continue
                if hi <= alpha:
                    ret = hi
                    entering = False
                    continue
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
                tmove = tt_move(data)
            # drop mirror duplicates (equal ends: t@R repeats t@L), then order
            mirror = is_mirror(S, P)
            c = 0
            for i in range(cnt):
                m = buf[i]
                if mirror and RIGHT_BASE <= m < DRAW_ID:
                    continue
                buf[c] = m
                if m == tmove:
                    keys[c] = 1 << 50
                elif P[P_HISTORY]:
                    keys[c] = hist[S[S_TURN], m] * 128 + _order_key(S, P, m)
                else:
                    keys[c] = _order_key(S, P, m)
                c += 1
            for i in range(1, c):  # insertion sort, best first
                km = keys[i]
                mm = buf[i]
                j = i - 1
                while j >= 0 and keys[j] < km:
                    keys[j + 1] = keys[j]
                    buf[j + 1] = buf[j]
                    j -= 1
                keys[j + 1] = km
                buf[j + 1] = mm
            mx = 1 if side_of(P, S[S_TURN]) == root else 0
            fr[d, F_A] = alpha
            fr[d, F_B] = beta
            fr[d, F_A0] = alpha
            fr[d, F_B0] = beta
            fr[d, F_MAX] = mx
            fr[d, F_BEST] = -INF if mx else INF
            fr[d, F_I] = 0
            fr[d, F_C] = c
            fr[d, F_BKT] = bucket
            fr[d, F_CHK] = np.int64(chk)
            fr[d, F_NW] = 0
            do_move(S, stk[d + 1], buf[0], P, ST)
            fr[d + 1, F_A] = alpha
            fr[d + 1, F_B] = beta
            d += 1
            continue
        # returning the value ``ret`` of row d to its parent
        if d == d0:
            return ret
        d -= 1
        if fr[d, F_FORCED]:
            continue
        v = ret
        i = fr[d, F_I]
        m = moves[d, i]
        alpha = fr[d, F_A]
        beta = fr[d, F_B]
        mx = fr[d, F_MAX]
        if fr[d, F_NW]:
            fr[d, F_NW] = 0
            # the null window said this child is better than the best so far: find how much
            if (mx and alpha < v < beta) or (not mx and alpha < v < beta):
                do_move(stk[d], stk[d + 1], m, P, ST)
                if mx:
                    fr[d + 1, F_A] = v
                    fr[d + 1, F_B] = beta
                else:
                    fr[d + 1, F_A] = alpha
                    fr[d + 1, F_B] = v
                d += 1
                entering = True
                continue
        if mx:
            if v > fr[d, F_BEST]:
                fr[d, F_BEST] = v
                if v > alpha:
                    alpha = v
                moves[d, MAX_MOVES - 1] = m
        else:
            if v < fr[d, F_BEST]:
                fr[d, F_BEST] = v
                if v < beta:
                    beta = v
                moves[d, MAX_MOVES - 1] = m
        fr[d, F_A] = alpha
        fr[d, F_B] = beta
        i += 1
        fr[d, F_I] = i
        if alpha >= beta and P[P_HISTORY]:
            g = 28 - stk[d, S_LEN]
            hist[stk[d, S_TURN], moves[d, MAX_MOVES - 1]] += g * g
        if alpha >= beta or i == fr[d, F_C]:
            best = fr[d, F_BEST]
            ret = best
            bucket = fr[d, F_BKT]
            chk = np.uint64(fr[d, F_CHK])
            w = tt_find(tt, bucket, chk)
            base = points_so_far(stk[d], P, root)
            if w >= 0:
                lo = tt_lo(tt[w + 1])
                hi = tt_hi(tt[w + 1])
                if lo > -INF:
                    lo += base
                if hi < INF:
                    hi += base
            else:
                lo = -INF
                hi = INF
            if best <= fr[d, F_A0]:
                hi = best
            elif best >= fr[d, F_B0]:
                lo = best
            else:
                lo = best
                hi = best
            length = stk[d, S_LEN]
            if lo > -INF:
                lo -= base
            if hi < INF:
                hi -= base
            tt_store(tt, bucket, chk, tt_pack(lo, hi, moves[d, MAX_MOVES - 1], length), length)
            continue
        # the next child: a null window around the bound to beat
        do_move(stk[d], stk[d + 1], moves[d, i], P, ST)
        if mx:
            fr[d + 1, F_A] = alpha
            fr[d + 1, F_B] = alpha + 1
        else:
            fr[d + 1, F_A] = beta - 1
            fr[d + 1, F_B] = beta
        fr[d, F_NW] = 1
        d += 1
        entering = True


@njit(cache=True, nogil=True)  # a review's worker thread searches beside the page
def solve_root(S0, ST, P, root, tt_bits, out_moves, out_values, stats, only):
    """Exact values (for ``root``) of the legal actions at S0 (those with ``only[id]``
    set; the others get SKIPPED); returns how many actions are legal, or -1 when the
    search went over its node limit ``stats[1]`` (0: no limit).

    The transposition table (2**tt_bits entries of 16 bytes) lives only during this
    call, shared by the root actions.
    """
    tt = np.zeros(2 << tt_bits, dtype=np.uint64)
    # written before they are read (a row by its parent's move, moves and frames on entry):
    # not zeroing them saves more than a small position's whole search
    stk = np.empty((MAX_DEPTH, S_SIZE), dtype=np.int64)
    moves = np.empty((MAX_DEPTH, MAX_MOVES), dtype=np.int64)
    fr = np.empty((MAX_DEPTH, 12), dtype=np.int64)
    hist = np.zeros((4, 86), dtype=np.int64)
    W = np.zeros(20, dtype=np.int64)
    keys = np.zeros(MAX_MOVES, dtype=np.int64)
    for i in range(S_SIZE):
        stk[0, i] = S0[i]
    cnt = gen_moves(stk[0], P, out_moves)
    for i in range(cnt):
        m = out_moves[i]
        mirror_of = -1
        if is_mirror(stk[0], P) and RIGHT_BASE <= m < DRAW_ID:
            for j in range(i):
                if out_moves[j] == m - 28:
                    mirror_of = j
        if mirror_of >= 0 and out_values[mirror_of] != SKIPPED:
            out_values[i] = out_values[mirror_of]
            continue
        if not only[m]:
            out_values[i] = SKIPPED
            continue
        do_move(stk[0], stk[1], m, P, ST)
        out_values[i] = _search(stk, 1, ST, P, root, -INF, INF, tt, moves, fr, hist, stats, W, keys)
        if out_values[i] == ABORTED:
            return -1
    return cnt


# ---------------------------------------------------------------- max^n (three or four players)
@njit(**HOT)
def maxn_leaf(S, P, W, vec):
    """Each unit's own value at a finished round, as the paranoid one scales it for a
    root: ``(k - 1) * u[unit] - sum(u[others])`` (its points against the others' mean)."""
    k = P[P_UNITS]
    u = W[16:20]
    _utilities(S, P, u, W[0:16])
    total = 0
    for i in range(k):
        total += u[i]
    for i in range(k):
        vec[i] = k * u[i] - total


@njit(**HOT)
def maxn_hash(S, P):
    """The state's digest with the points scored in play as they are (max^n keeps no
    relative values)."""
    x = state_hash(S, P)
    if P[P_FIVES]:
        x = _mix(x ^ (np.uint64(S[S_RP] | (S[S_RP + 1] << 16) | (S[S_RP + 2] << 32) | (S[S_RP + 3] << 48))
                      + np.uint64(0x51ED27)))
    return x


@njit(**HOT)
def _maxn(stk, d0, ST, P, tt, tv, moves, fr, vals, W, stats):
    """Max^n from row d0: every player to move takes the child best for its own unit (the
    first in the engine's order on a tie); no pruning, a table of exact value vectors.
    Leaves the vector in vals[d0]; returns False when over the node limit. fr[d] = child
    index, child count, table slot, digest, forced."""
    k = P[P_UNITS]
    mask = tt.shape[0] - 1
    d = d0
    entering = True
    while True:
        if entering:
            S = stk[d]
            if S[S_KIND] != 0:
                maxn_leaf(S, P, W, vals[d])
                entering = False
                continue
            stats[0] += 1
            if stats[1] > 0 and stats[0] > stats[1]:
                return False
            buf = moves[d]
            cnt = gen_moves(S, P, buf)
            if cnt == 1:
                fr[d, 4] = 1
                do_move(S, stk[d + 1], buf[0], P, ST)
                d += 1
                continue
            fr[d, 4] = 0
            x = maxn_hash(S, P)
            chk = x | np.uint64(1)
            slot = np.int64((x >> np.uint64(17)) & np.uint64(mask))
            if tt[slot] == chk:
                for i in range(k):
                    vals[d, i] = tv[slot, i]
                entering = False
                continue
            c = 0
            mirror = is_mirror(S, P)
            for i in range(cnt):
                m = buf[i]
                if mirror and RIGHT_BASE <= m < DRAW_ID:
                    continue
                buf[c] = m
                c += 1
            fr[d, 0] = 0
            fr[d, 1] = c
            fr[d, 2] = slot
            fr[d, 3] = np.int64(chk)
            vals[d, 4] = -INF  # the mover's best so far (slot 4: the units use 0..3)
            do_move(S, stk[d + 1], buf[0], P, ST)
            d += 1
            continue
        if d == d0:
            return True
        child = d
        d -= 1
        if fr[d, 4]:  # forced: the child's vector is this node's
            for i in range(k):
                vals[d, i] = vals[child, i]
            continue
        me = side_of(P, stk[d, S_TURN])
        if vals[child, me] > vals[d, 4]:
            vals[d, 4] = vals[child, me]
            for i in range(k):
                vals[d, 5 + i] = vals[child, i]
        i = fr[d, 0] + 1
        fr[d, 0] = i
        if i < fr[d, 1]:
            do_move(stk[d], stk[d + 1], moves[d, i], P, ST)
            d += 1
            entering = True
            continue
        slot = fr[d, 2]
        tt[slot] = np.uint64(fr[d, 3])
        for j in range(k):
            vals[d, j] = vals[d, 5 + j]
            tv[slot, j] = vals[d, j]


@njit(cache=True, nogil=True)
def solve_root_maxn(S0, ST, P, tt_bits, out_moves, out_values, stats, only):
    """Max^n vectors (one value per unit, see :func:`maxn_leaf`) of the legal actions at S0
    (``out_values[i, unit]``; rows of actions not in ``only`` get SKIPPED); returns how
    many actions are legal, or -1 over the node limit."""
    tt = np.zeros(1 << tt_bits, dtype=np.uint64)
    tv = np.zeros((1 << tt_bits, 4), dtype=np.int32)
    stk = np.empty((MAX_DEPTH, S_SIZE), dtype=np.int64)
    moves = np.empty((MAX_DEPTH, MAX_MOVES), dtype=np.int64)
    fr = np.empty((MAX_DEPTH, 5), dtype=np.int64)
    vals = np.zeros((MAX_DEPTH, 9), dtype=np.int64)
    W = np.zeros(20, dtype=np.int64)
    for i in range(S_SIZE):
        stk[0, i] = S0[i]
    cnt = gen_moves(stk[0], P, out_moves)
    k = P[P_UNITS]
    for i in range(cnt):
        m = out_moves[i]
        if not only[m]:
            for j in range(k):
                out_values[i, j] = SKIPPED
            continue
        do_move(stk[0], stk[1], m, P, ST)
        if not _maxn(stk, 1, ST, P, tt, tv, moves, fr, vals, W, stats):
            return -1
        for j in range(k):
            out_values[i, j] = vals[1, j]
    return cnt
