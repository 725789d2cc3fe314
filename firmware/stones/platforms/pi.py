"""Raspberry Pi backend (CPython): gpiozero buttons and a luma.oled (or luma.lcd) display behind
the firmware's protocols, so the app runs unchanged.

- Buttons: each gpiozero.Button (pull-up by default) is wrapped as a pin whose value() is 0 while
  pressed, which is what stones.drivers.buttons expects of an active-low Pico pin. Debouncing stays
  in Buttons (gpiozero's bounce_time is not used), so the Pi and the Pico behave alike.
- Display: LumaDisplay is a framebuf_py.FrameBuffer (MONO_VLSB, like the Pico's driver) whose
  show() turns the buffer into a PIL image and hands it to a luma.core device, only when the
  buffer changed since the last show(). The image is converted to the device's mode ('1' for
  ssd1306/sh1106/ssd1309, 'RGB' or 'L' for the greyscale ssd1327) and centred on panels larger
  than the frame (the 128x128 ssd1327 shows the 128x64 frame in its middle rows).
- Colour: LumaColour shows the frame on a luma.lcd st7789 or st7735 (SPI) as the Pico's colour
  driver does: in the system screen's palette, at the largest whole scale that fits, centred;
  the config's display names "driver": "st7789", the panel's "width"/"height" as luma drives it
  (a quarter turn from upright: 240x135 for the 1.14" panel), and its SPI "port", "device", "dc",
  "rst", "backlight" BCM pins (luma's defaults 0, 0, 24, 25, 18).
- Buzzer: GpioTone drives a passive piezo through gpiozero's PWMOutputDevice.
- make_pi(config) builds both from the same config shape as stones.platforms.pico.make_pico:
      {"buttons": {"up": 17, "down": 27, ...},      BCM GPIO numbers
       "display": {"driver": "ssd1306", "port": 1, "address": 60,
                   "width": 128, "height": 64, "rotate": 0},
       "button_pull": "up",                         optional: "down" for buttons to 3.3 V
       "input": {"hold_ms": 600, ...}}              optional Buttons timings
  "bus" is read as "port" too (hardware/boards/pi.json); "sda"/"scl" are fixed on the Pi and
  ignored. A panel on SPI ("interface": "spi") goes through luma's own spi interface (spidev,
  and RPi.GPIO for DC and RST: rpi-lgpio's on a Pi 5): "bus" the SPI port (0), "device" its
  chip select (0: CE0, 1: CE1), "dc" and "rst" BCM GPIOs, "freq" the clock in Hz.

gpiozero, luma and Pillow are imported inside the functions that use them: importing this module
touches no GPIO, no bus and needs none of those packages.
"""

from stones.drivers.framebuf_py import MONO_VLSB, FrameBuffer

FRAME_WIDTH = 128  # the app's frame: what the Pico's panel shows
FRAME_HEIGHT = 64


class GpioPin:
    """A gpiozero.Button seen through the pin protocol: value() is 0 while pressed, whatever the
    wiring (gpiozero's pull_up/active_state already decide what "pressed" means)."""

    def __init__(self, button):
        self.button = button

    def value(self):
        return 0 if self.button.is_pressed else 1

    def close(self):
        self.button.close()


def gpio_pins(numbers, pull_up=True, pin_factory=None):
    """{name: GpioPin} for {name: BCM GPIO number}."""
    from gpiozero import Button

    pins = {}
    for name, number in numbers.items():
        pins[name] = GpioPin(Button(number, pull_up=pull_up, pin_factory=pin_factory))
    return pins


class GpioTone:
    """A passive piezo on a Pi GPIO through gpiozero's PWMOutputDevice (software PWM unless the
    pin factory has hardware PWM on that pin), at half duty."""

    def __init__(self, pin, pin_factory=None):
        from gpiozero import PWMOutputDevice

        self.device = PWMOutputDevice(pin, frequency=440, pin_factory=pin_factory)

    def tone(self, hz):
        self.device.frequency = hz
        self.device.value = 0.5

    def off(self):
        self.device.value = 0

    def close(self):
        self.device.close()


def vlsb_image(buffer, width, height):
    """A MONO_VLSB buffer as a PIL image in mode '1' (lit pixel = white)."""
    from PIL import Image

    pages = (height + 7) // 8
    # Read each byte as one 8-pixel row with bit 0 leftmost ('1;R'): row p*width + x of this
    # strip is column x of page p. Transposed, the strip is the pages side by side, 8 rows high.
    strip = Image.frombytes("1", (8, width * pages), bytes(buffer[:width * pages]), "raw", "1;R")
    strip = strip.transpose(Image.Transpose.TRANSPOSE)
    image = Image.new("1", (width, pages * 8))
    for page in range(pages):
        image.paste(strip.crop((page * width, 0, (page + 1) * width, 8)), (0, page * 8))
    return image if height == pages * 8 else image.crop((0, 0, width, height))


class LumaDisplay(FrameBuffer):
    """A width x height framebuffer shown on a luma.core device (any mode, any larger size)."""

    def __init__(self, device, width=FRAME_WIDTH, height=FRAME_HEIGHT):
        if width > device.width or height > device.height:
            raise ValueError("a %dx%d frame does not fit the %dx%d display"
                             % (width, height, device.width, device.height))
        self.device = device
        self.width = width
        self.height = height
        self.buffer = bytearray(((height + 7) // 8) * width)
        self.frames_sent = 0
        self._shown = None  # the buffer as last sent (None: send the next frame whatever it is)
        self._inverted = False
        self._at = ((device.width - width) // 2, (device.height - height) // 2)
        super().__init__(self.buffer, width, height, MONO_VLSB)

    def image(self):
        """The frame as the device will get it: its mode, its size."""
        from PIL import Image, ImageChops

        frame = vlsb_image(self.buffer, self.width, self.height)
        if self._inverted:
            frame = ImageChops.invert(frame)
        mode = self.device.mode
        if mode != "1":
            frame = frame.convert(mode)
        if frame.size != self.device.size:
            canvas = Image.new(mode, self.device.size)
            canvas.paste(frame, self._at)
            frame = canvas
        return frame

    def show(self):
        """Send the frame if it changed since the last show(); return 1 if sent, else 0."""
        if self._shown is not None and self._shown == self.buffer:
            return 0
        self._shown = bytes(self.buffer)
        self.device.display(self.image())
        self.frames_sent += 1
        return 1

    def invalidate(self):
        self._shown = None

    def contrast(self, contrast):
        self.device.contrast(contrast & 0xFF)

    def invert(self, invert):
        # Done in the image: luma devices have no common invert command.
        if bool(invert) != self._inverted:
            self._inverted = bool(invert)
            self._shown = None

    def poweroff(self):
        self.device.hide()

    def poweron(self):
        self.device.show()


class LumaColour(LumaDisplay):
    """The app's mono frame on a luma.lcd colour device (st7789, st7735), as the Pico's colour
    driver shows it (stones.drivers.st7789): in a palette, at the largest whole scale that fits,
    centred on the palette's background. palettes and palette(index) are the system screen's
    Colour row; invert() swaps the palette's two colours."""

    def __init__(self, device, frame=None, scale=0, palette=0):
        from stones.drivers.st7789 import PALETTES, fit

        width, height, self.scale = fit(device.width, device.height, frame, scale)
        super().__init__(device, width, height)
        self._at = ((device.width - width * self.scale) // 2,
                    (device.height - height * self.scale) // 2)
        self._palettes = PALETTES
        self.palettes = tuple(name for name, _, _ in PALETTES)
        self.palette_index = -1
        self.palette(palette)

    def palette(self, index):
        if not 0 <= index < len(self._palettes):
            raise ValueError("no palette %r (have 0 to %d)" % (index, len(self._palettes) - 1))
        if index != self.palette_index:
            self.palette_index = index
            self._shown = None

    def image(self):
        """The frame as the device gets it: RGB, its size, lit pixels in the palette's colour."""
        from PIL import Image

        frame = vlsb_image(self.buffer, self.width, self.height)
        if self.scale > 1:
            frame = frame.resize((self.width * self.scale, self.height * self.scale),
                                 Image.Resampling.NEAREST)
        _, lit, dark = self._palettes[self.palette_index]
        if self._inverted:
            lit, dark = dark, lit
        canvas = Image.new("RGB", self.device.size, dark)
        canvas.paste(Image.new("RGB", frame.size, lit), self._at, frame)  # the frame its mask
        return canvas

    def poweroff(self):
        super().poweroff()
        light = getattr(self.device, "backlight", None)
        if light is not None:
            light(False)

    def poweron(self):
        super().poweron()
        light = getattr(self.device, "backlight", None)
        if light is not None:
            light(True)


COLOUR_DRIVERS = ("st7789", "st7735")  # luma.lcd's, on SPI


def _luma_lcd(display, serial, **options):
    """A luma.lcd st7789 or st7735 on SPI, its window where the glass sits in the RAM (luma
    drives both a quarter turn from upright, madctl 0x70 and 0x60: the Pico driver's
    stones.drivers.st7789.place says where that puts a panel's window)."""
    from luma.lcd import device as lcd

    from stones.drivers.st7789 import place

    driver = display["driver"]
    width = display.get("width", 240 if driver == "st7789" else 160)
    height = display.get("height", 240 if driver == "st7789" else 128)
    column, row = place(driver, width, height, 1, display.get("offset"))
    if serial is None:
        from luma.core.interface.serial import spi

        serial = spi(port=display.get("port", 0), device=display.get("device", 0),
                     gpio_DC=display.get("dc", 24), gpio_RST=display.get("rst", 25),
                     bus_speed_hz=display.get("freq", 32_000_000))
    options.setdefault("gpio_LIGHT", display.get("backlight", 18))
    if driver == "st7735":
        return lcd.st7735(serial, width=width, height=height, rotate=display.get("rotate", 0),
                          h_offset=column, v_offset=row, bgr=display.get("bgr", False),
                          **options)

    class st7789(lcd.st7789):
        """luma.lcd's st7789 with its window moved to where the glass sits (luma's own puts
        it at 0, 0: right for a 240x240 panel, off a 240x135 one)."""

        def set_window(self, x1, y1, x2, y2):
            super().set_window(x1 + column, y1 + row, x2 + column, y2 + row)

    return st7789(serial, width=width, height=height, rotate=display.get("rotate", 0),
                  **options)


def luma_serial(display, spi=None, gpio=None):
    """luma's interface for the "display" part of the config: I2C, or its spi class ("interface":
    "spi"); spi and gpio replace spidev and RPi.GPIO (a test's fakes)."""
    port = display.get("port", display.get("bus", 1))  # hardware/boards/pi.json says "bus"
    if display.get("interface") == "spi":
        from luma.core.interface.serial import spi as luma_spi

        return luma_spi(spi=spi, gpio=gpio, port=port, device=display.get("device", 0),
                        bus_speed_hz=display.get("freq", 8_000_000), gpio_DC=display["dc"],
                        gpio_RST=display.get("rst"))
    from luma.core.interface.serial import i2c

    return i2c(port=port, address=display.get("address", 0x3C))


def luma_device(display, serial=None, **options):
    """A luma.oled device from the "display" part of the config (serial defaults to the config's
    own interface: luma_serial), or a luma.lcd one for a colour driver (serial defaults to SPI;
    options go to luma.lcd's device: backlight=, gpio= in tests)."""
    from luma.oled import device as oled

    kinds = {"ssd1306": oled.ssd1306, "ssd1309": oled.ssd1309, "sh1106": oled.sh1106,
             "ssd1327": oled.ssd1327}
    driver = display.get("driver", "ssd1306")
    if driver in COLOUR_DRIVERS:
        return _luma_lcd(display, serial, **options)
    if driver not in kinds:
        raise ValueError("unknown display driver %r (known: %s)"
                         % (driver, ", ".join(tuple(kinds) + COLOUR_DRIVERS)))
    if serial is None:
        serial = luma_serial(display)
    square = driver == "ssd1327"  # the 1.5" greyscale panel is 128x128
    return kinds[driver](serial, width=display.get("width", 128),
                         height=display.get("height", 128 if square else 64),
                         rotate=display.get("rotate", 0))


def make_pi(config, clock=None, device=None, pin_factory=None):
    """(Buttons, LumaDisplay) for a Raspberry Pi; device replaces the configured luma device
    (luma.core.device.dummy in tests), pin_factory is passed to gpiozero."""
    from stones import compat
    from stones.drivers.buttons import Buttons

    settings = config.get("display", {})
    if device is None:
        device = luma_device(settings)
    if settings.get("driver") in COLOUR_DRIVERS:
        display = LumaColour(device, settings.get("frame"), settings.get("scale", 0))
    else:
        display = LumaDisplay(device, min(device.width, FRAME_WIDTH),
                              min(device.height, FRAME_HEIGHT))
    pull_up = config.get("button_pull", "up") == "up"  # "down": buttons switch to 3.3 V
    pins = gpio_pins(config["buttons"], pull_up=pull_up, pin_factory=pin_factory)
    buttons = Buttons(pins, clock or compat, **config.get("input", {}))
    return buttons, display
