"""The Pico bench's opening-book script (host_tools/bench/mp/bench_book.py), run here on CPython
as the emulated Pico runs it frozen: it prints the book's bytes, the lookup in the book and
past its depth, and nothing for a board without a book."""

import os
import sys

from host_tools.paths import ROOT
from stones.engine import registry


def run(capsys, key, size):
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "bench", "mp"))
    try:
        import bench_book
    finally:
        sys.path.pop(0)
    bench_book.main(key, size)
    return dict(line.split() for line in capsys.readouterr().out.splitlines())


def test_the_book_script_measures_the_lookup_in_and_out_of_the_book(capsys):
    lines = run(capsys, "go", 9)
    depth, data = registry.new_game("go", 9).opening()
    assert int(lines["book_bytes"]) == len(data) > 0
    assert int(lines["in_book_us"]) >= 0 and int(lines["out_of_book_us"]) >= 0
    assert run(capsys, "go", 19) == {"book_bytes": "0"}  # no book on 19x19
