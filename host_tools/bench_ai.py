"""The computer opponent's figures: python -m host_tools.bench_ai (make bench). One figure a line.

For each game: the top Pico level's budget, what a move costs at that level on the MicroPython
unix port (mean and slowest move over two games against random moves, and the Pico estimate at
110 times slower), the search's heap (from the .mpy files: the module, a Search of PICO_NODES
nodes and the scratch game made by its first begin; on the unix port and, where node is
installed, on the 32-bit WebAssembly port, which also runs a search of MP_MAX_PLAYOUTS playouts
under heap_lock: the Pico's 31-bit small ints), and its win rate with Wilson's 95% interval
over --games games (alternating colours) against the uniformly random and the one-ply greedy
players of host_tools/opponents.py. For Go also against GNU Go (`gnugo --mode gtp --level 1`,
installed from the Debian package when missing) at the top Raspberry Pi level, judged by GNU Go's
final_score. Games run on CPython (the budget counts moves, so the result is the same on every
runtime), on --workers processes (2 by default). Nothing here is a test: targets are printed
beside the figures, not asserted.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from multiprocessing import Pool

from host_tools import opponents
from host_tools.bench import board_name, line, parse
from host_tools.build import compile_firmware
from host_tools.paths import ROOT, tool
from stones.engine import search

HEAP = "190K"
PICO_RATIO = 110  # the unix port runs this code 100-120 times as fast as a 125 MHz Pico

# game, board size, target win rate against random, against greedy
GAMES = (
    ("go", 9, 95, 75),
    ("loose", 9, 95, 75),
    ("loupe", 9, 95, 75),
    ("offshore", 4, 95, 75),
)

# Run by the MicroPython unix port: heap of the search, then the time of each move of two games
# at the budget against random moves (the game's own playout policy, one move at a time).
MP_SCRIPT = """
import gc, sys
from time import ticks_diff, ticks_us

def live():
    gc.collect()
    return gc.mem_alloc()

key, size, budget = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
from stones.engine import registry
game = registry.new_game(key, size)
base = live()
from stones.engine.search import Search, PICO_NODES
imported = live() - base
engine = Search(PICO_NODES)
nodes = live() - base - imported
engine.begin(game, 1, 1)
engine.step(1)
print("import_heap", imported)
print("nodes_heap", nodes)
print("total_heap", live() - base)
total = worst = moves = 0
for g in range(2):
    game = registry.new_game(key, size)
    seed = 17 + g
    ours = 1 + g % 2
    while not game.over:
        if game.to_move == ours:
            start = ticks_us()
            move = engine.think(game, budget, seed)
            spent = ticks_diff(ticks_us(), start)
            total += spent
            worst = max(worst, spent)
            moves += 1
            game.play(move)
        else:
            seed = game.playout(seed, 1)
print("mean_us", total // moves)
print("worst_us", worst)
"""


def measure_on_micropython(key, size, budget, mpy_dir):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(MP_SCRIPT)
        script = handle.name
    try:
        done = subprocess.run(
            [tool("micropython"), "-X", "heapsize=" + HEAP, script, key, str(size), str(budget)],
            capture_output=True, text=True, timeout=900, env=dict(os.environ, MICROPYPATH=mpy_dir))
    finally:
        os.unlink(script)
    if done.returncode:
        raise RuntimeError((done.stderr or done.stdout).strip().splitlines()[-1])
    return parse(done.stdout)


# Run by the WebAssembly port (run.mjs; 32-bit objects and 31-bit small ints, the Pico's model),
# chunk by chunk: the search's heap, then a search of MP_MAX_PLAYOUTS playouts under heap_lock,
# where any integer of 2**30 or more would fail as it allocates on a Pico.
WASM_SCRIPT = """
from wasm_argv import ARGV
import micropython
key, size = ARGV[1], int(ARGV[2])
from stones.engine import registry
game = registry.new_game(key, size)
game.playout(7, 10)
#--- checkpoint
base = gc.mem_alloc()
from stones.engine import registry, search
#--- checkpoint
imported = gc.mem_alloc() - base
engine = search.Search()
#--- checkpoint
nodes = gc.mem_alloc() - base - imported
engine.begin(game, 10, 3)
engine.step(1)
#--- checkpoint
print("import_heap32", imported)
print("nodes_heap32", nodes)
print("total_heap32", gc.mem_alloc() - base)
micropython.heap_lock()
try:
    engine.begin(game, 10 ** 6, 5)
    while not engine.step(16):
        pass
    engine.best_move()
    locked = 1
except MemoryError:
    locked = 0
micropython.heap_unlock()
print("locked_playouts32", engine.playouts if locked else 0)
"""


def measure_on_wasm(key, size, mpy_dir):
    """Figures from the WebAssembly port, {} where node or the port is missing."""
    import shutil

    wasm = os.path.join(ROOT, "host_tools", "wasm")
    if not shutil.which("node") or not os.path.isdir(os.path.join(wasm, "node_modules")):
        return {}
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(WASM_SCRIPT)
        script = handle.name
    try:
        done = subprocess.run(["node", os.path.join(wasm, "run.mjs"), mpy_dir, script, key,
                               str(size)], capture_output=True, text=True, timeout=900)
    finally:
        os.unlink(script)
    return parse(done.stdout) if done.returncode == 0 else {}


# -- the matches, one game per task so that --workers processes share them -----------------------


def _one_game(task):
    key, size, budget, opponent, index = task
    player = lambda seed: opponents.SearchPlayer(budget, seed, search.PICO_NODES)  # noqa: E731
    other = opponents.RandomPlayer if opponent == "random" else opponents.GreedyPlayer
    tally = opponents.match(key, size, player, other, 1, first=index)
    return tally.wins, tally.draws, tally.losses


def _one_gnugo_game(task):
    size, budget, level, index = task
    player = lambda seed: opponents.SearchPlayer(budget, seed, search.PI_NODES)  # noqa: E731
    tally = opponents.gnugo_match(size, player, 1, level=level, first=index)
    return tally.wins, tally.draws, tally.losses


def run_tasks(function, tasks, workers):
    tally = opponents.Tally()
    if workers > 1:
        with Pool(workers) as pool:
            results = pool.map(function, tasks, chunksize=1)
    else:
        results = [function(task) for task in tasks]
    for wins, draws, losses in results:
        tally.wins += wins
        tally.draws += draws
        tally.losses += losses
    return tally


def rate_line(name, tally, target, seconds):
    low, high = tally.interval()
    note = "95%% CI [%.1f, %.1f], %d games (W-D-L %d-%d-%d), %.0f s" % (
        100 * low, 100 * high, tally.games, tally.wins, tally.draws, tally.losses, seconds)
    if target is not None:
        note += ", target >= %d%%" % target
    line(name, "%.1f%%" % (100 * tally.rate()), note)


def ensure_gnugo():
    if opponents.find_gnugo() is None:
        subprocess.run(["sh", os.path.join(ROOT, "host_tools", "ensure_debian_packages.sh"),
                        "gnugo"], check=False)
    return opponents.find_gnugo()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100,
                        help="games a figure (default 100; 0: time and heap only)")
    parser.add_argument("--gnugo-games", type=int, default=None,
                        help="games against GNU Go (default: --games)")
    parser.add_argument("--gnugo-level", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--no-gnugo", action="store_true", help="skip the GNU Go games")
    parser.add_argument("--no-micropython", action="store_true",
                        help="skip the timing and heap figures on the unix port")
    parser.add_argument("only", nargs="*", metavar="GAME", help="only these games")
    args = parser.parse_args(argv)
    print("Pocket Stones computer opponent (win rates: CPython; time and heap: MicroPython unix "
          "port, heap %s)" % HEAP)
    with tempfile.TemporaryDirectory() as mpy_dir, tempfile.TemporaryDirectory() as plain_dir:
        if not args.no_micropython:
            compile_firmware(mpy_dir)
            compile_firmware(plain_dir, arch="none")  # the WebAssembly port runs bytecode only
        for key, size, random_target, greedy_target in GAMES:
            if args.only and key not in args.only:
                continue
            name = "%s %s" % (key, board_name(key, size))
            cls = registry.game_class(key)
            budget = search.levels(cls)[-1]
            line(name + " top Pico level", budget, "moves simulated a move (levels %s)"
                 % ", ".join(map(str, search.levels(cls))))
            if not args.no_micropython:
                try:
                    mp = measure_on_micropython(key, size, budget, mpy_dir)
                except (RuntimeError, subprocess.TimeoutExpired) as error:
                    line(name + " MicroPython figures", "-", str(error))
                else:
                    line(name + " time a move, unix port", "%.1f ms" % (mp["mean_us"] / 1000),
                         "mean of two games; slowest %.1f ms" % (mp["worst_us"] / 1000))
                    line(name + " est. time a move, Pico", "%.1f s" % (
                        mp["mean_us"] * PICO_RATIO / 1e6), "unix port x %d, target about 2 s"
                        % PICO_RATIO)
                    line(name + " heap: search import (.mpy)", int(mp["import_heap"]), "bytes")
                    line(name + " heap: %d nodes" % search.PICO_NODES, int(mp["nodes_heap"]),
                         "bytes (%d a node)" % search.BYTES_PER_NODE)
                    line(name + " heap: search, all", int(mp["total_heap"]),
                         "bytes: import + nodes + scratch game and tables")
                w32 = measure_on_wasm(key, size, plain_dir)
                if w32:
                    line(name + " heap: search import, 32-bit", int(w32["import_heap32"]),
                         "bytes, WebAssembly port (the Pico's object model)")
                    line(name + " heap: %d nodes, 32-bit" % search.PICO_NODES,
                         int(w32["nodes_heap32"]), "bytes")
                    line(name + " heap: search, all, 32-bit", int(w32["total_heap32"]), "bytes")
                    line(name + " heap-locked search, 32-bit", int(w32["locked_playouts32"]),
                         "playouts with no allocation and no int >= 2**30 (0: failed)")
            if not args.games:
                continue
            for opponent, target in (("random", random_target), ("greedy", greedy_target)):
                start = time.time()
                tasks = [(key, size, budget, opponent, i) for i in range(args.games)]
                tally = run_tasks(_one_game, tasks, args.workers)
                rate_line("%s vs %s, top Pico level" % (name, opponent), tally, target,
                          time.time() - start)
            if key == opponents.GNUGO_GAME and not args.no_gnugo:
                gnugo_games = args.games if args.gnugo_games is None else args.gnugo_games
                pi_budget = search.levels(cls, pi=True)[-1]
                if ensure_gnugo() is None:
                    line(name + " vs GNU Go", "-", "GNU Go is missing and could not be installed")
                    continue
                start = time.time()
                tasks = [(size, pi_budget, args.gnugo_level, i) for i in range(gnugo_games)]
                tally = run_tasks(_one_gnugo_game, tasks, args.workers)
                rate_line("%s vs GNU Go level %d, Pi level %d" % (name, args.gnugo_level,
                                                                   pi_budget),
                          tally, None, time.time() - start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
