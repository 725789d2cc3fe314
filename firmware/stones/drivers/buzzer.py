"""The buzzer: short named sounds, played note by note from the app loop, never blocking it.

Screens say what happened (app.sound("stone")), not how it sounds; SOUNDS says that, as
(frequency Hz, length ms) notes, a frequency of 0 being a rest. The Buzzer is pure logic over
an injected clock and an output with tone(hz) and off(): PwmTone below on a Pico (machine.PWM),
stones.platforms.pi.GpioTone on a Raspberry Pi (gpiozero), stones.platforms.fakes.FakeTone in the
simulator and the tests. A new sound cuts the one playing; playing allocates nothing.
"""

SOUNDS = {
    "stone": ((1800, 15),),  # a stone is placed: a click
    "illegal": ((196, 90), (0, 40), (196, 90)),  # a move refused: two low buzzes
    "end": ((523, 90), (659, 90), (784, 220)),  # the game is over: C E G
}


class Buzzer:
    def __init__(self, output, clock):
        self.output = output
        self.clock = clock
        self.notes = ()
        self.index = 0
        self.until = 0

    def play(self, name):
        self.notes = SOUNDS[name]
        self.index = 0
        self._start(self.clock.ticks_ms())

    def tick(self, now):
        """Move to the next note when the current one has lasted its length."""
        if self.notes and self.clock.ticks_diff(now, self.until) >= 0:
            self.index += 1
            self._start(now)

    @property
    def playing(self):
        return bool(self.notes)

    def stop(self):
        self.notes = ()
        self.output.off()

    def _start(self, now):
        if self.index >= len(self.notes):
            self.stop()
            return
        hz, ms = self.notes[self.index]
        if hz:
            self.output.tone(hz)
        else:
            self.output.off()
        self.until = self.clock.ticks_add(now, ms)


class PwmTone:
    """A passive piezo on a Pico GPIO, driven by the RP2040's PWM at half duty."""

    def __init__(self, pin):
        from machine import PWM, Pin

        self.pwm = PWM(Pin(pin))
        self.pwm.duty_u16(0)

    def tone(self, hz):
        self.pwm.freq(hz)
        self.pwm.duty_u16(32768)

    def off(self):
        self.pwm.duty_u16(0)
