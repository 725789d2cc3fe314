"""Buttons driven by FakePin and FakeClock: debounce, long press, auto-repeat, chords.

Runs under pytest and under the MicroPython unix port (tests/host/test_micropython.py), so plain
functions and asserts only. Every scenario polls once a millisecond unless it says otherwise, and
records (ms since the scenario started, 'press a') pairs.
"""

from support import raises

from stones.drivers.buttons import (
    BUTTON_NAMES,
    LEFT,
    LONG,
    PRESS,
    RELEASE,
    REPEAT,
    A,
    B,
    Buttons,
    button_of,
    describe,
    kind_of,
    make_event,
)
from stones.platforms.fakes import FakeClock, FakePin


class Rig:
    """Seven fake pins, a fake clock, and Buttons over them with the default timings."""

    def __init__(self, start=1000, **options):
        self.clock = FakeClock(start)
        self.t0 = start
        self.pins = {}
        for name in BUTTON_NAMES:
            self.pins[name] = FakePin()
        self.buttons = Buttons(self.pins, self.clock, **options)
        self.log = []

    def run(self, ms, step=1):
        """Poll every `step` ms for `ms` ms, draining the queue at each step."""
        for _ in range(ms // step):
            self.clock.advance(step)
            self.drain()
        return self.log

    def drain(self):
        while True:
            event = self.buttons.poll()
            if event is None:
                return
            assert event > 0
            now = self.clock.ticks_diff(self.clock.ticks_ms(), self.t0)
            self.log.append((now, describe(event)))

    def events(self):
        return [name for _, name in self.log]


def test_a_clean_press_and_release():
    rig = Rig()
    rig.pins["a"].press()
    rig.run(100)
    rig.pins["a"].release()
    rig.run(100)
    # Seen at 1 ms, settled 20 ms later; the release likewise.
    assert rig.log == [(21, "press a"), (121, "release a")]


def test_no_event_before_debounce():
    rig = Rig()
    rig.pins["b"].press()
    rig.run(20)
    assert rig.log == []
    rig.run(1)
    assert rig.events() == ["press b"]


def test_settling_from_a_new_level_until_its_event():
    # The app polls closely while a press settles (App.pause_ms), so it asks.
    rig = Rig()
    assert not rig.buttons.settling()
    rig.pins["up"].press()
    assert not rig.buttons.settling()  # not sampled yet
    rig.run(1)
    assert rig.buttons.settling() and rig.log == []
    rig.run(20)
    assert not rig.buttons.settling() and rig.events() == ["press up"]  # held: settled
    rig.pins["up"].release()
    rig.run(1)
    assert rig.buttons.settling()
    rig.run(20)
    assert not rig.buttons.settling() and rig.events() == ["press up", "release up"]


def test_a_bouncing_press_gives_one_press_after_it_settles():
    rig = Rig()
    rig.pins["a"].press()
    rig.pins["a"].bounce(9)  # reads 1..9 chatter, read 10 onwards is pressed
    rig.run(200)
    assert rig.events() == ["press a"]
    # read 9 (t=9) is the last chatter (released); pressed from read 10, settled 20 ms later
    assert rig.log[0][0] == 30


def test_a_bouncing_release_gives_one_release():
    rig = Rig()
    rig.pins["a"].press()
    rig.run(100)
    rig.pins["a"].release()
    rig.pins["a"].bounce(15)
    rig.run(100)
    assert rig.events() == ["press a", "release a"]


def test_chatter_that_never_settles_gives_nothing():
    rig = Rig()
    pin = rig.pins["up"]
    for _ in range(20):  # 5 ms pressed, 5 ms released, for 200 ms
        pin.press()
        rig.run(5)
        pin.release()
        rig.run(5)
    assert rig.log == []
    assert rig.buttons.pressed == 0


def test_a_blip_while_held_does_not_release_or_restart_the_hold():
    rig = Rig()
    pin = rig.pins["a"]
    pin.press()
    rig.run(300)
    pin.release()
    rig.run(5)  # shorter than debounce: not a release
    pin.press()
    rig.run(400)
    assert rig.log == [(21, "press a"), (601, "long a")]


def test_long_press_once_then_release():
    rig = Rig()
    rig.pins["a"].press()
    rig.run(1500)
    rig.pins["a"].release()
    rig.run(100)
    # settled at 1 ms: LONG at 1 + 600, RELEASE 20 ms after the release is first seen
    assert rig.log == [(21, "press a"), (601, "long a"), (1521, "release a")]


def test_a_short_press_has_no_long():
    rig = Rig()
    rig.pins["menu"].press()
    rig.run(590)
    rig.pins["menu"].release()
    rig.run(200)
    assert rig.events() == ["press menu", "release menu"]


def test_the_dpad_repeats_and_has_no_long():
    rig = Rig()
    rig.pins["left"].press()
    rig.run(1000)
    rig.pins["left"].release()
    rig.run(50)
    # settled at 1: first repeat at 1 + 400, then every 120 ms
    assert rig.log == [(21, "press left"), (401, "repeat left"), (521, "repeat left"),
                       (641, "repeat left"), (761, "repeat left"), (881, "repeat left"),
                       (1021, "release left")]


def test_repeat_timing_is_configurable():
    rig = Rig(repeat_delay_ms=250, repeat_ms=50, debounce_ms=10)
    rig.pins["down"].press()
    rig.run(400)
    assert rig.log == [(11, "press down"), (251, "repeat down"), (301, "repeat down"),
                       (351, "repeat down")]


def test_a_slow_caller_gets_no_burst_of_repeats():
    rig = Rig()
    rig.pins["right"].press()
    rig.run(2000, step=300)  # polls at 300, 600, ... 1800: each late for several repeats
    repeats = [t for t, name in rig.log if name == "repeat right"]
    assert rig.events()[0] == "press right"
    assert repeats == [900, 1200, 1500, 1800]  # one per poll, never two


def test_chords_give_each_button_its_own_events():
    rig = Rig()
    rig.pins["a"].press()
    rig.pins["b"].press()
    rig.run(50)
    assert sorted(rig.events()) == ["press a", "press b"]
    assert rig.buttons.pressed == (1 << A) | (1 << B)
    assert rig.buttons.is_pressed("a") and rig.buttons.is_pressed("b")
    rig.pins["b"].release()
    rig.run(700)
    assert rig.events()[2:] == ["release b", "long a"]
    assert rig.buttons.pressed == 1 << A
    rig.pins["a"].release()
    rig.run(50)
    assert rig.events()[-1] == "release a" and rig.buttons.pressed == 0


def test_a_chord_of_dpad_and_a_button():
    rig = Rig()
    rig.pins["up"].press()
    rig.run(100)
    rig.pins["a"].press()
    rig.run(700)
    events = rig.events()
    assert events[:2] == ["press up", "press a"]
    assert "long a" in events and events.count("repeat up") >= 4


def test_all_seven_at_once_lose_nothing():
    rig = Rig()
    for name in BUTTON_NAMES:
        rig.pins[name].press()
    rig.run(30)
    assert rig.events() == ["press " + name for name in BUTTON_NAMES]
    assert rig.buttons.pressed == 0x7F


def test_events_wait_in_the_queue_until_polled():
    rig = Rig()
    for name in BUTTON_NAMES:
        rig.pins[name].press()
    rig.clock.advance(1)
    assert rig.buttons.poll() is None  # first sight of the presses: debounce starts
    rig.clock.advance(25)
    first = rig.buttons.poll()
    assert describe(first) == "press up"
    rig.clock.advance(5000)  # nothing is sampled while events wait
    rest = [rig.buttons.poll() for _ in range(6)]
    assert [describe(e) for e in rest] == ["press " + name for name in BUTTON_NAMES[1:]]


def test_ticks_wrap_around():
    rig = Rig(start=(1 << 30) - 300)
    rig.pins["a"].press()
    rig.run(1000)
    rig.pins["a"].release()
    rig.run(100)
    assert rig.log == [(21, "press a"), (601, "long a"), (1021, "release a")]


def test_a_button_held_at_start_presses_once_it_settles():
    clock = FakeClock(5)
    pin = FakePin()
    pin.press()
    buttons = Buttons({"a": pin}, clock)
    clock.advance(1)
    assert buttons.poll() is None
    clock.advance(20)
    assert describe(buttons.poll()) == "press a"


def test_only_some_buttons_wired_and_unknown_names():
    pin = FakePin()
    clock = FakeClock()
    buttons = Buttons({"menu": pin}, clock)
    pin.press()
    clock.advance(1)
    buttons.poll()
    clock.advance(20)
    assert describe(buttons.poll()) == "press menu"
    raises(ValueError, Buttons, {"start": FakePin()}, clock)
    raises(ValueError, Buttons, {"a": pin}, clock, repeat=("select",))


def test_active_high_pins():
    clock = FakeClock()
    pin = FakePin(active_low=False)
    buttons = Buttons({"b": pin}, clock, active_low=False)
    clock.advance(1)
    assert buttons.poll() is None  # released reads 0: nothing
    pin.press()
    assert pin.value() == 1
    clock.advance(1)
    buttons.poll()
    clock.advance(20)
    assert describe(buttons.poll()) == "press b"


def test_zero_debounce_takes_the_first_reading():
    rig = Rig(debounce_ms=0)
    rig.pins["a"].press()
    rig.run(1)
    assert rig.log == [(1, "press a")]


def test_event_encoding():
    seen = set()
    for kind in (PRESS, RELEASE, LONG, REPEAT):
        for index in range(len(BUTTON_NAMES)):
            e = make_event(kind, index)
            assert 0 < e < 256  # fits the bytearray queue, never falsy
            assert kind_of(e) == kind and button_of(e) == index
            seen.add(e)
    assert len(seen) == 28
    assert describe(make_event(REPEAT, LEFT)) == "repeat left"
    assert describe(make_event(RELEASE, A)) == "release a"
    assert describe(None) == "none"


def test_fake_pin_bounce_sequence():
    pin = FakePin()
    pin.press()
    pin.bounce(4)
    assert [pin.value() for _ in range(6)] == [1, 0, 1, 0, 0, 0]
    assert pin.reads == 6


# -- input profiles: a board with fewer than seven controls --------------------------------------


class Board(Rig):
    """A rig whose `missing` buttons have no pin: the profile presses them."""

    def __init__(self, missing=("menu",), **options):
        self.clock = FakeClock(1000)
        self.t0 = 1000
        self.pins = {}
        for name in BUTTON_NAMES:
            if name not in missing:
                self.pins[name] = FakePin()
        self.buttons = Buttons(self.pins, self.clock, **options)
        self.log = []


def test_a_tap_of_a_held_back_button_is_itself_pressed_and_released_on_letting_go():
    rig = Board(long={"b": "menu"})
    rig.pins["b"].press()
    rig.run(100)
    assert rig.log == []  # held back: it may yet become MENU
    rig.pins["b"].release()
    rig.run(100)
    assert rig.log == [(121, "press b"), (121, "release b")]


def test_holding_that_button_presses_the_other_one_with_its_own_long_press():
    rig = Board(long={"b": "menu"})
    rig.pins["b"].press()
    rig.run(1500)
    assert rig.log == [(601, "press menu"), (1201, "long menu")]  # from B's settling
    assert rig.buttons.is_pressed("menu") and not rig.buttons.is_pressed("b")
    rig.pins["b"].release()
    rig.run(100)
    assert rig.events()[2:] == ["release menu"]
    assert rig.buttons.pressed == 0


def test_two_buttons_of_a_chord_press_its_button_and_nothing_of_their_own():
    rig = Board(chords={"menu": ("a", "b")})
    rig.pins["a"].press()
    rig.run(30)
    rig.pins["b"].press()
    rig.run(200)
    assert rig.log == [(51, "press menu")]  # when B settled
    rig.pins["a"].release()
    rig.run(50)
    rig.pins["a"].press()  # back down before B is let go: still nothing of A's
    rig.run(50)
    rig.pins["b"].release()
    rig.pins["a"].release()
    rig.run(100)
    assert rig.events() == ["press menu", "release menu"]
    assert rig.buttons.pressed == 0


def test_a_chord_member_alone_is_pressed_after_the_chord_wait_or_tapped():
    rig = Board(chords={"menu": ("a", "b")})
    rig.pins["a"].press()
    rig.run(700)
    assert rig.log == [(81, "press a"), (601, "long a")]  # both from A's settling
    rig.pins["a"].release()
    rig.run(50)
    rig.pins["b"].press()
    rig.run(40)
    rig.pins["b"].release()
    rig.run(50)
    assert rig.events()[2:] == ["release a", "press b", "release b"]


def test_taps_and_releases_in_one_sample_all_come_out_in_order():
    rig = Board(missing=("menu", "up"), long={"b": "menu"}, chords={"up": ("left", "right")})
    for name in rig.pins:
        rig.pins[name].press()
    rig.run(50)
    for name in rig.pins:
        rig.pins[name].release()
    rig.run(50)
    assert rig.events() == ["press down", "press a", "press up", "release down", "release a",
                            "press b", "release b", "release up"]
    assert rig.buttons.pressed == 0


def test_a_bad_profile_is_named():
    clock = FakeClock()
    pins = {name: FakePin() for name in BUTTON_NAMES if name != "menu"}
    raises(ValueError, Buttons, pins, clock, long={"b": "a"})  # A has a pin of its own
    raises(ValueError, Buttons, pins, clock, long={"menu": "menu"})  # MENU has no pin to hold
    raises(ValueError, Buttons, pins, clock, chords={"menu": ("a",)})
    raises(ValueError, Buttons, pins, clock, chords={"menu": ("a", "a")})
    raises(ValueError, Buttons, pins, clock, long={"b": "start"})
