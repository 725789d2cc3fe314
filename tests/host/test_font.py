"""The compact font: the bytes constant the device draws from is what host_tools/fonts/fontgen.py's
drawn glyphs make, every printable character has a glyph of its own, and glyphs stay inside
their 5x8 cell with the capitals on the top seven rows."""

from host_tools.fonts.fontgen import FIRST, LAST, font_bytes, glyphs, module_text
from host_tools.paths import FIRMWARE
from stones.ui.font5x7 import FONT


def test_the_constant_is_generated_from_the_art():
    assert FONT == font_bytes()
    with open(FIRMWARE + "/stones/ui/font5x7.py") as handle:
        assert handle.read() == module_text()


def test_every_printable_character_has_a_distinct_glyph():
    table = glyphs()
    assert sorted(table) == list(range(FIRST, LAST + 1))
    shapes = [bytes(columns) for code, columns in table.items() if code != 32]
    assert len(set(shapes)) == len(shapes)
    assert all(any(shape) for shape in shapes)  # only the space is blank


def test_capitals_and_digits_leave_the_descender_row_free():
    table = glyphs()
    for char in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789":
        assert all(not column & 0x80 for column in table[ord(char)]), char
    assert any(column & 0x80 for column in table[ord("g")])  # lower case has descenders
