"""Comments say what and why: no measurement that will rot, no tracker outside the repository.

Figures live in docs/benchmarks.md (rendered from results files) and experiments in
docs/journal.md; a comment that quotes a timing or a win rate is out of date the day the code or
the build changes, and "issue N" points at a tracker a reader of the repository cannot open.
"""

import os
import re

from host_tools.paths import FIRMWARE, ROOT

TRACKER = re.compile(r"\bissue\s+#?\d+", re.IGNORECASE)
OLD_VERSION = re.compile(r"\bversion 0\.1\b|\bv0\.1\b", re.IGNORECASE)
# a timing in seconds, a percentage, a tally of games or positions, a match result
MEASUREMENT = re.compile(r"\d\.\d+ ?s\b|\d+(\.\d+)?%|\d+ of \d+ (games|positions)|\bwon \d",
                         re.IGNORECASE)
# Register values and generated tables are not measurements.
ALLOWED = {
    "firmware/stones/drivers/ssd1306.py": ("oscillator +15%",),
}
# (the learned policy's weights carry their provenance: the held-out figures they were made with;
# the opening books theirs, and their bytes)
GENERATED = ("firmware/stones/engine/go/patterns.py", "firmware/stones/engine/go/prior.py",
             "firmware/stones/engine/go/policyweights.py", "firmware/stones/engine/go/book.py",
             "firmware/stones/engine/loose/book.py", "firmware/stones/engine/loupe/book.py",
             "firmware/stones/engine/offshore/book.py",
             "firmware/stones/engine/loose/policyweights.py",
             "firmware/stones/engine/loupe/policyweights.py",
             "firmware/stones/engine/offshore/policyweights.py")


def sources(*tops):
    for top in tops:
        for folder, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if d not in ("node_modules", "__pycache__")]
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    yield os.path.relpath(path, ROOT), path


def hits(pattern, *tops, allowed=None):
    found = []
    for rel, path in sources(*tops):
        if rel in GENERATED:
            continue
        with open(path) as handle:
            for number, line in enumerate(handle, 1):
                if pattern.search(line) and not any(
                        ok in line for ok in (allowed or {}).get(rel, ())):
                    found.append("%s:%d: %s" % (rel, number, line.strip()))
    return found


def test_no_reference_to_a_tracker_outside_the_repository():
    assert hits(TRACKER, FIRMWARE, os.path.join(ROOT, "host_tools"),
                os.path.join(ROOT, "tests")) == []


def test_firmware_names_no_old_version():
    assert hits(OLD_VERSION, FIRMWARE) == []


def test_firmware_comments_carry_no_measurements():
    assert hits(MEASUREMENT, FIRMWARE, allowed=ALLOWED) == []


def test_the_patterns_catch_what_they_are_for():
    issue = "iss" + "ue"  # spelt apart so that this file passes its own check
    for text in ("(%s 11)", "%s #3", "started %s 2:"):
        assert TRACKER.search(text % issue), text
    assert OLD_VERSION.search("0 is version 0.1's uniform player")
    for text in ("1.49-1.84 s on average", "took 2.24 s on side 7", "won 266 of 400 (66.5%)",
                 "same move on 139 of 139 positions", "cost a Pico 20-90% of the search"):
        assert MEASUREMENT.search(text), text
    for text in ("_THINK_MS = const(100)", "a 3x3 shape", "side 7", "the top Pico level"):
        assert not MEASUREMENT.search(text), text
