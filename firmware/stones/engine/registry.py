"""The games this device plays, and how to make one without importing the others.

Adding a game is adding a package (stones.engine.<key>: its rules, its viper twin) and an entry
here; the menu, GTP and records read this list.
Only the game that is played is imported (a Pico has room for one engine at a time, comfortably).
"""

# key, title, module, class name, grid module (the board shape the game is played on)
GAMES = (
    ("go", "Go", "stones.engine.go.rules", "Go", "stones.engine.square"),
    ("loose", "Loose", "stones.engine.loose.rules", "Loose", "stones.engine.square"),
    ("loupe", "Loupe", "stones.engine.loupe.rules", "Loupe", "stones.engine.hexgrid"),
    ("offshore", "OffShore", "stones.engine.offshore.rules", "OffShore", "stones.engine.hexgrid"),
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


# Modules a game loads on its way, which may go even while it is in memory (their names under
# stones.engine): a game's end (its outcome, the record formats) and Go's end-of-game count,
# learnt priors and their tables (its class keeps what it uses of them while in use), and the
# opening books (asked for again by name at each move of the opening).
EXTRAS = ("records", "sgf", "outcome", "go.end", "go.features", "go.prior", "go.patterns", "book",
          "go.book", "loose.book", "loupe.book", "offshore.book")


def unneeded_modules(key, loaded=None):
    """The modules of loaded (default: sys.modules) that may be dropped while only a game of
    `key` (or none) is in memory: every module of another game's package (stones.engine.<its
    key> and all under it; a game of one module outside the engine, as a test's fifth game, is
    that module), the grids no game of `key` is played on, and the EXTRAS."""
    if loaded is None:
        import sys

        loaded = sys.modules
    keep = modules_for(key)
    names = []
    for name in loaded:
        inner = name[14:] if name.startswith("stones.engine.") else ""  # 14: that prefix
        if name not in keep and (inner in EXTRAS or _not_for(key, name, inner)):
            names.append(name)
    return names


def _not_for(key, name, inner):
    """Whether module name (inner: its name under stones.engine) is a grid, or belongs to a
    game other than key's."""
    for entry in GAMES:
        if name == entry[4] or entry[0] != key and (
                name == entry[2] or inner == entry[0] or inner.startswith(entry[0] + ".")):
            return True
    return False


def new_game(key, size=None, **settings):
    return game_class(key)(size, **settings)
