"""Saves and records mutated field by field, and read back the way the device reads them: the
cases of the readback tests (tests/device/test_mutated_saves.py on both runtimes, the
hypothesis test on CPython) and of the benchmark (python -m host_tools.bench.readback).
In the Python MicroPython runs, with the engine's own Rng: a seed gives the same files on both.

    samples(seed)        valid files made by play: (kind, name, bytes), kind "game" (a game
                         save's payload, stones.session.encode_game), "settings" (their JSON) or
                         "record" (a finished game's record file, SGF or the record format)
    mutate(kind, data, rng)   one mutation of one field (MUTATIONS[kind]: each names its field)
    read_back(kind, data, key)   what the device makes of it (key: the game a record's file
                         name gives, which picks its reader): ("refused", the reason it is
                         told) or ("resumed", a summary); anything else (a traceback) is raised
    bounded(function, *args, lines=LINES)   function(*args), Hung once it has run that many
                         lines (CPython's sys.settrace): a bound on work, not on a clock
"""

from stones.engine.game import split_word, stone_word
from stones.engine.rng import Rng
from stones.platforms.fakes import FakeFS
from stones.session import GAME_LOST, SETTINGS_LOST, Session, encode_game
from stones.storage import ASIDE, Store

KEYS = ("go", "loose", "loupe", "offshore")
LINES = 3000000  # lines a read may run: a hundred times the longest valid sample's read
REFUSED = "refused"
RESUMED = "resumed"


def play(key, rng, moves):
    """A game of key played at random for up to moves moves (an occasional pass)."""
    from stones.engine.registry import new_game

    game = new_game(key)
    while not game.over and game.count < moves:
        legal = game.legal_moves()
        if not legal or rng.below(30) == 0:
            if not game.can_pass():
                break
            game.play(0)
        else:
            game.play(legal[rng.below(len(legal))])
    return game


def finish(game):
    """The game brought to its end by two passes, where its rules let it (Loupe mid-turn: one
    more stone first)."""
    for _ in range(4):
        if game.over:
            break
        if not game.can_pass():
            legal = game.legal_moves()
            if not legal:
                break
            game.play(legal[0])
        else:
            game.play(0)
    return game


def record_bytes(game):
    from stones.recordfiles import record_facts, write_record_file

    pieces = []
    write_record_file(game, pieces.append, record_facts({"1": "human", "2": "device:2"}))
    return "".join(pieces).encode()


def samples(seed, moves=30):
    """Valid files of every kind, made by play from seed."""
    rng = Rng(seed)
    out = []
    for key in KEYS:
        game = play(key, rng, moves)
        out.append(("game", key, encode_game(game, {"1": "human", "2": "device:2"})))
        out.append(("record", key, record_bytes(finish(game))))
    out.append(("settings", "settings", b'{"system": {"contrast": 2, "sound": true, '
                b'"ponder": false, "sleep": 1}, "go": {"size": 9, "komi": "6.5", '
                b'"scoring": "area", "handicap": "0", "black": "Human", "white": "Device 2"}}'))
    return out


# -- mutations: each changes one field of a file (or cuts it), as a bug or a damaged file would

def _word(data, rng):
    """A game save's body word to change: (offset, word), or None for a save with no word."""
    start = data.find(b"\n") + 1
    n = (len(data) - start) // 2
    if n < 1:
        return None
    i = start + 2 * rng.below(n)
    return i, data[i] | data[i + 1] << 8


def _put_word(data, i, word):
    data[i] = word & 0xFF
    data[i + 1] = word >> 8 & 0xFF


def colour(data, rng):
    """A stone word's colour (0 or 3 too: neither player's)."""
    found = _word(data, rng)
    if found:
        i, word = found
        _put_word(data, i, stone_word(rng.below(4), split_word(word)[1]))


def point(data, rng):
    """A stone word's point: any its 9 bits can say, off the board too."""
    found = _word(data, rng)
    if found:
        i, word = found
        _put_word(data, i, stone_word(split_word(word)[0], rng.below(512)))


def word(data, rng):
    """A whole word (the set-up count too), any 16 bits."""
    found = _word(data, rng)
    if found:
        _put_word(data, found[0], rng.below(65536))


def header(data, rng):
    """A field of the game save's header line: its game, size, settings or players."""
    end = data.find(b"\n")
    fields = bytes(data[:end]).split(b" ")
    choices = (b"chess", b"go", b"loose", b"0", b"10", b"999999", b"-", b"komi=3", b"komi=",
               b"handicap=9", b"x=y", b"1:human", b"3:human", b"1:device:99", b"2:device:x",
               b"1:human,1:human", b"\xff\xfe", b"")
    if len(fields) > 1:
        fields[1 + rng.below(len(fields) - 1)] = choices[rng.below(len(choices))]
    data[:end] = b" ".join(fields)


def cut(data, rng):
    """The file cut short at any byte (the tail lost)."""
    data[rng.below(len(data) + 1):] = b""


def flip(data, rng):
    """One bit of any byte."""
    if data:
        data[rng.below(len(data))] ^= 1 << rng.below(8)


def line(data, rng):
    """A record line (or SGF node) dropped or given twice."""
    sep = b";" if data[:1] == b"(" else b"\n"
    parts = bytes(data).split(sep)
    i = rng.below(len(parts))
    if rng.below(2):
        del parts[i]
    else:
        parts.insert(i, parts[i])
    data[:] = sep.join(parts)


def value(data, rng):
    """A field's value replaced: an SGF property's, a record line's, a settings entry's, with a
    value of the wrong kind, out of range, deeply nested or in another character set."""
    choices = (b"0", b"-1", b"99", b"1e9", b"Z99", b"tt", b"", b"zz", b"[]", b"{}", b"null",
               b"true", b'"x"', b"\xe9", b"GB2312", b"ISO-8859-1", b"[" * 2000 + b"]" * 2000,
               b"{" * 40, b"B:A1", b"W:pass", b'{"a": {"b": {"c": 1}}}')
    text = bytes(data)
    marks = [i for i in range(len(text)) if text[i] in b"[: "]
    if not marks:
        return
    i = marks[rng.below(len(marks))] + 1
    j = i
    while j < len(text) and text[j] not in b"],} \n":
        j += 1
    data[i:j] = choices[rng.below(len(choices))]


MUTATIONS = {
    "game": (colour, point, word, header, cut, flip),
    "record": (cut, flip, line, value),
    "settings": (cut, flip, value, line),
}


def mutate(kind, data, rng):
    """data with one mutation of kind's (chosen by rng) made: (its name, the new bytes)."""
    data = bytearray(data)
    mutations = MUTATIONS[kind]
    how = mutations[rng.below(len(mutations))]
    how(data, rng)
    return how.__name__, bytes(data)


# -- reading back ----------------------------------------------------------------------------------

def read_back(kind, data, key="go"):
    """What the device makes of data as a file of kind: (REFUSED, what the player is told) or
    (RESUMED, a summary of what it read, a position that holds). A refusal must say what it
    refuses; anything that is neither (a traceback, a position that does not hold) raises."""
    if kind == "record":
        return _record(data, key)
    fs = FakeFS()
    session = Session(Store(fs))
    session.store.save(kind, data)  # a good checksum: the contents alone are wrong
    if kind == "settings":
        settings = session.load_settings()
        if session.notice:
            _refused(fs, session.notice, SETTINGS_LOST, kind)
            return REFUSED, session.notice
        return RESUMED, "%d tables" % len(settings)
    game, _ = session.load_game()
    if game is None:
        _refused(fs, session.notice, GAME_LOST, kind)
        return REFUSED, session.notice
    return RESUMED, _held(game)


def _refused(fs, notice, lost, name):
    if not notice.startswith(lost) or len(notice) <= len(lost) + 2:
        raise AssertionError("refused without its reason: %r" % notice)
    if ASIDE + "/" + name + ".0" not in fs.files:
        raise AssertionError("refused %s not set aside" % name)


def _record(data, key):
    """A record read back as the device's Records screen reads one: by the module its game
    names (Game.records), its text by the one decoder."""
    from stones.engine.game import GameError
    from stones.engine.records import decode_text
    from stones.engine.registry import game_class

    module = __import__(game_class(key).records, None, None, ("read_record",))
    try:
        game = module.read_record(decode_text(data))
    except GameError as error:
        if not str(error):
            raise AssertionError("a record refused without a reason") from None
        return REFUSED, str(error)
    return RESUMED, _held(game)


def _held(game):
    problem = game.broken()
    if problem:
        raise AssertionError("resumed a position that does not hold: " + problem)
    return "%s %d moves" % (game.key, game.count)


def cases(seed, count):
    """count mutated files from seed's samples: (kind, sample name, mutation, bytes)."""
    rng = Rng(seed)
    files = samples(seed)
    for _ in range(count):
        kind, name, data = files[rng.below(len(files))]
        how, mutated = mutate(kind, data, rng)
        yield kind, name, how, mutated


class Hung(AssertionError):
    """A read that ran past its bound of lines: an engine loop that does not end."""


def bounded(function, *args, lines=LINES):
    """function(*args), raising Hung once it has run more than lines lines of Python (counted
    by sys.settrace, so CPython only): whether a read ends does not hang on the machine's
    speed or load."""
    import sys

    left = [lines]

    def line(frame, event, arg):
        left[0] -= 1
        if left[0] < 0:
            raise Hung("more than %d lines" % lines)
        return line

    saved = sys.gettrace()
    sys.settrace(line)
    try:
        return function(*args)
    finally:
        sys.settrace(saved)
