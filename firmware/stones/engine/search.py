"""The computer player: one Monte Carlo tree search for every game of the registry.

Reading guide.

**Driving it.** The UI owns one Search and drives it in slices, so the device never freezes::

    search = Search()                       # node arrays allocated once, here
    search.begin(game, budget(game, level), seed)
    while not search.step(2):               # a couple of playouts a slice; redraw, poll buttons
        show(search.progress())             # 0.0 .. 1.0
    move = search.best_move()               # always legal, also after stop()

``think(game, budget, seed)`` does all of that at once (GTP genmove, the benchmarks, hints).
``begin`` never changes ``game``: every playout runs on a scratch game of the same kind, restored
from the real one by ``Game.copy_from`` (whole-array copies, no allocation). The same seed and
budget give the same move on every runtime (with keep, below, after the same searches before it).

**The budget** counts work, not time: each playout costs the moves it played (in the tree and
in the random playout) plus a fixed overhead per playout that grows with the board (the game's
``tuning.overhead``), so a move costs about the same time early in the game, when playouts are
long, as late, when they are short, and on every board size. Each game class holds its levels
(``pico_levels``, ``pi_levels``: budgets, weakest first) and its ``tuning`` (game.Tuning, named
fields); the last Pico level is what a Pico spends in about 2 seconds a move
(host_tools/bench/pico.py measures it on the emulated chip). A search ends before its budget
when the rest could no longer change the move (``_decided``: the most visited root child leads
the others by more playouts than remain), so an easy move costs less and still is the same move;
a game's ``tuning.early`` lets it end sooner, when the runner-up could catch up only by taking
most of the playouts left (Go: 5/8 of them), which the search hardly ever gives it.

**The tree.** Nodes live in preallocated parallel arrays, node 0 the root; the children of a
node are a contiguous run ``first[n] .. first[n] + kids[n]``. Per node: the move that leads to it
(with the flags _LEGAL, pushed once from its parent, and _DEAD, refused by the rules), visits and
wins of the playouts through it, and the all-moves-as-first (AMAF, "RAVE") visits and wins:
playouts in which the node's player played its move at any later point. Wins are counted in
half points (a draw is 1, a win 2), from the point of view of the player who made the move.

**One playout** (``_iterate``): copy the real game into the scratch; from the root, pick the
child with the highest value, play it with the game's own checked ``_push`` (a refused move is
marked _DEAD and the next best is taken), and go on down until a leaf; a leaf visited often
enough is expanded (below) and the walk continues; then the game's ``playout`` runs to the end
and ``playout_winner`` scores it. A game that ends in the tree (two passes) is scored by
``settled_winner`` instead, which in Go first plays the position out to see which stones are
dead, as players agree before counting. Every node on the path counts the result, and every
child of a node on the path whose move its player played later counts it as AMAF. Where
MicroPython compiles viper code (a Pico), the child choice and the count run as searchviper.py,
the same arithmetic on machine words; the loops in ``_iterate`` are its reference.

**The value of a child** blends its own win rate with its AMAF win rate (MC-RAVE, as in michi
and Gelly & Silver): with n, w its visits and wins and a, x the AMAF ones,

    value = (w (R + a) + x R) / (n R + a R + n a)     (R: the RAVE equivalence)

which is (1 - b) w/n + b x/a with b = a R / (n R + a R + n a): AMAF leads while a node has few
playouts of its own. All of it is integer arithmetic (a float is a heap object on MicroPython),
scaled to 0..512; the products stay below 2**30 (a Pico's small ints) while no node has more
than MP_MAX_PLAYOUTS visits, where step() ends a search on MicroPython.

**Knowledge.** The game's ``candidates`` lists the points worth trying with a prior 0-255 (128
neutral; Go: weights fitted to GNU Go's moves for the 3x3 shape, captures, escapes, self-ataris,
the distance to the last two moves and the line; Loupe: ring building). The root takes every
candidate; an inner node only the ``width`` best by prior (found with a 16-bucket histogram, no
sort), which bounds the tree. Each child starts with ``prior_visits`` virtual playouts at its
prior's win rate. At the root, games that define ``material`` get one-move tactics on top: each
candidate is played for the mover and for the opponent on the scratch game, and what it would win
at once either way (a capture made, or a capture prevented by taking the point) raises its prior
and gives it virtual AMAF wins, so that a few random playouts do not talk the search out of a sure
capture. A pass child comes first wherever a pass is legal, with the game's ``pass_prior``; at the
root, a pass that ends the game (the opponent has just passed) is counted instead: its prior
playouts are real ones, each ``settled_winner`` of the game ended there, so the search passes
when the count wins rather than fill its own territory one point at a time. When
the arrays are full (no room for an inner node's width of children), leaves simply stop growing, and
their candidates are not even computed: the search still completes.

**Keeping the tree across moves** (``begin(..., keep=True)``: the app's device player, GTP's
genmove). Each begin remembers its position: its move count, turn state (``Game.turn_word``) and
set-up stones; its moves are the scratch game's first ones, which every copy_from of that
position writes and no playout touches (the playouts write from the root's count on). A later
begin with keep, on a game of the same kind and tuning, asks ``Game.follows`` against the
scratch how many moves were played since that position (none, the device's move, or
the move and the player's reply: any, in fact) and walks them down the tree; if the node they
reach has children, its subtree becomes the tree: ``_keep`` slides it to the front of the arrays
in one pass, in place (node 0 its root), and ``_reroot`` makes that node a root like a fresh
one: every candidate the rules accept, the tactics, the counted pass, in the fresh root's order,
the kept children carrying their own playouts, AMAF and subtrees over (their inner priors taken
off, the root's put on). Anything else (another move, an undo, a new game, another game or
tuning, no room for the root's children) starts from nothing, exactly as without keep. The
budget still means the work done in this search: the kept playouts make the choice better
informed, and count toward ``_decided`` (a lead already won ends the search sooner) and toward
MP_MAX_PLAYOUTS (the root's visits, not the search's own playouts, are capped). All of it
allocates nothing and runs on the same arrays on every runtime (no viper twin: it runs once a
move). Pondering (the app's Ponder setting, GTP's --ponder) is a search with keep on the position
where the opponent is to move, stepped while the opponent thinks; the search after the opponent's
move then keeps the subtree of that move (``full()`` says when the tree has stopped growing).
The app steps it with ``ponder(moves)``: a playout in pieces (the walk, then moves of the random
playout a call), the same playouts as step()'s, so that a press never waits for a whole one.

**Sequential halving at the root** (``Tuning.halving`` m, off at 0; Karnin et al., as Gumbel
MuZero's root). begin takes the root's m best children by value (``_start_halving``: on a fresh
root the prior with the tactics' virtual wins; on a kept one what its playouts say too) as the
survivors, ranked, and splits the budget into log2(m) phases (rounded up) of even work. The root
then plays no child of its own choosing: each playout goes to the next survivor in turn
(``_turn``; below it the tree grows by value as ever), so that in a phase every survivor gets the
same playouts, give or take the one that the phase's end cut short (a phase ends at the first
count past its share of the work, as a search ends past its budget). At a phase's end
(``_halve``) the worse half by value goes: the value holds the prior's virtual playouts and the
AMAF counts every playout adds to every root child, ties go to the better rank. The last survivor
is the move (``_survivor``; stopped before, the best valued survivor) and the search ends when the
phases are done: no ``_decided`` early end, no lcb. Kept trees, pondering (the same turns in
pieces) and the budget in work are as without it; it allocates nothing (two HALVING_MOST word
arrays, made in ``__init__``). The workers (platforms/workers.py) search without it.

**Sharing the root** (CPython's worker processes: platforms/workers.py's SharingSearch adds
other searches' counts to the root's children, as ``foreign``). The early end, ranked() and
best_move() read a search's own counts alone.

**Memory.** BYTES_PER_NODE bytes a node on MicroPython, allocated in ``__init__`` (PICO_NODES on
MicroPython, PI_NODES on CPython unless told; on a Pico the app asks heap_nodes, which gives an
RP2350's bigger heap a bigger tree); the scratch game and the per-point tables (a few
hundred bytes) are made at the first ``begin`` for a game kind and reused while the kind, size
and settings stay the same. After that first begin, begin (with keep too), step and best_move
allocate nothing
(tests/mp/test_heap_search.py). What the module, the nodes and the scratch game cost on the
32-bit object model (the Pico's) is measured by host_tools/bench/ai.py: docs/benchmarks.md.
"""

from stones.compat import MICROPYTHON, const, octets, twin, zeros
from stones.engine.game import PASS, Tuning

_MOVE = const(0x1FF)  # the move bits of move[]
_LEGAL = const(0x200)  # pushed from its parent once: a legal move there
_DEAD = const(0x400)  # refused by the rules: never chosen again
_KEEP = const(0x800)  # _keep: a node of the kept subtree, not yet moved
_HEAD = const(0x1000)  # _keep: the first child of a kept run (see there)
_FLAGS = const(0x7FF)  # the move and its flags, without _keep's marks
_DEPTH = const(40)  # deepest walk in the tree; below it the playout takes over

BYTES_PER_NODE = 14  # move, first, kids, visits, wins, amaf visits, amaf wins: 2 bytes each
MP_MAX_PLAYOUTS = 4000  # visits a search may reach on MicroPython (2**30 bound, 'H' arrays)
MAX_PLAYOUTS = 30000  # and on CPython (wins in half points fit 16 bits)

# Pondering (the app's, GTP's --ponder) does up to this many of the level's moves of work: at the
# top Pico level about the 5 s of a player's move that the benchmarks' pondering figures assume.
PONDER_WORK = 3
PICO_NODES = 600  # the top Pico level's tree: up to ~410 nodes in Go 9x9 at 15,000 (mean 360)
PI_NODES = 20000  # the default on CPython
# A MicroPython heap with at least BIG_HEAP bytes free when the app makes its search (an RP2350's
# 520 KB of RAM; an RP2040's heap never has this much) gets a tree grown from the heap:
# HEAP_SHARE of what is free, in nodes, up to BIG_NODES (see heap_nodes).
BIG_HEAP = 256 * 1024
HEAP_SHARE = 4  # a quarter
BIG_NODES = 6000  # 'H' arrays: node numbers stay far below 65536
HALVING_MOST = 32  # the most root children sequential halving starts with (Tuning.halving)


def heap_nodes(free):
    """The node cap of the app's search on a MicroPython heap with free bytes free: PICO_NODES
    on an RP2040's, so a Pico plays as it always has; on a heap of BIG_HEAP or more (a Pico 2's)
    a quarter of what is free, at most BIG_NODES. The levels' budgets stay the Pico's, so a move
    takes the playouts it takes on a Pico; what the room changes is where a Pico's tree fills up
    (``full()``): the subtree kept from move to move, pondering, the wide trees of 19x19, which
    go on growing where a Pico's stop."""
    if free < BIG_HEAP:
        return PICO_NODES
    return max(PICO_NODES, min(BIG_NODES, free // HEAP_SHARE // BYTES_PER_NODE))


def levels(game, pi=False):
    """The budgets of a game's levels (a game or its class), weakest first: its pico_levels,
    then (pi) its pi_levels."""
    return tuple(game.pico_levels) + tuple(game.pi_levels) if pi else tuple(game.pico_levels)


def budget(game, level, pi=False):
    """The budget of level (1 = weakest); past the last level, the strongest. A Pico level's
    is scaled to the board of game (a game, not its class) by the game's pico_scale, so that
    the top Pico level keeps near its time a move on every board."""
    table = levels(game, pi)
    i = min(max(level, 1), len(table)) - 1
    work = table[i]
    if i < len(game.pico_levels) and game.size is not None:  # (a class: None)
        for board, percent in game.pico_scale:
            if board == game.size:
                return work * percent // 100
    return work


def _root(n):
    """The integer square root of n >= 1 (no float: the same on every runtime)."""
    x = n
    y = (x + 1) >> 1
    while y < x:
        x = y
        y = (x + n // x) >> 1
    return x


def book_move(game, seed, tuning):
    """The opening book's move in game's position (engine/book.py) where tuning plays the book
    and the position is in it; else -1. The search plays it without a playout."""
    if not tuning.book or game.over:
        return -1
    from stones.engine.book import choose

    return choose(game, seed)


class Search:
    # The others' counts on each root child, where a search shares its root (platforms/
    # workers.py: SharingSearch); on this class, none.
    foreign = None

    def __init__(self, max_nodes=None):
        if max_nodes is None:
            max_nodes = PICO_NODES if MICROPYTHON else PI_NODES
        if max_nodes < 2:
            raise ValueError("a search needs at least 2 nodes")
        self.max_nodes = max_nodes
        self.move = zeros(max_nodes)
        self.first = zeros(max_nodes)
        self.kids = zeros(max_nodes)
        self.visits = zeros(max_nodes)
        self.wins = zeros(max_nodes)
        self.avisits = zeros(max_nodes)
        self.awins = zeros(max_nodes)
        self.path = zeros(_DEPTH)
        self.colours = octets(bytes(_DEPTH))
        self.buckets = zeros(16)
        # Sequential halving (Tuning.halving; see the reading guide): the survivors' nodes in
        # their rank at the start, their values at a phase's end, how many are left (0: the
        # halving is not running), the phases, the one under way and whose turn it is.
        self.halves = zeros(HALVING_MOST)
        self.hvalues = zeros(HALVING_MOST)
        self.alive = 0
        self.phases = 0
        self.phase = 0
        self.turn = 0
        self.n_nodes = 0
        self.game = None
        self.scratch = None
        self.cand = None
        self.sums = None
        self.pri = None
        self.amaf = None  # per point: the colour that played there first in this playout
        self.budget = 0
        self.work = 0
        self.playouts = 0
        self.most = MP_MAX_PLAYOUTS if MICROPYTHON else MAX_PLAYOUTS
        self.seed = 1
        self.base = 0  # the real game's move count: the playout's moves follow it
        # ponder(): a playout played in pieces. pending is its walk's depth + 1 (0: none);
        # its random playout began at move start_count, with left moves of it still allowed.
        self.pending = 0
        self.start_count = 0
        self.left = 0
        self.finished = True
        self.booked = -1  # the opening book's move for the root (-1: none; begin)
        self.tuning = None
        self._tune(Tuning())
        # The root position of the last begin: its move count, turn state and set-up stones
        # (its history is the scratch's first root_moves words: see the reading guide).
        self.root_moves = 0
        self.root_turn = 0
        self.root_setup = ()
        # The walk's child choice and the count as viper code where MicroPython compiles it
        # (searchviper.py, stones.compat.twin; None: the loops in _iterate, the reference, as
        # on CPython).
        self.select = self.backup = self.children = None
        kernels = twin("stones.engine.searchviper")
        if kernels is not None:
            self.select = kernels.select
            self.backup = kernels.backup
            self.children = kernels.children

    # -- the API for the UI, GTP and the benchmarks -------------------------------------------

    def begin(self, game, budget, seed=1, tuning=None, keep=False):
        """Start thinking about game's next move with budget moves of work (0: no playouts,
        the best prior), tuned by tuning (default: the game's own). The game is read, never
        changed; it must not change until best_move(). With keep, when game is the position
        of the last begin with moves played since (by the same tuning), the subtree those
        moves lead to is kept as the tree (see the reading guide); otherwise, and without
        keep, the tree starts from nothing."""
        tuning = tuning or game.tuning
        same = self._tables(game) and tuning is self.tuning
        node = self._follow(game) if keep and same and not game.over else -1
        self.game = game
        scratch = self.scratch
        scratch.copy_from(game)
        scratch.prepare()
        self._tune(tuning)
        scratch.knowledge = game.knowledge if self.knowledge is None else self.knowledge
        self.overhead = self.overhead * game.grid.count // 100
        self.budget = budget
        self.work = 0
        self.playouts = 0
        self.seed = (seed & 0x3FFFFFFF) or 1
        self.base = game.count
        self.pending = 0
        self.alive = 0
        self.finished = game.over or budget <= 0
        self.booked = book_move(scratch, self.seed, tuning)
        if self.booked >= 0:
            self.finished = True
        if node < 0 or not self._reroot(node):
            self.n_nodes = 1
            self.move[0] = 0
            self.first[0] = 0
            self.kids[0] = 0
            self.visits[0] = 0
            self.wins[0] = 0
            self.avisits[0] = 0  # the root's own counts are never read: zero, as a kept root's
            self.awins[0] = 0
            if not game.over:
                self._expand(0, True)
        if not game.over and self._choices() <= 1:  # one move only (a forced pass)
            self.finished = True
        if self.visits[0] >= self.most:  # a kept tree as deep as a search may go
            self.finished = True
        self.root_moves = game.count
        self.root_turn = game.turn_word()
        self.root_setup = game.setup
        if self.halving > 1 and not self.finished:
            self._start_halving()

    def _tune(self, tuning):
        self.tuning = tuning
        self.lcb = tuning.lcb
        self.halving = tuning.halving
        self.prior_visits = tuning.prior_visits
        self.rave = tuning.rave
        self.expand_at = tuning.expand_at
        self.width = tuning.width
        self.limit = tuning.playout
        self.tactics = tuning.tactics
        self.overhead = tuning.overhead
        self.tactic_visits = tuning.tactic_visits
        self.knowledge = tuning.knowledge
        self.early = tuning.early

    def step(self, playouts=1):
        """Run up to playouts more playouts; return True when the budget is spent."""
        while playouts > 0 and not self.finished:
            self._iterate()
            playouts -= 1
            self._counted()
        return self.finished

    def ponder(self, moves, grow=True):
        """A piece of one playout: its walk down the tree, or up to moves of its random
        playout, the last piece with the count; True when the budget is spent. The pieces of a
        playout play exactly the moves it plays in one piece (the games' playouts stop and go
        on from the position and the generator state alone), so pondering in pieces grows the
        same tree as step() does; its slices stay short on any board (the app's pondering).
        Without grow, no node is expanded (an expansion is one piece, too long for a slice
        on a large board): the playouts then only add to the counts of the tree there is."""
        if not self.finished and self._iterate(moves, grow):
            self._counted()
        return self.finished

    def probe(self):
        """Compute the candidates of the root's position once more, changing nothing the search
        keeps: what expanding a node costs, for a caller that times it (the app's pondering,
        which stops growing the tree where one expansion would hold a press too long)."""
        if self.game is not None and not self.game.over:
            self.scratch.candidates(self.cand, self.pri)

    def _counted(self):
        """After a playout's count: whether the search is over."""
        self.playouts += 1
        if self.alive:  # sequential halving: its phases end the search, not _decided
            while self.alive > 1 and self.work * self.phases >= self.budget * (self.phase + 1):
                self._halve()
            if self.alive <= 1 or self.visits[0] >= self.most:
                self.finished = True
            return
        if (self.work >= self.budget or self.visits[0] >= self.most
                or not self.playouts & 7 and self._decided()):
            self.finished = True

    def _decided(self):
        """Whether the rest of the budget can no longer change the move: every playout adds a
        visit to one root child at most and costs at least the overhead, so no more than
        `left` playouts remain; when the most visited child leads every other by more than
        that, best_move() is already what it would be at the end. Checked every 8 playouts.

        With the tuning's ``early`` above 1, the lead needed is left // early: the runner-up
        would have to take more than (1 + 1/early) / 2 of the playouts left to catch up, which
        a search that follows the best value hardly ever gives it (Go: 4, 5/8 of them; on
        positions of games against GNU Go it kept the exact end's move nearly always, for a
        quarter less work: docs/journal.md)."""
        overhead = self.overhead
        if overhead <= 0:
            return False
        left = (self.budget - self.work + overhead - 1) // overhead
        if left > self.most - self.visits[0]:
            left = self.most - self.visits[0]
        left //= self.early
        move = self.move
        visits = self.visits
        first = self.first[0]
        foreign = self.foreign  # shared counts are not this search's: its own decide
        top = -1  # the most visited child the rules accepted (best_move's candidates)
        second = 0  # the most visited of the others
        for j in range(first, first + self.kids[0]):
            m = move[j]
            if m & _DEAD:
                continue
            v = visits[j]
            if foreign:
                v -= foreign[4 * (j - first)]
            if m & _LEGAL and v > top:
                if top > second:
                    second = top
                top = v
            elif v > second:
                second = v
        return top - second > left

    def stop(self):
        """End the thinking now (the menu button): best_move() answers from what is known."""
        self.finished = True

    def full(self):
        """Whether the tree has no room left for an inner node's children: playouts still
        refine the counts, but the tree no longer grows (pondering stops there)."""
        return self.max_nodes - self.n_nodes <= self.width

    def progress(self):
        """How much of the budget is spent, 0.0 to 1.0."""
        if self.finished or self.budget <= 0:
            return 1.0
        return min(1.0, self.work / self.budget)

    def best_move(self):
        """The most visited legal move at the root; before any playout (or if none was legal)
        the best prior that the rules accept; PASS when nothing else is legal."""
        game = self.game
        if game is None or game.over:
            return PASS
        if self.booked >= 0:
            return self.booked
        best = self._survivor() if self.alive else -1
        if best < 0:
            best = self._most_visited()
        if best >= 0 and self.lcb and not self.alive:
            best = self._surest(best)
        if best >= 0:
            return self.move[best] & _MOVE
        scratch = self.scratch  # no child tried yet: check them in order of value
        move = self.move
        first = self.first[0]
        while True:
            pick = -1
            top = -1
            for j in range(first, first + self.kids[0]):
                if not move[j] & _DEAD and self._value(j) > top:
                    top = self._value(j)
                    pick = j
            if pick < 0:
                break
            m = move[pick] & _MOVE
            scratch.copy_from(game)
            if not scratch._push(m):
                return m
            move[pick] |= _DEAD
        for p in game.grid.points:  # the candidates missed every legal move (never seen)
            if not game.colour(p) and game.legal(p):
                return p
        return PASS

    def think(self, game, budget, seed=1, tuning=None, keep=False):
        """begin, step to the end, best_move: the whole search at once."""
        self.begin(game, budget, seed, tuning, keep)
        while not self.step(64):
            pass
        return self.best_move()

    def ranked(self):
        """[(move, playouts, value 0..512)] of the root's tried moves, best first (for hints
        and tests; allocates)."""
        out = []
        first = self.first[0]
        for j in range(first, first + self.kids[0]):
            if self.move[j] & _LEGAL and not self.move[j] & _DEAD:
                out.append((self.move[j] & _MOVE, self._own(j, first), self._value(j)))
        out.sort(key=lambda entry: (-entry[1], -entry[2]))
        return out

    # -- internals ----------------------------------------------------------------------------

    def _tables(self, game):
        """The scratch game and the per-point tables, made once per game kind, size, settings;
        True if they were there already (the tree can be for a game of this kind)."""
        scratch = self.scratch
        if (scratch is None or type(scratch) is not type(game) or scratch.size != game.size
                or scratch.settings != game.settings):
            self.scratch = None  # free the old one first
            self.n_nodes = 0
            self.scratch = game.scratch()
            n = game.grid.count + 1
            length = game.grid.length
            self.cand = zeros(n)
            self.sums = zeros(n)
            self.pri = octets(bytes(n))
            self.amaf = octets(bytes(length))
            return False
        return True

    # -- keeping the tree across moves (begin's keep) ---------------------------------------

    def _follow(self, game):
        """The node that the moves game played since the last begin's position lead to, if it
        has children (0: the same position); -1 if game did not come from that position or the
        tree does not reach so far."""
        if self.n_nodes < 1:
            return -1
        n = self.root_moves
        since = game.follows(self.scratch, n, self.root_turn, self.root_setup)
        if since < 0:
            return -1
        move = self.move
        first = self.first
        kids = self.kids
        node = 0
        for i in range(n, n + since):
            m = game.move_at(i)
            j = first[node]
            end = j + kids[node]
            while j < end and move[j] & (_MOVE | _DEAD) != m:
                j += 1
            if j == end:
                return -1
            node = j
        return node if kids[node] else -1

    def _keep(self, t):
        """Make node t's subtree the whole tree, t the root (node 0), in place and without
        allocating: one pass over the nodes from t on, sliding each node of the subtree down to
        the next free slot, in the arrays' order. A run of children always lies after its
        parent, so the pass reaches a parent first: it marks the run _KEEP, its first child also
        _HEAD, and leaves the parent's new index in that child's ``first``, whose own value
        waits in the parent's new slot; reaching the child, the pass swaps them back, pointing
        the parent at the run's new place. The order of the kept nodes, and so the rule that a
        run lies after its parent, is unchanged; everything else is dropped."""
        move = self.move
        first = self.first
        kids = self.kids
        visits = self.visits
        wins = self.wins
        avisits = self.avisits
        awins = self.awins
        move[t] |= _KEEP
        dest = 0
        for i in range(t, self.n_nodes):
            m = move[i]
            if not m & _KEEP:
                continue
            f = first[i]
            if m & _HEAD:
                parent = f  # the parent's new index
                f = first[parent]  # this node's own first, kept there meanwhile
                first[parent] = dest
            k = kids[i]
            move[dest] = m & _FLAGS
            kids[dest] = k
            visits[dest] = visits[i]
            wins[dest] = wins[i]
            avisits[dest] = avisits[i]
            awins[dest] = awins[i]
            if k:
                for c in range(f, f + k):
                    move[c] |= _KEEP
                move[f] |= _HEAD
                first[dest] = first[f]
                first[f] = dest
            else:
                first[dest] = f
            dest += 1
        self.n_nodes = dest

    def _reroot(self, t):
        """Keep node t's subtree as the tree (_keep) and make its root what begin's root is:
        every candidate the rules accept as a child, with the tactics and the counted pass
        (_expand's root). The kept children's own playouts carry over, their inner priors taken
        off and the root's put on; the other candidates come new. Node 0 (the same position)
        is a root already. False, with the tree spoilt, if the arrays have no room for the
        root's children: begin then starts from nothing. Leaves the scratch at the root."""
        self._keep(t)
        if not t:
            return True
        move = self.move
        first = self.first
        kids = self.kids
        visits = self.visits
        wins = self.wins
        avisits = self.avisits
        awins = self.awins
        scratch = self.scratch
        cand = self.cand
        pri = self.pri
        pv = self.prior_visits
        size = self.n_nodes
        start = first[0]
        k = kids[0]
        n = scratch.candidates(cand, pri)
        for j in range(start, start + k):  # the kept children's own counts, without priors
            m = move[j] & _MOVE
            q = scratch.pass_prior if m == PASS else 0
            if m != PASS:
                for i in range(n):
                    if cand[i] == m:
                        q = pri[i]
                        break
            q = (2 * pv * q + 128) >> 8  # the wins the inner prior gave it
            visits[j] -= pv
            wins[j] = wins[j] - q if wins[j] > q else 0
        scratch.root_priors(cand, pri, n)  # the root's own knowledge, on top of the inner
        if self.tactics:
            self._tactics(n)
        wide = 1 if scratch.can_pass() else 0  # the root's children to be
        for i in range(n):
            if pri[i]:
                wide += 1
        if size + wide > self.max_nodes:
            return False
        for i in range(size - 1, 0, -1):  # all but the root up by wide, from the top down
            j = i + wide
            move[j] = move[i]
            kids[j] = kids[i]
            first[j] = first[i] + wide if kids[i] else 0
            visits[j] = visits[i]
            wins[j] = wins[i]
            avisits[j] = avisits[i]
            awins[j] = awins[i]
        start += wide
        self.n_nodes = 1
        self._expand(0, True, n)  # the root's children from node 1 on, as a fresh root's
        self.n_nodes = size + wide
        for j in range(1, 1 + kids[0]):
            m = move[j] & _MOVE
            for o in range(start, start + k):
                if move[o] & _MOVE == m:
                    move[j] |= move[o] & (_LEGAL | _DEAD)
                    first[j] = first[o]
                    kids[j] = kids[o]
                    visits[j] += visits[o]
                    wins[j] += wins[o]
                    avisits[j] += avisits[o]
                    awins[j] += awins[o]
                    break
        move[0] = 0
        visits[0] -= pv  # the root counts the playouts it has seen
        wins[0] = 0
        avisits[0] = 0
        awins[0] = 0
        return True

    def _own(self, j, first):
        """Root child j's real visits of this search's own (not the prior's, not shared)."""
        v = self.visits[j] - self.prior_visits
        if self.foreign:
            v -= self.foreign[4 * (j - first)]
        return v

    def _choices(self):
        """How many root children are not known to be illegal."""
        move = self.move
        first = self.first[0]
        n = 0
        for j in range(first, first + self.kids[0]):
            if not move[j] & _DEAD:
                n += 1
        return n

    def _most_visited(self):
        """The root child with the most real visits among those pushed (legal), ties to the
        higher value; -1 if none was."""
        move = self.move
        first = self.first[0]
        best = -1
        most = 0
        value = -1
        for j in range(first, first + self.kids[0]):
            if move[j] & _LEGAL and not move[j] & _DEAD:
                v = self._own(j, first)
                if v > most or (v == most and v and self._value(j) > value):
                    most = v
                    best = j
                    value = self._value(j)
        return best

    def _surest(self, best):
        """Among the root children with a tenth of best's (the most visited one's) real visits
        or more, the one whose value's lower confidence bound is highest: the value less
        Tuning.lcb hundredths of its standard error at an even game (256 / sqrt(visits) on
        the value's 0..512); ties to the more visited. A child few playouts liked does not beat
        one many playouts liked a little less."""
        move = self.move
        first = self.first[0]
        floor = self._own(best, first) // 10 or 1
        top = -0x3FFFFFFF
        most = 0
        pick = best
        for j in range(first, first + self.kids[0]):
            if move[j] & _LEGAL and not move[j] & _DEAD:
                n = self._own(j, first)
                if n < floor:
                    continue
                bound = self._value(j) - self.lcb * 256 // (100 * _root(n))
                if bound > top or (bound == top and n > most):
                    top = bound
                    most = n
                    pick = j
        return pick

    # -- sequential halving at the root (Tuning.halving) ----------------------------------

    def _start_halving(self):
        """begin's start of the halving: the root's Tuning.halving best children by value
        (at most HALVING_MOST; ties to the first in the root's order, best prior first) as the
        survivors, in that rank; log2 of their number, rounded up, phases. Fewer than two
        children the rules may accept: no halving."""
        move = self.move
        first = self.first[0]
        end = first + self.kids[0]
        halves = self.halves
        m = self.halving if self.halving < HALVING_MOST else HALVING_MOST
        count = 0
        last = 0x7FFF  # each pick is the best after the last one in (value down, node up)
        after = -1
        while count < m:
            pick = -1
            top = -1
            for j in range(first, end):
                if move[j] & _DEAD:
                    continue
                v = self._value(j)
                if (v < last or v == last and j > after) and v > top:
                    top = v
                    pick = j
            if pick < 0:
                break
            halves[count] = pick
            count += 1
            last = top
            after = pick
        if count < 2:
            return
        phases = 0
        while 1 << phases < count:
            phases += 1
        self.alive = count
        self.phases = phases
        self.phase = 0
        self.turn = 0

    def _turn(self):
        """The root child of the next playout under halving: the survivors in turn, in their
        rank, round after round (a survivor the rules refused leaves them); -1 if none is
        left (the walk then chooses as without halving)."""
        halves = self.halves
        move = self.move
        while self.alive:
            t = self.turn
            if t >= self.alive:
                t = 0
            j = halves[t]
            if not move[j] & _DEAD:
                self.turn = t + 1
                return j
            self.alive -= 1
            for i in range(t, self.alive):
                halves[i] = halves[i + 1]
            self.turn = t
        return -1

    def _halve(self):
        """The end of a phase (the search's work past phase + 1 of the phases' even shares of
        the budget): the survivors the rules refused go, then the worse half by value (the
        value holds the prior's virtual playouts and AMAF besides the survivor's own, ties go
        to the better rank at the start); the next round starts at the best ranked."""
        halves = self.halves
        values = self.hvalues
        move = self.move
        n = 0
        for i in range(self.alive):
            j = halves[i]
            if not move[j] & _DEAD:
                halves[n] = j
                values[n] = self._value(j)
                n += 1
        keep = (n + 1) >> 1
        w = 0
        for i in range(n):
            v = values[i]
            better = 0
            for o in range(n):
                u = values[o]
                if u > v or u == v and o < i:
                    better += 1
            if better < keep:
                halves[w] = halves[i]  # w <= i: only entries already read are written
                w += 1
        self.alive = w
        self.phase += 1
        self.turn = 0

    def _survivor(self):
        """best_move's root child under halving: the best valued survivor (the last one when
        the phases are done), ties to the better rank, checked against the rules if no
        playout pushed it; -1 if every survivor is refused."""
        halves = self.halves
        move = self.move
        while True:
            pick = -1
            top = -1
            for i in range(self.alive):
                j = halves[i]
                if not move[j] & _DEAD and self._value(j) > top:
                    top = self._value(j)
                    pick = j
            if pick < 0 or move[pick] & _LEGAL:
                return pick
            self.scratch.copy_from(self.game)
            if not self.scratch._push(move[pick] & _MOVE):
                move[pick] |= _LEGAL
                return pick
            move[pick] |= _DEAD

    def _value(self, j):
        n = self.visits[j]
        a = self.avisits[j]
        r = self.rave
        num = self.wins[j] * (r + a) + self.awins[j] * r
        den = (n + a) * r + n * a
        if not den:
            return 256
        if num < 0x400000:
            return num * 256 // den
        return num // ((den >> 8) or 1)

    def _expand(self, node, root=False, n=-1):
        """Give node its children from the scratch game's candidates (the scratch is at node's
        position; n >= 0: the root's, computed and through the tactics already); False if
        there is no room left. The root takes every candidate the rules accept, best prior
        first (after the tactics); an inner node the width best."""
        scratch = self.scratch
        if not root and self.max_nodes - self.n_nodes <= self.width:
            return False  # full: no candidates computed for a node that could not take them
        if n < 0:
            n = scratch.candidates(self.cand, self.pri)
            if root or scratch.knowledge & scratch.node_learned:
                scratch.root_priors(self.cand, self.pri, n)
            if root and self.tactics:
                self._tactics(n)
        passing = 1 if scratch.can_pass() else 0
        room = self.max_nodes - self.n_nodes - passing
        take = n if root or n < self.width else self.width
        if take > room:
            if not root or room < 1:
                return False
            take = room
        start = self.n_nodes
        pv = self.prior_visits
        j = start
        if passing:
            self.move[j] = PASS
            self.wins[j] = (2 * pv * scratch.pass_prior + 128) >> 8
            self.avisits[j] = 0
            self.awins[j] = 0
            self.first[j] = 0
            self.kids[j] = 0
            self.visits[j] = pv
            j += 1
        if passing and root and scratch.pass_ends():
            self.wins[start] = self._settle(pv)
        tactics = self.tactics if root else 0
        if self.children:
            end = self.children(self, n, take, j, tactics)
        else:
            end = self._children(n, take, j, tactics)
        self.first[node] = start
        self.kids[node] = end - start
        self.n_nodes = end
        return True

    def _children(self, n, take, j, tactics):
        """_expand's children from node j on: the take best of the candidates cand/pri[0:n]
        (fewer if fewer are accepted), best prior first, each with its prior's virtual playouts
        (and with tactics, the virtual AMAF wins of sums); returns the end of the run. The order
        comes from a histogram of prior // 16: the cut bucket (the last one taken) is found
        first, then the buckets are written downwards."""
        cand = self.cand
        pri = self.pri
        move = self.move
        first = self.first
        kids = self.kids
        visits = self.visits
        wins = self.wins
        avisits = self.avisits
        awins = self.awins
        sums = self.sums
        pv = self.prior_visits
        buckets = self.buckets
        for b in range(16):
            buckets[b] = 0
        for i in range(n):
            if pri[i]:  # 0: refused by the tactics
                buckets[pri[i] >> 4] += 1
        cut = 15
        above = 0
        while cut and above + buckets[cut] < take:
            above += buckets[cut]
            cut -= 1
        if above + buckets[cut] < take:
            take = above + buckets[cut]  # fewer accepted candidates than room
        start = j
        end = j + take
        b = 15
        while b >= cut and j < end:
            for i in range(n):
                q = pri[i]
                if q and q >> 4 == b:
                    move[j] = cand[i]
                    wins[j] = (2 * pv * q + 128) >> 8  # the prior's win rate q / 256, halves
                    bonus = 0
                    if tactics:
                        move[j] |= _LEGAL  # the tactics played it
                        bonus = sums[i]  # virtual AMAF wins (see _tactics)
                    avisits[j] = bonus
                    awins[j] = 2 * bonus
                    j += 1
                    if j == end:
                        break
            b -= 1
        for i in range(start, end):
            first[i] = 0
            kids[i] = 0
            visits[i] = pv
        return end

    def _draw(self):
        """The next seed: one step of the xorshift (rng.Rng)."""
        seed = self.seed
        seed ^= (seed & 0x1FFFFF) << 9
        seed ^= seed >> 11
        seed ^= (seed & 0x3FFFF) << 12
        self.seed = seed
        return seed

    def _settle(self, n):
        """The wins (in half points) of n games ended by the mover's pass at the root, each
        counted by the scratch game's settled_winner (Go plays the dead stones out first) and
        charged to the budget like a playout. Leaves the scratch at the root's position."""
        game = self.game
        scratch = self.scratch
        c = game.to_move
        wins = 0
        for _ in range(n):
            scratch.copy_from(game)
            scratch._push(PASS)
            winner = scratch.settled_winner(self._draw())
            wins += 2 if winner == c else 1 if not winner else 0
            self.work += scratch.count - self.base + self.overhead
        scratch.copy_from(game)
        return wins

    def _tactics(self, n):
        """One-move tactics at the root, on the candidates cand/pri[0:n]: each is played on the
        scratch game by the mover (what it wins at once) and by the opponent (what the opponent
        would win there, which taking the point prevents); the prior grows by tactics x the sum,
        less the smallest sum, so that quiet moves stay where candidates put them. A candidate
        the rules refuse gets prior 0 (dropped). The work table holds the sums meanwhile.

        Each move is taken back (_pop) rather than the scratch copied again: the mover's moves
        in one pass, then the turn handed over once and the opponent's in a second, two copies
        a root instead of two a candidate (tests/engine/test_search.py compares the two ways).

        With Tuning.tactic_width w, only the w best candidates by prior // 16 (ties to the
        first in the candidates' order) are played out, so that a big board's root stays
        quick; the others keep their prior and get no virtual wins (sums 1 meanwhile), and the
        walk checks them as it pushes them."""
        game = self.game
        scratch = self.scratch
        cand = self.cand
        pri = self.pri
        sums = self.sums
        c = game.to_move
        base = game.material(c)
        low = 0x3FFF
        floor = -1  # the lowest prior // 16 played out (-1: every candidate), and in
        buckets = self.buckets  # buckets[floor] how many of that sixteenth (the width's cut)
        most = self.tuning.tactic_width
        if most and n > most:
            for b in range(16):
                buckets[b] = 0
            for i in range(n):
                buckets[pri[i] >> 4] += 1
            floor = 15
            above = 0
            while floor and above + buckets[floor] < most:
                above += buckets[floor]
                floor -= 1
            buckets[floor] = most - above
        scratch.copy_from(game)
        for i in range(n):
            m = cand[i]
            b = pri[i] >> 4
            if b < floor or b == floor and not buckets[b]:  # past the width: not played out
                sums[i] = 1
                continue
            if b == floor:
                buckets[b] -= 1
            if game.quiet(m):  # legal, and wins nothing either way: no need to play it out
                sums[i] = 0  # (marks it for the second pass; a played sum is never 0)
                if low > 0:
                    low = 0
                continue
            if scratch._push(m):
                pri[i] = 0
                continue
            sums[i] = scratch.material(c) - base + 0x2000  # kept non-negative in the table
            scratch._pop()
        scratch.set_turn(3 - c)
        for i in range(n):
            if not pri[i] or sums[i] == 1:
                continue
            gain = sums[i] - 0x2000
            if gain == -0x2000:  # quiet
                sums[i] = 0x2000
                continue
            if not scratch._push(cand[i]):
                gain += base - scratch.material(c)
                scratch._pop()
            sums[i] = gain + 0x2000
            if gain < low:
                low = gain
        scratch.copy_from(game)
        scale = self.tactics
        for i in range(n):
            if sums[i] == 1:  # not played out: its prior as it was, no virtual wins
                sums[i] = 0
            elif pri[i]:
                gain = sums[i] - 0x2000 - low
                q = pri[i] + scale * gain
                pri[i] = 255 if q > 255 else q if q > 1 else 1
                gain *= self.tactic_visits  # the same knowledge as virtual AMAF playouts, all won
                sums[i] = gain if gain < 60 else 60

    def _iterate(self, moves=0, grow=True):
        """One playout: down the tree, expand, play out, count (see the reading guide); True
        when counted. With moves (ponder()), one piece of it: the walk, then up to moves of the
        random playout a call, and the count with the last. Without grow the walk expands no
        node."""
        scratch = self.scratch
        move = self.move
        first = self.first
        kids = self.kids
        visits = self.visits
        wins = self.wins
        avisits = self.avisits
        awins = self.awins
        path = self.path
        colours = self.colours
        r = self.rave
        pv = self.prior_visits
        select = self.select
        node = 0
        depth = 0
        if self.pending:  # a playout in pieces: its next one
            depth = self.pending - 1
            return self._piece(moves) and self._count(depth, scratch.playout_winner(
                self.start_count))
        scratch.copy_from(self.game)
        while depth < _DEPTH and not scratch.over:
            k = kids[node]
            if not k:
                if visits[node] - pv < self.expand_at or not grow or not self._expand(node):
                    break
                k = kids[node]
            start = first[node]
            mover = scratch.to_move  # the colour whose move the children are
            while True:  # the best child the rules accept
                pick = self._turn() if not depth and self.alive else -1  # (halving's root)
                if pick >= 0:
                    pass
                elif select:
                    pick = select(self, start, k)
                else:
                    pick = -1
                    best = -1
                    for j in range(start, start + k):
                        m = move[j]
                        if m & _DEAD:
                            continue
                        n = visits[j]
                        a = avisits[j]
                        num = wins[j] * (r + a) + awins[j] * r
                        den = (n + a) * r + n * a
                        if num < 0x400000:
                            v = num * 256 // den
                        else:
                            v = num // ((den >> 8) or 1)
                        if v > best:
                            best = v
                            pick = j
                if pick < 0 or not scratch._push(move[pick] & _MOVE):
                    break
                move[pick] |= _DEAD
            if pick < 0:
                break
            move[pick] |= _LEGAL
            path[depth] = pick
            colours[depth] = mover
            depth += 1
            node = pick
        if not scratch.over:
            start = scratch.count
            if moves and self.limit:  # the walk is this piece: the playout in the next ones
                self.pending = depth + 1
                self.start_count = start
                self.left = self.limit
                return False
            if self.limit:
                self.seed = scratch.playout(self.seed, self.limit)
            winner = scratch.playout_winner(start)
        else:  # the game ended in the tree: count it as the players would (dead stones off)
            winner = scratch.settled_winner(self._draw())
        return self._count(depth, winner)

    def _piece(self, moves):
        """Up to moves more of the pending playout; True when it is over (the game ended, or
        the tuning's playout length is played, as one playout(seed, limit) would stop)."""
        scratch = self.scratch
        if moves > self.left:
            moves = self.left
        before = scratch.count
        self.seed = scratch.playout(self.seed, moves)
        self.left -= moves
        if scratch.over or self.left <= 0 or scratch.count - before < moves:
            self.pending = 0
            return True
        return False

    def _count(self, depth, winner):
        """Count a playout's result: the path, then AMAF for the siblings along it."""
        scratch = self.scratch
        move = self.move
        first = self.first
        kids = self.kids
        visits = self.visits
        wins = self.wins
        avisits = self.avisits
        awins = self.awins
        path = self.path
        colours = self.colours
        self.work += scratch.count - self.base + self.overhead
        visits[0] += 1
        if self.backup:
            self.backup(self, depth, winner)
        else:
            amaf = self.amaf  # all zero between playouts
            scratch.first_players(self.base, amaf)
            parent = 0
            for d in range(depth):
                j = path[d]
                c = colours[d]
                gain = 2 if winner == c else 1 if not winner else 0
                visits[j] += 1
                wins[j] += gain
                start = first[parent]
                for i in range(start, start + kids[parent]):
                    m = move[i] & _MOVE
                    if m and amaf[m] == c:
                        avisits[i] += 1
                        awins[i] += gain
                parent = j
            scratch.unmark_moves(self.base, amaf)
        return True
