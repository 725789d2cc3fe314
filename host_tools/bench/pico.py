"""The Pico's figures, measured on the emulated RP2040: python -m host_tools.bench.pico.

make bench runs it. Every figure is emulated: build/pocket-stones.uf2 (make firmware) on
host_tools/pico/pico.mjs:
rp2040js's Cortex-M0+ cycle counts at 125 MHz, the 16 KB XIP flash cache model (a miss stalls 60
cycles), flash erase/program at W25Q16JV typical times, the SSD1306 on I2C at 400 kHz. Not a
board: the model's limits are in pico.mjs. Nothing here is a test; targets are printed beside
and the figures go to docs/results/pico.json (results.py; not with --uf2 or --size).

    engines   host_tools/bench/mp/bench_engine.py on the device: random playouts a second with the
              firmware as shipped (frozen, native move loops, code in flash), with make build's
              .mpy files on the filesystem (which shadows the frozen package; native code in
              RAM), and as bytecode (make build ARCH=none on the filesystem), the
              heap of the engine and of a game in progress (frozen: code takes no heap)
    app       host_tools/bench/mp/pico_app.py: the app built as on a Pico, White the device at
              its top Pico level: live heap at the menu, in the game, the peak while the device
              thinks, the time of each device move through the app's own loop
    ui        host_tools/bench/mp/bench_ui.py on the device tree (the firmware plus the simulator's
              fakes, .mpy files on the filesystem, so this code runs from RAM): cursor-move and
              placement redraw, autosave compute
    boot      from reset to the menu's frame on the bus: first power-on (the filesystem is
              formatted) and a later one
    size      the UF2 file's bytes and the firmware's text, data and bss (its ELF, as make
              firmware built it; not with --uf2)
    latency   a d-pad press to the frame that shows the cursor moved, on the bus, while the device
              ponders on the player's turn (Go 9x9 and 19x19 against the top Pico level), and the
              same with Ponder off: the GPIO edge is set in emulated time and the frame found by
              watching the panel's RAM as the I2C traffic fills it (press_gaps)
    learned   host_tools/bench/mp/bench_learned.py, frozen: the learned root knowledge
              (Game.learned: Go's policy, policyviper's forward pass) on each board, its time
              and the heap of its buffers
    book      host_tools/bench/mp/bench_book.py, frozen: each opening book's bytes in flash, the
              heap its import keeps, a lookup's time in the book and past it
    colour    host_tools/bench/mp/bench_colour.py on a colour board's UF2 (--board, default
              COLOUR_BOARD: make firmware BOARD=...), the frozen ST7789 driver on the board's
              SPI as the firmware makes it: a full redraw (every page changed), a one-page
              change, the whole panel with its border, and the heap the driver keeps; the
              glass the emulated panel decoded is checked against the frame
    link      two emulated Picos cabled UART to UART (host_tools/pico/linked.py, the DIY Pico's
              link pins): a linked Go 9x9 game, and for each move the emulated ms from the A
              button's edge on the device that plays to the end of the bus transfer that puts
              the stone on the other device's panel, each way (the moves' frames, the bytes'
              10 bit times at the link's baud and both app loops included)
    routes    (only with --only routes) the two ways to ship the app side by side, in one run:
              build/pocket-stones.uf2 (the app frozen) and build/pocket-stones-romfs.uf2 (make
              firmware's --romfs: the app's .mpy files in a ROMFS partition at /rom); for each,
              boot, free heap at the REPL, light and heavy playouts a second (bench_playouts.py,
              native move loops), the engine's heap, the app's heap and device moves
Host time: about 30 minutes for all four games on a shared 2-core machine (latency: about 10
of them, most on 19x19, where every pondering slice is long).
"""

import argparse
import os
import sys
import tempfile

from host_tools.bench.results import AT_MOST, Results, bench_games, bench_of, board_name
from host_tools.device import firmware
from host_tools.device.build import compile_firmware
from host_tools.paths import ROOT
from host_tools.pico.emulator import EmulatedPico, available, tree_files
from stones.engine import registry

UF2 = firmware.DEFAULT_OUT
ROMFS_UF2 = firmware.ROMFS_OUT
MP = os.path.join(ROOT, "host_tools", "bench", "mp")
HEAP_ENGINE_TARGET = 12 * 1024
HEAP_APP_TARGET = 64 * 1024
REDRAW_TARGET_MS = 20
LATENCY_TARGET_MS = 50
COLOUR_BOARD = "pico-lcd-1.3"  # a 240x240 ST7789 on SPI at 62.5 MHz, as the PicoSystem's
LATENCY_GAME = "go"  # its 19x19 board has the longest pondering slices of any game
R = None  # this run's Results (main)


def games_named(games, size=0, every=False):
    """(key, size, 'Go 9x9', add) of the games measured: each game's own board, or size, or
    (every) each of its boards."""
    for key, default in bench_games():
        if games and key not in games:
            continue
        sizes = registry.game_class(key).sizes if every else (size or default,)
        for board_size in sizes:
            board = board_name(key, board_size)
            name = "%s %s" % (registry.title(key), board)
            yield key, board_size, name, R.for_game(name, key, board)


def parse(output):
    figures = {}
    for text in output.splitlines():
        name, _, value = text.strip().partition(" ")
        if value:
            figures.setdefault(name, []).append(float(value))
    return figures


def script(name):
    with open(os.path.join(MP, name), "rb") as handle:
        return handle.read()


def on_device(files, code, uf2=None):
    """Boot the firmware (default UF2) with files on its filesystem and the app held off
    (recovery button), run code in the REPL; its figures."""
    with EmulatedPico(uf2 or UF2, files=files, held=("menu",)) as pico:
        pico.repl()
        pico.set_button("menu", False)  # the app built in code polls the buttons too
        return parse(pico.exec(code)["out"])


def engines(games, ms):
    with tempfile.TemporaryDirectory() as plain, tempfile.TemporaryDirectory() as native:
        compile_firmware(plain, arch="none")
        compile_firmware(native, arch="armv6m")
        bytecode = tree_files(plain)
        bytecode.pop("main.py", None)
        loaded = tree_files(native)
        loaded.pop("main.py", None)
        bench = {"bench_engine.py": script("bench_engine.py")}
        for key, size, _, add in games_named(games):
            targets = bench_of(key)
            code = "import bench_engine\nbench_engine.main(%r, %d, %d)" % (key, size, ms)
            frozen = on_device(dict(bench), code)
            plain_run = on_device(dict(bytecode, **bench), code)
            ram_run = on_device(dict(loaded, **bench), code)
            native_rate = frozen["playouts_per_s"][0]
            plain_rate = plain_run["playouts_per_s"][0]
            add("playouts/s, frozen native", native_rate, "/s", "",
                targets.get("pico_playouts"))
            add("playouts/s, native .mpy (code in RAM)", ram_run["playouts_per_s"][0], "/s",
                "make flash's build on the filesystem")
            add("playouts/s, bytecode", plain_rate, "/s", "",
                targets.get("pico_playouts_bytecode"))
            add("native / bytecode", round(native_rate / plain_rate, 2))
            add("moves per playout", frozen["moves_per_playout"][0])
            add("heap: engine import, frozen", int(frozen["import_heap"][0]), "B")
            add("heap: engine + a game, frozen", int(frozen["game_heap"][0]), "B", "",
                HEAP_ENGINE_TARGET, AT_MOST)
            add("heap: engine + a game, bytecode .mpy", int(plain_run["game_heap"][0]), "B",
                "code loaded into the heap (make flash)")
            add("score a finished game", round(frozen["score_us"][0] / 1000, 1), "ms")


def learned(games):
    """The learned root knowledge (Game.learned: Go's policy) on every board of the games that
    have it: the pass's time and the heap of its buffers, frozen as shipped."""
    bench = {"bench_learned.py": script("bench_learned.py")}
    for key, board, _, add in games_named(games, every=True):
        if not registry.game_class(key).learned:
            continue
        figures = on_device(dict(bench), "import bench_learned\nbench_learned.main(%r, %d)" % (
            key, board))
        add("learned priors at the root, one pass", round(figures["learned_us"][0] / 1000, 1),
            "ms", "Game.root_priors with the learned bits, %d candidates" % int(
                figures["candidates"][0]))
        add("learned priors' buffers", int(figures["learned_heap"][0]), "B",
            "live heap the game keeps for them")


def books(games):
    """The opening book of each game's boards that has one: its bytes (in flash), the heap its
    import keeps, and a lookup's time in and out of the book, frozen as shipped."""
    bench = {"bench_book.py": script("bench_book.py")}
    for key, board, _, add in games_named(games, every=True):
        if not registry.game_class(key).book:
            continue
        figures = on_device(dict(bench), "import bench_book\nbench_book.main(%r, %d)" % (
            key, board))
        if not figures["book_bytes"][0]:
            continue
        add("opening book", int(figures["book_bytes"][0]), "B", "constant bytes in flash; "
            "the live heap its import keeps: %d B" % int(figures["book_heap"][0]))
        add("opening book's lookup, in the book", round(figures["in_book_us"][0] / 1000, 1),
            "ms", "engine/book.py's choose on the empty board")
        add("opening book's lookup, out of it", round(figures["out_of_book_us"][0] / 1000, 1),
            "ms", "past the book's depth: no key is computed")


def app_figures(key, moves, uf2=None, size=0):
    """pico_app's figures for key on board size (0: the game's default); a RuntimeError if the
    app set up another board than the one asked for."""
    figures = on_device({"pico_app.py": script("pico_app.py")},
                        "import pico_app\npico_app.main(%r, %d, %d)" % (key, moves, size), uf2)
    wanted = size or registry.game_class(key).default_size
    board = figures.get("board", [None])[0]
    if board != wanted:
        raise RuntimeError("the app set up %s %s, not %s" % (
            key, "no board" if board is None else "%g" % board, wanted))
    return figures


def app(games, moves, size=0):
    """The app on each board of each game (or on size): its heap, and the top level's move."""
    for key, board, _, add in games_named(games, size, every=not size):
        figures = app_figures(key, moves, size=board)
        add("app heap at the menu", int(figures["menu_heap"][0]), "B")
        add("app heap in the game", int(figures["game_heap"][0]), "B")
        add("app heap while the device thinks", int(figures["thinking_heap_peak"][0]), "B",
            "peak live, top Pico level", HEAP_APP_TARGET, AT_MOST)
        times = figures.get("move_ms", [])
        if times:
            mean = sum(times) / len(times) / 1000
            add("device move in the app, top level", round(mean, 2), "s",
                "mean of %d (worst %.2f s, %d slices a move)" % (
                    len(times), max(times) / 1000, sum(figures["move_slices"]) // len(times)),
                bench_of(key).get("pico_move_s"), AT_MOST, moves=len(times),
                worst=max(times) / 1000)
            add("device move in the app, top level, longest", round(max(times) / 1000, 2), "s",
                "the longest of the %d: the limit holds for every move" % len(times),
                bench_of(key).get("pico_move_s"), AT_MOST)


def ui(games):
    from host_tools.sim.cli import compile_device_tree

    with tempfile.TemporaryDirectory() as tree:
        compile_device_tree(tree, arch="armv6m")
        files = tree_files(tree)
        files.pop("main.py", None)
        files["bench_ui.py"] = script("bench_ui.py")
        for key, _, _, add in games_named(games):
            figures = on_device(files, "import bench_ui\nbench_ui.main(%r)" % key)
            add("cursor-move redraw", round(figures["cursor_redraw_us"][0] / 1000, 1), "ms",
                "app code + driver (FakeI2C); on the bus %d bytes" % figures["cursor_bytes"][0])
            add("placement redraw", round(figures["place_redraw_us"][0] / 1000, 1), "ms",
                "app code + driver, code in RAM", REDRAW_TARGET_MS, AT_MOST)
            add("autosave compute", round(figures["autosave_us"][0] / 1000, 1), "ms",
                "flash writes not included")


def colour(board=None):
    """The colour driver's redraw on a colour board's UF2: bench_colour.py in the REPL, the app
    held off by the board's recovery button, the panel the board's (pico.mjs's ST7789)."""
    from host_tools.device.hardware import load_map

    board = board or COLOUR_BOARD
    config = load_map(board)
    uf2 = firmware.board_out(board)
    if not os.path.exists(uf2):
        print("colour figures skipped: no %s (make firmware BOARD=%s)" % (
            os.path.relpath(uf2, ROOT), board))
        return
    recovery = config["recovery_button"]
    with EmulatedPico(uf2, files={"bench_colour.py": script("bench_colour.py")}, board=board,
                      held=(recovery,)) as pico:
        pico.repl()
        pico.set_button(recovery, False)
        figures = parse(pico.exec("import bench_colour\nbench_colour.main()")["out"])
        glass, on = pico.panel()
    display = config["display"]

    def lit(x, y):
        return glass[(y * display["width"] + x) * 2] != 0

    left, top = int(figures["left"][0]), int(figures["top"][0])
    if not on or not lit(left, top) or lit(left, top + 8) or lit(left - 1, top):
        raise RuntimeError("the emulated panel does not show the frame the driver drew")
    where = "%s, %s %dx%d, frame %dx%d at %dx" % (
        config["label"], display["driver"].upper(), display["width"], display["height"],
        figures["frame_width"][0], figures["frame_height"][0], figures["scale"][0])
    R.add("colour redraw, every page changed", round(figures["full_us"][0] / 1000, 1), "ms",
          "%s; %d bytes on the SPI" % (where, figures["full_bytes"][0]), panel_board=board)
    R.add("colour redraw, one page changed", round(figures["page_us"][0] / 1000, 1), "ms",
          "%d bytes on the SPI; the placement redraw's target" % figures["page_bytes"][0],
          REDRAW_TARGET_MS, AT_MOST, panel_board=board)
    R.add("colour redraw, the whole panel", round(figures["panel_us"][0] / 1000, 1), "ms",
          "after invalidate(): the border too; %d bytes" % figures["panel_bytes"][0],
          panel_board=board)
    R.add("colour driver's heap", int(figures["driver_heap"][0]), "B",
          "live heap the frozen driver keeps: frame, shadow, page buffer", panel_board=board)


def boot_ms(uf2=None):
    """(first power-on, a later one): ms from reset to the menu's frame on the bus."""
    with EmulatedPico(uf2 or UF2) as pico:
        pico.settle(quiet_ms=300)
        first = pico.counters()["last_i2c_end_ms"]
        flash = pico.save_flash()
    with EmulatedPico(flash=flash) as pico:
        pico.settle(quiet_ms=300)
        later = pico.counters()["last_i2c_end_ms"]
    return first, later


def boot():
    first, later = boot_ms()
    R.add("boot to the menu drawn, first power-on", round(first), "ms",
          "formats the filesystem; from boot2's first instruction")
    R.add("boot to the menu drawn", round(later), "ms", "the filesystem already there")


def size():
    """The firmware's size: the UF2 file, and text, data and bss of the ELF make firmware built."""
    R.add("firmware UF2 file", os.path.getsize(UF2), "B", os.path.relpath(UF2, ROOT))
    code = firmware.sizes()
    if code is None:
        print("firmware code size skipped: no %s (make firmware)"
              % os.path.relpath(firmware.ELF, ROOT))
        return
    text, data, bss = code
    # (pico-sdk's .data holds the functions run from RAM: size counts it as text)
    R.add("firmware text", text, "B", "arm-none-eabi-size: in flash, the frozen app included")
    R.add("firmware data", data, "B", "arm-none-eabi-size: writable, non-code data")
    R.add("firmware bss", bss, "B", "zeroed RAM; the MicroPython heap not included")


# -- button latency -------------------------------------------------------------------------------
# The cursor's point name sits on the panel's bottom page right of the board's square (a 128x64
# panel and a square board: ui/board.py layout, ui/play.py draw_cursor_label): every cursor move
# rewrites it, the cursor's blink and the pondering do not.
LABEL = (7, 64, 128)  # page, first column, column past the last
TURN = (0, 64, 128)  # the turn line: Black, then White as the device starts thinking
DPAD = ("right", "up", "left", "down")  # a square walk: every fourth press is back at the start
# A press is held until its frame is seen, at most this: a press shorter than the app loop's
# turn (a long pondering slice) is never sampled at all, and a lost press has no gap to measure.
# Released at its frame, a d-pad press makes no auto-repeat however long it took.
HOLD_MS = 3000
BUSY = 0.4  # a spell before a press busier than this (not asleep) had the device pondering
IDLE_PRESSES = 16  # presses a turn with Ponder off (or once the pondering is over)


def wait_ms(i):
    """The idle spell before press i: 40 to 112 ms in steps that do not divide the app loop's
    period, so the presses land at every phase of a pondering slice."""
    return 40 + (i * 37) % 73


def busy_share(before, after):
    """The share of emulated time between two counters() readings the core was not asleep."""
    spell = after["ms"] - before["ms"]
    return 1 - (after["sleep_ms"] - before["sleep_ms"]) / spell if spell > 0 else 0.0


def gap_summary(samples, pondering=True):
    """(presses, longest gap, mean gap) in ms of samples [(edge_ms, frame_ms, busy share before
    the press)] whose spell before was pondering (busy share above BUSY), or not, or all of them
    (pondering None); a frame never seen (None) counts as infinitely late. (0, None, None) when
    no sample qualifies."""
    gaps = [float("inf") if frame is None else frame - edge
            for edge, frame, busy in samples if pondering is None or (busy > BUSY) == pondering]
    if not gaps:
        return 0, None, None
    return len(gaps), max(gaps), sum(gaps) / len(gaps)


def latency_files(key, size, ponder):
    """A filesystem whose settings start key's game at size (A on the game in the menu, A on
    Start) with Black a human, White the device at its top Pico level, and Ponder on or off."""
    from stones.engine.search import levels
    from stones.session import Session
    from stones.storage import RealFS, Store

    top = len(levels(registry.game_class(key), pi=False))
    with tempfile.TemporaryDirectory() as folder:
        Session(Store(RealFS(folder))).save_settings({
            key: {"size": size, "black": "Human", "white": "Device %d" % top},  # (ui/setup.py)
            "system": {"ponder": ponder}})
        return tree_files(folder)


def press_gaps(pico, first, ponder):
    """Press the d-pad around a square until the pondering is over (Ponder on) or IDLE_PRESSES
    times, and whole squares (the cursor ends where it began): [(edge_ms, frame_ms, busy)] of
    each press. The edge is the GPIO going low; the frame the end of the I2C transfer that wrote
    the moved cursor's name (the button is let go then); busy the share of the spell before the
    press the core was awake."""
    samples = []
    idle = 0
    i = first
    while len(samples) % len(DPAD) or (idle < 2 if ponder else len(samples) < IDLE_PRESSES):
        before = pico.counters()
        pico.run_ms(wait_ms(i))
        busy = busy_share(before, pico.counters())
        idle = 0 if busy > BUSY else idle + 1
        button = DPAD[len(samples) % len(DPAD)]
        pico.set_button(button, True)
        edge = pico.now_ms
        frame = pico.watch_panel(*LABEL, max_ms=HOLD_MS)
        pico.set_button(button, False)
        if frame is None:
            frame = pico.watch_panel(*LABEL, max_ms=5000)
        samples.append((edge, frame, busy))
        i += 1
        if len(samples) > 400:
            raise RuntimeError("the pondering did not end")
    return samples


def start_game(pico, key):
    """From the boot, the menu: A on key's game, A on Start, held until the game's first frame."""
    pico.settle(quiet_ms=300)
    for _ in range(registry.keys().index(key)):
        pico.press("down")
        pico.settle()
    pico.press("a")  # the game's setup
    pico.settle()
    pico.set_button("a", True)  # Start: the game screen's first frame
    if pico.watch_panel(*LABEL, max_ms=5000) is None:
        raise RuntimeError("no game screen")
    pico.set_button("a", False)


def latency_game(key, size, ponder, offset):
    """One game from the menu: presses on Black's first turn, then Black plays the cursor's
    point, and presses on Black's next turn (the device's tree kept from its reply)."""
    with EmulatedPico(UF2, files=latency_files(key, size, ponder)) as pico:
        start_game(pico, key)
        pico.run_ms(offset)
        samples = press_gaps(pico, offset, ponder)
        blacks_turn = region(pico, TURN)
        pico.press("a")  # Black plays where the cursor is (where it began); White replies
        for _ in range(20):
            if pico.watch_panel(*TURN, max_ms=120000) is None:
                raise RuntimeError("the device did not move")
            if region(pico, TURN) == blacks_turn:  # Black's turn again
                return samples + press_gaps(pico, offset + len(samples), ponder)
        raise RuntimeError("Black's turn did not come back")


# The battery's side of pondering: the share of a quiet turn of the player's the core is awake
# (not in the app loop's sleep), from the game screen's first frame, Ponder on and off. The
# core's current awake is many times its current asleep, so this share is what pondering adds.
TURN_S = 10


def awake_share(key, size, ponder):
    """The share of TURN_S seconds of the player's first turn (no press) the core was awake."""
    with EmulatedPico(UF2, files=latency_files(key, size, ponder)) as pico:
        start_game(pico, key)
        before = pico.counters()
        pico.run_ms(TURN_S * 1000)
        return busy_share(before, pico.counters())


def region(pico, area):
    """The bytes of the panel's RAM in area (page, first column, column past the last)."""
    page, start, end = area
    return pico.panel()[0][page * 128 + start:page * 128 + end]


def latency(games, sizes, rounds):
    """The latency part: for each board, rounds games with Ponder on and one with it off."""
    for key in games or (LATENCY_GAME,):
        cls = registry.game_class(key)
        for board in sizes or sorted({cls.default_size, max(cls.sizes)}):
            add = R.for_game("%s %s" % (cls.title, board_name(key, board)), key,
                             board_name(key, board))
            on = []
            for game in range(rounds):
                on += latency_game(key, board, True, 17 * game)
            off = latency_game(key, board, False, 0)
            presses, longest, mean = gap_summary(on, pondering=True)
            after, _, _ = gap_summary(on, pondering=False)
            idle, idle_longest, idle_mean = gap_summary(off, pondering=None)
            add("press to frame while pondering, longest", round(longest, 1), "ms",
                "d-pad edge to the cursor's frame on the bus, held until then; %d presses over "
                "%d turns (%d more after the pondering ended)" % (presses, 2 * rounds, after),
                LATENCY_TARGET_MS, AT_MOST, presses=presses)
            add("press to frame while pondering, mean", round(mean, 1), "ms")
            add("press to frame, Ponder off, longest", round(idle_longest, 1), "ms",
                "%d presses over 2 turns" % idle, presses=idle)
            add("press to frame, Ponder off, mean", round(idle_mean, 1), "ms")
            add("core awake in a quiet %d s turn, Ponder on" % TURN_S,
                round(100 * awake_share(key, board, True), 1), "%",
                "the player's first turn, no press: the battery's side of pondering")
            add("core awake in a quiet %d s turn, Ponder off" % TURN_S,
                round(100 * awake_share(key, board, False), 1), "%")


# The link's moves: Black on the host, White on the device that joined, each point well away
# from the other panel's cursor (its blink would be taken for the stone's arrival).
LINK_MOVES = ("C3", "G7", "G3", "C7", "E3", "E7", "C5", "G5", "D4", "F6", "D6", "F4")


def link():
    """The link part: press on one Pico to the stone on the other's panel, both ways."""
    from host_tools.pico.linked import LinkedPicos

    ways = {"host to join": [], "join to host": []}
    with LinkedPicos(UF2) as pair:
        pair.start("go")
        for number, point in enumerate(LINK_MOVES):
            ms = pair.press_to_stone(point)
            if ms is None:
                raise RuntimeError("%s never reached the other Pico's panel" % point)
            ways["host to join" if number % 2 == 0 else "join to host"].append(ms)
        sent = pair.host.counters()["uart_bytes"] + pair.join.counters()["uart_bytes"]
    samples = ways["host to join"] + ways["join to host"]
    add = R.for_game("Go 9x9", "go", board_name("go", 9))
    add("link: press to the stone on the other Pico, longest", round(max(samples), 1), "ms",
        "A's edge on the Pico that plays to the stone's frame on the other's bus, over the "
        "UART cable at 115200 baud; %d moves, both ways" % len(samples), moves=len(samples))
    add("link: press to the stone on the other Pico, mean", round(sum(samples) / len(samples),
                                                                   1), "ms")
    for way, values in ways.items():
        add("link: press to the stone on the other Pico, %s, mean" % way,
            round(sum(values) / len(values), 1), "ms")
    add("link: bytes over the cable a move", round(sent / len(samples)), "B",
        "all both Picos sent over the moves, the offer, greetings and acknowledgements included")


FREE_HEAP = "import gc\ngc.collect()\nprint('free', gc.mem_free())"


def route_figures(uf2, games, ms, moves):
    """One route's figures: {name: text}, in the order they are printed."""
    figures = {}
    first, later = boot_ms(uf2)
    figures["boot to the menu drawn, first power-on"] = "%.0f ms" % first
    figures["boot to the menu drawn"] = "%.0f ms" % later
    figures["free heap at the REPL (recovery boot)"] = "%.1f KB" % (
        on_device({}, FREE_HEAP, uf2)["free"][0] / 1000)
    bench = {"bench_engine.py": script("bench_engine.py")}
    for key, size, name, _ in games_named(games):
        run = on_device(dict(bench), "import bench_engine\nbench_engine.main(%r, %d, %d)"
                        % (key, size, ms), uf2)
        rates = on_device({"bench_playouts.py": script("bench_playouts.py")},
                          "import bench_playouts\nbench_playouts.main(%r, %d, %d)"
                          % (key, size, ms), uf2)
        figures[name + " playouts/s, light (uniform random)"] = "%d" % rates["light_per_s"][0]
        figures[name + " playouts/s, heavy (the game's knowledge)"] = "%d" % (
            rates["heavy_per_s"][0])
        figures[name + " heap: engine import"] = "%.1f KB" % (run["import_heap"][0] / 1000)
        figures[name + " heap: engine + a game"] = "%.1f KB" % (run["game_heap"][0] / 1000)
        app_run = app_figures(key, moves, uf2)
        figures[name + " app heap at the menu"] = "%.1f KB" % (app_run["menu_heap"][0] / 1000)
        figures[name + " app heap in the game"] = "%.1f KB" % (app_run["game_heap"][0] / 1000)
        figures[name + " app heap while the device thinks"] = "%.1f KB" % (
            app_run["thinking_heap_peak"][0] / 1000)
        figures[name + " free heap after the moves"] = "%.1f KB" % (
            app_run["free_after"][0] / 1000)
        times = app_run.get("move_ms", [])
        if times:
            figures[name + " device move in the app, top level"] = "%.2f s (%d)" % (
                sum(times) / len(times) / 1000, len(times))
    return figures


def routes(games, ms, moves):
    """The frozen firmware and the ROMFS one, figure by figure."""
    if not os.path.exists(ROMFS_UF2):
        print("routes skipped: no %s (python -m host_tools.device.firmware --romfs)"
              % os.path.relpath(ROMFS_UF2, ROOT))
        return
    frozen = route_figures(UF2, games, ms, moves)
    romfs = route_figures(ROMFS_UF2, games, ms, moves)
    print("%-52s %12s %12s" % ("", "frozen", "ROMFS"))
    for name, value in frozen.items():
        print("%-52s %12s %12s" % (name, value, romfs.get(name, "-")), flush=True)


def main(argv=None):
    global UF2, R
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ms", type=int, default=1500, help="emulated time per playout run")
    # The app seeds each search from the clock, so a build that boots a little faster or
    # slower plays other searches: a mean of few moves swings by a tenth or more.
    parser.add_argument("--moves", type=int, default=10,
                        help="human moves the device answers (default 10; the first untimed)")
    parser.add_argument("--only", choices=("engines", "app", "ui", "boot", "size", "latency",
                                            "routes", "learned", "book", "colour", "link"),
                        action="append")
    parser.add_argument("--board", help="--only colour: this colour board's UF2 (default %s)"
                        % COLOUR_BOARD)
    parser.add_argument("--rounds", type=int, default=3,
                        help="--only latency: games pressed with Ponder on, a board")
    parser.add_argument("--uf2", help="another firmware (default: make firmware's)")
    parser.add_argument("--size", type=int, default=0,
                        help="--only app, latency: this board size (default: each game's "
                        "own; latency: Go's default and largest)")
    parser.add_argument("games", nargs="*", help="only these games")
    parser.add_argument("--no-results", action="store_true",
                        help="print only: leave docs/results/pico.json as it is")
    args = parser.parse_args(argv)
    R = Results("pico", "The Pico's figures on the emulated RP2040", argv, ("firmware",))
    UF2 = os.path.abspath(args.uf2 or UF2)
    reason = available() or (None if os.path.exists(UF2) else "no %s (make firmware)" % UF2)
    if reason:
        print("emulated Pico figures skipped: %s" % reason)
        return 1
    print("Pico figures, emulated RP2040 (rp2040js, 125 MHz, XIP cache model), %s"
          % os.path.relpath(UF2, ROOT))
    parts = args.only or ("boot", "size", "engines", "app", "ui", "latency", "learned", "book",
                          "colour", "link")
    if "boot" in parts:
        boot()
    if "size" in parts and not args.uf2:
        size()
    if "engines" in parts:
        engines(args.games, args.ms)
    if "app" in parts:
        app(args.games, args.moves, args.size)
    if "ui" in parts:
        ui(args.games)
    if "latency" in parts:
        latency(args.games, [args.size] if args.size else None, args.rounds)
    if "routes" in parts:
        routes(args.games, args.ms, args.moves)
    if "learned" in parts:
        learned(args.games)
    if "book" in parts:
        books(args.games)
    if "colour" in parts:
        colour(args.board)
    if "link" in parts:
        link()
    if R.figures and not args.no_results and not args.uf2 and not args.size:
        R.save()  # (another firmware or board than the page's: printed only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
