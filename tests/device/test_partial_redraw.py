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
    """Counts the boxes a view draws and its whole overviews (wraps BoardView.draw_point and
    draw_overview on one instance)."""

    def __init__(self, view):
        self.boxes = 0
        self.overviews = 0
        draw_point = view.draw_point
        draw_overview = view.draw_overview

        def counted(fb, p):
            self.boxes += 1
            draw_point(fb, p)

        def counted_overview(fb):
            self.overviews += 1
            draw_overview(fb)

        view.draw_point = counted
        view.draw_overview = counted_overview


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
        counter.overviews = 0
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
        assert counter.overviews == 0, "move %d: the whole overview was drawn again" % i
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


def test_loupe_side_9_is_windowed():  # (the first test's Loupe then checks its overview)
    device, screen = start(STARTS["loupe"])
    assert screen.view.windowed and screen.view.hex and screen.view.overview_at


def against_the_device(larger=0):
    """A Go game, White the device at level 1, on the board larger sizes up from 9x9:
    (device, screen)."""
    device = Device()
    device.press("a")  # Go
    device.press("down")  # Size
    for _ in range(larger):
        device.press("right")
    for _ in range(5):  # Komi, Scoring, Handicap, Black -> White
        device.press("down")
    device.press("right")  # White: Device 1
    for _ in range(6):
        device.press("up")
    device.press("a")  # Start
    return device, device.app.top


def test_the_device_starting_to_think_and_answering_leave_the_whole_redraws_frame():
    device, screen = against_the_device()
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


def text_pixels(x, y, text, width):
    """The pixels of text in the compact font at (x, y), on a blank panel: {(x, y)}."""
    from stones.drivers.memorypanel import MemoryPanel
    from stones.ui.draw import SMALL, small

    panel = MemoryPanel(128, 64)
    small(panel, text, x, y)
    return {(i, j) for i in range(x, x + width * SMALL) for j in range(y, y + 8)
            if panel.pixel(i, j)}


def shown_pixels(device, x, y, width):
    from stones.ui.draw import SMALL

    d = device.display
    return {(i, j) for i in range(x, x + width * SMALL) for j in range(y, y + 8)
            if d.pixel(i, j)}


def test_a_windowed_board_says_the_device_thinks_in_its_turn_line():
    """Go 13x13 against the device: the overview starts on the line under the turn, so the
    turn line itself says "thinks"; the partial redraws leave the whole redraw's frame."""
    device, screen = against_the_device(larger=1)
    game = screen.game
    assert screen.view.windowed and game.size == 13
    name_x = screen.panel_x + 11  # the turn stone, a gap, then the name (play._TURN_X)
    assert shown_pixels(device, name_x, 0, 6) == text_pixels(name_x, 0, "Black", 6)
    screen.view.cursor = game.parse("G7")
    screen.place()
    assert screen.thinking is not None and not screen.dirty
    device.app.refresh()
    assert shown_pixels(device, name_x, 0, 6) == text_pixels(name_x, 0, "thinks", 6)
    assert frame(device) == whole(device, screen)
    while screen.thinking is not None:
        screen.think()
    assert game.count == 2 and not screen.dirty
    device.app.refresh()
    assert shown_pixels(device, name_x, 0, 6) == text_pixels(name_x, 0, "Black", 6)
    assert frame(device) == whole(device, screen)


def test_more_changes_than_a_batch_redraw_in_batches():
    """Fifty stones played at once (more than update()'s batch of changed points): the partial
    redraw, overview and all, still leaves the whole redraw's frame (Go 19x19, Loupe side 9)."""
    for presses in (("a", "down", "right", "right", "up", "a"), STARTS["loupe"]):
        device, screen = start(presses)
        rng = Rng(len(presses))
        game = screen.game
        for _ in range(50):
            p = legal_point(game, rng)
            assert p
            game.play(p)
        screen.view.last = game.last_move()
        screen.redraw_changed()
        assert not screen.dirty
        device.app.refresh()
        assert frame(device) == whole(device, screen)
        device = screen = None
