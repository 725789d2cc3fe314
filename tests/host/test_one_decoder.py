"""One text decoder for every reader of a record file (stones.engine.records.decode_text): the
records tool (host_tools.records.files.load), GTP's loadsgf and the device's own readers accept
and refuse the same files: UTF-8; ISO-8859-1 where an SGF record says so in CA, or names no
character set (SGF's default) and is not UTF-8; any other character set refused by name, as is
a record cut short. The web page's upload of the same files: tests/host/test_web.py."""

import pytest

from host_tools.gtp.engine import Engine
from host_tools.records.files import load
from stones.engine.game import GameError
from stones.engine.records import decode_text

NAME = "J\u00e9r\u00f4me"  # two letters outside ASCII, in both character sets below
LATIN_1 = ("(;GM[1]FF[4]CA[ISO-8859-1]SZ[9]PB[%s];B[ee];W[dc])\n" % NAME).encode("latin-1")
DEFAULT = ("(;GM[1]FF[4]SZ[9]PB[%s];B[ee];W[dc])\n" % NAME).encode("latin-1")  # no CA
UTF_8 = ("(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[%s];B[ee];W[dc])\n" % NAME).encode("utf-8")
ACCEPTED = {"latin-1.sgf": LATIN_1, "default.sgf": DEFAULT, "utf-8.sgf": UTF_8,
            "record.txt": ("game loose\nsize 5\nblack %s\nmoves B:A1 W:E5\nend\n"
                           % NAME).encode("utf-8")}
REFUSED = {
    "gb2312.sgf": (b"(;GM[1]FF[4]CA[GB2312]SZ[9];B[ee])\n", "CA[gb2312] is not read here"),
    "lying.sgf": (LATIN_1.replace(b"ISO-8859-1", b"UTF-8"), "CA[utf-8] but not UTF-8"),
    "latin.txt": ("game loose\nsize 5\nblack %s\nmoves B:A1\nend\n" % NAME).encode("latin-1"),
    "cut.sgf": (UTF_8[:UTF_8.index(b";W[")], "cut short"),
    "cut.txt": (b"game loose\nsize 5\nmoves B:A1 W:E5\n", "cut short"),
}
REFUSED["latin.txt"] = (REFUSED["latin.txt"], "not UTF-8 text")


def device_read(data):
    """The device's Records screen's read: the decoder, then the record module of the game."""
    text = decode_text(data)
    if text.startswith("("):
        from stones.engine.sgf import read_record
    else:
        from stones.engine.records import read_record
    return read_record(text)


def test_the_decoder_reads_each_character_set_it_names():
    assert NAME in decode_text(LATIN_1) and NAME in decode_text(DEFAULT)
    assert NAME in decode_text(UTF_8)
    assert decode_text(b"caf\xc3\xa9 au lait"[:4], cut=True) == "caf"  # a glimpse's last letter
    assert "byte 3" in str(pytest.raises(GameError, decode_text, b"caf\xe9 ok").value)


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_every_reader_accepts_the_same_files(name, tmp_path):
    path = tmp_path / name
    path.write_bytes(ACCEPTED[name])
    game = load(str(path))  # the records tool (and the web page)
    assert game.count == 2
    assert device_read(ACCEPTED[name]).count == 2
    if name.endswith(".sgf"):
        assert Engine().run(["loadsgf %s" % path, "list_stones b"]) == ["= black", "= E5"]


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_every_reader_refuses_the_same_files_by_name(name, tmp_path):
    data, words = REFUSED[name]
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(ValueError) as refused:  # GameError and SgfError are ValueErrors
        load(str(path))
    assert words in str(refused.value), str(refused.value)
    with pytest.raises(GameError) as refused:
        device_read(data)
    assert words in str(refused.value) or "cut short" in str(refused.value)
    if name.endswith(".sgf"):
        answer = Engine().run(["loadsgf %s" % path])[0]
        assert answer.startswith("? cannot open or parse") and words in answer, answer
