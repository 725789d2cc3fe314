"""Run the engine tests and the heap_lock tests under the real MicroPython unix port.

The heap is Pico-sized (190 KB, the RP2040 port's heap after boot is about that much); the unix
port's objects are 64-bit, so this is stricter than the device. Each module runs twice: over the
firmware sources, and over the firmware compiled by mpy-cross (the files the device runs).
"""

import glob
import os
import subprocess

import pytest

from host_tools.build import compile_firmware
from host_tools.paths import FIRMWARE, ROOT, tool

HEAP = "190K"
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


def run_micropython(module, firmware):
    folder, name = os.path.split(module)
    path = ":".join([firmware, os.path.join(TESTS, folder), os.path.join(TESTS, "engine"),
                     os.path.join(TESTS, "device"), ROOT])  # ROOT: host_tools.simcore
    done = subprocess.run(
        [tool("micropython"), "-X", "heapsize=" + HEAP, os.path.join(TESTS, "mp_run.py"),
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
    run_micropython(module, FIRMWARE)


@pytest.mark.parametrize("module", MODULES)
def test_from_mpy(module, compiled):
    run_micropython(module, compiled)
