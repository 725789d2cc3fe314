"""Sound: the Buzzer plays named sounds note by note from the app loop, and the app sounds a
placed stone, a refused move and the end of a game, unless the system screen turned sound off.
Both runtimes."""

from stones.drivers.buzzer import SOUNDS, Buzzer
from stones.platforms.fakes import FakeClock, FakeTone


def played(tone):
    return [hz for _, hz in tone.changes]


def test_a_sound_plays_its_notes_for_their_lengths_then_stops():
    clock = FakeClock(start=(1 << 30) - 100)  # across the ticks wrap
    tone = FakeTone(clock)
    buzzer = Buzzer(tone, clock)
    buzzer.play("illegal")  # 196 Hz 90 ms, a 40 ms rest, 196 Hz 90 ms
    for _ in range(300):
        clock.advance(1)
        buzzer.tick(clock.ticks_ms())
    assert played(tone) == [196, 0, 196, 0]
    times = [clock.ticks_diff(t, tone.changes[0][0]) for t, _ in tone.changes]
    assert times == [0, 90, 130, 220]
    assert not buzzer.playing and not tone.sounding


def test_a_new_sound_cuts_the_one_playing():
    clock = FakeClock()
    tone = FakeTone(clock)
    buzzer = Buzzer(tone, clock)
    buzzer.play("end")
    clock.advance(50)
    buzzer.tick(clock.ticks_ms())
    buzzer.play("stone")
    for _ in range(100):
        clock.advance(5)
        buzzer.tick(clock.ticks_ms())
    assert played(tone) == [SOUNDS["end"][0][0], SOUNDS["stone"][0][0], 0]


def test_the_record_of_a_long_run_stays_bounded():
    clock = FakeClock()
    tone = FakeTone(clock, keep=8)
    for hz in range(100, 200):
        tone.tone(hz)
    assert len(tone.changes) == 8 and tone.changes[-1][1] == 199


def _sounds(device):
    return [hz for _, hz in device.tone.changes if hz]


def _start_go():
    from host_tools.sim.device import Device

    device = Device()
    device.press("a")  # Go
    device.press("a")  # Start
    return device


def test_a_stone_clicks_and_a_refused_move_buzzes():
    device = _start_go()
    device.press("a")  # E5
    assert device.app.game.count == 1
    assert _sounds(device) == [SOUNDS["stone"][0][0]]
    device.run(500)
    device.press("a")  # E5 again: occupied
    device.run(500)
    assert device.app.game.count == 1
    assert _sounds(device)[1:] == [196, 196]
    assert not device.tone.sounding  # every note ended


def test_the_end_of_a_game_plays_its_tune():
    device = _start_go()
    for _ in range(2):  # two passes end a Go game
        device.press("menu")
        device.press("down")
        device.press("a")
    assert device.app.game.over
    device.run(1000)
    assert _sounds(device)[-3:] == [hz for hz, _ in SOUNDS["end"]]


def test_sound_off_in_the_system_screen_is_silent_and_kept_after_a_reboot():
    from host_tools.sim.device import Device

    device = Device()
    menu = device.app.top.list.rows
    for _ in range(menu.index("System")):
        device.press("down")
    device.press("a")
    assert device.app.top.module_name == "system"
    rows = [row[0] for row in device.app.top.list.rows]
    assert "Sound" in rows
    device.press("down")  # Contrast -> Sound
    device.press("a")  # off
    assert device.app.top.list.rows[1] == ("Sound", "off")
    device.press("b")  # back: the settings are saved
    rebooted = Device(fs=device.fs.reboot())
    rebooted.press("a")  # Go
    rebooted.press("a")  # Start
    rebooted.press("a")  # a stone, silently
    assert rebooted.app.game.count == 1 and _sounds(rebooted) == []


def test_without_a_buzzer_the_system_screen_has_no_sound_row():
    from host_tools.sim.device import Device

    device = Device(buzzer=False)
    menu = device.app.top.list.rows
    for _ in range(menu.index("System")):
        device.press("down")
    device.press("a")
    assert "Sound" not in [row[0] for row in device.app.top.list.rows]
    device.press("b")
    for _ in range(menu.index("System")):
        device.press("up")
    device.press("a")  # Go
    device.press("a")  # Start
    device.press("a")  # a stone: nothing to sound, nothing breaks
    assert device.app.game.count == 1


def test_the_saved_contrast_is_set_at_power_on():
    from host_tools.sim.device import Device

    device = Device(display="ssd1327")  # a memory panel that keeps its contrast level
    default = device.display.contrast_level
    menu = device.app.top.list.rows
    for _ in range(menu.index("System")):
        device.press("down")
    device.press("a")
    device.press("left")  # level 3/5 -> 2/5
    level = device.display.contrast_level
    assert level != default
    device.press("b")
    rebooted = Device(display="ssd1327", fs=device.fs.reboot())
    assert rebooted.display.contrast_level == level


def test_bad_saved_system_settings_fall_back_to_the_defaults():
    from host_tools.sim.device import Device
    from stones.platforms.fakes import FakeFS
    from stones.session import Session
    from stones.storage import Store

    fresh = Device(display="ssd1327")
    # the brightest contrast, as panels start; sleep after two minutes
    defaults = {"contrast": 4, "sound": True, "sleep": 2, "ponder": False,  # pondering off
                "resign": True, "palette": 0, "turned": True}  # (the Linked board row)
    assert fresh.app.system == defaults
    assert fresh.display.contrast_level == 255
    for system in ({"contrast": 99, "sound": "yes", "sleep": 5, "ponder": 1},
                   {"contrast": -1, "sound": 0}, {"contrast": "high", "sleep": "never"},
                   {"contrast": True, "sleep": -1, "palette": -1}, {"palette": "amber"}, 7):
        fs = FakeFS()
        Session(Store(fs)).save_settings({"system": system})
        device = Device(display="ssd1327", fs=fs.reboot())
        assert device.app.top.module_name == "menu", system
        assert device.app.system == defaults, system
        assert device.display.contrast_level == 255, system
