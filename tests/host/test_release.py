"""make release (host_tools/device/release.py), on a fake build: the plan names a UF2 for every
board file a Pico runs and the Pi bundle, each with the version; every file's SHA-256 in
SHA256SUMS is its own; the bundle holds what make install-pi needs, is the same bytes when made
again, and installs (staged) from where it is unpacked; a missing UF2 is named."""

import hashlib
import os
import subprocess
import tarfile

import pytest

from host_tools.device import firmware, hardware, release
from host_tools.paths import ROOT


def fake_builder(folder):
    def build(board):
        path = os.path.join(folder, "%s.uf2" % board)
        with open(path, "wb") as handle:
            handle.write(b"UF2\n" + board.encode() * 512)  # one file of its own a board
        return path
    return build


def test_the_plan_lists_every_pico_board_once_and_the_pi_bundle():
    version = release.version()
    with open(os.path.join(ROOT, "firmware", "stones", "__init__.py")) as handle:
        assert 'VERSION = "%s"' % version in handle.read()
    names = [name for name, _ in release.plan()]
    picos = [n for n in hardware.board_names() if hardware.load_map(n)["board"] == "pico"]
    assert names == ["pocket-stones-%s-%s.uf2" % (version, n) for n in picos] + [
        "pocket-stones-%s-pi.tar.gz" % version]
    assert {"pico", "pico2", "picoboy"} <= set(picos) and "pi" not in picos
    assert len(set(names)) == len(names)


def test_a_release_s_checksums_verify_and_its_bundle_installs(tmp_path):
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "pocket-stones-0.0.1-pico.uf2").write_bytes(b"an older release")
    written = release.release(str(dist), builder=fake_builder(str(tmp_path)))
    sums = release.checksums(str(dist))
    assert sorted(os.listdir(dist)) == sorted([name for name, _ in release.plan()] + ["SHA256SUMS"])
    assert sorted(sums) == sorted(name for name, _ in release.plan())
    for path in written[:-1]:
        with open(path, "rb") as handle:
            assert sums[os.path.basename(path)] == hashlib.sha256(handle.read()).hexdigest()
    assert (dist / ("pocket-stones-%s-pico2.uf2" % release.version())).read_bytes().startswith(
        b"UF2\npico2")
    bundle = dist / ("pocket-stones-%s-pi.tar.gz" % release.version())
    top = "pocket-stones-%s-pi/" % release.version()
    with tarfile.open(bundle) as tar:
        members = {member.name: member for member in tar.getmembers()}
        for need in ("host_tools/device/pi_install.sh", "firmware/stones/__init__.py",
                     "firmware/main.py", "hardware/pi/pocket-stones.service",
                     "hardware/pi/requirements.txt", "hardware/boards/pi.json", "Makefile"):
            assert top + need in members, need
        assert all(name.startswith(top) and "__pycache__" not in name for name in members)
        assert members[top + "host_tools/device/pi_install.sh"].mode == 0o755
        tar.extractall(tmp_path / "unpacked", filter="data")
    again = tmp_path / "again.tar.gz"
    release.pi_bundle(str(again))
    assert again.read_bytes() == bundle.read_bytes()
    stage = tmp_path / "stage"
    script = tmp_path / "unpacked" / top / "host_tools" / "device" / "pi_install.sh"
    done = subprocess.run(["sh", str(script), "--stage", str(stage)], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (stage / "opt/pocket-stones/app/stones/__init__.py").exists()
    assert (stage / "etc/pocket-stones/config.json").exists()


def test_a_release_from_the_build_folder_names_a_missing_uf2(tmp_path, monkeypatch):
    monkeypatch.setattr(firmware, "board_out", lambda board: str(tmp_path / ("%s.uf2" % board)))
    boards = release.pico_boards()
    missing = boards[-1]  # every board's UF2 made but the last one's
    with pytest.raises(firmware.FirmwareError, match="make firmware BOARD=%s first" % missing):
        for board in boards[:-1]:
            fake_builder(str(tmp_path))(board)
        release.release(str(tmp_path / "dist"), build=False)
