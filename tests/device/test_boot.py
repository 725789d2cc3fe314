"""Power-on: the pin map is read and checked, a bad one falls back, the recovery button works."""

from support import raises

from stones.boot import DEFAULTS, check_config, load_config, recovery_held
from stones.drivers.buttons import Buttons
from stones.platforms.fakes import FakeClock, FakePin


def rig():
    clock = FakeClock()
    pins = {name: FakePin() for name in ("up", "down", "left", "right", "a", "b", "menu")}
    return clock, pins, Buttons(pins, clock)


def test_recovery_button_held_at_power_on_skips_the_app():
    clock, pins, buttons = rig()
    pins["menu"].press()
    assert recovery_held(buttons, clock, DEFAULTS)


def test_no_recovery_without_the_button_or_with_another_one():
    clock, pins, buttons = rig()
    assert not recovery_held(buttons, clock, DEFAULTS)
    clock, pins, buttons = rig()
    pins["a"].press()
    assert not recovery_held(buttons, clock, DEFAULTS)


def test_the_app_feeds_the_watchdog_every_step():
    from stones.drivers.ssd1306 import SSD1306
    from stones.platforms.fakes import FakeI2C
    from stones.ui.app import App

    class Watchdog:
        feeds = 0

        def feed(self):
            self.feeds += 1

    clock, pins, buttons = rig()
    dog = Watchdog()
    app = App(SSD1306(128, 64, FakeI2C(keep=0)), buttons, clock, watchdog=dog)
    app.start()
    for _ in range(10):
        clock.advance(5)
        app.step()
    assert dog.feeds == 10


def test_config_check_names_the_problem():
    bad = {"buttons": dict(DEFAULTS["buttons"]), "display": dict(DEFAULTS["display"])}
    bad["buttons"]["a"] = bad["buttons"]["b"]
    assert "share" in str(raises(ValueError, check_config, bad))
    del bad["buttons"]["up"]
    raises(KeyError, check_config, bad)


def test_a_ready_made_board_may_lack_the_buttons_its_map_names_as_missing():
    config = {"buttons": dict(DEFAULTS["buttons"]), "display": dict(DEFAULTS["display"])}
    del config["buttons"]["b"], config["buttons"]["menu"]
    raises(KeyError, check_config, config)  # not said to be missing: a broken map
    config["missing"] = {"b": "no such control", "menu": "no such control"}
    check_config(config)
    config["missing"] = {"b": "no such control"}
    raises(KeyError, check_config, config)


def test_the_buzzer_needs_a_pin_of_its_own():
    config = {"buttons": dict(DEFAULTS["buttons"]), "display": dict(DEFAULTS["display"])}
    for pin in (DEFAULTS["buttons"]["a"], "15"):
        config["buzzer"] = pin
        assert "buzzer" in str(raises(ValueError, check_config, config))
    config["buzzer"] = None  # none fitted
    check_config(config)
    config["buzzer"] = 15
    check_config(config)


def test_a_buzzer_that_cannot_be_made_leaves_the_device_silent():
    from stones.boot import make_buzzer
    from stones.platforms.fakes import FakeClock, FakeTone

    clock = FakeClock()

    def no_pwm(pin):
        raise ValueError("pin %d has no PWM" % pin)

    assert make_buzzer({"buzzer": 40}, clock, no_pwm) is None
    assert make_buzzer({"buzzer": None}, clock, no_pwm) is None
    made = []

    def tone(pin):
        made.append(pin)
        return FakeTone(clock)

    buzzer = make_buzzer({"buzzer": 15}, clock, tone)
    assert made == [15] and buzzer.clock is clock
    buzzer.play("stone")
    assert buzzer.output.sounding


def test_unreadable_or_corrupt_config_falls_back_to_the_defaults():
    assert load_config("/nonexistent/config.json", DEFAULTS) is DEFAULTS
    path = "corrupt_config_test.json"
    with open(path, "w") as handle:
        handle.write('{"buttons": {"up": 2,')  # truncated
    try:
        assert load_config(path, DEFAULTS) is DEFAULTS
    finally:
        import os

        os.remove(path)


def test_the_pico_s_search_takes_its_tree_from_the_heap():
    """An RP2040's heap keeps the Pico's tree (PICO_NODES, so a Pico plays as before); an
    RP2350's 520 KB grows it to a quarter of the free heap, capped, and is measured afresh each
    time the app remakes its search."""
    from stones.boot import pico_searcher
    from stones.engine import search

    free = [190 * 1024]  # about the most an RP2040's heap has free with the app in it
    make = pico_searcher(lambda: free[0])
    assert make().max_nodes == search.PICO_NODES
    free[0] = search.BIG_HEAP - 1
    assert make().max_nodes == search.PICO_NODES
    free[0] = 300 * 1024
    grown = make()
    assert grown.max_nodes == 300 * 1024 // 4 // search.BYTES_PER_NODE > search.PICO_NODES
    assert len(grown.visits) == grown.max_nodes
    free[0] = 470 * 1024  # about what a Pico 2's heap has free
    assert make().max_nodes == search.BIG_NODES
    for kilobytes in range(0, 2048, 16):
        nodes = search.heap_nodes(kilobytes * 1024)
        assert search.PICO_NODES <= nodes <= search.BIG_NODES
        assert nodes * search.BYTES_PER_NODE <= max(kilobytes * 1024 // 4,
                                                   search.PICO_NODES * search.BYTES_PER_NODE)
