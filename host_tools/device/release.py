"""A release: every Pico board's UF2 and the Raspberry Pi bundle in dist/, with their checksums.

    python -m host_tools.device.release [--no-build] [--dist DIR]     (make release)

For version V (stones.VERSION) it writes into dist/:

    pocket-stones-V-<board>.uf2   make firmware BOARD=<board> for each board file of
                                  hardware/boards/ that a Pico runs (pico, pico2, picoboy...)
    pocket-stones-V-pi.tar.gz     what sudo make install-pi needs, in a folder
                                  pocket-stones-V-pi/: firmware/, hardware/boards/, hardware/pi/,
                                  host_tools/device/pi_install.sh, the Makefile, README and LICENSE
    SHA256SUMS                    the SHA-256 of each, as sha256sum writes it: check the files
                                  with `sha256sum -c SHA256SUMS` in dist/

--no-build takes the UF2s already in build/ and refuses, naming it, one that is missing. The
bundle is the same bytes for the same files (sorted, owned by root, dated SOURCE_DATE_EPOCH),
so a checksum names its contents. Older files of a release are removed from dist/ first.

Reading guide:

    plan(version)        [(file in dist/, what makes it)]: a UF2 a Pico board, then the bundle
    pi_bundle(path)      write the Pi bundle
    release(dist, build) everything above, then SHA256SUMS; returns the files' paths
    checksums(folder)    {file: SHA-256} read back from SHA256SUMS (tests/host/test_release.py)
"""

import argparse
import gzip
import hashlib
import io
import os
import sys
import tarfile

from host_tools.device import firmware, hardware
from host_tools.paths import FIRMWARE, ROOT

DIST = os.path.join(ROOT, "dist")
SUMS = "SHA256SUMS"
# What the Pi bundle holds, from the checkout's root: what pi_install.sh reads (it finds the
# checkout as the folder two above itself), make install-pi's Makefile, and the words.
PI_FILES = ("firmware", "hardware/boards", "hardware/pi", "host_tools/device/pi_install.sh",
            "Makefile", "README.md", "LICENSE")


def version():
    """stones.VERSION, read from firmware/stones/__init__.py without importing the app."""
    with open(os.path.join(FIRMWARE, "stones", "__init__.py")) as handle:
        for line in handle:
            if line.startswith("VERSION = "):
                return line.split("=", 1)[1].strip().strip("\"'")
    raise ValueError("no VERSION in firmware/stones/__init__.py")


def pico_boards():
    """The board files a Pico runs, the default (pico) first."""
    return [name for name in hardware.board_names()
            if hardware.load_map(name).get("board") == "pico"]


def plan(release_version=None):
    """[(file name in dist/, ("uf2", board) or ("pi", None))], in the order they are made."""
    v = release_version or version()
    made = [("pocket-stones-%s-%s.uf2" % (v, name), ("uf2", name)) for name in pico_boards()]
    return made + [("pocket-stones-%s-pi.tar.gz" % v, ("pi", None))]


def _files(path):
    """Every file to bundle under path (a file or a folder), sorted, without caches."""
    full = os.path.join(ROOT, path)
    if os.path.isfile(full):
        return [path]
    found = []
    for folder, dirs, names in os.walk(full):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if not name.endswith((".pyc", ".mpy")):
                found.append(os.path.relpath(os.path.join(folder, name), ROOT))
    return found


def pi_bundle(path, release_version=None):
    """Write the Pi bundle (tar.gz) to path: the same bytes for the same files."""
    top = "pocket-stones-%s-pi" % (release_version or version())
    stamp = int(firmware.SOURCE_DATE_EPOCH)
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for entry in PI_FILES:
            for rel in _files(entry):
                info = tar.gettarinfo(os.path.join(ROOT, rel), arcname=top + "/" + rel)
                info.uid = info.gid = 0
                info.uname = info.gname = "root"
                info.mtime = stamp
                info.mode = 0o755 if rel.endswith(".sh") else 0o644
                with open(os.path.join(ROOT, rel), "rb") as handle:
                    tar.addfile(info, handle)
    with open(path, "wb") as out:
        with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=stamp) as packed:
            packed.write(raw.getvalue())
    return path


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def release(dist=DIST, build=True, builder=None):
    """Make every file of plan() in dist and SHA256SUMS beside them; return their paths.
    builder(board) -> the UF2's path (default: firmware.build; with build False, the UF2 already
    in build/, firmware.FirmwareError naming one missing)."""
    os.makedirs(dist, exist_ok=True)
    for name in os.listdir(dist):
        if name.startswith("pocket-stones-") or name == SUMS:
            os.remove(os.path.join(dist, name))
    if builder is None:
        builder = _build if build else _built
    written = []
    for name, (kind, board) in plan():
        target = os.path.join(dist, name)
        if kind == "uf2":
            with open(builder(board), "rb") as source, open(target, "wb") as out:
                out.write(source.read())
        else:
            pi_bundle(target)
        written.append(target)
        print("%s: %d bytes" % (os.path.relpath(target), os.path.getsize(target)), flush=True)
    sums = os.path.join(dist, SUMS)
    with open(sums, "w") as handle:
        for path in written:
            handle.write("%s  %s\n" % (sha256(path), os.path.basename(path)))
    return written + [sums]


def _build(board):
    out, _ = firmware.build(archive=firmware.default_archive(), out=firmware.board_out(board),
                            board=board, micropython=os.environ.get("MICROPY_DIR") or None)
    return out


def _built(board):
    path = firmware.board_out(board)
    if not os.path.exists(path):
        raise firmware.FirmwareError("no %s: make firmware%s first, or make release without "
                                     "--no-build" % (os.path.relpath(path, ROOT),
                                                     "" if board == "pico" else
                                                     " BOARD=" + board))
    return path


def checksums(folder):
    """{file name: SHA-256} as SHA256SUMS in folder lists them."""
    with open(os.path.join(folder, SUMS)) as handle:
        return {name: digest for digest, name in (line.split("  ", 1) for line in
                                                  handle.read().splitlines())}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true",
                        help="take the UF2s already in build/ (make firmware BOARD=...)")
    parser.add_argument("--dist", default=DIST, help="default dist/")
    args = parser.parse_args(argv)
    try:
        written = release(args.dist, build=not args.no_build)
    except firmware.FirmwareError as error:
        print("make release: %s" % error, file=sys.stderr)
        return 1
    print("%s: version %s, %d files and their SHA-256 in %s" % (
        os.path.relpath(args.dist), version(), len(written) - 1, SUMS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
