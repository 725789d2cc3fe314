"""Seven buttons in, small-int events out: debounce, press, release, long press, auto-repeat.

Pure logic over injected parts, so the same code runs on the Pico (machine.Pin), the Raspberry Pi
(gpiozero through platforms.pi) and in tests (FakePin, FakeClock): a pin has value(), the clock has
ticks_ms() and ticks_diff() (MicroPython's wrap-around ticks; stones.compat is such a clock).

Each button, sampled whenever poll() finds its queue empty (states, then events emitted):

                 level differs from the debounced one              back before debounce_ms:
    RELEASED ----------------------------------------> settling ---------------------> RELEASED
       ^                                                   | the same level for debounce_ms
       |                                                   v
       |  released, and that lasts debounce_ms          PRESSED  emits PRESS
       +---------- emits RELEASE --------------------   |  held hold_ms (a, b, menu):
                                                        |      emits LONG, once
                                                        |  held repeat_delay_ms (d-pad):
                                                        |      emits REPEAT, then one every
                                                        +----- repeat_ms while held

- Debounce: a new level counts only once it has held for debounce_ms; any change restarts the
  wait. A chattering contact therefore yields one PRESS and one RELEASE, never extra pairs, and a
  blip shorter than debounce_ms yields nothing. Hold and repeat times run from the moment the
  contact settled, so a blip during a hold does not restart them.
- The d-pad (the `repeat` buttons) auto-repeats and has no LONG; the other buttons have LONG and
  do not repeat. RELEASE follows LONG as usual; a screen acting on LONG ignores that release.
  A slow caller gets at most one REPEAT per sample: the cursor never jumps ahead in a burst.
- Chords: each button keeps its own state and events; `pressed` (bit i = button i down) lets a
  screen test a combination.
- A button already held when Buttons is made counts as a new press once it has settled.

Events are ints, kind << 3 | button, so that poll() allocates nothing (the queue is a bytearray,
the per-button state lists of small ints, all made in __init__): kinds start at 1, so no event is
0 and `if event:` is safe. make_event() builds one; kind_of(), button_of() and describe() take
them apart for screens and logs.
"""

from stones.compat import const

# Button indexes: the bit of each button in Buttons.pressed, the low 3 bits of its events.
UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
MENU = const(6)
BUTTON_NAMES = ("up", "down", "left", "right", "a", "b", "menu")

# Event kinds (the bits above the button index).
PRESS = const(1)
RELEASE = const(2)
LONG = const(3)
REPEAT = const(4)
KIND_NAMES = ("", "press", "release", "long", "repeat")

_COUNT = const(7)  # buttons
_SHIFT = const(3)  # event = kind << 3 | button index (an index needs 3 bits)
_INDEX = const(7)  # mask of the button index in an event
_QUEUE = const(8)  # one sample makes at most one event per button: 7 fit, and 8 wraps by a mask
_NONE = const(-1)  # no LONG or REPEAT pending for this button


def make_event(kind, button):
    """The event of that kind for button (an index, e.g. A): what poll() returns."""
    return kind << _SHIFT | button


def kind_of(event):
    return event >> _SHIFT


def button_of(event):
    return event & _INDEX


def describe(event):
    """'press a', 'repeat left': for logs and test messages (allocates a string)."""
    if event is None:
        return "none"
    return "%s %s" % (KIND_NAMES[event >> _SHIFT], BUTTON_NAMES[event & _INDEX])


class Buttons:
    """Buttons(pins, clock, ...): pins maps button names (BUTTON_NAMES) to pins; any may be left
    out. active_low: a pin reads 0 while pressed (pull-ups, the usual wiring)."""

    def __init__(self, pins, clock, debounce_ms=20, hold_ms=600, repeat_delay_ms=400,
                 repeat_ms=120, repeat=("up", "down", "left", "right"), active_low=True):
        self.clock = clock
        self.debounce_ms = debounce_ms
        self.hold_ms = hold_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self._pressed_level = 0 if active_low else 1
        self._pins = [None] * _COUNT
        for name in pins:
            self._pins[_index(name)] = pins[name]
        self._repeats = bytearray(_COUNT)  # 1: this button auto-repeats (and has no LONG)
        for name in repeat:
            self._repeats[_index(name)] = 1
        now = clock.ticks_ms()
        self._raw = bytearray(_COUNT)  # the level last read: 1 pressed
        self._down = bytearray(_COUNT)  # the debounced state: 1 pressed
        self._changed = [now] * _COUNT  # ticks when the raw level last changed
        self._start = [now] * _COUNT  # ticks when the current press settled
        self._next = [_NONE] * _COUNT  # ms into the press when LONG/REPEAT is next due
        self._queue = bytearray(_QUEUE)
        self._head = 0
        self._count = 0
        self.pressed = 0  # bit i set while button i is (debounced) down

    def settling(self):
        """Whether a button's level has changed and not yet held for debounce_ms: its event
        comes within that time, if the level holds (the app polls closely meanwhile)."""
        return self._raw != self._down

    def stirred(self):
        """Whether a button has moved since the app last polled: the pins are sampled now (when
        no event waits), and True if an event waits or a level is settling. Work done in
        slices (the pondering) asks between pieces, so that a press ends the slice at once, its
        debounce counted from then."""
        if not self._count:
            self._sample()
        return self._count > 0 or self._raw != self._down

    def is_pressed(self, name):
        return bool(self.pressed >> _index(name) & 1)

    def poll(self):
        """The next event, or None. Samples the pins when no event is waiting."""
        if not self._count:
            self._sample()
            if not self._count:
                return None
        event = self._queue[self._head]
        self._head = (self._head + 1) & (_QUEUE - 1)
        self._count -= 1
        return event

    def _sample(self):
        clock = self.clock
        now = clock.ticks_ms()
        pins = self._pins
        raw = self._raw
        down = self._down
        changed = self._changed
        start = self._start
        due = self._next
        pressed_level = self._pressed_level
        for i in range(_COUNT):
            pin = pins[i]
            if pin is None:
                continue
            level = 1 if pin.value() == pressed_level else 0
            if level != raw[i]:
                raw[i] = level
                changed[i] = now  # a new level: its debounce wait starts now
            if level != down[i]:
                if clock.ticks_diff(now, changed[i]) >= self.debounce_ms:
                    down[i] = level
                    if level:
                        start[i] = changed[i]  # hold and repeat times run from the settling
                        due[i] = self.repeat_delay_ms if self._repeats[i] else self.hold_ms
                        self.pressed |= 1 << i
                        self._push(PRESS << _SHIFT | i)
                    else:
                        due[i] = _NONE
                        self.pressed &= ~(1 << i)
                        self._push(RELEASE << _SHIFT | i)
            elif level and due[i] != _NONE:
                held = clock.ticks_diff(now, start[i])
                if held >= due[i]:
                    if self._repeats[i]:
                        self._push(REPEAT << _SHIFT | i)
                        due[i] += self.repeat_ms
                        if held >= due[i]:  # polled late: resume the rhythm from now
                            due[i] = held + self.repeat_ms
                    else:
                        self._push(LONG << _SHIFT | i)
                        due[i] = _NONE  # once per press

    def _push(self, event):
        # At most one event per button per sample, and sampling only when the queue is empty:
        # the queue cannot overflow.
        self._queue[(self._head + self._count) & (_QUEUE - 1)] = event
        self._count += 1


def _index(name):
    if name not in BUTTON_NAMES:
        raise ValueError("unknown button %r (known: %s)" % (name, ", ".join(BUTTON_NAMES)))
    return BUTTON_NAMES.index(name)
