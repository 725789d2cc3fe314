"""Stones a player can read: on every board of every game, on a 128x64 and a 128x128
panel, two neighbouring stones never touch (their pixels are not even diagonally adjacent), a
black stone, a white stone and an empty point are drawn differently, and hex boards keep the
triangular lattice's proportions (rows a * sqrt 3 apart for points 2a apart, to the pixel).
Both runtimes."""

from stones.drivers.ssd1306 import MemoryPanel
from stones.engine.registry import game_class, keys
from stones.ui.board import BoardView, layout


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
