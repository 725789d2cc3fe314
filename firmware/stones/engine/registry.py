"""The games this device plays, and how to make one without importing the others.

Adding a game is adding a module and an entry here; the menu, GTP and records read this list.
Only the game that is played is imported (a Pico has room for one engine at a time, comfortably).
"""

# key, title, module, class name
GAMES = (
    ("go", "Go", "stones.engine.go", "Go"),
    ("loose", "Loose", "stones.engine.loose", "Loose"),
    ("loupe", "Loupe", "stones.engine.loupe", "Loupe"),
    ("offshore", "OffShore", "stones.engine.offshore", "OffShore"),
)


def keys():
    return [entry[0] for entry in GAMES]


def game_class(key):
    for entry in GAMES:
        if entry[0] == key:
            module = __import__(entry[2], None, None, (entry[3],))
            return getattr(module, entry[3])
    from stones.engine.game import GameError  # here, so listing the games imports no engine

    raise GameError("no game called %r" % key)


def modules_for(key):
    """The engine modules a game of `key` needs beyond the shared ones (its own and its
    grid's); None: no game."""
    for entry in GAMES:
        if entry[0] == key:
            grid = "square" if key in ("go", "loose") else "hexgrid"
            return (entry[2], "stones.engine." + grid)
    return ()


def unneeded_modules(key):
    """Engine modules that may be dropped while only a game of `key` (or none) is in memory."""
    keep = modules_for(key)
    names = [entry[2] for entry in GAMES] + ["stones.engine.square", "stones.engine.hexgrid",
                                             "stones.engine.records", "stones.engine.sgf"]
    return [name for name in names if name not in keep]


def new_game(key, size=None, **settings):
    return game_class(key)(size, **settings)
