"""The simulated device and the script runner, in the subset of Python that MicroPython runs.

Both runtimes use this module: host_tools/sim/cli.py on CPython, and host_tools/sim/mp/sim_device.py
under the MicroPython unix port (--runtime micropython), so a script drives exactly the same
code either way. The device is the real firmware app over the firmware's own fakes: FakePins
under the real Buttons logic (debounce, long press, repeat), a FakeClock that only moves when
the script says so, the real Buzzer over a FakeTone that records the notes, and the real
SSD1306/SH1106 driver over a FakeI2C (so the bytes a panel would receive are counted by the
driver itself).

Script language, one step a line ('#' starts a comment):

    up down left right a b menu     a short press (press, 60 ms, release, 60 ms)
    hold NAME MS                    press, keep it down MS milliseconds, release
    wait MS                         let MS milliseconds pass
    shot NAME                       save the current frame as NAME
    play POINT                      (extension) on a board screen, press the d-pad along the
                                    shortest path to POINT (D5, d4), then A; `play pass` opens
                                    the in-game menu and picks Pass
"""

from stones.drivers.buttons import BUTTON_NAMES, Buttons
from stones.drivers.buzzer import Buzzer
from stones.platforms.fakes import FakeClock, FakeFS, FakeI2C, FakePin, FakeTone
from stones.session import Session
from stones.storage import Store
from stones.ui.app import App

TICK_MS = 5  # the simulated main loop polls every 5 ms
PRESS_MS = 60  # a short press: held this long, then as long again released


class ScriptError(Exception):
    pass


def make_display(kind, width=128, height=64):
    """A panel of the given kind: the real driver over a FakeI2C where there is one."""
    if kind in ("ssd1306", "sh1106", "ssd1309"):
        from stones.drivers import ssd1306

        cls = ssd1306.SH1106 if kind == "sh1106" else ssd1306.SSD1306
        return cls(width, height, FakeI2C(keep=0))  # counts bytes, keeps none
    if kind == "ssd1327":
        from stones.drivers.memorypanel import MemoryPanel

        return MemoryPanel(128, 128)
    raise ScriptError("unknown display %r" % kind)


class NullPanel:
    """A 128x64 panel that draws nothing: the fuzz's on CPython, where no frame is read back and
    drawing the pixels in pure Python (stones.drivers.framebuf_py) was a third of its time. Each
    call still checks its arguments as MicroPython's C framebuf does (integers where it takes
    integers, a string to text), so a screen that would fail drawing on the device fails here.
    The MicroPython fuzz draws with the real framebuf."""

    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.frames = 0  # show() calls

    # x | y ... raises TypeError for anything but integers (bools pass, as in C): the check

    def fill(self, c):
        c | 0

    def fill_rect(self, x, y, w, h, c):
        x | y | w | h | c

    def pixel(self, x, y, c=None):
        x | y
        if c is None:
            return 0
        c | 0

    def hline(self, x, y, w, c):
        x | y | w | c

    def vline(self, x, y, h, c):
        x | y | h | c

    def line(self, x1, y1, x2, y2, c):
        x1 | y1 | x2 | y2 | c

    def rect(self, x, y, w, h, c, f=False):
        x | y | w | h | c

    def ellipse(self, x, y, xr, yr, c, f=False, m=15):
        x | y | xr | yr | c | m

    def text(self, s, x, y, c=1):
        if not isinstance(s, str):
            raise TypeError("can't convert %s to str" % type(s).__name__)
        x | y | c

    def blit(self, fbuf, x, y, key=-1, palette=None):
        x | y | key

    def scroll(self, xstep, ystep):
        xstep | ystep

    def show(self):
        self.frames += 1


class Device:
    """The whole simulated device: clock, buttons, display, storage, app.

    display is a panel kind (make_display) or a panel object. fs is its flash: a FakeFS in
    memory by default (every run starts fresh), or any object with the same methods
    (storage.RealFS over a folder keeps games across runs, like a device).
    buzzer=False leaves the buzzer out, as a build without one; tone replaces its FakeTone.
    battery is a stones.drivers.battery.Battery (over a FakeADC) or None, as the simulator has.
    board is the label the System screen names the board by (a pin map's "label"), or None.
    links: how it links to another device (stones.link.pipes.Links), or None; clock: a FakeClock
    shared with another simulated device (two linked on one clock).
    A board with fewer controls: controls names the buttons with a pin, profile is its pin map's
    "input" (a hold or chord pressing the others), legend its "legend"."""

    def __init__(self, display="ssd1306", fs=None, platform="simulator", buzzer=True, tone=None,
                 battery=None, board=None, links=None, clock=None, controls=BUTTON_NAMES,
                 profile=None, legend=None):
        self.clock = clock or FakeClock()
        self.pins = {}
        for name in controls:
            self.pins[name] = FakePin()
        self.buttons = Buttons(self.pins, self.clock, **(profile or {}))
        self.display = make_display(display) if isinstance(display, str) else display
        self.fs = fs if fs is not None else FakeFS()
        self.session = Session(Store(self.fs))
        # The pin maps fit a buzzer: its output records the notes (tone: another output, such
        # as the window's speaker).
        self.tone = (tone or FakeTone(self.clock)) if buzzer else None
        self.app = App(self.display, self.buttons, self.clock, session=self.session,
                       platform=platform, buzzer=Buzzer(self.tone, self.clock) if buzzer else None,
                       battery=battery, board=board, links=links, legend=legend)
        self.app.start()

    def set_battery(self, volts):
        """Preview a battery at volts (the cell's voltage, as the system screen shows it): a
        simulated cell is fitted if there was none, read at once (not smoothed from the last
        level), so the icon and any warning show now. Returns the voltage read."""
        from stones.drivers.battery import DIODE_MV, Battery
        from stones.platforms.fakes import FakeADC

        mv = int(round(volts * 1000))
        app = self.app
        if app.battery is None:
            app.battery = Battery(FakeADC())
        app.battery.adc.millivolts = max(0, mv - DIODE_MV)  # the ADC reads VSYS, after the diode
        app.battery.mv = 0  # no smoothing from the last level: a preview shows at once
        app.check_battery(self.clock.ticks_ms())
        app.refresh()
        return app.battery.mv

    def run(self, ms):
        """Let ms milliseconds pass, the app polling every TICK_MS."""
        while ms > 0:
            step = TICK_MS if ms > TICK_MS else ms
            self.clock.advance(step)
            self.app.step()
            ms -= step

    def press(self, name, ms=PRESS_MS):
        pin = self.pin(name)
        pin.press()
        self.run(ms)
        pin.release()
        self.run(PRESS_MS)

    def play(self, point):
        """Walk the cursor to point by d-pad presses, then press A (or pass from the menu)."""
        screen = self.app.top
        view = getattr(screen, "view", None)
        if view is None:
            raise ScriptError("no board on the screen (%s)" % screen.module_name)
        if point.lower() == "pass":
            self.press("menu")
            self.press("down")
            self.press("a")
            return
        try:
            target = view.grid.parse(point)
        except ValueError as error:
            raise ScriptError(str(error))
        for button in path(view, target):
            self.press(button)
        self.press("a")

    def pin(self, name):
        if name not in self.pins:
            raise ScriptError("no button %r (buttons: %s)" % (name, " ".join(BUTTON_NAMES)))
        return self.pins[name]

    def summary(self):
        """One line: the screen, the game, whose turn, the score or result."""
        app = self.app
        screen = app.top.module_name if app.stack else "-"
        game = app.game
        if game is None:
            return "screen=%s game=none" % screen
        words = ["screen=" + screen, "game=" + game.key, "size=%d" % game.size,
                 "moves=%d" % game.count]
        if game.over:
            words.append("result=" + game.result().gtp())
        else:
            words.append("to_move=" + ("black" if game.to_move == 1 else "white"))
        return " ".join(words)


DIRECTIONS = (("up", 0, 1), ("down", 0, -1), ("left", -1, 0), ("right", 1, 0))


def path(view, target):
    """The d-pad presses that take view's cursor to target, found breadth-first with the view's
    own stepping rule. A state is (point, remembered column), as on the device: on hex boards
    up and down keep to the column the cursor last moved along."""
    saved = view.want_x
    start = (view.cursor, view.want_x)
    seen = {start: None}
    queue = [start]
    i = 0
    try:
        while i < len(queue):
            state = queue[i]
            i += 1
            if state[0] == target:
                steps = []
                while seen[state] is not None:
                    state, name = seen[state]
                    steps.append(name)
                steps.reverse()
                return steps
            p, want_x = state
            for name, dcol, drow in DIRECTIONS:
                view.want_x = want_x
                q = view._step(p, dcol, drow)
                after = (q, view.px[q] if dcol else want_x)
                if q != p and after not in seen:
                    seen[after] = (state, name)
                    queue.append(after)
    finally:
        view.want_x = saved
    raise ScriptError("cannot reach that point")


def run_script(device, lines, shot):
    """Run script lines on device; shot(name) is called for each 'shot NAME'."""
    for number, raw in enumerate(lines):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        command = words[0].lower()
        try:
            if command in BUTTON_NAMES and len(words) == 1:
                device.press(command)
            elif command == "hold" and len(words) == 3:
                device.press(words[1].lower(), int(words[2]))
            elif command == "wait" and len(words) == 2:
                device.run(int(words[1]))
            elif command == "shot" and len(words) == 2:
                shot(words[1])
            elif command == "play" and len(words) == 2:
                device.play(words[1])
            else:
                raise ScriptError("cannot read this step")
        except (ValueError, ScriptError) as error:
            raise ScriptError("line %d: %r: %s" % (number + 1, raw.strip(), error))


class FuzzFailure(Exception):
    pass


THIN = 1024  # the fuzz's device players run one playout in THIN (ThinSearch)


class ThinSearch:
    """The fuzz's computer player: the app's own Search, made from the search module as it is
    loaded now (the app drops and reloads it between games), on a budget THIN times smaller,
    running one playout for every THIN the app asks for. Its moves still take the app's ticks
    (at least THIN playouts' worth of asking), so presses land while it thinks, MENU forces it
    and the progress bar moves, through every path of the search (its tree kept between moves,
    pondering, hints), while the playouts, most of a fuzz's time at full strength, are few: a
    move is the root's priors and tactics and a playout or a few. Everything else is the
    Search's. What it costs the fuzz: the search's deeper trees go unvisited here (the search's
    own tests walk them); --thin 1 restores them.
    """

    def __init__(self, thin=THIN):
        from stones.engine.search import Search

        self.search = Search()
        self.thin = thin
        self.owed = 0  # playouts asked for and not yet run (fewer than thin)

    def begin(self, game, budget, seed=1, tuning=None, keep=False):
        self.owed = 0
        if budget > 0:
            budget = max(1, budget // self.thin)
        self.search.begin(game, budget, seed, tuning, keep)

    def step(self, playouts=1):
        owed = self.owed + playouts
        self.owed = owed % self.thin
        return self.search.step(owed // self.thin)

    def __getattr__(self, name):
        return getattr(self.search, name)


def _check(app, n):
    """The fuzz's checks of the app as it is after event n: no error caught, the game sound."""
    if app.error is not None:
        raise FuzzFailure("event %d: the app caught %s: %s"
                          % (n, type(app.error).__name__, app.error))
    if app.game is not None:
        broken = app.game.broken()
        if broken:
            raise FuzzFailure("event %d: %s" % (n, broken))


def fuzz(device, events, seed=1, check_every=500, report=None, thin=THIN):
    """Hostile input: `events` random button events on device (presses, releases, long holds,
    chords, all at random moments), seeded for reproduction.

    Fails (FuzzFailure) if the app's top-level handler ever had to catch an error, or if the
    game's structures disagree (Game.broken, checked every check_every events and at the end),
    or if the live heap grows across games: it is
    sampled at the menu with no game in progress, once a first game has finished (so the
    one-time loading of the board, score and opponent code is behind it), and the caller
    compares the last sample with the first (the unix port's figures; CPython reports none).
    Only the first, the last and the highest sample are kept: a list of every sample would
    itself grow in the heap it measures (it did: a 4 KB step each time it doubled).
    thin: the device players' search runs one playout in thin (ThinSearch); 1 for the full
    search. Returns a summary dict.
    """
    import gc


    if thin > 1 and device.app.searcher is None:
        device.app.searcher = lambda: ThinSearch(thin)
    # CPython only: the firmware collects at every screen change, and CPython's full collection
    # walks every object of the process. Frozen objects are skipped, so each collection walks
    # only what was made since; at each check they are unfrozen, all collected and frozen again.
    # (Nothing depends on when CPython frees; the unix port's heap, measured, is untouched.)
    freeze = getattr(gc, "freeze", None)
    if freeze is not None:
        gc.collect()
        freeze()
    try:
        summary = _fuzz(device, events, seed, check_every, report, freeze)
    finally:
        if freeze is not None:
            gc.unfreeze()
    summary["thin"] = thin
    return summary


def _fuzz(device, events, seed, check_every, report, freeze):
    import gc

    from stones.engine.rng import Rng

    rng = Rng(seed)
    # weighted towards A, MENU and DOWN (passing is MENU, DOWN, A) so that games do finish
    names = ("a",) * 6 + ("menu",) * 3 + ("down",) * 3 + ("up", "left", "right", "b") * 2
    held = []
    games = 0
    first = last = peak = None
    sampled = 0
    was_playing = None  # the game in play after the last event
    last_top = ""
    for n in range(events):
        roll = rng.below(100)
        if roll < 55 or not held:  # press a button that is up
            pin = names[rng.below(len(names))]
            if pin not in held:
                device.pins[pin].press()
                held.append(pin)
        else:  # release one that is down
            pin = held.pop(rng.below(len(held)))
            device.pins[pin].release()
        wait = rng.below(100)
        device.run(5 + (rng.below(900) if wait < 8 else wait % 40))  # now and then a long hold
        app = device.app
        if app.error is not None:
            raise FuzzFailure("event %d: the app caught %s: %s"
                              % (n, type(app.error).__name__, app.error))
        playing = app.game is not None
        if was_playing is not None and app.game is not was_playing:
            games += 1  # over (or given up): to the menu, or a rematch's new game
        was_playing = app.game
        if n % check_every == 0:
            _check(app, n)
            if freeze is not None:
                gc.unfreeze()
                gc.collect()
                freeze()
        top = app.top.module_name
        if top != last_top:
            last_top = top
            if games and not playing and top == "menu" and hasattr(gc, "mem_alloc"):
                gc.collect()
                flash = device.fs.footprint() if hasattr(device.fs, "footprint") else 0
                last = gc.mem_alloc() - flash
                if first is None:
                    first = last
                peak = last if peak is None or last > peak else peak
                sampled += 1
        if report and n % 100000 == 0:
            report(n, games)
    for pin in held:
        device.pins[pin].release()
    device.run(100)
    _check(device.app, events)
    growth = last - first if sampled > 1 else 0
    return {"events": events, "games": games, "heap_samples": sampled, "growth": growth,
            "first": first, "last": last, "peak": peak}
