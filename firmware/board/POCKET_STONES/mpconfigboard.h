// Pocket Stones: RPI_PICO's layout (640 KB of code, then the 1408 KB littlefs filesystem at
// flash offset 0xA0000, where saves live), so `make flash` and this firmware share one filesystem.
#define MICROPY_HW_BOARD_NAME                   "Pocket Stones (Raspberry Pi Pico)"
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)
