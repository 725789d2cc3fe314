"""pytest set-up shared by every test folder.

tests/engine: rules tests that run on CPython here and on MicroPython
(tests/host/test_micropython.py).
tests/device: driver and input tests that run on both runtimes too.
tests/mp: tests that only make sense on MicroPython (heap_lock); pytest does not collect them.
tests/host: host-side tests (tools, simulator, drivers).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "engine"))  # the shared `support` helpers
sys.path.insert(0, os.path.join(HERE, "device"))

collect_ignore_glob = ["mp/*"]


def pytest_terminal_summary(terminalreporter):
    """The checks the MicroPython runs skipped (tests/host/test_micropython.py collects their
    SKIP lines): listed, so that a check a runtime cannot make is seen as not made there."""
    skipped = [line for name, module in list(sys.modules.items())
               if name.endswith("test_micropython") for line in getattr(module, "SKIPPED", ())]
    if skipped:
        terminalreporter.section("skipped on MicroPython (%d)" % len(skipped))
        for line in skipped:
            terminalreporter.line("SKIP " + line)
