"""The learned policy's training set as committed (host_tools/fit/policydata.py): every labelled
game is one of the device's games in go_games.txt, it has a label for each of its positions, and
each label is a point of the board, a pass or a resignation."""

from host_tools.fit import policydata
from stones.engine import registry


def test_every_label_belongs_to_a_position_of_a_device_game():
    games = dict(policydata.device_games())
    done = policydata.labelled()
    assert done, "no labelled game committed"
    grid = registry.new_game("go", 9).grid
    for number, answers in done.items():
        assert number in games, number
        assert len(answers) == len(games[number]), number
        for answer in answers:
            assert answer in ("pass", "resign") or grid.parse(answer), (number, answer)


def test_the_device_games_are_the_ones_against_the_top_pico_level():
    games = policydata.device_games()
    assert len(games) == 300 and games[0][0] == policydata.FIRST_DEVICE_GAME
    assert all(colour in "BW" for _, moves in games for colour, _ in moves)


def test_every_self_play_game_is_legal_from_its_opening():
    """data/go_selfplay.txt (policydata selfplay): each game replays on the engine move by
    move, its opening stones set up in lower case and never learnt, the teacher's moves
    alternating after them."""
    from host_tools.fit.goprior import read_games

    games = read_games(policydata.SELFPLAY)
    assert len(games) >= 50, "fewer self-play games than committed"
    for number, moves in enumerate(games):
        game = registry.new_game("go", 9, komi="6.5")
        opening = [m for m in moves if not m[2]]
        assert len(opening) <= 3 and moves[:len(opening)] == opening, number
        for at, (colour, point, learnt) in enumerate(moves):
            if learnt and at > len(opening):
                assert colour != moves[at - 1][0], (number, at)
            move = 0 if point == "pass" else game.grid.parse(point)
            game.play_as(" BW".index(colour), move)  # IllegalMove if the rules refuse it


def test_every_searched_game_replays_and_its_labels_are_legal_moves_there():
    """data/<game>_search.txt (host_tools/fit/searchdata.py): each of the device's games there
    replays on the engine to its end, and each position's label is the top Pi level's legal
    moves there, most playouts first (none for the random opening moves, nor where the search
    played its opening book or had no choice)."""
    import os

    from host_tools.fit import searchdata

    found = 0
    for key in searchdata.GAMES:
        if not os.path.exists(searchdata.path_of(key)):
            continue
        for k, positions in searchdata.read(key).items():
            game = registry.new_game(key)
            labelled = 0
            for at, (played, label) in enumerate(positions):
                counts = [n for _, n in label]
                assert counts == sorted(counts, reverse=True) and all(counts), (key, k, at)
                for name, _ in label:
                    assert not game.reason(game.parse(name)), (key, k, at, name)
                labelled += bool(label)
                game.play(game.parse(played))
            assert game.over and labelled * 2 >= len(positions), (key, k)
            found += 1
    assert found >= 10, "fewer searched games than committed"
