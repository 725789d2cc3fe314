"""GTP's handicap commands (host_tools/gtp/engine.py): fixed_handicap, place_free_handicap and
set_free_handicap answer as GNU Go 3.8 answers them, checked against GNU Go itself where it runs
(`make system-deps` installs it); then White moves, printsgf writes HA and AB, and a refused
command leaves the board as it was."""

import subprocess

import pytest
from test_gtp import answer, error, gtp

from host_tools.bench.opponents import find_gnugo
from host_tools.gtp.engine import Engine
from host_tools.records import sgf

# Each case runs on a cleared board; GNU Go leaves stones after some refusals, so every command
# starts from clear_board in both engines.
COUNTS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "-2", "x", "", "+3", "04"]
FREE = ["", "C3", "C3 C3", "C3 D4 D4", "C3 Z9", "C3 pass", "pass C3 D4", "x y", "C3 D4",
        "C3 D4 E5 F5 G6 H7 J8 A1 B2 C1"]


def cases(size):
    """(command, compare) pairs: compare False where only success is compared (free placement
    is GNU Go's own choice). After a refusal only the answer is compared: GNU Go leaves the
    stones before a bad vertex on the board, this engine changes nothing."""
    out = [("fixed_handicap " + count, True) for count in COUNTS]
    out += [("place_free_handicap " + count, count in ("0", "1", "-2", "x", "")) for count in
            COUNTS]
    out += [("set_free_handicap " + vertices, True) for vertices in FREE]
    return out


def script(size):
    """The commands of the comparison, each after clear_board, and the board after it."""
    lines = ["boardsize %d" % size]
    for command, _ in cases(size):
        lines += ["clear_board", command, "list_stones black", "list_stones white",
                  "play b E5", "fixed_handicap 2"]  # a stone down: the board is not empty
    return lines


def responses(output):
    """GNU Go's responses, one per command (a response ends with a blank line)."""
    return [block.strip() for block in output.split("\n\n") if block.strip()]


def ours(size):
    return Engine("go", size, level=0).run(script(size))


def gnugo(size):
    path = find_gnugo()
    done = subprocess.run([path, "--mode", "gtp"], input="\n".join(script(size)) + "\n",
                          capture_output=True, text=True, timeout=120)
    return responses(done.stdout)


@pytest.mark.parametrize("size", (9, 13, 19))
def test_the_answers_are_gnugos(size):
    if find_gnugo() is None:
        pytest.skip("GNU Go is missing: `make system-deps` installs the Debian package gnugo")
    mine, theirs = [r.strip() for r in ours(size)], gnugo(size)
    assert len(mine) == len(theirs) == len(script(size))
    i = 1  # after boardsize
    for command, compare in cases(size):
        got, expected = mine[i + 1:i + 6], theirs[i + 1:i + 6]
        # list_stones lists in reading order here, in GNU Go's board order there: compare sets
        for k in (1, 2):
            got[k] = sorted(got[k].lstrip("=").split())
            expected[k] = sorted(expected[k].lstrip("=").split())
        if got[0].startswith("?"):  # refused: GNU Go's words, and our board left empty
            assert got[0] == expected[0] and got[1] == got[2] == [], command
        elif compare:
            assert got == expected, command
        else:
            assert got[0][:1] == expected[0][:1] == "=", command
            placed = got[0][1:].split()
            assert placed and len(placed) <= max(2, int(command.split()[1])), command
            assert got[1] == sorted(placed) and got[2] == expected[2] == [], command
            assert got[4] == expected[4], command  # (E5 may hold a stone in one of them)
        i += 6


def test_fixed_handicap_places_the_settings_stones_and_white_moves():
    assert answer(["boardsize 19", "fixed_handicap 9"]) == "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4"
    engine = Engine("go", 9, level=0)
    engine.run(["komi 6.5", "fixed_handicap 3"])
    game = engine.game
    assert game.to_move == 2 and game.handicap() == 3 and game.settings["komi"] == "6.5"
    assert engine.run(["genmove w", "komi 7.5", "undo", "showboard"])[-1].endswith("White to move")
    assert engine.game.handicap() == 3 and engine.game.count == 0
    text = engine.run(["printsgf"])[0]
    assert "HA[3]" in text and "AB[cg][cc][gc]" in text and "KM[7.5]" in text and "PL[W]" in text
    assert engine.run(["clear_board", "list_stones black"]) == ["=", "="]
    assert engine.game.handicap() == 0 and engine.game.to_move == 1


def test_refusals_change_nothing():
    engine = Engine("go", 9, level=0)
    engine.run(["fixed_handicap 2"])
    before = engine.game.state()
    for command in ("fixed_handicap 3", "place_free_handicap 4", "set_free_handicap A1 A2"):
        assert engine.run([command]) == ["? board not empty"]
    assert engine.game.state() == before
    engine.run(["clear_board"])
    before = engine.game.state()
    for command in ("set_free_handicap C3 D4 Z9", "set_free_handicap C3 C3", "fixed_handicap 10"):
        assert engine.run([command])[0].startswith("?")
    assert engine.game.state() == before
    points = " ".join("%s%d" % (c, r) for c in "ABCDEFGHJ" for r in range(1, 10))
    assert engine.run(["set_free_handicap " + points]) == ["? invalid handicap"]


def test_a_free_handicap_is_black_stones_and_white_first_and_sgf_keeps_it(tmp_path):
    engine = Engine("go", 13, level=0)
    assert engine.run(["set_free_handicap C3 D4 K10", "play w G7", "play b E5"]) == ["="] * 3
    game = engine.game
    assert game.handicap() == 3 and game.entry(0)[0] == 2
    record = sgf.read(engine.run(["printsgf"])[0][2:])
    assert record.handicap == 3 and record.game().handicap() == 3
    free = answer(["boardsize 19", "place_free_handicap 40"]).split()
    assert len(free) == 9  # at most the option's largest: GTP lets an engine place fewer


def test_games_without_a_handicap_say_so():
    pytest.importorskip("stones.engine.loose.rules")
    assert error(["fixed_handicap 2"], "loose") == "Loose has no handicap"
    assert error(["set_free_handicap C3 D4"], "loose") == "Loose has no handicap"
    assert gtp(["known_command place_free_handicap"])[0] == "= true"


def test_the_handicap_flag_places_the_first_games_stones_only():
    engine = Engine("go", 9, level=0, handicap="4")
    assert engine.run(["list_stones black"]) == ["= C7 G7 C3 G3"]
    assert engine.game.to_move == 2 and engine.game.settings["komi"] == "0.5"
    assert engine.run(["boardsize 13", "list_stones black", "fixed_handicap 2"]) == [
        "=", "=", "= K10 D4"]
    assert engine.run(["clear_board", "list_stones black"]) == ["=", "="]
    assert engine.run(["komi 6.5", "play b E5", "undo", "list_stones black"]) == ["="] * 4
