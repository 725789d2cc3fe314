"""The replay of a board too fine for the panel (Go 19x19, Loupe 9) shows a window of it with
the overview, as the game screen does, and the window follows the moves stepped to; the last
stone placed is marked by the cursor's outline, the stone inside keeping its own colour's look.
Both runtimes."""

from host_tools.sim.device import Device
from stones.engine.registry import new_game


def record(key, size, names):
    """A game of these moves (point names), replayed from its start by the screen."""
    game = new_game(key, size)
    for name in names:
        game.play(game.parse(name))
    return game


def open_replay(device, game):
    device.app.open("replay", game)
    device.app.refresh()
    screen = device.app.top
    assert screen.module_name == "replay"
    device.press("a")  # from the end to the start
    assert game.count == 0
    return screen


def box_inside(view, fb, p):
    """The pixels of p's box, its edge left out (the cursor's outline): the stone alone."""
    x0 = view.px[p] - view.box_w // 2
    y0 = view.py[p] - view.box_h // 2
    return [fb.pixel(x, y) for y in range(y0 + 1, y0 + view.box_h - 1)
            for x in range(x0 + 1, x0 + view.box_w - 1)]


def overview_frame_drawn(view, fb):
    x, y = view.overview_at
    width = view.overview_size()
    height = view.overview_height()
    assert x + width <= fb.width and y + height <= fb.height
    return all(fb.pixel(x + i, y) and fb.pixel(x + i, y + height - 1) for i in range(width))


def step_through(device, screen, game):
    """Step forward through every move: each stone placed is in the window, its box on the
    board's part of the panel, the cursor on it; returns the windows seen."""
    view = screen.view
    fb = device.display
    windows = []
    for i in range(len(screen.moves)):
        device.press("right")
        assert game.count == i + 1
        p = screen.moves[i][1]
        assert view.visible(p), game.grid.name(p)
        assert view.cursor == p and view.show_cursor
        assert 0 <= view.px[p] - view.box_w // 2 and view.px[p] + view.box_w // 2 < view.width
        assert 0 <= view.py[p] - view.box_h // 2 and view.py[p] + view.box_h // 2 < view.height
        assert overview_frame_drawn(view, fb)
        windows.append((view.left_col, view.top_row))
    return windows


CORNERS = ["D16", "Q4", "Q16", "D4", "C17", "R3", "S1", "A19", "T19", "A1"]


def test_a_19x19_replay_follows_moves_played_in_the_corners_beside_the_overview():
    device = Device()
    game = record("go", 19, CORNERS)
    screen = open_replay(device, game)
    view = screen.view
    assert view.windowed and view.overview_at is not None
    assert not view.show_cursor  # no stone yet: no cursor
    windows = step_through(device, screen, game)
    span = view.span
    # the window went to every corner: no centre window ever shows these moves
    assert (0, 0) in windows and (19 - span, 19 - span) in windows
    assert (0, 19 - span) in windows and (19 - span, 0) in windows
    # the overview shows the stones: a black one (T19) fills its 2x2 pixels, a white one
    # (A19) its top-left pixel only
    x, y = view.overview_at
    fb = device.display
    assert game.colour(game.parse("T19")) == 1 and game.colour(game.parse("A19")) == 2
    assert fb.pixel(x + 1 + 36, y + 1) and fb.pixel(x + 2 + 36, y + 2)
    assert fb.pixel(x + 1, y + 1) and not fb.pixel(x + 2, y + 2)
    # and the window's outline sits at its bottom left, where the last move (A1) is
    assert fb.pixel(x + 1, y + 1 + 2 * (19 - span)) and fb.pixel(x + 1, y + 38)
    # back ten: the window follows the last stone again (the first move's, D16)
    device.press("down")
    assert game.count == 0 and not view.show_cursor
    device.press("right")
    assert view.visible(game.parse("D16"))


def test_a_loupe_9_replay_shows_its_lower_rows_when_the_moves_go_there():
    device = Device()
    game = new_game("loupe", 9)
    # a stone on the top row, then on the two bottom rows, then the top row again
    rows = {}
    for p in game.grid.points:
        rows.setdefault(game.grid.axial(p)[1], []).append(p)
    top = min(rows)
    bottom = max(rows)
    plan = [(rows[top], 1), (rows[bottom] + rows[bottom - 1], 5), (rows[top], 1)]
    for points, count in plan:
        for p in points:
            if count and game.legal(p):
                game.play(p)
                count -= 1
        assert count == 0
    assert game.count == 7
    screen = open_replay(device, game)
    view = screen.view
    assert view.windowed and view.hex
    rows_shown = 2 * 9 - 1
    assert view.span < rows_shown  # the window shows some of the rows only
    windows = step_through(device, screen, game)
    firsts = [first for _, first in windows]
    assert max(firsts) == rows_shown - view.span  # down to the bottom row
    assert firsts[0] == 0 and firsts[-1] == 0  # the top row's stones: back up to it


def test_the_last_stone_keeps_its_own_colours_look_under_a_blinking_outline():
    device = Device()
    game = record("go", 19, ["D4", "E4", "D5"])
    screen = open_replay(device, game)
    view = screen.view
    fb = device.display
    device.press("right")  # D4: Black's
    d4 = game.parse("D4")
    x = view.px[d4]
    y = view.py[d4]
    left = x - view.box_w // 2
    top = y - view.box_h // 2
    assert fb.pixel(left, top)  # the outline is on
    device.run(700)  # it goes off for a while
    assert not fb.pixel(left, top)
    assert fb.pixel(x, y)  # a black stone, whole: no dot of White's at its heart
    device.press("right")  # E4: White's
    e4 = game.parse("E4")
    device.run(700)
    assert not view.blink_on
    assert not fb.pixel(view.px[e4], view.py[e4])  # a white ring, hollow: no dot of Black's
    assert fb.pixel(view.px[e4] + view.radius, view.py[e4])
    device.press("right")  # D5: Black's again, and D4 now an earlier stone
    device.run(700)
    assert not view.blink_on
    d5 = game.parse("D5")
    assert box_inside(view, fb, d5) == box_inside(view, fb, d4)  # as any black stone looks
