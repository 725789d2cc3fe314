"""The Pico's machine-code layers of the learned policies (stones/engine/policyasm.py) held to
the plain-Python reference (policy.conv) under CPython: their instructions run on a model of the
Cortex-M0+'s subset (tests/engine/thumbmodel.py), a whole pass on a Go 9x9 position with the
weights the engine ships and on a hexagonal board (Loupe's), and must give the reference's
logits to the unit. The chip itself runs the same code on the emulated RP2040, on every board
(tests/pico/test_policy_pico.py).
MicroPython has no ast module to read the code with: there the check is the emulated chip's."""

import os

from support import skip

from stones.compat import MICROPYTHON
from stones.engine import policy, registry
from stones.engine.go import policy as gopolicy
from stones.engine.go import policyweights
from stones.engine.loupe import policy as loupepolicy


def path():
    """policyasm.py's source file (CPython: MicroPython has no os.path)."""
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(here, "..", "..", "firmware", "stones", "engine", "policyasm.py")


def source():
    with open(path()) as handle:
        return handle.read()


def modelled(code):
    """The namespace of policyasm's source code, its asm functions run by the model."""
    import thumbmodel

    memory = thumbmodel.Memory()

    class Micropython:
        @staticmethod
        def asm_thumb(function):
            name = function.__name__

            def call(*args):
                return thumbmodel.run(code, name, args, memory)[0]
            return call

    namespace = {"micropython": Micropython, "__name__": "policyasm"}
    exec(compile(code, path(), "exec"), namespace)
    return namespace


def position():
    game = registry.new_game("go", 9)
    for name in ("D4", "E5", "C3", "C4", "D3", "B4", "E4", "pass", "F5"):
        move = 0 if name == "pass" else game.grid.parse(name)
        if move == 0 or not game.reason(move):
            game.play(move)
    return game


def hex_position():
    """Loupe on its smallest board (a hexagon: its box's corners are off the board), a few
    stones in, with its inputs."""
    game = registry.new_game("loupe", 7)
    for name in ("d4", "c3", "c4", "e4", "e5", "b2"):
        move = game.parse(name)
        if not game.reason(move):
            game.play(move)
    return game, loupepolicy


def modelled_logits(code, game, inputs=gopolicy):
    """The logits of code's forward pass, in the buffers policy.buffers makes (the inputs share
    an activation buffer, whose cells off the board hold input planes until cleared)."""
    net = policyweights.LAYERS
    x, a, b, logits, libs, params, _ = policy.buffers(game.grid, net, inputs.PLANES)
    inputs.planes(game, x, libs)
    return bytes(modelled(code)["forward"](net, game.grid, x, a, b, logits, params))


def test_the_machine_code_pass_gives_the_references_logits():
    if MICROPYTHON:
        skip("the model reads the code with CPython's ast")
    game = position()
    reference = bytes(policy.forward(policyweights.LAYERS, game, gopolicy, plain=True))
    assert modelled_logits(source(), game) == reference and any(reference)


def test_the_machine_code_pass_gives_the_references_logits_on_a_hexagon():
    """Go's net on Loupe's inputs (the same planes a point): what matters here is the board,
    whose taps reach past the hexagon's last cell (policy.cells pads the buffers for them)."""
    if MICROPYTHON:
        skip("the model reads the code with CPython's ast")
    game, inputs = hex_position()
    reference = bytes(policy.forward(policyweights.LAYERS, game, inputs, plain=True))
    assert modelled_logits(source(), game, inputs) == reference and any(reference)


def test_without_the_inline_assembler_the_pass_takes_its_other_forms():
    """A runtime without Thumb code (CPython, the unix port on a PC: from source the module
    does not compile, and the host's builds leave it out) finds no policyasm, remembers that,
    and the pass still gives the reference's logits."""
    from stones import compat

    assert compat.twin("stones.engine.policyasm") is None
    assert compat.twin("stones.engine.policyasm") is None  # asked again: still none
    if MICROPYTHON:
        assert "stones.engine.policyasm" in compat._MISSING  # not compiled again
    game = position()
    reference = bytes(policy.forward(policyweights.LAYERS, game, gopolicy, plain=True))
    assert bytes(policy.forward(policyweights.LAYERS, game, gopolicy)) == reference and any(
        reference)


def test_a_changed_instruction_is_caught():
    """The check reads the code itself: one instruction changed, the logits differ."""
    if MICROPYTHON:
        skip("the model reads the code with CPython's ast")
    code = source()
    assert "    asr(r4, r4, 24)\n" in code
    broken = code.replace("    asr(r4, r4, 24)\n", "    lsr(r4, r4, 24)\n", 1)  # no sign
    game = position()
    assert modelled_logits(broken, game) != bytes(
        policy.forward(policyweights.LAYERS, game, gopolicy, plain=True))
