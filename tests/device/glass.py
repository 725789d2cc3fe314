"""What an ST7789 or ST7735 would show, decoded from the writes a driver makes on a FakeSPI
(its tap: the picture is kept, not the bytes).

A model of the controller written from the datasheet, not from the driver: a byte written with
D/C low is a command and the bytes with D/C high after it are its data; CASET and RASET set the
window (first and last, two big-endian bytes each), RAMWR's data fills the window row by row,
two bytes a pixel (RGB565, high byte first), and goes on across writes until the next command.
The glass is width x height pixels of the controller's RAM address space from (column, row);
a pixel written outside it fails the test: the window's offsets are wrong. Plain code, for
both runtimes.
"""

CASET = 0x2A
RASET = 0x2B
RAMWR = 0x2C


class Glass:
    def __init__(self, width, height, column=0, row=0):
        self.width = width
        self.height = height
        self.column = column
        self.row = row
        self.canvas = bytearray(width * height * 2)
        self.commands = []  # [command, its data as a bytearray] of each command, in order
        self.pixels = 0  # pixels written
        self._current = None
        self._columns = (0, 0)
        self._rows = (0, 0)
        self._x = 0
        self._y = 0

    def feed(self, writes):
        """Decode (dc, bytes) pairs (FakeSPI.writes); returns self."""
        for dc, data in writes:
            self.write(dc, data)
        return self

    def write(self, dc, data):
        """One write on the bus (FakeSPI's tap)."""
        if dc == 0:
            for command in data:
                self._command(command)
        elif self._current == RAMWR:
            self._fill(data)
        else:
            assert self._current is not None, "data with no command before it"
            args = self.commands[-1][1]
            args.extend(data)
            if len(args) == 4 and self._current in (CASET, RASET):
                span = (args[0] << 8 | args[1], args[2] << 8 | args[3])
                assert span[0] <= span[1], span
                if self._current == CASET:
                    self._columns = span
                else:
                    self._rows = span

    def forget(self):
        """Clear the record of commands and the count of pixels (the picture stays)."""
        self.commands = []
        self.pixels = 0

    def _command(self, command):
        self._current = command
        self.commands.append([command, bytearray()])
        if command == RAMWR:
            self._x = self._columns[0]
            self._y = self._rows[0]

    def _fill(self, data):
        assert len(data) % 2 == 0, "a pixel split across writes"
        first, last = self._columns
        at = 0
        while at < len(data):
            assert self._y <= self._rows[1], "more pixels than the window holds"
            run = min(last + 1 - self._x, (len(data) - at) // 2)
            x = self._x - self.column
            y = self._y - self.row
            assert 0 <= y < self.height and 0 <= x and x + run <= self.width, (
                "pixels written at RAM (%d..%d, %d), off the glass" % (
                    self._x, self._x + run - 1, self._y))
            start = (y * self.width + x) * 2
            self.canvas[start:start + 2 * run] = data[at:at + 2 * run]
            at += 2 * run
            self.pixels += run
            self._x += run
            if self._x > last:
                self._x = first
                self._y += 1

    def pixel(self, x, y):
        """The RGB565 colour at (x, y) of the glass."""
        i = (y * self.width + x) * 2
        return self.canvas[i] << 8 | self.canvas[i + 1]

    def sent(self, command):
        """The data of each time command was sent."""
        return [bytes(data) for code, data in self.commands if code == command]

    def codes(self):
        return [code for code, _ in self.commands]
