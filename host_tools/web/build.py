"""Build the static site: python -m host_tools.web.build [--out build/web].

The firmware is compiled by host_tools.device.build for arch "none" (the WebAssembly port has no
native emitter: bytecode throughout, as the port's heap figures use it) and packed into two
files, firmware.bin (the .mpy files one after another) and firmware.json (each file's place in
it), which the page unpacks into the port's in-memory filesystem, with the sources the device
does not carry (page_sources): the page's platform module, stones/platforms/web.py, and the host's
record reader for the records the page is given to replay. MicroPython's port is copied
from node_modules (npm ci in host_tools/web), so the folder needs nothing from the network.
"""

import argparse
import json
import os
import shutil
import sys

from host_tools.device.build import build as build_firmware
from host_tools.paths import FIRMWARE, ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE = os.path.join(HERE, "page")
PORT = os.path.join(HERE, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PORT_FILES = ("micropython.mjs", "micropython.wasm")
DEFAULT_OUT = os.path.join(ROOT, "build", "web")


class WebBuildError(Exception):
    pass


def pack(tree, out, extra=None):
    """firmware.bin and firmware.json in out from the compiled tree (build.json's files) and
    extra ({name: bytes})."""
    with open(os.path.join(tree, "build.json")) as handle:
        manifest = json.load(handle)
    files = dict(extra or {})
    for name in manifest["files"]:
        with open(os.path.join(tree, name), "rb") as handle:
            files[name] = handle.read()
    index = {}
    offset = 0
    with open(os.path.join(out, "firmware.bin"), "wb") as blob:
        for name in sorted(files):
            data = files[name]
            blob.write(data)
            index[name] = [offset, len(data)]
            offset += len(data)
    with open(os.path.join(out, "firmware.json"), "w") as handle:
        json.dump({"version": manifest["version"], "files": index, "pico": pico_rates()}, handle,
                  separators=(",", ":"), sort_keys=True)
    return offset


PICO_RESULTS = os.path.join(ROOT, "docs", "results", "pico.json")
PICO_RATE = "playouts/s, frozen native"  # the figure of the firmware as a Pico runs it


def pico_rates(path=PICO_RESULTS):
    """{game key: the Pico's playouts a second on its default board} from the emulated Pico's
    results (host_tools/bench/pico.py), for the page's Pico speed; {} without them."""
    try:
        with open(path) as handle:
            figures = json.load(handle)["figures"]
    except (OSError, ValueError, KeyError):
        return {}
    return {f["game"]: f["value"] for f in figures
            if f.get("game") and f["name"].endswith(PICO_RATE) and f.get("value")}


# The host's record reader (SGF for Go, the engine's record format else), for a record file
# given to the page to replay: host code the page runs from source, its package's imports of the
# rest of host_tools stubbed empty (they only put firmware/ on sys.path, which the page has).
RECORD_READER = ("host_tools/records/files.py", "host_tools/records/sgf.py")
STUBS = ("host_tools/__init__.py", "host_tools/paths.py", "host_tools/records/__init__.py")


# The page's platform module: left out of the device's build (firmware/manifest.py), added here.
PLATFORM = "stones/platforms/web.py"


def page_sources():
    """{name: bytes} of the sources the page adds to the device's build, as its /lib holds
    them: the platform module, the record reader and its stubs."""
    files = {name: b"" for name in STUBS}
    for name in RECORD_READER:
        with open(os.path.join(ROOT, name), "rb") as handle:
            files[name] = handle.read()
    with open(os.path.join(FIRMWARE, PLATFORM), "rb") as handle:
        files[PLATFORM] = handle.read()
    return files


def build(out=DEFAULT_OUT):
    """Write the site into out; return {file: bytes} of what the page loads."""
    missing = [name for name in PORT_FILES if not os.path.exists(os.path.join(PORT, name))]
    if missing:
        raise WebBuildError("MicroPython's WebAssembly port is not installed (%s missing): run "
                            "npm ci in host_tools/web, or make web" % ", ".join(missing))
    tree = os.path.join(ROOT, "build", "web-firmware")
    build_firmware(out=tree, arch="none")
    os.makedirs(out, exist_ok=True)
    pack(tree, out, page_sources())
    for name in PORT_FILES:
        shutil.copyfile(os.path.join(PORT, name), os.path.join(out, name))
    for name in sorted(os.listdir(PAGE)):
        shutil.copyfile(os.path.join(PAGE, name), os.path.join(out, name))
    return {name: os.path.getsize(os.path.join(out, name)) for name in sorted(os.listdir(out))}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=DEFAULT_OUT, help="the site's folder (build/web)")
    args = parser.parse_args(argv)
    try:
        sizes = build(args.out)
    except WebBuildError as error:
        sys.exit(str(error))
    print("%s: %d files, %d KB" % (os.path.relpath(args.out, ROOT), len(sizes),
                                   sum(sizes.values()) // 1024))


if __name__ == "__main__":
    main()
