"""The device plays the last move of a 9x9 game at its move limit (Game._cap, docs/rules.md
A9): its search finds room beside a game that long, and the end is said as when a human plays
it. Both runtimes; under MicroPython in the Pico-sized heap (tests/host/test_micropython.py).
Its own module, so that the MicroPython run starts with an empty heap (test_move_limit.py's
19x19 game leaves its code and tables behind)."""

from longgames import play_long
from test_move_limit import resumed_at

from stones.engine.go.rules import Go


def test_the_device_plays_the_last_move_of_a_9x9_game_at_its_limit():
    game = play_long(Go(9), Go(9).cap - 1, 8)
    limit = game.cap
    mover = game.to_move
    device = resumed_at(game, {str(mover): "device:1", str(3 - mover): "human"})
    game = device.app.game
    assert game.count == limit - 1
    for _ in range(600):  # the device thinks, a tick at a time
        if game.over:
            break
        device.run(100)
    assert game.over and game.count == limit and game.entry(limit - 1)[0] == mover
    top = device.app.top
    assert top.module_name == "message" and top.text.startswith("move limit %d reached" % limit)
