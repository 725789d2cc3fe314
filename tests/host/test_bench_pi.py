"""The Raspberry Pi benchmark's premise: the top Pi level plays the same moves on every runtime.

host_tools/bench/pi.py compares CPython with the MicroPython unix port (native code and bytecode)
on the time of the same searches; bench_pi.py prints a checksum of the moves it played. Here the
three runtimes play the opening moves of each game at the top Pi level, and the checksums must
agree, or the benchmark's ratios would compare different work.
"""

import os
import subprocess
import sys

import pytest

from host_tools.bench import pi
from host_tools.bench.speed import parse


@pytest.mark.parametrize("key,size", [("go", 9), ("loupe", 7)])
def test_every_runtime_plays_the_top_pi_levels_moves(mpy_trees, key, size):
    native, plain = mpy_trees
    runs = {kind: pi.on_runtime(kind, key, size, 2, tree)
            for kind, tree in (("cpython", None), ("native", native), ("bytecode", plain))}
    assert {run["count"] for run in runs.values()} == {2}
    assert len({run["moves"] for run in runs.values()}) == 1, runs
    assert all(run["mean_us"] > 0 for run in runs.values())


def test_the_workload_refuses_nothing_silently(tmp_path):
    """An unknown game is an error with its name, not an empty figure."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    done = subprocess.run([sys.executable, pi.SCRIPT, "chess", "8", "1", "100"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode != 0
    assert "chess" in done.stderr
    assert parse(done.stdout) == {}
