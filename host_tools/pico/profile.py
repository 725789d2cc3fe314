"""Where the emulated Pico's cycles go: python -m host_tools.pico.profile [GAME [SIZE]] (the
game's default size unless told).

Boots the shipped firmware (build/pocket-stones.uf2, make firmware) on the emulated RP2040
(host_tools/pico/pico.mjs), plays playouts of a game from the empty board between two markers
with the profiler armed, and names every program counter that ran from the firmware's symbols
(build/pico-firmware/.../firmware.elf, arm-none-eabi-nm): the runtime's C functions, and the
frozen modules' native code, whose functions are symbols too (fun_data_<module>_<function>).
Cycles include the XIP flash cache's stalls (the model's 60 cycles a miss).

    --knowledge K   the playouts' knowledge bits (default 0: uniform random, the light
                    playouts the benchmarks count; Go's own bits for the heavy ones)
    --playouts N    how many (default 20)
    --top N         symbols listed (default 25)
    --annotate SYM  also the hottest instructions of SYM, disassembled (objdump, Thumb)
    --search B      profile the computer player instead: one search of budget B (Search.think,
                    the game's own knowledge) on the empty board; "playouts" counts searches
    --callers SYM   also who called SYM, and how often (the link register at its entry)

A tool for the engine's authors, not a benchmark: host_tools/bench/pico.py prints the rates.
"""

import argparse
import bisect
import subprocess
import sys

from host_tools.device.firmware import DEFAULT_OUT as UF2
from host_tools.device.firmware import ELF
from host_tools.pico.emulator import MARKER, EmulatedPico, available

PROFILE_ON = 0x50524F46  # pico.mjs
PROFILE_OFF = 0x50524F00

CODE = """
import gc, machine
from stones.engine import registry
g = registry.new_game(%(key)r, %(size)d)
g.knowledge = %(knowledge)d
seed = g.playout(12345)
g.reset()
gc.collect()
moves = 0
%(marker)s = %(on)d
for i in range(%(playouts)d):
    seed = g.playout(seed)
    moves += g.count
    g.reset()
%(marker)s = %(off)d
print("moves", moves)
"""

SEARCH = """
import gc, machine
from stones.engine import registry, search
g = registry.new_game(%(key)r, %(size)d)
s = search.Search()
s.think(g, %(budget)d, 1)
gc.collect()
moves = 0
%(marker)s = %(on)d
for i in range(%(playouts)d):
    s.think(g, %(budget)d, i + 2)
    moves += s.playouts
%(marker)s = %(off)d
print("moves", moves)
"""


class Symbols:
    """The firmware's symbols by address (nm -n -S): name(address). A symbol without a size
    (the SDK's assembly: the divider's wrappers, memcpy) reaches to the next one."""

    def __init__(self, elf=ELF):
        out = subprocess.run(["arm-none-eabi-nm", "-n", "-S", "--defined-only", elf],
                             capture_output=True, text=True, check=True).stdout
        entries = []
        for text in out.splitlines():
            parts = text.split()
            if len(parts) == 4 and parts[2].lower() in "tdrw":
                start = int(parts[0], 16) & ~1
                entries.append((start, start + int(parts[1], 16), parts[3]))
            elif len(parts) == 3 and parts[1].lower() == "t":
                entries.append((int(parts[0], 16) & ~1, None, parts[2]))
        entries.sort(key=lambda entry: entry[0])
        self.starts, self.ends, self.names = [], [], []
        for i, (start, end, name) in enumerate(entries):
            if end is None or end == start:
                following = [e[0] for e in entries[i + 1:i + 8] if e[0] > start]
                if not following:
                    continue
                end = min(following[0], start + 4096)
            self.starts.append(start)
            self.ends.append(end)
            self.names.append(name)

    def name(self, address):
        i = bisect.bisect_right(self.starts, address) - 1
        if i >= 0 and address < self.ends[i]:
            return self.names[i]
        if 0x20000000 <= address < 0x20042000:
            return "[SRAM, no symbol]"
        if address < 0x4000:
            return "[boot ROM]"
        return "[flash, no symbol]"

    def span(self, name):
        i = self.names.index(name)
        return self.starts[i], self.ends[i]


def annotate(elf, symbols, counts, name, total, top=30):
    start, end = symbols.span(name)
    hot = sorted(((c, a) for a, c in counts if start <= a < end), reverse=True)[:top]
    dump = subprocess.run(["arm-none-eabi-objdump", "-D", "-M", "force-thumb",
                           "--start-address=0x%x" % start, "--stop-address=0x%x" % end, elf],
                          capture_output=True, text=True, check=True).stdout
    lines = {}
    for text in dump.splitlines():
        head, _, rest = text.partition(":")
        try:
            lines[int(head.strip(), 16)] = rest.strip()
        except ValueError:
            continue
    print("\nhottest instructions of %s (0x%x, %d bytes)" % (name, start, end - start))
    for cycles, address in sorted(hot, key=lambda entry: entry[1]):
        print("  +0x%04x %5.2f%%  %s" % (address - start, 100 * cycles / total,
                                          lines.get(address, "?")))


class Run:
    """One profiled run: cycles (between the markers), moves (played; with a budget, playouts
    searched), counts ([(address, cycles)] of every program counter that ran), xip (stall
    cycles), callers ([(entry, return address, calls)] of the watched functions)."""

    def __init__(self, cycles, moves, counts, xip, callers):
        self.cycles = cycles
        self.moves = moves
        self.counts = counts
        self.xip = xip
        self.callers = callers


def profile(key, size, knowledge=0, playouts=20, uf2=UF2, budget=0, watch=()):
    """Profile playouts (or, with a budget, searches) on the emulated chip, counting the callers
    of the functions whose entry addresses are in watch: a Run."""
    code = (SEARCH if budget else CODE) % {
        "key": key, "size": size, "knowledge": knowledge, "playouts": playouts,
        "budget": budget, "marker": MARKER, "on": PROFILE_ON, "off": PROFILE_OFF}
    with EmulatedPico(uf2, files={}, held=("menu",)) as pico:
        pico.repl()
        pico.set_button("menu", False)
        pico.profile(watch)
        out = pico.exec(code)["out"]
        counts = pico.profile_counts()
        callers = pico.profile_callers()
        markers = [m for m in pico.markers() if m["value"] in (PROFILE_ON, PROFILE_OFF)]
    on, off = markers[-2], markers[-1]
    return Run(off["cycles"] - on["cycles"], int(out.split()[-1]), counts,
               off["xip"] - on["xip"], callers)


def by_symbol(counts, symbols):
    """{symbol name: cycles}."""
    names = {}
    for address, cycles in counts:
        name = symbols.name(address)
        names[name] = names.get(name, 0) + cycles
    return names


def callers_of(run, symbols, name):
    """{calling symbol: calls} of the watched function name."""
    entry = symbols.span(name)[0]
    out = {}
    for address, back, calls in run.callers:
        if address == entry:
            caller = symbols.name(back)
            out[caller] = out.get(caller, 0) + calls
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="go")
    parser.add_argument("size", nargs="?", type=int, default=None)
    parser.add_argument("--knowledge", type=int, default=0)
    parser.add_argument("--playouts", type=int, default=20)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--annotate", action="append", default=[])
    parser.add_argument("--search", type=int, default=0)
    parser.add_argument("--callers", action="append", default=[])
    args = parser.parse_args(argv)
    why = available()
    if why:
        sys.exit("the emulated Pico is not available: %s" % why)
    from stones.engine import registry

    size = args.size or registry.game_class(args.game).default_size
    symbols = Symbols()
    run = profile(args.game, size, args.knowledge, args.playouts, budget=args.search,
                  watch=[symbols.span(name)[0] for name in args.callers])
    cycles, moves = run.cycles, run.moves
    names = by_symbol(run.counts, symbols)
    total = sum(names.values())
    unit = "search" if args.search else "playout"
    if args.search:
        print("%s %d, %d searches of budget %d: %d playouts, %.0f cycles a search (%.2f s), "
              "%.0f a playout; XIP stalls %.1f%%" % (
                  args.game, size, args.playouts, args.search, moves, cycles / args.playouts,
                  cycles / args.playouts / 125e6, cycles / moves, 100 * run.xip / cycles))
    else:
        print("%s %d, knowledge %d: %d playouts, %d moves, %.0f cycles a playout (%.1f a "
              "second), %.0f a move; XIP stalls %.1f%%" % (
                  args.game, size, args.knowledge, args.playouts, moves, cycles / args.playouts,
                  125e6 * args.playouts / cycles, cycles / moves, 100 * run.xip / cycles))
    for name, c in sorted(names.items(), key=lambda entry: -entry[1])[:args.top]:
        print("  %6.2f%%  %10.0f a %s  %s" % (100 * c / total, c / args.playouts, unit, name))
    for name in args.annotate:
        annotate(ELF, symbols, run.counts, name, total)
    for name in args.callers:
        print("\ncallers of %s" % name)
        for caller, calls in sorted(callers_of(run, symbols, name).items(),
                                    key=lambda entry: -entry[1]):
            print("  %10d  %s" % (calls, caller))


if __name__ == "__main__":
    main()
