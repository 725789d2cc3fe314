"""Go's learned policy (stones/engine/go/policy.py) with the weights the engine ships: they load,
fit the code's shapes, and the plain-Python forward pass gives, to the unit, the logits the
trainer's integer model gave (tests/engine/gopolicy_check.py, written with the weights by
host_tools/fit/policy.py), and the viper layer the Pico runs (go/policyviper.py) gives the
reference's. Both runtimes."""

from gopolicy_check import CHECK
from support import skip

from stones.compat import MICROPYTHON
from stones.engine import registry
from stones.engine.go import policy, policyweights


def test_the_shipped_layers_chain_from_the_planes_to_one_logit():
    layers = policyweights.LAYERS
    assert layers[0][0] == policy.PLANES and layers[-1][1] == 1
    for (_, cout, _, _, _), (cin, _, _, _, _) in zip(layers, layers[1:]):
        assert cout == cin
    for at, (cin, cout, weights, biases, shift) in enumerate(layers):
        taps = 1 if at == len(layers) - 1 else 9
        assert len(weights) == cin * cout * taps and len(biases) == 4 * cout
        assert 0 <= shift < 24 and (shift == 0) == (at == len(layers) - 1)
    assert policyweights.LOGIT_ONE > 0


def test_the_forward_pass_gives_the_trainers_logits():
    assert len(CHECK) >= 3
    for moves, expected in CHECK:
        game = registry.new_game("go", 9)
        for move in moves:
            game.play(move)
        logits = policy.forward(policyweights.LAYERS, game)
        got = []
        for row in range(8, -1, -1):  # the trainer's order: rows from the top, then columns
            for col in range(9):
                got.append(logits[game.grid.index(col, row)])
        assert tuple(got) == expected, moves


def test_the_planes_show_the_side_to_move_its_stones_first():
    game = registry.new_game("go", 9)
    d4, e4 = game.grid.parse("D4"), game.grid.parse("E4")
    game.play(d4)  # Black's stone; White to move
    x = bytearray(game.grid.length * policy.PLANES)
    policy.planes(game, x)
    at = d4 * policy.PLANES
    assert x[at] == 0 and x[at + 1] and x[at + 2] and x[at + 7]  # theirs, on board, last
    assert not x[at + 4] and not x[at + 6]  # four liberties: neither atari nor two
    assert x[e4 * policy.PLANES + 2] and not x[e4 * policy.PLANES + 1]
    assert sum(1 for p in game.grid.points if x[p * policy.PLANES + 2]) == 81


def positions():
    """Go games of every size at a few points from the empty board on (random legal moves)."""
    from stones.engine.rng import Rng

    rng = Rng(5)
    for size in (9, 13, 19):
        game = registry.new_game("go", size)
        game.prepare()
        for plies in (0, 7, 40):
            while game.count < plies and not game.over:
                moves = game.legal_moves()
                game.play(moves[rng.below(len(moves))])
            yield game


def test_the_viper_layer_gives_the_references_logits():
    """policyviper.conv (the Pico's forward pass) against policy.conv, the reference, on
    positions of every board size: the same logits to the unit."""
    from stones.compat import twin

    if not twin("stones.engine.go.policyviper"):
        skip("viper code compiles on MicroPython with a native emitter only")
    for game in positions():
        fast = bytes(policy.forward(policyweights.LAYERS, game))
        assert bytes(policy.forward(policyweights.LAYERS, game, plain=True)) == fast, game.size


def test_the_numpy_pass_gives_the_references_logits():
    """policynp (the forward pass on a Raspberry Pi) against the reference, every board size."""
    if MICROPYTHON:
        skip("numpy runs on CPython only")
    from stones.engine.go import policynp  # numpy is in requirements.txt: never missing here

    assert policy._numpy() is policynp  # the pass forward takes on CPython
    for game in positions():
        x = bytearray(game.grid.length * policy.PLANES)
        policy.planes(game, x)
        whole = bytes(policynp.forward(policyweights.LAYERS, game, x, policy.PLANES))
        assert bytes(policy.forward(policyweights.LAYERS, game, plain=True)) == whole, game.size


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
        "go/policyviper.py", "conv", "go/policy.py", "conv",
        rename_port={"xp": "x", "yp": "y", "logit": "y", "wp": "weights", "bp": "biases"},
        # the port's typed pointers onto its buffers; the reference's grid reads
        drop_port=("x = xp", "y = yp", "logit = yp", "weights = wp", "biases = bp",
                   "line = linep", "points = pointsp"),
        drop_ref=("w = grid.stride", "line = grid.line", "points = grid.points"),
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
    caught(twin, "go/policyviper.py", "- 128) * x[j + 5]", "- 128) * x[j + 4]", "def conv",
           block="for i in range(0, cin, 8):")  # in the rewritten loop: named from its start
    caught(twin, "go/policy.py", "v -= 256", "v -= 255", "def conv")
    caught(twin, "go/policy.py", "q = p + (1 - k // 3) * w", "q = p + (1 - k // 3) * w + 1",
           "def conv")
