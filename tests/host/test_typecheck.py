"""firmware/ type-checked against MicroPython v1.28's rp2 stubs (basedpyright, pyrightconfig.json):
no errors, and a call the rp2 port does not have is one (so the check is really against the port).
make lint runs the same check; the stubs live in .venv/rp2-stubs (make test and make lint put
them there)."""

import json
import os
import subprocess

from host_tools.paths import ROOT, tool

STUBS = os.path.join(ROOT, ".venv", "rp2-stubs", "machine.pyi")


def setup_module():
    # no skip: a check that quietly does not run is no check (make test installs both)
    assert os.path.exists(tool("basedpyright")), "basedpyright is missing (requirements.txt)"
    assert os.path.exists(STUBS), "the rp2 stubs are missing: make test installs them"


def check(*files):
    done = subprocess.run([tool("basedpyright"), "--outputjson", *files], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    report = json.loads(done.stdout)
    return [d for d in report["generalDiagnostics"] if d["severity"] == "error"], report


def test_firmware_has_no_type_errors_against_the_rp2_port():
    errors, report = check()
    assert report["summary"]["filesAnalyzed"] >= 40
    assert not errors, "\n".join("%s:%d %s" % (e["file"], e["range"]["start"]["line"] + 1,
                                                e["message"]) for e in errors)


def test_a_call_the_rp2_port_lacks_is_an_error(tmp_path):
    path = tmp_path / "wrong.py"
    path.write_text(
        "import machine\n"
        "import os\n"
        "machine.Pin(2, machine.Pin.IN).toggle_fast()\n"  # no such method
        "os.environ.get('HOME')\n"  # the rp2 port's os has no environ
        "machine.I2C(0).writeto(60)\n"  # writeto needs the bytes too
    )
    errors, _ = check(str(path))
    lines = sorted(e["range"]["start"]["line"] + 1 for e in errors)
    assert lines == [3, 4, 5], errors
