"""The build: what firmware/manifest.py lists, compiled by mpy-cross, with a hash manifest."""

import hashlib
import json
import os
import re
import runpy
import shutil
import subprocess
import sys

import pytest

from host_tools.device import build as builder
from host_tools.paths import FIRMWARE, ROOT, tool

HOST_ONLY = ("stones/cpython", "stones/platforms/fakes", "stones/drivers/framebuf_py",
             "stones/drivers/font8x8", "stones/platforms/pi", "stones/platforms/workers",
             "stones/platforms/web", "stones/engine/policynp", "stones/platforms/netpipe",
             "stones/link/lan", "stones/ui/lan", "stones/ui/address",
             "stones/platforms/serialpipe")


@pytest.fixture
def firmware(tmp_path):
    """A copy of the firmware (others may be editing the real one; some tests change it)."""
    copy = str(tmp_path / "firmware")
    shutil.copytree(FIRMWARE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


@pytest.fixture
def built(tmp_path, firmware):
    out = str(tmp_path / "build")
    return out, builder.build(out, firmware=firmware), firmware


def tree(folder):
    found = set()
    for path, _, names in os.walk(folder):
        found |= {os.path.relpath(os.path.join(path, n), folder) for n in names}
    return found


def test_the_build_holds_exactly_the_device_files(built):
    out, manifest, firmware = built
    assert tree(out) == set(manifest["files"]) | {"build.json"}
    sources = {os.path.relpath(os.path.join(path, n), firmware)
               for path, _, names in os.walk(os.path.join(firmware, "stones")) for n in names}
    for source in sources:
        stem = source[:-3]
        if stem in HOST_ONLY:
            assert stem + ".mpy" not in manifest["files"] and stem + ".py" not in manifest["files"]
        elif source.endswith(".py"):
            assert stem + ".mpy" in manifest["files"]  # every module compiled, none as source
        else:
            assert source in manifest["files"]  # data (the rule texts) copied as they are
    assert "main.py" in manifest["files"]  # MicroPython boots main.py by name: source
    assert [p for p in manifest["files"] if p.endswith(".py")] == ["main.py"]


# The modules with machine code: the engines' loops and helpers, and the compact font's glyphs.
NATIVE = sorted(["stones/engine/%s.mpy" % g for g in
                 ("game", "gameviper", "go/rules", "go/features", "go/viper", "policyviper",
                  "policyasm",
                  "loose/rules", "loose/viper", "loupe/rules", "loupe/viper", "offshore/rules",
                  "offshore/viper", "searchviper")] + ["stones/ui/draw.mpy",
                                                         "stones/drivers/st7789viper.mpy"])


def test_the_manifest_tells_the_truth(built):
    out, manifest, firmware = built
    with open(os.path.join(out, "build.json")) as handle:
        assert json.load(handle) == {k: v for k, v in manifest.items() if k != "compiled"}
    for path, entry in manifest["files"].items():
        with open(os.path.join(out, path), "rb") as handle:
            data = handle.read()
        assert entry["size"] == len(data)
        assert entry["sha256"] == hashlib.sha256(data).hexdigest()
    init = runpy.run_path(os.path.join(firmware, "stones", "__init__.py"))
    assert manifest["version"] == init["VERSION"]
    banner = subprocess.run([tool("mpy-cross"), "--version"], capture_output=True,
                            text=True).stdout
    major, sub = re.search(r"mpy v(\d+)\.(\d+)", banner).groups()
    assert manifest["mpy"] == [int(major), int(sub)]
    assert manifest["small_int_bits"] == 31  # Pico-sized ints
    # the games' move loops are Cortex-M0+ machine code (arch 4 = armv6m), the rest bytecode
    assert manifest["native"] is True and manifest["arch"] == "armv6m"
    native = []
    for path in manifest["files"]:
        if path.endswith(".mpy"):
            version, flags, _ = builder.mpy_header(os.path.join(out, path))
            assert version == int(major) and flags in (0, 4 << 2 | int(sub))
            if flags:
                native.append(path)
    assert sorted(native) == NATIVE


def test_a_bytecode_build_for_ports_without_a_native_emitter(tmp_path):
    manifest = builder.build(str(tmp_path), arch="none")
    assert manifest["native"] is False and manifest["arch"] == "none"
    for path in manifest["files"]:
        if path.endswith(".mpy"):
            assert builder.mpy_header(os.path.join(str(tmp_path), path))[1] == 0
    assert not [name for _, _, names in os.walk(str(tmp_path / "stones" / "engine"))
                for name in names if not name.endswith(".mpy")]  # the stripped sources were
    # temporary
    # viper code has no bytecode form: the fast loops stay out, and the games play their _run
    assert "stones/engine/go/rules.mpy" in manifest["files"]
    assert not [path for path in manifest["files"] if path.endswith("viper.mpy")]
    assert "stones/engine/policyasm.mpy" not in manifest["files"]  # Thumb code: ARM only
    with pytest.raises(builder.BuildError, match="unknown architecture"):
        builder.build(str(tmp_path / "other"), arch="z80")


def test_optimised_without_docstrings_or_host_paths(built):
    out, manifest, firmware = built
    with open(os.path.join(firmware, "stones", "boot.py")) as handle:
        source = handle.read()
    docstring = "This is the one place that knows which backend runs"
    assert docstring in source
    with open(os.path.join(out, "stones", "boot.mpy"), "rb") as handle:
        compiled = handle.read()
    assert docstring.encode() not in compiled
    assert b"stones/boot.py" in compiled and firmware.encode() not in compiled
    assert manifest["optimise"] == 2


def test_rebuilding_compiles_only_what_changed_and_drops_what_went(built):
    out, manifest, firmware = built
    assert manifest["compiled"] == len(manifest["files"])
    assert builder.build(out, firmware=firmware)["compiled"] == 0
    with open(os.path.join(firmware, "stones", "ui", "keys.py"), "a") as handle:
        handle.write("\nEXTRA = 1\n")
    os.remove(os.path.join(firmware, "stones", "help", "loose.txt"))
    again = builder.build(out, firmware=firmware)
    assert again["compiled"] == 1
    changed = {p for p in again["files"]
               if again["files"][p]["sha256"] != manifest["files"][p]["sha256"]}
    assert changed == {"stones/ui/keys.mpy"}
    assert set(manifest["files"]) - set(again["files"]) == {"stones/help/loose.txt"}
    assert not os.path.exists(os.path.join(out, "stones", "help", "loose.txt"))


def test_the_same_sources_give_the_same_bytes(tmp_path, built):
    out, manifest, firmware = built
    other = builder.build(str(tmp_path / "other"), firmware=firmware)
    assert {p: e["sha256"] for p, e in other["files"].items()} == {
        p: e["sha256"] for p, e in manifest["files"].items()}


def test_a_folder_that_is_not_a_build_is_not_swept(tmp_path, firmware):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    builder.build(str(out), firmware=firmware)
    assert (out / "notes.txt").read_text() == "mine"


def test_a_syntax_error_names_the_file(tmp_path, firmware):
    with open(os.path.join(firmware, "stones", "ui", "keys.py"), "a") as handle:
        handle.write("\ndef broken(:\n")
    with pytest.raises(builder.BuildError, match="stones/ui/keys.py"):
        builder.build(str(tmp_path / "out"), firmware=firmware)


def test_compile_firmware_still_serves_the_test_tree(tmp_path):
    written = builder.compile_firmware(str(tmp_path), host_only=True)
    assert "stones/platforms/fakes.mpy" in written and "main.py" in written
    assert set(written) == tree(str(tmp_path))


def test_the_command_line(tmp_path):
    out = str(tmp_path / "b")
    done = subprocess.run([sys.executable, "-m", "host_tools.device.build", "--out", out],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert re.match(r"build \S+: \d+ files, [\d.]+ KB, \.mpy v6\.\d \(armv6m machine code\) "
                    r"from mpy-cross", done.stdout)
    missing = subprocess.run([sys.executable, "-m", "host_tools.device.build", "--out", out,
                              "--mpy-cross", str(tmp_path / "nowhere")],
                             capture_output=True, text=True, cwd=ROOT)
    assert missing.returncode == 1 and "cannot run mpy-cross" in missing.stderr


def test_the_pico_build_s_machine_code_is_freed_with_its_module(built):
    """A Pico loads machine code into its GC heap and pins code that needs relocating on a list
    that is never emptied; the app imports an engine again for each game, so such code would
    leak a few KB a game. The games' move loops and the helpers they call (the group helpers
    of game.py, Go's replies and learnt priors, Loose's replies and stone count, OffShore's hull
    painting), the compact font's glyphs, and the viper loops (each game's viper.py, the
    search's searchviper.py, game.py's history loops, gameviper.py, the learned policy's layer,
    policyviper.py, its Thumb code, policyasm.py, and the colour panel's page expansion,
    drivers/st7789viper.py) need none
    (no rodata, no bss, no relocations): they are freed like bytecode."""
    out, manifest, _ = built
    found = {}
    for path in manifest["files"]:
        if path.endswith(".mpy"):
            found[path] = builder.native_code(os.path.join(out, path))  # parses to the end
    native = {path: code for path, code in found.items() if code}
    assert sorted(native) == NATIVE
    for path, code in native.items():
        for kind, size, scope in code:
            viper = path.endswith("viper.mpy")
            assert kind == (builder.MP_CODE_NATIVE_VIPER if viper else builder.MP_CODE_NATIVE_ASM
                            if path.endswith("policyasm.mpy") else builder.MP_CODE_NATIVE_PY)
            assert not scope & (builder.SCOPE_VIPERRELOC | builder.SCOPE_VIPERRODATA
                                | builder.SCOPE_VIPERBSS), path
            if not path.endswith("policyasm.mpy"):  # (its helpers are a few instructions)
                assert size > 100  # the machine code itself (the smallest: Loose's stone count)
        assert max(size for _, size, _ in code) > 100, path
        if not path.endswith(("game.mpy", "gameviper.mpy", "searchviper.mpy", "draw.mpy",
                              "policyviper.mpy", "policyasm.mpy", "st7789viper.mpy")):
            assert max(size for _, size, _ in code) > 2000, path  # the move loop


def test_a_board_build_folder_made_for_another_checkout_is_made_afresh(tmp_path):
    """A build/ copied from another checkout keeps CMake's absolute paths to that one: building
    there would write into it. make firmware removes such a folder and says so; its own stays."""
    from host_tools.device import firmware

    folder = tmp_path / "build-POCKET_STONES"
    folder.mkdir()
    cache = folder / "CMakeCache.txt"
    cache.write_text("# This is the CMakeCache file.\n# For build in directory: %s\n" % folder)
    assert not firmware.own_build_dir(str(folder)) and cache.exists()
    cache.write_text("# For build in directory: /elsewhere/build/pico-firmware/build-X\n")
    assert firmware.own_build_dir(str(folder)) and not folder.exists()
    assert not firmware.own_build_dir(str(folder))  # nothing there: nothing to do
