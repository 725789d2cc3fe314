"""The computer player as the screens use it: who plays a colour, and thinking in slices.

The app holds one engine.search.Search (or what the app's searcher factory makes: a Pi's searches
on every core, with the same interface), made when a device player first thinks and dropped with
the game, which keeps its tree from one move to the next (search.py's keep); the game screen calls
think() once per tick, so buttons and the display keep going while the device thinks (MENU forces
its move). Levels are the search's Pico budgets, plus the Raspberry Pi's where the app runs on
CPython.

Pondering: while a human plays a device (and the system screen's Ponder is on), the device searches
the human's position, up to PONDER_WORK of its level's moves of work (search.py) or until its tree
is full; its search after the human's move keeps the subtree of that move. The search is begun in
the tick of the device's move (its cost is the move's, not a press's: ui/play.py), then pondered in
pieces (Search.ponder: the walk down the tree, or PONDER_MOVES moves of a random playout) for up to
PONDER_SLICE_MS a tick (PONDER_PIECES at most); the buttons are sampled between pieces, and a
button that moved ends the slice, so a press waits for one piece at most, on every board; none
while a press settles (its frame comes first), and the app's loop does not rest while there is
pondering to do (App.pause_ms). One expansion is timed as the pondering begins: where it takes
longer than PONDER_GROW_MS the pondering grows no nodes (Loupe on a Pico), and where it takes
longer than PONDER_MS there is no pondering that turn (19x19 on a Pico, where the end of one
playout, its last moves and its count, is as slow); a piece longer than PONDER_MS also ends the
turn's pondering. It draws nothing, lets the panel dim and stops while it is dimmed, under a menu,
and at the end of the game.
"""

from stones.compat import MICROPYTHON, const

_SLICE = const(1) if MICROPYTHON else const(4)  # playouts a tick: one where a playout is slow
PONDER_MOVES = const(8)  # moves of a playout a pondering piece (Search.ponder)
# A press waits for the pondering slice it lands in: pieces until this much time has passed,
# and at most PONDER_PIECES of them (a clock that stands still within a tick: the simulator's).
PONDER_SLICE_MS = const(8)
PONDER_PIECES = const(32)
# Where one piece, or one expansion timed as the pondering begins, takes longer than this on the
# app's clock, pondering ends for the turn rather than make presses wait that long: the device
# then thinks on its own time only.
PONDER_MS = const(40)
# Where expanding a node (the candidates of a position, timed once as the pondering begins) takes
# longer than this, the pondering's playouts expand nothing: they only add to the counts of the
# tree the device's own search left (a large board on a Pico).
PONDER_GROW_MS = const(16)
# A Pico's device move ends by this much time on the app's clock, whatever its level's budget:
# its playouts go in pieces (Search.ponder: the same playouts, the same tree), and before a piece
# that would end past it (judged by the longest piece so far) the best move found is played. The
# levels' budgets keep most moves well under it; a slow position's move stops here. Under the
# 2 s a move may take: before the thinking, the player's stone and its save; after, the last
# piece's overrun and the device's stone, its save and its drawing (as the last move's took).
MOVE_MS = const(1700)
MOVE_PIECE = const(48)  # moves of a playout a piece of a Pico's device move


def level_count(key):
    """How many device levels game key offers here (its class holds them: importing it is no
    waste, the game is about to be played)."""
    from stones.engine.registry import game_class
    from stones.engine.search import levels

    return len(levels(game_class(key), pi=not MICROPYTHON))


def device_level(app, colour):
    """The level of the device playing colour, or 0 for a human."""
    who = app.players.get(str(colour), "human")
    if who.startswith("device:"):
        return int(who[7:])
    return 0


def ponder_level(app, game):
    """The level of the device that would ponder game's position: the opponent's, when a human
    is to move against a device and the Ponder setting is on; 0 otherwise, and 0 on a board
    where a pondering found one expansion too slow to ponder at all (its grid, the app's
    slow_grid: 19x19 on a Pico), so that no later move pays for finding it out again."""
    if game.over or not app.system["ponder"] or device_level(app, game.to_move):
        return 0
    if getattr(app, "slow_grid", None) is game.grid:
        return 0
    return device_level(app, 3 - game.to_move)


def _search(app):
    """The app's search, made by its searcher factory (default: Search) when first needed."""
    search = getattr(app, "search", None)
    if search is None:
        make = getattr(app, "searcher", None)
        if make is None:
            from stones.engine.search import Search

            make = Search  # its node count suits the runtime (search.py)
        search = app.search = make()
    return search


def _seed(app, game):
    return (game.count * 7919 + app.clock.ticks_ms()) & 0x3FFFFFFF or 1


class Thinking:
    """One search in progress: for a device move, or for a hint."""

    played = False  # its move is for the game screen to play (a Remote's is played already)
    busy = None  # what A or B say meanwhile: ui/play.py's BUSY
    doing = "thinks"  # what the game screen's panel says under the mover's name

    def __init__(self, app, game, level, hint=False):
        from stones.engine.search import budget

        self.clock = clock = app.clock
        self.start = clock.ticks_ms()
        # 0: the budget alone ends it; on a Pico, MOVE_MS less what the last device move took
        # after its search (ui/play.py's move_tail), but at least half of it
        tail = getattr(app, "move_tail", 0)
        self.limit = max(MOVE_MS - tail, MOVE_MS // 2) if app.platform == "pico" else 0
        self.piece = 0  # the longest piece so far, in ms
        search = self.search = _search(app)
        self.game = game
        self.hint = hint
        seed = _seed(app, game)
        # keep: after the device's move and the player's reply (or a hint, then the move), the
        # search goes on from what its last one found there (search.py's reading guide)
        search.begin(game, budget(game, level, pi=not MICROPYTHON), seed, keep=True)

    def step(self):
        """One slice of thinking; True when done: the search's budget spent, or on a Pico the
        move's time (MOVE_MS) too short for another piece like the longest so far. A Pico's
        slice is one playout in pieces, the time looked at between them."""
        search = self.search
        if not self.limit:
            return search.step(_SLICE)
        clock = self.clock
        playouts = search.playouts
        now = clock.ticks_ms()
        while True:
            if search.ponder(MOVE_PIECE):
                return True
            then = now
            now = clock.ticks_ms()
            piece = clock.ticks_diff(now, then)
            if piece > self.piece:
                self.piece = piece
            if clock.ticks_diff(now, self.start) + self.piece > self.limit:
                search.stop()
                return True
            if search.playouts != playouts:
                return False  # a playout counted: the slice ends (the buttons, the panel)

    def progress(self):
        return self.search.progress()

    def force(self):
        self.search.stop()

    def move(self):
        return self.search.best_move()


class Pondering:
    """The device searching the human's position while the human thinks (see above). Made when
    the human's turn starts; step() once a tick. Another search on the app's tree (a hint)
    pauses it: its next step begins again from that search's tree, for the work still left."""

    def __init__(self, app, game, level):
        from stones.engine.search import PONDER_WORK, budget

        self.app = app
        self.game = game
        self.left = PONDER_WORK * budget(game, level, pi=not MICROPYTHON)  # a few moves' work
        self.running = False  # begun on the app's search, and not paused since
        self.done = False
        self.grow = True  # whether its playouts expand nodes (see step)

    def step(self):
        """One short slice of pondering; True when it is over (the work done, the tree full).
        The first (and the first after a hint) begins the search, in a tick of its own."""
        if self.done:
            return True
        clock = self.app.clock
        if not self.running:
            # keep: from the device's last search (the subtree of its move), or a hint's
            search = _search(self.app)
            search.begin(self.game, self.left, _seed(self.app, self.game), keep=True)
            self.running = True
            before = clock.ticks_ms()
            search.probe()  # what one expansion costs on this board and runtime
            took = clock.ticks_diff(clock.ticks_ms(), before)
            self.grow = took <= PONDER_GROW_MS
            self.done = took > PONDER_MS  # its playouts' pieces would be as slow (19x19, Pico)
            if self.done:
                self.app.slow_grid = self.game.grid  # (ponder_level: not on this board again)
            return self.done
        search = self.app.search
        buttons = self.app.buttons
        start = clock.ticks_ms()
        for _ in range(PONDER_PIECES):
            before = clock.ticks_ms()
            over = search.ponder(PONDER_MOVES, self.grow) or search.full()
            now = clock.ticks_ms()
            if over or clock.ticks_diff(now, before) > PONDER_MS:
                self.done = True
                break
            if clock.ticks_diff(now, start) >= PONDER_SLICE_MS or buttons.stirred():
                break
        return self.done

    def working(self):
        """Whether the next steps have pondering to do (the app's loop then does not idle)."""
        return self.running and not self.done

    def pause(self):
        """Another search is about to use the tree: count what was done, begin again later."""
        if self.running:
            search = self.app.search
            if search is not None:
                self.left -= search.work
            self.running = False


def remote_player(app, colour):
    """Whether colour is played on the other device of a link (ui/linked.py)."""
    return app.players.get(str(colour), "").startswith("link:")


class Remote:
    """The other device's player, as the game screen waits for it: like a search that thinks
    until the link (app.link, stones.link.peer) has played that player's move into the game,
    checked there against the rules and the sender's digest; played says it is in the game
    already. Nothing to force (MENU), no progress to show."""

    hint = False
    search = None
    played = True
    busy = "The other player's turn"
    doing = "on link"

    def __init__(self, app, game):
        self.app = app
        self.game = game
        link = app.link
        self.changes = link.changes if link is not None else 0

    def step(self):
        link = self.app.link
        return link is not None and link.changes != self.changes

    def progress(self):
        return 0

    def force(self):
        pass

    def move(self):
        return self.game.last_move() or 0
