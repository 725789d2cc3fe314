"""The strength benchmark's games against GNU Go (host_tools.bench.opponents) are reproducible: the
same game index is the same game in every run, GNU Go's random seed included."""

import pytest

from host_tools.bench import opponents
from stones.engine import search


def play(index):
    gnugo = opponents.GnuGoPlayer(level=1)
    try:
        game, colour = opponents.gnugo_game(
            9, lambda seed: opponents.SearchPlayer(300, seed, search.PICO_NODES), gnugo, index,
            {"komi": "6.5"})
    finally:
        gnugo.close()
    return [game.entry(i) for i in range(game.count)], colour


def test_a_game_against_gnugo_is_the_same_game_in_every_run():
    if opponents.find_gnugo() is None:
        pytest.fail("GNU Go is missing: `make test` installs the Debian package gnugo")
    first, colour = play(3)
    again, _ = play(3)
    assert colour == opponents.WHITE  # our player is White in the odd games
    assert len(first) > 20 and first == again
