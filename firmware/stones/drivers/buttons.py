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

Input profiles, for a board with fewer than seven controls (its board file's "input"): an app
button with no pin of its own may come from others.

- long={"b": "menu"}: holding B for hold_ms presses MENU instead (MENU is down until B is let
  go, its own LONG hold_ms later). B's press waits for that: let go sooner, B is pressed and
  released at once (a tap); B has no LONG of its own.
- chords={"menu": ("a", "b")}: A and B down together press MENU (down until either is let go;
  neither sends anything more until both are). A member's press waits chord_ms for the other;
  let go sooner, it is a tap; held on alone, it is pressed then, its times run from the
  settling as ever.
- A pin may be any object with value(): on an RP2040 the BOOTSEL button
  (platforms.pico.BootselPin over rp2.bootsel_button()) is one.

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
_QUEUE = const(16)  # a sample makes at most two events a button (a tap): 14 fit, 16 wrap by a mask
_NONE = const(-1)  # no LONG or REPEAT pending for this button
_NOBODY = const(255)  # no long press or chord target for this button
_FOR_LONG = const(1)  # a held-back press: waiting to see whether it is held hold_ms
_FOR_CHORD = const(2)  # waiting chord_ms for the chord's other member


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
                 repeat_ms=120, repeat=("up", "down", "left", "right"), active_low=True,
                 long=None, chords=None, chord_ms=80):
        self.clock = clock
        self.debounce_ms = debounce_ms
        self.hold_ms = hold_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.chord_ms = chord_ms
        self._pressed_level = 0 if active_low else 1
        self._pins = [None] * _COUNT
        for name in pins:
            self._pins[_index(name)] = pins[name]
        self._repeats = bytearray(_COUNT)  # 1: this button auto-repeats (and has no LONG)
        for name in repeat:
            self._repeats[_index(name)] = 1
        # The profile: a held button's target, a chord member's partner and target (_NOBODY:
        # none), the pinless buttons they press, and each button's held-back press.
        self._long = bytearray(b"\xff" * _COUNT)
        self._partner = bytearray(b"\xff" * _COUNT)
        self._chord = bytearray(b"\xff" * _COUNT)
        self._virtual = bytearray(_COUNT)  # 1: pressed by the profile, not a pin
        self._wanted = bytearray(_COUNT)  # a virtual button's level, as the profile sets it
        self._waiting = bytearray(_COUNT)  # _FOR_LONG | _FOR_CHORD while a press is held back
        self._driving = bytearray(_COUNT)  # 1: this button's hold or chord holds a target down
        for source in long or ():
            self._long[_index(source)] = self._target((long or {})[source], (source,))
        for target in chords or ():
            members = (chords or {})[target]
            if len(members) != 2 or members[0] == members[1]:
                raise ValueError("the chord for %s is two buttons, not %r" % (target, members))
            t = self._target(target, members)
            first = _index(members[0])
            second = _index(members[1])
            if self._partner[first] != _NOBODY or self._partner[second] != _NOBODY:
                raise ValueError("a button is in one chord at most: %s" % ", ".join(members))
            self._partner[first] = second
            self._partner[second] = first
            self._chord[first] = self._chord[second] = t
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

    def _target(self, name, sources):
        """The index of a profile's target button, which must have no pin and be pressed by
        buttons that have one; ValueError names what is wrong."""
        t = _index(name)
        if self._pins[t] is not None:
            raise ValueError("button %s has a pin: a hold or chord cannot press it" % name)
        for source in sources:
            if self._pins[_index(source)] is None:
                raise ValueError("button %s has no pin to press %s with" % (source, name))
        self._virtual[t] = 1
        return t

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
        waiting = self._waiting
        # The pins first, then the buttons the profile presses (set by the pins' pass).
        for virtual in range(2):
            for i in range(_COUNT):
                pin = pins[i]
                if virtual:
                    if not self._virtual[i]:
                        continue
                    level = self._wanted[i]
                    if level != raw[i]:
                        raw[i] = level
                        changed[i] = now  # set by the profile: no bounce to wait out
                elif pin is None:
                    continue
                else:
                    level = 1 if pin.value() == pressed_level else 0
                    if level != raw[i]:
                        raw[i] = level
                        changed[i] = now  # a new level: its debounce wait starts now
                if level != down[i]:
                    if virtual or clock.ticks_diff(now, changed[i]) >= self.debounce_ms:
                        down[i] = level
                        if level:
                            start[i] = changed[i]  # hold and repeat times run from the settling
                            self._went_down(i, now)
                        else:
                            self._went_up(i)
                elif level and waiting[i]:
                    self._still_held(i, clock.ticks_diff(now, start[i]))
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

    def _press(self, i):
        self._next[i] = self.repeat_delay_ms if self._repeats[i] else self.hold_ms
        self.pressed |= 1 << i
        self._push(PRESS << _SHIFT | i)

    def _went_down(self, i, now):
        """Button i has settled down: pressed, or held back for its profile."""
        partner = self._partner[i]
        if partner != _NOBODY and self._waiting[partner] & _FOR_CHORD:
            self._waiting[partner] = 0  # the chord: neither member is pressed
            self._driving[i] = self._driving[partner] = 1
            self._wanted[self._chord[i]] = 1
            self._next[i] = _NONE
            return
        if partner != _NOBODY and self._driving[partner]:
            self._driving[i] = 1  # back down before the chord's other member let go: silent
            self._next[i] = _NONE
            return
        waiting = 0
        if self._long[i] != _NOBODY:
            waiting = _FOR_LONG
        if partner != _NOBODY:
            waiting |= _FOR_CHORD
        self._waiting[i] = waiting
        if waiting:
            self._next[i] = _NONE
        else:
            self._press(i)

    def _still_held(self, i, held):
        """Button i, held back, is still down after held ms: its chord's wait or its hold ends."""
        waiting = self._waiting[i]
        if waiting & _FOR_CHORD and held >= self.chord_ms:
            waiting &= ~_FOR_CHORD
            if not waiting:
                self._waiting[i] = 0
                self._press(i)
                return
        if waiting & _FOR_LONG and held >= self.hold_ms:
            waiting = 0
            self._driving[i] = 1
            self._wanted[self._long[i]] = 1
        self._waiting[i] = waiting

    def _went_up(self, i):
        """Button i has settled up: released, a held-back press let go as a tap, or the end of
        the hold or chord it held a target down with."""
        self._next[i] = _NONE
        if self._waiting[i]:
            self._waiting[i] = 0
            self._push(PRESS << _SHIFT | i)
            self._push(RELEASE << _SHIFT | i)
            return
        if self._driving[i]:
            self._driving[i] = 0
            target = self._long[i] if self._chord[i] == _NOBODY else self._chord[i]
            if self._long[i] != _NOBODY and self._wanted[self._long[i]]:
                target = self._long[i]
            self._wanted[target] = 0
            return
        if self.pressed >> i & 1:
            self.pressed &= ~(1 << i)
            self._push(RELEASE << _SHIFT | i)

    def _push(self, event):
        # At most two events per button per sample, and sampling only when the queue is empty:
        # the queue cannot overflow.
        self._queue[(self._head + self._count) & (_QUEUE - 1)] = event
        self._count += 1


def _index(name):
    if name not in BUTTON_NAMES:
        raise ValueError("unknown button %r (known: %s)" % (name, ", ".join(BUTTON_NAMES)))
    return BUTTON_NAMES.index(name)
