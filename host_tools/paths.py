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
# The unix port's heap for behaviour: the simulator's --runtime micropython and the tests that
# play whole games there. Twice PICO_HEAP, the room those two costs take (64-bit objects, code
# on the heap): a run's frames and moves are the firmware's, and a new module's names do not
# tip it over. Whether a Pico's heap holds is asserted on the emulated RP2040
# (tests/pico/test_pico_heap.py), where objects are 32-bit and the code is in flash.
UNIX_HEAP = "480K"

if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)


def tool(name):
    """Path of a command from the project's virtual environment, else the bare name."""
    path = os.path.join(VENV_BIN, name)
    return path if os.path.exists(path) else name


def write_changed(path, text, write=True):
    """Whether the file at path differs from text (missing counts as different); where it does
    and write is true, it is written (folders made), so an unchanged file keeps its time."""
    try:
        with open(path) as handle:
            if handle.read() == text:
                return False
    except OSError:
        pass
    if write:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(path, "w") as handle:
            handle.write(text)
    return True
