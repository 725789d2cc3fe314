"""The search's viper kernels (searchviper.py) against the reference loops in search.py.

On MicroPython with a native emitter (the unix port here, a Pico on the device) the tree walk's
child choice and the count of each playout run as viper code; here whole searches run both ways
from the same positions of every game, and must grow the same trees, node for node, and choose
the same move: with room to spare, with a tree that fills, and with games that end inside the
tree. On CPython there is no viper, and the search runs its own loops.
"""

from stones.compat import MICROPYTHON
from stones.engine import registry
from stones.engine.rng import Rng
from stones.engine.search import Search

TREE = ("move", "first", "kids", "visits", "wins", "avisits", "awins")
GAMES = (("go", 9), ("loose", 7), ("loupe", 7), ("offshore", 4))


def tree(search):
    n = search.n_nodes
    return [list(getattr(search, name)[:n]) for name in TREE]


def position(key, size, seed, moves):
    """A new game of key after `moves` random moves from seed (the same moves for the same
    seed)."""
    game = registry.new_game(key, size)
    if moves:
        game.playout(seed, moves)
    return game


def test_where_the_kernels_run():
    search = Search(8)
    if MICROPYTHON:
        assert search.select and search.backup and search.children
    else:
        assert search.select is None and search.backup is None and search.children is None


def test_the_kernels_grow_the_reference_tree():
    if not MICROPYTHON:
        return
    rng = Rng(7)
    reference = Search(160)
    reference.select = reference.backup = reference.children = None
    for nodes in (160, 24):  # room to spare; a tree that fills after a few expansions
        viper = Search(nodes)
        if nodes != reference.max_nodes:
            reference = Search(nodes)
            reference.select = reference.backup = reference.children = None
        for key, size in GAMES:
            first = rng.next() & 0x3FFFFFFF or 1
            # the empty board, a few moves in, the middle of a random game (captures to make
            # and to prevent, points the rules refuse: the root's tactics at work), and its last
            # position with a choice to think about: its playouts end in the tree (two passes)
            near = position(key, size, first, 0x3FFFFFFF).count
            while near > 6:
                near -= 1
                reference.begin(position(key, size, first, near), 900, 1)
                if not reference.finished:
                    break
            for opening in (0, 6, near // 2, near):
                game = position(key, size, first, opening)
                seed = rng.next()
                moves = []
                for search in (reference, viper):
                    search.begin(game, 3000, seed)
                    while not search.step(16):
                        pass
                    moves.append(search.best_move())
                where = "%s %d after %d, %d nodes" % (key, size, game.count, nodes)
                assert viper.playouts == reference.playouts > 0, where
                assert tree(viper) == tree(reference), where
                assert moves[0] == moves[1], where
                assert not any(viper.amaf), where  # the AMAF marks wiped after each playout


def test_the_history_loops_viper_twins_mark_what_game_py_marks():
    """Game.first_players and unmark_moves run as gameviper.py where viper compiles (the
    search's count calls them after every playout): the same marks as game.py's own loops."""
    from stones.engine.game import Game

    for key, size in GAMES:
        game = position(key, size, 11, 0x3FFFFFFF)
        game.prepare()
        assert bool(Game.loops) == MICROPYTHON
        assert (Game.first_players is Game.python_first_players) != MICROPYTHON
        plain = position(key, size, 11, 0x3FFFFFFF)
        assert plain.count == game.count > 8
        for start in (0, 3, game.count - 1, game.count):
            marks = bytearray(len(game.cell))
            expected = bytearray(len(game.cell))
            marks[game.grid.points[0]] = expected[game.grid.points[0]] = 3  # kept as it is
            game.first_players(start, marks)
            Game.python_first_players(plain, start, expected)  # the reference
            assert marks == expected and (start == game.count or any(marks))
            seen = [p for p in game.grid.points if marks[p] and p != game.grid.points[0]]
            assert all(marks[p] in (1, 2) for p in seen)
            game.unmark_moves(start, marks)
            Game.python_unmark_moves(plain, start, expected)
            assert marks == expected
