"""MemoryPanel: a panel with no bus and the drivers' surface (stones.drivers.ssd1306), for the
panels the simulator and the web page show without a driver. Its own module, so that a Pico,
whose panels all have a driver, never holds the class.
"""

from stones.drivers.fb import framebuf


class MemoryPanel(framebuf.FrameBuffer):
    """A panel with no bus: the same surface as the drivers (MONO_VLSB `buffer`, show(), the
    panel commands), for displays simulated without a driver here (the simulator's ssd1327).
    show() copies a changed buffer into `frame`, what the panel would be showing, and returns
    1 (0 if nothing changed); frames_sent counts them. Allocation-free like the drivers."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.pages = (height + 7) // 8
        self.buffer = bytearray(self.pages * width)
        self.frame = bytearray(self.pages * width)
        self.frames_sent = 0
        self.bytes_sent = 0  # no bus: nothing is ever sent
        self.contrast_level = 0xFF
        self.inverted = False
        self.on = True
        self._stale = True  # the first show() counts, as a driver's first show() sends all
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)

    def show(self):
        if not self._stale and self.frame == self.buffer:
            return 0
        self._stale = False
        self.frame[:] = self.buffer
        self.frames_sent += 1
        return 1

    def invalidate(self):
        self._stale = True

    def poweroff(self):
        self.on = False

    def poweron(self):
        self.on = True

    def contrast(self, contrast):
        self.contrast_level = contrast & 0xFF

    def invert(self, invert):
        self.inverted = bool(invert)

    def rotate(self, quarter_turns):
        if quarter_turns not in (0, 2):
            raise ValueError("the panel rotates by 0 or 2 quarter turns")
