"""The button fuzz's rate: python -m host_tools.bench.fuzz [host_tools.sim.fuzz's options] runs
the fuzz (make fuzz: a million events on CPython, then 100,000 under the MicroPython unix port)
and, when it passes, writes its events a CPU second to docs/results/fuzz.json, one figure a
runtime; CPython's has a target: a million events in a few minutes."""

import sys

from host_tools.bench.results import Results
from host_tools.sim.fuzz import arguments, run

RATE_TARGET = 5000  # events a CPU second on CPython


def record(runtime, summary, argv):
    results = Results("fuzz", "The button fuzz", argv=argv,
                      runtimes=("unix",) if runtime == "micropython" else ("cpython",))
    note = "%d events, seed %d, %d games finished, the device players' search thinned %dx" % (
        summary["events"], summary["seed"], summary["games"], summary["thin"])
    results.add("fuzz events a CPU second, " + runtime, round(summary["rate"]), "events/s",
                note, RATE_TARGET if runtime == "cpython" else None)
    return results.save()


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    args = arguments().parse_args(argv)
    status, summary = run(args)
    if status == 0:
        record(args.runtime, summary, argv)
    return status


if __name__ == "__main__":
    sys.exit(main())
