"""The search's viper kernels (searchviper.py) against the reference loops in search.py.

On MicroPython with a native emitter (the unix port here, a Pico on the device) the tree walk's
child choice and the count of each playout run as viper code; here whole searches run both ways
from the same positions of every game, and must grow the same trees, node for node, and choose
the same move: with room to spare, with a tree that fills, and with games that end inside the
tree. On CPython there is no viper, and the search runs its own loops.
"""

from support import skip

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
        skip("viper code compiles on MicroPython only")
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


def test_with_halving_at_the_root_the_kernels_grow_the_reference_tree():
    # Tuning.halving chooses the root's child in Python and leaves the inner nodes to select:
    # the same turns, tree and move both ways.
    if not MICROPYTHON:
        skip("viper code compiles on MicroPython only")
    from stones.engine.game import Tuning

    reference = Search(400)
    reference.select = reference.backup = reference.children = None
    viper = Search(400)
    for key, size in GAMES:
        cls = type(position(key, size, 3, 0))
        given = {name: getattr(cls.tuning, name) for name in dir(Tuning) if name[0] != "_"}
        given["halving"] = 8
        tuning = Tuning(**given)
        for opening in (0, 6, 20):
            game = position(key, size, 3, opening)
            moves = []
            for search in (reference, viper):
                search.begin(game, 3000, 5, tuning)
                while not search.step(16):
                    pass
                moves.append(search.best_move())
            where = "%s %d after %d" % (key, size, game.count)
            assert viper.playouts == reference.playouts > 0, where
            assert tree(viper) == tree(reference) and moves[0] == moves[1], where


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


def test_one_function_finds_every_twin():
    """stones.compat.twin finds each viper module where viper compiles (None on CPython, and
    None for a module the build left out); the games' move loops, the history loops and the
    search's kernels are all looked up through it."""
    from stones.compat import twin
    from stones.engine import registry
    from stones.engine.game import Game
    from stones.engine.search import Search

    assert twin("stones.engine.no_such_twin") is None
    kernels = twin("stones.engine.searchviper")
    assert (kernels is not None) == MICROPYTHON
    assert Search().select is (kernels.select if kernels else None)
    for key in registry.keys():
        game = registry.new_game(key)
        game.prepare()
        module = twin(game.viper_loop)
        assert (module is not None) == MICROPYTHON
        assert game.viper is (module.run if module and game.grid.count < 256 else False)
    loops = twin("stones.engine.gameviper")
    assert Game.first_players is (loops.first_players if loops else Game.python_first_players)


# -- the sources, on CPython -------------------------------------------------------------------
# MicroPython has no ast module: there the test above compares the trees the kernels grow;
# these compare the sources (tests/engine/twins.py), so that plain pytest fails when one side
# changes alone.

def kernels():
    """searchviper's select, backup and children read as the loops in search.py they replace
    (select and backup: the branches of Search._iterate and Search._count that run where the
    kernels are None; backup's walks over the history: Game.first_players and unmark_moves)."""
    from twins import Twin, branch

    # each kernel reads the search's tables itself; the reference loops use their method's locals
    tables = tuple("%s = s.%s" % (name, name) for name in (
        "move", "visits", "wins", "avisits", "awins", "path", "colours", "first", "kids"))
    select = Twin(
        "searchviper.py", "select", "search.py", "Search._iterate", rename_ref={"self": "s"},
        part=branch("select"),
        drop_port=tables[:5] + ("r = s.rave", "return pick"),
        rewrite=(
            ("j < end", "j < start + k"), ("end = start + k", ""),  # the loop's end, once
            ("move[j] & _DEAD == 0", "not move[j] & _DEAD"),
            ("d = den >> 8\nif d == 0:\n    d = 1\nv = num // d",  # no `or` of ints in viper
             "v = num // (den >> 8 or 1)"),
        ),
        rewrite_ref=(("m = move[j]\nif m & _DEAD:\n    continue",  # m is used nowhere else
                      "if move[j] & _DEAD:\n    continue"),))
    backup = Twin(
        "searchviper.py", "backup", "search.py", "Search._count", rename_ref={"self": "s"},
        part=branch("s.backup"), rename_port={"marks": "amaf", "game": "scratch"},
        drop_port=tables + ("game = s.scratch", "start = s.base", "amaf = marks"),
        rewrite=(
            ("scratch.first_players(start, amaf)", "scratch.first_players(s.base, amaf)"),
            ("scratch.unmark_moves(start, amaf)", "scratch.unmark_moves(s.base, amaf)"),
            ("gain = 0\nif winner == c:\n    gain = 2\nelif winner == 0:\n    gain = 1",
             "gain = 2 if winner == c else 1 if not winner else 0"),
            ("i = first[parent]\nend = i + kids[parent]", "start = first[parent]\ni = start"),
            ("i < end", "i < start + kids[parent]"),
            ("m != 0 and amaf[m] == c", "m and amaf[m] == c"),
        ))
    # gameviper.py: Game's two history loops, which the search's count calls
    first_players = Twin(
        "gameviper.py", "first_players", "game.py", "Game.first_players",
        rename_ref={"self": "game"}, rename_port={"mark": "marks"},
        drop_port=("mark = marks", "history = game.history", "count = game.count"),
        drop_ref=("history = self.history",),
        rewrite=(("count", "game.count"), ("p != 0 and marks[p] == 0", "p and not marks[p]")))
    unmark = Twin(
        "gameviper.py", "unmark_moves", "game.py", "Game.unmark_moves",
        rename_ref={"self": "game"}, rename_port={"mark": "marks"},
        drop_port=("mark = marks", "history = game.history", "count = game.count"),
        drop_ref=("history = self.history",), rewrite=(("count", "game.count"),))
    children = Twin(
        "searchviper.py", "children", "search.py", "Search._children", rename_ref={"self": "s"},
        rewrite=(
            ("b = pri[i] >> 4\nbuckets[b] += 1", "buckets[pri[i] >> 4] += 1"),
            # the move word written once, with its mark
            ("bonus = 0\nif tactics:\n    move[j] = cand[i] | _LEGAL\n    bonus = sums[i]\n"
             "else:\n    move[j] = cand[i]\nwins[j] = 2 * pv * q + 128 >> 8",
             "move[j] = cand[i]\nwins[j] = 2 * pv * q + 128 >> 8\nbonus = 0\nif tactics:\n"
             "    move[j] |= _LEGAL\n    bonus = sums[i]"),
        ))
    return select, backup, first_players, unmark, children


def test_the_sources_match():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import compare

    sizes = [compare(twin).lines for twin in kernels()]
    assert sizes[0] > 10 and sizes[1] > 15 and sizes[4] > 30, sizes


def test_a_one_token_edit_is_caught():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import caught

    select, backup, first_players, unmark, children = kernels()
    caught(select, "searchviper.py", "if v > best:", "if v >= best:", "def select")
    caught(select, "search.py", "den = (n + a) * r + n * a", "den = (n + a) * r - n * a",
           "def _iterate")
    caught(select, "searchviper.py", "_SMALL = const(0x400000)", "_SMALL = const(0x800000)",
           "_SMALL", block="if num < _SMALL")  # read as its value: the reference has a literal
    caught(backup, "searchviper.py", "awins[i] = awins[i] + gain", "awins[i] = awins[i] - gain",
           "def backup")
    caught(backup, "searchviper.py", "game.unmark_moves(start", "game.first_players(start",
           "def backup")
    caught(backup, "search.py", "gain = 2 if winner", "gain = 1 if winner", "def _count")
    caught(first_players, "game.py", "word >> 9 & 3", "word >> 8 & 3", "def first_players")
    caught(first_players, "gameviper.py", "word >> 9 & 3", "word >> 8 & 3", "def first_players")
    caught(unmark, "gameviper.py", "] = 0", "] = 1", "def unmark_moves")
    caught(unmark, "game.py", "] = 0", "] = 1", "def unmark_moves")
    caught(children, "searchviper.py", "cut -= 1", "cut -= 2", "def children")
    caught(children, "search.py", "visits[i] = pv", "visits[i] = pv + 1", "def _children")


def test_every_viper_function_has_a_drift_check():
    """Every function defined in a viper module (each game's viper.py, gameviper.py,
    searchviper.py, policyviper.py) is the port of some Twin in tests/engine/test_*viper.py
    (the policy's layer: test_policy.py), and that test module also edits it one token to see
    the check fail (caught); read from the sources, so a function added to a twin without its
    check fails here."""
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    import ast
    import glob
    import os

    from twins import ENGINE

    here = os.path.dirname(os.path.abspath(__file__))
    checked = set()
    for path in glob.glob(os.path.join(here, "test_*viper.py")) + [
            os.path.join(here, "test_policy.py")]:
        with open(path) as handle:
            tree = ast.parse(handle.read())
        twins = {}  # the name a Twin is bound to -> (port file, function)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                    and getattr(node.value.func, "id", "") == "Twin"):
                port = tuple(arg.value for arg in node.value.args[:2])
                twins[node.targets[0].id] = port
            elif isinstance(node, ast.Return) and isinstance(node.value, ast.Call) and getattr(
                    node.value.func, "id", "") == "Twin":  # a function that returns one
                twins[next(n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
                           and node in ast.walk(n))] = tuple(a.value for a in node.value.args[:2])
        for node in ast.walk(tree):  # `name = a_function_returning_a_twin()`
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                    and getattr(node.value.func, "id", "") in twins
                    and isinstance(node.targets[0], ast.Name)):
                twins[node.targets[0].id] = twins[node.value.func.id]
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "caught"
                    and node.args):
                first = node.args[0]
                name = first.id if isinstance(first, ast.Name) else getattr(first.func, "id", "")
                if name in twins:
                    checked.add(twins[name])
    defined = set()
    for path in sorted(glob.glob(os.path.join(ENGINE, "*", "viper.py"))
                       + glob.glob(os.path.join(ENGINE, "*viper.py"))):
        with open(path) as handle:
            tree = ast.parse(handle.read())
        module = os.path.relpath(path, ENGINE).replace(os.sep, "/")
        defined.update((module, node.name) for node in tree.body
                       if isinstance(node, ast.FunctionDef))
    assert len(defined) == 18 and ("go/viper.py", "priors") in defined
    assert ("policyviper.py", "conv") in defined
    assert sorted(defined - checked) == []
