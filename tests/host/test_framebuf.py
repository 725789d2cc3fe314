"""framebuf_py against the real framebuf: the same scenes drawn by both, compared byte for byte.

SCENES below is one script in the subset both runtimes run. It is executed once under the
MicroPython unix port (.venv/bin/micropython, whose framebuf is the C module the Pico runs) and
once here on CPython with stones.drivers.framebuf_py standing in for framebuf. Each scene starts
from a buffer full of a byte pattern (so a stray write to a padding bit or an untouched pixel
shows), draws, and yields its bytes; pixel() reads are recorded too. Coordinates come from a
small LCG, the same on both, and run well past every edge.

Also here: the 8x8 font is re-derived from the MicroPython binary and compared with
stones/drivers/font8x8.py. Regenerate that file with:
    PYTHONPATH=firmware .venv/bin/python -m tests.host.test_framebuf --write-font
"""

import os
import subprocess
import sys
import time

import pytest

from host_tools.paths import FIRMWARE, tool
from stones.drivers import framebuf_py
from stones.drivers.font8x8 import FONT

SCENES = r'''
from array import array


class Lcg:
    def __init__(self, seed):
        self.s = seed

    def int(self, lo, hi):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return lo + (self.s >> 8) % (hi - lo + 1)


def size(fmt, w, h, stride):
    if fmt == 0:
        return ((h + 7) // 8) * stride
    return ((stride + 7) // 8) * h


# (name, format, width, height, stride): the panel, a short last page, a wide stride, and the
# two horizontal formats with widths that are not a multiple of 8.
SHAPES = [
    ("vlsb128x64", 0, 128, 64, 128),
    ("vlsb128x32", 0, 128, 32, 128),
    ("vlsb13x13", 0, 13, 13, 13),
    ("vlsb20x11s24", 0, 20, 11, 24),
    ("hlsb21x10", 3, 21, 10, 21),
    ("hlsb16x16s32", 3, 16, 16, 32),
    ("hmsb13x7", 4, 13, 7, 13),
]


def make(framebuf, shape, seed):
    name, fmt, w, h, stride = shape
    buf = bytearray((i * 73 + seed * 29 + 5) & 0xFF for i in range(size(fmt, w, h, stride)))
    return buf, framebuf.FrameBuffer(buf, w, h, fmt, stride)


def ops(fb, w, h, rnd, kind, reads):
    for n in range(40):
        c = rnd.int(0, 1)
        if kind == "fill":
            fb.fill(c)
            fb.fill_rect(rnd.int(-5, w), rnd.int(-5, h), rnd.int(0, 9), rnd.int(0, 9), 1 - c)
        elif kind == "pixel":
            x = rnd.int(-3, w + 2)
            y = rnd.int(-3, h + 2)
            if rnd.int(0, 2):
                fb.pixel(x, y, c)
            else:
                v = fb.pixel(x, y)
                reads.append(255 if v is None else v)
        elif kind == "lines":
            fb.hline(rnd.int(-w, w + 2), rnd.int(-2, h + 1), rnd.int(-3, 2 * w), c)
            fb.vline(rnd.int(-2, w + 1), rnd.int(-h, h + 2), rnd.int(-3, 2 * h), c)
        elif kind == "rect":
            fb.rect(rnd.int(-w, w), rnd.int(-h, h), rnd.int(-2, w + 4), rnd.int(-2, h + 4), c)
            fb.rect(rnd.int(-w, w), rnd.int(-h, h), rnd.int(0, w), rnd.int(0, h), c, True)
            fb.fill_rect(rnd.int(-w, w), rnd.int(-h, h), rnd.int(-1, w), rnd.int(-1, h), c)
        elif kind == "line":
            fb.line(rnd.int(-w, 2 * w), rnd.int(-h, 2 * h), rnd.int(-w, 2 * w),
                    rnd.int(-h, 2 * h), c)
            x = rnd.int(-2, w + 1)
            y = rnd.int(-2, h + 1)
            fb.line(x, y, x + rnd.int(-3, 3), y + rnd.int(-3, 3), c)
        elif kind == "ellipse":
            x = rnd.int(-10, w + 10)
            y = rnd.int(-10, h + 10)
            xr = rnd.int(0, w)
            yr = rnd.int(0, h)
            if n % 4 == 0:
                fb.ellipse(x, y, xr, yr, c)
            elif n % 4 == 1:
                fb.ellipse(x, y, xr, yr, c, True)
            else:
                fb.ellipse(x, y, xr % 7, yr % 5, c, n % 3 == 0, rnd.int(0, 15))
        elif kind == "poly":
            count = rnd.int(1, 7)
            coords = array("h", [rnd.int(-12, 24) for _ in range(2 * count)])
            fb.poly(rnd.int(-10, w), rnd.int(-10, h), coords, c, rnd.int(0, 1) == 1)
        elif kind == "text":
            words = ("Go 9x9", "Hi!", "~{|}", "a\x00b", "\xe9t\xe9", "\x01\x7f", "W" * 20)
            fb.text(words[rnd.int(0, len(words) - 1)], rnd.int(-70, w + 4), rnd.int(-10, h + 2),
                    c)
        elif kind == "scroll":
            fb.scroll(rnd.int(-w - 2, w + 2) if n % 3 else 0,
                      rnd.int(-h - 2, h + 2) if n % 4 else 0)
            fb.pixel(rnd.int(0, w - 1), rnd.int(0, h - 1), c)


def blits(framebuf, out):
    # A 10x9 HLSB sprite and a 7x12 VLSB one, blitted at every edge, with and without a key,
    # through a palette that inverts, and from a (buffer, w, h, format) tuple.
    sprite = bytearray((i * 91 + 17) & 0xFF for i in range(2 * 9))
    s1 = framebuf.FrameBuffer(sprite, 10, 9, 3)
    sprite2 = bytearray((i * 53 + 3) & 0xFF for i in range(7 * 2))
    s2 = framebuf.FrameBuffer(sprite2, 7, 12, 0)
    invert = framebuf.FrameBuffer(bytearray([0x80]), 2, 1, 3)  # pixel(0)=1, pixel(1)=0
    for shape in SHAPES:
        name, fmt, w, h, stride = shape
        buf, fb = make(framebuf, shape, 3)
        rnd = Lcg(len(name))
        for n in range(60):
            src = s1 if n % 2 else s2
            x = rnd.int(-12, w + 2)
            y = rnd.int(-13, h + 2)
            m = n % 5
            if m == 0:
                fb.blit(src, x, y)
            elif m == 1:
                fb.blit(src, x, y, 0)
            elif m == 2:
                fb.blit(src, x, y, 1)
            elif m == 3:
                fb.blit(src, x, y, -1, invert)
            else:
                fb.blit((sprite, 10, 9, 3), x, y, n % 2)
        out.append(("blit-" + name, bytes(buf)))
    # blit a buffer onto itself-sized copies: the whole-screen case
    buf, fb = make(framebuf, SHAPES[0], 4)
    copy = bytearray(1024)
    framebuf.FrameBuffer(copy, 128, 64, 0).blit(fb, 0, 0)
    out.append(("blit-copy", bytes(copy)))


def screen(framebuf, out):
    # What a game screen does: title bar, board grid, stones, a cursor, a status line.
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, 0)
    fb.fill(0)
    fb.fill_rect(0, 0, 128, 9, 1)
    fb.text("Go 9x9  B 12", 4, 1, 0)
    for i in range(9):
        fb.hline(34, 12 + 6 * i, 49, 1)
        fb.vline(34 + 6 * i, 12, 49, 1)
    for i in range(12):
        fb.ellipse(34 + 6 * (i % 9), 12 + 6 * (i * 5 % 9), 2, 2, 1, i % 2 == 0)
    fb.rect(31, 9, 7, 7, 1)
    fb.text("pass", 90, 30)
    fb.text("undo", 90, 40)
    out.append(("screen", bytes(buf)))


def scenes(framebuf):
    out = []
    kinds = ("fill", "pixel", "lines", "rect", "line", "ellipse", "poly", "text", "scroll")
    for shape in SHAPES:
        name, fmt, w, h, stride = shape
        for k, kind in enumerate(kinds):
            buf, fb = make(framebuf, shape, k)
            reads = bytearray()
            ops(fb, w, h, Lcg(k * 7919 + w * 31 + h), kind, reads)
            out.append((kind + "-" + name, bytes(buf) + bytes(reads)))
    blits(framebuf, out)
    screen(framebuf, out)
    return out
'''

MP_MAIN = """
import framebuf
from binascii import hexlify
for name, data in scenes(framebuf):
    print(name, hexlify(data).decode())
"""

MP_FONT = """
import framebuf
from binascii import hexlify
b = bytearray(8)
f = framebuf.FrameBuffer(b, 8, 8, framebuf.MONO_VLSB)
out = bytearray()
for code in range(32, 128):
    f.fill(0)
    f.text(chr(code), 0, 0, 1)
    out.extend(b)
print(hexlify(out).decode())
"""


def run_micropython(source):
    done = subprocess.run([tool("micropython"), "-c", source], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def cpython_scenes():
    namespace = {}
    exec(SCENES, namespace)
    return namespace["scenes"](framebuf_py)


@pytest.fixture(scope="module")
def real_scenes():
    lines = run_micropython(SCENES + MP_MAIN).split()
    return [(name, bytes.fromhex(data)) for name, data in zip(lines[::2], lines[1::2])]


def derive_font():
    return bytes.fromhex(run_micropython(MP_FONT).strip())


def test_font_matches_the_micropython_binary():
    assert len(FONT) == 96 * 8
    assert derive_font() == FONT


def test_every_scene_is_byte_identical(real_scenes):
    ours = cpython_scenes()
    assert [name for name, _ in ours] == [name for name, _ in real_scenes]
    assert len(ours) > 60
    different = [name for (name, a), (_, b) in zip(ours, real_scenes) if a != b]
    assert not different, different


def test_scenes_draw_something(real_scenes):
    """Guard against a scene that silently draws nothing (and so compares equal trivially)."""
    for name, data in real_scenes:
        if name == "screen":
            assert data.count(0) < len(data) - 100


def test_constructor_checks_like_micropython():
    fb = framebuf_py
    with pytest.raises(ValueError):
        fb.FrameBuffer(bytearray(1023), 128, 64, fb.MONO_VLSB)
    with pytest.raises(ValueError):
        fb.FrameBuffer(bytearray(1024), 128, 64, fb.MONO_VLSB, 100)  # stride < width
    with pytest.raises(ValueError):
        fb.FrameBuffer(bytearray(1024), 128, 64, 99)
    with pytest.raises(ValueError):
        fb.FrameBuffer(bytearray(2048), 32, 32, fb.RGB565)  # not drawn by the stand-in
    fb.FrameBuffer(bytearray(2 * 7), 13, 7, fb.MONO_HLSB)  # 13 -> 16 bits a row
    fb.FrameBuffer(bytearray(13 * 2), 13, 13, fb.MONO_VLSB)
    view = memoryview(bytearray(1024))
    fb.FrameBuffer(view, 128, 64, fb.MONO_VLSB).fill(1)
    assert view[0] == 0xFF


def test_subclass_owns_width_and_height():
    """Like the C type, the stand-in keeps no public width/height: a driver sets its own."""

    class Panel(framebuf_py.FrameBuffer):
        def __init__(self):
            self.width = 128
            self.height = 64
            self.buffer = bytearray(1024)
            super().__init__(self.buffer, self.width, self.height, framebuf_py.MONO_VLSB)

    panel = Panel()
    panel.text("ok", 0, 0)
    assert (panel.width, panel.height) == (128, 64) and any(panel.buffer)


def test_a_frame_draws_quickly():
    """The simulator and the Pi draw through this: a typical frame must take milliseconds."""
    namespace = {}
    exec(SCENES, namespace)
    out = []
    frames = 50
    start = time.perf_counter()
    for _ in range(frames):
        namespace["screen"](framebuf_py, out)
    per_frame = (time.perf_counter() - start) / frames
    assert per_frame < 0.02, "%.1f ms a frame" % (per_frame * 1000)


def font_module_source(font):
    lines = [
        '"""MicroPython\'s 8x8 framebuf font (font_petme128_8x8), for framebuf_py on CPython.',
        "",
        "Generated from the MicroPython binary by rendering characters 32..127 with",
        "FrameBuffer.text and reading the bytes back (PYTHONPATH=firmware python -m",
        "tests.host.test_framebuf --write-font); tests/host/test_framebuf.py re-derives it and",
        "checks it is equal.",
        "Eight bytes a character, one byte a column from left to right, bit 0 the top row",
        "(MONO_VLSB), so a column can be OR-ed into a page of the display buffer as it is.",
        "Character 127 is a checkerboard, drawn for every byte outside 32..127.",
        '"""',
        "",
        "FONT = (",
    ]
    for code in range(32, 128):
        chunk = font[(code - 32) * 8:(code - 31) * 8]
        literal = "".join("\\x%02x" % b for b in chunk)
        name = repr(chr(code)) if code < 127 else "DEL"
        lines.append('    b"%s"  # %d %s' % (literal, code, name))
    lines.append(")")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--write-font"]:
        path = os.path.join(FIRMWARE, "stones", "drivers", "font8x8.py")
        with open(path, "w") as handle:
            handle.write(font_module_source(derive_font()))
        print("wrote", path)
