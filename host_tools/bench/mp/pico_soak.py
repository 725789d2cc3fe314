"""Whole games back to back in one app, device against device: host_tools/bench/soak.py runs this
on the emulated chip, a game a call, never restarting the app between them.

    import pico_soak; pico_soak.game("go", 1)

The app is built once, as stones.boot builds it on a Pico (pico_app.py does the same: the real
Pico backend, saves and records on the flash filesystem), and kept in APP. Each call starts
KEY's game on its own board from the main menu with both colours the device at LEVEL, lets the
app's own loop play it to its end (App.step, the 10 ms sleep of App.run when no button came),
goes through the score screen to the menu (the game's record written), collects the garbage
and prints `game KEY LEVEL MOVES MS FREE` (MS: the game's time, FREE: gc.mem_free()), then
micropython.mem_info()'s lines, where `max free sz` is the largest free block in blocks of 16
bytes (the host reads it). An error screen, or a game that does not end within LIMIT_MS of the
device's time, prints `failed KEY WHY` instead.
"""

import gc
import time

APP = None
LIMIT_MS = 3600 * 1000  # an hour of the device's time for one game


def app():
    """The one app of the soak: made at the first call, kept for every game after."""
    global APP
    if APP is None:
        from stones.boot import DEFAULTS
        from stones.platforms.pico import make_pico
        from stones.session import Session
        from stones.storage import RealFS, Store
        from stones.ui.app import App

        buttons, display = make_pico(DEFAULTS, clock=time)
        APP = App(display, buttons, time, session=Session(Store(RealFS(""))), platform="pico")
        APP.start()
    return APP


def press(the_app, button):
    from stones.ui import keys

    the_app.top.handle(keys.PRESS << 3 | button)
    the_app.refresh()


def game(key, level):
    from stones.engine.registry import game_class
    from stones.ui import keys

    the_app = app()
    cls = game_class(key)
    who = "Device %d" % level
    remembered = dict(the_app.settings.get(key, {}))
    remembered["black"] = who
    remembered["white"] = who
    the_app.settings[key] = remembered  # the setup screen opens with them (ui/setup.py)
    menu = the_app.top
    if menu.module_name != "menu":
        print("failed %s not at the menu but %s" % (key, menu.module_name))
        return
    menu.list.selected = menu.list.rows.index(cls.title)
    press(the_app, keys.A)  # the game's setup
    press(the_app, keys.A)  # Start
    start = time.ticks_ms()
    current = the_app.game
    while the_app.top.module_name not in ("score", "error", "message"):
        if time.ticks_diff(time.ticks_ms(), start) > LIMIT_MS:
            print("failed %s no end after %d moves" % (key, current.count))
            return
        if not the_app.step():
            time.sleep_ms(10)
    ms = time.ticks_diff(time.ticks_ms(), start)
    if the_app.top.module_name == "error":
        print("failed %s %r" % (key, the_app.error))
        return
    moves = current.count
    for _ in range(8):  # a message (the move limit) closed, Go's marking done, on to the result,
        top = the_app.top  # MENU there to the menu (A would start a rematch)
        if top.module_name == "menu":
            break
        stage = top.stage if top.module_name == "score" else -1
        press(the_app, keys.MENU if stage == 0 or stage == 3 else keys.A)  # MARK, RESULT
    if the_app.top.module_name != "menu":
        print("failed %s the score screens led to %s" % (key, the_app.top.module_name))
        return
    current = None
    gc.collect()
    print("game %s %d %d %d %d" % (key, level, moves, ms, gc.mem_free()))
    import micropython

    micropython.mem_info()
