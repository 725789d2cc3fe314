# What the Pocket Stones firmware freezes: RPI_PICO's own modules, then every file that
# firmware/manifest.py ships (the list `make build` compiles), compiled at -O2 as make build does,
# with the games' @micropython.native loops as the chip's machine code (armv6m here;
# POCKET_STONES2, the Pico 2's board, freezes this same manifest as armv7m). Frozen code runs
# from flash (XIP), so the app's code takes no heap. main.py is frozen too: at boot MicroPython
# runs a frozen main.py in preference to one on the filesystem.
# The rule texts (data files) cannot be frozen as files: each becomes a module stones/help/<key>.py
# holding TEXT, which stones.ui.rules reads when the file beside the code is missing.
# MicroPython's makemanifest runs this with the folder of this file as working directory.
import os

include("$(PORT_DIR)/boards/manifest.py")

_FIRMWARE = os.path.abspath(os.path.join(os.getcwd(), "..", ".."))
_GENERATED = os.path.join(_FIRMWARE, "..", "build", "frozen-text")


def _text_module(rel):
    """stones/help/go.txt -> build/frozen-text/stones/help/go.py (TEXT = the file's text)."""
    with open(os.path.join(_FIRMWARE, rel)) as handle:
        source = "TEXT = %r\n" % handle.read()
    target = os.path.join(_GENERATED, rel[: rel.rfind(".")] + ".py")
    os.makedirs(os.path.dirname(target), exist_ok=True)
    try:
        with open(target) as handle:
            same = handle.read() == source
    except OSError:
        same = False
    if not same:  # rewritten only when changed, so an unchanged build stays incremental
        with open(target, "w") as handle:
            handle.write(source)
    module(os.path.relpath(target, _GENERATED), base_path=_GENERATED, opt=2)


def _ship_package(name, exclude=()):
    for folder, dirs, names in os.walk(os.path.join(_FIRMWARE, name)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for filename in sorted(names):
            rel = os.path.relpath(os.path.join(folder, filename), _FIRMWARE)
            if rel in exclude or filename.endswith((".pyc", ".mpy")):
                continue
            if filename.endswith(".py"):
                module(rel, base_path=_FIRMWARE, opt=2)
            else:
                _text_module(rel)


def _ship_module(path, compile=True):
    module(path, base_path=_FIRMWARE, opt=2)


with open(os.path.join(_FIRMWARE, "manifest.py")) as _handle:
    exec(_handle.read(), {"package": _ship_package, "module": _ship_module})

# make firmware BOARD=<name>: the board's map as the module stones_board (host_tools/device/
# firmware.py writes it; for the default board it holds None: the map is stones.boot's own).
_BOARD = os.path.join(_FIRMWARE, "..", "build", "frozen-board")
if os.path.exists(os.path.join(_BOARD, "stones_board.py")):
    module("stones_board.py", base_path=_BOARD, opt=2)
