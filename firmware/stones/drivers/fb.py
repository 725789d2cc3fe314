"""The framebuf module for this runtime: MicroPython's C one on the device, framebuf_py elsewhere.

Drivers and display adapters write `from stones.drivers.fb import framebuf` and subclass
framebuf.FrameBuffer; nothing else in the firmware needs to know which runtime it is on.
framebuf_py (and its font) are only imported on CPython, so they cost the Pico nothing but flash.
"""

from stones.compat import MICROPYTHON

if MICROPYTHON:
    import framebuf  # noqa: F401
else:
    from stones.drivers import framebuf_py as framebuf  # noqa: F401
