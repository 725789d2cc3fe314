"""Go: the 9x9 club tournament rules (help/go.txt, read as docs/rules.md A1-A9), also on 13x13
and 19x19.

Captures are found with pseudo-liberties: libs[root] counts (stone, empty neighbour) pairs of the
group, so a group is captured exactly when its count reaches 0, and placing or lifting a stone
changes the count of each neighbouring group by one per shared edge. That keeps a move to a handful
of byte reads (the packed cell tells at once whether the new stone has an empty neighbour) with no
flood fill.

Ko is the simple ko of the text (rules.md A3): when a move captures exactly one stone and the
capturing stone is then alone with one liberty, the captured point is barred for the opponent's
next move.

Log entry of a placement, top last: captured stones..., number captured, ko before. A pass logs
the ko before it. (The move itself is in the history.)

Scoring (rules.md A4-A8): dead groups are marked after two passes (toggle_dead), dead stones become
the opponent's prisoners, each empty region bordered by one colour only is its territory, and a
score is territory + prisoners (+ komi for White). Area scoring counts stones + territory instead.

A handicap (the option, 2-9 stones) puts Black stones on the points GNU Go's fixed_handicap
chooses (handicap_points) as set-up stones, and White moves first; komi is then 0.5 unless given.
"""

from stones.compat import const, micropython, octets, twin, zeros
from stones.engine.game import (
    BLACK,
    KO,
    OCCUPIED,
    PASS,
    SUICIDE,
    WHITE,
    Game,
    GameError,
    Option,
    Tuning,
    half_points,
    parse_half_points,
)
from stones.engine.square import SquareGrid, is_eye

# The hot loop's constants, folded by MicroPython's compiler (imported names would be looked up
# in the module dict at every use). Same values as in game.py.
_PASS = const(0)
_BLACK = const(1)
_OCCUPIED = const(1)
_SUICIDE = const(4)
_KO = const(5)
_EYE = const(255)  # internal: the random policy refuses to fill its own eye
_SHAPE = const(254)  # internal: the heavy policy refuses a self-atari
_MOVE = const(0x1FF)  # the move bits of a history word
_DEAD = const(4)  # settled_winner's mark of a dead stone, above the colour
# The packed cell byte's fields (game.py): colour in bits 0-1, black neighbours in 2-4, white
# neighbours in 5-7. p's empty neighbours: degree[p] - (v >> _BLACKS & _COUNT) - (v >> _WHITES).
_COLOUR = const(3)
_BLACKS = const(2)
_WHITES = const(5)
_COUNT = const(7)
_ONE_BLACK = const(4)
_ONE_WHITE = const(32)

# What the playouts and the tree know (Go.knowledge, a bit each, so that each piece can be
# switched off and measured; 0 is the uniform random player the benchmarks take as baseline).
ATARI = const(1)  # playouts answer the last move's ataris: capture, counter-capture, extend
PATTERNS = const(2)  # playouts play a 3x3 shape next to the last move (host_tools/fit/patterns.py)
SELF_ATARI = const(4)  # playouts refuse self-ataris (a lone stone's half the time: throw-ins)
PRIORS = const(8)  # the tree's priors add shapes and the playouts' self-atari test
LADDERS = const(16)  # the tree's priors read ladders: no running out of one that works
POLICY = const(32)  # the root's priors blend in the learned policy (policy.py): off by default
NODES = const(64)  # with POLICY, at every node the tree grows (a Raspberry Pi's numpy pass)
KNOWLEDGE = const(31)  # (POLICY joins it once it wins at equal time: docs/journal.md)
_LADDER_DEPTH = const(24)  # escapes read at most: longer than any ladder on a 9x9 board
_LADDER_READS = const(100)  # moves one reading may play: a ladder of 24 escapes needs ~75


HANDICAP_KOMI = "0.5"  # the komi a handicap game has unless the players choose another


def handicap_points(grid, stones):
    """The points of a fixed handicap of 2-9 stones, in reading order (top row first), as GNU
    Go's fixed_handicap places them: the corners of the third line (the fourth on 13x13 and
    19x19), then the sides' midpoints, the centre for an odd number from 5 on."""
    n = grid.n
    lo = 2 if n < 13 else 3
    hi = n - 1 - lo
    mid = n // 2
    centre = stones >= 5 and stones & 1
    rest = stones - centre
    spots = [(hi, hi), (lo, lo), (lo, hi), (hi, lo)][:min(rest, 4)]
    if rest >= 6:
        spots += [(lo, mid), (hi, mid)]
    if rest >= 8:
        spots += [(mid, hi), (mid, lo)]
    if centre:
        spots.append((mid, mid))
    chosen = [grid.index(c, r) for c, r in spots]
    return [p for p in grid.points if p in chosen]


class Go(Game):
    key = "go"
    # The computer player (search.py): budgets a move. The top Pico level is what the viper
    # code (viper.py, searchviper.py) lets a Pico do in about 2 s a move in the app
    # (host_tools/bench/pico.py measures it on the emulated chip). A search ends once the
    # runner-up would need 5/8 of the playouts left (early=4): nearly always the same move for
    # less work, which the top Pi level spends on a larger budget.
    pico_levels = (300, 900, 2700, 15000)
    pi_levels = (30000, 100000)
    pico_scale = ((19, 17),)  # 19x19: bytecode playouts (Game.pico_scale)
    tuning = Tuning(prior_visits=20, tactics=24, overhead=70, tactic_visits=4, early=4)
    bench = (("opening", "E5 D5 E4 C3 G7 C7 G3 F5"), ("pico_playouts", 60),
             ("pico_playouts_bytecode", 30), ("playouts_unix", 3000), ("playouts_cpython", 4000),
             ("v01", (6000, (("tactics", 24), ("overhead", 70), ("tactic_visits", 4)))),
             ("gtp_reference", "gnugo"), ("vs_gtp_pi", 50), ("vs_gtp_pico", 10),
             ("gtp_score_agrees", 95), ("vs_gtp_pico_kept", 40), ("vs_gtp_pico_ponder", 50),
             ("vs_gtp10_pico_ponder", 25), ("vs_gtp10_pi_workers4", 65))  # Game.bench
    title = "Go"
    grid_class = SquareGrid
    log_per_move = 3  # 2 header words, and captures never outnumber placements
    reading_words = 2 * _LADDER_READS  # a ladder reading: 2 words a move, and any captures
    sizes = (9, 13, 19)
    default_size = 9
    options = (
        Option("komi", "Komi", ("0", "0.5", "5.5", "6.5", "7.5"), "0"),
        Option("scoring", "Scoring", ("territory", "area"), "territory"),
        Option("handicap", "Handicap", ("0", "2", "3", "4", "5", "6", "7", "8", "9"), "0"),
    )
    marks_dead = True
    keeps_prisoners = True
    records = "stones.engine.sgf"
    book = "stones.engine.go.book"  # its opening books (host_tools/fit/book.py)
    record_ending = "sgf"

    knowledge = KNOWLEDGE
    learned = POLICY
    node_learned = NODES
    policy = "stones.engine.go.policy"  # its learned policy's inputs (engine/policy.py)
    # With PRIORS, the tree's priors are the weights prior.py holds (fitted to GNU Go's moves
    # by host_tools/fit/goprior.py; see features). Without it (the benchmarks' baseline
    # player), what these add to a candidate's 128 (search.py: a prior q counts as prior_visits
    # playouts won q/256 of the time):
    near_prior = 40  # next to the last move (its 8 neighbours)
    line_prior = (0, -30, -15, 10, 0, 0, 0, 0, 0, 0, 0)  # by line from the edge, while the
    # board is open (first line -30, second -15, third +10)
    ladder_prior = -120  # added to an escape that a ladder catches (LADDERS)
    pat3 = None  # patterns.PAT3 (8 KB), loaded by prepare() for the first playout, not before:
    # two humans playing never need it
    weights = None  # the prior module (the priors' weights, 3.5 KB), loaded by prepare()
    learnt = None  # the features module (the learnt priors' code), loaded by prepare()
    frames = None  # features' neighbour orders by the edges a point touches (features)
    viper_loop = "stones.engine.go.viper"
    seldom = ("stones.engine.go.seldom", "stones.engine.seldom")  # Game.seldom
    counts = None  # the viper module again, for its count (margin2, placed2): set by _viper
    feat = None  # what features() found

    def _viper(self):
        run = Game._viper(self)
        if run and Go.counts is None:
            Go.counts = twin(self.viper_loop)  # imported already: a lookup
        return run

    def prepare(self):
        """Load the tables the heavy playouts and the priors read and the viper move loop (the
        modules once a class, the frames and the feature array once a game)."""
        if Go.pat3 is None:
            from stones.engine.go.patterns import PAT3

            Go.pat3 = PAT3
        if Go.weights is None:
            from stones.engine.go import features, prior

            Go.weights = prior
            Go.learnt = features
        if self.frames is None:
            self.frames = self.learnt.frames(self.grid.stride)
            self.feat = zeros(self.learnt.FEATURES)
        self._snapshot()
        Game.prepare(self)

    def playout(self, seed, limit=0x3FFFFFFF):
        """Game.playout, with the pattern table loaded first where the knowledge uses it, and
        the count's snapshot made: a game that plays out, counts after without allocating."""
        if self.pat3 is None and self.knowledge & PATTERNS:
            self.prepare()
        elif self.before is None:
            self._snapshot()
        return Game.playout(self, seed, limit)

    @staticmethod
    def follow_setting(values, key):
        """A handicap brings komi 0.5, whatever it was; no handicap brings back komi 0 where it
        was the handicap's 0.5. (A komi the player sets after the handicap stays: the setup
        screen keeps what was chosen after the setting that changed.)"""
        if key == "handicap" and "komi" in values:
            if values["handicap"] != "0":
                values["komi"] = HANDICAP_KOMI
            elif values["komi"] == HANDICAP_KOMI:
                values["komi"] = "0"

    def _check_settings(self, given):
        if "komi" not in given and str(given.get("handicap", "0")) != "0":
            given["komi"] = HANDICAP_KOMI
        return Game._check_settings(self, given)

    def _setting(self, option, value):
        if option.key == "handicap":
            value = str(value)
        if option.key == "komi":  # any whole or half number, not only the offered ones
            try:
                return half_points(parse_half_points(str(value)))
            except ValueError as error:
                raise GameError(str(error))
        return Game._setting(self, option, value)

    def _allocate(self):
        self.libs = zeros(self.grid.length)
        self._dead = None  # dead_marks()'s array, made when first read (see there)
        self.before = None  # settled_winner's and margin2's snapshot: _snapshot() makes it
        self._lib_a = 0  # the liberties _count_liberties found
        self._lib_b = 0
        self._reads = 0  # moves the ladder reading may still play (_caught)
        self.marked = False
        self.komi2 = parse_half_points(self.settings["komi"])
        stones = int(self.settings["handicap"])
        if stones:
            self.setup = [(BLACK, p) for p in handicap_points(self.grid, stones)]
            self.first = WHITE

    def handicap(self):
        """Handicap stones on the board: set-up stones, all Black, White to move first (the
        option's, GTP's fixed or free handicap, an SGF record's AB); 0 in any other game."""
        setup = self.setup
        if self.first != WHITE or len(setup) < 2:
            return 0
        for colour, _ in setup:
            if colour != BLACK:
                return 0
        return len(setup)

    def _clear(self):
        self.ko = 0
        self.prisoners = [0, 0, 0]  # indexed by colour: stones that colour has captured
        if self.marked:  # most resets follow games where nothing was marked dead
            dead = self.dead_marks()
            for p in self.grid.points:
                dead[p] = 0
        self.marked = False

    def _switch(self, colour):
        """A move out of turn: the skipped turn counts as a pass, which lifts any ko ban (A3)."""
        self.to_move = colour
        self.ko = 0

    def _refresh(self, root):
        cell = self.cell
        degree = self.degree
        link = self.link
        n = 0
        s = root
        while True:
            v = cell[s]
            n += degree[s] - (v >> 2 & 7) - (v >> 5)
            s = link[s]
            if s == root:
                break
        self.libs[root] = n

    # -- moves --------------------------------------------------------------------------------

    def _can_live(self, p, c):
        """Whether a stone of colour c on p, which has no empty neighbour, would have a liberty:
        some own neighbour group has a liberty besides p, or some enemy neighbour group has p as
        its last one. A group's pseudo-liberties that come from p number its edges to p."""
        cell = self.cell
        root = self.root
        libs = self.libs
        offsets = self.offsets
        for d in offsets:
            x = cell[p + d] & 3
            if x == 1 or x == 2:
                r = root[p + d]
                n = libs[r]
                if n <= 4:  # p gives at most 4 of them: count the edges
                    for d2 in offsets:
                        if cell[p + d2] & 3 == x and root[p + d2] == r:
                            n -= 1
                if (x == c) == (n > 0):
                    return True
        return False

    def reason(self, move):
        if move == PASS or self.over or not self.grid.on_board(move):
            return Game.reason(self, move)
        v = self.cell[move]
        if v & 3:
            return OCCUPIED
        if move == self.ko:
            return KO
        if self.degree[move] == (v >> 2 & 7) + (v >> 5) and not self._can_live(move, self.to_move):
            return SUICIDE
        return 0

    @micropython.native
    def _run(self, move, randoms, x):
        """See Game._run.

        Playout policy. With knowledge 0 (the baseline): uniform among legal moves that do not fill
        the mover's own eye, pass only when none is left. With Go's knowledge bits, each move
        first asks _reply for a move that answers the last one (an atari to capture or escape, a
        3x3 shape next to it); a refused reply falls back to the uniform draw, which then refuses
        self-ataris too (_self_atari; a lone stone's only half the time, for throw-ins).
        """
        cell = self.cell
        degree = self.degree
        root = self.root
        link = self.link
        libs = self.libs
        stones = self.stones
        empty = self.empty
        where = self.where
        log = self.log
        history = self.history
        offsets = self.offsets
        diagonals = self.grid.diagonals
        w = self.grid.stride
        n_empty = self.n_empty
        top = self.top
        count = self.count
        ko = self.ko
        c = self.to_move
        passes = self.passes
        random = randoms > 0
        knowledge = self.knowledge if random else 0
        code = 0
        over = self.over
        log_limit = self.log_limit
        cap = self.cap
        while True:
            # -- choose p: the given move, a reply to the last move, or draws from the empty list
            e = 3 - c
            h = 0
            if random:
                if over or not randoms:
                    break
                randoms -= 1
                k = n_empty
                own = _BLACKS if c == _BLACK else _WHITES  # shift of c's neighbour count
                if knowledge and count:
                    h = history[count - 1] & _MOVE
                    if h:
                        x ^= (x & 0x1FFFFF) << 9
                        x ^= x >> 11
                        x ^= (x & 0x3FFFF) << 12
                        h = self._reply(h, c, x)
            while True:
                if random:
                    if h:
                        p = h
                        i = -1  # not from the draw
                    else:
                        if not k:
                            p = _PASS
                            break
                        x ^= (x & 0x1FFFFF) << 9
                        x ^= x >> 11
                        x ^= (x & 0x3FFFF) << 12
                        i = x % k
                        p = empty[i]
                else:
                    p = move
                    if p == _PASS:
                        break
                    if cell[p] & _COLOUR:
                        code = _OCCUPIED
                        break
                v = cell[p]
                free = degree[p] - (v >> _BLACKS & _COUNT) - (v >> _WHITES)  # empty neighbours
                if p == ko:
                    code = _KO
                elif not free:
                    code = _SUICIDE
                    if random and v >> own & _COUNT == degree[p]:  # c's own eye: no candidate
                        enemies = 0
                        for d in diagonals:
                            if cell[p + d] & _COLOUR == e:
                                enemies += 1
                        if enemies <= (0 if degree[p] < 4 else 1):
                            code = _EYE
                    if code == _SUICIDE:
                        # Legal if an own neighbour group has a liberty besides p, or an enemy
                        # one has none. With no empty neighbour, a neighbour is in group r
                        # exactly when its root is r (edge cells are never rooted).
                        for d in offsets:
                            y = cell[p + d] & _COLOUR
                            if y == c or y == e:
                                r = root[p + d]
                                n = libs[r]
                                if n <= 4:  # p may provide them all: subtract p's edges
                                    n -= ((root[p + w] == r) + (root[p - w] == r)
                                          + (root[p + 1] == r) + (root[p - 1] == r))
                                if (y == c) == (n > 0):
                                    code = 0
                                    break
                if not code:  # legal
                    if free > 1 or not knowledge & SELF_ATARI:
                        break
                    n = self._self_atari(p, c)
                    if not n or (n == 1 and x & 0x10000):
                        break
                    code = _SHAPE
                if not random:
                    break
                code = 0
                if i < 0:  # the reply is refused: draw instead
                    h = 0
                    continue
                k -= 1  # swap the refused point out of the draw, for this move only
                q = empty[k]
                empty[k] = p
                where[p] = k
                empty[i] = q
                where[q] = i
            if code:
                break
            # -- play it ------------------------------------------------------------------------
            if top > log_limit:  # the log is full: undo before this move will replay
                top = 0
                self.log_from = count
            history[count] = p | (c | passes << 2) << 9
            count += 1
            if p == _PASS:
                log[top] = ko
                top += 1
                ko = 0
                passes += 1
                c = e
                if passes >= 2 or count >= cap:
                    over = True
                if random:
                    continue
                break
            v = cell[p]
            cell[p] = v | c
            root[p] = p
            link[p] = p
            stones[p] = 1
            libs[p] = degree[p] - (v >> _BLACKS & _COUNT) - (v >> _WHITES)
            n_empty -= 1  # p leaves the empty list; the last empty point takes its slot
            q = empty[n_empty]
            empty[where[p]] = q
            where[q] = where[p]
            one = _ONE_BLACK if c == _BLACK else _ONE_WHITE  # one more c neighbour
            captured = 0
            last = 0
            for d in offsets:  # pseudo-liberty sums make the order of these steps irrelevant
                q = p + d
                y = cell[q]
                cell[q] = y + one
                y &= _COLOUR
                if y == c:
                    r = root[q]
                    libs[r] -= 1
                    a = root[p]
                    if r != a:
                        if stones[a] < stones[r]:
                            a, r = r, a
                        s = r
                        while True:
                            root[s] = a
                            s = link[s]
                            if s == r:
                                break
                        link[a], link[r] = link[r], link[a]
                        stones[a] += stones[r]
                        libs[a] += libs[r]
                elif y == e:
                    r = root[q]
                    n = libs[r] - 1
                    libs[r] = n
                    if not n:  # captured: lift each stone, giving liberties to c's groups
                        last = q
                        lost = _ONE_BLACK + _ONE_WHITE - one  # one less e neighbour
                        s = r
                        while True:
                            log[top] = s
                            top += 1
                            captured += 1
                            t = link[s]
                            cell[s] &= 0xFC
                            for d2 in offsets:
                                z = cell[s + d2] - lost
                                cell[s + d2] = z
                                if z & _COLOUR == c:
                                    libs[root[s + d2]] += 1
                            empty[n_empty] = s
                            where[s] = n_empty
                            n_empty += 1
                            s = t
                            if s == r:
                                break
            log[top] = captured
            log[top + 1] = ko
            top += 2
            if captured:
                self.prisoners[c] += captured
            ko = last if captured == 1 and stones[root[p]] == 1 and libs[p] == 1 else 0
            passes = 0
            c = e
            if count >= cap:
                over = True
            if not random:
                break
        self.n_empty = n_empty
        self.top = top
        self.count = count
        self.ko = ko
        self.to_move = c
        self.passes = passes
        self.over = over
        return x if random else code

    # -- the heavy playouts' knowledge ---------------------------------------------------------

    @micropython.native
    def _liberty(self, r):
        """The liberty of the group rooted at r if it has exactly one (it is in atari), else 0.

        Pseudo-liberties count (stone, empty neighbour) pairs, so the group has one liberty
        exactly when all of them are edges to one point: walk to the first stone with an empty
        neighbour t, and compare the group's edges to t with its count."""
        cell = self.cell
        degree = self.degree
        link = self.link
        offsets = self.offsets
        s = r
        while True:
            v = cell[s]
            if degree[s] - (v >> _BLACKS & _COUNT) - (v >> _WHITES):
                break
            s = link[s]
            if s == r:
                return 0  # no liberty at all: only mid-capture, never seen here
        for d in offsets:
            t = s + d
            if not cell[t] & _COLOUR:
                break
        root = self.root
        colour = cell[r] & _COLOUR
        n = 0
        for d in offsets:
            u = t + d
            if cell[u] & _COLOUR == colour and root[u] == r:
                n += 1
        return t if n == self.libs[r] else 0

    @micropython.native
    def _self_atari(self, p, c):
        """For a legal stone of c on empty p with at most one empty neighbour: 0 if its group
        would keep two liberties or it captures; else 1 if the stone stands alone (a throw-in,
        sometimes right), 2 if it joins other stones into atari (almost never right)."""
        cell = self.cell
        root = self.root
        offsets = self.offsets
        e = 3 - c
        lib = 0  # a liberty of the new group other than p, found so far
        for d in offsets:
            t = p + d
            y = cell[t] & _COLOUR
            if not y:
                lib = t
            elif y == e:
                r = root[t]
                n = self.libs[r]  # (a lone stone is in atari exactly at one pseudo-liberty)
                if (n == 1 or n <= 4 and self.stones[r] > 1) and self._liberty(r) == p:
                    return 0  # it captures
        degree = self.degree
        link = self.link
        joined = 0
        for d in offsets:
            t = p + d
            if cell[t] & _COLOUR == c:
                joined = 2
                r = root[t]
                s = r
                while True:
                    v = cell[s]
                    if degree[s] - (v >> _BLACKS & _COUNT) - (v >> _WHITES):
                        for d2 in offsets:
                            z = s + d2
                            if z != p and not cell[z] & _COLOUR:
                                if not lib:
                                    lib = z
                                elif z != lib:
                                    return 0
                    s = link[s]
                    if s == r:
                        break
        return joined or 1

    @micropython.native
    def _reply(self, last, c, rnd):
        """A move for c that answers the opponent's last stone, or 0: by the knowledge bits,
        capture the last stone's group if it is in atari; save an own group it put in atari by
        capturing a neighbour in atari, else by extending where that gains liberties; else a
        3x3 shape (patterns.PAT3) on one of its 8 neighbours, tried from a random one (rnd)."""
        cell = self.cell
        root = self.root
        knowledge = self.knowledge
        if knowledge & ATARI:
            # One liberty means at most 4 pseudo-liberties (a point has 4 edges), and a lone
            # stone's pseudo-liberties are its liberties: the counts rule most groups out
            # before any walk.
            libs = self.libs
            stones = self.stones
            r = root[last]
            n = libs[r]
            if n == 1 or n <= 4 and stones[r] > 1:
                t = self._liberty(r)
                if t:
                    return t
            e = 3 - c
            offsets = self.offsets
            link = self.link
            for d in offsets:
                q = last + d
                if cell[q] & _COLOUR != c:
                    continue
                r = root[q]
                n = libs[r]
                if n == 1 or n <= 4 and stones[r] > 1:
                    t = self._liberty(r)
                    if t:
                        s = r
                        while True:
                            for d2 in offsets:
                                u = s + d2
                                if cell[u] & _COLOUR == e:
                                    a = root[u]
                                    n = libs[a]
                                    if n == 1 or n <= 4 and stones[a] > 1:
                                        z = self._liberty(a)
                                        if z:
                                            return z
                            s = link[s]
                            if s == r:
                                break
                        v = cell[t]
                        if self.degree[t] - (v >> _BLACKS & _COUNT) - (v >> _WHITES) > 1:
                            return t
        if knowledge & PATTERNS:
            pat3 = self.pat3
            around = self.grid.around
            a0, a1, a2, a3, a4, a5, a6, a7 = around
            for i in range(8):
                q = last + around[(rnd + i) & 7]
                if cell[q] & _COLOUR:
                    continue
                code = ((cell[q + a0] & 3) | (cell[q + a1] & 3) << 2 | (cell[q + a2] & 3) << 4
                        | (cell[q + a3] & 3) << 6 | (cell[q + a4] & 3) << 8
                        | (cell[q + a5] & 3) << 10 | (cell[q + a6] & 3) << 12
                        | (cell[q + a7] & 3) << 14)
                if pat3[code >> 13][code >> 3 & 1023] >> (code & 7) & 1:
                    return q
        return 0

    def _pop(self):
        log = self.log
        top = self.top - 1
        p = self._unrecord()
        self.ko = log[top]
        if p == PASS:
            self.top = top
            return
        c = self.to_move
        e = 3 - c
        cell = self.cell
        root = self.root
        libs = self.libs
        offsets = self.offsets
        captured = log[top - 1]
        base = top - 1 - captured
        self.top = base
        for d in offsets:  # surviving enemy neighbours get p back as a liberty
            if cell[p + d] & 3 == e:
                libs[root[p + d]] += 1
        self._lift(p)
        self.prisoners[c] -= captured
        for i in range(base + captured - 1, base - 1, -1):  # captured stones return, newest first
            s = log[i]
            self._put(s, e)
            for d in offsets:
                if cell[s + d] & 3 == c:
                    libs[root[s + d]] -= 1
        self._new_generation()
        for d in offsets:  # p's group may fall apart into its old pieces
            if cell[p + d] & 3 == c:
                self._regroup(p + d)
        for i in range(base, base + captured):
            self._regroup(log[i])

    is_eye = is_eye  # stones.engine.square.is_eye as a method (GTP's random level uses it)

    # -- the computer player's hooks (Game.copy_from, candidates, quick_winner) ---------------

    _copied = ("libs",)

    def _copy_extra(self, other):
        self.ko = other.ko
        prisoners = self.prisoners
        prisoners[1] = other.prisoners[1]
        prisoners[2] = other.prisoners[2]

    def candidates(self, moves, priors):
        """Every empty point but the mover's own eyes and the ko point, with priors. With the
        PRIORS knowledge, the weights host_tools/fit/goprior.py fitted to GNU Go's moves
        (features.py); without it (the baseline player), a few fixed ones from the neighbour
        groups: capturing is good, the more stones the better; escaping from atari is good; a
        self-atari that captures nothing is bad; a reply next to the last move is good; the
        first line is poor while the board is open."""
        if self.knowledge & PRIORS:
            if self.frames is None:
                self.prepare()
            n = (self.counts if self.viper else self.learnt).priors(self, moves, priors)
        else:
            n = self._plain_priors(moves, priors)
        if n < 0:  # an own group in atari can extend: LADDERS reads whether it escapes
            n = -n - 1
            if self.knowledge & LADDERS:
                self._ladder_priors(moves, priors, n)
        return n

    def _plain_priors(self, moves, priors):
        """candidates without PRIORS (the baseline's priors); -1 - n if some move escapes."""
        cell = self.cell
        degree = self.degree
        root = self.root
        libs = self.libs
        stones = self.stones
        empty = self.empty
        offsets = self.offsets
        c = self.to_move
        e = 3 - c
        ko = self.ko
        last = self.history[self.count - 1] & _MOVE if self.count else 0
        w = self.grid.stride
        open_board = self.n_empty * 3 > self.grid.count * 2
        near = self.near_prior
        lines = self.line_prior
        line = self.grid.line
        n = 0
        escapes = False
        for i in range(self.n_empty):
            p = empty[i]
            if p == ko:
                continue
            if is_eye(self, p, c):
                continue
            v = cell[p]
            deg = degree[p]
            q = 128
            if v & 0xFC:  # stones next to p: look at their groups
                free = deg - (v >> 2 & 7) - (v >> 5)  # p's empty neighbours
                gained = free  # pseudo-liberties of c's group on p, approximately
                capture = False
                for k in range(4):
                    t = p + offsets[k]
                    y = cell[t] & 3
                    if y != 1 and y != 2:
                        continue
                    r = root[t]
                    seen = False
                    for k2 in range(k):
                        t2 = p + offsets[k2]
                        if cell[t2] & 3 == y and root[t2] == r:
                            seen = True
                    if seen:
                        continue
                    edges = ((root[p + 1] == r) + (root[p - 1] == r) + (root[p + w] == r)
                             + (root[p - w] == r))
                    if y == e:
                        if libs[r] == edges:  # p is its last liberty: a capture
                            capture = True
                            q += 48 + 8 * (stones[r] if stones[r] < 8 else 8)
                    else:
                        extra = libs[r] - edges
                        gained += extra
                        if not extra and free > 1:  # an own group in atari escapes
                            q += 40
                            escapes = True
                if gained <= 1 and not capture:  # a self-atari
                    q -= 60
            if last:
                d = p - last
                if d == 1 or d == -1 or d == w or d == -w or d == w + 1 or d == w - 1 or (
                        d == 1 - w or d == -1 - w):
                    q += near
            if open_board:
                q += lines[line[p]]
            moves[n] = p
            priors[n] = 255 if q > 255 else q if q > 1 else 1
            n += 1
        return -1 - n if escapes else n

    def _ladder_priors(self, moves, priors, n):
        """candidates' second pass (LADDERS): an escape that a ladder catches gets ladder_prior
        added (the escape bonus included). Apart from the loop over the empty points, since the
        reading plays moves and takes them back, which reorders that list."""
        cell = self.cell
        root = self.root
        offsets = self.offsets
        c = self.to_move
        for i in range(n):
            p = moves[i]
            v = cell[p]
            if not v >> (_BLACKS if c == 1 else _WHITES) & _COUNT:
                continue
            for d in offsets:
                t = p + d
                if cell[t] & _COLOUR == c and self._liberty(root[t]) == p:
                    if self._ladder(p):
                        q = priors[i] + self.ladder_prior
                        priors[i] = q if q > 1 else 1
                    break

    def _ladder(self, t, reads=_LADDER_READS):
        """Whether a ladder catches the mover's group in atari on its liberty t: _caught, at
        most reads moves of reading, on an undo log restarted first. The reading plays and
        takes back up to reads moves at a time (2 words each on the log, and what they
        capture). A restart halfway would leave the takebacks before it nothing to read and
        top below zero, where a viper move loop would write before the log's start, so the
        reading stops before a move where the log could restart (past log_limit: on a scratch
        game's short log, after reading_words of reading), and the rest counts as escaped.
        Undo beyond this point replays, as after any restart. Near the move cap the reading
        stops where the history ends (each move read is one entry), the rest escaped too."""
        self.top = 0
        self.log_from = self.count
        room = self.cap - 1 - self.count
        self._reads = reads if reads < room else room
        return self._caught(t, _LADDER_DEPTH)

    def _caught(self, t, depth):
        """Whether the mover's group in atari on its liberty t dies in a ladder: it cannot
        take an attacking stone in atari, and after it extends to t the attacker has a move
        on one of its two liberties that puts it back in atari, and so on. Deeper than depth
        extensions, or past the moves left in _reads (both attacker's moves can keep a group
        in atari in a crowded place, and the reading then branches), counts as escaped. Plays
        on this game and takes every move back; the log must have room for it (_ladder)."""
        cell = self.cell
        root = self.root
        link = self.link
        offsets = self.offsets
        e = 3 - self.to_move
        r = 0
        for d in offsets:
            if cell[t + d] & _COLOUR != 3 - e:
                continue
            r = root[t + d]
            if self._liberty(r) == t:
                break
        s = r  # an attacking group in atari next to the group: taking it escapes
        while True:
            for d in offsets:
                u = s + d
                if cell[u] & _COLOUR == e and self._liberty(root[u]):
                    return False
            s = link[s]
            if s == r:
                break
        if self._reads <= 0 or self.top > self.log_limit:  # (see _ladder)
            return False
        self._reads -= 1
        if self._push(t):
            return True  # it may not extend (suicide, ko)
        n = self._count_liberties(root[t])
        caught = n < 2
        if n == 2 and depth > 0:
            a = self._lib_a
            b = self._lib_b
            for k in range(2):
                if self._reads <= 0 or self.top > self.log_limit:
                    break
                self._reads -= 1
                if not self._push(b if k else a):
                    u = self._liberty(root[t])
                    if u and self._caught(u, depth - 1):
                        caught = True
                    self._pop()
                if caught:
                    break
        self._pop()
        return caught

    def _count_liberties(self, r):
        """The liberties of the group at r, counted up to 3; the first two in _lib_a, _lib_b."""
        cell = self.cell
        link = self.link
        offsets = self.offsets
        a = b = 0
        n = 0
        s = r
        while True:
            for d in offsets:
                u = s + d
                if not cell[u] & _COLOUR and u != a and u != b:
                    n += 1
                    if n == 1:
                        a = u
                    elif n == 2:
                        b = u
                    else:
                        return 3
            s = link[s]
            if s == r:
                break
        self._lib_a = a
        self._lib_b = b
        return n

    def material(self, c):
        """What one move can win at once, for c: the prisoners balance."""
        return self.prisoners[c] - self.prisoners[3 - c]

    def quiet(self, p):
        """Game.quiet: p (empty, not the ko point) has an empty neighbour, so no stone there is
        a suicide, and no neighbour group can be in atari (one liberty means at most 4
        pseudo-liberties, exactly 1 for a lone stone), so no stone there captures."""
        cell = self.cell
        v = cell[p]
        if p == self.ko or self.degree[p] == (v >> _BLACKS & _COUNT) + (v >> _WHITES):
            return False
        root = self.root
        libs = self.libs
        stones = self.stones
        for d in self.offsets:
            if cell[p + d] & _COLOUR in (1, 2):
                r = root[p + d]
                n = libs[r]
                if n == 1 or n <= 4 and stones[r] > 1:
                    return False
        return True

    def settled_winner(self, seed):
        """The winner of a game that the players ended by passing, its dead stones taken off as
        they would agree (rules.md A5): a playout from here, the passes set aside, shows which
        stones die, and the score is counted on the board as it stood, those stones dead.
        Leaves the game at the playout's end. No allocation (the search's terminal nodes).
        At the move cap the history has no room for that playout: the board is counted as it
        stands (no result unless the players passed)."""
        if self.count >= self.cap:
            return self.quick_winner()
        before = self._snapshot()
        cell = self.cell
        points = self.grid.points
        for p in points:
            before[p] = cell[p] & _COLOUR
        black = self.prisoners[BLACK]
        white = self.prisoners[WHITE]
        self.over = False
        self.passes = 0
        self.playout(seed)
        for p in points:
            x = before[p]
            if x and cell[p] & _COLOUR != x:
                before[p] = x | _DEAD
        margin = self._count(before, black, white)
        return BLACK if margin > 0 else WHITE if margin < 0 else 0

    def _count(self, board, black, white):
        """Black's score minus White's in half points, komi included, on board (per point: 0
        empty, the colour of a stone, | _DEAD for a dead one) with black and white prisoners
        taken before: territory is each region of empty points and dead stones whose living
        border is one colour (the region rule); dead stones are the opponent's prisoners.
        Flooded with the game's own mark and queue: no allocation."""
        cell = self.cell
        mark = self.mark
        queue = self.queue
        offsets = self.offsets
        gen = self._new_generation()
        land = black - white
        area = self.settings["scoring"] == "area"
        if area:
            land = 0
        for p in self.grid.points:
            x = board[p]
            if x and not x & _DEAD:
                if area:
                    land += 1 if x == BLACK else -1
                continue
            if x and not area:  # a dead stone: a prisoner of the other colour
                land += 1 if x & _COLOUR == WHITE else -1
            if mark[p] == gen:
                continue
            mark[p] = gen
            queue[0] = p
            n = 1
            j = 0
            borders = 0
            while j < n:
                s = queue[j]
                j += 1
                for d in offsets:
                    t = s + d
                    if cell[t] & _COLOUR == 3:
                        continue
                    y = board[t]
                    if not y or y & _DEAD:
                        if mark[t] != gen:
                            mark[t] = gen
                            queue[n] = t
                            n += 1
                    else:
                        borders |= y
            if borders == BLACK:
                land += n
            elif borders == WHITE:
                land -= n
        return 2 * land - self.komi2

    def quick_winner(self):
        """BLACK, WHITE or 0 (draw, or no result at the move cap) as result() says with no stone
        marked dead, without allocating; but for the points a player must fill (must_fill),
        which result() gives nobody and a finished playout hardly ever leaves."""
        if self.count >= self.cap and self.passes < 2:
            return 0
        margin = self.margin2()
        return BLACK if margin > 0 else WHITE if margin < 0 else 0

    def playout_winner(self, start):
        """Game.playout_winner. Counting territory, a playout's own moves are not charged to
        their players. The playouts fill their own territory down to single eyes where players
        would pass: each such stone takes a point of its player's territory, so the side with
        more territory makes more of these moves, and a territory count at the end says little
        more than who has the last eyes and prisoners. The count the players would make is the
        area count less the stones each side placed before the playout, which is the territory
        count at the end plus the stones each side placed during it (by colour, passes aside).
        Area counting needs no correction. No allocation."""
        if self.settings["scoring"] == "area" or self.count >= self.cap and self.passes < 2:
            return self.quick_winner()
        margin = self.margin2()
        if self.viper:  # the same sum in viper (viper.placed2), where the move loop is
            margin += self.counts.placed2(self, start)
        else:
            history = self.history
            for i in range(start, self.count):
                h = history[i]
                if h & _MOVE:
                    margin += 2 if h >> 9 & _COLOUR == _BLACK else -2
        return BLACK if margin > 0 else WHITE if margin < 0 else 0

    def _snapshot(self):
        """The board's copy that margin2 and settled_winner count on, made at the first count or
        prepare() (a search's scratch game, before its playouts: they then allocate nothing); a
        game that is only played and saved never makes it."""
        if self.before is None:
            self.before = octets(bytes(self.grid.length))
        return self.before

    def margin2(self):
        """Black's score minus White's in half points, komi included, as score() counts them
        with no stone marked dead (_count over the colours as they stand), no allocation."""
        prisoners = self.prisoners
        if self.before is None:  # a game never prepared nor played out (see _snapshot)
            self._snapshot()
        if self.viper:  # the same count in viper (viper.margin2), where the move loop is
            return self.counts.margin2(self, prisoners[BLACK], prisoners[WHITE],
                                       self.settings["scoring"] == "area")
        board = self.before
        cell = self.cell
        for p in self.grid.points:
            board[p] = cell[p] & _COLOUR
        return self._count(board, prisoners[BLACK], prisoners[WHITE])

    # -- scoring (the count and the marking of dead stones: go/seldom.py) ----------------------

    def dead_marks(self):
        """A byte per point, 1 where the stone is marked dead: made at the first use, after a
        game, so that a game in play and a search's scratch game never hold it."""
        dead = self._dead
        if dead is None:
            dead = self._dead = octets(bytes(self.grid.length))
        return dead

    def panel(self):
        return "Captured", self.prisoners[BLACK], self.prisoners[WHITE]

