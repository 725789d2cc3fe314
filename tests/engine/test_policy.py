"""The learned policies (stones/engine/policy.py, each game's inputs in its own policy.py) with
the weights the engine ships: they load, fit the code's shapes, and the plain-Python forward
pass gives, to the unit, the logits the trainer's integer model gave
(tests/engine/<game>policy_check.py, written with the weights by host_tools/fit/policy.py); and
the faster passes (the viper layer, numpy's) give the reference's on every game's boards, square
and hexagonal. Both runtimes."""

from support import skip

from stones.compat import MICROPYTHON
from stones.engine import policy, registry
from stones.engine.go import policy as gopolicy
from stones.engine.go import policyweights


def inputs(key):
    """The game's policy inputs module (Game.policy)."""
    return __import__(registry.game_class(key).policy, None, None, ("_",))


def shipped(key):
    """The game's weights module where it ships one (its learned bit is set), else None."""
    cls = registry.game_class(key)
    if not cls.learned:
        return None
    return __import__(cls.policy + "weights", None, None, ("_",))


def net_for(key):
    """The game's own layers, or Go's where it ships none (any net of its input planes serves
    to hold the passes to each other on its boards)."""
    weights = shipped(key)
    return (weights or policyweights).LAYERS


def test_every_game_has_inputs_and_the_shipped_layers_chain_to_one_logit():
    for key in registry.keys():
        planes = inputs(key).PLANES
        assert planes % 8 == 0  # the fast passes take eight inputs at a time
        weights = shipped(key)
        if weights is None:
            continue
        layers = weights.LAYERS
        assert layers[0][0] == planes and layers[-1][1] == 1
        for (_, cout, _, _, _), (cin, _, _, _, _) in zip(layers, layers[1:]):
            assert cout == cin
        for at, (cin, cout, w, biases, shift) in enumerate(layers):
            taps = 1 if at == len(layers) - 1 else 9
            assert len(w) == cin * cout * taps and len(biases) == 4 * cout
            assert 0 <= shift < 24 and (shift == 0) == (at == len(layers) - 1)
        assert weights.LOGIT_ONE > 0
    assert shipped("go") is policyweights


def check_game(key, check):
    """The trainer's logits at check's positions: the engine's pass gives them, place by place
    (the box of the board's mailbox rows and columns, rows from the top: policynp.layout's)."""
    weights = shipped(key)
    assert len(check.CHECK) >= 3
    for moves, expected in check.CHECK:
        game = registry.new_game(key, check.SIZE)
        for move in moves:
            game.play(move)
        logits = policy.forward(weights.LAYERS, game, inputs(key))
        grid = game.grid
        w = grid.stride
        rows = [p // w for p in grid.points]
        cols = [p % w for p in grid.points]
        got = []
        for row in range(max(rows), min(rows) - 1, -1):
            for col in range(min(cols), max(cols) + 1):
                p = row * w + col
                got.append(logits[p] if grid.on_board(p) else 0)
        assert tuple(got) == expected, (key, moves)


def test_the_forward_pass_gives_the_trainers_logits():
    found = 0
    for key in registry.keys():
        if shipped(key) is None:
            continue
        check_game(key, __import__(key + "policy_check"))
        found += 1
    assert found >= 1


def test_the_planes_show_the_side_to_move_its_stones_first():
    game = registry.new_game("go", 9)
    d4, e4 = game.grid.parse("D4"), game.grid.parse("E4")
    game.play(d4)  # Black's stone; White to move
    x = bytearray(game.grid.length * gopolicy.PLANES)
    gopolicy.planes(game, x)
    at = d4 * gopolicy.PLANES
    assert x[at] == 0 and x[at + 1] and x[at + 2] and x[at + 7]  # theirs, on board, last
    assert not x[at + 4] and not x[at + 6]  # four liberties: neither atari nor two
    assert x[e4 * gopolicy.PLANES + 2] and not x[e4 * gopolicy.PLANES + 1]
    assert sum(1 for p in game.grid.points if x[p * gopolicy.PLANES + 2]) == 81


def test_every_games_planes_mark_its_stones_its_board_and_the_last_two_moves():
    """The planes every game has: its stones, the opponent's, the board, from the side to
    move's view; and (policy.stones, every game's but Go's, whose inputs came first) the last
    two moves; nothing off the board."""
    for key in registry.keys():
        module = inputs(key)
        planes = module.PLANES
        game = registry.new_game(key)
        game.prepare()
        played = []
        while len(played) < 3:
            move = game.legal_moves()[len(played) * 5 % len(game.legal_moves())]
            game.play(move)
            played.append(move)
        x = bytearray(policy.cells(game.grid) * planes)
        module.planes(game, x, bytearray(game.grid.length))
        me = game.to_move
        for p in game.grid.points:
            c = game.colour(p)
            base = p * planes
            assert x[base + 2] == policy.ON, key
            assert bool(x[base]) == (c == me) and bool(x[base + 1]) == (c == 3 - me), key
        if module is not gopolicy:
            assert x[played[-1] * planes + 3] and x[played[-2] * planes + 4], key
        on = bytearray(len(x) // planes)
        for p in game.grid.points:
            on[p] = 1
        assert not any(x[i] for i in range(len(x)) if not on[i // planes]), key


def positions():
    """Games of every game on a few of its boards at a few points from the empty board on
    (random legal moves), with the net the passes are compared on."""
    from stones.engine.rng import Rng

    rng = Rng(5)
    for key in registry.keys():
        sizes = registry.game_class(key).sizes
        for size in (sizes[0], sizes[len(sizes) // 2], sizes[-1]):
            game = registry.new_game(key, size)
            game.prepare()
            for plies in (7, 30):
                while game.count < plies and not game.over and game.legal_moves():
                    moves = game.legal_moves()
                    game.play(moves[rng.below(len(moves))])
                yield key, game


def test_the_viper_layer_gives_the_references_logits():
    """policyviper.conv (the forward pass of a port with a native emitter) against
    policy.conv, the reference, on positions of every game and board: the same logits."""
    from stones.compat import twin

    if not twin("stones.engine.policyviper"):
        skip("viper code compiles on MicroPython with a native emitter only")
    for key, game in positions():
        net, module = net_for(key), inputs(key)
        fast = bytes(policy.forward(net, game, module))
        assert bytes(policy.forward(net, game, module, plain=True)) == fast, (key, game.size)


def test_the_numpy_pass_gives_the_references_logits():
    """policynp (the forward pass on a Raspberry Pi) against the reference, every game and
    board."""
    if MICROPYTHON:
        skip("numpy runs on CPython only")
    from stones.engine import policynp  # numpy is in requirements.txt: never missing here

    assert policy._numpy() is policynp  # the pass forward takes on CPython
    for key, game in positions():
        net, module = net_for(key), inputs(key)
        x = bytearray(policy.cells(game.grid) * module.PLANES)
        module.planes(game, x, bytearray(game.grid.length))
        whole = bytes(policynp.forward(net, game, x, module.PLANES))
        reference = bytes(policy.forward(net, game, module, plain=True))
        assert reference == whole and any(reference), (key, game.size)


def test_a_game_plays_its_policy_on_its_learned_boards_only():
    """Game.learned_boards: there a game's own knowledge has its learned bits, and the root's
    priors change with them; on its other boards, and for a game with none, they do not."""
    from stones.compat import octets, zeros

    kept = 0
    for key in registry.keys():
        cls = registry.game_class(key)
        for size in cls.sizes:
            game = registry.new_game(key, size)
            on = size in cls.learned_boards
            assert bool(cls.learned and game.knowledge & cls.learned) == on, (key, size)
            if size != cls.default_size:
                continue
            game.prepare()
            game.play(game.legal_moves()[0])
            n = game.grid.count + 1
            moves, priors = zeros(n), octets(bytes(n))
            count = game.candidates(moves, priors)
            before = bytes(priors[:count])
            game.root_priors(moves, priors, count)
            assert (bytes(priors[:count]) != before) == on, (key, size)
            kept += on
    assert kept >= 1 and registry.game_class("loose").learned_boards == (7, 9, 11, 13)


def test_with_nodes_the_policy_revises_every_node_the_tree_grows():
    """POLICY revises the root's priors only; with NODES (meant for a Raspberry Pi's numpy
    pass) also the candidates of every inner node the search expands, as the root's are."""
    from stones.engine import search
    from stones.engine.go import rules

    game = registry.new_game("go", 9)
    for name in ("E5", "D5", "E4", "C3"):
        game.play(game.grid.parse(name))
    seen = []
    plain = rules.Go.root_priors
    for knowledge in (rules.KNOWLEDGE | rules.POLICY,
                      rules.KNOWLEDGE | rules.POLICY | rules.NODES):
        revised = []
        seen.append(revised)

        def counted(self, moves, priors, n, revised=revised):
            before = bytes(priors[:n])
            plain(self, moves, priors, n)
            revised.append((self.count, before != bytes(priors[:n])))

        rules.Go.root_priors = counted
        try:
            engine = search.Search(search.PICO_NODES)
            engine.begin(game, 3000, 7, search.Tuning(knowledge=knowledge, early=1))
            while not engine.step(50):
                pass
        finally:
            rules.Go.root_priors = plain
    root, nodes = seen
    assert [at for at, _ in root] == [game.count]  # once, at the root
    deeper = [changed for at, changed in nodes if at > game.count]
    assert nodes[0][0] == game.count and len(deeper) >= 2 and all(deeper)


# -- the sources, on CPython: MicroPython has no ast module (tests/engine/twins.py) ------------


# the port's eight channels at a time, written out with a branchless sign extension
EIGHT = " + ".join("((weights[u%s] ^ 128) - 128) * x[j%s]" % ((" + %d" % k,) * 2 if k else ("", ""))
                   for k in range(8))


def layer_twin():
    """policyviper.conv read as policy.conv."""
    from twins import Twin

    return Twin(
        "policyviper.py", "conv", "policy.py", "conv",
        rename_port={"xp": "x", "yp": "y", "logit": "y", "wp": "weights", "bp": "biases"},
        # the port's typed pointers onto its buffers; the reference's grid reads
        drop_port=("x = xp", "y = yp", "logit = yp", "weights = wp", "biases = bp",
                   "board = boardp", "points = pointsp"),
        drop_ref=("w = grid.stride", "points = grid.points"),
        rewrite=(("range(count)", "range(grid.count)"),
                 ("for i in range(0, cin, 8):\n    u = wi + i\n    j = xi + i\n    acc += " + EIGHT,
                  "for i in range(cin):\n    v = weights[wi + i]\n    if v > 127:\n"
                  "        v -= 256\n    acc += v * x[xi + i]")))


def test_the_layers_sources_match():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import compare

    assert compare(layer_twin()).lines > 20


def test_a_one_token_edit_of_the_layer_is_caught():
    if MICROPYTHON:
        skip("the drift check reads the sources with CPython's ast")
    from twins import caught

    twin = layer_twin()
    caught(twin, "policyviper.py", "- 128) * x[j + 5]", "- 128) * x[j + 4]", "def conv",
           block="for i in range(0, cin, 8):")  # in the rewritten loop: named from its start
    caught(twin, "policy.py", "v -= 256", "v -= 255", "def conv")
    caught(twin, "policy.py", "q = p + (1 - k // 3) * w", "q = p + (1 - k // 3) * w + 1",
           "def conv")
