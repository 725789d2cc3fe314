"""Build pocket-stones.uf2: MicroPython v1.28.0 for the Pico with the app frozen in.

    python -m host_tools.device.firmware [--romfs] [--board NAME] [--micropython DIR]
                                  [--archive FILE] [--out FILE] [--jobs N]

--board NAME (make firmware BOARD=NAME) builds for hardware/boards/NAME.json instead of the
default pico.json: the board file is checked (a bad one is refused, naming each problem), its
missing buttons are warned about by name, and it is frozen in as the module stones_board
(CONFIG: the map), which stones.boot uses when the Pico has no /config.json. The UF2 is then
build/pocket-stones-NAME.uf2. Without --board stones_board holds CONFIG = None and the firmware
keeps its built-in map (stones.boot.DEFAULTS, the same as pico.json).

The board is firmware/board/POCKET_STONES (RPI_PICO's layout, its manifest freezes what
firmware/manifest.py ships); a board file whose "chip" is rp2350 (pico2.json, the Pico 2) builds
firmware/board/POCKET_STONES2 instead (RPI_PICO2's layout, the same manifest, native code for
armv7m), in a build folder of its own. --romfs builds the other route instead, the board's ROMFS
variant: the firmware freezes main.py alone and keeps a ROMFS partition (mpconfigboard.h), and
the app is a ROMFS image of make build's output (the armv6m .mpy files and the rule texts), which
MicroPython mounts at /rom. It writes build/pocket-stones-romfs.img (the image: `mpremote romfs
deploy build/pocket-stones-romfs.img` puts it on a Pico that runs the ROMFS firmware) and
build/pocket-stones-romfs.uf2 (firmware and image in one file to drop on the Pico; the emulated
Pico loads it as it is). The MicroPython sources come from, in order:
  --micropython DIR / $MICROPY_DIR   a v1.28.0 tree with its submodules (a git clone:
                                     git clone -b v1.28.0 https://github.com/micropython/micropython
                                     make -C micropython/ports/rp2 BOARD=RPI_PICO submodules)
  --archive FILE / $MICROPY_ARCHIVE  the offline source bundle, default
                                     shared/vendor/micropython-1.28.0-rp2-src.tar.xz beside the
                                     checkout (or beside the folder above it, or in /work);
                                     unpacked once into the cache
picotool (pico-sdk makes the UF2 with it) is built once from the bundle's picotool-2.2.0, from
$PICOTOOL_SRC, or taken installed from $PICOTOOL_DIR (its picotoolConfig.cmake folder).

The unpacked sources, picotool and mpy-cross are kept in $POCKET_STONES_CACHE (default
~/.cache/pocket-stones), shared by every checkout on the machine and built under a lock; the
board's own build folder is build/pico-firmware in the checkout, so a rebuild after a change to the
app recompiles only what changed (seconds). From nothing: about 5 minutes on 2 cores.
Toolchain (Debian): gcc-arm-none-eabi, libnewlib-arm-none-eabi, cmake (make firmware installs them).
"""

import argparse
import fcntl
import glob
import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import time

from host_tools.paths import FIRMWARE, ROOT, write_changed

BOARD_DIR = os.path.join(FIRMWARE, "board", "POCKET_STONES")
# The MicroPython board folder of each chip a Pico board file names ("chip", default rp2040):
# the RP2350's is RPI_PICO2-based (4 MB flash, the Cortex-M33 mode, native code for armv7m).
CHIP_BOARD_DIRS = {"rp2040": BOARD_DIR,
                   "rp2350": os.path.join(FIRMWARE, "board", "POCKET_STONES2")}
# The UF2 family ID picotool writes for each chip (the UF2 spec's list; the RP2350's is its Arm
# Secure mode, which MicroPython runs in).
UF2_FAMILIES = {"rp2040": 0xE48BFF56, "rp2350": 0xE48BFF59}
# The .mpy header's native architecture (py/persistentcode.h: MP_NATIVE_ARCH_*) of the machine
# code MicroPython's rp2 port freezes for each chip (its CMakeLists' MICROPY_CROSS_FLAGS).
MPY_ARCHES = {"rp2040": ("armv6m", 4), "rp2350": ("armv7m", 5)}
BUILD_DIR = os.path.join(ROOT, "build", "pico-firmware")
DEFAULT_OUT = os.path.join(ROOT, "build", "pocket-stones.uf2")
ROMFS_OUT = os.path.join(ROOT, "build", "pocket-stones-romfs.uf2")
ROMFS_APP = os.path.join(ROOT, "build", "romfs-app")  # make build's output the image is made of
# The board's map as a frozen module (board_module): the board manifest freezes what is here.
BOARD_MODULE = os.path.join(ROOT, "build", "frozen-board", "stones_board.py")
DEFAULT_BOARD = "pico"
FLASH_BASE = 0x10000000  # where the flash appears in the RP2040's address space (XIP)
FLASH_BYTES = 2048 * 1024
ARCHIVE_NAME = "micropython-1.28.0-rp2-src.tar.xz"
# Where the offline bundle is looked for: shared/vendor beside the checkout or beside any folder
# above it (a clone in a temporary folder of the same workspace), then the workspace's own.
ARCHIVE_PLACES = [os.path.join(os.path.dirname(ROOT), "shared", "vendor")] + [
    os.path.join(up, "shared", "vendor") for up in (
        os.path.dirname(os.path.dirname(ROOT)), "/work")]


def default_archive():
    """The first of ARCHIVE_PLACES that holds the bundle (the first place if none does)."""
    for place in ARCHIVE_PLACES:
        path = os.path.join(place, ARCHIVE_NAME)
        if os.path.exists(path):
            return path
    return os.path.join(ARCHIVE_PLACES[0], ARCHIVE_NAME)


# The date in the firmware's banner, fixed so the same toolchain gives the same bytes.
SOURCE_DATE_EPOCH = "1795392000"  # 2026-11-23
CLONE_HELP = """no MicroPython sources: give --micropython DIR (or MICROPY_DIR) a v1.28.0 tree
with its submodules:
    git clone -b v1.28.0 https://github.com/micropython/micropython
    make -C micropython/ports/rp2 BOARD=RPI_PICO submodules
    (picotool 2.2.0: PICOTOOL_SRC=a checkout of github.com/raspberrypi/picotool at tag 2.2.0)
or --archive FILE (MICROPY_ARCHIVE) the offline bundle micropython-1.28.0-rp2-src.tar.xz."""


class FirmwareError(Exception):
    pass


def cache_dir():
    return os.environ.get("POCKET_STONES_CACHE") or os.path.join(
        os.path.expanduser("~"), ".cache", "pocket-stones")


def is_micropython(path):
    return (os.path.isfile(os.path.join(path, "ports", "rp2", "Makefile"))
            and os.path.isfile(os.path.join(path, "py", "mpconfig.h")))


def run(command, log, cwd=None, env=None):
    """Run a build step with its output in the log; on failure the log's tail says why."""
    with open(log, "w") as handle:
        done = subprocess.run(command, cwd=cwd, env=env, stdout=handle, stderr=subprocess.STDOUT)
    if done.returncode:
        with open(log) as handle:
            tail = handle.read()[-3000:]
        raise FirmwareError("%s failed (log: %s):\n%s" % (" ".join(command[:3]), log, tail))


# MicroPython v1.28's mpy-tool.py places frozen armv6m native code on 2-byte boundaries, but the
# runtime reads the first word of a native function's data with a 32-bit load, which a Cortex-M0+
# cannot do unaligned (a HardFault; the emulated chip stops with "not 32 bit aligned"). The
# games' move loops are native, so the build word-aligns them.
MPY_TOOL_ALIGN = ('self.fun_data_attributes += " __attribute__ ((aligned (2)))"',
                  'self.fun_data_attributes += " __attribute__ ((aligned (4)))"')


def patch_mpy_tool(mp):
    """Word-align frozen native code in mp's tools/mpy-tool.py (once; says so when it does)."""
    path = os.path.join(mp, "tools", "mpy-tool.py")
    with open(path) as handle:
        source = handle.read()
    if MPY_TOOL_ALIGN[0] in source:
        with open(path, "w") as handle:
            handle.write(source.replace(*MPY_TOOL_ALIGN))
        print("patched %s: frozen native code word-aligned (armv6m)" % path, flush=True)


def file_digest(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()[:12]


def unpack(archive, cache):
    """The bundle unpacked once into the cache: (micropython tree, picotool sources or None)."""
    top = os.path.join(cache, "src-" + file_digest(archive))
    stamp = os.path.join(top, ".unpacked")
    if not os.path.exists(stamp):
        shutil.rmtree(top, ignore_errors=True)
        os.makedirs(top)
        print("unpacking %s" % archive, flush=True)
        subprocess.run(["tar", "-xJf", archive, "-C", top], check=True)
        open(stamp, "w").close()
    trees = [d for d in glob.glob(os.path.join(top, "*")) if is_micropython(d)]
    if not trees:
        raise FirmwareError("no MicroPython tree (ports/rp2, py/) in %s" % archive)
    picotools = glob.glob(os.path.join(top, "picotool*", "CMakeLists.txt"))
    return trees[0], (os.path.dirname(picotools[0]) if picotools else None)


def picotool_dir(source, sdk, cache, jobs):
    """picotool built without libusb (pico-sdk makes the UF2 with it), installed in the cache."""
    if os.environ.get("PICOTOOL_DIR"):
        return os.environ["PICOTOOL_DIR"]
    source = os.environ.get("PICOTOOL_SRC") or source
    if not source:
        return None  # pico-sdk then tries to fetch it, which fails offline: its message says so
    install = os.path.join(cache, "picotool-" + hashlib.sha256(source.encode()).hexdigest()[:12])
    found = glob.glob(os.path.join(install, "**", "picotoolConfig.cmake"), recursive=True)
    if not found:
        print("building picotool (once)", flush=True)
        build = install + "-build"
        shutil.rmtree(build, ignore_errors=True)
        run(["cmake", "-S", source, "-B", build, "-DPICO_SDK_PATH=" + sdk, "-DPICOTOOL_NO_LIBUSB=1",
             "-DCMAKE_INSTALL_PREFIX=" + install, "-DCMAKE_BUILD_TYPE=Release"],
            os.path.join(cache, "picotool-cmake.log"))
        run(["make", "-C", build, "-j%d" % jobs], os.path.join(cache, "picotool-make.log"))
        run(["cmake", "--install", build], os.path.join(cache, "picotool-install.log"))
        shutil.rmtree(build, ignore_errors=True)
        found = glob.glob(os.path.join(install, "**", "picotoolConfig.cmake"), recursive=True)
    return os.path.dirname(found[0])


def board_module(name):
    """The source of the frozen stones_board module for a board file, after checking it:
    (source, [warnings]); FirmwareError naming every problem of a bad one."""
    from host_tools.device import hardware

    try:
        config = hardware.load_map(name)
    except OSError:
        raise FirmwareError("no board %r: the boards are %s (hardware/boards/)" % (
            name, ", ".join(hardware.board_names()))) from None
    if config.get("board") != "pico":
        raise FirmwareError("board %s runs on a Raspberry Pi, not a Pico: sudo make install-pi "
                            "BOARD=%s" % (name, name))
    problems = hardware.check_map(config)
    if problems:
        raise FirmwareError("hardware/boards/%s.json is not right:\n  %s"
                            % (name, "\n  ".join(problems)))
    warnings = ["board %s has no %s button (%s): the app cannot be sent that button there"
                % (name, button.upper(), why)
                for button, why in hardware.missing_buttons(config).items()]
    source = ("# make firmware BOARD=%s: hardware/boards/%s.json, frozen in (generated)\n"
              "CONFIG = %r\n" % (name, name, config))
    return source, warnings


DEFAULT_MODULE = ("# make firmware without BOARD: no board map frozen in, stones.boot's DEFAULTS"
                  " (generated)\nCONFIG = None\n")


def place_board_module(name):
    """Write the frozen board module for name (None or the default: CONFIG = None), only when
    it changed, so that an unchanged build stays incremental and a changed one is frozen again
    (MicroPython's makemanifest goes by the files' times: a module removed would stay frozen);
    returns the warnings."""
    if name in (None, DEFAULT_BOARD):
        source, warnings = DEFAULT_MODULE, []
    else:
        source, warnings = board_module(name)
    write_changed(BOARD_MODULE, source)
    return warnings


def board_out(name):
    """build/pocket-stones.uf2 for the default board, build/pocket-stones-NAME.uf2 for another."""
    if name in (None, DEFAULT_BOARD):
        return DEFAULT_OUT
    return os.path.join(ROOT, "build", "pocket-stones-%s.uf2" % name)


def own_build_dir(folder):
    """Remove a board build folder that CMake made for another checkout (a copied build/ keeps
    the absolute paths of the one it came from, and building there would write into that one);
    True when it did."""
    cache = os.path.join(folder, "CMakeCache.txt")
    try:
        with open(cache) as handle:
            head = handle.read(4096)
    except OSError:
        return False
    found = re.search(r"# For build in directory: (.+)", head)
    if found and os.path.realpath(found.group(1).strip()) != os.path.realpath(folder):
        print("%s was made for %s: building it afresh here" % (
            os.path.relpath(folder, ROOT), found.group(1).strip()), flush=True)
        shutil.rmtree(folder)
        return True
    return False


def chip(name):
    """The chip of a Pico board file ("chip": rp2040 or rp2350; rp2040 when it names none);
    None (the default board) is the RP2040 Pico."""
    if name in (None, DEFAULT_BOARD):
        return "rp2040"
    from host_tools.device import hardware

    try:
        return hardware.load_map(name).get("chip", "rp2040")
    except OSError:
        return "rp2040"  # board_module names the missing board


def board_build(variant=None, board_dir=BOARD_DIR):
    """The build folder of a board folder and variant (None: the frozen firmware)."""
    return os.path.join(BUILD_DIR, "build-" + os.path.basename(board_dir)
                        + ("-" + variant if variant else ""))


def build(micropython=None, archive=None, out=DEFAULT_OUT, jobs=None, variant=None, board=None):
    """Build the firmware (variant "ROMFS": the ROMFS variant, without the app) for a board
    file's name (None: the default map); returns (uf2 path, seconds taken)."""
    start = time.time()
    jobs = jobs or os.cpu_count() or 2
    cache = cache_dir()
    os.makedirs(cache, exist_ok=True)
    os.makedirs(BUILD_DIR, exist_ok=True)
    with open(os.path.join(cache, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time (a shared cache, 2 cores)
        picotool_src = None
        if micropython:
            mp = os.path.abspath(micropython)
            if not is_micropython(mp):
                raise FirmwareError("%s is not a MicroPython source tree (no ports/rp2)" % mp)
            for sub in ("lib/pico-sdk/pico_sdk_init.cmake", "lib/tinyusb/src",
                        "lib/mbedtls/library"):
                if not os.path.exists(os.path.join(mp, sub)):
                    raise FirmwareError("%s/%s is missing: run make -C %s/ports/rp2 BOARD=RPI_PICO "
                                        "submodules" % (mp, sub, mp))
        elif archive and os.path.exists(archive):
            mp, picotool_src = unpack(os.path.abspath(archive), cache)
        else:
            raise FirmwareError(CLONE_HELP)
        patch_mpy_tool(mp)
        for warning in place_board_module(board):
            print("make firmware: warning: %s" % warning, flush=True)
        board_dir = CHIP_BOARD_DIRS[chip(board)]
        folder = board_build(variant, board_dir)
        own_build_dir(folder)
        sdk = os.path.join(mp, "lib", "pico-sdk")
        # Not make's own variables: make firmware BOARD=picoboy would hand its BOARD to the rp2
        # port's Makefile through them, which reads BOARD as MicroPython's board name.
        env = {key: value for key, value in os.environ.items()
               if key not in ("BOARD", "MAKEFLAGS", "MFLAGS", "MAKEOVERRIDES")}
        env["SOURCE_DATE_EPOCH"] = SOURCE_DATE_EPOCH
        tool = picotool_dir(picotool_src, sdk, cache, jobs)
        # In the environment, not on make's command line, where it would replace the port
        # Makefile's own CMAKE_ARGS (the board) and silently build plain RPI_PICO.
        env["CMAKE_ARGS"] = "-Dpicotool_DIR=" + tool if tool else ""
        if not os.path.exists(os.path.join(mp, "mpy-cross", "build", "mpy-cross")):
            print("building mpy-cross (once)", flush=True)
        run(["make", "-C", os.path.join(mp, "mpy-cross"), "-j%d" % jobs],
            os.path.join(BUILD_DIR, "mpy-cross.log"), env=env)
        print("building the firmware (board %s%s)" % (
            os.path.relpath(board_dir, ROOT), ", variant " + variant if variant else ""),
            flush=True)
        run(["make", "-C", os.path.join(mp, "ports", "rp2"), "BOARD_DIR=" + board_dir,
             "BUILD=" + folder, "-j%d" % jobs]
            + (["BOARD_VARIANT=" + variant] if variant else []),
            os.path.join(BUILD_DIR, "%s.log" % os.path.basename(folder)), env=env)
    made = os.path.join(folder, "firmware.uf2")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    shutil.copyfile(made, out)
    return out, time.time() - start


ELF = os.path.join(board_build(), "firmware.elf")


def sizes(elf=ELF):
    """text, data and bss of the firmware (arm-none-eabi-size)."""
    done = subprocess.run(["arm-none-eabi-size", elf], capture_output=True, text=True)
    if done.returncode:
        return None
    text, data, bss = done.stdout.splitlines()[1].split()[:3]
    return int(text), int(data), int(bss)


def romfs_partition():
    """(flash offset, bytes) of the ROMFS variant's partition, read from mpconfigboard.h as
    rp2_flash.c places it: directly below the filesystem, which ends at the end of the flash."""
    with open(os.path.join(BOARD_DIR, "mpconfigboard.h")) as handle:
        header = handle.read()

    def kilobytes(name):
        found = re.search(r"#define\s+%s\s+\((\d+) \* 1024\)" % name, header)
        if not found:
            raise FirmwareError("no %s in %s/mpconfigboard.h" % (name, BOARD_DIR))
        return int(found.group(1)) * 1024

    size = kilobytes("MICROPY_HW_ROMFS_BYTES")
    return FLASH_BYTES - kilobytes("MICROPY_HW_FLASH_STORAGE_BYTES") - size, size


def romfs_image(folder):
    """A ROMFS image (MicroPython's VfsRom format, written by mpremote's VfsRomWriter) of every
    file under folder but make build's manifest and main.py (the firmware freezes main.py)."""
    from mpremote.romfs import VfsRomWriter

    writer = VfsRomWriter()

    def add(path, top):
        for name in sorted(os.listdir(path)):
            full = os.path.join(path, name)
            if os.path.isdir(full):
                writer.opendir(name)
                add(full, False)
                writer.closedir()
            elif not (top and name in ("build.json", "main.py")):
                with open(full, "rb") as handle:
                    writer.mkfile(name, handle.read())

    add(folder, True)
    return writer.finalise()


UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
UF2_PAYLOAD = 256


def uf2_with(uf2, data, address):
    """The UF2 file uf2 (bytes) with data added at flash address (the partition's XIP address),
    in 256-byte blocks of the same family, every block renumbered: one file for the BOOTSEL
    drive. The RP2040's boot ROM writes each block where its address says."""
    blocks = [uf2[off:off + 512] for off in range(0, len(uf2), 512)]
    flags, family = struct.unpack_from("<I", blocks[0], 8)[0], struct.unpack_from(
        "<I", blocks[0], 28)[0]
    for off in range(0, len(data), UF2_PAYLOAD):
        payload = data[off:off + UF2_PAYLOAD].ljust(UF2_PAYLOAD, b"\xff")
        block = struct.pack("<8I", UF2_MAGIC[0], UF2_MAGIC[1], flags, address + off,
                            UF2_PAYLOAD, 0, 0, family) + payload.ljust(476, b"\0")
        blocks.append(block + struct.pack("<I", UF2_MAGIC[2]))
    out = bytearray()
    for number, block in enumerate(blocks):
        block = bytearray(block)
        struct.pack_into("<II", block, 20, number, len(blocks))
        out += block
    return bytes(out)


def build_romfs(micropython=None, archive=None, out=ROMFS_OUT, jobs=None):
    """The ROMFS route: the ROMFS variant's firmware, the app's image (out with .img) and both in
    out; returns (uf2 path, image path, image bytes, seconds taken)."""
    from host_tools.device.build import PICO_ARCH, compile_firmware

    start = time.time()
    offset, size = romfs_partition()
    made, _ = build(micropython, archive, os.path.join(BUILD_DIR, "romfs-firmware.uf2"), jobs,
                    variant="ROMFS")
    code = sizes(os.path.join(board_build("ROMFS"), "firmware.elf"))
    if code and code[0] + code[1] > offset:
        raise FirmwareError("the ROMFS firmware's code (%d bytes) runs into the ROMFS partition "
                            "at 0x%X: make MICROPY_HW_ROMFS_BYTES smaller"
                            % (code[0] + code[1], offset))
    compile_firmware(ROMFS_APP, arch=PICO_ARCH)
    image = romfs_image(ROMFS_APP)
    if len(image) > size:
        raise FirmwareError("the app's ROMFS image (%d bytes) does not fit the %d-byte partition: "
                            "make MICROPY_HW_ROMFS_BYTES larger" % (len(image), size))
    image_path = os.path.splitext(out)[0] + ".img"
    with open(image_path, "wb") as handle:
        handle.write(image)
    with open(made, "rb") as handle:
        firmware = handle.read()
    with open(out, "wb") as handle:
        handle.write(uf2_with(firmware, image, FLASH_BASE + offset))
    return out, image_path, len(image), time.time() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--micropython", default=os.environ.get("MICROPY_DIR") or None)
    parser.add_argument("--archive", default=os.environ.get("MICROPY_ARCHIVE") or default_archive())
    parser.add_argument("--romfs", action="store_true",
                        help="the ROMFS route: firmware without the app, the app as a ROMFS image")
    parser.add_argument("--out", default=None,
                        help="default build/pocket-stones.uf2 (--romfs: pocket-stones-romfs.uf2)")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--board", default=None,
                        help="a board file's name in hardware/boards/ (default: pico)")
    args = parser.parse_args(argv)
    try:
        if args.romfs:
            out, image, image_bytes, seconds = build_romfs(
                args.micropython, args.archive, args.out or ROMFS_OUT, args.jobs)
            offset, size = romfs_partition()
            print("%s: %d bytes, the app's ROMFS image of %d bytes in the %d KB partition at "
                  "flash offset 0x%X" % (os.path.relpath(image), image_bytes, image_bytes,
                                         size // 1024, offset))
        else:
            out, seconds = build(args.micropython, args.archive,
                                 args.out or board_out(args.board), args.jobs, board=args.board)
    except FirmwareError as error:
        print("make firmware: %s" % error, file=sys.stderr)
        return 1
    size = sizes(os.path.join(board_build("ROMFS" if args.romfs else None,
                                          CHIP_BOARD_DIRS[chip(args.board)]), "firmware.elf"))
    print("%s: %d bytes%s, built in %.0f s" % (
        os.path.relpath(out), os.path.getsize(out),
        " (text %d, data %d, bss %d)" % size if size else "", seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
