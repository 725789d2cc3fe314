"""The simulator: the unchanged firmware over fake hardware.

    cli.py       python -m host_tools.sim: the window (pygame), the terminal, headless scripts,
                 screenshots and GIFs; the device tree compiled for the MicroPython unix port
    device.py    the simulated device and the script runner, in the Python MicroPython runs too
    linked.py    two simulated devices linked to each other: the tests' pair, and the
                 side-by-side screenshot of a linked game (python -m host_tools.sim.linked)
    play.py      terminal pass-and-play of one game, straight on the engine (make play)
    fuzz.py      random button events against the whole device (make fuzz)
    readback.py  saves and records mutated field by field and read back as the device reads
                 them (the readback tests and benchmark), with a bound on each read's work
    mp/          the scripts the MicroPython unix port runs: sim_device.py, fuzz_device.py
"""
