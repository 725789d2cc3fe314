"""What make firmware built for each chip, read from its files (the emulated RP2040 cannot run an
RP2350, so for the Pico 2 this is the strongest check that runs off the board; docs/device.md
says what only a real one confirms): the UF2's blocks carry the chip's family ID and land in its
flash, the firmware's ELF is for the chip's core, and the frozen .mpy files' native code is
compiled for the architecture MicroPython's rp2 port uses there. A UF2 not built here is SKIPped
with the command that builds it."""

import glob
import os
import struct
import subprocess

import pytest

from host_tools.device import firmware

UF2_FLAG_FAMILY = 0x2000  # the UF2 spec: the block's last header word is its family ID
ABSOLUTE_FAMILY = 0xE48BFF57  # picotool's block that RP2350 boot ROMs read as "absolute"
FLASH_SIZE = {"rp2040": 2 << 20, "rp2350": 4 << 20}
CORES = {"rp2040": "v6S-M", "rp2350": "v8-M.mainline"}  # readelf's Tag_CPU_arch
BOARDS = {"rp2040": None, "rp2350": "pico2"}  # a board file of each chip


def built(chip):
    board = BOARDS[chip]
    uf2 = firmware.board_out(board)
    folder = firmware.board_build(None, firmware.CHIP_BOARD_DIRS[chip])
    if not os.path.exists(uf2) or not os.path.exists(os.path.join(folder, "firmware.elf")):
        pytest.skip("no %s (make firmware%s)" % (os.path.relpath(uf2, firmware.ROOT),
                                                 " BOARD=%s" % board if board else ""))
    return uf2, folder


def blocks(data):
    """The UF2's blocks as (flags, address, size, number, count, family), checked whole."""
    assert len(data) % 512 == 0
    found = []
    for offset in range(0, len(data), 512):
        head = struct.unpack_from("<8I", data, offset)
        assert head[:2] == firmware.UF2_MAGIC[:2], "block %d" % (offset // 512)
        assert struct.unpack_from("<I", data, offset + 508)[0] == firmware.UF2_MAGIC[2]
        assert head[2] & UF2_FLAG_FAMILY
        found.append(head[2:])
    return found


@pytest.mark.parametrize("chip", sorted(BOARDS))
def test_the_uf2_is_for_its_chip_and_its_flash(chip):
    uf2, _ = built(chip)
    with open(uf2, "rb") as handle:
        found = blocks(handle.read())
    family = firmware.UF2_FAMILIES[chip]
    main = [block for block in found if block[5] == family]
    others = [block for block in found if block[5] != family]
    # The RP2350's UF2 may open with one block of the absolute family (picotool's workaround
    # for erratum RP2350-E10), which numbers itself apart; nothing else is of another family.
    assert all(block[5] == ABSOLUTE_FAMILY and chip == "rp2350" and block[4] == 2
               for block in others), others
    assert len(main) > 1000  # MicroPython and the app
    assert [block[3] for block in main] == list(range(len(main)))
    assert {block[4] for block in main} == {len(main)}
    for _flags, address, size, *_ in main:
        assert size == 256 and address % 256 == 0
        assert firmware.FLASH_BASE <= address < firmware.FLASH_BASE + FLASH_SIZE[chip]
    other = {value for key, value in firmware.UF2_FAMILIES.items() if key != chip}
    assert not other & {block[5] for block in found}  # an RP2040 never takes an RP2350's


@pytest.mark.parametrize("chip", sorted(BOARDS))
def test_the_firmware_and_its_native_code_are_for_the_chip_s_core(chip):
    _, folder = built(chip)
    done = subprocess.run(["arm-none-eabi-readelf", "-A", os.path.join(folder, "firmware.elf")],
                          capture_output=True, text=True)
    if done.returncode:
        pytest.skip("arm-none-eabi-readelf failed: %s" % done.stderr.strip())
    assert "Tag_CPU_arch: %s\n" % CORES[chip] in done.stdout, done.stdout
    name, arch = firmware.MPY_ARCHES[chip]
    native = {}
    for path in glob.glob(os.path.join(folder, "frozen_mpy", "stones", "**", "*.mpy"),
                          recursive=True):
        with open(path, "rb") as handle:
            head = handle.read(4)
        assert head[:2] == b"M\x06", path  # .mpy version 6: MicroPython 1.2x
        if head[2] >> 2:  # the arch field: set where the file holds machine code
            native[os.path.relpath(path, folder)] = head[2] >> 2
    assert set(native.values()) == {arch}, "%s: %s" % (name, native)
    # the move loops of every game and the search's, as machine code
    for module in ("engine/searchviper", "engine/go/viper", "engine/loose/viper",
                   "engine/loupe/viper", "engine/offshore/viper"):
        assert os.path.join("frozen_mpy", "stones", module + ".mpy") in native, module
