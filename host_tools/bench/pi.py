"""Where a Raspberry Pi's search runs, and what its move takes: python -m host_tools.bench.pi.

A Raspberry Pi plays its own levels (above the Pico's) with the same engine, and could run it on
CPython or on the MicroPython unix port. For each game's default board, one run of this measures
on this machine, like for like (host_tools/bench/mp/bench_pi.py: the same moves of the top Pi
level from the same seeds on every runtime, checked by a checksum of the moves):

- the time a move on CPython, on the unix port with native code (the viper kernels as machine
  code: MicroPython 1.28 emits x86-64, x86, Thumb-2 and 32-bit ARM, so a 32-bit Raspberry Pi OS
  would run them) and on the unix port as bytecode only (64-bit Raspberry Pi OS, aarch64, has no
  native emitter);
- the wall time a move with the search on 1, 2 and 4 worker processes (stones/platforms/workers.py,
  root parallelism, the root shared, the budget per worker), in this process, on the same
  positions;
- a Pi's move, projected: this machine's wall time with as many workers as it has cores (each
  worker on a core of its own, as on a 4-core Pi) times how much slower a core of the Pi runs
  pure Python (RATIOS below: published Pi timings of a program against the same program and
  Python version run here). A projection, not a measurement: its note names the source.

Figures go to docs/results/pi.json; make bench-page renders them. Nothing here is a test.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

from host_tools import unixport
from host_tools.bench.results import Results, bench_games, board_name
from host_tools.bench.speed import parse
from host_tools.device.build import compile_firmware
from host_tools.paths import FIRMWARE, ROOT

SCRIPT = os.path.join(ROOT, "host_tools", "bench", "mp", "bench_pi.py")
NODES = 20000  # the Pi's tree (search.PI_NODES), on every runtime
MP_HEAP = "32M"  # the unix port's heap for NODES nodes and the Pi's tables (a Pi has the RAM)
WORKERS = (1, 2, 4)
R = None  # this run's Results (main)

# How much slower one core of a Pi runs pure Python than one core of the machine these figures are
# measured on (an AMD EPYC, CPython 3.11.7 without PGO): published timings of a Pi against the
# same program and Python version here (docs/journal.md, 2026-11-28, has the method and the other
# programs tried). Board, its cores, the ratio, and what it rests on.
RATIOS = (
    ("Raspberry Pi 4", 4, 5.1, "pyperformance's go (a Monte Carlo Go player): 1.37 s on a "
     "Pi 4 at 1.5 GHz under CPython 3.7.3 (Phoronix, pts/pyperformance), 0.27 s here on 3.7.16; "
     "a Pi 4 at 1.8 GHz would be about a sixth faster"),
    ("Raspberry Pi 5", 4, 1.55, "pyperformance's go: 0.201 s on a Pi 5 under CPython 3.13.7 "
     "(savannahostrowski/pyperf_bench), against 3.13.0 here"),
    ("Raspberry Pi Zero 2 W", 4, 17, "no published Zero 2 W timing: a Pi 3's (the same "
     "Cortex-A53) simplebench, Python 2.7, 12.4 times this machine's, scaled from its 1.2 GHz to "
     "1.0 GHz; the least certain of the three"),
)


def on_runtime(kind, key, size, moves, tree):
    """bench_pi.py's figures on 'cpython', or on the unix port over tree ('native', 'bytecode')."""
    args = [key, str(size), str(moves), str(NODES)]
    if kind == "cpython":
        done = subprocess.run([sys.executable, SCRIPT] + args, capture_output=True, text=True,
                              env=dict(os.environ, PYTHONPATH=FIRMWARE + os.pathsep + ROOT),
                              timeout=1800)
    else:
        done = unixport.run(SCRIPT, args, MP_HEAP, [tree], timeout=1800)
    if done.returncode:
        raise RuntimeError("%s %s: %s" % (kind, key, (done.stderr or done.stdout).strip()))
    return parse(done.stdout)


def on_workers(key, size, moves):
    """{workers: wall seconds a move} over the positions bench_pi.py searches: the single
    search's moves are played, every worker count searches the same positions."""
    from host_tools.bench.mp.bench_pi import play
    from stones.engine import registry, search
    from stones.platforms.workers import ParallelSearch, Pool

    pools = {n: Pool(n, NODES) for n in WORKERS if n > 1}
    engines = {n: ParallelSearch(pools[n], NODES, single_up_to=0) if n > 1 else
               search.Search(NODES) for n in WORKERS}
    spent = dict.fromkeys(WORKERS, 0.0)

    def every_count(game, budget, seed):
        move = None
        for n in WORKERS:
            start = time.perf_counter()
            chosen = engines[n].think(game, budget, seed)
            spent[n] += time.perf_counter() - start
            if n == 1:
                move = chosen
        return move

    try:
        start = registry.new_game(key, size)
        for n in WORKERS:  # the pools' processes start here, not in a timed move
            engines[n].think(start, 1, 1)
        count, _ = play(key, size, moves, every_count)
    finally:
        for pool in pools.values():
            pool.close()
    return {n: spent[n] / max(1, count) for n in WORKERS}


def main(argv=None):
    global R
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=8, help="our moves a game (default 8)")
    parser.add_argument("--no-workers", action="store_true", help="skip the worker processes")
    parser.add_argument("only", nargs="*", metavar="GAME", help="only these games")
    args = parser.parse_args(argv)
    R = Results("pi", "The Raspberry Pi's search", argv, ("cpython", "unix"))
    with tempfile.TemporaryDirectory() as native, tempfile.TemporaryDirectory() as plain:
        compile_firmware(native)
        compile_firmware(plain, arch="none")
        for key, size in bench_games():
            if args.only and key not in args.only:
                continue
            board = board_name(key, size)
            add = R.for_game("%s %s" % (key, board), key, board)
            times = {}
            checks = set()
            for kind, tree, where, note in (
                    ("cpython", None, "CPython", "one process"),
                    ("native", native, "unix port, native", "viper kernels as machine code "
                                       "(x86-64 here; 32-bit ARM and Thumb-2 on a Pi)"),
                    ("bytecode", plain, "unix port, bytecode", "no native emitter (aarch64: "
                                         "64-bit Raspberry Pi OS)")):
                figures = on_runtime(kind, key, size, args.moves, tree)
                times[kind] = figures["mean_us"] / 1e6
                checks.add(int(figures["moves"]))
                add("top Pi level, a move, " + where, round(1000 * times[kind], 1), "ms",
                    "%s; mean of %d moves" % (note, figures["count"]))
            if len(checks) != 1:
                add("runtimes played the same moves", None, "", "they did not: the times "
                    "above are of different searches")
            add("unix port native / CPython, speed", round(times["cpython"] / times["native"],
                                                           2), "", "the same moves")
            add("unix port bytecode / CPython, speed", round(
                times["cpython"] / times["bytecode"], 2), "", "the same moves")
            if args.no_workers:
                continue
            walls = on_workers(key, size, args.moves)
            for n in WORKERS:
                add("top Pi level, a move, %d worker%s, wall" % (n, "s" if n > 1 else ""),
                    round(1000 * walls[n], 1), "ms", "CPython on this machine's %d cores%s" % (
                        os.cpu_count(), "; one process, no pool" if n == 1 else ""))
            here = min(os.cpu_count() or 1, max(WORKERS))
            wall = walls[max(n for n in WORKERS if n <= here)]
            for board_, cores, ratio, source in RATIOS:
                add("top Pi level, a move on a %s, %d workers (projected)" % (board_, cores),
                    round(wall * ratio, 2), "s", "this machine's %d-worker wall time (a worker "
                    "a core, as on the Pi) x %s, the Pi's slowness a core: %s" % (
                        here, ratio, source))
    R.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
