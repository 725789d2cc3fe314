"""Game clocks through the buttons, on a fake clock that moves only when a test says so: the
setup's Clock and Time rows (the same for every game), a flag fall that ends the game on time
and is kept in the save and the records, byo-yomi's periods, Fischer's increment, the clock
stopped under the menu and while the device sleeps, the device thinking on its own clock (and
hurrying when short), an undo that takes no time back, the remaining times through a save and
a power cut, old saves without a clock, and the time redrawn alone once a second. Both
runtimes."""

from host_tools.sim.device import Device
from stones.ui.app import SLEEP_S


def labels(screen):
    return [row[0] if isinstance(row, tuple) else row for row in screen.list.rows]


def select(device, label):
    """Move the setup's selection to the row called label."""
    screen = device.app.top
    target = labels(screen).index(label)
    while screen.list.selected != target:
        device.press("down" if screen.list.selected < target else "up")


def set_row(device, label, presses, button="right"):
    select(device, label)
    for _ in range(presses):
        device.press(button)


def timed_game(kind, time=0, white=0, key="go"):
    """A game of key from its setup with Clock kind (presses right from None: 1 sudden death,
    2 byo-yomi, 3 Fischer), its Time that many presses left from the first, White the device
    at level white (0 human). The panel never sleeps: a test waits as long as it likes."""
    device = Device()
    device.app.system["sleep"] = SLEEP_S.index(0)
    device.app.open("setup", key)
    device.app.refresh()
    set_row(device, "Clock", kind)
    device.app.refresh()
    if time:
        set_row(device, "Time", time, "left")
    if white:
        set_row(device, "White", white)
    select(device, "Start")
    device.press("a")
    assert device.app.top.module_name == "play"
    return device


def wait(device, seconds):
    """seconds pass, the app stepping once a second (its clock counts every step)."""
    for _ in range(seconds):
        device.clock.advance(1000)
        device.app.step()


def test_every_game_has_the_same_clock_rows_and_keeps_them():
    from stones.engine.registry import keys

    for key in keys():
        device = Device()
        device.app.open("setup", key)
        device.app.refresh()
        screen = device.app.top
        assert labels(screen)[-1] == "Clock" and screen.list.rows[-1][1] == "None"  # no Time
        set_row(device, "Clock", 2)
        device.app.refresh()
        assert screen.list.rows[-2:] == [("Clock", "Byo-yomi"), ("Time", "5m+3x30s")]
        set_row(device, "Time", 1)
        device.app.refresh()
        assert screen.list.rows[-1] == ("Time", "10m+3x30s")
        assert device.app.settings[key]["clock"] == "Byo-yomi"
        again = Device(fs=device.fs.reboot())  # kept as chosen, for the next power-on
        assert again.app.settings[key]["time"] == "10m+3x30s"
        set_row(device, "Clock", 2)  # Fischer, then None: the Time row goes
        device.app.refresh()
        assert screen.list.rows[-1] == ("Clock", "None")
        select(device, "Start")
        device.press("a")
        assert device.app.game.clock is None


def test_a_flag_fall_ends_the_game_on_time_and_is_kept():
    device = timed_game(1)  # sudden death, 5 min
    game = device.app.game
    assert game.clock.encode().startswith("s,300,")
    device.play("E5")
    wait(device, 299)
    assert not game.over and game.clock.text(2) == "0:01"
    wait(device, 1)
    assert game.over and device.summary().endswith("result=B+T")
    score = device.app.top
    assert score.module_name == "score" and score.result.text() == "Black wins on time"
    assert score.result.note == "White's time ran out."
    resumed = Device(fs=device.fs.reboot())  # the loss is in the save at once
    assert resumed.summary() == "screen=score game=go size=9 moves=1 result=B+T"
    device.press("menu")  # the result's MENU: kept in the records, to the menu
    text = device.fs.files["records/0001-go.sgf"].decode()
    assert "RE[B+T]" in text and "TM[300]" in text and "OT[" not in text


def test_byo_yomi_loses_periods_and_a_move_keeps_the_one_it_is_in():
    device = timed_game(2, 1)  # byo-yomi 1m+3x10s
    game = device.app.game
    screen = device.app.top
    device.play("E5")
    wait(device, 65)  # White: the main time, then half the first period
    assert game.clock.text(2) == "3x5s" and screen.clock.shown == 5
    device.play("D5")
    assert game.clock.left[2] == 10000 and game.clock.periods[2] == 3  # whole again
    device.play("E4")
    wait(device, 25)  # two periods lost, half the third
    assert game.clock.text(2) == "1x5s"
    wait(device, 5)
    assert device.summary().endswith("result=B+T")
    device.press("menu")
    text = device.fs.files["records/0001-go.sgf"].decode()
    assert "TM[60]" in text and "OT[3x10 byo-yomi]" in text and "RE[B+T]" in text


def test_fischer_adds_its_increment_after_each_move():
    device = timed_game(3)  # Fischer 5m+10s
    game = device.app.game
    wait(device, 30)
    device.play("E5")
    assert 279800 <= game.clock.left[1] <= 280000  # 300 - 30 + 10 s, less the press
    assert game.clock.text(1) == "4:40"


def test_the_clock_stops_under_the_menu_and_while_the_device_sleeps():
    device = timed_game(1)
    game = device.app.game
    device.press("menu")
    assert device.app.top.module_name == "gamemenu"
    wait(device, 100)
    device.press("b")  # back to the game: the minutes under the menu were nobody's
    assert device.app.top.module_name == "play"
    assert game.clock.left[1] >= 299500
    device.app.system["sleep"] = SLEEP_S.index(30)  # dim after 30 s, off after 60 s
    wait(device, 200)
    assert device.app.power == 2  # off: asleep
    left = game.clock.left[1]
    assert 238000 <= left <= 241000  # it ran until the panel went off, not after
    wait(device, 100)
    assert game.clock.left[1] == left
    device.press("up")  # the waking press: the clock runs again
    wait(device, 10)
    assert left - 11000 <= game.clock.left[1] <= left - 9000


def wait_for_reply(device, moves):
    for _ in range(400):
        if device.app.game.count >= moves:
            return
        device.run(50)
    raise AssertionError("no reply")


class SlowSearch:
    """The app's Search, each slice of it taking 50 ms of the fake clock (the simulator's clock
    stands still within a tick, where a device's does not)."""

    def __init__(self, clock):
        from stones.engine.search import Search

        self.search = Search()
        self.clock = clock

    def step(self, playouts=1):
        self.clock.advance(50)
        return self.search.step(playouts)

    def __getattr__(self, name):
        return getattr(self.search, name)


def test_the_device_thinks_on_its_clock_and_wins_when_the_humans_falls():
    device = timed_game(1, white=1)  # White: Device 1
    device.app.searcher = lambda: SlowSearch(device.clock)
    game = device.app.game
    device.play("E5")
    wait_for_reply(device, 2)
    assert game.to_move == 1 and game.clock.left[2] <= 300000 - 50  # its thinking, its time
    wait(device, 300)
    assert device.summary().endswith("result=W+T")
    assert device.app.top.result.text() == "White wins on time"


def test_a_device_short_of_time_plays_at_once_and_keeps_its_flag():
    from stones.ui.opponent import level_count

    device = timed_game(1, white=level_count("go"))  # its strongest level
    game = device.app.game
    game.clock.left[2] = 2500  # the device's flag close
    device.play("E5")
    wait_for_reply(device, 2)
    assert not game.over and game.to_move == 1 and game.clock.left[2] > 0


def test_an_undo_takes_moves_back_not_time():
    device = timed_game(3)  # Fischer 5m+10s
    game = device.app.game
    wait(device, 20)
    device.play("E5")
    wait(device, 30)
    device.press("b")  # White takes Black's move back: Black to move again
    assert game.count == 0 and game.to_move == 1
    black, white = game.clock.left[1], game.clock.left[2]
    assert 289700 <= black <= 290000 and 269700 <= white <= 270000  # nothing restored
    wait(device, 5)
    assert game.clock.left[2] == white and game.clock.left[1] < black  # Black's runs now


def test_the_remaining_times_survive_a_save_and_a_power_cut():
    device = timed_game(2)  # byo-yomi 5m+3x30s
    game = device.app.game
    wait(device, 310)  # Black into its periods
    device.play("E5")
    wait(device, 40)  # White's
    device.press("menu")  # the menu saves the clock as it stands
    saved = game.clock.encode()
    resumed = Device(fs=device.fs.reboot())
    assert resumed.app.top.module_name == "play"
    assert resumed.app.game.clock.encode() == saved
    assert resumed.app.game.clock.text(1) == "3x30s"
    resumed.app.system["sleep"] = SLEEP_S.index(0)
    wait(resumed, 5)  # the resumed game's clock runs on from the save
    assert resumed.app.game.clock.left[2] == game.clock.left[2] - 5000
    device.press("b")  # a power cut after a move: the save holds the times of that move
    device.play("D5")
    wait(device, 20)
    cut = Device(fs=device.fs.reboot()).app.game.clock
    assert cut.left[1] == 30000 and cut.periods[1] == 3  # Black's period as White moved
    assert cut.left[2] == game.clock.left[2]  # White's, spent before its move


def test_a_save_from_before_clocks_still_loads_and_a_bad_clock_is_named():
    from stones.engine.registry import new_game
    from stones.session import GAME_LOST, decode_game, encode_game
    from stones.storage import Store

    old = (b"G1 go 9 komi=6.5,scoring=territory,handicap=0 1:human,2:device:1\n"
           b"\x00\x00" + bytes([0x29, 0x02]))  # no set-up stones, one move (Black on a point)
    game, players = decode_game(old)
    assert game.clock is None and game.count == 1 and players["2"] == "device:1"
    assert encode_game(game, players) == old  # a game without a clock is saved as before
    from stones.engine import timecontrol

    game.clock = timecontrol.clock("Fischer", "3m+2s")
    data = encode_game(game, players)
    assert data.startswith(b"G2 go 9 ") and b" f,180,0,0,2," in data
    assert decode_game(data)[0].clock.encode() == game.clock.encode()
    broken = data.replace(b" f,180,", b" f,0,")
    device = Device()
    Store(device.fs).save("game", broken)
    rebooted = Device(fs=device.fs.reboot())
    assert rebooted.app.game is None
    assert rebooted.app.top.text.startswith(GAME_LOST + " clock")
    assert new_game("go", 9).clock is None  # (the class's: no game starts on one)


def test_the_time_is_redrawn_alone_once_a_second():
    device = timed_game(1)
    screen = device.app.top
    draws = []
    sent = []
    draw = screen.draw
    show = device.display.show

    def counted_draw(fb):
        draws.append(1)
        draw(fb)

    def counted_show():
        sent.append(1)
        show()

    screen.draw = counted_draw
    device.display.show = counted_show
    screen.view.blink_at = device.clock.ticks_ms() + 10 ** 6  # the cursor does not blink
    device.run(400)  # under a second: nothing to redraw
    assert sent == [] and screen.game.clock.text(1) == "5:00"
    device.run(700)
    assert screen.game.clock.text(1) == "4:59" and len(sent) == 1 and draws == []
    frame = bytes(device.display.buffer)
    screen.dirty = True
    device.app.refresh()
    assert bytes(device.display.buffer) == frame  # what a whole redraw draws
