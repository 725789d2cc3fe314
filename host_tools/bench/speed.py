"""The speed and memory figures: python -m host_tools.bench.speed (make bench). One figure a line.

Every workload runs in one invocation on both runtimes (CPython in a subprocess of this
interpreter, MicroPython as the unix port with a Pico-sized heap, importing the firmware compiled
by mpy-cross), so ratios compare like with like. Figures are best-of-three to damp the noise of a
shared machine. Nothing here is a test: targets are printed beside the figures, not asserted.

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

from host_tools.device.build import compile_firmware, native_growth
from host_tools.paths import FIRMWARE, PICO_HEAP, ROOT, tool
from stones.engine import registry  # (host_tools.paths puts firmware/ on sys.path)

MP_SCRIPT = os.path.join(ROOT, "host_tools", "bench", "mp", "bench_engine.py")

# game, size, target playouts/s on the unix port, on CPython (None: no target set)
ENGINES = (
    ("go", 9, 3000, 4000),
    ("loose", 9, 1500, 2000),
    ("loupe", 9, 1200, None),
    ("offshore", 4, 3000, None),
)


def board_name(key, size):
    """'9x9' on a square board, 'side 9' on a hexagon (the game's grid says which)."""
    kind = registry.game_class(key).grid_class.kind
    return "%dx%d" % (size, size) if kind == "square" else "side %d" % size


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
        command = [tool("micropython"), "-X", "heapsize=" + PICO_HEAP, script] + args
        env = dict(os.environ, MICROPYPATH=tree)
    else:
        command = [sys.executable, script] + args
        env = dict(os.environ, PYTHONPATH=FIRMWARE + os.pathsep + ROOT)
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    if done.returncode:
        raise RuntimeError("%s %s failed:\n%s" % (runtime, " ".join(args),
                                                   done.stderr or done.stdout))
    return parse(done.stdout)


def line(name, value, note=""):
    print("%-52s %12s  %s" % (name, value, note), flush=True)


def engines(ms, games):
    with tempfile.TemporaryDirectory() as native_dir, tempfile.TemporaryDirectory() as plain_dir:
        compile_firmware(native_dir)
        compile_firmware(plain_dir, arch="none")
        for key, size, mp_target, cpy_target in ENGINES:
            if games and key not in games:
                continue
            try:
                mp = run("micropython", MP_SCRIPT, (key, size, ms), native_dir)
                plain = run("micropython", MP_SCRIPT, (key, size, ms), plain_dir)
                cp = run("cpython", MP_SCRIPT, (key, size, ms), native_dir)
            except RuntimeError as error:
                line("%s %d: not measured" % (key, size), "-", str(error).splitlines()[0])
                continue
            name = "%s %s" % (key, board_name(key, size))
            target = lambda t: "target >= %d" % t if t else ""  # noqa: E731
            rate, plain_rate = mp["playouts_per_s"], plain["playouts_per_s"]
            line(name + " playouts/s CPython", int(cp["playouts_per_s"]), target(cpy_target))
            line(name + " playouts/s MicroPython", int(rate),
                 "native move loop, as built; " + target(mp_target))
            line(name + " playouts/s MicroPython bytecode", int(plain_rate),
                 "the same code, decorator stripped")
            line(name + " native/bytecode", "%.2f" % (rate / plain_rate))
            line(name + " MicroPython/CPython", "%.2f" % (rate / cp["playouts_per_s"]))
            line(name + " moves per playout", "%.1f" % mp["moves_per_playout"])
            line(name + " heap: engine import (.mpy)", int(plain["import_heap"]),
                 "bytes, 64-bit unix port, bytecode")
            line(name + " heap: engine + game", int(plain["game_heap"]),
                 "bytes, 64-bit unix port, bytecode")
            w32 = run_wasm(plain_dir, "heap_engine.py", key, size)
            growth = native_growth(key)
            line(name + " heap: armv6m machine code", growth,
                 "bytes more than the bytecode it replaces (.mpy sizes)")
            if w32:
                line(name + " heap: engine import (.mpy), 32-bit", int(w32["import_heap32"]),
                     "bytes, WebAssembly port (the Pico's object model), bytecode")
                line(name + " heap: engine + game, 32-bit", int(w32["game_heap32"]),
                     "bytes, bytecode")
            line(name + " score a finished game", "%d us" % mp["score_us"], "MicroPython")


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
            done = subprocess.run(
                [tool("micropython"), "-X", "heapsize=%dK" % middle, sim, script, out, "ssd1306"],
                capture_output=True, text=True, env=dict(os.environ, MICROPYPATH=tree),
                timeout=600)
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
        for key, _, _, _ in ENGINES:
            if games and key not in games:
                continue
            try:
                mp = run("micropython", UI_SCRIPT, (key,), tree)
                cp = run("cpython", UI_SCRIPT, (key,), tree)
            except RuntimeError as error:
                line("%s UI: not measured" % key, "-", str(error).splitlines()[0])
                continue
            name = "%s UI" % key
            line(name + " cursor-move redraw CPython", "%d us" % cp["cursor_redraw_us"])
            line(name + " cursor-move redraw MicroPython", "%d us" % mp["cursor_redraw_us"],
                 "a full frame on the bus: 24 ms")
            line(name + " bytes sent per cursor move", int(mp["cursor_bytes"]),
                 "a full frame: 1032")
            line(name + " placement redraw CPython", "%d us" % cp["place_redraw_us"])
            line(name + " placement redraw MicroPython", "%d us" % mp["place_redraw_us"])
            line(name + " autosave MicroPython", "%d us" % mp["autosave_us"],
                 "flash write not included")
            line(name + " app live heap in game", int(mp["app_heap_play"]),
                 "bytes, 64-bit unix port, simulator fakes included")
            w32 = run_wasm(plain, "heap_app.py", key)
            if w32:
                line(name + " app heap in game, 32-bit", int(w32["app_heap32"]),
                     "bytes, WebAssembly port, simulator fakes left out, bytecode")
                line(name + " app heap, device thinking, 32-bit",
                     int(w32.get("app_thinking_heap32", 0)), "bytes, bytecode")
            line(name + " smallest heap for a whole game", "%d KB" % smallest_heap(key, tree),
                 "64-bit unix port")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ms", type=int, default=3000, help="time per engine workload")
    parser.add_argument("games", nargs="*", help="only these games")
    args = parser.parse_args(argv)
    print("Pocket Stones benchmarks (MicroPython heap %s, 64-bit unix port)" % PICO_HEAP)
    engines(args.ms, args.games)
    ui(args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
