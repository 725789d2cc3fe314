"""The learned policy's forward pass in numpy, for CPython hosts that have it (a Raspberry Pi,
the desktop's tools): policy.forward's integer arithmetic on whole planes at once, the same
logits to the unit. Never on the Pico (firmware/manifest.py leaves it out); policy.forward uses
it where numpy imports, and the plain-Python reference (policy.conv) where it does not. The
trainer's integer model of the engine (host_tools/fit/policy.py) is `logits` over a batch.
tests/engine/test_gopolicy.py holds it to the reference on every board size.
"""

from array import array

import numpy as np

_ORDER = {}  # a grid -> the mailbox index of each point, rows from the top, then columns


def _order(grid):
    order = _ORDER.get(grid)
    if order is None:
        _ORDER.clear()
        n = grid.n
        order = _ORDER[grid] = np.array(
            [grid.index(col, row) for row in range(n - 1, -1, -1) for col in range(n)], np.intp)
    return order


def logits(net, act):
    """The integer logits (N, S * S) of inputs act (N, PLANES, S, S), already at the first
    layer's scale (policy._ON for an input that is on): each 3x3 layer's sums shifted right and
    clamped to 0..127, zero beyond the board's edge; the last layer's sums kept whole."""
    act = act.astype(np.int64)
    size = act.shape[-1]
    for at, (cin, cout, weights, biases, shift) in enumerate(net):
        w = np.frombuffer(weights, np.int8).astype(np.int64)
        k = 3 if len(w) == 9 * cin * cout else 1
        w = w.reshape(cout, k, k, cin)
        out = np.zeros((act.shape[0], cout, size, size), np.int64)
        out += np.frombuffer(biases, "<i4").astype(np.int64)[None, :, None, None]
        pad = k // 2
        padded = np.pad(act, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
        for ky in range(k):
            for kx in range(k):
                window = padded[:, :, ky:ky + size, kx:kx + size]
                out += np.einsum("nihw,oi->nohw", window, w[:, ky, kx, :])
        act = np.clip(out >> shift, 0, 127) if at < len(net) - 1 else out
    return act.reshape(act.shape[0], -1)


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
