"""Mutated saves and records read back: python -m host_tools.bench.readback [--files N]
[--seed S] mutates N valid game saves, settings files and records field by field
(host_tools/sim/readback.py: the mutations the tests make) and reads each back as the device
does, each read bounded by a count of the lines it runs (readback.bounded), not by a clock.
It writes to docs/results/readback.json how many were tried, refused by name, resumed (a
position that holds, or settings kept), hung (past the bound: target 0) and ended in a
traceback (target 0), the three kinds' own counts in the notes."""

import argparse
import sys

from host_tools.bench.results import AT_MOST, Results
from host_tools.sim.readback import REFUSED, RESUMED, Hung, bounded, cases, read_back

KINDS = ("game", "settings", "record")


def measure(files, seed):
    """{kind: {"tried", REFUSED, RESUMED, "hung", "traceback": count}} and the first few
    failures' words."""
    counts = {kind: {"tried": 0, REFUSED: 0, RESUMED: 0, "hung": 0, "traceback": 0}
              for kind in KINDS}
    failures = []
    for kind, key, how, data in cases(seed, files):
        tally = counts[kind]
        tally["tried"] += 1
        try:
            outcome, _ = bounded(read_back, kind, data, key)
            tally[outcome] += 1
        except Hung:
            tally["hung"] += 1
            failures.append("%s %s %s: hung" % (kind, key, how))
        except Exception as error:  # a traceback: counted, and its words shown
            tally["traceback"] += 1
            failures.append("%s %s %s: %s: %s" % (kind, key, how, type(error).__name__, error))
    return counts, failures


def total(counts, what):
    return sum(tally[what] for tally in counts.values())


def note(counts, what):
    return ", ".join("%s %d" % (kind, counts[kind][what]) for kind in KINDS)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="python -m host_tools.bench.readback",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=5000, help="mutated files to read back")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    counts, failures = measure(args.files, args.seed)
    results = Results("readback", "Mutated saves and records read back", argv=argv)
    seed = "seed %d; " % args.seed
    results.add("mutated files tried", total(counts, "tried"), "files",
                seed + note(counts, "tried"))
    results.add("refused by name", total(counts, REFUSED), "files", note(counts, REFUSED))
    results.add("resumed, the position holding", total(counts, RESUMED), "files",
                note(counts, RESUMED))
    results.add("hung (past the bound on work)", total(counts, "hung"), "files",
                note(counts, "hung"), 0, AT_MOST)
    results.add("ended in a traceback", total(counts, "traceback"), "files",
                note(counts, "traceback"), 0, AT_MOST)
    for line in failures[:10]:
        print("  " + line)
    results.save()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
