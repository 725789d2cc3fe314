"""A device that sleeps and knows its battery: after the Sleep time without a press
the panel dims, then switches off; a press wakes it with the game as it was and does not play;
the device thinking keeps it awake; the setting is on the system screen and kept. A battery read
through a fake ADC shows its icon and voltage, warns once when low and saves everything before
a brown-out. All on the fake clock. Both runtimes."""

from support import system_row

from host_tools.sim.device import Device
from stones.drivers.battery import DIODE_MV, make_battery
from stones.drivers.battery import Battery as DiodeBattery
from stones.platforms.fakes import FakeADC
from stones.ui.app import CONTRAST, DIMMED, OFF, SLEEP_S


def Battery(adc):
    """A battery read as the cell itself (no diode), so the tests speak of the cell's volts."""
    return DiodeBattery(adc, diode_mv=0)


def go_with_a_move(**kwargs):
    device = Device(display="ssd1327", **kwargs)  # a MemoryPanel: its contrast and on flag
    device.press("a")
    device.press("a")
    device.play("E5")
    return device


def test_idle_dims_then_switches_off_and_a_press_wakes_without_playing():
    device = go_with_a_move()
    app = device.app
    panel = device.display
    seconds = SLEEP_S[app.system["sleep"]]
    device.run(seconds * 1000 - 500)
    assert app.power == 0 and panel.contrast_level == CONTRAST[app.system["contrast"]]
    device.run(1000)
    assert app.power == DIMMED and panel.contrast_level < CONTRAST[0] and panel.on
    device.run(seconds * 1000)
    assert app.power == OFF and not panel.on
    frames = panel.frames_sent
    device.run(5000)
    assert panel.frames_sent == frames  # nothing is sent to a panel that is off
    cursor = app.top.view.cursor
    device.press("a")  # wakes: does not place a stone
    assert panel.on and app.power == 0 and app.game.count == 1
    assert panel.contrast_level == CONTRAST[app.system["contrast"]]
    assert panel.frames_sent > frames  # the game, drawn again as it was
    device.press("left")
    device.press("a")  # now the buttons play
    assert app.game.count == 2 and app.top.view.cursor != cursor


def test_a_held_waking_button_does_not_repeat_into_the_game():
    device = go_with_a_move()
    app = device.app
    device.run(SLEEP_S[app.system["sleep"]] * 2000 + 100)
    assert app.power == OFF
    cursor = app.top.view.cursor
    device.press("left", 2000)  # held long enough to auto-repeat
    assert app.top.view.cursor == cursor and app.power == 0


def test_the_device_thinking_keeps_the_panel_awake():
    from stones.ui.opponent import level_count

    device = Device(display="ssd1327")
    device.press("a")
    for _ in range(6):
        device.press("down")  # White
    for _ in range(level_count("go")):
        device.press("right")
    for _ in range(6):
        device.press("up")
    device.press("a")
    device.play("E5")
    app = device.app
    waited = 0
    while app.top.thinking is not None and waited < 120000:
        device.run(1000)
        waited += 1000
        assert app.power == 0
    assert app.game.count == 2


def test_the_sleep_setting_is_on_the_system_screen_and_kept():
    device = Device(display="ssd1327")
    screen, row = system_row(device, "Sleep")
    while screen.list.rows[row][1] != "never":
        device.press("right")
    device.press("b")  # saved
    app = device.app
    device.run(10 * 60 * 1000)
    assert app.power == 0 and device.display.on
    rebooted = Device(display="ssd1327", fs=device.fs.reboot())
    assert SLEEP_S[rebooted.app.system["sleep"]] == 0


def test_battery_voltage_levels_and_text():
    adc = FakeADC(3920)
    battery = Battery(adc)
    assert battery.sample() == 3920 and battery.text() == "3.92 V"
    adc.millivolts = 3520
    battery.sample()
    assert 3900 > battery.mv > 3520  # smoothed: a quarter of each new reading
    assert Battery(FakeADC(4200)).sample() and 0 < Battery(FakeADC(3300)).read_mv() < 3400
    full = Battery(FakeADC(4200))
    full.sample()
    empty = Battery(FakeADC(3300))
    empty.sample()
    assert full.bars() == 4 and empty.bars() == 0
    assert make_battery({"battery": None}, FakeADC) is None
    made = make_battery({"battery": {"adc": 29, "divider": 3}}, lambda pin: FakeADC(3700))
    assert made.read_mv() == 3700 + DIODE_MV  # VSYS, plus what the cell's diode drops


def test_the_battery_shows_on_the_system_screen_and_as_an_icon():
    from stones.ui.draw import STATUS

    adc = FakeADC(3920)
    device = Device(display="ssd1327", battery=Battery(adc))
    assert STATUS[0] == device.app.battery.bars() + 1 > 1
    panel = device.display
    assert any(panel.buffer[128 - 11:128])  # the icon in the title bar's right corner
    for _ in range(5):
        device.press("down")
    device.press("a")
    rows = dict(row for row in device.app.top.list.rows if isinstance(row, tuple))
    assert rows["Battery"] == "3.92 V"
    unread = Device(display="ssd1327", battery=Battery(FakeADC(0)))  # an ADC reading nothing
    assert STATUS[0] == 0 and unread.app.top.module_name == "menu"  # no icon, no alarm
    assert device.app.on_battery() and not unread.app.on_battery()  # lightsleep: only on a cell
    usb = Device(display="ssd1327", battery=Battery(FakeADC(4900)))
    assert not usb.app.on_battery()
    plain = Device(display="ssd1327")  # no battery: no icon, no row
    assert STATUS[0] == 0
    for _ in range(5):
        plain.press("down")
    plain.press("a")
    assert "Battery" not in [row[0] for row in plain.app.top.list.rows]


def test_a_low_battery_warns_once_and_an_empty_one_saves_everything():
    adc = FakeADC(3900)
    device = go_with_a_move(battery=Battery(adc))
    app = device.app
    adc.millivolts = 3450
    device.run(150000)  # samples every ten seconds, smoothed: a dip does not alarm
    assert app.top.module_name == "message" and app.top.heading == "Battery low"
    device.press("a")
    device.run(20000)
    assert app.top.module_name == "play"  # said once
    device.play("D5")
    app.game.play(app.game.parse("C3"))  # a move not yet saved
    adc.millivolts = 3200
    device.run(150000)
    assert app.top.heading == "Battery empty"
    rebooted = Device(display="ssd1327", fs=device.fs.reboot())
    assert rebooted.app.game.count == 3  # the unsaved move was saved before the brown-out


def test_a_charged_battery_is_warned_about_again_when_it_next_runs_low():
    adc = FakeADC(3450)
    device = Device(display="ssd1327", battery=Battery(adc))
    app = device.app
    assert app.top.heading == "Battery low"  # read at power-on: said over the menu
    device.press("a")
    adc.millivolts = 4000
    device.run(150000)
    assert app.top.module_name == "menu"
    adc.millivolts = 3450
    device.run(150000)
    assert app.top.module_name == "message" and app.top.heading == "Battery low"
