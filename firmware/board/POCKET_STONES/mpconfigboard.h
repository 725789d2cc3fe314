// Pocket Stones: RPI_PICO's layout (640 KB of code, then the 1408 KB littlefs filesystem at
// flash offset 0xA0000, where saves live), so `make flash` and this firmware share one filesystem.
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)
#if POCKET_STONES_ROMFS
// The ROMFS variant (mpconfigvariant_ROMFS.cmake): the app is a ROMFS image in the top 256 KB of
// the code space, at flash offset 0x60000 (rp2_flash.c puts it just below the filesystem, which
// stays where it was); the firmware without the app must end below it, and the image must fit
// (host_tools/device/firmware.py checks both).
#define MICROPY_HW_BOARD_NAME                   "Pocket Stones ROMFS (Raspberry Pi Pico)"
#define MICROPY_HW_ROMFS_BYTES                  (256 * 1024)
#else
#define MICROPY_HW_BOARD_NAME                   "Pocket Stones (Raspberry Pi Pico)"
#endif
