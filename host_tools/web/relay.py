"""The link's relay: a page's WebSocket carried to another device over TCP (docs/web.md).

A browser cannot open a TCP connection, so the page's link (stones/platforms/web.py, PagePipe)
is a WebSocket to the server that serves the page (serve.py), at /link:

    /link?join=HOST:PORT   the relay calls HOST:PORT (a simulator or a Pi hosting, a local
                           socket unix:PATH) and carries the bytes both ways
    /link?host=PORT        the relay listens on PORT (on 127.0.0.1, or every address with
                           --lan) and carries the first device that calls

The relay says "open" (a text message) once the other device is there; from then on each binary
message holds the link's bytes as they came. When either side goes, the other is closed, with
a reason in words in the WebSocket's close frame, which the page shows: the page's pipe is then
closed, the link lost, and the page opens a new WebSocket to try again. A frame the relay cannot
take (RFC 6455: unmasked, reserved bits, an unknown or a text message, over MAX_PAYLOAD) closes
both sides the same way: never a hang, never a guess at what was meant.

WebSocket on the standard library alone (RFC 6455, the parts a browser uses). A page from another
site may not use the relay (its Origin must be this server's), and a page opened from another
machine (--lan) may not make it call this machine's own loopback addresses.
"""

import base64
import hashlib
import ipaddress
import select
import socket
import struct
import threading

from stones.platforms.netpipe import PORT, parse

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"  # RFC 6455's, for the handshake's answer
MAX_PAYLOAD = 1 << 16  # a link frame is far smaller: more is a bad frame
CALL_S = 3  # how long the relay waits for the other device to answer its call
POLL_S = 0.5  # how often a session looks up from its sockets to see if the server is closing
CONTINUATION, TEXT, BINARY, CLOSE, PING, PONG = 0, 1, 2, 8, 9, 10
NORMAL, PROTOCOL_ERROR, UNSUPPORTED, POLICY, TOO_BIG = 1000, 1002, 1003, 1008, 1009
DEVICE = 4000  # the other device: not there, gone, or its port not to be had


class BadFrame(Exception):
    """A frame the relay does not take: code is the close frame's, the message its reason."""

    def __init__(self, code, reason):
        Exception.__init__(self, reason)
        self.code = code


class Refused(Exception):
    """The other device cannot be reached as asked; the message says why, in words."""

    def __init__(self, reason, code=DEVICE):
        Exception.__init__(self, reason)
        self.code = code


def accept_key(key):
    """The Sec-WebSocket-Accept answer to a Sec-WebSocket-Key."""
    return base64.b64encode(hashlib.sha1(key.encode() + GUID).digest()).decode()


def encode(opcode, payload=b""):
    """A frame from the server: final, unmasked."""
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", 0x80 | opcode, n)
    elif n < 1 << 16:
        head = struct.pack("!BBH", 0x80 | opcode, 126, n)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 127, n)
    return head + bytes(payload)


def unmask(mask, data):
    whole = mask * (len(data) // 4 + 1)
    return (int.from_bytes(data, "big") ^ int.from_bytes(whole[:len(data)], "big")).to_bytes(
        len(data), "big")


class Frames:
    """The page's frames from the bytes as they come: take(data) -> [(opcode, payload)], the
    frames complete so far (a binary message's fragments each as its own); BadFrame else."""

    def __init__(self):
        self.buffer = bytearray()
        self.continuing = False  # a binary message's first fragment came, not yet its last

    def take(self, data):
        self.buffer.extend(data)
        out = []
        while True:
            frame = self._next()
            if frame is None:
                return out
            out.append(frame)

    def _next(self):
        b = self.buffer
        if len(b) < 2:
            return None
        first, second = b[0], b[1]
        final, opcode = first & 0x80, first & 0x0F
        if first & 0x70:
            raise BadFrame(PROTOCOL_ERROR, "a frame with reserved bits set")
        if opcode == TEXT:
            raise BadFrame(UNSUPPORTED, "a text message: the link is bytes")
        if opcode not in (CONTINUATION, BINARY, CLOSE, PING, PONG):
            raise BadFrame(PROTOCOL_ERROR, "a frame of unknown type %d" % opcode)
        if not second & 0x80:
            raise BadFrame(PROTOCOL_ERROR, "an unmasked frame from the page")
        length, at = second & 0x7F, 2
        if length == 126:
            if len(b) < 4:
                return None
            length, at = struct.unpack_from("!H", b, 2)[0], 4
        elif length == 127:
            if len(b) < 10:
                return None
            length, at = struct.unpack_from("!Q", b, 2)[0], 10
        if opcode >= CLOSE and (length > 125 or not final):
            raise BadFrame(PROTOCOL_ERROR, "a control frame too long or in fragments")
        if length > MAX_PAYLOAD:
            raise BadFrame(TOO_BIG, "a frame over %d bytes" % MAX_PAYLOAD)
        if len(b) < at + 4 + length:
            return None
        payload = unmask(bytes(b[at:at + 4]), bytes(b[at + 4:at + 4 + length]))
        del b[:at + 4 + length]
        if opcode == CONTINUATION and not self.continuing:
            raise BadFrame(PROTOCOL_ERROR, "a continuation of no message")
        if opcode == BINARY and self.continuing:
            raise BadFrame(PROTOCOL_ERROR, "a new message inside another")
        if opcode in (CONTINUATION, BINARY):
            self.continuing = not final
        return opcode, payload


def loopback(host):
    """Whether host (a name or an address) is this machine's own: loopback, or unspecified."""
    try:
        infos = socket.getaddrinfo(host, None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        return False
    for info in infos:
        address = ipaddress.ip_address(info[4][0])
        if address.is_loopback or address.is_unspecified:
            return True
    return False


class Session:
    """One page's WebSocket and the device it is carried to; phase: starting, calling (the
    relay calls the device), waiting (listening for a device to call), open, closed. from_page
    and to_page count the bytes carried each way, once they have gone on."""

    def __init__(self, sock, role, address):
        self.sock = sock
        self.role = role
        self.address = address
        self.phase = "starting"
        self.device = None
        self.from_page = 0
        self.to_page = 0
        self.frames = Frames()
        self.lock = threading.Lock()  # one writer of frames at a time (the server may close it)

    def send(self, opcode, payload=b""):
        with self.lock:
            self.sock.sendall(encode(opcode, payload))

    def close(self, code, reason):
        """The close frame (code, reason) to the page, then both sockets closed."""
        if self.phase == "closed":
            return
        self.phase = "closed"
        if self.device is not None:
            self.device.close()  # the device's link ends at once
        try:
            self.send(CLOSE, struct.pack("!H", code) + reason.encode()[:120])
            self.sock.shutdown(socket.SHUT_WR)
            # the page answers with its close frame: read until it does, or POLL_S without
            if select.select([self.sock], [], [], POLL_S)[0]:
                self.sock.recv(4096)
        except (OSError, ValueError):
            pass
        self.sock.close()

    def from_socket(self):
        """The page's frames that came now: the binary bytes among them (pings answered);
        None once the page closed the socket. BadFrame for a frame not to be taken."""
        data = self.sock.recv(4096)
        if not data:
            return None
        out = bytearray()
        for opcode, payload in self.frames.take(data):
            if opcode == CLOSE:
                return None
            if opcode == PING:
                self.send(PONG, payload)
            elif opcode in (BINARY, CONTINUATION):
                out.extend(payload)
        return bytes(out)


class Relay:
    """The relay of one server: bind is the address its hosting sessions listen on (127.0.0.1,
    or "0.0.0.0" with --lan). live holds the sessions open now, last the newest, opened how many
    began: what a test reads to know the bytes have crossed (host_tools/web/linked.py)."""

    def __init__(self, bind="127.0.0.1", say=None):
        self.bind = bind
        self.say = say or (lambda text: None)
        self.live = set()
        self.last = None
        self.opened = 0
        self.closing = False

    def handle(self, handler, query):
        """Serve one /link request of the HTTP server's handler (its own thread) to the end."""
        handler.close_connection = True
        refusal = handshake_refusal(handler)
        if refusal:
            status, reason = refusal
            handler.send_error(status, reason)
            return
        role = "join" if "join" in query else "host" if "host" in query else None
        address = query[role][0] if role else ""
        handler.protocol_version = "HTTP/1.1"  # (a browser takes no 101 of HTTP/1.0)
        handler.send_response(101, "Switching Protocols")
        handler.send_header("Upgrade", "websocket")
        handler.send_header("Connection", "Upgrade")
        key = handler.headers["Sec-WebSocket-Key"]
        handler.send_header("Sec-WebSocket-Accept", accept_key(key))
        handler.end_headers()
        session = Session(handler.connection, role, address)
        self.live.add(session)
        self.last = session
        self.opened += 1
        try:
            self._run(session, handler.client_address[0])
        finally:
            self.live.discard(session)
            session.close(NORMAL, "the relay has closed")

    def _run(self, session, client):
        try:
            if session.role is None:
                raise Refused("no join=HOST:PORT or host=PORT", POLICY)
            device = self._call(session, client) if session.role == "join" else \
                self._wait(session, client)
            if device is None:
                return  # the page went first
            session.device = device
            session.phase = "open"
            self.say("link: %s %s open" % (session.role, session.address))
            session.send(TEXT, b"open")
            self._carry(session)
        except BadFrame as error:
            self.say("link: %s from the page" % error)
            session.close(error.code, "the relay took %s" % error)
        except Refused as error:
            self.say("link: %s" % error)
            session.close(error.code, str(error))
        except OSError as error:
            session.close(DEVICE, "the link broke (%s)" % str(error.strerror or error).lower())
        except ValueError:  # a socket the server closed under select: it is stopping
            pass

    def _where(self, session, client, listen):
        """(family, where) the session's address names; Refused if it names nothing to reach,
        or this machine's loopback for a page opened from another machine."""
        address = session.address
        if listen and address.isdigit():
            address = ":" + address
        try:
            family, where = parse(address or ":%d" % PORT)
        except ValueError:
            raise Refused("the address %r names no port" % address, POLICY) from None
        remote = not loopback(client)
        if family != socket.AF_INET:
            if remote:
                raise Refused("a local socket is for pages on this machine", POLICY)
            return family, where
        host, port = where
        if not 0 < port < 65536:
            raise Refused("no port %d" % port, POLICY)
        if listen:
            return family, (self.bind, port)
        if host == "0.0.0.0":
            host = "127.0.0.1"  # ":PORT": this machine
        if remote and loopback(host):
            raise Refused("a page opened from another machine cannot call %s" % host, POLICY)
        return family, (host, port)

    def _call(self, session, client):
        family, where = self._where(session, client, False)
        session.phase = "calling"
        device = socket.socket(family, socket.SOCK_STREAM)
        device.settimeout(CALL_S)
        try:
            device.connect(where)
        except OSError as error:
            device.close()
            raise Refused("no device answers at %s (%s)" % (
                session.address, (error.strerror or str(error)).lower())) from None
        device.settimeout(None)
        if family == socket.AF_INET:
            device.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return device

    def _wait(self, session, client):
        """The device that calls the port (a listener of the session's own, closed once it
        has one), or None when the page goes first."""
        family, where = self._where(session, client, True)
        server = socket.socket(family, socket.SOCK_STREAM)
        try:
            if family == socket.AF_INET:
                server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                server.bind(where)
            except OSError as error:
                raise Refused("cannot listen on %s (%s)" % (
                    session.address, (error.strerror or str(error)).lower())) from None
            server.listen(1)
            session.phase = "waiting"
            self.say("link: waiting on %s" % (where,))
            while not self.closing:
                ready = select.select([session.sock, server], [], [], POLL_S)[0]
                if server in ready:
                    device, _ = server.accept()
                    if family == socket.AF_INET:
                        device.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                    return device
                if session.sock in ready and session.from_socket() is None:
                    return None
            return None
        finally:
            server.close()

    def _carry(self, session):
        sock, device = session.sock, session.device
        while not self.closing:
            ready = select.select([sock, device], [], [], POLL_S)[0]
            if device in ready:
                data = device.recv(4096)
                if not data:
                    session.close(DEVICE, "the other device closed the link")
                    return
                session.send(BINARY, data)
                session.to_page += len(data)
            if sock in ready:
                data = session.from_socket()
                if data is None:
                    return  # the page closed it
                if data:
                    device.sendall(data)
                    session.from_page += len(data)

    def close(self):
        """End every session (the server is stopping)."""
        self.closing = True
        for session in list(self.live):
            session.close(NORMAL, "the relay has stopped")


def handshake_refusal(handler):
    """None when the request is a WebSocket opening this relay takes, else (HTTP status,
    reason): not a WebSocket, another version, or a page of another site."""
    headers = handler.headers
    if headers.get("Upgrade", "").lower() != "websocket" or \
            "upgrade" not in headers.get("Connection", "").lower():
        return 426, "the link is a WebSocket"
    if headers.get("Sec-WebSocket-Version") != "13":
        return 426, "WebSocket version 13 only"
    try:
        if len(base64.b64decode(headers.get("Sec-WebSocket-Key", ""), validate=True)) != 16:
            raise ValueError
    except ValueError:
        return 400, "no Sec-WebSocket-Key"
    origin = headers.get("Origin")
    host = headers.get("Host", "")
    if origin is not None and origin not in ("http://" + host, "https://" + host):
        return 403, "a page of another site may not use the link"
    return None
