"""A link's pipe over a serial port, for CPython hosts (the GTP bridge, the simulator, a Pi):
"serial:/dev/ttyACM0" (a Pico's own USB serial, its map's "link": {"usb": true}) or a USB-serial
adapter on a Pico's link cable ("serial:/dev/ttyUSB0"), "@BAUD" after the path to set its speed
(115200 when none; a USB serial ignores it). A serial line has no listening side: the host and
the joiner open it alike.

Nothing blocks: reopen() tries once to open the port (pyserial sets it raw, at its speed, and
locks it as mpremote does, so two such programs never share it) and says whether it is open;
a read or write that fails (the device unplugged) closes it, is_open() is false, and the next
reopen() finds the device again once it is back under the same path (a /dev/serial/by-id/
name keeps it across ports). What stops it opening is named in `problem` ("no such port",
"busy: another program has it open", ...), "" once it is open. The interface is
stones/link/pipes.py's.

open_pipe(address, host) is a link address's pipe: this one for "serial:...", else
stones.platforms.netpipe's socket.
"""

PREFIX = "serial:"
BAUD = 115200


def is_serial(address):
    return address.startswith(PREFIX)


def parse(address):
    """(path, baud) from "serial:PATH" or "serial:PATH@BAUD"; ValueError names what is wrong."""
    if not is_serial(address):
        raise ValueError("%r is not a serial port (serial:PATH)" % address)
    path, _, baud = address[len(PREFIX):].partition("@")
    if not path:
        raise ValueError("no port in %r (serial:/dev/ttyACM0)" % address)
    if baud and (not baud.isdigit() or not int(baud)):
        raise ValueError("the speed %r in %r is not a number of bauds" % (baud, address))
    return path, int(baud) if baud else BAUD


def open_pipe(address, host):
    """The pipe for a link address: a SerialPipe for "serial:...", else a NetPipe (which
    listens when host). ValueError for an address that is neither."""
    if is_serial(address):
        return SerialPipe(address)
    from stones.platforms.netpipe import NetPipe

    return NetPipe(address, host)


class SerialLinks:
    """What a platform hands the app for a serial port (stones.link.pipes.Links' surface): a
    serial line has no listening side, so hosting and joining open the same port."""

    name = "serial"
    lan = None  # nothing to find: the port is named
    target = ""

    def __init__(self, address):
        parse(address)
        self.address = address

    def open(self, host):
        return SerialPipe(self.address)

    def release(self):
        pass


def _why(error, path):
    """A few words for why the port did not open."""
    import errno

    code = getattr(error, "errno", None)
    if code == errno.ENOENT or code == errno.ENODEV or code == errno.ENXIO:
        return "no such port %s (is the device plugged in?)" % path
    if code == errno.EBUSY or code == errno.EAGAIN or code == errno.EWOULDBLOCK:
        return "%s is busy: another program has it open (mpremote, a terminal)" % path
    if code == errno.EACCES or code == errno.EPERM:
        return "%s: permission denied (on Linux, join the dialout group)" % path
    text = getattr(error, "strerror", None) or str(error)
    return "%s: %s" % (path, text)


class SerialPipe:
    def __init__(self, address):
        self.path, self.baud = parse(address)
        self.name = "serial " + self.path
        self.port = None
        self.fd = -1
        self.problem = ""
        self.poller = None

    def reopen(self):
        if self.port is not None:
            return True
        import os

        import serial

        try:
            port = serial.Serial(self.path, self.baud, timeout=0, write_timeout=0, exclusive=True)
        except (OSError, ValueError) as error:  # (pyserial's SerialException is an OSError)
            self.problem = _why(error, self.path)
            return False
        import select

        self.port = port
        self.fd = port.fileno()
        os.set_blocking(self.fd, False)
        self.poller = select.poll()
        self.poller.register(self.fd, select.POLLIN)
        self.problem = ""
        return True

    def is_open(self):
        return self.port is not None

    def readinto(self, buf):
        if self.port is None:
            return 0
        import os

        if not self.poller.poll(0):  # (a raw port reads b"" when empty: poll tells them apart)
            return 0
        try:
            data = os.read(self.fd, len(buf))
        except BlockingIOError:
            return 0
        except OSError as error:  # EIO: the device went
            self._drop(error)
            raise
        if not data:  # ready, yet nothing: a hang-up (the device unplugged)
            self._drop(None)
            raise OSError("serial port closed")
        n = len(data)
        buf[:n] = data
        return n

    def write(self, data):
        if self.port is None:
            raise OSError("serial port closed")
        import os

        data = bytes(data)
        while data:
            try:
                n = os.write(self.fd, data)
            except BlockingIOError:
                return  # the device is not reading: the rest is dropped (the link sends again)
            except OSError as error:
                self._drop(error)
                raise
            data = data[n:]

    def _drop(self, error):
        port = self.port
        self.port = None
        self.fd = -1
        self.poller = None
        self.problem = "%s lost%s" % (self.path, ": %s" % error.strerror
                                      if getattr(error, "strerror", None) else "")
        if port is not None:
            try:
                port.close()
            except OSError:
                pass

    def close(self):
        if self.port is not None:
            self._drop(None)
        self.problem = ""
