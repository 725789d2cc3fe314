"""The few names that differ between MicroPython and CPython, in one place.

Every firmware module imports ``const`` from here. The MicroPython compiler folds
``_NAME = const(value)`` by the identifier alone, wherever ``const`` came from, so names starting
with an underscore stay out of the module dict on the device; on CPython ``const`` is the identity.
(``micropython.native`` is not importable: the compiler handles that decorator by name.)
``ticks_ms``/``ticks_diff`` follow MicroPython's wrap-around clock API so input logic can be written
once and driven by a fake clock in tests.
"""

import sys

MICROPYTHON = sys.implementation.name == "micropython"

if MICROPYTHON:
    from micropython import const  # noqa: F401
else:

    def const(value):
        return value


try:
    from time import sleep_ms, ticks_add, ticks_diff, ticks_ms  # noqa: F401
except ImportError:  # CPython
    import time as _time

    _PERIOD = 1 << 30  # MicroPython's ticks wrap at 2**30 on every port

    def ticks_ms():
        return int(_time.monotonic() * 1000) & (_PERIOD - 1)

    def ticks_add(ticks, delta):
        return (ticks + delta) & (_PERIOD - 1)

    def ticks_diff(end, start):
        diff = (end - start) & (_PERIOD - 1)
        return diff - _PERIOD if diff >= _PERIOD // 2 else diff

    def sleep_ms(ms):
        _time.sleep(ms / 1000)


if MICROPYTHON:
    from array import array as _array

    def words(values):
        """A mutable sequence of small non-negative ints (< 65536), initialised from values
        (a list, or an array('H'): MicroPython copies any other buffer byte for byte)."""
        return _array("H", values)

    def octets(values):
        """A mutable sequence of bytes, initialised from values."""
        return bytearray(values)

    def zeros(n):
        """n zero words (see words)."""
        return _array("H", bytes(2 * n))  # raw copy: 2 bytes per 'H' entry

    def fast(table):
        """A read-only table (bytes, array) as the runtime indexes it fastest: itself here."""
        return table

else:
    # CPython's specialising interpreter indexes lists several times faster than arrays or
    # bytearrays (it has dedicated list opcodes), so the hot tables are lists there: 50% more
    # playouts a second. MicroPython keeps the compact types: 2 and 1 bytes per entry instead
    # of a pointer.
    def words(values):
        return list(values)

    def octets(values):
        return list(values)

    def zeros(n):
        return [0] * n

    def fast(table):
        return list(table)


def collect():
    """Free garbage at a screen change (no-op cost on CPython)."""
    import gc

    gc.collect()


def free_memory():
    """Bytes of heap free, or None where the runtime cannot say (CPython)."""
    import gc

    return gc.mem_free() if hasattr(gc, "mem_free") else None
