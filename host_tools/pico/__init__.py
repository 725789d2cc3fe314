"""The emulated RP2040: rp2040js under node (pico.mjs, pinned by package-lock.json), booting
the real UF2 with the real bootrom (bootrom-b1.bin).

    emulator.py  EmulatedPico: boot, buttons on GPIO, the panel read off I2C, the flash, the REPL
    profile.py   where the emulated chip's cycles go in a game's playouts
    boardshots.py  each board's menu as its glass shows it (make boardshots): the board's UF2
                 here, or a Pi board's backend on mocked pins and luma's dummy device
    linked.py    two emulated Picos cabled UART to UART play a linked game, the simulator's
                 linked pair as their shadow: what each panel must show, the link's latency
"""
