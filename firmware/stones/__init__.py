"""Pocket Stones firmware: four territory games for a pocket device.

Reading guide (imports point one way, top to bottom):

    engine/   pure rules: grids, the four games, no I/O, no display, no pins
    ui/       the app and its screens: button events in, framebuf drawing out
    hw/       hardware layer: drivers and the Pico / Raspberry Pi / simulator wiring

Importing any module here has no side effects: no pins, no buses, no files are touched until a
platform module is asked to build a device.
"""

VERSION = "0.1.0"
