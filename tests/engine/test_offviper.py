"""OffShore's viper move loop (offviper.py) against the reference, offshore.OffShore._run,
as tests/engine/test_goviper.py does for Go: the same tables after the same playouts and the same
checked moves, on small and large boards, strong and weak territory, a set-up position."""

from support import position, viper_matches

from stones.compat import MICROPYTHON
from stones.engine.offshore import KNOWLEDGE, OffShore

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
        return
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
