"""SGF (FF[4], GM[1]) text of a Go game: what the device keeps of a finished Go game.

The device writes SGF and reads back only its own (read_record, below); host_tools/records/sgf.py
reads any SGF (and writes through this module, so there is one writer). Points are two letters,
column then row from the top ('aa' is the top-left corner); a pass is an empty value.

The stones marked dead when the game was counted go into a last node as territory of the other
colour (a dead white stone is TB, a dead black one TW), as CGoban and KGS write them: a reader
that knows the convention gets the marking, and with it the result the device showed.

Who played and when go into the root node: PB and PW ("Human", or "Device N" for the computer
player at level N), DT (the date, when the device's clock is set), on a game clock TM (the main
time in seconds) and OT ("3x30 byo-yomi", "10 Fischer"), RU (the scoring: "Japanese"
for territory, "Chinese" for area, the rule sets whose counting they share; read back, AGA, GOE
and NZ count area too), beside KM and RE. A handicap game's stones are its set-up (AB) with
HA[n], and White moves first (PL[W]).

read_record reads back what write_sgf writes (one game tree, no variations), so the device can
replay its own records; host_tools/records/sgf.py reads any SGF a computer hands it. A record
cut short (no closing ')', a value left open) is refused by name, never read as a shorter game,
and the position its moves reach must hold (Game.check).
"""

from stones import VERSION
from stones.engine.game import BLACK, WHITE, half_points

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def escape(text):
    return text.replace("\\", "\\\\").replace("]", "\\]")


def sgf_text(size, komi2, setup, moves, result=None, player=None, dead=(), handicap=0,
             facts=()):
    """SGF of a Go record given as data: see write_sgf_data."""
    pieces = []
    write_sgf_data(pieces.append, size, komi2, setup, moves, result, player, dead, handicap,
                   facts)
    return "".join(pieces)


def write_sgf_data(write, size, komi2, setup, moves, result=None, player=None, dead=(),
                   handicap=0, facts=()):
    """SGF of a Go record given as data (record_data's tuple), handed to write() a piece at a
    time: komi in half points or None; setup a list of (colour, (col, row)); moves a list of
    (colour, (col, row) or None for a pass); (col, row) from the bottom left, 0-based; result
    the RE text or None; player (PL) a colour or None; dead the (colour, (col, row)) of the
    stones marked dead, written as the other colour's territory (TB/TW) in a last node;
    handicap (HA) the number of handicap stones among the set-up ones, 0 for none; facts
    further (property, text) pairs of the root node (root_facts: PB, PW, DT, RU)."""

    def point(p):
        return LETTERS[p[0]] + LETTERS[size - 1 - p[1]]

    write("(;GM[1]FF[4]CA[UTF-8]AP[Pocket Stones:%s]SZ[%d]" % (VERSION, size))
    if komi2 is not None:
        write("KM[%s]" % half_points(komi2))
    if handicap:
        write("HA[%d]" % handicap)
    if result is not None:
        write("RE[%s]" % escape(result))
    for name, text in facts:
        write("%s[%s]" % (name, escape(text)))
    for letter, colour in (("B", 1), ("W", 2)):
        points = sorted(p for c, p in setup if c == colour)
        if points:
            write("A" + letter)
            for p in points:
                write("[%s]" % point(p))
    if player is not None:
        write("PL[%s]" % "BW"[player - 1])
    for i, (colour, p) in enumerate(moves):
        if i % 10 == 0:  # ten moves a line keeps files readable and diffable
            write("\n")
        write(";%s[%s]" % ("BW"[colour - 1], "" if p is None else point(p)))
    if dead:
        write("\n;")
        for letter, colour in (("B", 2), ("W", 1)):  # TB holds dead white stones
            points = sorted(p for c, p in dead if c == colour)
            if points:
                write("T" + letter)
                for p in points:
                    write("[%s]" % point(p))
    write(")\n")


def write_sgf(game, write=None, facts=None):
    """SGF of a Go game as it stands: returned, or handed to write() piece by piece. facts is
    what the game cannot know of itself, {"black": "Human", "white": "Device 3", "date":
    "2026-11-27"} (any of them), as the session keeps it."""
    data = record_data(game) + (root_facts(game, facts or {}),)
    if write is None:
        return sgf_text(*data)
    write_sgf_data(write, *data)


def root_facts(game, facts):
    """(property, text) pairs for the root node: PB, PW, DT, and a clock's TM and OT from
    facts, RU from the scoring (HA is record_data's: the game's handicap)."""
    pairs = []
    for name, key in (("PB", "black"), ("PW", "white"), ("DT", "date"), ("TM", "time"),
                      ("OT", "overtime")):
        if facts.get(key):
            pairs.append((name, facts[key]))
    pairs.append(("RU", "Chinese" if game.settings.get("scoring") == "area" else "Japanese"))
    return pairs


write_record = write_sgf  # the name every record module has (Game.records, session.py)


def record_data(game):
    """(size, komi2, setup, moves, result, player, dead, handicap) of a Go game as it stands:
    set-up, moves, and once it is over the result and the stones marked dead; the handicap
    stones' count (Game.handicap); the arguments of sgf_text."""
    grid = game.grid
    setup = [(colour, grid.coords(p)) for colour, p in game.setup]
    moves = Moves(game)
    player = None
    if setup:  # who moves after the set-up: the first mover, else whoever is to move
        player = moves[0][0] if moves else game.to_move
    result = game.result().gtp() if game.over else None
    if result == "?":
        result = "Void"  # the move limit ended the game without a result
    dead = [(game.cell[p] & 3, grid.coords(p)) for p in game.dead_stones()] if game.over else []
    return game.size, game.komi2, setup, moves, result, player, dead, game.handicap()


def read_record(text):
    """The Go game of an SGF record as write_sgf writes it (one game tree, no variations), its
    moves played and, once it is over, the stones marked dead; GameError says what is wrong."""
    from stones.engine.game import GameError

    start = text.find("(;")
    if start < 0:
        raise GameError("not an SGF record")
    root = {}
    state = [None, []]  # the game once the root is read, the stones marked dead
    ident = ""
    i = start + 2
    n = len(text)
    while i < n:
        c = text[i]
        if "A" <= c <= "Z":
            j = i
            while i < n and "A" <= text[i] <= "Z":
                i += 1
            ident = text[j:i]
            continue
        if c == "[":
            j = i + 1
            i = j
            while i < n and text[i] != "]":
                i += 2 if text[i] == "\\" else 1
            if i >= n:
                raise GameError("SGF record cut short: a value not closed")
            value = text[j:i].replace("\\]", "]").replace("\\\\", "\\")
            _take(state, root, ident, value)
        elif c == ";":
            if state[0] is None:
                state[0] = _root_game(root)
        elif c == "(":
            raise GameError("SGF variations are not read here")
        elif c == ")":
            break
        i += 1
    if i >= n:
        raise GameError("SGF record cut short: no closing ')'")
    game = state[0] if state[0] is not None else _root_game(root)
    if not game.over:  # RE[W+R], RE[W+T]: a resignation or a flag fall after its last move
        from stones.engine.records import resigner

        loser, on_time = resigner(root.get("RE", [""])[0])
        if loser:
            game.resign(loser, on_time)
    if game.over:
        for colour, point in state[1]:
            p = _point(game, point)
            if p and game.colour(p) == colour and p not in game.dead_stones():
                game.toggle_dead(p)
    return game.check()


def _point(game, value):
    """The point an SGF value names, or 0 (PASS) for an empty value or 'tt' up to 19x19."""
    from stones.engine.game import GameError

    size = game.size
    if not value or (value == "tt" and size <= 19):
        return 0
    col = LETTERS.find(value[0])
    row = LETTERS.find(value[1:2])
    if len(value) != 2 or not 0 <= col < size or not 0 <= row < size:
        raise GameError("SGF point %r is off the board" % value)
    return game.grid.index(col, size - 1 - row)


def _take(state, root, ident, value):
    """One property value: kept for the root, or played (B, W), or marked (TB, TW)."""
    game = state[0]
    if game is None:
        root.setdefault(ident, []).append(value)
    elif ident == "B" or ident == "W":
        game.play_as(BLACK if ident == "B" else WHITE, _point(game, value))
    elif ident == "TB" or ident == "TW":
        state[1].append((WHITE if ident == "TB" else BLACK, value))  # TB: white stones dead


def _root_game(root):
    """A Go game of the root node's size, komi and scoring, its set-up stones placed."""
    from stones.engine.game import GameError
    from stones.engine.registry import game_class

    settings = {}
    if "KM" in root:
        settings["komi"] = root["KM"][0]
    if root.get("RU", [""])[0].lower() in ("chinese", "aga", "goe", "nz"):  # area counting
        settings["scoring"] = "area"
    try:
        game = game_class("go")(int(root.get("SZ", ["19"])[0]), **settings)
    except ValueError as error:  # GameError too: a size or komi the engine does not take
        raise GameError("SGF root: %s" % error)
    stones = [(BLACK, _point(game, v)) for v in root.get("AB", ())]
    stones += [(WHITE, _point(game, v)) for v in root.get("AW", ())]
    first = WHITE if root.get("PL", [""])[0] == "W" else BLACK  # who moves after the set-up
    if stones:
        game.set_position(stones, first)
    elif first == WHITE:
        game.set_turn(WHITE)
    return game


class Moves:
    """A game's moves as (colour, (col, row) or None for a pass), made one at a time as they
    are read (the record is written a piece at a time too): a list of them all, two tuples a
    move, would take tens of kilobytes of a Pico's heap for a game at the move limit, where
    the history words they come from take two bytes a move."""

    def __init__(self, game):
        self.game = game

    def __len__(self):
        return self.game.count

    def __getitem__(self, i):
        if not 0 <= i < self.game.count:
            raise IndexError(i)
        colour, move = self.game.entry(i)
        return colour, self.game.grid.coords(move) if move else None

    def __iter__(self):
        for i in range(self.game.count):
            yield self[i]
