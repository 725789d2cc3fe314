"""The computer opponent's figures: python -m host_tools.bench.ai (make bench, make bench-ai).

One figure a line. For each game: the levels and what a move costs at the top Pico level on the
MicroPython unix port (the Pico's own time a device move is measured on the emulated RP2040 by
host_tools/bench/pico.py), the search's heap,
the playout speed with and without the game's knowledge (Go's heavy playouts beside the uniform
ones, on CPython and the unix port), and win rates with Wilson's 95% intervals, alternating
colours:

- the top Pico level against the first release's player (0.1.0's top Pico level, the game's
  bench "v01": the search's settings and knowledge as they were before the heavy playouts) at
  equal time a move: its budget is scaled by the measured CPU time a unit of budget costs each;
- the top Pico level against the uniformly random and the one-ply greedy players;
- Go only: GNU Go level 1 (`gnugo --mode gtp --level 1`, komi 6.5, Japanese counting, GNU Go's
  final_score as the referee, as twogtp does) against the top Raspberry Pi level and the top Pico
  level, each with its CPU time a move; and how often our GTP final_score (dead stones estimated
  by playouts) gives the same result as GNU Go's on the finished games of those matches.

Our player's modes (each figure's name says the ones it used, so that the page tells them apart;
none given: a fresh tree every move and no pondering, as the first release played):

- --keep: the tree kept from one move to the next (Search.begin's keep, as the app and GTP do);
- --ponder-work N, or --ponder-seconds S: before each of the opponent's moves (each stone of a
  turn of two), N of work (the levels' unit) on the position the opponent is to move in, with
  keep (GTP's --ponder-budget; it stops early where the tree is full, as on the device, which
  ponders while a human places each stone). S seconds are
  converted with the Pico's measured rate: the top Pico level's budget is what a Pico does in
  its device move time (docs/results/pico.json, "device move in the app, top level"), so S
  seconds are S / that time of the budget; the figure's note says the conversion. Pondering
  implies --keep (a pondered tree is kept for the next move);
- --search-workers N: the top Raspberry Pi level's searches on N processes (ParallelSearch, root
  parallelism with the root's counts shared, the budget per worker); the matches then run one
  game at a time, and the figure's note gives the workers' CPU a move beside this process's;
- --shared-tree (with --search-workers N): the workers grow one tree in shared memory with
  virtual loss in place of sharing the root's counts ("shared tree" in the figure's name).

--only-vs previous plays our player with its modes against the same top Pico level without them
(a fresh tree every move, no pondering) at the same budget a move: equal time, for keeping and
pondering cost none of the device's own move's time (with --pi-level, both sides play the top
Raspberry Pi level instead, one search each: no target, the issue's are the Pico's). Targets
for a mode are the game's bench entries with the mode's suffix: "_kept", "_ponder" (pondering,
with keep), "_workersN" (N search workers: a target holds for that count only;
"_workersN_shared" on a shared tree); against GNU Go above level 1, "vs_gtpL_pico" for level L.

Games run on CPython (budgets count moves, so a game is the same on every runtime) on --workers
processes. Nothing here is a test: targets (each game's Game.bench) are printed beside the
figures, not asserted. The figures also go to docs/results/ai.json (results.py): a run of some
games or matches merges into it; make bench-page renders docs/benchmarks.md from it.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from multiprocessing import Pool

from host_tools import unixport
from host_tools.bench import opponents
from host_tools.bench.results import Results, bench_games, bench_of, board_name
from host_tools.bench.speed import parse, run
from host_tools.device.build import compile_firmware
from host_tools.paths import PICO_HEAP, ROOT
from stones.engine import registry, search
from stones.engine.game import Tuning

PLAYOUT_MS = 1500  # time a playout-speed figure

R = None  # this run's Results (main)


def v01(key):
    """The first release's player (0.1.0), the fixed reference: its top Pico level's budget and
    search settings (the game's bench "v01"), with no knowledge (uniform playouts, the priors
    of that version)."""
    budget, settings = bench_of(key)["v01"]
    return budget, Tuning(knowledge=0, **dict(settings))

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
        done = unixport.run(script, [key, size, budget], PICO_HEAP, [mpy_dir], timeout=900)
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


class Modes:
    """How our player plays a match (the module's text): keep, ponder work, the seconds that
    work stands for (None: given as work), search workers (1: in the match's process) and how
    they search (tree: platforms.workers.TREES, "shared" for one tree)."""

    def __init__(self, keep=False, ponder=0, seconds=None, workers=1, knowledge=None,
                 tuning=(), tree="root"):
        self.keep = keep or ponder > 0
        self.ponder = ponder
        self.seconds = seconds
        self.workers = workers
        self.knowledge = knowledge  # the game's knowledge bits for our player (None: its own)
        self.tuning = tuple(tuning)  # (name, value) changes to the game's own Tuning
        self.shared = workers > 1 and tree == "shared"  # one tree in shared memory

    def label(self):
        """What the figure's name adds: ', tree kept, pondering 5 s, 4 search workers' (and
        ', shared tree' where they grow one)."""
        parts = []
        if self.keep:
            parts.append("tree kept")
        if self.ponder:
            parts.append("pondering %s s" % results_fmt(self.seconds) if self.seconds
                         is not None else "pondering %d work" % self.ponder)
        if self.workers > 1:
            parts.append("%d search workers" % self.workers)
        if self.shared:
            parts.append("shared tree")
        if self.knowledge is not None:
            parts.append("knowledge %d" % self.knowledge)
        for name, value in self.tuning:
            parts.append("opening book" if (name, value) == ("book", 1) else
                         "%s %s" % (name.replace("_", " "), value))
        return "".join(", " + part for part in parts)

    def suffix(self):
        """The bench target's suffix for these modes: '', '_kept', '_ponder', '+ _workersN'
        ('+ _workersN_shared' on a shared tree)."""
        text = "_ponder" if self.ponder else "_kept" if self.keep else ""
        return text + ("_workers%d" % self.workers if self.workers > 1 else "") + (
            "_shared" if self.shared else "")

    def figures(self):
        """The modes as a figure's fields."""
        out = {"keep": self.keep}
        if self.ponder:
            out["ponder_work"] = self.ponder
            if self.seconds is not None:
                out["ponder_seconds"] = self.seconds
        if self.workers > 1:
            out["search_workers"] = self.workers
        if self.shared:
            out["shared_tree"] = True
        if self.knowledge is not None:
            out["knowledge"] = self.knowledge
        if self.tuning:
            out["tuning"] = dict(self.tuning)
        return out

    def task(self):
        return (self.keep, self.ponder, self.workers, self.knowledge, self.tuning,
                "shared" if self.shared else "root")


def results_fmt(value):
    from host_tools.bench.results import fmt

    return fmt(value)


def pico_move_seconds(key, path=None):
    """The Pico's device move at the top level in the app, in seconds, as host_tools/bench/pico.py
    measured it (docs/results/pico.json); None where it was not measured."""
    path = path or os.path.join(ROOT, "docs", "results", "pico.json")
    try:
        with open(path) as handle:
            figures = json.load(handle).get("figures", [])
    except (OSError, ValueError):
        return None
    for figure in figures:
        if (figure.get("game") == key and figure["name"].endswith("device move in the app, "
                                                                  "top level")
                and figure.get("value") and figure.get("unit") == "s"):
            return figure["value"]
    return None


def ponder_of_seconds(key, budget, seconds, path=None):
    """(work, note) of pondering `seconds` of a Pico's time: the top Pico level's budget is
    what the Pico does in its measured device move time."""
    move = pico_move_seconds(key, path)
    if move is None:
        raise LookupError("no Pico device move time for %s in docs/results/pico.json" % key)
    work = int(round(budget * seconds / move))
    return work, "pondering %s s = %d work (the top Pico level's %d in the Pico's %s s a " \
        "move)" % (results_fmt(seconds), work, budget, results_fmt(move))


_POOLS = {}  # ParallelSearch's pools of this process, by (worker count, tree) (close_pools)


def searcher(workers, tree="root"):
    """A ParallelSearch on this process's pool of `workers` searching as tree says (every
    search in the workers), or None for a plain Search."""
    if workers <= 1:
        return None
    from stones.platforms.workers import ParallelSearch, Pool

    if (workers, tree) not in _POOLS:
        _POOLS[workers, tree] = Pool(workers, tree=tree)
    return ParallelSearch(_POOLS[workers, tree], single_up_to=0)


def worker_note(workers, shared=False):
    """How a budget counts on `workers` search workers (shared: on one tree), for a figure's
    note."""
    if workers <= 1:
        return ""
    if shared:
        return " a worker, one tree shared by the workers, virtual loss"
    from stones.platforms.workers import SHARES

    return " a worker, the root's counts shared every 1/%d of it" % SHARES


def worker_cpu(extras, workers):
    """The search workers' CPU a move, for a figure's note (extras: _one_gnugo_game's)."""
    if workers <= 1:
        return ""
    moves = sum(e[1] for e in extras)
    seconds = sum(e[5] for e in extras) / moves if moves else 0.0
    return " in this process, %.3f s in the %d workers (%.3f s each)" % (
        seconds, workers, seconds / workers)


def close_pools():
    while _POOLS:
        _POOLS.popitem()[1].close()


def tuning_change(text):
    """('name', value) of a --tuning NAME=VALUE: a Tuning setting and an int."""
    name, _, value = text.partition("=")
    if name.startswith("_") or not hasattr(Tuning, name) or not value.lstrip("-").isdigit():
        raise argparse.ArgumentTypeError("not a Tuning setting NAME=INT: %r" % text)
    return name, int(value)


def tuned(key, **changes):
    """The game's own tuning with changes (knowledge bits: the rest of it as the game sets it,
    so that a figure with other knowledge changes nothing else)."""
    return Tuning(**dict(vars(registry.game_class(key).tuning), **changes))


def ours(key, budget, seed, nodes, modes, made):
    """Our player with modes (Modes.task's tuple), appended to made."""
    keep, ponder, workers, knowledge, changes, tree = modes
    changes = dict(changes)
    if knowledge is not None:
        changes["knowledge"] = knowledge
    tuning = tuned(key, **changes) if changes else None
    made.append(opponents.SearchPlayer(budget, seed, nodes, tuning, keep, ponder,
                                       searcher(workers, tree)))
    return made[-1]


def pondered(players):
    """(work, CPU seconds) of the players' pondering, a ponder on average."""
    count = sum(p.ponders for p in players)
    if not count:
        return 0, 0.0
    return sum(p.pondered for p in players) / count, sum(
        p.ponder_seconds for p in players) / count


def _one_game(task):
    """One game of the top Pico level (with modes) against opponent: 'random', 'greedy', 'v01'
    (the first release's player at v01_budget) or 'previous' (the top Pico level without the
    modes, at the same budget). Returns wins, draws, losses, each side's CPU seconds and moves,
    and our pondering's work and CPU seconds a ponder."""
    key, size, budget, opponent, v01_budget, index, percent, modes, nodes = task
    mine = []
    theirs = []

    def player(seed):
        return ours(key, budget * percent // 100, seed, nodes, modes, mine)

    def other(seed):
        if opponent in ("v01", "previous"):
            if opponent == "v01":
                theirs.append(opponents.SearchPlayer(v01_budget, seed, search.PICO_NODES,
                                                     v01(key)[1]))
            else:
                theirs.append(opponents.SearchPlayer(budget, seed, nodes))
            return theirs[-1]
        return (opponents.RandomPlayer if opponent == "random" else opponents.GreedyPlayer)(seed)

    tally = opponents.match(key, size, player, other, 1, first=index)
    them = theirs[0] if theirs else None
    return (tally.wins, tally.draws, tally.losses, mine[0].seconds, mine[0].moves,
            them.seconds if them else 0.0, them.moves if them else 0) + pondered(mine)


def _one_gnugo_game(task):
    """One game against GNU Go: wins, draws, losses, our CPU seconds and moves, whether our
    final_score agreed with GNU Go's (None: GNU Go resigned, nothing to count), our
    pondering's work and CPU seconds a ponder, and our moves' CPU seconds in search workers."""
    key, size, budget, level, index, nodes, modes = task
    mine = []

    def player(seed):
        if nodes < 0:  # GNU Go's Monte Carlo player at budget playouts a move
            mine.append(opponents.MonteCarloPlayer(budget, seed))
        elif not budget:  # the prior alone, no search
            mine.append(opponents.PriorPlayer(modes[3]))
        else:
            ours(key, budget, seed, nodes, modes, mine)
        return mine[-1]

    try:
        tally, scores = opponents.gnugo_match(size, player, 1, level=level, first=index,
                                              settings={"komi": "6.5"}, scores=True, key=key)
    finally:
        for made in mine:
            if hasattr(made, "close"):
                made.close()
    agreed = None
    if scores and nodes >= 0:  # (our own count: of our players only)
        agreed = scores[0][0] == scores[0][1]
    return (tally.wins, tally.draws, tally.losses, mine[0].seconds, mine[0].moves,
            agreed) + pondered(mine) + (mine[0].worker_seconds, mine[0].playouts)


def run_tasks(function, tasks, workers):
    """(Tally, the extra figures of each game) over tasks."""
    tally = opponents.Tally()
    if workers > 1 and not any(isinstance(t[-1], tuple) and t[-1][2] > 1 for t in tasks):
        # (a Pool's processes may not start the search workers' own: those games run here)
        with Pool(workers) as pool:
            results = pool.map(function, tasks, chunksize=1)
    else:
        try:
            results = [function(task) for task in tasks]
        finally:
            close_pools()
    for result in results:
        tally.wins += result[0]
        tally.draws += result[1]
        tally.losses += result[2]
    return tally, [result[3:] for result in results]


def rate_line(name, tally, target, seconds, key, size, extra="", **figures):
    R.rate(name, tally, target, key, board_name(key, size), "%s%.0f s" % (extra, seconds),
           **figures)


def playouts_a_move(extras):
    """Our player's playouts a move over the games of a match (extras: _one_gnugo_game's)."""
    moves = sum(e[1] for e in extras)
    return sum(e[6] for e in extras) / moves if moves else 0.0


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
    ours, theirs = costs_per_unit(key, size, ((budget, None), (v01_budget, v01(key)[1])))
    return max(1, int(budget * ours / theirs))


def ensure_gnugo():
    if opponents.find_gnugo() is None:
        subprocess.run(["sh", os.path.join(ROOT, "host_tools", "ensure_debian_packages.sh"),
                        "gnugo"], check=False)
    return opponents.find_gnugo()


def main(argv=None):
    global R
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=0, metavar="N",
                        help="the matches on this board (default: each game's own); the top "
                        "Pico level's budget scaled to it as a Pico scales it (pico_scale)")
    parser.add_argument("--our-budget", type=int, default=100, metavar="PERCENT",
                        help="against previous: our player's budget in percent of the level's "
                        "(equal time for a change whose cost on a Pico the work does not count, "
                        "such as the policy's pass)")
    parser.add_argument("--games", type=int, default=100,
                        help="games a figure (default 100; 0: time and heap only)")
    parser.add_argument("--gnugo-games", type=int, default=None,
                        help="games against GNU Go (default: --games)")
    parser.add_argument("--gnugo-level", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--no-gnugo", action="store_true", help="skip the GNU Go games")
    parser.add_argument("--gnugo-players", default="pi,pico", metavar="LIST",
                        help="our levels against GNU Go: pi, pico or both (default); "
                        "prior: the root's priors alone, no search (with --knowledge); "
                        "montecarlo: GNU Go's own Monte Carlo player (with --mc-playouts)")
    parser.add_argument("--tuning", action="append", default=[], metavar="NAME=VALUE",
                        type=tuning_change, help="our player's change to the game's own "
                        "Tuning (an int): book=1 plays the opening book, lcb=150 the final "
                        "move by its lower confidence bound, halving=8 sequential halving at "
                        "the root over 8 candidates; repeatable")
    parser.add_argument("--mc-playouts", type=int, default=0, metavar="N",
                        help="GNU Go's Monte Carlo player's simulations a move")
    parser.add_argument("--pi-level", action="store_true",
                        help="against previous: both sides play the top Raspberry Pi level "
                        "(its budget and a Pi's tree, one search each) instead of the top "
                        "Pico level")
    parser.add_argument("--budget-scale", type=int, default=1, metavar="K",
                        help="the top Pico level against GNU Go at K times its budget "
                        "(calibration: what more search buys against the outside engine)")
    parser.add_argument("--no-micropython", action="store_true",
                        help="skip the timing and heap figures on the unix port")
    parser.add_argument("--no-speed", action="store_true",
                        help="skip the levels and playout speed figures (matches only)")
    parser.add_argument("--only-vs", default="random,greedy,v01,gnugo", metavar="LIST",
                        help="only these matches, comma-separated (default: "
                        "random,greedy,v01,gnugo; also previous: the top Pico level without "
                        "the modes below)")
    parser.add_argument("--keep", action="store_true",
                        help="our player keeps its tree from one move to the next")
    parser.add_argument("--ponder-work", type=int, default=0, metavar="N",
                        help="our player ponders N work on the opponent's turn (implies --keep)")
    parser.add_argument("--ponder-seconds", type=float, default=None, metavar="S",
                        help="as --ponder-work, S seconds of a Pico's time (docs/results/"
                        "pico.json's device move: the top Pico level's budget in that time)")
    parser.add_argument("--knowledge", type=int, default=None, metavar="BITS",
                        help="our player's knowledge bits (default: the game's own; Go's "
                        "policy at the root: 63)")
    parser.add_argument("--search-workers", type=int, default=1, metavar="N",
                        help="the top Raspberry Pi level searches on N processes (budget per "
                        "worker)")
    parser.add_argument("--shared-tree", action="store_true",
                        help="the search workers grow one tree in shared memory (virtual loss) "
                        "instead of sharing the root's counts")
    parser.add_argument("--no-results", action="store_true",
                        help="print only: leave docs/results/ai.json as it is")
    parser.add_argument("only", nargs="*", metavar="GAME", help="only these games")
    args = parser.parse_args(argv)
    wanted = set(args.only_vs.split(","))
    if wanted - {"random", "greedy", "v01", "gnugo", "previous"}:
        parser.error("--only-vs takes random, greedy, v01, gnugo and previous")
    if args.ponder_work and args.ponder_seconds is not None:
        parser.error("--ponder-work or --ponder-seconds, not both")
    if set(args.gnugo_players.split(",")) - {"pi", "pico", "prior", "montecarlo"}:
        parser.error("--gnugo-players takes pi, pico, prior and montecarlo")
    if "montecarlo" in args.gnugo_players.split(",") and not args.mc_playouts:
        parser.error("--gnugo-players montecarlo needs --mc-playouts N (the top Pico level's "
                     "playouts a move: the note of its line against GNU Go)")
    if not 1 <= args.our_budget <= 100:
        parser.error("--our-budget takes a percent from 1 to 100")
    if args.budget_scale < 1:
        parser.error("--budget-scale takes 1 or more")
    if args.pi_level and wanted != {"previous"}:
        parser.error("--pi-level is for --only-vs previous alone")
    if args.shared_tree and args.search_workers < 2:
        parser.error("--shared-tree needs --search-workers 2 or more")
    R = Results("ai", "The computer player's strength", argv,
                ("cpython",) if args.no_micropython else ("cpython", "unix", "wasm"))
    print("Pocket Stones computer opponent (win rates: CPython; time and heap: MicroPython unix "
          "port, heap %s)" % PICO_HEAP)
    with tempfile.TemporaryDirectory() as mpy_dir, tempfile.TemporaryDirectory() as plain_dir:
        if not args.no_micropython:
            compile_firmware(mpy_dir)
            compile_firmware(plain_dir, arch="none")  # the WebAssembly port runs bytecode only
        for key, size in bench_games():
            if args.only and key not in args.only:
                continue
            targets = bench_of(key)
            cls = registry.game_class(key)
            budget = search.levels(cls)[-1]
            if args.size and args.size != size:
                if args.size not in cls.sizes:
                    parser.error("--size %d: %s is played on sizes %s" % (
                        args.size, cls.title, cls.sizes))
                size = args.size
                budget = search.budget(registry.new_game(key, size), len(search.levels(cls)))
            name = "%s %s" % (key, board_name(key, size))
            if not args.no_speed:
                R.add(name + " levels", None, "", "moves simulated a move: Pico levels, then the "
                      "Raspberry Pi's", game=key, board=board_name(key, size),
                      shown=" ".join(map(str, search.levels(cls, pi=True))),
                      levels=list(search.levels(cls, pi=True)),
                      pico_levels=len(search.levels(cls)))
                _speed_lines(name, key, size, mpy_dir, args.no_micropython)
            if not args.no_micropython:
                _device_lines(name, key, size, budget, mpy_dir, plain_dir)
            if not args.games:
                continue
            nodes = search.PICO_NODES
            level_name = "Raspberry Pi" if args.pi_level else "Pico"
            if args.pi_level:  # both sides the top Raspberry Pi level, one search each
                budget = search.budget(registry.new_game(key, size),
                                       len(search.levels(cls, pi=True)), pi=True)
                nodes = search.PI_NODES
            modes, ponder_note = game_modes(args, key, budget, parser)
            v01_budget = v01(key)[0]
            if "v01" in wanted:  # equal time: its budget scaled by what a unit costs each side
                v01_budget = equal_time_budget(key, size, budget, v01_budget)
            for opponent in ("v01", "previous", "random", "greedy"):
                if opponent not in wanted:
                    continue
                start = time.time()
                tasks = [(key, size, budget, opponent, v01_budget, i, args.our_budget,
                          modes.task(), nodes) for i in range(args.games)]
                tally, extras = run_tasks(_one_game, tasks, args.workers)
                extra = ponder_note
                label = opponent
                if opponent == "v01":
                    label = "the first release's player at equal time"
                    extra += "budget %d; CPU a move: ours %.1f ms, first release %.1f ms; " % (
                        v01_budget, 1000 * per_move(extras), 1000 * per_move(extras, 2))
                elif opponent == "previous":
                    label = "top %s level without keep or pondering, %s" % (
                        level_name, "same budget" if args.our_budget == 100 else
                        "ours at %d%% of its budget" % args.our_budget)
                    extra += "budget %d; CPU a move: ours %.1f ms, theirs %.1f ms; " % (
                        budget, 1000 * per_move(extras), 1000 * per_move(extras, 2))
                extra += ponder_text(extras, 4)
                rate_line("%s vs %s, top %s level%s" % (name, label, level_name, modes.label()),
                          tally,
                          None if args.pi_level else targets.get(
                              "vs_" + opponent + modes.suffix()
                              + ("_board" if size != cls.default_size else "")),
                          time.time() - start,
                          key, size, extra, level=len(search.levels(cls, pi=args.pi_level)),
                          opponent=opponent,
                          **dict(modes.figures(), **({"our_budget_percent": args.our_budget}
                                                     if args.our_budget != 100 else {}),
                                 **({"pi_level": 1} if args.pi_level else {})))
            reference = targets.get("gtp_reference")
            if reference == "gnugo" and "gnugo" in wanted and not args.no_gnugo:
                _gnugo_lines(name, key, cls, size, args, targets, modes, ponder_note)
    if not args.no_results:
        R.save()
    return 0


def _speed_lines(name, key, size, mpy_dir, no_micropython):
    """Playouts a second with knowledge 0 (light) and the game's own (heavy)."""
    script = os.path.join(ROOT, "host_tools", "bench", "mp", "bench_playouts.py")
    runtimes = ("cpython",) if no_micropython else ("cpython", "micropython")
    board = board_name(key, size)
    for runtime in runtimes:
        figures = run(runtime, script, (key, size, PLAYOUT_MS), mpy_dir)
        where = "CPython" if runtime == "cpython" else "unix port, native"
        for kind, note in (("light", "uniform (the first release's)"),
                           ("heavy", "the game's knowledge")):
            R.add("%s playouts/s %s, %s" % (name, kind, where), int(figures[kind + "_per_s"]),
                  "", "%s; %.1f moves a playout" % (note, figures[kind + "_moves"]), game=key,
                  board=board)


def _device_lines(name, key, size, budget, mpy_dir, plain_dir):
    board = board_name(key, size)
    try:
        mp = measure_on_micropython(key, size, budget, mpy_dir)
    except (RuntimeError, subprocess.TimeoutExpired) as error:
        R.add(name + " MicroPython figures", None, "", str(error), game=key, board=board)
        return
    R.add(name + " time a move, unix port", round(mp["mean_us"] / 1000, 1), "ms",
          "top Pico level, mean of two games; slowest %.1f ms" % (mp["worst_us"] / 1000),
          game=key, board=board)
    R.add(name + " heap: search import (.mpy)", int(mp["import_heap"]), "B", game=key,
          board=board)
    R.add(name + " heap: %d nodes" % search.PICO_NODES, int(mp["nodes_heap"]), "B",
          "%d a node" % search.BYTES_PER_NODE, game=key, board=board)
    R.add(name + " heap: search, all", int(mp["total_heap"]), "B",
          "import + nodes + scratch game and tables", game=key, board=board)
    w32 = measure_on_wasm(key, size, plain_dir)
    if w32:
        R.add(name + " heap: search import, 32-bit", int(w32["import_heap32"]), "B",
              "WebAssembly port (the Pico's object model)", game=key, board=board)
        R.add(name + " heap: %d nodes, 32-bit" % search.PICO_NODES, int(w32["nodes_heap32"]),
              "B", game=key, board=board)
        R.add(name + " heap: search, all, 32-bit", int(w32["total_heap32"]), "B", game=key,
              board=board)
        R.add(name + " heap-locked search, 32-bit", int(w32["locked_playouts32"]), "playouts",
              "no allocation and no int >= 2**30 (0: failed)", game=key, board=board)


def game_modes(args, key, budget, parser=None):
    """(Modes, the pondering note: '' or its conversion) of the arguments for game key, whose top
    Pico level is budget."""
    ponder, seconds, note = args.ponder_work, args.ponder_seconds, ""
    if seconds is not None:
        try:
            ponder, note = ponder_of_seconds(key, budget, seconds)
        except LookupError as error:
            if parser is None:
                raise
            parser.error(str(error))
        note += "; "
    return Modes(args.keep, ponder, seconds, args.search_workers, args.knowledge,
                 args.tuning, "shared" if args.shared_tree else "root"), note


def ponder_text(extras, at):
    """'pondered 12000 work, 0.4 s CPU a ponder; ' of the games' extras (at: where the
    pondering's figures start), '' without pondering."""
    games = [e for e in extras if e[at]]
    if not games:
        return ""
    return "pondered %.0f work, %.2f s CPU a ponder (mean); " % (
        sum(e[at] for e in games) / len(games), sum(e[at + 1] for e in games) / len(games))


def gnugo_target(targets, who, level, modes):
    """The bench target of `who` ('pi', 'pico') against GNU Go level with modes."""
    base = "vs_gtp_" if level == 1 else "vs_gtp%d_" % level
    return targets.get(base + who + modes.suffix())


def _gnugo_lines(name, key, cls, size, args, targets, modes=None, ponder_note=""):
    modes = modes or Modes()
    games = args.games if args.gnugo_games is None else args.gnugo_games
    if ensure_gnugo() is None:
        R.add(name + " vs GNU Go", None, "", "GNU Go is missing and could not be installed",
              game=key, board=board_name(key, size))
        return
    agreements = []
    pico = len(search.levels(cls))
    players = args.gnugo_players.split(",")
    for who, label, level, nodes in (
            ("pi", "top Raspberry Pi level", len(search.levels(cls, pi=True)), search.PI_NODES),
            ("pico", "top Pico level", pico, search.PICO_NODES),
            ("prior", "the prior alone, no search", 0, 0),
            ("montecarlo", "GNU Go's Monte Carlo player at %d playouts a move"
             % args.mc_playouts, 0, -1)):
        if who not in players:
            continue
        budget = search.budget(registry.new_game(key, size), level, pi=True) if level else 0
        mine = modes
        note = ponder_note
        scale = {}
        if who == "pico":  # the Pico's level: one search, in the match's process
            mine = Modes(modes.keep, modes.ponder, modes.seconds, knowledge=modes.knowledge,
                         tuning=modes.tuning)
            if args.budget_scale > 1:
                budget *= args.budget_scale
                label += " at %dx its budget" % args.budget_scale
                scale = {"budget_scale": args.budget_scale}
        elif who == "montecarlo":
            budget = args.mc_playouts
            mine = Modes()
        elif who == "prior":  # no search: only the knowledge counts
            mine = Modes(knowledge=modes.knowledge)
        elif modes.seconds is not None:  # the Pi's level ponders the same seconds' work
            note = "pondering %s s = %d work (as the top Pico level's); " % (
                results_fmt(modes.seconds), modes.ponder)
        start = time.time()
        tasks = [(key, size, budget, args.gnugo_level, i, nodes, mine.task())
                 for i in range(games)]
        tally, extras = run_tasks(_one_gnugo_game, tasks, args.workers)
        target = None if scale else gnugo_target(targets, who, args.gnugo_level, mine)
        work = ("%d simulations a move; " % budget if nodes < 0 else
                "budget %d%s, %.0f playouts a move; CPU a move %.3f s%s; " % (
                    budget, worker_note(mine.workers, mine.shared), playouts_a_move(extras),
                    per_move(extras), worker_cpu(extras, mine.workers)))
        rate_line("%s vs GNU Go level %d, %s%s" % (name, args.gnugo_level, label, mine.label()),
                  tally, target, time.time() - start, key, size, "%s%s%s" % (
                      note, work, ponder_text(extras, 3)),
                  level=level, opponent="gnugo", opponent_level=args.gnugo_level,
                  playouts=round(playouts_a_move(extras), 1), **dict(mine.figures(), **scale))
        agreements += [e[2] for e in extras if e[2] is not None]
    if modes.keep or modes.workers > 1 or args.gnugo_level != 1 or len(players) < 2 or (
            args.budget_scale > 1):
        return  # the agreement figure: of the plain matches at level 1 only
    share = 100 * sum(agreements) / len(agreements) if agreements else None
    R.add(name + " final_score agrees with GNU Go", None if share is None else round(share, 1),
          "%", "%d of %d finished games of the matches above (GNU Go resigned in the others)"
          % (sum(agreements), len(agreements)), targets.get("gtp_score_agrees"), game=key,
          board=board_name(key, size))


if __name__ == "__main__":
    sys.exit(main())
