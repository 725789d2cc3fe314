"""The emulated Pico from Python: host_tools/pico/pico.mjs (rp2040js under node) driven over a pipe.

    pico = EmulatedPico(uf2, files={"config.json": b"..."})   # boots from reset
    pico.settle()                  # run until panel and flash have been quiet 100 ms
    pico.press("a")                # a button on its GPIO (the board file), 60 ms down, 60 up
    pico.panel()                   # the SSD1306's 1024 bytes of RAM (framebuf MONO_VLSB order)
    pico.watch_panel(7, 64, 128)   # run until the bus changes that part of it: when, in ms
    pico.exec("print(1)")          # in the raw REPL (boot with the recovery button held)
    a, b = linked_pair(uf2)        # two Picos in one process, their link UARTs cabled together
    port = UsbPty(pico)            # its USB serial as a pty: port.path is what a program opens
    port.run_ms(500)               # the chip runs, the pty's bytes passed both ways in between
    port.ticks_ms()                # the chip's clock, for a program on the port to keep time by

Times are emulated: the clock runs at 125 MHz with the XIP cache and flash stalls added, so
`cycles` and `ms` are what a Pico would take (within the model's limits, pico.mjs says which).
The filesystem is a littlefs v2 image (littlefs-python) at RPI_PICO's flash offset 0xA0000,
1408 KB in 4 KB blocks, as MicroPython's rp2 port formats and mounts it.
"""

import json
import os
import shutil
import subprocess
import tempfile

from host_tools.paths import BOARDS, ROOT

PICO_DIR = os.path.join(ROOT, "host_tools", "pico")
SCRIPT = os.path.join(PICO_DIR, "pico.mjs")
STAMP = os.path.join(PICO_DIR, "node_modules", ".installed")
FS_OFFSET = 0xA0000
FS_BLOCK = 4096
FS_BLOCKS = 1408 * 1024 // FS_BLOCK
PRESS_MS = 60  # as the simulator's scripts press: down 60 ms, then up 60 ms
MARKER = "machine.mem32[0x4005800C]"  # write n here on the device: a marker with its cycle count


def pin_map(board="pico"):
    """A board file's map (hardware/boards/<board>.json)."""
    with open(os.path.join(BOARDS, board + ".json")) as handle:
        return json.load(handle)


def panel_of(config):
    """How pico.mjs models the board's panel: None for the I2C SSD1306 at 0x3C on I2C0 (the
    default), else its SPI block, DC and CS pins and the controller's RAM columns; for a colour
    panel, the glass as seen and where the board's rotation puts it in the window's addresses
    (stones.drivers.st7789.place, which tests/device/test_st7789.py holds to the vendors')."""
    display = config["display"]
    if display.get("interface") != "spi":
        return None
    if display["driver"] in ("st7789", "st7735"):
        from stones.drivers.st7789 import place

        offset = display.get("offset")
        column, row = place(display["driver"], display["width"], display["height"],
                            display.get("rotate", 0), None if offset is None else tuple(offset))
        return {"bus": "spi", "kind": "st7789", "block": display.get("bus", 0),
                "dc": display["dc"], "cs": display["cs"], "width": display["width"],
                "height": display["height"], "column": column, "row": row}
    sh1106 = display["driver"] == "sh1106"
    return {"bus": "spi", "block": display.get("bus", 0), "dc": display["dc"],
            "cs": display["cs"], "columns": 132 if sh1106 else 128, "first": 2 if sh1106 else 0}


def available():
    """Why the emulated Pico cannot run here, or None when it can."""
    if not shutil.which("node"):
        return "node is not installed (make test installs it)"
    if not os.path.exists(STAMP):
        return "rp2040js is not installed in host_tools/pico (make test runs npm ci there)"
    try:
        import littlefs  # noqa: F401
    except ImportError:
        return "littlefs-python is missing (make venv)"
    return None


def littlefs_image(files):
    """A littlefs image of RPI_PICO's filesystem holding files {path: bytes}."""
    from littlefs import LittleFS

    fs = LittleFS(block_size=FS_BLOCK, block_count=FS_BLOCKS, prog_size=256, read_size=32,
                  lookahead_size=32, name_max=255, disk_version=0x00020001)
    for name in sorted(files):
        dest = "/" + name.lstrip("/")
        parent = os.path.dirname(dest)
        if parent != "/":
            fs.makedirs(parent, exist_ok=True)
        with fs.open(dest, "wb") as handle:
            handle.write(files[name])
    return bytes(fs.context.buffer)


def tree_files(folder, prefix=""):
    """{path: bytes} of every file under folder (a make build output)."""
    files = {}
    for top, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            src = os.path.join(top, name)
            rel = os.path.relpath(src, folder).replace(os.sep, "/")
            if rel == "build.json":
                continue
            with open(src, "rb") as handle:
                files[prefix + rel] = handle.read()
    return files


def read_flash_files(flash):
    """{path: bytes} read back from a whole flash image's filesystem (after a run)."""
    from littlefs import LittleFS

    fs = LittleFS(block_size=FS_BLOCK, block_count=FS_BLOCKS, prog_size=256, read_size=32,
                  lookahead_size=32, name_max=255, mount=False)
    fs.context.buffer[:] = flash[FS_OFFSET:FS_OFFSET + FS_BLOCK * FS_BLOCKS]
    fs.mount()
    out = {}
    for top, _dirs, names in fs.walk("/"):
        for name in names:
            path = top.rstrip("/") + "/" + name
            with fs.open(path, "rb") as handle:
                out[path.lstrip("/")] = handle.read()
    return out


def picture(frame):
    """A panel's 1024 bytes (or a simulator's frame) as text, two rows a line: for a readable
    assertion message."""
    rows = []
    for y in range(0, 64, 2):
        row = ""
        for x in range(128):
            top = frame[(y >> 3) * 128 + x] >> (y & 7) & 1
            bottom = frame[((y + 1) >> 3) * 128 + x] >> ((y + 1) & 7) & 1
            row += " '.:"[top | bottom << 1]
        rows.append(row.rstrip())
    return "\n".join(rows)


class PicoError(Exception):
    pass


class EmulatedPico:
    """One emulated Pico in a node process; close() (or a with block) ends it."""

    def __init__(self, uf2=None, files=None, flash=None, cache=True, held=(), max_ms=None,
                 board="pico", beside=None):
        """Boot from reset: uf2 (the firmware) with a filesystem of files ({path: bytes}, none:
        empty flash, which the firmware formats), or flash (a whole 2 MB image saved by
        save_flash(), as a power cut left it). held: buttons down at power-on ("menu" is the
        recovery button: the app does not start and the REPL is free). board names the board
        file whose buttons and panel bus the firmware (built for it) uses. beside: another
        EmulatedPico whose node process this one joins as its next chip (linked_pair)."""
        reason = available()
        if reason:
            raise PicoError(reason)
        config = pin_map(board)
        self.pins = config["buttons"]
        self.tmp = tempfile.mkdtemp(prefix="pico-")
        self.chip = 0 if beside is None else beside.chip + 1
        request = {"cmd": "boot", "cache": cache,
                   "low": [self.pins[name] for name in held], "panel": panel_of(config)}
        if flash is not None:
            request["flash"] = self._write("flash.bin", flash)
        else:
            request["uf2"] = os.path.abspath(uf2)
            if files is not None:
                request["fs"] = self._write("fs.img", littlefs_image(files))
        self.owner = beside is None  # the first chip's object ends the process
        self.process = beside.process if beside is not None else subprocess.Popen(
            ["node", SCRIPT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            cwd=PICO_DIR)
        self.held = set(held)
        self.now_ms = 0.0
        self.call(request)

    def _write(self, name, data):
        path = os.path.join(self.tmp, name)
        with open(path, "wb") as handle:
            handle.write(data)
        return path

    def call(self, request):
        request = dict(request, chip=self.chip)
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise PicoError("the emulator ended (node exited with %s)" % self.process.poll())
        answer = json.loads(line)
        if not answer.pop("ok"):
            raise PicoError(answer["error"])
        self.now_ms = answer.get("now_ms", self.now_ms)
        return answer

    def close(self):
        if self.owner and self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(timeout=30)
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- time and buttons ---------------------------------------------------------------------
    def run_ms(self, ms):
        self.call({"cmd": "run_ms", "ms": ms})

    def settle(self, quiet_ms=100, max_ms=60000):
        """Run until neither the panel nor the flash has been busy for quiet_ms; False if the
        device stayed busy for max_ms."""
        return self.call({"cmd": "settle", "quiet_ms": quiet_ms, "max_ms": max_ms})["settled"]

    def set_button(self, name, down):
        self.call({"cmd": "pin", "pin": self.pins[name], "high": not down})

    def press(self, name, ms=PRESS_MS):
        self.set_button(name, True)
        self.run_ms(ms)
        self.set_button(name, False)
        self.run_ms(PRESS_MS)

    # -- what the device shows and says --------------------------------------------------------
    def panel(self):
        """The panel's RAM (1024 bytes, page-major) and whether the panel is switched on; for a
        colour panel, its glass (RGB565, two bytes a pixel, row by row) instead of the RAM."""
        answer = self.call({"cmd": "panel"})
        return bytes.fromhex(answer["ram"]), answer["on"]

    def panel_state(self):
        """{on, transfers, stray (colour pixels written off the glass), madctl (-1: none),
        seg_remap and com_reverse (an OLED's 0xA1 and 0xC8 last sent; None on a colour panel)}."""
        answer = self.call({"cmd": "panel"})
        del answer["ram"]
        return answer

    def watch_panel(self, page, col0, col1, max_ms=1000):
        """Run until a transfer on the bus changes the panel's RAM in page, columns col0 to col1
        (excluded): the emulated ms when that transfer ended, or None if none did in max_ms."""
        answer = self.call({"cmd": "watch_panel", "page": page, "col0": col0, "col1": col1,
                            "max_ms": max_ms})
        return answer["at_ms"] if answer["changed"] else None

    def serial(self):
        """Console output since the last call."""
        return self.call({"cmd": "serial"})["text"]

    def usb(self, data=b""):
        """Send data to the device over its USB serial (as a host's port writes); the bytes it
        wrote there since the last call (a cursor of its own, apart from serial's)."""
        return bytes.fromhex(self.call({"cmd": "usb", "data": bytes(data).hex()})["data"])

    def expect(self, text, max_ms=30000):
        self.call({"cmd": "expect", "text": text, "max_ms": max_ms})

    def repl(self):
        """Into the raw REPL (the app must not be holding the console: boot with "menu" held)."""
        self.call({"cmd": "repl"})

    def exec(self, code, max_ms=600000):
        """Run code in the raw REPL: {out, err, ms, cycles}; PicoError if it raised."""
        answer = self.call({"cmd": "exec", "code": code, "max_ms": max_ms})
        if answer["err"]:
            raise PicoError("on the device: %s" % answer["err"].strip())
        return answer

    def markers(self):
        """[{value, cycles, xip, misses, nanos}] written since the last call."""
        return self.call({"cmd": "markers"})["markers"]

    def counters(self):
        return self.call({"cmd": "counters"})

    def profile(self, watch=()):
        """Arm the profiler: cycles by program counter between the markers PROFILE_ON and
        PROFILE_OFF the device writes (pico.mjs), and the callers (link register) of the
        functions whose entry addresses are in watch."""
        self.call({"cmd": "profile", "watch": list(watch)})

    def profile_counts(self):
        """[(address, cycles)] of every program counter that ran while profiling."""
        return [(int(a), c) for a, c in self.call({"cmd": "profile_counts"})["counts"]]

    def profile_callers(self):
        """[(entry address, return address, calls)] of the watched functions."""
        return [tuple(entry) for entry in self.call({"cmd": "profile_callers"})["callers"]]

    def flash_log(self):
        """[[op, address, bytes, nanos]] of erase/program operations since the last call."""
        return self.call({"cmd": "flash_log"})["log"]

    # -- flash ---------------------------------------------------------------------------------
    def cut_after_flash_ops(self, n, max_ms=10000):
        """Run until n more flash operations are done, then stop dead: a power cut there.
        False when fewer happened within max_ms."""
        return self.call({"cmd": "cut_after_flash_ops", "n": n, "max_ms": max_ms})["cut"]

    def save_flash(self):
        """The whole 2 MB flash as bytes."""
        path = os.path.join(self.tmp, "saved.bin")
        self.call({"cmd": "save_flash", "path": path})
        with open(path, "rb") as handle:
            return handle.read()


def linked_pair(uf2, files=None, board="pico"):
    """Two emulated Picos of one board in one node process, their link UARTs (the board file's
    "link" entry) joined by a cable: each one's TX to the other's RX. Both run in lockstep
    whichever is driven (pico.mjs), on clocks that stay within a slice of each other. Close
    the second, then the first (which ends the process)."""
    from host_tools.device.hardware import link_cable

    link = link_cable(pin_map(board))  # (a map offering the cable and the USB: its cable)
    if link is None:
        raise PicoError("hardware/boards/%s.json has no link cable (\"link\": {\"uart\": ...})"
                        % board)
    first = EmulatedPico(uf2, files=files, board=board)
    try:
        second = EmulatedPico(uf2, files=files, board=board, beside=first)
        first.call({"cmd": "link", "chips": [first.chip, second.chip], "uart": link["uart"]})
    except Exception:
        first.close()
        raise
    return first, second


class UsbPty:
    """An emulated Pico's USB serial as a pseudo-terminal, the port a program on the host opens
    as it would a real Pico's /dev/ttyACM0 (the GTP bridge's --link serial:PATH): what the
    program writes reaches the device's stdin, what the device writes comes out there. Bytes
    pass only between runs of the chip, so run_ms runs it in slices with a pump() between.
    The pty's other end is held open and raw (no echo: the device's bytes never come back to
    it), so programs may open and close the port as they like."""

    SLICE_MS = 10  # under the link's resend time: each side hears the other promptly

    def __init__(self, pico):
        import tty

        self.pico = pico
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        os.set_blocking(self.master, False)
        self.passed = [0, 0]  # bytes to the device, from it

    def pump(self):
        """Pass what each side wrote to the other; how many bytes moved."""
        data = bytearray()
        while True:
            try:
                got = os.read(self.master, 4096)
            except OSError:  # (BlockingIOError: nothing written since)
                break
            if not got:
                break
            data += got
        out = self.pico.usb(data)
        self.passed[0] += len(data)
        self.passed[1] += len(out)
        moved = len(data) + len(out)
        while out:
            try:
                out = out[os.write(self.master, out):]
            except BlockingIOError:  # nobody reads the port: the rest is lost, as on a wire
                break
        return moved

    def run_ms(self, ms, until=None):
        """Run the chip ms, pumping between slices; with until (a function), stop as soon as
        it holds: whether it did."""
        done = 0
        while done < ms:
            self.pump()
            if until is not None and until():
                return True
            step = min(self.SLICE_MS, ms - done)
            self.pico.run_ms(step)
            done += step
        self.pump()
        return until is not None and until()

    def settle(self, quiet_ms=300, max_ms=20000):
        """EmulatedPico.settle in slices, the port served between them (the quiet time counts
        across slices); False if the chip stayed busy for max_ms."""
        done = 0
        while done < max_ms:
            self.pump()
            if self.pico.settle(quiet_ms=quiet_ms, max_ms=self.SLICE_MS):
                return True
            done += self.SLICE_MS
        return False

    def press(self, name, ms=PRESS_MS):
        """A button pressed as EmulatedPico.press does, the port served meanwhile."""
        self.pico.set_button(name, True)
        self.run_ms(ms)
        self.pico.set_button(name, False)
        self.run_ms(PRESS_MS)

    def ticks_ms(self):
        """The chip's clock (the ms it has run) as stones.compat's ticks: a program on the port
        that keeps time by it (the bridge in a test) sees the device's time, not the wall's."""
        return int(self.pico.now_ms)

    def ticks_diff(self, a, b):
        return a - b

    def close(self):
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
