"""Go's learned policy (stones/engine/go/policy.py) with the weights the engine ships: they load,
fit the code's shapes, and the plain-Python forward pass gives, to the unit, the logits the
trainer's integer model gave (tests/engine/gopolicy_check.py, written with the weights by
host_tools/fit/policy.py). Both runtimes."""

from gopolicy_check import CHECK

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
