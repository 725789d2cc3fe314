"""The computer player as the screens use it: who plays a colour, and thinking in slices.

The app holds one engine.search.Search (or what the app's searcher factory makes: a Pi's searches
on every core, with the same interface), made when a device player first thinks and dropped with
the game, which keeps its tree from one move to the next (search.py's keep); the game screen calls
think() once per tick, so buttons and the display keep going while the device thinks (MENU forces
its move). Levels are the search's Pico budgets, plus the Raspberry Pi's where the app runs on
CPython.

Pondering: while a human plays a device (and the system screen's Ponder is on), the device
searches the human's position in small slices, one a tick of the game screen (Pondering), up to
its level's budget of work or until its tree is full; its search after the human's move keeps the
subtree of that move. A pondering slice is one playout on a Pico (a thinking tick runs up to
play._THINK_SLICES of them), so a press waits at most that, and a slice longer than PONDER_MS
ends the turn's pondering; it draws nothing, lets the panel dim
and stops while it is dimmed, under a menu, and at the end of the game.
"""

from stones.compat import MICROPYTHON, const

_SLICE = const(1) if MICROPYTHON else const(4)  # playouts a tick: a Pico playout is 10-60 ms
PONDER = const(1) if MICROPYTHON else const(2)  # playouts a pondering tick (tests read it)
# A press waits for the pondering slice it lands in. Where one slice takes longer than this on
# the app's clock (a large board on a Pico), pondering ends for the turn rather than make every
# press wait that long: the device then thinks on its own time only.
PONDER_MS = const(40)


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
    is to move against a device and the Ponder setting is on; 0 otherwise."""
    if game.over or not app.system["ponder"] or device_level(app, game.to_move):
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

    def __init__(self, app, game, level, hint=False):
        from stones.engine.search import budget

        search = self.search = _search(app)
        self.game = game
        self.hint = hint
        seed = _seed(app, game)
        # keep: after the device's move and the player's reply (or a hint, then the move), the
        # search goes on from what its last one found there (search.py's reading guide)
        search.begin(game, budget(game, level, pi=not MICROPYTHON), seed, keep=True)

    def step(self):
        """One slice of thinking; True when done."""
        return self.search.step(_SLICE)

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
        from stones.engine.search import budget

        self.app = app
        self.game = game
        self.left = budget(game, level, pi=not MICROPYTHON)  # the level's work, as a move's
        self.running = False  # begun on the app's search, and not paused since
        self.done = False

    def step(self):
        """One small slice of pondering; True when it is over (the work done, the tree full)."""
        if self.done:
            return True
        app = self.app
        search = _search(app)
        if not self.running:
            # keep: from the device's last search (the subtree of its move), or a hint's; a
            # tick of its own (the device's own search would pay for it all the same)
            search.begin(self.game, self.left, _seed(app, self.game), keep=True)
            self.running = True
            return False
        clock = app.clock
        start = clock.ticks_ms()
        if (search.step(PONDER) or search.full()
                or clock.ticks_diff(clock.ticks_ms(), start) > PONDER_MS):
            self.done = True
        return self.done

    def pause(self):
        """Another search is about to use the tree: count what was done, begin again later."""
        if self.running:
            search = self.app.search
            if search is not None:
                self.left -= search.work
            self.running = False
