"""SSD1306 / SSD1309 / SH1106 OLED drivers over I2C or SPI whose show() sends only what changed.

The model is micropython-lib's drivers/display/ssd1306: the driver *is* a framebuf.FrameBuffer
(MONO_VLSB over `self.buffer`, so every drawing call runs in C on the device), it talks to any bus
with writeto/writevto (machine.I2C, or FakeI2C in the tests), it keeps preallocated scratch
buffers, and show() flushes. The SSD1306 init sequence is micropython-lib's, byte for byte.

What is added, and why:

- show() keeps a shadow copy of what the panel's RAM holds and sends only the 8-row pages that
  differ from it (the first show() after init, or after a bus error, sends them all). A cursor
  move changes only the pages its outline crosses, a part of the 1032 bytes of a whole frame
  (what one sends is measured: the cursor-move redraw's bytes on the bus, docs/benchmarks.md).
  Page views, shadow views, the command window and the writevto lists are all made once in
  __init__: comparing pages (memoryview ==), copying them (view[:] = view) and sending them
  allocate nothing (tests/mp/test_heap_hw.py proves it with heap_lock).
- The window of a show() goes in one transfer (control byte 0x00: all that follows is commands)
  instead of one transfer per command byte.
- Bus errors (OSError: ENODEV when nothing acknowledges the address, ETIMEDOUT when the bus
  hangs) become one DisplayError(OSError), keeping the errno, at this boundary.
- bytes_sent counts every payload byte given to the bus (the I2C address byte not counted), for
  the benchmark "bytes sent to the display per cursor move"; show() also returns its own count.

I2C framing: each transfer starts with a control byte (SSD1306 datasheet 8.1.5.2):
    0x80  Co=1, D/C#=0   one command byte follows (write_cmd, as in micropython-lib)
    0x00  Co=0, D/C#=0   every following byte is a command
    0x40  Co=0, D/C#=1   every following byte goes to display RAM at the RAM pointer

SSD1306 (and the command-compatible SSD1309) is set to horizontal addressing: a column/page window
is set once and data wraps from page to page, so consecutive changed pages go in one transfer.
SH1106 has 132 columns of RAM, of which a 128-pixel panel shows columns 2..129, and only page
addressing: each page is addressed (0xB0 | page, then the column's low and high nibbles) and sent
on its own.

SPI: stones.drivers.spibus.SpiBus puts a 4-wire SPI panel behind the same writeto/writevto, so
the drivers, their page diff and their preallocated buffers are the same on both buses (a board
with an I2C panel never imports it).

stones.drivers.memorypanel.MemoryPanel has the same surface with no bus, for the panels the
simulator and the web page show without a driver.

Wire cost of show(), payload bytes, 128x64:  all pages   one page
    SSD1306 / SSD1309                          1032        136     (7 window + 1 + 128 per run)
    SH1106                                     1064        133     (4 address + 1 + 128 per page)
"""

from stones.compat import const
from stones.drivers.fb import framebuf

# Commands, with micropython-lib's names. "|" means the low bits of the command carry the value;
# "+" means the value follows as the next command byte.
_SET_CONTRAST = const(0x81)  # + contrast 0..255
_SET_ENTIRE_ON = const(0xA4)  # | 1: every pixel lit whatever RAM holds (0: follow RAM)
_SET_NORM_INV = const(0xA6)  # | 1: inverted (lit pixel = 0 bit)
_SET_DISP = const(0xAE)  # | 1: panel on; 0: sleep (RAM is kept)
_SET_MEM_ADDR = const(0x20)  # + 0: horizontal addressing (pages wrap into the next page)
_SET_COL_ADDR = const(0x21)  # + first, last column of the window (horizontal addressing)
_SET_PAGE_ADDR = const(0x22)  # + first, last page of the window
_SET_DISP_START_LINE = const(0x40)  # | the RAM row shown on the top line (0)
_SET_SEG_REMAP = const(0xA0)  # | 1: column 127 drives SEG0 (mirrors x)
_SET_MUX_RATIO = const(0xA8)  # + rows driven - 1
_SET_IREF_SELECT = const(0xAD)  # + 0x30: internal current reference (SSD1306); SH1106: DC-DC
_SET_COM_OUT_DIR = const(0xC0)  # | 8: scan COM[N-1] to COM0 (mirrors y)
_SET_DISP_OFFSET = const(0xD3)  # + vertical shift of the COM lines (0)
_SET_COM_PIN_CFG = const(0xDA)  # + COM pin wiring: 0x02 sequential, 0x12 alternative
_SET_DISP_CLK_DIV = const(0xD5)  # + oscillator (high nibble) and divide ratio - 1 (low)
_SET_PRECHARGE = const(0xD9)  # + phase 2 (high nibble) and phase 1 (low) in clocks
_SET_VCOM_DESEL = const(0xDB)  # + VCOMH deselect level
_SET_CHARGE_PUMP = const(0x8D)  # + 0x14 on (3.3 V modules), 0x10 off (external VCC)
_SET_PAGE = const(0xB0)  # | page 0..7 (SH1106 page addressing)
_SET_COL_LOW = const(0x00)  # | low nibble of the RAM column (SH1106)
_SET_COL_HIGH = const(0x10)  # | high nibble of the RAM column (SH1106)

_CMD = const(0x80)  # control byte: Co=1, D/C#=0, one command follows
_CMDS = const(0x00)  # control byte: Co=0, D/C#=0, a stream of commands follows

_SH1106_COLUMN = const(2)  # the SH1106's 132-column RAM shows a 128-pixel panel from column 2


class DisplayError(OSError):
    """The display did not answer on its bus; .errno is the bus's (19 ENODEV: nothing at that
    address; 110 ETIMEDOUT: the bus hung)."""


class _Panel(framebuf.FrameBuffer):
    """What SSD1306 and SH1106 share: the buffer, the shadow, the bus, the plain commands."""

    def __init__(self, width, height, i2c, addr, external_vcc, ram_columns):
        if height % 8 or not 8 <= height <= 64 or not 0 < width <= ram_columns:
            raise ValueError("unsupported display size %dx%d" % (width, height))
        self.width = width
        self.height = height
        self.i2c = i2c
        self.addr = addr
        self.external_vcc = external_vcc
        self.pages = pages = height // 8
        self.buffer = bytearray(pages * width)
        self.bytes_sent = 0
        # What the panel's RAM holds, valid only while _synced: the first show() sends everything.
        self._shadow = bytearray(pages * width)
        self._synced = False
        # One view per page of the buffer and of the shadow, made once: comparing and copying
        # views allocates nothing, slicing a bytearray in show() would.
        buffer = memoryview(self.buffer)
        shadow = memoryview(self._shadow)
        self._page = [buffer[p * width:(p + 1) * width] for p in range(pages)]
        self._held = [shadow[p * width:(p + 1) * width] for p in range(pages)]
        self._temp = bytearray(2)  # [0x80, command] for write_cmd
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.init_display()

    def init_display(self):
        """The panel's own power-on sequence (each driver class has one)."""
        raise NotImplementedError

    def _send_pages(self, first, end):
        """Send pages first..end-1 of the buffer; returns the bytes sent (each driver has one)."""
        raise NotImplementedError

    # -- the bus ----------------------------------------------------------------------------------

    def write_cmd(self, cmd):
        """One command byte in its own transfer (Co=1, D/C#=0), as micropython-lib does."""
        self._temp[0] = _CMD
        self._temp[1] = cmd
        self._write(self._temp)

    def _write(self, buf):
        try:
            self.i2c.writeto(self.addr, buf)
        except OSError as error:
            self._failed(error)
        self.bytes_sent += len(buf)

    def _writev(self, bufs, n):
        """One transfer of several buffers (control byte, then RAM data); n = their total size."""
        try:
            self.i2c.writevto(self.addr, bufs)
        except OSError as error:
            self._failed(error)
        self.bytes_sent += n

    def _failed(self, error):
        # The panel may have lost power or RAM: make the next show() send every page again.
        self._synced = False
        number = error.args[0] if error.args else 0
        raise DisplayError(number, "display at I2C address 0x%02x did not answer" % self.addr)

    # -- drawing out --------------------------------------------------------------------------

    def show(self):
        """Send the pages that differ from what the panel holds; return the bytes sent."""
        page = self._page
        held = self._held
        pages = self.pages
        synced = self._synced
        sent = 0
        p = 0
        while p < pages:
            if synced and page[p] == held[p]:
                p += 1
                continue
            end = p + 1  # extend the run over the changed pages that follow
            while end < pages and not (synced and page[end] == held[end]):
                end += 1
            sent += self._send_pages(p, end)
            p = end
        self._synced = True
        return sent

    def invalidate(self):
        """Forget what the panel holds (after resetting it): the next show() sends everything."""
        self._synced = False

    # -- panel settings (each command in its own transfer, as in micropython-lib) -------------

    def poweroff(self):
        self.write_cmd(_SET_DISP)  # sleep: the panel keeps its RAM, so the shadow stays valid

    def poweron(self):
        self.write_cmd(_SET_DISP | 0x01)

    def contrast(self, contrast):
        self.write_cmd(_SET_CONTRAST)
        self.write_cmd(contrast & 0xFF)

    def invert(self, invert):
        self.write_cmd(_SET_NORM_INV | (invert & 1))

    def rotate(self, quarter_turns):
        """0: upright (as after init); 2: upside down. The panel can only mirror both axes."""
        if quarter_turns not in (0, 2):
            raise ValueError("the panel rotates by 0 or 2 quarter turns")
        upright = 0 if quarter_turns else 1
        self.write_cmd(_SET_COM_OUT_DIR | (upright << 3))  # 0xC8 scans COM[N-1]..COM0
        self.write_cmd(_SET_SEG_REMAP | upright)  # 0xA1 maps column 127 to SEG0


class SSD1306(_Panel):
    """SSD1306(width, height, i2c, addr=0x3C, external_vcc=False): a 128x64 or 128x32 panel."""

    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        # Narrow panels (64x48, 72x40) sit in the middle of the 128 RAM columns.
        self._column = (128 - width) // 2
        # [control 0x00, SET_COL_ADDR, first, last, SET_PAGE_ADDR, first, last]: the window of a
        # run of pages; show() fills in the pages.
        self._window = bytearray(7)
        self._window[0] = _CMDS
        self._window[1] = _SET_COL_ADDR
        self._window[2] = self._column
        self._window[3] = self._column + width - 1
        self._window[4] = _SET_PAGE_ADDR
        # writevto lists for runs of 1..8 pages: [b"\x40" (control byte: RAM data follows),
        # page views...]; one transfer each, filled in by show().
        self._runs = [[b"\x40"] + [None] * n for n in range(1, height // 8 + 1)]
        super().__init__(width, height, i2c, addr, external_vcc, 128)

    def init_display(self):
        for cmd in (
            _SET_DISP,  # display off
            # address setting
            _SET_MEM_ADDR,
            0x00,  # horizontal
            # resolution and layout
            _SET_DISP_START_LINE,  # start at line 0
            _SET_SEG_REMAP | 0x01,  # column addr 127 mapped to SEG0
            _SET_MUX_RATIO,
            self.height - 1,  # drive one COM line per row
            _SET_COM_OUT_DIR | 0x08,  # scan from COM[N] to COM0
            _SET_DISP_OFFSET,
            0x00,  # no vertical shift
            _SET_COM_PIN_CFG,
            0x02 if self.width > 2 * self.height else 0x12,  # sequential for 128x32
            # timing and driving scheme
            _SET_DISP_CLK_DIV,
            0x80,  # divide by 1, oscillator frequency near the top of its range
            _SET_PRECHARGE,
            0x22 if self.external_vcc else 0xF1,  # phase 1 / phase 2 clocks: 2/2, or 1/15
            _SET_VCOM_DESEL,
            0x30,  # 0.83*Vcc
            # display
            _SET_CONTRAST,
            0xFF,  # maximum
            _SET_ENTIRE_ON,  # output follows RAM contents
            _SET_NORM_INV,  # not inverted
            _SET_IREF_SELECT,
            0x30,  # enable internal IREF during display on
            # charge pump
            _SET_CHARGE_PUMP,
            0x10 if self.external_vcc else 0x14,
            _SET_DISP | 0x01,  # display on
        ):
            self.write_cmd(cmd)
        self._synced = False
        self.fill(0)
        self.show()

    def _send_pages(self, first, end):
        """Pages first..end-1: set the window, then all their bytes in one data transfer."""
        window = self._window
        window[5] = first
        window[6] = end - 1
        self._write(window)
        run = self._runs[end - first - 1]
        page = self._page
        for k in range(first, end):
            run[k - first + 1] = page[k]
        n = 1 + (end - first) * self.width
        self._writev(run, n)
        held = self._held
        for k in range(first, end):
            held[k][:] = page[k]  # the panel has it now
        return 7 + n


SSD1309 = SSD1306  # command-compatible (luma.oled drives it as an ssd1306 too)


class SH1106(_Panel):
    """SH1106(width, height, i2c, addr=0x3C, external_vcc=False): 132 RAM columns, pages only."""

    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        column = _SH1106_COLUMN + (128 - width) // 2
        # [control 0x00, SET_PAGE | page, column low nibble, column high nibble]
        self._address = bytearray(4)
        self._address[0] = _CMDS
        self._address[2] = _SET_COL_LOW | (column & 0x0F)
        self._address[3] = _SET_COL_HIGH | (column >> 4)
        self._data = [b"\x40", None]  # writevto list: control byte 0x40 (RAM data), one page
        super().__init__(width, height, i2c, addr, external_vcc, 132)

    def init_display(self):
        # The SSD1306 sequence where the SH1106 has the same command, its own where it differs
        # (SH1106 datasheet, "Commands"): no addressing mode (page addressing only), a DC-DC
        # converter (0xAD 0x8B) instead of the 0x8D charge pump, its reset VCOM level.
        for cmd in (
            _SET_DISP,  # display off
            _SET_DISP_START_LINE,  # start at line 0
            _SET_SEG_REMAP | 0x01,  # column addr 131 mapped to SEG0
            _SET_MUX_RATIO,
            self.height - 1,  # drive one COM line per row
            _SET_COM_OUT_DIR | 0x08,  # scan from COM[N] to COM0
            _SET_DISP_OFFSET,
            0x00,  # no vertical shift
            _SET_COM_PIN_CFG,
            0x02 if self.width > 2 * self.height else 0x12,  # sequential for 128x32
            _SET_DISP_CLK_DIV,
            0x80,  # divide by 1, oscillator +15%
            _SET_PRECHARGE,
            0x22 if self.external_vcc else 0xF1,  # phase 1 / phase 2 clocks: 2/2, or 1/15
            _SET_VCOM_DESEL,
            0x35,  # the SH1106's reset level, 0.77*Vref
            _SET_CONTRAST,
            0xFF,  # maximum
            _SET_ENTIRE_ON,  # output follows RAM contents
            _SET_NORM_INV,  # not inverted
            _SET_IREF_SELECT,  # on the SH1106: DC-DC control mode
            0x8A if self.external_vcc else 0x8B,  # 0x8B: built-in DC-DC on, 0x8A: off
            _SET_DISP | 0x01,  # display on
        ):
            self.write_cmd(cmd)
        self._synced = False
        self.fill(0)
        self.show()

    def _send_pages(self, first, end):
        """Pages first..end-1, each addressed and sent on its own (no wrap between pages)."""
        address = self._address
        data = self._data
        page = self._page
        held = self._held
        n = 1 + self.width
        for p in range(first, end):
            address[1] = _SET_PAGE | p
            self._write(address)
            data[1] = page[p]
            self._writev(data, n)
            held[p][:] = page[p]  # the panel has it now
        return (end - first) * (4 + n)
