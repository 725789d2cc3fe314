"""In-game menu (MENU button): pass, undo, rules, back to the main menu (the game is kept)."""

from stones.ui import keys
from stones.ui.draw import ListView, title


class Screen:
    def __init__(self, app, play):
        self.app = app
        self.play = play
        self.list = ListView(["Back to game", "Pass", "Undo", "Hint", "Rules", "Main menu"])
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
            choice = self.list.selected
            if choice == 4:
                self.app.open("rules", self.play.game.key)
                return
            if choice == 5:
                self.app.home()
                return
            self.app.back()
            if choice == 1:
                self.play.pass_turn()
            elif choice == 2:
                self.play.undo()
            elif choice == 3:
                self.play.hint()
            else:
                self.play.resume()
