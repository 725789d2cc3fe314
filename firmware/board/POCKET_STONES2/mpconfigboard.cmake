# Pocket Stones on the Raspberry Pi Pico 2: MicroPython's RPI_PICO2 board (RP2350 in its Arm
# Cortex-M33 mode, 4 MB flash) with the app frozen in. It freezes what POCKET_STONES freezes, from
# the same manifest; the port compiles the games' native loops for armv7m on this platform.
set(PICO_BOARD "pico2")
set(PICO_PLATFORM "rp2350-arm-s")
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/../POCKET_STONES/manifest.py)

# The same hot paths as POCKET_STONES compiled for speed (its mpconfigboard.cmake says why).
foreach(name runtime.c obj.c objarray.c binary.c)
    set_source_files_properties(${MICROPY_DIR}/py/${name} PROPERTIES COMPILE_OPTIONS "-O2")
endforeach()
