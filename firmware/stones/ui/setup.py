"""A game's settings (size and the game's own options), then Start.

The rows come from the game class: its sizes and its Option list, the same data GTP turns into
command-line flags. Left/right change the selected row's value; A on Start begins the game
(Loose goes through its komi protocol first when the komi is left to the players).
"""

from stones.engine import registry
from stones.ui import keys
from stones.ui.draw import ListView, title


class Screen:
    def __init__(self, app, key):
        self.app = app
        self.cls = registry.game_class(key)
        self.key = key
        remembered = app.settings.get(key, {})
        self.size = remembered.get("size", self.cls.default_size)
        if self.size not in self.cls.sizes:
            self.size = self.cls.default_size
        self.values = {}
        for option in self.cls.options:
            value = remembered.get(option.key, option.default)
            self.values[option.key] = value if value in option.choices else option.default
        self.list = ListView(self.rows())
        self.dirty = True
        self.shown = False

    def rows(self):
        rows = [("Size", str(self.size))]
        for option in self.cls.options:
            rows.append((option.label, str(self.values[option.key])))
        rows.append("Start")
        return rows

    def draw(self, fb):
        title(fb, self.cls.title)
        self.list.rows = self.rows()
        self.list.draw(fb)

    def change(self, step):
        i = self.list.selected
        if i == 0:
            sizes = self.cls.sizes
            self.size = sizes[(sizes.index(self.size) + step) % len(sizes)]
        elif i <= len(self.cls.options):
            option = self.cls.options[i - 1]
            choices = option.choices
            current = self.values[option.key]
            k = choices.index(current) if current in choices else 0
            self.values[option.key] = choices[(k + step) % len(choices)]

    def handle(self, event):
        if not keys.pressed(event):
            return
        button = keys.button(event)
        if button == keys.UP:
            self.list.move(-1)
        elif button == keys.DOWN:
            self.list.move(1)
        elif button in (keys.LEFT, keys.RIGHT):
            self.change(-1 if button == keys.LEFT else 1)
        elif button == keys.B and keys.kind(event) == keys.PRESS:
            self.app.back()
            return
        elif button == keys.A and keys.kind(event) == keys.PRESS:
            if self.list.selected == len(self.list.rows) - 1:
                self.start()
                return
            self.change(1)
        else:
            return
        self.dirty = True

    def start(self):
        remembered = dict(self.values)
        remembered["size"] = self.size
        self.app.settings[self.key] = remembered
        saver = getattr(self.app, "save_settings", None)
        if saver:
            saver()
        game = self.cls(self.size, **self.values)
        self.app.game = game
        if self.key == "loose":
            self.app.replace("komi", game)
        else:
            self.app.begin("play", game)
