"""Run a script under MicroPython's unix port so that the checkout's path never reaches its heap.

The unix port keeps in its GC heap every string it is handed or builds from a path: sys.argv,
sys.path (MICROPYPATH), and the interned name of every module it loads (`__file__`, the qstr of
its source path). A clone in a longer folder used to need more heap for the same code, and a run
near its limit passed in one folder and ran out of memory in another. So every run goes through
a staging folder: each folder the run needs (the script's, each MICROPYPATH entry, each existing
path among the arguments) becomes a link with a short name fixed by its position (p0, p1...), the
port starts in that folder, and it only ever sees those relative names. The same code then takes
the same heap from any checkout path (tests/host/test_micropython.py proves it from two).

    done = run(script, args, heap="512K", path=[tree, tests])   # a subprocess.CompletedProcess
    command, env, cwd = staged(stage, script, args, heap, path)  # for a Popen of one's own
"""

import os
import subprocess
import tempfile

from host_tools.paths import tool


def _link(stage, links, folder):
    """The short relative name of folder inside stage (made once per folder)."""
    folder = os.path.abspath(folder)
    if folder not in links:
        links[folder] = "p%d" % len(links)
        os.symlink(folder, os.path.join(stage, links[folder]))
    return links[folder]


def _relative(stage, links, path):
    """An absolute path (an existing file or folder, or one inside an existing folder) as the
    linked relative name; anything else (a word, a number) as it is."""
    if not os.path.isabs(path):
        return path
    if os.path.isdir(path):
        return _link(stage, links, path)
    folder, name = os.path.split(path)
    if os.path.isdir(folder):
        return _link(stage, links, folder) + "/" + name
    return path


def staged(stage, script, args=(), heap="512K", path=(), env=None):
    """(command, env, cwd) that run script under the unix port from the staging folder stage
    (an empty folder the caller keeps until the process ends)."""
    links = {}
    command = [tool("micropython"), "-X", "heapsize=" + heap]
    if script is not None:
        command.append(_relative(stage, links, script))
    command += [_relative(stage, links, str(a)) for a in args]
    env = dict(os.environ if env is None else env)
    env["MICROPYPATH"] = ":".join(_relative(stage, links, p) if p else p for p in path)
    return command, env, stage


def run(script, args=(), heap="512K", path=(), timeout=600, env=None, **options):
    """subprocess.run of script under the unix port, staged (above); text output captured."""
    with tempfile.TemporaryDirectory(prefix="mp-") as stage:
        command, env, cwd = staged(stage, script, args, heap, path, env)
        return subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env,
                              cwd=cwd, **options)
