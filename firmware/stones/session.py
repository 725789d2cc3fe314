"""What is saved when, on top of stones.storage.

    settings     after every change in the setup and system screens (JSON)
    game         after every move, undo and pass, in a compact binary form (below)
    records/     each finished game: SGF for Go, the record format (stones.engine.records) for
                 the others, saying who played and when; a game given up for a new one is kept
                 there too, unfinished (no result). At most MAX_RECORDS files: the oldest goes
                 only when the player agrees (finish's make_room), never silently. A record is
                 measured before it is written, checked against the free space, and checked
                 after: a record that does not fit is never left empty or cut short, and the
                 game save stays until its record is kept.

A power cut loses at most the move being saved: the game save then holds the move before it,
and the next boot resumes there and says so. A damaged save never crashes the boot: it is
reported and ignored. Finished games are moved out of the game save so the next boot starts at
the menu.

The game save is made after every move, so it is cheap: one header line of text, then the
set-up stones and the moves as 16-bit stone words (Game.move_words: 2 bytes a move), the
whole a few allocations however long the game. Reading it replays the moves through the rules,
so a save that does not replay is refused like a corrupt one.

    b"G1 " key " " size " " k=v,k=v (settings) " " players (colour:who,...) "\n"
    setup count (2 bytes) + one word (colour << 9 | point) per set-up stone
    one word (colour << 9 | move) per move, little-endian, to the end
"""

from stones.compat import const
from stones.storage import NONE, OK, OLDER

MAX_RECORDS = const(20)
RECORDS = "records"
# Room left free beyond a record's own bytes: littlefs writes a file and its folder's entry to
# fresh 4 KB blocks before it lets the old ones go.
_SPARE = const(8192)
_UNSET_YEAR = const(2021)  # the year a clock that was never set reads, or an earlier one


class StorageFull(OSError):
    """The storage has no room for a record (checked before, or found while writing)."""


class Session:
    max_records = MAX_RECORDS  # what the screens show (they do not import this module)

    def __init__(self, store):
        self.store = store
        self.notice = ""  # what the player should be told at the next screen, if anything

    # -- settings -------------------------------------------------------------------------------

    def load_settings(self):
        import json

        status, payload = self.store.load("settings")
        if status == NONE:
            return {}
        try:
            settings = json.loads(payload)
            if not isinstance(settings, dict):
                raise ValueError("not a table")
        except ValueError:
            self.notice = "Settings were damaged: defaults are back."
            return {}
        return settings

    def save_settings(self, settings):
        import json

        self.store.save("settings", json.dumps(settings).encode())

    # -- the game in progress -------------------------------------------------------------------

    def save_game(self, game, players=None):
        self.store.save("game", encode_game(game, players or {}))

    def load_game(self):
        """(game, players) of the game in progress, or (None, None). Sets notice when the
        newest save was damaged (the game resumes a move earlier) or nothing could be read.
        A game that ended (two passes) but was not yet counted and recorded comes back too:
        the app opens its score screen."""
        status, payload = self.store.load("game")
        if status == NONE or not payload:
            return None, None
        try:
            game, players = decode_game(payload)
        except (ValueError, KeyError, TypeError, IndexError):
            # ValueError covers GameError: a save that no longer replays through the rules
            self.notice = "The saved game could not be read and was set aside."
            return None, None
        if status == OLDER:
            self.notice = "The last move was not saved (power loss): resumed a move earlier."
        return game, players

    def clear_game(self):
        self.store.clear("game")

    # -- finished games -------------------------------------------------------------------------

    def records(self):
        """The record files, oldest first ("0007-go.sgf": number, game, ending)."""
        fs = self.store.fs
        try:
            return sorted(n for n in fs.listdir(RECORDS) if n[:1].isdigit())
        except OSError:  # no folder yet
            return []

    def record_text(self, name, limit=-1):
        """A record's text (its first limit bytes, or all of it)."""
        with self.store.fs.open(RECORDS + "/" + name, "rb") as handle:
            return handle.read(limit).decode()

    def delete_record(self, name):
        self.store.fs.remove(RECORDS + "/" + name)

    def finish(self, game, players=None, make_room=False):
        """Keep the game in records/ and forget the game save: a finished game with its result,
        or one given up for a new game, unfinished (its record has no result). Returns the
        record's number, or 0 when MAX_RECORDS are kept (make_room: the oldest go first);
        StorageFull when the record does not fit. Unless a record is kept, nothing is left
        half written and the game save stays."""
        fs = self.store.fs
        fs.mkdir(RECORDS)
        names = self.records()
        number = int(names[-1].split("-")[0]) + 1 if names else 1
        if len(names) >= MAX_RECORDS and not make_room:
            return 0
        facts = record_facts(players or {})
        size = [0]

        def measure(text):
            size[0] += len(text.encode())

        write_record_file(game, measure, facts)
        free = getattr(fs, "free", None)
        free = free() if free else None
        if free is not None and free < size[0] + _SPARE:
            raise StorageFull(28, "%d bytes needed, %d free" % (size[0] + _SPARE, free))
        while len(names) >= MAX_RECORDS:
            fs.remove(RECORDS + "/" + names.pop(0))
        name = "%s/%04d-%s.%s" % (RECORDS, number, game.key, game.record_ending)
        try:
            with fs.open(name, "wb") as handle:
                write_record_file(game, lambda text: handle.write(text.encode()), facts)
            if fs.size(name) != size[0]:
                raise OSError(28, "the record was cut short")
        except OSError as error:
            try:
                fs.remove(name)  # never an empty or partial record
            except OSError:
                pass
            raise StorageFull(28, str(error))
        self.clear_game()
        return number


def encode_game(game, players):
    """The game save: a header line, the set-up stones, the moves (see above)."""
    from array import array

    from stones.engine.game import stone_word

    settings = ",".join("%s=%s" % (option.key, game.settings[option.key])
                        for option in game.options)
    who = ",".join("%s:%s" % item for item in sorted(players.items()))
    header = "G1 %s %d %s %s\n" % (game.key, game.size, settings or "-", who or "-")
    setup = array("H", [len(game.setup)] + [stone_word(c, p) for c, p in game.setup])
    return header.encode() + bytes(setup) + bytes(game.move_words())


def decode_game(data):
    """(game, players) from a game save; ValueError (or GameError) if it is not one."""
    from array import array

    from stones.engine.game import split_word
    from stones.engine.registry import game_class

    end = data.index(b"\n")
    words = data[:end].decode().split(" ")
    if len(words) != 5 or words[0] != "G1":
        raise ValueError("not a game save")
    settings = {}
    if words[3] != "-":
        for item in words[3].split(","):
            key, _, value = item.partition("=")
            settings[key] = value
    players = {}
    if words[4] != "-":
        for item in words[4].split(","):
            colour, _, who = item.partition(":")
            players[colour] = who
    game = game_class(words[1])(int(words[2]), **settings)
    body = data[end + 1:]
    if len(body) < 2 or len(body) & 1:
        raise ValueError("truncated game save")
    table = array("H", body)
    n_setup = table[0]
    if n_setup:
        # the first mover is the settings' (White after the stones of a handicap setting)
        game.set_position([split_word(w) for w in table[1:1 + n_setup]], game.first)
    for i in range(1 + n_setup, len(table)):
        colour, move = split_word(table[i])
        game.play_as(colour, move)
    return game, players


def write_record_file(game, write, facts=None):
    """A finished game as its record file, piece by piece, by the module the game names:
    SGF for Go (stones.engine.sgf), the record format (stones.engine.records) for the others.
    facts: who played and when (record_facts)."""
    module = __import__(game.records, None, None, ("write_record",))
    module.write_record(game, write, facts)


def player_name(who):
    """'Human' or 'Device 3' from a players entry ("human", "device:3")."""
    if who.startswith("device:"):
        return "Device " + who[7:]
    return "Human" if who == "human" else who


def record_facts(players):
    """What a record says of a game beyond its moves: who played each colour, and the date."""
    facts = {}
    for colour, key in (("1", "black"), ("2", "white")):
        if players.get(colour):
            facts[key] = player_name(players[colour])
    date = today()
    if date:
        facts["date"] = date
    return facts


def today():
    """The date as SGF writes it (2026-11-27), or None when the clock was never set: a Pico's
    clock starts at 2021-01-01 (the unix port's at 1970) unless a computer sets it."""
    import time

    year, month, day = time.localtime()[:3]
    if year <= _UNSET_YEAR:
        return None
    return "%04d-%02d-%02d" % (year, month, day)


__all__ = ("Session", "OK", "OLDER", "NONE", "StorageFull", "write_record_file")
