"""The Pico's machine-code layer of Go's policy (stones/engine/go/policyasm.py) held to the
plain-Python reference (policy.conv) under CPython: its instructions run on a model of the
Cortex-M0+'s subset (tests/engine/thumbmodel.py), layer by layer, on each board size, with the
weights the engine ships, and must give the reference's activations and logits to the unit.
The chip itself runs the same code on the emulated RP2040 (tests/pico/test_policy_pico.py).
MicroPython has no ast module to read the code with: there the check is the emulated chip's."""

import os

from support import skip

from stones.compat import MICROPYTHON
from stones.engine import registry
from stones.engine.go import policy, policyweights

HERE = os.path.dirname(os.path.abspath(__file__)) if not MICROPYTHON else ""


def modelled():
    """policyasm's namespace with its asm functions run by the model, and the model's memory."""
    import thumbmodel

    path = os.path.join(HERE, "..", "..", "firmware", "stones", "engine", "go", "policyasm.py")
    with open(path) as handle:
        source = handle.read()
    memory = thumbmodel.Memory()

    class Micropython:
        @staticmethod
        def asm_thumb(function):
            name = function.__name__

            def call(*args):
                return thumbmodel.run(source, name, args, memory)[0]
            return call

    namespace = {"micropython": Micropython, "__name__": "policyasm"}
    exec(compile(source, path, "exec"), namespace)
    return namespace


def positions():
    for size in (9,):
        game = registry.new_game("go", size)
        for name in ("D4", "E5", "C3", "C4", "D3", "B4", "E4", "pass", "F5"):
            move = 0 if name == "pass" else game.grid.parse(name)
            if move == 0 or not game.reason(move):
                game.play(move)
        yield game


def test_the_machine_code_pass_gives_the_references_logits():
    """The whole pass as the Pico runs it, in the buffers policy.buffers makes (the inputs
    share an activation buffer, whose cells off the board hold input planes until cleared)."""
    if MICROPYTHON:
        skip("the model reads the code with CPython's ast")
    asm = modelled()
    net = policyweights.LAYERS
    for game in positions():
        x, a, b, logits, libs, params = policy.buffers(game.grid, net)
        policy.planes(game, x, libs)
        ours = bytes(asm["forward"](net, game.grid, x, a, b, logits, params))
        reference = bytes(policy.forward(net, game, plain=True))
        assert ours == reference and any(reference), game.grid.n


def test_without_the_inline_assembler_the_pass_takes_its_other_forms():
    """A runtime without Thumb code (CPython, the unix port on a PC: from source the module
    does not compile, and the host's builds leave it out) finds no policyasm, remembers that,
    and the pass still gives the reference's logits."""
    from stones import compat

    assert compat.twin("stones.engine.go.policyasm") is None
    assert compat.twin("stones.engine.go.policyasm") is None  # asked again: still none
    if MICROPYTHON:
        assert "stones.engine.go.policyasm" in compat._MISSING  # not compiled again
    game = next(positions())
    reference = bytes(policy.forward(policyweights.LAYERS, game, plain=True))
    assert bytes(policy.forward(policyweights.LAYERS, game)) == reference and any(reference)


def test_a_changed_instruction_is_caught():
    """The check reads the code itself: one instruction changed, the logits differ."""
    if MICROPYTHON:
        skip("the model reads the code with CPython's ast")
    path = os.path.join(HERE, "..", "..", "firmware", "stones", "engine", "go", "policyasm.py")
    with open(path) as handle:
        source = handle.read()
    assert "    asr(r4, r4, 24)\n" in source
    import thumbmodel

    broken = source.replace("    asr(r4, r4, 24)\n", "    lsr(r4, r4, 24)\n", 1)  # no sign
    memory = thumbmodel.Memory()
    game = next(positions())
    grid = game.grid
    cin, cout, weights, biases, shift = policyweights.LAYERS[0]
    x = bytearray(grid.length * 16)
    policy.planes(game, x)
    params = policy.array("i", bytes(4 * policy.ASM_WORDS))
    for k in range(9):
        params[7 + k] = ((1 - k // 3) * grid.stride + k % 3 - 1) * cin
    params[0], params[2], params[3], params[4], params[5], params[16] = (
        grid.count, cin, cout, shift, 1, 9)
    params[1] = memory.address(grid.points)
    params[6] = memory.address(biases)
    ours, reference = bytearray(grid.length * cout), bytearray(grid.length * cout)
    thumbmodel.run(broken, "conv", [x, ours, weights, params], memory)
    policy.conv(grid, x, cin, reference, cout, weights, biases, shift, 1)
    assert bytes(ours) != bytes(reference)
