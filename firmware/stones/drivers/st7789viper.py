# pyright: reportUndefinedVariable=false
# (ptr8 is viper's cast, known only to the viper compiler: no stub declares it)
"""st7789.expand as viper code, for MicroPython ports with a native emitter: every changed page
of a colour panel goes through it, a few thousand pixels each, and in bytecode the loop would
cost more than the bus.

A line-for-line port of st7789.expand, which stays the reference: CPython runs only that;
tests/device/test_st7789.py runs both on the unix port and requires the same bytes, and under
plain CPython holds the two sources together (tests/engine/twins.py). Change them together.

The host build compiles this module only for a native architecture (host_tools/device/build.py).
"""


@micropython.viper
def expand(pagep, outp, width: int, scale: int, fg: int, bg: int):
    """st7789.expand: one page of bits into out as big-endian RGB565, each pixel scale times."""
    page = ptr8(pagep)
    out = ptr8(outp)
    line = width * scale * 2
    fh = fg >> 8
    fl = fg & 0xFF
    bh = bg >> 8
    bl = bg & 0xFF
    for r in range(8):
        i = r * scale * line
        for x in range(width):
            if page[x] >> r & 1:
                hi = fh
                lo = fl
            else:
                hi = bh
                lo = bl
            for _ in range(scale):
                out[i] = hi
                out[i + 1] = lo
                i += 2
