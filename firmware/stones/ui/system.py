"""System screen: display contrast, the colours of a colour panel (when the display has
palettes), sleep, sound (when a buzzer is fitted), pondering (the device
thinking on the player's time: ui/opponent.py), whether the device resigns a lost game
(ui/play.py), how a linked game's board shows on the device that joined (Linked board: turned
half a turn, or upright; with the Link row, where the platform links), the transport a link
takes where the platform offers more than one (Link via: a Pico's cable or USB,
App.choose_link), the battery's voltage
(when one is sensed),
version, free memory, the platform and the board (the pin map's label, where the platform gives
one). Each change is saved as it is made (App.save_settings), so switching off
on this screen loses nothing, and B or MENU only leave it."""

import gc

from stones import VERSION
from stones.ui import keys
from stones.ui.app import CONTRAST, SLEEP_NAMES
from stones.ui.draw import ListView, title

_FIXED = ("Link", "Battery", "Version", "Free", "Runs on", "Board")  # rows that only show


class Screen:
    def __init__(self, app):
        self.app = app
        self.settings = app.system  # valid entries, defaults filled in (ui.app)
        self.list = ListView(self.rows(), 0, _FIXED)
        self.dirty = True
        self.shown = False

    def rows(self):
        gc.collect()
        free = gc.mem_free() if hasattr(gc, "mem_free") else 0
        rows = [("Contrast", "%d/%d" % (self.settings["contrast"] + 1, len(CONTRAST)))]
        palettes = getattr(self.app.display, "palettes", None)
        if palettes:
            rows.append(("Colour", palettes[self.settings["palette"]]))
        if getattr(self.app, "buzzer", None) is not None:
            rows.append(("Sound", "on" if self.settings["sound"] else "off"))
        rows.append(("Sleep", SLEEP_NAMES[self.settings["sleep"]]))
        rows.append(("Ponder", "on" if self.settings["ponder"] else "off"))
        rows.append(("Resigns", "on" if self.settings["resign"] else "off"))
        link = getattr(self.app, "link", None)
        if getattr(self.app, "links", None) is not None:  # (ui/linking.py: its state)
            rows.append(("Link", link.status() if link is not None else "off"))
            choices = getattr(self.app.links, "choices", ())
            if len(choices) > 1:  # the transports the platform offers (a Pico's cable, USB)
                rows.append(("Link via", self.app.links.name))
            # the board on the device that joined: half turned (its player's side nearest)
            rows.append(("Linked board", "turned" if self.settings["turned"] else "upright"))
        battery = getattr(self.app, "battery", None)
        if battery is not None:
            rows.append(("Battery", battery.text()))
        rows.append(("Version", VERSION))
        rows.append(("Free", "%dK" % (free // 1024) if free else "-"))
        rows.append(("Runs on", self.app.platform or "?"))
        board = getattr(self.app, "board", None)
        if board:
            rows.append(("Board", board))  # the pin map's label: which board this is
        return rows

    def draw(self, fb):
        title(fb, "System")
        self.list.rows = self.rows()
        self.list.draw(fb)

    def handle(self, event):
        if not keys.pressed(event):
            return
        button = keys.button(event)
        if button in (keys.UP, keys.DOWN):
            self.list.move(-1 if button == keys.UP else 1)
            self.dirty = True
            return
        if keys.kind(event) == keys.PRESS and button in (keys.B, keys.MENU):
            self.app.back()  # (every change is already kept)
            return
        before = dict(self.settings)
        self.change(button, self.list.rows[self.list.selected][0])
        if self.settings != before:
            self.dirty = True
            self.app.save_settings()  # kept now: a failure is said over this screen

    def change(self, button, label):
        """What button does to the row labelled label."""
        if button in (keys.LEFT, keys.RIGHT) and label == "Contrast":
            step = -1 if button == keys.LEFT else 1
            level = max(0, min(len(CONTRAST) - 1, self.settings["contrast"] + step))
            self.settings["contrast"] = level
            setter = getattr(self.app.display, "contrast", None)
            if setter:
                setter(CONTRAST[level])
        elif button in (keys.LEFT, keys.RIGHT, keys.A) and label == "Colour":
            step = -1 if button == keys.LEFT else 1
            count = len(self.app.display.palettes)
            self.settings["palette"] = (self.settings["palette"] + step) % count
            self.app.set_palette()
        elif button in (keys.LEFT, keys.RIGHT) and label == "Sleep":
            step = -1 if button == keys.LEFT else 1
            self.settings["sleep"] = (self.settings["sleep"] + step) % len(SLEEP_NAMES)
        elif button in (keys.LEFT, keys.RIGHT, keys.A) and label == "Sound":
            self.settings["sound"] = not self.settings["sound"]
            self.app.sound("stone")  # turned on: a click says so
        elif button in (keys.LEFT, keys.RIGHT, keys.A) and label == "Ponder":
            self.settings["ponder"] = not self.settings["ponder"]
        elif button in (keys.LEFT, keys.RIGHT, keys.A) and label == "Resigns":
            self.settings["resign"] = not self.settings["resign"]
        elif button in (keys.LEFT, keys.RIGHT, keys.A) and label == "Link via":
            choices = self.app.links.choices
            step = -1 if button == keys.LEFT else 1
            at = choices.index(self.app.links.name)
            self.app.choose_link(choices[(at + step) % len(choices)])
        elif button in (keys.LEFT, keys.RIGHT, keys.A) and label == "Linked board":
            self.settings["turned"] = not self.settings["turned"]
