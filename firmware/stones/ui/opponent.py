"""The computer player as the screens use it: who plays a colour, and thinking in slices.

The app holds one engine.search.Search, made when a device player first thinks and dropped with
the game, which keeps its tree from one move to the next (search.py's keep); the game screen calls
think() once per tick, so buttons and the display keep going while the device thinks (MENU forces
its move). Levels are the search's Pico budgets, plus the Raspberry Pi's where the app runs on
CPython.
"""

from stones.compat import MICROPYTHON, const

_SLICE = const(1) if MICROPYTHON else const(4)  # playouts a tick: a Pico playout is 10-60 ms


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


class Thinking:
    """One search in progress: for a device move, or for a hint."""

    def __init__(self, app, game, level, hint=False):
        from stones.engine.search import Search, budget

        search = getattr(app, "search", None)
        if search is None:
            search = app.search = Search()  # its node count suits the runtime (search.py)
        self.search = search
        self.game = game
        self.hint = hint
        seed = (game.count * 7919 + app.clock.ticks_ms()) & 0x3FFFFFFF or 1
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
