"""Pocket Stones firmware: four territory games for a pocket device.

Reading guide:

    engine/     pure rules: grids, the four games, the computer player; no I/O, no pins
    drivers/    hardware below the app: buttons, framebuf, the OLED, battery, buzzer
    ui/         the app and its screens: button events in, framebuf drawing out
    platforms/  the wiring of each runtime: the Pico, the Raspberry Pi, and the fakes
    link/       two apps playing one game over a cable or a network: frames, the protocol, pipes
    storage.py  power-safe saves; session.py: what is saved when; recordfiles.py: the
                finished games kept in records/
    boot.py     power-on: the one place that picks a platform and hands its hardware to the app
    help/       the rule texts the Rules screen pages through (frozen as modules on a Pico)
    compat.py   the few names that differ between MicroPython and CPython; cpython.py: their
                CPython side

Imports go one way: engine and drivers import neither each other nor ui; ui imports the engine
and, for the button event codes alone, drivers/buttons.py (pure logic), and drivers/fb.py (the
runtime's framebuf module: the compact font's glyph buffer), never a concrete driver, and the
link's protocol (link/peer.py), never a pipe; the link imports the engine and the session's save
encoding; platforms import drivers; boot.py imports everything. tests/host/test_layers.py checks it.

Importing any module here has no side effects: no pins, no buses, no files are touched until a
platform module is asked to build a device.
"""

VERSION = "0.2.0"
