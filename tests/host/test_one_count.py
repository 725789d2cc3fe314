"""One game, one count: after a Go game ends, GTP's showboard, final_score and printsgf (its RE)
and the device's score screen and record (its RE) report the same result, whatever GTP's
--seed; and the estimate marks the dead stones GNU Go 3.8 marks on the settled handicap endings
of tests/engine/test_gocount.py, asked of GNU Go itself where it is installed."""

import subprocess

from support import skip
from test_gocount import HANDICAP_ENDS, UNSETTLED, finished
from test_handicap import handicap_setup, start

from host_tools.bench.opponents import find_gnugo
from host_tools.gtp.engine import Engine
from host_tools.records import sgf
from stones.engine.game import BLACK, WHITE

GAMES = (UNSETTLED, HANDICAP_ENDS[2][:3])  # both 9x9 with 4 stones: the device's setup


def on_the_device(handicap, moves):
    """(the result the score screen shows, the RE of the record it keeps) of the game played
    with the buttons, the marking taken as it opens."""
    device = handicap_setup(int(handicap))
    game = start(device)
    for entry in moves.split():
        colour, move = entry.split(":")
        assert game.to_move == (BLACK if colour == "B" else WHITE), entry
        device.play(move)
    assert device.app.top.module_name == "score"
    device.press("menu")  # done marking
    shown = device.app.top.result
    for button in ("a", "a", "menu"):
        device.press(button)  # table, result, menu
    text = bytes(device.fs.files["records/0001-go.sgf"]).decode()
    return shown, sgf.read(text).result


def in_gtp(size, handicap, moves, seed):
    """(showboard's 'game over' line, final_score, printsgf's RE) of the game over GTP."""
    commands = ["boardsize %d" % size, "komi 0.5", "fixed_handicap %s" % handicap]
    for entry in moves.split():
        colour, move = entry.split(":")
        commands.append("play %s %s" % (colour, move))
    commands += ["showboard", "final_score", "printsgf"]
    answers = Engine("go", size, seed).run(commands)
    assert all(a.startswith("=") for a in answers), answers
    board, score, text = (a[2:] for a in answers[-3:])
    over = [line for line in board.splitlines() if line.startswith("game over: ")]
    return over[0][len("game over: "):], score, sgf.read(text).result


def test_every_view_reports_the_one_result():
    for size, handicap, moves in GAMES:
        shown, recorded = on_the_device(handicap, moves)
        assert recorded == shown.gtp()
        for seed in (1, 7):
            board, score, written = in_gtp(size, handicap, moves, seed)
            assert (board, score, written) == (shown.text(), shown.gtp(), shown.gtp()), seed


def gnugo_dead(size, handicap, moves):
    """GNU Go's final_status_list dead for the game, its stones' names sorted."""
    path = find_gnugo()
    commands = ["boardsize %d" % size, "komi 0.5", "fixed_handicap %s" % handicap]
    commands += ["play %s %s" % tuple(entry.split(":")) for entry in moves.split()]
    commands += ["final_status_list dead", "final_score"]
    done = subprocess.run([path, "--mode", "gtp", "--level", "1"], capture_output=True,
                          text=True, timeout=300, input="\n".join(commands) + "\n")
    answers = [block.strip() for block in done.stdout.split("\n\n") if block.strip()]
    assert len(answers) == len(commands) and all(a.startswith("=") for a in answers), answers
    return " ".join(sorted(answers[-2][1:].split())), answers[-1][1:].strip()


def test_the_recorded_handicap_endings_are_gnu_go_s_count():
    if find_gnugo() is None:
        skip("GNU Go is missing: `make system-deps` installs the Debian package gnugo")
    for size, handicap, moves, dead, score in HANDICAP_ENDS:
        assert gnugo_dead(size, handicap, moves) == (dead, score), moves[:20]
        game = finished(size, handicap, moves)
        game.mark_estimated()
        assert " ".join(sorted(game.grid.name(p) for p in game.dead_stones())) == dead
