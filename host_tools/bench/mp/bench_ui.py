"""UI benchmark workload, for the MicroPython unix port and CPython alike.

    micropython bench_ui.py GAME

Sets up the simulated device on GAME's board (the real app, driver and button logic over fakes),
then times the work the device does: a cursor move redraw (two point boxes, the point's name,
the changed display pages found and sent), a placement (the move played, the boxes it changed
and the panel redrawn, the changed pages sent) and the autosave that follows it (the binary game
save made and written to a filesystem that discards the bytes: flash speed is the device's own).
Prints `name value` lines; times are best of several, in microseconds.
"""

import gc
import sys

from host_tools.sim.device import Device, run_script
from stones.compat import ticks_diff, ticks_us

ROUNDS = 40


def starts(key):
    """The menu presses that start a game of key with its defaults: down to the game (the menu
    lists the games in registry order), A, A on Start, and A twice more where two humans first
    settle something (Game.pregame: Loose's komi, proposed and accepted)."""
    from stones.engine.registry import game_class, keys

    presses = ["down"] * keys().index(key) + ["a", "a"]
    return presses + ["a", "a"] if game_class(key).pregame else presses


def live():
    gc.collect()
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


class NullFile:
    def write(self, data):
        return len(data)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class NullFS:
    """Saves go nowhere: the benchmark times making them, not the flash."""

    def open(self, name, mode):
        if "r" in mode:
            raise OSError(2)
        return NullFile()

    def size(self, name):
        raise OSError(2)


def main(key):
    device = Device()
    run_script(device, starts(key), None)
    screen = device.app.top
    display = device.display
    keys = __import__("stones.ui.keys", None, None, ("PRESS",))
    heap_play = live()
    # cursor moves: press right/left alternately, as a held d-pad would (auto-repeat)
    best = 1 << 30
    sent = display.bytes_sent
    for i in range(ROUNDS):
        event = keys.PRESS << 3 | (keys.RIGHT if i & 1 else keys.LEFT)
        start = ticks_us()
        screen.handle(event)
        display.show()
        best = min(best, ticks_diff(ticks_us(), start))
    per_move = (display.bytes_sent - sent) // ROUNDS
    # placements: play at the cursor's point (what the move changed redrawn and sent), then
    # undo; the save that follows a move is timed on its own
    session = device.app.session
    device.app.session = None
    best_place = 1 << 30
    best_save = 1 << 30
    moves = 0
    for _ in range(ROUNDS):
        event = keys.PRESS << 3 | keys.RIGHT
        screen.handle(event)
        display.show()
        game = screen.game
        if game.reason(screen.view.cursor):
            continue
        start = ticks_us()
        screen.handle(keys.PRESS << 3 | keys.A)
        device.app.refresh()
        best_place = min(best_place, ticks_diff(ticks_us(), start))
        session.store.fs = NullFS()
        session.store._newest.clear()
        start = ticks_us()
        session.save_game(screen.game)
        best_save = min(best_save, ticks_diff(ticks_us(), start))
        moves += 1
        screen.game.undo()
    print("cursor_redraw_us", best)
    print("cursor_bytes", per_move)
    print("place_redraw_us", best_place)
    print("autosave_us", best_save)
    print("placements_timed", moves)
    print("app_heap_play", heap_play)


if __name__ == "__main__":
    main(sys.argv[1])
