"""The Link screen names what keeps its pipe shut (a pipe's `problem`: a serial port missing,
busy or unplugged, stones/platforms/serialpipe.py) while it waits, and says it waits on the pipe
once the problem is gone. Both runtimes."""

from host_tools.sim.device import Device
from stones.link.pipes import Links, MemoryPipe


class ShutPipe(MemoryPipe):
    """A pipe that cannot open yet, saying why, as a serial port does."""

    def __init__(self):
        super().__init__("serial /dev/ttyACM0")
        self.other = MemoryPipe("nobody yet")  # (what it writes goes nowhere)
        self.open = False
        self.problem = "no such port /dev/ttyACM0 (is the device plugged in?)"

    def reopen(self):
        return self.open


def test_the_link_screen_names_why_its_port_does_not_open():
    pipe = ShutPipe()
    device = Device("ssd1306", buzzer=False, links=Links(lambda host: pipe, "serial"))
    device.run(200)
    menu = device.app.top
    for _ in range(menu.actions.index(("linking", None))):
        device.press("down")
    device.press("a")  # the main menu's Link: wait for an offer
    device.run(200)
    screen = device.app.top
    assert screen.text() == "Waiting: no such port /dev/ttyACM0 (is the device plugged in?)."
    pipe.problem = ""
    pipe.open = True
    device.run(200)
    assert screen.text() == "Waiting on serial /dev/ttyACM0 for the other device's offer."
    assert screen.link.status() == "waiting"  # a shut port refuses nothing
