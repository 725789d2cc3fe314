"""OffShore's viper move loop (offshore/viper.py) against the reference,
offshore.rules.OffShore._run, as tests/engine/test_goviper.py does for Go: the same tables after
the same playouts and the same checked moves, on small and large boards, strong and weak
territory, a set-up position."""

from support import position, skip, viper_matches

from stones.compat import MICROPYTHON
from stones.engine.offshore.rules import KNOWLEDGE, OffShore

TABLES = ("cell", "root", "link", "stones", "where", "hull", "cover", "ngroups")


def test_the_viper_loop_plays_as_the_reference():
    game = OffShore(4)
    game.playout(1)
    assert game.over
    if not MICROPYTHON:
        assert game.viper is False  # CPython: the reference loop played it
        return
    for size, territory in ((4, "strong"), (7, "weak"), (5, "strong")):
        moves, refused = viper_matches(lambda s=size, t=territory: OffShore(s, territory=t),
                                       TABLES, (0, KNOWLEDGE), 4, size)
        assert moves > 300 and refused > 100


def test_a_set_up_position_sweeps_alike():
    """A White stone set up inside a Black group's hull (f4 in g4 g3 f5 e5's): every placement
    tests every group (sweep)."""
    if not MICROPYTHON:
        skip("viper code compiles on MicroPython only")
    games = []
    for _ in range(2):
        game = position(OffShore(4), black="g4 g3 f5 e5 c4", white="f4 e1")
        assert game.sweep
        game.prepare()
        games.append(game)
    reference, viper = games
    run = viper.viper
    for p in range(len(reference.cell)):
        if not reference.over:
            code = reference._run(p, 0, 0)
            assert run(viper, p, 0, 0) == code
    assert list(viper.cell) == list(reference.cell) and list(viper.cover) == list(reference.cover)


# -- the sources, on CPython -------------------------------------------------------------------
# MicroPython has no ast module: there the tests above compare what the loops do; these compare
# the sources (tests/engine/twins.py), so that plain pytest fails when one loop changes alone.


def loops():
    """offshore.viper.run read as offshore.rules.OffShore._run, and offshore.viper.paint as
    offshore.rules.paint."""
    from twins import Twin

    run = Twin(
        "offshore/viper.py", "run", "offshore/rules.py", "OffShore._run",
        rename_ref={"self": "g", "g": "hg"},  # the port's g is the game: the hull is hg
        # cover_table: the cover words as an object, for paint; cover is its pointer
        rename_port={"_GUARD": "GUARD", "_SPARE": "SPARE", "_CAPTURE": "CAPTURE",
                     "cover_table": "cover"},
        drop_port=("i = 0", "k = 0", "p = 0", "resume = 0", "cover = cover_table",
                   "first = g.grid.points[0]", "last = g.grid.points[-1]"),
        drop_ref=("offsets = self.offsets", "points = self.grid.points"),
        rewrite=(
            # CAPTURE's walk over the mailbox from the first point to the last (the cells
            # between are the edge's, never a player's colour), for the tuple of points
            ("range(first, last + 1)", "points"),
            # the knowledge bits as ints: 0 where the reference has False
            ("spare = 0\ncapture = 0\nif random:\n    spare = g.knowledge & SPARE\n"
             "    capture = g.knowledge & CAPTURE",
             "spare = random and g.knowledge & SPARE\n"
             "capture = random and g.knowledge & CAPTURE"),
        ))
    paint = Twin("offshore/viper.py", "paint", "offshore/rules.py", "paint",
                 rename_port={"cover_table": "cover"}, drop_port=("cover = cover_table",))
    return run, paint


def test_the_sources_match():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import compare

    run, paint = loops()
    assert compare(run).lines > 250
    assert compare(paint).lines > 10


def test_a_one_token_edit_is_caught():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import caught

    run, paint = loops()
    caught(run, "offshore/viper.py", "m -= m >> 4", "m -= m >> 5", "def run")
    caught(run, "offshore/rules.py", "ngroups[c] -= joined - 1", "ngroups[c] -= joined + 1",
           "def _run")
    caught(run, "offshore/viper.py", "paint(cover_table, hull[r], inc - 257", "paint(cover_table, "
           "hull[r], inc - 256", "def run")
    caught(run, "offshore/viper.py", "_GUARD = const(0x21084210)", "_GUARD = const(0x21084211)",
           "_G")
    caught(paint, "offshore/viper.py", "cover[i] += inc", "cover[i] -= inc", "def paint")
    caught(paint, "offshore/rules.py", "r += 1", "r += 2", "def paint")
