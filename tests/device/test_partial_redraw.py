"""A move redraws only what it changed (the placement redraw): the boxes of the points
whose stone came or went, the old and new last move's, and the panel. The frame it leaves must be
the frame a whole redraw draws, in every game, on a windowed board (Go 19x19), after captures,
passes (told in a box, redrawn whole) and undos, and when the device starts thinking or answers.
Both runtimes."""

from host_tools.sim.device import Device
from stones.engine.rng import Rng

STARTS = {  # menu presses that start each game with its defaults (bench_ui.starts derives them)
    "go": ("a", "a"),
    "loose": ("down", "a", "a", "a", "a"),
    "loupe": ("down", "down", "a", "a"),
    "offshore": ("down", "down", "down", "a", "a"),
}


def start(presses):
    device = Device()
    for name in presses:
        device.press(name)
    screen = device.app.top
    assert screen.module_name == "play", screen.module_name
    return device, screen


class Counting:
    """Counts the boxes a view draws (wraps BoardView.draw_point on one instance)."""

    def __init__(self, view):
        self.boxes = 0
        draw_point = view.draw_point

        def counted(fb, p):
            self.boxes += 1
            draw_point(fb, p)

        view.draw_point = counted


def frame(device):
    return bytes(device.display.buffer)


def whole(device, screen):
    """The frame after a whole redraw of the screen (as after opening it)."""
    screen.dirty = True
    device.app.refresh()
    return frame(device)


def legal_point(game, rng):
    """A random point the rules accept now, or 0 (drawn, not listed: a 19x19 list of them
    would crowd a Pico-sized heap)."""
    points = game.grid.points
    for _ in range(400):
        p = points[rng.below(len(points))]
        if not game.reason(p):
            return p
    return 0


def play_and_compare(device, screen, moves, seed):
    """Random legal placements (now and then a pass or an undo) through the play screen; after
    each, the partly redrawn frame must equal the whole redraw. Returns (moves compared, boxes
    drawn by the partial redraws)."""
    rng = Rng(seed)
    counter = Counting(screen.view)
    compared = 0
    for i in range(moves):
        game = screen.game
        if game.over or screen.app.top is not screen:
            break
        roll = rng.below(20)
        if roll > 1:  # the cursor goes to a random legal point, its old and new box redrawn
            target = legal_point(game, rng)
            if not target:
                break
            view = screen.view
            old = view.cursor
            view.cursor = target
            if view._follow():  # the window scrolls to it, as BoardView.move does
                view.draw(device.display)
            else:
                view.draw_point(device.display, old)
                view.draw_point(device.display, view.cursor)
        screen.shown = True
        device.app.refresh()  # nothing pending before the move
        counter.boxes = 0
        if roll == 0 and game.count:
            screen.undo()
        elif roll == 1 and not game.reason(0):
            screen.pass_turn()
            if screen.app.top is screen:  # told in a box, which asks for a whole redraw
                assert screen.message and screen.dirty
                screen.message = None  # dismissed, as any press does
                device.app.refresh()
            continue
        elif roll > 1:
            screen.place()
        else:
            continue
        if screen.app.top is not screen:  # the game ended: the score screen took over
            break
        assert not screen.dirty, "a move asked for a whole redraw"
        drawn = counter.boxes
        device.app.refresh()
        partial = frame(device)
        assert partial == whole(device, screen), "move %d: the frames differ" % i
        assert drawn < len(game.grid.points) // 2, (i, drawn)
        compared += 1
    return compared


def test_moves_redraw_a_few_boxes_and_leave_the_whole_redraws_frame_in_every_game():
    import gc

    for key, presses in STARTS.items():
        device, screen = start(presses)
        compared = play_and_compare(device, screen, 40, seed=len(key))
        assert compared >= 20, (key, compared)
        device = screen = None  # a device runs one app: let this one go before the next
        gc.collect()


def test_a_windowed_board_redraws_its_overview_too():
    device, screen = start(("a", "down", "right", "right", "up", "a"))  # Go 19x19
    assert screen.view.windowed
    assert play_and_compare(device, screen, 30, seed=5) >= 20


def test_the_device_starting_to_think_and_answering_leave_the_whole_redraws_frame():
    device = Device()
    device.press("a")  # Go
    for _ in range(6):  # Start, Size, Komi, Scoring, Handicap, Black -> White
        device.press("down")
    device.press("right")  # White: Device 1
    for _ in range(6):
        device.press("up")
    device.press("a")  # Start
    screen = device.app.top
    game = screen.game
    screen.view.cursor = game.parse("E5")
    screen.place()  # Black's stone, and White starts thinking: the panel says so
    assert screen.thinking is not None and not screen.dirty
    device.app.refresh()
    assert frame(device) == whole(device, screen)
    while screen.thinking is not None:
        screen.think()
    assert game.count == 2 and not screen.dirty  # the answer, drawn partly
    device.app.refresh()
    assert frame(device) == whole(device, screen)
