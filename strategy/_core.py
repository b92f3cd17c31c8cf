"""The solver's jitted core: its own flat state, move generator, move and search.

The state of a round is one small ``int64`` array (see the ``S_*`` indices); the search
keeps one row per depth and a move writes the child's row from its parent's, so there is
no undo. Every rule that :func:`strategy.solver.core_supports` accepts is handled here
exactly as ``engine/`` handles it (``tests/strategy/test_core.py`` replays random rounds
of every preset through both, comparing legal actions, ends and results at every step).

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
S_SIZE = 20

# ---------------------------------------------------------------- parameters
P_N, P_UNITS, P_PARTNERS, P_DRAWLIM, P_FIVES, P_BOTH, P_IMM, P_TARGET = range(8)
P_SCORE = 8      # match score per unit at 8..11
P_RACE, P_DOMPTS, P_CAPB, P_ROUND, P_BWIN, P_BCMP, P_BPTS, P_BTIE, P_LPKEY = range(12, 21)
P_HISTORY = 21   # move ordering: 1 = history heuristic first (measured better with a stock)
P_SIZE = 22

LEAD_BASE, LEFT_BASE, RIGHT_BASE, DRAW_ID, PASS_ID = 0, 28, 56, 84, 85
INF = 1 << 24
ABORTED = -(1 << 40)  # what a search over its node limit (stats[1] > 0) returns
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


@njit(cache=True)
def side_of(P, seat):
    if P[P_PARTNERS]:
        return seat % 2
    return seat


@njit(cache=True)
def hand_pips(h):
    return PIPS_LO[h & 0x3FFF] + PIPS_HI[h >> 14]


@njit(cache=True)
def low_tile(bits):
    """The lowest tile of a non-empty mask."""
    low = bits & -bits
    if low < (1 << 14):
        return BIT_INDEX[low]
    return BIT_INDEX[low >> 14] + 14


@njit(cache=True)
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
        return c
    if S[S_NS] - P[P_DRAWLIM] > 0:
        out[0] = DRAW_ID
    else:
        out[0] = PASS_ID
    return 1


@njit(cache=True)
def blocked(S, P):
    fits = SUIT[S[S_L]] | SUIT[S[S_R]]
    for s in range(P[P_N]):
        if S[S_H + s] & fits:
            return False
    return S[S_NS] <= P[P_DRAWLIM]


@njit(cache=True)
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
        return
    if m == PASS_ID:
        D[S_TURN] = (seat + 1) % n
        if blocked(D, P):
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
    if blocked(D, P):
        D[S_KIND] = 2
        return
    D[S_TURN] = (seat + 1) % n


@njit(cache=True)
def round5(x):
    return (x + 2) // 5 * 5


@njit(cache=True)
def utilities(S, P, u):
    """What each unit gains in a finished round (u[unit]); see the module docstring."""
    n = P[P_N]
    k = P[P_UNITS]
    pips = np.zeros(4, dtype=np.int64)
    for s in range(n):
        pips[s] = hand_pips(S[S_H + s])
    sp = np.zeros(4, dtype=np.int64)
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
    tied_sides = np.zeros(4, dtype=np.int64)
    tied_seats = np.zeros(4, dtype=np.int64)
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


@njit(cache=True)
def terminal_value(S, P, root):
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
            if i == root:
                v += (k - 1) * ui
            else:
                v -= ui
        return v
    u = np.zeros(4, dtype=np.int64)
    utilities(S, P, u)
    k = P[P_UNITS]
    v = 0
    for i in range(k):
        if i == root:
            v += (k - 1) * u[i]
        else:
            v -= u[i]
    return v


# ---------------------------------------------------------------- hashing
@njit(cache=True)
def _mix(x):
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@njit(cache=True)
def state_hash(S, P, seed):
    x = np.uint64(seed)
    for s in range(P[P_N]):
        x = _mix(x ^ np.uint64(S[S_H + s]) ^ (np.uint64(s + 1) << np.uint64(56)))
    lp = S[S_LP] + 1 if P[P_LPKEY] else 0
    misc = ((S[S_L] + 1) | ((S[S_R] + 1) << 4) | (S[S_TURN] << 8) | (S[S_NS] << 12) | (lp << 20)
            | (S[S_LD] << 24) | (S[S_RD] << 25) | ((1 if S[S_LEN] > 1 else 0) << 26) | ((S[S_FL] + 1) << 27))
    x = _mix(x ^ np.uint64(misc))
    if P[P_FIVES]:
        x = _mix(x ^ np.uint64(S[S_RP] | (S[S_RP + 1] << 16) | (S[S_RP + 2] << 32) | (S[S_RP + 3] << 48)))
    return x


@njit(cache=True)
def is_mirror(S, P):
    """Equal ends make t@R the mirror image of t@L, the same in value, unless All Fives
    counts a double at one end twice and not at the other (both_halves)."""
    if S[S_L] < 0 or S[S_L] != S[S_R]:
        return False
    return not (P[P_FIVES] and P[P_BOTH] and S[S_LD] != S[S_RD])


@njit(cache=True)
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


@njit(cache=True)
def _search(stk, d0, ST, P, root, alpha_in, beta_in, tt_chk, tt_lo, tt_hi, tt_mv, mask, moves, fr, hist, stats):
    """Alpha-beta with a transposition table from row d0 of ``stk`` (fail-soft).

    Iterative, with one frame per depth in ``fr`` (numba does not cache recursive
    functions safely): fr[d] = alpha, beta, alpha0, beta0, best, next move index, move
    count, table index, check hash, maximizing, forced.
    """
    F_A, F_B, F_A0, F_B0, F_BEST, F_I, F_C, F_IDX, F_CHK, F_MAX, F_FORCED = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    keys = np.empty(MAX_MOVES, dtype=np.int64)
    d = d0
    fr[d, F_A] = alpha_in
    fr[d, F_B] = beta_in
    entering = True
    ret = 0
    while True:
        if entering:
            S = stk[d]
            if S[S_KIND] != 0:
                ret = terminal_value(S, P, root)
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
            x = state_hash(S, P, 0x9E3779B97F4A7C15)  # a 64-bit digest of the state
            h = _mix(x ^ np.uint64(0x2545F4914F6CDD1D))  # where it goes
            chk = x | np.uint64(1)  # what is checked there (0 marks an empty slot)
            idx = np.int64(h & np.uint64(mask))
            tmove = -1
            if tt_chk[idx] == chk:
                lo = np.int64(tt_lo[idx])
                hi = np.int64(tt_hi[idx])
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
                tmove = tt_mv[idx]
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
            fr[d, F_A] = alpha
            fr[d, F_B] = beta
            fr[d, F_A0] = alpha
            fr[d, F_B0] = beta
            mx = 1 if side_of(P, S[S_TURN]) == root else 0
            fr[d, F_MAX] = mx
            fr[d, F_BEST] = -INF if mx else INF
            fr[d, F_I] = 0
            fr[d, F_C] = c
            fr[d, F_IDX] = idx
            fr[d, F_CHK] = np.int64(chk)
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
        if fr[d, F_MAX]:
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
            idx = fr[d, F_IDX]
            chk = np.uint64(fr[d, F_CHK])
            if tt_chk[idx] == chk:
                lo = np.int64(tt_lo[idx])
                hi = np.int64(tt_hi[idx])
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
            tt_chk[idx] = chk
            tt_lo[idx] = lo
            tt_hi[idx] = hi
            tt_mv[idx] = moves[d, MAX_MOVES - 1]
            ret = best
            continue
        do_move(stk[d], stk[d + 1], moves[d, i], P, ST)
        fr[d + 1, F_A] = alpha
        fr[d + 1, F_B] = beta
        d += 1
        entering = True


@njit(cache=True)
def solve_root(S0, ST, P, root, tt_bits, out_moves, out_values, stats):
    """Exact values (for ``root``) of every legal action at S0; returns how many, or -1
    when the search went over its node limit ``stats[1]`` (0: no limit).

    The transposition table (2**tt_bits entries, 17 bytes each) lives only during
    this call.
    """
    size = 1 << tt_bits
    tt_chk = np.zeros(size, dtype=np.uint64)
    tt_lo = np.zeros(size, dtype=np.int32)
    tt_hi = np.zeros(size, dtype=np.int32)
    tt_mv = np.zeros(size, dtype=np.int8)
    return solve_root_with(S0, ST, P, root, tt_chk, tt_lo, tt_hi, tt_mv, out_moves, out_values, stats)


@njit(cache=True)
def solve_root_with(S0, ST, P, root, tt_chk, tt_lo, tt_hi, tt_mv, out_moves, out_values, stats):
    """solve_root with a table the caller keeps.

    (Sharing one table between the deals of a PIMC evaluation is exact when there is
    nothing to draw, since a state row then determines the rest of the round, but it was
    measured no faster at the start of Partners rounds: the deals' subtrees rarely meet.)
    """
    stk = np.zeros((MAX_DEPTH, S_SIZE), dtype=np.int64)
    moves = np.zeros((MAX_DEPTH, MAX_MOVES), dtype=np.int64)
    fr = np.zeros((MAX_DEPTH, 11), dtype=np.int64)
    hist = np.zeros((4, 86), dtype=np.int64)
    for i in range(S_SIZE):
        stk[0, i] = S0[i]
    cnt = gen_moves(stk[0], P, out_moves)
    mask = tt_chk.shape[0] - 1
    for i in range(cnt):
        m = out_moves[i]
        mirror_of = -1
        if is_mirror(stk[0], P) and RIGHT_BASE <= m < DRAW_ID:
            for j in range(i):
                if out_moves[j] == m - 28:
                    mirror_of = j
        if mirror_of >= 0:
            out_values[i] = out_values[mirror_of]
            continue
        do_move(stk[0], stk[1], m, P, ST)
        out_values[i] = _search(stk, 1, ST, P, root, -INF, INF, tt_chk, tt_lo, tt_hi, tt_mv, mask, moves, fr, hist,
                                stats)
        if out_values[i] == ABORTED:
            return -1
    return cnt
