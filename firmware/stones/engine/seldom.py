"""The Game methods that play never calls, out of the class until first asked for.

Every ``def`` in a class costs a Pico's heap a function object and a slot of the class's dict
from the import on, frozen or not. These are the ones a game in play never needs: the end of the
game (its count, the dead stones), records, set-ups from GTP and the tests, the host tools'
checks and the protocol's abstract stubs. Game.__getattr__ finds a name missing from a game's
class in the modules its class's ``seldom`` names and puts it on the class at its first use, so
every caller goes through the same protocol names as before (engine/game.py's reading guide).

A seldom module holds such functions (self first, as the methods they become) and the names they
import, which no caller asks a game for; nothing in one overrides a method that a class body
above the module's class defines (tests/host/test_seldom_rules.py).
"""


def play_text(self, text):
    try:
        move = self.parse(text)
    except ValueError as error:
        from stones.engine.game import GameError

        raise GameError(str(error))
    self.play(move)
    return move


def legal_moves(self):
    """Every legal placement (passes are not listed; Loupe refuses one mid-turn)."""
    if self.over:
        return []
    return [p for p in self.grid.points if not self.cell[p] & 3 and self.legal(p)]


def play_as(self, colour, move):
    """Play move for colour even out of turn (GTP lets either colour play next); GameError
    for a colour that is neither player's (a save or record read back wrong)."""
    if colour != 1 and colour != 2:  # BLACK, WHITE
        from stones.engine.game import GameError

        raise GameError("no player's colour %r" % (colour,))
    if colour != self.to_move:
        self._switch(colour)
    self.play(move)


def resign(self, colour, on_time=False):
    """colour gives up: the game is over, the other colour wins by resignation (SGF
    W+R, B+R), or on_time when colour's time ran out (its clock's flag fell: W+T, B+T),
    which the count does not decide either. The position stays as it was; undo() takes
    the resignation back."""
    self.resigned = colour
    self.over = True
    if on_time:
        self.on_time = True


def score(self):
    """The Score of the position as it stands (stones.engine.outcome)."""
    raise NotImplementedError


def count_result(self):
    """The Result of the position as counted (each game's own)."""
    raise NotImplementedError


def territory(self):
    """(Black's points, White's): the points counted as each side's territory, in reading
    order (Go: empty regions bordered by one colour, dead stones included; OffShore: the
    empty cells of each side's hulls); ([], []) in games without territory."""
    return [], []


def counted(self):
    """What the score screen draws on the board: (territory, dead stones, loop stones),
    territory as territory() gives it; the dead stones those marked dead (games with
    marks_dead, whose toggle_dead(p) marks a group); the loop stones those of the loops that
    were counted (Loupe), which blink."""
    return self.territory(), (), ()


def pregame_protocol(self):
    """The steps the pregame screen drives (Loose: its KomiProtocol), made new; None for a
    game without a pregame. The screen reaches the game's rules only through this. Its
    shape: step (DONE when settled), who(step) (PROPOSER or CHOOSER), value(step) and
    take(text) (a step as text: what a link carries), summary(), back(), black() (the
    player who plays Black), new_game(size)."""
    return None


def problem(self, root):
    """What is wrong with the group at root in a position reached by legal play (Go: no
    liberty), or None; the fuzzer's invariant check asks every group."""
    return None


def gain(self, c):
    """What a one-ply greedy player (host_tools.bench.opponents) maximises for c after its move;
    any value that compares: material(c) unless the game says better."""
    return self.material(c)


def is_eye(self, p, c):
    """Whether the random playouts refuse empty point p to c as c's own eye (Go, Loose)."""
    return False


def estimate_dead(self):
    """The stones the players would agree are dead, estimated (sorted): a function of the
    position alone, so that every view of the count (the score screen, the record, GTP's
    showboard and final_score) counts a game alike."""
    return []


def mark_dead(self, stones):
    """Count exactly these stones as dead in result()."""


def mark_estimated(self):
    """Open the end-of-game marking with estimate_dead's stones marked, unless stones are
    marked already (a resumed game, a record read back keep their marking)."""


def seki_stones(self):
    """Living stones in seki (sorted)."""
    return []


def dead_stones(self):
    """The stones marked dead (sorted)."""
    return []


def _record_extra(self):
    """Further record lines of the game (Go: dead stones)."""
    return []


def _load_extra(self, key, words):
    """Read a record line the base does not know; False if the game does not know it."""
    return False


def symbol(self, p):
    return ".XO"[self.cell[p] & 3]


def diagram(self):
    return self.grid.diagram(self.symbol)


def state(self):
    """Everything that defines the position and its bookkeeping, as text: tests compare it
    to prove that undo restores a position exactly (stones.engine.snapshot, a module the
    device never loads)."""
    from stones.engine.snapshot import state

    return state(self)


def broken(self):
    """The first way the game's structures contradict its stones, as text, or None: the
    fuzzer's check after random button events (stones.engine.snapshot)."""
    from stones.engine.snapshot import broken

    return broken(self)


def check(self):
    """The game itself, or GameError naming the first way its structures contradict its
    stones (broken()): what a save or a record read back ends with, so no engine loop ever
    runs on a position the rules cannot reach."""
    problem = self.broken()
    if problem:
        from stones.engine.game import GameError

        raise GameError("position does not hold: " + problem)
    return self


def _word(self, root):
    """The game's per-group word, for state()."""
    return 0


def _state(self):
    """The game's own state variables, for state()."""
    return ()


def _run(self, move, randoms, x):
    """The one move loop behind _push and playout, every table held in a local.

    randoms == 0: play move for to_move; return 0 or the reason it is illegal.
    randoms > 0: play up to that many random moves (fewer if the game ends), drawing from
    the empty list with the xorshift of rng.Rng inlined in x; return x. A refused draw is
    swapped to the end of the range still to draw from, for this move only.
    """
    raise NotImplementedError


def _pop(self):
    """Take back the last move (the log holds what it changed)."""
    raise NotImplementedError


def _record(self, move):
    """Append move to the history with the turn state it was played in."""
    i = self.count
    self.history[i] = move | (self.to_move | self.passes << 2 | self.phase << 4) << 9
    self.count = i + 1


def _log_room(self):
    """Make room for one move on the log; restart the log (undo will replay) if full.
    Hot paths test ``top > log_limit`` themselves before calling this."""
    if self.top > self.log_limit:
        self.top = 0
        self.log_from = self.count
