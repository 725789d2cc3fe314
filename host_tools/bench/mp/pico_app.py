"""The app on a Pico, driven from the REPL: host_tools/bench/pico.py runs this on the emulated chip.

    import pico_app; pico_app.main("go", 3)

The app is built as stones.boot builds it on a Pico (the real Pico backend: machine.Pin buttons,
the SSD1306 on I2C, saves on the flash filesystem); button events go to the screens directly.
A game of GAME is set up from the menu with White the device at its strongest Pico level, and
MOVES human moves are answered by the device through App.step() with App.run()'s 10 ms sleep
when no button came, as the device's own loop does. Prints `name value` lines: the live heap at
the menu and in the game, the board it set up, the highest live heap while the device thinks
(after a collection, every slice of its first move), and each device move's time and slices
(a stone's, in Loupe).
"""

import gc
import time


def live():
    gc.collect()
    return gc.mem_alloc()


def main(key, moves, size=0):
    base = live()
    from stones.boot import DEFAULTS
    from stones.engine.registry import game_class, keys
    from stones.platforms.pico import make_pico
    from stones.session import Session
    from stones.storage import RealFS, Store
    from stones.ui import keys as k
    from stones.ui.app import App
    from stones.ui.opponent import level_count

    buttons, display = make_pico(DEFAULTS, clock=time)
    app = App(display, buttons, time, session=Session(Store(RealFS(""))), platform="pico")
    app.start()
    print("menu_heap", live() - base)

    def press(button):
        app.top.handle(k.PRESS << 3 | button)
        app.refresh()

    for _ in range(keys().index(key)):
        press(k.DOWN)
    press(k.A)
    cls = game_class(key)
    if size:  # the setup's Size row, stepped from the default to size, either way
        press(k.DOWN)
        steps = cls.sizes.index(size) - cls.sizes.index(cls.default_size)
        for _ in range(abs(steps)):
            press(k.RIGHT if steps > 0 else k.LEFT)
        press(k.UP)
    white_row = 3 + len(cls.options)  # Start, Size, the options, Black, White
    for _ in range(white_row):
        press(k.DOWN)
    for _ in range(level_count(key)):
        press(k.RIGHT)
    for _ in range(white_row):
        press(k.UP)
    press(k.A)
    screen = app.top
    game = screen.game
    print("board", game.size)  # the board set up: the caller checks it is the one asked for
    print("game_heap", live() - base)
    # the game's opening (Game.bench): human moves tried in order, the first legal one played
    points = []
    for name in dict(cls.bench)["opening"].split():
        try:
            points.append(game.grid.parse(name))
        except ValueError:  # off a smaller board
            pass
    points = [p for p in points if p]
    peak = 0
    for move in range(moves):
        if game.over:
            break
        legal = [p for p in points if not game.reason(p)]
        if not legal:
            break
        screen.view.cursor = legal[0]
        before = game.count
        start = time.ticks_ms()  # from the press: its own work (the stone, the save, the
        press(k.A)  # device's search begun) is part of the wait for the device's stone
        slices = 0
        while game.to_move != 1 and not game.over:  # the device's turn (Loupe: two stones)
            if slices > 20000:
                raise RuntimeError("the device did not move")
            if not app.step():
                time.sleep_ms(10)
            slices += 1
            if move == 0:
                peak = max(peak, live() - base)
        stones = game.count - before - 1
        if move and stones > 0:  # the first move's time includes the collections
            print("move_ms", time.ticks_diff(time.ticks_ms(), start) // stones)
            print("move_slices", slices // stones)
    print("thinking_heap_peak", peak)
    print("free_after", gc.mem_free())
