"""The native move loops (@micropython.native) play exactly what bytecode and CPython play.

The device build compiles each game's _run to machine code; the same source compiled to bytecode
(the decorator stripped, as for ports without a native emitter) and run by CPython must agree
move for move: the same random playouts from the same seeds, the same checked moves refused.
"""

import os
import subprocess
import sys

import pytest

from host_tools import unixport
from host_tools.device.build import arch_name, host_arch, mpy_header
from host_tools.paths import FIRMWARE, PICO_HEAP

GAMES = (("go", 9), ("go", 13), ("go", 19), ("loose", 9), ("loupe", 7), ("offshore", 4))

SCRIPT = """
import sys
from stones.engine import registry

key, size = sys.argv[1], int(sys.argv[2])
game = registry.game_class(key)(size)
seed = 7
check = 0
for round in range(12):
    game.reset()
    seed = game.playout(seed)
    for i in range(game.count):
        check = (check * 31 + game.history[i]) % 1000000007
    for p in range(len(game.cell)):
        check = (check * 7 + game.cell[p]) % 1000000007
    refused = 0
    for p in range(len(game.cell)):  # checked moves on the final position: which are refused
        refused = (refused * 3 + game.reason(p)) % 1000000007
    print(round, game.count, check, refused)
"""


@pytest.fixture(scope="module")
def trees(mpy_trees, tmp_path_factory):
    native, plain = mpy_trees
    script = str(tmp_path_factory.mktemp("script") / "signature.py")
    with open(script, "w") as handle:
        handle.write(SCRIPT)
    return native, plain, script


def signature(tree, script, key, size):
    """What the script prints under the unix port over tree, or CPython over the sources."""
    if tree == FIRMWARE:
        done = subprocess.run([sys.executable, script, key, str(size)], capture_output=True,
                              text=True, timeout=300, env=dict(os.environ, PYTHONPATH=tree))
    else:
        done = unixport.run(script, [key, size], PICO_HEAP, [tree], timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("key,size", GAMES)
def test_native_bytecode_and_cpython_play_the_same_games(trees, key, size):
    native, plain, script = trees
    as_built = signature(native, script, key, size)
    bytecode = signature(plain, script, key, size)
    cpython = signature(FIRMWARE, script, key, size)
    rounds = [line.split() for line in as_built.splitlines()]
    assert len(rounds) == 12 and len({count for _, count, _, _ in rounds}) > 1  # real playouts
    assert as_built == bytecode == cpython


def test_the_host_build_really_holds_machine_code(trees):
    native, plain, _ = trees
    for key, _ in GAMES:
        module = os.path.join("stones", "engine", key, "rules.mpy")
        assert mpy_header(os.path.join(plain, module))[1] == 0
        # the unix port's own architecture (a port without a native emitter: "none", bytecode)
        assert arch_name(mpy_header(os.path.join(native, module))[1] >> 2) == host_arch()
