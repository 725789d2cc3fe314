"""In-game menu (MENU button): pass, undo, a hint, the count as it stands (ui/estimate.py),
resign (asked first: ui/confirm.py), rules, back to the main menu (the game is kept)."""

from stones.ui import keys
from stones.ui.draw import ListView, title

ROWS = ("Back to game", "Pass", "Undo", "Hint", "Estimate", "Resign", "Rules", "Main menu")


class Screen:
    def __init__(self, app, play):
        self.app = app
        self.play = play
        self.list = ListView(list(ROWS))
        self.dirty = True
        self.shown = False

    def draw(self, fb):
        title(fb, self.play.game.title)
        self.list.draw(fb)

    def handle(self, event):
        if self.list.scroll(event):
            self.dirty = True
            return
        button = keys.button(event)
        if keys.kind(event) != keys.PRESS:
            return
        if button in (keys.B, keys.MENU):
            self.app.back()
            self.play.resume()
        elif button == keys.A:
            choice = ROWS[self.list.selected]
            if choice == "Rules":
                self.app.open("rules", self.play.game.key)
                return
            if choice == "Main menu":
                self.app.home()
                return
            self.app.back()
            play = self.play
            if choice == "Pass":
                play.pass_turn()
            elif choice == "Undo":
                play.undo()
            elif choice == "Hint":
                play.hint()
            elif choice == "Estimate":
                play.estimate()
            elif choice == "Resign":
                play.resume()  # (a device due to move waits under the question)
                play.ask_resign()
            else:
                play.resume()
