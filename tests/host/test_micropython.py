"""Run the engine tests and the heap_lock tests under the real MicroPython unix port.

Each module runs twice. Over the firmware compiled by mpy-cross (the files the device runs) the
heap is Pico-sized: host_tools.paths.PICO_HEAP, what the RP2040 port has free after boot, and
stricter here, with 64-bit objects and all the code in the heap. (At 190 KB the engine tests had
a few KB to spare, and which allocation failed first depended on where the clone lay.) Over the
firmware sources the unix port compiles every module first, and that takes room the device never
needs: the parse tree of a 25 KB engine module, and the interned path of every source file, so
the margin depends on where the repository lies (the same module needed 180 KB in one clone and
210 KB in another, by their paths). The source run checks that the code behaves the same under
MicroPython; it gets 448 KB (Go's engine and its 8 KB pattern table, compiled from source, needed
more than 256 KB; the app with the search's viper kernels, compiled from source, more than 320;
tests/device/test_partial_redraw.py, which starts every game's app, needed 368 KB in one clone
and 392 KB in another of the same commit, by their paths, where 384 KB had been given; with
the windowed boards' views it ran out at 448 KB).

A test module whose own bookkeeping shares the heap with the device (tests/device/fitwalk.py
records every string drawn while a whole 19x19 game is walked) may ask for more in its mpy-cross
run with a line `MICROPYTHON_HEAP = "256K"`; never less than PICO_HEAP, never more than the
source run has.
"""

import glob
import os
import subprocess

import pytest

from host_tools.device.build import compile_firmware
from host_tools.paths import FIRMWARE, PICO_HEAP, ROOT, tool

SOURCE_HEAP = "512K"  # the source run: the same, plus the compiler's working space
TESTS = os.path.join(ROOT, "tests")
# tests/engine and tests/device also run under pytest; tests/mp only here.
MODULES = sorted(
    os.path.relpath(path, TESTS)
    for folder in ("engine", "device", "mp")
    for path in glob.glob(os.path.join(TESTS, folder, "test_*.py"))
)


@pytest.fixture(scope="session")
def compiled(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("mpy"))
    compile_firmware(out, host_only=True)  # the device build plus the fakes the tests drive
    assert not glob.glob(os.path.join(out, "stones", "**", "*.py"), recursive=True)
    return out


def run_micropython(module, firmware, heap):
    folder, name = os.path.split(module)
    path = ":".join([firmware, os.path.join(TESTS, folder), os.path.join(TESTS, "engine"),
                     os.path.join(TESTS, "device"), ROOT])  # ROOT: host_tools.sim.device
    done = subprocess.run(
        [tool("micropython"), "-X", "heapsize=" + heap, os.path.join(TESTS, "mp_run.py"),
         name[:-3]],
        capture_output=True, text=True, timeout=600, env=dict(os.environ, MICROPYPATH=path),
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    summary = output.strip().splitlines()[-1]
    assert summary.startswith("passed ") and summary.endswith(" failed 0"), output
    assert int(summary.split()[1]) > 0, output


@pytest.mark.parametrize("module", MODULES)
def test_from_source(module):
    run_micropython(module, FIRMWARE, SOURCE_HEAP)


def mpy_heap(module):
    """PICO_HEAP, or what the module asks for (see above), at most SOURCE_HEAP."""
    with open(os.path.join(TESTS, module)) as handle:
        for line in handle:
            if line.startswith("MICROPYTHON_HEAP = "):
                asked = line.split("=")[1].strip().strip('"')
                assert int(PICO_HEAP[:-1]) <= int(asked[:-1]) <= int(SOURCE_HEAP[:-1]), module
                return asked
    return PICO_HEAP


@pytest.mark.parametrize("module", MODULES)
def test_from_mpy(module, compiled):
    run_micropython(module, compiled, mpy_heap(module))
