"""The policy pass on the emulated RP2040, frozen as the firmware ships it: policy.forward takes
the Thumb code (engine/policyasm.py) there, and on every Go board and on Loupe's largest
hexagon its logits must be, to the unit, the ones this process computes for the same position
(CPython's pass, which tests/engine/test_policy.py holds to the plain reference). Under CPython
the code's instructions are held to the reference by tests/engine/test_policyasm.py."""

import os

import pytest

from host_tools.bench import pico as bench_pico
from host_tools.pico import emulator as emulated_pico
from stones.engine import policy, registry
from stones.engine.go import policyweights

pytestmark = [
    pytest.mark.skipif(emulated_pico.available() is not None,
                       reason=str(emulated_pico.available())),
    pytest.mark.skipif(not os.path.exists(bench_pico.UF2),
                       reason="no build/pocket-stones.uf2 (make firmware)"),
]

BOARDS = (("go", 9), ("go", 13), ("go", 19), ("loupe", 11))
MOVES = ("D4", "E5", "C3", "C4", "D3", "B4", "E4", "pass", "F5", "d4", "c3", "e5", "f6")

SETUP = """
from stones.engine import registry


def position(key, size):
    game = registry.new_game(key, size)
    for name in %r:
        try:
            move = game.parse(name)
        except ValueError:  # another board's name
            continue
        if not game.reason(move):
            game.play(move)
    return game
""" % (MOVES,)

# Go's net serves Loupe's inputs too (eight planes a cell): what is checked there is the
# hexagon's layout, not a net
CHECK = """
from stones.compat import twin
from stones.engine import policy, registry
from stones.engine.go import policyweights
from position import position

print("asm", 1 if twin("stones.engine.policyasm") else 0)
for at, (key, size) in enumerate(%r):
    game = position(key, size)
    inputs = __import__(registry.game_class(key).policy, None, None, ("_",))
    scratch = policy.buffers(game.grid, policyweights.LAYERS, inputs.PLANES)
    first = bytes(policy.forward(policyweights.LAYERS, game, inputs, scratch))
    again = bytes(policy.forward(policyweights.LAYERS, game, inputs, scratch))  # reused
    with open("expected%%d" %% at, "rb") as handle:
        print("same%%d" %% at, 1 if first == again == handle.read() else 0)
""" % (BOARDS,)


def test_the_chips_pass_gives_the_hosts_logits_on_every_board():
    namespace = {}
    exec(SETUP, namespace)
    files = {"position.py": SETUP.encode()}
    for at, (key, size) in enumerate(BOARDS):
        game = namespace["position"](key, size)
        assert game.count >= 4
        inputs = __import__(registry.game_class(key).policy, None, None, ("_",))
        logits = bytes(policy.forward(policyweights.LAYERS, game, inputs))
        assert any(logits)
        files["expected%d" % at] = logits
    assert registry.game_class("go").learned
    figures = bench_pico.on_device(files, CHECK)
    assert figures.get("asm") == [1.0], figures  # the firmware has the Thumb code
    for at, board in enumerate(BOARDS):
        assert figures.get("same%d" % at) == [1.0], (board, figures)
