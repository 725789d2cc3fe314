"""Power-on: choose the platform, read the pin map, build the hardware, start the app.

This is the one place that knows which backend runs: the RP2040 (MicroPython, machine.Pin and
I2C) or a Raspberry Pi (CPython, gpiozero and luma.oled). The simulator builds its own device
in host_tools and never comes here; a web page calls web() (host_tools/web's page).

The pin map is, on a Pico, /config.json (the flash tool writes hardware/boards/pico.json there),
else the board's map frozen in by make firmware BOARD=<name>, else DEFAULTS; on a Pi, the file
named by $POCKET_STONES_CONFIG (the systemd unit sets it), else /etc/pocket-stones/config.json
(where make install-pi puts it), else hardware/boards/pi.json in the source tree. A missing or
bad config falls back to the built-in map and says so on the console, rather than not booting.
A ready-made board may lack some of the seven buttons: its map lists them under "missing", or
its input profile presses them with others ("input": a hold or a chord; BOOTSEL as a button).

On a Pi the game runs as a systemd service: `systemctl stop` sends SIGTERM, which is turned into
SystemExit so the display is blanked (an OLED left lit burns in) and the process exits with 0.
Its computer player searches the Pi's levels on every core (platforms/workers.py: worker
processes, started at the first such search and ended with the app).
"""

import sys

from stones.compat import MICROPYTHON

# The shipped pin maps (hardware/boards/pico.json and pi.json), used when the config file is
# missing or bad; tests/host/test_hardware.py checks they agree with the files.
DEFAULTS = {
    "label": "DIY Pico",
    "buttons": {"up": 2, "down": 3, "left": 4, "right": 5, "a": 6, "b": 7, "menu": 8},
    "button_pull": "up",
    "recovery_button": "menu",
    "display": {"driver": "ssd1306", "bus": 0, "sda": 0, "scl": 1, "address": 60,
                "freq": 400000, "width": 128, "height": 64},
    "buzzer": 15,
    # the cable or the USB, the player's choice (docs/link.md)
    "link": [{"uart": 0, "tx": 12, "rx": 13, "baud": 115200}, {"usb": True}],
}
PI_DEFAULTS = {
    "label": "DIY Pi",
    "buttons": {"up": 17, "down": 27, "left": 22, "right": 23, "a": 24, "b": 25, "menu": 5},
    "button_pull": "up",
    "recovery_button": "menu",
    "display": {"driver": "ssd1306", "bus": 1, "sda": 2, "scl": 3, "address": 60,
                "width": 128, "height": 64, "rotate": 0},
    "buzzer": 12,
}
WATCHDOG_MS = 8000  # the RP2040's longest: the app's loop feeds it every ~10 ms


INSTALLED_CONFIG = "/etc/pocket-stones/config.json"  # host_tools/device/pi_install.sh puts it there


def config_path():
    if MICROPYTHON:
        return "config.json"
    # CPython (a Pi) from here on: the type check reads the rp2 port's os, which has neither
    # environ nor path.
    import os

    environ = os.environ  # pyright: ignore[reportAttributeAccessIssue]
    path = os.path  # pyright: ignore[reportAttributeAccessIssue]
    if environ.get("POCKET_STONES_CONFIG"):
        return environ["POCKET_STONES_CONFIG"]
    if path.exists(INSTALLED_CONFIG):
        return INSTALLED_CONFIG
    here = path.dirname(path.abspath(__file__))
    return path.join(here, "..", "..", "hardware", "boards", "pi.json")


def defaults():
    """The built-in map: on a Pico the board's that make firmware BOARD=<name> froze in as
    stones_board, else DEFAULTS; on a Pi PI_DEFAULTS (make install-pi BOARD= copies a file)."""
    if not MICROPYTHON:
        return PI_DEFAULTS
    try:
        from stones_board import CONFIG  # pyright: ignore[reportMissingImports]
    except ImportError:  # a MicroPython without it (make flash on a stock one)
        return DEFAULTS
    return CONFIG or DEFAULTS  # None: the default board's build


def load_config(path=None, fallback=None):
    """The pin map as a dict, checked enough to build hardware from; defaults if unreadable."""
    import json

    path = path or config_path()
    fallback = fallback or defaults()
    try:
        with open(path) as handle:
            config = json.load(handle)
        check_config(config)
        return config
    except (OSError, ValueError, KeyError, TypeError) as error:
        print("config %s unusable (%s): using the built-in pin map" % (path, error))
        return fallback


def check_config(config):
    buttons = config["buttons"]
    missing = config.get("missing") or {}
    profile = config.get("input") or {}
    made = list((profile.get("long") or {}).values()) + list(profile.get("chords") or ())
    for name in ("up", "down", "left", "right", "a", "b", "menu"):
        if name in missing and name not in buttons:
            continue  # a ready-made board without that control (its map says why)
        if name in made and name not in buttons:
            continue  # pressed by the board's input profile: a hold or a chord of others
        if not isinstance(buttons[name], int) and buttons[name] != "bootsel":
            raise ValueError("button %s needs a pin number (or \"bootsel\")" % name)
    pins = list(buttons.values())
    if len(set(pins)) != len(pins):
        raise ValueError("two buttons share a pin")
    buzzer = config.get("buzzer")
    if buzzer is not None and (not isinstance(buzzer, int) or buzzer in pins):
        raise ValueError("the buzzer needs a pin of its own, or null")
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
    if not MICROPYTHON:
        from stones.platforms.workers import in_worker

        if in_worker():  # a search worker's start reads main.py again: no app there
            return None
    config = config or load_config()
    if MICROPYTHON and sys.platform == "rp2":
        import time

        from stones.drivers.buzzer import PwmTone as tone
        from stones.platforms.pico import make_pico

        buttons, display = make_pico(config, clock=time)
        clock = time
        platform = "pico"
        import machine

        from stones.drivers.battery import make_battery

        battery = make_battery(config, machine.ADC)  # VSYS/3 on GP29 (hardware/boards/pico.json)
        lightsleep = machine.lightsleep  # used only while the panel is off and on the cell
    else:
        from stones import compat
        from stones.platforms.pi import GpioTone as tone
        from stones.platforms.pi import make_pi

        buttons, display = make_pi(config, clock=compat)
        clock = compat
        platform = "raspberry pi"
        battery = lightsleep = None  # no ADC on a Pi: no battery shown; the OS sleeps for us
    if recovery_held(buttons, clock, config):
        print("recovery button held: the app does not start; the REPL is free for mpremote")
        return None
    # Saves live in the working directory: / on a Pico (outside stones/, which flashing
    # replaces), /var/lib/pocket-stones for the Pi's service (or $POCKET_STONES_DATA).
    import os

    from stones.session import Session
    from stones.storage import RealFS, Store
    from stones.ui.app import App

    data = "" if MICROPYTHON else os.environ.get("POCKET_STONES_DATA", "")  # pyright: ignore[reportAttributeAccessIssue]
    session = Session(Store(RealFS(data)))
    watchdog = start_watchdog(config) if platform == "pico" else None
    searcher = None if platform == "pico" else pi_searcher(config)
    links = make_links(config.get("link"), platform)
    app = App(display, buttons, clock, session=session, platform=platform,
              board=config.get("label"), legend=config.get("legend"), watchdog=watchdog,
              buzzer=make_buzzer(config, clock, tone), battery=battery, lightsleep=lightsleep,
              searcher=pico_searcher() if searcher is None else searcher, links=links)
    if platform == "pico":
        try:
            app.run()
        except KeyboardInterrupt:  # mpremote or a terminal broke in: keep the REPL alive
            keep_fed(watchdog)
            print("app stopped; the watchdog is fed by a timer until the next reset")
        finally:
            if links is not None:
                links.release()  # (a USB link's serial goes back to the REPL)
    else:
        try:
            run_until_stopped(app, display)
        finally:
            searcher.close()  # the worker processes end with the app
    return app


def make_links(link, platform):
    """How the device links to another (docs/link.md), from the pin map's "link" entry, or
    None (no entry: no Link rows). A Pico: {"uart": 0, "tx": 12, "rx": 13, "baud": 115200},
    its cable's pins as the map names them, or {"usb": true}, its own USB serial (the REPL's,
    the app's from here until it stops: stones.link.pipes.UsbPipe); a Pi: {"address":
    "HOST:PORT"}, the network, or "serial:PATH", a serial port. A Pico's list of both, the
    cable's entry and {"usb": true}, is the player's choice (stones.link.pipes.Choice, the
    System screen's Link via row), the first at first; each is made only once chosen."""
    if isinstance(link, list) and link and platform == "pico":
        from stones.link.pipes import Choice

        return Choice([("USB" if entry.get("usb") else "cable",
                        lambda entry=entry: make_links(entry, platform)) for entry in link])
    if not isinstance(link, dict):
        return None
    from stones.link.pipes import Links, UartPipe, UsbPipe

    if platform == "pico" and link.get("usb"):
        from stones.platforms.pico import make_usb

        usb = UsbPipe(*make_usb())  # (a bridge's bytes may come before the Link screen: owned
        # from now, or a 0x03 among them would stop the app)
        return Links(lambda host: usb, "USB", release=usb.release)
    if platform == "pico":
        from stones.platforms.pico import make_uart

        uart = UartPipe(make_uart(link), "UART %d" % link.get("uart", 0))  # one cable, both roles
        return Links(lambda host: uart, "cable")
    from stones.platforms.netpipe import links

    return links(link.get("address", ":4455"))  # (over TCP, its hosts announce themselves)


def pico_searcher(mem_free=None):
    """The Pico's computer player: a plain Search whose node cap comes from the heap free when
    the first search is made (engine.search.heap_nodes: an RP2040's PICO_NODES, a bigger tree on
    an RP2350's 520 KB). mem_free (default gc.mem_free after a collection) is for tests."""

    def make():
        from stones.engine.search import Search, heap_nodes

        if mem_free is None:
            import gc

            gc.collect()
            free = gc.mem_free()  # pyright: ignore[reportAttributeAccessIssue]
        else:
            free = mem_free()
        return Search(heap_nodes(free))

    return make


def pi_searcher(config):
    """The Pi's computer player: a search on every core (stones.platforms.workers; the count
    from $POCKET_STONES_WORKERS, else the pin map's "workers", else os.cpu_count(); how they
    search from $POCKET_STONES_TREE, else the pin map's "tree": "root", the default, or
    "shared", one tree; another is named on the console and the default plays), a plain
    Search on a single core; its close() ends the worker processes."""
    from stones.platforms.workers import Searcher, tree_mode, worker_count

    try:
        tree = tree_mode(config)
    except ValueError as error:
        print("%s: the workers share the root" % error)
        tree = "root"
    return Searcher(worker_count(config), tree=tree)


def make_buzzer(config, clock, tone):
    """A Buzzer on the pin map's "buzzer" pin through tone(pin) (the platform's PWM output), or
    None: none fitted, or its pin unusable, which the console is told; the game plays silent."""
    pin = config.get("buzzer")
    if pin is None:
        return None
    from stones.drivers.buzzer import Buzzer

    try:
        return Buzzer(tone(pin), clock)
    except Exception as error:  # ValueError (no such pin), gpiozero's errors (no PWM, in use)
        print("buzzer on pin %s unusable (%s): no sound" % (pin, error))
        return None


def start_watchdog(config):
    """The RP2040 watchdog: a hang (no app loop for WATCHDOG_MS) resets the device, which boots
    into the saved game. Off with "watchdog": false in the config (it cannot be stopped once
    started, so a debugging session may want it off)."""
    if not config.get("watchdog", True):
        return None
    from machine import WDT

    return WDT(timeout=WATCHDOG_MS)


def keep_fed(watchdog):
    """After Ctrl-C the app loop no longer feeds the watchdog; a timer does, so the REPL that
    mpremote needs stays up. (The RP2040's watchdog cannot be switched off.)"""
    if watchdog is None:
        return None
    from machine import Timer

    timer = Timer(-1, period=WATCHDOG_MS // 4, callback=lambda t: watchdog.feed())  # -1: virtual
    return timer


def run_until_stopped(app, display):
    """Raspberry Pi: run the app until SIGTERM (systemctl stop) or Ctrl-C, then blank the panel.

    SIGTERM raises SystemExit(0) wherever the app is (between two bytecodes: never inside an I2C
    transfer), the app's error handler lets it through (it catches Exception only), and the
    finally clause sends display-off before the process ends with status 0."""
    import signal

    def stop(signum, frame):
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)  # pyright: ignore[reportAttributeAccessIssue]  (a Pi)
    try:
        app.run()
    except KeyboardInterrupt:
        pass
    finally:
        if app.buzzer is not None:
            app.buzzer.stop()  # no tone left sounding
        try:
            display.poweroff()
        except OSError as error:  # the bus may be gone already; exit anyway
            print("could not switch the display off: %s" % error)


def web(page, height=64, manual=False, link=False):
    """A web page (MicroPython's WebAssembly port): the app over the page's buttons, panel,
    sound and storage (stones.platforms.web), started; the Loop the page steps it through, a
    call at a time, since a page's script must return to the browser between frames. link:
    the page's server relays the link (a WebSocket to TCP), so the device has Link rows."""
    from stones.drivers.buzzer import Buzzer
    from stones.platforms.web import Loop, make_web
    from stones.session import Session
    from stones.storage import Store
    from stones.ui.app import App

    buttons, pins, display, clock, tone, fs = make_web(page, height, manual)
    app = App(display, buttons, clock, session=Session(Store(fs)), platform="browser",
              buzzer=Buzzer(tone, clock), links=page_links(page, clock) if link else None)
    app.start()
    return Loop(app, pins, clock, exact=manual)


def page_links(page, clock):
    """A page's Links: its WebSocket to the relay (stones.platforms.web.PagePipe), each pipe at
    the address the page's Link field holds when the Link screen opens it."""
    from stones.link.pipes import Links
    from stones.platforms.web import PagePipe

    return Links(lambda host: PagePipe(page, clock, host, page.link_address()), "network")
