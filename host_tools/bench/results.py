"""The benchmarks' results files: docs/results/BENCH.json, written beside what a run prints.

A file holds the runs its figures came from (commit, whether the tree was dirty, date, machine,
load at the start) and the figures, each naming its run. A run that measures only part of a
benchmark (some games, some matches) merges into the file: a figure it measured replaces the one
of the same name, the others stay with their own run. render.py makes docs/benchmarks.md from
these files; a figure's target and direction are kept so that met or missed is computed there.
"""

import json
import os
import platform
import subprocess
import sys
import time

from host_tools.paths import ROOT, tool

RESULTS = os.path.join(ROOT, "docs", "results")
AT_LEAST, AT_MOST = ">=", "<="


def met(value, target, direction):
    """Whether value meets target in direction (AT_LEAST or AT_MOST); None: nothing to meet."""
    if target is None or value is None:
        return None
    return value >= target if direction == AT_LEAST else value <= target


def target_note(value, target, direction=AT_LEAST):
    """'target >= 60: met' for what a benchmark prints; '' without a target."""
    ok = met(value, target, direction)
    if ok is None:
        return ""
    return "target %s %s: %s" % (direction, fmt(target), "met" if ok else "MISSED")


def fmt(value):
    if isinstance(value, float) and value != int(value):
        return "%.3g" % value if abs(value) < 100 else "%.0f" % value
    return "%d" % value


def git(*args):
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else ""


def cpu_model():
    try:
        with open("/proc/cpuinfo") as handle:
            for text in handle:
                if text.startswith("model name"):
                    return text.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def micropython_version():
    """The unix port's version (the .venv's micropython), or None where it does not run."""
    try:
        done = subprocess.run([tool("micropython"), "-c",
                               "import sys; print('%d.%d.%d' % sys.implementation.version[:3])"],
                              capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() or None


def npm_version(folder, package):
    """The version of an npm package as its lock file pins it (folder: relative to ROOT)."""
    try:
        with open(os.path.join(ROOT, folder, "package-lock.json")) as handle:
            return json.load(handle)["packages"]["node_modules/" + package]["version"]
    except (OSError, KeyError, ValueError):
        return None


def firmware_version():
    """The MicroPython version the UF2 is built from (host_tools/device/firmware.py)."""
    from host_tools.device import firmware

    return firmware.ARCHIVE_NAME.split("-")[1]


# What a benchmark can run on, and how its version is read: a run names the runtimes its figures
# really came from, so that a figure from the emulated chip never reads as the unix port's.
RUNTIMES = {
    "cpython": lambda: "CPython %s" % platform.python_version(),
    "unix": lambda: "MicroPython %s unix port" % (micropython_version() or "?"),
    "wasm": lambda: "MicroPython %s WebAssembly port" % (
        npm_version("host_tools/bench/wasm", "@micropython/micropython-webassembly-pyscript")
        or "?"),
    "web": lambda: "MicroPython %s WebAssembly port in Chromium" % (
        npm_version("host_tools/web", "@micropython/micropython-webassembly-pyscript") or "?"),
    "firmware": lambda: "MicroPython %s firmware on the emulated RP2040 (rp2040js %s)" % (
        firmware_version(), npm_version("host_tools/pico", "rp2040js") or "?"),
}


# What the benchmarks write themselves: a change there is a figure, not the code measured, so a
# chain of runs from one clean commit stays clean after the first has saved its figures.
OUTPUTS = ("docs/results", "docs/benchmarks.md", "README.md")


def dirty():
    """Whether the tracked files differ from the commit, the benchmarks' own outputs aside."""
    return bool(git("status", "--porcelain", "--untracked-files=no", "--", ".",
                    *(":(exclude)%s" % path for path in OUTPUTS)))


def run_info(command=None, runtimes=("cpython",)):
    """What a run is: commit, dirty tree, date, machine, the runtimes it ran on, the load as it
    starts."""
    return {
        "commit": git("rev-parse", "--short", "HEAD") or "unknown",
        "dirty": dirty(),
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "command": command,
        "machine": {
            "platform": platform.platform(),
            "cpu": cpu_model(),
            "cores": os.cpu_count(),
            "python": platform.python_version(),
        },
        "runtimes": [RUNTIMES[key]() for key in runtimes],
        "load": [round(x, 2) for x in os.getloadavg()],
    }


class Results:
    """The figures of one run of benchmark bench, printed as they come and saved by save()."""

    def __init__(self, bench, title, argv=None, runtimes=("cpython",), path=None, module=None):
        self.bench = bench
        self.title = title
        self.path = path or os.path.join(RESULTS, bench + ".json")
        # the command as run: module, where the figures are not a bench module's (the fit tools)
        command = " ".join(["python -m " + (module or "host_tools.bench." + bench)] + list(
            sys.argv[1:] if argv is None else argv))
        self.run = run_info(command, runtimes)
        self.figures = []

    def add(self, name, value, unit="", note="", target=None, direction=AT_LEAST, game=None,
            board=None, shown=None, printed="", **extra):
        """Record a figure and print its line: name, value with unit (or shown), printed (not
        kept: what the file holds otherwise), the note and the target met or missed."""
        figure = {"name": name, "value": value, "unit": unit}
        if target is not None:
            figure["target"] = target
            figure["direction"] = direction
        if game is not None:
            figure["game"] = game
        if board is not None:
            figure["board"] = board
        if note:
            figure["note"] = note
        figure.update(extra)
        self.figures.append(figure)
        if shown is None:
            shown = ("%s %s" % (fmt(value), unit)).strip() if value is not None else "-"
        notes = [text for text in (printed, note, target_note(value, target, direction)) if text]
        print("%-52s %12s  %s" % (name, shown, "; ".join(notes)), flush=True)
        return figure

    def for_game(self, prefix, game, board):
        """add() for figures of one game: names start with prefix, game and board given."""

        def add(what, value, unit="", note="", target=None, direction=AT_LEAST, **extra):
            return self.add(prefix + " " + what, value, unit, note, target, direction, game,
                            board, **extra)

        return add

    def rate(self, name, tally, target=None, game=None, board=None, note="", **extra):
        """A win rate: wins, games and Wilson's 95% interval beside it (draws count as half a
        game neither side won: not wins)."""
        low, high = tally.interval()
        return self.add(name, round(100 * tally.rate(), 1), "%", "; ".join(
            t for t in ("W-D-L %d-%d-%d" % (tally.wins, tally.draws, tally.losses), note) if t),
            target, AT_LEAST, game, board, printed="95%% CI [%.1f, %.1f], %d games" % (
                100 * low, 100 * high, tally.games), wins=tally.wins, draws=tally.draws,
            games=tally.games, interval=[round(100 * low, 1), round(100 * high, 1)], **extra)

    def save(self):
        """Merge this run's figures into the file (same name: replaced) and write it."""
        merged = merge(load(self.path), self)
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        with open(self.path, "w") as handle:
            json.dump(merged, handle, indent=1, sort_keys=False)
            handle.write("\n")
        print("results: %s" % os.path.relpath(self.path, ROOT))
        return merged


def run_id(run):
    """A run's identity, also found in each of its figures: its date and commit."""
    return "%s %s" % (run["date"], run["commit"])


def load(path):
    try:
        with open(path) as handle:
            return json.load(handle)
    except FileNotFoundError:
        return None


def merge(old, results):
    """The file's contents with results' figures merged in: a name measured now replaces the
    old figure; the old ones kept keep their run; runs no figure names any more are dropped."""
    this = run_id(results.run)
    figures = [dict(f, commit=results.run["commit"], date=results.run["date"])
               for f in results.figures]
    names = {f["name"] for f in figures}
    runs = {this: results.run}
    if old:
        kept = [f for f in old.get("figures", ()) if f["name"] not in names]
        for run in old.get("runs", ()):
            runs.setdefault(run_id(run), run)
        # an old figure keeps its place; the new ones follow the old ones they replace
        order = [f["name"] for f in old.get("figures", ())]
        by_name = {f["name"]: f for f in kept + figures}
        figures = [by_name[n] for n in order if n in by_name] + [
            f for f in figures if f["name"] not in order]
    used = {run_id(f) for f in figures}
    return {"bench": results.bench, "title": results.title,
            "runs": sorted((r for k, r in runs.items() if k in used), key=run_id),
            "figures": figures}


def bench_of(key):
    """What the benchmarks read of game key (Game.bench): the shared entries, then the game's."""
    from stones.engine import registry
    from stones.engine.game import Game

    cls = registry.game_class(key)
    table = dict(Game.bench)
    table.update(cls.bench)
    return table


def bench_games():
    """(key, board size) of every game the benchmarks measure: each game's default board."""
    from stones.engine import registry

    return [(key, registry.game_class(key).default_size) for key in registry.keys()]


def board_name(key, size):
    """'9x9' on a square board, 'side 9' on a hexagon (the game's grid says which)."""
    from stones.engine import registry

    kind = registry.game_class(key).grid_class.kind
    return "%dx%d" % (size, size) if kind == "square" else "side %d" % size
