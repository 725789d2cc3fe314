"""Go's policy pass on the emulated RP2040, frozen as the firmware ships it: policy.forward
takes the Thumb code (go/policyasm.py) there, and on every board its logits must be, to the
unit, the ones this process computes for the same position (CPython's pass, which
tests/engine/test_gopolicy.py holds to the plain reference). Under CPython the code's
instructions are held to the reference by tests/engine/test_gopolicyasm.py."""

import os

import pytest

from host_tools.bench import pico as bench_pico
from host_tools.pico import emulator as emulated_pico
from stones.engine import registry
from stones.engine.go import policy, policyweights

pytestmark = [
    pytest.mark.skipif(emulated_pico.available() is not None,
                       reason=str(emulated_pico.available())),
    pytest.mark.skipif(not os.path.exists(bench_pico.UF2),
                       reason="no build/pocket-stones.uf2 (make firmware)"),
]

SIZES = (9, 13, 19)
MOVES = ("D4", "E5", "C3", "C4", "D3", "B4", "E4", "pass", "F5")

SETUP = """
from stones.engine import registry


def position(size):
    game = registry.new_game("go", size)
    for name in %r:
        move = 0 if name == "pass" else game.grid.parse(name)
        if move == 0 or not game.reason(move):
            game.play(move)
    return game
""" % (MOVES,)

CHECK = """
from stones.compat import twin
from stones.engine.go import policy, policyweights
from position import position

print("asm", 1 if twin("stones.engine.go.policyasm") else 0)
for size in %r:
    game = position(size)
    scratch = policy.buffers(game.grid, policyweights.LAYERS)
    first = bytes(policy.forward(policyweights.LAYERS, game, scratch))
    again = bytes(policy.forward(policyweights.LAYERS, game, scratch))  # the buffers reused
    with open("expected%%d" %% size, "rb") as handle:
        print("same%%d" %% size, 1 if first == again == handle.read() else 0)
""" % (SIZES,)


def test_the_chips_pass_gives_the_hosts_logits_on_every_board():
    namespace = {}
    exec(SETUP, namespace)
    files = {"position.py": SETUP.encode()}
    for size in SIZES:
        logits = bytes(policy.forward(policyweights.LAYERS, namespace["position"](size)))
        assert any(logits)
        files["expected%d" % size] = logits
    assert registry.game_class("go").learned
    figures = bench_pico.on_device(files, CHECK)
    assert figures.get("asm") == [1.0], figures  # the firmware has the Thumb code
    for size in SIZES:
        assert figures.get("same%d" % size) == [1.0], (size, figures)
