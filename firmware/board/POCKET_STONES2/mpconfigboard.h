// Pocket Stones on the Pico 2: RPI_PICO2's layout (1 MB of code, then the littlefs filesystem
// on the other 3 MB of the 4 MB flash, where saves live), so a stock RPI_PICO2 MicroPython and
// this firmware share one filesystem.
#define MICROPY_HW_BOARD_NAME                   "Pocket Stones (Raspberry Pi Pico 2)"
#define MICROPY_HW_FLASH_STORAGE_BYTES          (PICO_FLASH_SIZE_BYTES - 1024 * 1024)
