"""Fake hardware you can drive and assert on: pins, a clock, a buzzer, I2C and SPI buses, an
SPI OLED panel (FakeOLEDWire), a network's announcements (FakeLan).

Shared by the tests (on CPython and on the MicroPython unix port) and the simulator; left out of
the device build by firmware/manifest.py. They follow the protocols the real parts have:
a pin has value(), a clock has ticks_ms/ticks_diff/ticks_add (MicroPython's wrap-around ticks),
an I2C bus has writeto/writevto, an SPI bus write. Like gpiozero's MockPin, each keeps a record
to assert on.
"""

from stones.compat import const

_TICKS_PERIOD = const(1 << 30)  # MicroPython's ticks_ms() wraps at 2**30 on every port
_TICKS_MASK = const((1 << 30) - 1)
_TICKS_HALF = const(1 << 29)  # ticks_diff answers in -2**29 .. 2**29 - 1
_ENODEV = const(19)  # errno: no device acknowledged (MicroPython and Linux agree)


class FakePin:
    """A button's input pin. Active low by default (a pull-up; pressing shorts it to ground).

    press()/release() set the level; bounce(n) makes the next n reads of value() alternate,
    starting from the opposite of the level just set, before they settle on it, the way a
    contact chatters after it moves. reads counts value() calls.
    """

    def __init__(self, active_low=True):
        self.active_low = active_low
        self.level = 1 if active_low else 0  # released
        self.reads = 0
        self._bounces = 0
        self._flip = 0

    def press(self):
        self.level = 0 if self.active_low else 1
        self._bounces = 0

    def release(self):
        self.level = 1 if self.active_low else 0
        self._bounces = 0

    def bounce(self, n):
        self._bounces = n
        self._flip = 0

    @property
    def is_pressed(self):
        return self.level == (0 if self.active_low else 1)

    def value(self):
        self.reads += 1
        if self._bounces:
            self._bounces -= 1
            self._flip ^= 1  # opposite, level, opposite, ...
            return self.level ^ self._flip
        return self.level


class FakeClock:
    """A millisecond clock that moves only when told: advance(ms), or sleep_ms(ms) (which the
    app's idle loop calls). ticks_* follow MicroPython, wrapping at 2**30; start near the wrap
    to test it."""

    def __init__(self, start=0):
        self.now = start & _TICKS_MASK

    def ticks_ms(self):
        return self.now

    def advance(self, ms):
        self.now = (self.now + ms) & _TICKS_MASK

    def sleep_ms(self, ms):
        self.advance(ms)

    @staticmethod
    def ticks_add(ticks, delta):
        return (ticks + delta) & _TICKS_MASK

    @staticmethod
    def ticks_diff(end, start):
        diff = (end - start) & _TICKS_MASK
        return diff - _TICKS_PERIOD if diff >= _TICKS_HALF else diff


class FakeADC:
    """An ADC input (machine.ADC's read_u16) behind a divider of `divider` from a supply at
    `millivolts` (VSYS on a Pico): set millivolts to drive it; reads counts the readings."""

    def __init__(self, millivolts=4000, divider=3, vref_mv=3300):
        self.millivolts = millivolts
        self.divider = divider
        self.vref_mv = vref_mv
        self.reads = 0

    def read_u16(self):
        self.reads += 1
        scale = self.divider * self.vref_mv
        raw = (self.millivolts * 65535 + scale - 1) // scale  # reads back as millivolts
        return raw if raw < 65535 else 65535


class FakeTone:
    """A buzzer's output: records (ticks, hz) each time the tone changes, hz 0 for silence,
    keeping the last `keep` changes (a long simulation must not grow the heap)."""

    def __init__(self, clock, keep=32):
        self.clock = clock
        self.keep = keep
        self.changes = []

    def tone(self, hz):
        self._record(hz)

    def off(self):
        if self.changes and self.changes[-1][1]:
            self._record(0)

    def _record(self, hz):
        if len(self.changes) >= self.keep:
            self.changes.pop(0)
        self.changes.append((self.clock.ticks_ms(), hz))

    @property
    def sounding(self):
        return bool(self.changes) and self.changes[-1][1] != 0


class FakeI2C:
    """An I2C bus that records transfers as (address, bytes) in .writes, and counts them.

    keep bounds the record (the most recent transfers; None keeps all, for driver tests; the
    simulator keeps none and reads the counters: a long session must not grow the heap).
    Only the addresses in `devices` acknowledge; writing to any other raises OSError(ENODEV),
    as machine.I2C does. fail(errno, after=0) makes transfers raise OSError(errno) once `after`
    more have succeeded, until heal().
    """

    def __init__(self, devices=(0x3C,), keep=None):
        self.devices = list(devices)
        self.writes = []
        self.keep = keep
        self.transfers = 0
        self.bytes = 0
        self._error = None
        self._after = 0

    def fail(self, errno, after=0):
        self._error = errno
        self._after = after

    def heal(self):
        self._error = None

    def scan(self):
        return list(self.devices)

    def _check(self, addr):
        if self._error is not None:
            if self._after:
                self._after -= 1
            else:
                raise OSError(self._error)
        if addr not in self.devices:
            raise OSError(_ENODEV)

    def _record(self, addr, data, length):
        self.transfers += 1
        self.bytes += length
        if self.keep is None or self.keep > 0:
            self.writes.append((addr, bytes(data)))
            if self.keep is not None and len(self.writes) > self.keep:
                self.writes.pop(0)

    def writeto(self, addr, buf, stop=True):
        self._check(addr)
        self._record(addr, buf, len(buf))
        return len(buf)  # machine.I2C returns the number of ACKs

    def writevto(self, addr, vector, stop=True):
        self._check(addr)
        length = 0
        for buf in vector:
            length += len(buf)
        data = b""
        if self.keep is None or self.keep > 0:  # joined only when it is kept
            data = bytearray()
            for buf in vector:
                data.extend(buf)
        self._record(addr, data, length)
        return length

    # -- for assertions ---------------------------------------------------------------------------

    def clear(self):
        self.writes = []

    def data(self):
        """The bytes of every transfer, in order, without the addresses."""
        return [buf for _, buf in self.writes]

    def sent(self):
        """Payload bytes written so far (what a driver's bytes_sent should count)."""
        return sum(len(buf) for _, buf in self.writes)


class FakeOutput:
    """An output pin (machine.Pin in OUT mode, or a PWM with duty_u16 when pwm is true):
    value(level) and pin(level) set it, value() reads it; levels records every level set."""

    def __init__(self, level=1, pwm=False):
        self.level = level
        self.levels = []
        if pwm:
            self.duty_u16 = self._duty

    def value(self, level=None):
        if level is None:
            return self.level
        self.level = level
        self.levels.append(level)

    def __call__(self, level=None):
        return self.value(level)

    def _duty(self, duty):
        self.value(duty)


class FakeSPI:
    """An SPI bus to a display with a data/command pin: write(buf) records (dc, bytes), the
    level of dc (a FakeOutput) while it went, in .writes (keep as FakeI2C's), and hands the same
    to tap(dc, buf) if given (a model of the panel, which keeps the picture and not the bytes);
    bytes counts them all. With a cs pin, a write while cs is high reaches nothing and raises
    OSError (a driver that forgets to select the panel fails here, not on the glass)."""

    def __init__(self, dc, cs=None, keep=None, tap=None):
        self.dc = dc
        self.cs = cs
        self.keep = keep
        self.tap = tap
        self.writes = []
        self.bytes = 0

    def write(self, buf):
        if self.cs is not None and self.cs.level:
            raise OSError("SPI write with chip select high")
        self.bytes += len(buf)
        if self.tap is not None:
            self.tap(self.dc.level, buf)
        if self.keep is None or self.keep > 0:
            self.writes.append((self.dc.level, bytes(buf)))
            if self.keep is not None and len(self.writes) > self.keep:
                self.writes.pop(0)

    def clear(self):
        self.writes = []


class FakeOutPin:
    """An output pin: value(level) sets it, value() reads it back; sets counts the sets."""

    def __init__(self, level=0):
        self.level = level
        self.sets = 0

    def value(self, level=None):
        if level is None:
            return self.level
        self.level = 1 if level else 0
        self.sets += 1
        return None


# Commands of the SSD1306/SH1106 family that take argument bytes, and how many.
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0xA8: 1, 0xD3: 1, 0xDA: 1, 0xD5: 1, 0xD9: 1,
         0xDB: 1, 0x8D: 1, 0xAD: 1}


class FakeOLEDWire:
    """An SPI bus with an SSD1306 or SH1106 on it, as the panel sees the wire: each byte written
    while cs reads 0 is RAM data when dc reads 1, else a command (dc and cs are pins with value()).
    writes records (dc level, bytes) per write; the panel model keeps its RAM (ram_columns wide:
    128, or the SH1106's 132, shown from column `first`), its addressing (horizontal, or page),
    and whether it is on; frame() is the RAM as shown, MONO_VLSB page by page like framebuf."""

    def __init__(self, dc, cs, ram_columns=128, first=0, pages=8):
        self.dc = dc
        self.cs = cs
        self.writes = []
        self.columns = ram_columns
        self.first = first
        self.pages = pages
        self.ram = bytearray(ram_columns * pages)
        self.mode = 2  # page addressing, as after reset
        self.col = self.page = self.col0 = self.page0 = 0
        self.col1 = ram_columns - 1
        self.page1 = pages - 1
        self.on = False
        self._command = []  # a command whose argument bytes are still coming

    def write(self, buf):
        dc = self.dc.value()
        if self.cs.value():
            return  # not selected: the panel ignores the clock
        self.writes.append((dc, bytes(buf)))
        for byte in buf:
            if dc:
                self._data(byte)
            else:
                self._byte(byte)

    def _data(self, byte):
        self.ram[self.page * self.columns + self.col] = byte
        if self.mode == 0:  # horizontal: wrap into the next page of the window
            if self.col >= self.col1:
                self.col = self.col0
                self.page = self.page0 if self.page >= self.page1 else self.page + 1
            else:
                self.col += 1
        elif self.col < self.columns - 1:
            self.col += 1

    def _byte(self, byte):
        command = self._command
        if command:
            command.append(byte)
            if len(command) <= _ARGS[command[0]]:
                return
            self._apply(command)
            self._command = []
        elif byte in _ARGS:
            self._command = [byte]
        else:
            self._apply([byte])

    def _apply(self, command):
        code = command[0]
        if code == 0x20:
            self.mode = command[1] & 3
        elif code == 0x21:
            self.col0, self.col1 = command[1], command[2]
            self.col = self.col0
        elif code == 0x22:
            self.page0, self.page1 = command[1], command[2]
            self.page = self.page0
        elif 0xB0 <= code <= 0xB7:
            self.page = code & 7
        elif code <= 0x0F:
            self.col = (self.col & 0xF0) | code
        elif code <= 0x1F:
            self.col = (self.col & 0x0F) | (code & 0x0F) << 4
        elif code in (0xAE, 0xAF):
            self.on = code == 0xAF

    def frame(self, width=128):
        """What the panel shows: width columns of each page from column `first`."""
        out = bytearray()
        for page in range(self.pages):
            start = page * self.columns + self.first
            out += self.ram[start:start + width]
        return bytes(out)

    def data(self):
        """The bytes written, in order, without the DC levels."""
        return b"".join(buf for _, buf in self.writes)


class PowerCut(BaseException):
    """Raised by FakeFS when the simulated power goes: nothing after it reaches the 'flash'.
    A BaseException, so no handler for errors (the app's top level included) can catch it:
    a power cut is not an error the firmware gets to handle."""


class FakeFS:
    """A filesystem in memory for stones.storage, which can lose power mid-write.

    cut_after(n) lets n more events happen (each byte written, each open, close, remove or
    rename is one event) and raises PowerCut at the next: whatever was written so far stays,
    the worst a flash filesystem without atomic writes can leave; a rename is atomic, as
    littlefs makes it (a cut leaves the file under its old name or its new). reboot() gives a
    new FakeFS holding the same files, as the next power-on would find them. events counts
    everything done so far.
    discard lists name prefixes whose files are created but whose bytes are dropped (their sizes
    are kept): on the unix port this 'flash' sits in the heap a long fuzz measures, and records
    are not heap on a device.
    capacity, when set, is how many bytes its files may hold in all: a write past it raises
    OSError ENOSPC, as a full flash does, and free() says what is left.
    """

    def __init__(self, files=None, discard=(), capacity=None):
        self.files = {} if files is None else files
        self.discard = discard  # name prefixes written (counted) but not kept: see the fuzzer
        self.dropped = {}  # name -> bytes written of a discarded file (what size() says)
        self.budget = -1  # events left before the power goes; -1: never
        self.events = 0
        self.capacity = capacity

    def free(self):
        """Bytes left for files, or None when there is no limit (as RealFS.free)."""
        if self.capacity is None:
            return None
        return max(0, self.capacity - self.used())

    def used(self):
        return sum(len(data) for data in self.files.values())

    def cut_after(self, events):
        self.budget = events

    def footprint(self):
        """About the heap this 'flash' takes (names, contents, their object headers): the
        fuzzer subtracts it, since a device's flash is not heap."""
        return sum(len(name) + len(data) + 64 for name, data in self.files.items())

    def _event(self):
        if self.budget == 0:
            raise PowerCut()
        if self.budget > 0:
            self.budget -= 1
        self.events += 1

    def reboot(self):
        return FakeFS({name: bytearray(data) for name, data in self.files.items()},
                      self.discard, self.capacity)

    def open(self, name, mode):
        self._event()
        if "w" in mode:
            self.files[name] = bytearray()
            self.dropped.pop(name, None)
        elif name not in self.files:
            raise OSError(2, "ENOENT")
        return _FakeFile(self, name)

    def remove(self, name):
        self._event()
        if name not in self.files:
            raise OSError(2, "ENOENT")
        del self.files[name]
        self.dropped.pop(name, None)

    def rename(self, old, new):
        self._event()
        if old not in self.files:
            raise OSError(2, "ENOENT")
        self.files[new] = self.files.pop(old)
        if old in self.dropped:
            self.dropped[new] = self.dropped.pop(old)

    def listdir(self, folder=""):
        prefix = folder + "/" if folder else ""
        return sorted(name[len(prefix):] for name in self.files
                      if name.startswith(prefix) and "/" not in name[len(prefix):])

    def mkdir(self, folder):
        pass

    def size(self, name):
        if name not in self.files:
            raise OSError(2, "ENOENT")
        return self.dropped.get(name, len(self.files[name]))


class _FakeFile:
    def __init__(self, fs, name):
        self.fs = fs
        self.name = name
        self.offset = 0

    def write(self, data):
        fs = self.fs
        for prefix in fs.discard:  # a flash's worth of records must not fill the test's heap
            if self.name.startswith(prefix):
                fs.events += len(data)
                fs.dropped[self.name] = fs.dropped.get(self.name, 0) + len(data)
                return len(data)
        data = bytes(data)
        store = self.fs.files[self.name]
        for i in range(len(data)):
            self.fs._event()
            if fs.capacity is not None and fs.used() >= fs.capacity:
                raise OSError(28, "ENOSPC")  # what a full flash answers (errno.ENOSPC)
            store.append(data[i])
        return len(data)

    def read(self, n=-1):
        data = self.fs.files[self.name]
        end = len(data) if n < 0 else min(len(data), self.offset + n)
        chunk = bytes(data[self.offset:end])
        self.offset = end
        return chunk

    def close(self):
        self.fs._event()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if exc[0] is None:
            self.close()
        return False


class FakeLan:
    """A network's announcements in memory, with stones/platforms/netpipe.py's Lan interface:
    what send() sends reaches every FakeEar listening on the same bus (a list: pass one bus to
    several), as from here, this machine's address. problem: what listen()'s ears say they
    cannot listen for ("": they can)."""

    def __init__(self, bus=None, here="10.0.0.2", name="fake"):
        self.bus = [] if bus is None else bus
        self.here = here
        self.name = name
        self.sent = 0
        self.problem = ""

    def send(self, data):
        self.sent += 1
        for ear in self.bus:
            ear.inbox.append((bytes(data), self.here))
        return True

    def listen(self):
        ear = FakeEar(self.bus, self.problem)
        if not self.problem:
            self.bus.append(ear)
        return ear

    def address(self):
        return self.here


class FakeEar:
    def __init__(self, bus, problem=""):
        self.bus = bus
        self.inbox = []
        self.problem = problem

    def receive(self):
        return self.inbox.pop(0) if self.inbox else None

    def close(self):
        if self in self.bus:
            self.bus.remove(self)
