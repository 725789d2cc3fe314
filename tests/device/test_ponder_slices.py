"""The pondering's slices against the buttons (ui/opponent.py): a button that moves ends the slice
at the next piece; where one expansion is slow the pondering grows no nodes, and where it is slower
still there is none. The simulator's clock stands still within a tick, so a tick runs PONDER_PIECES
pieces unless a button ends it; a slow expansion is made by a probe that moves the clock."""

from test_opponent_ponder import against_device
from test_opponent_ui import go_against_device_as_white

from host_tools.sim.device import Device
from stones.engine.search import Search
from stones.ui.opponent import PONDER_GROW_MS, PONDER_MS, PONDER_PIECES, level_count

MICROPYTHON_HEAP = "256K"


def counting(device, press_at=0):
    """One tick of pondering; the pieces it ran (press_at: LEFT goes down during that piece)."""
    search = device.app.search
    plain = search.ponder
    calls = []
    pin = device.pin("left")

    def piece(moves, grow=True):
        calls.append(moves)
        if len(calls) == press_at:
            pin.press()
        return plain(moves, grow)

    search.ponder = piece
    try:
        device.run(5)  # one tick
    finally:
        search.ponder = plain
    return len(calls)


def test_a_button_that_moves_ends_the_slice():
    device = against_device(True)
    device.run(10)  # the search begun with the turn, and a slice
    screen = device.app.top
    assert screen.pondering.working() and screen.pondering.grow
    assert counting(device) == PONDER_PIECES  # a quiet tick: every piece
    assert counting(device, press_at=2) == 2  # LEFT went down in the second: the slice ends
    cursor = screen.view.cursor
    device.run(40)  # the press settles, with no pondering meanwhile
    device.pin("left").release()
    device.run(40)
    assert screen.view.cursor != cursor and device.app.error is None


def slow_probe(ms):
    """Go 9x9 against the device, Black to move, its search's expansions timed at ms."""
    device = Device()
    device.app.system["ponder"] = True
    clock = device.app.clock

    class SlowProbe(Search):  # the app's searcher: an expansion as slow as a large board's
        def probe(self):
            clock.advance(ms)
            Search.probe(self)

    device.app.searcher = SlowProbe
    return go_against_device_as_white(level_count("go"), device)


def test_where_an_expansion_is_slow_the_pondering_grows_no_node():
    device = slow_probe(PONDER_GROW_MS + 1)
    screen = device.app.top
    assert screen.pondering.working() and not screen.pondering.grow
    search = device.app.search
    nodes, playouts = search.n_nodes, search.playouts
    device.run(300)
    assert search.playouts > playouts + 3 and search.n_nodes == nodes


def test_where_an_expansion_is_slower_than_a_piece_may_be_there_is_no_pondering():
    device = slow_probe(PONDER_MS + 1)
    screen = device.app.top
    search = device.app.search
    playouts = search.playouts
    assert screen.pondering.done and not screen.working()
    device.run(300)
    assert search.playouts == playouts and device.app.pause_ms() > 0  # the loop rests
