// Pocket Stones: RPI_PICO's layout (640 KB of code, then the 1408 KB littlefs filesystem at
// flash offset 0xA0000, where saves live), so `make flash` and this firmware share one filesystem.
#if POCKET_STONES_ROMFS
// The ROMFS variant (mpconfigvariant_ROMFS.cmake): the app is a ROMFS image of 448 KB at flash
// offset 0x60000, just below the filesystem (rp2_flash.c puts it there), which is 192 KB smaller
// than the frozen build's and starts that much higher: the app no longer fits the frozen build's
// code space beside the firmware. The firmware without the app must end below the image, and
// the image must fit (host_tools/device/firmware.py checks both).
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1216 * 1024)
#define MICROPY_HW_BOARD_NAME                   "Pocket Stones ROMFS (Raspberry Pi Pico)"
#define MICROPY_HW_ROMFS_BYTES                  (448 * 1024)
#else
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)
#define MICROPY_HW_BOARD_NAME                   "Pocket Stones (Raspberry Pi Pico)"
#endif
