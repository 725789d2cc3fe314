// The emulated Pico: the project's MicroPython firmware on an RP2040 emulated cycle by cycle
// (rp2040js, pinned in package-lock.json), driven in emulated time by host_tools/pico/emulator.py
// over JSON lines on stdin/stdout (one request a line, one answer a line).
//
// What is modelled beyond rp2040js itself:
// - the XIP flash cache: 16 KB, 2-way, 8-byte lines, LRU; every fetch or load from flash
//   (0x10000000-0x13ffffff) goes through it and a miss stalls the core `miss` cycles (60: a QSPI
//   line fill at clkdiv 2). Stalls count in the cycle count and in the emulated clock, so the
//   device's own ticks_us() sees them. MicroPython keeps only vm.c, gc.c, parse.c and a few
//   helpers in RAM; the rest of the runtime and all frozen code run from flash, which is why the
//   model matters (without it flash reads as fast as SRAM).
// - flash erase/program: rp2040js's SSI is a stub, so the boot ROM's flash_range_erase and
//   flash_range_program are done here on the flash array, with W25Q16JV typical times as
//   stalls (4 KB erase 45 ms, 256-byte page 0.4 ms); each operation is counted and can stop the
//   run (a power cut in the middle of a save).
// - an SSD1306 at 0x3C on I2C0 that keeps its RAM and answers each byte after 9 SCL periods
//   of the controller's own fast-mode timing (400 kHz: a 1 KB frame takes ~23 ms of bus).
//   Or, for a board whose panel is on SPI (the boot request's "panel": {"bus": "spi", "block",
//   "dc", "cs", "columns", "first"}), the same panel model on that SPI block: a byte sent while
//   the CS pin is low is RAM data when the DC pin is high, else a command, each taking 8 periods
//   of the SPI clock; an SH1106 has 132 RAM columns, shown from column 2. A colour panel
//   ("kind": "st7789", with the glass's "width", "height" and its "column" and "row" in the
//   window's addresses) is an ST7789 model on that bus instead: CASET, RASET and RAMWR fill
//   the glass with RGB565 pixels, which `panel` returns as they would light it.
// - buttons: GPIO inputs held high (pull-ups); a press drives one low.
// - a USB CDC host that answers the device only when it has bytes for it (a real host NAKs in
//   hardware; rp2040js's demo answers at once and costs the device an interrupt every ~10 us).
//   The usb command passes raw bytes both ways: emulator.py's UsbPty puts them on a pty, the
//   port a program on the host opens as it would a real Pico's /dev/ttyACM0.
// - markers: a write to watchdog SCRATCH0 (machine.mem32[0x4005800C] = n) is recorded with
//   the cycle count, so a region is timed in emulated cycles.
// - a profiler: once armed (the profile command), the cycles of every instruction (its XIP
//   stall included) are added to its PC's count between the markers PROFILE_ON and
//   PROFILE_OFF; profile_counts returns them (host_tools/pico/profile.py names them from the
//   firmware's symbols), profile_callers the return addresses of chosen functions' calls.
// - two chips linked by their UARTs (the link command): in one process, chip A's TX into chip
//   B's RX and back, each byte arriving on the other chip's clock 10 bit times at the UART's baud
//   after the later of its write and the byte before it (rp2040js's TX FIFO empties at once:
//   the wire paces the bytes, not the sender). Linked chips run in lockstep, LINK_SLICE_NS of
//   emulated time each in turn, whichever is asked to run.
// - the UARTs' TX interrupt raised when a write has left the TX FIFO (rp2040js raises it on
//   every register access: with MicroPython's TX interrupt enabled, a chip with a UART open
//   would never leave its interrupt handler).
// Execution starts at boot2 in flash (0x10000000), as rp2040js's MicroPython demo does; the B1
// boot ROM (bootrom-b1.bin, BSD-3-Clause: BOOTROM-LICENSE.txt) is there for its functions (flash,
// float, memcpy).

import fs from 'fs';
import path from 'path';
import readline from 'readline';
import { fileURLToPath } from 'url';
import * as rp from 'rp2040js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const NS_PER_CYCLE = 8; // clk_sys 125 MHz, as MicroPython v1.28 sets it on an RP2040
const FLASH_BASE = 0x10000000;
const MARKER_OFFSET = 0x0c; // watchdog SCRATCH0
const PROFILE_ON = 0x50524f46; // 'PROF': a marker that starts the armed profiler
const PROFILE_OFF = 0x50524f00; // and one that stops it
const LINK_SLICE_NS = 20000; // linked chips take turns this long: under a byte's time on the wire

function loadUF2(data, flash) {
  let blocks = 0;
  for (let off = 0; off + 512 <= data.length; off += 512) {
    const view = new DataView(data.buffer, data.byteOffset + off, 512);
    if (view.getUint32(0, true) !== 0x0a324655 || view.getUint32(4, true) !== 0x9e5d5157) continue;
    const addr = view.getUint32(12, true);
    const size = view.getUint32(16, true);
    flash.set(data.subarray(off + 32, off + 32 + size), addr - FLASH_BASE);
    blocks++;
  }
  return blocks;
}

class XipCache {
  constructor(miss, enabled) {
    this.miss = miss;
    this.enabled = enabled;
    this.tags = new Int32Array(2048).fill(-1); // 1024 sets x 2 ways
    this.lru = new Uint8Array(1024); // the way a miss replaces
    this.misses = 0;
  }
  flush() { this.tags.fill(-1); }
  stall(addr) {
    if (!this.enabled) return 0;
    const alias = (addr >>> 24) & 3; // 0 cached, 1 no-allocate, 2-3 uncached
    if (alias >= 2) { this.misses++; return this.miss; }
    const line = (addr & 0xffffff) >>> 3;
    const set = line & 1023;
    const tag = line >>> 10;
    const i = set << 1;
    if (this.tags[i] === tag) { this.lru[set] = 1; return 0; }
    if (this.tags[i + 1] === tag) { this.lru[set] = 0; return 0; }
    this.misses++;
    if (alias === 0) {
      const way = this.lru[set];
      this.tags[i + way] = tag;
      this.lru[set] = way ^ 1;
    }
    return this.miss;
  }
}

// Cycles by program counter (halfword granularity) for the boot ROM, flash and SRAM.
class Profile {
  constructor(watch = []) {
    this.watch = new Set(watch); // entry addresses whose callers (LR) are counted
    this.callers = new Map();
    this.rom = new Float64Array(0x4000 >>> 1);
    this.flash = new Float64Array(0x200000 >>> 1);
    this.ram = new Float64Array(0x42000 >>> 1);
    this.on = false;
  }
  add(pc, cycles) {
    if (pc >= FLASH_BASE) {
      if (pc < FLASH_BASE + 0x200000) this.flash[(pc - FLASH_BASE) >>> 1] += cycles;
      else if (pc >= 0x20000000 && pc < 0x20042000) this.ram[(pc - 0x20000000) >>> 1] += cycles;
    } else if (pc < 0x4000) this.rom[pc >>> 1] += cycles;
  }
  call(pc, lr) {
    const key = pc + ':' + ((lr & ~1) >>> 0);
    this.callers.set(key, (this.callers.get(key) || 0) + 1);
  }
  // [[address, cycles], ...] of every PC that ran.
  counts() {
    const out = [];
    for (const [base, table] of [[0, this.rom], [FLASH_BASE, this.flash], [0x20000000, this.ram]]) {
      for (let i = 0; i < table.length; i++) if (table[i]) out.push([base + 2 * i, table[i]]);
    }
    return out;
  }
}

// The panel: control bytes, the commands the driver uses, and the RAM (page-major, MONO_VLSB
// like framebuf, so its 1024 bytes compare directly with the simulator's frame buffer). The
// segment remap (0xA0/0xA1) and COM scan direction (0xC0/0xC8) are kept, not applied to the RAM:
// they say which way the glass shows it (host_tools/pico/boardshots.py draws it so).
class SSD1306 {
  constructor(columns = 128, first = 0) {
    this.columns = columns; this.first = first; // RAM columns, and the first one shown
    this.ram = new Uint8Array(columns * 8);
    this.col = 0; this.page = 0; this.col0 = 0; this.col1 = 127; this.page0 = 0; this.page1 = 7;
    this.mode = 2; this.pending = 0; this.cmd = 0; this.args = [];
    this.on = false; this.transfers = 0; this.bytes = 0;
    this.segRemap = false; this.comReverse = false; // as after reset: 0xA0, 0xC0
  }
  start() { this.control = true; this.data = false; this.transfers++; }
  write(byte) {
    this.bytes++;
    if (this.control) {
      this.control = false;
      this.data = (byte & 0x40) !== 0;
      this.single = (byte & 0x80) !== 0; // Co: one byte, then another control byte
      return;
    }
    if (this.data) {
      this.ram[this.page * this.columns + this.col] = byte;
      this.advance();
    } else this.command(byte);
    if (this.single) this.control = true;
  }
  // A byte on SPI: no control byte, the DC pin says what it is.
  spiWrite(byte, dc) {
    this.bytes++;
    if (dc) {
      this.ram[this.page * this.columns + this.col] = byte;
      this.advance();
    } else this.command(byte);
  }
  // What the panel shows: 128 columns of each page from `first` (framebuf's MONO_VLSB order).
  visible() {
    if (this.columns === 128 && this.first === 0) return this.ram;
    const out = new Uint8Array(1024);
    for (let p = 0; p < 8; p++) out.set(this.ram.subarray(p * this.columns + this.first, p * this.columns + this.first + 128), p * 128);
    return out;
  }
  advance() {
    if (this.mode === 0) { // horizontal
      if (this.col >= this.col1) {
        this.col = this.col0;
        this.page = this.page >= this.page1 ? this.page0 : this.page + 1;
      } else this.col++;
    } else if (this.mode === 1) { // vertical
      if (this.page >= this.page1) {
        this.page = this.page0;
        this.col = this.col >= this.col1 ? this.col0 : this.col + 1;
      } else this.page++;
    } else if (this.col < this.columns - 1) this.col++; // page addressing
  }
  command(b) {
    if (this.pending) {
      this.args.push(b);
      if (--this.pending === 0) this.apply();
      return;
    }
    this.cmd = b; this.args = [];
    if (b === 0x21 || b === 0x22) this.pending = 2;
    else if ([0x20, 0x81, 0xa8, 0xd3, 0xda, 0xd5, 0xd9, 0xdb, 0x8d, 0xad].includes(b)) this.pending = 1;
    else this.apply();
  }
  apply() {
    const c = this.cmd, a = this.args;
    if (c === 0x20) this.mode = a[0] & 3;
    else if (c === 0x21) { this.col0 = a[0] & 127; this.col1 = a[1] & 127; this.col = this.col0; }
    else if (c === 0x22) { this.page0 = a[0] & 7; this.page1 = a[1] & 7; this.page = this.page0; }
    else if (c >= 0xb0 && c <= 0xb7) this.page = c & 7;
    else if (c <= 0x0f) this.col = (this.col & 0xf0) | c;
    else if (c >= 0x10 && c <= 0x1f) this.col = (this.col & 0x0f) | ((c & 0xf) << 4);
    else if (c === 0xaf) this.on = true;
    else if (c === 0xae) this.on = false;
    else if (c === 0xa0 || c === 0xa1) this.segRemap = c === 0xa1;
    else if (c === 0xc0 || c === 0xc8) this.comReverse = c === 0xc8;
  }
}

// An ST7789 (or ST7735) as its glass shows it, modelled from the datasheet: a byte with DC low
// is a command, the bytes with DC high after it its data; CASET and RASET set the window (first
// and last, two big-endian bytes each), RAMWR's data fills it row by row, two bytes a pixel
// (RGB565, high byte first), on across transfers until the next command, wrapping to the
// window's start when full. The glass is width x height pixels of the window's address space
// from (column, row); a pixel written off it is counted in `stray`, not drawn. MADCTL's byte is
// kept (madctl), SWRESET and DISPOFF blank the panel, DISPON lights it.
class ST7789 {
  constructor(width, height, column = 0, row = 0) {
    this.width = width; this.height = height; this.column = column; this.row = row;
    this.canvas = new Uint8Array(width * height * 2);
    this.cmd = -1; this.args = 0; this.window = new Uint8Array(4);
    this.c0 = 0; this.c1 = 0; this.r0 = 0; this.r1 = 0; this.x = 0; this.y = 0; this.high = -1;
    this.on = false; this.transfers = 0; this.bytes = 0; this.stray = 0; this.madctl = -1;
  }
  spiWrite(byte, dc) {
    this.bytes++;
    if (!dc) { this.command(byte); return; }
    if (this.cmd === 0x2c) { this.pixel(byte); return; }
    if (this.cmd === 0x36 && this.args === 0) this.madctl = byte;
    if ((this.cmd === 0x2a || this.cmd === 0x2b) && this.args < 4) {
      this.window[this.args] = byte;
      if (this.args === 3) {
        const w = this.window, first = w[0] << 8 | w[1], last = w[2] << 8 | w[3];
        if (this.cmd === 0x2a) { this.c0 = first; this.c1 = last; } else { this.r0 = first; this.r1 = last; }
      }
    }
    this.args++;
  }
  command(b) {
    this.cmd = b; this.args = 0;
    if (b === 0x2c) { this.x = this.c0; this.y = this.r0; this.high = -1; }
    else if (b === 0x29) this.on = true;
    else if (b === 0x28 || b === 0x01) this.on = false;
  }
  pixel(byte) {
    if (this.high < 0) { this.high = byte; return; }
    const x = this.x - this.column, y = this.y - this.row;
    if (x >= 0 && y >= 0 && x < this.width && y < this.height) {
      const i = (y * this.width + x) * 2;
      this.canvas[i] = this.high; this.canvas[i + 1] = byte;
    } else this.stray++;
    this.high = -1;
    if (++this.x > this.c1) { this.x = this.c0; if (++this.y > this.r1) this.y = this.r0; }
  }
  // The glass, row by row, two bytes a pixel (RGB565, high byte first).
  visible() { return this.canvas; }
}

// A region of the panel's RAM (one page, a range of columns) as it was when the watch began;
// `at` becomes the clock's nanos at the end of the first transfer after which it differs.
class PanelWatch {
  // ram: what the panel shows (SSD1306.visible()), 128 columns a page.
  constructor(ram, page, col0, col1) {
    this.start = page * 128 + col0;
    this.base = ram.slice(this.start, page * 128 + col1);
    this.at = -1;
  }
  differs(ram) {
    for (let i = 0; i < this.base.length; i++) if (ram[this.start + i] !== this.base[i]) return true;
    return false;
  }
}

export class Pico {
  constructor({ uf2, flash = null, fs: fsImage = null, fsOffset = 0xa0000, cache = true,
    miss = 60, eraseMs = 45, pageMs = 0.4, low = [], panel = null }) {
    this.sim = new rp.Simulator();
    const mcu = this.mcu = this.sim.rp2040;
    this.clock = this.sim.clock;
    mcu.loadBootrom(new Uint32Array(new Uint8Array(fs.readFileSync(path.join(HERE, 'bootrom-b1.bin'))).buffer));
    mcu.logger = new rp.ConsoleLogger(rp.LogLevel.Error);
    if (flash) mcu.flash.set(fs.readFileSync(flash));
    else {
      loadUF2(fs.readFileSync(uf2), mcu.flash);
      if (fsImage) mcu.flash.set(fs.readFileSync(fsImage), fsOffset);
    }
    this.cycles = 0; this.xipStall = 0; this.flashStall = 0; this.sleepNanos = 0; this.stall = 0;
    this.cache = new XipCache(miss, cache);
    this.eraseCycles = Math.round(eraseMs * 125e3);
    this.pageCycles = Math.round(pageMs * 125e3);
    this.flashOps = 0; this.flashLog = [];
    this.markers = [];
    this.serial = ''; this.consumed = 0;
    this.activity = 0; // clock nanos of the last panel transfer or flash operation
    this.lastSleep = 0; // clock nanos when the core last slept (WFI/WFE)
    this.stopAtFlashOp = -1; this.stopped = false;
    this.watchdogResets = 0;
    this.profile = null; // a Profile once armed
    this.watch = null; // a PanelWatch while watch_panel runs
    this.group = null; // the chips linked with this one (itself too), run in lockstep
    this.uartBytes = 0; // bytes this chip's link UART sent
    this.hookMemory();
    this.hookRom();
    this.hookMarkers();
    this.setupUSB();
    this.setupUARTs();
    if (panel && panel.bus === 'spi') this.setupSPI(panel);
    else this.setupI2C();
    for (let pin = 0; pin < 30; pin++) mcu.gpio[pin].setInputValue(!low.includes(pin));
    mcu.peripherals[0x40058].onWatchdogTrigger = () => { this.watchdogResets++; };
    mcu.core.PC = FLASH_BASE;
  }

  get nanos() { return this.clock.nanos; }

  hookMemory() {
    const core = this.mcu.core, mcu = this.mcu, cache = this.cache;
    for (const name of ['readUint8', 'readUint16', 'readUint32']) {
      const read = mcu[name].bind(mcu);
      core[name] = (a) => {
        if (a >= 0x10000000 && a < 0x14000000) this.stall += cache.stall(a);
        return read(a);
      };
    }
  }

  romFunction(code) {
    const read16 = (a) => this.mcu.readUint16(a);
    for (let p = read16(0x14); ; p += 4) {
      const c = read16(p);
      if (!c) return -1;
      if (c === code) return read16(p + 2) & ~1;
    }
  }

  hookRom() {
    const code = (s) => s.charCodeAt(0) | (s.charCodeAt(1) << 8);
    this.romErase = this.romFunction(code('RE'));
    this.romProgram = this.romFunction(code('RP'));
    this.romFlush = this.romFunction(code('FC'));
  }

  // PC sits at a ROM flash function: do it on the flash array; true when done here.
  romCall(pc) {
    const r = this.mcu.core.registers, flash = this.mcu.flash;
    let cycles;
    if (pc === this.romErase) {
      const addr = r[0] >>> 0, count = r[1] >>> 0;
      flash.fill(0xff, addr, addr + count);
      cycles = Math.ceil(count / 4096) * this.eraseCycles;
      this.flashLog.push(['erase', addr, count, this.nanos]);
    } else if (pc === this.romProgram) {
      const addr = r[0] >>> 0, src = r[1] >>> 0, count = r[2] >>> 0;
      for (let i = 0; i < count; i++) flash[addr + i] &= this.mcu.readUint8(src + i);
      cycles = Math.ceil(count / 256) * this.pageCycles;
      this.flashLog.push(['program', addr, count, this.nanos]);
    } else {
      if (pc === this.romFlush) this.cache.flush();
      return false;
    }
    this.flashOps++;
    this.flashStall += cycles;
    this.stall += cycles;
    this.cache.flush();
    this.activity = this.nanos;
    if (this.flashOps === this.stopAtFlashOp) this.stopped = true;
    this.mcu.core.PC = this.mcu.core.LR & ~1;
    return true;
  }

  hookMarkers() {
    const watchdog = this.mcu.peripherals[0x40058];
    const write = watchdog.writeUint32.bind(watchdog);
    watchdog.writeUint32 = (offset, value) => {
      if ((offset & 0xfff) === MARKER_OFFSET) {
        if (this.profile && (value >>> 0) === PROFILE_ON) this.profile.on = true;
        if (this.profile && (value >>> 0) === PROFILE_OFF) this.profile.on = false;
        this.markers.push({ value: value >>> 0, cycles: this.cycles + this.stall,
          xip: this.xipStall, misses: this.cache.misses, nanos: this.nanos });
      }
      write(offset, value);
    };
  }

  setupUSB() {
    const usb = this.mcu.usbCtrl;
    const cdc = this.cdc = new rp.USBCDC(usb);
    this.connected = false; this.queue = []; this.pendingRead = null;
    cdc.onDeviceConnected = () => { this.connected = true; };
    cdc.onSerialData = (buf) => { this.serial += Buffer.from(buf).toString('latin1'); };
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint !== cdc.outEndpoint) return;
      if (this.queue.length) this.deliver(size);
      else this.pendingRead = size; // nothing to send: NAK until there is
    };
  }
  deliver(size) {
    const bytes = Uint8Array.from(this.queue.splice(0, Math.min(size, this.queue.length)));
    this.mcu.usbCtrl.endpointReadDone(this.cdc.outEndpoint, bytes);
  }
  send(text) {
    for (const b of Buffer.from(text, 'latin1')) this.queue.push(b);
    if (this.pendingRead !== null) { const size = this.pendingRead; this.pendingRead = null; this.deliver(size); }
  }

  setupUARTs() {
    const TX_INTERRUPT = 1 << 5;
    for (const uart of this.mcu.uart) {
      uart.checkInterrupts = () => {
        this.mcu.setInterrupt(uart.irq, !!(uart.interruptStatus & uart.interruptMask));
      };
      const write = uart.writeUint32.bind(uart);
      uart.writeUint32 = (offset, value) => {
        write(offset, value);
        if (offset === 0) { // DR: the byte is on its way and the FIFO empty again
          uart.interruptStatus |= TX_INTERRUPT;
          uart.checkInterrupts();
        }
      };
    }
  }

  setupI2C() {
    const i2c = this.mcu.i2c[0], clock = this.clock;
    const panel = this.panel = new SSD1306();
    this.i2cBytes = 0; this.i2cBusNanos = 0; this.lastI2CEnd = 0;
    let target = false, startNanos = 0;
    const byteNanos = () => 9 * ((i2c.fsClockHighPeriod + i2c.fsClockLowPeriod) || 312) * NS_PER_CYCLE;
    const later = (ns, fn) => clock.createAlarm(fn).schedule(ns);
    i2c.onStart = () => { startNanos = this.nanos; later(byteNanos() / 9, () => i2c.completeStart()); };
    i2c.onConnect = (address) => {
      target = address === 0x3c;
      if (target) panel.start();
      later(byteNanos(), () => i2c.completeConnect(target));
    };
    i2c.onWriteByte = (value) => {
      if (target) { panel.write(value); this.i2cBytes++; }
      later(byteNanos(), () => i2c.completeWrite(target));
    };
    i2c.onReadByte = () => later(byteNanos(), () => i2c.completeRead(0));
    i2c.onStop = () => later(byteNanos() / 9, () => {
      i2c.completeStop();
      if (target) {
        this.activity = this.nanos; this.lastI2CEnd = this.nanos;
        this.i2cBusNanos += this.nanos - startNanos;
        const w = this.watch;
        if (w && w.at < 0 && w.differs(panel.visible())) w.at = this.nanos;
      }
    });
  }

  setupSPI({ block = 0, dc, cs, columns = 128, first = 0, kind = 'oled', width, height, column, row }) {
    const spi = this.mcu.spi[block], clock = this.clock, gpio = this.mcu.gpio;
    const panel = this.panel = kind === 'st7789'
      ? new ST7789(width, height, column, row) : new SSD1306(columns, first);
    this.i2cBytes = 0; this.i2cBusNanos = 0; this.lastI2CEnd = 0; // the panel's bus, whichever
    let selected = false;
    spi.onTransmit = (value) => {
      const now = !gpio[cs].outputValue;
      if (now && !selected) panel.transfers++;
      selected = now;
      if (selected) { panel.spiWrite(value, gpio[dc].outputValue); this.i2cBytes++; }
      const ns = 8 * 1e9 / (spi.clockFrequency || 1e6);
      clock.createAlarm(() => {
        spi.completeTransmit(0);
        if (selected) {
          this.activity = this.nanos; this.lastI2CEnd = this.nanos; this.i2cBusNanos += ns;
          const w = this.watch;
          if (w && w.at < 0 && w.differs(panel.visible())) w.at = this.nanos;
        }
      }).schedule(ns);
    };
  }

  // Run until until() holds (checked every 256 instructions) or ms of emulated time pass; a
  // linked chip runs with the others of its group, in turns.
  run(until, ms) {
    if (this.group && !this.inTurn) return this.runGroup(until, ms);
    const core = this.mcu.core, clock = this.clock;
    const end = clock.nanos + ms * 1e6;
    const erase = this.romErase, program = this.romProgram, flush = this.romFlush;
    for (;;) {
      for (let i = 0; i < 256; i++) {
        if (core.waiting) { // asleep (WFI/WFE): the clock jumps to the next event
          let n = clock.nanosToNextAlarm;
          if (n <= 0) n = 1000;
          if (this.inTurn) { // a turn ends on time: the other chip's bytes must not wait
            if (clock.nanos >= end) break;
            n = Math.min(n, end - clock.nanos);
          }
          clock.tick(n); this.sleepNanos += n;
          this.lastSleep = clock.nanos;
          if (this.queue.length && this.pendingRead !== null) break;
          continue;
        }
        const pc = core.registers[15];
        if (pc < 0x4000 && (pc === erase || pc === program || pc === flush) && this.romCall(pc)) {
          const c = this.stall + 3; this.stall = 0;
          this.cycles += c; clock.tick(c * NS_PER_CYCLE);
          if (this.stopped) return true;
          continue;
        }
        const c = core.executeInstruction();
        const s = this.stall;
        if (s) { this.xipStall += s; this.stall = 0; }
        if (this.profile !== null && this.profile.on) {
          this.profile.add(pc, c + s);
          if (this.profile.watch.has(pc)) this.profile.call(pc, core.LR);
        }
        this.cycles += c + s;
        clock.tick((c + s) * NS_PER_CYCLE);
      }
      if (until && until()) return true;
      if (clock.nanos >= end) return false;
    }
  }

  // The linked chips in turns of LINK_SLICE_NS until until() holds or ms pass on this one.
  runGroup(until, ms) {
    const end = this.nanos + ms * 1e6;
    for (;;) {
      const target = Math.min(end, this.nanos + LINK_SLICE_NS);
      for (const p of this.group) {
        if (p.nanos >= target) continue;
        p.inTurn = true;
        try { p.run(null, (target - p.nanos) / 1e6); } finally { p.inTurn = false; }
      }
      if (until && until()) return true;
      if (this.nanos >= end) return false;
    }
  }

  // This chip's UART block joined to another chip's: each TX byte reaches the other's RX.
  linkTo(other, block) {
    const uart = this.mcu.uart[block], into = other.mcu.uart[block];
    let free = 0; // when the wire is free of the last byte, on the sender's clock
    uart.onByte = (value) => {
      this.uartBytes++;
      const byteNanos = 10e9 / (uart.baudRate || 115200);
      const arrival = free = Math.max(this.nanos, free) + byteNanos;
      const wait = arrival - other.nanos;
      if (wait > 0) other.clock.createAlarm(() => into.feedByte(value)).schedule(wait);
      else into.feedByte(value);
    };
  }

  waitSerial(text, ms, from = this.consumed) {
    let at = -1;
    if (!this.run(() => (at = this.serial.indexOf(text, from)) >= 0, ms)) {
      throw new Error(`no ${JSON.stringify(text)} within ${ms} ms; serial: ${JSON.stringify(this.serial.slice(-300))}`);
    }
    return at + text.length;
  }

  counters() {
    return { ms: this.nanos / 1e6, cycles: this.cycles, xip_stall: this.xipStall,
      xip_misses: this.cache.misses, flash_stall: this.flashStall, sleep_ms: this.sleepNanos / 1e6,
      flash_ops: this.flashOps, i2c_bytes: this.i2cBytes, i2c_bus_ms: this.i2cBusNanos / 1e6,
      last_i2c_end_ms: this.lastI2CEnd / 1e6,
      watchdog_resets: this.watchdogResets, uart_bytes: this.uartBytes };
  }
}

// -- the JSON-lines server ---------------------------------------------------------------------

const handlers = {
  boot(p, a) { return new Pico(a); },
  // Join two booted chips' UART block (chips [a, b], block uart): a cable, TX to RX both ways.
  link(p, a, picos) {
    const [one, two] = a.chips.map((i) => picos[i]);
    if (!one || !two || one === two) throw new Error('link two booted chips, not ' + JSON.stringify(a.chips));
    one.group = two.group = [one, two];
    one.linkTo(two, a.uart ?? 0); two.linkTo(one, a.uart ?? 0);
  },
  run_ms(p, a) { p.run(null, a.ms); },
  // Let the device settle: run until for quiet_ms neither panel nor flash has been busy and the
  // core has not run 5 ms without sleeping (the app's loop sleeps between polls when idle).
  settle(p, a) {
    const quiet = (a.quiet_ms ?? 100) * 1e6;
    const ok = p.run(() => {
      if (p.nanos - p.lastSleep > 5e6) p.activity = p.nanos;
      return p.nanos - p.activity >= quiet;
    }, a.max_ms ?? 60000);
    return { settled: ok };
  },
  pin(p, a) { p.mcu.gpio[a.pin].setInputValue(!!a.high); },
  panel(p) {
    return { ram: Buffer.from(p.panel.visible()).toString('hex'), on: p.panel.on,
      transfers: p.panel.transfers, stray: p.panel.stray ?? 0, madctl: p.panel.madctl ?? -1,
      seg_remap: p.panel.segRemap ?? null, com_reverse: p.panel.comReverse ?? null };
  },
  serial(p) { const text = p.serial.slice(p.consumed); p.consumed = p.serial.length; return { text }; },
  // The USB serial as a host's port (a link over it): the bytes in hex sent to the device, and
  // the bytes it wrote since the last call back (its console output among them); a cursor of
  // its own, apart from serial's.
  usb(p, a) {
    if (a.data) p.send(Buffer.from(a.data, 'hex').toString('latin1'));
    const out = Buffer.from(p.serial.slice(p.usbRead ?? 0), 'latin1').toString('hex');
    p.usbRead = p.serial.length;
    return { data: out, connected: p.connected };
  },
  // Wait for text on the console (the REPL prompt, a line the app prints).
  expect(p, a) { p.consumed = p.waitSerial(a.text, a.max_ms ?? 30000); },
  repl(p, a) {
    if (!p.run(() => p.connected, a.max_ms ?? 20000)) throw new Error('USB CDC never connected');
    p.send('\r\x03\x03\x01'); // Ctrl-C twice, then Ctrl-A: the raw REPL
    p.consumed = p.waitSerial('raw REPL; CTRL-B to exit\r\n>', a.max_ms ?? 20000);
  },
  exec(p, a) {
    const before = p.counters();
    p.send(a.code); p.send('\x04');
    const ok = p.waitSerial('OK', 60000);
    const endOut = p.waitSerial('\x04', a.max_ms ?? 600000, ok);
    const endErr = p.waitSerial('\x04', 60000, endOut);
    p.consumed = p.waitSerial('>', 10000, endErr);
    return { out: p.serial.slice(ok, endOut - 1), err: p.serial.slice(endOut, endErr - 1),
      ms: p.nanos / 1e6 - before.ms, cycles: p.cycles - before.cycles };
  },
  // Run until the device has done n more flash operations (erase or program), then stop dead:
  // what a power cut at that moment leaves. False when it did not happen within max_ms.
  cut_after_flash_ops(p, a) {
    p.stopAtFlashOp = p.flashOps + a.n; p.stopped = false;
    const ok = p.run(() => p.stopped, a.max_ms ?? 10000);
    p.stopAtFlashOp = -1;
    return { cut: ok, flash_ops: p.flashOps };
  },
  save_flash(p, a) { fs.writeFileSync(a.path, p.mcu.flash); },
  // Run until a transfer to the panel changes a region of its RAM (page, columns col0 to col1
  // excluded) from what it holds now: at_ms is when that transfer ended, on the bus.
  watch_panel(p, a) {
    const watch = p.watch = new PanelWatch(p.panel.visible(), a.page, a.col0, a.col1);
    const ok = p.run(() => watch.at >= 0, a.max_ms ?? 1000);
    p.watch = null;
    return { changed: ok, at_ms: watch.at / 1e6 };
  },
  markers(p) { const m = p.markers; p.markers = []; return { markers: m }; },
  flash_log(p) { const log = p.flashLog; p.flashLog = []; return { log }; },
  counters(p) { return p.counters(); },
  // Arm the profiler: it counts between the markers PROFILE_ON and PROFILE_OFF.
  profile(p, a) { p.profile = new Profile(a.watch || []); },
  profile_counts(p) { return { counts: p.profile ? p.profile.counts() : [] }; },
  profile_callers(p) {
    const callers = p.profile ? [...p.profile.callers] : [];
    return { callers: callers.map(([k, n]) => [...k.split(':').map(Number), n]) };
  },
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const picos = []; // by chip number: one, or two linked (the request's "chip", 0 by default)
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let answer;
    try {
      const request = JSON.parse(line);
      const handler = handlers[request.cmd];
      if (!handler) throw new Error('unknown command ' + request.cmd);
      const chip = request.chip ?? 0;
      if (request.cmd === 'boot') { picos[chip] = handler(null, request); answer = { ok: true }; } else {
        const pico = picos[chip];
        if (!pico) throw new Error('boot chip ' + chip + ' first');
        answer = { ok: true, ...(handler(pico, request, picos) || {}), now_ms: pico.nanos / 1e6 };
      }
    } catch (error) {
      answer = { ok: false, error: String(error && error.stack || error) };
    }
    process.stdout.write(JSON.stringify(answer) + '\n');
  }
}
