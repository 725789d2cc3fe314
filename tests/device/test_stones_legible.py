"""Stones a player can read: on every board of every game, on a 128x64 and a 128x128
panel, two neighbouring stones never touch (their pixels are not even diagonally adjacent), a
black stone, a white stone and an empty point are drawn differently, and hex boards keep the
triangular lattice's proportions (rows a * sqrt 3 apart for points 2a apart, to the pixel).

Readable at 1:1: a 0.96" 128x64 panel's pixels are about a sixth of a millimetre. A stone 3
pixels across (a 3x3 square, or the hex boards' plus and hollow diamond) tells black from white
by its centre pixel alone, which at arm's length reads as the same speck. From ROUND pixels
across a stone is a disc or a ring that differ in most of their pixels. Every square board gets
round stones on both panels (a window that follows the cursor, with an overview, where the whole
board would not allow them); the dense hex boards do not yet (SMALL_HEX, the boards still
waiting for the same window). Both runtimes."""

from stones.drivers.ssd1306 import MemoryPanel
from stones.engine.registry import game_class, keys
from stones.ui.board import BoardView, layout

ROUND = 5  # pixels across from which a white stone is a ring and a black one a disc
# (game, size, panel height) of the hex boards whose stones are still under ROUND pixels
SMALL_HEX = {("loupe", 7, 64), ("loupe", 9, 64), ("loupe", 11, 64), ("loupe", 9, 128),
             ("loupe", 11, 128), ("offshore", 6, 64), ("offshore", 7, 64)}


def ink(fb, view, p):
    """The lit pixels of point p's box, relative to its centre, as a set of (dx, dy)."""
    x0 = view.px[p]
    y0 = view.py[p]
    left = x0 - view.box_w // 2
    top = y0 - view.box_h // 2
    lit = set()
    for y in range(top, top + view.box_h):
        for x in range(left, left + view.box_w):
            if fb.pixel(x, y):
                lit.add((x - x0, y - y0))
    return lit


def touching(a, b, offset):
    """Whether pixel sets a and b (b shifted by offset) touch, diagonally included."""
    ox, oy = offset
    for x, y in a:
        for u, v in b:
            if abs(x - (u + ox)) <= 1 and abs(y - (v + oy)) <= 1:
                return True
    return False


def check_board(key, size, height):
    game = game_class(key)(size)
    fb = MemoryPanel(128, height)
    w, h, _, _ = layout(fb, game)
    view = BoardView(game, 0, 0, w, h)
    view.show_cursor = False
    p = view.cursor  # the centre: shown even when the board is windowed
    neighbours = [p + d for d in game.grid.offsets if game.grid.on_board(p + d)]
    q, r, e = neighbours[0], neighbours[1], neighbours[2]
    game.set_position([(1, p), (1, q), (2, r)])
    fb.fill(0)
    view.draw(fb)
    where = "%s %d on 128x%d" % (key, size, height)
    black, white, empty = ink(fb, view, p), ink(fb, view, r), ink(fb, view, e)
    assert black and white and black != white and black != empty and white != empty, where
    assert ink(fb, view, q) == black, where  # every black stone is drawn alike
    for a, b in ((p, q), (p, r)):
        offset = (view.px[b] - view.px[a], view.py[b] - view.py[a])
        assert not touching(ink(fb, view, a), ink(fb, view, b), offset), where
    if view.hex:
        a = view.dx // 2
        assert view.dy == 3 or abs(view.dy - a * 1.7320508) < 0.5, where  # true proportions
    return view


def test_every_board_keeps_its_stones_apart_and_distinct():
    for key in keys():
        for size in game_class(key).sizes:
            for height in (64, 128):
                check_board(key, size, height)


def test_loupe_side_11_is_no_longer_squeezed_on_the_small_panel():
    view = check_board("loupe", 11, 64)
    assert view.dx == 4 and view.dy == 3  # it was 2 by 3: stretched, stones merged


def across(lit):
    return max(x for x, _ in lit) - min(x for x, _ in lit) + 1


def test_stones_are_round_on_every_square_board_and_the_dense_hex_boards_are_known():
    small = set()
    for key in keys():
        for size in game_class(key).sizes:
            for height in (64, 128):
                game = game_class(key)(size)
                fb = MemoryPanel(128, height)
                w, h, _, _ = layout(fb, game)
                view = BoardView(game, 0, 0, w, h)
                view.show_cursor = False
                p = view.cursor
                q = [p + d for d in game.grid.offsets if game.grid.on_board(p + d)][0]
                game.set_position([(1, p), (2, q)])
                fb.fill(0)
                view.draw(fb)
                black, white = ink(fb, view, p), ink(fb, view, q)
                where = "%s %d on 128x%d" % (key, size, height)
                if across(black) < ROUND:
                    small.add((key, size, height))
                    assert game.grid.kind == "hex", where  # every square board is readable
                    continue
                assert across(white) >= ROUND, where
                # a disc and a ring: they differ in more than a third of the disc's pixels
                assert len(black ^ white) * 3 > len(black), where
                assert len(white) < len(black), where
    assert small == SMALL_HEX  # a hex board made readable comes off the list


def test_a_dense_square_board_shows_a_window_with_its_overview():
    for key, size in (("go", 13), ("go", 19), ("loose", 15)):
        game = game_class(key)(size)
        fb = MemoryPanel(128, 64)
        w, h, _, _ = layout(fb, game)
        view = BoardView(game, 0, 0, w, h)
        assert view.windowed and view.span < size and view.visible(view.cursor), (key, size)
        assert view.radius >= 2 and view.overview_size() == 2 * size + 2
