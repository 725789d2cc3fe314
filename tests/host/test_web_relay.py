"""The link's relay (host_tools/web/relay.py, served by host_tools/web/serve.py) over real
sockets on 127.0.0.1, a WebSocket client written here standing for the page: it carries the
bytes both ways to a device it calls or that calls it, says "open" first, and closes both sides
with a reason in words when either goes, a frame is bad or the address is refused.
No browser: the page's own side is tests/host/test_web_link.py."""

import base64
import os
import socket
import struct
import threading

import pytest

from host_tools.web import relay
from host_tools.web.serve import server

WAIT_S = 30  # what a socket here may wait for an answer on a busy machine (never reached)


@pytest.fixture()
def site(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html>")
    httpd = server(str(tmp_path))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield httpd
    httpd.shutdown()
    httpd.server_close()


def listener():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(1)
    sock.settimeout(WAIT_S)
    return sock


def free_port():
    sock = listener()
    port = sock.getsockname()[1]
    sock.close()
    return port


class Page:
    """A WebSocket client, as a browser is one: its frames masked."""

    def __init__(self, httpd, query, origin=True):
        port = httpd.server_address[1]
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT_S)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = ["GET /link%s HTTP/1.1" % query, "Host: 127.0.0.1:%d" % port,
                 "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: " + key,
                 "Sec-WebSocket-Version: 13"]
        if origin:
            lines.append("Origin: " + (origin if isinstance(origin, str) else
                                       "http://127.0.0.1:%d" % port))
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            data = self.sock.recv(4096)
            if not data:
                break
            self.buffer += data
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        self.status = int(head.split()[1]) if head else 0
        if self.status == 101:
            assert relay.accept_key(key).encode() in head

    def send(self, opcode, payload=b"", final=True, mask=True, first=None):
        head = first if first is not None else (0x80 if final else 0) | opcode
        n = len(payload)
        size = bytes((n | (0x80 if mask else 0),)) if n < 126 else \
            struct.pack("!BH", 126 | (0x80 if mask else 0), n)
        key = b"\x01\x02\x03\x04"
        body = relay.unmask(key, payload) if mask else payload
        self.sock.sendall(bytes((head,)) + size + (key if mask else b"") + body)

    def frame(self):
        """(opcode, payload) of the relay's next frame; (None, b"") once the socket closed."""
        while True:
            b = self.buffer
            if len(b) >= 2:
                n, at = b[1] & 0x7F, 2
                if n == 126 and len(b) >= 4:
                    n, at = struct.unpack_from("!H", b, 2)[0], 4
                if n < 126 and len(b) >= at + n:
                    self.buffer = b[at + n:]
                    return b[0] & 0x0F, b[at:at + n]
            data = self.sock.recv(4096)
            if not data:
                return None, b""
            self.buffer += data

    def closed_with(self):
        """(code, reason) of the relay's close frame, skipping what came before it."""
        while True:
            opcode, payload = self.frame()
            if opcode == relay.CLOSE:
                return struct.unpack("!H", payload[:2])[0], payload[2:].decode()
            assert opcode is not None, "closed without a close frame"


def test_joining_calls_the_device_and_carries_bytes_both_ways(site):
    device_side = listener()
    port = device_side.getsockname()[1]
    page = Page(site, "?join=127.0.0.1:%d" % port)
    assert page.status == 101
    device, _ = device_side.accept()
    device.settimeout(WAIT_S)
    assert page.frame() == (relay.TEXT, b"open")
    page.send(relay.BINARY, b"\x7e\x00hello")
    assert device.recv(100) == b"\x7e\x00hello"
    page.send(relay.BINARY, b"in ", final=False)  # a message in fragments: its bytes in order
    page.send(relay.CONTINUATION, b"two")
    got = b""
    while len(got) < 6:
        got += device.recv(100)
    assert got == b"in two"
    device.sendall(b"\x00\xffback")
    assert page.frame() == (relay.BINARY, b"\x00\xffback")
    page.send(relay.PING, b"are you there")
    assert page.frame() == (relay.PONG, b"are you there")
    session = site.relay.last
    assert session.phase == "open" and session.to_page == 6
    device.close()  # the device gone: the page is told, in words
    assert page.closed_with() == (relay.DEVICE, "the other device closed the link")


def listening(httpd):
    """Wait until the newest session listens (its thread binds the port after the 101)."""
    while httpd.relay.last is None or httpd.relay.last.phase != "waiting":
        assert httpd.relay.last is None or httpd.relay.last.phase == "starting"
        threading.Event().wait(0.01)


def test_hosting_listens_for_the_device_and_the_page_leaving_closes_it(site):
    port = free_port()
    page = Page(site, "?host=%d" % port)
    assert page.status == 101
    listening(site)
    device = socket.create_connection(("127.0.0.1", port), timeout=WAIT_S)
    assert page.frame() == (relay.TEXT, b"open")
    device.sendall(b"from the device")
    assert page.frame() == (relay.BINARY, b"from the device")
    page.send(relay.BINARY, b"from the page")
    assert device.recv(100) == b"from the page"
    page.send(relay.CLOSE, struct.pack("!H", relay.NORMAL))
    assert device.recv(100) == b""  # the page gone: the device's link is closed
    assert page.closed_with()[0] == relay.NORMAL  # the relay answers the close


@pytest.mark.parametrize("name, frame, code", [
    ("unmasked", dict(opcode=relay.BINARY, payload=b"x", mask=False), relay.PROTOCOL_ERROR),
    ("text", dict(opcode=relay.TEXT, payload=b"hello"), relay.UNSUPPORTED),
    ("reserved", dict(opcode=relay.BINARY, payload=b"x", first=0x80 | 0x40 | 2),
     relay.PROTOCOL_ERROR),
    ("unknown", dict(opcode=3, payload=b"x"), relay.PROTOCOL_ERROR),
    ("stray continuation", dict(opcode=relay.CONTINUATION, payload=b"x"), relay.PROTOCOL_ERROR),
    ("long ping", dict(opcode=relay.PING, payload=b"p" * 200), relay.PROTOCOL_ERROR),
])
def test_a_bad_frame_closes_both_sides_by_name(site, name, frame, code):
    device_side = listener()
    page = Page(site, "?join=127.0.0.1:%d" % device_side.getsockname()[1])
    device, _ = device_side.accept()
    device.settimeout(WAIT_S)
    assert page.frame() == (relay.TEXT, b"open")
    page.send(**frame)
    got, reason = page.closed_with()
    assert got == code, name
    assert reason.startswith("the relay took a"), reason
    assert device.recv(100) == b"", name  # the device's link closed too: nothing half-carried


def test_a_frame_over_the_limit_is_refused_before_it_is_read(site):
    device_side = listener()
    page = Page(site, "?join=127.0.0.1:%d" % device_side.getsockname()[1])
    device, _ = device_side.accept()
    assert page.frame() == (relay.TEXT, b"open")
    page.sock.sendall(b"\x82\xff" + struct.pack("!Q", relay.MAX_PAYLOAD + 1) + b"\0\0\0\0")
    assert page.closed_with() == (relay.TOO_BIG, "the relay took a frame over 65536 bytes")


def test_what_cannot_be_reached_is_said_by_name(site):
    port = free_port()
    page = Page(site, "?join=127.0.0.1:%d" % port)
    assert page.closed_with() == (relay.DEVICE, "no device answers at 127.0.0.1:%d "
                                                "(connection refused)" % port)
    assert Page(site, "?join=nowhere:port").closed_with() == (
        relay.POLICY, "the address 'nowhere:port' names no port")
    assert Page(site, "").closed_with() == (relay.POLICY, "no join=HOST:PORT or host=PORT")
    taken = listener()
    page = Page(site, "?host=%d" % taken.getsockname()[1])
    code, reason = page.closed_with()
    assert code == relay.DEVICE and reason.startswith("cannot listen on "), reason


def test_another_sites_page_and_a_plain_request_are_refused(site):
    assert Page(site, "?join=127.0.0.1:4455", origin="http://example.com").status == 403
    plain = socket.create_connection(("127.0.0.1", site.server_address[1]), timeout=WAIT_S)
    plain.sendall(b"GET /link HTTP/1.0\r\n\r\n")
    assert plain.recv(100).split()[1] == b"426"
    plain = socket.create_connection(("127.0.0.1", site.server_address[1]), timeout=WAIT_S)
    plain.sendall(b"GET /link.json HTTP/1.0\r\n\r\n")
    assert plain.makefile("rb").read().endswith(b'{"lan": false}')


def test_a_page_from_another_machine_cannot_reach_this_ones_loopback():
    hub = relay.Relay("0.0.0.0")
    for address in ("127.0.0.1:4455", "localhost:4455", ":4455", "unix:/tmp/stones.sock"):
        session = relay.Session(None, "join", address)
        with pytest.raises(relay.Refused):
            hub._where(session, "192.168.1.9", False)
        assert hub._where(session, "127.0.0.1", False)  # from this machine: allowed
    session = relay.Session(None, "host", "4455")
    assert hub._where(session, "192.168.1.9", True) == (socket.AF_INET, ("0.0.0.0", 4455))


def test_a_page_joins_another_page_hosting_through_one_relay(site):
    port = free_port()
    host = Page(site, "?host=%d" % port)
    listening(site)
    join = Page(site, "?join=127.0.0.1:%d" % port)
    assert host.frame() == (relay.TEXT, b"open") == join.frame()
    join.send(relay.BINARY, b"to the host")
    assert host.frame() == (relay.BINARY, b"to the host")
    host.send(relay.BINARY, b"to the other")
    assert join.frame() == (relay.BINARY, b"to the other")
    host.send(relay.CLOSE, struct.pack("!H", relay.NORMAL))  # the host page closed
    assert join.closed_with() == (relay.DEVICE, "the other device closed the link")


def test_joining_a_local_socket(site, tmp_path):
    path = str(tmp_path / "link.sock")
    device_side = socket.socket(socket.AF_UNIX)
    device_side.bind(path)
    device_side.listen(1)
    device_side.settimeout(WAIT_S)
    page = Page(site, "?join=unix:" + path)
    device, _ = device_side.accept()
    assert page.frame() == (relay.TEXT, b"open")
    device.sendall(b"over a local socket")
    assert page.frame() == (relay.BINARY, b"over a local socket")
