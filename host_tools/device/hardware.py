"""The boards in hardware/boards/: checked, drawn as wiring tables and diagrams, or mapped.

    python -m host_tools.device.hardware [generate]   check every board file, then rewrite
                                               hardware/wiring-<board>.png, the generated
                                               tables in hardware/README.md and the Wokwi
                                               project hardware/wokwi/ (make hardware)
    python -m host_tools.device.hardware check        check only: exit 1 naming every problem

One file a board, hardware/boards/<name>.json: the two wired by hand from a Pico or a Pi header
(pico and pi, the defaults of make firmware and make install-pi), and ready-made boards
("ready_made": true), whose pins come from their makers; make firmware BOARD=<name> or
make install-pi BOARD=<name> picks one.

Reading guide:

    Board, PICO, PI     each family's 40-pin header as data: physical pin -> name and GPIO, which
                        GPIOs exist off the header, the I2C pairs, the pins with fixed functions
    board_names()       every board file's name; load_map(name) reads one
    check_map(config)   every rule a pin map must keep on its board -> a list of problems
    missing_buttons(config)  the app's buttons a ready-made board has no control for, and why
    controls_table(config)   a ready-made board's controls as the app's buttons (Markdown)
    shot_path(name)     where a board's menu shot is (hardware/screenshots/), if it has one
    boards_table()      every board in one table: its panel, its buttons, how to build it, and
                        its menu's shot (shot_path(): host_tools/pico/boardshots.py makes them)
    battery_parts(config)  the battery path's parts, from bom.csv: cell, charger, switch, diode
    wires(config)       the pin map as wires: (part, part terminal, physical pin, signal, kind)
    table(config)       those wires as a Markdown table (the tables in hardware/README.md)
    diagram(config)     the same wires drawn with Pillow (hardware/wiring-<board>.png)
    link_problems(board, link)  what is wrong with a map's "link" (a Pico's cable: its UART
                        block, TX and RX pins and speed, or its USB serial, or a list of the two
                        for the player to choose; a Pi's network address or serial port)
    link_entries, link_cable, link_words, link_note   a map's transports, its cable's entry,
                        both in words for the tables (the USB's cost: Ctrl-C off, the recovery
                        button held to reach the REPL)

Both outputs come from wires(), and tests/host/test_hardware.py regenerates them and compares them
with the committed files, so the pictures cannot drift from the map the firmware reads. Text in
the diagram is drawn with the firmware's own 8x8 font (pixel for pixel what the OLED shows), so
the image is the same on every machine, without a font file or anti-aliasing.
"""

import argparse
import csv
import json
import os
import sys

from host_tools.paths import BOARDS as BOARD_DIR
from host_tools.paths import HARDWARE

BUTTONS = ("up", "down", "left", "right", "a", "b", "menu")
MAPS = ("pico", "pi")  # the boards wired by hand (a diagram each); the defaults of each build
# The chips a Pico board may carry ("chip"; rp2040 when it names none): the Raspberry Pi Pico's
# and the Pico 2's, whose header and GPIO functions are the same.
CHIPS = ("rp2040", "rp2350")
LABEL_CHARS = 14  # the System screen's Board row has room for this many
README = os.path.join(HARDWARE, "README.md")
BOM = os.path.join(HARDWARE, "bom.csv")
# The battery path, from the cell to the board's supply pin: the cell charges through the
# charger module, whose protected output runs through the on/off switch and the diode (which
# keeps USB from back-feeding the cell) into the supply pin. Each part is the build's optional
# row of bom.csv whose reference has these letters (BT1, U2, SW8, D1): its names come from there.
BATTERY_PATH = (("cell", "BT"), ("charger", "U"), ("switch", "SW"), ("diode", "D"))
ADDRESSES = (0x3C, 0x3D)  # what the SSD1306/SH1106/SSD1309 modules' address jumper selects
MAX_I2C_HZ = 400_000  # the SSD1306/SH1106 datasheets' fast mode; see hardware/README.md
MAX_SPI_HZ = 10_000_000  # the SSD1306's shortest serial clock cycle, 100 ns
# The colour controllers' shortest serial write cycles: the ST7789's 16 ns, the ST7735's 66 ns.
COLOUR_SPI_HZ = {"st7789": 62_500_000, "st7735": 15_000_000}
COLOUR = tuple(COLOUR_SPI_HZ)  # stones.drivers.st7789: the frame in a palette, on SPI only
# The clocks luma's spi interface accepts (its own assertion), in Hz.
LUMA_SPI_HZ = tuple(int(mhz * 1_000_000) for mhz in (0.5, 1, 2, 4, 8, 16, 20, 24, 28, 32, 36,
                                                       40, 44, 48, 50, 52))
SPI_PINS = ("sck", "mosi", "cs", "dc", "rst", "backlight")


class Board:
    """A board's 40-pin header and the rules its GPIOs follow.

    header: the 40 pin names in physical order (pin 1 first); a GPIO's name ends in its number
    after `prefix`. left(pin): True for the pins in the left column of the diagram, row(pin):
    the pin's row from the top.
    """

    def __init__(self, key, title, prefix, header, left, row, internal, adc, i2c, fixed,
                 drivers, sizes, rotations, gpios, spi, uart, supply=None):
        self.key = key
        self.title = title
        self.short = title.split(" (")[0]
        self.prefix = prefix
        self.header = header
        self.left = left
        self.row = row
        self.internal = internal  # GPIO -> what the board itself uses it for (not on the header)
        self.adc = adc  # GPIOs with an ADC channel
        self.i2c = i2c  # bus -> (SDA GPIOs, SCL GPIOs)
        self.fixed = fixed  # GPIO -> the function it is fixed to
        self.drivers = drivers  # display drivers the firmware has on this board
        self.sizes = sizes  # (width, height) of the panels it can drive
        self.rotations = rotations
        self.gpios = gpios  # every GPIO of the chip: what a ready-made board may wire
        # SPI bus -> {"sck": GPIOs, "mosi": GPIOs, "cs": {device: GPIO} (None: any GPIO)}
        self.spi = spi
        self.uart = uart  # UART block -> (TX GPIOs, RX GPIOs): the link's cable ({}: none)
        self.supply = supply  # physical pin a battery pack feeds (None: the board has none)

    def pin_of(self, gpio):
        """Physical pin of a GPIO number, or None when it is not on the header."""
        name = "%s%d" % (self.prefix, gpio)
        for number, label in enumerate(self.header, 1):
            if label == name:
                return number
        return None

    def pins_named(self, name):
        return [n for n, label in enumerate(self.header, 1) if label == name]

    def label(self, pin):
        return self.header[pin - 1]


PICO = Board(
    "pico", "Raspberry Pi Pico", "GP",
    header=(
        # 1-20 down the left edge (USB at the top), 21-40 up the right edge.
        "GP0", "GP1", "GND", "GP2", "GP3", "GP4", "GP5", "GND", "GP6", "GP7",
        "GP8", "GP9", "GND", "GP10", "GP11", "GP12", "GP13", "GND", "GP14", "GP15",
        "GP16", "GP17", "GND", "GP18", "GP19", "GP20", "GP21", "GND", "GP22", "RUN",
        "GP26", "GP27", "AGND", "GP28", "ADC_VREF", "3V3", "3V3_EN", "GND", "VSYS", "VBUS",
    ),
    left=lambda pin: pin <= 20,
    row=lambda pin: pin - 1 if pin <= 20 else 40 - pin,
    # GP23-25 and GP29 are wired on the board (Pico datasheet, section 2.1); GP29 is still
    # usable as an ADC input: it reads VSYS through a 200k/100k divider, i.e. VSYS/3.
    internal={23: "SMPS power-save control", 24: "VBUS sense", 25: "on-board LED",
              29: "VSYS/3 (ADC3)"},
    adc=(26, 27, 28, 29),
    # RP2040 datasheet, GPIO function table: GPIO n is I2C(n >> 1 & 1), SDA when n is even.
    i2c={0: ((0, 4, 8, 12, 16, 20, 28), (1, 5, 9, 13, 17, 21)),
         1: ((2, 6, 10, 14, 18, 22, 26), (3, 7, 11, 15, 19, 27))},
    fixed={},  # every header GPIO of the RP2040 is free to route
    drivers=("ssd1306", "sh1106", "ssd1309") + COLOUR,  # stones.platforms.pico
    sizes=((128, 64),),  # the OLEDs' (a colour panel: whatever stones.drivers.st7789 places)
    rotations=(0, 2),
    gpios=tuple(range(30)),  # GPIO0-29 of the RP2040 (a ready-made board routes them its way)
    # RP2040 datasheet, GPIO function table: GPIO n is SPI(n >> 3 & 1), its role n & 3 (0 RX,
    # 1 CSn, 2 SCK, 3 TX); CS is driven as a plain GPIO, so any pin will do.
    spi={bus: {"sck": tuple(n for n in range(30) if n >> 3 & 1 == bus and n & 3 == 2),
               "mosi": tuple(n for n in range(30) if n >> 3 & 1 == bus and n & 3 == 3),
               "cs": None} for bus in (0, 1)},
    # RP2040 datasheet, GPIO function table: GPIO n is UART((n + 4) >> 3 & 1), its role n & 3
    # (0 TX, 1 RX, 2 CTS, 3 RTS): UART0 TX on 0, 12, 16, 28, UART1 TX on 4, 8, 20, 24.
    uart={block: tuple(tuple(n for n in range(30) if (n + 4) >> 3 & 1 == block and n & 3 == role)
                       for role in (0, 1)) for block in (0, 1)},
    supply=39,  # VSYS: a battery pack feeds it through a Schottky diode
)

PI = Board(
    "pi", "Raspberry Pi (40-pin header)", "GPIO",
    header=(
        "3V3", "5V", "GPIO2", "5V", "GPIO3", "GND", "GPIO4", "GPIO14", "GND", "GPIO15",
        "GPIO17", "GPIO18", "GPIO27", "GND", "GPIO22", "GPIO23", "3V3", "GPIO24", "GPIO10", "GND",
        "GPIO9", "GPIO25", "GPIO11", "GPIO8", "GND", "GPIO7", "GPIO0", "GPIO1", "GPIO5", "GND",
        "GPIO6", "GPIO12", "GPIO13", "GND", "GPIO19", "GPIO16", "GPIO26", "GPIO20", "GND", "GPIO21",
    ),
    left=lambda pin: pin % 2 == 1,  # odd pins on the inside row, seen with pin 1 at top left
    row=lambda pin: (pin - 1) // 2,
    internal={},
    adc=(),  # the Pi has no analogue inputs
    # Only I2C1 is for devices: I2C0 (GPIO0/1) reads the HAT ID EEPROM at boot.
    i2c={1: ((2,), (3,))},
    fixed={
        0: "ID_SD (HAT ID EEPROM)", 1: "ID_SC (HAT ID EEPROM)",
        2: "I2C1 SDA (1.8k pull-up)", 3: "I2C1 SCL (1.8k pull-up)",
        7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK",
        14: "UART TXD (serial console)", 15: "UART RXD (serial console)",
        18: "PCM CLK (I2S audio)", 19: "PCM FS", 20: "PCM DIN", 21: "PCM DOUT",
    },
    drivers=("ssd1306", "sh1106", "ssd1309", "ssd1327") + COLOUR,  # platforms.pi (luma)
    sizes=((128, 64), (128, 128)),
    rotations=(0, 1, 2, 3),
    gpios=tuple(range(28)),  # BCM 0-27, every one on the header
    # SPI0 (spidev0.0 and spidev0.1): the kernel's driver owns SCLK, MOSI and the CE pins.
    spi={0: {"sck": (11,), "mosi": (10,), "cs": {0: 8, 1: 7}}},
    uart={},  # its UART is the serial console (GPIO14/15): a Pi links over the network
)

BOARDS = {"pico": PICO, "pi": PI}


def board_names(folder=BOARD_DIR):
    """Every board file's name (hardware/boards/<name>.json), the two wired ones first."""
    names = sorted(n[:-5] for n in os.listdir(folder) if n.endswith(".json"))
    return [n for n in MAPS if n in names] + [n for n in names if n not in MAPS]


def board_path(name):
    return os.path.join(BOARD_DIR, name + ".json")


def load_map(name_or_path):
    """A pin map by board name ('pico', 'picoboy') or path."""
    path = name_or_path
    if os.sep not in name_or_path and not name_or_path.endswith(".json"):
        path = board_path(name_or_path)
    with open(path) as handle:
        return json.load(handle)


LEGEND_KEYS = ("a", "b", "menu")  # the buttons the screens' footers name (stones.ui.legend)
LEGEND_CHARS = 5  # a footer's name of a button: as long as MENU and a letter, so lines fit


def profile_targets(config):
    """{button: how the board's input profile presses it, in words} for the buttons that come
    from a hold or a chord of others ("input": {"long": ..., "chords": ...})."""
    profile = config.get("input") or {}
    made = {}
    for source, target in (profile.get("long") or {}).items():
        made[target] = "%s held" % source.upper()
    for target, members in (profile.get("chords") or {}).items():
        made[target] = "+".join(m.upper() for m in members)
    return made


def profile_problems(config):
    """What is wrong with a board's input profile and legend, as stones.drivers.buttons and the
    screens would find it (the same checks, run here on fake pins)."""
    from stones.drivers.buttons import Buttons
    from stones.platforms.fakes import FakeClock, FakePin

    problems = []
    profile = config.get("input") or {}
    pins = {name: FakePin() for name in config.get("buttons", {}) if name in BUTTONS}
    try:
        Buttons(pins, FakeClock(), **profile)
    except (ValueError, TypeError) as error:
        problems.append("input profile: %s" % error)
    legend = config.get("legend") or {}
    for name, words in legend.items():
        if name not in LEGEND_KEYS:
            problems.append("legend %r: the screens name only %s" % (name, ", ".join(LEGEND_KEYS)))
        elif not isinstance(words, str) or not 0 < len(words) <= LEGEND_CHARS:
            problems.append("legend %s %r: 1 to %d characters" % (name, words, LEGEND_CHARS))
    return problems


def missing_buttons(config):
    """{button: why} for the app's buttons the board has no control for ({} on most boards)."""
    return dict(config.get("missing") or {})


# -- the rules ------------------------------------------------------------------------------


def used_pins(config):
    """[(what, GPIO)] for every GPIO the map uses, buttons first."""
    buttons = config.get("buttons", {})
    used = [("button " + name, buttons[name]) for name in BUTTONS
            if name in buttons and buttons[name] != "bootsel"]  # BOOTSEL is no GPIO
    display = config.get("display", {})
    if display.get("interface") == "spi":
        spi = BOARDS.get(config.get("board"), PICO).spi.get(display.get("bus"), {})
        cs = spi.get("cs")
        fixed = {"sck": spi.get("sck", (None,))[0], "mosi": spi.get("mosi", (None,))[0],
                 "cs": cs.get(display.get("device", 0)) if cs else None} if cs else {}
        for key in SPI_PINS:
            gpio = fixed.get(key, display.get(key))  # the Pi's SPI pins are the kernel's
            if gpio is not None:
                used.append(("display " + key.upper(), gpio))
        return used + _others(config)
    for key in ("sda", "scl"):
        if display.get(key) is not None:
            used.append(("display " + key.upper(), display[key]))
    return used + _others(config)


def link_entries(config):
    """The transports a map's "link" names, each an entry: [] for none, [entry] for one, the
    list itself where a Pico offers both its cable and its USB (the player chooses)."""
    link = config.get("link")
    if isinstance(link, list):
        return [entry for entry in link if isinstance(entry, dict)]
    return [link] if isinstance(link, dict) else []


def link_cable(config):
    """The map's cable entry (the one naming a UART), or None: no cable to wire."""
    for entry in link_entries(config):
        if "uart" in entry:
            return entry
    return None


def link_words(config):
    """The transports a map links over, in words for the boards table: 'USB', 'cable (UART0)
    or USB', a Pi's 'network'; '-' for none."""
    words = []
    for entry in link_entries(config):
        if "uart" in entry:
            words.append("cable (UART%s)" % entry["uart"])
        elif entry.get("usb"):
            words.append("USB")
        else:
            words.append("serial port" if str(entry.get("address", "")).startswith("serial:")
                         else "network")
    return " or ".join(words) or "-"


def _others(config):
    used = []
    link = link_cable(config)
    if link is not None:
        used += [("link " + key.upper(), link.get(key)) for key in ("tx", "rx")]
    if config.get("buzzer") is not None:
        used.append(("buzzer", config["buzzer"]))
    battery = config.get("battery")
    if battery and battery.get("adc") is not None:
        used.append(("battery sense", battery["adc"]))
    return used


def pwm_slice(gpio):
    """The RP2040's PWM slice of a GPIO (datasheet, 4.5.2): two pins on one slice share its
    frequency, the same channel of it (GPIO n and n + 16) its duty too."""
    return gpio >> 1 & 7


def check_map(config):
    """Every problem with a pin map, as sentences naming the pin; [] when it is good."""
    board = BOARDS.get(config.get("board"))
    if board is None:
        return ["board %r is not one of %s" % (config.get("board"), ", ".join(BOARDS))]
    problems = []
    buttons = config.get("buttons", {})
    missing = missing_buttons(config)
    ready = config.get("ready_made", False)
    made = profile_targets(config)
    for name in BUTTONS:
        if name in made:
            if name in missing:
                problems.append("button %s is both made by the input profile and listed as "
                                "missing" % name)
        elif buttons.get(name) == "bootsel":
            if board is not PICO:
                problems.append("button %s on BOOTSEL: only an RP2040 has one" % name)
        elif name in missing:
            if name in buttons:
                problems.append("button %s is both mapped and listed as missing" % name)
            elif not ready:
                problems.append("button %s is missing: only a ready-made board may lack one, "
                                "a wired one has all seven" % name)
            elif not isinstance(missing[name], str) or not missing[name]:
                problems.append("missing button %s needs a reason in words" % name)
        elif not isinstance(buttons.get(name), int):
            problems.append("button %s has no GPIO number" % name)
    for name in missing:
        if name not in BUTTONS:
            problems.append("missing button %r is not one the firmware reads" % name)
    label = config.get("label")
    if not isinstance(label, str) or not 0 < len(label) <= LABEL_CHARS:
        problems.append("label %r: the System screen names the board in 1 to %d characters"
                        % (label, LABEL_CHARS))
    if ready:
        if not config.get("product"):
            problems.append("a ready-made board names its product (\"product\")")
        controls = config.get("controls", {})
        for name in buttons:
            if not controls.get(name):
                problems.append("button %s: say which control of the board it is in "
                                "\"controls\"" % name)
        for name in made:
            if not controls.get(name):
                problems.append("button %s: say how the board presses it in \"controls\""
                                % name)
        for name in controls:
            if name not in buttons and name not in made:
                problems.append("control %r is not a mapped button" % name)
    for name in buttons:
        if name not in BUTTONS:
            problems.append("button %r is not one the firmware reads (%s)"
                            % (name, ", ".join(BUTTONS)))
    problems += profile_problems(config)
    if config.get("button_pull", "up") not in ("up", "down"):
        problems.append("button_pull must be 'up' or 'down'")
    problems += _chip_problems(config)
    if config.get("recovery_button") not in buttons:
        problems.append("recovery_button %r is not a button" % config.get("recovery_button"))
    elif buttons[config["recovery_button"]] == "bootsel":
        problems.append("recovery_button %s is BOOTSEL: held at power-on it starts the chip's "
                        "UF2 drive, never the app; a GPIO button frees the REPL"
                        % config["recovery_button"])
    notes = config.get("pin_notes", {})

    seen = {}
    for what, gpio in used_pins(config):
        if not isinstance(gpio, int):
            problems.append("%s: %r is not a GPIO number" % (what, gpio))
            continue
        if gpio in seen:
            problems.append("GPIO %d is used twice: %s and %s" % (gpio, seen[gpio], what))
        seen[gpio] = what
        on_header = board.pin_of(gpio) is not None or (ready and gpio in board.gpios)
        if what == "battery sense":
            if gpio not in board.adc:
                problems.append("battery sense on GPIO %d: %s" % (
                    gpio, "the board has no ADC" if not board.adc else
                    "not an ADC pin (ADC: %s)" % ", ".join(map(str, board.adc))))
            continue
        if not on_header:
            why = board.internal.get(gpio)
            problems.append("%s: %s%d %s" % (what, board.prefix, gpio,
                                             "is used by the board (%s)" % why if why
                                             else "does not exist on the %s" % board.title))
            continue
        function = board.fixed.get(gpio)
        bus_kind = "SPI" if config.get("display", {}).get("interface") == "spi" else "I2C"
        own_function = (what.startswith("display ") and function and function.startswith(bus_kind)
                        and what not in ("display DC", "display RST"))
        if function and not own_function and str(gpio) not in notes:
            problems.append("%s on GPIO %d, which is %s: pick a free pin or explain it in "
                            "pin_notes" % (what, gpio, function))

    display = config.get("display", {})
    bus = display.get("bus", display.get("port"))
    interface = display.get("interface", "i2c")
    if interface not in ("i2c", "spi"):
        problems.append("display interface %r: 'i2c' or 'spi'" % interface)
    elif interface == "spi":
        problems += _spi_problems(board, display, bus)
        if not ready:
            problems.append("display on SPI: the wiring table and diagram of a hand-wired board "
                            "draw I2C only (a config.json may still name an SPI panel)")
    elif bus not in board.i2c:
        problems.append("display bus %r: the %s has I2C bus %s" % (
            bus, board.title, " or ".join(map(str, board.i2c))))
    else:
        sdas, scls = board.i2c[bus]
        if display.get("sda") not in sdas:
            problems.append("display SDA on GPIO %r is not an SDA pin of I2C%d (%s)"
                            % (display.get("sda"), bus, ", ".join(map(str, sdas))))
        if display.get("scl") not in scls:
            problems.append("display SCL on GPIO %r is not an SCL pin of I2C%d (%s)"
                            % (display.get("scl"), bus, ", ".join(map(str, scls))))
    if display.get("driver") not in board.drivers:
        problems.append("display driver %r: the %s build has %s" % (
            display.get("driver"), board.key, ", ".join(board.drivers)))
    if interface == "i2c" and display.get("address") not in ADDRESSES:
        problems.append("display address %r: the modules answer at 60 (0x3C) or 61 (0x3D)"
                        % display.get("address"))
    if display.get("driver") in COLOUR:
        problems += _colour_problems(board, config, display, interface)
    elif (display.get("width"), display.get("height")) not in board.sizes:
        problems.append("display %rx%r: the %s build drives %s" % (
            display.get("width"), display.get("height"), board.key,
            " or ".join("%dx%d" % size for size in board.sizes)))
    elif display.get("backlight") is not None:
        problems.append("display backlight: an OLED has none (only a colour panel's is driven)")
    if display.get("rotate", 0) not in board.rotations and display.get("driver") not in COLOUR:
        problems.append("display rotate %r: the %s build rotates by %s quarter turns" % (
            display.get("rotate"), board.key, "/".join(map(str, board.rotations))))
    freq = display.get("freq")
    if interface == "i2c" and freq is not None and not 10_000 <= freq <= MAX_I2C_HZ:
        problems.append("display freq %r Hz: the panels are specified up to %d Hz"
                        % (freq, MAX_I2C_HZ))
    if "link" in config:
        problems += link_problems(board, config["link"])
    return problems


LINK_BAUDS = (9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600)


def link_problems(board, link):
    """What is wrong with a map's "link" entry (docs/link.md): on a Pico the cable's UART block,
    its TX and RX pins (pins of that block's function; used_pins checks they are free) and a
    speed, or {"usb": true}, its own USB serial (then no UART), or a list of the two, the
    player's choice (each once: two cables or two USBs would be two rows of one name); on a Pi
    the network address it listens on or calls, or a serial port ("serial:PATH[@BAUD]")."""
    if isinstance(link, list):
        return _choice_problems(board, link)
    if not isinstance(link, dict):
        return ["link %r: an entry like {\"uart\": 0, \"tx\": 12, \"rx\": 13, \"baud\": "
                "115200}, or none" % (link,)]
    if not board.uart:
        if "uart" in link or "tx" in link or "rx" in link or "usb" in link:
            return ["link on a %s: the %s's UART is its serial console, it links over the "
                    "network (\"address\": \"HOST:PORT\") or a serial port (\"address\": "
                    "\"serial:/dev/ttyACM0\")" % ("USB" if "usb" in link else "UART",
                                                   board.title)]
        address = link.get("address", ":4455")
        if not isinstance(address, str):
            return ["link address %r: \"HOST:PORT\", \":PORT\" or \"serial:PATH\""
                    % (address,)]
        if address.startswith("serial:"):
            from stones.platforms.serialpipe import parse

            try:
                parse(address)
            except ValueError as error:
                return ["link address: %s" % error]
        return []
    if "address" in link:
        return ["link address: the %s links by a cable on a UART (\"uart\", \"tx\", \"rx\")"
                " or its own USB (\"usb\": true)" % board.title]
    if "usb" in link:
        if link["usb"] is not True:
            return ["link usb %r: true (the link on the %s's own USB serial), or no \"usb\""
                    % (link["usb"], board.title)]
        extra = sorted(key for key in ("uart", "tx", "rx", "baud") if key in link)
        if extra:
            return ["link usb and %s in one entry: the USB serial or a UART's cable, which? "
                    "To offer both, a list of two entries, the first chosen at first: "
                    "[{\"uart\": 0, \"tx\": 12, \"rx\": 13, \"baud\": 115200}, {\"usb\": true}]"
                    % ", ".join(extra)]
        return []
    block = link.get("uart")
    if block not in board.uart:
        return ["link uart %r: the %s has UART %s" % (
            block, board.title, " or ".join(map(str, board.uart)))]
    problems = []
    for key, pins in zip(("tx", "rx"), board.uart[block]):
        if link.get(key) not in pins:
            problems.append("link %s on GPIO %r is not one of UART%d's %s pins (%s)" % (
                key.upper(), link.get(key), block, key.upper(), ", ".join(map(str, pins))))
    if link.get("baud", 115200) not in LINK_BAUDS:
        problems.append("link baud %r: one of %s (both devices the same)" % (
            link.get("baud"), ", ".join(map(str, LINK_BAUDS))))
    return problems


def _choice_problems(board, link):
    """What is wrong with a list of transports the player chooses between: a Pico's, the cable
    and the USB, each once and each good alone."""
    if not board.uart:
        return ["link %r: a list offers a Pico's cable and its USB to choose from; the %s "
                "names one address" % (link, board.short)]
    if not link:
        return ["link []: a list of the cable and the USB, or none"]
    problems = []
    kinds = []
    for entry in link:
        if not isinstance(entry, dict):
            problems.append("link entry %r: {\"uart\": ...} (the cable) or {\"usb\": true}"
                            % (entry,))
            continue
        problems += link_problems(board, entry)
        kinds.append("the USB" if "usb" in entry else "a cable")
    for kind in ("a cable", "the USB"):
        if kinds.count(kind) > 1:
            problems.append("link lists %s %d times: the player chooses between the cable and "
                            "the USB, each once" % (kind, kinds.count(kind)))
    return problems


def _colour_problems(board, config, display, interface):
    """What is wrong with a colour panel: on SPI, its size and rotation placed in the
    controller's RAM (stones.drivers.st7789 names what cannot be), the frame fitted, and its
    backlight a GPIO (a PWM of its own on a Pico: a buzzer on its slice would set its
    frequency) or null."""
    from stones.drivers.st7789 import fit, place

    driver = display["driver"]
    problems = []
    if interface != "spi":
        problems.append("display driver %s: a colour panel is on SPI (\"interface\": \"spi\")"
                        % driver)
    width, height, turns = display.get("width"), display.get("height"), display.get("rotate", 0)
    if not (isinstance(width, int) and isinstance(height, int)):
        return problems + ["display %rx%r: a colour panel names its width and height in pixels"
                           % (width, height)]
    try:
        place(driver, width, height, turns, display.get("offset"))
        fit(width, height, display.get("frame"), display.get("scale", 0))
    except ValueError as error:
        problems.append("display: %s" % error)
    light = display.get("backlight")
    if light is not None and not isinstance(light, int):
        problems.append("display backlight %r: a GPIO number, or null (always lit)" % (light,))
    buzzer = config.get("buzzer")
    if board is PICO and isinstance(light, int) and isinstance(buzzer, int) and (
            pwm_slice(light) == pwm_slice(buzzer)):
        problems.append("display backlight on GPIO %d shares PWM slice %d with the buzzer on "
                        "GPIO %d: each note would change the backlight's frequency"
                        % (light, pwm_slice(light), buzzer))
    return problems


def _chip_problems(config):
    """What is wrong with a board's chip and the pulls on it, and with a map that says it is
    wired as another ("wiring": one of MAPS) but differs from it."""
    problems = []
    chip = config.get("chip", "rp2040")
    if config.get("board") != "pico":
        if "chip" in config:
            problems.append("chip %r: only a Pico board names its chip" % chip)
    elif chip not in CHIPS:
        problems.append("chip %r is not one of %s" % (chip, ", ".join(CHIPS)))
    elif chip == "rp2350" and config.get("button_pull", "up") == "down":
        # RP2350 erratum E9: a Bank 0 input with its pad's input buffer on leaks enough that,
        # once driven high, the internal pull-down cannot bring it back low.
        problems.append("button_pull 'down' on an RP2350: its inputs stick high against a "
                        "pull-down (erratum RP2350-E9), so a released button would stay "
                        "pressed; wire the buttons to GND with button_pull 'up'")
    wiring = config.get("wiring")
    if wiring is not None:
        if wiring not in MAPS:
            problems.append("wiring %r: a board wired as another names one of %s"
                            % (wiring, ", ".join(MAPS)))
        else:
            theirs = load_map(wiring)
            if theirs.get("board") != config.get("board"):
                problems.append("wiring %r is a %s board, this one a %s board" % (
                    wiring, theirs.get("board"), config.get("board")))
            elif sorted(used_pins(theirs)) != sorted(used_pins(config)):
                problems.append("wiring %r: the pins differ from hardware/boards/%s.json (%s)"
                                % (wiring, wiring, ", ".join(
                                    "%s on %s" % pin for pin in sorted(
                                        set(used_pins(config)) ^ set(used_pins(theirs))))))
            elif theirs.get("button_pull", "up") != config.get("button_pull", "up"):
                problems.append("wiring %r: its buttons pull %s, this board's %s" % (
                    wiring, theirs.get("button_pull", "up"), config.get("button_pull", "up")))
    return problems


def _spi_problems(board, display, bus):
    """What is wrong with an SPI panel's bus: its block, its SCK and MOSI pins (the Pi's are the
    kernel's: the map names the chip select by "device"), DC and RST, its clock."""
    if bus not in board.spi:
        return ["display bus %r: the %s has SPI bus %s" % (
            bus, board.title, " or ".join(map(str, board.spi)))]
    spi = board.spi[bus]
    problems = []
    fixed_cs = spi["cs"]
    for key in ("sck", "mosi"):
        gpio = display.get(key, spi[key][0] if fixed_cs else None)
        if gpio not in spi[key]:
            problems.append("display %s on GPIO %r is not a %s pin of SPI%d (%s)" % (
                key.upper(), gpio, key.upper(), bus, ", ".join(map(str, spi[key]))))
    if fixed_cs:
        if display.get("device", 0) not in fixed_cs:
            problems.append("display device %r: SPI%d has chip selects %s" % (
                display.get("device"), bus, ", ".join(
                    "%d (CE%d, GPIO%d)" % (d, d, g) for d, g in sorted(fixed_cs.items()))))
    elif not isinstance(display.get("cs"), int):
        problems.append("display CS has no GPIO number")
    if not isinstance(display.get("dc"), int):
        problems.append("display DC has no GPIO number")
    if display.get("rst") is not None and not isinstance(display.get("rst"), int):
        problems.append("display RST %r: a GPIO number, or null (RES tied high)"
                        % display.get("rst"))
    freq = display.get("freq")
    most = COLOUR_SPI_HZ.get(display.get("driver"), MAX_SPI_HZ)
    if freq is not None and not 100_000 <= freq <= most:
        problems.append("display freq %r Hz: the %s's SPI is specified up to %d Hz"
                        % (freq, display.get("driver"), most))
    elif freq is not None and fixed_cs and freq not in LUMA_SPI_HZ:
        problems.append("display freq %r Hz: luma's spi takes %s MHz" % (
            freq, ", ".join("%g" % (hz / 1e6) for hz in LUMA_SPI_HZ if hz <= MAX_SPI_HZ)))
    return problems


# -- the wires ------------------------------------------------------------------------------


class Wire:
    """One wire: from a part's terminal to a physical header pin."""

    def __init__(self, part, terminal, pin, signal, kind):
        self.part = part
        self.terminal = terminal
        self.pin = pin
        self.signal = signal
        self.kind = kind  # gnd, 3v3, vsys, sda, scl, button, buzzer: the wire's colour

    def __repr__(self):
        return "Wire(%r, %r, %d, %r)" % (self.part, self.terminal, self.pin, self.signal)


def _nearest(board, names, pin, same_side=True):
    """The pin called one of names nearest (in rows) to pin, on its side if there is one."""
    candidates = [n for name in names for n in board.pins_named(name)]
    side = [n for n in candidates if board.left(n) == board.left(pin)]
    pool = side if (same_side and side) else candidates
    return min(pool, key=lambda n: (abs(board.row(n) - board.row(pin)), n))


def _rail_pin(board, pins):
    """The GND pin a ground rail joining parts on these (same-side) pins links to: one inside
    their span of rows (nearest its middle), else the nearest one on that side."""
    rows = [board.row(p) for p in pins]
    middle = (min(rows) + max(rows)) / 2
    grounds = [n for n in board.pins_named("GND") if board.left(n) == board.left(pins[0])]
    inside = [n for n in grounds if min(rows) <= board.row(n) <= max(rows)]
    return min(inside or grounds, key=lambda n: (abs(board.row(n) - middle), n))


def display_title(display):
    return "OLED %s %dx%d @0x%02X" % (display["driver"].upper(), display["width"],
                                      display["height"], display["address"])


def wires(config):
    """The pin map as the wires a builder solders, in the order of the wiring table."""
    board = BOARDS[config["board"]]
    display = config["display"]
    bus = display.get("bus", display.get("port"))
    sda, scl = board.pin_of(display["sda"]), board.pin_of(display["scl"])
    oled = display_title(display)
    result = [
        Wire(oled, "GND", _nearest(board, ("GND",), sda), "ground", "gnd"),
        Wire(oled, "VCC", _nearest(board, ("3V3",), sda, same_side=False), "3.3 V", "3v3"),
        Wire(oled, "SCL", scl, "I2C%d SCL" % bus, "scl"),
        Wire(oled, "SDA", sda, "I2C%d SDA" % bus, "sda"),
    ]
    pull = "pull-%s" % config.get("button_pull", "up")
    other = "GND" if pull == "pull-up" else "3V3"  # pull-up: pressing connects the pin to GND
    grounded = [("button " + name.upper(), board.pin_of(config["buttons"][name]), "button",
                 "%s%d, %s" % (board.prefix, config["buttons"][name], pull))
                for name in BUTTONS]
    if config.get("buzzer") is not None:
        grounded.append(("buzzer", board.pin_of(config["buzzer"]), "buzzer",
                         "%s%d, PWM" % (board.prefix, config["buzzer"])))
    # One rail a side joins the parts' second legs to one GND (or 3V3) pin.
    for left in (True, False):
        pins = [pin for _, pin, _, _ in grounded if board.left(pin) == left]
        if not pins:
            continue
        if other == "GND":
            rail = _rail_pin(board, pins)
        else:
            rail = _nearest(board, ("3V3",), pins[0], same_side=False)
        for part, pin, kind, signal in grounded:
            if board.left(pin) == left:
                second = "-" if kind == "buzzer" else "leg 2"
                first = "+" if kind == "buzzer" else "leg 1"
                result.append(Wire(part, first, pin, signal, kind))
                result.append(Wire(part, second, rail, "%s rail" % other,
                                   "gnd" if other == "GND" else "3v3"))
    result += link_wires(config)
    parts = battery_parts(config)
    if parts:
        result.append(Wire(part_name(parts["diode"]), "cathode", board.supply,
                           "%s from %s + via %s, %s" % (
                               board.label(board.supply), parts["cell"]["ref"],
                               parts["charger"]["ref"], parts["switch"]["ref"]), "vsys"))
        result.append(Wire(part_name(parts["charger"]), "OUT-", _battery_ground(board),
                           "ground", "gnd"))
    return result


LINK_PART = "link cable"


def link_wires(config):
    """The link's cable (a map whose "link" names a UART): three wires to the other device,
    this TX to its RX, this RX to its TX, and the grounds joined; [] without one."""
    link = link_cable(config)
    if link is None:
        return []
    board = BOARDS[config["board"]]
    tx, rx = board.pin_of(link["tx"]), board.pin_of(link["rx"])
    block, baud = link["uart"], link.get("baud", 115200)
    return [Wire(LINK_PART, "to other's RX", tx, "UART%d TX, %d baud" % (block, baud), "link"),
            Wire(LINK_PART, "to other's TX", rx, "UART%d RX" % block, "link"),
            Wire(LINK_PART, "to other's GND", _nearest(board, ("GND",), rx), "ground", "gnd")]


def bom_rows(build, path=BOM):
    """The rows of bom.csv for a build, in order."""
    with open(path) as handle:
        return [row for row in csv.DictReader(handle) if row["build"] == build]


def part_name(row):
    return "%s %s" % (row["ref"], row["part"])


def battery_parts(config, path=BOM):
    """{role: bom.csv row} for each part of BATTERY_PATH, or {} when the build senses no
    battery or its board has no supply pin for one."""
    board = BOARDS[config["board"]]
    if not config.get("battery") or not board.supply:
        return {}
    rows = [row for row in bom_rows(config["board"], path) if row["optional"] == "yes"]
    parts = {}
    for role, letters in BATTERY_PATH:
        found = [row for row in rows if row["ref"].rstrip("0123456789") == letters]
        if len(found) != 1:
            raise ValueError("bom.csv: the %s build needs one optional %s (a reference %sN) "
                             "for its battery, not %d" % (board.key, role, letters, len(found)))
        parts[role] = found[0]
    return parts


def _battery_ground(board):
    """The GND pin the charger's output minus goes to: on the supply pin's side, the nearest
    one with room above it for the diode and the switch (see _draw_battery)."""
    grounds = [n for n in board.pins_named("GND") if board.left(n) == board.left(board.supply)
               and board.row(n) >= board.row(board.supply) + 6]
    if not grounds:
        return _nearest(board, ("GND",), board.supply)
    return min(grounds, key=lambda n: (board.row(n), n))


def sense_note(config):
    """What the battery sense needs, in words (GP29 needs no wire: the divider is on the Pico)."""
    battery = config.get("battery")
    board = BOARDS[config["board"]]
    if not battery:
        return "none (the %s has no ADC)" % board.short if not board.adc else "none"
    gpio = battery["adc"]
    if gpio in board.internal:
        return "%s%d reads VSYS/%d on the board itself: no wire" % (
            board.prefix, gpio, battery.get("divider", 3))
    return "%s%d through a 1/%d divider" % (board.prefix, gpio, battery.get("divider", 3))


def table(config):
    """The wiring table (Markdown) of a pin map."""
    board = BOARDS[config["board"]]
    lines = ["| part | terminal | header pin | signal |", "| --- | --- | --- | --- |"]
    previous = None
    for wire in wires(config):
        part = "" if wire.part == previous else wire.part  # a part's later wires: blank name
        previous = wire.part
        lines.append("| %s | %s | %d (%s) | %s |" % (part, wire.terminal, wire.pin,
                                                    board.label(wire.pin), wire.signal))
    lines.append("")
    lines.append("Battery sense: %s. Recovery button: %s (hold it at power-on to skip the app)."
                 % (sense_note(config), config["recovery_button"].upper()))
    if link_entries(config):
        lines += ["", link_note(config)]
    return "\n".join(lines)


def link_note(config):
    """What the map's link needs, in words: the transports, and for the USB that Ctrl-C is off
    while it is chosen, so the REPL is reached by holding the recovery button at power-on;
    "" for a map without a link."""
    entries = link_entries(config)
    if not entries:
        return ""
    usb = any(entry.get("usb") for entry in entries)
    cable = link_cable(config)
    if not usb:
        return "Link: the cable (UART%s)." % cable["uart"]
    recovery = config["recovery_button"]
    control = config.get("controls", {}).get(recovery)
    held = recovery.upper() + (" (%s)" % control if control else "")
    where = "its own USB, a cable to the computer or Pi"
    if cable is not None:
        return ("Link: the cable (UART%s), or %s, chosen on the System screen (Link via; "
                "[docs/link.md](../docs/link.md)). While the USB is chosen Ctrl-C is off: for "
                "`mpremote` or `make flash` hold %s at power-on." % (cable["uart"], where, held))
    return ("Link: %s ([docs/link.md](../docs/link.md)). Ctrl-C is off while the app runs: for "
            "`mpremote` or `make flash` hold %s at power-on." % (where, held))


def panel_words(display):
    """The panel and its bus in words: 'SSD1306 128x64, I2C1 at 0x3C'."""
    words = "%s %dx%d" % (display["driver"].upper(), display["width"], display["height"])
    bus = display.get("bus", display.get("port"))
    if display.get("interface") == "spi":
        pins = ", ".join("%s %s" % ("BL" if key == "backlight" else key.upper(), display[key])
                         for key in ("cs", "dc", "rst", "backlight")
                         if display.get(key) is not None)
        return "%s, SPI%s (%s)" % (words, bus, pins)
    return "%s, I2C%s at 0x%02X" % (words, bus, display["address"])


def build_command(name, config):
    """How a board is built or installed: make firmware (Pico) or make install-pi (Pi)."""
    command = "make firmware" if config["board"] == "pico" else "sudo make install-pi"
    return command if name in MAPS else "%s BOARD=%s" % (command, name)


def shot_path(name, config=None):
    """hardware/screenshots/<name>.png, the board's menu on its own glass
    (host_tools/pico/boardshots.py), or None for a Pico board on a chip the emulator is not."""
    config = config or load_map(name)
    if config["board"] == "pico" and config.get("chip", "rp2040") != "rp2040":
        return None
    return os.path.join(HARDWARE, "screenshots", name + ".png")


def boards_table(names=None):
    """Every board file in one Markdown table, then each ready-made board's controls."""
    names = names or board_names()
    lines = ["| `BOARD=` | board | panel | buttons | link | build or install | menu |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    ready = []
    for name in names:
        config = load_map(name)
        missing = missing_buttons(config)
        made = profile_targets(config)
        buttons = "%d of 7 (no %s)" % (7 - len(missing), ", ".join(
            b.upper() for b in BUTTONS if b in missing)) if missing else "7"
        if made:
            buttons += " (%s)" % ", ".join("%s: %s" % (b.upper(), how) for b, how in made.items())
        what = config.get("product") or config.get("name", name)
        if name in MAPS:
            what += " (the default; wiring below)"
        elif config.get("wiring"):
            what += " (wired as `%s`, below)" % config["wiring"]
        shot = shot_path(name, config)
        menu = ("[%s](screenshots/%s)" % (name, os.path.basename(shot)) if shot
                else "not emulated (%s)" % config.get("chip", "").upper())
        lines.append("| `%s` | %s | %s | %s | %s | `%s` | %s |" % (
            name, what, panel_words(config["display"]), buttons, link_words(config),
            build_command(name, config), menu))
        if config.get("ready_made"):
            ready.append((name, config))
    for name, config in ready:
        lines += ["", "**%s** (`%s`): %s. %s" % (
            config["name"], name, panel_words(config["display"]),
            TURNED.get(config["display"].get("rotate", 0), "")), "", controls_table(config)]
        if link_entries(config):
            lines += ["", link_note(config)]
    return "\n".join(line.rstrip() for line in lines)


TURNED = {1: "On its side: the firmware turns the picture a quarter turn.",
          2: "Upside down: the firmware turns the picture.",
          3: "On its side: the firmware turns the picture three quarter turns."}


def controls_table(config):
    """A ready-made board's controls as the app's buttons, in a Markdown table."""
    board = BOARDS[config["board"]]
    controls = config.get("controls", {})
    missing = missing_buttons(config)
    made = profile_targets(config)
    lines = ["| app button | on the board | GPIO |", "| --- | --- | --- |"]
    for name in BUTTONS:
        pin = config["buttons"].get(name)
        if name in missing:
            lines.append("| %s | none: %s | - |" % (name.upper(), missing[name]))
        elif name in made:
            lines.append("| %s | %s | - (%s) |" % (name.upper(), controls.get(name, "?"),
                                                   made[name]))
        elif pin == "bootsel":
            lines.append("| %s | %s | BOOTSEL (rp2.bootsel_button) |" % (
                name.upper(), controls.get(name, "?")))
        else:
            lines.append("| %s | %s | %s%d |" % (name.upper(), controls.get(name, "?"),
                                                 board.prefix, pin))
    return "\n".join(lines)


# -- the diagram ----------------------------------------------------------------------------

COLOURS = {
    "gnd": (0, 0, 0), "3v3": (204, 0, 0), "vsys": (230, 120, 0), "sda": (0, 90, 220),
    "scl": (190, 150, 0), "button": (0, 150, 60), "buzzer": (140, 40, 170),
    "link": (0, 150, 170),
}
LEGEND = (("gnd", "GND"), ("3v3", "3.3 V"), ("vsys", "VSYS"), ("sda", "I2C SDA"),
          ("scl", "I2C SCL"), ("button", "button input"), ("buzzer", "buzzer"),
          ("link", "UART link"))
WHITE, INK, GREY, PALE = (255, 255, 255), (30, 30, 30), (150, 150, 150), (232, 240, 232)
PITCH = 22  # pixels between header rows
TOP = 110  # y of the board's top edge
BX0, BX1 = 400, 620  # the board's left and right edges
TERM = 120  # parts' signal terminals sit this far out from the board's edge
RAIL = 230  # and the ground rails this far
WIDTH = 1020


def _glyph_columns(char):
    from stones.drivers.font8x8 import FONT

    code = ord(char)
    code = code if 32 <= code <= 127 else 127
    return FONT[(code - 32) * 8:(code - 32) * 8 + 8]


def draw_text(draw, x, y, text, colour=INK, scale=1):
    """Text in the firmware's 8x8 font: each glyph byte is a column, bit 0 the top row. (A
    drawing given a list `labels` collects every text drawn on it: see diagram.)"""
    labels = getattr(draw, "labels", None)
    if labels is not None:
        labels.append(text)
    for i, char in enumerate(text):
        for cx, column in enumerate(_glyph_columns(char)):
            for cy in range(8):
                if column >> cy & 1:
                    px, py = x + (i * 8 + cx) * scale, y + cy * scale
                    draw.rectangle((px, py, px + scale - 1, py + scale - 1), fill=colour)


def _pin_y(board, pin):
    return TOP + 24 + board.row(pin) * PITCH


def _pin_x(board, pin):
    return BX0 if board.left(pin) else BX1


def diagram(config, source="hardware/boards/%s.json", labels=None):
    """The wiring diagram of a pin map, as a PIL image; every text drawn is appended to labels
    when it is a list."""
    from PIL import Image, ImageDraw

    board = BOARDS[config["board"]]
    rows = max(board.row(p) for p in range(1, 41)) + 1
    height = TOP + 24 + rows * PITCH + 120
    image = Image.new("RGB", (WIDTH, height), WHITE)
    draw = ImageDraw.Draw(image)
    draw.labels = labels
    draw_text(draw, 20, 16, config.get("name", board.title), INK, 2)
    draw_text(draw, 20, 44, "generated from %s by host_tools/device/hardware.py (make hardware)"
              % (source % config["board"]), GREY)

    # The board, its pins and their names.
    bottom = TOP + 24 + rows * PITCH - 8
    draw.rectangle((BX0, TOP, BX1, bottom), fill=PALE, outline=INK, width=2)
    if board is PICO:
        draw.rectangle(((BX0 + BX1) // 2 - 20, TOP - 14, (BX0 + BX1) // 2 + 20, TOP),
                       outline=INK, width=2)
        draw_text(draw, (BX0 + BX1) // 2 - 12, TOP - 10, "USB", INK)
    draw_text(draw, (BX0 + BX1) // 2 - len(board.title) * 4, bottom + 8, board.title, INK)
    for pin in range(1, 41):
        x, y = _pin_x(board, pin), _pin_y(board, pin)
        name = board.label(pin)
        kind = "gnd" if name in ("GND", "AGND") else "3v3" if name == "3V3" else None
        draw.rectangle((x - 4, y - 4, x + 4, y + 4), fill=COLOURS[kind] if kind else WHITE,
                       outline=INK)
        if board.left(pin):
            draw_text(draw, x + 8, y - 4, "%d %s" % (pin, name), INK)
        else:
            label = "%s %d" % (name, pin)
            draw_text(draw, x - 8 - 8 * len(label), y - 4, label, INK)

    # Parts: grouped by name, placed on the side where most of their wires land.
    parts = {}
    battery = battery_parts(config)
    path = {part_name(row) for row in battery.values()}
    for wire in wires(config):
        if wire.part not in path:  # the battery path is drawn whole, below
            parts.setdefault(wire.part, []).append(wire)
    lanes = 0
    for part, part_wires in parts.items():
        sides = [board.left(w.pin) for w in part_wires if w.kind in ("sda", "scl", "button",
                                                                      "buzzer", "vsys", "link")]
        left = sides.count(True) >= sides.count(False)
        edge = BX0 if left else BX1
        out = -1 if left else 1  # away from the board
        term_x = edge + out * TERM
        if part.startswith("OLED"):
            lanes = _draw_module(draw, board, part, part_wires, left, term_x, out, lanes)
        elif part == LINK_PART:
            _draw_cable(draw, board, part_wires, term_x, out)
        else:
            _draw_two_leg(draw, board, part, part_wires, left, term_x, out, edge)
    if battery:
        _draw_battery(draw, board, battery)

    # The legend.
    y = height - 60
    x = 20
    for kind, name in LEGEND:
        draw.line((x, y + 4, x + 30, y + 4), fill=COLOURS[kind], width=3)
        draw_text(draw, x + 36, y, name, INK)
        x += 36 + 8 * len(name) + 28
    draw_text(draw, 20, y + 24, "Buttons: %s   Battery sense: %s" % (
        "pull-%s, pressed = %s" % (config.get("button_pull", "up"),
                                   "low" if config.get("button_pull", "up") == "up" else "high"),
        sense_note(config)), INK)
    return image


def _wire(draw, points, kind):
    draw.line(points, fill=COLOURS[kind], width=3)


def _draw_module(draw, board, part, part_wires, left, term_x, out, lanes):
    """A display module: a box with a terminal per wire, each level with its pin when on this
    side; a wire to the other side goes over the top of the board in its own lane."""
    same = [w for w in part_wires if board.left(w.pin) == left]
    other = [w for w in part_wires if board.left(w.pin) != left]
    rows = [board.row(w.pin) for w in same]
    top_row = min(rows) - len(other)
    y0 = TOP + 24 + top_row * PITCH - 14
    y1 = TOP + 24 + max(rows) * PITCH + 14
    x_in, x_out = term_x, term_x + out * 150
    box = (min(x_in, x_out), y0, max(x_in, x_out), y1)
    draw.rectangle(box, fill=WHITE, outline=INK, width=2)
    words = part.split()
    for i, word in enumerate((" ".join(words[:2]), words[2], words[3])):
        draw_text(draw, box[0] + 8 if left else box[2] - 8 - 8 * len(word), y0 + 8 + 12 * i,
                  word, INK)
    for w in same:
        y = _pin_y(board, w.pin)
        _wire(draw, [(term_x, y), (_pin_x(board, w.pin), y)], w.kind)
        _terminal_label(draw, term_x, y, w.terminal, out)
    for k, w in enumerate(other):
        y = TOP + 24 + (top_row + k) * PITCH
        lane_y = TOP - 30 - 10 * lanes
        far_x = _pin_x(board, w.pin) - out * 40
        pin_y = _pin_y(board, w.pin)
        _wire(draw, [(term_x, y), (term_x - out * 40, y), (term_x - out * 40, lane_y),
                     (far_x, lane_y), (far_x, pin_y), (_pin_x(board, w.pin), pin_y)], w.kind)
        _terminal_label(draw, term_x, y, w.terminal, out)
        lanes += 1
    return lanes


def _draw_cable(draw, board, part_wires, term_x, out):
    """The link's cable: a plug of three terminals level with their pins, named for what each
    meets on the other device, its lead out towards that device."""
    rows = [board.row(w.pin) for w in part_wires]
    y0 = TOP + 24 + min(rows) * PITCH - 12
    y1 = TOP + 24 + max(rows) * PITCH + 12
    x_in, x_out = term_x - out * 20, term_x + out * 30
    draw.rectangle((min(x_in, x_out), y0, max(x_in, x_out), y1), fill=WHITE, outline=INK,
                   width=2)
    for w in part_wires:
        y = _pin_y(board, w.pin)
        _wire(draw, [(_pin_x(board, w.pin), y), (x_in, y)], w.kind)
        name = w.terminal.split("'s ")[-1]  # RX, TX, GND: what it meets on the other device
        draw_text(draw, x_in + out * 6 if out > 0 else x_in - 6 - 8 * len(name), y - 4, name,
                  INK)
    lead_x = x_out + out * 24  # the lead out to the other device, short of the ground rail
    middle = (y0 + y1) // 2
    _wire(draw, [(x_out, middle), (lead_x, middle)], "link")
    draw_text(draw, min(x_in, x_out), y0 - 12, "LINK", COLOURS["link"])


def _terminal_label(draw, x, y, name, out):
    draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=INK)
    if out < 0:  # box to the left of the terminal: name inside, right-aligned
        draw_text(draw, x - 6 - 8 * len(name), y - 4, name, INK)
    else:
        draw_text(draw, x + 6, y - 4, name, INK)


def _draw_two_leg(draw, board, part, part_wires, left, term_x, out, edge):
    """A button or a buzzer: the first leg to its pin, the second to a rail."""
    first, second = part_wires
    y = _pin_y(board, first.pin)
    rail_x = edge + out * RAIL
    body = (term_x + out * 20, term_x + out * 70)  # the symbol, between the wire ends
    _wire(draw, [(_pin_x(board, first.pin), y), (term_x, y), (body[0], y)], first.kind)
    lo, hi = min(body), max(body)
    label = part.replace("button ", "").upper() if part.startswith("button") else part
    name_x = term_x + 8 if out < 0 else term_x - 8 - 8 * len(label)  # on the wire
    draw_text(draw, name_x, y - 14, label, COLOURS[first.kind])
    if first.kind == "button":
        # A push button: two contacts and a bar over them.
        draw.ellipse((lo - 3, y - 3, lo + 3, y + 3), outline=INK, width=2)
        draw.ellipse((hi - 3, y - 3, hi + 3, y + 3), outline=INK, width=2)
        draw.line((lo, y - 9, hi, y - 9), fill=INK, width=2)
        draw.line(((lo + hi) // 2, y - 9, (lo + hi) // 2, y - 14), fill=INK, width=2)
    elif first.kind == "buzzer":
        draw.ellipse((lo + 10, y - 10, hi - 10, y + 10), outline=INK, width=2)
        draw_text(draw, (lo + hi) // 2 - 4, y - 4, "+", INK)
        _wire(draw, [(lo, y), (lo + 10, y)], first.kind)
        _wire(draw, [(hi - 10, y), (hi, y)], second.kind)
    # Second leg to the rail; the rail runs to its header pin along that pin's row.
    _wire(draw, [(body[1], y), (rail_x, y)], second.kind)
    rail_y = _pin_y(board, second.pin)
    _wire(draw, [(rail_x, min(y, rail_y)), (rail_x, max(y, rail_y))], second.kind)
    _wire(draw, [(rail_x, rail_y), (_pin_x(board, second.pin), rail_y)], second.kind)
    draw.ellipse((rail_x - 4, y - 4, rail_x + 4, y + 4), fill=COLOURS[second.kind])


def _wrapped(text, width):
    """text in lines of at most width characters, broken at spaces."""
    lines = [""]
    for word in text.split():
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append("")
        lines[-1] = (lines[-1] + " " + word).strip()
    return lines


def _part_label(draw, x, y, row, out):
    """A battery part's reference and name (bom.csv), beside its symbol, away from the board."""
    width = (WIDTH - 10 - x) // 8 if out > 0 else (x - 10) // 8
    for i, line in enumerate(_wrapped(part_name(row), width)):
        draw_text(draw, x if out > 0 else x - 8 * len(line), y + 12 * i, line, INK)


def _draw_battery(draw, board, parts):
    """The battery path as bom.csv lists it, in a column beside the supply pin: the diode (its
    cathode to the pin), the on/off switch, the charger module (its OUT- to the GND pin of
    _battery_ground, level with it) and the cell on the charger's B+ and B-."""
    out = -1 if board.left(board.supply) else 1
    edge = _pin_x(board, board.supply)
    x = edge + out * 90  # the column
    text_x = x + out * 52
    y0 = _pin_y(board, board.supply)
    ground = _battery_ground(board)
    yg = _pin_y(board, ground)
    # The diode, pointing at the supply pin: anode below, cathode (the bar) above.
    yd = y0 + 44
    _wire(draw, [(edge, y0), (x, y0), (x, yd - 8)], "vsys")
    draw.polygon([(x - 8, yd + 7), (x + 8, yd + 7), (x, yd - 7)], outline=INK, fill=WHITE)
    draw.line((x - 9, yd - 8, x + 9, yd - 8), fill=INK, width=2)
    _part_label(draw, text_x, yd - 8, parts["diode"], out)
    # The switch: a lever from the lower contact, off the upper one.
    ys = yd + 62
    _wire(draw, [(x, yd + 7), (x, ys - 12)], "vsys")
    draw.ellipse((x - 3, ys - 15, x + 3, ys - 9), outline=INK, width=2)
    draw.ellipse((x - 3, ys + 9, x + 3, ys + 15), outline=INK, width=2)
    draw.line((x, ys + 10, x + out * 14, ys - 10), fill=INK, width=2)
    _part_label(draw, text_x, ys - 8, parts["switch"], out)
    # The charger module: OUT+ up to the switch, OUT- to the ground pin, B+ and B- below.
    top, bottom = yg - 40, yg + 34
    box = (x - 40, top, x + 40, bottom)
    _wire(draw, [(x, ys + 15), (x, top)], "vsys")
    draw.rectangle(box, fill=WHITE, outline=INK, width=2)
    side = box[0] if out > 0 else box[2]  # the board's side of the box
    _wire(draw, [(_pin_x(board, ground), yg), (side, yg)], "gnd")
    for name, tx, ty in (("OUT+", x - 16, top + 6), ("OUT-", side + out * 6, yg - 4),
                         ("B+", x - 24, bottom - 14), ("B-", x + 8, bottom - 14)):
        draw_text(draw, tx if out > 0 or name[0] == "B" else tx - 32, ty, name, INK)
    _part_label(draw, text_x, top + 4, parts["charger"], out)
    # The cell: two plates each, the long one (+) up, towards B+; its minus lead to B-.
    yb = bottom + 40
    bx = x - 16
    _wire(draw, [(bx, bottom), (bx, yb - 8)], "vsys")
    for i, half in enumerate((12, 6, 12, 6)):
        py = yb - 8 + i * 5
        draw.line((bx - half, py, bx + half, py), fill=INK, width=2)
    draw_text(draw, bx - 24, yb - 14, "+", INK)
    _wire(draw, [(bx, yb + 7), (bx, yb + 18), (x + 16, yb + 18), (x + 16, bottom)], "gnd")
    _part_label(draw, text_x, yb - 8, parts["cell"], out)


# -- files ----------------------------------------------------------------------------------


def diagram_path(name, folder=HARDWARE):
    return os.path.join(folder, "wiring-%s.png" % name)


def readme_blocks():
    """{marker: generated text}: each wired board's wiring table, and the boards table."""
    blocks = {"wiring-%s" % name: table(load_map(name)) for name in MAPS}
    blocks["boards"] = boards_table()
    return blocks


def readme_with_tables(text, blocks=None):
    """README text with each generated block replaced by the current table."""
    for name, block in (blocks or readme_blocks()).items():
        begin = "<!-- %s: generated by make hardware, do not edit -->" % name
        end = "<!-- end %s -->" % name
        start = text.find(begin)
        stop = text.find(end)
        if start < 0 or stop < start:
            raise ValueError("%s lacks the markers %s ... %s" % (README, begin, end))
        text = text[:start + len(begin)] + "\n" + block + "\n" + text[stop:]
    return text


def generate(folder=HARDWARE, readme=README):
    """Write every diagram and the Wokwi project (folder/wokwi, host_tools/device/wokwi.py) into
    folder and refresh the tables in readme; return the paths written."""
    written = []
    for name in MAPS:
        path = diagram_path(name, folder)
        diagram(load_map(name)).save(path, optimize=True)
        written.append(path)
    from host_tools.device import wokwi  # it reads the maps through this module

    written += wokwi.write(os.path.join(folder, "wokwi"))
    with open(readme) as handle:
        text = handle.read()
    new = readme_with_tables(text)
    if new != text:
        with open(readme, "w") as handle:
            handle.write(new)
        written.append(readme)
    return written


def check_all():
    problems = []
    for name in board_names():
        problems += ["hardware/boards/%s.json: %s" % (name, p) for p in check_map(load_map(name))]
    return problems


def do_check(args):
    problems = check_all()
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print("pin maps ok: %s" % ", ".join("hardware/boards/%s.json" % name
                                            for name in board_names()))
    return 1 if problems else 0


def do_generate(args):
    if do_check(args):
        return 1
    for path in generate():
        print("wrote", os.path.relpath(path))
    return 0


COMMANDS = {
    "generate": (do_generate, "check the maps, redraw the diagrams and the README tables"),
    "check": (do_check, "check the maps only"),
}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="generate", choices=COMMANDS,
                        help="; ".join("%s: %s" % (k, v[1]) for k, v in COMMANDS.items()))
    args = parser.parse_args(argv)
    return COMMANDS[args.command][0](args)


if __name__ == "__main__":
    sys.exit(main())
