"""Every string of a game on a clock whole and inside the panel (tests/device/fitwalk.py), on
128x64 and 128x128 with the battery icon showing: the setup's Clock and Time rows with each of
their values, and the game screen's times on a whole board, a windowed one, a hexagon, two
stones a turn and the device thinking, byo-yomi's periods, then the result of a flag fall.
Both runtimes."""

from fitwalk import Walk

from stones.engine import timecontrol
from stones.ui.app import SLEEP_S


def select(walk, label):
    screen = walk.device.app.top
    labels = [row[0] if isinstance(row, tuple) else row for row in screen.list.rows]
    target = labels.index(label)
    while screen.list.selected != target:
        walk.press("down" if screen.list.selected < target else "up")


def walk_clock_rows(walk):
    """Each Clock, and each Time of each kind."""
    screen = walk.device.app.top
    select(walk, "Clock")
    for kind in range(1, len(timecontrol.KINDS)):
        walk.press("right")
        walk.check("Clock", "<%s>" % timecontrol.KINDS[kind])
        select(walk, "Time")
        for label in timecontrol.labels(kind):
            walk.check("Time", label)
            walk.press("right")
        select(walk, "Clock")
    walk.press("right")  # None again
    walk.check("Clock", "<None>")
    assert screen.list.rows[-1] == ("Clock", "None")


class Stalled:
    """A search that thinks until told to stop (stopped), then passes: the device's thinking
    stays on the screen for as long as the walk looks at it."""

    def __init__(self):
        self.stopped = False

    def begin(self, game, budget, seed=1, tuning=None, keep=False):
        self.stopped = False

    def step(self, playouts=1):
        return self.stopped

    def progress(self):
        return 0.5

    def stop(self):
        self.stopped = True

    def best_move(self):
        return 0


def walk_timed_game(height, key, size, white=False):
    """A game of key at size on byo-yomi 1m+3x10s, its times checked as they change, to
    White's flag."""
    walk = Walk(height, volts=4.0)
    app = walk.device.app
    app.system["sleep"] = SLEEP_S.index(0)
    app.searcher = Stalled
    app.open("setup", key)
    screen = app.top
    if key == "go" and size == 9:
        walk_clock_rows(walk)
    while screen.size != size:
        select(walk, "Size")
        walk.press("right")
    if white:
        select(walk, "White")
        walk.press("right")  # Device 1
    select(walk, "Clock")
    walk.press("right", "right")  # Byo-yomi
    select(walk, "Time")
    walk.press("left")  # 1m+3x10s
    select(walk, "Start")
    walk.press("a")
    if app.top.module_name == "komi":
        walk.press("a", "a")
    play = app.top
    game = app.game
    beside = play.windowed and not play.tall
    # the other side's time where the line under the turn is free (not "1 of 2", no overview)
    free = not beside and game.stones_per_turn == 1
    walk.check(game.clock.text(1), *(("W " + game.clock.text(2),) if free else ()))
    legal = game.legal_moves()
    play.view.cursor = legal[len(legal) // 2]
    walk.press("a")
    if white:  # the device thinks: on the turn line beside an overview, else under it
        walk.check("thinks", *(() if beside else (game.clock.text(2),)))
        app.search.stopped = True
        while game.to_move != 1:
            walk.device.run(50)
    elif game.to_move == 1:  # two stones a turn: its second
        walk.check(game.clock.text(1), "2 of 2" if game.turn_size() == 2 else "")
        play.view.cursor = game.legal_moves()[0]
        walk.press("a")
    mover = game.to_move
    for _ in range(65):  # the main time, then half the first period
        walk.device.clock.advance(1000)
        app.step()
    walk.check(game.clock.text(mover))
    assert "x" in game.clock.text(mover)
    for _ in range(30):
        walk.device.clock.advance(1000)
        app.step()
    result = app.top.result
    assert game.over and result.on_time
    walk.check("Result", result.text(), *result.note.split())
    return walk.frames


def test_the_clock_rows_and_a_timed_game_fit_both_panels():
    frames = 0
    for height in (64, 128):
        for key, size, white in (("go", 9, False), ("go", 19, True), ("loupe", 7, False),
                                 ("offshore", 4, True)):
            frames += walk_timed_game(height, key, size, white)
    assert frames > 40
