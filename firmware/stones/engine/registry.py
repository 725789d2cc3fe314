"""The games this device plays, and how to make one without importing the others.

Adding a game is adding a module and an entry here; the menu, GTP and the records read this list.
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


def load_record(text):
    """The game a record describes, with its moves played; GameError if the record is bad."""
    fields = {}
    order = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        fields[key] = value.strip()
        order.append(key)
    if "game" not in fields:
        raise GameError("record names no game")
    cls = game_class(fields["game"])
    settings = {}
    for option in cls.options:
        if option.key in fields:
            settings[option.key] = fields[option.key]
    try:
        size = int(fields.get("size", cls.default_size))
    except ValueError:
        raise GameError("bad board size in record")
    game = cls(size, **settings)
    if fields.get("setup"):
        stones = []
        for word in fields["setup"].split():
            colour, _, name = word.partition(":")
            if colour not in ("B", "W"):
                raise GameError("bad set-up stone %r" % word)
            stones.append((1 if colour == "B" else 2, game.parse_move(name)))
        game.set_position(stones)
    game.load_moves(fields.get("moves", "").split())
    known = ["game", "size", "setup", "moves"] + [option.key for option in cls.options]
    for key in order:
        if key not in known and not game._load_extra(key, fields[key].split()):
            raise GameError("unknown record line %r" % key)
    return game
