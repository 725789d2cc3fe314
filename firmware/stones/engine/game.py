"""The Game protocol every game implements, and the board state they share.

The packed cell byte. Each mailbox cell is one byte of ``cell``::

    bits 0-1  colour: EMPTY 0, BLACK 1, WHITE 2, EDGE 3 (off the board)
    bits 2-4  how many black stones are next to it (0..6)
    bits 5-7  how many white stones are next to it (0..6)

The counts turn the questions the rules ask most into one byte read: "is there an empty neighbour"
is ``degree - blacks - whites``; Go's eye test is ``own count == degree``; Loose's false point is
"no empty neighbour, a stone of each colour"; Loupe's placement limit compares the two counts.
Sentinel cells accumulate counts too (cheaper than testing for them); nothing ever reads them.

Groups are circular lists of stones: ``root[s]`` names the group of stone s by one of its stones,
``link[s]`` is the next stone of the same group, and ``stones[root]`` its size. A game keeps its own
per-group word at the root (Go: pseudo-liberties; OffShore: the hull), refreshed by ``_refresh``.
Empty points live in ``empty[0:n_empty]`` with ``where[p]`` the slot of p, so a random empty point
is one index and removal is a swap. Their order is bookkeeping, not position: a random draw reorders
them and undo does not put that back.

Moves are recorded in ``history``, one word each: the move in bits 0-8 (no mailbox has 512 cells)
and the turn state it was played in above (to_move | passes << 2 | phase << 4, shifted by 9).
Each game writes what else it needs to reverse a move onto the ``log`` stack. All arrays are
allocated once, here, so ``_push`` and ``_pop`` allocate nothing. Should the log ever fill up
(only possible in freak Loose or OffShore games), it restarts and undo past that point replays
the history instead.

Protocol for the UI, the computer player, GTP, records and the simulator (the only door: nothing
above the engine asks which game it is, tests/host/test_one_door.py):

    play(move) / play_text("D5")   checked; raises IllegalMove naming the point and the reason
    reason(move) -> 0 or a code     why a move is illegal (reason_text(code) says it), unplayed
    legal(move), legal_moves()
    undo()                          any number of times
    check()                         the game, or GameError where its structures do not hold
                                    (broken()): every save and record read back
    to_move, over, diagram(); COLOUR_NAMES[colour]: the players' names ("Black", "White")
    entry(i) -> (colour, move)      the game's move i; count moves in all; move_words() all
    turn_word(), follows(other, n, state, setup), move_at(i)   whether a game came from an
                                    earlier position and by which moves (the search keeps its tree)
    scratch(), copy_from(other)     a game for the search to play on, and a position copied in
    set_turn(colour), play_as(colour, move)   out of turn (GTP, records, SGF)
    set_position([(colour, point), ...], first)   stones placed without rules (GTP set_position,
                                    a handicap), first (Black by default) to move after them
    follow_setting(values, key)     the setup's other settings that follow a changed one (Go:
                                    komi 0.5 with a handicap)
    score() -> Score, result() -> Result   the same shapes in every game (engine/outcome.py):
                                    result() is the resignation's (resign(colour), resigned: the
                                    colour that resigned, else 0) or the count's, count_result();
                                    resign(colour, True) as a loss on time (on_time)
    clock                           the Clock the game is played on, or None (engine/clock.py)
    territory() -> (Black's points, White's); counted(): what the score screen draws
    panel() -> (label, black, white): the game screen's running count
    stones_per_turn, stones_left(), turn_size(); marks_dead (then toggle_dead(p), dead_stones())
    opening() -> (depth, data) or None   the board's opening book (engine/book.py; Game.book)
    pregame (a screen before the game) and pregame_protocol() (the steps it drives)
    records / record_ending (how a finished game is kept)
    handicap(): the handicap stones among the set-up ones (Go's option; 0 in the other games)
    colour(p): the stone on a point, what the screens draw (never the cell byte above);
    changes(shown, out): the points whose stone is not shown[p] (a screen's redraw)
    keeps_prisoners (then prisoners[colour]); is_eye(p, c), gain(c), problem(root) (host tools)
"""

from stones.compat import MICROPYTHON, const, fast, micropython, octets, twin, words, zeros
from stones.engine.grid import EDGE, grid_of, seldom_method

EMPTY = const(0)
BLACK = const(1)
WHITE = const(2)
PASS = const(0)

COLOUR_NAMES = ("empty", "Black", "White")

# The packed cell byte's fields (above) are named in the move loops as module-local consts, which
# MicroPython folds: _COLOUR 3 (mask), _BLACKS 2 and _WHITES 5 (shifts), _COUNT 7 (mask of a
# count), _ONE_BLACK 4 and _ONE_WHITE 32 (one more neighbour); tests check every copy.
_ONE = b"\x00\x04\x20"  # the count increment of one neighbour of colour 1 or 2 in a packed cell

# Reasons a move is refused; the UI shows REASONS[code].
OK = const(0)
OCCUPIED = const(1)
OFF_BOARD = const(2)
GAME_OVER = const(3)
SUICIDE = const(4)
KO = const(5)
NO_TRUE_LIBERTY = const(6)
OUTNUMBERED = const(7)
NO_SECOND_STONE = const(8)
ENEMY_TERRITORY = const(9)
OVERSIZED_GROUP = const(10)
MID_TURN = const(11)
MOVE_LIMIT = const(12)
# A resignation in a game save's move words: the resigning colour over this move, which names no
# point of any board (mailboxes have fewer cells), after the last move (stones.session).
RESIGN_MOVE = const(0x1FF)
# A loss on time is the word under it (RESIGN_MOVE - 1), the colour whose time ran out.
# The fewest moves a game's history holds, whatever the board (Game._cap: the move limit).
LONG_GAME = const(500)
# The most words of undo log a game keeps at log_points a point, but never under two a point:
# Go 13x13's log_points words. The big boards (Go 19x19, Loupe 11) keep half or so of what
# log_points would give them; their older takebacks replay, and the heap keeps the words.
LOG_WORDS = const(676)
# The arrays every game has, in the order Game.copy_from copies them.
_BASE_ARRAYS = ("cell", "root", "link", "stones", "empty", "where", "history")

REASONS = (
    "",
    "occupied",
    "not a point of the board",
    "the game is over",
    "suicide: the stone would have no liberty",
    "ko: retaking at once repeats the position",
    "a group would be left without a true liberty",
    "more enemy than friendly neighbours",
    "no legal second stone would follow",
    "inside the opponent's territory",
    "next to a group larger than your group count",
    "the turn's second stone is due: a pass replaces a whole turn",
    "move limit reached",  # Game.reason_text names the limit: 'move limit 500 reached'
)


class GameError(ValueError):
    """Anything a game refuses: bad settings, bad records, undo with nothing to undo.

    A ValueError, so IllegalMove is one too; MicroPython cannot derive a class from two built-in
    exception types, so the hierarchy is a chain rather than IllegalMove(GameError, ValueError).
    """


class IllegalMove(GameError):
    def __init__(self, point, code, text=""):
        super().__init__("%s: %s" % (point, text or REASONS[code]))
        self.point = point
        self.code = code


def split_word(word):
    """(colour, move) of a history word, or of a stone word (colour << 9 | point) of a save."""
    return word >> 9 & 3, word & 0x1FF


def stone_word(colour, move):
    """The word split_word reads: colour above the move's 9 bits."""
    return colour << 9 | move


def half_points(value2):
    """'3', '0.5', '-2.5' from a number of half points, without floats."""
    sign = "-" if value2 < 0 else ""
    value2 = abs(value2)
    return sign + str(value2 // 2) + (".5" if value2 & 1 else "")


def parse_half_points(text):
    """Half points from '6', '6.5', '-0.5'; ValueError for anything else."""
    text = text.strip()
    negative = text.startswith("-")
    if negative:
        text = text[1:]
    whole, _, fraction = text.partition(".")
    if not whole.isdigit() or fraction not in ("", "0", "5"):
        raise ValueError("komi must be a whole or half number")
    value2 = int(whole) * 2 + (fraction == "5")
    return -value2 if negative else value2


class Option:
    """One setting of a game: its key, the values offered on the device and the default."""

    def __init__(self, key, label, choices, default):
        self.key = key
        self.label = label
        self.choices = choices
        self.default = default


class Tuning:
    """How the computer player (stones.engine.search) spends its work on a game: each game's
    ``tuning`` attribute, read by Search.begin.

    prior_visits   virtual playouts each new child starts with, at its prior's win rate
    rave           the RAVE equivalence: how long AMAF statistics lead a child's own
    expand_at      real visits before a leaf grows children
    width          children of an inner node (the root takes every candidate)
    playout        random moves a playout plays after the tree's (the default: to the end)
    tactics        the root's one-move tactics: prior points per point won (0: off)
    overhead       the fixed cost of a playout in moves, per 100 points of the board (the tree
                   walk, the copy and the scoring, calibrated so that time ~ moves + this)
    tactic_visits  virtual AMAF wins a point of root tactics is worth
    tactic_width   the most candidates the root's tactics play out, best prior first by the
                   prior's sixteenths (0: every one); the others keep their prior as it is
    knowledge      the game's knowledge bits for the playouts and priors (None: the game's own)
    early          how soon a search may end before its budget (search.py, Search._decided): it
                   ends when the most visited root child leads every other by more than the
                   playouts left divided by this; 1 ends exactly when the rest could no longer
                   change the move, 4 when the runner-up would need more than 5/8 of the rest
    book           1: a position in the game's opening book is answered from it, no playouts
                   (engine/book.py); 0: the search thinks from the first move
    lcb            the final move: 0, the most visited root child; above, the child whose
                   value's lower confidence bound, this many hundredths of a standard error
                   below it, is highest (Search._surest)
    halving        sequential halving at the root (Search._halve): 0, off; m >= 2, the root
                   plays only its m best children by value at the start (the prior, on a fresh
                   root), the budget split into log2(m) phases, each survivor an equal share
                   of a phase's playouts, the worse half by value dropped after each; the last
                   survivor is the move, and the search ends when the phases are done
    """

    # The defaults, as class attributes: an instance holds only what it sets (a game's tuning
    # is one or four names), so a Pico keeps a small dict per game class, not all of them.
    prior_visits = 8
    rave = 600
    expand_at = 2
    width = 10
    playout = 0x3FFFFFFF
    tactics = 0
    overhead = 50
    tactic_visits = 0
    tactic_width = 0
    knowledge = None
    early = 1
    book = 0
    lcb = 0
    halving = 0

    def __init__(self, **given):
        for name in given:
            if name.startswith("_") or not hasattr(Tuning, name):
                raise TypeError("no tuning setting %r" % name)
            setattr(self, name, given[name])


class Game:
    key = ""  # registry name: go, loose, loupe, offshore
    title = ""
    grid_class = None
    sizes = (9,)
    default_size = 9
    size = None  # a game's board size (the class has none)
    options = ()  # Option instances
    cap_factor = 3  # the move limit is cap_factor moves a point, at least LONG_GAME (_cap)
    log_per_move = 4  # most log words a move writes besides its captured/flipped stones
    log_points = 4  # undo log length, in words per point of the board, up to LOG_WORDS
    # A search's scratch game (scratch()) with a short undo log: one move and this many words
    # of a reading taken back whole (Go: ladders); None, the game's full log. A short log
    # restarts at every move past its room, which costs the move loops time where a playout's
    # every move would (Loose, OffShore), so only Go, whose moves log 2 words, has one.
    reading_words = None
    short_log = False  # set on a game made by scratch()
    queue = None  # the flood fills' and moves' scratch words, made by __init__ or lent
    REASONS = REASONS
    COLOUR_NAMES = COLOUR_NAMES  # the screens name the players by these ("White passes")
    stones_per_turn = 1  # stones a turn places (Loupe: 2, its first turn 1; see turn_size)
    marks_dead = False  # the players mark dead groups after the game (Go: toggle_dead)
    keeps_prisoners = False  # prisoners[colour] counts what colour took (Go; GTP showboard)
    pregame = None  # the screen two humans go through before the game (Loose: "komi")
    records = "stones.engine.records"  # the module whose write_record keeps a finished game
    # the stones.engine.clock.Clock the game is played on, or None: set by whoever plays it
    # (the setup screen); the game save keeps its state, a record its settings (TM, OT)
    clock = None
    # the resignation was a flag fall (resign(colour, True)); kept in the class's name until one
    # falls: one more name in every game's (and scratch game's) dictionary makes it grow
    on_time = False
    record_ending = "txt"  # its files' ending ("sgf": the module writes SGF)
    knowledge = 0  # the playouts' and priors' knowledge bits, defined by each game (0: none)
    learned = 0  # the bits among them that root_priors reads: learned knowledge (0: none)
    node_learned = 0  # the bit with which root_priors revises every node the tree grows too
    # the game's learned policy: the name of its inputs' module (engine/policy.py), or None;
    # _policy, its buffers and modules, are kept on the game at its first pass (policy.revise)
    policy = None
    _policy = None
    # the boards on which the game's own knowledge has its learned bits: where the policy won
    # its match at equal time and its buffers fit a Pico's heap (off elsewhere)
    learned_boards = ()
    book = None  # the module holding the game's opening books (engine/book.py), or None

    def opening(self):
        """(depth, data) of the opening book for this board (engine/book.py), or None."""
        if self.book is None:
            return None
        module = __import__(self.book, None, None, ("_",))
        data = getattr(module, "BOOK%d" % self.size, None)
        return None if data is None else (getattr(module, "DEPTH%d" % self.size), data)

    def handicap(self):
        """Handicap stones on the board (Go: counted from its set-up)."""
        return 0

    # The game's move loop as viper code, where MicroPython compiles it: its twin module's
    # name (stones.compat.twin; its run(game, move, randoms, x) plays exactly what _run plays,
    # several times as fast on a Pico), for boards under 256 points, whose stones and where
    # tables are bytes.
    viper_loop = None
    # Whether gameviper.py's viper twins of first_players and unmark_moves replaced them on the
    # class (where MicroPython compiles viper): None until the first _viper() looks.
    loops = None
    # The computer player's levels: budgets in moves simulated, weakest first (search.py's
    # reading guide). The last Pico level is about 2 seconds a move on a Pico; the Raspberry Pi
    # levels follow it on a Pi (CPython), and the search's tuning for the game.
    pico_levels = (600, 1500, 3000, 6000)
    pi_levels = (50000, 150000)
    # The Pico levels' budgets on other boards than the default, in percent, as (size, percent)
    # pairs (search.py's budget): a move's time grows faster than the budget's work on a larger
    # board (per-point scans, and boards of 256 points or more have no viper playouts), and on a
    # small one the budget buys many short playouts, each with its walk down the tree; so the
    # top Pico level spends less work there to keep near its time a move
    # (host_tools/bench/pico.py measures each board's move).
    pico_scale = ()
    tuning = Tuning()
    # What the benchmarks (host_tools/bench) read of a game, as (name, value) pairs in one
    # constant tuple (one slot of the class; frozen, the tuple stays in flash): "opening", human
    # moves tried in order in the game's own names; targets ("pico_playouts" a second on the
    # Pico, native, "pico_playouts_bytecode"; "playouts_unix" and "playouts_cpython"; win rates
    # in percent "vs_random", "vs_greedy", "vs_v01"; "pico_move_s", a device move on a Pico);
    # "v01", the baseline's top Pico level (budget, Tuning settings), the player's fixed
    # reference; "gtp_reference", the GTP engine the game is measured against ("vs_gtp_pi",
    # "vs_gtp_pico": win rates, "gtp_score_agrees": percent). A win rate of the player with
    # ai.py's modes adds their suffix, "_kept" (tree kept), "_ponder" (kept and pondering 5 s
    # of a Pico's time), "_workersN" (N search workers): "vs_previous_kept", "vs_previous_ponder"
    # against the top Pico level without them; against GNU Go above level 1, "vs_gtpL_pico".
    # "vs_previous": a change of the level's against the level without it, at equal time;
    # "_board" added on a board other than the game's default. A game's own tuple adds to
    # these, the ones every game shares.
    bench = (("vs_random", 99), ("vs_greedy", 90), ("vs_v01", 75), ("pico_move_s", 2.0),
             ("vs_previous_kept", 65), ("vs_previous_ponder", 80), ("vs_previous", 70),
             ("vs_previous_board", 75))

    def __init__(self, size=None, **settings):
        size = self.default_size if size is None else int(size)
        if size not in self.sizes:
            raise GameError("%s is played on sizes %s" % (self.title, self.sizes))
        self.size = size
        if size in self.learned_boards:
            self.knowledge = self.knowledge | self.learned
        self.settings = self._check_settings(settings)
        self.grid = grid = grid_of(self.grid_class, size)
        n = grid.length
        self.offsets = grid.offsets
        self.degree = fast(grid.degree)
        self.cell = octets(bytes(n))  # the empty board: reset() below
        self.root = zeros(n)
        self.link = zeros(n)
        # A group's size and a slot of the empty list are at most the points: a byte each where
        # the board has fewer than 256 (all but Go 19x19 and Loupe 11).
        small = grid.count < 256
        self.stones = octets(bytes(n)) if small else zeros(n)
        self.empty = words(grid.points)
        self.where = octets(bytes(n)) if small else zeros(n)
        self.cap = self._cap(grid.count)
        self.history = zeros(self.cap)
        # The undo log holds the last log_points * points words (~1.5 moves a point in Go), at
        # most LOG_WORDS but two a point at least. A move starting past log_limit restarts it;
        # undo beyond that point replays instead. A scratch game's log, where the game sets
        # reading_words, holds one move and a reading.
        per = self.log_per_move
        short = self.short_log and self.reading_words is not None
        count = grid.count
        self.log = zeros(0 if not per else count + per + self.reading_words if short
                         else min(self.log_points * count, max(LOG_WORDS, 2 * count)) + per)
        self.log_limit = len(self.log) - grid.count - self.log_per_move  # room for any move
        self.mark = octets(bytes(n))  # flood-fill visit marks, one generation number per fill
        self.gen = 0
        if self.queue is None:  # (a scratch game borrows its game's: see scratch)
            self.queue = zeros(grid.count)  # flood fills: each point at most once
        self.setup = ()  # (colour, point) placed without rules before move 1
        self.first = BLACK  # who moves first after them (White after handicap stones)
        self.viper = None  # the viper move loop, or False: looked up by prepare() or a playout
        self._allocate()
        self.reset()

    # -- settings ---------------------------------------------------------------------------

    def _cap(self, points):
        """The move limit ('cap'), which ends a game with no result (docs/rules.md A9): under
        simple ko a game can cycle for ever, and the history, allocated once, holds this many.

        cap_factor moves a point, and never fewer than LONG_GAME. Three a point on 19x19 is
        1,083 moves: over twice the longest professional game on record (411 moves), with room
        for the programs' long records (GNU Go's run past 300). Small boards run longer for
        their size: a ko fight or a capturing race takes as many moves on 9x9 as on 19x19, and
        a 9x9 record of 300 moves is as legal as any, where three a point would stop it at 243.
        So every board holds LONG_GAME moves at least: such a record with two thirds more to
        spare. The cost is a word a move in the history (and in the search's scratch game's),
        made when a game starts, in every game the tests and the app hold at once; no board
        needs more than Go's 19x19, which a Pico holds at its limit
        (tests/device/test_move_limit.py, run in a Pico-sized heap)."""
        limit = self.cap_factor * points
        return limit if limit > LONG_GAME else LONG_GAME

    def _check_settings(self, given):
        settings = {}
        for option in self.options:
            value = given.pop(option.key, option.default)
            settings[option.key] = self._setting(option, value)
        if given:
            raise GameError("%s has no setting %s" % (self.title, ", ".join(sorted(given))))
        return settings

    @staticmethod
    def follow_setting(values, key):
        """The player changed setting key in values (option key -> value, the setup screen's
        choices): change in place the settings that follow it (Go: komi 0.5 with a handicap)."""

    def _setting(self, option, value):
        """Validate one setting; games with free-form values (komi) override this."""
        if value not in option.choices:
            choices = ", ".join(map(str, option.choices))
            raise GameError("%s must be one of %s" % (option.label, choices))
        return value

    # -- hooks for the games ------------------------------------------------------------------

    def _allocate(self):
        """Allocate the game's own arrays (once)."""

    def _clear(self):
        """Reset the game's own state to the start of a game."""

    def _refresh(self, root):
        """Recompute the game's per-group word of the group at root."""

    def _push(self, move):
        """Play move for to_move if legal: return 0, or a reason code with nothing changed."""
        run = self.viper
        if run:  # (the checker cannot type the viper function: it sees a bool)
            return run(self, move, 0, 0)  # pyright: ignore[reportCallIssue]
        return self._run(move, 0, 0)

    def playout(self, seed, limit=0x3FFFFFFF):
        """Play up to limit random moves by the game's playout policy, to the end of the game by
        default; return the new generator state (30-bit xorshift, see rng.Rng)."""
        run = self.viper
        if run is None:
            run = self._viper()
        if run:
            return run(self, 0, limit, seed & 0x3FFFFFFF or 1)  # pyright: ignore[reportCallIssue]
        return self._run(0, limit, seed & 0x3FFFFFFF or 1)

    def _viper(self):
        """Look up the viper move loop (viper_loop's twin, stones.compat.twin) for this game,
        where the board has under 256 points; else False, and _run plays. Done once a game, by
        its prepare() or first playout. The first look also puts the history loops' twins
        (gameviper) in place of first_players and unmark_moves, for every game."""
        if Game.loops is None:
            loops = twin("stones.engine.gameviper")
            Game.loops = loops is not None
            if loops is not None:
                Game.first_players = loops.first_players  # viper binds self like a method
                Game.unmark_moves = loops.unmark_moves
        module = twin(self.viper_loop) if self.viper_loop and self.grid.count < 256 else None
        self.viper = False if module is None else module.run
        return self.viper

    # -- the shared state machinery -----------------------------------------------------------

    def reset(self):
        """Back to the start: the empty board plus any set-up stones, first to move (Black
        unless set_position said otherwise)."""
        grid = self.grid
        cell = self.cell
        degree = self.degree
        edge = EDGE
        for i in range(grid.length):  # a loop, not a slice copy: that allocates on MicroPython
            cell[i] = 0 if degree[i] else edge  # (grid.py: only sentinels have no neighbours)
        empty = self.empty
        where = self.where
        points = grid.points
        for i in range(grid.count):
            p = points[i]
            empty[i] = p
            where[p] = i
        self.n_empty = grid.count
        self.to_move = self.first
        self.passes = 0
        self.phase = 0
        self.count = 0
        self.top = 0
        self.log_from = 0
        self.over = False
        self.resigned = 0  # the colour that resigned (resign()), or whose time ran out
        if self.on_time:
            self.on_time = False
        self._clear()
        if self.setup:
            for colour, p in self.setup:
                self._put(p, colour)
            self._regroup_all()

    def _put(self, p, c):
        """Stone of colour c onto empty point p, which leaves the empty list."""
        cell = self.cell
        cell[p] |= c
        one = _ONE[c]
        for d in self.offsets:
            cell[p + d] += one
        empty = self.empty
        where = self.where
        last = self.n_empty - 1
        q = empty[last]  # the last empty point takes p's slot
        empty[where[p]] = q
        where[q] = where[p]
        self.n_empty = last

    def _lift(self, p):
        """Take the stone off p; p joins the end of the empty list."""
        cell = self.cell
        one = _ONE[cell[p] & 3]
        cell[p] &= 0xFC
        for d in self.offsets:
            cell[p + d] -= one
        n = self.n_empty
        self.empty[n] = p
        self.where[p] = n
        self.n_empty = n + 1

    def _unrecord(self):
        """Drop the last move from the history, restoring its turn state; return the move."""
        i = self.count - 1
        self.count = i
        self._restore_turn(self.history[i])
        self.over = False
        return self.history[i] & 0x1FF

    def _restore_turn(self, entry):
        self.to_move = entry >> 9 & 3
        self.passes = entry >> 11 & 3
        self.phase = entry >> 13

    @micropython.native
    def _new_generation(self):
        gen = self.gen + 1
        if gen == 256:
            mark = self.mark
            for i in range(len(mark)):
                mark[i] = 0
            gen = 1
        self.gen = gen
        return gen

    @micropython.native
    def _regroup(self, seed):
        """Rebuild the group of stone seed from the colours alone (breadth-first), unless this
        generation already did; then let the game refresh its group word."""
        mark = self.mark
        gen = self.gen
        if mark[seed] == gen:
            return
        cell = self.cell
        root = self.root
        link = self.link
        queue = self.queue
        colour = cell[seed] & 3
        mark[seed] = gen
        queue[0] = seed
        n = 1
        i = 0
        while i < n:
            s = queue[i]
            i += 1
            root[s] = seed
            for d in self.offsets:
                t = s + d
                if cell[t] & 3 == colour and mark[t] != gen:
                    mark[t] = gen
                    queue[n] = t
                    n += 1
        for i in range(n - 1):
            link[queue[i]] = queue[i + 1]
        link[queue[n - 1]] = seed
        self.stones[seed] = n
        self._refresh(seed)

    def _regroup_all(self):
        self._new_generation()
        cell = self.cell
        for p in self.grid.points:
            if cell[p] & 3:
                self._regroup(p)

    @micropython.native
    def _merge(self, a, b):
        """Join the groups rooted at a and b (b != a); return the surviving root."""
        stones = self.stones
        if stones[a] < stones[b]:
            a, b = b, a
        root = self.root
        link = self.link
        s = b
        while True:
            root[s] = a
            s = link[s]
            if s == b:
                break
        link[a], link[b] = link[b], link[a]
        stones[a] += stones[b]
        return a

    def group(self, p):
        """The stones of the group at p, as a list (allocates: for the UI and tests)."""
        if not self.cell[p] & 3 or self.cell[p] & 3 == EDGE:
            return []
        out = [p]
        s = self.link[p]
        while s != p:
            out.append(s)
            s = self.link[s]
        return out

    def colour(self, p):
        """The stone on point p: EMPTY, BLACK or WHITE (EDGE off the board). What the screens
        draw and the search's last resort ask; a byte read, no allocation."""
        return self.cell[p] & 3

    @micropython.native
    def changes(self, shown, out):
        """How many points have a stone other than shown[p] (a colour a point, as colour()
        gives); the first len(out) of them go into out, in the grid's order (more: call again
        once those are shown). What a screen redraws after a move: one loop here instead of a
        colour() call a point, and no allocation."""
        cell = self.cell
        room = len(out)
        n = 0
        for p in self.grid.points:
            if cell[p] & 3 != shown[p]:
                if n < room:
                    out[n] = p
                n += 1
        return n

    @micropython.native
    def count_stones(self, c):
        cell = self.cell
        n = 0
        for p in self.grid.points:
            if cell[p] & 3 == c:
                n += 1
        return n

    # -- the public protocol ------------------------------------------------------------------

    def parse(self, text):
        """A move from its name: a point ('D5', 'd4') or 'pass'."""
        if text.strip().lower() == "pass":
            return PASS
        return self.grid.parse(text)

    def name(self, move):
        return "pass" if move == PASS else self.grid.name(move)

    def reason(self, move):
        """0 if move is legal now, else the reason code; the state is left as it was."""
        if self.over:
            return self._over()
        if move != PASS and not self.grid.on_board(move):
            return OFF_BOARD
        code = self._push(move)
        if not code:
            self._pop()
        return code

    def legal(self, move):
        return self.reason(move) == OK

    def _over(self):
        """Why a game that is over refuses a move: MOVE_LIMIT when it ended at the move limit
        (not by the players' two passes), else GAME_OVER."""
        if self.count >= self.cap and self.passes < 2 and not self.resigned:
            return MOVE_LIMIT
        return GAME_OVER

    def reason_text(self, code):
        """What the player is told of a refusal: REASONS[code], the limit with its number."""
        if code == MOVE_LIMIT:
            return "move limit %d reached" % self.cap
        return REASONS[code]

    def play(self, move):
        if self.over:
            code = self._over()
            raise IllegalMove(self.name(move), code, self.reason_text(code))
        if move != PASS and not self.grid.on_board(move):
            raise IllegalMove(str(move), OFF_BOARD)
        code = self._push(move)
        if code:
            raise IllegalMove(self.name(move), code)

    def undo(self):
        if self.resigned:  # the resignation goes first: the position is the one it left
            self.resigned = 0
            if self.on_time:
                self.on_time = False
            self.over = False
            return
        if not self.count:
            raise GameError("nothing to undo")
        if self.count > self.log_from:
            self._pop()
        else:
            self._replay(self.count - 1)

    def _replay(self, k):
        """Rebuild the position after the first k moves from the history."""
        history = self.history
        self.reset()
        for i in range(k):
            self._restore_turn(history[i])
            self._push(history[i] & 0x1FF)

    def entry(self, i):
        """(colour, move) of the game's move i (0 the first): who played what. The history word
        also keeps the turn state the move was played in; only the engine reads that."""
        return split_word(self.history[i])

    def move_words(self):
        """The moves as stone words (colour << 9 | move, as stone_word makes them), a fresh
        array('H') of count words: the game save's body (stones.session), read back move by
        move with split_word and play_as. One allocation, whatever the game's length."""
        from array import array

        moves = array("H", self.history[: self.count])
        for i in range(len(moves)):
            moves[i] &= 0x7FF  # the turn state above the colour is the engine's own
        return moves

    def turn_word(self):
        """The turn state now (who is to move, the passes, the phase), in the bits above the
        move where a history word keeps the state its move was played in."""
        return (self.to_move | self.passes << 2 | self.phase << 4) << 9

    def follows(self, other, n, state, setup):
        """How many moves this game has played since an earlier position: the one reached by
        the first n moves of other's history (another game of the same class, size and
        settings: the search's scratch game) from set-up stones setup, state its turn_word()
        then; -1 if this game did not come from it: other set-up stones, another history, or
        the turn handed over since (set_turn). No allocation."""
        count = self.count
        if count < n or self.setup != setup:
            return -1
        history = self.history
        words = other.history
        for i in range(n):
            if history[i] != words[i]:
                return -1
        now = history[n] if count > n else self.turn_word()
        return count - n if now >> 9 == state >> 9 else -1

    def move_at(self, i):
        """The move (a point or PASS) of the game's move i, 0 the first."""
        return self.history[i] & 0x1FF

    def first_players(self, start, marks):
        """For each point played from move start on, the colour that played there first,
        written into marks (a byte a cell; a point marked already keeps its mark): the search's
        all-moves-as-first count after a playout. No allocation. Where viper compiles, the
        first _viper() (a prepare()) puts gameviper.py's twin in this method's place."""
        history = self.history
        for i in range(start, self.count):
            word = history[i]
            p = word & 0x1FF
            if p and not marks[p]:
                marks[p] = word >> 9 & 3

    def unmark_moves(self, start, marks):
        """Zero marks at every point played from move start on (after first_players)."""
        history = self.history
        for i in range(start, self.count):
            marks[history[i] & 0x1FF] = 0

    # The two loops above as written here: the reference for gameviper.py's twins, which take
    # their places on the class where viper compiles (the drift check calls these).
    python_first_players = first_players
    python_unmark_moves = unmark_moves

    def last_move(self):
        return self.history[self.count - 1] & 0x1FF if self.count else None

    def last_placer(self):
        """The colour that placed the game's last stone (set-up stones aside), or None."""
        history = self.history
        for i in range(self.count - 1, -1, -1):
            if history[i] & 0x1FF:
                return history[i] >> 9 & 3
        return None

    def set_turn(self, colour):
        """Hand the turn to colour outside the normal order (GTP, SGF's PL, tests). The skipped
        turn counts as the other side's: Go lifts a ko ban (rules.md A3), Loupe starts a
        two-stone turn. Replaying a history with play_as(*entry(i)) makes the same hand-overs."""
        self._switch(colour)

    def _switch(self, colour):
        """set_turn's hook: what a game changes besides to_move when the turn is handed over."""
        self.to_move = colour

    def set_position(self, stones, first=BLACK):
        """Clear the game and place (colour, point) stones without applying any rule; first
        moves next (White after handicap stones)."""
        if first not in (BLACK, WHITE):
            raise GameError("bad first player %r" % (first,))
        seen = set()
        for colour, p in stones:
            if colour not in (BLACK, WHITE) or not self.grid.on_board(p) or p in seen:
                raise GameError("bad set-up stone %r" % (p,))
            seen.add(p)
        self.setup = list(stones)
        self.first = first
        self.reset()

    def clear(self):
        self.setup = ()
        self.first = BLACK
        self.reset()

    # -- the end of the game: one shape for every game ------------------------------------------

    def result(self):
        """The Result of the game as it stands (stones.engine.outcome): the count's, turned into
        the resignation's where a player resigned."""
        result = self.count_result()
        if self.resigned:
            result.resign(self.resigned, self.on_time)
        return result

    def panel(self):
        """(label, black, white): the running count the game screen's panel shows."""
        return "Stones", self.count_stones(BLACK), self.count_stones(WHITE)

    def stones_left(self):
        """Stones still to place in the current turn."""
        return 1

    def turn_size(self):
        """Stones in the current turn."""
        return 1

    # -- hooks for the computer player (stones.engine.search) ---------------------------------
    # The search keeps one scratch game, restores it from the real one before every playout
    # (copy_from), asks it for the points worth trying (candidates) and scores each finished
    # playout (playout_winner). None of the three allocates once copy_from has run once.

    _views = None  # the scratch game's arrays as copy_from writes them, made at its first copy
    pass_prior = 48  # the search's prior for a pass (0-255, 128 neutral): rarely the move
    _copied = ()  # names of the game's own arrays that copy_from copies besides the base ones

    # Methods, never properties: a property anywhere in a class makes MicroPython look up the
    # class's dictionaries on every store to an instance attribute (descriptors could catch
    # it), which on a Pico costs the move loops several times what the store does.

    def can_pass(self):
        """A pass is legal now (Loupe: not while the second stone of a turn is due)."""
        return not self.over

    def pass_ends(self):
        """A pass now ends the game (the opponent has just passed): the search then values
        the pass by counting the game as it would end (settled_winner), not by pass_prior."""
        return self.passes > 0 and not self.over

    def scratch(self):
        """A new game of this kind, size and settings for a search to play on: copy_from a
        game, then moves forward, each of which may be taken back, and readings of up to
        reading_words of log taken back whole. Where the game sets reading_words, its undo log
        is only that long (a player's takebacks replay on it): most of the log's words on
        Go 19x19. The two share one queue, the words a flood fill or a move uses within one
        call and leaves: a call on one never runs inside a call on the other."""
        game = object.__new__(type(self))
        game.short_log = True
        game.queue = self.queue
        game.__init__(self.size, **self.settings)
        return game

    def copy_from(self, other):
        """Become the position of other, a game of the same class, size and settings, without
        allocating (after the first call, which makes the views).

        Whole arrays are copied by slice assignment into memoryviews: on MicroPython, assigning
        a slice of an array('H') allocates while assigning into a memoryview of it does not
        (lists on CPython take the slice directly). The history comes along (tie-breaks read
        the last placer); the undo log does not, so the copy is for playing forward only (a
        move pushed on it can still be popped). mark and gen stay the copy's own: its
        generations only grow, so an old mark never equals a new generation."""
        views = self._views
        if views is None:
            views = self._views = self._make_views()
        names = self._names
        for i in range(len(views)):
            views[i][:] = getattr(other, names[i])
        self.n_empty = other.n_empty
        self.to_move = other.to_move
        self.passes = other.passes
        self.phase = other.phase
        self.count = other.count
        self.top = other.top
        self.log_from = other.log_from
        self.over = other.over
        self.resigned = other.resigned
        if self.on_time != other.on_time:  # (a game's own name only once a flag fell)
            self.on_time = other.on_time
        self._copy_extra(other)

    def _make_views(self):
        self._names = names = _BASE_ARRAYS + self._copied
        if MICROPYTHON:
            return tuple(memoryview(getattr(self, name)) for name in names)
        return tuple(getattr(self, name) for name in names)

    def _copy_extra(self, other):
        """Copy the game's own scalar state (Go: ko and prisoners)."""

    def prepare(self):
        """Make any table the hooks make lazily (Loupe's loop search) and look up the viper
        move loop, so that the search's steps allocate nothing."""
        if self.viper is None:
            self._viper()

    def material(self, c):
        """A count of what c has won so far that a single move can change (Go: prisoners),
        for the search's one-move tactics at the root; games whose tuning turns the tactics
        off need not define it."""
        return 0

    def quiet(self, p):
        """True only if p is legal for the mover and a stone there, of either colour, would
        change material() by nothing: the root's tactics then skip playing it out. False is
        always safe (the default: every candidate is played out)."""
        return False

    def quick_winner(self):
        """result().winner for a game as it stands, as BLACK, WHITE or 0 (a draw, or no result),
        without allocating. The search calls it after every playout; games override this."""
        return self.result().winner or 0

    def playout_winner(self, start):
        """The winner of a playout that began at move start (the moves before it are the game's
        and the tree's), without allocating. The default is quick_winner; Go under territory
        counting does not charge the playout's own moves to its players."""
        return self.quick_winner()

    def settled_winner(self, seed):
        """The winner of a game that has just ended in the search's tree (not in a playout),
        scored as the players would agree; Go first settles which stones are dead with a
        playout from seed. The default is quick_winner. May change the game (a scratch)."""
        return self.quick_winner()

    def candidates(self, moves, priors):
        """Write the placements worth trying for to_move into moves[0:n] with a prior for each
        into priors[0:n] (0-255, 128 neutral, higher for better); return n. moves is a word
        array and priors a byte array, as the search holds them (compat.zeros, octets).
        Candidates need not be legal (the search plays them with _push, which refuses illegal
        ones) but every legal move worth playing must be among them. This default offers every
        empty point alike."""
        empty = self.empty
        n = self.n_empty
        for i in range(n):
            moves[i] = empty[i]
            priors[i] = 128
        return n

    def root_priors(self, moves, priors, n):
        """Revise the priors of the root's candidates moves/priors[0:n] (candidates' output)
        with knowledge too costly for every node (a learned policy); once a search, at
        the root only, or with the knowledge bit node_learned at every node the tree grows (a
        host fast enough for it: a Raspberry Pi). This default blends in the game's learned
        policy where the game has one and its knowledge has the learned bit (engine/policy.py)."""
        if self.policy and self.knowledge & self.learned and n > 1:
            if self._policy is None:  # the game's first pass: an import then, none after
                from stones.engine import policy

                Game._revise = policy.revise
            self._revise(moves, priors, n)

    # -- what play never calls (stones.engine.seldom) -----------------------------------------
    # The end of the game (the count, dead stones), records, set-ups, the tests' and host tools'
    # checks and the protocol's abstract stubs (_run, _pop, score, count_result) live in the
    # seldom modules, which keep their defs off a Pico's heap until asked for: a game class
    # names its own first, then its base's: a name the game and its class lack (only then does
    # Python ask) is looked for there, and put on the class at its first use.
    seldom = ("stones.engine.seldom",)

    __getattr__ = seldom_method  # (grid.py)

