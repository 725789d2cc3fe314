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


def test_the_structure_check_names_each_kind_of_damage():
    """The fuzzer's check (Game.broken) passes a sound game of every kind and names the damage
    done to each structure it reads: a cell's neighbour count, the empty list, a group's size."""
    from stones.engine import registry
    from stones.engine.rng import Rng

    for key in registry.keys():
        game = registry.game_class(key)()
        rng = Rng(7)
        while game.count < 12 and not game.over:
            moves = [p for p in game.grid.points if game.legal(p)]
            game.play(moves[rng.below(len(moves))])
        assert game.broken() is None, key
        stone = next(p for p in game.grid.points if game.colour(p))
        root = game.root[stone]
        empty = next(p for p in game.grid.points if not game.colour(p))

        game.cell[empty] += 4  # one black neighbour more than there is
        assert game.broken().startswith("cell %s counts" % game.grid.name(empty)), key
        game.cell[empty] -= 4
        game.n_empty -= 1
        assert "empty points" in game.broken(), key
        game.n_empty += 1
        game.stones[root] += 1
        assert game.broken() == "group of %s has %d stones, says %d" % (
            game.grid.name(root), game.stones[root] - 1, game.stones[root]), key
        game.stones[root] -= 1
        assert game.broken() is None, key
