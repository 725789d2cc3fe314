"""MicroPython only: a cursor move on the game screen (two point boxes, the point's name, the
display's changed pages sent) allocates nothing, on a square and on a hex board; nor does a tick
of the device pondering on the player's turn (ui/opponent.py's Pondering: a slice of its
search), also when it begins again after a hint."""

import micropython

from stones.drivers.buttons import Buttons
from stones.drivers.ssd1306 import SSD1306
from stones.engine.go.rules import Go
from stones.engine.loupe.rules import Loupe
from stones.platforms.fakes import FakeClock, FakeI2C, FakePin
from stones.ui import keys
from stones.ui.app import App


def game_screen(game, players=None, ponder=False):
    clock = FakeClock()
    pins = {}
    for name in ("up", "down", "left", "right", "a", "b", "menu"):
        pins[name] = FakePin()
    display = SSD1306(128, 64, FakeI2C(keep=0))
    app = App(display, Buttons(pins, clock), clock)
    app.start()
    app.system["ponder"] = ponder
    app.game = game
    app.players = players or {}
    screen = app.open("play", game)
    app.refresh()
    return app, screen, display


def press_heap_locked(screen, display, presses):
    """Each press handled and shown with the heap locked: a MemoryError if anything allocates."""
    events = [keys.PRESS << 3 | button for button in presses]

    def go():
        for event in events:
            screen.handle(event)
            display.show()

    micropython.heap_lock()
    try:
        go()
    finally:
        micropython.heap_unlock()


def moves_without_allocating(game, presses):
    app, screen, display = game_screen(game)
    start = screen.view.cursor
    sent = display.bytes_sent
    press_heap_locked(screen, display, presses)
    assert screen.view.cursor != start
    return display.bytes_sent - sent


def test_square_board_cursor_moves_allocate_nothing():
    presses = (keys.UP, keys.UP, keys.LEFT, keys.DOWN, keys.RIGHT, keys.RIGHT) * 3
    sent = moves_without_allocating(Go(), presses)
    # each move resends the pages of two point boxes and of the name line: never a full frame
    assert 0 < sent <= len(presses) * 4 * 136 < len(presses) * 1032


def test_hex_board_cursor_moves_allocate_nothing():
    presses = (keys.UP, keys.LEFT, keys.DOWN, keys.DOWN, keys.RIGHT, keys.UP) * 3
    assert moves_without_allocating(Loupe(), presses) > 0


def test_scrolling_the_19x19_window_allocates_nothing():
    presses = (keys.LEFT,) * 12 + (keys.DOWN,) * 12 + (keys.RIGHT,) * 14
    app, screen, display = game_screen(Go(19))
    assert screen.view.windowed
    start = (screen.view.left_col, screen.view.top_row)
    press_heap_locked(screen, display, presses)
    assert (screen.view.left_col, screen.view.top_row) != start


def test_compact_text_from_bytes_allocates_nothing():
    from stones.ui.draw import small

    display = SSD1306(128, 64, FakeI2C(keep=0))
    text = b"Captured B 12 W 3"
    small(display, text, 0, 0)  # the first call may load what it needs
    display.fill(0)
    micropython.heap_lock()
    try:
        end = small(display, text, 0, 20)
        small(display, text, 0, 40, 0)
    finally:
        micropython.heap_unlock()
    assert end == len(text) * 6
    assert any(display.buffer[2 * 128:3 * 128])  # ink on the page of the row at y 20


def ponder_ticks_locked(app, screen, ticks):
    """ticks ticks of the game screen with the heap locked, the clock moving between them."""
    clock = app.clock
    micropython.heap_lock()
    try:
        for _ in range(ticks):
            clock.advance(5)
            screen.tick(clock.ticks_ms())
    finally:
        micropython.heap_unlock()


def test_a_pondering_tick_allocates_nothing():
    app, screen, display = game_screen(Go(), {"1": "human", "2": "device:4"}, ponder=True)
    pondering = screen.pondering
    assert pondering is not None and screen.thinking is None
    screen.tick(app.clock.ticks_ms())  # the first search: the node arrays, the scratch game
    search = app.search
    work = search.work
    ponder_ticks_locked(app, screen, 10)
    assert search.work > work and not pondering.done
    screen.hint()  # a search of its own on the same tree: the pondering pauses
    while screen.thinking is not None:
        app.clock.advance(5)
        screen.tick(app.clock.ticks_ms())
    assert pondering.running is False and not pondering.done
    ponder_ticks_locked(app, screen, 3)  # begins again, keeping the hint's tree
    assert pondering.running and search.visits[0] > search.playouts
