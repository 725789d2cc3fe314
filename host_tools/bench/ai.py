"""The computer opponent's figures: python -m host_tools.bench.ai (make bench, make bench-ai).

One figure a line. For each game: the levels and what a move costs at the top Pico level on the
MicroPython unix port (the Pico's own time a device move is measured on the emulated RP2040 by
host_tools/bench/pico.py), the search's heap,
the playout speed with and without the game's knowledge (Go's heavy playouts beside the uniform
ones, on CPython and the unix port), and win rates with Wilson's 95% intervals, alternating
colours:

- the top Pico level against version 0.1's top Pico level (V01 below: the search's settings and
  knowledge as they were before the heavy playouts) at equal time a move: v0.1's budget is scaled
  by the measured CPU time a unit of budget costs each of them;
- the top Pico level against the uniformly random and the one-ply greedy players;
- Go only: GNU Go level 1 (`gnugo --mode gtp --level 1`, komi 6.5, Japanese counting, GNU Go's
  final_score as the referee, as twogtp does) against the top Raspberry Pi level and the top Pico
  level, each with its CPU time a move; and how often our GTP final_score (dead stones estimated
  by playouts) gives the same result as GNU Go's on the finished games of those matches.

Games run on CPython (budgets count moves, so a game is the same on every runtime) on --workers
processes. Nothing here is a test: targets are printed beside the figures, not asserted.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from multiprocessing import Pool

from host_tools.bench import opponents
from host_tools.bench.speed import board_name, line, parse, run
from host_tools.device.build import compile_firmware
from host_tools.paths import PICO_HEAP, ROOT, tool
from stones.engine import registry, search
from stones.engine.game import Tuning

PLAYOUT_MS = 1500  # time a playout-speed figure

# game, board size, target win rate against random, against greedy, against v0.1
GAMES = (
    ("go", 9, 99, 90, 75),
    ("loose", 9, 99, 90, 75),
    ("loupe", 9, 99, 90, 75),
    ("offshore", 4, 99, 90, 75),
)

# Version 0.1 of the computer player, kept as the fixed reference: each game's levels and search
# settings as they were, and no knowledge (uniform playouts, the priors of that version).
V01 = {
    "go": ((600, 1500, 3000, 6000), Tuning(tactics=24, overhead=70, tactic_visits=4,
                                           knowledge=0)),
    "loose": ((400, 900, 1700, 3400), Tuning(tactics=24, overhead=42, tactic_visits=4,
                                             knowledge=0)),
    "loupe": ((800, 2000, 4000, 7500), Tuning(overhead=46, knowledge=0)),
    "offshore": ((500, 1200, 2400, 4500), Tuning(width=12, overhead=30, knowledge=0)),
}

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
            [tool("micropython"), "-X", "heapsize=" + PICO_HEAP, script, key, str(size),
             str(budget)],
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
from stones.engine.game import Tuning
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

    wasm = os.path.join(ROOT, "host_tools", "bench", "wasm")
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


def _player(budget, tuning, nodes):
    return lambda seed: opponents.SearchPlayer(budget, seed, nodes, tuning)  # noqa: E731


def _one_game(task):
    """One game of the top Pico level against opponent: 'random', 'greedy' or 'v01' (version
    0.1 at v01_budget). Returns wins, draws, losses and each side's CPU seconds and moves."""
    key, size, budget, opponent, v01_budget, index = task
    ours = []
    theirs = []

    def player(seed):
        ours.append(opponents.SearchPlayer(budget, seed, search.PICO_NODES))
        return ours[-1]

    def other(seed):
        if opponent == "v01":
            theirs.append(opponents.SearchPlayer(v01_budget, seed, search.PICO_NODES,
                                                 V01[key][1]))
            return theirs[-1]
        return (opponents.RandomPlayer if opponent == "random" else opponents.GreedyPlayer)(seed)

    tally = opponents.match(key, size, player, other, 1, first=index)
    them = theirs[0] if theirs else None
    return (tally.wins, tally.draws, tally.losses, ours[0].seconds, ours[0].moves,
            them.seconds if them else 0.0, them.moves if them else 0)


def _one_gnugo_game(task):
    """One game against GNU Go: wins, draws, losses, our CPU seconds and moves, and whether our
    final_score agreed with GNU Go's (None: GNU Go resigned, nothing to count)."""
    size, budget, level, index, nodes = task
    ours = []

    def player(seed):
        ours.append(opponents.SearchPlayer(budget, seed, nodes))
        return ours[-1]

    tally, scores = opponents.gnugo_match(size, player, 1, level=level, first=index,
                                          settings={"komi": "6.5"}, scores=True)
    agreed = None
    if scores:
        agreed = scores[0][0] == scores[0][1]
    return tally.wins, tally.draws, tally.losses, ours[0].seconds, ours[0].moves, agreed


def run_tasks(function, tasks, workers):
    """(Tally, the extra figures of each game) over tasks."""
    tally = opponents.Tally()
    if workers > 1:
        with Pool(workers) as pool:
            results = pool.map(function, tasks, chunksize=1)
    else:
        results = [function(task) for task in tasks]
    for result in results:
        tally.wins += result[0]
        tally.draws += result[1]
        tally.losses += result[2]
    return tally, [result[3:] for result in results]


def rate_line(name, tally, target, seconds, extra=""):
    low, high = tally.interval()
    note = "95%% CI [%.1f, %.1f], %d games (W-D-L %d-%d-%d)%s, %.0f s" % (
        100 * low, 100 * high, tally.games, tally.wins, tally.draws, tally.losses, extra, seconds)
    if target is not None:
        note += ", target >= %d%%" % target
    line(name, "%.1f%%" % (100 * tally.rate()), note)


def per_move(extras, at=0):
    seconds = sum(e[at] for e in extras)
    moves = sum(e[at + 1] for e in extras)
    return seconds / moves if moves else 0.0


def costs_per_unit(key, size, runs, seeds=12, repeats=5):
    """CPU seconds a unit of work costs for each (budget, tuning) of runs, from searches on
    middle-game positions (the same positions for every run). The runs take turns, search by
    search, so that a slower spell of the machine falls on all of them alike; each search is
    timed `repeats` times and the fastest kept, and the units are the work the search did (one
    that decides early does less than its budget), so that the equal-time budget does not
    swing with the machine's noise."""
    from stones.engine.rng import Rng

    spent = [0.0] * len(runs)
    units = [0] * len(runs)
    work = [0] * len(runs)
    engine = search.Search(search.PICO_NODES)
    rng = Rng(5)
    for i in range(seeds):
        game = registry.new_game(key, size)
        game.knowledge = 0
        game.playout(rng.next(), game.grid.count // 4)
        game.knowledge = type(game).knowledge
        if game.over:
            continue
        best = [None] * len(runs)
        for _ in range(repeats):
            for k, (budget, tuning) in enumerate(runs):
                start = time.process_time()
                engine.think(game, budget, i + 1, tuning)
                took = time.process_time() - start
                if best[k] is None or took < best[k]:
                    best[k] = took
                    work[k] = engine.work  # the same at every repeat: same seed, same search
        for k in range(len(runs)):
            spent[k] += best[k]
            units[k] += work[k]
    return [s / u if u else 1.0 for s, u in zip(spent, units)]


def equal_time_budget(key, size, budget, v01_budget):
    """Version 0.1's budget that costs the CPU time our `budget` costs (costs_per_unit)."""
    ours, theirs = costs_per_unit(key, size, ((budget, None), (v01_budget, V01[key][1])))
    return max(1, int(budget * ours / theirs))


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
    parser.add_argument("--only-vs", default="random,greedy,v01,gnugo", metavar="LIST",
                        help="only these matches, comma-separated (default: "
                        "random,greedy,v01,gnugo)")
    parser.add_argument("only", nargs="*", metavar="GAME", help="only these games")
    args = parser.parse_args(argv)
    wanted = set(args.only_vs.split(","))
    if wanted - {"random", "greedy", "v01", "gnugo"}:
        parser.error("--only-vs takes random, greedy, v01 and gnugo")
    print("Pocket Stones computer opponent (win rates: CPython; time and heap: MicroPython unix "
          "port, heap %s)" % PICO_HEAP)
    with tempfile.TemporaryDirectory() as mpy_dir, tempfile.TemporaryDirectory() as plain_dir:
        if not args.no_micropython:
            compile_firmware(mpy_dir)
            compile_firmware(plain_dir, arch="none")  # the WebAssembly port runs bytecode only
        for key, size, random_target, greedy_target, v01_target in GAMES:
            if args.only and key not in args.only:
                continue
            name = "%s %s" % (key, board_name(key, size))
            cls = registry.game_class(key)
            budget = search.levels(cls)[-1]
            line(name + " levels", " ".join(map(str, search.levels(cls, pi=True))),
                 "moves simulated a move: Pico levels, then the Raspberry Pi's")
            _speed_lines(name, key, size, mpy_dir, args.no_micropython)
            if not args.no_micropython:
                _device_lines(name, key, size, budget, mpy_dir, plain_dir)
            if not args.games:
                continue
            v01_budget = V01[key][0][-1]
            if "v01" in wanted:  # equal time: v0.1's budget scaled by what a unit costs each
                v01_budget = equal_time_budget(key, size, budget, v01_budget)
            for opponent, target in (("v01", v01_target), ("random", random_target),
                                     ("greedy", greedy_target)):
                if opponent not in wanted:
                    continue
                start = time.time()
                tasks = [(key, size, budget, opponent, v01_budget, i) for i in range(args.games)]
                tally, extras = run_tasks(_one_game, tasks, args.workers)
                extra = ""
                label = opponent
                if opponent == "v01":
                    label = "v0.1 top Pico level at equal time (budget %d)" % v01_budget
                    extra = "; CPU a move: ours %.1f ms, v0.1 %.1f ms" % (
                        1000 * per_move(extras), 1000 * per_move(extras, 2))
                rate_line("%s vs %s, top Pico level" % (name, label), tally, target,
                          time.time() - start, extra)
            if key == opponents.GNUGO_GAME and "gnugo" in wanted and not args.no_gnugo:
                _gnugo_lines(name, cls, size, args)
    return 0


def _speed_lines(name, key, size, mpy_dir, no_micropython):
    """Playouts a second with knowledge 0 (light) and the game's own (heavy)."""
    script = os.path.join(ROOT, "host_tools", "bench", "mp", "bench_playouts.py")
    runtimes = ("cpython",) if no_micropython else ("cpython", "micropython")
    for runtime in runtimes:
        figures = run(runtime, script, (key, size, PLAYOUT_MS), mpy_dir)
        where = "CPython" if runtime == "cpython" else "unix port, native"
        line("%s playouts/s, %s" % (name, where), "%d light, %d heavy" % (
            figures["light_per_s"], figures["heavy_per_s"]),
            "light: uniform (v0.1); heavy: the game's knowledge; %.1f and %.1f moves a playout"
            % (figures["light_moves"], figures["heavy_moves"]))


def _device_lines(name, key, size, budget, mpy_dir, plain_dir):
    try:
        mp = measure_on_micropython(key, size, budget, mpy_dir)
    except (RuntimeError, subprocess.TimeoutExpired) as error:
        line(name + " MicroPython figures", "-", str(error))
        return
    line(name + " time a move, unix port", "%.1f ms" % (mp["mean_us"] / 1000),
         "top Pico level, mean of two games; slowest %.1f ms" % (mp["worst_us"] / 1000))
    line(name + " heap: search import (.mpy)", int(mp["import_heap"]), "bytes")
    line(name + " heap: %d nodes" % search.PICO_NODES, int(mp["nodes_heap"]),
         "bytes (%d a node)" % search.BYTES_PER_NODE)
    line(name + " heap: search, all", int(mp["total_heap"]),
         "bytes: import + nodes + scratch game and tables")
    w32 = measure_on_wasm(key, size, plain_dir)
    if w32:
        line(name + " heap: search import, 32-bit", int(w32["import_heap32"]),
             "bytes, WebAssembly port (the Pico's object model)")
        line(name + " heap: %d nodes, 32-bit" % search.PICO_NODES, int(w32["nodes_heap32"]),
             "bytes")
        line(name + " heap: search, all, 32-bit", int(w32["total_heap32"]), "bytes")
        line(name + " heap-locked search, 32-bit", int(w32["locked_playouts32"]),
             "playouts with no allocation and no int >= 2**30 (0: failed)")


def _gnugo_lines(name, cls, size, args):
    games = args.games if args.gnugo_games is None else args.gnugo_games
    if ensure_gnugo() is None:
        line(name + " vs GNU Go", "-", "GNU Go is missing and could not be installed")
        return
    agreements = []
    for label, budget, nodes, target in (
            ("top Raspberry Pi level", search.levels(cls, pi=True)[-1], search.PI_NODES, 50),
            ("top Pico level", search.levels(cls)[-1], search.PICO_NODES, 10)):
        start = time.time()
        tasks = [(size, budget, args.gnugo_level, i, nodes) for i in range(games)]
        tally, extras = run_tasks(_one_gnugo_game, tasks, args.workers)
        rate_line("%s vs GNU Go level %d, %s (%d)" % (name, args.gnugo_level, label, budget),
                  tally, target, time.time() - start,
                  "; CPU a move %.3f s" % per_move(extras))
        agreements += [e[2] for e in extras if e[2] is not None]
    line(name + " final_score agrees with GNU Go", "%d of %d" % (sum(agreements),
                                                                 len(agreements)),
         "finished games of the matches above (GNU Go resigned in the others), target 95%")


if __name__ == "__main__":
    sys.exit(main())
