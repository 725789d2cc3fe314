"""Where things are, and the firmware on sys.path for every host tool."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
HARDWARE = os.path.join(ROOT, "hardware")
BOARDS = os.path.join(HARDWARE, "boards")  # one pin map a board: hardware/boards/<name>.json
VENV_BIN = os.path.join(ROOT, ".venv", "bin")
# The unix port's heap where a test or benchmark stands in for a Pico: what the RP2040 port has
# free after boot (240,528 bytes on the emulated chip). Stricter here than there: the unix port's
# objects are 64-bit, and every module's code sits in the heap, where the Pico runs it from flash.
PICO_HEAP = "240K"

if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)


def tool(name):
    """Path of a command from the project's virtual environment, else the bare name."""
    path = os.path.join(VENV_BIN, name)
    return path if os.path.exists(path) else name
