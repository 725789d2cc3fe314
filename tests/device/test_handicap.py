"""A Go handicap game started from the setup with the buttons: the stones on GNU Go's points,
komi 0.5 unless the player sets another after the handicap, White first, the device on either
side, and the handicap kept by the game save. Both runtimes."""

from host_tools.sim.device import Device


def select(device, label):
    """Move the setup screen's selection to the row labelled label."""
    screen = device.app.top
    labels = [row if isinstance(row, str) else row[0] for row in screen.list.rows]
    target = labels.index(label)
    while screen.list.selected < target:
        device.press("down")
    while screen.list.selected > target:
        device.press("up")


def value(device, label):
    return dict(row for row in device.app.top.list.rows if isinstance(row, tuple))[label]


def handicap_setup(stones, black="Human", white="Human", device=None):
    """The Go setup screen with a handicap of stones and the players chosen, not started."""
    device = device or Device()
    device.press("a")  # Go
    select(device, "Handicap")
    while value(device, "Handicap") != str(stones):
        device.press("right")
    for label, who in (("Black", black), ("White", white)):
        select(device, label)
        while value(device, label) != who:
            device.press("right")
    return device


def start(device):
    select(device, "Start")
    device.press("a")
    return device.app.game


def names(game):
    return sorted(game.name(p) for p in game.grid.points if game.colour(p) == 1)


def test_a_handicap_brings_komi_half_a_point_and_a_komi_set_after_it_stays():
    device = handicap_setup(3)
    assert value(device, "Komi") == "0.5"
    select(device, "Handicap")
    device.press("left")
    device.press("left")  # 3 -> 2 -> none
    assert value(device, "Handicap") == "0" and value(device, "Komi") == "0"
    select(device, "Komi")
    for _ in range(3):
        device.press("right")  # 0.5, 5.5, 6.5
    select(device, "Handicap")
    device.press("right")  # a komi chosen before the handicap gives way
    assert value(device, "Handicap") == "2" and value(device, "Komi") == "0.5"
    device.press("right")
    device.press("right")
    assert value(device, "Handicap") == "4" and value(device, "Komi") == "0.5"
    select(device, "Komi")
    device.press("right")
    device.press("right")  # 5.5, 6.5: set after the handicap
    select(device, "Handicap")
    device.press("right")
    assert value(device, "Handicap") == "5" and value(device, "Komi") == "6.5"  # it stays
    device.press("b")  # kept, and seen again: set after the handicap all the same
    device.press("a")
    select(device, "Handicap")
    device.press("left")
    assert value(device, "Handicap") == "4" and value(device, "Komi") == "6.5"
    for _ in range(3):
        device.press("left")  # 3, 2, none: still the komi set after the handicap
    assert value(device, "Handicap") == "0" and value(device, "Komi") == "6.5"
    device.press("right")  # a handicap chosen anew, from none: its komi
    assert value(device, "Handicap") == "2" and value(device, "Komi") == "0.5"
    device.press("b")  # kept with the komi the handicap gave it, and seen again
    device.press("a")
    select(device, "Komi")
    device.press("right")
    device.press("right")  # 5.5, 6.5: after a handicap chosen before this visit, it stays too
    select(device, "Handicap")
    device.press("right")
    assert value(device, "Handicap") == "3" and value(device, "Komi") == "6.5"
    assert start(device).settings["komi"] == "6.5"


def test_the_device_as_white_answers_the_handicap_stones_and_the_save_keeps_them():
    device = handicap_setup(4, white="Device 1")
    game = start(device)
    assert names(game) == ["C3", "C7", "G3", "G7"]
    assert game.settings["komi"] == "0.5" and game.handicap() == 4
    waited = 0
    while game.count < 1 and waited < 20000:  # White moves first: the device
        device.run(50)
        waited += 50
    assert game.count == 1 and game.entry(0)[0] == 2 and game.to_move == 1
    device.play([name for name in ("E5", "D5") if not game.colour(game.parse(name))][0])
    assert game.count >= 2
    rebooted = Device(fs=device.fs.reboot())
    again = rebooted.app.game
    assert again.handicap() == 4 and names(again)[:4] == names(game)[:4]
    assert again.settings["komi"] == "0.5" and again.entry(0) == game.entry(0)
    assert rebooted.app.players == {"1": "human", "2": "device:1"}


def test_the_device_as_black_has_the_stones_and_waits_for_white():
    device = handicap_setup(2, black="Device 1")
    game = start(device)
    assert names(game) == ["C3", "G7"] and game.to_move == 2
    device.run(200)
    assert game.count == 0  # White, the human, moves first
    device.play("E5")
    waited = 0
    while game.count < 2 and waited < 20000:
        device.run(50)
        waited += 50
    assert game.count == 2 and game.entry(1)[0] == 1


def test_an_untouched_handicap_game_is_replaced_without_a_question():
    device = handicap_setup(5)
    start(device)
    assert device.summary() == "screen=play game=go size=9 moves=0 to_move=white"
    device.press("menu")
    while device.app.top.list.rows[device.app.top.list.selected] != "Main menu":
        device.press("down")
    device.press("a")
    device.press("down")  # Resume Go -> Go
    device.press("a")
    start(device)  # the stones come back with the settings: nothing to keep, no question
    assert device.app.top.module_name == "play" and device.app.game.handicap() == 5
    assert device.fs.listdir("records") == []  # nothing kept: the game had no move
