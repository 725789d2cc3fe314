"""The Pico's machine-code layers of Go's policy (stones/engine/go/policyasm.py) held to the
plain-Python reference (policy.conv) under CPython: their instructions run on a model of the
Cortex-M0+'s subset (tests/engine/thumbmodel.py), a whole pass on a 9x9 position with the
weights the engine ships, and must give the reference's logits to the unit. The chip itself runs
the same code on the emulated RP2040, on every board (tests/pico/test_policy_pico.py).
MicroPython has no ast module to read the code with: there the check is the emulated chip's."""

import os

from support import skip

from stones.compat import MICROPYTHON
from stones.engine import registry
from stones.engine.go import policy, policyweights


def path():
    """policyasm.py's source file (CPython: MicroPython has no os.path)."""
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(here, "..", "..", "firmware", "stones", "engine", "go", "policyasm.py")


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


def modelled_logits(code, game):
    """The logits of code's forward pass, in the buffers policy.buffers makes (the inputs share
    an activation buffer, whose cells off the board hold input planes until cleared)."""
    net = policyweights.LAYERS
    x, a, b, logits, libs, params = policy.buffers(game.grid, net)
    policy.planes(game, x, libs)
    return bytes(modelled(code)["forward"](net, game.grid, x, a, b, logits, params))


def test_the_machine_code_pass_gives_the_references_logits():
    if MICROPYTHON:
        skip("the model reads the code with CPython's ast")
    game = position()
    reference = bytes(policy.forward(policyweights.LAYERS, game, plain=True))
    assert modelled_logits(source(), game) == reference and any(reference)


def test_without_the_inline_assembler_the_pass_takes_its_other_forms():
    """A runtime without Thumb code (CPython, the unix port on a PC: from source the module
    does not compile, and the host's builds leave it out) finds no policyasm, remembers that,
    and the pass still gives the reference's logits."""
    from stones import compat

    assert compat.twin("stones.engine.go.policyasm") is None
    assert compat.twin("stones.engine.go.policyasm") is None  # asked again: still none
    if MICROPYTHON:
        assert "stones.engine.go.policyasm" in compat._MISSING  # not compiled again
    game = position()
    reference = bytes(policy.forward(policyweights.LAYERS, game, plain=True))
    assert bytes(policy.forward(policyweights.LAYERS, game)) == reference and any(reference)


def test_a_changed_instruction_is_caught():
    """The check reads the code itself: one instruction changed, the logits differ."""
    if MICROPYTHON:
        skip("the model reads the code with CPython's ast")
    code = source()
    assert "    asr(r4, r4, 24)\n" in code
    broken = code.replace("    asr(r4, r4, 24)\n", "    lsr(r4, r4, 24)\n", 1)  # no sign
    game = position()
    assert modelled_logits(broken, game) != bytes(
        policy.forward(policyweights.LAYERS, game, plain=True))
