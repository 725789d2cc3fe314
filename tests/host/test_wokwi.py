"""The Wokwi project (hardware/wokwi/, host_tools/device/wokwi.py) against the Pico's board file:
every pin of the map wired to its part on Wokwi's Pico, no GPIO carrying two signals, the
buttons' other contact on the rail the map's pull direction needs, and the committed files the
ones make hardware writes from the map now."""

import copy
import json
import os

from host_tools.device import hardware, wokwi
from host_tools.device.hardware import BUTTONS, load_map

# Wokwi's Pico: the header's pin names, its eight grounds numbered GND.1 to GND.8.
PICO_PINS = {label for label in hardware.PICO.header if label != "GND"} | {
    "GND.%d" % n for n in range(1, 9)}
PART_PINS = {"wokwi-pushbutton": {"1.l", "1.r", "2.l", "2.r"},
             "board-ssd1306": {"GND", "VCC", "SCL", "SDA"}, "wokwi-buzzer": {"1", "2"}}


def wired(diagram):
    """{part pin: Pico pin} for every connection (each joins a part to the Pico)."""
    types = {part["id"]: part["type"] for part in diagram["parts"]}
    assert len(types) == len(diagram["parts"])  # every id once
    found = {}
    for source, target, _colour, _route in diagram["connections"]:
        assert target.startswith("pico:") and target[5:] in PICO_PINS, target
        part, pin = source.split(":")
        assert pin in PART_PINS[types[part]], source
        assert source not in found, "%s wired twice" % source
        found[source] = target[5:]
    return found


def check(config, diagram):
    found = wired(diagram)
    display = config["display"]
    assert found["oled:SDA"] == "GP%d" % display["sda"]
    assert found["oled:SCL"] == "GP%d" % display["scl"]
    assert found["oled:VCC"] == "3V3" and found["oled:GND"].startswith("GND.")
    rail = "GND." if config["button_pull"] == "up" else "3V3"
    for name in BUTTONS:
        assert found["btn_%s:1.l" % name] == "GP%d" % config["buttons"][name]
        assert found["btn_%s:2.r" % name].startswith(rail)
    if config.get("buzzer") is not None:
        assert found["buzzer:2"] == "GP%d" % config["buzzer"]
    gpios = [pin for pin in found.values() if pin.startswith("GP")]
    assert len(gpios) == len(set(gpios)), "a GPIO carries two signals"
    # GP29 reads VSYS on the board itself: no wire; the link cable goes to a second Pico,
    # which a one-Pico project has not
    mapped = {"GP%d" % gpio for what, gpio in hardware.used_pins(config)
              if what != "battery sense" and not what.startswith("link ")}
    assert set(gpios) == mapped


def test_the_project_wires_every_pin_of_the_pico_map_once():
    config = load_map("pico")
    diagram, toml = wokwi.project(config)
    check(config, diagram)
    assert [p["type"] for p in diagram["parts"]].count("wokwi-pushbutton") == 7
    assert "firmware = '../../build/pocket-stones.uf2'" in toml


def test_a_moved_pin_and_a_pull_down_map_move_in_the_project():
    config = copy.deepcopy(load_map("pico"))
    config["buttons"]["a"] = 20
    config["button_pull"] = "down"
    config["display"].update(sda=4, scl=5)
    config["buttons"].update(left=0, right=1)
    diagram, _ = wokwi.project(config)
    check(config, diagram)


def test_the_committed_project_is_the_one_the_map_makes():
    for name, text in wokwi.texts().items():
        path = os.path.join(wokwi.FOLDER, name)
        with open(path) as handle:
            assert handle.read() == text, "%s is stale: run make hardware" % path
    with open(os.path.join(wokwi.FOLDER, "diagram.json")) as handle:
        check(load_map("pico"), json.load(handle))
