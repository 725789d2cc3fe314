"""The learned policy's forward pass in numpy, for CPython hosts that have it (a Raspberry Pi,
the desktop's tools): policy.forward's integer arithmetic on whole planes at once, the same
logits to the unit. Never on the Pico (firmware/manifest.py leaves it out); policy.forward uses
it where numpy imports, and the plain-Python reference (policy.conv) where it does not. The
trainer's integer model of the engine (host_tools/fit/policy.py) is `logits` over a batch.
tests/engine/test_policy.py holds it to the reference on every game and board size.
"""

from array import array

import numpy as np
from numpy.lib.stride_tricks import as_strided

_LAYOUT = []  # [grid, its layout()]: the last grid asked for (a grid is made once a shape)


def layout(grid):
    """(height, width, cells, mask) of grid as a pass's planes: the box of mailbox rows and
    columns that holds its points, rows from the top (the highest index) and columns from the
    left; cells: the mailbox index of each of the box's height * width places, in that order;
    mask: which of them are on the board (a hexagon's box has corners off it), None where all
    are. The trainer lays its tensors out the same way (host_tools/fit/policy.py)."""
    if _LAYOUT and _LAYOUT[0] is grid:
        return _LAYOUT[1]
    w = grid.stride
    rows = [p // w for p in grid.points]
    cols = [p % w for p in grid.points]
    top, bottom, left, right = max(rows), min(rows), min(cols), max(cols)
    cells = np.array([row * w + col for row in range(top, bottom - 1, -1)
                      for col in range(left, right + 1)], np.intp)
    on = np.zeros(grid.length, bool)
    on[np.array(grid.points, np.intp)] = True
    mask = on[cells]
    got = (top - bottom + 1, right - left + 1, cells, None if mask.all() else mask)
    _LAYOUT[:] = [grid, got]
    return got


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


def logits(net, act, mask=None):
    """The integer logits (N, H * W) of inputs act (N, PLANES, H, W), already at the first
    layer's scale (policy.ON for an input that is on): each 3x3 layer's sums shifted right and
    clamped to 0..127, zero beyond the board's edge; the last layer's sums kept whole; every
    layer's outputs zero where mask (H * W, layout()'s) is off. Each layer is one matrix
    product of the kernel with every point's 3x3 window."""
    n, _, height, width = act.shape
    act = np.ascontiguousarray(act.transpose(0, 2, 3, 1), np.float64)  # (N, H, W, C)
    keep = None if mask is None else mask.reshape(1, height, width, 1)
    for at, (cin, cout, weights, biases, shift) in enumerate(net):
        matrix, bias, k = _matrix(weights, biases, cin, cout)
        if k == 3:  # every point's 3x3 window, a view of the zero-padded planes, copied flat
            padded = np.zeros((n, height + 2, width + 2, cin))
            padded[:, 1:-1, 1:-1] = act
            a, b, c, d = padded.strides
            act = as_strided(padded, (n, height, width, 3, 3, cin), (a, b, c, b, c, d)).reshape(
                n, height, width, 9 * cin)
        out = act @ matrix + bias
        if at < len(net) - 1:
            act = np.clip(np.floor(out * (1.0 / (1 << shift))), 0, 127)
        else:
            act = out
        if keep is not None:
            act = act * keep
    return act.reshape(n, -1).astype(np.int64)


def forward(net, game, x, planes, out=None):
    """policy.forward's logits of game's position, from its input planes x (policy.planes'
    bytearray, `planes` a point), into out (an array('i') of the grid's length, made if None)
    at mailbox indices."""
    grid = game.grid
    height, width, cells, mask = layout(grid)
    inputs = np.frombuffer(x, np.uint8)[:grid.length * planes].reshape(-1, planes)[cells]
    values = logits(net, inputs.T.reshape(1, planes, height, width), mask)[0]
    if out is None:
        out = array("i", bytes(4 * grid.length))
    view = np.frombuffer(out, np.int32)
    on = cells if mask is None else cells[mask]
    view[on] = values if mask is None else values[mask]
    return out
