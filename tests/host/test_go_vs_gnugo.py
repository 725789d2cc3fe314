"""GNU Go as the reference for Go's legality, captures and SGF records.

Seeded random 9x9 games are sent move by move to both engines over GTP: our front end in-process
(host_tools.gtp.Engine) and `gnugo --mode gtp` as a subprocess. Moves are drawn from every empty
point, legal or not, so suicides and ko retakes are attempted all the time; both engines must
accept or refuse each attempt alike. After every move the boards (list_stones) and the captures
must agree, and every few moves `is_legal` for the side to move is compared on every empty point.
Each game ends with an SGF exchange in both directions (our printsgf read by GNU Go's loadsgf,
GNU Go's printsgf read by ours).

Both follow simple ko and forbid suicide (GNU Go's defaults), readings A2 and A3 of docs/rules.md.
`make test` installs GNU Go (Debian package gnugo, command in /usr/games); without it these tests
fail and say so.
"""

import subprocess

import pytest

from host_tools.bench.opponents import find_gnugo
from host_tools.gtp.engine import Engine, format_vertex
from stones.engine.game import KO, SUICIDE
from stones.engine.rng import Rng

GAMES = 24  # about 5 s on a developer machine
MOVES = 180  # well below the engine's move limit on 9x9 (rules.md A9)
CHECK_EVERY = 3
POINTS = [format_vertex((c, r)) for r in range(8, -1, -1) for c in range(9)]


class Gnugo:
    """GNU Go over GTP: ask(command) -> (ok, text)."""

    def __init__(self, path):
        self.process = subprocess.Popen([path, "--mode", "gtp", "--level", "0"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError("GNU Go stopped after %r" % command)
            if line == "\n":
                break
            lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        return text.startswith("="), text[1:].strip()

    def close(self):
        self.ask("quit")
        self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def gnugo():
    path = find_gnugo()
    if path is None:
        pytest.fail("GNU Go is missing: `make system-deps` installs the Debian package gnugo")
    reference = Gnugo(path)
    yield reference
    reference.close()


class Pair:
    """One game played on both engines, with the log that a failure message prints."""

    def __init__(self, gnugo, seed):
        self.gnugo = gnugo
        self.ours = Engine("go", 9)
        self.seed = seed
        self.moves = []
        for command in ("boardsize 9", "clear_board", "komi 0"):
            assert gnugo.ask(command)[0]

    def ask_ours(self, command):
        response = self.ours.execute(command)
        return response.startswith("="), response[1:].strip()

    def both(self, command):
        ours = self.ask_ours(command)
        theirs = self.gnugo.ask(command)
        if ours != theirs:
            raise AssertionError(
                "seed %d: %r answered %r by us, %r by GNU Go\nmoves: %s\n%s"
                % (self.seed, command, ours, theirs, " ".join(self.moves),
                   self.ours.game.diagram()))
        return ours

    def empty_points(self):
        taken = set()
        for colour in ("black", "white"):
            taken.update(self.ask_ours("list_stones " + colour)[1].split())
        return [p for p in POINTS if p not in taken]


def play_game(gnugo, seed, tally):
    """Play one seeded game on both engines, comparing as it goes; count in tally what the
    games reached (refusals by reason, is_legal answers compared, stones captured)."""
    pair = Pair(gnugo, seed)
    play_moves(pair, tally)
    for colour in ("black", "white"):
        tally["captured"] += int(pair.ask_ours("captures " + colour)[1])
    return pair


def play_moves(pair, tally):
    rng = Rng(pair.seed)
    colours = ("black", "white")
    last_pass = False
    for n in range(MOVES):
        colour = colours[n & 1]
        empty = pair.empty_points()
        if n % CHECK_EVERY == 0:
            for point in empty:
                legal = pair.both("is_legal %s %s" % (colour, point))[1]
                if legal == "0":
                    tally[pair.ours.game.reason(pair.ours.move(point))] += 1
                tally["checked"] += 1
        for _ in range(40):
            if not last_pass and rng.below(30) == 0:
                move = "pass"
            else:
                move = empty[rng.below(len(empty))]
            ok = pair.both("play %s %s" % (colour, move))[0]
            if ok:
                break
            tally[pair.ours.game.reason(pair.ours.move(move))] += 1
        else:
            if last_pass:
                return  # nothing legal after a pass: a pass would end the game
            move = "pass"
            assert pair.both("play %s pass" % colour)[0]
        pair.moves.append("%s:%s" % (colour[0].upper(), move))
        last_pass = move == "pass"
        for colour in colours:
            pair.both("list_stones " + colour)
            pair.both("captures " + colour)


def test_random_games_agree_with_gnugo(gnugo):
    tally = {KO: 0, SUICIDE: 0, "checked": 0, "captured": 0}
    for seed in range(1, GAMES + 1):
        play_game(gnugo, seed, tally)
    print("compared with GNU Go:", tally)
    # The games did reach the cases that matter.
    assert tally[KO] >= 10, tally
    assert tally[SUICIDE] >= 100, tally
    assert tally["captured"] >= 500, tally
    assert tally["checked"] >= 20000, tally


def test_sgf_records_agree_with_gnugo(gnugo, tmp_path):
    for seed in (101, 102, 103):
        pair = play_game(gnugo, seed, {KO: 0, SUICIDE: 0, "captured": 0, "checked": 0})
        ours = str(tmp_path / ("ours%d.sgf" % seed))
        assert pair.ask_ours("printsgf " + ours)[0]
        fresh = Gnugo(find_gnugo())
        try:
            assert fresh.ask("loadsgf " + ours)[0]
            for colour in ("black", "white"):
                assert fresh.ask("list_stones " + colour) == pair.ask_ours("list_stones " + colour)
                assert fresh.ask("captures " + colour) == pair.ask_ours("captures " + colour)
        finally:
            fresh.close()
        theirs = str(tmp_path / ("theirs%d.sgf" % seed))
        assert gnugo.ask("printsgf " + theirs)[0]  # GNU Go writes the position as set-up stones
        other = Engine("go", 9)
        assert other.execute("loadsgf " + theirs).startswith("=")
        for colour in ("black", "white"):
            assert other.execute("list_stones " + colour) == pair.ours.execute(
                "list_stones " + colour)


def test_ko_and_suicide_positions_of_the_rules_readings(gnugo):
    # G2 and G4 of docs/rules.md, set up with plays on both engines.
    pair = Pair(gnugo, 0)
    for point in "D5 F5 E6 E4 A2 B1".split():
        pair.both("play black " + point)
    assert pair.both("is_legal white E5") == (True, "0")
    assert pair.both("is_legal white A1") == (True, "0")
    assert pair.both("play white E5") == (False, "illegal move")
    pair = Pair(gnugo, 0)
    for colour, points in (("black", "C5 D6 D4"), ("white", "D5 E6 F5 E4")):
        for point in points.split():
            pair.both("play %s %s" % (colour, point))
    pair.both("play black E5")
    assert pair.both("is_legal white D5") == (True, "0")
    pair.both("play white J9")
    pair.both("play black J1")
    assert pair.both("play white D5") == (True, "")
    assert pair.both("captures white") == (True, "1")


def test_capturer_may_fill_the_ko_point_out_of_turn(gnugo):
    """The ko ban is only for the opponent's next turn (rules.md A3): a move out of turn skips it,
    so the capturer may fill the point, as GNU Go agrees."""
    pair = Pair(gnugo, 0)
    for colour, points in (("black", "C5 D6 D4"), ("white", "D5 E6 F5 E4")):
        for point in points.split():
            pair.both("play %s %s" % (colour, point))
    pair.both("play black E5")  # takes the ko; White is to move
    pair.both("is_legal black D5")  # GNU Go: 1 (Black fills its own point); ours: 0 (ko)
