"""Long games and the move limit (Game._cap, docs/rules.md A9) over SGF and GTP.

A 19x19 record longer than any professional game and a 9x9 record of 300 moves (past the
three-moves-a-point of 243 that stopped such records once) load and replay move by move, over
GTP's loadsgf, the records command's reader and GNU Go's loadsgf alike. A record past the limit,
a play and a genmove at it, are refused with the limit named. The records are made of random
legal moves that fill the mover's own eyes too (tests/engine/longgames.py), so they keep
capturing as long games do.
"""

import subprocess

import pytest
from longgames import play_long

from host_tools.bench.opponents import find_gnugo
from host_tools.gtp.engine import Engine, format_vertex
from host_tools.records import cli
from host_tools.records.files import load
from host_tools.records.sgf import read, write
from stones.engine.game import LONG_GAME, PASS
from stones.engine.go.rules import Go


def stones(game):
    """GTP's list_stones answers for Black and White, as our front end prints them."""
    out = []
    for colour in (1, 2):
        out.append(" ".join(format_vertex(game.grid.coords(p)) for p in game.grid.points
                            if game.colour(p) == colour))
    return out


def gnugo_stones(path, size, moves=None):
    """GNU Go's list_stones after its loadsgf of path (up to move `moves`), sorted as ours."""
    gnugo = find_gnugo()
    if gnugo is None:
        pytest.fail("GNU Go is missing: `make system-deps` installs the Debian package gnugo")
    load_line = "loadsgf %s" % path + ("" if moves is None else " %d" % (moves + 1))
    done = subprocess.run([gnugo, "--mode", "gtp", "--boardsize", str(size)],
                          input="%s\nlist_stones black\nlist_stones white\nquit\n" % load_line,
                          capture_output=True, text=True, timeout=120)
    answers = [a for a in done.stdout.split("\n\n") if a.strip()]
    assert answers[0].startswith("="), answers[0]
    order = {format_vertex((c, r)): (size - r, c) for r in range(size) for c in range(size)}
    return [" ".join(sorted(a[1:].split(), key=order.get)) for a in answers[1:3]]


@pytest.mark.parametrize("size, moves, seed", [(19, 420, 3), (9, 300, 4)])
def test_a_long_record_loads_and_replays_everywhere(size, moves, seed, tmp_path):
    game = play_long(Go(size), moves, seed)
    assert game.count == moves and not game.over
    path = tmp_path / "long.sgf"
    path.write_text(write(game))
    record = read(path.read_text())
    assert len(record.moves) == moves
    replay = Go(size)
    for k, (colour, move) in enumerate(game.entry(i) for i in range(moves)):
        if k % 60 == 0:  # the record's first k moves are the game's
            assert stones(record.game(k)) == stones(replay)
        replay.play_as(colour, move)
    assert stones(load(str(path))) == stones(game)
    answers = Engine("go", size).run(["loadsgf %s" % path, "list_stones b", "list_stones w"])
    assert answers[0] in ("= black", "= white") and [a[2:] for a in answers[1:]] == stones(game)
    assert gnugo_stones(path, size) == stones(game)  # the reference loads it whole too
    assert gnugo_stones(path, size, 300) == stones(record.game(300))


def test_the_limit_per_board_size():
    for size in Go.sizes:
        limit = Go(size).cap
        assert limit >= LONG_GAME and limit >= 3 * size * size
    assert Go(19).cap > 2 * 411  # the longest professional game on record, twice over


def test_a_game_at_the_limit_and_a_record_past_it_say_so(tmp_path, capsys):
    game = play_long(Go(9), LONG_GAME, 6)
    limit = game.cap
    assert game.count == limit and game.over
    result = game.result()
    assert result.winner is None and result.note == "move limit %d reached" % limit
    with pytest.raises(ValueError, match="pass: move limit %d reached" % limit):
        game.play(PASS)
    text = write(game)
    assert "RE[Void]" in text
    past = tmp_path / "past.sgf"
    past.write_text(text.rstrip().rstrip(")") + ";B[ee])")  # one move more
    named = "move %d (B E5): E5: move limit %d reached" % (limit + 1, limit)
    assert named in Engine().run(["loadsgf %s" % past])[0]
    assert cli.main(["show", str(past)]) == 1
    assert named in capsys.readouterr().err
    path = tmp_path / "limit.sgf"
    path.write_text(text)
    engine = Engine(level=0)
    answers = engine.run(["loadsgf %s" % path, "play b e5", "genmove w", "undo", "play b pass"])
    assert answers[1:] == ["? illegal move (move limit %d reached)" % limit,
                           "? move limit %d reached" % limit, "=", "="]
