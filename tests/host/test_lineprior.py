"""host_tools.fit.lineprior's fit: it finds the line weights that made a set of choices."""

import math

from host_tools.fit.lineprior import fit, table


def shares(weights, lines):
    """The softmax shares of candidates on lines under weights (line 4 and in: 0)."""
    exps = [math.exp(weights[line] if line < len(weights) else 0.0) for line in lines]
    total = sum(exps)
    return [(line, e / total) for line, e in zip(lines, exps)]


def test_fit_recovers_the_weights_that_made_the_shares():
    board = [1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5]
    made = (0.0, -2.0, -1.0, -0.5)
    positions = [shares(made, board[:n]) for n in range(5, len(board) + 1)]
    found = fit(positions, steps=4000, decay=0.0)
    for line in (1, 2, 3):
        assert abs(found[line] - made[line]) < 0.05, found


def test_table_has_a_row_for_each_stage_in_prior_points():
    board = [1, 1, 2, 2, 3, 4, 4]
    open_board = shares((0.0, -2.0, -1.0, -0.5), board)
    late = shares((0.0, 0.0, 0.0, 0.0), board)
    rows = table([(0, open_board), (1, open_board), (2, late)], scale=16)
    assert rows[0] == rows[1]
    assert rows[0][0] == 0 and rows[0][1] < rows[0][2] < rows[0][3] < 0
    assert rows[2] == (0, 0, 0, 0)
