"""The link's pipe over a serial port on CPython (stones/platforms/serialpipe.py), on
pseudo-terminals standing in for a Pico's USB serial: bytes pass both ways and nothing waits, a
missing or busy port is named, a device unplugged (its end closed) closes the pipe and one plugged
back under the same name (a symlink, as /dev/serial/by-id/ names are) is opened again; a link
greets over it. The bridge, the simulator and a Pi's pin map take "serial:PATH[@BAUD]"."""

import os

import pytest

from stones.link import peer
from stones.platforms import serialpipe
from stones.platforms.fakes import FakeClock
from stones.platforms.netpipe import NetPipe
from stones.platforms.serialpipe import SerialPipe, open_pipe, parse


class Device:
    """The device's end of a pseudo-terminal (its master side); path is the port."""

    def __init__(self):
        self.fd, slave = os.openpty()
        self.path = os.ttyname(slave)
        os.close(slave)  # (the pipe opens the port by its path)
        os.set_blocking(self.fd, False)

    def read(self):
        try:
            return os.read(self.fd, 4096)
        except BlockingIOError:
            return b""

    def write(self, data):
        os.write(self.fd, data)

    def unplug(self):
        os.close(self.fd)


def read_all(pipe):
    got = bytearray()
    buf = bytearray(64)
    for _ in range(100):
        n = pipe.readinto(buf)
        if not n:
            break
        got.extend(buf[:n])
    return bytes(got)


def test_an_address_names_its_port_and_speed_or_what_is_wrong():
    assert parse("serial:/dev/ttyACM0") == ("/dev/ttyACM0", 115200)
    assert parse("serial:/dev/ttyUSB1@9600") == ("/dev/ttyUSB1", 9600)
    with pytest.raises(ValueError, match="no port"):
        parse("serial:")
    with pytest.raises(ValueError, match="the speed 'fast'"):
        parse("serial:/dev/ttyACM0@fast")
    assert isinstance(open_pipe("serial:/dev/ttyACM0", False), SerialPipe)
    assert isinstance(open_pipe("127.0.0.1:4455", False), NetPipe)
    assert SerialPipe("serial:/dev/ttyACM0").name == "serial /dev/ttyACM0"


def test_bytes_pass_both_ways_and_nothing_waits():
    device = Device()
    pipe = SerialPipe("serial:" + device.path)
    assert not pipe.is_open()
    assert pipe.reopen() and pipe.is_open() and pipe.problem == ""
    assert pipe.readinto(bytearray(8)) == 0  # nothing came: no wait
    pipe.write(b"\x7e\x03\x00\x0a\r\n")  # raw: no byte changed on its way
    assert device.read() == b"\x7e\x03\x00\x0a\r\n"
    device.write(b"\x03\x04\r\n\x7e")
    assert read_all(pipe) == b"\x03\x04\r\n\x7e"
    for _ in range(64):  # a device that does not read: writes are dropped, never wait
        pipe.write(bytes(4096))
    assert pipe.is_open()
    pipe.close()
    device.unplug()


def test_a_missing_port_is_named():
    pipe = SerialPipe("serial:/dev/no-such-stones-port")
    assert not pipe.reopen() and not pipe.is_open()
    assert pipe.problem == "no such port /dev/no-such-stones-port (is the device plugged in?)"


def test_a_busy_port_is_named():
    device = Device()
    first = SerialPipe("serial:" + device.path)
    assert first.reopen()
    second = SerialPipe("serial:" + device.path)
    assert not second.reopen()
    assert second.problem == ("%s is busy: another program has it open (mpremote, a terminal)"
                              % device.path)
    first.close()
    assert second.reopen()  # free again
    second.close()
    device.unplug()


def test_an_unplugged_device_is_opened_again_once_plugged_back(tmp_path):
    name = str(tmp_path / "usb-MicroPython_Board")  # as /dev/serial/by-id/ names a device
    device = Device()
    os.symlink(device.path, name)
    pipe = SerialPipe("serial:" + name)
    assert pipe.reopen()
    device.write(b"one")
    assert read_all(pipe) == b"one"
    device.unplug()
    os.unlink(name)
    with pytest.raises(OSError):
        pipe.readinto(bytearray(8))
    assert not pipe.is_open() and pipe.problem.startswith(name + " lost")
    assert not pipe.reopen()
    assert pipe.problem == "no such port %s (is the device plugged in?)" % name
    device = Device()  # plugged back: the same name, another port behind it
    os.symlink(device.path, name)
    assert pipe.reopen() and pipe.problem == ""
    pipe.write(b"two")
    assert device.read() == b"two"
    pipe.close()
    device.unplug()


class MasterPipe:
    """The other end of the pseudo-terminal as a link's pipe (a device on the port)."""

    name = "device"

    def __init__(self, device):
        self.device = device

    def readinto(self, buf):
        data = self.device.read()[:len(buf)]
        buf[:len(data)] = data
        return len(data)

    def write(self, data):
        self.device.write(bytes(data))

    def is_open(self):
        return True

    def reopen(self):
        return True


def test_a_link_greets_and_an_offer_crosses_the_serial_port():
    from stones.engine.registry import game_class

    device = Device()
    clock = FakeClock()
    host = peer.Link(MasterPipe(device), clock, True, seed=7)
    host.offer(game_class("go")(9), 1)
    bridge = peer.Link(SerialPipe("serial:%s@115200" % device.path), clock, False, seed=9)
    for _ in range(100):
        clock.advance(10)
        host.poll(clock.ticks_ms())
        bridge.poll(clock.ticks_ms())
        if bridge.offered is not None:
            break
    assert host.state == bridge.state == peer.READY
    assert bridge.offered[1] == 2
    bridge.pipe.close()
    device.unplug()


def test_the_bridge_the_simulator_and_a_pi_take_a_serial_address():
    from host_tools.sim.cli import net_links
    from stones.boot import make_links

    links = net_links("serial:/dev/ttyACM0")
    assert links.name == "serial" and isinstance(links.open(True), SerialPipe)
    links = make_links({"address": "serial:/dev/ttyUSB0@57600"}, "raspberry pi")
    pipe = links.open(False)
    assert isinstance(pipe, SerialPipe) and (pipe.path, pipe.baud) == ("/dev/ttyUSB0", 57600)
    assert make_links({"address": ":4455"}, "raspberry pi").name == "network"
    assert serialpipe.is_serial("serial:x") and not serialpipe.is_serial("unix:/tmp/x")
