"""A link's pipe over a socket, for CPython hosts (a Pi, the simulator): TCP on a local network
("host:port", or ":port" to listen on every address) or a local socket (a path: "unix:PATH").
The hosting side listens and takes the first caller (and the next, after a lost link); the side
that joins calls. Nothing blocks: reopen() tries once (accept, or connect) and says whether the
pipe is open; a closed or broken connection makes is_open() false until the next reopen().
The interface is stones/link/pipes.py's. PORT is the link's port when none is given.
"""

PORT = 4455


def parse(address):
    """(family, where) from "unix:PATH", "HOST:PORT", "HOST" or ":PORT"."""
    import socket

    if address.startswith("unix:"):
        return socket.AF_UNIX, address[5:]
    host, _, port = address.rpartition(":") if ":" in address else (address, "", "")
    if not port.isdigit() and port:
        raise ValueError("no port in %r" % address)
    return socket.AF_INET, (host or "0.0.0.0", int(port) if port else PORT)


class NetPipe:
    def __init__(self, address, listen):
        self.family, self.where = parse(address)
        self.listen = listen
        self.name = ("TCP %s:%d" % self.where if self.family != _unix() else
                     "socket " + self.where)
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


def _unix():
    import socket

    return getattr(socket, "AF_UNIX", None)


def _unlink(path):
    import os

    try:
        os.unlink(path)
    except OSError:
        pass
