"""Game clocks: the time each side has left, the same for every game (no game's rule).

A Clock is bookkeeping only: it reads no time source. Whoever plays the game (the game screen,
ui/play.py) measures the time that passes on its own ticks and hands it over: spend(colour,
ms) while that side is to move, moved(colour) once it has moved (its turn over). That keeps it
a function of what it was told, so tests drive it with a fake clock and nothing else.

Kinds (stones.engine.timecontrol's KINDS names them, by index):

    NONE       no clock
    SUDDEN     sudden death: the main time, and the flag falls when it is spent
    BYOYOMI    byo-yomi: the main time, then `periods` periods of `period` seconds; a move made
               within a period keeps it whole for the next move, a period spent is lost, and
               the flag falls when the last one is spent
    FISCHER    Fischer: the main time, and `increment` seconds added after each move

The setup's choices of each kind are stones.engine.timecontrol's. A game played on a clock
holds it as game.clock (engine/game.py); the game save keeps its state (encode, decode:
stones.session), and a record its settings (facts: SGF TM and OT, the record format's time
and overtime lines).
"""

from stones.compat import const

NONE = const(0)
SUDDEN = const(1)
BYOYOMI = const(2)
FISCHER = const(3)
_LETTERS = "-sbf"  # a kind in the game save's clock word
_MOST_S = const(36000)  # the longest main time, period or increment a save may hold
_MOST_PERIODS = const(99)
_MOST_LEFT_MS = const(100000000)  # what a side's time may come to (Fischer adds to it)


class Clock:
    """Both sides' time on one of the kinds above; times are kept in milliseconds.

    left[colour]      what is left of the main time, or in byo-yomi's overtime of the period
    periods[colour]   byo-yomi: the periods left, the one running among them
    overtime[colour]  byo-yomi: 1 once that side's main time is spent
    """

    def __init__(self, kind, main_s, periods=0, period_s=0, increment_s=0):
        from stones.engine.game import GameError

        # each kind its own settings, the others' zero; a clock with no time at all is none
        if kind == BYOYOMI:
            ok = 1 <= periods <= _MOST_PERIODS and 1 <= period_s <= _MOST_S
        else:
            ok = SUDDEN <= kind <= FISCHER and main_s > 0 and not periods and not period_s
        if kind == FISCHER:
            ok = ok and 0 < increment_s <= _MOST_S
        ok = ok and 0 <= main_s <= _MOST_S and (kind == FISCHER or not increment_s)
        if not ok:
            raise GameError("clock %d %d %d %d %d" % (kind, main_s, periods, period_s,
                                                      increment_s))
        self.kind = kind
        self.main_s = main_s
        self.period_s = period_s
        self.increment_s = increment_s
        self.spec_periods = periods
        start = main_s * 1000
        over = 0
        if kind == BYOYOMI and not main_s:  # no main time: the periods from the first move
            start = period_s * 1000
            over = 1
        self.left = [0, start, start]
        self.periods = [0, periods, periods]
        self.overtime = [0, over, over]

    def spend(self, colour, ms):
        """ms of colour's time pass (its turn); True when its flag falls (nothing is left)."""
        left = self.left[colour] - ms
        if self.kind == BYOYOMI:
            period = self.period_s * 1000
            while left <= 0 and self.periods[colour]:
                if self.overtime[colour]:
                    self.periods[colour] -= 1  # a period spent is lost
                    if not self.periods[colour]:
                        break
                else:
                    self.overtime[colour] = 1  # the main time spent: into the periods
                left += period
        if left <= 0:
            self.left[colour] = 0
            return True
        self.left[colour] = left
        return False

    def moved(self, colour):
        """colour's turn is over: byo-yomi's period is whole again, Fischer's increment is
        added."""
        if self.kind == BYOYOMI and self.overtime[colour]:
            self.left[colour] = self.period_s * 1000
        elif self.kind == FISCHER:
            self.left[colour] = min(self.left[colour] + self.increment_s * 1000, _MOST_LEFT_MS)

    def flagged(self, colour):
        """Whether colour's time is all spent."""
        return self.left[colour] <= 0

    def short(self, colour, ms):
        """Whether colour has less than ms before its flag falls or a byo-yomi period is lost
        (the device then plays at once); byo-yomi's main time running out costs nothing."""
        return self.left[colour] < ms and (self.kind != BYOYOMI or self.overtime[colour])

    def seconds(self, colour):
        """The whole seconds shown for colour: rounded up, so 0 shows only when the flag
        falls. Shown again (ui/play.py) when it changes."""
        return (self.left[colour] + 999) // 1000

    def text(self, colour):
        """colour's time as the game screen shows it: "4:59", or in byo-yomi's overtime the
        periods left and the seconds of this one, "3x25s"."""
        seconds = self.seconds(colour)
        if self.kind == BYOYOMI and self.overtime[colour] and seconds:
            return "%dx%ds" % (self.periods[colour], seconds)
        return "%d:%02d" % (min(seconds // 60, 999), seconds % 60)

    def facts(self, facts):
        """Put what a record says of the clock into facts (stones.recordfiles.record_facts):
        "time", the main time in seconds (SGF's TM), and but for sudden death "overtime"
        (SGF's OT: "3x30 byo-yomi", "10 Fischer")."""
        facts["time"] = str(self.main_s)
        if self.kind == BYOYOMI:
            facts["overtime"] = "%dx%d byo-yomi" % (self.spec_periods, self.period_s)
        elif self.kind == FISCHER:
            facts["overtime"] = "%d Fischer" % self.increment_s

    def encode(self):
        """The clock as one word of the game save (no space): its kind and settings, then each
        side's left ms, periods and overtime."""
        return "%s,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d" % (
            _LETTERS[self.kind], self.main_s, self.spec_periods, self.period_s,
            self.increment_s, self.left[1], self.periods[1], self.overtime[1], self.left[2],
            self.periods[2], self.overtime[2])


def decode(word):
    """The Clock of a game save's clock word (encode); GameError naming what does not hold."""
    from stones.engine.game import GameError

    fields = word.split(",")
    if len(fields) != 11 or len(fields[0]) != 1 or fields[0] not in _LETTERS[1:]:
        raise GameError("clock %r" % word[:16])
    numbers = []
    for field in fields[1:]:
        if not field.isdigit() or len(field) > 9:
            raise GameError("clock field %r" % field[:12])
        numbers.append(int(field))
    clock = Clock(_LETTERS.index(fields[0]), numbers[0], numbers[1], numbers[2], numbers[3])
    for colour, at in ((1, 4), (2, 7)):
        left, periods, over = numbers[at:at + 3]
        if (left > _MOST_LEFT_MS or periods > clock.spec_periods or over > 1
                or (over and clock.kind != BYOYOMI)
                or (clock.kind == BYOYOMI and (left > clock.period_s * 1000 if over
                                               else left > clock.main_s * 1000 or not left))):
            raise GameError("clock of %s" % ("Black", "White")[colour - 1])
        clock.left[colour] = left
        clock.periods[colour] = periods
        clock.overtime[colour] = over
    return clock
