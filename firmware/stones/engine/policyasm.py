# pyright: reportUndefinedVariable=false
# (micropython, registers and instructions: the compiler's names, which no stub declares)
"""The learned policy's layers (policy.conv) in Thumb machine code, for the Pico: the inline
assembler's Cortex-M0+ subset (ARMv6-M, Thumb-1: low registers, byte loads at 0..31 bytes from
a register), a layer of the forward pass in one call, several times faster than policyviper's.

What it computes is policy.conv's, to the unit: for every point p of the grid and every output
o, the bias, plus each 3x3 tap's (or the one tap's) int8 weights times the inputs of the point
the tap reaches, then (relu) shifted right and clamped to 0..127 into a byte, or (the last
layer) kept whole as a 32-bit logit. One difference of form: the reference skips a tap that
falls off the board; this code multiplies the zeros that a buffer holds there (forward clears
each activation buffer before a layer writes it, and layers write only the board's points).

`forward` runs a whole pass, `layer` one layer. `conv(x, y, weights, params)`: x, y and weights
are the buffers (the inputs, the outputs, the layer's int8 bytes); params is an array('i') of
policy.ASM_WORDS words that `layer` fills: the point count, the address of the grid's points
(16-bit mailbox indices), cin, cout, the shift, relu, the address of the biases (4
little-endian bytes each), the 9 taps' offsets in bytes of x, the taps, and then the words the
code keeps its loop counters in. Where the inline assembler is missing (the unix port on a PC,
the web page's WebAssembly) the host build leaves this module out and policy.forward takes
policyviper's loop or the plain reference instead.

tests/engine/test_policyasm.py runs these instructions under CPython on a model of the subset
(tests/engine/thumbmodel.py) against policy.conv; tests/pico/test_policy_pico.py runs them on
the emulated RP2040 against the reference.
"""


@micropython.asm_thumb
def _address(r0):
    # a buffer's address: the inline assembler receives a buffer as a pointer to its bytes
    mov(r0, r0)


@micropython.asm_thumb
def conv(r0, r1, r2, r3):
    # r0 x, r1 y, r2 weights, r3 params; loop words: 17 x, 18 y, 19 weights, 20 j, 21 p,
    # 22 o, 23 the weights of this output's taps, 24 k, 25 x at point p
    str(r0, [r3, 68])
    str(r1, [r3, 72])
    str(r2, [r3, 76])
    mov(r0, 0)
    str(r0, [r3, 80])
    label(POINT)
    ldr(r0, [r3, 80])
    ldr(r1, [r3, 0])
    cmp(r0, r1)
    blt(POINT_GO)
    b(DONE)
    label(POINT_GO)
    ldr(r1, [r3, 4])
    add(r0, r0, r0)
    add(r1, r1, r0)
    ldrh(r1, [r1, 0])
    str(r1, [r3, 84])
    ldr(r0, [r3, 8])
    mul(r0, r1)
    ldr(r1, [r3, 68])
    add(r0, r0, r1)
    str(r0, [r3, 100])
    ldr(r0, [r3, 76])
    str(r0, [r3, 92])
    mov(r0, 0)
    str(r0, [r3, 88])
    label(OUTPUT)
    ldr(r0, [r3, 88])
    ldr(r1, [r3, 12])
    cmp(r0, r1)
    blt(OUTPUT_GO)
    b(POINT_NEXT)
    label(OUTPUT_GO)
    ldr(r1, [r3, 24])
    lsl(r0, r0, 2)
    add(r1, r1, r0)
    ldrb(r2, [r1, 0])
    ldrb(r0, [r1, 1])
    lsl(r0, r0, 8)
    orr(r2, r0)
    ldrb(r0, [r1, 2])
    lsl(r0, r0, 16)
    orr(r2, r0)
    ldrb(r0, [r1, 3])
    lsl(r0, r0, 24)
    orr(r2, r0)
    ldr(r6, [r3, 92])
    mov(r0, 0)
    str(r0, [r3, 96])
    label(TAP)
    ldr(r0, [r3, 96])
    ldr(r1, [r3, 64])
    cmp(r0, r1)
    bge(TAPS_DONE)
    lsl(r0, r0, 2)
    add(r0, r0, r3)
    ldr(r7, [r0, 28])
    ldr(r0, [r3, 100])
    add(r7, r7, r0)
    ldr(r1, [r3, 8])
    lsr(r1, r1, 3)
    label(EIGHT)
    ldrb(r4, [r6, 0])
    lsl(r4, r4, 24)
    asr(r4, r4, 24)
    ldrb(r5, [r7, 0])
    mul(r4, r5)
    add(r2, r2, r4)
    ldrb(r4, [r6, 1])
    lsl(r4, r4, 24)
    asr(r4, r4, 24)
    ldrb(r5, [r7, 1])
    mul(r4, r5)
    add(r2, r2, r4)
    ldrb(r4, [r6, 2])
    lsl(r4, r4, 24)
    asr(r4, r4, 24)
    ldrb(r5, [r7, 2])
    mul(r4, r5)
    add(r2, r2, r4)
    ldrb(r4, [r6, 3])
    lsl(r4, r4, 24)
    asr(r4, r4, 24)
    ldrb(r5, [r7, 3])
    mul(r4, r5)
    add(r2, r2, r4)
    ldrb(r4, [r6, 4])
    lsl(r4, r4, 24)
    asr(r4, r4, 24)
    ldrb(r5, [r7, 4])
    mul(r4, r5)
    add(r2, r2, r4)
    ldrb(r4, [r6, 5])
    lsl(r4, r4, 24)
    asr(r4, r4, 24)
    ldrb(r5, [r7, 5])
    mul(r4, r5)
    add(r2, r2, r4)
    ldrb(r4, [r6, 6])
    lsl(r4, r4, 24)
    asr(r4, r4, 24)
    ldrb(r5, [r7, 6])
    mul(r4, r5)
    add(r2, r2, r4)
    ldrb(r4, [r6, 7])
    lsl(r4, r4, 24)
    asr(r4, r4, 24)
    ldrb(r5, [r7, 7])
    mul(r4, r5)
    add(r2, r2, r4)
    add(r6, 8)
    add(r7, 8)
    sub(r1, 1)
    bne(EIGHT)
    ldr(r0, [r3, 96])
    add(r0, 1)
    str(r0, [r3, 96])
    b(TAP)
    label(TAPS_DONE)
    str(r6, [r3, 92])
    ldr(r0, [r3, 84])
    ldr(r1, [r3, 12])
    mul(r0, r1)
    ldr(r1, [r3, 88])
    add(r0, r0, r1)
    ldr(r1, [r3, 20])
    cmp(r1, 0)
    beq(LOGIT)
    ldr(r1, [r3, 16])
    asr(r2, r1)
    cmp(r2, 0)
    bge(NOT_NEGATIVE)
    mov(r2, 0)
    label(NOT_NEGATIVE)
    cmp(r2, 127)
    ble(IN_RANGE)
    mov(r2, 127)
    label(IN_RANGE)
    ldr(r1, [r3, 72])
    add(r0, r0, r1)
    strb(r2, [r0, 0])
    b(OUTPUT_NEXT)
    label(LOGIT)
    lsl(r0, r0, 2)
    ldr(r1, [r3, 72])
    add(r0, r0, r1)
    str(r2, [r0, 0])
    label(OUTPUT_NEXT)
    ldr(r0, [r3, 88])
    add(r0, 1)
    str(r0, [r3, 88])
    b(OUTPUT)
    label(POINT_NEXT)
    ldr(r0, [r3, 80])
    add(r0, 1)
    str(r0, [r3, 80])
    b(POINT)
    label(DONE)
    mov(r0, 0)


@micropython.asm_thumb
def _clear(r0, r1):
    # r1 bytes from r0 on set to 0 (r1 > 0)
    mov(r2, 0)
    label(BYTE)
    sub(r1, 1)
    strb(r2, [r0, 0])
    add(r0, 1)
    cmp(r1, 0)
    bne(BYTE)
    mov(r0, 0)


def layer(grid, x, cin, y, cout, weights, biases, shift, relu, p):
    """policy.conv's layer into y, by conv; p: policy.buffers' words to fill. The cells of x
    off the board must hold zeros, as conv reads them (forward clears each buffer first)."""
    w = grid.stride
    taps = len(weights) // (cin * cout)
    p[0] = grid.count
    p[1] = _address(grid.points)
    p[2] = cin
    p[3] = cout
    p[4] = shift
    p[5] = relu
    p[6] = _address(biases)
    for k in range(taps):
        p[7 + k] = ((1 - k // 3) * w + k % 3 - 1) * cin if taps == 9 else 0
    p[16] = taps
    conv(x, y, weights, p)


def forward(net, grid, x, a, b, logits, p):
    """policy.forward's layers from the inputs x (policy.planes') into logits, through the
    activation buffers a and b (b may be x: its inputs are read once, by the first layer).
    Each activation buffer is cleared before a layer writes it, so that a cell off the board
    reads zero whatever the buffer held before (the inputs' layout is not the activations')."""
    source, cin = x, net[0][0]
    last = len(net) - 1
    for at in range(last):
        _, cout, weights, biases, shift = net[at]
        _clear(a, len(a))
        layer(grid, source, cin, a, cout, weights, biases, shift, 1, p)
        source, cin = a, cout
        a, b = b, a
    _, cout, weights, biases, shift = net[last]
    layer(grid, source, cin, logits, cout, weights, biases, shift, 0, p)
    return logits
