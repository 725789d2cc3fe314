"""Resignation and a count on request, through the buttons: the player resigns from the in-game
menu in every game (asked first, on the safe choice; the result, the score screen and the record
say resignation); the device resigns a game its search sees as lost on several moves in a row,
but not in the opening, not with the System screen's Resigns off, and in a handicap game only
further behind; the menu's Estimate shows the count as it stands, the territory drawn, and goes
back to the game unchanged; it is titled, and a windowed board shows its overview where the
replay shows it, following the window as the d-pad scrolls it. Both runtimes.

The device's win rate comes from a stand-in search (the app's searcher factory): what is tested
is what the screens do with what a search says."""

from test_every_move import Answer

from host_tools.sim.device import Device
from stones.engine.registry import GAMES


class Lost(Answer):
    """A search that answers the first legal move at once, its best move valued Lost.value
    (the search's values: 512 a sure win)."""

    value = 512

    def best_move(self):
        moves = self.game.legal_moves()
        return moves[0] if moves else 0

    def ranked(self):
        return [(self.best_move(), 100, Lost.value)]


def select(device, row):
    """Move the top screen's list to the row named row."""
    screen = device.app.top
    labels = [r[0] if isinstance(r, tuple) else r for r in screen.list.rows]
    target = labels.index(row)
    while screen.list.selected != target:
        device.press("down" if screen.list.selected < target else "up")


def start(index, white="Human", handicap=0, size=None, display="ssd1306"):
    """Game GAMES[index] from the main menu, through its setup's Start (Loose's komi protocol
    answered in pass-and-play); size: a board size other than the game's default."""
    device = Device(display=display)
    for _ in range(index):
        device.press("down")
    device.press("a")
    setup = device.app.top
    setup.who = ["Human", white]
    if size:
        setup.size = size
    if handicap:
        setup.values["handicap"] = handicap
    if white != "Human":
        device.app.searcher = Lost
    device.press("a")  # Start
    if device.app.top.module_name == "komi":
        device.press("right")
        device.press("a")
        device.press("a")
    assert device.app.top.module_name == "play"
    return device


def play_moves(device, n):
    """n legal moves through the screen (the middle one of the legal list each time)."""
    game = device.app.game
    for _ in range(n):
        legal = game.legal_moves()
        device.play(game.grid.name(legal[len(legal) // 2]))


def menu_row(device, row):
    device.press("menu")
    assert device.app.top.module_name == "gamemenu"
    select(device, row)
    device.press("a")


def record_of(device):
    names = device.fs.listdir("records")
    assert len(names) == 1
    return bytes(device.fs.files["records/" + names[0]]).decode()


def test_the_player_resigns_from_the_menu_in_every_game():
    for index, entry in enumerate(GAMES):
        device = start(index)
        play_moves(device, 3)
        game = device.app.game
        count = game.count
        loser = game.to_move
        winner = "BW"[2 - loser]
        menu_row(device, "Resign")
        ask = device.app.top
        assert ask.module_name == "confirm" and "resigns" in ask.text
        assert ask.list.rows[ask.list.selected] == "Play on"  # it opens on the safe choice
        device.press("a")  # Play on
        assert device.app.top.module_name == "play" and not game.over
        menu_row(device, "Resign")
        device.press("up")
        device.press("a")  # Resign
        score = device.app.top
        assert score.module_name == "score" and score.stage == 3  # the result, nothing counted
        assert game.over and game.count == count  # a resignation is no move
        assert score.result.gtp() == winner + "+R"
        assert score.result.text() == game.COLOUR_NAMES[3 - loser] + " wins"
        assert score.result.note == game.COLOUR_NAMES[loser] + " resigned."
        device.press("b")  # nothing counted: B stays on the result
        assert device.app.top.stage == 3
        # the save, read back after a power cut, is the resigned game on its result
        rebooted = Device(fs=device.fs.reboot())
        assert rebooted.app.top.module_name == "score" and rebooted.app.game.resigned == loser
        device.press("menu")  # to the main menu: the record is kept
        assert device.app.top.module_name == "menu"
        text = record_of(device)
        if game.record_ending == "sgf":
            assert "RE[%s+R]" % winner in text, text
        else:
            assert "result %s+R" % winner in text, text
        module = __import__(game.records, None, None, ("read_record",))
        back = module.read_record(text)
        assert back.over and back.resigned == loser and back.result().gtp() == winner + "+R", \
            entry[0]


def test_undo_takes_back_a_resignation_and_no_other_move():
    from stones.engine.registry import game_class

    game = game_class("go")(9)
    game.play_text("E5")
    game.resign(2)
    assert game.over and game.result().gtp() == "B+R"
    game.undo()
    assert not game.over and game.count == 1 and game.result().gtp() != "B+R"


def device_game(handicap=0):
    """Go 9x9, the human Black against the device as White, whose search says it is lost."""
    Lost.value = 512
    device = start(0, "Device 1", handicap)
    wait_for_reply(device, 1 if handicap else 0)  # (with a handicap, White moves first)
    return device


def wait_for_reply(device, moves):
    for _ in range(100):
        if device.app.game.count >= moves or device.app.game.over:
            return
        device.run(20)


def play_to_past_the_opening(device):
    """Black's moves and the device's replies through the screen until the device's next move
    is the first with a third of the board's points played."""
    game = device.app.game
    while (game.count + 1) * 3 < game.grid.count:
        count = game.count
        play_moves(device, 1)
        wait_for_reply(device, count + 2)
        assert not game.over


def test_the_device_resigns_a_lost_game_but_not_in_the_opening():
    device = device_game()
    game = device.app.game
    Lost.value = 20  # under a tenth of a sure win
    for _ in range(4):  # its moves in the opening: it plays on
        count = game.count
        play_moves(device, 1)
        wait_for_reply(device, count + 2)
        assert not game.over and game.count == count + 2
    play_to_past_the_opening(device)
    play_moves(device, 1)
    wait_for_reply(device, game.count + 1)
    assert game.over and game.resigned == 2  # at its first move past the opening
    assert device.app.top.module_name == "message" and "resigns" in device.app.top.text
    device.press("a")  # the note goes: the result is under it
    score = device.app.top
    assert score.module_name == "score" and score.result.gtp() == "B+R"


def test_one_bad_reading_is_not_enough():
    device = device_game()
    game = device.app.game
    play_to_past_the_opening(device)
    for value in (20, 20, 300, 20, 20):  # never three moves in a row below the threshold
        Lost.value = value
        count = game.count
        play_moves(device, 1)
        wait_for_reply(device, count + 2)
        assert not game.over
    Lost.value = 20
    count = game.count
    play_moves(device, 1)
    wait_for_reply(device, count + 2)
    assert game.over and game.resigned == 2


def test_with_resigns_off_the_device_plays_on():
    device = Device()
    select(device, "System")
    device.press("a")
    select(device, "Resigns")
    assert device.app.top.list.rows[device.app.top.list.selected] == ("Resigns", "on")
    device.press("a")
    assert device.app.top.list.rows[device.app.top.list.selected] == ("Resigns", "off")
    assert Device(fs=device.fs.reboot()).app.system["resign"] is False  # kept at once
    device.press("b")
    select(device, GAMES[0][1])  # Go
    device.press("a")
    device.app.top.who = ["Human", "Device 1"]
    device.app.searcher = Lost
    device.press("a")
    Lost.value = 0
    game = device.app.game
    play_to_past_the_opening(device)
    for _ in range(4):
        count = game.count
        play_moves(device, 1)
        wait_for_reply(device, count + 2)
    assert not game.over and device.app.top.module_name == "play"


def test_in_a_handicap_game_the_device_holds_on_until_further_behind():
    device = device_game(handicap=2)
    game = device.app.game
    assert game.handicap() == 2
    Lost.value = 40  # lost in an even game, not yet with the stones given
    play_to_past_the_opening(device)
    for _ in range(4):
        count = game.count
        play_moves(device, 1)
        wait_for_reply(device, count + 2)
        assert not game.over
    Lost.value = 10
    for _ in range(3):
        count = game.count
        play_moves(device, 1)
        wait_for_reply(device, count + 2)
    assert game.over and game.resigned == 2


def test_estimate_shows_the_count_and_returns_to_the_unchanged_game():
    for index, entry in enumerate(GAMES):
        device = start(index)
        play_moves(device, 6)
        game = device.app.game
        before = (game.count, game.to_move, [game.colour(p) for p in game.grid.points])
        menu_row(device, "Estimate")
        shown = device.app.top
        assert shown.module_name == "estimate", entry[0]
        assert shown.game is not game and shown.result is not None
        result = game.count_result()  # the same position counted (before any marking)
        assert shown.result.total[1:] == result.total[1:] or game.marks_dead, entry[0]
        if not game.marks_dead:
            # what the board draws is the count's: its territory on the view's marks
            from stones.ui.board import LAND_B, LAND_W

            black, white = game.territory()
            marks = shown.view.marks
            assert all(marks[p] & LAND_B for p in black) and all(marks[p] & LAND_W for p in white)
        device.press("b")
        assert device.app.top.module_name == "play" and not game.over
        after = (game.count, game.to_move, [game.colour(p) for p in game.grid.points])
        assert after == before, entry[0]
        assert game.dead_stones() == []  # the marking was the copy's
        menu_row(device, "Estimate")
        device.press("a")  # A goes back too
        assert device.app.top.module_name == "play"
        play_moves(device, 1)  # and play goes on
        assert game.count == before[0] + 1


def test_estimate_is_titled_and_a_windowed_board_shows_its_overview():
    """Every size of every game, on the 128x64 and the 128x128 panel: "Estimate" is drawn whole
    in the panel (tests/device/fitwalk.py's recording panel), the result with it; a windowed
    board's overview sits where the replay puts it (under the title, or at a tall panel's top
    right), its pixels those the view's draw_overview gives, and after the d-pad has scrolled
    the window they are the new window's."""
    import gc

    from fitwalk import Walk

    from stones.engine.registry import game_class
    from stones.ui.draw import SMALL_LINE
    from stones.ui.replay import Screen as Replay

    windowed = []
    for index, entry in enumerate(GAMES):
        for size in game_class(entry[0]).sizes:
            for height in (64, 128):
                device = walk = shown = None
                gc.collect()
                walk = Walk(height)
                device = walk.device = start(index, size=size, display=walk.panel)
                play_moves(device, 4)
                menu_row(device, "Estimate")
                shown = device.app.top
                where = "%s %d on 128x%d" % (entry[0], size, height)
                assert shown.module_name == "estimate", where
                walk.check("Estimate", shown.lead())
                view = shown.view
                replay = Replay(device.app, shown.game)  # where the replay puts an overview
                assert view.windowed == replay.view.windowed, where
                assert view.overview_at == replay.view.overview_at, where
                replay = None
                if not view.windowed:
                    assert view.overview_at is None, where
                    continue
                windowed.append(where)
                assert view.overview_at == ((128 - view.overview_size(), 0) if height == 128
                                            else (shown.panel_x, SMALL_LINE)), where
                assert overview_pixels(walk.panel, view) == drawn_overview(view), where
                left = view.left_col
                for _ in range(size):  # the d-pad scrolls the window, the outline follows
                    if view.left_col != left:
                        break
                    device.press("left")
                assert view.left_col != left, where
                assert overview_pixels(walk.panel, view) == drawn_overview(view), where
                device.press("b")
                assert device.app.top.module_name == "play", where
    small = sorted(where[:-10] for where in windowed if where.endswith("128x64"))
    assert small == ["go 13", "go 19", "loose 11", "loose 13", "loose 15", "loose 17",
                     "loose 19", "loupe 11", "loupe 7", "loupe 9", "offshore 6", "offshore 7"]
    assert "go 19 on 128x128" in windowed, windowed  # (a tall panel windows fewer)


def overview_pixels(fb, view):
    """The lit pixels of the panel's overview area, row by row."""
    x, y = view.overview_at
    return [[fb.pixel(x + i, y + j) for i in range(view.overview_size())]
            for j in range(view.overview_height())]


def drawn_overview(view):
    """The same area as the view's draw_overview draws it on a blank panel."""
    from stones.drivers.memorypanel import MemoryPanel

    panel = MemoryPanel(128, 128)
    view.draw_overview(panel)
    return overview_pixels(panel, view)
