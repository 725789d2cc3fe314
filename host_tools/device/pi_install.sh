#!/bin/sh
# Install Pocket Stones on this Raspberry Pi, as a service that starts the game at boot:
#
#     sudo make install-pi            (or: sudo sh host_tools/device/pi_install.sh)
#     sudo make install-pi BOARD=adafruit-oled-bonnet     (--board NAME: that board's pin map)
#
# Run it from a clone of the repository, on Raspberry Pi OS (Bookworm or later); run it again to
# update. It puts
#     /opt/pocket-stones/app       the firmware (CPython runs it as it is), precompiled
#     /opt/pocket-stones/venv      a virtual environment with luma.oled and gpiozero
#                                  (hardware/pi/requirements.txt; Pillow, lgpio and numpy,
#                                  for the learned policy's forward pass, from apt)
#     /etc/pocket-stones/config.json    the pin map, from hardware/boards/pi.json or the board
#                                  named (an edited one is kept; one named replaces it, the old
#                                  one kept as config.json.old)
#     /etc/systemd/system/pocket-stones.service    hardware/pi/pocket-stones.service, enabled
# and switches I2C on at 400 kHz (raspi-config, and dtparam=i2c_arm_baudrate in config.txt).
#
#     --stage DIR    only lay the files out under DIR as if it were / (no apt, no venv, no
#                    boot config, no systemctl): for packaging, and for tests/host/test_pi_service
#     --board NAME   hardware/boards/NAME.json (a Raspberry Pi board) as the pin map
set -eu

PREFIX=/opt/pocket-stones
CONFIG_DIR=/etc/pocket-stones
UNIT_DIR=/etc/systemd/system
UNIT=pocket-stones.service
HERE=$(cd "$(dirname "$0")/../.." && pwd)  # the clone (this script is in host_tools/device/)

case " $* " in
    *" --stage "*|*" -h "*|*" --help "*) ;;
    *) if [ "$(id -u)" != 0 ]; then
           echo "pi_install: needs root: running it again with sudo"
           exec sudo sh "$0" "$@"
       fi ;;
esac

STAGE=""
BOARD=""
while [ $# -gt 0 ]; do
    case "$1" in
        --stage) STAGE=$2; shift 2 ;;
        --board) BOARD=$2; shift 2 ;;
        -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
        *) echo "pi_install.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
done

say() { echo "pi_install: $*"; }

ROOT=${STAGE%/}  # every path below is $ROOT/...: empty on a real install

# The pin map: the board named, checked to be a Raspberry Pi board, else the default.
MAP="$HERE/hardware/boards/${BOARD:-pi}.json"
if [ ! -f "$MAP" ]; then
    echo "pi_install.sh: no board '$BOARD': the boards are" \
        "$(cd "$HERE/hardware/boards" && ls *.json | sed 's/\.json$//' | tr '\n' ' ')" >&2
    exit 2
fi
if ! grep -q '"board": *"pi"' "$MAP"; then
    echo "pi_install.sh: board '$BOARD' is not a Raspberry Pi board (it is built into a UF2:" \
        "make firmware BOARD=$BOARD)" >&2
    exit 2
fi

# 1. System packages, I2C on at 400 kHz.
if [ -z "$STAGE" ]; then
    say "installing system packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq python3-venv python3-pil python3-numpy i2c-tools >/dev/null
    # gpiozero's pin library: lgpio on Bookworm; RPi.GPIO on older releases.
    apt-get install -y -qq python3-lgpio >/dev/null 2>&1 \
        || apt-get install -y -qq python3-rpi.gpio >/dev/null
    for group in gpio i2c; do
        getent group "$group" >/dev/null || groupadd --system "$group"
    done
    apt-get install -y -qq python3-spidev >/dev/null 2>&1 || true  # else pip builds spidev
    if command -v raspi-config >/dev/null 2>&1; then
        raspi-config nonint do_i2c 0  # 0 means "enable"
        if grep -q '"interface": *"spi"' "$MAP"; then
            raspi-config nonint do_spi 0  # the board's panel is on SPI0
            say "SPI switched on for the panel"
        fi
    fi
    BOOT_CONFIG=/boot/firmware/config.txt
    [ -f "$BOOT_CONFIG" ] || BOOT_CONFIG=/boot/config.txt
    if [ -f "$BOOT_CONFIG" ] && ! grep -q '^dtparam=i2c_arm_baudrate' "$BOOT_CONFIG"; then
        echo "dtparam=i2c_arm_baudrate=400000" >>"$BOOT_CONFIG"
        say "I2C set to 400 kHz in $BOOT_CONFIG: it applies after a reboot"
    fi
fi

# 2. The app: the firmware tree, as CPython runs it.
say "installing the app in $ROOT$PREFIX/app"
mkdir -p "$ROOT$PREFIX"
rm -rf "$ROOT$PREFIX/app.new"
cp -R "$HERE/firmware" "$ROOT$PREFIX/app.new"
find "$ROOT$PREFIX/app.new" -name __pycache__ -prune -exec rm -rf {} +
rm -rf "$ROOT$PREFIX/app"
mv "$ROOT$PREFIX/app.new" "$ROOT$PREFIX/app"

# 3. The virtual environment, and the app precompiled (the service cannot write __pycache__).
if [ -z "$STAGE" ]; then
    say "making the virtual environment in $PREFIX/venv"
    [ -x "$PREFIX/venv/bin/python" ] || python3 -m venv --system-site-packages "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install --quiet --disable-pip-version-check \
        -r "$HERE/hardware/pi/requirements.txt"
    "$PREFIX/venv/bin/python" -m compileall -q "$PREFIX/app"
    "$PREFIX/venv/bin/python" -c "import luma.oled.device, gpiozero, PIL"
fi

# 4. The pin map: a config.json the user edited is kept, unless a board is named.
mkdir -p "$ROOT$CONFIG_DIR"
SHIPPED="hardware/boards/${BOARD:-pi}.json"
if [ ! -f "$ROOT$CONFIG_DIR/config.json" ]; then
    cp "$MAP" "$ROOT$CONFIG_DIR/config.json"
    say "pin map: $CONFIG_DIR/config.json (from $SHIPPED)"
elif cmp -s "$MAP" "$ROOT$CONFIG_DIR/config.json"; then
    :
elif [ -n "$BOARD" ]; then
    mv "$ROOT$CONFIG_DIR/config.json" "$ROOT$CONFIG_DIR/config.json.old"
    cp "$MAP" "$ROOT$CONFIG_DIR/config.json"
    say "pin map: $CONFIG_DIR/config.json (from $SHIPPED; the one before is config.json.old)"
else
    say "kept your $CONFIG_DIR/config.json; $SHIPPED differs (diff them to compare)"
fi

# 5. The service.
mkdir -p "$ROOT$UNIT_DIR"
cp "$HERE/hardware/pi/$UNIT" "$ROOT$UNIT_DIR/$UNIT"
if [ -z "$STAGE" ]; then
    systemctl daemon-reload
    systemctl enable "$UNIT" >/dev/null 2>&1
    systemctl restart "$UNIT"
    say "done: the game runs now and at every boot (journalctl -u pocket-stones for its log;"
    say "sudo systemctl stop pocket-stones blanks the display and stops it)"
else
    say "staged in $STAGE"
fi
