"""The learned policy's forward pass in numpy, for CPython hosts that have it (a Raspberry Pi,
the desktop's tools): policy.forward's integer arithmetic on whole planes at once, the same
logits to the unit. Never on the Pico (firmware/manifest.py leaves it out); policy.forward uses
it where numpy imports, and the plain-Python reference (policy.conv) where it does not. The
trainer's integer model of the engine (host_tools/fit/policy.py) is `logits` over a batch.
tests/engine/test_gopolicy.py holds it to the reference on every board size.
"""

from array import array

import numpy as np
from numpy.lib.stride_tricks import as_strided

_ORDER = {}  # a grid -> the mailbox index of each point, rows from the top, then columns


def _order(grid):
    order = _ORDER.get(grid)
    if order is None:
        _ORDER.clear()
        n = grid.n
        order = _ORDER[grid] = np.array(
            [grid.index(col, row) for row in range(n - 1, -1, -1) for col in range(n)], np.intp)
    return order


_WEIGHTS = {}  # id of a layer's weights -> (kernel matrix, biases, k, the weights: the id's owner)


def _matrix(weights, biases, cin, cout):
    """A layer's kernel as a (k * k * cin, cout) float64 matrix (exact: every sum of a pass
    stays below 2**29, far inside a double's 2**53), its biases and its size k."""
    key = id(weights)
    got = _WEIGHTS.get(key)
    if got is None or got[3] is not weights:
        w = np.frombuffer(weights, np.int8).astype(np.float64)
        k = 3 if len(w) == 9 * cin * cout else 1
        matrix = w.reshape(cout, k * k * cin).T.copy()  # [output][ky][kx][input] -> rows
        got = _WEIGHTS[key] = (matrix, np.frombuffer(biases, "<i4").astype(np.float64), k,
                               weights)
    return got[:3]


def logits(net, act):
    """The integer logits (N, S * S) of inputs act (N, PLANES, S, S), already at the first
    layer's scale (policy._ON for an input that is on): each 3x3 layer's sums shifted right and
    clamped to 0..127, zero beyond the board's edge; the last layer's sums kept whole. Each
    layer is one matrix product of the kernel with every point's 3x3 window."""
    n, _, size, _ = act.shape
    act = np.ascontiguousarray(act.transpose(0, 2, 3, 1), np.float64)  # (N, S, S, C)
    for at, (cin, cout, weights, biases, shift) in enumerate(net):
        matrix, bias, k = _matrix(weights, biases, cin, cout)
        if k == 3:  # every point's 3x3 window, a view of the zero-padded planes, copied flat
            padded = np.zeros((n, size + 2, size + 2, cin))
            padded[:, 1:-1, 1:-1] = act
            a, b, c, d = padded.strides
            act = as_strided(padded, (n, size, size, 3, 3, cin), (a, b, c, b, c, d)).reshape(
                n, size, size, 9 * cin)
        out = act @ matrix + bias
        if at < len(net) - 1:
            act = np.clip(np.floor(out * (1.0 / (1 << shift))), 0, 127)
        else:
            act = out
    return act.reshape(n, -1).astype(np.int64)


def forward(net, game, x, planes, out=None):
    """policy.forward's logits of game's position, from its input planes x (policy.planes'
    bytearray, `planes` a point), into out (an array('i') of the grid's length, made if None)
    at mailbox indices."""
    grid = game.grid
    order = _order(grid)
    n = grid.n
    inputs = np.frombuffer(x, np.uint8)[:grid.length * planes].reshape(-1, planes)[order]
    values = logits(net, inputs.T.reshape(1, planes, n, n))[0]
    if out is None:
        out = array("i", bytes(4 * grid.length))
    view = np.frombuffer(out, np.int32)
    view[order] = values
    return out
