"""Power loss seen from the device: the app, booted again after a cut during an autosave, says
the last move was lost and resumes the game one move earlier (a module of its own: the unix
port runs each test module in a fresh heap)."""

from stones.platforms.fakes import PowerCut


def test_the_device_resumes_into_the_game_after_a_cut():
    from host_tools.sim.device import Device

    device = Device()
    for step in ("a", "a", "a", "right", "a"):  # Go 9x9: two moves
        device.press(step)
    assert device.app.game.count == 2
    flash = device.fs.reboot()
    device.fs.cut_after(40)  # the third move's save dies after 40 events
    try:
        device.press("up")
        device.press("a")
        raise AssertionError("no power cut")
    except PowerCut:
        pass
    rebooted = Device(fs=device.fs.reboot())
    assert rebooted.app.top.module_name == "message"  # told that the last move was lost
    rebooted.press("a")
    assert rebooted.summary() == "screen=play game=go size=9 moves=2 to_move=black"
    clean = Device(fs=flash)
    assert clean.app.top.module_name == "play" and clean.app.game.count == 2
