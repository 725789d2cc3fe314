"""Pocket Stones firmware: four territory games for a pocket device.

Reading guide:

    engine/     pure rules: grids, the four games, the computer player; no I/O, no pins
    hw/         drivers, button logic, the Pico / Raspberry Pi backends and the fakes
    ui/         the app and its screens: button events in, framebuf drawing out
    storage.py  power-safe saves; session.py: what is saved when
    boot.py     the one place that picks a platform and wires its hw to the app

Imports: engine and hw import neither each other nor ui; ui imports the engine and, for the button
event codes alone, hw/buttons.py (pure logic), and hw/fb.py (the runtime's framebuf module: the
compact font's glyph buffer), never a driver; boot.py imports everything.
tests/host/test_layers.py checks it.

Importing any module here has no side effects: no pins, no buses, no files are touched until a
platform module is asked to build a device.
"""

VERSION = "0.1.0"
