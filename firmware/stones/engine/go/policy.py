"""Go's learned policy: a small convolutional net that says, for every point, how likely a
stronger player is to play there (trained by host_tools/fit/policy.py).

The net is fully convolutional, so the same weights serve every board size: 3x3 convolutions
with ReLU, then a 1x1 convolution to one logit a point. Everything is integer arithmetic: int8
weights, int32 sums (they stay below 2**29, a Pico's small ints), activations requantised to
0..127 by a right shift after each layer, so a float never reaches the heap. The weights are
bytes constants in policyweights.py, which the firmware freezes into flash: no heap for them.

Inputs, PLANES a point (`planes`), from the side to move's view:

    0 its stones          1 the opponent's stones     2 on the board (the edge shows as its end)
    3 its stones in atari 4 the opponent's in atari   5 its stones with two liberties
    6 the opponent's with two liberties               7 the last move

Activations live at mailbox indices (the grid's padded layout), channel-minor: point p's
channels at p * C ... p * C + C - 1, so a 3x3 neighbour is p + offset and an off-board
neighbour (line 0) is skipped, as the trainer's zero padding does. `conv` is the plain-Python
reference of a layer; on a Pico the Thumb code of policyasm does the whole pass, where
MicroPython compiles viper (and has no inline assembler) policyviper.conv does the multiply-adds,
and on CPython with numpy policynp does the whole pass.
tests/engine/test_gopolicy.py holds `forward` to the logits the trainer's integer model computed
(tests/engine/gopolicy_check.py), on CPython and MicroPython, and both faster passes to the
reference.
"""

from array import array

from stones.compat import MICROPYTHON, const, twin

PLANES = const(8)
_ON = const(64)  # an input plane's 1.0 (the trainer's scale of the first layer's input)
ASM_WORDS = const(32)  # policyasm's params: a layer's settings and its loop's counters


def planes(game, x, libs=None):
    """Write the inputs of game's position for the side to move into x (a bytearray of at least
    grid.length * PLANES, zeroed here; a point's planes at p * PLANES). libs: a bytearray of
    grid.length to note each group's liberties in (made here if not given)."""
    grid = game.grid
    for i in range(len(x)):
        x[i] = 0
    if libs is None:
        libs = bytearray(grid.length)
    for i in range(len(libs)):
        libs[i] = 0  # a group's liberties + 1 at its root, once counted
    cell = game.cell
    root = game.root
    me = game.to_move
    for p in grid.points:
        c = cell[p] & 3
        base = p * PLANES
        x[base + 2] = _ON
        if not c:
            continue
        mine = c == me
        x[base + (0 if mine else 1)] = _ON
        r = root[p]
        n = libs[r] - 1
        if n < 0:
            n = game._count_liberties(r)
            libs[r] = n + 1
        if n == 1:
            x[base + (3 if mine else 4)] = _ON
        elif n == 2:
            x[base + (5 if mine else 6)] = _ON
    last = game.last_move()
    if last:
        x[last * PLANES + 7] = _ON


def conv(grid, x, cin, y, cout, weights, biases, shift, relu):
    """One layer: y[p * cout + o] for every point p, from x (cin channels a point). weights:
    int8 bytes, [output][k][input], k = 3 * row + column of a 3x3 kernel from its top left (a
    row up is +stride: rows count from the bottom), or one tap for a 1x1 layer; biases: int32
    as 4 little-endian bytes each. With relu, the sums are shifted right and clamped to 0..127
    (y a bytearray); without, they are kept whole (y an array('i'): the logits).
    policyviper.conv is its viper twin."""
    w = grid.stride
    line = grid.line
    points = grid.points
    taps = len(weights) // (cin * cout)
    for j in range(grid.count):
        p = points[j]
        for o in range(cout):
            b = 4 * o
            top = biases[b + 3]
            if top > 127:
                top -= 256
            acc = biases[b] | biases[b + 1] << 8 | biases[b + 2] << 16 | top << 24
            for k in range(taps):
                q = p
                if taps == 9:
                    q = p + (1 - k // 3) * w + k % 3 - 1
                if not line[q]:
                    continue
                xi = q * cin
                wi = (o * taps + k) * cin
                for i in range(cin):
                    v = weights[wi + i]
                    if v > 127:
                        v -= 256
                    acc += v * x[xi + i]
            if relu:
                acc >>= shift
                y[p * cout + o] = 0 if acc < 0 else (127 if acc > 127 else acc)
            else:
                y[p * cout + o] = acc


def _layer(fast, grid, x, cin, y, cout, weights, biases, shift, relu):
    """conv, by its viper twin where this runtime has it (it takes eight inputs at a time)."""
    if fast and not cin & 7:
        fast.conv(x, cin, y, cout, weights, biases, shift, relu, grid.line, grid.points,
                  grid.count, grid.stride)
    else:
        conv(grid, x, cin, y, cout, weights, biases, shift, relu)


def buffers(grid, net):
    """What forward() works in for boards of grid: the inputs, two activation buffers, the
    logits, the liberty notes and policyasm's words, made once (a game keeps them: nothing is
    allocated a pass).
    The inputs share the second activation buffer: the first layer reads them into the first
    buffer, and they are not read again before the second layer writes there."""
    widest = max(max(layer[0], layer[1]) for layer in net)
    x = bytearray(grid.length * max(PLANES, widest))
    return (x, bytearray(grid.length * widest), x, array("i", bytes(4 * grid.length)),
            bytearray(grid.length), array("i", bytes(4 * ASM_WORDS)))


def _numpy():
    """policynp where numpy imports (CPython hosts that have it), else None."""
    if MICROPYTHON:
        return None
    try:
        from stones.engine.go import policynp
    except ImportError:
        return None
    return policynp


def forward(net, game, scratch=None, plain=False):
    """The logits of game's position for the side to move, an array('i') at mailbox indices
    (0 off the board); net: policyweights' LAYERS. scratch: buffers() to reuse. The layers run
    in numpy where CPython has it (policynp), as Thumb code where MicroPython has the inline
    assembler (policyasm: a Pico), as viper code where it compiles viper (policyviper), else in
    plain Python; plain: in plain Python always (the reference)."""
    grid = game.grid
    x, a, b, logits, libs, params = scratch or buffers(grid, net)
    planes(game, x, libs)
    if not plain:
        whole = _numpy()
        if whole:
            return whole.forward(net, game, x, PLANES, logits)
        machine = twin("stones.engine.go.policyasm")
        if machine:
            return machine.forward(net, grid, x, a, b, logits, params)
    fast = None if plain else twin("stones.engine.go.policyviper")
    source, cin = x, PLANES
    for cin_, cout, weights, biases, shift in net[:-1]:
        assert cin_ == cin
        _layer(fast, grid, source, cin, a, cout, weights, biases, shift, 1)
        source, cin = a, cout
        a, b = b, a
    cin_, cout, weights, biases, shift = net[-1]
    _layer(fast, grid, source, cin, logits, 1, weights, biases, shift, 0)
    return logits
