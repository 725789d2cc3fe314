"""Run the engine tests and the heap_lock tests under the real MicroPython unix port.

Each module runs twice: over the firmware sources (the port compiles every module first) and
over their mpy-cross output (the files the device runs). These are behaviour tests: the same
code, the same answers, the hot paths allocating nothing under heap_lock. They run with room to
spare (MPY_HEAP, SOURCE_HEAP): the unix port's objects are 64-bit and all its code sits in the
heap, so it says nothing exact about a Pico's 240 KB, where objects are 32-bit and the code is in
flash. The Pico's own heap budgets are asserted on the emulated RP2040 (tests/pico), and how much
heap each module here needs at least is a benchmark's figure (python -m host_tools.bench.heaps),
shown on the benchmark page beside the heap these runs give.

Every run is staged (host_tools/unixport.py): the port sees only short relative names, so where
the checkout lies never reaches its heap; test_the_checkout_path_does_not_reach_the_heap shows
it from two folders of different lengths.

A test a runtime cannot run (the sources' drift checks need CPython's ast; a viper kernel needs
MicroPython) raises support.skip(reason): pytest reports it as skipped, and tests/mp_run.py prints
a SKIP line, which the summary at the end of the run lists (tests/conftest.py).
"""

import glob
import os
import subprocess

import pytest

from host_tools import unixport
from host_tools.device.build import compile_firmware
from host_tools.paths import FIRMWARE, ROOT, tool

MPY_HEAP = "512K"  # the device's files: about twice what the hungriest module needs (bench.heaps)
SOURCE_HEAP = "1024K"  # the same from source, plus the compiler's parse trees
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
    path = [firmware, os.path.join(TESTS, folder), os.path.join(TESTS, "engine"),
            os.path.join(TESTS, "device"), ROOT]  # ROOT: host_tools.sim.device
    done = unixport.run(os.path.join(TESTS, "mp_run.py"), [name[:-3]], heap, path)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    lines = output.strip().splitlines()
    summary = lines[-1].split()
    assert summary[0] == "passed" and summary[3] == "0", output  # passed N failed 0 skipped K
    assert int(summary[1]) > 0, output
    for line in lines:
        if line.startswith("SKIP "):
            SKIPPED.append("%s (%s run): %s" % (module, "mpy" if heap == MPY_HEAP else "source",
                                                line[5:]))
    return output


SKIPPED = []  # the SKIP lines of every run, listed at the end by tests/conftest.py


@pytest.mark.parametrize("module", MODULES)
def test_from_source(module):
    run_micropython(module, FIRMWARE, SOURCE_HEAP)


@pytest.mark.parametrize("module", MODULES)
def test_from_mpy(module, compiled):
    run_micropython(module, compiled, MPY_HEAP)


HEAP_AFTER_IMPORT = """
import gc
import sys
gc.collect()
before = gc.mem_alloc()
from stones.engine import registry
for key in registry.keys():
    registry.game_class(key)
import test_search
gc.collect()
print(gc.mem_alloc() - before, len(sys.argv[0]), sys.path[0])
"""


def test_the_checkout_path_does_not_reach_the_heap(tmp_path):
    """The same modules imported from two checkouts whose paths differ in length by 60
    characters take the same heap, to the byte: the port sees only the staged names."""
    script = tmp_path / "heap_after_import.py"
    script.write_text(HEAP_AFTER_IMPORT)
    seen, unstaged = [], []
    for name in ("c", "c" * 61):
        clone = tmp_path / name / "checkout"
        clone.mkdir(parents=True)
        for part in ("firmware", "tests"):
            os.symlink(os.path.join(ROOT, part), str(clone / part))
        done = unixport.run(str(script), [], MPY_HEAP,
                            [str(clone / "firmware"), str(clone / "tests" / "engine")])
        assert done.returncode == 0, done.stdout + done.stderr
        seen.append(done.stdout.split())
        plain = subprocess.run(  # the same without the staging: the paths reach the heap
            [tool("micropython"), "-X", "heapsize=" + MPY_HEAP, str(script)], capture_output=True,
            text=True, timeout=60, env=dict(os.environ, MICROPYPATH="%s:%s" % (
                clone / "firmware", clone / "tests" / "engine")))
        assert plain.returncode == 0, plain.stdout + plain.stderr
        unstaged.append(int(plain.stdout.split()[0]))
    assert seen[0] == seen[1] and int(seen[0][0]) > 10000, seen
    assert unstaged[0] < unstaged[1], unstaged  # what the staging takes away
