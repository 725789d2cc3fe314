"""The computer opponent plays whole games on the MicroPython unix port with a Pico-sized heap.

One micropython process a game (a Pico holds one engine at a time), running the firmware as the
device does (compiled by mpy-cross): the device at the top Pico level against random moves (the
game's own playout policy, one move at a time) to the end of the game, three games a kind with
three seeds. Each must finish without MemoryError, and the device must win at least two: a
search of a few dozen playouts is not proof against a lucky random move (seed 12345's Loose
game at Loose's top level is lost to a random move that flips ten stones; make bench-ai counts
the rate over 100 games). The script reports the live heap at its highest (after a
collection), which must leave room on a Pico (about 240 KB free after boot, the app's share
included).
"""

import glob
import os

import pytest

from host_tools import unixport
from host_tools.device.build import compile_firmware
from host_tools.paths import PICO_HEAP

GAMES = (("go", 9), ("loose", 9), ("loupe", 9), ("offshore", 4))

SCRIPT = """
import gc, sys
from stones.engine import registry
from stones.engine.search import Search, levels

key, size, colour, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
gc.collect()
start = gc.mem_alloc()
game = registry.new_game(key, size)
search = Search()
work = levels(game)[-1]
peak = 0
moves = 0
while not game.over:
    if game.to_move == colour:
        game.play(search.think(game, work, seed + game.count))
        moves += 1
        gc.collect()
        peak = max(peak, gc.mem_alloc() - start)
    else:
        seed = game.playout(seed, 1)
print("moves", moves)
print("peak", peak)
print("winner", game.result().winner)
"""


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("mpy"))
    compile_firmware(out)
    assert not glob.glob(os.path.join(out, "stones", "**", "*.py"), recursive=True)
    return out


@pytest.mark.parametrize("key,size", GAMES)
def test_a_whole_game_at_the_top_pico_level(key, size, compiled, tmp_path):
    script = tmp_path / "full_game.py"
    script.write_text(SCRIPT)
    colour = 1 if key in ("go", "loupe") else 2  # play both colours across the games
    wins = 0
    for seed in (12345, 2024, 777):
        done = unixport.run(str(script), [key, size, colour, seed], PICO_HEAP, [compiled],
                            timeout=120)
        output = done.stdout + done.stderr
        assert done.returncode == 0, output
        figures = dict(line.split(" ", 1) for line in done.stdout.strip().splitlines())
        assert int(figures["moves"]) > 10, output
        assert int(figures["peak"]) < 100 * 1024, output  # engine, game and search, 64-bit port
        wins += figures["winner"] == str(colour)
    assert wins >= 2  # random moves do not beat it, but for a rare lucky game
