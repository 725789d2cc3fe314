"""Playing against the device through the buttons: it thinks in slices and replies with a legal
move, MENU makes it play at once and a long MENU stops it, a hint puts the cursor on a
suggestion, and undo takes the game back to the human's turn. Both runtimes."""

from host_tools.sim.device import Device


def go_against_device_as_white(level=1, device=None):
    """Go 9x9 from the main menu, the human Black against the device as White at level."""
    device = device or Device()
    device.press("a")  # Go
    for _ in range(6):  # Start, Size, Komi, Scoring, Handicap, Black -> White
        device.press("down")
    for _ in range(level):
        device.press("right")  # White: Device 1, 2, ...
    for _ in range(6):
        device.press("up")
    device.press("a")  # Start
    assert device.app.players == {"1": "human", "2": "device:%d" % level}
    return device


def wait_for_reply(device, moves, limit=5000):
    waited = 0
    while device.app.game.count < moves and waited < limit:
        device.run(50)
        waited += 50
    return waited


def test_the_device_thinks_in_slices_and_replies_with_a_legal_move():
    from host_tools.sim.device import path
    from stones.ui.opponent import level_count

    device = go_against_device_as_white(level_count("go"))
    game = device.app.game
    view = device.app.top.view
    for button in path(view, view.grid.parse("E4")):
        device.press(button)
    device.pin("a").press()  # A on E4, then the app tick by tick
    ticks = 0
    for _ in range(4000):
        device.run(1)  # one tick
        if device.app.top.thinking is not None:
            ticks += 1
        elif game.count == 2:
            break
    device.pin("a").release()
    assert ticks > 3  # the reply took many ticks, not one
    assert game.count == 2 and game.to_move == 1
    reply = game.last_move()
    assert reply and game.colour(reply) == 2  # a stone, legal (it is on the board)
    assert device.app.top.thinking is None


def test_menu_forces_the_move_and_the_game_is_saved_with_its_players():
    device = go_against_device_as_white()
    device.play("E5")
    device.press("menu")  # play now
    device.run(50)
    assert device.app.game.count == 2
    rebooted = Device(fs=device.fs.reboot())
    assert rebooted.app.players == {"1": "human", "2": "device:1"}
    assert rebooted.app.game.count == 2


def start_thinking(device, point="E5"):
    """Walk to point and press A, tick by tick until the device has begun its reply: the play
    screen, or None where the reply came within the tick of the move."""
    from host_tools.sim.device import path

    view = device.app.top.view
    for button in path(view, view.grid.parse(point)):
        device.press(button)
    device.pin("a").press()
    while device.app.top.thinking is None and device.app.game.count < 2:
        device.run(1)
    device.pin("a").release()
    return device.app.top if device.app.game.count < 2 else None


def quick_level():
    """The strongest level whose reply takes less than a long press of MENU (on the fake
    clock: a playout a tick), but more than one tick."""
    from stones.ui.opponent import level_count

    for level in range(level_count("go"), 0, -1):
        device = go_against_device_as_white(level)
        play = start_thinking(device)
        if play is None:
            continue
        waited = 0
        while play.thinking is not None:
            device.run(5)
            waited += 5
        if waited < device.buttons.hold_ms // 2:
            return level
    raise AssertionError("no level replies within a long press")


def test_a_long_menu_stops_the_device_and_opens_the_game_menu():
    device = go_against_device_as_white(quick_level())
    play = start_thinking(device)
    device.press("menu", 1000)  # held past the long press: it thinks no further meanwhile
    assert device.app.top.module_name == "gamemenu"  # opened while it was held
    assert device.app.game.count == 1 and play.thinking is None  # stopped: no reply
    device.run(3000)
    assert device.app.game.count == 1  # it waits under the menu
    device.press("a")  # Back to game: it thinks again, and replies
    assert device.app.top is play
    wait_for_reply(device, 2)
    assert device.app.game.count == 2 and device.app.game.to_move == 1


def test_a_menu_tap_released_over_another_screen_still_plays_now():
    device = go_against_device_as_white(quick_level())
    play = start_thinking(device)
    device.pin("menu").press()
    device.run(60)  # down: the device waits to see a tap or a hold
    device.app.open("message", "Note", "A note over the game.")
    device.pin("menu").release()
    device.run(60)  # the release went to the note
    device.press("a")  # the note closes; the tap counts as a tap
    device.run(50)
    assert device.app.top is play and device.app.game.count == 2


def test_undo_against_the_device_goes_back_to_the_human():
    device = go_against_device_as_white()
    device.play("E5")
    wait_for_reply(device, 2)
    device.press("b")
    game = device.app.game
    assert game.count == 0 and game.to_move == 1 and device.app.top.thinking is None


def test_hint_puts_the_cursor_on_a_legal_suggestion():
    device = Device()
    device.press("a")
    device.press("a")  # Go, two humans
    device.press("menu")
    for _ in range(3):  # Back, Pass, Undo -> Hint
        device.press("down")
    device.press("a")
    screen = device.app.top
    waited = 0
    while screen.thinking is not None and waited < 20000:
        device.run(50)
        waited += 50
    assert screen.message and screen.message.startswith("Hint: ")
    point = screen.view.cursor
    assert screen.message == "Hint: " + device.app.game.grid.name(point)
    assert device.app.game.legal(point) and device.app.game.count == 0


def test_the_device_goes_on_from_its_last_search_after_the_reply():
    device = go_against_device_as_white(4)  # the top Pico level: a tree deep enough to keep
    device.app.system["ponder"] = False  # its own tree, not the pondering's (test_opponent_ponder)
    device.play("E5")
    wait_for_reply(device, 2)
    game = device.app.game
    search = device.app.search
    node = search._follow(game)
    assert node > 0  # the device's move: a node of its tree
    first = search.first[node]
    best = max(range(first, first + search.kids[node]),
               key=lambda j: (search.move[j] & 0x600 == 0x200, search.visits[j]))
    device.play(game.name(search.move[best] & 0x1FF))  # the reply it studied most
    device.run(50)  # the device begins its search
    assert search.visits[0] > search.playouts  # from the kept subtree
    wait_for_reply(device, 4)
    assert game.count == 4 and game.colour(game.last_move()) == 2


def test_loose_against_the_device_skips_the_komi_protocol_for_the_settings_komi():
    device = Device()
    device.press("down")  # Loose
    device.press("a")
    setup = device.app.top
    labels = [row if isinstance(row, str) else row[0] for row in setup.list.rows]
    device.press("down")
    device.press("down")  # Komi
    device.press("right")
    device.press("right")  # 2, 4
    for _ in range(labels.index("White") - labels.index("Komi")):
        device.press("down")
    device.press("right")  # White: Device 1
    for _ in range(labels.index("White")):
        device.press("up")
    device.press("a")  # Start: no komi screens, the game at once
    assert device.app.top.module_name == "play"
    assert device.app.game.key == "loose" and device.app.game.settings["komi"] == "4"
    assert device.app.players == {"1": "human", "2": "device:1"}
