"""A game at the move limit (Game._cap, docs/rules.md A9) on the device: the longest Go game a
device holds, 19x19 at its limit, resumes from its save, takes its last move from the buttons,
ends with the limit named on the score screen, and is kept in the records with every move.
Both runtimes; under MicroPython in the Pico-sized heap (tests/host/test_micropython.py), which
is the heap test at the limit: the game, its save, the app and its record fit there
(test_move_limit_device.py: the device thinks the last move of a game at its limit)."""

import gc

from longgames import play_long

from host_tools.sim.device import Device
from stones.engine.go.rules import Go
from stones.platforms.fakes import FakeFS
from stones.session import Session
from stones.storage import Store

# A 19x19 game at its move limit, the test's own paths and lists beside it, and every module's
# code in the heap, where a Pico runs it from flash (tests/host/test_micropython.py)
MICROPYTHON_HEAP = "256K"


def resumed_at(game, players=None):
    """A device booted over a save of game (two humans unless players says), its game resumed
    on the play screen."""
    fs = FakeFS()
    Session(Store(fs)).save_game(game, players or {})
    game = None
    gc.collect()
    device = Device(fs=fs)
    assert device.app.top.module_name == "play"  # a game in progress resumes at once
    return device


def test_a_19x19_game_reaches_its_move_limit_and_says_so():
    game = play_long(Go(19), Go(19).cap - 1, 5)
    limit = game.cap
    last = [p for p in game.grid.points if game.legal(p)][0]
    name = game.grid.name(last)
    device = resumed_at(game)
    game = device.app.game
    assert game.count == limit - 1 and not game.over
    device.play(name)
    assert game.count == limit and game.over
    result = game.result()
    assert result.winner is None and result.note == "move limit %d reached" % limit
    assert str(game.reason_text(game.reason(0))) == "move limit %d reached" % limit
    top = device.app.top  # the end is said at once, over the score screen
    assert top.module_name == "message" and top.text.startswith("move limit %d reached" % limit)
    device.press("a")
    assert device.app.top.module_name == "score"
    device.press("menu")  # nothing to mark: done
    device.press("a")  # the table
    device.press("a")  # the result
    assert device.app.top.result.note == "move limit %d reached" % limit
    device.press("a")  # kept in the records, back to the menu
    names = device.fs.listdir("records")
    assert names == ["0001-go.sgf"], names
    text = bytes(device.fs.files["records/0001-go.sgf"]).decode()
    assert text.count(";B[") + text.count(";W[") == limit and "RE[Void]" in text
    gc.collect()

