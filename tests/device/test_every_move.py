"""Every move seen: a pass is told on the panel, in pass-and-play and against the device; the
cursor goes to the device's reply on every board, and on 19x19 the window follows it, so the
reply is in view and the next A press acts there. And the smaller points around them: a hint's
box leaves the hinted point in view and goes soon, a pass hint is played by A (never a stone at
the cursor), a resumed game opens at its last move, the turn stone is no letter, and a rematch is
one press from the result. Both runtimes.

The device's replies here come from a stand-in search (the app's searcher factory, as a Pi's
workers use it) that answers a chosen move: what is tested is what the screen does with it."""

from host_tools.sim.device import Device


class Answer:
    """A search that answers move at once (0: pass), with the interface ui/opponent.py uses."""

    move = 0
    work = 0

    def begin(self, game, budget, seed, keep=False):
        self.game = game

    def step(self, playouts):
        return True

    def progress(self):
        return 1

    def stop(self):
        pass

    def full(self):
        return True

    def best_move(self):
        return Answer.move


def start(size=9, white="Human", answer=None):
    """Go from the main menu with the given size and White, started by the setup's own Start
    (its rows are set on the screen, so new rows in the setup change nothing here)."""
    device = Device()
    device.press("a")  # Go: its setup screen
    setup = device.app.top
    setup.size = size
    setup.who = ["Human", white]
    if answer is not None:
        device.app.searcher = Answer
        Answer.move = 0
    device.press("a")  # Start
    assert device.app.top.module_name == "play" and device.app.game.size == size
    return device, device.app.top


def reply_with(device, name):
    game = device.app.game
    Answer.move = 0 if name == "pass" else game.parse(name)


def wait_for(device, moves):
    game = device.app.game
    for _ in range(200):
        if game.count >= moves:
            return
        device.run(20)
    raise AssertionError("no reply")


def test_a_pass_is_told_in_pass_and_play():
    device, screen = start()
    device.play("pass")
    assert screen.message == "Black passes" and device.app.game.count == 1
    device.run(1500)  # the note goes by itself, soon
    assert screen.message is None
    device.play("E5")  # White
    device.play("D4")  # Black
    device.play("pass")
    assert screen.message == "White passes"
    device.press("right")  # dismissed, and the d-pad still moves the cursor
    device.press("a")  # then A places there
    game = device.app.game
    assert screen.message is None and game.count == 5 and game.last_move() == game.parse("E4")


def test_the_device_passing_is_told():
    device, screen = start(white="Device 1", answer=True)
    reply_with(device, "pass")
    device.play("E5")
    wait_for(device, 2)
    assert screen.message == "White passes" and device.app.game.to_move == 1


def test_the_cursor_goes_to_the_reply_on_a_small_board():
    device, screen = start(white="Device 1", answer=True)
    reply_with(device, "B8")
    device.play("E5")
    wait_for(device, 2)
    game = device.app.game
    assert screen.view.cursor == game.parse("B8") == game.last_move()


def test_on_19x19_the_window_follows_the_reply_and_A_acts_there():
    device, screen = start(19, "Device 1", answer=True)
    view = screen.view
    assert view.windowed
    reply_with(device, "T1")  # the far corner, out of the window around the centre
    assert not view.visible(device.app.game.parse("T1"))
    device.press("a")  # K10, the centre
    wait_for(device, 2)
    device.run(50)
    game = device.app.game
    t1 = game.parse("T1")
    assert view.cursor == t1 and view.visible(t1) and game.colour(t1) == 2
    # the reply is drawn where the window now shows it: a white stone, not the old K10 area
    fb = device.display
    x, y = view.px[t1], view.py[t1]
    assert 0 <= x < screen.panel_x and 0 <= y < fb.height
    assert fb.pixel(x - 2, y) and not fb.pixel(x - 1, y)  # a white stone: a ring
    device.press("a")  # the next A press acts at the reply: it is occupied
    assert screen.message == "T1: occupied" and game.count == 2


def test_a_hint_leaves_the_point_in_view_and_goes_soon():
    device, screen = start(answer=True)
    reply_with(device, "C7")
    device.app.searcher = Answer
    screen.hint()
    device.run(50)
    game = device.app.game
    c7 = game.parse("C7")
    assert screen.message == "Hint: C7" and screen.view.cursor == c7
    fb = device.display
    right = fb.width - 5  # the box's right edge: the panel beside it is empty while it shows
    rows = [y for y in range(fb.height) if fb.pixel(right, y)]
    assert rows, "no box drawn"
    top = screen.view.py[c7] - screen.view.box_h // 2
    bottom = top + screen.view.box_h - 1
    assert bottom < rows[0] or top > rows[-1]  # the hinted point is not under the box
    device.run(1500)
    assert screen.message is None
    device.press("a")
    assert game.colour(c7) == 1


def test_a_pass_hint_is_played_by_A_and_places_nothing():
    device, screen = start(answer=True)
    reply_with(device, "pass")
    screen.hint()
    device.run(50)
    assert screen.message.startswith("Hint: pass") and "A passes" in screen.message
    device.press("a")
    game = device.app.game
    assert game.count == 1 and game.entry(0)[1] == 0  # a pass
    assert not any(game.colour(p) for p in game.grid.points)
    assert screen.message == "Black passes"


def test_a_resumed_game_opens_at_its_last_move():
    device, _ = start()
    device.play("C3")
    device.play("G7")
    device.play("pass")  # the last stone, not the pass, is where play stopped
    rebooted = Device(fs=device.fs.reboot())
    screen = rebooted.app.top
    game = rebooted.app.game
    assert screen.module_name == "play" and game.count == 3
    assert screen.view.cursor == game.parse("G7")


def test_the_turn_stone_is_taller_than_a_letter():
    device, screen = start()
    device.play("E5")  # White to move: the hollow stone
    fb = device.display
    x0 = screen.panel_x
    lit = [(x, y) for y in range(12) for x in range(x0, x0 + 10) if fb.pixel(x, y)]
    height = max(y for _, y in lit) - min(y for _, y in lit) + 1
    assert height > 8  # taller than a glyph's cell: a stone, not an O
    cx = x0 + (min(x for x, _ in lit) + max(x for x, _ in lit) - 2 * x0) // 2
    cy = (min(y for _, y in lit) + max(y for _, y in lit)) // 2
    assert fb.pixel(cx, cy) and not fb.pixel(cx - 2, cy)  # a dot at its heart, in a ring


def test_a_rematch_is_one_press_from_the_result():
    device, _ = start()
    device.play("E5")
    device.play("pass")
    device.play("pass")
    app = device.app
    score = app.top
    assert score.module_name == "score"
    device.press("menu")  # done marking
    device.press("a")  # the score table
    device.press("a")  # the result
    assert score.stage == 3
    device.press("a")  # rematch
    assert app.top.module_name == "play"
    assert app.game.count == 0 and app.game.size == 9 and app.game.key == "go"
    assert any(name.startswith("records/") for name in device.fs.files)  # the last one kept
