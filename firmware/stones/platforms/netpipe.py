"""A link's pipe over a socket, for CPython hosts (a Pi, the simulator): TCP on a local network
("host:port", or ":port" to listen on every address) or a local socket (a path: "unix:PATH").
The hosting side listens and takes the first caller (and the next, after a lost link); the side
that joins calls. Nothing blocks: reopen() tries once (accept, or connect) and says whether the
pipe is open; a closed or broken connection makes is_open() false until the next reopen().
The interface is stones/link/pipes.py's. PORT is the link's port when none is given.

NetLinks is what the platform hands the app (App.links) for a network: the address given (the
pin map's, --link's) where a host listens and a joiner calls, the address a joiner calls
instead once one is chosen on the device (target: ui/lan.py), and, over TCP, a Lan: the
announcements of a waiting host (stones/link/lan.py says what they hold) sent as UDP broadcasts
to DISCOVERY, and an Ear that hears them; none of it blocks. The broadcast address, the port and
the address the Ear binds are the Lan's arguments, so the tests run on loopback.
"""

PORT = 4455
DISCOVERY = 4456  # the announcements' port (stones.link.lan.PORT)


def parse(address):
    """(family, where) from "unix:PATH", "HOST:PORT", "HOST" or ":PORT"."""
    import socket

    if address.startswith("unix:"):
        return socket.AF_UNIX, address[5:]
    host, _, port = address.rpartition(":") if ":" in address else (address, "", "")
    if not port.isdigit() and port:
        raise ValueError("no port in %r" % address)
    return socket.AF_INET, (host or "0.0.0.0", int(port) if port else PORT)


def links(address, lan=None):
    """The NetLinks for address ("HOST:PORT", ":PORT", "unix:PATH"; ValueError if it is none of
    them): over TCP with a Lan on the default port and broadcast address, unless lan is given.
    A "serial:PATH[@BAUD]" address gives a serial port's Links (stones/platforms/serialpipe.py)."""
    from stones.platforms.serialpipe import SerialLinks, is_serial

    if is_serial(address):
        return SerialLinks(address)
    parse(address)
    if lan is None and not address.startswith("unix:"):
        lan = Lan()
    return NetLinks(address, lan)


class NetLinks:
    def __init__(self, address, lan=None):
        self.name = "network"
        self.address = address
        self.target = ""  # the address a joiner calls instead of address ("": address)
        self.lan = lan

    def open(self, host):
        where = self.target if self.target and not host else self.address
        return NetPipe(where, host, self.lan)

    def release(self):
        """Nothing to give back (stones.link.pipes.Links.release): a socket closes with it."""


class NetPipe:
    def __init__(self, address, listen, lan=None):
        self.family, self.where = parse(address)
        self.listen = listen
        unix = self.family == _unix()
        self.port = 0 if unix else self.where[1]  # the TCP port a waiting host announces
        shown = self.where
        if listen and not unix and shown[0] == "0.0.0.0" and lan is not None:
            shown = (lan.address() or shown[0], shown[1])  # what the other player types
        self.name = "socket " + self.where if unix else "TCP %s:%d" % shown
        self.server = None
        self.conn = None

    def _server(self):
        import socket

        if self.server is None:
            server = socket.socket(self.family, socket.SOCK_STREAM)
            if self.family != _unix():
                server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            else:
                _unlink(self.where)
            server.bind(self.where)
            server.listen(1)
            server.setblocking(False)
            self.server = server
        return self.server

    def reopen(self):
        import socket

        if self.conn is not None:
            return True
        try:
            if self.listen:
                conn, _ = self._server().accept()
            else:
                conn = socket.socket(self.family, socket.SOCK_STREAM)
                conn.settimeout(0.2)  # a call on a local network answers at once, or not at all
                try:
                    conn.connect(self.where)
                except OSError:
                    conn.close()
                    raise
            conn.setblocking(False)
            if self.family != _unix():
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.conn = conn
        except OSError:  # (BlockingIOError: nobody called yet)
            return False
        return True

    def is_open(self):
        return self.conn is not None

    def readinto(self, buf):
        if self.conn is None:
            return 0
        try:
            n = self.conn.recv_into(buf)
        except BlockingIOError:
            return 0
        except OSError:
            self._drop()
            raise
        if not n:  # the other side closed it
            self._drop()
            raise OSError("link closed")
        return n

    def write(self, data):
        if self.conn is None:
            raise OSError("link closed")
        try:
            self.conn.sendall(data)
        except OSError:
            self._drop()
            raise

    def _drop(self):
        if self.conn is not None:
            try:
                self.conn.close()
            except OSError:
                pass
            self.conn = None

    def close(self):
        self._drop()
        if self.server is not None:
            self.server.close()
            self.server = None
            if self.family == _unix():
                _unlink(self.where)


class Lan:
    """The announcements over UDP: send(data) broadcasts one datagram (best effort: False when
    the network refused it), listen() opens an Ear on port, address() says this machine's
    address on the network ("" if it has none); name is the short name it announces."""

    def __init__(self, port=DISCOVERY, broadcast="255.255.255.255", bind="", here=None,
                 name=None):
        import socket

        self.port = port
        self.broadcast = broadcast
        self.bind = bind
        self.here = here
        self.name = name if name is not None else socket.gethostname().split(".")[0]
        self.sender = None

    def send(self, data):
        import socket

        try:
            if self.sender is None:
                sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
                sender.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
                sender.setblocking(False)
                self.sender = sender
            self.sender.sendto(data, (self.broadcast, self.port))
        except OSError:  # no network now (or the buffer full): the next announcement may pass
            return False
        return True

    def listen(self):
        return Ear(self.bind, self.port)

    def address(self):
        """The address other machines reach this one at: the one its route out leaves from
        (a UDP socket's connect sends nothing)."""
        import socket

        if self.here is not None:
            return self.here
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            probe.connect(("10.254.254.254", 9))
            return probe.getsockname()[0]
        except OSError:
            return ""
        finally:
            probe.close()

    def close(self):
        if self.sender is not None:
            self.sender.close()
            self.sender = None


class Ear:
    """A UDP socket on port, shared with any other on this machine: receive() gives one
    datagram and the address it came from, or None when none waits. problem names why it
    cannot listen (the port refused it), and then it hears nothing."""

    def __init__(self, bind, port):
        import socket

        self.buf = bytearray(128)  # (an announcement longer than its parser takes stays long)
        self.problem = ""
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if hasattr(socket, "SO_REUSEPORT"):
                self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            self.sock.bind((bind, port))
            self.sock.setblocking(False)
        except OSError as error:
            self.close()
            self.problem = "port %d: %s" % (port, error.strerror or error)

    def receive(self):
        if self.sock is None:
            return None
        try:
            n, sender = self.sock.recvfrom_into(self.buf)
        except OSError:  # (BlockingIOError: nothing came)
            return None
        return bytes(self.buf[:n]), sender[0]

    def close(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None


def _unix():
    import socket

    return getattr(socket, "AF_UNIX", None)


def _unlink(path):
    import os

    try:
        os.unlink(path)
    except OSError:
        pass
