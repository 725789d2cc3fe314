"""The device simulator: python -m host_tools.sim [--window | --terminal | --headless ...].

    --window     a pygame window, pixels scaled, with a button legend (the default with a display;
                 without one it says so and uses the terminal)
    --terminal   the 128x64 pixels in Unicode quadrant blocks, keys from the terminal (the default
                 without one)
    --headless --script FILE --out DIR [--runtime cpython|micropython] [--heap 240K]
               [--display ssd1306|sh1106|ssd1327] [--gif NAME] [--scale N]
                 run a script of button steps (see host_tools/sim/device.py), write DIR/NAME.png at
                 each 'shot NAME', DIR/final.png at the end, and print a state summary last.
    --battery VOLTS  a battery at VOLTS (3.3 to 4.3: its icon, the low and empty warnings); in
                 the window and the terminal V takes it 0.1 V lower, down to 3.3 (empty), then
                 starts again at 4.2
    --shots DIR  where F12/P screenshots go (default: ~/Pictures/pocket-stones)

Keys (window and terminal): arrows or WASD = d-pad, Z/J/Enter = A, X/K/Backspace = B,
M/Tab = menu, Esc quits (and Q in the terminal), asking first while a game is in play (any
other key answers "play on" and goes no further; the terminal has no key-up events, so a key
is a short press); SIGTERM (timeout, kill) quits at
once, the game saved as after every move. The window resizes in whole-pixel steps, F12 or P
writes a screenshot into the --shots folder (in the terminal too), and the panel's contrast
and sleep (dimmed, off) show in its brightness. The terminal draws the panel in quadrant blocks,
or in Braille where the terminal is smaller (80x24 fits), or says the size it needs.
The firmware runs unchanged: the real app, buttons logic and display driver over fakes. With
--runtime micropython the headless run happens inside the MicroPython unix port (real framebuf,
the given heap) and the frames come back as files.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

from host_tools import unixport
from host_tools.paths import PICO_HEAP, ROOT, UNIX_HEAP, tool

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # luma.emulator imports pygame too

KEYS = {
    "up": ("up", "w"), "down": ("down", "s"), "left": ("left", "a"), "right": ("right", "d"),
    "a": ("z", "j", "return"), "b": ("x", "k", "backspace"), "menu": ("m", "tab"),
}
SCALE = 4  # window pixels a panel pixel unless --scale says; the terminal's screenshots too
LEGEND = "arrows: d-pad   Z: A   X: B   M: menu   F12/P: screenshot   Esc: quit"
SHOTS = os.path.join("~", "Pictures", "pocket-stones")  # the screenshots' folder by default
# A key's press held at least this long of the device's time before its release goes through:
# past the buttons' 20 ms debounce with room for a frame (Window.handle)
TAP_MS = 50
BATTERY_STEP = 0.1  # volts the V key takes off the simulated battery
BATTERY_TOP = 4.2  # where V starts again after BATTERY_BOTTOM
BATTERY_BOTTOM = 3.3  # empty: under the app's critical level, its "Battery empty" warning


class SimError(Exception):
    pass


def frame_image(width, height, buffer, scale=1):
    """A PIL image of a MONO_VLSB frame (bytes), scaled by an integer factor."""
    from PIL import Image

    rows = bytearray(width * height)
    for y in range(height):
        page = (y >> 3) * width
        bit = y & 7
        base = y * width
        for x in range(width):
            if buffer[page + x] >> bit & 1:
                rows[base + x] = 255
    image = Image.frombytes("L", (width, height), bytes(rows)).convert("1")
    if scale > 1:
        image = image.resize((width * scale, height * scale), Image.NEAREST)
    return image


def parse_heap(text):
    """Bytes from '240K' or '245760'; SimError naming the value otherwise."""
    text = text.strip().upper()
    factor = 1024 if text.endswith("K") else 1
    try:
        return int(text.rstrip("K")) * factor
    except ValueError:
        raise SimError("--heap %s: give bytes, or kilobytes with K (e.g. %s)"
                       % (text, UNIX_HEAP)) from None


def next_battery(volts):
    """The V key's next voltage: BATTERY_STEP lower, but never past BATTERY_BOTTOM (an empty
    cell, whatever the start: 3.45 goes to 3.35, then 3.3), and from there BATTERY_TOP again."""
    if volts <= BATTERY_BOTTOM:
        return BATTERY_TOP
    return max(BATTERY_BOTTOM, round(volts - BATTERY_STEP, 2))


# -- headless -------------------------------------------------------------------------------


def open_replay(device, path):
    """Put the device on the replay screen of the record at path (a host-side load: SGF is
    read by host_tools.records.sgf; the device itself never reads SGF)."""
    if not path:
        return
    from host_tools.records.files import load

    device.app.open("replay", load(path))
    device.app.refresh()


def state_fs(folder):
    """The simulated flash: a real folder when --state is given, else memory."""
    if not folder:
        return None
    from stones.storage import RealFS

    os.makedirs(folder, exist_ok=True)
    return RealFS(folder)


def headless_cpython(script, out, display, scale, gif, state=None, replay=None, fps=None,
                     battery=None):
    from host_tools.sim.device import Device, run_script

    device = Device(display=display, fs=state_fs(state), links=LINKS[0])
    if battery is not None:
        device.set_battery(battery)
    open_replay(device, replay)
    fb = device.display
    frames = []

    def shot(name):
        frame_image(fb.width, fb.height, fb.buffer, scale).save(os.path.join(out, name + ".png"))

    if gif:
        _record_frames(device, frames)
    with open(script) as handle:
        run_script(device, handle.read().splitlines(), shot)
    shot("final")
    if gif:
        _write_gif(frames, os.path.join(out, gif), fb.width, fb.height, scale,
                   device.clock.ticks_ms(), fps)
    return device.summary()


def _record_frames(device, frames):
    """Keep a copy of every frame the app sends, with the simulated time it was sent at."""
    display = device.display
    send = display.show

    def show():
        result = send()
        frames.append((device.clock.ticks_ms(), bytes(display.buffer)))
        return result

    display.show = show


def gif_timeline(frames, end, fps=None):
    """(buffer, milliseconds) for each picture of the GIF from (ticks, buffer) frames sent up
    to the simulated time end: each frame lasts until the next, as on the device; with fps, the
    panel is sampled that many times a simulated second instead. Repeats are merged, and no
    picture lasts under 20 ms (viewers slow shorter ones down to 100 ms)."""
    if not frames:
        return []
    if fps:
        step = max(20, 1000 // fps)
        sampled = []
        i = 0
        t = frames[0][0]
        while t < end:
            while i + 1 < len(frames) and frames[i + 1][0] <= t:
                i += 1
            sampled.append((t, frames[i][1]))
            t += step
        frames = sampled
        end = t  # the last sample lasts a whole step too
    timeline = []
    for k, (ticks, buffer) in enumerate(frames):
        until = frames[k + 1][0] if k + 1 < len(frames) else max(end, ticks + 20)
        ms = until - ticks
        if timeline and (timeline[-1][0] == buffer or timeline[-1][1] < 20):
            timeline[-1] = (buffer if timeline[-1][1] < 20 else timeline[-1][0],
                            timeline[-1][1] + ms)
        else:
            timeline.append((buffer, ms))
    return timeline


def _write_gif(frames, path, width, height, scale, end, fps=None):
    """An animated GIF of the frames sent, scaled, in the device's own timing (or at fps)."""
    timeline = gif_timeline(frames, end, fps)
    if not timeline:
        return
    images = [frame_image(width, height, buffer, scale).convert("P") for buffer, _ in timeline]
    images[0].save(path, save_all=True, append_images=images[1:], loop=0, optimize=False,
                   duration=[max(20, ms) for _, ms in timeline])


def compile_device_tree(folder, arch=None):
    """The firmware as the device runs it (mpy-cross output, native code for arch: by default
    the unix port's), plus the host-only fakes and this simulator's core, compiled too: the unix
    port then imports .mpy files, as a Pico does."""
    from host_tools.device.build import compile_firmware

    compile_firmware(folder, host_only=True, arch=arch)
    os.makedirs(os.path.join(folder, "host_tools", "sim"), exist_ok=True)
    for name in ("__init__", "sim/__init__", "sim/device"):
        source = os.path.join(ROOT, "host_tools", name + ".py")
        target = os.path.join(folder, "host_tools", name + ".mpy")
        done = subprocess.run([tool("mpy-cross"), "-O2", "-o", target, source],
                              capture_output=True, text=True)
        if done.returncode:
            raise SimError("mpy-cross failed on %s: %s" % (name, done.stderr))


def headless_micropython(script, out, display, heap, scale):
    with tempfile.TemporaryDirectory() as raw, tempfile.TemporaryDirectory() as tree:
        compile_device_tree(tree)
        done = unixport.run(os.path.join(ROOT, "host_tools", "sim", "mp", "sim_device.py"),
                            [os.path.abspath(script), raw, display], "%d" % parse_heap(heap),
                            [tree], timeout=900)
        if done.returncode:
            output = done.stderr or done.stdout
            if "MemoryError" in output:
                raise SimError("the firmware ran out of memory under MicroPython with --heap %s "
                               "(the unix port's 64-bit objects and code on the heap need about "
                               "twice the %s a Pico has free): give it more, e.g. --heap %s"
                               % (heap, PICO_HEAP, UNIX_HEAP))
            raise SimError("the firmware failed under MicroPython:\n" + output)
        for name in sorted(os.listdir(raw)):
            with open(os.path.join(raw, name), "rb") as handle:
                data = handle.read()
            width, height = data[0] or 256, data[1]
            frame_image(width, height, data[2:], scale).save(
                os.path.join(out, name[:-4] + ".png"))
        return done.stdout.strip().splitlines()[-1]


# -- interactive ----------------------------------------------------------------------------


class PygameTone:
    """The buzzer in the window: a square wave on pygame's mixer, looped while the note lasts.
    Raises pygame.error where there is no audio device (the window then stays silent)."""

    RATE = 22050

    def __init__(self):
        import pygame

        with quiet_stderr():  # alsa-lib writes its complaints to fd 2 itself when no card answers
            pygame.mixer.init(frequency=self.RATE, size=-16, channels=1)
        self.mixer = pygame.mixer
        self.sounds = {}
        self.channel = None

    def tone(self, hz):
        sound = self.sounds.get(hz)
        if sound is None:
            import array

            period = self.RATE / hz
            length = int(round(max(1, int(0.05 * hz)) * period))  # whole periods, ~50 ms
            wave = array.array("h", (4000 if i % period < period / 2 else -4000
                                     for i in range(length)))
            sound = self.sounds[hz] = self.mixer.Sound(buffer=wave.tobytes())
        self.off()
        self.channel = sound.play(loops=-1)

    def off(self):
        if self.channel is not None:
            self.channel.stop()
            self.channel = None

    @property
    def sounding(self):
        return self.channel is not None and self.channel.get_busy()


class quiet_stderr:
    """Send file descriptor 2 to /dev/null for a while (C libraries write there directly)."""

    def __enter__(self):
        sys.stderr.flush()
        self.saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)

    def __exit__(self, *exc):
        os.dup2(self.saved, 2)
        os.close(self.saved)
        return False


class Window:
    """The pygame window: the panel scaled by a whole number (resizable), a legend under it,
    keys to button pins. The panel's contrast and power commands are followed: the pixels are
    as bright as the contrast register says, and black while the panel is off."""

    LEGEND_H = 28

    def __init__(self, device, scale, shots=SHOTS, battery=None):
        import pygame

        from stones.ui.app import CONTRAST, OFF

        self.pygame = pygame
        self.device = device
        self.scale = scale
        self.shots = shots
        self.battery = battery  # the simulated cell's volts, stepped by V (None: no battery)
        self.asking = False  # quit asked while a game is in play
        self.eaten = set()  # keys that answered the question: their key-ups go no further
        self.down = {}  # a button key held: the device's time when it went down
        self.later = []  # events held back for the next frames (a release too soon: handle)
        self.note = ""  # the last screenshot's name, shown in the legend
        fb = device.display
        pygame.display.init()
        driver = pygame.display.get_driver()
        if driver in ("offscreen", "dummy") and not os.environ.get("SDL_VIDEODRIVER"):
            # SDL fell back to drawing nowhere (asked for, it is the tests' window)
            pygame.quit()
            raise SimError("no display to open a window on (SDL's %s driver): run it in a "
                           "terminal (--terminal) or headless" % driver)
        pygame.font.init()
        pygame.display.set_caption("Pocket Stones simulator")
        self.font = pygame.font.Font(None, 20)
        self.screen = pygame.display.set_mode((fb.width * scale,
                                               fb.height * scale + self.LEGEND_H),
                                              pygame.RESIZABLE)
        self.names = {}
        for button, keys in KEYS.items():
            for key in keys:
                self.names[pygame.key.key_code(key)] = button
        self.level = CONTRAST[device.app.system["contrast"]]
        self.lit = device.app.power != OFF
        self._follow_panel(fb)

    def _follow_panel(self, fb):
        """Keep the contrast and on/off state the app sends to the panel."""
        for name, record in (("contrast", self._contrast), ("poweroff", self._off),
                             ("poweron", self._on)):
            original = getattr(fb, name, None)
            if original is not None:
                setattr(fb, name, record(original))

    def _contrast(self, original):
        def contrast(level):
            self.level = level & 0xFF
            return original(level)
        return contrast

    def _off(self, original):
        def poweroff():
            self.lit = False
            return original()
        return poweroff

    def _on(self, original):
        def poweron():
            self.lit = True
            return original()
        return poweron

    def handle(self, events):
        """Key events to button pins; False when the window is to close. Closing while a game
        is in play asks first (Esc again, or closing again, quits; any other key plays on, and
        is spent on the answer: neither it nor its release reaches the device). A button's
        release that comes sooner after its press than the device could see it (both in one
        frame: a remote desktop, scripted input) waits, with every event after it, until the
        press has been down for TAP_MS of the device's time: a short tap is never lost."""
        pygame = self.pygame
        events = self.later + list(events)
        self.later = []
        now = self.device.clock.ticks_ms()
        for at, event in enumerate(events):
            if (event.type == pygame.KEYUP and event.key in self.names and event.key in self.down
                    and now - self.down[event.key] < TAP_MS):
                self.later = events[at:]
                break
            closing = event.type == pygame.QUIT or (event.type == pygame.KEYDOWN
                                                    and event.key == pygame.K_ESCAPE)
            if closing:
                if self.asking or not game_in_play(self.device):
                    return False
                self.asking = True
                continue
            if event.type == pygame.VIDEORESIZE:
                self.resize(event.w, event.h)
                continue
            if event.type == pygame.KEYDOWN and self.asking:
                self.asking = False  # the answer: play on
                self.eaten.add(event.key)
                continue
            if event.type == pygame.KEYUP and event.key in self.eaten:
                self.eaten.discard(event.key)
                continue
            if event.type == pygame.KEYDOWN:
                self.note = ""
                if event.key in (pygame.K_F12, pygame.K_p):
                    self.note = "saved " + self.screenshot()
                    continue
                if event.key == pygame.K_v and self.battery is not None:
                    self.battery = next_battery(self.battery)
                    self.device.set_battery(self.battery)
                    self.note = "battery %.2f V" % self.battery
                    continue
            if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in self.names:
                pin = self.device.pins[self.names[event.key]]
                if event.type == pygame.KEYDOWN:
                    self.down[event.key] = now
                    pin.press()
                else:
                    self.down.pop(event.key, None)
                    pin.release()
        return True

    def resize(self, width, height):
        """A new window size: the largest whole-number scale that fits it."""
        fb = self.device.display
        self.scale = max(1, min(width // fb.width, (height - self.LEGEND_H) // fb.height))
        self.screen = self.pygame.display.set_mode((width, height), self.pygame.RESIZABLE)

    def screenshot(self):
        """The panel as it looks now, scaled, into the shots folder as pocket-stones-N.png; its
        path."""
        return save_screenshot(self.panel_image(), self.shots)

    def panel_image(self):
        fb = self.device.display
        image = frame_image(fb.width, fb.height, fb.buffer, self.scale).convert("L")
        bright = (60 + 195 * self.level // 255) if self.lit else 0  # the lowest level still shows
        return image.point(lambda v: bright if v else 0).convert("RGB")

    def draw(self):
        pygame = self.pygame
        fb = self.device.display
        image = self.panel_image()
        surface = pygame.image.fromstring(image.tobytes(), image.size, "RGB")
        width, height = self.screen.get_size()
        x = max(0, (width - image.size[0]) // 2)
        self.screen.fill((20, 20, 30))
        self.screen.blit(surface, (x, 0))
        if self.asking:
            legend = "Quit? The game is saved. Esc again quits, any other key plays on"
        else:
            legend = self.note or (LEGEND if self.battery is None else LEGEND + "   V: battery")
        self.screen.blit(self.font.render(legend, True, (200, 200, 200)),
                         (6, fb.height * self.scale + 6))
        pygame.display.flip()


def speaker():
    """A PygameTone, or None (the FakeTone: silent) where pygame has no audio device."""
    import pygame

    try:
        return PygameTone()
    except pygame.error as error:
        print("sim: no sound (%s)" % error, file=sys.stderr)
        return None


def quit_on_sigterm():
    """SIGTERM (timeout, kill) ends the simulator as Esc would, without asking: the finally
    clauses close the window or give the terminal back. (SDL would turn it into a window-close
    event, which asks first while a game is in play: the window outlived timeout.)"""
    import signal

    def stop(number, frame):
        raise SystemExit(128 + number)

    signal.signal(signal.SIGTERM, stop)


def window(display, scale, state=None, replay=None, shots=SHOTS, battery=None):
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # SIGTERM is ours: quit_on_sigterm
    import pygame

    from host_tools.sim.device import Device

    device = Device(display=display, fs=state_fs(state), tone=speaker(), links=LINKS[0])
    if battery is not None:
        device.set_battery(battery)
    open_replay(device, replay)
    view = Window(device, scale, shots, battery)
    quit_on_sigterm()
    clock = pygame.time.Clock()
    last = time.monotonic()
    try:
        while view.handle(pygame.event.get()):
            now = time.monotonic()
            device.run(max(1, int((now - last) * 1000)))
            last = now
            view.draw()
            clock.tick(60)
    finally:
        pygame.quit()
    return device.summary()


QUADRANTS = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"  # index: top-left 1, top-right 2, bottom-left 4, bottom-right 8


def save_screenshot(image, folder=SHOTS):
    """image into folder (made if need be; ~ is the home folder) as pocket-stones-N.png, the
    first N not taken; the file's path."""
    folder = os.path.expanduser(folder)
    os.makedirs(folder, exist_ok=True)
    n = 1
    while os.path.exists(os.path.join(folder, "pocket-stones-%d.png" % n)):
        n += 1
    path = os.path.join(folder, "pocket-stones-%d.png" % n)
    image.save(path)
    return path


def terminal_frame(width, height, buffer):
    """The panel as text: one character per 2x2 pixels."""
    def on(x, y):
        return buffer[(y >> 3) * width + x] >> (y & 7) & 1

    out = []
    for y in range(0, height, 2):
        row = []
        for x in range(0, width, 2):
            index = on(x, y) | on(x + 1, y) << 1 | on(x, y + 1) << 2 | on(x + 1, y + 1) << 3
            row.append(QUADRANTS[index])
        out.append("".join(row))
    return out


BRAILLE_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))  # [row][column] of a cell


def braille_frame(width, height, buffer):
    """The panel as text: one Braille character per 2x4 pixels (128x64 in 64x16 cells)."""
    def on(x, y):
        return y < height and buffer[(y >> 3) * width + x] >> (y & 7) & 1

    out = []
    for y in range(0, height, 4):
        row = []
        for x in range(0, width, 2):
            bits = 0
            for dy in range(4):
                for dx in range(2):
                    if on(x + dx, y + dy):
                        bits |= BRAILLE_DOTS[dy][dx]
            row.append(chr(0x2800 + bits))
        out.append("".join(row))
    return out


def terminal_renderer(width, height, columns, lines):
    """The frame function that fits a terminal of columns x lines (blocks where they fit,
    else Braille), or SimError saying the size it needs. Two lines go to the legend and the
    status; two columns to the frame's edges."""
    if columns >= width // 2 + 2 and lines >= height // 2 + 2:
        return terminal_frame
    if columns >= width // 2 + 2 and lines >= height // 4 + 2:
        return braille_frame
    raise SimError("this terminal is %dx%d; the simulator needs at least %dx%d (%dx%d for the "
                   "larger picture): make it bigger, or use --window or --headless"
                   % (columns, lines, width // 2 + 2, height // 4 + 2, width // 2 + 2,
                      height // 2 + 2))


def game_in_play(device):
    game = device.app.game
    return game is not None and not game.over


QUIT_QUESTION = "Quit? (the game is saved) q: quit, any other key: play on"


def terminal(display, state=None, replay=None, shots=SHOTS, battery=None):
    import select
    import shutil
    import termios
    import tty

    from host_tools.sim.device import Device

    device = Device(display=display, fs=state_fs(state), links=LINKS[0])
    if battery is not None:
        device.set_battery(battery)
    open_replay(device, replay)
    fb = device.display
    size = shutil.get_terminal_size()
    render = terminal_renderer(fb.width, fb.height, size.columns, size.lines)
    codes = {"\x1b[A": "up", "\x1b[B": "down", "\x1b[D": "left", "\x1b[C": "right",
             "w": "up", "s": "down", "a": "left", "d": "right", "z": "a", "j": "a", "\r": "a",
             "\n": "a", "x": "b", "k": "b", "\x7f": "b", "m": "menu", "\t": "menu"}
    stdin = sys.stdin.fileno()
    saved = termios.tcgetattr(stdin)
    quit_on_sigterm()
    tty.setcbreak(stdin)
    sys.stdout.write("\x1b[2J\x1b[?25l")
    try:
        last_frame = None
        asking = False
        while True:
            ready = select.select([stdin], [], [], 0.02)[0]
            status = None
            if ready:
                key = os.read(stdin, 8).decode(errors="ignore")
                if asking and key not in ("q", "\x1b"):
                    asking = False  # any other key answers "play on", and goes no further
                    status = ""
                elif key in ("p", "\x1b[24~"):  # P or F12: the panel's pixels, at full contrast
                    image = frame_image(fb.width, fb.height, fb.buffer, SCALE).convert("RGB")
                    status = "saved " + save_screenshot(image, shots)
                elif key in ("v", "V") and battery is not None:
                    battery = next_battery(battery)
                    device.set_battery(battery)
                    status = "battery %.2f V" % battery
                elif key in ("q", "\x1b"):
                    if asking or not game_in_play(device):
                        return device.summary()
                    asking = True
                    status = QUIT_QUESTION
                elif key in codes:
                    device.press(codes[key])
            device.run(20)
            frame = bytes(fb.buffer)
            if frame != last_frame or status is not None:
                last_frame = frame
                rows = render(fb.width, fb.height, frame)
                sys.stdout.write("\x1b[H" + "\n".join("|" + r + "|" for r in rows))
                sys.stdout.write("\n" + LEGEND.replace("Esc", "Q") + "\x1b[K\n")
                note = QUIT_QUESTION if asking else status or ""
                sys.stdout.write(note[:size.columns - 1] + "\x1b[K")
                sys.stdout.flush()
    finally:
        termios.tcsetattr(stdin, termios.TCSADRAIN, saved)
        sys.stdout.write("\x1b[?25h\n")


LINKS = [None]  # --link: how the simulated device links to another (stones.link.pipes.Links)


def net_links(address, lan=None):
    """Links over a socket at address: hosting listens there (and, over TCP, announces itself
    on the network), joining calls it or a host found; or over a serial port
    ("serial:PATH[@BAUD]": a Pico's USB serial, an adapter on its cable). See
    stones/platforms/netpipe.py's links."""
    from stones.platforms.netpipe import links

    return links(address, lan)


def has_window():
    if sys.platform == "darwin" or os.name == "nt":
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--window", action="store_true")
    mode.add_argument("--terminal", action="store_true")
    mode.add_argument("--headless", action="store_true")
    parser.add_argument("--script")
    parser.add_argument("--out")
    parser.add_argument("--runtime", choices=("cpython", "micropython"), default="cpython")
    parser.add_argument("--heap", default=UNIX_HEAP, help="the MicroPython heap (default %s: "
                        "twice what a Pico has free, for the unix port's 64-bit objects and code "
                        "on the heap; much less runs out of memory)" % UNIX_HEAP)
    parser.add_argument("--display", choices=("ssd1306", "sh1106", "ssd1309", "ssd1327"),
                        default="ssd1306")
    parser.add_argument("--gif", help="also write an animated GIF of the run to OUT/GIF")
    parser.add_argument("--scale", type=int, default=None)
    parser.add_argument("--fps", type=int, default=None, help="with --gif: sample the panel this "
                        "many times a simulated second (default: every frame as the device "
                        "sends it, each shown as long as it stayed on the panel)")
    parser.add_argument("--replay", help="open this record (SGF, or the record format) in the "
                        "replay screen: left/right step through its moves")
    parser.add_argument("--state", help="a folder for the device's saves (default: none kept; "
                        "make sim uses .sim-state so games resume like on a device)")
    parser.add_argument("--battery", type=float, metavar="VOLTS", help="a battery at VOLTS, "
                        "e.g. 3.45 (low) or 3.3 (empty): its icon and warnings; V steps it "
                        "0.1 V lower in the window and the terminal")
    parser.add_argument("--shots", default=SHOTS, help="the folder F12/P screenshots go to "
                        "(default %(default)s)")
    parser.add_argument("--link", metavar="ADDRESS", help="link to another simulator, a Pi or a "
                        "page (docs/link.md): HOST:PORT or :PORT over TCP, unix:PATH over a "
                        "local socket; the side that hosts listens there, the one that joins "
                        "calls it (over TCP its Link also lists the hosts heard on the "
                        "network, and takes an address typed); serial:PATH[@BAUD] over a "
                        "serial port (a Pico's USB)")
    args = parser.parse_args(argv)
    if args.link:
        LINKS[0] = net_links(args.link)
    try:
        if args.headless:
            if not args.script or not args.out:
                parser.error("--headless needs --script FILE and --out DIR")
            os.makedirs(args.out, exist_ok=True)
            scale = args.scale or 1
            if args.runtime == "micropython":
                if args.gif or args.replay:
                    parser.error("--gif and --replay need --runtime cpython")
                summary = headless_micropython(args.script, args.out, args.display, args.heap,
                                               scale)
            else:
                summary = headless_cpython(args.script, args.out, args.display, scale, args.gif,
                                           args.state, args.replay, args.fps, args.battery)
        else:
            use_window = args.window or (not args.terminal and has_window())
            if use_window and not has_window():
                print("sim: --window, but no display ($DISPLAY and $WAYLAND_DISPLAY are unset): "
                      "using the terminal", file=sys.stderr)
                use_window = False
            if use_window:
                summary = window(args.display, args.scale or SCALE, args.state, args.replay,
                                 args.shots, args.battery)
            else:
                if not sys.stdin.isatty():
                    parser.error("the terminal mode needs a terminal; use --headless with a "
                                 "script")
                summary = terminal(args.display, args.state, args.replay, args.shots,
                                   args.battery)
    except (SimError, OSError) as error:
        print("sim: %s" % error, file=sys.stderr)
        return 1
    except Exception as error:
        from host_tools.sim.device import ScriptError

        if isinstance(error, ScriptError):
            print("sim: script %s" % error, file=sys.stderr)
            return 2
        raise
    print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
