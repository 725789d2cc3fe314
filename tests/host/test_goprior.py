"""Go's learnt priors (host_tools/fit/goprior.py, firmware/stones/engine/go/prior.py): the module is
the readable weights list rendered; the engine's pattern code finds the weight of the right
class on real boards, checked by an independent reading of the board; the fitter recovers
known strengths."""

import math
import random

from support import playout_positions

from host_tools.fit import goprior
from stones.engine.go import prior as module
from stones.engine.go.rules import Go
from stones.engine.square import is_eye


def test_the_module_is_the_weights_list_rendered():
    assert goprior.main(["--check"]) == 0
    assert len(module.PATTERN) == (goprior.TABLE_SIZE + 1) // 2


def test_the_list_is_complete_and_readable():
    small, patterns = goprior.read_weights()
    for name, _, n in goprior.SMALL:
        assert any((name, v) in small for v in range(n)), name
    assert len(patterns) > 500  # classes seen in the games
    for cells in patterns:
        assert goprior.parse_drawing(goprior.drawing(cells)) == cells


def board_class(game, p):
    """The class of p's neighbourhood read straight off the board (rows up the board, the
    mover's stones as 1): no frames, no table index."""
    w = game.grid.stride
    c = game.to_move
    cells = []
    for dy, dx in ((1, -1), (1, 0), (1, 1), (0, -1), (0, 1), (-1, -1), (-1, 0), (-1, 1)):
        x = game.cell[p + dy * w + dx] & 3
        cells.append(x if x in (0, 3) or c == 1 else 3 - x)
    return goprior.canonical(cells)


def test_features_find_the_weight_of_the_neighbourhood_class_on_every_board_point():
    small, patterns = goprior.read_weights()
    checked = set()
    games = list(playout_positions(lambda: Go(9), 30, 7, 5, 70))
    games += list(playout_positions(lambda: Go(13), 10, 8, 5, 150))
    for game in games:
        game.prepare()
        for i in range(game.n_empty):
            p = game.empty[i]
            if is_eye(game, p, game.to_move):
                continue
            game.features(p)
            index = game.feat[0]
            level = module.PATTERN[index >> 1] >> (index & 1) * 4 & 15
            want = goprior.level_of(patterns.get(board_class(game, p), 0.0))
            assert level == want, (game.name(p), index)
            checked.add(index)
    assert len(checked) > 300
    assert any(goprior.INSIDE <= i < goprior.INSIDE + goprior.EDGE for i in checked)  # edges
    assert any(i >= goprior.INSIDE + goprior.EDGE for i in checked)  # and corners


def test_every_code_of_a_class_has_one_level():
    by_class = {}
    for index in range(goprior.TABLE_SIZE):
        level = module.PATTERN[index >> 1] >> (index & 1) * 4 & 15
        cls = goprior.canonical(goprior.cells_of_index(index))
        assert by_class.setdefault(cls, level) == level
    # inside, on an edge, in a corner: the classes the 3 kinds of point can have
    assert len(by_class) > 1000


def test_the_fit_recovers_known_strengths():
    # Each sample offers 6 candidates with random values of two features; the "player" picks
    # one with chance proportional to the product of the true gammas.
    truth = {("a", 0): 1.0, ("a", 1): 4.0, ("b", 0): 1.0, ("b", 1): 0.25, ("b", 2): 2.0}
    rnd = random.Random(3)
    data = []
    for _ in range(4000):
        rows = [(("a", rnd.randrange(2)), ("b", rnd.randrange(3))) for _ in range(6)]
        strengths = [truth[x] * truth[y] for x, y in rows]
        pick = rnd.random() * sum(strengths)
        chosen = 0
        while pick > strengths[chosen]:
            pick -= strengths[chosen]
            chosen += 1
        data.append((chosen, rows))
    gamma = goprior.fit(data, rounds=30)
    ratio_a = gamma[("a", 1)] / gamma[("a", 0)]
    ratio_b = gamma[("b", 2)] / gamma[("b", 1)]
    assert abs(math.log2(ratio_a) - 2) < 0.25, ratio_a
    assert abs(math.log2(ratio_b) - 3) < 0.35, ratio_b
    top1, top5 = goprior.predicts(data, gamma)
    assert 0.2 < top1 < top5 <= 1.0


def test_samples_follow_the_played_moves():
    # A short made-up game: Black's moves are learnt, White's not; each sample's chosen
    # candidate is the move played (its features recomputed on the board).
    games = [[("B", "E5", True), ("W", "C3", False), ("B", "C4", True), ("W", "pass", False),
              ("B", "D3", True)]]
    out = goprior.samples(games)
    assert len(out) == 3
    game = Go(9)
    game.prepare()
    for (chosen, rows), (_, text, _) in zip(out, [games[0][0], games[0][2], games[0][4]]):
        while game.count < {"E5": 0, "C4": 2, "D3": 4}[text]:
            game.play(game.parse(games[0][game.count][1]))
        game.features(game.parse(text))
        assert rows[chosen] == tuple(game.feat)
        assert len(rows) == game.n_empty


def test_games_appends_gnu_go_self_play_numbered_by_seed(tmp_path, monkeypatch):
    # Two games at once and one more: each line is a whole game GNU Go played (passes or a
    # resignation end it), the seeds' opening stones in lower case; a seed gives the same game
    # in a worker process as in this one.
    path = tmp_path / "games.txt"
    path.write_text("# header\n")
    monkeypatch.setattr(goprior, "GAMES", str(path))
    assert goprior.main(["games", "2", "--workers", "2", "--seed", "7", "--level", "1"]) == 0
    assert goprior.main(["games", "1", "--seed", "8", "--level", "1"]) == 0
    lines = path.read_text().splitlines()
    assert lines[0] == "# header" and len(lines) == 4
    assert lines[2] == lines[3]  # seed 8 in a worker and here
    assert lines[1] != lines[2]
    for game in goprior.read_games(str(path)):
        colours = [colour for colour, _, _ in game]
        assert all(a != b for a, b in zip(colours, colours[1:]))  # turns alternate
        played = [text for _, text, learnt in game if learnt]
        assert played and all(learnt for _, _, learnt in game[len(game) - len(played):])
        g = Go(9)
        for _, text, _ in game:
            g.play(g.parse(text))  # every move legal in order


def test_versus_appends_gnu_go_against_the_engine_learning_gnu_go_s_moves(tmp_path, monkeypatch):
    # One game of GNU Go level 1 (White, seed 4 even) against the top Pico level: the line
    # learns White's moves only, and replays legally to the end of the game.
    path = tmp_path / "games.txt"
    path.write_text("")
    monkeypatch.setattr(goprior, "GAMES", str(path))
    assert goprior.main(["versus", "1", "--seed", "4"]) == 0
    (line,) = path.read_text().splitlines()
    assert line.startswith("W B:")
    (game,) = goprior.read_games(str(path))
    assert [learnt for colour, _, learnt in game] == [colour == "W" for colour, _, _ in game]
    g = Go(9)
    for _, text, _ in game:
        g.play(g.parse(text))
    assert g.over  # played to its end: two passes (a resignation is GNU Go's pass)
