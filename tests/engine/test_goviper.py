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


# go.viper's count and priors: margin2, placed2, distance and priors.


def count_twins():
    """go.viper.margin2, placed2 and distance read as their references. margin2 fuses two
    methods of go.rules.Go: margin2's copy of the colours into `before` (the first twin), and
    _count's region count over that copy (the second), which holds no dead stone: _count's
    dead-stone cases are read away."""
    from twins import Twin, branch

    def before_count(node):  # the port's statements before its count starts
        return node.body[:counting(node)]

    def from_count(node):
        return node.body[counting(node):]

    def own_count(node):  # margin2 without viper: its copy (then the call of _count), after
        return node.body[3:-1]  # the prisoners, the snapshot made and the viper's turn

    copy = Twin(
        "go/viper.py", "margin2", "go/rules.py", "Go.margin2", rename_ref={"self": "g"},
        drop_port=("mark = g.mark", "queue = g.queue", "w = g.grid.stride",
                   "length = len(g.cell)"),  # the count's
        rewrite=(
            # every cell but the off-board ones (colour 3): what grid.points leaves out
            ("for p in range(length):\n    x = cell[p] & _COLOUR\n    if x != _COLOUR:\n"
             "        board[p] = x", "for p in g.grid.points:\n    board[p] = cell[p] & _COLOUR"),
        ),
        port_part=before_count, part=own_count)
    count = Twin(
        "go/viper.py", "margin2", "go/rules.py", "Go._count", rename_ref={"self": "g"},
        rename_port={"_BLACK": "BLACK"},
        drop_ref=("cell = self.cell", "mark = self.mark", "queue = self.queue",
                  "offsets = self.offsets"),  # the port's, before the count
        rewrite=(
            # every cell but the off-board ones, as above
            ("range(length)", "g.grid.points"),
            ("if cell[p] & _COLOUR == _COLOUR:\n    continue", ""),
            ("cell[t] & _COLOUR == _COLOUR", "cell[t] & _COLOUR == 3"),
            # the square steps by index (1, -1, w, -w: test_the_square_steps_are_the_grids)
            ("range(4)", "offsets"),
            ("if k == 0:\n    t = s + 1\nelif k == 1:\n    t = s - 1\nelif k == 2:\n"
             "    t = s + w\nelse:\n    t = s - w", "t = s + k"),
            ("3 - BLACK", "WHITE"),
        ),
        rewrite_ref=(
            # the caller reads the scoring setting (area: 1 or 0)
            ("land = black - white\narea = g.settings['scoring'] == 'area'\nif area:\n"
             "    land = 0", "land = 0 if area else black - white"),
            # margin2's board holds colours only: no stone is marked dead
            ("x and (not x & _DEAD)", "x != 0"),
            ("if x and (not area):\n    land += 1 if x & _COLOUR == WHITE else -1", ""),
            ("not y or y & _DEAD", "y == 0"),
        ),
        port_part=from_count)
    placed2 = Twin(
        "go/viper.py", "placed2", "go/rules.py", "Go.playout_winner", rename_ref={"self": "g"},
        part=branch("g.viper"),  # the sum the reference adds without viper
        drop_port=("margin = 0", "count = g.count", "return margin"),  # the port returns it
        rewrite=(("range(start, count)", "range(start, g.count)"),))
    distance = Twin("go/viper.py", "distance", "go/features.py", "_distance")
    return copy, count, placed2, distance


def counting(node):
    """The index of the port's first statement of its count (its new mark generation)."""
    texts = [ast_text(stmt) for stmt in node.body]
    return texts.index("gen = g._new_generation()")


def ast_text(node):
    import ast

    return ast.unparse(node)


def groups(node):
    """The block of the candidate's neighbour groups: from its empty neighbours (free) to its
    self-atari feature."""
    import ast

    from twins import Drift

    for inner in ast.walk(node):
        for field in ("body", "orelse"):
            block = getattr(inner, field, None)
            if isinstance(block, list):
                texts = [ast_text(stmt) for stmt in block]
                first = [i for i, t in enumerate(texts) if t.startswith("free = ")]
                last = [i for i, t in enumerate(texts) if t.startswith("feat[_F_SELF_ATARI] = ")]
                if first and last:
                    return block[first[0]:last[0] + 1]
    raise Drift("no neighbour groups in %s" % node.name)


EARLIER = ("if k > 0 and cell[p + 1] & _COLOUR == y and root[p + 1] == r:\n    continue\n"
           "if k > 1 and cell[p - 1] & _COLOUR == y and root[p - 1] == r:\n    continue\n"
           "if k > 2 and cell[p + w] & _COLOUR == y and root[p + w] == r:\n    continue")
EDGES = ("edges = 0\nif root[p + 1] == r:\n    edges += 1\nif root[p - 1] == r:\n    edges += 1\n"
         "if root[p + w] == r:\n    edges += 1\nif root[p - w] == r:\n    edges += 1")
# go.viper.priors inlines go.features.features, square.is_eye and go.features.frames into one
# loop over the candidates: no single reference. Its neighbour groups (captures, escapes,
# self-ataris) are compared with features'; the rest (the eye test, the pattern code over the
# frames unrolled by the edges a point touches, distance and line, the sum) is pinned on both
# sides, and the unix port's test_the_viper_priors_weigh_as_the_reference plays both. Change
# both together, compare them, then pin the new hashes the failure gives.
PRIORS_PORT = "67aea531b76f18f4"
PRIORS_REF = (("go/features.py", "priors", "c6a725e3cab8707f"),
              ("go/features.py", "features", "72a1edf1db2da989"),
              ("go/features.py", "frames", "66b429892aa21fd9"),
              ("square.py", "is_eye", "cff4441fe0a6a1bd"))


def priors_twin():
    """go.viper.priors' neighbour groups read as go.features.features' (see PRIORS_PORT)."""
    from twins import Twin

    return Twin(
        "go/viper.py", "priors", "go/features.py", "features", rename_port={"g": "game"},
        rewrite=(
            # the features as locals, where the reference writes game.feat
            ("fc", "feat[_F_CAPTURE]"), ("fe", "feat[_F_ESCAPE]"), ("fs", "feat[_F_SELF_ATARI]"),
            ("degree[p]", "game.degree[p]"),
            ("self_atari(cell, degree, link, root, libs, stones, w, p, c)",
             "game._self_atari(p, c)"),  # go.viper.self_atari: Go._self_atari's twin
            # Go's cycled square step, by index (test_the_square_steps_are_the_grids)
            ("d = -w", ""),
            ("d = -d if d > 0 else w if d == -1 else 1\nt = p + d", "t = p + offsets[k]"),
            # the sides before k (1, -1, w), unrolled: a group seen from one is done
            (EARLIER, "seen = False\nfor k2 in range(k):\n    t2 = p + offsets[k2]\n"
             "    if cell[t2] & _COLOUR == y and root[t2] == r:\n        seen = True\n"
             "if seen:\n    continue"),
            # p's edges to group r, one test each (viper adds no booleans)
            (EDGES, "edges = (root[p + 1] == r) + (root[p - 1] == r) + (root[p + w] == r)"
             " + (root[p - w] == r)"),
            ("atari = 0", "atari = False"), ("atari = 1", "atari = True"),  # viper's flags
            # escapes: go.features.priors' flag of an escaping candidate, set where it is found
            ("feat[_F_ESCAPE] = 0\nif atari:\n    escapes = 1\n"
             "    feat[_F_ESCAPE] = 3 if taken else 2 if gained > 2 and free > 1 else 1",
             "if not atari:\n    feat[_F_ESCAPE] = 0\nelse:\n"
             "    feat[_F_ESCAPE] = 3 if taken else 2 if gained > 2 and free > 1 else 1"),
            # viper's `and` gives no early exit around a call: a test, then the call
            ("feat[_F_SELF_ATARI] = 0\nif free <= 1 and (not taken):\n"
             "    feat[_F_SELF_ATARI] = game._self_atari(p, c)",
             "feat[_F_SELF_ATARI] = game._self_atari(p, c) if free <= 1 and (not taken) else 0"),
        ),
        port_part=groups, part=groups)


def priors_pins(sources=None):
    """The pins on go.viper.priors and on the reference code it inlines (see PRIORS_PORT)."""
    from twins import pinned, reference

    pinned("go/viper.py", reference("go/viper.py", "priors", {}, sources), PRIORS_PORT,
           "go.features.priors, features, frames and square.is_eye")
    for name, function, pin in PRIORS_REF:
        pinned(name, reference(name, function, {}, sources), pin, "go.viper.priors")


def test_the_count_and_priors_sources_match():
    """Every function of go/viper.py besides the move loop's: the count at a playout's end
    (margin2, in two parts, and placed2), the distance feature, and the priors' neighbour
    groups, with the rest of the priors pinned (PRIORS_PORT says why)."""
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import compare

    copy, count, placed2, distance = count_twins()
    assert compare(copy).lines == 4
    assert compare(count).lines > 30
    assert compare(placed2).lines == 5
    assert compare(distance).lines == 8
    assert compare(priors_twin()).lines > 30
    priors_pins()


def test_a_one_token_edit_of_the_count_or_the_priors_is_caught():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import caught

    copy, count, placed2, distance = count_twins()
    priors = priors_twin()
    caught(copy, "go/viper.py", "if x != _COLOUR:", "if x == _COLOUR:", "def margin2",
           block="p = 0")  # in a rewritten loop: named from its start
    caught(copy, "go/rules.py", "board[p] = cell[p] & _COLOUR", "board[p] = cell[p] & 1",
           "def margin2")
    caught(count, "go/viper.py", "land -= n", "land += n", "def margin2")
    caught(count, "go/rules.py", "queue[n] = t", "queue[j] = t", "def _count")
    caught(placed2, "go/viper.py", "else -2", "else 2", "def placed2")
    caught(placed2, "go/rules.py", "else -2", "else -1", "def playout_winner")
    caught(distance, "go/viper.py", "d if d < 9 else 9", "d if d < 8 else 9", "def distance")
    caught(distance, "go/features.py", "dy = y - q // w", "dy = y - q % w", "def _distance")
    caught(priors, "go/viper.py", "taken += stones[r]", "taken -= stones[r]", "def priors")
    caught(priors, "go/features.py", "gained += extra", "gained -= extra", "def features")
    # the pinned rest, on either side
    caught(priors, "go/viper.py", "(0 if degree[p] < 4 else 1)", "(0 if degree[p] < 3 else 1)",
           "def priors", check=priors_pins, block="cell = ptr8(g.cell)")
    caught(priors, "go/features.py", "code = code * 3 + (3 - b", "code = code * 2 + (3 - b",
           "def features", check=priors_pins, block="c = game.to_move")


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
