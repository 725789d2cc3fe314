"""A web page: the app under MicroPython's WebAssembly port, its hardware played by the page.

make_web(page) builds the device's parts from `page`, an object of the page's JavaScript
(host_tools/web/stones.js registers it as the module `page`; the tests pass a Python stand-in):

    page.store_get(key)          the string stored under key, or None    (localStorage)
    page.store_set(key, text)    store it (synchronously: it is kept once this returns)
    page.store_remove(key)
    page.store_keys()            every stored key, one a line, as one string
    page.tone(hz)                the buzzer: a square wave at hz, 0 for silence

and, on a page served with the link's relay (host_tools/web/serve.py), the link's WebSocket:

    page.link_address()          the address the page's Link field holds ("HOST:PORT")
    page.link_open(host, where)  open it: host 1 listens on where's port at the relay's end
                                 for a device to call, 0 has the relay call where
    page.link_state()            LINK_CLOSED, LINK_OPENING (the relay calling, or waiting for
                                 a caller) or LINK_OPEN (bytes pass)
    page.link_read(n)            up to n of the bytes that came, as base64 text ("": none)
    page.link_write(text)        send these bytes (base64); false when it is not open
    page.link_close()

The panel is drivers.memorypanel.MemoryPanel (the page draws its `frame`), the buttons are PagePins
the page presses and releases under the real Buttons logic, and the flash is PageFS: files kept
in the page's store, each written there whole when it is closed, so stones.storage's two slots
keep their guarantee (a page closed mid-save loses at most that save, never the one before it).
PagePipe is the link's pipe (stones/link/pipes.py's interface) over the page's WebSocket (boot
wraps it in the app's Links): a page cannot open TCP, so the page's server relays it to the
other device.

The page cannot block, so nothing here loops forever: Loop.frame(ms) runs app steps for about
that long on the runtime's own clock (the page calls it once an animation frame), and with a
ManualClock Loop.run(ms) lets exactly ms simulated milliseconds pass in 5 ms steps, as the
simulator does, so a script gives the simulator's frames. At "Pico speed" (Loop.pico, with the
Pico's measured playouts a second per game in Loop.rates) frame() holds the device's thinking
back to the Pico's pace, so a move takes about as long as on the device. boot.web() wires the
app.
"""

from stones.compat import const

TICK_MS = const(5)  # the manual clock's step: the simulator's
PICO_TICK_MS = const(100)  # at Pico speed, the longest the app waits between steps
_MASK = const((1 << 30) - 1)
_HALF = const(1 << 29)
PREFIX = "pocket-stones/"  # the store's keys for this app's files start with it
LINK_CLOSED = const(0)
LINK_OPENING = const(1)
LINK_OPEN = const(2)
REOPEN_MS = const(1000)  # a closed link's WebSocket is opened again no sooner than this


class PagePin:
    """A button the page presses: active low, like a Pico's with its pull-up."""

    def __init__(self):
        self.level = 1

    def value(self):
        return self.level


class ManualClock:
    """ticks_ms that moves only when told (advance), with MicroPython's wrap at 2**30: a page
    run by a test steps it as the simulator steps its FakeClock."""

    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def advance(self, ms):
        self.now = (self.now + ms) & _MASK

    @staticmethod
    def ticks_add(ticks, delta):
        return (ticks + delta) & _MASK

    @staticmethod
    def ticks_diff(end, start):
        diff = (end - start) & _MASK
        return diff - (_MASK + 1) if diff >= _HALF else diff


class PageTone:
    """The buzzer's output (drivers.buzzer's tone protocol) as the page's sound."""

    def __init__(self, page):
        self.page = page
        self.hz = 0

    def tone(self, hz):
        self.hz = hz
        self.page.tone(hz)

    def off(self):
        if self.hz:
            self.hz = 0
            self.page.tone(0)


class PageFS:
    """Files in the page's store under PREFIX + name, their bytes as base64 text; the methods
    stones.storage.RealFS has (open, remove, rename, listdir, mkdir, size). Folders are name
    prefixes."""

    def __init__(self, page):
        self.page = page

    def _text(self, name):
        text = self.page.store_get(PREFIX + name)
        if text is None:
            raise OSError(2, "ENOENT")
        return text

    def _get(self, name):
        return _decode(self._text(name))

    def put(self, name, data):
        self.page.store_set(PREFIX + name, _encode(data))

    def open(self, name, mode):
        if "w" in mode:
            return PageFile(self, name, b"", True)
        return PageFile(self, name, self._get(name), False)

    def remove(self, name):
        self._text(name)  # ENOENT when there is none, as os.remove says
        self.page.store_remove(PREFIX + name)

    def rename(self, old, new):
        """The file under its new name (one store write), then the old name gone."""
        self.page.store_set(PREFIX + new, self._text(old))
        self.page.store_remove(PREFIX + old)

    def listdir(self, folder=""):
        prefix = PREFIX + (folder + "/" if folder else "")
        names = []
        for key in (self.page.store_keys() or "").split("\n"):
            if key.startswith(prefix) and "/" not in key[len(prefix):]:
                names.append(key[len(prefix):])
        names.sort()
        return names

    def mkdir(self, folder):
        pass  # a folder is a prefix of its files' keys

    def size(self, name):
        return len(self._get(name))


class PageFile:
    """An open file of PageFS: reads from the bytes it was opened with; writes are kept and go
    to the store whole at close()."""

    def __init__(self, fs, name, data, writing):
        self.fs = fs
        self.name = name
        self.data = bytearray(data)
        self.writing = writing
        self.offset = 0

    def write(self, data):
        if not self.writing:
            raise OSError(9, "EBADF")
        self.data.extend(data)
        return len(data)

    def read(self, n=-1):
        end = len(self.data) if n < 0 else min(len(self.data), self.offset + n)
        chunk = bytes(self.data[self.offset:end])
        self.offset = end
        return chunk

    def close(self):
        if self.writing:
            self.writing = False
            self.fs.put(self.name, self.data)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if exc[0] is None:
            self.close()
        return False


def _decode(text):
    import binascii

    # (bytes: the WebAssembly port's binascii, a Python module, decodes no str)
    return binascii.a2b_base64(text.encode())


def _encode(data):
    import binascii

    return binascii.b2a_base64(data).decode().strip()


class PagePipe:
    """The link's pipe over the page's WebSocket to its server, which relays it to the other
    device over TCP: as the side that joins, the relay calls the address; as the host, it
    listens on the address's port for the other device. Nothing blocks: the page opens the
    socket and the relay calls in the background, and reopen() only asks the page to try again
    (once every REOPEN_MS of the app's clock) after the socket closed: the other device gone,
    the relay's refusal, a bad frame."""

    def __init__(self, page, clock, host, address):
        self.page = page
        self.clock = clock
        self.host = host
        self.address = address
        port = address.rpartition(":")[2]
        self.name = "TCP port %s" % port if host else "TCP " + address
        self.tried = None  # when the page was last asked to open it, or None

    def is_open(self):
        return self.page.link_state() == LINK_OPEN

    def reopen(self):
        state = self.page.link_state()
        if state == LINK_CLOSED:
            clock = self.clock
            now = clock.ticks_ms()
            if self.tried is None or clock.ticks_diff(now, self.tried) >= REOPEN_MS:
                self.tried = now
                self.page.link_open(1 if self.host else 0, self.address)
        return state == LINK_OPEN

    def readinto(self, buf):
        text = self.page.link_read(len(buf))
        if not text:
            return 0
        data = _decode(text)
        n = len(data)
        buf[:n] = data
        return n

    def write(self, data):
        if not self.page.link_write(_encode(data)):
            raise OSError("link closed")

    def close(self):
        self.page.link_close()


def make_web(page, height=64, manual=False):
    """(buttons, pins, display, clock, tone, fs) for a page: the panel 128 wide and `height`
    tall (64, or 128 for the square panel), the runtime's clock or a ManualClock."""
    from stones import compat
    from stones.drivers.buttons import BUTTON_NAMES, Buttons
    from stones.drivers.memorypanel import MemoryPanel

    clock = ManualClock() if manual else compat
    pins = {}
    for name in BUTTON_NAMES:
        pins[name] = PagePin()
    buttons = Buttons(pins, clock)
    return buttons, pins, MemoryPanel(128, height), clock, PageTone(page), PageFS(page)


class Loop:
    """The app's main loop cut into calls the page makes (App.run's loop never returns).

    A tap can be let go before the app has polled the button long enough to debounce it (a
    slow frame, a quick click): unless `exact` (a test's manual clock, where a press lasts what
    the script says), a release waits until the app has seen the press, so none is lost."""

    def __init__(self, app, pins, clock, exact=False):
        self.app = app
        self.pins = pins
        self.clock = clock
        self.exact = exact
        self.letting_go = []  # buttons released on the page, still held until the app saw them
        self.rates = {}  # game key -> the Pico's playouts a second (the page's Pico speed)
        self.pico = False  # pace the device's thinking to self.rates
        self.thinking = None  # the search being paced, and when it began
        self.replay_screen = None  # the replay the page opened (replay), while it is open
        self.began = 0
        self.stepped = 0

    def press(self, name):
        if name in self.letting_go:
            self.letting_go.remove(name)
        self.pins[name].level = 0

    def release(self, name):
        if self.exact or self.app.buttons.is_pressed(name):
            self.pins[name].level = 1
        elif name not in self.letting_go:
            self.letting_go.append(name)

    def _step(self):
        handled = self.app.step()
        if self.letting_go:
            for name in self.letting_go[:]:
                if self.app.buttons.is_pressed(name):
                    self.letting_go.remove(name)
                    self.pins[name].level = 1
        return handled

    def run(self, ms):
        """ManualClock: let ms milliseconds pass, a step every TICK_MS (the simulator's way)."""
        while ms > 0:
            step = TICK_MS if ms > TICK_MS else ms
            self.clock.advance(step)
            self._step()
            ms -= step

    def set_rate(self, key, playouts_per_s):
        self.rates[key] = playouts_per_s

    def frame(self, ms):
        """The runtime's clock: step the app for up to about ms milliseconds. Like App.run it
        goes on at once after a step that handled a press; while the device thinks it goes
        on for the whole ms (at Pico speed, only while its playouts are behind the Pico's);
        else one step is enough until the next frame."""
        clock = self.clock
        start = clock.ticks_ms()
        while True:
            if self.ahead():
                return
            handled = self._step()
            self.stepped = clock.ticks_ms()
            if clock.ticks_diff(self.stepped, start) >= ms:
                return
            if not handled and getattr(self.app.top, "thinking", None) is None:
                return

    def ahead(self):
        """At Pico speed: whether the device's search has done more playouts than the Pico
        would have by now, so the app waits (a step every PICO_TICK_MS all the same, as the
        Pico's loop reads the buttons between its thinking ticks)."""
        thinking = getattr(self.app.top, "thinking", None)
        if thinking is None or not self.pico:
            self.thinking = None
            return False
        now = self.clock.ticks_ms()
        if thinking is not self.thinking:
            self.thinking = thinking
            self.began = now
        rate = self.rates.get(thinking.game.key)
        if not rate:
            return False
        due = rate * self.clock.ticks_diff(now, self.began) // 1000
        return (thinking.search.playouts > due
                and self.clock.ticks_diff(now, self.stepped) < PICO_TICK_MS)

    def replay(self, game):
        """Open the replay screen on a finished game (a record file the page was given); B
        leaves it for whatever was on the panel before. A replay the page opened before and
        that is still open gives way to it (the next B does not go back to that one)."""
        if self.replaying():
            self.app.back()
        self.app.open("replay", game)
        self.replay_screen = self.app.top
        self.app.refresh()

    def replaying(self):
        """Whether the replay the page last opened is still on the panel: the page's status
        line speaks of it until B leaves it (or anything else takes it away)."""
        screen = self.replay_screen
        if screen is not None and self.app.top is not screen:
            self.replay_screen = screen = None  # gone: its status is over
        return screen is not None

    def frames_sent(self):
        return self.app.display.frames_sent

    def picture(self):
        """What the panel shows now, for the page to draw: its frame (MONO_VLSB), then a byte
        1 if it is on, then its contrast level."""
        display = self.app.display
        return bytes(display.frame) + bytes((1 if display.on else 0, display.contrast_level))
