"""Hostile input, short runs (make fuzz runs a million events): random presses, releases, long
holds and chords on the whole simulated device, on CPython and under the MicroPython unix port,
as make fuzz runs them (host_tools/sim/fuzz.py). No error reaches the top-level handler, the
engine's structures stay sound, games get finished, and the heap does not grow across games."""

import json
import subprocess
import sys

import pytest

from host_tools.paths import ROOT
from host_tools.sim.device import Device, FuzzFailure, NullPanel, ThinSearch, fuzz
from host_tools.sim.fuzz import GROWTH_LIMIT, run_cpython


def test_fuzz_cpython():
    """A share of make fuzz's CPython run, as it runs it (NullPanel, the thinned search)."""
    summary = run_cpython(20000, seed=5)
    assert summary["games"] >= 2
    assert summary["thin"] > 1


def test_fuzz_cpython_drawing_the_pixels():
    """The same with the pixels drawn (framebuf_py), as --draw does, and the full search."""
    summary = fuzz(Device(), 3000, seed=6, thin=1)
    assert summary["events"] == 3000 and summary["thin"] == 1


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


def test_a_caught_error_fails_the_fuzz_with_its_event():
    device = Device(display=NullPanel())
    menu = device.app.top

    def handle(event):
        raise ValueError("planted")

    menu.handle = handle
    with pytest.raises(FuzzFailure) as failure:
        fuzz(device, 200, seed=1)
    assert "ValueError: planted" in str(failure.value)


def test_the_thin_search_runs_one_playout_in_thin_on_a_budget_as_much_smaller():
    from stones.engine.go.rules import Go

    game = Go()
    search = ThinSearch(8)
    search.begin(game, 8000, seed=3)
    assert search.budget == 1000  # the Search's own attribute, through the wrapper
    assert not search.step(8) and search.playouts == 1
    assert not search.step(3) and search.playouts == 1
    search.step(5)
    assert search.playouts == 2
    while not search.step(64):
        pass
    assert game.legal(search.best_move())


def test_the_null_panel_checks_arguments_as_the_c_framebuf_does():
    panel = NullPanel()
    panel.fill_rect(0, 0, 10, True, 1)  # a bool is an int to C
    panel.text("ok", 0, 0)
    for call in (lambda: panel.fill_rect(0, 0.5, 10, 10, 1), lambda: panel.pixel(None, 0, 1),
                 lambda: panel.text(b"bytes", 0, 0), lambda: panel.blit(None, "x", 0)):
        with pytest.raises(TypeError):
            call()


def test_the_rate_is_recorded_with_its_target(tmp_path, monkeypatch):
    from host_tools.bench import results
    from host_tools.bench.fuzz import RATE_TARGET, main

    monkeypatch.setattr(results, "RESULTS", str(tmp_path))
    assert main(["--events", "300", "--seed", "2"]) == 0
    with open(tmp_path / "fuzz.json") as handle:
        (figure,) = json.load(handle)["figures"]
    assert figure["name"] == "fuzz events a CPU second, cpython"
    assert figure["value"] > 0 and figure["target"] == RATE_TARGET
