"""make_pico builds the right pins, bus and driver, checked against a fake `machine` module.

The fake lives in tests/device/fake_machine/machine.py and is put on sys.path only while it is
imported here; once imported it sits in sys.modules, where make_pico's own `import machine` finds
it (on MicroPython too, where sys.modules is searched before the built-in machine). Each test
takes it out of sys.modules again. Runs under pytest and the MicroPython unix port.
"""

import sys

from support import raises

from stones.drivers.buttons import BUTTON_NAMES, describe
from stones.drivers.ssd1306 import SH1106, SSD1306
from stones.platforms.fakes import FakeClock
from stones.platforms.pico import make_pico

GP = {"up": 2, "down": 3, "left": 4, "right": 5, "a": 6, "b": 7, "menu": 8}


def _fake_machine_folder():
    here = __file__
    cut = here.rfind("/")
    return (here[:cut] if cut >= 0 else ".") + "/fake_machine"


def build(display, clock=None, **more):
    """make_pico({"buttons": GP, "display": display, **more}) over the fake machine:
    (machine, result)."""
    sys.path.insert(0, _fake_machine_folder())
    try:
        import machine

        machine.made[:] = []
        config = {"buttons": GP, "display": display}
        config.update(more)
        return machine, make_pico(config, clock or FakeClock())
    finally:
        sys.path.pop(0)
        if "machine" in sys.modules:
            del sys.modules["machine"]


def test_the_fake_machine_is_the_one_used():
    machine, _ = build({"driver": "ssd1306", "port": 0, "sda": 16, "scl": 17})
    assert hasattr(machine, "made") and len(machine.made) == 10


def test_buttons_are_pulled_up_inputs_on_their_gp_pins():
    machine, (buttons, _) = build({"driver": "ssd1306", "port": 0, "sda": 16, "scl": 17})
    pins = machine.made[:7]
    assert sorted(pin.id for pin in pins) == sorted(GP.values())
    for pin in pins:
        assert pin.mode == machine.Pin.IN and pin.pull == machine.Pin.PULL_UP
    for name in BUTTON_NAMES:
        assert buttons._pins[BUTTON_NAMES.index(name)].id == GP[name]


def test_the_bus_and_the_ssd1306_on_it():
    machine, (_, display) = build({"driver": "ssd1306", "port": 1, "sda": 14, "scl": 15,
                                   "address": 0x3C, "width": 128, "height": 64})
    i2c = machine.made[-1]
    assert isinstance(i2c, machine.I2C)
    assert i2c.id == 1 and i2c.sda.id == 14 and i2c.scl.id == 15 and i2c.freq == 400000
    assert isinstance(display, SSD1306) and display.i2c is i2c
    assert (display.width, display.height, display.addr) == (128, 64, 0x3C)
    assert i2c.writes[0] == (0x3C, b"\x80\xae") and i2c.writes[-1][1][0] == 0x40
    assert display.bytes_sent == i2c.sent()


def test_default_pins_of_the_i2c_block():
    machine, _ = build({"driver": "ssd1306", "port": 0, "freq": 100000})
    i2c = machine.made[-1]
    assert i2c.sda is None and i2c.scl is None and i2c.freq == 100000


def test_sh1106_at_another_address_and_height():
    machine, (_, display) = build({"driver": "sh1106", "port": 0, "sda": 0, "scl": 1,
                                   "address": 0x3D, "height": 32})
    i2c = machine.made[-1]
    assert isinstance(display, SH1106) and display.height == 32
    assert i2c.writes[0] == (0x3D, b"\x80\xae")


def test_ssd1309_and_rotation():
    machine, (_, display) = build({"driver": "ssd1309", "sda": 4, "scl": 5, "rotate": 2})
    i2c = machine.made[-1]
    assert isinstance(display, SSD1306)
    assert i2c.writes[-2:] == [(0x3C, b"\x80\xc0"), (0x3C, b"\x80\xa0")]  # upside down


def test_unsupported_displays_and_rotations():
    raises(ValueError, build, {"driver": "ssd1327"})
    raises(ValueError, build, {"driver": "ssd1306", "rotate": 1})


def test_pressing_a_pico_pin_gives_events():
    clock = FakeClock()
    machine, (buttons, _) = build({"driver": "ssd1306"}, clock)
    pin = buttons._pins[BUTTON_NAMES.index("a")]
    pin.value(0)  # the button shorts GP6 to ground
    events = []
    for _ in range(30):
        clock.advance(1)
        event = buttons.poll()
        if event is not None:
            events.append(describe(event))
    assert events == ["press a"]


def test_the_hardware_json_shape():
    # hardware/boards/pico.json names the I2C block "bus" and says which way the buttons pull
    machine, (buttons, display) = build(
        {"driver": "ssd1306", "bus": 1, "sda": 2, "scl": 3, "address": 60, "freq": 400000,
         "width": 128, "height": 64}, button_pull="up")
    assert machine.made[-1].id == 1 and isinstance(display, SSD1306)
    assert machine.made[0].pull == machine.Pin.PULL_UP


def test_pull_down_buttons_are_active_high():
    clock = FakeClock()
    machine, (buttons, _) = build({"driver": "ssd1306"}, clock, button_pull="down")
    pin = buttons._pins[BUTTON_NAMES.index("b")]
    assert pin.pull == machine.Pin.PULL_DOWN and pin.value() == 0
    pin.value(1)  # the button connects GP7 to 3.3 V
    events = []
    for _ in range(30):
        clock.advance(1)
        event = buttons.poll()
        if event is not None:
            events.append(describe(event))
    assert events == ["press b"]


def test_the_buzzer_is_pwm_at_half_duty_on_its_pin():
    from stones.drivers.buzzer import PwmTone

    sys.path.insert(0, _fake_machine_folder())
    try:
        import machine

        machine.made[:] = []
        tone = PwmTone(15)
        pwm = machine.made[-1]
        assert isinstance(pwm, machine.PWM) and pwm.pin.id == 15
        assert pwm.duty == 0  # silent until asked
        tone.tone(1800)
        assert (pwm.hz, pwm.duty) == (1800, 32768)
        tone.off()
        assert pwm.duty == 0 and pwm.hz == 1800
    finally:
        sys.path.pop(0)
        if "machine" in sys.modules:
            del sys.modules["machine"]


def test_bootsel_is_a_button_and_a_profile_presses_the_missing_one():
    # The PicoBoy's way: BOOTSEL is B (rp2.bootsel_button(), the fake's flag here), and B held
    # is MENU, which has no pin.
    clock = FakeClock()
    sys.path.insert(0, _fake_machine_folder())
    try:
        import machine
        import rp2

        machine.made[:] = []
        config = {"buttons": {"up": 1, "down": 3, "left": 4, "right": 2, "a": 0, "b": "bootsel"},
                  "display": {"driver": "ssd1306"}, "input": {"long": {"b": "menu"}}}
        buttons, _ = make_pico(config, clock)
        events = []

        def run(ms):
            for _ in range(ms):
                clock.advance(1)
                event = buttons.poll()
                while event is not None:
                    events.append(describe(event))
                    event = buttons.poll()

        inputs = [m for m in machine.made if isinstance(m, machine.Pin) and m.mode == 0]
        assert sorted(pin.id for pin in inputs) == [0, 1, 2, 3, 4]  # no GPIO for BOOTSEL
        rp2.held[0] = 1
        run(100)
        rp2.held[0] = 0
        run(50)
        assert events == ["press b", "release b"]  # a tap
        rp2.held[0] = 1
        run(700)
        rp2.held[0] = 0
        run(50)
        assert events[2:] == ["press menu", "release menu"]  # held: MENU
    finally:
        sys.path.pop(0)
        for name in ("machine", "rp2"):
            if name in sys.modules:
                del sys.modules[name]
