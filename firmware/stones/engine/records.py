"""A game as text and back: the record format saves, finished-game files and tests share.

    game go
    size 9
    komi 5.5                 one line per option of the game
    setup B:D5 W:E5          stones placed without rules before move 1 (GTP set_position)
    moves B:C3 W:G7 B:pass   every move with its colour: a move may be out of turn (GTP)
    dead G7                  game lines of its own (Go: the groups marked dead)

Lines starting with '#' are comments. Reading a record replays it through the rules, so a
record that breaks them is refused with the move and the reason. Only saves and exports need
this module; the device imports it when it saves, not to play.
"""

from stones.engine.game import BLACK, WHITE, GameError
from stones.engine.registry import game_class


def write_record(game, write):
    """The game as record text, handed to write() a small piece at a time: a device writes a
    long game straight to its file without building it in a (fragmented) heap."""
    write("game %s\nsize %d\n" % (game.key, game.size))
    for option in game.options:
        write("%s %s\n" % (option.key, game.settings[option.key]))
    if game.setup:
        write("setup")
        for c, p in game.setup:
            write(" %s:%s" % ("BW"[c - 1], game.grid.name(p)))
        write("\n")
    write("moves")
    for i in range(game.count):
        colour, move = game.entry(i)
        write(" %s:%s" % ("BW"[colour - 1], game.name(move)))
    write("\n")
    for line in game._record_extra():
        write(line + "\n")


def record(game):
    """The game as record text."""
    pieces = []
    write_record(game, pieces.append)
    return "".join(pieces)


def parse_move(game, text):
    """A move of game from its name; GameError if there is no such point."""
    try:
        return game.parse(text)
    except ValueError as error:
        raise GameError(str(error))


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
            stones.append((BLACK if colour == "B" else WHITE, parse_move(game, name)))
        game.set_position(stones, game.first)  # the settings' first mover (a handicap: White)
    for word in fields.get("moves", "").split():
        colour, _, move = word.partition(":")
        if colour not in ("B", "W") or not move:
            raise GameError("bad move %r in record" % word)
        game.play_as(BLACK if colour == "B" else WHITE, parse_move(game, move))
    known = ["game", "size", "setup", "moves"] + [option.key for option in cls.options]
    for key in order:
        if key not in known and not game._load_extra(key, fields[key].split()):
            raise GameError("unknown record line %r" % key)
    return game
