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
    time 300                 say; the game and option lines say what SGF's RU and KM do (a
    overtime 3x30 byo-yomi   result W+R or B+R: the game ends in that resignation, read back;
    result W+T               W+T or B+T: in that loss on time); on a clock (engine/clock.py),
                             its main time in seconds and its overtime, SGF's TM and OT
    end                      the last line: a record without it was cut short

Lines starting with '#' are comments. Reading a record checks every line (each said once, the
last one end, the size and every setting one the game takes) and replays the moves through the
rules, so a record that breaks them is refused with the line, the move and the reason, and a
record cut short is refused, never read as a shorter game. Only saves and exports need this
module; the device imports it when it saves, and to replay a record, not to play.

decode_text is the one text decoder of every reader of a record file (the device, the records
tool, GTP's loadsgf, the web page), on CPython and on MicroPython alike, so they accept and
refuse the same files: UTF-8, or ISO-8859-1 where an SGF record says so in its CA property (or
gives none and is not UTF-8: SGF's default character set); any other character set is refused
by name.
"""

from stones.engine.game import BLACK, WHITE, GameError
from stones.engine.registry import game_class

FACTS = ("black", "white", "date", "time", "overtime", "result")  # about the game, not its rules
END = "end"  # a record's last line
LATIN_1 = ("iso-8859-1", "iso8859-1", "latin-1", "latin1", "l1", "iso_8859-1")  # CA's names
UTF_8 = ("utf-8", "utf8")


def write_record(game, write, facts=None):
    """The game as record text, handed to write() a small piece at a time: a device writes a
    long game straight to its file without building it in a (fragmented) heap. facts is what
    the game cannot know of itself, {"black": "Human", "white": "Device 3", "date": ...}."""
    write("game %s\nsize %d\n" % (game.key, game.size))
    for option in game.options:
        write("%s %s\n" % (option.key, game.settings[option.key]))
    facts = facts or {}
    for key in FACTS[:-1]:  # (the result is the game's own)
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
    write(END + "\n")


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
    """The game a record describes, with its moves played; GameError naming what is wrong if
    the record is bad: a line given twice, a record cut short (no end line), a size or a
    setting the game does not take, a move the rules refuse, a position that does not hold."""
    fields = {}
    order = []
    ended = False
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if ended:
            raise GameError("record line %r after its end" % line[:20])
        if line == END:
            ended = True
            continue
        key, _, value = line.partition(" ")
        if key in fields:
            raise GameError("record line %r given twice" % key[:20])
        fields[key] = value.strip()
        order.append(key)
    if "game" not in fields:
        raise GameError("record names no game")
    if not ended:
        raise GameError("record cut short: no end line")
    cls = game_class(fields["game"])
    settings = {}
    for option in cls.options:
        if option.key in fields:
            settings[option.key] = fields[option.key]
    size = fields.get("size", str(cls.default_size))
    if not size.isdigit() or len(size) > 3:
        raise GameError("bad board size %r in record" % size[:20])
    game = cls(int(size), **settings)
    if fields.get("setup"):
        stones = []
        for word in fields["setup"].split():
            colour, _, name = word.partition(":")
            if colour not in ("B", "W"):
                raise GameError("bad set-up stone %r" % word[:20])
            stones.append((BLACK if colour == "B" else WHITE, parse_move(game, name)))
        game.set_position(stones, game.first)  # the settings' first mover (a handicap: White)
    number = 0
    for word in fields.get("moves", "").split():
        number += 1
        colour, _, move = word.partition(":")
        if colour not in ("B", "W") or not move:
            raise GameError("bad move %r in record" % word[:20])
        try:
            game.play_as(BLACK if colour == "B" else WHITE, parse_move(game, move))
        except GameError as error:
            raise GameError("move %d (%s): %s" % (number, word[:20], error))
    loser, on_time = resigner(fields.get("result", ""))
    if loser and not game.over:  # a resignation is no move: the result line says it
        game.resign(loser, on_time)
    known = ["game", "size", "setup", "moves"] + [option.key for option in cls.options]
    known += FACTS  # said for the reader; the game's own replay is what counts
    for key in order:
        if key not in known and not game._load_extra(key, fields[key].split()):
            raise GameError("unknown record line %r" % key[:20])
    return game.check()


def resigner(result):
    """(the colour that gave up, on time) where a result (RE's, a record's result line) says
    the other won by resignation (B+R, W+Resign) or on time (B+T, W+Time), else (0, False):
    neither is a move, so a reader ends the game so after its moves (Game.resign)."""
    result = result.strip().upper()
    if len(result) > 2 and result[0] in "BW" and result[1:3] in ("+R", "+T"):
        return WHITE if result[0] == "B" else BLACK, result[2] == "T"
    return 0, False


def decode_text(data, cut=False):
    """The text of a record file's bytes (see the reading guide): UTF-8, or ISO-8859-1 where an
    SGF record's CA property names it, or names none and the bytes are not UTF-8. GameError
    naming the character set, or the first byte that is not UTF-8. cut: data is the first
    bytes of a longer file (a list's glimpse), whose last character may be cut in two: its
    bytes are left out."""
    data = bytes(data)
    charset = _charset(data)
    if charset is None or charset in UTF_8:
        if cut:
            data = data[:_whole(data)]
        try:
            return str(data, "utf-8")
        except UnicodeError:  # (MicroPython has no UnicodeDecodeError: UnicodeError is both's)
            if charset is not None:
                raise GameError("CA[%s] but not UTF-8: byte %d" % (charset, _first_bad(data)))
            if not data.lstrip()[:1] == b"(":  # SGF's default is ISO-8859-1; the rest UTF-8
                raise GameError("not UTF-8 text: byte %d" % _first_bad(data))
    elif charset not in LATIN_1:
        raise GameError("SGF character set CA[%s] is not read here (UTF-8, ISO-8859-1)"
                        % charset[:20])
    return _latin_1(data)


def _charset(data):
    """The character set an SGF record's root node names in CA, lower case, or None (no CA, or
    no SGF): the root's properties are read up to its first node or tree mark."""
    start = data.find(b"(;")
    if start < 0 or data[:start].strip():
        return None
    i = start + 2
    n = len(data)
    ident = b""
    while i < n:
        c = data[i]
        if 65 <= c <= 90:  # A-Z: a property's name
            j = i
            while i < n and 65 <= data[i] <= 90:
                i += 1
            ident = data[j:i]
            continue
        if c == 91:  # '[': a value, to its ']' (a backslash takes the next byte)
            j = i + 1
            i = j
            while i < n and data[i] != 93:
                i += 2 if data[i] == 92 else 1
            if ident == b"CA":
                value = data[j:i]
                return str(value, "utf-8").strip().lower() if _plain(value) else "?"
        elif c in b";()":
            return None
        i += 1
    return None


def _plain(value):
    """Whether a CA value is a character set's name as written: ASCII letters, digits, - _."""
    for c in value.strip():
        if not (48 <= c <= 57 or 65 <= c <= 90 or 97 <= c <= 122 or c in b"-_."):
            return False
    return True


def _whole(data):
    """The length of data without a UTF-8 character cut off at its end."""
    n = len(data)
    for back in (1, 2, 3):
        if n < back:
            break
        c = data[n - back]
        if c < 0x80:
            return n
        if c >= 0xC0:  # a lead byte: whole if its sequence fits
            need = 2 if c < 0xE0 else 3 if c < 0xF0 else 4
            return n if back >= need else n - back
    return n


def _first_bad(data):
    """The offset of the first byte where data stops being UTF-8 (for the refusal's words)."""
    lo, hi = 0, len(data)  # data[:lo] decodes; data[:hi] does not
    while hi - lo > 4:
        mid = (lo + hi) // 2
        try:
            str(data[:_whole(data[:mid])], "utf-8")
            lo = mid
        except UnicodeError:
            hi = mid
    return lo


def _latin_1(data):
    """ISO-8859-1 bytes as text: each byte the code point of its value. MicroPython has no
    Latin-1 codec (its decode reads UTF-8 whatever it is told), so the bytes above 0x7F become
    their two-byte UTF-8 sequences and the whole is decoded once."""
    out = bytearray()
    for c in data:
        if c < 0x80:
            out.append(c)
        else:
            out.append(0xC0 | c >> 6)
            out.append(0x80 | c & 0x3F)
    return str(out, "utf-8")


read_record = load_record  # the name every record module has (the device's Records screen)
