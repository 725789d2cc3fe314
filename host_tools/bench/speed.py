"""The speed and memory figures: python -m host_tools.bench.speed (make bench). One figure a line.

Every workload runs in one invocation on both runtimes (CPython in a subprocess of this
interpreter, MicroPython as the unix port with a Pico-sized heap, importing the firmware compiled
by mpy-cross), so ratios compare like with like. Figures are best-of-three to damp the noise of a
shared machine. Nothing here is a test: targets (each game's Game.bench) are printed beside the
figures, not asserted, and the figures go to docs/results/speed.json (results.py).

The device build runs each game's move loop as native code (@micropython.native), so the engines
run twice on the unix port: as built (machine code) and as bytecode only, the ratio of the two in
the same run. Heap figures come from the bytecode build: the unix port keeps machine code outside
its GC heap, and the WebAssembly port (32-bit objects, the Pico's model) has no native emitter.
The Pico's own figures are measured on the emulated RP2040 by host_tools/bench/pico.py (make bench
runs both); this file no longer scales the unix port's to guess them.
"""

import argparse
import os
import subprocess
import sys
import tempfile

from host_tools import unixport
from host_tools.bench.results import Results, bench_games, bench_of, board_name
from host_tools.device.build import compile_firmware, native_growth
from host_tools.paths import FIRMWARE, PICO_HEAP, ROOT

MP_SCRIPT = os.path.join(ROOT, "host_tools", "bench", "mp", "bench_engine.py")
R = None  # this run's Results (main)


def parse(output):
    figures = {}
    for line in output.splitlines():
        name, _, value = line.partition(" ")
        if value:
            figures[name] = float(value)
    return figures


def run(runtime, script, args, tree):
    """`name value` figures of a workload script, run by the unix port over tree (mpy-cross
    output) or by this CPython over the sources."""
    args = [str(a) for a in args]
    if runtime == "micropython":
        done = unixport.run(script, args, PICO_HEAP, [tree])
    else:
        done = subprocess.run([sys.executable, script] + args, capture_output=True, text=True,
                              env=dict(os.environ, PYTHONPATH=FIRMWARE + os.pathsep + ROOT),
                              timeout=600)
    if done.returncode:
        raise RuntimeError("%s %s failed:\n%s" % (runtime, " ".join(args),
                                                   done.stderr or done.stdout))
    return parse(done.stdout)


def engines(ms, games):
    with tempfile.TemporaryDirectory() as native_dir, tempfile.TemporaryDirectory() as plain_dir:
        compile_firmware(native_dir)
        compile_firmware(plain_dir, arch="none")
        for key, size in bench_games():
            if games and key not in games:
                continue
            targets = bench_of(key)
            board = board_name(key, size)
            name = "%s %s" % (key, board)
            add = R.for_game(name, key, board)
            try:
                mp = run("micropython", MP_SCRIPT, (key, size, ms), native_dir)
                plain = run("micropython", MP_SCRIPT, (key, size, ms), plain_dir)
                cp = run("cpython", MP_SCRIPT, (key, size, ms), native_dir)
            except RuntimeError as error:
                add("engine figures", None, "", "not measured: " + str(error).splitlines()[0])
                continue
            rate, plain_rate = mp["playouts_per_s"], plain["playouts_per_s"]
            add("playouts/s CPython", int(cp["playouts_per_s"]), "/s", "",
                targets.get("playouts_cpython"))
            add("playouts/s MicroPython", int(rate), "/s", "native move loop, as built",
                targets.get("playouts_unix"))
            add("playouts/s MicroPython bytecode", int(plain_rate), "/s",
                "the same code, decorator stripped")
            add("native/bytecode", round(rate / plain_rate, 2))
            add("MicroPython/CPython", round(rate / cp["playouts_per_s"], 2))
            add("moves per playout", round(mp["moves_per_playout"], 1))
            add("heap: engine import (.mpy)", int(plain["import_heap"]), "B",
                "64-bit unix port, bytecode")
            add("heap: engine + game", int(plain["game_heap"]), "B", "64-bit unix port, bytecode")
            w32 = run_wasm(plain_dir, "heap_engine.py", key, size)
            add("heap: armv6m machine code", native_growth(key), "B",
                "more than the bytecode it replaces (.mpy sizes)")
            if w32:
                add("heap: engine import (.mpy), 32-bit", int(w32["import_heap32"]), "B",
                    "WebAssembly port (the Pico's object model), bytecode")
                add("heap: engine + game, 32-bit", int(w32["game_heap32"]), "B", "bytecode")
            add("score a finished game", int(mp["score_us"]), "us", "MicroPython")


UI_SCRIPT = os.path.join(ROOT, "host_tools", "bench", "mp", "bench_ui.py")
WASM = os.path.join(ROOT, "host_tools", "bench", "wasm")


def run_wasm(tree, script, *args):
    """Figures from the WebAssembly port (32-bit objects: the Pico's model); {} without node."""
    import shutil

    if not shutil.which("node") or not os.path.isdir(os.path.join(WASM, "node_modules")):
        return {}
    done = subprocess.run(["node", os.path.join(WASM, "run.mjs"), tree,
                           os.path.join(WASM, script)] + [str(a) for a in args],
                          capture_output=True, text=True, timeout=600)
    return parse(done.stdout) if done.returncode == 0 else {}
SIM_SCRIPTS = os.path.join(ROOT, "tests", "scripts")


def smallest_heap(key, tree):
    """The smallest unix-port heap (KB, to 4 KB) in which the firmware plays the game's whole
    scripted session (tests/scripts/GAME.txt): the app's peak need, transients included."""
    script = os.path.join(SIM_SCRIPTS, key + ".txt")
    sim = os.path.join(ROOT, "host_tools", "sim", "mp", "sim_device.py")
    low, high = 16, 256
    with tempfile.TemporaryDirectory() as out:
        while high - low > 4:
            middle = (low + high) // 2
            done = unixport.run(sim, [script, out, "ssd1306"], "%dK" % middle, [tree])
            if done.returncode == 0:
                high = middle
            else:
                low = middle
    return high


def ui(games):
    from host_tools.sim.cli import compile_device_tree

    with tempfile.TemporaryDirectory() as tree, tempfile.TemporaryDirectory() as plain:
        compile_device_tree(tree)
        compile_device_tree(plain, arch="none")  # for the WebAssembly port: no native emitter
        for key, size in bench_games():
            if games and key not in games:
                continue
            board = board_name(key, size)
            add = R.for_game(key + " UI", key, board)
            try:
                mp = run("micropython", UI_SCRIPT, (key,), tree)
                cp = run("cpython", UI_SCRIPT, (key,), tree)
            except RuntimeError as error:
                add("figures", None, "", "not measured: " + str(error).splitlines()[0])
                continue
            add("cursor-move redraw CPython", int(cp["cursor_redraw_us"]), "us")
            add("cursor-move redraw MicroPython", int(mp["cursor_redraw_us"]), "us",
                "a full frame on the bus: 24 ms")
            add("bytes sent per cursor move", int(mp["cursor_bytes"]), "B", "a full frame: 1032")
            add("placement redraw CPython", int(cp["place_redraw_us"]), "us")
            add("placement redraw MicroPython", int(mp["place_redraw_us"]), "us")
            add("autosave MicroPython", int(mp["autosave_us"]), "us", "flash write not included")
            add("app live heap in game", int(mp["app_heap_play"]), "B",
                "64-bit unix port, simulator fakes included")
            w32 = run_wasm(plain, "heap_app.py", key)
            if w32:
                add("app heap in game, 32-bit", int(w32["app_heap32"]), "B",
                    "WebAssembly port, simulator fakes left out, bytecode")
                add("app heap, device thinking, 32-bit", int(w32.get("app_thinking_heap32", 0)),
                    "B", "bytecode")
            add("smallest heap for a whole game", smallest_heap(key, tree), "KB",
                "64-bit unix port")


def main(argv=None):
    global R
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ms", type=int, default=3000, help="time per engine workload")
    parser.add_argument("--no-results", action="store_true",
                        help="print only: leave docs/results/speed.json as it is")
    parser.add_argument("games", nargs="*", help="only these games")
    args = parser.parse_args(argv)
    R = Results("speed", "Engines and app on CPython, the MicroPython unix port and WebAssembly",
                argv, ("cpython", "unix", "wasm"))
    print("Pocket Stones benchmarks (MicroPython heap %s, 64-bit unix port)" % PICO_HEAP)
    engines(args.ms, args.games)
    ui(args.games)
    if not args.no_results:
        R.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
