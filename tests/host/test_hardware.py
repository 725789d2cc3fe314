"""The board files in hardware/boards/: valid on their boards, read the same way by the firmware,
built into a UF2 (Pico boards) or installed (Pi boards) by name, and the wiring diagrams, tables
and bill of materials agree with them."""

import copy
import csv
import importlib.util
import os
import subprocess
import sys

import pytest
from PIL import Image

from host_tools.device import hardware
from host_tools.device.hardware import (
    BOARDS,
    MAPS,
    PI,
    PICO,
    board_names,
    check_map,
    load_map,
    wires,
)
from host_tools.paths import HARDWARE, ROOT

FAKE_MACHINE = os.path.join(ROOT, "tests", "device", "fake_machine", "machine.py")


def problems_after(name, change):
    config = copy.deepcopy(load_map(name))
    change(config)
    return check_map(config)


# -- the maps keep their boards' rules ------------------------------------------------------


@pytest.mark.parametrize("name", board_names())
def test_every_board_file_is_valid(name):
    config = load_map(name)
    assert config["board"] == name or config.get("ready_made") or config.get("wiring") in MAPS
    assert check_map(config) == []
    gpios = [gpio for _, gpio in hardware.used_pins(config)]
    buttons = 7 - len(hardware.missing_buttons(config))
    assert len(gpios) == len(set(gpios)) >= buttons + 2  # the buttons and the panel's bus


def test_the_boards_are_the_two_wired_ones_and_the_ready_made_ones():
    """...and the boards wired exactly as one of those two (the Pico 2: the Pico's wiring)."""
    names = board_names()
    assert names[:2] == ["pico", "pi"] and len(names) >= 3
    assert [n for n in names if load_map(n).get("ready_made") or load_map(n).get("wiring")
            ] == names[2:]
    assert all(not load_map(n).get("ready_made") for n in MAPS)
    assert "pico2" in names


def test_the_pico_2_is_the_pico_s_wiring_on_an_rp2350_and_refuses_pull_downs():
    """Erratum RP2350-E9: an RP2350 input latches high against a pull-down, so its map may not
    pull the buttons down; the RP2040's may. A board wired as another keeps its every pin."""
    pico2 = load_map("pico2")
    assert pico2["chip"] == "rp2350" and pico2["wiring"] == "pico"
    assert sorted(hardware.used_pins(pico2)) == sorted(hardware.used_pins(load_map("pico")))

    def pull_down(config):
        config["button_pull"] = "down"
    found = problems_after("pico2", pull_down)
    assert any("button_pull 'down' on an RP2350" in p and "RP2350-E9" in p for p in found), found
    assert not any("RP2350" in p for p in problems_after("pico", pull_down))
    assert any("chip 'rp2060' is not one of rp2040, rp2350" in p for p in problems_after(
        "pico2", lambda c: c.update(chip="rp2060")))
    assert any("only a Pico board names its chip" in p for p in problems_after(
        "pi", lambda c: c.update(chip="rp2350")))
    assert any("wiring 'pico': the pins differ" in p and "buzzer on 14" in p
               for p in problems_after("pico2", lambda c: c.update(buzzer=14)))
    assert any("wiring 'picoboy': a board wired as another names one of pico, pi" in p
               for p in problems_after("pico2", lambda c: c.update(wiring="picoboy")))


@pytest.mark.parametrize("change, problem", [
    (lambda c: c["buttons"].pop("b"), "button b has no GPIO number"),
    (lambda c: c.update(missing={"a": "no such key"}), "button a is both mapped and listed"),
    (lambda c: (c["buttons"].pop("b"), c["controls"].pop("b"), c.update(missing={"b": ""})),
     "missing button b needs a reason in words"),
    (lambda c: c["controls"].pop("menu"), "button menu: say which control of the board"),
    (lambda c: c.pop("product"), "a ready-made board names its product"),
    (lambda c: c.update(label="Adafruit OLED Bonnet"), "label 'Adafruit OLED Bonnet'"),
    (lambda c: c["buttons"].update(a=18), "button a on GPIO 18, which is PCM CLK"),
    (lambda c: c["buttons"].update(a=28), "GPIO28 does not exist"),
])
def test_a_bad_ready_made_board_is_named(change, problem):
    found = problems_after("adafruit-oled-bonnet", change)
    assert any(problem in p for p in found), found


def test_a_wired_board_may_not_miss_a_button():
    def drop(config):
        config["buttons"].pop("b")
        config["missing"] = {"b": "not soldered"}
    assert any("only a ready-made board may lack one" in p for p in problems_after("pico", drop))


def test_a_pico_board_is_frozen_into_its_own_uf2_and_a_bad_one_refused(tmp_path, monkeypatch):
    """make firmware BOARD=NAME: the board's map frozen as stones_board (the module the Pico's
    boot reads when it has no config.json), its missing buttons warned about by name, the UF2
    named after it; a Pi board, an unknown one and a broken one are refused by name. (Building
    the UF2 itself is make firmware's; tests/pico boot what it built.)"""
    from host_tools.device import firmware

    monkeypatch.setattr(firmware, "BOARD_MODULE", str(tmp_path / "stones_board.py"))
    for name in board_names():
        config = load_map(name)
        if config["board"] != "pico" or name == firmware.DEFAULT_BOARD:
            continue
        warnings = firmware.place_board_module(name)
        scope = {}
        exec((tmp_path / "stones_board.py").read_text(), scope)
        assert scope["CONFIG"] == config
        for button in hardware.missing_buttons(config):
            assert any("has no %s button" % button.upper() in w for w in warnings), warnings
        assert firmware.board_out(name).endswith("pocket-stones-%s.uf2" % name)
    assert firmware.place_board_module(None) == []
    scope = {}
    exec((tmp_path / "stones_board.py").read_text(), scope)
    assert scope["CONFIG"] is None  # the default board: stones.boot's DEFAULTS
    assert firmware.board_out(None) == firmware.DEFAULT_OUT
    with pytest.raises(firmware.FirmwareError, match="runs on a Raspberry Pi"):
        firmware.board_module("adafruit-oled-bonnet")
    with pytest.raises(firmware.FirmwareError, match="no board 'nonesuch': the boards are pico"):
        firmware.board_module("nonesuch")
    bad = tmp_path / "bad.json"
    bad.write_text(open(hardware.board_path("pico")).read().replace('"up": 2', '"up": 30'))
    with pytest.raises(firmware.FirmwareError, match="GP30 does not exist"):
        firmware.board_module(str(bad))


def test_the_headers_list_every_gpio_once():
    for board, gpios in ((PICO, list(range(23)) + [26, 27, 28]), (PI, list(range(28)))):
        assert len(board.header) == 40
        for gpio in gpios:
            assert [label for label in board.header
                    if label == "%s%d" % (board.prefix, gpio)] == [board.prefix + str(gpio)]
        assert board.pin_of(gpios[-1] + 10) is None
    assert PICO.pins_named("GND") == [3, 8, 13, 18, 23, 28, 38]  # and AGND on 33
    assert PI.pins_named("GND") == [6, 9, 14, 20, 25, 30, 34, 39]
    assert [PICO.row(p) for p in (1, 20, 21, 40)] == [0, 19, 19, 0]  # U-shaped numbering
    assert [PI.row(p) for p in (1, 2, 39, 40)] == [0, 0, 19, 19]


def test_the_rp2040_i2c_pairs_follow_the_datasheet_rule():
    # GPIO n carries I2C(n >> 1 & 1); SDA on even n, SCL on odd n (RP2040 datasheet 2.19.2).
    for gpio in list(range(23)) + [26, 27, 28]:
        bus = gpio >> 1 & 1
        sdas, scls = PICO.i2c[bus]
        assert (gpio in sdas) == (gpio % 2 == 0) and (gpio in scls) == (gpio % 2 == 1)
        assert gpio not in PICO.i2c[1 - bus][0] + PICO.i2c[1 - bus][1]


def cable(config):
    """The DIY Pico map's cable entry (the first of its link's two)."""
    return config["link"][0]


@pytest.mark.parametrize("change, problem", [
    (lambda c: c["buttons"].update(up=23), "button up: GP23 is used by the board (SMPS"),
    (lambda c: c["buttons"].update(up=29), "GP29 is used by the board (VSYS/3"),
    (lambda c: c["buttons"].update(up=30), "GP30 does not exist on the Raspberry Pi Pico"),
    (lambda c: c["buttons"].update(b=0), "GPIO 0 is used twice: button b and display SDA"),
    (lambda c: c["buttons"].update(b=c["buttons"]["a"]), "used twice: button a and button b"),
    (lambda c: c["display"].update(sda=2, scl=3), "SDA on GPIO 2 is not an SDA pin of I2C0"),
    (lambda c: c["display"].update(sda=1, scl=0), "SCL on GPIO 0 is not an SCL pin of I2C0"),
    (lambda c: c["display"].update(bus=2), "display bus 2: the Raspberry Pi Pico has I2C bus 0"),
    (lambda c: c["display"].update(driver="ssd1327", height=128), "driver 'ssd1327'"),
    (lambda c: c["display"].update(freq=1_000_000), "specified up to 400000 Hz"),
    (lambda c: c["display"].update(address=0x3E), "display address 62"),
    (lambda c: c["display"].update(rotate=1), "rotates by 0/2 quarter turns"),
    (lambda c: c["battery"].update(adc=15), "battery sense on GPIO 15: not an ADC pin"),
    (lambda c: c.update(recovery_button="start"), "recovery_button 'start' is not a button"),
    (lambda c: c["buttons"].pop("menu"), "button menu has no GPIO number"),
    (lambda c: c.update(button_pull="sideways"), "button_pull must be 'up' or 'down'"),
    (lambda c: cable(c).update(tx=13, rx=12), "link TX on GPIO 13 is not one of UART0's TX pins"),
    (lambda c: cable(c).update(rx=14), "link RX on GPIO 14 is not one of UART0's RX pins"),
    (lambda c: cable(c).update(uart=2), "link uart 2: the Raspberry Pi Pico has UART 0 or 1"),
    (lambda c: cable(c).update(tx=0, rx=1), "GPIO 0 is used twice: display SDA and link TX"),
    (lambda c: cable(c).update(tx=16, rx=17, uart=0) or c.update(buzzer=16),
     "GPIO 16 is used twice: link TX and buzzer"),
    (lambda c: cable(c).update(tx=28, rx=29), "link RX: GP29 is used by the board"),
    (lambda c: cable(c).update(baud=12345), "link baud 12345: one of"),
    (lambda c: cable(c).update(address="10.0.0.2:4455"), "the Raspberry Pi Pico links by a cable"),
    (lambda c: c.update(link="cable"), "link 'cable': an entry like"),
    (lambda c: cable(c).update(usb=True), "link usb and baud, rx, tx, uart in one entry: the USB"),
    (lambda c: c["link"].append({"usb": True}), "link lists the USB 2 times: the player chooses"),
    (lambda c: c["link"].append(dict(c["link"][0])), "link lists a cable 2 times"),
    (lambda c: c["link"].append("usb"), "link entry 'usb': {\"uart\": ...} (the cable) or"),
    (lambda c: c.update(link=[]), "link []: a list of the cable and the USB, or none"),
    (lambda c: c["link"][1].update(usb=1), "link usb 1: true (the link on the Raspberry Pi Pico"),
    (lambda c: c.update(link={"usb": "yes"}), "link usb 'yes': true (the link on the Raspberry"),
])
def test_a_bad_pico_map_is_named(change, problem):
    assert any(problem in p for p in problems_after("pico", change)), problems_after(
        "pico", change)


def test_the_rp2040_uart_pins_follow_the_datasheet_table():
    # RP2040 datasheet, GPIO function table (F2): UART0 TX/RX on 0/1, 12/13, 16/17, 28/29,
    # UART1 TX/RX on 4/5, 8/9, 20/21, 24/25; GPIO 2, 3, 6, 7... are its CTS and RTS.
    assert PICO.uart == {0: ((0, 12, 16, 28), (1, 13, 17, 29)),
                         1: ((4, 8, 20, 24), (5, 9, 21, 25))}
    assert PI.uart == {}  # the Pi's UART is its console: it links over the network


def test_the_diy_picos_offer_their_cable_on_free_uart0_pins_and_their_usb():
    for name in ("pico", "pico2"):  # the cable first: the player's choice at first
        assert load_map(name)["link"] == [{"uart": 0, "tx": 12, "rx": 13, "baud": 115200},
                                          {"usb": True}]
        assert hardware.link_words(load_map(name)) == "cable (UART0) or USB"
    assert ("link TX", 12) in hardware.used_pins(load_map("pico"))
    assert problems_after("pico", lambda c: c["link"][0].update(uart=1, tx=20, rx=21)) == []
    assert problems_after("pico", lambda c: c.pop("link")) == []  # no cable: no Link rows
    assert problems_after("pico", lambda c: c["link"].reverse()) == []  # USB first: its default
    assert problems_after("pico", lambda c: c["link"].pop()) == []  # the cable alone, listed
    # the Pico 2 is wired as the Pico: the same cable, or it says which pins differ
    found = problems_after("pico2", lambda c: c["link"][0].update(tx=16, rx=17))
    assert any("the pins differ from hardware/boards/pico.json" in p and "link TX" in p
               for p in found), found


def test_a_pico_may_link_over_its_own_usb_serial_with_no_cable():
    assert problems_after("pico", lambda c: c.update(link={"usb": True})) == []
    config = load_map("pico")
    config["link"] = {"usb": True}
    assert not any(what.startswith("link") for what, _ in hardware.used_pins(config))
    assert hardware.link_wires(config) == []  # nothing to wire: the USB cable is the link
    found = problems_after("pico", lambda c: c.update(link={"usb": True, "address": ":4455"}))
    assert any("links by a cable on a UART" in p and "or its own USB" in p for p in found), found


def test_every_ready_made_pico_board_links_over_its_own_usb():
    ready = [name for name in hardware.board_names()
             if load_map(name)["board"] == "pico" and load_map(name).get("ready_made")]
    assert sorted(ready) == ["pico-lcd-1.14", "pico-lcd-1.3", "picoboy", "picosystem"]
    for name in ready:
        config = load_map(name)
        assert config["link"] == {"usb": True}, name
        assert hardware.link_wires(config) == [], name  # no cable: the USB one is the link
        # Ctrl-C is off while the app runs: the recovery button, a GPIO (not BOOTSEL, which
        # held at power-on starts the ROM's UF2 drive instead), frees the REPL
        assert config["buttons"][config["recovery_button"]] != "bootsel", name
        assert "Link: its own USB" in hardware.link_note(config), name
    table = hardware.boards_table()
    assert "| `picoboy` |" in table and "| USB |" in table
    assert "| cable (UART0) or USB |" in table  # the DIY Picos
    assert "hold A (joystick press) at power-on" in hardware.link_note(load_map("picoboy"))
    found = problems_after("picoboy", lambda c: c.update(recovery_button="b"))
    assert any(p.startswith("recovery_button b is BOOTSEL: held at power-on it starts")
               for p in found), found


def test_the_pi_links_over_the_network_not_a_uart():
    assert problems_after("pi", lambda c: c.update(link={"address": ":4455"})) == []
    assert problems_after("pi", lambda c: c.update(
        link={"address": "serial:/dev/ttyACM0@115200"})) == []  # a Pico on its USB serial
    found = problems_after("pi", lambda c: c.update(link={"address": "serial:/dev/ttyACM0@x"}))
    assert any("link address: the speed 'x'" in p for p in found), found
    found = problems_after("pi", lambda c: c.update(link={"usb": True}))
    assert any(p.startswith("link on a USB: ") and "serial:/dev/ttyACM0" in p
               for p in found), found
    found = problems_after("pi", lambda c: c.update(link={"uart": 0, "tx": 14, "rx": 15}))
    assert any("its serial console, it links over the network" in p for p in found), found
    found = problems_after("pi", lambda c: c.update(link={"address": 4455}))
    assert any("link address 4455" in p for p in found), found
    found = problems_after("pi", lambda c: c.update(link=[{"address": ":4455"}, {"usb": True}]))
    assert any("a list offers a Pico's cable and its USB to choose from; the Raspberry Pi "
               "names one address" in p for p in found), found


def test_the_link_cable_is_three_wires_tx_to_rx_rx_to_tx_and_ground():
    cable = [w for w in wires(load_map("pico")) if w.part == hardware.LINK_PART]
    assert [(w.terminal, w.pin, PICO.label(w.pin), w.signal) for w in cable] == [
        ("to other's RX", 16, "GP12", "UART0 TX, 115200 baud"),
        ("to other's TX", 17, "GP13", "UART0 RX"),
        ("to other's GND", 18, "GND", "ground")]
    assert "| link cable | to other's RX | 16 (GP12) | UART0 TX, 115200 baud |" in hardware.table(
        load_map("pico"))
    labels = []
    hardware.diagram(load_map("pico"), labels=labels)
    assert {"LINK", "RX", "TX", "UART link"} <= set(labels)
    assert hardware.link_wires(load_map("pi")) == []


def test_the_other_i2c_block_and_its_pairs_are_fine_on_the_pico():
    for sda, scl in ((26, 27), (2, 3), (18, 19)):
        def move(config, sda=sda, scl=scl):
            config["buttons"].update(up=16, down=17, left=20, right=21)
            config["display"].update(bus=1, sda=sda, scl=scl)
        assert problems_after("pico", move) == []


@pytest.mark.parametrize("gpio, function", [
    (0, "ID_SD"), (1, "ID_SC"), (8, "SPI0 CE0"), (11, "SPI0 SCLK"), (14, "UART TXD"),
    (15, "UART RXD"), (18, "PCM CLK"), (20, "PCM DIN"), (2, "I2C1 SDA"),
])
def test_the_pi_map_keeps_off_fixed_function_pins_unless_noted(gpio, function):
    def use(config):
        config["buttons"]["up"] = gpio
    found = problems_after("pi", use)
    assert any("button up on GPIO %d, which is %s" % (gpio, function) in p for p in found), found

    def use_and_explain(config):
        use(config)
        config["pin_notes"] = {str(gpio): "the HAT that would need it is never fitted"}
    assert not [p for p in problems_after("pi", use_and_explain) if "which is" in p]


def test_the_pi_display_is_on_i2c1_and_the_pi_has_no_adc():
    assert any("the Raspberry Pi (40-pin header) has I2C bus 1" in p
               for p in problems_after("pi", lambda c: c["display"].update(bus=0)))
    assert any("battery sense on GPIO 4: the board has no ADC" in p
               for p in problems_after("pi", lambda c: c.update(battery={"adc": 4})))
    assert problems_after("pi", lambda c: c["display"].update(
        driver="ssd1327", width=128, height=128)) == []


# -- the firmware reads them as the checks do ------------------------------------------------


def fake_machine():
    """The fake machine module, with the fake rp2 (BOOTSEL) beside it in sys.modules until the
    test's own del of "machine" (rp2 stays: it holds nothing between tests but its flag)."""
    spec = importlib.util.spec_from_file_location("machine", FAKE_MACHINE)
    machine = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(machine)
    spec = importlib.util.spec_from_file_location(
        "rp2", os.path.join(os.path.dirname(FAKE_MACHINE), "rp2.py"))
    rp2 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rp2)
    sys.modules["rp2"] = rp2
    return machine


def test_the_pico_firmware_builds_exactly_the_pico_map():
    from stones.drivers.ssd1306 import SSD1306
    from stones.platforms.fakes import FakeClock
    from stones.platforms.pico import make_pico

    config = load_map("pico")
    machine = fake_machine()
    sys.modules["machine"] = machine
    try:
        buttons, display = make_pico(config, FakeClock())
    finally:
        del sys.modules["machine"]
    pins = [m for m in machine.made if isinstance(m, machine.Pin) and m.mode == machine.Pin.IN]
    assert {p.id: p.pull for p in pins} == {gpio: machine.Pin.PULL_UP
                                            for gpio in config["buttons"].values()}
    (bus,) = [m for m in machine.made if isinstance(m, machine.I2C)]
    wanted = config["display"]
    assert (bus.id, bus.sda.id, bus.scl.id, bus.freq) == (
        wanted["bus"], wanted["sda"], wanted["scl"], wanted["freq"])
    assert isinstance(display, SSD1306) and (display.width, display.height) == (128, 64)
    assert bus.writes and bus.writes[0][0] == wanted["address"]  # the panel was initialised


def test_boot_accepts_both_maps_and_falls_back_to_each_board_s_own_wiring():
    from stones import boot

    for name in MAPS:
        boot.check_config(copy.deepcopy(load_map(name)))
    for name, fallback in (("pico", boot.DEFAULTS), ("pi", boot.PI_DEFAULTS)):
        wanted = load_map(name)
        assert fallback["label"] == wanted["label"], name  # the System screen's Board row
        assert fallback["buttons"] == wanted["buttons"], name
        assert fallback["recovery_button"] == wanted["recovery_button"], name
        for key, value in fallback["display"].items():
            assert wanted["display"][key] == value, (name, key)
    assert boot.defaults() is boot.PI_DEFAULTS  # CPython is the Raspberry Pi build


SPI_BOARDS = [n for n in board_names() if load_map(n)["display"].get("interface") == "spi"]


def sh1106_or_ssd1306_wire(display, dc, cs):
    """The panel model on the SPI wire (stones.platforms.fakes.FakeOLEDWire) for a display entry."""
    from stones.platforms.fakes import FakeOLEDWire

    if display["driver"] == "sh1106":
        return FakeOLEDWire(dc, cs, ram_columns=132, first=2)
    return FakeOLEDWire(dc, cs)


def make_pico_on_spi(machine, config, spi_made):
    """make_pico(config) over the fake machine (its SPI class replaced by the test's):
    (buttons, display, the one SPI bus made), the bus made on the map's block, pins and clock."""
    from stones.platforms.fakes import FakeClock
    from stones.platforms.pico import make_pico

    wanted = config["display"]
    sys.modules["machine"] = machine
    try:
        buttons, display = make_pico(config, FakeClock())
    finally:
        del sys.modules["machine"]
    (bus,) = [m for m in machine.made if isinstance(m, spi_made)]
    assert (bus.id, bus.sck.id, bus.mosi.id, bus.miso, bus.baudrate, bus.mode) == (
        wanted["bus"], wanted["sck"], wanted["mosi"], None, wanted["freq"], (0, 0))
    return buttons, display, bus


COLOUR_BOARDS = [n for n in SPI_BOARDS if load_map(n)["display"]["driver"] in hardware.COLOUR]
OLED_SPI_BOARDS = [n for n in SPI_BOARDS if n not in COLOUR_BOARDS]


@pytest.mark.parametrize("name", [n for n in OLED_SPI_BOARDS if load_map(n)["board"] == "pico"])
def test_the_pico_firmware_drives_an_spi_board_s_panel_from_its_file(name):
    """make_pico on the board file: machine.SPI on its block and pins, CS/DC/RST as outputs,
    RST pulsed, the buttons on their pins; the panel model on the wire then holds the frame."""

    config = load_map(name)
    wanted = config["display"]
    machine = fake_machine()
    pins = {}
    real_pin = machine.Pin

    class Pin(real_pin):  # the outputs by GPIO, so the panel model can read DC and CS
        def __init__(self, id, *args, **kwargs):
            super().__init__(id, *args, **kwargs)
            pins[id] = self

    machine.Pin = Pin
    spi_made = machine.SPI

    class SPI(spi_made):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.panel = sh1106_or_ssd1306_wire(wanted, None, None)  # pins made next

        def write(self, buf):
            self.panel.dc, self.panel.cs = pins[wanted["dc"]], pins[wanted["cs"]]
            super().write(buf)

    machine.SPI = SPI
    buttons, display, bus = make_pico_on_spi(machine, config, spi_made)
    outputs = {p.id for p in machine.made if isinstance(p, real_pin) and p.mode == real_pin.OUT}
    assert outputs == {wanted["cs"], wanted["dc"], wanted["rst"]}
    assert pins[wanted["rst"]].level == 1 and pins[wanted["cs"]].level == 1
    inputs = {p.id for p in machine.made if isinstance(p, real_pin) and p.mode == real_pin.IN}
    assert inputs == set(config["buttons"].values()) - {"bootsel"}  # BOOTSEL is no GPIO
    assert sorted(n for n, pin in zip(hardware.BUTTONS, buttons._pins) if pin is None) == sorted(
        set(hardware.missing_buttons(config)) | set(hardware.profile_targets(config)))
    panel = bus.panel
    assert panel.on and panel.frame() == bytes(1024)  # initialised, cleared
    display.text("PicoBoy", 0, 0, 1)
    display.show()
    assert panel.frame() == bytes(display.buffer)
    commands = b"".join(buf for dc, buf in panel.writes if not dc)
    assert wanted.get("rotate") == 2 and b"\xc0\xa0" in commands  # turned upside down


def test_the_colour_boards_are_there():
    assert {"pico-lcd-1.3", "pico-lcd-1.14", "picosystem"} <= set(COLOUR_BOARDS)


@pytest.mark.parametrize("name", [n for n in COLOUR_BOARDS if load_map(n)["board"] == "pico"])
def test_the_pico_firmware_drives_a_colour_board_s_panel_from_its_file(name):
    """make_pico on a colour board's file: machine.SPI on its block and pins at its clock, CS,
    DC and RST as outputs, the backlight a PWM on its pin, lit once the panel holds a picture;
    the bytes on the wire, decoded by a model of the controller written from the datasheet
    (tests/device/glass.py), light the glass where the vendors' code puts its window, with the
    frame centred, white on black."""
    from glass import Glass


    config = load_map(name)
    wanted = config["display"]
    # Where the glass sits in the window's addresses, from the vendors' code: Waveshare's
    # 1.14 demo sets its window from column 40, row 53; the 240x240 panels from 0, 0.
    at = {"pico-lcd-1.14": (40, 53)}.get(name, (0, 0))
    screen = Glass(wanted["width"], wanted["height"], *at)
    machine = fake_machine()
    pins = {}
    real_pin = machine.Pin

    class Pin(real_pin):
        def __init__(self, id, *args, **kwargs):
            super().__init__(id, *args, **kwargs)
            pins[id] = self

    machine.Pin = Pin
    spi_made = machine.SPI

    class SPI(spi_made):
        def write(self, buf):
            assert pins[wanted["cs"]].level == 0, "a write with CS high"
            super().write(buf)
            screen.write(pins[wanted["dc"]].level, buf)

    machine.SPI = SPI
    buttons, display, bus = make_pico_on_spi(machine, config, spi_made)
    outputs = {p.id for p in machine.made if isinstance(p, real_pin) and p.mode == real_pin.OUT}
    assert outputs == {wanted["cs"], wanted["dc"], wanted["rst"], wanted["backlight"]}
    (light,) = [m for m in machine.made if isinstance(m, machine.PWM)]
    assert light.pin.id == wanted["backlight"] and light.hz > 0 and light.duty > 0
    inputs = {p.id for p in machine.made if isinstance(p, real_pin) and p.mode == real_pin.IN}
    assert inputs == set(config["buttons"].values())
    assert (display.width, display.height) == (128, 128)  # the tall layout, 1x
    display.fill(0)
    display.text("Go", 0, 0, 1)
    display.pixel(127, 127, 1)
    display.show()
    left, top = (wanted["width"] - 128) // 2, (wanted["height"] - 128) // 2
    for x, y in ((0, 0), (wanted["width"] - 1, wanted["height"] - 1), (left - 1, top)):
        assert screen.pixel(x, y) == 0  # the border
    assert screen.pixel(left + 127, top + 127) == 0xFFFF  # the frame's last pixel
    lit = sum(screen.pixel(left + x, top + y) == 0xFFFF for x in range(16) for y in range(8))
    assert lit == sum(display.pixel(x, y) for x in range(16) for y in range(8)) > 0
    display.contrast(0)
    assert 0 < light.duty < 65535 // 8  # dimmed, never dark
    display.poweroff()
    assert light.duty == 0


@pytest.mark.parametrize("change, problem", [
    (lambda c: c["display"].update(freq=80_000_000), "the st7789's SPI is specified up to"),
    (lambda c: c["display"].update(width=200), "no st7789 panel of"),
    (lambda c: c["display"].update(rotate=4), "rotates by 0 to 3 quarter turns"),
    (lambda c: c["display"].update(backlight="on"), "display backlight 'on': a GPIO number"),
    (lambda c: c["display"].update(backlight=6), "used twice: display SCK and display BACKLIGHT"),
    (lambda c: c.update(buzzer=13), "backlight on GPIO 12 shares PWM slice 6 with the buzzer"),
    (lambda c: c["display"].update(interface="i2c", sda=0, scl=1, address=60),
     "a colour panel is on SPI"),
    (lambda c: c["display"].update(frame=[128, 64], scale=3), "does not fit the 240x240 panel"),
])
def test_a_bad_colour_board_is_named(change, problem):
    found = problems_after("picosystem", change)
    assert any(problem in p for p in found), found


def test_an_oled_has_no_backlight():
    found = problems_after("picoboy", lambda c: c["display"].update(backlight=13))
    assert any("an OLED has none" in p for p in found), found


class FakeGPIO:
    """RPi.GPIO as luma's spi uses it: setup() and output() of BCM pins, LOW and HIGH."""

    BCM, OUT, LOW, HIGH = 11, 0, 0, 1

    def __init__(self):
        self.levels = {}
        self.outputs = set()

    def setup(self, pin, mode):
        self.outputs.add(pin)

    def output(self, pin, level):
        self.levels.setdefault(pin, []).append(level)

    def pin(self, number):
        gpio = self

        class Level:
            def value(self):
                return gpio.levels[number][-1]
        return Level()


class FakeSpiDev:
    """spidev.SpiDev: open(bus, device), max_speed_hz, writebytes() to the panel model."""

    def __init__(self):
        self.opened = None
        self.max_speed_hz = 0
        self.panel = None

    def open(self, bus, device):
        self.opened = (bus, device)

    def writebytes(self, data):
        self.panel.write(bytes(data))

    def close(self):
        self.opened = None


@pytest.mark.filterwarnings("ignore::DeprecationWarning:luma")
@pytest.mark.parametrize("name", [n for n in SPI_BOARDS if load_map(n)["board"] == "pi"])
def test_the_pi_firmware_drives_an_spi_board_s_panel_through_luma_s_spi(name):
    """luma.core's own spi class, made from the board file (spidev and RPi.GPIO replaced by
    fakes): the spidev port and chip select, the clock, DC and RST as outputs, RST pulsed; the
    frames the app shows arrive as the panel model decodes the bytes and the DC levels."""
    from gpiozero.pins.mock import MockFactory

    from stones.platforms.fakes import FakeOutPin
    from stones.platforms.pi import luma_device, luma_serial, make_pi

    config = load_map(name)
    wanted = config["display"]
    gpio, spidev = FakeGPIO(), FakeSpiDev()
    spidev.panel = sh1106_or_ssd1306_wire(wanted, gpio.pin(wanted["dc"]), FakeOutPin(0))
    serial = luma_serial(wanted, spi=spidev, gpio=gpio)
    assert (type(serial).__module__, type(serial).__name__) == ("luma.core.interface.serial",
                                                                "spi")
    assert spidev.opened == (wanted["bus"], wanted["device"])
    assert spidev.max_speed_hz == wanted["freq"]
    assert gpio.outputs == {wanted["dc"], wanted["rst"]}
    assert gpio.levels[wanted["rst"]] == [0, 1]  # reset, then held high
    factory = MockFactory()
    try:
        buttons, display = make_pi(config, device=luma_device(wanted, serial=serial),
                                   pin_factory=factory)
        made = {pin.button.pin.info.name for pin in buttons._pins if pin is not None}
        assert made == {"GPIO%d" % gpio for gpio in config["buttons"].values()}
    finally:
        factory.reset()
    display.fill(0)
    display.text("Waveshare", 0, 0, 1)
    display.rect(10, 20, 30, 20, 1)
    display.show()
    assert spidev.panel.on and spidev.panel.frame() == bytes(display.buffer)


@pytest.mark.filterwarnings("ignore::DeprecationWarning:luma")
def test_the_pi_firmware_builds_exactly_the_pi_map():
    from gpiozero.pins.mock import MockFactory
    from luma.core.device import dummy
    from luma.core.interface.serial import noop

    from stones.platforms.fakes import FakeClock
    from stones.platforms.pi import luma_device, make_pi

    config = load_map("pi")
    factory = MockFactory()
    try:
        buttons, display = make_pi(config, FakeClock(), device=dummy(mode="1"),
                                   pin_factory=factory)
        made = {pin.button.pin.info.name: (pin.button.pin.info.number, pin.button.pull_up)
                for pin in buttons._pins}
        # gpiozero's own board data also places each GPIO on the header pin hardware.PI says.
        assert made == {"GPIO%d" % gpio: (PI.pin_of(gpio), True)
                        for gpio in config["buttons"].values()}
    finally:
        factory.reset()
    panel = luma_device(config["display"], serial=noop())
    assert type(panel).__name__ == config["display"]["driver"]
    assert (panel.width, panel.height) == (config["display"]["width"],
                                           config["display"]["height"])


# -- the pictures, the tables and the parts list agree with the maps ---------------------------


@pytest.mark.parametrize("name", MAPS)
def test_the_committed_diagram_is_the_one_the_map_draws(name, tmp_path):
    path = str(tmp_path / ("wiring-%s.png" % name))
    hardware.diagram(load_map(name)).save(path)
    fresh, committed = Image.open(path), Image.open(hardware.diagram_path(name))
    assert committed.size == fresh.size
    assert committed.convert("RGB").tobytes() == fresh.convert("RGB").tobytes(), (
        "hardware/wiring-%s.png is out of date: run make hardware" % name)


def test_a_moved_pin_moves_in_the_diagram_and_the_table():
    config = load_map("pico")
    moved = copy.deepcopy(config)
    moved["buttons"]["up"] = 9
    assert hardware.diagram(moved).tobytes() != hardware.diagram(config).tobytes()
    assert "| button UP | leg 1 | 12 (GP9) |" in hardware.table(moved)


def test_the_readme_tables_are_current():
    with open(hardware.README) as handle:
        text = handle.read()
    assert hardware.readme_with_tables(text) == text, "run make hardware"
    for name in MAPS:
        assert "![" in text and "(wiring-%s.png)" % name in text
    for name in board_names():
        assert "| `%s` |" % name in text  # every board in the boards table


@pytest.mark.parametrize("name", [n for n in board_names() if load_map(n).get("ready_made")])
def test_a_ready_made_board_s_controls_table_maps_every_button(name):
    config = load_map(name)
    rows = hardware.controls_table(config).splitlines()[2:]
    assert [row.split(" | ")[0].strip("| ") for row in rows] == [
        b.upper() for b in hardware.BUTTONS]
    board = BOARDS[config["board"]]
    made = hardware.profile_targets(config)
    for row, button in zip(rows, hardware.BUTTONS):
        pin = config["buttons"].get(button)
        if button in hardware.missing_buttons(config):
            assert "| none: " in row and row.endswith("| - |")
        elif button in made:
            assert row.endswith("| - (%s) |" % made[button])  # the hold or chord, in words
        elif pin == "bootsel":
            assert row.endswith("| BOOTSEL (rp2.bootsel_button) |")
        else:
            assert row.endswith("| %s%d |" % (board.prefix, pin))


@pytest.mark.parametrize("name", MAPS)
def test_the_wires_reach_every_mapped_pin_and_only_real_pins(name):
    config = load_map(name)
    board = BOARDS[name]
    reached = {board.label(w.pin) for w in wires(config)}
    for what, gpio in hardware.used_pins(config):
        if what == "battery sense":
            continue  # GP29 is inside the Pico: no wire
        assert "%s%d" % (board.prefix, gpio) in reached, what
    for wire in wires(config):
        label = board.label(wire.pin)
        if wire.kind == "gnd":
            assert label == "GND"
        elif wire.kind == "3v3":
            assert label == "3V3"
        elif wire.kind == "vsys":
            assert label == "VSYS"
        else:
            assert label.startswith(board.prefix)


def bom_rows(build):
    with open(os.path.join(HARDWARE, "bom.csv")) as handle:
        return [row for row in csv.DictReader(handle) if row["build"] == build]


@pytest.mark.parametrize("name", MAPS)
def test_the_bill_of_materials_matches_the_map(name):
    config = load_map(name)
    rows = bom_rows(name)
    assert rows and all(int(row["quantity"]) > 0 for row in rows)
    assert all(row["optional"] in ("yes", "no") for row in rows)
    board = [row for row in rows if row["ref"] == "U1"]
    assert len(board) == 1 and BOARDS[name].short in board[0]["part"]
    buttons = sum(int(row["quantity"]) for row in rows if "push button" in row["part"])
    assert buttons == len(config["buttons"])
    (display,) = [row for row in rows if row["ref"] == "DS1"]
    assert config["display"]["driver"].upper() in display["part"]
    assert "%dx%d" % (config["display"]["width"], config["display"]["height"]) in display["part"]
    buzzers = [row for row in rows if "buzzer" in row["part"]]
    if config.get("buzzer") is None:
        assert buzzers == []
    else:
        assert len(buzzers) == 1 and buzzers[0]["optional"] == "yes"
        assert "%s%d " % (BOARDS[name].prefix, config["buzzer"]) in buzzers[0]["notes"]
    cells = [row for row in rows if "LiPo" in row["part"]]
    assert bool(cells) == bool(config.get("battery"))
    wire_rows = [row for row in rows if "wire" in row["part"]]
    assert len(wire_rows) == 1 and int(wire_rows[0]["quantity"]) >= len(wires(config))


@pytest.mark.parametrize("name", MAPS)
def test_the_battery_parts_of_the_bill_are_drawn(name):
    """Every battery part bom.csv lists (the cell, and the parts its notes tie to the battery)
    is labelled in the diagram by its reference and name, and the table's battery wires name
    them too; a build without a battery draws none."""
    config = load_map(name)
    battery = [row for row in bom_rows(name) if row["ref"].startswith("BT")
               or "BT1" in row["notes"] or "battery" in row["notes"].lower()]
    labels = []
    hardware.diagram(config, labels=labels)
    drawn = " ".join(labels)  # a long name is drawn in lines broken at spaces
    assert bool(battery) == bool(config.get("battery"))
    for row in battery:
        assert "%s %s" % (row["ref"], row["part"]) in drawn, row
    assert sorted(row["ref"] for row in battery) == sorted(
        row["ref"] for row in hardware.battery_parts(config).values())
    table = hardware.table(config)
    for ref in ("D1", "U2", "BT1", "SW8") if battery else ():
        assert ref in table, ref


def test_a_battery_path_part_missing_from_the_bill_is_named(tmp_path):
    path = tmp_path / "bom.csv"
    with open(os.path.join(HARDWARE, "bom.csv")) as handle:
        path.write_text("".join(line for line in handle if ",SW8," not in line))
    with pytest.raises(ValueError, match="one optional switch"):
        hardware.battery_parts(load_map("pico"), str(path))


def test_make_hardware_check():
    done = subprocess.run([sys.executable, "-m", "host_tools.device.hardware", "check"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "pin maps ok" in done.stdout


def test_the_picoboy_s_controls_are_the_ones_its_walk_test_plays_with():
    """tests/device/test_picoboy.py writes the PicoBoy's controls out (it runs on MicroPython
    too, without the board files): they are its board file's."""
    from test_picoboy import CONTROLS, LEGEND, PROFILE

    config = load_map("picoboy")
    assert set(config["buttons"]) == set(CONTROLS) and config["buttons"]["b"] == "bootsel"
    assert config["input"] == PROFILE and config["legend"] == LEGEND
    assert hardware.missing_buttons(config) == {} and hardware.profile_targets(config) == {
        "menu": "B held"}
