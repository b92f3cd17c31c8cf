"""Board geometry: 2:1 tiles, doubles crosswise, a line that turns corners and always fits."""

from __future__ import annotations

import itertools

import pytest

from tests.support.positions import LABELS, full_line, sample_rounds
from ui.board.layout import NARROW, U, WIDE, Rect, board_layout, line_layout
from ui.board.model import board_model


def _line_model(line, lead_index, players=2, hand=7, counts=(7, 7, 7, 7)):
    positions = {2: ["bottom", "top"], 3: ["bottom", "right", "left"], 4: ["bottom", "right", "top", "left"]}
    return {
        "players": players,
        "line": [{"tile": f"{min(a, b)}-{max(a, b)}", "halves": [a, b]} for a, b in line],
        "lead_index": lead_index,
        "ends": [line[0][0], line[-1][1]] if line else None,
        "seats": [{"position": p, "count": c, "tiles": None} for p, c in zip(positions[players], counts)],
        "stock": {"kind": "draw", "count": 3},
        "hand": ["0-0"] * hand,
    }


def _touch(a: Rect, b: Rect) -> bool:
    """Sharing a stretch of edge: no gap, no overlap."""
    gap_x = max(a.x - b.right, b.x - a.right)
    gap_y = max(a.y - b.bottom, b.y - a.bottom)
    return abs(max(gap_x, gap_y)) < 1e-6 and not a.overlaps(b)


def check_line(layout, line):
    tiles = layout.line
    assert len(tiles) == len(line)
    view = Rect(0, 0, layout.width, layout.height)
    slots = [slot.rect for slot in layout.ends.values()]
    for placed, (a, b) in zip(tiles, line):
        r = placed.rect
        assert sorted((r.w, r.h)) == [U, 2 * U], "tiles are 2:1"
        assert sorted(placed.halves) == sorted((a, b))
        if a == b:
            assert r.h == 2 * U, "a double stands crosswise to its row"
        assert view.contains(r) and layout.table.contains(r)
    for one, two in itertools.combinations([t.rect for t in tiles] + slots, 2):
        assert not one.overlaps(two)
    for one, two in zip(tiles, tiles[1:]):
        assert _touch(one.rect, two.rect), f"tiles {one.index} and {two.index} must touch"
    for slot in slots:
        assert view.contains(slot) and layout.table.contains(slot)


@pytest.mark.parametrize("narrow", [False, True])
@pytest.mark.parametrize("lead_index", range(28))
def test_a_full_28_tile_line_fits_the_width(lead_index, narrow):
    line = full_line()
    for players in (2, 4):
        layout = board_layout(_line_model(line, lead_index, players), narrow=narrow)
        assert layout.width == (NARROW if narrow else WIDE)
        check_line(layout, line)


@pytest.mark.parametrize("start", range(7))
def test_every_prefix_of_long_lines_lays_out_cleanly(start):
    line = full_line(start)
    for lead in (0, 9, 27):
        for cut in range(1, 29, 3):
            part = line[max(0, lead - cut):lead + cut]
            check_line(board_layout(_line_model(part, min(lead, cut) if lead else 0)), part)


def test_the_line_grows_without_moving_laid_tiles():
    line = full_line(3)
    before, _ = line_layout(line[5:20], 7, 24 * U)
    after, _ = line_layout(line[4:22], 8, 24 * U)  # one more on the left, two on the right
    assert [t.rect for t in before] == [t.rect for t in after[1:16]]


def test_the_right_arm_turns_down_and_the_left_arm_up():
    line = full_line()
    tiles, ends = line_layout(line, 13, 20 * U)
    assert max(t.rect.bottom for t in tiles[14:]) > 2 * U  # the right arm went down
    assert min(t.rect.y for t in tiles[:13]) < -2 * U      # the left arm went up
    assert all(t.rect.bottom <= U + 1e-6 for t in tiles[:13])
    assert all(t.rect.y >= -U - 1e-6 for t in tiles[14:])


def test_a_lone_double_lead_and_its_end_slots():
    tiles, ends = line_layout([(6, 6)], 0, 24 * U)
    assert tiles[0].rect == Rect(-U / 2, -U, U, 2 * U)
    assert ends["L"][0] == Rect(-2.5 * U, -U / 2, 2 * U, U) and ends["R"][0] == Rect(U / 2, -U / 2, 2 * U, U)
    assert line_layout([], 0, 24 * U) == ([], {})


@pytest.mark.parametrize("narrow", [False, True])
def test_every_part_of_real_boards_stays_apart_and_inside(narrow):
    for name, rnd in sample_rounds(per_preset=3):
        model = board_model(rnd, 0, seat_labels=LABELS[rnd.n], texts={}, reveal=rnd.is_over)
        layout = board_layout(model, narrow=narrow)
        view = Rect(0, 0, layout.width, layout.height)
        pairs = [tuple(t["halves"]) for t in model["line"]]
        check_line(layout, pairs)
        regions = [layout.table] + [b.label for b in layout.seats if b.position != "bottom"]
        regions += list(layout.hand) + [layout.hand_label]
        if layout.stock:
            regions.append(layout.stock)
        for box in layout.seats:
            if box.position != "bottom":
                regions += list(box.tiles)
        for region in regions:
            assert view.contains(region), name
        for one, two in itertools.combinations(regions, 2):
            assert not one.overlaps(two), name
        assert len(layout.hand) == len(model["hand"])
        for box in layout.seats:
            assert len(box.tiles) == model["seats"][box.seat]["count"]


def test_a_big_hand_wraps_into_rows_inside_the_board():
    layout = board_layout(_line_model([(6, 6)], 0, hand=21, counts=(21, 1)))
    assert len({r.y for r in layout.hand}) == 2
    assert all(Rect(0, 0, layout.width, layout.height).contains(r) for r in layout.hand)


def test_layout_is_deterministic():
    model = _line_model(full_line()[:17], 6, players=4)
    assert board_layout(model) == board_layout(model)
