# pyright: reportUndefinedVariable=false
# (ptr8, ptr16 and ptr32 are viper's casts, known only to the viper compiler: no stub declares them)
"""The learned policy's layer (policy.conv) as viper code, for MicroPython ports with a native
emitter: the forward pass's multiply-adds on machine words and raw buffer pointers.

A line-for-line port of policy.conv, which stays the reference: CPython runs only that; the
tests run both on the unix port and require the same logits to the unit
(tests/engine/test_policy.py), and tests/engine/twins.py holds the two sources together under
plain CPython. Change them together.

What viper needs that policy.py does not: the buffers as typed pointers (inputs, activations,
weights and biases are bytes; the points are 16-bit words; the logits 32-bit words, an
array('i')), and int8 weights sign-extended by hand ((w ^ 128) - 128: no branch). The
channels are taken eight at a time, written out: on a Cortex-M0+ a viper range loop costs
about twice a multiply-add, so the inner loop runs once for eight of them (every layer's
inputs are a multiple of eight: policy._layer sends any other here never). The sums stay below
2**29, so a Pico's 32-bit words never overflow.

The host build compiles this module only for a native architecture (host_tools/device/build.py).
"""


@micropython.viper
def conv(xp, cin: int, yp, cout: int, wp, bp, shift: int, relu: int, boardp, pointsp,
         count: int, w: int):
    """policy.conv on the grid's points (count of them at pointsp, stride w, board at boardp)."""
    x = ptr8(xp)
    y = ptr8(yp)
    logit = ptr32(yp)
    weights = ptr8(wp)
    biases = ptr8(bp)
    board = ptr8(boardp)
    points = ptr16(pointsp)
    taps = int(len(wp)) // (cin * cout)
    for j in range(count):
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
                for i in range(0, cin, 8):
                    u = wi + i
                    j = xi + i
                    acc += (((weights[u] ^ 128) - 128) * x[j]
                            + ((weights[u + 1] ^ 128) - 128) * x[j + 1]
                            + ((weights[u + 2] ^ 128) - 128) * x[j + 2]
                            + ((weights[u + 3] ^ 128) - 128) * x[j + 3]
                            + ((weights[u + 4] ^ 128) - 128) * x[j + 4]
                            + ((weights[u + 5] ^ 128) - 128) * x[j + 5]
                            + ((weights[u + 6] ^ 128) - 128) * x[j + 6]
                            + ((weights[u + 7] ^ 128) - 128) * x[j + 7])
            if relu:
                acc >>= shift
                y[p * cout + o] = 0 if acc < 0 else (127 if acc > 127 else acc)
            else:
                logit[p * cout + o] = acc
