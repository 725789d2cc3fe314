"""Power-on: choose the platform, read the pin map, build the hardware, start the app.

This is the one place that knows which backend runs: the RP2040 (MicroPython, machine.Pin and
I2C) or a Raspberry Pi (CPython, gpiozero and luma.oled). The simulator builds its own device
in host_tools and never comes here.

The pin map is hardware/pico.json (written to the Pico as /config.json by the flash tool) or
hardware/pi.json (or the file named by $POCKET_STONES_CONFIG on a Pi). A missing or bad config
falls back to the shipped defaults and says so on the console, rather than not booting.
"""

import sys

from stones.compat import MICROPYTHON

DEFAULTS = {
    "buttons": {"up": 2, "down": 3, "left": 4, "right": 5, "a": 6, "b": 7, "menu": 8},
    "button_pull": "up",
    "recovery_button": "menu",
    "display": {"driver": "ssd1306", "bus": 0, "sda": 0, "scl": 1, "address": 60,
                "freq": 400000, "width": 128, "height": 64},
}


def config_path():
    if MICROPYTHON:
        return "config.json"
    import os

    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "..", "hardware", "pi.json")
    return os.environ.get("POCKET_STONES_CONFIG", default)


def load_config(path=None):
    """The pin map as a dict, checked enough to build hardware from; defaults if unreadable."""
    import json

    path = path or config_path()
    try:
        with open(path) as handle:
            config = json.load(handle)
        check_config(config)
        return config
    except (OSError, ValueError, KeyError, TypeError) as error:
        print("config %s unusable (%s): using the built-in pin map" % (path, error))
        return DEFAULTS


def check_config(config):
    buttons = config["buttons"]
    for name in ("up", "down", "left", "right", "a", "b", "menu"):
        if not isinstance(buttons[name], int):
            raise ValueError("button %s needs a pin number" % name)
    pins = list(buttons.values())
    if len(set(pins)) != len(pins):
        raise ValueError("two buttons share a pin")
    display = config["display"]
    for key in ("driver", "width", "height"):
        display[key]  # noqa: B018  (KeyError names what is missing)


def recovery_held(buttons, clock, config, settle_ms=80):
    """Whether the recovery button is held at power-on: poll the buttons for a few debounce
    periods so a bounce cannot trigger it, then ask for the debounced state."""
    name = config.get("recovery_button")
    if not name:
        return False
    start = clock.ticks_ms()
    while clock.ticks_diff(clock.ticks_ms(), start) < settle_ms:
        buttons.poll()
        clock.sleep_ms(5)
    return buttons.is_pressed(name)


def main(config=None):
    config = config or load_config()
    if MICROPYTHON and sys.platform == "rp2":
        import time

        from stones.hw.pico import make_pico

        buttons, display = make_pico(config, clock=time)
        clock = time
        platform = "pico"
    else:
        from stones import compat
        from stones.hw.pi import make_pi

        buttons, display = make_pi(config, clock=compat)
        clock = compat
        platform = "raspberry pi"
    if recovery_held(buttons, clock, config):
        print("recovery button held: the app does not start; the REPL is free for mpremote")
        return None
    from stones.ui.app import App

    app = App(display, buttons, clock, platform=platform)
    app.run()
    return app
