"""The games this device plays, and how to make one without importing the others.

Adding a game is adding a module and an entry here; the menu, GTP and records read this list.
Only the game that is played is imported (a Pico has room for one engine at a time, comfortably).
"""

# key, title, module, class name, grid module (the board shape the game is played on)
GAMES = (
    ("go", "Go", "stones.engine.go", "Go", "stones.engine.square"),
    ("loose", "Loose", "stones.engine.loose", "Loose", "stones.engine.square"),
    ("loupe", "Loupe", "stones.engine.loupe", "Loupe", "stones.engine.hexgrid"),
    ("offshore", "OffShore", "stones.engine.offshore", "OffShore", "stones.engine.hexgrid"),
)


def _entry(key):
    for entry in GAMES:
        if entry[0] == key:
            return entry
    return None


def keys():
    return [entry[0] for entry in GAMES]


def title(key):
    return _entry(key)[1]


def game_class(key):
    entry = _entry(key)
    if entry is None:
        from stones.engine.game import GameError  # here, so listing the games imports no engine

        raise GameError("no game called %r" % key)
    module = __import__(entry[2], None, None, (entry[3],))
    return getattr(module, entry[3])


def modules_for(key):
    """The engine modules a game of `key` needs beyond the shared ones (its own and its
    grid's); () for no game."""
    entry = _entry(key)
    return (entry[2], entry[4]) if entry else ()


def unneeded_modules(key):
    """Engine modules that may be dropped while only a game of `key` (or none) is in memory."""
    keep = modules_for(key)
    names = []
    for name in [entry[2] for entry in GAMES] + [entry[4] for entry in GAMES] + [
            "stones.engine.records", "stones.engine.sgf", "stones.engine.outcome",
            "stones.engine.gopat", "stones.engine.goprior", "stones.engine.gofeatures",
            "stones.engine.goend"]:  # Go's pattern and prior tables and learnt priors (its
        # class keeps them while in use), end-of-game counting
        if name not in keep and name not in names:
            names.append(name)
    return names


def new_game(key, size=None, **settings):
    return game_class(key)(size, **settings)
