"""The games this device plays, and how to make one without importing the others.

Adding a game is adding a module and an entry here; the menu, GTP and records read this list.
Only the game that is played is imported (a Pico has room for one engine at a time, comfortably).
"""

from stones.engine.game import GameError

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
    raise GameError("no game called %r" % key)


def new_game(key, size=None, **settings):
    return game_class(key)(size, **settings)
