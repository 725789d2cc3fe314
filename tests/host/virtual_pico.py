"""A virtual Pico for host tests: the MicroPython unix port's REPL behind a pseudo terminal
(socat), which mpremote drives exactly as a Pico's USB serial; its working directory is the
device's filesystem."""

import os
import shutil
import subprocess
import time

import pytest

from host_tools.device import build as builder
from host_tools.paths import PICO_HEAP, tool

SOCAT = shutil.which("socat")
needs_socat = pytest.mark.skipif(SOCAT is None, reason="socat is missing: make system-deps")


class VirtualPico:
    """micropython -i behind a PTY (socat), its working directory `root` as the filesystem.
    boot: a script run first (the unix port's -i keeps the REPL after it)."""

    def __init__(self, folder, boot=None, heap=PICO_HEAP):
        self.folder = folder
        self.root = os.path.join(folder, "root")
        os.makedirs(self.root, exist_ok=True)
        link = os.path.join(folder, "tty")
        command = "%s -X heapsize=%s -i%s" % (tool("micropython"), heap,
                                               " " + boot if boot else "")
        env = dict(os.environ, MICROPYPATH="", HOME=folder)
        self.process = subprocess.Popen(
            [SOCAT, "PTY,link=%s,rawer,echo=0" % link,
             "EXEC:%s,pty,rawer,echo=0,stderr,setsid,ctty" % command],
            cwd=self.root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not os.path.exists(link):
            assert time.monotonic() < deadline and self.process.poll() is None, "socat failed"
            time.sleep(0.02)
        self.port = os.path.realpath(link)  # /dev/pts/N, as a user would give PORT=
        self.mpremote("exec", "print('up')")  # answers once the REPL is up

    def mpremote(self, *words):
        done = subprocess.run([tool("mpremote"), "connect", self.port, "resume"] + list(words),
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    def files(self):
        """{path: sha256} of every file under root, read on the host."""
        found = {}
        for folder, _, names in os.walk(self.root):
            for name in names:
                path = os.path.join(folder, name)
                found[os.path.relpath(path, self.root)] = builder.sha256_file(path)
        return found

    def mtimes(self):
        return {path: os.stat(os.path.join(self.root, path)).st_mtime_ns for path in self.files()}

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)
