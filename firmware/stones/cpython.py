"""CPython's side of stones.compat: what MicroPython has built in, written for CPython.

Host-only (firmware/manifest.py leaves it out of the device build): on a Pico, compat imports
MicroPython's own const and ticks functions and this file is never loaded.
"""

import time

_PERIOD = 1 << 30  # MicroPython's ticks wrap at 2**30 on every port


def const(value):
    return value


class micropython:
    """MicroPython's code-emitter decorators, which change nothing on CPython."""

    @staticmethod
    def native(function):
        return function


def ticks_ms():
    return int(time.monotonic() * 1000) & (_PERIOD - 1)


def ticks_us():
    return int(time.perf_counter() * 1_000_000) & (_PERIOD - 1)


def ticks_add(ticks, delta):
    return (ticks + delta) & (_PERIOD - 1)


def ticks_diff(end, start):
    diff = (end - start) & (_PERIOD - 1)
    return diff - _PERIOD if diff >= _PERIOD // 2 else diff


def sleep_ms(ms):
    time.sleep(ms / 1000)


# CPython's specialising interpreter indexes lists several times faster than arrays or
# bytearrays (it has dedicated list opcodes), so the hot tables are lists here: many more playouts
# a second. MicroPython keeps the compact types: 2 and 1 bytes per entry instead of a pointer.


def words(values):
    return list(values)


def octets(values):
    return list(values)


def zeros(n):
    return [0] * n


def fast(table):
    return list(table)
