"""The window with its overview for boards too fine for a 128x64 panel (Go 13x13 and 19x19,
Loupe's larger sides)."""

from host_tools.sim.device import Device, run_script


def go19():
    device = Device()
    run_script(device, ["a", "down", "right", "right", "up", "a"], None)  # Go, size 19, Start
    return device, device.app.top


def test_19x19_shows_a_window_that_follows_the_cursor_and_an_overview():
    device, screen = go19()
    view = screen.view
    assert screen.game.size == 19 and view.windowed and view.span == 9
    assert view.radius >= 2  # legible: round stones, a white ring and a black disc
    first = (view.left_col, view.top_row)
    for _ in range(9):  # from K10 to A1: the window scrolls to keep the cursor inside
        device.press("left")
        device.press("down")
    device.press("a")
    assert (view.left_col, view.top_row) == (0, 19 - view.span) != first
    assert screen.game.colour(screen.game.parse("A1")) == 1
    x, y = view.overview_at
    fb = device.display
    size = view.overview_size()
    assert x + size <= fb.width and y + size <= fb.height
    # the overview shows the black stone on A1 (bottom left, 2x2 pixels) inside its frame
    px = x + 1
    py = y + 1 + 18 * 2
    assert fb.pixel(px, py) and fb.pixel(px + 1, py + 1)


def test_the_counted_board_scrolls_its_window_on_13x13():
    device = Device()
    run_script(device, ["a", "down", "right", "up", "a", "play pass", "play pass"], None)
    score = device.app.top
    assert score.module_name == "score" and score.game.size == 13 and score.view.windowed
    device.press("menu")  # done marking: the counted board
    view = score.view
    first = view.left_col
    for _ in range(6):
        device.press("left")
    assert view.left_col == 0 < first  # the left edge of the board came into view


def test_on_a_tall_panel_the_overview_sits_beside_the_window():
    device = Device(display="ssd1327")
    run_script(device, ["a", "down", "right", "right", "up", "a"], None)  # Go 19x19
    screen = device.app.top
    view = screen.view
    assert view.windowed and view.radius >= 2
    x, y = view.overview_at
    size = view.overview_size()
    assert x + size <= 128 and y + size <= screen.panel_y  # above the strip of text
    board_right = max(view.px[p] + view.box_w // 2 for p in view.grid.points if view.visible(p))
    assert board_right < x  # beside the board, not over it


def test_a_hex_overview_dots_the_window_so_black_runs_never_read_as_it():
    """On a windowed hex board (Loupe 9) black stones are two pixels wide and a row of them is
    a solid line; the window's outline is dotted, every other pixel, so the two differ."""
    device = Device()
    for _ in range(2):
        device.press("down")  # Loupe on the main menu
    device.press("a")
    device.press("down")  # Size
    for _ in range(6):  # to the largest board
        device.press("right")
    device.press("up")
    device.press("a")  # Start
    screen = device.app.top
    view = screen.view
    assert view.hex and view.windowed, screen.game.size
    fb = device.display
    ox, oy = view.overview_at
    x = ox + view.left_col
    y = oy + view.top_row  # the outline's top edge: a row above the window's first points
    lit = [fb.pixel(x + i, y) for i in range(view.span_h)]
    assert any(lit) and all(not (a and b) for a, b in zip(lit, lit[1:]))  # dotted
