"""A long record (19x19 Go) replays on the device beside a game in progress of another game
(Loupe 11, its largest board): two engines in a Pico-sized heap. Both runtimes; a module of its
own, so that it starts from a heap no other test has used."""

from test_records_screen import open_records

from host_tools.sim.device import Device
from stones.platforms.fakes import FakeFS

# The records written and read here live in the heap with the app (a FakeFS; flash on a Pico),
# a 19x19 record at the move limit among them, replayed beside a Loupe 11 game in progress, with
# every module's code in the heap too (tests/host/test_micropython.py)
MICROPYTHON_HEAP = "320K"


def long_record(fs, key, size, moves):
    """A finished game of random legal moves kept in fs's records, as the device writes one
    (its text put in whole: the fake flash sits in the test's own heap)."""
    import gc

    from stones.engine.game import PASS
    from stones.engine.registry import new_game
    from stones.engine.rng import Rng
    from stones.recordfiles import record_facts, write_record_file

    game = new_game(key, size)
    rng = Rng(size)
    points = game.grid.points
    tries = 0
    while not game.over:
        p = points[rng.below(len(points))]
        tries += 1
        if game.count < moves and tries < 50 * moves and game.legal(p):
            game.play(p)
        elif game.count >= moves or tries >= 50 * moves:
            game.play(PASS)
    pieces = []
    write_record_file(game, pieces.append, record_facts({"1": "device:4", "2": "human"}))
    count = game.count
    name = "records/0001-%s.%s" % (key, game.record_ending)
    game = None
    gc.collect()
    fs.files[name] = bytearray("".join(pieces).encode())
    return count


def test_a_long_record_replays_beside_a_game_in_progress_of_another_game():
    fs = FakeFS()
    count = long_record(fs, "go", 19, 240)
    device = Device(fs=fs)
    device.press("down")
    device.press("down")  # Loupe
    device.press("a")
    device.press("down")  # Size 9
    device.press("right")
    device.press("right")  # 11, its largest board
    device.press("up")
    device.press("a")  # Start
    device.play("f6")
    device.press("menu")
    rows = device.app.top.list.rows
    for _ in range(rows.index("Main menu")):
        device.press("down")
    device.press("a")
    assert device.app.top.list.rows[0] == "Resume Loupe"
    screen = open_records(device)
    assert screen.list.rows[0].startswith("1 Go 19 ")
    device.press("a")
    device.press("a")  # Replay
    replay = device.app.top
    assert replay.module_name == "replay", getattr(replay, "text", "")
    assert replay.game.count == count
    for _ in range(count // 10 + 1):
        device.press("down")  # ten moves back a press
    assert replay.game.count == 0
    device.press("b")
    device.press("b")
    device.press("b")
    assert device.app.top.module_name == "menu"
