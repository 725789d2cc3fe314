"""A pure-Python stand-in for MicroPython's `framebuf`, so CPython hosts draw the same pixels.

The simulator and the Raspberry Pi run the same screens as the Pico; the screens draw through the
framebuf API. This module reproduces MicroPython's C implementation (extmod/modframebuf.c, v1.29)
byte for byte for the monochrome formats:

    MONO_VLSB   the SSD1306/SH1106 page layout: one byte = 8 pixels of a column, bit 0 on top;
                byte (y >> 3) * stride + x.
    MONO_HLSB   sprites and icons: one byte = 8 pixels of a row, bit 7 on the left;
                byte (x + y * stride) >> 3 with stride rounded up to a multiple of 8.
    MONO_HMSB   the same with bit 0 on the left.

The algorithms (Bresenham lines, the midpoint ellipse, the scan-line polygon fill with its
local-minimum fix-ups, the clipping rules, blit keys and palettes) are copied from the C code,
including its quirks: text stops at a NUL character, bytes outside 32..127 draw glyph 127, scroll
leaves the uncovered strip as it was, and pixels outside `height` in the last MONO_VLSB page (or
outside `width` in a MONO_HLSB row) are never touched. tests/host/test_framebuf.py draws the same
scenes with the real module under the MicroPython unix port and compares the buffers.

Speed: CPython has no C loop for us, so the wide operations work on whole bytes: fill_rect (and
so fill, hline, vline, rect, filled ellipses and polygons) rewrites each covered MONO_VLSB page
with one slice assignment or one bytes.translate through a cached 256-byte table, and text ORs
each glyph column into at most two page bytes. Per-pixel work is left to line, outline ellipses,
blit and the general scroll. Other formats (RGB565, GS2/GS4/GS8) raise ValueError.

Like the C type, FrameBuffer keeps its geometry in private fields: subclasses (display drivers)
set their own `width`/`height` attributes, as micropython-lib's ssd1306 does.
"""

from stones.drivers.font8x8 import FONT

# Format numbers as in modframebuf.c, so a number passed by code written for the device agrees.
MONO_VLSB = 0
MVLSB = 0  # the old name, kept by MicroPython too
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

# ellipse() quadrant mask bits, as in the C code: Q2 Q1 above the centre, Q3 Q4 below.
_Q1 = 0x01
_Q2 = 0x02
_Q3 = 0x04
_Q4 = 0x08
_ALL = 0x0F
_FILL = 0x10

_OR = {}  # mask -> 256-byte table v -> v | mask (bytes.translate sets the mask bits of a slice)
_AND = {}  # mask -> 256-byte table v -> v & ~mask (clears them)


def _or_table(mask):
    table = _OR.get(mask)
    if table is None:
        table = _OR[mask] = bytes(v | mask for v in range(256))
    return table


def _and_table(mask):
    table = _AND.get(mask)
    if table is None:
        table = _AND[mask] = bytes(v & ~mask & 0xFF for v in range(256))
    return table


def _cdiv(a, b):
    """C's integer division (truncates toward zero), which poly() relies on for negative slopes."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


_EIGHT = 0x0101010101010101  # a byte value times this = that byte in all 8 bytes
_GLYPHS = {}  # code << 3 | shift -> the glyph's 8 columns as two 64-bit ints: upper, lower page


def _glyph(code, shift):
    key = code << 3 | shift
    pair = _GLYPHS.get(key)
    if pair is None:
        upper = lower = 0
        for column in range(8):
            bits = FONT[(code - 32) * 8 + column] << shift  # 16 bits: two pages' bytes
            upper |= (bits & 0xFF) << (8 * column)  # byte `column` of the upper page
            lower |= (bits >> 8) << (8 * column)
        pair = _GLYPHS[key] = (upper, lower)
    return pair


def _bytes_view(buffer, writable):
    """A flat byte view of any buffer (bytearray, memoryview, array), like mp_get_buffer_raise."""
    if type(buffer) is bytearray:
        return buffer  # the common case: bytearray indexing is the fastest CPython has
    view = memoryview(buffer)
    if writable and view.readonly:
        raise TypeError("object with buffer protocol required")  # MicroPython's wording
    if view.format != "B" or view.ndim != 1:
        view = view.cast("B")
    return view


class FrameBuffer:
    """FrameBuffer(buffer, width, height, format[, stride]) over a caller-owned buffer."""

    def __init__(self, buffer, width, height, format, stride=None, _readonly=False):
        if stride is None:
            stride = width
        if width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF:
            raise ValueError
        if stride > 0xFFFF or stride < width:
            raise ValueError
        # Required length, computed as the C constructor does: the last row (or page) only needs
        # `width` bytes, not a whole stride.
        if format == MONO_VLSB:
            rows = (height + 7) & ~7  # whole pages
            full = rows - 8  # rows covered by a whole stride
            need = (full * stride + 8 * width) // 8
        elif format == MONO_HLSB or format == MONO_HMSB:
            stride = (stride + 7) & ~7  # rows start on a byte
            need = ((height - 1) * stride + ((width + 7) & ~7)) // 8
        elif format in (RGB565, GS4_HMSB, GS2_HMSB, GS8):
            raise ValueError("framebuf_py draws the monochrome formats only")
        else:
            raise ValueError("invalid format")
        buf = _bytes_view(buffer, not _readonly)
        if need > len(buf):
            raise ValueError
        self._fb_obj = buffer  # keep the caller's object alive, as the C type does
        self._fb_buf = buf
        self._fb_w = width
        self._fb_h = height
        self._fb_stride = stride
        self._fb_format = format
        if format == MONO_VLSB:
            self._fb_set = self._vlsb_set
            self._fb_get = self._vlsb_get
            self._fb_fill = self._vlsb_fill
            # The rows of each page inside the frame: all 8, but fewer in the last page of a
            # height that is not a multiple of 8 (its other bits are never touched).
            pages = (height + 7) >> 3
            self._fb_pagemask = [0xFF] * pages
            if height & 7:
                self._fb_pagemask[-1] = (1 << (height & 7)) - 1
        else:
            self._fb_set = self._horiz_set
            self._fb_get = self._horiz_get
            self._fb_fill = self._horiz_fill
            self._fb_msb_left = format == MONO_HLSB  # HLSB: bit 7 is the leftmost pixel

    # -- the per-format primitives (unclipped: callers check bounds, as in C) -------------------

    def _vlsb_set(self, x, y, col):
        buf = self._fb_buf
        i = (y >> 3) * self._fb_stride + x
        bit = 1 << (y & 7)  # bit 0 is the top row of the page
        if col:
            buf[i] |= bit
        else:
            buf[i] &= ~bit & 0xFF

    def _vlsb_get(self, x, y):
        return (self._fb_buf[(y >> 3) * self._fb_stride + x] >> (y & 7)) & 1

    def _vlsb_fill(self, x, y, w, h, col):
        """Rows y..y+h-1 of columns x..x+w-1, one page at a time: a slice per page."""
        buf = self._fb_buf
        stride = self._fb_stride
        yend = y + h
        for page in range(y >> 3, ((yend - 1) >> 3) + 1):
            top = max(y - (page << 3), 0)  # first row of the page to change
            bottom = min(yend - (page << 3), 8)  # one past the last
            mask = (0xFF << top) & (0xFF >> (8 - bottom))  # bits top..bottom-1
            a = page * stride + x
            b = a + w
            if mask == 0xFF:
                buf[a:b] = (b"\xff" if col else b"\x00") * w
            elif col:
                buf[a:b] = bytes(buf[a:b]).translate(_or_table(mask))
            else:
                buf[a:b] = bytes(buf[a:b]).translate(_and_table(mask))

    def _horiz_set(self, x, y, col):
        buf = self._fb_buf
        i = (x + y * self._fb_stride) >> 3
        bit = 0x80 >> (x & 7) if self._fb_msb_left else 1 << (x & 7)
        if col:
            buf[i] |= bit
        else:
            buf[i] &= ~bit & 0xFF

    def _horiz_get(self, x, y):
        shift = 7 - (x & 7) if self._fb_msb_left else x & 7
        return (self._fb_buf[(x + y * self._fb_stride) >> 3] >> shift) & 1

    def _horiz_fill(self, x, y, w, h, col):
        """Each row: a partial first byte, whole middle bytes, a partial last byte."""
        buf = self._fb_buf
        advance = self._fb_stride >> 3
        xend = x + w
        first = x >> 3
        last = (xend - 1) >> 3
        spans = []  # (byte within the row, mask of the pixels to change)
        for index in range(first, last + 1):
            lo = max(x - (index << 3), 0)  # first pixel of this byte to change
            hi = min(xend - (index << 3), 8)  # one past the last
            if self._fb_msb_left:
                mask = (0xFF >> lo) & (0xFF << (8 - hi)) & 0xFF  # pixel i is bit 7 - i
            else:
                mask = (0xFF << lo) & (0xFF >> (8 - hi))  # pixel i is bit i
            spans.append((index, mask))
        fill = b"\xff" if col else b"\x00"
        for row in range(y, y + h):
            base = row * advance
            for index, mask in spans:
                i = base + index
                if mask == 0xFF:
                    buf[i] = fill[0]
                elif col:
                    buf[i] |= mask
                else:
                    buf[i] &= ~mask & 0xFF

    # -- clipping helpers -------------------------------------------------------------------------

    def _fill_rect(self, x, y, w, h, col):
        """The C fill_rect: clip to the buffer, then fill (nothing if empty)."""
        width = self._fb_w
        height = self._fb_h
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= height or x >= width:
            return
        xend = min(width, x + w)
        yend = min(height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fb_fill(x, y, xend - x, yend - y, col)

    def _set_checked(self, x, y, col):
        if 0 <= x < self._fb_w and 0 <= y < self._fb_h:
            self._fb_set(x, y, col)

    # -- the framebuf API -----------------------------------------------------------------------

    def fill(self, c):
        self._fb_fill(0, 0, self._fb_w, self._fb_h, c)

    def fill_rect(self, x, y, w, h, c):
        self._fill_rect(x, y, w, h, c)

    def pixel(self, x, y, c=None):
        if 0 <= x < self._fb_w and 0 <= y < self._fb_h:
            if c is None:
                return self._fb_get(x, y)
            self._fb_set(x, y, c)
        return None

    def hline(self, x, y, w, c):
        self._fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self._fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        self._line(x1, y1, x2, y2, c)

    def _line(self, x1, y1, x2, y2, col):
        """Bresenham, exactly as modframebuf.c: the last point is drawn separately."""
        width = self._fb_w
        height = self._fb_h
        setpixel = self._fb_set
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:  # walk along y: swap the roles of the axes
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < width and 0 <= x1 < height:
                    setpixel(y1, x1, col)
            elif 0 <= x1 < width and 0 <= y1 < height:
                setpixel(x1, y1, col)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < width and 0 <= y2 < height:
            setpixel(x2, y2, col)

    def ellipse(self, x, y, xr, yr, c, f=False, m=_ALL):
        """Midpoint ellipse in two regions; m picks quadrants (bit 0 upper right, anticlockwise)."""
        mask = (_FILL if f else 0) | (m & _ALL)
        if xr == 0 and yr == 0:
            if mask & _ALL:
                self._set_checked(x, y, c)
            return
        two_asquare = 2 * xr * xr
        two_bsquare = 2 * yr * yr
        px = xr
        py = 0
        xchange = yr * yr * (1 - 2 * xr)
        ychange = xr * xr
        error = 0
        stoppingx = two_bsquare * xr
        stoppingy = 0
        while stoppingx >= stoppingy:  # first region: slope above -1
            self._ellipse_points(x, y, px, py, c, mask)
            py += 1
            stoppingy += two_asquare
            error += ychange
            ychange += two_asquare
            if 2 * error + xchange > 0:
                px -= 1
                stoppingx -= two_bsquare
                error += xchange
                xchange += two_bsquare
        px = 0
        py = yr
        xchange = yr * yr
        ychange = xr * xr * (1 - 2 * yr)
        error = 0
        stoppingx = 0
        stoppingy = two_asquare * yr
        while stoppingx <= stoppingy:  # second region: slope below -1
            self._ellipse_points(x, y, px, py, c, mask)
            px += 1
            stoppingx += two_bsquare
            error += xchange
            xchange += two_bsquare
            if 2 * error + ychange > 0:
                py -= 1
                stoppingy -= two_asquare
                error += ychange
                ychange += two_asquare

    def _ellipse_points(self, cx, cy, x, y, col, mask):
        if mask & _FILL:
            if mask & _Q1:
                self._fill_rect(cx, cy - y, x + 1, 1, col)
            if mask & _Q2:
                self._fill_rect(cx - x, cy - y, x + 1, 1, col)
            if mask & _Q3:
                self._fill_rect(cx - x, cy + y, x + 1, 1, col)
            if mask & _Q4:
                self._fill_rect(cx, cy + y, x + 1, 1, col)
        else:
            if mask & _Q1:
                self._set_checked(cx + x, cy - y, col)
            if mask & _Q2:
                self._set_checked(cx - x, cy - y, col)
            if mask & _Q3:
                self._set_checked(cx - x, cy + y, col)
            if mask & _Q4:
                self._set_checked(cx + x, cy + y, col)

    def poly(self, x, y, coords, c, f=False):
        """Polygon through the (x, y) pairs in coords, offset by (x, y); the C scan-line fill."""
        n = len(coords) // 2  # an odd count drops the last value, as in C
        if n == 0:
            return
        if not f:
            px1 = coords[0]
            py1 = coords[1]
            i = n * 2 - 1
            while i >= 0:  # edges walked backwards from the last vertex, as the C code does
                py2 = coords[i]
                px2 = coords[i - 1]
                i -= 2
                self._line(x + px1, y + py1, x + px2, y + py2, c)
                px1 = px2
                py1 = py2
            return
        ys = [coords[i * 2 + 1] for i in range(n)]
        for row in range(min(ys), max(ys) + 1):
            nodes = []  # x where an edge crosses this scan line
            px1 = coords[0]
            py1 = coords[1]
            i = n * 2 - 1
            while i >= 0:
                py2 = coords[i]
                px2 = coords[i - 1]
                i -= 2
                # The bottom pixel of each edge is left out so a vertex is not counted twice;
                # local minima and horizontal edges are then patched up pixel by pixel.
                if py1 != py2 and ((py1 > row >= py2) or (py1 <= row < py2)):
                    nodes.append(
                        _cdiv(32 * px1 + _cdiv(32 * (px2 - px1) * (row - py1), py2 - py1) + 16, 32)
                    )
                elif row == max(py1, py2):
                    if py1 < py2:
                        self._set_checked(x + px2, y + py2, c)
                    elif py2 < py1:
                        self._set_checked(x + px1, y + py1, c)
                    else:
                        self._line(x + px1, y + py1, x + px2, y + py2, c)
                px1 = px2
                py1 = py2
            nodes.sort()
            for i in range(0, len(nodes) - 1, 2):
                self._fill_rect(x + nodes[i], y + row, nodes[i + 1] - nodes[i] + 1, 1, c)

    def text(self, s, x, y, c=1):
        """Draw s in the 8x8 font with its top-left corner at (x, y); bytes, not characters."""
        data = s.encode() if isinstance(s, str) else bytes(s)  # C walks the UTF-8 bytes
        width = self._fb_w
        height = self._fb_h
        if y >= height or y <= -8:
            return  # no row of the glyphs is inside the buffer
        if self._fb_format == MONO_VLSB:
            self._text_vlsb(data, x, y, c)
            return
        setpixel = self._fb_set
        for code in data:
            if code == 0:
                break  # the C loop ends at the string's terminating NUL
            if code < 32 or code > 127:
                code = 127
            if x >= width:
                break
            for column in range((code - 32) * 8, (code - 31) * 8):
                if 0 <= x < width:
                    bits = FONT[column]
                    row = y
                    while bits:
                        if bits & 1 and 0 <= row < height:
                            setpixel(x, row, c)
                        bits >>= 1
                        row += 1
                x += 1

    def _text_vlsb(self, data, x, y, c):
        """A glyph's 8 column bytes, shifted down by y & 7, land in two pages: each is OR-ed (or
        cleared) as one 64-bit integer over the 8 bytes of the page it covers."""
        buf = self._fb_buf
        width = self._fb_w
        stride = self._fb_stride
        pagemask = self._fb_pagemask
        pages = len(pagemask)
        page = y >> 3  # floor, also for negative y
        shift = y & 7
        # The rows of each of the two pages that exist (0 for a page outside the buffer), and
        # eight copies of that mask, one for each column of a glyph.
        mask_a = pagemask[page] if 0 <= page < pages else 0
        mask_b = pagemask[page + 1] if 0 <= page + 1 < pages else 0
        top = mask_a * _EIGHT
        bottom = mask_b * _EIGHT
        a = page * stride
        b = a + stride
        for code in data:
            if code == 0:
                break  # the C loop ends at the string's terminating NUL
            if code < 32 or code > 127:
                code = 127
            if x >= width:
                break
            if 0 <= x <= width - 8:  # the whole glyph is inside: whole-integer operations
                upper, lower = _glyph(code, shift)
                for base, bits in ((a, upper & top), (b, lower & bottom)):
                    if bits:
                        i = base + x
                        old = int.from_bytes(buf[i:i + 8], "little")
                        new = old | bits if c else old & ~bits
                        buf[i:i + 8] = new.to_bytes(8, "little")
            elif x > -8:  # clipped at the left or right edge: column by column
                for column in range(8):
                    cx = x + column
                    if 0 <= cx < width:
                        bits = FONT[(code - 32) * 8 + column] << shift
                        for base, mask in ((a, mask_a), (b, mask_b)):
                            part = bits & mask
                            if part:
                                if c:
                                    buf[base + cx] |= part
                                else:
                                    buf[base + cx] &= ~part & 0xFF
                            bits >>= 8
            x += 8

    def scroll(self, xstep, ystep):
        """Shift the contents by (xstep, ystep); the strip uncovered keeps its old pixels."""
        width = self._fb_w
        height = self._fb_h
        if xstep < 0:
            sx = 0
            xend = width + xstep
            if xend <= 0:
                return
            dx = 1
        else:
            sx = width - 1
            xend = xstep - 1
            if xend >= sx:
                return
            dx = -1
        if ystep < 0:
            y = 0
            yend = height + ystep
            if yend <= 0:
                return
            dy = 1
        else:
            y = height - 1
            yend = ystep - 1
            if yend >= y:
                return
            dy = -1
        if self._fb_format == MONO_VLSB:
            self._scroll_vlsb(xstep, ystep)
            return
        getpixel = self._fb_get
        setpixel = self._fb_set
        while y != yend:
            x = sx
            while x != xend:
                setpixel(x, y, getpixel(x - xstep, y - ystep))
                x += dx
            y += dy

    def _scroll_vlsb(self, xstep, ystep):
        """The C loops read every source pixel before they overwrite it, so the result is: each
        destination pixel inside the shifted area takes the old value xstep, ystep away. Here a
        sideways move is a byte move within each page, and a vertical one treats each column as
        one integer (bit y = row y) shifted by ystep."""
        buf = self._fb_buf
        width = self._fb_w
        height = self._fb_h
        stride = self._fb_stride
        pages = len(self._fb_pagemask)
        n = width - abs(xstep)  # columns that receive pixels
        if ystep == 0 and not height & 7:
            for base in range(0, pages * stride, stride):
                if xstep > 0:
                    buf[base + xstep:base + width] = bytes(buf[base:base + n])
                elif xstep < 0:
                    buf[base:base + n] = bytes(buf[base - xstep:base + width])
            return
        rows = [bytes(buf[p * stride:p * stride + width]) for p in range(pages)]
        columns = [0] * width
        for p in range(pages):
            row = rows[p]
            for x in range(width):
                columns[x] |= row[x] << (8 * p)
        # Rows that receive pixels: ystep..height-1 going down, 0..height+ystep-1 going up.
        if ystep >= 0:
            mask = ((1 << height) - 1) & ~((1 << ystep) - 1)
        else:
            mask = (1 << (height + ystep)) - 1
        first = max(xstep, 0)
        for x in range(first, first + n):
            source = columns[x - xstep]
            moved = source << ystep if ystep >= 0 else source >> -ystep
            value = (columns[x] & ~mask) | (moved & mask)
            for p in range(pages):
                buf[p * stride + x] = (value >> (8 * p)) & 0xFF

    def blit(self, fbuf, x, y, key=-1, palette=None):
        """Copy fbuf (a FrameBuffer or (buffer, w, h, format[, stride])) to (x, y).

        Pixels equal to key are skipped; a palette FrameBuffer maps each source value v to
        palette.pixel(v, 0) before the key test.
        """
        source = _as_framebuffer(fbuf)
        if palette is not None:
            palette = _as_framebuffer(palette)
        if x >= self._fb_w or y >= self._fb_h or -x >= source._fb_w or -y >= source._fb_h:
            return
        key &= 0xFFFFFFFF  # C compares as uint32: the default -1 matches no pixel
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self._fb_w, x + source._fb_w)
        y0end = min(self._fb_h, y + source._fb_h)
        if (palette is None and self._fb_format == MONO_VLSB and source._fb_format == MONO_VLSB
                and source._fb_buf is not self._fb_buf):
            self._blit_vlsb(source, x0, y0, x1, y1, x0end - x0, y0end - y0, key)
            return
        getpixel = source._fb_get
        setpixel = self._fb_set
        palette_get = palette._fb_get if palette is not None else None
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = getpixel(cx1, y1)
                if palette_get is not None:
                    col = palette_get(col, 0)
                if col != key:
                    setpixel(cx0, y0, col)
                cx1 += 1
            y0 += 1
            y1 += 1

    def _blit_vlsb(self, source, x0, y0, x1, y1, w, h, key):
        """blit between two MONO_VLSB buffers (the compact font's glyphs): a column at a time,
        its h pixels as one int read from the source's pages and merged into the target's, to
        the same pixels as the C loop. Pixels equal to key (0 or 1) are left alone."""
        src = source._fb_buf
        sstride = source._fb_stride
        buf = self._fb_buf
        stride = self._fb_stride
        mask = (1 << h) - 1
        spage0 = y1 >> 3
        spages = range(spage0, ((y1 + h - 1) >> 3) + 1)
        sshift = y1 & 7
        page0 = y0 >> 3
        pages = range(page0, ((y0 + h - 1) >> 3) + 1)
        shift = y0 & 7
        place = mask << shift  # the target rows, in the int of the target's pages
        for i in range(w):
            sx = x1 + i
            bits = 0
            for p in spages:
                bits |= src[p * sstride + sx] << ((p - spage0) << 3)
            bits = (bits >> sshift & mask) << shift
            tx = x0 + i
            old = 0
            for p in pages:
                old |= buf[p * stride + tx] << ((p - page0) << 3)
            if key == 0:  # only the set pixels are copied
                new = old | bits
            elif key == 1:  # only the clear ones
                new = old & ~(place & ~bits)
            else:
                new = (old & ~place) | bits
            if new != old:
                for p in pages:
                    buf[p * stride + tx] = new >> ((p - page0) << 3) & 0xFF


def _as_framebuffer(obj):
    if isinstance(obj, FrameBuffer):
        return obj
    if isinstance(obj, (tuple, list)) and len(obj) in (4, 5):
        return FrameBuffer(*obj, _readonly=True)  # a read-only view, as the C code makes
    raise TypeError


class FrameBuffer1(FrameBuffer):
    """The legacy name: FrameBuffer1(buffer, width, height[, stride]) in MONO_VLSB."""

    def __init__(self, buffer, width, height, stride=None):
        super().__init__(buffer, width, height, MONO_VLSB, stride)
