"""Hostile input refused by name: one table of what GTP (host_tools/gtp/engine.py) and SGF
(host_tools/records/sgf.py, files.py) are given that they must refuse, each row answered by an
error that says what was wrong, and none by the catch-all '? internal error'.

GTP rows run through Engine.serve, the loop with the catch-all, so an exception that escapes a
command shows as 'internal error' and fails the row. SGF rows are written to a file and read
three ways, each of which must name the same fault: GTP's loadsgf, the records command's `show`
(python -m host_tools.records) and host_tools.records.files.load.

The inputs: integers of 4,301 digits and more (CPython refuses to convert them: that message
must never surface), digits and letters outside ASCII ('\\u0669' is an Arabic-Indic nine, '\\uff15'
a fullwidth five), a no-break space where a separator belongs, komi that Python's float takes
but neither specification does ('1_000', 'inf', '6.5e0'), endless or oversized input
(/dev/zero, a line of a megabyte), variations nested 1,000 deep, and the malformed records and
commands the tests had before.
"""

import io

import pytest

from host_tools.gtp import engine as front
from host_tools.gtp.engine import Engine
from host_tools.records import cli
from host_tools.records.files import MAX_BYTES, load
from host_tools.records.sgf import SgfError, read

HUGE = "9" * 4301  # CPython's int() refuses 4,301 digits and more
NBSP = "\u00a0"
ARABIC_NINE = "\u0669"
FULLWIDTH_FIVE = "\uff15"
ARABIC_ONE = "\u0661"
DEEP = 1000  # variations nested this deep: a recursive reader's RecursionError

# The table: (kind, input, what the error says). A "gtp" row's input is command lines, the last
# answer being the error; 'SGF' in a command is the path of a file holding a small legal record
# (one black move), 'MISSING' a path where there is no file. An "sgf" row's input is a record's
# text, read every way a record is read.
HOSTILE = [
    ("gtp", ["boardsize " + HUGE], "boardsize out of range"),
    ("gtp", ["boardsize 2147483648"], "boardsize out of range"),
    ("gtp", ["boardsize " + ARABIC_NINE], "boardsize not an integer"),
    ("gtp", ["boardsize " + FULLWIDTH_FIVE], "boardsize not an integer"),
    ("gtp", ["boardsize 9.0"], "boardsize not an integer"),
    ("gtp", ["boardsize -9"], "boardsize not an integer"),
    ("gtp", ["boardsize"], "boardsize not an integer"),
    ("gtp", ["boardsize 7"], "unacceptable size"),
    ("gtp", ["boardsize 0"], "unacceptable size"),
    ("gtp", ["play b A" + ARABIC_ONE], "invalid color or coordinate"),
    ("gtp", ["play b E" + FULLWIDTH_FIVE], "invalid color or coordinate"),
    ("gtp", ["play b \uff25" + "5"], "invalid color or coordinate"),  # a fullwidth E
    ("gtp", ["play b E" + HUGE], "invalid color or coordinate"),
    ("gtp", ["play b E05"], "invalid color or coordinate"),
    ("gtp", ["play b" + NBSP + "E5"], "invalid color or coordinate"),  # one word 'b E5': no vertex
    ("gtp", ["play" + NBSP + "b" + NBSP + "E5"], "unknown command (U+00A0 is not ASCII"),
    ("gtp", ["pl\u0430y b E5"], "unknown command (U+0430 is not ASCII"),  # a Cyrillic a
    ("gtp", ["play \u0299 E5"], "invalid color or coordinate"),  # a small capital B
    ("gtp", ["play b i5"], "invalid color or coordinate"),
    ("gtp", ["play b d10"], "invalid color or coordinate"),
    ("gtp", ["play red d5"], "invalid color or coordinate"),
    ("gtp", ["play b"], "invalid color or coordinate"),
    ("gtp", ["play b d5", "play w d5"], "illegal move"),
    ("gtp", ["is_legal b E" + FULLWIDTH_FIVE], "invalid color or coordinate"),
    ("gtp", ["set_position b E" + FULLWIDTH_FIVE], "invalid color or coordinate"),
    ("gtp", ["set_position b"], "syntax error"),
    ("gtp", ["genmove " + NBSP], "invalid color"),
    ("gtp", ["list_stones \uff42"], "invalid color"),  # a fullwidth b
    ("gtp", ["komi 1_000"], "komi not a float"),
    ("gtp", ["komi " + HUGE], "komi out of range"),
    ("gtp", ["komi " + ARABIC_NINE], "komi not a float"),
    ("gtp", ["komi inf"], "komi not a float"),
    ("gtp", ["komi nan"], "komi not a float"),
    ("gtp", ["komi 6.5e0"], "komi not a float"),
    ("gtp", ["komi 6.3"], "komi must be a whole or half number"),
    ("gtp", ["komi"], "komi not a float"),
    ("gtp", ["undo"], "cannot undo"),
    ("gtp", ["final_status_list maybe"], "invalid status"),
    ("gtp", ["frobnicate"], "unknown command"),
    ("gtp", [ARABIC_NINE + " name"], "unknown command (U+0669 is not ASCII"),  # no id: not ASCII
    ("gtp", ["loadsgf /dev/zero"], "more than %d bytes" % MAX_BYTES),
    ("gtp", ["loadsgf MISSING"], "cannot open or parse"),
    ("gtp", ["loadsgf SGF " + HUGE], "move number out of range"),
    ("gtp", ["loadsgf SGF " + ARABIC_NINE], "syntax error"),
    ("gtp", ["loadsgf SGF 0"], "syntax error"),
    ("gtp", ["loadsgf"], "syntax error"),
    ("gtp", ["7 play b " + "x" * (front.MAX_LINE + 10)], "line too long"),
    ("gtp", ["8 " + "play b d5 " * 200000], "line too long"),
    ("sgf", "", "starts with '('"),
    ("sgf", "GM[1]", "starts with '('"),
    ("sgf", "(;GM[1]SZ[9];B[aa]", "cut short"),
    ("sgf", "(;GM[1]SZ[9];B[aa", "not closed"),
    ("sgf", "(;GM[1]SZ[9];B[aa\\", "not closed"),
    ("sgf", "()", "at least one node"),
    ("sgf", "(;GM[1]SZ[9];B)", "no value"),
    ("sgf", "(;GM[1]SZ[9]SZ[9])", "twice"),
    ("sgf", "(;GM[2]SZ[9])", "not Go"),
    ("sgf", "(;GM[1]SZ[9:13])", "square"),
    ("sgf", "(;GM[1]SZ[0])", "no such board"),
    ("sgf", "(;GM[1]SZ[9];B[jj])", "not a point"),
    ("sgf", "(;GM[1]SZ[9];B[a])", "not a point"),
    ("sgf", "(;GM[1]SZ[9];B[aa]W[bb])", "both"),
    ("sgf", "(;GM[1]SZ[9];B[aa][bb])", "2 values"),
    ("sgf", "(;GM[1]SZ[9];B[aa];AB[cc])", "after the start"),
    ("sgf", "(;GM[1]SZ[9]KM[six])", "KM[six] is not a number"),
    ("sgf", "(;GM[1]SZ[9]KM[6.3])", "whole or half"),
    ("sgf", "(;GM[1]SZ[9]KM[inf])", "KM[inf] is not a number"),
    ("sgf", "(;GM[1]SZ[9]KM[1_000])", "KM[1_000] is not a number"),
    ("sgf", "(;GM[1]SZ[9]KM[6.5e0])", "is not a number"),
    ("sgf", "(;GM[1]SZ[9]KM[%s])" % ARABIC_NINE, "KM[U+0669] is not a number"),
    ("sgf", "(;GM[1]SZ[9]KM[%s])" % HUGE, "komi out of range"),
    ("sgf", "(;GM[1]SZ[9]PL[X])", "not B or W"),
    ("sgf", "(;GM[1]SZ[9]AB[aa:zz])", "not a point"),
    ("sgf", "(;GM[1]SZ[%s])" % ARABIC_NINE, "SZ[U+0669] is not a whole number"),
    ("sgf", "(;GM[1]SZ[%s])" % FULLWIDTH_FIVE, "SZ[U+FF15] is not a whole number"),
    ("sgf", "(;GM[1]SZ[%s])" % HUGE, "no such board"),
    ("sgf", "(;GM[1]SZ[%s:%s])" % (HUGE, HUGE), "no such board"),
    ("sgf", "(;GM[1]SZ[-9])", "not a whole number"),
    ("sgf", "(;GM[1]SZ[0%s])" % HUGE, "no such board"),
    ("sgf", "(;GM[%s]SZ[9])" % HUGE, "not Go"),
    ("sgf", "(;GM[1]SZ[9];B[d%s])" % FULLWIDTH_FIVE, "not a point"),
    ("sgf", "(;GM[1]" + NBSP + "SZ[9])", "found U+00A0"),  # not SGF's white space
    ("sgf", "(;GM[1]\u0405Z[9])", "found U+0405"),  # a Cyrillic S starts no identifier
    ("sgf", "(;GM[1]SZ[9]" + "(;C[deep]" * DEEP, "cut short: 1001 game trees not closed"),
    ("sgf", "(;GM[1]SZ[9]" + "(;C[deep]" * DEEP + ")" * DEEP + ";B[aa])", "expected '(' or ')'"),
    ("sgf", "(;GM[1]SZ[9];B[dd];W[dd])", "move 2 (W D6): D6: occupied"),
]
GTP = [(given, words) for kind, given, words in HOSTILE if kind == "gtp"]
SGF = [(given, words) for kind, given, words in HOSTILE if kind == "sgf"]


def serve(lines):
    """The answers of Engine.serve (the loop with the catch-all) to lines, and its stderr."""
    out, err = io.StringIO(), io.StringIO()
    Engine().serve(io.StringIO("".join(line + "\n" for line in lines)), out, err)
    return out.getvalue().split("\n\n")[:-1], err.getvalue()


@pytest.fixture
def small_record(tmp_path):
    path = tmp_path / "small.sgf"
    path.write_text("(;GM[1]SZ[9];B[ee])")
    return str(path)


@pytest.mark.parametrize("lines, words", GTP, ids=[repr(c[-1][:24]) for c, _ in GTP])
def test_gtp_refuses_by_name(lines, words, small_record, tmp_path):
    lines = [line.replace("MISSING", str(tmp_path / "missing.sgf"))
                 .replace("SGF", small_record) for line in lines]
    answers, err = serve(lines)
    assert len(answers) == len(lines)
    assert not [a for a in answers if "internal error" in a] and not err
    last = answers[-1]
    assert last.startswith("?") and words in last, last
    assert len(last) < 300  # an error names the fault, it does not echo a megabyte


def test_gtp_goes_on_after_each_refusal():
    lines = [lines[0] for lines, _ in GTP if len(lines) == 1 and "loadsgf" not in lines[0]]
    answers, err = serve(lines + ["play b e5", "list_stones b"])
    assert answers[-2:] == ["=", "= E5"] and not err
    assert all(answer.startswith("?") for answer in answers[:-2])


def test_a_long_line_over_a_pipe_is_dropped_unread_and_the_next_answered():
    # --ponder reads the descriptor itself (idle_lines): the same bound.
    engine = Engine(level=1, ponder=True)
    reader, writer = __import__("os").pipe()
    import threading

    def feed():
        with open(writer, "wb") as handle:
            handle.write(b"3 play b " + b"d" * (front.MAX_LINE * 3) + b"\n4 play b e5\n")

    thread = threading.Thread(target=feed)
    thread.start()
    with open(reader, "rb", buffering=0) as stdin:
        answers = []
        for line in engine.idle_lines(stdin):
            answers.append(engine.execute(line))
    thread.join()
    assert answers == ["?3 line too long (more than %d characters)" % front.MAX_LINE, "=4"]


@pytest.mark.parametrize("text, words", SGF, ids=[repr(t[:30]) for t, _ in SGF])
def test_sgf_refused_by_name_everywhere(text, words, tmp_path, capsys):
    path = tmp_path / "hostile.sgf"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SgfError) as caught:
        read(text).game()
    assert words in str(caught.value)
    answers, err = serve(["loadsgf %s" % path])
    assert answers[0].startswith("? ") and words in answers[0] and not err, answers
    if not text.startswith("("):
        return  # the records command reads it as the engine's record format: not SGF
    with pytest.raises(ValueError) as caught:  # SgfError, GameError: both ValueErrors
        load(str(path))
    assert words in str(caught.value)
    assert cli.main(["show", str(path)]) == 1
    said = capsys.readouterr().err
    assert said.startswith("records: ") and words in said


def test_the_records_command_refuses_an_endless_file(capsys):
    assert cli.main(["show", "/dev/zero"]) == 1
    assert "more than %d bytes" % MAX_BYTES in capsys.readouterr().err


def test_variations_nested_deep_read_their_main_line():
    text = "(;GM[1]SZ[9];B[aa]" + "(;C[deep]" * 50000 + ")" * 50000 + "(;W[bb]))"
    assert read(text).moves == [(1, (0, 8))]
    text = "(;GM[1]SZ[9](;B[aa];W[bb]" + "(;C[x]" * DEEP + ")" * DEEP + ")(;B[cc]))"
    assert [point for _, point in read(text).moves] == [(0, 8), (1, 7)]
