"""Compile the firmware with mpy-cross into a build folder: python -m host_tools.build.

Only what firmware/manifest.py lists is built; each module becomes a .mpy (optimisation level 2
drops docstrings and asserts); main.py stays source because the device boots it by name.
"""

import argparse
import os
import subprocess
import sys

from host_tools.paths import FIRMWARE, ROOT, tool


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


def compile_firmware(out, mpy_cross=None, optimise=2, firmware=FIRMWARE, host_only=False):
    """Build every manifest file into out; return the list of output paths (relative)."""
    mpy_cross = mpy_cross or tool("mpy-cross")
    written = []
    for rel, compiled in manifest_files(firmware, host_only):
        src = os.path.join(firmware, rel)
        target = rel[:-3] + ".mpy" if compiled else rel
        dst = os.path.join(out, target)
        os.makedirs(os.path.dirname(dst) or out, exist_ok=True)
        if compiled:
            command = [mpy_cross, "-O%d" % optimise, "-s", rel, "-o", dst, src]
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode:
                raise BuildError("mpy-cross failed on %s:\n%s" % (rel, done.stderr))
        else:
            with open(src, "rb") as a, open(dst, "wb") as b:
                b.write(a.read())
        written.append(target)
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "firmware"))
    parser.add_argument("--mpy-cross", default=None)
    args = parser.parse_args(argv)
    try:
        files = compile_firmware(args.out, args.mpy_cross)
    except BuildError as error:
        print(error, file=sys.stderr)
        return 1
    print("built %d files into %s" % (len(files), args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
