"""The board view's geometry on both panel sizes (a module of its own: on the unix port each
module runs in a fresh heap, and the 128x128 panel wants room)."""

from host_tools.sim.device import Device, run_script


def test_9x9_fills_the_height_of_a_128x64_panel():
    device = Device()
    run_script(device, ["a", "a"], None)
    view = device.app.top.view
    assert not view.windowed and view.box_w == 7  # 9 points a 7-pixel box on 64 lines


def test_a_tall_panel_draws_the_board_larger():
    tall = Device(display="ssd1327")
    run_script(tall, ["a", "a"], None)
    assert tall.app.top.view.box_w >= 10  # the 128x128 panel draws the board larger
