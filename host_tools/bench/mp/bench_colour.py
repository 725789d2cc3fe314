"""The colour driver's redraw on the device: python -m host_tools.bench.pico --only colour.

    import bench_colour; bench_colour.main()

On a colour board's UF2 (booted with its recovery button held, so the app does not start), the
board's own panel as the firmware makes it (stones.platforms.pico.colour_panel over the frozen
map's display: the frozen ST7789 driver, its viper expand loop where the firmware has it, on the
board's SPI), then timed, best of ROUNDS: a frame in which every page changed, a frame in which
one 8-row page changed, and the whole panel after invalidate() (the border painted too), each
from a dark frame. Prints `name value` lines: those times in microseconds with the bytes each
sent, the live heap the driver keeps (its frame, its shadow, its page buffer and views), and
where the frame sits; it leaves the frame's first page lit, which the host checks on the glass.
"""

import gc

from stones.compat import ticks_diff, ticks_us

ROUNDS = 3


def live():
    gc.collect()
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


def timed(panel, change):
    """(best microseconds, bytes sent) of show() after change(i) over ROUNDS rounds."""
    best = None
    sent = 0
    for i in range(ROUNDS):
        change(i)
        start = ticks_us()
        sent = panel.show()
        took = ticks_diff(ticks_us(), start)
        best = took if best is None or took < best else best
    return best, sent


def main():
    from stones.boot import defaults
    from stones.platforms.pico import colour_panel

    display = defaults()["display"]
    before = live()
    panel = colour_panel(display, display["driver"])
    panel.fill(0)
    panel.show()  # the first: the border and the frame
    print("driver_heap", live() - before)
    print("frame_width", panel.width)
    print("frame_height", panel.height)
    print("scale", panel.scale)

    def every_page(i):
        panel.fill(1 - (i & 1))

    def one_page(i):
        panel.fill_rect(0, 8, panel.width, 8, 1 - (i & 1))

    def whole(i):
        panel.invalidate()

    for name, change in (("full", every_page), ("page", one_page), ("panel", whole)):
        panel.fill(0)
        panel.show()
        took, sent = timed(panel, change)
        print(name + "_us", took)
        print(name + "_bytes", sent)
    panel.fill(0)
    panel.fill_rect(0, 0, panel.width, 8, 1)  # left on the glass: its first page lit, no more
    panel.show()
    print("left", panel.left)
    print("top", panel.top)
