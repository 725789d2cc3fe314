"""The device simulator: python -m host_tools.sim [--window | --terminal | --headless ...].

    --window     a pygame window, pixels scaled, with a button legend (the default with a display)
    --terminal   the 128x64 pixels in Unicode quadrant blocks, keys from the terminal (the default
                 without one)
    --headless --script FILE --out DIR [--runtime cpython|micropython] [--heap 64K]
               [--display ssd1306|sh1106|ssd1327] [--gif NAME] [--scale N]
                 run a script of button steps (see host_tools/simcore.py), write DIR/NAME.png at
                 each 'shot NAME', DIR/final.png at the end, and print a state summary last.

Keys (window and terminal): arrows or WASD = d-pad, Z/J/Enter = A, X/K/Backspace = B,
M/Tab = menu, Q or Esc quits (the terminal has no key-up events, so a key is a short press).
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

from host_tools.paths import ROOT, tool

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # luma.emulator imports pygame too

KEYS = {
    "up": ("up", "w"), "down": ("down", "s"), "left": ("left", "a"), "right": ("right", "d"),
    "a": ("z", "j", "return"), "b": ("x", "k", "backspace"), "menu": ("m", "tab"),
}
LEGEND = "arrows: d-pad   Z: A   X: B   M: menu   Esc: quit"


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
    text = text.strip().upper()
    factor = 1024 if text.endswith("K") else 1
    return int(text.rstrip("K")) * factor


# -- headless -------------------------------------------------------------------------------


def open_replay(device, path):
    """Put the device on the replay screen of the record at path (a host-side load: SGF is
    read by host_tools.sgf; the device itself never reads SGF)."""
    if not path:
        return
    from host_tools.record_files import load

    device.app.open("replay", load(path))
    device.app.refresh()


def state_fs(folder):
    """The simulated flash: a real folder when --state is given, else memory."""
    if not folder:
        return None
    from stones.storage import RealFS

    os.makedirs(folder, exist_ok=True)
    return RealFS(folder)


def headless_cpython(script, out, display, scale, gif, state=None, replay=None):
    from host_tools.simcore import Device, run_script

    device = Device(display=display, fs=state_fs(state))
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
        _write_gif(frames, os.path.join(out, gif), fb.width, fb.height, scale)
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


def _write_gif(frames, path, width, height, scale):
    """An animated GIF through luma.emulator's gifanim device (one frame per frame sent)."""
    from luma.emulator.device import gifanim

    device = gifanim(filename=path, width=width, height=height, mode="1", scale=scale,
                     transform="none", duration=0.05, max_frames=2000)
    device.display = _gif_display(device)
    for _, buffer in frames:
        device.display(frame_image(width, height, buffer))
    device.write_animation()


def _gif_display(device):
    original = device.display

    def display(image):
        original(image.convert(device.mode))

    return display


def compile_device_tree(folder, arch=None):
    """The firmware as the device runs it (mpy-cross output, native code for arch: by default
    the unix port's), plus the host-only fakes and this simulator's core, compiled too: the unix
    port then imports .mpy files, as a Pico does."""
    from host_tools.build import compile_firmware

    compile_firmware(folder, host_only=True, arch=arch)
    os.makedirs(os.path.join(folder, "host_tools"), exist_ok=True)
    for name in ("__init__", "simcore"):
        source = os.path.join(ROOT, "host_tools", name + ".py")
        target = os.path.join(folder, "host_tools", name + ".mpy")
        done = subprocess.run([tool("mpy-cross"), "-O2", "-o", target, source],
                              capture_output=True, text=True)
        if done.returncode:
            raise SimError("mpy-cross failed on %s: %s" % (name, done.stderr))


def headless_micropython(script, out, display, heap, scale):
    with tempfile.TemporaryDirectory() as raw, tempfile.TemporaryDirectory() as tree:
        compile_device_tree(tree)
        env = dict(os.environ, MICROPYPATH=tree)
        command = [tool("micropython"), "-X", "heapsize=%d" % parse_heap(heap),
                   os.path.join(ROOT, "host_tools", "mp", "sim_device.py"),
                   os.path.abspath(script), raw, display]
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=900)
        if done.returncode:
            output = done.stderr or done.stdout
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


class Window:
    """The pygame window: the panel scaled, a button legend under it, keys to button pins."""

    LEGEND_H = 28

    def __init__(self, device, scale):
        import pygame

        self.pygame = pygame
        self.device = device
        self.scale = scale
        fb = device.display
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Pocket Stones simulator")
        self.font = pygame.font.Font(None, 20)
        self.screen = pygame.display.set_mode((fb.width * scale,
                                               fb.height * scale + self.LEGEND_H))
        self.names = {}
        for button, keys in KEYS.items():
            for key in keys:
                self.names[pygame.key.key_code(key)] = button

    def handle(self, events):
        """Key events to button pins; False when the window is to close."""
        pygame = self.pygame
        for event in events:
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN
                                             and event.key in (pygame.K_ESCAPE, pygame.K_q)):
                return False
            if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in self.names:
                pin = self.device.pins[self.names[event.key]]
                (pin.press if event.type == pygame.KEYDOWN else pin.release)()
        return True

    def draw(self):
        pygame = self.pygame
        fb = self.device.display
        image = frame_image(fb.width, fb.height, fb.buffer, self.scale).convert("RGB")
        surface = pygame.image.fromstring(image.tobytes(), image.size, "RGB")
        self.screen.fill((20, 20, 30))
        self.screen.blit(surface, (0, 0))
        self.screen.blit(self.font.render(LEGEND, True, (200, 200, 200)),
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


def window(display, scale, state=None, replay=None):
    import pygame

    from host_tools.simcore import Device

    device = Device(display=display, fs=state_fs(state), tone=speaker())
    open_replay(device, replay)
    view = Window(device, scale)
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


def terminal(display, state=None, replay=None):
    import select
    import termios
    import tty

    from host_tools.simcore import Device

    device = Device(display=display, fs=state_fs(state))
    open_replay(device, replay)
    fb = device.display
    codes = {"\x1b[A": "up", "\x1b[B": "down", "\x1b[D": "left", "\x1b[C": "right",
             "w": "up", "s": "down", "a": "left", "d": "right", "z": "a", "j": "a", "\r": "a",
             "\n": "a", "x": "b", "k": "b", "\x7f": "b", "m": "menu", "\t": "menu"}
    stdin = sys.stdin.fileno()
    saved = termios.tcgetattr(stdin)
    tty.setcbreak(stdin)
    sys.stdout.write("\x1b[2J\x1b[?25l")
    try:
        last_frame = None
        while True:
            ready = select.select([stdin], [], [], 0.02)[0]
            if ready:
                key = os.read(stdin, 8).decode(errors="ignore")
                if key in ("q", "\x1b"):
                    return device.summary()
                if key in codes:
                    device.press(codes[key])
            device.run(20)
            frame = bytes(fb.buffer)
            if frame != last_frame:
                last_frame = frame
                rows = terminal_frame(fb.width, fb.height, frame)
                sys.stdout.write("\x1b[H" + "\n".join("|" + r + "|" for r in rows))
                sys.stdout.write("\n" + LEGEND.replace("Esc", "Q") + "\n")
                sys.stdout.flush()
    finally:
        termios.tcsetattr(stdin, termios.TCSADRAIN, saved)
        sys.stdout.write("\x1b[?25h\n")


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
    parser.add_argument("--heap", default="190K", help="MicroPython heap, e.g. 64K")
    parser.add_argument("--display", choices=("ssd1306", "sh1106", "ssd1309", "ssd1327"),
                        default="ssd1306")
    parser.add_argument("--gif", help="also write an animated GIF of the run to OUT/GIF")
    parser.add_argument("--scale", type=int, default=None)
    parser.add_argument("--replay", help="open this record (SGF, or the record format) in the "
                        "replay screen: left/right step through its moves")
    parser.add_argument("--state", help="a folder for the device's saves (default: none kept; "
                        "make sim uses .sim-state so games resume like on a device)")
    args = parser.parse_args(argv)
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
                                           args.state, args.replay)
        elif args.terminal or not (args.window or has_window()):
            if not sys.stdin.isatty():
                parser.error("the terminal mode needs a terminal; use --headless with a script")
            summary = terminal(args.display, args.state, args.replay)
        else:
            summary = window(args.display, args.scale or 4, args.state, args.replay)
    except (SimError, OSError) as error:
        print("sim: %s" % error, file=sys.stderr)
        return 1
    except Exception as error:
        from host_tools.simcore import ScriptError

        if isinstance(error, ScriptError):
            print("sim: script %s" % error, file=sys.stderr)
            return 2
        raise
    print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
