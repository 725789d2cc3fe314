"""Hostile input, short runs (make fuzz runs a million events): random presses, releases, long
holds and chords on the whole simulated device, on CPython and under the MicroPython unix port.
No error reaches the top-level handler, the engine's structures stay sound, games get finished,
and the heap does not grow across games."""

import subprocess
import sys

from host_tools.paths import ROOT
from host_tools.sim.device import Device, fuzz
from host_tools.sim.fuzz import GROWTH_LIMIT


def test_fuzz_cpython():
    summary = fuzz(Device(), 12000, seed=5)
    assert summary["games"] >= 2


def test_fuzz_micropython():
    """At a heap as large as a Pico's in 32-bit objects (see host_tools/sim/fuzz.py)."""
    done = subprocess.run([sys.executable, "-m", "host_tools.sim.fuzz", "--events", "6000",
                           "--seed", "4", "--runtime", "micropython"],
                          capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert "games finished" in last
    growth = int(last.split("heap growth ")[1].split()[0])
    assert growth <= GROWTH_LIMIT
