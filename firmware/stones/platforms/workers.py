"""The computer player on every core of a CPython host (a Raspberry Pi 4/5, Zero 2 W; GTP's
--workers): engine.search.Search run in worker processes, with root parallelism and the root's
counts shared, or (an option, off by default) growing one tree in shared memory.

Reading guide.

**Root parallelism.** Each worker process holds its own Search and searches the same position
with its own seed (``worker_seed``: worker 0 the search's seed itself, the others derived from
it and their index) and the whole budget: the budget counts per worker, so every worker does
the level's work. The move is the root child with the most playouts summed over the workers,
ties to the higher summed value, then to the child met first (worker 0's ranking first, then
worker 1's, ...). Nothing depends on timing: the same position, budget, seed and number of
workers give the same move, and one worker gives exactly the plain Search's move. The workers
search without sequential halving at the root (Tuning.halving; its survivor is one search's
choice, not a count that sums), so a tuning with it plays here as with it off. Each worker
keeps its tree between moves (its begin passes keep on), so tree reuse works as in Search.

**Sharing the root.** Independent trees stop gaining after two workers: each spends its
playouts on the moves its own few playouts favour. So at SHARES - 1 share points of a search
(work k * budget / SHARES, k = 1, 2, ...) each worker pauses and reports its root children's
counts of its own playouts (SharingSearch.share_counts); once every worker has reported that
point or ended, the parent sends the counts summed over all of them, and each adds the others'
to its root children (SharingSearch.share) and goes on, its walk now choosing among the root's
moves by every worker's playouts (MoGo's sharing of the tree's top between cluster nodes). A
worker's own counts alone still decide its early end and its ranking, so the summed ranking
counts each playout once. The points are in work, not time, so sharing keeps the search
reproducible; a worker waits at a point for the others, so it costs wall time where the
workers run unevenly. A stop reaches a waiting worker too (it ends there and reports).

**One shared tree** (``tree="shared"`` of Pool and Searcher, which a ParallelSearch follows;
$POCKET_STONES_TREE=shared or the pin map's "tree"; GTP's --shared-tree; off by default: "root"
is all of the above). The workers grow one tree instead of a tree each. Its node arrays
(SharedTree: Search's seven, and a word a node for the virtual losses) and the node count live
in multiprocessing.shared_memory, made by the pool at its start, reused move after move, and
unlinked by close(). Each worker keeps its own scratch game, tables, seed (worker_seed) and
budget (the budget counts per worker, as above). A search: the parent pauses every worker
(Pool.pause: each says it is idle), prepares the root itself as Search.begin does (its
expansion, the counted pass, the tactics; with keep, the subtree of the moves played since,
where this ParallelSearch prepared the tree last: tree reuse stays, done by the parent while the
workers wait), and only then sends the begin; a worker's begin takes that root as it stands.
An expansion takes the tree's one lock (SharedTreeSearch._expand: Search._expand with the node
count read from the shared memory and written back; a leaf another worker expanded meanwhile
keeps that one's children; the candidates are computed before the lock is taken); a run's
children are written before its ``kids``, which publishes them. The counts take no lock, as in
Enzenberger and Mueller's lock-free Fuego: two workers adding to one word at once may lose an
update now and then, which is harmless (a count one short; none is counted twice). Virtual
loss: a worker's walk (Search's select hook: _select) sees on each child the walks under way
through it, as visits without a win, so that the other workers spread out; its count (_count)
takes them back before Search's own. A worker's early end (_decided) weighs the lead against
every worker's playouts left. The move is the most visited root child of the shared tree
(Search.ranked(): ties to the higher value, then to the child met first), read by the parent
once every worker has sent its final report; before any playout, the best prior the rules
accept. Sharing the root and halving are off there. What a search finds depends on how the
workers were scheduled, so it is not reproducible as the root's sharing is; one worker alone on
a shared tree grows exactly the plain Search's tree. The Pico's Search carries none of it: the
hooks live in SharedTreeSearch, here.

**ParallelSearch** has Search's interface as the app (ui/opponent.py) and GTP drive it: begin,
step, ponder, probe, progress, stop, full, best_move, think, ranked, and ``work``. begin sends the
game (pickled: the workers rebuild an exact copy) and returns at once (on a shared tree once the
root is prepared, as long as a Search's begin takes); the workers then search in
the background, and step() and progress() only read what they reported, never waiting for them, so
the app's loop goes on while they think. step() returns True once every worker has sent its final
report. stop() asks them to end now; best_move() waits for their reports (a chunk of playouts at
most), and called before the end it stops the search first. think() is begin, then waiting until
the end: it blocks (GTP's genmove). ``wait`` blocks for a report or a timeout: for loops that have
nothing else to do while the workers think (GTP's pondering).

**A lease.** The workers search only while someone is watching: every step, progress or wait
renews a lease of LEASE_S, and a worker whose lease ran out waits (blocked, no CPU) until the next
renewal or command. A search the app forgot (the game left for the menu, the device paused,
pondering under a menu or a dimmed panel) so stops costing the cores within LEASE_S; only its
speed depended on the lease, never its result.

**Budgets of the Pico's levels run here.** A search whose budget is at most the Pico's strongest
level (search.levels) runs on an ordinary Search in this process: on a Pi those levels play as
on a Pico, the same move for the same seed; the Pi's levels, above them, use every core
(``single_up_to`` changes the bound: 0 sends every search to the workers).

**The pool.** Pool starts its worker processes (multiprocessing's spawn: a fresh interpreter,
none of the parent's threads, the same sys.path) at the first search that needs them, keeps them
for every later one, and close() ends them: a quit message, then a join, then terminate() for
any still there. Workers ignore SIGINT (a terminal's Ctrl-C is for the app) and end by
themselves when the parent's end of their pipe closes. A Searcher is what a platform hands to
the App (its ``searcher`` factory): each call a ParallelSearch on its one Pool (a plain Search
for one worker), and close() ends the pool.
``worker_count(config)`` is how many: $POCKET_STONES_WORKERS, else the pin map's "workers", else
every core (os.cpu_count()); ``tree_mode(config)`` how they search (TREES).

Never imported on a Pico (firmware/manifest.py leaves it out of the build).
"""

import multiprocessing
import os
import pickle
import signal
import sys
import time
from multiprocessing import shared_memory
from multiprocessing.connection import wait as wait_any

# (_MOVE, _DEAD: a node's move bits and its refused mark)
from stones.engine.search import _DEAD, _MOVE, PI_NODES, Search, book_move, levels

LEASE_S = 1.0  # how long workers go on without a step, progress or wait from the parent
CHUNK = 2  # playouts a worker runs between two looks at its pipe
REPORT_S = 0.05  # a worker's progress reports, at most this often
SHARES = 64  # share points in a search of several workers (see the reading guide)
TREES = ("root", "shared")  # how a pool's workers search: root parallelism, or one shared tree


def worker_seed(seed, index):
    """Worker index's seed: the search's own for worker 0 (one worker is the plain Search),
    a deterministic spread of it for the others."""
    return ((seed + index * 0x9E3779B1) & 0x3FFFFFFF) or 1


def in_worker():
    """Whether this process is a worker. A worker's start (spawn) runs the parent's main script
    again, as module __mp_main__, before it knows its parent: then sys.modules' __mp_main__ is
    that script while __main__ is still spawn's own (multiprocessing makes them one module in
    every other process). stones.boot.main asks, and starts no app there."""
    if multiprocessing.parent_process() is not None:
        return True
    return sys.modules.get("__mp_main__") is not sys.modules.get("__main__")


def worker_count(config=None, environ=None):
    """How many workers a Pi's player uses: $POCKET_STONES_WORKERS, else the config's
    "workers", else every core; at least 1."""
    environ = os.environ if environ is None else environ
    count = environ.get("POCKET_STONES_WORKERS") or (config or {}).get("workers")
    try:
        count = int(count) if count else (os.cpu_count() or 1)
    except ValueError:
        count = os.cpu_count() or 1
    return max(1, count)


def tree_mode(config=None, environ=None):
    """How a Pi's workers search (TREES): $POCKET_STONES_TREE, else the config's "tree", else
    "root"; anything else is refused by name (ValueError)."""
    environ = os.environ if environ is None else environ
    mode = environ.get("POCKET_STONES_TREE") or (config or {}).get("tree") or "root"
    if mode not in TREES:
        raise ValueError("tree %r: not one of %s" % (mode, ", ".join(TREES)))
    return mode


# -- one shared tree ------------------------------------------------------------------------------


class SharedTree:
    """One search tree's node arrays in shared memory (see the reading guide): move, first,
    kids, visits, wins, AMAF visits, AMAF wins and the virtual losses, max_nodes words each, as
    memoryview slices (they index and assign like Search's own arrays), and the node count.
    The Pool makes it (name None: created, and unlinked by its close()); a worker attaches to
    it by name. lock guards the node count: an expansion takes it."""

    FIELDS = 8

    def __init__(self, max_nodes, lock, name=None):
        size = 4 + 2 * self.FIELDS * max_nodes
        self.made = name is None
        self.memory = shared_memory.SharedMemory(name=name, create=self.made, size=size)
        self.name = self.memory.name
        self.lock = lock
        self.max_nodes = max_nodes
        whole = memoryview(self.memory.buf)[:size]
        self.count = whole[:4].cast("I")
        words = whole[4:].cast("H")
        self.arrays = [words[f * max_nodes:(f + 1) * max_nodes] for f in range(self.FIELDS)]
        self.losses = whole[size - 2 * max_nodes:]  # the virtual losses' bytes
        self.views = [whole, self.count, words, self.losses] + self.arrays  # (close)
        self.zero = bytes(2 * max_nodes)

    def clear_virtual(self):
        """Every node's virtual losses to 0 (a lost update may have left one behind)."""
        self.losses[:] = self.zero

    def close(self):
        """Release the views and the memory; the maker also unlinks it (no name left)."""
        for view in reversed(self.views):
            view.release()
        self.views = []
        self.arrays = []
        self.memory.close()
        if self.made:
            self.memory.unlink()


def _select(search, start, k):
    """The walk's choice among the children start .. start + k - 1 (Search._iterate's and the
    viper twin's: the highest value, the first of equals, -1 if all are _DEAD), each child's
    visits counting the virtual losses on it; the pick takes one. A pick the rules refused
    (marked _DEAD since the last call) gives its loss back here: it is not on the path."""
    move = search.move
    visits = search.visits
    wins = search.wins
    avisits = search.avisits
    awins = search.awins
    virtual = search.virtual
    last = search.last
    if last >= 0 and move[last] & _DEAD:
        v = virtual[last]
        virtual[last] = v - 1 if v else 0
        search.held -= 1
    r = search.rave
    pick = -1
    best = -1
    for j in range(start, start + k):
        if move[j] & _DEAD:
            continue
        n = visits[j] + virtual[j]
        a = avisits[j]
        num = wins[j] * (r + a) + awins[j] * r
        den = (n + a) * r + n * a
        v = num * 256 // den if num < 0x400000 else num // ((den >> 8) or 1)
        if v > best:
            best = v
            pick = j
    if pick >= 0:
        virtual[pick] += 1
        search.held += 1
    search.last = pick
    return pick


class SharedTreeSearch(Search):
    """A Search on a SharedTree's arrays (see the reading guide, "One shared tree"). The one
    that prepares (the parent's) begins as Search does, on a fresh or a kept root, while no
    worker runs. A worker's begins on the root that is there: begin's keep of node 0 as it
    stands (_follow gives 0, _reroot leaves it, the tables and the tuning set beforehand so
    that begin takes the keep); its walk counts virtual losses (_select, taken back by
    _count), its expansions take the lock, and its early end weighs the lead against every
    worker's playouts left (workers: how many grow the tree)."""

    def __init__(self, tree, workers=1, prepares=False):
        super().__init__(2)  # (its own arrays: the shared ones replace them)
        self.tree = tree
        self.max_nodes = tree.max_nodes
        (self.move, self.first, self.kids, self.visits, self.wins, self.avisits, self.awins,
         self.virtual) = tree.arrays
        self.count = tree.count
        self.workers = workers
        self.prepares = prepares
        self.held = 0  # the virtual losses this search has on the tree now
        self.last = -1  # the walk's last pick
        if not prepares:
            self.select = _select

    def begin(self, game, budget, seed=1, tuning=None, keep=False):
        if self.prepares:
            self.n_nodes = self.count[0]  # the tree the workers grew, for keep
            super().begin(game, budget, seed, tuning, keep)
            self.count[0] = self.n_nodes
            self.tree.clear_virtual()
        else:
            self._tables(game)
            self.tuning = tuning or game.tuning
            super().begin(game, budget, seed, tuning, True)
            self.held = 0
            self.last = -1
        self.alive = 0  # no sequential halving: the move is the most visited

    def _follow(self, game):
        return super()._follow(game) if self.prepares else 0

    def _reroot(self, t):
        return super()._reroot(t) if self.prepares else True

    def full(self):
        self.n_nodes = self.count[0]
        return super().full()

    def _expand(self, node, root=False, n=-1):
        """Search._expand under the tree's lock, the node count read from the shared memory
        and written back; a node another worker expanded meanwhile keeps its children. The
        candidates are computed before the lock is taken. The root's (the preparer's begin)
        need no lock: no worker runs then."""
        if root:
            return super()._expand(node, True, n)
        count = self.count
        if self.max_nodes - count[0] <= self.width:
            return False  # full: no candidates computed for a node that could not take them
        if n < 0:
            n = self.scratch.candidates(self.cand, self.pri)
        with self.tree.lock:
            if self.kids[node]:
                return True
            self.n_nodes = count[0]
            grown = super()._expand(node, False, n)
            count[0] = self.n_nodes
        return grown

    def _count(self, depth, winner):
        """The playout's virtual losses taken back from its path, then Search's count."""
        virtual = self.virtual
        path = self.path
        for d in range(depth):
            j = path[d]
            v = virtual[j]
            virtual[j] = v - 1 if v else 0
        self.held -= depth
        self.last = -1
        return super()._count(depth, winner)

    def _decided(self):
        """Search's early end with every worker's playouts left against the lead: the others
        began with the same budget, so this one's left stands for each of theirs."""
        budget, work = self.budget, self.work
        self.budget, self.work = budget * self.workers, work * self.workers
        try:
            return super()._decided()
        finally:
            self.budget, self.work = budget, work


# -- the worker process ---------------------------------------------------------------------------


class SharingSearch(Search):
    """A Search that shares its root's counts with the other workers' (see the reading guide):
    with ``sharing`` set, each begin remembers the root children's counts (start_counts), and
    ``foreign`` holds the others' counts that share() added to them, four words a child
    (visits, wins, AMAF visits, AMAF wins), the root's visits from the others last. The next
    begin takes the others' counts off before it keeps the tree: a kept tree is its own."""

    def __init__(self, max_nodes=None):
        super().__init__(max_nodes)
        self.sharing = False
        self.start_counts = None
        self.foreign = None

    def begin(self, game, budget, seed=1, tuning=None, keep=False):
        self._unshare()
        super().begin(game, budget, seed, tuning, keep)
        self.alive = 0  # no sequential halving here: the move is the summed playouts'
        if self.sharing:
            self._share_start()

    def share_counts(self):
        """What this search's own playouts have added to each root child since begin:
        [(move, visits, wins, AMAF visits, AMAF wins)] in the root's order, for share() in the
        other searches of the same position."""
        out = []
        start = self.start_counts
        foreign = self.foreign
        if start is None:
            return out
        first = self.first[0]
        for j in range(first, first + self.kids[0]):
            i = 4 * (j - first)
            out.append((self.move[j] & _MOVE,
                        self.visits[j] - start[i] - foreign[i],
                        self.wins[j] - start[i + 1] - foreign[i + 1],
                        self.avisits[j] - start[i + 2] - foreign[i + 2],
                        self.awins[j] - start[i + 3] - foreign[i + 3]))
        return out

    def share(self, totals):
        """Count the other searches' playouts on the root children: totals maps a move to the
        summed counts (visits, wins, AMAF visits, AMAF wins) of share_counts() over every
        search of this position (this one's too), and each child then holds its own counts
        plus the others'. Its own alone still decide the early end, ranked() and best_move().
        The root's visits count all, so that the others' bring a search to its cap too (no
        word overflows): a share that would pass it ends the search instead."""
        foreign = self.foreign
        if foreign is None or self.finished:
            return
        mine = self.share_counts()
        first = self.first[0]
        added = 0
        for (m, v, _, _, _) in mine:
            total = totals.get(m)
            if total is not None:
                added += total[0] - v
        if self.visits[0] + added - foreign[-1] > self.most:
            self.finished = True
            return
        counts = (self.visits, self.wins, self.avisits, self.awins)
        for j in range(first, first + self.kids[0]):
            entry = mine[j - first]
            total = totals.get(entry[0])
            if total is None:
                continue
            i = 4 * (j - first)
            for f in range(4):
                other = total[f] - entry[f + 1]
                counts[f][j] += other - foreign[i + f]
                foreign[i + f] = other
        self.visits[0] += added - foreign[-1]
        foreign[-1] = added

    def _share_start(self):
        first = self.first[0]
        k = self.kids[0]
        start = [0] * (4 * k)
        counts = (self.visits, self.wins, self.avisits, self.awins)
        for j in range(first, first + k):
            for f in range(4):
                start[4 * (j - first) + f] = counts[f][j]
        self.start_counts = start
        self.foreign = [0] * (4 * k + 1)  # the last: the root's visits from the others

    def _unshare(self):
        """Take the other searches' counts off the root children (begin: a kept tree is this
        search's own)."""
        foreign = self.foreign
        if foreign is None:
            return
        first = self.first[0]
        counts = (self.visits, self.wins, self.avisits, self.awins)
        for j in range(first, first + self.kids[0]):
            for f in range(4):
                counts[f][j] -= foreign[4 * (j - first) + f]
        self.visits[0] -= foreign[-1]
        self.foreign = None
        self.start_counts = None


def _report(search, gen, kind, share=0, cpu=0.0):
    """A worker's report: (kind, generation, work, playouts, full, ...): a "progress" report
    nothing more; "share" (at share point share) its root's counts (share_counts); "done" its
    best move, its ranking, its counts, the CPU seconds it spent on the search since cpu
    (time.process_time() at its begin) and the virtual losses it still holds. On a shared
    tree the move, the ranking and the counts are the parent's to read: None, [], []."""
    head = (kind, gen, search.work, search.playouts, search.full())
    if kind == "share":
        return head + (share, search.share_counts())
    if kind == "done":
        if isinstance(search, SharedTreeSearch):
            return head + (None, [], [], time.process_time() - cpu, search.held)
        return head + (search.best_move(), search.ranked(), search.share_counts(),
                       time.process_time() - cpu, 0)
    return head


def serve(conn, max_nodes, shared=None):
    """A worker's loop: searches as the parent's messages say, until 'quit' or the pipe ends.
    shared: (the SharedTree's name, its lock, the workers' count) for a shared tree's worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    tree = None
    if shared is None:
        search = SharingSearch(max_nodes)
    else:
        tree = SharedTree(max_nodes or PI_NODES, shared[1], shared[0])
        search = SharedTreeSearch(tree, shared[2])
    tuning = None
    gen = -1
    running = False
    waiting = False  # at a share point: no playouts until the parent's totals come
    shares = 0
    point = 1  # the next share point: work point * budget / shares
    budget = 0
    lease = 0.0
    reported = 0.0
    cpu = 0.0  # time.process_time() at the search's begin
    try:
        while True:
            if running and not waiting and time.monotonic() < lease and not conn.poll():
                if search.step(CHUNK):
                    conn.send(_report(search, gen, "done", cpu=cpu))
                    running = False
                elif point < shares and search.work * shares >= point * budget:
                    conn.send(_report(search, gen, "share", point))
                    waiting = True
                elif time.monotonic() - reported >= REPORT_S:
                    reported = time.monotonic()
                    conn.send(_report(search, gen, "progress"))
                continue
            message = conn.recv()  # a command waits, or nothing to do: block until one comes
            kind = message[0]
            if kind == "begin":
                _, gen, data, budget, seed, sent, keep, lease, shares = message
                if not isinstance(sent, str):  # "same": the one they hold
                    tuning = sent
                if tree is None:
                    search.sharing = shares > 1
                cpu = time.process_time()
                search.begin(pickle.loads(data), budget, seed, tuning, keep)
                running = True
                waiting = False
                point = 1
                reported = time.monotonic()
                if search.finished:  # nothing to search (a forced move, an ended game)
                    conn.send(_report(search, gen, "done", cpu=cpu))
                    running = False
            elif kind == "shared":
                if running and waiting and message[1] == gen and message[2] == point:
                    search.share(message[3])
                    waiting = False
                    point += 1
            elif kind == "lease":
                lease = message[1]
            elif kind == "pause":  # the parent's turn at the shared tree: idle until a begin
                running = False
                waiting = False
                conn.send(("paused",))
            elif kind == "stop":
                if running and message[1] == gen:
                    search.stop()
                    conn.send(_report(search, gen, "done", cpu=cpu))
                    running = False
                    waiting = False
            elif kind == "quit":
                return
    except (EOFError, OSError, KeyboardInterrupt):
        return  # the parent went away
    finally:
        conn.close()
        if tree is not None:
            tree.close()  # (the search's views of it too)


class Pool:
    """count worker processes, started at the first use and kept until close(); tree (TREES)
    "shared": they grow one SharedTree, made at the start and kept until close()."""

    def __init__(self, count, max_nodes=None, method="spawn", tree="root"):
        if tree not in TREES:
            raise ValueError("tree %r: not one of %s" % (tree, ", ".join(TREES)))
        self.count = count
        self.max_nodes = max_nodes
        self.method = method
        self.shared = tree == "shared"
        self.tree = None  # the SharedTree, while the workers run
        self.owner = None  # the search that prepared the shared tree last (ParallelSearch)
        self.processes = []
        self.conns = []
        self.gen = 0  # the last search begun on the pool: older reports are dropped
        self.lease_at = 0.0

    def start(self):
        if self.processes:
            return
        context = multiprocessing.get_context(self.method)
        shared = None
        if self.shared:
            self.tree = SharedTree(self.max_nodes or PI_NODES, context.Lock())
            shared = (self.tree.name, self.tree.lock, self.count)
        for index in range(self.count):
            mine, theirs = context.Pipe()
            process = context.Process(target=serve, args=(theirs, self.max_nodes, shared),
                                      name="stones-worker-%d" % index, daemon=True)
            process.start()
            theirs.close()
            self.processes.append(process)
            self.conns.append(mine)

    def send(self, message):
        for conn in self.conns:
            conn.send(message)

    def renew(self, force=False):
        """Renew the workers' lease when a quarter of it has gone."""
        now = time.monotonic()
        if force or now - self.lease_at >= LEASE_S / 4:
            self.lease_at = now
            self.send(("lease", now + LEASE_S))

    def pause(self):
        """Every worker idle, each having said so: none touches the shared tree until the next
        begin (older reports on the way are dropped)."""
        self.send(("pause",))
        for conn in self.conns:
            while conn.recv()[0] != "paused":
                pass

    def pids(self):
        return [p.pid for p in self.processes]

    def close(self, timeout=2.0):
        """End the workers: quit, join, and terminate any that did not end."""
        processes, conns = self.processes, self.conns
        self.processes, self.conns = [], []
        for conn in conns:
            try:
                conn.send(("quit",))
            except (OSError, ValueError):
                pass  # it is gone already
        end = time.monotonic() + timeout
        for process in processes:
            process.join(max(0.0, end - time.monotonic()))
            if process.is_alive():
                process.terminate()
                process.join(1.0)
        for conn in conns:
            conn.close()
        if self.tree is not None:
            self.tree.close()  # unlinked: no name left in the system's shared memory
            self.tree = None
            self.owner = None


class ParallelSearch:
    """Search's interface over a Pool's workers (see the reading guide)."""

    def __init__(self, pool, max_nodes=None, single_up_to=None, shares=SHARES):
        self.pool = pool
        self.max_nodes = max_nodes
        self.single_up_to = single_up_to  # None: the Pico's strongest level of each game
        self.shares = shares  # share points a search (0 or 1: none; see the reading guide)
        self.point = 1  # the share point the workers are on their way to
        self.local = None  # the Search of the budgets that run in this process
        self.parallel = False  # the current search runs in the workers
        self.begun = False  # the workers searched for this object: keep may use their trees
        self.game = None
        self.budget = 0
        self.gen = -1
        self.reports = []  # per worker: its last report of this search (None: none yet)
        self.stopping = False
        self.tuning_sent = None
        self.view = None  # on a shared tree: this process's search, which prepares the root

    # -- the API --------------------------------------------------------------------------------

    def begin(self, game, budget, seed=1, tuning=None, keep=False):
        bound = levels(game)[-1] if self.single_up_to is None else self.single_up_to
        if self.parallel:
            self.stop()  # the workers' last search, if it still runs, ends now
        self.game = game
        self.budget = budget
        # (a position in the opening book: the search here plays the book's move, no worker
        # is woken for it)
        self.parallel = budget > bound and book_move(
            game, (seed & 0x3FFFFFFF) or 1, tuning or game.tuning) < 0
        if not self.parallel:
            if self.local is None:
                self.local = Search(self.max_nodes)
            self.local.begin(game, budget, seed, tuning, keep)
            return
        pool = self.pool
        pool.start()
        if pool.shared:
            self._prepare(game, budget, seed, tuning, keep)
        pool.gen += 1
        self.gen = pool.gen
        self.reports = [None] * pool.count
        self.stopping = False
        if self.begun and tuning is self.tuning_sent:
            sent = "same"  # the workers hold it (one object: their trees stay theirs to keep)
        else:
            sent = self.tuning_sent = tuning
        data = pickle.dumps(game)
        lease = time.monotonic() + LEASE_S
        pool.lease_at = time.monotonic()
        # A new ParallelSearch starts from nothing, as a new Search would: the workers may hold
        # trees of another one's searches.
        keep = keep and self.begun
        # (one worker: the plain Search; a shared tree shares everything already)
        shares = self.shares if pool.count > 1 and not pool.shared else 0
        self.point = 1
        for index, conn in enumerate(pool.conns):
            conn.send(("begin", self.gen, data, budget, worker_seed(seed, index), sent, keep,
                       lease, shares))
        self.begun = True

    def step(self, playouts=1):
        """Read the workers' reports (never waiting); True once every one has sent its last.
        (playouts is Search's slice: the workers choose their own.)"""
        if not self.parallel:
            return self.local.step(playouts)
        return self._poll(0)

    def ponder(self, moves, grow=True):
        """Search.ponder: in the workers, read their reports (they search meanwhile, moves
        and grow being the app's pieces of a playout: theirs are whole); True when they are
        done."""
        if not self.parallel:
            return self.local.ponder(moves, grow)
        return self._poll(0)

    def probe(self):
        """Search.probe, where the search runs here (the workers' expansions hold no press)."""
        if not self.parallel:
            self.local.probe()

    def wait(self, timeout):
        """Block until a worker reports or timeout seconds pass; True when the search is done."""
        if not self.parallel:
            return self.local.step(64)
        return self._poll(timeout)

    def progress(self):
        """The least progress of the workers, 0.0 to 1.0."""
        if not self.parallel:
            return self.local.progress()
        if self._poll(0) or self.budget <= 0:
            return 1.0
        return min(1.0, self.work / self.budget)

    def full(self):
        """Whether every worker's tree has stopped growing (as reported)."""
        if not self.parallel:
            return self.local.full()
        self._poll(0)
        return all(report is not None and report[4] for report in self.reports)

    @property
    def worker_seconds(self):
        """The CPU seconds the workers spent on the last search, summed (as they reported at
        its end; 0.0 for a search in this process, whose CPU is this process's own)."""
        if not self.parallel:
            return 0.0
        return sum(report[8] for report in self.reports if report and report[0] == "done")

    @property
    def held(self):
        """The virtual losses the workers held at their final reports, summed (0: all taken
        back; always 0 off a shared tree)."""
        if not self.parallel:
            return 0
        return sum(report[9] for report in self.reports if report and report[0] == "done")

    @property
    def work(self):
        """The work every worker has done at least (as reported)."""
        if not self.parallel:
            return self.local.work if self.local is not None else 0
        return min(report[2] if report is not None else 0 for report in self.reports)

    def stop(self):
        """End the thinking now: the workers stop at their next chunk and report."""
        if not self.parallel:
            self.local.stop()
        elif not self.stopping and not self._done():
            self.stopping = True
            self.pool.send(("stop", self.gen))

    def best_move(self):
        """The root child with the most playouts summed over the workers (see the reading
        guide); before the end, the search is stopped first."""
        if not self.parallel:
            return self.local.best_move() if self.local is not None else 0
        self._finish()
        ranked = self.ranked()
        if ranked and ranked[0][1] > 0:
            return ranked[0][0]
        if self.pool.shared:
            return self.view.best_move()  # no playout: the best prior the rules accept
        return self.reports[0][5]  # no playout anywhere: worker 0's answer, the plain Search's

    def think(self, game, budget, seed=1, tuning=None, keep=False):
        """begin, wait for the end, best_move (blocks)."""
        self.begin(game, budget, seed, tuning, keep)
        while not self.wait(LEASE_S / 4):
            pass
        return self.best_move()

    def ranked(self):
        """[(move, playouts, value)] summed over the workers, best first: most playouts, then
        the highest summed value, then the move met first."""
        if not self.parallel:
            return self.local.ranked()
        self._finish()
        if self.pool.shared:
            return self.view.ranked()
        return summed([report[6] for report in self.reports])

    # -- internals ------------------------------------------------------------------------------

    def _prepare(self, game, budget, seed, tuning, keep):
        """The shared tree's root, made here while every worker waits: fresh, or kept where
        this object's view prepared the tree last and keep says so."""
        pool = self.pool
        pool.pause()
        view = self.view
        if view is None or view.tree is not pool.tree:
            view = self.view = SharedTreeSearch(pool.tree, pool.count, prepares=True)
        view.begin(game, budget, seed, tuning, keep and pool.owner is view)
        pool.owner = view

    def _done(self):
        return all(report is not None and report[0] == "done" for report in self.reports)

    def _poll(self, timeout):
        """Read every report waiting (waiting up to timeout for the first); True when done."""
        if self._done():
            return True
        pool = self.pool
        pool.renew()
        ready = wait_any(pool.conns, timeout) if timeout else pool.conns
        for index, conn in enumerate(pool.conns):
            if conn not in ready:
                continue
            while conn.poll():
                report = conn.recv()
                if report[1] == self.gen:
                    self.reports[index] = report
        self._exchange()
        return self._done()

    def _exchange(self):
        """Once every worker has reached the share point (or is done), send each one waiting
        there the root's counts summed over all of them (their last share's or final)."""
        reports = self.reports
        waiting = []
        for index, report in enumerate(reports):
            if report is None or report[0] == "progress":
                return  # still on its way
            if report[0] == "share":
                if report[5] != self.point:
                    return  # answered already; its next report has not come
                waiting.append(index)
        if not waiting:
            return
        totals = {}
        for report in reports:
            for move, *counts in report[6] if report[0] == "share" else report[7]:
                total = totals.setdefault(move, [0, 0, 0, 0])
                for f in range(4):
                    total[f] += counts[f]
        message = ("shared", self.gen, self.point, totals)
        for index in waiting:
            self.pool.conns[index].send(message)
        self.point += 1

    def _finish(self):
        """Stop the search if it is not over, and wait for every worker's final report."""
        if self._done():
            return
        self.stop()
        while not self._poll(LEASE_S / 4):
            pass


def summed(rankings):
    """Search.ranked() lists of the workers summed: [(move, playouts, value)], most playouts
    first, then the highest value, then in order of first appearance (worker 0 first)."""
    totals = {}
    order = []
    for ranking in rankings:
        for move, playouts, value in ranking:
            if move not in totals:
                totals[move] = [0, 0]
                order.append(move)
            totals[move][0] += playouts
            totals[move][1] += value
    out = [(move, totals[move][0], totals[move][1]) for move in order]
    out.sort(key=lambda entry: (-entry[1], -entry[2]))  # stable: ties keep the first met
    return out


class Searcher:
    """The App's searcher factory for count workers: each call a ParallelSearch on one shared
    Pool (started at its first search; tree: the pool's, TREES); close() ends the pool. With
    one worker, each call is a plain Search, in this process."""

    def __init__(self, count, max_nodes=None, single_up_to=None, tree="root"):
        self.count = count
        self.pool = Pool(count, max_nodes, tree=tree) if count > 1 else None
        self.max_nodes = max_nodes
        self.single_up_to = single_up_to

    def __call__(self):
        if self.pool is None:
            return Search(self.max_nodes)
        return ParallelSearch(self.pool, self.max_nodes, self.single_up_to)

    def close(self):
        if self.pool is not None:
            self.pool.close()
