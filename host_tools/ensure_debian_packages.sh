#!/bin/sh
# Install the Debian packages named on the command line where their command is missing.
# Tests and benchmarks drive these programs from outside (socat, gnugo); a clean CI machine has
# neither, so the project installs them itself. Needs root (or sudo) only when something is missing.
# Debian installs games (gnugo) in /usr/games, which is not on every PATH.
PATH="$PATH:/usr/games"
export PATH
missing=""
for pkg in "$@"; do
    command -v "$pkg" >/dev/null 2>&1 || missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0
echo "installing Debian packages:$missing"
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -qq $missing >/dev/null 2>&1 || {
    $SUDO apt-get update -qq >/dev/null 2>&1
    $SUDO apt-get install -y -qq $missing >/dev/null
}
for pkg in $missing; do
    command -v "$pkg" >/dev/null 2>&1 || { echo "could not install $pkg"; exit 1; }
done
