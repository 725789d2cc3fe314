# The ROMFS variant (make ... BOARD_VARIANT=ROMFS; python -m host_tools.device.firmware --romfs): the same
# board with a ROMFS partition for the app (mpconfigboard.h says where) and only main.py frozen.
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest_romfs.py)
list(APPEND MICROPY_DEF_BOARD POCKET_STONES_ROMFS=1)
