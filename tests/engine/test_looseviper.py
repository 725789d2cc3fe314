"""Loose's viper move loop (loose/viper.py) against the reference, loose.rules.Loose._run, as
tests/engine/test_goviper.py does for Go: the same tables after the same playouts and the same
checked moves (flips, refusals for want of a true liberty, the take-back of a refused flip), on
boards from 7x7 to 13x13, with and without the reply to the last stone."""

from support import skip, viper_matches

from stones.compat import MICROPYTHON
from stones.engine.loose.rules import REPLY, Loose

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
        skip("viper code compiles on MicroPython only")
    for size in (7, 9, 13):
        moves, refused = viper_matches(lambda size=size: Loose(size, komi="2"), TABLES,
                                       (0, REPLY), 4, size)
        assert moves > 500 and refused > 200, (size, moves, refused)


# -- the sources, on CPython -------------------------------------------------------------------
# MicroPython has no ast module: there the tests above compare what the loops do; these compare
# the sources (tests/engine/twins.py), so that plain pytest fails when one loop changes alone.

ADDRESSES = {"cell8": "cell", "link16": "link", "degree8": "degree"}  # for alive


def loops():
    """loose.viper.run read as loose.rules.Loose._run, and loose.viper.alive as
    loose.rules._alive."""
    from twins import Twin

    run = Twin(
        "loose/viper.py", "run", "loose/rules.py", "Loose._run", rename_ref={"self": "g"},
        rename_port=dict(ADDRESSES, _REPLY="REPLY"),
        # viper declares the locals the loop assigns before it (typed ints), passes alive the
        # tables' addresses (cell8...), and counts the marks once; the reference names its
        # steps and its helper
        drop_port=("i = 0", "k = 0", "p = 0", "v = 0", "own = 0", "base = 0", "legal = False",
                   "cell8 = cell", "link16 = link", "degree8 = degree",
                   "n_mark = len(g.mark)"),
        drop_ref=("offsets = self.offsets", "diagonals = self.grid.diagonals",
                  "alive = _alive"),
        rewrite=(
            ("n_mark", "len(mark)"),
            # the eye test's diagonals, unrolled (viper cannot loop over a tuple of ints);
            # test_goviper.py checks they are SquareGrid's
            ("if cell[p + w + 1] & _COLOUR == e:\n    enemies += 1\n"
             "if cell[p + w - 1] & _COLOUR == e:\n    enemies += 1\n"
             "if cell[p + 1 - w] & _COLOUR == e:\n    enemies += 1\n"
             "if cell[p - 1 - w] & _COLOUR == e:\n    enemies += 1",
             "for d in diagonals:\n    if cell[p + d] & _COLOUR == e:\n        enemies += 1"),
        ))
    alive = Twin(
        "loose/viper.py", "alive", "loose/rules.py", "_alive", rename_port=ADDRESSES,
        drop_port=("cell = cell8", "link = link16", "degree = degree8"),
        rewrite=(("return 1", "return True"), ("return 0", "return False")))  # an int result
    return run, alive


def test_the_sources_match():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import compare

    run, alive = loops()
    assert compare(run).lines > 200
    assert compare(alive).lines > 15


def test_a_one_token_edit_is_caught():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import caught

    run, alive = loops()
    caught(run, "loose/viper.py", "cell[s + w] += flip", "cell[s + w] -= flip", "def run")
    caught(run, "loose/rules.py", "enemies > (0 if", "enemies >= (0 if", "def _run")
    caught(run, "loose/viper.py", "if gen == 256:", "if gen == 255:", "def run")
    caught(run, "loose/viper.py", "if cell[p - 1 - w]", "if cell[p - 1 + w]", "def run",
           block="if cell[p + w + 1]")  # in the unrolled diagonals: named from their first
    caught(alive, "loose/viper.py", "t = s - w", "t = s + w", "def alive")
    caught(alive, "loose/rules.py", "if s == start:", "if s != start:", "def _alive")
