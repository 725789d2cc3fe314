"""SpiBus puts a 4-wire SPI panel (SCK, MOSI, CS, DC, RES) behind the same writeto/writevto,
so the drivers, their page diff and their preallocated buffers are the same on both buses. A
transfer's control byte is not sent: its D/C# bit becomes the DC pin's level (high: RAM data, low:
commands) and CS is low for the transfer. Single command bytes are sent through a one-byte buffer
made once, page views as they are: nothing is allocated (tests/mp/test_heap_hw.py).

Its own module, so that a board with an I2C panel never holds the class.
"""

from stones.compat import const

_CO = const(0x80)  # the control byte's Co bit: one byte follows, then another control byte
_DC = const(0x40)  # its D/C# bit: what follows is RAM data (1) or commands (0)


class SpiBus:
    """SpiBus(spi, dc, cs, rst=None): a 4-wire SPI panel seen through the I2C surface the
    drivers talk to. spi has write(buf) (machine.SPI); dc, cs and rst are output pins with
    value(level). writeto(addr, buf) sends buf[1:], each byte with DC set from the control
    byte in front of it (Co=1: one byte, then the next control byte); writevto(addr, bufs) sends
    the buffers after the first, whose first byte is the control byte (Co=0: all that follows).
    The address is not used: CS picks the panel."""

    def __init__(self, spi, dc, cs, rst=None):
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.rst = rst
        self._one = bytearray(1)  # a single byte goes out through this, so nothing is made
        cs.value(1)
        dc.value(0)

    def reset(self, clock):
        """Pulse RES low (the controller restarts), as the panel wants it at power-on; clock has
        sleep_ms. Without a RES pin (tied high on the module) nothing is done."""
        rst = self.rst
        if rst is None:
            return
        rst.value(1)
        clock.sleep_ms(1)
        rst.value(0)
        clock.sleep_ms(10)
        rst.value(1)
        clock.sleep_ms(10)

    def writeto(self, addr, buf):
        spi = self.spi
        one = self._one
        n = len(buf)
        i = 0
        self.cs.value(0)
        while i < n:
            control = buf[i]
            self.dc.value(1 if control & _DC else 0)
            if control & _CO:  # one byte, then another control byte
                if i + 1 < n:
                    one[0] = buf[i + 1]
                    spi.write(one)
                i += 2
                continue
            for k in range(i + 1, n):  # the rest of the transfer
                one[0] = buf[k]
                spi.write(one)
            break
        self.cs.value(1)

    def writevto(self, addr, bufs):
        spi = self.spi
        first = bufs[0]
        self.dc.value(1 if first[0] & _DC else 0)
        self.cs.value(0)
        one = self._one
        for k in range(1, len(first)):
            one[0] = first[k]
            spi.write(one)
        for k in range(1, len(bufs)):
            spi.write(bufs[k])
        self.cs.value(1)
