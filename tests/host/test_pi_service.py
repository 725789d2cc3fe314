"""The Raspberry Pi install: the staged file layout, the systemd unit that starts it, and the clean
stop on SIGTERM (display off, exit status 0) of the app as installed."""

import os
import re
import shutil
import signal
import subprocess
import sys
import time

import pytest

from host_tools.paths import BOARDS, FIRMWARE, HARDWARE, ROOT

INSTALL = os.path.join(ROOT, "host_tools", "device", "pi_install.sh")
UNIT = os.path.join(HARDWARE, "pi", "pocket-stones.service")


def read_unit(path=UNIT):
    """The unit as {section: {key: [values]}} (systemd allows a key more than once)."""
    sections = {}
    section = None
    with open(path) as handle:
        for line in handle:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                section = sections.setdefault(line.strip("[]"), {})
                continue
            key, _, value = line.partition("=")
            section.setdefault(key, []).append(value)
    return sections


def install_setting(name):
    with open(INSTALL) as handle:
        return re.search(r"^%s=(\S+)$" % name, handle.read(), re.M).group(1)


@pytest.fixture(scope="module")
def staged(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("pi"))
    done = subprocess.run(["sh", INSTALL, "--stage", root], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return root


def test_the_stage_lays_out_the_app_the_pin_map_and_the_unit(staged):
    prefix = install_setting("PREFIX")
    app = staged + prefix + "/app"
    for rel in ("main.py", "stones/boot.py", "stones/platforms/pi.py",
                "stones/drivers/framebuf_py.py", "stones/drivers/font8x8.py", "stones/help/go.txt"):
        with open(os.path.join(FIRMWARE, rel), "rb") as a, open(os.path.join(app, rel), "rb") as b:
            assert a.read() == b.read(), rel
    assert not [d for d, _, _ in os.walk(app) if d.endswith("__pycache__")]
    with open(os.path.join(BOARDS, "pi.json")) as a, open(
            staged + install_setting("CONFIG_DIR") + "/config.json") as b:
        assert a.read() == b.read()
    unit = staged + install_setting("UNIT_DIR") + "/pocket-stones.service"
    with open(UNIT) as a, open(unit) as b:
        assert a.read() == b.read()


def test_an_edited_pin_map_survives_a_reinstall(tmp_path):
    root = str(tmp_path)
    subprocess.run(["sh", INSTALL, "--stage", root], check=True, capture_output=True)
    config = root + "/etc/pocket-stones/config.json"
    with open(config, "a") as handle:
        handle.write("\n")
    done = subprocess.run(["sh", INSTALL, "--stage", root], capture_output=True, text=True)
    assert done.returncode == 0 and "kept your /etc/pocket-stones/config.json" in done.stdout
    with open(config) as handle:
        assert handle.read().endswith("}\n\n")


def test_a_board_named_is_installed_and_replaces_the_map_keeping_the_old_one(tmp_path):
    root = str(tmp_path)
    config = root + "/etc/pocket-stones/config.json"

    def install(*args):
        return subprocess.run(["sh", INSTALL, "--stage", root] + list(args), capture_output=True,
                              text=True)

    assert install().returncode == 0
    with open(config, "a") as handle:
        handle.write("\n")  # an edited map
    done = install("--board", "adafruit-oled-bonnet")
    assert done.returncode == 0, done.stderr
    assert "the one before is config.json.old" in done.stdout
    with open(os.path.join(BOARDS, "adafruit-oled-bonnet.json")) as a, open(config) as b:
        assert a.read() == b.read()
    with open(config + ".old") as handle:
        assert handle.read().endswith("}\n\n")  # the edited one, kept aside
    # A board that is not a Raspberry Pi's, or none of that name, is refused by name, and the
    # installed map stays.
    for board, said in (("pico", "not a Raspberry Pi board"), ("nonesuch", "no board 'nonesuch'")):
        done = install("--board", board)
        assert done.returncode == 2 and said in done.stderr, done.stderr
        assert "adafruit-oled-bonnet" in done.stderr or board == "pico"
    with open(os.path.join(BOARDS, "adafruit-oled-bonnet.json")) as a, open(config) as b:
        assert a.read() == b.read()


def test_the_unit_starts_the_installed_app_with_the_installed_pin_map(staged):
    from stones import boot

    unit = read_unit()
    service = unit["Service"]
    prefix = install_setting("PREFIX")
    assert service["ExecStart"] == ["%s/venv/bin/python %s/app/main.py" % (prefix, prefix)]
    assert os.path.exists(staged + prefix + "/app/main.py")
    env = dict(value.split("=", 1) for value in service["Environment"])
    assert env["POCKET_STONES_CONFIG"] == boot.INSTALLED_CONFIG
    assert os.path.exists(staged + env["POCKET_STONES_CONFIG"])
    # lgpio's pipes in the runtime folder, the working folder persistent and writable.
    assert env["LG_WD"] == "/run/" + service["RuntimeDirectory"][0]
    assert service["WorkingDirectory"] == ["/var/lib/" + service["StateDirectory"][0]]
    assert set(service["SupplementaryGroups"][0].split()) == {"gpio", "i2c"}
    assert service["KillSignal"] == ["SIGTERM"] and int(service["TimeoutStopSec"][0]) <= 10
    assert service["Restart"] == ["on-failure"]
    assert unit["Install"]["WantedBy"] == ["multi-user.target"]


def systemd_complaints(unit_text, folder):
    """What `systemd-analyze verify` says about a unit, its ExecStart pointed into folder."""
    prefix = install_setting("PREFIX")
    venv_bin = folder + prefix + "/venv/bin"
    os.makedirs(venv_bin, exist_ok=True)
    if not os.path.exists(venv_bin + "/python"):
        os.symlink(sys.executable, venv_bin + "/python")  # the venv's interpreter, stood in
    path = os.path.join(folder, "pocket-stones.service")
    with open(path, "w") as handle:
        handle.write(unit_text.replace("ExecStart=" + prefix, "ExecStart=" + folder + prefix))
    done = subprocess.run(["systemd-analyze", "verify", "--man=no", path],
                          capture_output=True, text=True)
    return done.returncode, [line for line in (done.stdout + done.stderr).splitlines()
                             if "pocket-stones.service" in line]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_systemd_accepts_the_unit(staged, tmp_path):
    with open(UNIT) as handle:
        text = handle.read()
    assert systemd_complaints(text, staged) == (0, [])
    # The same check notices a mistake, so its silence means something.
    code, complaints = systemd_complaints(text.replace("KillSignal=SIGTERM", "KillSignal=SIGTREM"),
                                          str(tmp_path))
    assert any("SIGTREM" in line for line in complaints)


DRIVER = """
import sys
sys.path.insert(0, sys.argv[1])  # the installed app
from gpiozero.pins.mock import MockFactory
from luma.core.device import dummy
from stones import boot, compat
from stones.platforms.pi import make_pi
from stones.ui.app import App

class Panel(dummy):
    def display(self, image):
        super().display(image)
        print("frame", flush=True)

    def hide(self):
        print("display off", flush=True)
        super().hide()

config = boot.load_config()  # $POCKET_STONES_CONFIG, as the unit sets it
assert config is not boot.DEFAULTS and config["board"] == "pi"
panel = Panel(mode="1")
panel.persist = True  # luma's own exit hook stays out: any 'display off' is boot's
buttons, display = make_pi(config, clock=compat, device=panel, pin_factory=MockFactory())
boot.run_until_stopped(App(display, buttons, compat, platform="raspberry pi"), display)
print("returned", flush=True)
"""


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("signum, last", [(signal.SIGTERM, "display off"),
                                          (signal.SIGINT, "returned")])
def test_a_stop_blanks_the_display_and_exits_cleanly(staged, tmp_path, signum, last):
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER)
    env = dict(os.environ, POCKET_STONES_CONFIG=staged + "/etc/pocket-stones/config.json",
               PYTHONUNBUFFERED="1", PYTHONWARNINGS="ignore")
    # SIGINT as a terminal delivers it: a shell starts background jobs with SIGINT ignored,
    # which a child inherits (and Python then never raises KeyboardInterrupt).
    app = subprocess.Popen([sys.executable, str(driver), staged + "/opt/pocket-stones/app"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                           cwd=str(tmp_path),
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert app.stdout.readline().strip() == "frame"  # the menu is on the panel
        time.sleep(0.2)
        started = time.monotonic()
        app.send_signal(signum)
        out, err = app.communicate(timeout=10)
    finally:
        if app.poll() is None:
            app.kill()
    assert time.monotonic() - started < 3
    assert app.returncode == 0, err
    lines = out.split()
    assert "display off" in out and out.strip().splitlines()[-1] == last
    assert "Traceback" not in err, err
    assert lines.count("display") == 1
