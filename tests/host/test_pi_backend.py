"""The Raspberry Pi backend: gpiozero's MockFactory drives the buttons, luma's dummy device gets
the frames."""

import os
import subprocess
import sys

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from luma.core.device import dummy
from luma.core.interface.serial import noop

from host_tools.paths import FIRMWARE
from stones.drivers.buttons import BUTTON_NAMES, describe
from stones.platforms.fakes import FakeClock
from stones.platforms.pi import GpioPin, LumaDisplay, luma_device, make_pi, vlsb_image

GPIO = {"up": 17, "down": 27, "left": 22, "right": 23, "a": 5, "b": 6, "menu": 13}
CONFIG = {
    "buttons": GPIO,
    "display": {"driver": "ssd1306", "port": 1, "address": 60, "width": 128, "height": 64,
                "rotate": 0},
}


@pytest.fixture
def factory():
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    yield Device.pin_factory
    Device.pin_factory.reset()
    Device.pin_factory = saved


def lit(image, x, y):
    """Is (x, y) lit in a luma image of any mode?"""
    value = image.getpixel((x, y))
    return (value[0] if isinstance(value, tuple) else value) > 0


def scene(fb):
    fb.fill(0)
    fb.text("Pocket", 0, 0)
    fb.pixel(127, 63, 1)
    fb.rect(10, 20, 30, 15, 1)
    fb.ellipse(90, 40, 12, 9, 1, True)
    fb.line(0, 63, 60, 30, 1)


def test_importing_needs_no_gpio_luma_or_pillow():
    code = ("import sys; sys.path.insert(0, %r); "
            "import stones.platforms.pi, stones.platforms.pico; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('gpiozero', 'luma', 'PIL', 'machine')))" % FIRMWARE)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=os.path.dirname(FIRMWARE))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_gpio_pin_reads_zero_while_pressed(factory):
    pins = make_pi(CONFIG, clock=FakeClock(), device=dummy(mode="1"))[0]._pins
    mock = factory.pin(GPIO["a"])
    pin = pins[BUTTON_NAMES.index("a")]
    assert isinstance(pin, GpioPin)
    assert pin.value() == 1  # pulled up, released
    mock.drive_low()  # the button shorts the pin to ground
    assert pin.value() == 0
    mock.drive_high()
    assert pin.value() == 1


def test_buttons_through_gpiozero(factory):
    clock = FakeClock()
    buttons, display = make_pi(CONFIG, clock=clock, device=dummy(mode="1"))
    log = []

    def run(ms):
        for _ in range(ms):
            clock.advance(1)
            event = buttons.poll()
            while event is not None:
                log.append(describe(event))
                event = buttons.poll()

    factory.pin(GPIO["left"]).drive_low()
    run(450)
    factory.pin(GPIO["b"]).drive_low()  # a chord with the held d-pad button
    run(700)
    factory.pin(GPIO["left"]).drive_high()
    factory.pin(GPIO["b"]).drive_high()
    run(50)
    assert log[:3] == ["press left", "repeat left", "press b"]
    assert "long b" in log and log[-2:] == ["release left", "release b"]


def test_input_timings_from_the_config(factory):
    clock = FakeClock()
    config = dict(CONFIG, input={"debounce_ms": 5, "hold_ms": 100})
    buttons = make_pi(config, clock=clock, device=dummy(mode="1"))[0]
    factory.pin(GPIO["menu"]).drive_low()
    events = []
    for _ in range(120):
        clock.advance(1)
        event = buttons.poll()
        if event is not None:
            events.append(describe(event))
    assert events == ["press menu", "long menu"]


def test_the_image_matches_the_framebuffer_pixel_for_pixel(factory):
    device = dummy(width=128, height=64, mode="1")
    display = make_pi(CONFIG, clock=FakeClock(), device=device)[1]
    scene(display)
    assert display.show() == 1
    image = device.image
    assert image.mode == "1" and image.size == (128, 64)
    for y in range(64):
        for x in range(128):
            assert lit(image, x, y) == bool(display.pixel(x, y)), (x, y)


def test_show_sends_only_changed_frames():
    device = dummy(width=128, height=64, mode="1")
    display = LumaDisplay(device)
    scene(display)
    assert display.show() == 1
    assert display.show() == 0
    display.pixel(0, 0, 1)
    display.pixel(0, 0, 0)  # and back: nothing to send
    assert display.show() == 0
    display.pixel(5, 5, 1)
    assert display.show() == 1 and lit(device.image, 5, 5)
    assert display.frames_sent == 2
    display.invalidate()
    assert display.show() == 1


def test_a_128x128_greyscale_panel_shows_the_frame_in_its_middle():
    device = dummy(width=128, height=128, mode="RGB")  # what luma's ssd1327 takes
    display = LumaDisplay(device)
    assert (display.width, display.height) == (128, 64)
    scene(display)
    display.show()
    image = device.image
    assert image.mode == "RGB" and image.size == (128, 128)
    for y in range(128):
        for x in range(128):
            inside = 32 <= y < 96
            assert lit(image, x, y) == (inside and bool(display.pixel(x, y - 32))), (x, y)


def test_make_pi_sizes_the_frame_to_the_panel():
    device = dummy(width=128, height=32, mode="1")
    factory = MockFactory()
    buttons, display = make_pi(CONFIG, clock=FakeClock(), device=device, pin_factory=factory)
    assert (display.width, display.height) == (128, 32)
    display.text("x", 0, 24)
    display.show()
    assert device.image.size == (128, 32)
    factory.reset()


def test_rotation_is_luma_s():
    device = dummy(width=128, height=64, mode="1", rotate=2)
    display = LumaDisplay(device)
    display.pixel(0, 0, 1)
    display.show()
    assert lit(device.image, 127, 63) and not lit(device.image, 0, 0)


def test_invert_contrast_power():
    calls = []

    class Recorder(dummy):
        def contrast(self, level):
            calls.append(("contrast", level))

        def hide(self):
            calls.append("hide")

        def show(self):
            calls.append("show")

    device = Recorder(width=128, height=64, mode="1")
    display = LumaDisplay(device)
    display.pixel(3, 3, 1)
    display.show()
    display.invert(1)
    assert display.show() == 1  # same buffer, new look
    assert not lit(device.image, 3, 3) and lit(device.image, 4, 4)
    display.contrast(300)
    display.poweroff()
    display.poweron()
    assert calls == [("contrast", 44), "hide", "show"]


def test_a_frame_that_does_not_fit_is_refused():
    with pytest.raises(ValueError):
        LumaDisplay(dummy(width=64, height=48, mode="1"))


@pytest.mark.filterwarnings("ignore::DeprecationWarning:luma")
def test_luma_devices_from_the_config():
    for driver, mode, size in (("ssd1306", "1", (128, 64)), ("sh1106", "1", (128, 64)),
                               ("ssd1309", "1", (128, 64)), ("ssd1327", "RGB", (128, 128))):
        config = {"driver": driver}
        if driver == "ssd1327":
            config.update(width=128, height=128)
        device = luma_device(config, serial=noop())
        assert type(device).__name__ == driver
        assert device.mode == mode and device.size == size
        display = LumaDisplay(device)
        scene(display)
        assert display.show() == 1  # the image is the device's mode and size (luma asserts)
    short = luma_device({"driver": "ssd1306", "height": 32}, serial=noop())
    assert short.size == (128, 32)
    with pytest.raises(ValueError):
        luma_device({"driver": "ili9341"}, serial=noop())


def test_vlsb_image_of_a_short_buffer():
    buffer = bytearray(13 * 2)
    buffer[0] = 0x01  # (0, 0)
    buffer[13 + 12] = 0x10  # (12, 12)
    image = vlsb_image(buffer, 13, 13)
    assert image.size == (13, 13)
    lit_pixels = [(x, y) for y in range(13) for x in range(13) if image.getpixel((x, y))]
    assert lit_pixels == [(0, 0), (12, 12)]


@pytest.mark.filterwarnings("ignore::DeprecationWarning:luma")
def test_the_hardware_json_shape(factory):
    # hardware/boards/pi.json names the I2C bus "bus" and gives the fixed SDA/SCL pins
    config = {"buttons": GPIO, "button_pull": "up",
              "display": {"driver": "sh1106", "bus": 1, "sda": 2, "scl": 3, "address": 60,
                          "width": 128, "height": 64, "rotate": 0}}
    device = luma_device(config["display"], serial=noop())
    assert type(device).__name__ == "sh1106"
    buttons, display = make_pi(config, clock=FakeClock(), device=device)
    assert buttons._pins[0].button.pull_up


def test_pull_down_buttons(factory):
    clock = FakeClock()
    buttons = make_pi(dict(CONFIG, button_pull="down"), clock=clock, device=dummy(mode="1"))[0]
    pin = buttons._pins[BUTTON_NAMES.index("a")]
    assert not pin.button.pull_up and pin.value() == 1
    factory.pin(GPIO["a"]).drive_high()  # the button connects the pin to 3.3 V
    assert pin.value() == 0
    events = []
    for _ in range(30):
        clock.advance(1)
        event = buttons.poll()
        if event is not None:
            events.append(describe(event))
    assert events == ["press a"]


def test_the_buzzer_is_a_gpiozero_pwm_output_at_half_duty():
    from gpiozero.pins.mock import MockPWMPin

    from stones.platforms.pi import GpioTone

    factory = MockFactory(pin_class=MockPWMPin)
    tone = GpioTone(12, pin_factory=factory)
    pin = factory.pin(12)
    assert pin.state == 0
    tone.tone(1800)
    assert pin.frequency == 1800 and pin.state == 0.5
    tone.off()
    assert pin.state == 0
    tone.close()


def test_a_pin_without_pwm_gives_no_buzzer_and_no_crash(capsys):
    from stones.boot import make_buzzer
    from stones.platforms.pi import GpioTone

    factory = MockFactory()  # plain mock pins: no PWM
    assert make_buzzer({"buzzer": 12}, FakeClock(), lambda pin: GpioTone(pin, factory)) is None
    assert "buzzer on pin 12 unusable" in capsys.readouterr().out
