"""Frames on a link: what one message looks like on the wire, and the parser that finds them in
a stream of bytes, whatever else the stream holds.

    START  length  seq  type  payload (length bytes)  CRC-16 (2 bytes, big-endian)

The CRC (CCITT: polynomial 0x1021, from 0xFFFF) covers length, seq, type and payload. START
may appear inside a frame: a frame that does not check out is dropped and the parser looks for
the next START inside the bytes it had taken, so garbage before, between or inside frames costs
only the frames it touches. The parser keeps one preallocated buffer of the largest frame and
allocates nothing as it takes bytes; a fault is named (FAULTS) and counted, never raised.
"""

from stones.compat import const

START = const(0x7E)
HEAD = const(4)  # START, length, seq, type
MAX_PAYLOAD = const(250)
FRAME_MAX = const(256)  # HEAD + MAX_PAYLOAD + 2

NO_FAULT = const(0)
STRAY = const(1)  # a byte outside any frame
TOO_LONG = const(2)  # a length over MAX_PAYLOAD
CHECKSUM = const(3)  # the CRC does not match: a flipped bit, a frame cut short, two run together
FAULTS = ("", "stray bytes", "frame too long", "bad checksum")


def crc_byte(crc, b):
    """The CRC after one more byte b."""
    crc ^= b << 8
    for _ in range(8):
        if crc & 0x8000:
            crc = (crc << 1 ^ 0x1021) & 0xFFFF
        else:
            crc = crc << 1 & 0xFFFF
    return crc


def crc16(data, start=0, end=-1, crc=0xFFFF):
    """The CRC of data[start:end] (end -1: to the end), without a slice."""
    if end < 0:
        end = len(data)
    for i in range(start, end):
        crc = crc_byte(crc, data[i])
    return crc


def frame(seq, kind, payload=b""):
    """The bytes of one frame (a message sent: one allocation)."""
    n = len(payload)
    if n > MAX_PAYLOAD:
        raise ValueError("payload of %d bytes" % n)
    out = bytearray(HEAD + n + 2)
    out[0] = START
    out[1] = n
    out[2] = seq & 0xFF
    out[3] = kind
    out[HEAD:HEAD + n] = payload
    crc = crc16(out, 1, HEAD + n)
    out[HEAD + n] = crc >> 8
    out[HEAD + n + 1] = crc & 0xFF
    return out


class Parser:
    """Bytes in (take), whole checked frames out: after take() returns with ready set, seq,
    kind and payload() describe the frame until the next take(). faults counts each kind of
    fault by its code; fault is the last one (NO_FAULT once a frame checks out)."""

    def __init__(self):
        self.buf = bytearray(FRAME_MAX)
        self.filled = 0
        self.ready = False
        self.seq = 0
        self.kind = 0
        self.length = 0
        self.fault = NO_FAULT
        self.faults = [0, 0, 0, 0]
        self.rest = 0  # bytes held after the ready frame (a fault's look-again found it early)

    def clear(self):
        """Forget the bytes held (a frame half come over a pipe the link has left)."""
        self.filled = self.rest = 0
        self.ready = False

    def take(self, data, i, n):
        """Take bytes from data[i:n] until a frame is whole (ready) or they run out; returns the
        index after the last byte taken. Allocates nothing."""
        buf = self.buf
        if self.ready and self.rest:  # what came after the last frame is judged first
            start = HEAD + self.length + 2
            for j in range(self.rest):
                buf[j] = buf[start + j]
            self.filled = self.rest
            self.rest = 0
            if self._settle():
                return i
        self.ready = False
        while i < n:
            buf[self.filled] = data[i]
            self.filled += 1
            i += 1
            if self._settle():
                break
        return i

    def _settle(self):
        """Judge the bytes held: True when they are a whole checked frame; a fault drops the
        frame's first byte and looks again from the next START among the rest."""
        buf = self.buf
        while self.filled:
            if buf[0] != START:
                self._drop(STRAY)
                continue
            if self.filled < 2:
                return False
            length = buf[1]
            if length > MAX_PAYLOAD:
                self._drop(TOO_LONG)
                continue
            end = HEAD + length + 2
            if self.filled < end:
                return False
            crc = crc16(buf, 1, HEAD + length)
            if buf[end - 2] != crc >> 8 or buf[end - 1] != crc & 0xFF:
                self._drop(CHECKSUM)
                continue
            self.seq = buf[2]
            self.kind = buf[3]
            self.length = length
            self.rest = self.filled - end
            self.filled = 0
            self.fault = NO_FAULT
            self.ready = True
            return True
        return False

    def _drop(self, fault):
        """Forget the held bytes up to the next START after the first (a byte-by-byte copy: no
        slice), counting the fault once for a run of stray bytes."""
        if fault != STRAY or self.fault != STRAY:
            self.faults[fault] += 1
        self.fault = fault
        buf = self.buf
        filled = self.filled
        k = 1
        while k < filled and buf[k] != START:
            k += 1
        for j in range(k, filled):
            buf[j - k] = buf[j]
        self.filled = filled - k

    def payload(self):
        """The ready frame's payload (a copy: the handler may keep it)."""
        return bytes(self.buf[HEAD:HEAD + self.length])
