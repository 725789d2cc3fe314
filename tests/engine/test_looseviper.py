"""Loose's viper move loop (looseviper.py) against the reference, loose.Loose._run, as
tests/engine/test_goviper.py does for Go: the same tables after the same playouts and the same
checked moves (flips, refusals for want of a true liberty, the take-back of a refused flip), on
boards from 7x7 to 13x13, with and without the reply to the last stone."""

from support import viper_matches

from stones.compat import MICROPYTHON
from stones.engine.loose import REPLY, Loose

TABLES = ("cell", "root", "link", "stones", "where", "gen")


def test_where_the_viper_loop_plays():
    game = Loose(9)
    game.playout(1)
    assert game.over
    if not MICROPYTHON:
        assert game.viper is False  # CPython: the reference loop played it
        return
    for size in (9, 13, 17):
        game = Loose(size)
        game.prepare()
        assert bool(game.viper) == (size < 17)  # 17x17 and up: 256 cells or more


def test_the_viper_loop_plays_as_the_reference():
    if not MICROPYTHON:
        return
    for size in (7, 9, 13):
        moves, refused = viper_matches(lambda size=size: Loose(size, komi="2"), TABLES,
                                       (0, REPLY), 4, size)
        assert moves > 500 and refused > 200, (size, moves, refused)
