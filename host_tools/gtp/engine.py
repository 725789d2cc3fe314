"""GTP v2 front end: any game of the registry served over stdin/stdout.

    .venv/bin/python -m host_tools.gtp --game go --size 9 [--komi 5.5] [--seed 7]
    .venv/bin/python -m host_tools.gtp --game loupe --size 9 --modality compound

Reading guide:

    parse_vertex / format_vertex   GTP vertices of square boards: A1..T19 without I, 'pass'
    Engine                         one game and the move generator; execute(line) -> response,
                                   run(lines) -> responses (what the tests drive); pondering
                                   between commands: after_command, idle_lines
    COMMANDS                       the command table: GTP name -> handler(engine, args) -> text;
                                   a handler fails by raising CommandError(GTP error text)
    main(argv)                     flags (every game option is one), then the stdin/stdout loop

Answers follow GNU Go 3.8 where it has the command: 'captures COLOR' counts the stones COLOR
has captured, list_stones lists in reading order (top row first), genmove answers 'PASS' for a
pass, loadsgf answers the colour to move, errors read 'illegal move', 'invalid color or
coordinate', 'unacceptable size', 'cannot undo', 'unknown command'. set_position is KataGo's:
stones placed without rules, prisoners zero, and the next play may be of either colour.

Handicap (games with a handicap option: Go). fixed_handicap N puts N stones where the game's
handicap option does (GNU Go's points) and answers them in reading order; place_free_handicap N
places the same (at most the option's largest count: GTP lets an engine place fewer);
set_free_handicap V... takes the controller's points. Each needs an empty board and makes White
the next to move; komi stays as set. Errors as GNU Go words them: 'board not empty', 'handicap
not an integer', 'invalid handicap' (fewer than 2; fixed: more than the option offers; free:
as many stones as points), 'invalid coordinate', 'repeated vertex'. Unlike GNU Go, a refused
command leaves the board as it was, and set_free_handicap refuses a board full of stones.

Hexagonal games (Loupe, OffShore) name points as docs/rules.md does ('d4': row letter from the
top, then the point's number in its row); Game.parse reads them. A Loupe turn is two stones, and
GTP sends each stone as its own 'play', so a turn is two plays of the same colour.

GTP lets either colour play next. A move out of turn is what Game.play_as does: hand the turn over
(Loupe starts a new turn for that colour), then play. The hand-over happens on a copy of the game
(set-up and moves replayed), kept only if the move succeeds, so a refused command changes nothing
and is_legal for the colour not to move leaves the game alone. After set_position the first move
starts a new turn whatever its colour (in Loupe, a turn of two stones).

genmove asks the device's computer player (stones.engine.search) at --level N: 1 is the weakest,
the Pico's levels come next and the Raspberry Pi's last (the default is the strongest Pico level,
what the device plays in about 2 seconds a move); --seed makes its answers reproducible. Like the
device, a genmove goes on from the last one's search tree when its position follows from that one
(the opponent's moves played since), so the same commands give the same answers.
--level 0 plays a uniformly random legal move instead, never one that fills the mover's own eye
where the game's playouts refuse one (Game.is_eye: Go, Loose), else a pass.

Pondering (search.py's reading guide) thinks about the position the next move is played from,
after a genmove the opponent's, so that genmove after the opponent's reply keeps the reply's
subtree. --ponder-budget N does N of work (the levels' unit; less when the rest could no longer
change the search's choice, as in a genmove) after each genmove and play, once the answer is sent
and before the next command is read: deterministic, as for benchmarks.
--ponder thinks while stdin is idle, after every command, in slices of PONDER_SLICE playouts
between polls of stdin (select), up to the level's budget or a full tree; what it finds depends
on when the commands come, so its answers are not reproducible. Neither plays at --level 0.

--workers N (default: every core) searches the Raspberry Pi's levels (above the Pico's) in N
worker processes (stones.platforms.workers: root parallelism, the root's counts shared), each
spending the level's budget with its own seed derived from --seed; the move is the one with the
most playouts summed over them, so the answers stay reproducible for the same N. 1 searches in
this process, as the Pico's levels always do. --shared-tree has them grow one tree in shared
memory instead (virtual loss keeps them apart); the move is its most visited, and depends on
how the workers were scheduled: not reproducible.

Input is read as GTP 2 defines it, and anything else is refused by name, never by a traceback:
a command line holds at most MAX_LINE characters (a longer one is answered 'line too long' and
the rest of it dropped unread); words are separated by spaces and tabs only (a no-break space
is part of a word); ids, integers, vertices and colours are ASCII ('E\uff15' and 'A\u0661' are
no vertices, a number of thousands of digits is out of range, not a crash); komi is a decimal
number ('6.5', '-3'; not '1_000', '6.5e0' or 'inf'). loadsgf reads a file up to
host_tools.records.files.MAX_BYTES.
"""

import argparse
import io
import os
import select
import sys
import traceback

from host_tools import paths  # noqa: F401  (puts the firmware on sys.path)
from host_tools.records import sgf
from host_tools.records.files import read_text
from stones import VERSION
from stones.engine import registry, search
from stones.engine.game import (
    BLACK,
    COLOUR_NAMES,
    MOVE_LIMIT,
    PASS,
    WHITE,
    GameError,
    half_points,
)
from stones.engine.rng import Rng

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP's 25 columns: no I
COLOURS = {"b": BLACK, "black": BLACK, "w": WHITE, "white": WHITE}
PONDER_SLICE = 8  # --ponder's playouts between two looks at stdin: a command waits that long
PONDER_WAIT = 0.01  # with --workers, seconds between two looks at stdin while the workers ponder
# The longest command line read: set_position with every point of a 19x19 board named takes
# under 3,000 characters; a longer line is refused and dropped unread, not kept in memory.
MAX_LINE = 1 << 16
INT_MAX = (1 << 31) - 1  # GTP's int: 0 <= x <= 2 ** 31 - 1
DIGITS = "0123456789"


class CommandError(Exception):
    """A GTP command that fails; the message is the text after '?'."""


class LongLine(str):
    """The start of a command line longer than MAX_LINE characters, the rest dropped unread."""


def bounded_lines(stdin):
    """stdin's lines, each cut to a LongLine past MAX_LINE characters (the rest of that line read
    in slices and dropped), so that no line, however long, is held whole."""
    while True:
        line = stdin.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith("\n"):
            rest = line
            while rest and not rest.endswith("\n"):
                rest = stdin.readline(MAX_LINE + 1)
            line = LongLine(line)
        yield line


def is_int(text):
    """Whether text is ASCII digits only (str.isdigit also takes '\u0669' and '\uff15')."""
    return bool(text) and not text.strip(DIGITS)


def parse_int(text, what):
    """A GTP int (ASCII digits, at most INT_MAX); CommandError naming what is wrong else."""
    if not is_int(text):
        raise CommandError("%s not an integer" % what)
    if len(text.lstrip("0")) > 10 or int(text) > INT_MAX:  # never an int of thousands of digits
        raise CommandError("%s out of range (GTP integers are at most %d)" % (what, INT_MAX))
    return int(text)


def shown(text):
    """A word as an error message quotes it: sgf.shown (non-ASCII by code point, cut short)."""
    return sgf.shown(text)


# -- vertices and colours -----------------------------------------------------------------------


def parse_vertex(text, size):
    """(col, row) from 0 at the bottom left for 'D5' / 'd5', None for 'pass'; ValueError else."""
    text = text.strip(" \t\r\n").upper()
    if text == "PASS":
        return None
    col = COLUMNS.find(text[:1]) if text else -1
    if col < 0 or not is_int(text[1:]) or text[1] == "0" or len(text) > 3:
        raise ValueError("%r is not a vertex" % text)
    row = int(text[1:]) - 1
    if col >= size or row >= size:
        raise ValueError("%r is off a %dx%d board" % (text, size, size))
    return col, row


def format_vertex(vertex):
    """'D5' for (3, 4), 'PASS' for None (GNU Go's spelling)."""
    if vertex is None:
        return "PASS"
    col, row = vertex
    return COLUMNS[col] + str(row + 1)


def parse_colour(text, error="invalid color"):
    colour = COLOURS.get(text.lower()) if text.isascii() else None
    if colour is None:
        raise CommandError(error)
    return colour


# -- the engine ---------------------------------------------------------------------------------


class Engine:
    """A game of the registry behind GTP: the game, the random move generator and the quit flag."""

    def __init__(self, game="go", size=None, seed=1, level=None, ponder_budget=0, ponder=False,
                 workers=1, tree="root", **settings):
        self.cls = registry.game_class(game)
        self.game = self.cls(size, **settings)
        self.rng = Rng(seed)
        self.seed = seed
        self.level = len(search.levels(self.cls)) if level is None else level
        self.search = None
        self.counted = None  # (position key, the game with its dead stones marked): counted()
        self.facts = {}  # who played and when, as loadsgf read them (printsgf writes them)
        self.done = False
        self.ponder_budget = ponder_budget  # work pondered after each genmove and play
        self.ponder = ponder  # ponder while stdin is idle (serve)
        self.moved = False  # the last command was a genmove or play that succeeded
        self.pondering = False  # an idle pondering is under way on self.search
        # --workers: the Pi's levels search in that many processes (stones.platforms.workers);
        # the Pico's levels, and one worker, in this one
        self.workers = workers if self.level > len(search.levels(self.cls)) else 1
        self.tree = tree  # how they search (workers.TREES): root parallelism, or one shared tree
        self.pool = None

    def new_search(self):
        """The searcher of genmove and pondering: a Search, or a ParallelSearch on the pool."""
        if self.workers <= 1:
            return search.Search()
        from stones.platforms.workers import ParallelSearch, Pool

        if self.pool is None:
            self.pool = Pool(self.workers, tree=self.tree)
        return ParallelSearch(self.pool, single_up_to=0)  # the level chose it: every search

    def close(self):
        """End the worker processes, if any were started."""
        if self.pool is not None:
            self.pool.close()
            self.pool = None

    # -- moves by name ----------------------------------------------------------------------

    def move(self, text):
        """The move a GTP vertex names on this board; CommandError if none."""
        game = self.game
        if not text.isascii():  # GTP's vertices are ASCII letters and digits
            raise CommandError("invalid color or coordinate")
        try:
            if game.grid.kind == "square":
                vertex = parse_vertex(text, game.size)
                return PASS if vertex is None else game.grid.index(*vertex)
            return game.parse(text)
        except ValueError:
            raise CommandError("invalid color or coordinate") from None

    def vertex(self, move):
        if move == PASS:
            return "PASS"
        if self.game.grid.kind == "square":
            return format_vertex(self.game.grid.coords(move))
        return self.game.name(move)

    def colour_and_move(self, args):
        if len(args) < 2:
            raise CommandError("invalid color or coordinate")
        return parse_colour(args[0], "invalid color or coordinate"), self.move(args[1])

    # -- copies ------------------------------------------------------------------------------

    def copy(self, **changes):
        """The game rebuilt (set-up and moves), under changed settings if any are given."""
        try:
            return rebuild(self.game, **changes)
        except GameError as error:
            raise CommandError(str(error)) from None

    def as_colour(self, colour):
        """The game to play or test colour's move on: the game itself when colour is to move,
        else a copy with the turn handed to colour (kept by the caller only if the move works).

        Game.play_as hands the turn over before it plays, and a game may change more than whose
        turn it is when it does (Loupe starts a new turn), so a refused move must not touch the
        game being served. The first move after set_position always starts a new turn for its
        colour (KataGo's set_position: either colour may play next; in Loupe two stones).
        """
        game = self.game
        if colour == game.to_move and not (game.setup and not game.count):
            return game
        game = self.copy()
        game.set_turn(colour)  # what play_as does first; on a copy, so the served game is untouched
        return game

    # -- the protocol -----------------------------------------------------------------------

    def execute(self, line):
        """The full response to one command line ('=id text' or '?id text'), None for a line that
        holds no command (empty, or a comment)."""
        too_long = isinstance(line, LongLine) or len(line.rstrip("\r\n")) > MAX_LINE
        # GTP 2: control characters go, but for the tab, which becomes a space; the words are
        # what spaces separate (str.split would also split at a no-break space).
        line = "".join(c for c in line.replace("\t", " ") if " " <= c != "\x7f")
        words = [word for word in line.partition("#")[0].split(" ") if word]
        if not words:
            return None
        ident = words.pop(0) if is_int(words[0]) else ""
        if too_long:
            return "?%s line too long (more than %d characters)" % (ident, MAX_LINE)
        if not words:
            return "?%s syntax error" % ident
        handler = COMMANDS.get(words[0])
        self.moved = False
        try:
            if handler is None:
                odd = [c for c in words[0] if not " " < c <= "~"]
                if odd:  # a no-break space, a letter from another alphabet
                    raise CommandError("unknown command (U+%04X is not ASCII; GTP separates "
                                       "words by spaces and tabs)" % ord(odd[0]))
                raise CommandError("unknown command")
            text = handler(self, words[1:])
            mark = "="
            self.moved = words[0] in ("genmove", "play")
        except CommandError as error:
            text = str(error)
            mark = "?"
        # A blank line ends a GTP response, so none may appear inside one.
        lines = text.split("\n")
        text = "\n".join(lines[:1] + [line for line in lines[1:] if line.strip()])
        return mark + ident + (" " + text if text else "")

    def run(self, lines):
        """Responses to the command lines, in order, without the blank line after each."""
        out = []
        for line in lines:
            response = self.execute(line)
            if response is not None:
                out.append(response)
            if self.done:
                break
            self.after_command()
        return out

    # -- pondering ---------------------------------------------------------------------------

    def ponder_begin(self, budget):
        """Begin pondering the game's position with budget work on the genmove search's tree
        (kept where the position follows its last search); False if there is nothing to do."""
        game = self.game
        if not self.level or game.over or budget <= 0:
            return False
        if self.search is None:
            self.search = self.new_search()
        seed = (self.seed + game.count) * 31 + 17  # not the stream of genmove's seed + count
        self.search.begin(game, budget, seed, keep=True)
        return True

    def ponder_step(self, playouts):
        """Ponder playouts more; True when the pondering is over (its work done, the tree full,
        or the rest could no longer change the search's choice). With workers, waits up to
        PONDER_WAIT for their reports first: they think, this process need not spin."""
        if self.workers > 1:
            self.search.wait(PONDER_WAIT)
        return self.search.step(playouts) or self.search.full()

    def after_command(self):
        """What is done after a command's answer, before the next is read: --ponder-budget's
        fixed work after a genmove or play, and --ponder's idle pondering begun anew (the
        position may have changed)."""
        self.pondering = False
        if self.done:
            return
        if self.moved and self.ponder_budget and self.ponder_begin(self.ponder_budget):
            while not self.ponder_step(64):
                pass
        if self.ponder:
            self.pondering = self.ponder_begin(
                search.PONDER_WORK * search.budget(self.game, self.level, pi=True))

    def idle_lines(self, stdin):
        """stdin's lines, pondering (PONDER_SLICE playouts at a time) whenever none is waiting.
        Reads the file descriptor itself: a line already in a file object's buffer would not
        wake select."""
        fd = stdin.fileno()
        pending = b""
        long = False  # the line under way passed MAX_LINE bytes: the rest of it is dropped
        while True:
            while b"\n" not in pending:
                if self.pondering and not select.select([fd], [], [], 0)[0]:
                    if self.ponder_step(PONDER_SLICE):
                        self.pondering = False
                    continue
                chunk = os.read(fd, 4096)  # ready (or nothing left to ponder: wait for it)
                if not chunk:
                    if pending:
                        yield self.decoded(pending, long)
                    return
                if long:  # only the line's end matters now
                    chunk = chunk[chunk.find(b"\n"):] if b"\n" in chunk else b""
                pending += chunk
                if len(pending) > MAX_LINE and b"\n" not in pending:
                    pending = pending[:MAX_LINE]
                    long = True
            line, _, pending = pending.partition(b"\n")
            yield self.decoded(line + b"\n", long)
            long = False

    @staticmethod
    def decoded(data, long):
        """A line's bytes as text (bad UTF-8 replaced), a LongLine if its rest was dropped."""
        text = data.decode("utf-8", "replace")
        return LongLine(text) if long else text

    def serve(self, stdin, stdout, stderr):
        """The GTP loop. The one top-level handler: a bug in a command answers '? internal
        error' (the traceback goes to stderr) and the game goes on, as a controller expects.
        With --ponder, stdin must be a file with a descriptor (a pipe, a terminal)."""
        lines = bounded_lines(stdin)
        if self.ponder:
            try:
                stdin.fileno()
                lines = self.idle_lines(stdin)
            except (AttributeError, OSError, io.UnsupportedOperation):
                pass  # no descriptor to poll (a test's StringIO): no idle pondering
        for line in lines:
            try:
                response = self.execute(line)
            except Exception as error:  # the top-level handler: anything else is a bug
                traceback.print_exc(file=stderr)
                words = line.split()
                ident = words[0] if words and words[0].isdigit() else ""
                message = ("%s: %s" % (type(error).__name__, error)).replace("\n", " ")
                response = "?%s internal error: %s" % (ident, message)
            if response is not None:
                stdout.write(response + "\n\n")
                stdout.flush()
            if self.done:
                break
            try:
                self.after_command()
            except Exception:  # a bug in pondering: said on stderr, the game goes on without it
                traceback.print_exc(file=stderr)
                self.pondering = False


# -- the commands -------------------------------------------------------------------------------


def do_protocol_version(engine, args):
    return "2"


def do_name(engine, args):
    return "Pocket Stones"


def do_version(engine, args):
    return VERSION


def do_known_command(engine, args):
    return "true" if args and args[0] in COMMANDS else "false"


def do_list_commands(engine, args):
    return "\n".join(sorted(COMMANDS))


def do_quit(engine, args):
    engine.done = True
    return ""


def do_boardsize(engine, args):
    size = parse_int(args[0] if args else "", "boardsize")
    if size not in engine.cls.sizes:
        raise CommandError("unacceptable size")
    engine.game = engine.cls(size, **engine.game.settings)
    engine.game.clear()  # an empty board, the stones of a --handicap too (GNU Go's boardsize)
    engine.facts = {}
    return ""


def do_clear_board(engine, args):
    engine.game.clear()
    engine.facts = {}  # a new game: the players and date of a loaded record are not its own
    return ""


def do_komi(engine, args):
    """Komi for White, given to the game as its komi setting ('6.5', '4'), which the game checks
    (Go: whole or half points; Loose: even integers). The game is rebuilt with its moves under the
    new komi. Games without komi accept and ignore it, as GTP asks of every engine. The number is
    a decimal one, as SGF's KM: sgf.half_points_of."""
    problem = ""
    try:
        value2 = sgf.half_points_of(args[0]) if args else None
    except ValueError as error:
        value2, problem = None, str(error)
    if not args or problem == "not a number":
        raise CommandError("komi not a float")
    if "range" in problem:
        raise CommandError(problem)
    option = find_option(engine.cls, "komi")
    if option is None:
        return ""
    if problem:  # not a whole or half number
        raise CommandError(problem)
    engine.game = engine.copy(komi=half_points(value2))
    return ""


def do_play(engine, args):
    colour, move = engine.colour_and_move(args)
    game = engine.as_colour(colour)
    try:
        game.play(move)  # in turn, a refused move changes nothing (the Game protocol)
    except GameError:
        code = game.reason(move)
        if code == MOVE_LIMIT:  # not the rules: the game's length, which the player should know
            raise CommandError("illegal move (%s)" % game.reason_text(code)) from None
        raise CommandError("illegal move") from None
    engine.game = game
    return ""


def do_genmove(engine, args):
    colour = parse_colour(args[0] if args else "")
    if engine.game.over:
        raise CommandError(engine.game.reason_text(engine.game.reason(PASS)))
    game = engine.as_colour(colour)
    if engine.level:
        if engine.search is None:
            engine.search = engine.new_search()
        budget = search.budget(game, engine.level, pi=True)
        # keep: when this position follows the last genmove's, go on from its tree
        move = engine.search.think(game, budget, engine.seed + game.count, keep=True)
    else:
        moves = [p for p in game.legal_moves() if not game.is_eye(p, colour)]
        move = moves[engine.rng.below(len(moves))] if moves else PASS
    try:
        game.play(move)
    except GameError as error:  # only a pass can be refused: a Loupe turn half played
        raise CommandError(str(error)) from None
    engine.game = game
    return engine.vertex(move)


def do_undo(engine, args):
    try:
        engine.game.undo()
    except GameError:
        raise CommandError("cannot undo") from None
    return ""


def do_showboard(engine, args):
    game = engine.game
    lines = ["", game.diagram()]
    if game.keeps_prisoners:
        for colour in (WHITE, BLACK):
            lines.append("%s (%s) has captured %d stones"
                         % (COLOUR_NAMES[colour], ".XO"[colour], game.prisoners[colour]))
    if game.over:
        lines.append("game over: " + counted(engine).result().text())
    else:
        lines.append("%s to move" % COLOUR_NAMES[game.to_move])
    return "\n".join(lines)


def do_is_legal(engine, args):
    colour, move = engine.colour_and_move(args)
    return "1" if engine.as_colour(colour).legal(move) else "0"


def do_list_stones(engine, args):
    colour = parse_colour(args[0] if args else "")
    game = engine.game
    return " ".join(engine.vertex(p) for p in game.grid.points if game.colour(p) == colour)


def do_captures(engine, args):
    """Stones COLOR has captured (GNU Go: 'captures black' counts white stones taken)."""
    colour = parse_colour(args[0] if args else "")
    return str(captured(engine.game, colour))


def with_dead_marked(game):
    """A copy of game counted as players would count it at its end: the stones marked dead
    where the game has a marking (a record read back), else the estimate's
    (Game.mark_estimated, a function of the position, as on the device's score screen)."""
    copy = type(game)(game.size, **game.settings)
    copy.set_position(list(game.setup), game.first)  # (copy_from copies the board, not these)
    copy.copy_from(game)
    copy.mark_dead(game.dead_stones())
    copy.mark_estimated()
    return copy


def counted(engine):
    """with_dead_marked for the engine's game: what showboard, final_score, final_status_list
    and printsgf report once the game is over, so that they report one result. Cached until
    the game changes."""
    game = engine.game
    key = (id(game), tuple(game.setup), game.count,
           tuple(game.entry(i) for i in range(game.count)))
    if engine.counted is None or engine.counted[0] != key:
        engine.counted = (key, with_dead_marked(game))
    return engine.counted[1]


def do_final_score(engine, args):
    game = counted(engine)
    try:
        result = game.result()
    except GameError:
        raise CommandError("cannot score") from None
    return result.gtp() + score_detail(result.score)


def do_final_status_list(engine, args):
    """GNU Go's final_status_list alive|dead|seki: the stones of that status, one group a line
    (seki stones are alive too, as in GNU Go)."""
    status = args[0].lower() if args else ""
    if status not in ("alive", "dead", "seki"):
        raise CommandError("invalid status")
    game = counted(engine)
    dead = set(game.dead_stones())
    if status == "dead":
        chosen = dead
    elif status == "seki":
        chosen = set(game.seki_stones())
    else:
        chosen = set(p for p in game.grid.points if game.colour(p) and p not in dead)
    lines = []
    seen = set()
    for p in game.grid.points:
        if p in chosen and p not in seen:
            group = [q for q in game.grid.points if q in set(game.group(p))]  # reading order
            seen.update(group)
            lines.append(" ".join(engine.vertex(q) for q in group))
    return "\n".join(lines)


def score_detail(score):
    """What the bare result leaves out where values are compared one by one (Loupe's group
    values): ' (B: 6 4 -3; W: 2 -1)'."""
    if score.listed is None:
        return ""
    black, white = score.listed
    return " (B:%s; W:%s)" % ("".join(" %d" % v for v in black), "".join(" %d" % v for v in white))


def do_loadsgf(engine, args):
    if engine.cls.record_ending != "sgf":
        raise CommandError("SGF records are for Go only")
    if not args:
        raise CommandError("syntax error")
    path = args[0]
    moves = None
    if len(args) > 1:
        if not is_int(args[1]) or not args[1].strip("0"):
            raise CommandError("syntax error")
        moves = parse_int(args[1], "move number") - 1  # the position before move MOVE_NUMBER
    try:
        text = read_text(path)  # UTF-8, else Latin-1 (SGF's default character set)
    except OSError:
        raise CommandError("cannot open or parse '%s'" % path) from None
    except ValueError as error:  # too large for a record
        raise CommandError("cannot open or parse '%s': %s" % (path, error)) from None
    settings = dict(engine.game.settings)
    try:
        record = sgf.read(text)
        if record.size not in engine.cls.sizes:
            raise CommandError("unacceptable size")
        engine.game = record.game(moves, **settings)
        engine.facts = sgf.played_facts(record)
    except sgf.SgfError as error:
        raise CommandError("cannot open or parse '%s': %s" % (path, error)) from None
    return COLOUR_NAMES[engine.game.to_move].lower()


def do_printsgf(engine, args):
    if engine.cls.record_ending != "sgf":
        raise CommandError("SGF records are for Go only")
    game = counted(engine) if engine.game.over else engine.game  # RE as final_score says it
    try:
        text = sgf.write(game, engine.facts)
    except sgf.SgfError as error:
        raise CommandError(str(error)) from None
    if not args:
        return text.rstrip("\n")
    try:
        with open(args[0], "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        raise CommandError("cannot write '%s': %s" % (args[0], error.strerror)) from None
    return ""


def do_set_position(engine, args):
    """KataGo's set_position COLOR VERTEX ...: a new position, no rule applied, no prisoners."""
    if len(args) % 2:
        raise CommandError("syntax error")
    stones = []
    for i in range(0, len(args), 2):
        colour, move = engine.colour_and_move(args[i:i + 2])
        if move == PASS:
            raise CommandError("illegal stone placement")
        stones.append((colour, move))
    try:
        engine.game.set_position(stones)
    except GameError:
        raise CommandError("illegal stone placement") from None
    return ""


def handicap_stones(engine, args):
    """(the handicap option, the count asked) of a handicap command, checked in GNU Go's order:
    an empty board, then a whole number (ASCII digits, a sign allowed; more than 9 digits count
    as too many), then at least 2."""
    option = find_option(engine.cls, "handicap")
    if option is None:
        raise CommandError("%s has no handicap" % engine.cls.title)
    game = engine.game
    if any(game.colour(p) for p in game.grid.points):
        raise CommandError("board not empty")
    text = args[0] if args else ""
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not digits or any(c not in "0123456789" for c in digits):
        raise CommandError("handicap not an integer")
    count = int(digits) if len(digits) <= 9 else 10 ** 9
    if text[:1] == "-":
        count = -count
    if count < 2:
        raise CommandError("invalid handicap")
    return option, count


def place_handicap(engine, option, count):
    """Put the game's own handicap of count stones on the board (the handicap option's points),
    komi and the other settings as they are; the stones, as GTP answers them."""
    game = engine.game
    settings = dict(game.settings)
    settings["handicap"] = str(count)
    try:
        placed = engine.cls(game.size, **settings)
    except GameError:
        raise CommandError("invalid handicap") from None
    game.set_position(placed.setup, placed.first)
    return " ".join(engine.vertex(p) for p in game.grid.points if game.colour(p))


def do_fixed_handicap(engine, args):
    option, count = handicap_stones(engine, args)
    if str(count) not in option.choices:
        raise CommandError("invalid handicap")
    return place_handicap(engine, option, count)


def do_place_free_handicap(engine, args):
    """The fixed points, at most the option's largest count (GTP: the engine may place fewer)."""
    option, count = handicap_stones(engine, args)
    most = max(int(choice) for choice in option.choices)
    return place_handicap(engine, option, min(count, most))


def do_set_free_handicap(engine, args):
    """The controller's handicap: Black stones on the vertices given, White to move next."""
    if find_option(engine.cls, "handicap") is None:
        raise CommandError("%s has no handicap" % engine.cls.title)
    game = engine.game
    if any(game.colour(p) for p in game.grid.points):
        raise CommandError("board not empty")
    stones = []
    for text in args:
        try:
            move = engine.move(text)
        except CommandError:
            move = PASS
        if move == PASS:
            raise CommandError("invalid coordinate")
        if (BLACK, move) in stones:
            raise CommandError("repeated vertex")
        stones.append((BLACK, move))
    if not 2 <= len(stones) < game.grid.count:
        raise CommandError("invalid handicap")
    game.set_position(stones, WHITE)
    return ""


COMMANDS = {
    "protocol_version": do_protocol_version,
    "name": do_name,
    "version": do_version,
    "known_command": do_known_command,
    "list_commands": do_list_commands,
    "quit": do_quit,
    "boardsize": do_boardsize,
    "clear_board": do_clear_board,
    "komi": do_komi,
    "play": do_play,
    "genmove": do_genmove,
    "undo": do_undo,
    "showboard": do_showboard,
    "is_legal": do_is_legal,
    "list_stones": do_list_stones,
    "captures": do_captures,
    "final_score": do_final_score,
    "final_status_list": do_final_status_list,
    "loadsgf": do_loadsgf,
    "printsgf": do_printsgf,
    "set_position": do_set_position,
    "fixed_handicap": do_fixed_handicap,
    "place_free_handicap": do_place_free_handicap,
    "set_free_handicap": do_set_free_handicap,
}


def fresh(game, **changes):
    """A new game of the same kind, size and settings (with changes) and the same set-up stones,
    before any move."""
    settings = dict(game.settings)
    settings.update(changes)
    new = type(game)(game.size, **settings)
    if game.setup:
        new.set_position(game.setup, game.first)
    elif new.setup:
        new.clear()  # the handicap setting's stones, which clear_board took off
    return new


def rebuild(game, **changes):
    """A copy of game with its set-up and every move, under changed settings if any."""
    new = fresh(game, **changes)
    for i in range(game.count):
        new.play_as(*game.entry(i))  # the hand-overs of out-of-turn moves come back too
    return new


def captured(game, colour):
    """How many stones colour has taken from the opponent: the prisoners of a game that keeps
    them (Go); in the others the opponent stones each of colour's moves took off the board
    (OffShore) or turned over (Loose, whose flips are its captures), counted by replaying the
    game; Loupe never takes any."""
    if game.keeps_prisoners:
        return game.prisoners[colour]
    board = fresh(game)
    total = 0
    for i in range(game.count):
        mover, move = game.entry(i)
        before = board.count_stones(3 - mover)
        board.play_as(mover, move)
        if mover == colour:
            total += before - board.count_stones(3 - mover)
    return total


def find_option(cls, key):
    for option in cls.options:
        if option.key == key:
            return option
    return None


# -- the command line ---------------------------------------------------------------------------


def build_parser(cls):
    """The flags for one game: --game, --size, --seed and one per option of the game."""
    parser = argparse.ArgumentParser(
        prog="python -m host_tools.gtp",
        description="Serve a Pocket Stones game over GTP v2 on stdin/stdout.")
    parser.add_argument("--game", default="go", choices=registry.keys())
    parser.add_argument("--size", type=int, default=cls.default_size,
                        help="board size: %s (default %d)" % (
                            ", ".join(map(str, cls.sizes)), cls.default_size))
    levels = search.levels(cls, pi=True)
    parser.add_argument("--seed", type=int, default=1, help="seed of genmove's search")
    parser.add_argument("--level", type=int, default=len(search.levels(cls)),
                        choices=range(len(levels) + 1),
                        help="genmove's strength: 1..%d (default %d, the Pico's strongest; "
                        "0: random legal moves)" % (len(levels), len(search.levels(cls))))
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, metavar="N",
                        help="processes the Raspberry Pi's levels search in, each with the "
                        "level's budget (default: every core, %(default)s; 1: this process "
                        "only; the Pico's levels always search in one)")
    parser.add_argument("--shared-tree", action="store_true",
                        help="the workers grow one search tree in shared memory, with virtual "
                        "loss, instead of sharing the root's counts (answers then depend on "
                        "how the workers were scheduled)")
    parser.add_argument("--ponder", action="store_true",
                        help="think while waiting for the next command (answers then depend on "
                        "when commands come)")
    parser.add_argument("--ponder-budget", type=int, default=0, metavar="N",
                        help="think N of work (the levels' unit) after each genmove and play "
                        "before reading the next command: reproducible (default 0: none)")
    for option in cls.options:
        parser.add_argument(
            "--" + option.key.replace("_", "-"), dest=option.key, metavar="VALUE",
            default=option.default,
            help="%s: %s (default %s)" % (option.label, ", ".join(map(str, option.choices)),
                                          option.default))
    return parser


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    first = argparse.ArgumentParser(add_help=False)  # which game, to know which flags follow
    first.add_argument("--game", default="go", choices=registry.keys())
    known, _ = first.parse_known_args(argv)
    try:
        cls = registry.game_class(known.game)
    except ImportError as error:  # a game whose engine is not in this tree yet
        print("gtp: the %s engine is missing (%s)" % (known.game, error), file=sys.stderr)
        return 2
    args = build_parser(cls).parse_args(argv)
    settings = {option.key: getattr(args, option.key) for option in cls.options}
    if "komi" in settings:  # a decimal number as the komi command takes, before the game's check
        try:
            sgf.half_points_of(str(settings["komi"]))
        except ValueError as error:
            print("gtp: --komi %s: %s" % (shown(str(settings["komi"])), error), file=sys.stderr)
            return 2
    try:
        engine = Engine(args.game, args.size, args.seed, args.level, args.ponder_budget,
                        args.ponder, max(1, args.workers),
                        "shared" if args.shared_tree else "root", **settings)
    except GameError as error:
        print("gtp: %s" % error, file=sys.stderr)
        return 2
    try:
        engine.serve(sys.stdin, sys.stdout, sys.stderr)
    finally:
        engine.close()  # the worker processes end with the engine
    return 0


if __name__ == "__main__":
    sys.exit(main())

