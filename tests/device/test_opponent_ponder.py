"""Pondering: while a human plays the device, the device searches the human's position in small
slices (ui/opponent.py's Pondering), one a tick, with nothing shown; it stops under the in-game
menu, while the panel is dimmed, when the System screen's Ponder is off and at its level's cap,
and the device's search after the human's move keeps the subtree of that move. Both runtimes."""

from support import system_row
from test_opponent_ui import go_against_device_as_white

from host_tools.sim.device import Device, path
from stones.ui.app import AWAKE, DIMMED, SLEEP_S
from stones.ui.opponent import PONDER_PIECES, level_count

LEVEL = 4  # the top Pico level: pondering to its end takes a moment on either runtime
# Devices made one after another (rebooted), each with its app, screens and search, and every
# module's code in the heap, where a Pico runs it from flash: Go's pattern table then finds no
# block in a Pico-sized heap of 64-bit objects (tests/host/test_micropython.py)
MICROPYTHON_HEAP = "256K"


def against_device(ponder=True, level=None, fs=None):
    """Go 9x9, the human Black against the device as White (by default the strongest here, so
    that pondering lasts past a few presses); Black to move."""
    device = Device(fs=fs)
    if ponder is not None:  # (None: as saved)
        device.app.system["ponder"] = ponder
    device = go_against_device_as_white(level or level_count("go"), device)
    assert device.app.top.module_name == "play", device.app.error  # (a MemoryError: the heap)
    return device


def work(device):
    search = device.app.search
    return search.work if search is not None else 0


def ponder_to_the_end(device, limit=20000):
    screen = device.app.top
    waited = 0
    while not screen.pondering.done and waited < limit:
        device.run(50)
        waited += 50
    assert screen.pondering.done


def press_tick_by_tick(device):
    """Press right 60 ms, then release it 60 ms, a tick at a time: after each tick, the frame's
    CRC, the cursor, the search's playouts (None: no search) and whether it thinks."""
    import binascii

    app = device.app
    device.pin("right").press()
    ticks = []
    for tick in range(24):
        if tick == 12:
            device.pin("right").release()
        device.run(5)
        search = app.search
        ticks.append((binascii.crc32(device.display.buffer), app.top.view.cursor,
                      None if search is None else search.playouts, app.top.thinking))
    return ticks


def test_pondering_grows_the_search_and_changes_nothing_on_the_screen():
    # Ponder on and off, the same presses at the same ticks: the same frames and the same
    # cursor after every tick; only the pondering one's search works, a short slice a tick.
    # (One device at a time: a Pico-sized heap holds one app.)
    off = against_device(False)
    assert off.app.top.pondering is None
    cursor = off.app.top.view.cursor
    quiet = press_tick_by_tick(off)
    assert off.app.search is None  # Ponder off: no search at all during the human's turn
    off = None
    on = against_device(True)
    screen = on.app.top
    assert screen.pondering is not None
    playouts = on.app.search.playouts
    ticks = press_tick_by_tick(on)
    assert [t[:2] for t in ticks] == [t[:2] for t in quiet]  # the frames, the cursor
    assert quiet[-1][1] != cursor  # (the press moved it)
    for _, _, done, thinking in ticks:
        assert thinking is None
        # a short slice a tick: a few pieces of playouts (none while the press settles)
        assert 0 <= done - playouts <= PONDER_PIECES // 2
        playouts = done
    assert ticks[-1][2] > ticks[0][2]  # it pondered during the press (until done, if it was)


def test_pondering_stops_under_the_menu_and_goes_on_after_it():
    device = against_device()
    device.run(20)
    assert not device.app.top.pondering.done
    device.press("menu")
    assert device.app.top.module_name == "gamemenu"
    held = work(device)
    device.run(1000)
    assert work(device) == held
    device.press("b")  # back to the game
    device.run(50)
    assert work(device) > held


def test_pondering_lets_the_panel_dim_and_stops_while_it_is_dimmed():
    device = against_device()
    app = device.app
    device.run(20)
    assert not app.top.pondering.done
    device.clock.advance(SLEEP_S[app.system["sleep"]] * 1000)  # the player thinks a while
    device.run(5)
    assert app.power == DIMMED and not app.top.pondering.done  # it did not keep it awake
    held = work(device)
    device.run(2000)
    assert work(device) == held
    cursor = app.top.view.cursor
    device.press("left")  # wakes, and is not the player's
    assert app.power == AWAKE and app.top.view.cursor == cursor
    device.run(50)
    assert work(device) > held


def test_the_ponder_setting_is_on_the_system_screen_and_kept():
    device = Device()
    screen, row = system_row(device, "Ponder")
    assert screen.list.rows[row][1] == "off"  # the default
    device.press("right")
    assert screen.list.rows[row][1] == "on"
    device.press("b")  # saved
    fs = device.fs
    device = None  # (one app in the heap at a time, as on a Pico)
    rebooted = Device(fs=fs.reboot())
    assert rebooted.app.system["ponder"] is True
    rebooted = None
    device = against_device(ponder=None, fs=fs.reboot())  # the saved setting
    assert device.app.top.pondering is not None
    device.run(1000)
    assert device.app.search is not None and device.app.search.work > 0


def test_pondering_ends_at_its_cap_and_the_device_keeps_the_pondered_reply():
    from stones.engine.search import PONDER_WORK, budget

    device = against_device(level=LEVEL)
    app = device.app
    game = app.game
    ponder_to_the_end(device)
    search = app.search
    assert search.finished or search.full()  # its work spent (or decided), or full
    cap = PONDER_WORK * budget(game, LEVEL, pi=True)
    assert 0 < search.work <= cap + 1000  # not far past one playout
    held = (search.work, search.visits[0])
    device.run(1000)
    assert (search.work, search.visits[0]) == held  # over: no more work
    move, visits, _ = search.ranked()[0]  # the reply the pondering studied most
    assert move and visits > 0
    view = app.top.view
    for button in path(view, move):
        device.press(button)
    device.pin("a").press()
    waited = 0
    while app.top.thinking is None and waited < 1000:
        device.run(5)
        waited += 5
    device.pin("a").release()
    assert game.count == 1 and app.top.thinking is not None
    assert app.top.pondering is None
    # the device's search began from the subtree of that move: its root has the pondered
    # visits, then one more for each of the device's own playouts
    assert search.visits[0] - search.playouts == visits
    waited = 0
    while game.count < 2 and waited < 20000:
        device.run(50)
        waited += 50
    assert game.count == 2 and game.colour(game.last_move()) == 2
    device.run(20)
    assert app.top.pondering is not None and work(device) > 0  # pondering the next turn


def test_a_hint_while_pondering_and_pondering_after_it():
    device = against_device()
    app = device.app
    screen = app.top
    device.run(20)
    pondering = screen.pondering
    assert not pondering.done
    device.press("menu")
    for _ in range(3):  # Back, Pass, Undo -> Hint
        device.press("down")
    device.press("a")
    assert screen.thinking is not None and screen.thinking.hint
    search = app.search
    assert search.visits[0] > search.playouts  # the hint goes on from the pondered tree
    waited = 0
    while screen.thinking is not None and waited < 20000:
        device.run(50)
        waited += 50
    assert screen.message.startswith("Hint: ") and app.game.count == 0
    assert screen.pondering is pondering
    device.run(20)
    assert pondering.done or search.work > 0  # on again, from the hint's tree


def test_no_pondering_between_two_humans_nor_once_the_game_is_over():
    from stones.ui.opponent import ponder_level

    device = Device()
    device.press("a")
    device.press("a")  # Go, two humans
    device.run(500)
    assert device.app.top.pondering is None and device.app.search is None
    device = None  # (one app in the heap at a time, as on a Pico)
    device = against_device(level=LEVEL)
    game = type(device.app.game)()
    assert ponder_level(device.app, game) == LEVEL  # Black, the human, to move
    game.play(0)
    assert ponder_level(device.app, game) == 0  # the device to move: it thinks instead
    game.play(0)
    assert game.over and ponder_level(device.app, game) == 0


def test_a_slice_longer_than_the_bound_ends_the_turns_pondering():
    # Where one playout takes longer than PONDER_MS (a large board on a Pico), pondering stops
    # for the turn rather than make every press wait that long. The simulator's clock moves
    # only between ticks, so the slow slice is made by a step that moves it.
    from stones.ui.opponent import PONDER_MS

    device = against_device(True)
    screen = device.app.top
    device.run(10)  # slices of the search begun with the turn
    search = device.app.search
    assert search is not None and not screen.pondering.done
    plain = search.ponder
    clock = device.app.clock

    def slow(moves, grow=True):
        clock.advance(PONDER_MS + 1)
        return plain(moves, grow)

    search.ponder = slow
    before = search.playouts
    device.run(10)
    search.ponder = plain
    assert screen.pondering.done  # the slow piece, then no more
    assert before <= search.playouts <= before + 1
    done = work(device)
    device.run(200)
    assert work(device) == done


def test_the_loop_rests_except_while_it_ponders_or_a_press_settles():
    # App.run sleeps pause_ms() after a step without an event: not at all while the game
    # screen has pondering to do (its slices are short), briefly while a press settles (its
    # frame is due), the idle period otherwise: once the pondering is over.
    device = against_device(True)
    app = device.app
    device.run(20)
    assert app.top.working() and app.pause_ms() == 0
    device.pin("left").press()
    device.run(1)
    settle = app.pause_ms()
    assert app.buttons.settling() and settle > 0
    device.run(40)
    device.pin("left").release()
    device.run(40)
    after, working = app.pause_ms(), app.top.working()  # settled: 0 while it still ponders
    ponder_to_the_end(device)
    idle = app.pause_ms()
    assert not app.top.working() and idle > settle
    assert after == (0 if working else idle)
