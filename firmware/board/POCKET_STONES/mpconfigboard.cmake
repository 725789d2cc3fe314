# Pocket Stones: MicroPython's RPI_PICO board (RP2040, 2 MB flash) with the app frozen in.
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)
