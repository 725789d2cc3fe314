"""Start a game: Start first (A, A from the menu plays with the last settings), then the size,
the game's own options, who plays each colour (a human, or the device at a level) and the
clock: Clock None, Sudden death, Byo-yomi or Fischer, and with one its Time (the same choices
for every game, stones.engine.timecontrol's, loaded once a clock is chosen: a clock is no
game's rule).

The rows come from the game class: its sizes and its Option list, the same data GTP turns into
command-line flags. Left/right change the selected row's value, and the game says which other
settings follow (Game.follow_setting: Go's komi becomes 0.5 with a handicap), except one the
player set after the setting that changed last left its default (a komi set after choosing a
handicap stays while the handicap changes, until a handicap is chosen anew from none; a
remembered one that differs from what the game would give counts as set after it). Every
change is kept at once, as on the system screen, so B keeps the settings too. A on Start begins
the game (Loose between two humans, on one device or linked, goes through its komi protocol
first: the Komi row is for a game against the device). A game in progress is never replaced
without asking: the player confirms, and the old game goes to the records, unfinished.
"""

from stones.engine import registry
from stones.ui import keys
from stones.ui.draw import ListView, title


def in_progress(game):
    """Whether game holds play that a new game would throw away: a move (set-up stones before
    any move, a handicap, come back with the settings)."""
    return game is not None and not game.over and bool(game.count)


def player_choices(key):
    """'Human', then 'Device 1' .. 'Device N' (the search's levels for this runtime)."""
    from stones.ui.opponent import level_count

    return ("Human",) + tuple("Device %d" % (i + 1) for i in range(level_count(key)))


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
        # when (a count of changes) the player last chose each option, and when each last
        # left its default (0: before this screen opened): a setting chosen after another left
        # its default does not follow it (change())
        self.turn = 0
        self.chosen = {}
        self.left = {}
        for option in self.cls.options:  # remembered values that differ from what follows one
            follows = dict(self.values)
            self.cls.follow_setting(follows, option.key)
            for other in follows:
                if follows[other] != self.values[other]:
                    self.left[option.key] = 1
                    self.chosen[other] = self.turn = 2
        self.players = player_choices(key) + (("Link",) if app.links is not None else ())
        self.who = [remembered.get("black", "Human"), remembered.get("white", "Human")]
        for i in (0, 1):
            if self.who[i] not in self.players:
                self.who[i] = "Human"
        self.kind = remembered.get("clock", "None")
        self.time = remembered.get("time", "")
        if self.kind != "None":
            from stones.engine import timecontrol

            self.kind, self.time = timecontrol.step(self.kind, self.time, 0, 0)
        self.list = ListView(self.rows())
        self.dirty = True
        self.shown = False

    def rows(self):
        rows = ["Start", ("Size", str(self.size))]
        for option in self.cls.options:
            rows.append((option.label, str(self.values[option.key])))
        rows.append(("Black", self.who[0]))
        rows.append(("White", self.who[1]))
        rows.append(("Clock", self.kind))
        if self.time:
            rows.append(("Time", self.time))
        return rows

    def draw(self, fb):
        title(fb, self.cls.title)
        self.list.rows = self.rows()
        self.list.draw(fb)

    def change(self, step):
        i = self.list.selected - 1  # row 0 is Start, which has no value to change
        if i < 0:
            return
        if i == 0:
            sizes = self.cls.sizes
            self.size = sizes[(sizes.index(self.size) + step) % len(sizes)]
        elif i <= len(self.cls.options):
            option = self.cls.options[i - 1]
            choices = option.choices
            current = self.values[option.key]
            k = choices.index(current) if current in choices else 0
            before = dict(self.values)
            self.values[option.key] = choices[(k + step) % len(choices)]
            self.turn += 1
            self.chosen[option.key] = self.turn
            if current == option.default:  # (a handicap chosen anew: from none)
                self.left[option.key] = self.turn
            since = self.left.get(option.key, 0)
            self.cls.follow_setting(self.values, option.key)
            for other in before:  # what the player chose since it left its default stands
                if other != option.key and self.chosen.get(other, 0) > since:
                    self.values[other] = before[other]
        elif i <= len(self.cls.options) + 2:
            side = i - len(self.cls.options) - 1
            k = self.players.index(self.who[side])
            self.who[side] = self.players[(k + step) % len(self.players)]
        else:  # the Clock row, then its Time
            from stones.engine import timecontrol

            self.kind, self.time = timecontrol.step(self.kind, self.time,
                                                    i - len(self.cls.options) - 3, step)

    def handle(self, event):
        if self.list.scroll(event):
            self.dirty = True
            return
        if not keys.pressed(event):
            return
        button = keys.button(event)
        if button in (keys.LEFT, keys.RIGHT):
            self.change(-1 if button == keys.LEFT else 1)
        elif button == keys.B and keys.kind(event) == keys.PRESS:
            self.app.back()  # (every change is already kept)
            return
        elif button == keys.A and keys.kind(event) == keys.PRESS:
            if self.list.selected == 0:
                self.start()
                return
            self.change(1)
        else:
            return
        self.dirty = True
        if self.list.selected:
            self.keep()  # after the frame is asked for: a failure is said over the screen

    def remembered(self):
        """The settings as the app keeps them for this game: its options, size and players."""
        remembered = dict(self.values)
        remembered["size"] = self.size
        remembered["black"] = self.who[0]
        remembered["white"] = self.who[1]
        remembered["clock"] = self.kind
        if self.time:
            remembered["time"] = self.time
        return remembered

    def keep(self):
        """The settings as they are now, for the next game and the next power-on."""
        remembered = self.remembered()
        if self.app.settings.get(self.key) != remembered:
            self.app.settings[self.key] = remembered
            self.app.save_settings()

    def start(self):
        old = self.app.game
        if in_progress(old):
            self.app.open("confirm", "New game?", "%s (%d move%s) is kept in records, "
                          "unfinished." % (old.title, old.count, "" if old.count == 1 else "s"),
                          (("Start new", self.start_new), ("Back", None)))
            return
        self.start_new()

    def start_new(self):
        old = self.app.game
        if in_progress(old):
            if not self.app.finished(old, self.start_new):
                return  # no room: the player is asked or told, and the game stays
        self.app.settings[self.key] = self.remembered()
        self.app.game = None  # the last game and its search go before the new one is made
        self.app.search = None
        import gc

        gc.collect()
        game = self.cls(self.size, **self.values)
        if self.time:  # a clock chosen
            from stones.engine import timecontrol

            game.clock = timecontrol.clock(self.kind, self.time)
        self.app.game = game
        # who plays: "human" or "device:LEVEL", by colour ("1" Black, "2" White)
        self.app.players = {}
        for colour, who in (("1", self.who[0]), ("2", self.who[1])):
            self.app.players[colour] = "human" if who in ("Human", "Link") else "device:" + who[7:]
        if "Link" in self.who:  # the other device plays that colour: offered, then begun
            if self.who[0] == self.who[1] or "Human" not in self.who:
                self.app.open("message", "Link", "A linked game is one player here, the "
                              "other on the linked device: make the other colour Human.")
                return
            if self.cls.pregame:  # two players all the same: the pregame first, over the link
                self.app.replace(self.cls.pregame, game, "host")
            else:
                self.app.replace("linking", game, 1 if self.who[0] == "Human" else 2)
        elif self.cls.pregame and self.who == ["Human", "Human"]:
            self.app.replace(self.cls.pregame, game)  # two players settle the komi between them
        else:
            self.app.begin("play", game)
        self.app.save_settings()  # after: a failure to save is said over the game's first screen
