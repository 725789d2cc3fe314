"""The few names that differ between MicroPython and CPython, in one place.

Every firmware module imports ``const`` from here. The MicroPython compiler folds
``_NAME = const(value)`` by the identifier alone, wherever ``const`` came from, so names starting
with an underscore stay out of the module dict on the device; on CPython ``const`` is the identity.
``micropython`` is exported for the one decorator the engines use, ``@micropython.native`` on
each game's move loop (machine code, 1.2 to 1.7 times the playouts of bytecode): MicroPython's
compiler acts on that decorator by name and never evaluates it, CPython calls the identity
stand-in. A port without a native emitter rejects the decorator, so host_tools.device.build strips
it when it compiles for one (arch "none").
``twin(name)`` finds a viper twin module where this runtime compiles viper code, and gives
None elsewhere.
``ticks_ms``/``ticks_diff`` follow MicroPython's wrap-around clock API so input logic can be written
once and driven by a fake clock in tests.

The engine's tables come from words/octets/zeros: arrays and bytearrays on MicroPython (2 and 1
bytes an entry), lists on CPython (indexed several times faster there; stones/cpython.py, which
the device build leaves out, so a Pico loads only this branch).
"""

import sys

MICROPYTHON = sys.implementation.name == "micropython"

if MICROPYTHON:
    from array import array as _array
    from time import sleep_ms, ticks_add, ticks_diff, ticks_ms, ticks_us  # noqa: F401

    import micropython  # noqa: F401
    from micropython import const  # noqa: F401

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
    from stones.cpython import (  # noqa: F401
        const,
        fast,
        micropython,
        octets,
        sleep_ms,
        ticks_add,
        ticks_diff,
        ticks_ms,
        ticks_us,
        words,
        zeros,
    )


_MISSING = []  # the twins this runtime could not import: never tried again


def twin(name):
    """The viper twin module called name (Python code ported line for line to viper), where
    this runtime compiles viper: MicroPython with a native emitter, in a build that holds the
    module (host_tools/device/build.py leaves viper out of a bytecode build); else None, and the
    Python code it twins runs. Every twin is found here: the games' move loops (Game._viper),
    the history loops (gameviper), the search's kernels (searchviper) and the policy's Thumb
    code (policyasm, where the inline assembler is). sys.modules keeps a twin once imported,
    and _MISSING one that failed, so asking again is a lookup."""
    if MICROPYTHON and name not in _MISSING:
        try:
            return __import__(name, None, None, ("_",))
        except (ImportError, SyntaxError, ValueError):  # no viper on this port or build
            _MISSING.append(name)
    return None
