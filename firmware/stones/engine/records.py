"""A game as text and back: the record format saves, finished-game files and tests share.

    game go
    size 9
    komi 5.5                 one line per option of the game
    setup B:D5 W:E5          stones placed without rules before move 1 (GTP set_position)
    moves B:C3 W:G7 B:pass   every move with its colour: a move may be out of turn (GTP)
    dead G7                  game lines of its own (Go: the groups marked dead)
    black Human              who played (Human, or Device N: the computer player's level),
    white Device 3           when (the date, if the device's clock is set) and how it ended
    date 2026-11-27          (the result, once the game is over): what SGF's PB, PW, DT and RE
    result W+4               say; the game and option lines say what SGF's RU and KM do

Lines starting with '#' are comments. Reading a record replays it through the rules, so a
record that breaks them is refused with the move and the reason. Only saves and exports need
this module; the device imports it when it saves, and to replay a record, not to play.
"""

from stones.engine.game import BLACK, WHITE, GameError
from stones.engine.registry import game_class

FACTS = ("black", "white", "date", "result")  # lines about the game, not of its rules


def write_record(game, write, facts=None):
    """The game as record text, handed to write() a small piece at a time: a device writes a
    long game straight to its file without building it in a (fragmented) heap. facts is what
    the game cannot know of itself, {"black": "Human", "white": "Device 3", "date": ...}."""
    write("game %s\nsize %d\n" % (game.key, game.size))
    for option in game.options:
        write("%s %s\n" % (option.key, game.settings[option.key]))
    facts = facts or {}
    for key in FACTS[:3]:
        if facts.get(key):
            write("%s %s\n" % (key, facts[key]))
    if game.over:
        write("result %s\n" % game.result().gtp())
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
    known += FACTS  # said for the reader; the game's own replay is what counts
    for key in order:
        if key not in known and not game._load_extra(key, fields[key].split()):
            raise GameError("unknown record line %r" % key)
    return game


read_record = load_record  # the name every record module has (the device's Records screen)
