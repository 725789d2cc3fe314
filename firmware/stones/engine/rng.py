"""A 30-bit xorshift generator whose every intermediate value is a small int on a Pico.

MicroPython on the RP2040 boxes integers of 31 bits or more on the heap, so a 32- or 64-bit
generator would allocate on every call. Shifts (9, 11, 12) give the full period 2**30 - 1 on 30-bit
words (checked by the order of the GF(2) step matrix); each left shift masks first so the shifted
value never exceeds 30 bits. Hot loops copy the three lines inline instead of calling ``next``.
"""

from stones.compat import const

MASK = const(0x3FFFFFFF)
_LOW21 = const(0x1FFFFF)  # MASK >> 9: the bits that survive a 9-bit left shift
_LOW18 = const(0x3FFFF)  # MASK >> 12


class Rng:
    def __init__(self, seed=1):
        self.state = (seed & MASK) or 1  # zero is the one fixed point

    def next(self):
        x = self.state
        x ^= (x & _LOW21) << 9
        x ^= x >> 11
        x ^= (x & _LOW18) << 12
        self.state = x
        return x

    def below(self, n):
        """A value in range(n); the modulo bias is below n / 2**30."""
        return self.next() % n
