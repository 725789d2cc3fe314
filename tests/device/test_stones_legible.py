"""Stones a player can read: on every board of every game, on a 128x64 and a 128x128
panel, two neighbouring stones never touch (their pixels are not even diagonally adjacent), a
black stone, a white stone and an empty point are drawn differently, and hex boards keep the
triangular lattice's proportions (rows a * sqrt 3 apart for points 2a apart, to the pixel).

Readable at 1:1: a 0.96" 128x64 panel's pixels are about a sixth of a millimetre. A stone 3
pixels across (a 3x3 square, or the hex boards' plus and hollow diamond) tells black from white
by its centre pixel alone, which at arm's length reads as the same speck. From ROUND pixels
across a stone is a disc or a ring that differ in most of their pixels. Every board of every
game gets round stones on both panels: where the whole board would not allow them, a window of
it that follows the cursor, with an overview. Both runtimes."""

from stones.drivers.memorypanel import MemoryPanel
from stones.engine.registry import game_class, keys
from stones.ui.board import BoardView, layout

ROUND = 5  # pixels across from which a white stone is a ring and a black one a disc


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


def test_loupe_side_11_shows_round_stones_through_a_window():
    view = check_board("loupe", 11, 64)
    assert view.windowed and view.dx == 8 and view.dy == 7 and view.radius == 2


def across(lit):
    return max(x for x, _ in lit) - min(x for x, _ in lit) + 1


def test_stones_are_round_on_every_board_on_both_panels():
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
                assert view.visible(p) and view.visible(q), where
                assert across(black) >= ROUND and across(white) >= ROUND, where
                # a disc and a ring: they differ in more than a third of the disc's pixels
                assert len(black ^ white) * 3 > len(black), where
                assert len(white) < len(black), where


def view_on_128x64(key, size):
    """A new game of key at size, its board's view on a 128x64 panel, and the panel."""
    game = game_class(key)(size)
    fb = MemoryPanel(128, 64)
    w, h, _, _ = layout(fb, game)
    return game, BoardView(game, 0, 0, w, h), fb


def test_a_dense_square_board_shows_a_window_with_its_overview():
    for key, size in (("go", 13), ("go", 19), ("loose", 15)):
        _, view, _ = view_on_128x64(key, size)
        assert view.windowed and view.span < size and view.visible(view.cursor), (key, size)
        assert view.radius >= 2 and view.overview_size() == 2 * size + 2


def test_a_dense_hex_board_shows_a_window_that_follows_the_cursor():
    for key, size in (("loupe", 7), ("loupe", 11), ("offshore", 7)):
        game, view, fb = view_on_128x64(key, size)
        w, h = view.width, view.height
        assert view.windowed and view.radius >= 2, (key, size)
        assert view.span < 2 * size - 1 and view.visible(view.cursor)
        corner = game.grid.points[0]  # the top left corner: out of the middle's window
        assert not view.visible(corner)
        view.overview_at = (w + 2, 9)
        for _ in range(2 * size):  # up to the top row, the window following
            view.move(fb, 0, 1)
        for _ in range(2 * size):  # then left along it
            if view.cursor == corner:
                break
            view.move(fb, -1, 0)
        assert view.cursor == corner and view.visible(corner), (key, size)
        x, y = view.px[corner], view.py[corner]
        assert view.box_w // 2 <= x < w and 0 <= y < h
