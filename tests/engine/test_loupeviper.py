"""Loupe's viper move loop (loupeviper.py) against the reference, loupe.Loupe._run, as
tests/engine/test_goviper.py does for Go: the same tables after the same playouts and the same
checked moves (first and second stones, the one-stone opening, C7's refusals)."""

from support import viper_matches

from stones.compat import MICROPYTHON
from stones.engine.game import NO_SECOND_STONE, WHITE
from stones.engine.loupe import Loupe

TABLES = ("cell", "root", "link", "stones", "where", "phase")


def test_the_viper_loop_plays_as_the_reference():
    game = Loupe(7)
    game.playout(1)
    assert game.over
    if not MICROPYTHON:
        assert game.viper is False  # CPython: the reference loop played it
        return
    for size in (7, 9):
        moves, refused = viper_matches(lambda s=size: Loupe(s), TABLES, (0,), 6, size)
        assert moves > 600 and refused > 150
    game = Loupe(11)
    game.prepare()
    assert game.viper is False  # 331 cells: stones and where are words, not bytes


def test_a_first_stone_without_a_second_is_refused_alike():
    """C7 (tests/engine/test_loupe.py's positions): White's a1 is refused when no second stone
    could follow it, and the playouts pass alike."""
    if not MICROPYTHON:
        return
    from test_loupe import full_board

    for empty, white in (("a1 g7", "a2 b1"), ("a1 a2 g7", "a3 b1")):
        games = []
        for _ in range(2):
            game = full_board(empty, white=white)
            game.set_turn(WHITE)
            game.prepare()
            games.append(game)
        reference, viper = games
        run = viper.viper
        codes = []
        for p in range(len(reference.cell)):
            code = reference._run(p, 0, 0)
            assert run(viper, p, 0, 0) == code
            codes.append(code)
        assert NO_SECOND_STONE in codes or empty == "a1 a2 g7"  # met in the first position
        assert run(viper, 0, 10, 5) == reference._run(0, 10, 5)
        assert viper.count == reference.count and list(viper.cell) == list(reference.cell)
