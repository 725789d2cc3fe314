"""Saves that survive a power cut at any moment.

Each named save lives in two slot files, NAME.0 and NAME.1. A slot is

    b"PS" version(1) sequence(4) length(4) crc32(4) payload     (integers little-endian)

and a save always overwrites the slot that does not hold the newest good copy, so while it is
being written the other slot still holds the previous save intact. Loading reads both slots,
drops any whose header, length or CRC does not check out (a save cut short by a power loss, a
corrupted sector), and returns the payload with the higher sequence number. Nothing relies on
rename being atomic, which FAT-formatted boards do not promise.

A save whose every copy fails its check is DAMAGED, told apart from NONE (nothing was ever
saved, or it was cleared). The first save is written twice, as sequence 1 in slot 0 and then
as sequence 2 in slot 1, so that every save after it has a partner: a good slot alone with a
sequence past 1 means that the other slot's file is gone (deleted by hand, lost by the
filesystem), and the load says MISSING: the copy it returns may be one save older than the
last, and the player is told so rather than left to find a move gone. Sequence 1 alone is the
first save, whose partner was its own copy: nothing is lost.

set_aside moves a save's slot files into the DAMAGED folder for inspection, so the next boot
starts clean and the player is told once; each name keeps the latest damaged pair only, so
repeated damage cannot fill the flash.

The filesystem is injected (an object with open/remove/rename/listdir/mkdir like the os module
and built-in open; rename replaces a file whole, as littlefs does atomically: the records use
it): RealFS on the device, Pi and simulator, and the tests' FakeFS, which can cut the power
after any number of bytes or file operations.
"""

import binascii
import struct

from stones.compat import const

_MAGIC = b"PS"
_VERSION = const(1)
_HEADER = "<2sBIII"  # magic, version, sequence, length, crc32
_HEADER_SIZE = const(15)
_SEQUENCE_LIMIT = const(0x3FFFFFFF)  # stays a small int on the Pico; wraps (see _newer)

OK = "ok"  # the newest save was read
OLDER = "older"  # the newest save was damaged: the one before it was read
NONE = "none"  # no save at all
DAMAGED = "damaged"  # slot files exist but none checks out: the save is lost
MISSING = "missing"  # one good slot, the other gone: the copy read may not be the newest
ASIDE = "damaged"  # the folder set_aside moves damaged slot files into
_CHUNK = const(256)  # set_aside copies this much at a time: a damaged file may be any size


class RealFS:
    """The runtime's own filesystem (MicroPython's os on flash, or the host's)."""

    def __init__(self, root=""):
        self.root = root

    def path(self, name):
        return self.root + "/" + name if self.root else name

    def open(self, name, mode):
        return open(self.path(name), mode)

    def remove(self, name):
        import os

        os.remove(self.path(name))

    def rename(self, old, new):
        import os

        os.rename(self.path(old), self.path(new))

    def listdir(self, folder=""):
        import os

        return os.listdir(self.path(folder) if folder else (self.root or "."))

    def mkdir(self, folder):
        import os

        try:
            os.mkdir(self.path(folder))
        except OSError:  # already there
            pass

    def size(self, name):
        import os

        return os.stat(self.path(name))[6]

    def free(self):
        """Bytes free for files (statvfs: free blocks times their size), or None if unknown."""
        import os

        try:
            stat = os.statvfs(self.root or ".")  # pyright: ignore[reportAttributeAccessIssue]
        except (AttributeError, OSError):
            return None
        return stat[1] * stat[4]  # f_frsize * f_bavail


def _newer(a, b):
    """Whether sequence a is newer than b, across the wrap at _SEQUENCE_LIMIT."""
    return 0 < (a - b) % (_SEQUENCE_LIMIT + 1) < (_SEQUENCE_LIMIT + 1) // 2


def _pick(a, b):
    """(slot, sequence) of the newest good slot, or (1, 0) when neither is good."""
    if a is None and b is None:
        return 1, 0
    if b is None or (a is not None and _newer(a[0], b[0])):
        return 0, a[0]
    return 1, b[0]


class Store:
    def __init__(self, fs):
        self.fs = fs
        self._newest = {}  # name -> (slot, sequence) of its newest good copy, once known

    def _read_slot(self, name, slot, header_only=False):
        """(sequence, payload) of a good slot, or None. header_only: the sequence number of a
        slot whose header checks out (its payload unchecked), or None."""
        try:
            with self.fs.open("%s.%d" % (name, slot), "rb") as handle:
                data = handle.read(_HEADER_SIZE) if header_only else handle.read()
        except OSError:
            return None
        if len(data) < _HEADER_SIZE:
            return None
        try:
            magic, version, sequence, length, crc = struct.unpack(_HEADER, data[:_HEADER_SIZE])
        except ValueError:
            return None
        if magic != _MAGIC or version != _VERSION:
            return None
        if header_only:
            return sequence
        payload = data[_HEADER_SIZE:]
        if length != len(payload):
            return None
        if binascii.crc32(payload) & 0xFFFFFFFF != crc:
            return None
        return sequence, payload

    def _slots(self, name):
        return self._read_slot(name, 0), self._read_slot(name, 1)

    def load(self, name):
        """(status, payload): the newest good save of name, OK, OLDER or MISSING; (DAMAGED,
        None) when slot files exist but none checks out; (NONE, None) when there are none.
        OLDER means a newer copy existed but was damaged, MISSING that the other slot's file
        is gone, newer or older (the player should be told of either)."""
        a, b = self._slots(name)
        if a is None and b is None:
            if self._exists(name, 0) or self._exists(name, 1):
                return DAMAGED, None
            return NONE, None
        slot, sequence = _pick(a, b)
        self._newest[name] = (slot, sequence)
        good = a if slot == 0 else b
        other = b if slot == 0 else a
        # The other slot is damaged, and was the newer one, when it exists but does not check
        # out: a save cut short. Its header, where it still reads, tells an older copy damaged
        # since (nothing lost) from a newer one; where it does not, the newer is assumed.
        if other is None and sequence != 1:  # (sequence 1's partner is its own copy)
            if not self._exists(name, 1 - slot):
                return MISSING, good[1]
            damaged = self._read_slot(name, 1 - slot, True)
            if damaged is None or _newer(damaged, sequence):
                return OLDER, good[1]
        return OK, good[1]

    def set_aside(self, name):
        """Move name's slot files into the ASIDE folder (over any set aside before), to be
        inspected; a later load says NONE. Returns the paths kept. A copy cut short by a power
        loss leaves the slot in place: the next load finds it damaged again and retries."""
        self._newest.pop(name, None)
        fs = self.fs
        kept = []
        for slot in (0, 1):
            source = "%s.%d" % (name, slot)
            if not self._exists(name, slot):
                continue
            if not kept:
                fs.mkdir(ASIDE)
            target = ASIDE + "/" + source
            with fs.open(source, "rb") as old, fs.open(target, "wb") as new:
                while True:
                    chunk = old.read(_CHUNK)
                    if not chunk:
                        break
                    new.write(chunk)
            fs.remove(source)
            kept.append(target)
        return kept

    def _exists(self, name, slot):
        try:
            self.fs.size("%s.%d" % (name, slot))
            return True
        except OSError:
            return False

    def save(self, name, payload):
        """Write payload as the newest save of name, into the slot not holding the newest."""
        newest = self._newest.get(name)
        if newest is None:
            a, b = self._slots(name)
            newest = _pick(a, b)
        slot, sequence = newest
        payload = bytes(payload)
        if not sequence:  # no good copy yet: slot 0, then the same again in slot 1
            self._write(name, 0, 1, payload)
            slot = 0
            sequence = 1
        slot = 1 - slot
        self._write(name, slot, (sequence + 1) & _SEQUENCE_LIMIT, payload)

    def _write(self, name, slot, sequence, payload):
        crc = binascii.crc32(payload) & 0xFFFFFFFF
        header = struct.pack(_HEADER, _MAGIC, _VERSION, sequence, len(payload), crc)
        self._newest.pop(name, None)  # unknown until this write has finished
        with self.fs.open("%s.%d" % (name, slot), "wb") as handle:
            handle.write(header)
            handle.write(payload)
        self._newest[name] = (slot, sequence)

    def clear(self, name):
        """Forget name: both slots go (a later load says NONE)."""
        self._newest.pop(name, None)
        for slot in (0, 1):
            try:
                self.fs.remove("%s.%d" % (name, slot))
            except OSError:
                pass
