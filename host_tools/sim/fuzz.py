"""Hostile input for the whole device: python -m host_tools.sim.fuzz [--events N] [--seed S]
[--runtime cpython|micropython] [--heap 400K] [--thin T] [--draw] (make fuzz runs a million
events on CPython and a shorter run under the MicroPython unix port, through host_tools.bench.fuzz,
which records their rates). Exits 1 on the first failure, with the seed to reproduce it.

What makes a million events fit in minutes (host_tools.sim.device.fuzz has the details): the
device players' search runs one playout in --thin (ThinSearch: a move takes as many of the app's
ticks as at full strength, for a fraction of the playouts; --thin 1 is the full search), and on
CPython the screens draw on a NullPanel (the drawing calls made and their arguments checked, no
pixels: nothing reads them; --draw draws them with framebuf_py). The structural check
(Game.broken) runs every few hundred events and at the end. The rate printed is events per
second of CPU time (a shared machine's wall clock says more about the other processes).

The fuzz gives the unix port 400 KB of heap by default, more than the 240 KB of the other
MicroPython tests: this port is 64-bit, and the same objects take about 1.7 times the bytes they
take on a Pico (make bench measures the app during a game at ~121 KB here and ~71 KB on the 32-bit
WebAssembly port), and every module's code sits in the heap, so a Pico's 240 KB holds what ~400 KB
holds here. The fuzz reaches the heaviest corners (two device players on 19x19, thousands of games
in one heap), where 256 KB, and later 320 KB, of 64-bit objects and code ran out by fragmentation
alone (a 19x19 Go game's tables, one block of a few KB, after some 80,000 events). The Pico's own
heap over many games is the soak's, on the emulated chip (make bench). Before the first event every
screen and engine module is imported once and forgotten (mp/fuzz_device.py), so that their names
are interned as a Pico's frozen ones are in flash, and a module first opened late does not read as
growth. The app's own answer to a MemoryError is tested too: it shows a clear screen and keeps the
game.
"""

import argparse
import os
import resource
import sys
import tempfile
import time

from host_tools import unixport
from host_tools.paths import ROOT

# Bytes the menu-time heap (no game in progress) may drift between the first and the last sample.
# Bounded structures fill during the first games (each game kind's settings, the 20-record index
# of the simulated flash, only approximately subtracted). An earlier drift of ~100 bytes a game
# was the fuzzer's own list of samples doubling in the heap it measured; it keeps three numbers
# now. A leak would not stop at the limit: the long runs (make fuzz) would fail.
GROWTH_LIMIT = 8192


def run_cpython(events, seed, thin=None, draw=False):
    from host_tools.sim.device import THIN, Device, NullPanel, fuzz
    from stones.platforms.fakes import FakeFS

    started = time.monotonic()

    def report(n, games):
        print("  %d events, %d games, %.0f s" % (n, games, time.monotonic() - started),
              flush=True)  # a long run: its progress shows in a log as it goes

    device = Device(display="ssd1306" if draw else NullPanel(), fs=FakeFS(discard=("records/",)))
    cpu = time.process_time()
    summary = fuzz(device, events, seed, report=report, thin=THIN if thin is None else thin)
    summary["cpu_s"] = time.process_time() - cpu
    return summary


def run_micropython(events, seed, heap, thin=None):
    from host_tools.sim.cli import compile_device_tree

    with tempfile.TemporaryDirectory() as tree:
        # Bytecode only: the unix port puts machine code in mmap'd pages it never frees (each
        # load also leaves a 32-byte record in the heap and keeps the old code as a GC root),
        # so the engine reloaded every game would read as a leak of the port. A Pico allocates
        # the machine code in its GC heap and frees it with the module (the games' native code
        # needs no relocation, so MicroPython does not pin it).
        compile_device_tree(tree, arch="none")
        script = os.path.join(ROOT, "host_tools", "sim", "mp", "fuzz_device.py")
        args = [events, seed] + ([] if thin is None else [thin])
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = unixport.run(script, args, heap, [tree], timeout=3600)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise RuntimeError(done.stdout + done.stderr)
    summary = eval(done.stdout.strip().splitlines()[-1])  # a dict printed by the device side
    summary["cpu_s"] = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return summary


def arguments():
    """The command line's parser (host_tools.bench.fuzz takes the same)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1000000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runtime", choices=("cpython", "micropython"), default="cpython")
    parser.add_argument("--heap", default="400K")
    parser.add_argument("--thin", type=int, default=None,
                        help="the device players run one playout in THIN (1: the full search)")
    parser.add_argument("--draw", action="store_true",
                        help="CPython: draw the pixels (framebuf_py) instead of a NullPanel")
    return parser


def run(args):
    """(exit status, summary): the fuzz args ask for, reported; the summary None on failure."""
    if args.thin is not None and args.thin < 1:
        print("FAILED: --thin must be 1 or more", file=sys.stderr)
        return 2, None
    print("fuzz: %d events, seed %d, %s" % (args.events, args.seed, args.runtime))
    try:
        if args.runtime == "micropython":
            summary = run_micropython(args.events, args.seed, args.heap, args.thin)
        else:
            summary = run_cpython(args.events, args.seed, args.thin, args.draw)
    except Exception as error:  # report any failure with what reproduces it
        print("FAILED (seed %d): %s" % (args.seed, error), file=sys.stderr)
        return 1, None
    summary["seed"] = args.seed
    summary["rate"] = summary["events"] / max(summary["cpu_s"], 1e-9)
    print("fuzz: %(events)d events, %(games)d games finished, heap growth %(growth)d bytes "
          "over %(heap_samples)d samples, %(rate).0f events a CPU second" % summary)
    if summary["growth"] > GROWTH_LIMIT:
        print("FAILED: the heap grew across games", file=sys.stderr)
        return 1, None
    return 0, summary


def main(argv=None):
    return run(arguments().parse_args(argv))[0]


if __name__ == "__main__":
    sys.exit(main())
