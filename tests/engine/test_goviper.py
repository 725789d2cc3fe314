"""Go's viper move loop (go/viper.py) against the reference, go.rules.Go._run.

On MicroPython with a native emitter (the unix port here, a Pico on the device) Go's playouts
and checked moves run go.viper.run; here both loops start from the same positions and must leave
every table the same: the same random moves from the same seeds under each piece of knowledge,
the same checked moves refused for the same reasons. On CPython there is no viper, and Go plays
its own loop. (tests/host/test_native.py plays whole games through the device build as well.)
"""

from support import skip, viper_matches

from stones.compat import MICROPYTHON
from stones.engine.go.rules import ATARI, KNOWLEDGE, PATTERNS, SELF_ATARI, Go

TABLES = ("cell", "root", "link", "libs", "stones", "where", "prisoners")


def test_where_the_viper_loop_plays():
    game = Go(9)
    game.playout(1)
    assert game.over
    if not MICROPYTHON:
        assert game.viper is False  # CPython: the reference loop played it
        return
    for size in (9, 13, 19):
        game = Go(size)
        game.prepare()
        assert bool(game.viper) == (size < 19)  # 19x19: stones and where are words, not bytes


def test_the_viper_loop_plays_as_the_reference():
    if not MICROPYTHON:
        skip("viper code compiles on MicroPython only")
    for size in (9, 13):
        moves, refused = viper_matches(lambda size=size: Go(size, komi="6.5"), TABLES,
                                       (0, ATARI, PATTERNS, SELF_ATARI, KNOWLEDGE), 3, size)
        assert moves > 2000 and refused > 300  # long playouts, many checked moves refused


def test_the_viper_count_scores_as_the_reference():
    """go.viper.margin2 and placed2 (the count at the end of each playout) against
    go.rules.Go's own, on random positions from the middle to the end of games, territory and
    area, with komi and prisoners."""
    if not MICROPYTHON:
        skip("viper code compiles on MicroPython only")
    from stones.engine.rng import Rng

    rng = Rng(11)
    seen = set()
    for size in (9, 13):
        for scoring in ("territory", "area"):
            for i in range(12):
                game = Go(size, komi="6.5" if i % 2 else "0", scoring=scoring)
                game.prepare()
                start = rng.below(30)
                game.playout(rng.next() & 0x3FFFFFFF or 1, start)
                game.knowledge = KNOWLEDGE if i % 3 else 0
                game.playout(rng.next() & 0x3FFFFFFF or 1, 20 + rng.below(400))
                run = game.viper
                fast = (game.margin2(), game.playout_winner(start), bytes(game.before))
                game.viper = False
                slow = (game.margin2(), game.playout_winner(start), bytes(game.before))
                game.viper = run
                assert fast == slow, (size, scoring, i)
                seen.add((fast[0] > 0, fast[0] < 0, game.over))
    assert len(seen) >= 4  # both signs, games over and in progress


def test_the_viper_priors_weigh_as_the_reference():
    """go.viper.priors (the tree's learnt priors, every candidate's features inlined) against
    go.features.priors, on random positions from the empty board to the end of games, both
    colours to move, 9x9 and 13x13: the same candidates in the same order, the same priors,
    the same escape flag."""
    if not MICROPYTHON:
        skip("viper code compiles on MicroPython only")
    from stones.compat import octets, zeros
    from stones.engine.rng import Rng

    rng = Rng(5)
    moves = zeros(200)  # as the search holds them: words and bytes
    priors = octets(bytes(200))
    seen = set()
    for size in (9, 13):
        for i in range(150):
            game = Go(size)
            game.prepare()
            game.knowledge = KNOWLEDGE if i % 2 else 0
            game.playout(rng.next() & 0x3FFFFFFF or 1, rng.below(size * size + 40))
            if game.over:
                continue
            assert game.viper
            for j in range(len(moves)):
                moves[j] = priors[j] = 0
            n = game.counts.priors(game, moves, priors)
            fast = (n, bytes(moves), bytes(priors))
            for j in range(len(moves)):
                moves[j] = priors[j] = 0
            n = game.learnt.priors(game, moves, priors)
            assert fast == (n, bytes(moves), bytes(priors)), (size, i)
            seen.add((size, game.to_move, n < 0))
    assert len(seen) == 8  # both sizes, both colours, with and without an escape


# -- the sources, on CPython -------------------------------------------------------------------
# MicroPython has no ast module: there the tests above compare what the loops do; these compare
# the sources (tests/engine/twins.py), so that plain pytest fails when one loop changes alone.

DIAGONALS = ("if cell[p + w + 1] & _COLOUR == e:\n    enemies += 1\n"
             "if cell[p + w - 1] & _COLOUR == e:\n    enemies += 1\n"
             "if cell[p - w + 1] & _COLOUR == e:\n    enemies += 1\n"
             "if cell[p - w - 1] & _COLOUR == e:\n    enemies += 1")
# go.viper.run inlines go.rules.Go._reply, returns turned into assignments to h and breaks, the 3x3
# neighbours unrolled: no rule maps the one onto the other, so both are pinned (their
# normalised lines hashed), and the unix port's tests play both. Change both together, compare
# them, then pin the new hashes the failure gives.
REPLY_PORT = "8f79e85fd600af32"
REPLY_REF = "e37c9c71412d2cc7"


def tables(*names):
    """The helpers take the tables' addresses (cellp for the game's cell...)."""
    return tuple((name + "p", "g." + name) for name in names)


def loops():
    """go.viper.run, liberty and self_atari read as go.rules.Go._run, _liberty and _self_atari."""
    from twins import Twin

    run = Twin(
        "go/viper.py", "run", "go/rules.py", "Go._run", rename_ref={"self": "g"},
        rename_port={"_ATARI": "ATARI", "_PATTERNS": "PATTERNS", "_SELF_ATARI": "SELF_ATARI"},
        # viper declares the locals the loop assigns before it (typed ints); pat3 is the
        # inlined _reply's
        drop_port=("i = 0", "k = 0", "p = 0", "own = 0", "pat3 = g.pat3"),
        drop_ref=("offsets = self.offsets", "diagonals = self.grid.diagonals"),
        rewrite=(
            ("last = h ...", "h = g._reply(h, c, x)"),  # the inlined reply, to the block's end
            # the eye test's diagonals, unrolled (viper cannot loop over a tuple of ints)
            (DIAGONALS, "for d in diagonals:\n    if cell[p + d] & _COLOUR == e:\n"
             "        enemies += 1"),
            # p's edges to group r, one test each (viper adds no booleans)
            ("if root[p + w] == r:\n    n -= 1\nif root[p - w] == r:\n    n -= 1\n"
             "if root[p + 1] == r:\n    n -= 1\nif root[p - 1] == r:\n    n -= 1",
             "n -= (root[p + w] == r) + (root[p - w] == r) + (root[p + 1] == r)"
             " + (root[p - 1] == r)"),
            ("n > 0 if y == c else n <= 0", "(y == c) == (n > 0)"),
            ("self_atari(cell, degree, link, root, libs, stones, w, p, c)",
             "g._self_atari(p, c)"),
            # the prisoners list is an object: read through a local
            ("prisoners = g.prisoners\nprisoners[c] += captured",
             "g.prisoners[c] += captured"),
        ))
    liberty = Twin(
        "go/viper.py", "liberty", "go/rules.py", "Go._liberty", rename_ref={"self": "g"},
        drop_ref=("offsets = self.offsets",),
        rewrite=tables("cell", "degree", "link", "root", "libs") + (
            # the first empty neighbour and the group's edges to it, unrolled
            ("if not cell[s + 1] & _COLOUR:\n    t = s + 1\nelif not cell[s - 1] & _COLOUR:\n"
             "    t = s - 1\nelif not cell[s + w] & _COLOUR:\n    t = s + w\nelse:\n"
             "    t = s - w",  # (s has an empty neighbour: the walk stopped there)
             "for d in offsets:\n    t = s + d\n    if not cell[t] & _COLOUR:\n        break"),
            ("if cell[t + 1] & _COLOUR == colour and root[t + 1] == r:\n    n += 1\n"
             "if cell[t - 1] & _COLOUR == colour and root[t - 1] == r:\n    n += 1\n"
             "if cell[t + w] & _COLOUR == colour and root[t + w] == r:\n    n += 1\n"
             "if cell[t - w] & _COLOUR == colour and root[t - w] == r:\n    n += 1",
             "for d in offsets:\n    u = t + d\n"
             "    if cell[u] & _COLOUR == colour and root[u] == r:\n        n += 1"),
            ("libs = g.libs\nreturn t if n == libs[r] else 0",
             "return t if n == g.libs[r] else 0"),
        ))
    self_atari = Twin(
        "go/viper.py", "self_atari", "go/rules.py", "Go._self_atari", rename_ref={"self": "g"},
        drop_port=("libs = libsp", "stones = stonesp"),
        drop_ref=("offsets = self.offsets",),
        rewrite=(("liberty(cellp, degreep, linkp, rootp, libsp, w, r)", "g._liberty(r)"),)
        + tables("cell", "degree", "link", "root") + (
            ("libs[r]", "g.libs[r]"),
            ("stones[r]", "g.stones[r]"),
            # viper's `and` gives no early exit around a call: nested
            ("if n == 1 or (n <= 4 and g.stones[r] > 1):\n    if g._liberty(r) == p:\n"
             "        return 0",
             "if (n == 1 or (n <= 4 and g.stones[r] > 1)) and g._liberty(r) == p:\n"
             "    return 0"),
        ))
    return run, liberty, self_atari


def reply_pins(sources=None):
    """The pins on go.viper.run's inlined reply and on go.rules.Go._reply (see REPLY_PORT)."""
    from twins import compare, pinned, reference

    run = loops()[0]
    pinned("go/viper.py", compare(run, sources).removed, REPLY_PORT, "go.rules.Go._reply")
    pinned("go/rules.py", reference("go/rules.py", "Go._reply", {"self": "g"}, sources), REPLY_REF,
           "go.viper.run's inlined reply")


def test_the_sources_match():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import compare

    run, liberty, self_atari = loops()
    assert compare(run).lines > 190
    assert compare(liberty).lines > 20
    assert compare(self_atari).lines > 30
    reply_pins()


def test_a_one_token_edit_is_caught():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import caught

    run, liberty, self_atari = loops()
    caught(run, "go/viper.py", "libs[a] += libs[r]", "libs[a] -= libs[r]", "def run")
    caught(run, "go/rules.py", "captured == 1 and", "captured == 2 and", "def _run")
    caught(run, "go/viper.py", "if root[p - 1] == r:", "if root[p + 1] == r:", "def run",
           block="if root[p + w] == r:")  # in the unrolled edges: named from their first
    caught(run, "go/viper.py", "_KO = const(5)", "_KO = const(6)", "_KO")
    caught(liberty, "go/viper.py", "return t if n == libs[r]", "return t if n != libs[r]",
           "def liberty", block="libs = ptr16(libsp)")  # in a rewritten pair
    caught(self_atari, "go/rules.py", "return joined or 1", "return joined or 2", "def _self_atari")
    # the pinned reply, on either side
    caught(run, "go/viper.py", "if a < 3:", "if a < 2:", "def run", check=reply_pins,
           block="last = h")
    caught(run, "go/rules.py", "n <= 4 and stones[r] > 1", "n <= 3 and stones[r] > 1",
           "def _reply", check=reply_pins, block="cell = self.cell")


def test_the_square_steps_are_the_grids():
    """The steps the ports unroll, and twins.py reads them with, are SquareGrid's, in order."""
    from stones.engine.square import SquareGrid

    for size in (9, 13):
        grid = SquareGrid(size)
        w = grid.stride
        if not MICROPYTHON:
            from twins import diagonals, square

            assert tuple(grid.offsets) == square(w)
            assert tuple(grid.diagonals) == diagonals(w)
        assert tuple(grid.diagonals) == (w + 1, w - 1, -w + 1, -w - 1)  # go/viper.py's order
        steps = []
        d = 0 - w
        for _ in range(4):  # go/viper.py's cycle
            d = (0 - d if d > 0 else (w if d == -1 else 1))
            steps.append(d)
        assert tuple(grid.offsets) == tuple(steps)
