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
