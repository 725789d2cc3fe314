"""The app: a stack of screens, button events in, framebuf drawing out.

The App owns nothing concrete. It is handed a display (any framebuf.FrameBuffer with width,
height and show(); a driver, a luma adapter or the simulator's memory panel), a source of button
events (drivers.buttons.Buttons.poll), a clock (ticks_ms/ticks_diff) and optionally a session
(stones.session: settings, the game in progress, finished records) and a searcher, the factory of
the computer player's search (default engine.search.Search). The platform module builds
those and calls App(...).run(). With a session, start() resumes a game in progress.

Screens are classes in their own modules (ui/menu.py, ui/play.py, ...). A screen module is
imported when the screen opens and dropped from sys.modules when no open screen needs it, then
the heap is collected: on a Pico only the screens in use occupy memory, next to the one engine.

A screen has:
    draw(fb)            draw everything (after opening, or when the app says so)
    handle(event)       one button event (see drivers.buttons); may call app.open/back/home
    tick(now)           optional: time passing (messages expiring, the computer thinking)
    close()             optional: called as the screen leaves the stack (stop a search)
    on_top(now)         optional: the screen is on top again, opened or uncovered (a game's
                        clock does not count the time another screen was over it)
    thinking            optional: not None while the device thinks (the panel stays awake)
    working()           optional: true while it has pondering to do (the loop does not wait)
and sets screen.dirty = True when it needs a full redraw, or draws partly itself and sets
screen.shown = True to ask for show() only. The app sets screen.module_name (the ui module it
was opened from, "play", "menu"...) as it opens it, and unloads that module with the last
screen of it.

Power. After the system screen's Sleep time without a press the panel dims, after twice that it
is switched off (the SSD1306's display-off; the Pi's service blanks it the same way); while it is
off nothing is sent to it and, on a Pico running from its cell, the loop sleeps in
machine.lightsleep between polls (the `lightsleep` hook). Any button wakes it with the game as it
was: that press, and whatever the button does until it is released, is not handed to a screen.
The device thinking keeps the panel awake; its pondering on the player's time does not, and
stops while the panel is dimmed or off. With a battery (drivers.battery), the app samples it
every BATTERY_MS: the level shows as an icon (ui.draw.STATUS), the voltage on the system screen, a
warning once it runs low, and before a brown-out everything is saved.
"""

import gc
import sys

from stones.compat import MICROPYTHON, const

CONTRAST = (31, 63, 127, 191, 255)  # the system screen's levels: the contrast register's steps
_BRIGHTEST = const(4)  # the default level: 255, what the panels' init sequences set
_IDLE_MS = const(10)  # poll period when nothing happens: ~100 Hz is ample for buttons
_SETTLE_MS = const(1)  # poll period while a press settles (buttons.py's debounce)
_OFF_POLL_MS = const(50)  # poll period while the panel is off: a press lasts longer than this
SLEEP_S = (30, 60, 120, 300, 0)  # the system screen's Sleep choices, seconds to dim; 0 never
SLEEP_NAMES = ("30 s", "1 min", "2 min", "5 min", "never")
_SLEEP_DEFAULT = const(2)
_DIM = const(0)  # the contrast register while dimmed
BATTERY_MS = const(10000)
AWAKE = const(0)
DIMMED = const(1)
OFF = const(2)


class App:
    def __init__(self, display, buttons, clock, session=None, platform="", watchdog=None,
                 buzzer=None, battery=None, lightsleep=None, searcher=None, board=None,
                 links=None, legend=None):
        self.display = display
        # What the screens' footers call A, B and MENU: the board's own names for them where
        # its controls are named otherwise (its pin map's "legend", from the platform).
        self.legend = {"a": "A", "b": "B", "menu": "MENU"}
        self.legend.update(legend or {})
        self.buttons = buttons
        self.clock = clock
        self.session = session
        self.settings = session.load_settings() if session else {}
        self.system = _system_settings(self.settings)
        self.platform = platform
        self.board = board  # the pin map's "label", which the System screen shows; None: no row
        self.watchdog = watchdog  # fed every loop: a hang restarts the device into its save
        self.buzzer = buzzer  # a stones.drivers.buzzer.Buzzer, or None: no sound row, no sound
        self.stack = []
        self.game = None  # the game in progress, if any (kept across screens)
        self.players = {}  # who plays each colour: {"1": "human", "2": "device 3"}
        self.error = None
        self.save_failed = False
        self.settings_failed = False  # a failure to save the settings is said once
        self.unkept = None  # (game, players) finished, its record found no room: in its save
        self.search = None  # the computer player's Search, made when first needed
        self.move_tail = 0  # ms the last device move took after its search (ui/opponent.py)
        self.slow_grid = None  # a board too slow to ponder on here (ui/opponent.py)
        # what makes it (ui/opponent.py): None for engine.search.Search; a Pi passes one that
        # searches on every core (platforms/workers.py)
        self.searcher = searcher
        # how this device links to another (stones.link.pipes.Links: open(host) -> a pipe), or
        # None: no Link rows; link: the Link of a linked game (ui/linking.py), polled each step
        self.links = links
        self.link = None
        if len(getattr(links, "choices", ())) > 1:  # the player's transport, kept in the settings
            self.system["via"] = links.choose(self.system.get("via"))
        self.battery = battery  # a stones.drivers.battery.Battery, or None: no icon, no row
        self.lightsleep = lightsleep  # machine.lightsleep on a Pico: the off panel's poll
        self.power = AWAKE
        self.waking = False  # the press that woke the device: ignored until released
        self.last_input = 0
        self.battery_at = 0
        self.warned = 0  # battery: 1 once warned low, 2 once saved at critical

    # -- navigation ---------------------------------------------------------------------------

    def open(self, name, *args):
        """Open screen `name` (module stones.ui.<name>, class Screen) on top of the stack."""
        module = _load(name)
        gc.collect()  # before the screen is built: some (the score) do their big work then
        screen = module.Screen(self, *args)
        screen.module_name = name
        self.stack.append(screen)
        self._changed()
        return screen

    def replace(self, name, *args):
        """Close the top screen and open another in its place."""
        self._drop_top()
        return self.open(name, *args)

    def begin(self, name, *args):
        """Close every screen, the menu too, and open name alone: while a game is played only
        its screens occupy the heap. home() brings the menu back."""
        while self.stack:
            self._drop_top()
        return self.open(name, *args)

    def back(self):
        """Close the top screen, returning to the one below (the bottom screen stays)."""
        if len(self.stack) > 1:
            self._drop_top()
            self._changed()

    def home(self):
        """Back to the main menu: every screen above it closes (and it opens again if a game
        had replaced it)."""
        while len(self.stack) > 1:
            self._drop_top()
        if self.stack and self.stack[0].module_name != "menu":
            self._drop_top()
        if not self.stack:
            self.open("menu")
        self._changed()

    def tidy(self):
        """Drop the engine modules that no game in memory needs: a Pico holds one engine, the
        one being played (or resumable), and never the ones of games played before."""
        from stones.engine.registry import unneeded_modules

        game = self.game
        if game is not None and game.over:
            game = self.game = None
        self.search = None  # its node arrays and scratch game go; remade at the next search
        kept = game if game is not None else (self.unkept[0] if self.unkept else None)
        for name in unneeded_modules(kept.key if kept else None):
            _drop_module(name)
        _drop_module("stones.ui.keeping")  # what keeps a record, and its files: at a game's end
        _drop_module("stones.recordfiles")
        if game is None:
            _drop_module("stones.engine.search")
            if "stones.engine.grid" in sys.modules:
                sys.modules["stones.engine.grid"].forget_grids()

    def _drop_top(self):
        screen = self.stack.pop()
        closing = getattr(screen, "close", None)
        if closing:
            closing()
        name = screen.module_name
        if not any(s.module_name == name for s in self.stack):
            _unload(name)

    def _changed(self):
        if self.stack and self.stack[-1].module_name == "menu":
            self.tidy()  # back at the menu (also from a game's settings): no engine is needed
        gc.collect()  # a screen change is the moment to free what the last one used
        if self.stack:
            top = self.stack[-1]
            top.dirty = True
            on_top = getattr(top, "on_top", None)
            if on_top:
                on_top(self.clock.ticks_ms())

    @property
    def top(self):
        return self.stack[-1]

    # -- running ------------------------------------------------------------------------------

    def start(self, name="menu"):
        from stones.ui.draw import STATUS

        self.set_contrast(CONTRAST[self.system["contrast"]])
        self.set_palette()
        self.last_input = self.clock.ticks_ms()
        STATUS[0] = 0  # no icon until a battery is read
        game = None
        if self.session:
            game, players = self.session.load_game()
        if game is not None:
            self.game = game
            self.players = players
            self.relink(game)
            self.open("score" if game.over else "play", game)  # ended, not yet counted: count
        else:
            self.open(name)
        if self.session:
            if self.session.notice:
                self.open("message", "Note", self.session.notice)
                self.session.notice = ""
        if self.battery is not None:
            self.check_battery(self.last_input)  # (a warning opens over the first screen)
        self.refresh()

    # -- saving ---------------------------------------------------------------------------------

    def autosave(self):
        """Save the game in progress (after every move); a failure is said once, never fatal."""
        if not self.session or self.game is None:
            return
        if self.unkept is not None and self.unkept[0] is not self.game:
            self.unkept = None  # another game's save replaces the one that found no room
        try:
            self.session.save_game(self.game, self.players)
            self.save_failed = False
        except OSError as error:
            if not self.save_failed:
                self.save_failed = True
                self.open("message", "Not saved", "The game could not be saved (%s). Play on; "
                          "it is saved again after the next move." % error)

    def finished(self, game, then=None, make_room=False, players=None):
        """A game is over and scored, or given up for a new one: keep its record (an unfinished
        game's has no result), forget its save; True once kept, and the caller goes on. Where
        there is no room the player is asked or told (ui/keeping.py, loaded only then), then()
        runs once a question is answered, and a finished game that found no room is
        self.unkept."""
        if not self.session:
            number = 1
        else:
            players = self.players if players is None else players
            try:
                number = self.session.finish(game, players, make_room)
            except (OSError, MemoryError) as error:
                return _load("keeping").no_room(self, game, players, error)
            if not number:
                return _load("keeping").records_full(self, game, then, players)
        self.unkept = None
        if self.game is game:
            self.game = None
        if make_room:
            _load("keeping").made_room(self, then, number)
        return True

    def save_settings(self):
        """Keep the settings for the next power-on; a failure (a full flash) is said, over
        whatever screen is on top, once until a save succeeds again (the screens save each
        change), and the settings stay as set until the power goes."""
        if self.session:
            try:
                self.session.save_settings(self.settings)
                self.settings_failed = False
            except OSError as error:
                if not self.settings_failed:
                    self.settings_failed = True
                    self.open("message", "Not saved", "The settings could not be saved (%s). "
                              "They hold until the power goes off." % error)

    def sound(self, name):
        """Play a named sound (stones.drivers.buzzer.SOUNDS) if a buzzer is fitted and sound
        is on."""
        if self.buzzer is not None and self.system["sound"]:
            self.buzzer.play(name)

    def set_contrast(self, level):
        setter = getattr(self.display, "contrast", None)
        if setter:
            try:
                setter(level)
            except OSError:
                pass  # the panel did not answer: it keeps its own level

    def set_palette(self):
        """Show a colour panel in the system screen's palette (a display with `palettes`, their
        names, and palette(index)); a saved palette the panel lacks becomes its first."""
        names = getattr(self.display, "palettes", None)
        if not names:
            return
        if self.system["palette"] >= len(names):
            self.system["palette"] = 0
        self.display.palette(self.system["palette"])

    # -- power ----------------------------------------------------------------------------------

    def idle(self, now):
        """Dim, then switch off, after the Sleep time without a press (not while thinking)."""
        seconds = SLEEP_S[self.system["sleep"]]
        if getattr(self.top, "thinking", None) is not None or not seconds:
            self.last_input = now
            return
        quiet = self.clock.ticks_diff(now, self.last_input)
        if self.power == AWAKE and quiet >= seconds * 1000:
            self.power = DIMMED
            self.set_contrast(_DIM)
        elif self.power == DIMMED and quiet >= seconds * 2000:
            self.power = OFF
            off = getattr(self.display, "poweroff", None)
            if off:
                off()

    def wake(self, now):
        """The panel on and bright again; the Sleep time counts from now."""
        self.last_input = now
        if self.power == OFF:
            on = getattr(self.display, "poweron", None)
            if on:
                on()
            self.top.dirty = True  # nothing was sent while it was off
        self.power = AWAKE
        self.set_contrast(CONTRAST[self.system["contrast"]])

    def check_battery(self, now):
        """Sample the battery: its icon, a warning when low, everything saved before a
        brown-out."""
        from stones.ui.draw import STATUS

        self.battery_at = now
        self.battery.sample()
        if not self.battery.sensed():
            STATUS[0] = 0  # nothing sensible is read: no icon, no alarm
            return
        if not self.battery.low():
            self.warned = 0  # charged again: the next low spell is told again
        if STATUS[0] != self.battery.bars() + 1:
            STATUS[0] = self.battery.bars() + 1
            if self.stack:
                self.top.dirty = True
        if self.battery.critical() and self.warned < 2:
            self.warned = 2
            self.autosave()
            self.save_settings()
            self.wake(now)
            self.open("message", "Battery empty", "Everything is saved. Charge the battery "
                      "(%s) to play on." % self.battery.text())
        elif self.battery.low() and not self.warned:
            self.warned = 1
            self.wake(now)
            self.open("message", "Battery low", "%s: charge it soon. Your game is saved after "
                      "every move." % self.battery.text())

    def on_battery(self):
        """Whether the device runs from its cell (not USB), so sleeping saves power."""
        battery = self.battery
        return battery is not None and battery.sensed() and not battery.on_usb()

    def refresh(self):
        """Draw the top screen if it asked for it, and send the frame (not while the panel
        is off: it is drawn whole when it wakes)."""
        if self.power == OFF:
            return
        screen = self.top
        if screen.dirty:
            screen.dirty = False
            screen.shown = False
            self.display.fill(0)
            screen.draw(self.display)
            self.display.show()
        elif screen.shown:
            screen.shown = False
            self.display.show()

    def step(self):
        """Handle at most one button event and time passing; True if an event was handled.
        Feeds the watchdog: if the app stops stepping, the device resets into its save."""
        if self.watchdog is not None:
            self.watchdog.feed()
        event = self.buttons.poll()
        now = self.clock.ticks_ms()
        handled = event is not None
        try:
            if event is not None:
                event = self.woken(event, now)
            else:
                self.idle(now)
            if self.battery is not None and self.clock.ticks_diff(now,
                                                                  self.battery_at) >= BATTERY_MS:
                self.check_battery(now)
            if self.link is not None:
                self.link.poll(now)
            if event is not None:
                self.top.handle(event)
                self.refresh()  # the press's frame before the tick's work (thinking, pondering)
            ticker = getattr(self.top, "tick", None)
            if ticker:
                ticker(now)
            if self.buzzer is not None:
                self.buzzer.tick(now)
            self.refresh()
        except Exception as error:  # one top-level handler: show it, keep the game
            self.fail(error)
        return handled

    def relink(self, game):
        """A linked game resumed from its save: its link made again, as it was (host or
        joiner), to catch up with the other device from where each stopped."""
        who = "".join(self.players.values())
        if "link:" not in who or self.links is None:
            return
        from stones.ui.linking import open_link

        host = "link:host" in who
        if not host and getattr(self.links, "lan", None) is not None:
            from stones.ui.lan import rejoin

            rejoin(self)  # a network: the host it joined, kept in the settings
        link = open_link(self, host)
        colour = 1 if self.players.get("1") == "human" else 2
        if host:
            link.offer(game, colour)
        else:
            link.resume(game, colour)

    def choose_link(self, name):
        """Link on the transport named from now on (the System screen's Link via row, where the
        platform offers more than one: stones.link.pipes.Choice), kept in the settings. A link
        being made or played moves to it and greets the other side again there, as after a lost
        link; the pipe it leaves goes (a USB one gives Ctrl-C back)."""
        links = self.links
        if name == links.name:
            return
        self.system["via"] = links.choose(name)
        link = self.link
        if link is not None:
            old = link.pipe
            link.move(links.open(link.hosting()), self.clock.ticks_ms())
            if hasattr(old, "close"):
                old.close()

    def woken(self, event, now):
        """The event for the screens, or None: a press that wakes the device, and what its
        button does until it is let go, are not the player's."""
        self.last_input = now
        if self.power != AWAKE:
            self.wake(now)
            self.waking = True
        if not self.waking:
            return event
        from stones.ui import keys

        if keys.kind(event) == keys.RELEASE:
            self.waking = False
        return None

    def fail(self, error):
        """Show an error screen; the game in progress stays in self.game (and in its save)."""
        self.error = error
        gc.collect()
        try:
            while len(self.stack) > 1 and self.top.module_name == "error":
                self._drop_top()
            self.open("error", error)
            self.refresh()
        except MemoryError:  # not even room for the error screen: free everything first
            self.stack = self.stack[:1]
            gc.collect()
            self.open("error", error)
            self.refresh()

    def run(self):
        """The device's main loop; never returns."""
        self.start()
        sleep = getattr(self.clock, "sleep_ms", None)
        while True:
            if self.step():
                continue
            if self.power == OFF and self.lightsleep is not None and self.on_battery():
                self.lightsleep(_OFF_POLL_MS)
            elif sleep:
                pause = self.pause_ms()
                if pause:
                    sleep(pause)

    def pause_ms(self):
        """How long the main loop rests after a step without an event: long while the panel
        is off; briefly while a press settles (its event is due within the debounce, and its
        frame soon after); not at all while the screen has pondering to do (its slices are
        short, and the player's time is what it uses); else _IDLE_MS."""
        if self.power == OFF:
            return _OFF_POLL_MS
        if self.buttons.settling():
            return _SETTLE_MS
        working = getattr(self.top, "working", None)
        if working is not None and working():
            return 0
        return _IDLE_MS


def _system_settings(settings):
    """settings["system"] with every entry valid (a saved value out of range, or of the wrong
    type, is replaced by its default): the system screen edits it, start() applies it."""
    system = settings.get("system")
    if not isinstance(system, dict):
        system = settings["system"] = {}
    level = system.get("contrast")
    if type(level) is not int or not 0 <= level < len(CONTRAST):  # (a bool is an int)
        system["contrast"] = _BRIGHTEST
    if not isinstance(system.get("sound"), bool):
        system["sound"] = True  # whoever fitted a buzzer wants to hear it
    if not isinstance(system.get("ponder"), bool):
        # Off until pondering is shown to pay: it makes a Pico's buttons slower and keeps its
        # core busy, and has not yet won measurably more (docs/benchmarks.md, docs/journal.md).
        system["ponder"] = False
    if not isinstance(system.get("resign"), bool):
        system["resign"] = True  # a device that plays on a lost game wastes the player's time
    if not isinstance(system.get("turned"), bool):
        system["turned"] = True  # across the table from the host, the player's side is nearest
    level = system.get("palette")
    if type(level) is not int or level < 0:  # (its upper bound is the panel's: set_palette)
        system["palette"] = 0
    level = system.get("sleep")
    if type(level) is not int or not 0 <= level < len(SLEEP_S):
        system["sleep"] = _SLEEP_DEFAULT
    return system


def _load(name):
    module = "stones.ui." + name
    __import__(module)
    return sys.modules[module]


def _unload(name):
    _drop_module("stones.ui." + name)


def _drop_module(module):
    """Forget an imported module (and its attribute on the package), so the heap can free it.
    Only on MicroPython: CPython has the memory, and a module imported twice would give other
    code in the same process (tests, host tools) two copies of its classes."""
    if MICROPYTHON and module in sys.modules:
        del sys.modules[module]
        package, _, name = module.rpartition(".")
        parent = sys.modules.get(package)
        if parent is not None and hasattr(parent, name):
            delattr(parent, name)
