"""Positions worked out by hand from rules.md, shared by several test files.

Seats follow rules.md §0.3: Partners S0 You, S1 Luis, S2 Ana (your partner), S3 Marco;
1v1 A = seat 0, B = seat 1. Pip totals are written next to each hand.
"""

# A Partners round-2 deal (all 28 tiles) for legality tests: S0 leads.
DEAL2 = [
    "2-4 0-0 0-1 0-2 0-3 0-4 0-5",
    "3-5 1-4 1-1 1-3 0-6 1-5 1-6",
    "2-2 2-3 2-5 2-6 3-3 3-4 1-2",
    "3-6 4-4 4-5 4-6 5-5 5-6 6-6",
]

# Partners, round 2. The line holds every blank except 0-6 and shows (0|6); Marco (S3)
# holds 0-6, and 0-6@R leaves (0|0) with all seven blanks down: a block (C-15).
BLANKS_BUT_06 = "0-1 1-2 2-0 0-0 0-3 3-4 4-0 0-5 5-6"

# Block, team A lower: S0 15 + S2 17 = 32, S1 36 + S3 58 = 94 (after 0-6 leaves S3).
BLOCK_A_LOWER = [
    "1-1 1-3 2-2 2-3",               # 2+4+4+5 = 15
    "1-6 2-5 2-6 3-3 3-5",           # 7+7+8+6+8 = 36
    "1-4 1-5 2-4",                   # 5+6+6 = 17
    "0-6 3-6 4-4 4-5 4-6 5-5 6-6",   # 9+8+9+10+10+12 = 58 once 0-6 is down
]

# The same block made by S0: S0 holds 0-6 and team A is lower.
BLOCK_A_LOWER_BY_S0 = [
    "0-6 1-1 1-3 2-2 2-3",
    "1-6 2-5 2-6 3-3 3-5",
    "1-4 1-5 2-4",
    "3-6 4-4 4-5 4-6 5-5 6-6",
]

# Block with equal sides: S0 32 + S2 31 = 63, S1 23 + S3 40 = 63.
BLOCK_TIE = [
    "5-5 4-6 6-6",                   # 10+10+12 = 32
    "1-1 1-3 1-5 1-6 2-2",           # 2+4+6+7+4 = 23
    "4-5 3-6 3-5 1-4",               # 9+9+8+5 = 31
    "0-6 2-3 2-4 2-5 2-6 3-3 4-4",   # 5+6+7+8+6+8 = 40 once 0-6 is down
]

# Marco's last tile is 0-6: going out and leaving a dead board at once (C-12, A-13).
OUT_AND_DEAD = [
    "1-1 1-3 1-4 1-5 1-6 2-2 2-3",   # 2+4+5+6+7+4+5 = 33
    "2-4 2-5 2-6 3-3 3-5 3-6 4-4",   # 6+7+8+6+8+9+8 = 52
    "4-5 4-6 5-5 6-6",               # 9+10+10+12 = 41
    "0-6",
]

# Partners, round 1 (6-6 is on the line): Ana (S2) holds only 1-2 and goes out on (2|0).
ANA_OUT_LINE = "2-3 3-3 3-6 6-6 6-5 5-5 5-4 4-4 4-0"
ANA_OUT = [
    "0-1 1-1 3-5 2-6 1-6 4-6",       # 1+2+8+8+7+10 = 36
    "0-0 0-2 0-3 0-5 0-6 1-3",       # 0+2+3+5+6+4 = 20
    "1-2",
    "1-4 1-5 2-2 2-4 2-5 3-4",       # 5+6+4+6+7+7 = 35
]
# The same, but Ana's last tile is 0-2 on (2|0): a capicú. Luis holds 1-2 instead.
ANA_CAPICU = [
    "0-1 1-1 3-5 2-6 1-6 4-6",       # 36
    "0-0 1-2 0-3 0-5 0-6 1-3",       # 0+3+3+5+6+4 = 21
    "0-2",
    "1-4 1-5 2-2 2-4 2-5 3-4",       # 35
]

# 1v1 (and the 2-player draw games): A holds 0-6 on (0|6) with four tiles in the stock.
# After 0-6@R the board is dead, B must draw all four and pass (BV-07, A-11).
DEAD_LINE = BLANKS_BUT_06
DEAD_HANDS = [
    "0-6 1-3 2-5 5-5",                                   # 4+7+10 = 21 after 0-6
    "1-4 1-5 1-6 2-3 2-4 2-6 3-5 3-6 4-5 4-6 6-6",       # 5+6+7+5+6+8+8+9+9+10+12 = 85
]
DEAD_STOCK = "1-1 2-2 3-3 4-4"                           # 2+4+6+8 = 20, top first

# Three players, stock empty: the line holds all but the doubles 0-0..5-5 and shows (0|0).
# Seat 2 places 0-0 and blocks (all seven blanks down).
ALL_BUT_DOUBLES = ("0-6 6-6 6-5 5-4 4-6 6-3 3-5 5-2 2-6 6-1 1-5 5-0 0-4 4-3 3-2 2-4 4-1 1-3 "
                   "3-0 0-2 2-1 1-0")
THREE_LOWEST_UNIQUE = ["2-2", "5-5", "0-0 1-1 3-3 4-4"]  # 4, 10, 16 after 0-0
THREE_TIED_LOWEST = ["4-4", "1-1 3-3", "0-0 2-2 5-5"]     # 8, 8, 14 after 0-0
