"""Benchmarks: each prints its figures and writes a results file; render.py makes the page.

    speed.py     engines and app on CPython, the MicroPython unix port and WebAssembly (make bench)
    pico.py      the Pico's figures on the emulated RP2040: boot, heap, playouts, device moves,
                 a colour board's redraw
    soak.py      the soak: whole games of every game back to back in one app on the emulated
                 RP2040, free heap and largest free block after each (make bench)
    pi.py        where a Raspberry Pi's search runs: the top Pi level's move on CPython and the
                 unix port (native, bytecode), on 1, 2 and 4 workers, and on a Pi from a ratio
    ai.py        the computer player's strength: win rates with intervals (make bench-ai)
    web.py       the web page (host_tools/web) in headless chromium: its weight, the time to the
                 menu, Go's playouts a second in the page
    fuzz.py      the button fuzz's rate (host_tools.sim.fuzz), events a CPU second (make fuzz)
    readback.py  mutated saves and records read back (host_tools.sim.readback): how many were
                 refused by name, resumed, hung (target 0)
    opponents.py the players it is measured against (random, greedy, the first release's player,
                 GNU Go; the priors alone, a calibration line) and the match runner
    results.py   the results files (docs/results/BENCH.json): a run's figures, commit, machine
                 and load, merged into what earlier runs left; what each game gives (Game.bench)
    render.py    docs/benchmarks.md and the README's table of levels from the results files
    mp/          workloads run on the device or the unix port: bench_engine.py, bench_playouts.py,
                 bench_pi.py, bench_ui.py, bench_learned.py, bench_book.py, bench_colour.py,
                 pico_app.py, pico_soak.py
    wasm/        MicroPython's WebAssembly port (npm) for the 32-bit heap figures: run.mjs runs
                 heap_engine.py and heap_app.py
"""
