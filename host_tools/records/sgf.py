"""SGF (FF[4], GM[1]) records of Go games: write a game, read a record back, replay it.

Reading guide:

    Record         what a Go record holds for this device: size, komi, set-up stones, the moves
                   with their colours, the result text and the player to move
    Record.of      the record of a Game (setup, history, result when the game is over)
    Record.sgf     the record as SGF text; write(game) is Record.of(game).sgf()
    read(text)     SGF text -> Record: the first game tree, first variation at every branch
    Record.game    a Go engine with the set-up placed and the moves played (or the first few)
    played_facts   a record's PB, PW, DT, TM and OT as the writer takes them (GTP's printsgf
                   writes those of the record loadsgf read)

Only what a Go record needs is read: SZ, KM, HA, RE, PL, AB/AW in the root node, B/W moves in the
nodes after it, and TB/TW (territory) in any node, where a stone of the other colour is a stone
marked dead (the device writes its marking so; CGoban and KGS do too); who played and when (PB,
PW, DT), the clock (TM, OT) and the rules (RU: area scoring for Chinese, AGA, GOE and NZ, else
territory) are kept as the record's facts; other properties (comments, marks) are skipped. A
whole game read back whose RE says it ended in a resignation (W+R) or on time (B+T) ends so,
after its last move. With HA[2] or more, White
moves first after the set-up (AB): the game is a handicap game (Game.handicap counts its Black
set-up stones). Anything this device cannot represent (another game, a rectangular board,
set-up stones in the middle of the game, a move that is illegal under the club rules) is one
SgfError that says what and where.

SGF points are two letters, column then row, 'a' at the top left; a pass is an empty value, or
'tt' on boards up to 19x19 (the FF[3] convention). Komi is kept in half points like the engine.
"""

from host_tools import paths  # noqa: F401  (puts the firmware on sys.path)
from stones.engine import registry
from stones.engine.game import BLACK, PASS, WHITE, GameError, half_points
from stones.engine.records import resigner
from stones.engine.sgf import (  # noqa: F401 (re-exported)
    LETTERS,
    escape,
    record_data,
    root_facts,
    sgf_text,
    write_sgf,
)

COLOURS = {"B": BLACK, "W": WHITE}
FACTS = ("PB", "PW", "DT", "TM", "OT", "RU")  # root properties kept as they are (HA: handicap)
AREA_RULES = ("chinese", "aga", "goe", "nz")  # RU values whose count is area scoring


class SgfError(ValueError):
    """A record that is malformed, or that this device cannot represent; the message says where."""


# -- the moves a game has played ------------------------------------------------------------------


def played(game):
    """(colour, move) of every move in the game's history, oldest first.

    A history word holds the move in bits 0-8 and the turn state it was played in above, the
    colour in bits 9-10 (engine/game.py); that colour is who played it, also out of turn.
    """
    return [game.entry(i) for i in range(game.count)]


# -- the record -----------------------------------------------------------------------------------


class Record:
    """A Go game as a record: rules-free data, checked for shape but not for legality."""

    def __init__(self, size=19, komi2=None, setup=(), moves=(), result=None, player=None,
                 dead=(), handicap=0, facts=()):
        self.size = size
        self.komi2 = komi2  # komi in half points, None when the record gives none
        self.setup = sorted(setup)  # (colour, (col, row)) from the bottom left, 0-based
        self.moves = list(moves)  # (colour, (col, row) or None for a pass)
        self.result = result  # RE text, e.g. 'B+3.5', '0', or None
        self.player = player  # PL: who moves first after the set-up, or None
        self.dead = sorted(dead)  # (colour, (col, row)) of the stones marked dead at the end
        self.handicap = handicap  # HA: handicap stones (White moves first after them), 0: none
        self.facts = list(facts)  # (property, text): who played (PB, PW), when (DT), RU

    def __eq__(self, other):
        return isinstance(other, Record) and vars(self) == vars(other)

    def __repr__(self):
        return "Record(%r)" % vars(self)

    @classmethod
    def of(cls, game):
        """The record of a Go game as it stands: set-up, moves, and the result once it is over."""
        if game.record_ending != "sgf":
            raise SgfError("SGF records are written for Go only, not %s" % game.title)
        return cls(*record_data(game), root_facts(game, {}))

    def sgf(self):
        """The record as SGF text (the firmware's writer: one for the device and the host)."""
        return sgf_text(self.size, self.komi2, self.setup, self.moves, self.result, self.player,
                        self.dead, self.handicap, self.facts)

    def point_text(self, point):
        col, row = point
        return LETTERS[col] + LETTERS[self.size - 1 - row]

    def game(self, moves=None, **settings):
        """A Go engine with this record's set-up and its first `moves` moves (all by default).

        settings are Go options (komi, scoring); the record's komi, if it gives one, wins; its
        set-up stones replace any handicap setting's. A handicap record (HA, its stones all
        Black's set-up) gives the game the handicap setting of that count, so that the game's
        settings and the record's HA say the same (the komi stays the record's or the given).
        """
        if self.komi2 is not None:
            settings["komi"] = half_points(self.komi2)
        settings["handicap"] = "0"  # the record's AB and HA say where the stones are
        rules = dict(self.facts).get("RU")
        if rules is not None:
            settings["scoring"] = "area" if rules.strip().lower() in AREA_RULES else "territory"
        try:
            game = registry.new_game("go", self.size, **settings)  # SGF GM[1]: Go, by its key
        except GameError as error:
            raise SgfError(str(error)) from None
        if self.handicap >= 2 and self.handicap == len(self.setup) and all(
                colour == BLACK for colour, _ in self.setup):
            try:  # HA's stones are the set-up: the handicap setting says their count too
                game = registry.new_game("go", self.size, **dict(
                    game.settings, handicap=str(self.handicap)))
            except GameError:  # a count the setting does not offer: the set-up alone says it
                pass
        grid = game.grid
        if self.setup:
            try:
                first = WHITE if self.handicap >= 2 else BLACK
                game.set_position([(c, grid.index(*point)) for c, point in self.setup], first)
            except GameError as error:
                raise SgfError("set-up stones: %s" % error) from None
        wanted = self.moves if moves is None else self.moves[:moves]
        for number, (colour, point) in enumerate(wanted, 1):
            move = PASS if point is None else grid.index(*point)
            try:
                game.play_as(colour, move)
            except GameError as error:
                raise SgfError("move %d (%s %s): %s" % (number, "BW"[colour - 1],
                                                      game.name(move), error)) from None
        if self.player is not None and not wanted and game.to_move != self.player:
            game.set_turn(self.player)  # PL with no move after it: the turn is the record's word
        loser, on_time = resigner(self.result or "")
        if moves is None and loser and not game.over:  # a resignation or a flag fall
            game.resign(loser, on_time)
        if game.over and moves is None:
            for colour, point in self.dead:  # the marking the game was counted with
                p = grid.index(*point)
                if game.colour(p) == colour and p not in game.dead_stones():
                    game.toggle_dead(p)
        try:
            return game.check()
        except GameError as error:
            raise SgfError(str(error)) from None


def write(game, facts=None):
    """SGF text of a Go game; facts as write_sgf takes them (who played, when)."""
    if game.record_ending != "sgf":
        raise SgfError("SGF records are written for Go only, not %s" % game.title)
    return write_sgf(game, facts=facts)


PLAYED = (("PB", "black"), ("PW", "white"), ("DT", "date"), ("TM", "time"),
          ("OT", "overtime"))  # root_facts' keys of SGF's facts


def played_facts(record):
    """The record's PB, PW, DT, TM and OT as write_sgf's facts ({"black": ..., "date": ...})."""
    given = dict(record.facts)
    return dict((key, given[ident]) for ident, key in PLAYED if given.get(ident))


# -- reading ------------------------------------------------------------------------------------


def parse(text):
    """The main line of the first game tree: a list of nodes, each {identifier: [values]}.

    The grammar of SGF FF[4]: Collection = GameTree+, GameTree = '(' Node+ GameTree* ')',
    Node = ';' (Ident Value+)*, Value = '[' text with '\\' escapes ']'. Only the first branch of
    each tree is followed; the others are checked for syntax and dropped. Game trees after the
    first are not read. The trees nested in a tree are walked with a stack of their own, not by
    recursion, so variations nested any depth deep read like any others. Identifiers are ASCII
    letters and white space between the parts is ASCII's, as FF[4] defines them.
    """
    reader = _Reader(text)
    reader.skip_space()
    if not reader.take("("):
        raise SgfError("an SGF record starts with '(' but this starts with %s (%s)"
                       % (reader.found(), reader.where()))
    return reader.tree()


SPACE = " \t\n\r\x0b\x0c"  # SGF's white space: ASCII's (a no-break space is not one)
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
IDENT = UPPER + UPPER.lower()  # FF[4] identifiers are capitals; FF[3]'s had lower case too
DIGITS = "0123456789"


def shown(text, most=24):
    """text as an error message quotes it: at most `most` characters, those outside printable
    ASCII by their code point (U+00A0), so a message names what it refuses."""
    out = []
    for c in text[:most]:
        out.append(c if " " <= c <= "~" else "U+%04X" % ord(c))
    return "".join(out) + ("... (%d characters)" % len(text) if len(text) > most else "")


class _Reader:
    def __init__(self, text):
        self.text = text
        self.i = 0

    def where(self):
        line = self.text.count("\n", 0, self.i) + 1
        return "line %d" % line

    def found(self):
        """The character at the reading point as a message names it, or the end of the text."""
        c = self.peek()
        return "%r" % c if " " <= c <= "~" else "U+%04X" % ord(c) if c else "the end of the text"

    def skip_space(self):
        text = self.text
        while self.i < len(text) and text[self.i] in SPACE:
            self.i += 1

    def take(self, char):
        if self.i < len(self.text) and self.text[self.i] == char:
            self.i += 1
            return True
        return False

    def peek(self):
        return self.text[self.i] if self.i < len(self.text) else ""

    def tree(self):
        """After the first '(': the nodes of the tree and of the first variation at each branch.

        A stack holds, for each tree open around the reading point, whether its nodes belong to
        the main line and whether a variation of it has been read yet (the first is the main
        line's, the others are dropped)."""
        nodes = []
        stack = [[True, False]]  # [main, a variation read] of each open tree, innermost last
        while stack:
            main, branched = stack[-1]
            self.skip_space()
            if not branched:  # a tree's nodes, before its variations
                if not self.peek():
                    raise SgfError("the record is cut short: a game tree has no node")
                if self.peek() != ";":
                    raise SgfError("a game tree needs at least one node (%s)" % self.where())
                while self.peek() == ";":
                    self.i += 1
                    node = self.node()
                    if main:
                        nodes.append(node)
                    self.skip_space()
            if self.take("("):
                stack[-1][1] = True
                stack.append([main and not branched, False])
            elif self.take(")"):
                stack.pop()
            elif not self.peek():
                raise SgfError("the record is cut short: %d game tree%s not closed with ')'"
                               % (len(stack), "" if len(stack) == 1 else "s"))
            else:
                expected = "'(' or ')'" if branched else "';', '(' or ')'"
                raise SgfError("expected %s but found %s (%s)"
                               % (expected, self.found(), self.where()))
        return nodes

    def node(self):
        props = {}
        while True:
            self.skip_space()
            start = self.i
            while self.peek() and self.peek() in IDENT:
                self.i += 1
            if start == self.i:
                return props
            # FF[3] allowed lower-case letters in names (AddBlack = AB); the capitals are the name.
            ident = "".join(c for c in self.text[start:self.i] if c in UPPER)
            values = []
            self.skip_space()
            while self.peek() == "[":
                self.i += 1
                values.append(self.value())
                self.skip_space()
            if not values:
                cut = "the record is cut short: " if not self.peek() else ""
                raise SgfError("%sproperty %s has no value (%s)"
                               % (cut, shown(ident), self.where()))
            if ident in props:
                raise SgfError("property %s given twice in one node (%s)"
                               % (shown(ident), self.where()))
            props[ident] = values

    def value(self):
        text = self.text
        end = len(text)
        out = []
        while True:
            close = text.find("]", self.i)
            backslash = text.find("\\", self.i, close if close >= 0 else end)
            if backslash < 0:
                if close < 0:
                    raise SgfError("the record is cut short: a property value is not closed "
                                   "with ']'")
                out.append(text[self.i:close])
                self.i = close + 1
                return "".join(out)
            out.append(text[self.i:backslash])  # up to a backslash: it takes the next character
            if backslash + 1 >= end:
                raise SgfError("the record is cut short: a property value is not closed "
                               "with ']'")
            c = text[backslash + 1]
            self.i = backslash + 2
            if c != "\n":  # an escaped newline is a soft line break: nothing
                out.append(c)


def read(text):
    """The Record of SGF text; SgfError if it is malformed or not a Go game this device plays."""
    nodes = parse(text)
    root = nodes[0]
    if _one(root, "GM", "1").strip(SPACE) != "1":
        raise SgfError("GM[%s] is not Go (GM[1])" % shown(root["GM"][0]))
    size = _size(_one(root, "SZ", "19"))
    setup = []
    for letter in "BW":
        for value in root.get("A" + letter, []):
            for point in _points(value, size, "A" + letter):
                setup.append((COLOURS[letter], point))
    moves = []
    territory = []
    for number, node in enumerate(nodes):
        for letter in "BW":
            for value in node.get("T" + letter, []):
                for point in _points(value, size, "T" + letter):
                    territory.append((COLOURS[letter], point))
        for ident in ("AB", "AW", "AE"):
            if ident in node and number:
                raise SgfError("set-up stones (%s) after the start are not supported" % ident)
        if "B" in node and "W" in node:
            raise SgfError("node %d holds both a black and a white move" % number)
        for letter in "BW":
            if letter in node:
                values = node[letter]
                if len(values) != 1:
                    raise SgfError("move %s has %d values" % (letter, len(values)))
                moves.append((COLOURS[letter], _move(values[0], size, letter)))
    result = _one(root, "RE", "").strip(SPACE) or None
    player = _colour(_one(root, "PL", ""), "PL") if "PL" in root else None
    komi2 = _komi(_one(root, "KM", "")) if "KM" in root else None
    dead = _dead(size, setup, moves, territory) if territory else []
    handicap = _handicap(_one(root, "HA", "0")) if "HA" in root else 0
    facts = [(ident, root[ident][0]) for ident in FACTS if ident in root]
    return Record(size, komi2, setup, moves, result, player, dead, handicap, facts)


def _handicap(text):
    """HA[n]: the number of handicap stones, a whole number (ASCII digits)."""
    text = text.strip()
    if not text or len(text) > 3 or any(c not in "0123456789" for c in text):
        raise SgfError("HA[%s] is not a number of stones" % text)
    return int(text)


def _size(text):
    """SZ's board side: FF[4] writes a square board as a Number ('19'), a rectangle as two
    ('19:13'); digits are ASCII's. SgfError unless a square of 1 to 25 points a side."""
    side, colon, other = text.strip(SPACE).partition(":")
    if colon and other != side:
        raise SgfError("SZ[%s]: only square boards" % shown(text))
    if not side or side.strip(DIGITS):
        raise SgfError("SZ[%s] is not a whole number (digits 0-9)" % shown(text))
    if len(side.lstrip("0")) > 2 or not 1 <= int(side) <= 25:  # no int() of thousands of digits
        raise SgfError("SZ[%s]: no such board (1 to 25 points a side)" % shown(text))
    return int(side)


def _dead(size, setup, moves, territory):
    """(colour, point) of the stones on the final board that lie in the other colour's
    territory (TB/TW): the stones marked dead. The final board comes from the rules (captures)."""
    game = Record(size, None, setup, moves).game()
    grid = game.grid
    dead = []
    for owner, point in territory:
        stone = game.colour(grid.index(*point))
        if stone and stone != owner:
            dead.append((stone, point))
    return dead


def _one(props, ident, default):
    values = props.get(ident, [default])
    if len(values) != 1:
        raise SgfError("%s takes one value, not %d" % (ident, len(values)))
    return values[0]


KOMI_LIMIT2 = 1 << 24  # komi in half points stays under 2 ** 23 points: what GTP's float
# (an IEEE 754 single) holds to the half point; no real game comes near it


def half_points_of(text):
    """Half points of a real number as SGF FF[4] writes one (Number ['.' Digit+], Number being
    ['+'|'-'] Digit+, ASCII digits): '6.5' 13, '-3' -6, '6.50' 13. ValueError naming what is
    wrong: not such a number ('1_000', '6.5e0', 'inf', non-ASCII digits), not a whole or half
    number ('6.3'), or too large to be a komi (KOMI_LIMIT2)."""
    body = text.strip(SPACE)
    sign = -1 if body[:1] == "-" else 1
    if body[:1] in "+-":
        body = body[1:]
    whole, dot, fraction = body.partition(".")
    if not whole or whole.strip(DIGITS) or dot and (not fraction or fraction.strip(DIGITS)):
        raise ValueError("not a number")
    whole = whole.lstrip("0")
    fraction = fraction.rstrip("0")
    if fraction not in ("", "5"):
        raise ValueError("komi must be a whole or half number")
    if len(whole) > 8 or int(whole or "0") * 2 >= KOMI_LIMIT2:  # no int of thousands of digits
        raise ValueError("komi out of range (under %d points either way)" % (KOMI_LIMIT2 // 2))
    return sign * (int(whole or "0") * 2 + (fraction == "5"))


def _komi(text):
    """Komi text ('6.5', '0', '-3', '6.50') in half points; SgfError unless whole or half."""
    try:
        return half_points_of(text)
    except ValueError as error:
        raise SgfError("KM[%s] is %s" % (shown(text), error) if str(error) == "not a number"
                       else "KM[%s]: %s" % (shown(text), error)) from None


def _colour(text, ident):
    colour = COLOURS.get(text.strip(SPACE).upper())
    if colour is None:
        raise SgfError("%s[%s] is not B or W" % (ident, shown(text)))
    return colour


def _point(text, size, ident):
    """(col, row) from the bottom left of a two-letter SGF point."""
    if len(text) != 2 or text[0] not in LETTERS[:size] or text[1] not in LETTERS[:size]:
        raise SgfError("%s[%s] is not a point of a %dx%d board"
                       % (ident, shown(text), size, size))
    return LETTERS.index(text[0]), size - 1 - LETTERS.index(text[1])


def _points(text, size, ident):
    """The points of a set-up value: one point, or a rectangle 'aa:cc' (FF[4] compressed list)."""
    first, colon, last = text.strip(SPACE).partition(":")
    if not colon:
        return [_point(first, size, ident)]
    (c1, r1), (c2, r2) = _point(first, size, ident), _point(last, size, ident)
    return [(c, r) for r in range(max(r1, r2), min(r1, r2) - 1, -1)
            for c in range(min(c1, c2), max(c1, c2) + 1)]


def _move(text, size, letter):
    text = text.strip(SPACE)
    if not text or (text == "tt" and size <= 19):
        return None
    return _point(text, size, letter)
