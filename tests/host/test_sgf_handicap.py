"""Handicap games in SGF: the device's record writer (stones.engine.sgf, through the host's
host_tools/records/sgf.py) writes HA, AB and KM, sgfmill reads the record with the right handicap
stones, and reading it back gives the same game with White first."""

import pytest
from sgfmill import sgf as sgfmill
from sgfmill import sgf_moves

from host_tools.records.sgf import Record, SgfError, read, write
from host_tools.sim.device import Device
from stones.engine.game import BLACK, WHITE
from stones.engine.go.rules import Go
from stones.recordfiles import write_record_file


def handicap_game(size, stones, moves=("D6", "C4", "pass", "pass")):
    game = Go(size, handicap=str(stones))
    for name in moves:
        game.play_text(name)
    return game


def black_setup(game):
    return sorted(game.grid.coords(p) for c, p in game.setup if c == BLACK)


@pytest.mark.parametrize("size,stones", [(9, 2), (9, 9), (13, 5), (19, 4), (19, 7)])
def test_sgfmill_reads_the_handicap_stones_and_komi(size, stones):
    game = handicap_game(size, stones)
    pieces = []
    write_record_file(game, pieces.append)  # what the device writes into records/
    text = "".join(pieces)
    assert "HA[%d]" % stones in text and "KM[0.5]" in text and "PL[W]" in text
    parsed = sgfmill.Sgf_game.from_string(text)
    assert parsed.get_size() == size and parsed.get_handicap() == stones
    assert parsed.get_komi() == 0.5
    board, plays = sgf_moves.get_setup_and_moves(parsed)
    # sgfmill's (row, col) count from the bottom left, as the engine's (col, row) do
    placed = sorted((col, row) for row, col in
                    ((r, c) for r in range(size) for c in range(size) if board.get(r, c) == "b"))
    assert placed == black_setup(game)
    assert plays[0][0] == "w" and len(plays) == game.count


def test_the_record_reads_back_as_the_same_handicap_game():
    game = handicap_game(13, 6, moves=("G7", "F6", "H8"))
    record = read(write(game))
    assert record == Record.of(game) and record.handicap == 6
    again = record.game()
    assert again.handicap() == 6 and again.first == WHITE and again.diagram() == game.diagram()
    assert [again.entry(i) for i in range(again.count)] == [game.entry(i) for i in range(3)]
    before = read(write(Go(13, handicap="6")))  # no move yet: White to move all the same
    assert before.player == WHITE and before.game().to_move == WHITE


def test_a_game_without_handicap_writes_no_ha_and_bad_ha_is_named():
    assert "HA[" not in write(handicap_game(9, 0, moves=("E5",)))
    with pytest.raises(SgfError, match=r"HA\[two\]"):
        read("(;GM[1]SZ[9]HA[two]AB[cc][gg])")
    record = read("(;GM[1]SZ[9]HA[2]AB[cc][gg];W[ee])")  # another program's handicap record
    assert record.game().handicap() == 2 and record.game().entry(0) == (WHITE, Go(9).parse("E5"))


def test_a_handicap_game_from_the_device_is_kept_with_its_stones():
    device = Device()
    device.press("a")  # Go
    for _ in range(4):
        device.press("down")  # Start, Size, Komi, Scoring -> Handicap
    device.press("right")
    device.press("right")  # 2, 3
    for _ in range(4):
        device.press("up")
    device.press("a")  # Start
    device.play("D6")  # White first
    device.play("pass")
    device.play("pass")
    device.play("pass")  # the game is over: the score screen
    for _ in range(4):
        device.press("a")  # counted, result, to the menu
    names = [name for name in device.fs.listdir("records")]
    text = bytes(device.fs.files["records/" + names[0]]).decode()
    parsed = sgfmill.Sgf_game.from_string(text)
    assert parsed.get_handicap() == 3 and parsed.get_komi() == 0.5
    assert parsed.get_root().get_setup_stones()[0] == {(2, 2), (6, 2), (6, 6)}


@pytest.mark.parametrize("setup,stones", [("AB[cc][cg][gc][gg]", "C3 C7 G3 G7"),
                                          ("AB[aa][bb][ia][ii]", "A9 B8 J1 J9")])
def test_records_show_says_one_handicap(setup, stones, tmp_path):
    """The record's HA and the game's handicap setting, printed together by `records show`,
    say the same count: for GNU Go's points and for stones placed freely (the set-up)."""
    import subprocess
    import sys

    from host_tools.paths import ROOT

    path = tmp_path / "h.sgf"
    path.write_text("(;GM[1]FF[4]SZ[9]KM[0.5]HA[4]%sPL[W];W[ee];B[];W[])" % setup)
    done = subprocess.run([sys.executable, "-m", "host_tools.records", "show", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "Handicap: 4" in lines and "handicap 4" in lines, done.stdout
    assert [line for line in lines if line.startswith("handicap ")] == ["handicap 4"]
    game = read(path.read_text()).game()
    assert game.handicap() == 4 and game.settings["handicap"] == "4"
    assert game.settings["komi"] == "0.5" and game.over
    assert sorted(game.name(p) for c, p in game.setup) == stones.split()  # the record's stones
