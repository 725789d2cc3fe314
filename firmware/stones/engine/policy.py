"""A game's learned policy: a small convolutional net that says, for every point of the board, how
likely a stronger player is to play there (trained by host_tools/fit/policy.py), and the root's
priors it revises (Game.root_priors, with the game's `learned` knowledge bit).

A game that has one names its policy module (Game.policy, "stones.engine.go.policy"): that
module's PLANES and `planes(game, x, libs)` are the net's inputs; the module of the same name
with "weights" after it holds its LAYERS and LOGIT_ONE (bytes constants, made by the trainer,
which the firmware freezes into flash: no heap for them). Everything here is the same for every
game and board.

The net is fully convolutional, so the same weights serve every board size: 3x3 convolutions
with ReLU, then a 1x1 convolution to one logit a point. On a hexagonal board the 3x3 kernel
is read in the mailbox's axial layout: it reaches the six neighbours and two cells two steps
away. Everything is integer arithmetic: int8 weights, int32 sums (they stay below 2**29, a
Pico's small ints), activations requantised to 0..127 by a right shift after each layer, so a
float never reaches the heap.

Activations live at mailbox indices (the grid's padded layout), channel-minor: point p's
channels at p * C ... p * C + C - 1, so a 3x3 neighbour is p + offset and an off-board
neighbour is skipped, as the trainer's zero padding does. `conv` is the plain-Python reference
of a layer; on a Pico the Thumb code of policyasm does the whole pass, where MicroPython
compiles viper (and has no inline assembler) policyviper.conv does the multiply-adds, and on
CPython with numpy policynp does the whole pass.
tests/engine/test_policy.py holds `forward` to the logits the trainer's integer model computed
(tests/engine/<game>policy_check.py), on CPython and MicroPython, and the faster passes to the
reference.
"""

from array import array

from stones.compat import MICROPYTHON, const, twin

ON = const(64)  # an input plane's 1.0 (the trainer's scale of the first layer's input)
ASM_WORDS = const(32)  # policyasm's params: a layer's settings and its loop's counters
_POINTS = const(29)  # prior points per nat of the policy's logit (20 a doubling)
_MIX = const(2)  # the policy's share of a root prior, in quarters


def cells(grid):
    """The mailbox cells a pass's buffers hold: the grid's, and as far as a 3x3 tap of its
    highest point reaches (a hexagon's mailbox stops one cell short of it)."""
    return max(grid.length, max(grid.points) + grid.stride + 2)


def stones(game, x, planes):
    """The first planes of a game's inputs (x: a bytearray of grid.length * planes, zeroed
    here), from the side to move's view: 0 its stones, 1 the opponent's, 2 on the board (the
    edge shows as its end), 3 the last move, 4 the move before it; the game's policy module
    writes its own planes after these."""
    for i in range(len(x)):
        x[i] = 0
    cell = game.cell
    me = game.to_move
    for p in game.grid.points:
        c = cell[p] & 3
        base = p * planes
        x[base + 2] = ON
        if c:
            x[base + (0 if c == me else 1)] = ON
    count = game.count
    for back in (1, 2):
        if count >= back:
            p = game.history[count - back] & 0x1FF
            if game.grid.on_board(p):  # (not a pass, nor a resignation)
                x[p * planes + 2 + back] = ON


def conv(grid, board, x, cin, y, cout, weights, biases, shift, relu):
    """One layer: y[p * cout + o] for every point p, from x (cin channels a point). board:
    buffers()' bytes, 1 at a point on the board; weights: int8 bytes, [output][k][input],
    k = 3 * row + column of a 3x3 kernel from its top left (a row up is +stride: rows count from
    the bottom), or one tap for a 1x1 layer; biases: int32 as 4 little-endian bytes each. With
    relu, the sums are shifted right and clamped to 0..127 (y a bytearray); without, they are
    kept whole (y an array('i'): the logits). policyviper.conv is its viper twin."""
    w = grid.stride
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
                if not board[q]:
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


def _layer(fast, grid, board, x, cin, y, cout, weights, biases, shift, relu):
    """conv, by its viper twin where this runtime has it (it takes eight inputs at a time)."""
    if fast and not cin & 7:
        fast.conv(x, cin, y, cout, weights, biases, shift, relu, board, grid.points,
                  grid.count, grid.stride)
    else:
        conv(grid, board, x, cin, y, cout, weights, biases, shift, relu)


def buffers(grid, net, planes):
    """What forward() works in for boards of grid, a net of planes inputs: the inputs, two
    activation buffers, the logits, the liberty notes, policyasm's words and the board's
    points, made once (a game keeps them: nothing is allocated a pass).
    The inputs share the second activation buffer: the first layer reads them into the first
    buffer, and they are not read again before the second layer writes there."""
    n = cells(grid)
    widest = max(max(layer[0], layer[1]) for layer in net)
    x = bytearray(n * max(planes, widest))
    board = bytearray(n)
    for p in grid.points:
        board[p] = 1
    return (x, bytearray(n * widest), x, array("i", bytes(4 * grid.length)),
            bytearray(grid.length),
            array("i", bytes(4 * ASM_WORDS)), board)


def _numpy():
    """policynp where numpy imports (CPython hosts that have it), else None."""
    if MICROPYTHON:
        return None
    try:
        from stones.engine import policynp
    except ImportError:
        return None
    return policynp


_PASSES = []  # [numpy's pass, the Thumb code, the viper layer]: each None where missing


def _passes():
    """The faster passes this runtime has, looked up once (a later pass allocates nothing)."""
    if not _PASSES:
        _PASSES.append(_numpy())
        _PASSES.append(twin("stones.engine.policyasm"))
        _PASSES.append(twin("stones.engine.policyviper"))
    return _PASSES


def forward(net, game, inputs, scratch=None, plain=False):
    """The logits of game's position for the side to move, an array('i') at mailbox indices
    (0 off the board); net: a policyweights' LAYERS; inputs: the game's policy module (its
    PLANES and planes). scratch: buffers() to reuse. The layers run in numpy where CPython has
    it (policynp), as Thumb code where MicroPython has the inline assembler (policyasm: a
    Pico), as viper code where it compiles viper (policyviper), else in plain Python; plain: in
    plain Python always (the reference)."""
    grid = game.grid
    planes = inputs.PLANES
    x, a, b, logits, libs, params, board = scratch or buffers(grid, net, planes)
    inputs.planes(game, x, libs)
    fast = None
    if not plain:
        whole, machine, fast = _passes()
        if whole:
            return whole.forward(net, game, x, planes, logits)
        if machine:
            return machine.forward(net, grid, x, a, b, logits, params)
    source, cin = x, planes
    last = len(net) - 1
    for at in range(last):  # (by index: a slice of net would allocate)
        cin_, cout, weights, biases, shift = net[at]
        _layer(fast, grid, board, source, cin, a, cout, weights, biases, shift, 1)
        source, cin = a, cout
        a, b = b, a
    cin_, cout, weights, biases, shift = net[last]
    _layer(fast, grid, board, source, cin, logits, 1, weights, biases, shift, 0)
    return logits


def revise(game, moves, priors, n):
    """Game.root_priors with the learned knowledge: each candidate's prior moves a quarter-share
    _MIX toward the policy's view of it: 128, plus _POINTS points per nat its logit stands
    above the candidates' mean (one forward pass). The game keeps its buffers and the modules
    at the first pass, so that a search's later ones allocate nothing (tests/mp/test_heap_*)."""
    state = game._policy
    if state is None:
        inputs = __import__(game.policy, None, None, ("_",))
        weights = __import__(game.policy + "weights", None, None, ("_",))
        state = game._policy = (buffers(game.grid, weights.LAYERS, inputs.PLANES), inputs,
                                weights)
    scratch, inputs, weights = state
    logits = forward(weights.LAYERS, game, inputs, scratch)
    total = 0
    for i in range(n):
        total += logits[moves[i]]
    mean = total // n
    one = weights.LOGIT_ONE
    for i in range(n):
        q = 128 + (logits[moves[i]] - mean) * _POINTS // one
        q = (priors[i] * (4 - _MIX) + q * _MIX) >> 2
        priors[i] = 0 if q < 0 else (255 if q > 255 else q)
