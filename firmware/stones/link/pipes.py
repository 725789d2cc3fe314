"""The pipes a link runs over, behind one interface, none of them blocking:

    readinto(buf) -> n   the bytes that have come (0: none yet); OSError once the pipe broke
    write(data)          send (best effort: a broken pipe drops it and is_open says so)
    is_open()            whether bytes can pass now
    reopen() -> bool     try once, without waiting, to open it again
    name                 a few words for the System screen ("UART 0", "TCP 10.0.0.2:4455")

Links: what a platform hands the app, to open a pipe as host or joiner. Choice: Links the
player chooses between (a Pico map offering its cable and its USB), one open at a time.
MemoryPipe: a pair in memory (memory_pair), for the tests: cut() and mend() break and restore
it, and what one end writes can be changed on its way (through: a function of the bytes).
UartPipe: a machine.UART (or anything with any, readinto and write) made by the platform from
the board's pin map, always open.
UsbPipe: a Pico's own USB serial, the REPL's CDC (a map's "link": {"usb": true}), over
sys.stdin.buffer and sys.stdout.buffer. The TCP and local-socket pipe for CPython hosts is
stones/platforms/netpipe.py, the serial port's stones/platforms/serialpipe.py.
"""


class Links:
    """What a platform hands the app (App.links): how to open a pipe, as the side that hosts
    (host True) or the one that joins; name says which (a cable, a network). A network's also
    has the address it was given, the one a joiner chose instead (target, set by ui/lan.py)
    and, where its hosts announce themselves, lan (stones/platforms/netpipe.py's NetLinks and
    Lan; the tests' stones.platforms.fakes.FakeLan). release (or None) is called once the app
    has stopped: what the pipes held goes back (UsbPipe.release). choices: the names a Choice
    chooses between (one transport: none)."""

    choices = ()

    def __init__(self, make, name, address="", lan=None, release=None):
        self.make = make
        self.name = name
        self.address = address
        self.target = ""
        self.lan = lan
        self.on_release = release

    def open(self, host):
        return self.make(host)

    def release(self):
        if self.on_release is not None:
            self.on_release()


class Choice(Links):
    """Links of more than one transport, the player's choice (the System screen's Link via row,
    App.choose_link): options [(name, make)], make() -> the Links of that one, called when it
    is chosen, so only the chosen one holds anything (a USB link owns the REPL's serial, and
    Ctrl-C is off, only while it is chosen). choose(name) takes that one (a name not offered:
    the first) and releases the one it leaves; open and release are the chosen one's."""

    def __init__(self, options):
        Links.__init__(self, None, options[0][0])
        self.choices = tuple(name for name, _ in options)
        self.makers = tuple(make for _, make in options)
        self.chosen = None

    def choose(self, name):
        """Link on the transport named from now on; the name taken."""
        if name not in self.choices:
            name = self.choices[0]
        if self.chosen is not None and name == self.name:
            return name
        self.release()
        self.chosen = None  # (the one left goes before the next is made)
        self.chosen = self.makers[self.choices.index(name)]()
        self.name = name
        return name

    def open(self, host):
        if self.chosen is None:
            self.choose(self.name)
        return self.chosen.open(host)

    def release(self):
        if self.chosen is not None:
            self.chosen.release()


class MemoryPipe:
    def __init__(self, name="memory"):
        self.name = name
        self.inbox = bytearray()
        self.other = self  # the other end (memory_pair sets it)
        self.open = True
        self.through = None  # what the bytes this end writes become on the way, or None
        self.written = 0

    def readinto(self, buf):
        n = min(len(buf), len(self.inbox))
        if not n:
            return 0
        buf[:n] = self.inbox[:n]
        self.inbox = self.inbox[n:]
        return n

    def write(self, data):
        if not self.open:
            raise OSError("link cut")
        self.written += len(data)
        if self.through is not None:
            data = self.through(bytes(data))
        self.other.inbox.extend(data)

    def is_open(self):
        return self.open

    def reopen(self):
        return self.open

    def cut(self):
        """Break the pipe both ways; what was on its way is lost."""
        for end in (self, self.other):
            end.open = False
            end.inbox = bytearray()

    def mend(self):
        for end in (self, self.other):
            end.open = True


def memory_pair():
    a = MemoryPipe("memory A")
    b = MemoryPipe("memory B")
    a.other = b
    b.other = a
    return a, b


class UartPipe:
    """A UART link: TX to the other device's RX, RX to its TX, GND to GND."""

    def __init__(self, uart, name="UART"):
        self.uart = uart
        self.name = name

    def readinto(self, buf):
        if not self.uart.any():
            return 0
        n = self.uart.readinto(buf)
        return n or 0

    def write(self, data):
        self.uart.write(data)

    def is_open(self):
        return True

    def reopen(self):
        return True


class UsbPipe:
    """The link over the USB serial that is also the REPL's console (MicroPython's rp2 port has
    one CDC interface; a second through machine.USBDevice would need micropython-lib's
    usb-device-cdc frozen in and re-enumerate the device). Made, it owns the console: kbd_intr
    (micropython.kbd_intr) is told -1, so a 0x03 among the link's bytes is a byte, not Ctrl-C
    stopping the app; release() gives it back (3). Reads take only what poller (a select.poll
    with stdin registered for reading) says has come, a byte at a time: a stream's readinto
    waits until its buffer is full. The app's console output shares the wire; the other side's
    frame parser passes over it. Always open, like a cable: the host's side of the USB comes
    and goes without the Pico knowing."""

    def __init__(self, stdin, stdout, poller, kbd_intr, name="USB"):
        self.stdin = stdin
        self.stdout = stdout
        self.poller = poller
        self.kbd_intr = kbd_intr
        self.name = name
        self.byte = bytearray(1)
        kbd_intr(-1)

    def ready(self):
        for _ in self.poller.ipoll(0):  # (ipoll allocates nothing)
            return True
        return False

    def readinto(self, buf):
        one = self.byte
        n = 0
        size = len(buf)
        while n < size and self.ready():
            if not self.stdin.readinto(one):
                break
            buf[n] = one[0]
            n += 1
        return n

    def write(self, data):
        self.stdout.write(data)

    def is_open(self):
        return True

    def reopen(self):
        return True

    def release(self):
        self.kbd_intr(3)
