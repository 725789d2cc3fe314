"""Battery sense: the cell's voltage read through a divider on an ADC input, smoothed.

A Pico reads VSYS/3 on GP29 with no wire (hardware/boards/pico.json "battery": {"adc": 29,
"divider": 3}); a Raspberry Pi has no ADC and senses nothing (null). The ADC is injected:
anything with read_u16() (machine.ADC on the device, platforms.fakes.FakeADC in the tests and
the simulator).

The cell feeds VSYS through a Schottky diode (hardware/README.md), which drops 0.2-0.3 V: the
cell is taken to be the reading plus DIODE_MV.

Millivolts are integers throughout: 65535 * 3300 * 3 is under 2**30, so the arithmetic stays in
the Pico's small ints. Readings are smoothed (each new one counts a quarter) so a buzzer note or
a burst of I2C does not flicker the icon or raise a false alarm.

The levels are a 1S LiPo's (the hardware notes' cell): full at 4.15 V, empty at 3.40 V. Below
LOW_MV the app warns once; below CRITICAL_MV it saves everything it holds, before the Pico
browns out (its regulator gives up near 3.0 V at VSYS, a little more under load). Above USB_MV
the Pico runs from USB, not the cell.
"""

from stones.compat import const

FULL_MV = const(4150)
EMPTY_MV = const(3400)
LOW_MV = const(3500)
CRITICAL_MV = const(3350)
USB_MV = const(4400)
SENSED_MV = const(2500)  # below this no cell is being read (a Pico W without GP25 set, an
# emulator's idle ADC): the app shows no battery rather than a false alarm
BARS = const(4)  # the icon's bars at full charge
DIODE_MV = const(250)  # the Schottky diode between the cell and VSYS


class Battery:
    def __init__(self, adc, divider=3, vref_mv=3300, diode_mv=DIODE_MV):
        self.adc = adc
        self.scale = divider * vref_mv
        self.diode_mv = diode_mv
        self.mv = 0  # the smoothed reading, 0 until the first sample

    def read_mv(self):
        """One reading, in millivolts at the cell (VSYS before the divider, plus the diode)."""
        return self.adc.read_u16() * self.scale // 65535 + self.diode_mv

    def sample(self):
        """Take a reading into the smoothed value and return it."""
        mv = self.read_mv()
        self.mv = mv if not self.mv else (3 * self.mv + mv) // 4
        return self.mv

    def bars(self):
        """0 (empty) .. BARS (full) for the icon."""
        if self.mv >= FULL_MV:
            return BARS
        if self.mv <= EMPTY_MV:
            return 0
        return min(BARS, (self.mv - EMPTY_MV) * BARS // (FULL_MV - EMPTY_MV) + 1)

    def sensed(self):
        return self.mv >= SENSED_MV

    def low(self):
        return 0 < self.mv < LOW_MV

    def critical(self):
        """Low enough that everything should be saved before the Pico browns out."""
        return 0 < self.mv < CRITICAL_MV

    def on_usb(self):
        return self.mv >= USB_MV

    def text(self):
        """The voltage as the system screen shows it: '3.92 V'."""
        return "%d.%02d V" % (self.mv // 1000, self.mv % 1000 // 10)


def make_battery(config, adc_class):
    """A Battery over the pin map's "battery" entry through adc_class(pin), or None."""
    sense = config.get("battery")
    if not sense:
        return None
    return Battery(adc_class(sense["adc"]), sense.get("divider", 3),
                   diode_mv=sense.get("diode_mv", DIODE_MV))
