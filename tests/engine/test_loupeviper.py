"""Loupe's viper move loop (loupe/viper.py) against the reference, loupe.rules.Loupe._run, as
tests/engine/test_goviper.py does for Go: the same tables after the same playouts and the same
checked moves (first and second stones, the one-stone opening, C7's refusals)."""

from support import skip, viper_matches

from stones.compat import MICROPYTHON
from stones.engine.game import NO_SECOND_STONE, WHITE
from stones.engine.loupe.rules import Loupe

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
        skip("viper code compiles on MicroPython only")
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


# -- the sources, on CPython -------------------------------------------------------------------
# MicroPython has no ast module: there the tests above compare what the loops do; these compare
# the sources (tests/engine/twins.py), so that plain pytest fails when one loop changes alone.


def loop():
    """loupe.viper.run read as loupe.rules.Loupe._run."""
    from twins import Twin

    return Twin(
        "loupe/viper.py", "run", "loupe/rules.py", "Loupe._run", rename_ref={"self": "g"},
        # viper declares the locals the loop assigns before it (typed ints); the hex steps are
        # computed from the stride where the reference loops over the grid's offsets
        drop_port=("i = 0", "k = 0", "p = 0", "w = g.grid.stride"),
        drop_ref=("offsets = self.offsets",))


def test_the_sources_match():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import compare

    assert compare(loop()).lines > 100


def test_a_one_token_edit_is_caught():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import caught

    twin = loop()
    caught(twin, "loupe/viper.py", "x >> 11", "x >> 12", "def run")
    caught(twin, "loupe/rules.py", "phase = _SECOND", "phase = _TWO", "def _run")
    caught(twin, "loupe/viper.py", "code = _NO_SECOND_STONE", "code = _OCCUPIED", "def run")
    caught(twin, "loupe/viper.py", "_MID_TURN = const(11)", "_MID_TURN = const(12)", "_MID")


def test_the_hex_steps_are_the_grids():
    """The steps twins.py reads the port's hex loops with are HexGrid's, in order."""
    from stones.engine.hexgrid import HexGrid

    for side in (7, 9):
        grid = HexGrid(side)
        if not MICROPYTHON:
            from twins import hexagonal

            assert tuple(grid.offsets) == hexagonal(grid.stride)
        w = grid.stride
        steps = []
        for j in range(6):  # loupe/viper.py's form
            d = 1 if j < 2 else (w if j < 4 else w - 1)
            steps.append(-d if j & 1 else d)
        assert tuple(grid.offsets) == tuple(steps)
