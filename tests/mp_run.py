"""Run test modules under the MicroPython unix port: micropython mp_run.py MODULE [MODULE...].

Imports each module, calls every test_* function, prints one line per failure and a summary
line 'passed N failed M', and exits 1 if anything failed. tests/host/test_micropython.py runs it
with a Pico-sized heap, once over the firmware sources and once over their mpy-cross output.
"""

import gc
import sys


def run(names):
    passed = failed = 0
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
            except Exception as error:  # report every failure, keep going
                failed += 1
                print("FAIL %s.%s: %s: %s" % (name, attr, type(error).__name__, error))
                sys.print_exception(error)
    print("passed %d failed %d" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if run(sys.argv[1:]) else 0)
