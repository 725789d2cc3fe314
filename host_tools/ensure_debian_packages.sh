#!/bin/sh
# Install the Debian packages named on the command line where their command is missing.
# Tests and benchmarks drive these programs from outside (socat, gnugo); a clean CI machine has
# neither, so the project installs them itself. Needs root (or sudo) only when something is missing.
# PACKAGE:COMMAND names the command a package brings when the names differ, PACKAGE:/PATH a file
# (a library without a command): gcc-arm-none-eabi:arm-none-eabi-gcc.
# Debian installs games (gnugo) in /usr/games, which is not on every PATH.
PATH="$PATH:/usr/games"
export PATH
missing=""
present() {
    case "$1" in
        /*) [ -e "$1" ] ;;
        *) command -v "$1" >/dev/null 2>&1 ;;
    esac
}
for spec in "$@"; do
    pkg=${spec%%:*}
    what=${spec#*:}
    present "$what" || missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0
echo "installing Debian packages:$missing"
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -qq $missing >/dev/null 2>&1 || {
    $SUDO apt-get update -qq >/dev/null 2>&1
    $SUDO apt-get install -y -qq $missing >/dev/null
}
for spec in "$@"; do
    present "${spec#*:}" || { echo "could not install ${spec%%:*}"; exit 1; }
done
