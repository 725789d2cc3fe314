"""A stand-in for MicroPython's `machine` with what stones.platforms.pico uses, for
tests/device/test_pico.

Put on sys.path only by that test (the unix port's own machine has no I2C). Pins and buses record
how they were made, and the bus is a FakeI2C, so the test can check the pins, the bus and the
driver's first bytes.
"""

from stones.platforms.fakes import FakeI2C

made = []  # every Pin, PWM, I2C and SPI, in the order they were made


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        self.level = 1 if pull == Pin.PULL_UP else 0  # floating pins read 0 here
        if value is not None:
            self.level = value
        made.append(self)

    def value(self, level=None):
        if level is None:
            return self.level
        self.level = level
        return None


class PWM:
    """The RP2040's PWM on a pin: remembers its frequency and duty (0..65535)."""

    def __init__(self, pin):
        self.pin = pin
        self.hz = 0
        self.duty = 0
        made.append(self)

    def freq(self, hz):
        if not 8 <= hz <= 62_500_000:  # the RP2040 divider's range at 125 MHz
            raise ValueError("freq out of range")
        self.hz = hz

    def duty_u16(self, duty):
        self.duty = duty


class I2C(FakeI2C):
    def __init__(self, id, scl=None, sda=None, freq=400_000, timeout=50_000):
        super().__init__(devices=(0x3C, 0x3D))  # the two addresses SSD1306 modules use
        self.id = id
        self.scl = scl
        self.sda = sda
        self.freq = freq
        made.append(self)


class SPI:
    """machine.SPI: remembers how it was made; write() goes to `panel` (a FakeOLEDWire, which reads
    the DC and CS pins) once a test sets one."""

    def __init__(self, id, baudrate=1_000_000, polarity=0, phase=0, sck=None, mosi=None,
                 miso=-1):
        self.id = id
        self.baudrate = baudrate
        self.mode = (polarity, phase)
        self.sck = sck
        self.mosi = mosi
        self.miso = miso
        self.panel = None
        self.written = 0
        made.append(self)

    def write(self, buf):
        self.written += len(buf)
        if self.panel is not None:
            self.panel.write(buf)
