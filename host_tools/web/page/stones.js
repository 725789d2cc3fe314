// Pocket Stones in a page: MicroPython's WebAssembly port runs the firmware (stones.boot.web),
// this script is its hardware. The panel's frame is drawn on the canvas at a whole-number scale,
// the on-screen buttons (pointer events: mouse, touch, pen) and the simulator's keys press the
// device's seven buttons, localStorage is its flash, WebAudio its buzzer.
//
// The app runs a few steps each animation frame (Loop.frame) and returns: the page never blocks.
// With ?manual in the address the clock stands still until window.stones.run(ms) moves it, as
// the simulator's does: a test then gets the simulator's frames for the same presses.
// ?panel=128 shows the 128x128 panel.
//
// The status line under the panel speaks to the player: what the page is doing (a replay, while
// it is open), or what went wrong in words; an exception's class and traceback go to the console.
//
// Served with the link's relay (host_tools/web/serve.py says so at link.json), the device has Link
// rows: its link is a WebSocket to the relay, which carries it to the other device over TCP.
import { loadMicroPython } from "./micropython.mjs";

const params = new URLSearchParams(location.search);
const manual = params.has("manual");
const height = params.get("panel") === "128" ? 128 : 64;
const WIDTH = 128;
const FRAME_MS = 10; // the app's share of each animation frame (it steps for about this long)
const KEYS = {
  ArrowUp: "up", w: "up", ArrowDown: "down", s: "down", ArrowLeft: "left", a: "left",
  ArrowRight: "right", d: "right", z: "a", j: "a", Enter: "a", x: "b", k: "b",
  Backspace: "b", m: "menu", Tab: "menu",
};

const status = document.getElementById("status");
const canvas = document.getElementById("panel");
const context = canvas.getContext("2d");
const small = document.createElement("canvas"); // the panel at 1:1, scaled onto the canvas
small.width = WIDTH;
small.height = height;
const smallContext = small.getContext("2d");
const pixels = smallContext.createImageData(WIDTH, height);
let scale = 2;
let picture = null;

function fit() {
  // The largest whole-number scale the bezel has room for (at least 1).
  const room = canvas.parentElement.clientWidth - 20;
  scale = Math.max(1, Math.floor(room / WIDTH));
  canvas.width = WIDTH * scale;
  canvas.height = height * scale;
  canvas.style.width = canvas.width + "px";
  canvas.style.height = canvas.height + "px";
  paint();
}

function paint() {
  // The frame is MONO_VLSB: a byte is 8 pixels of a column, bit 0 on top; then lit, contrast.
  const data = pixels.data;
  const pages = height / 8;
  const lit = picture ? picture[pages * WIDTH] : 0;
  const bright = lit ? 60 + Math.floor((195 * picture[pages * WIDTH + 1]) / 255) : 0;
  for (let y = 0; y < height; y++) {
    const page = (y >> 3) * WIDTH;
    const bit = y & 7;
    for (let x = 0; x < WIDTH; x++) {
      const on = picture && (picture[page + x] >> bit) & 1 ? bright : 0;
      const i = (y * WIDTH + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = on;
      data[i + 3] = 255;
    }
  }
  smallContext.putImageData(pixels, 0, 0);
  context.imageSmoothingEnabled = false;
  context.drawImage(small, 0, 0, canvas.width, canvas.height);
}

// -- sound: the buzzer's square wave, once the page may play (after the first press) --------
let audio = null;
let oscillator = null;
function unlockAudio() {
  if (audio || !window.AudioContext) return;
  audio = new AudioContext();
}
function tone(hz) {
  if (!audio) return;
  if (oscillator) {
    oscillator.stop();
    oscillator = null;
  }
  if (hz > 0) {
    const gain = audio.createGain();
    gain.gain.value = 0.05;
    gain.connect(audio.destination);
    oscillator = audio.createOscillator();
    oscillator.type = "square";
    oscillator.frequency.value = hz;
    oscillator.connect(gain);
    oscillator.start();
  }
}

// -- the page as the firmware sees it (stones/platforms/web.py's `page`) ---------------------
const page = {
  store_get: (key) => localStorage.getItem(key),
  store_set: (key, text) => localStorage.setItem(key, text),
  store_remove: (key) => localStorage.removeItem(key),
  store_keys: () => Object.keys(localStorage).join("\n"),
  tone: (hz) => tone(hz),
  link_address: () => linkAddress(),
  link_open: (host, address) => linkOpen(host, address),
  link_state: () => link.state,
  link_read: (n) => linkRead(n),
  link_write: (text) => linkWrite(text),
  link_close: () => linkDrop(""),
};

async function unpack(mp) {
  // firmware.bin holds the compiled files one after another; firmware.json says where.
  const [index, blob] = await Promise.all([
    fetch("firmware.json").then((r) => r.json()),
    fetch("firmware.bin").then((r) => r.arrayBuffer()),
  ]);
  const made = new Set();
  for (const [name, [offset, length]] of Object.entries(index.files)) {
    const parts = ("/lib/" + name).split("/");
    for (let i = 2; i < parts.length; i++) {
      const folder = parts.slice(0, i).join("/");
      if (!made.has(folder)) {
        try { mp.FS.mkdir(folder); } catch (error) { /* there already */ }
        made.add(folder);
      }
    }
    mp.FS.writeFile("/lib/" + name, new Uint8Array(blob, offset, length));
  }
  return index;
}

let mp, loop;
let shown = -1;
let ready = ""; // the status line while nothing else is to be said
let replaying = false; // the status line speaks of a replay the page opened
const stones = { ready: false, manual, frames: 0, menuMs: null, error: null };
window.stones = stones;

// -- the link: a WebSocket to the relay (host_tools/web/relay.py) ---------------------------
// It says "open" once the other device is there; then each binary message is the link's bytes.
// Closed (the other device gone, the relay's refusal, anything else it sends), it stays closed
// until the firmware's pipe (stones/platforms/web.py, PagePipe) opens it again.
const LINK_CLOSED = 0, LINK_OPENING = 1, LINK_OPEN = 2;
const LINK_ADDRESS = "pocket-stones-page/link-address"; // the page's own setting
const DEFAULT_ADDRESS = "127.0.0.1:4455";
const linkBox = document.getElementById("link");
const addressField = document.getElementById("link-address");
// sockets: how many were opened; sent, received: the bytes over the newest (a test's check)
const link = { socket: null, state: LINK_CLOSED, inbox: [], sockets: 0, sent: 0, received: 0 };
stones.link = link;

function linkSay(text) {
  // The status line says the link's news ("": the page's own line again), unless a replay or a
  // fault has it.
  if (!replaying && !stones.error) status.textContent = text || ready;
}

function linkOpen(host, address) {
  if (link.socket) return;
  const url = new URL("link", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set(host ? "host" : "join", address);
  const socket = new WebSocket(url);
  socket.binaryType = "arraybuffer";
  Object.assign(link, { socket, state: LINK_OPENING, inbox: [], sent: 0, received: 0 });
  link.sockets++;
  socket.onmessage = (event) => {
    if (link.socket !== socket) return;
    if (typeof event.data === "string") {
      if (event.data === "open" && link.state === LINK_OPENING) {
        link.state = LINK_OPEN;
        linkSay("Link open through the relay: " +
          (host ? "a device called port " + address.split(":").pop() : address));
      } else {
        linkDrop("the relay sent what the page does not take");
      }
    } else if (link.state === LINK_OPEN) {
      const bytes = new Uint8Array(event.data);
      link.inbox.push(bytes);
      link.received += bytes.length;
    } else {
      linkDrop("the relay sent bytes before the link was open");
    }
  };
  socket.onclose = (event) => {
    if (link.socket !== socket) return;
    const why = event.reason || (link.state === LINK_OPENING ?
      "no relay answers (the page's server is not host_tools/web/serve.py)" : "the link closed");
    linkDrop(why);
  };
}

function linkDrop(why) {
  // The socket closed (or is made to): the firmware's pipe sees LINK_CLOSED, the link is lost.
  const socket = link.socket;
  Object.assign(link, { socket: null, state: LINK_CLOSED, inbox: [] });
  if (socket) socket.close();
  linkSay(why ? "Link: " + why + "." : "");
}

function linkRead(n) {
  // Up to n bytes of what came, as base64 text ("": none yet).
  if (!link.inbox.length) return "";
  let text = "";
  while (link.inbox.length && text.length < n) {
    const bytes = link.inbox[0];
    const take = Math.min(bytes.length, n - text.length);
    text += String.fromCharCode(...bytes.subarray(0, take));
    if (take === bytes.length) link.inbox.shift(); else link.inbox[0] = bytes.subarray(take);
  }
  return btoa(text);
}

function linkWrite(text) {
  if (link.state !== LINK_OPEN) return false;
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  link.socket.send(bytes);
  link.sent += bytes.length;
  return true;
}

function linkAddress() {
  return addressField.value.trim() || DEFAULT_ADDRESS;
}

function draw() {
  const sent = loop.frames_sent();
  if (sent !== shown) {
    shown = sent;
    picture = mp.PyProxy.toJs(loop.picture());
    paint();
    stones.frames++;
    if (replaying && !loop.replaying()) { // B has left it: the status line has done its work
      replaying = false;
      status.textContent = ready;
    }
    if (recordsBox.open) listRecords(); // a game that ended has left its record
  }
}

function fail(error) {
  // The device's code stopped: the player is told what to do, the developer finds the
  // exception in the console (and in window.stones.error).
  stones.error = String(error.message || error);
  status.textContent = "Stopped: the device ran into a fault. Reload the page to go on (the " +
    "games are kept); the browser's console has the details.";
  console.error(error);
}

// -- buttons ---------------------------------------------------------------------------------
// A button is down while any pointer or key holds it (a tap too short for the buttons'
// debounce is held by the firmware's Loop until the app has seen it).
const holders = {};
function hold(name, who, down) {
  const set = holders[name] || (holders[name] = new Set());
  const before = set.size;
  if (down) set.add(who); else set.delete(who);
  const element = document.querySelector(`[data-button="${name}"]`);
  if (element) element.classList.toggle("down-now", set.size > 0);
  if (!loop) return;
  if (before === 0 && set.size > 0) loop.press(name);
  if (before > 0 && set.size === 0) loop.release(name);
}

for (const element of document.querySelectorAll("[data-button]")) {
  const name = element.dataset.button;
  const who = (event) => "pointer" + event.pointerId;
  element.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    unlockAudio();
    element.setPointerCapture(event.pointerId);
    hold(name, who(event), true);
  });
  for (const kind of ["pointerup", "pointercancel", "lostpointercapture"]) {
    element.addEventListener(kind, (event) => hold(name, who(event), false));
  }
  element.addEventListener("contextmenu", (event) => event.preventDefault());
}
function typing(event) {
  // A key typed into one of the page's fields (the link's address) is the field's; Enter or
  // Escape leaves the field, and the keys are the device's again.
  const field = event.target instanceof HTMLInputElement && event.target.type === "text";
  if (field && event.type === "keydown" && (event.key === "Enter" || event.key === "Escape")) {
    event.target.blur();
  }
  return field;
}
window.addEventListener("keydown", (event) => {
  if (typing(event)) return;
  const name = KEYS[event.key] || KEYS[event.key.toLowerCase()];
  if (!name || event.ctrlKey || event.metaKey || event.altKey) return;
  event.preventDefault();
  unlockAudio();
  if (!event.repeat) hold(name, "key" + event.code, true);
});
window.addEventListener("keyup", (event) => {
  const name = KEYS[event.key] || KEYS[event.key.toLowerCase()];
  if (name) hold(name, "key" + event.code, false); // (a key held before the field had focus)
});
window.addEventListener("blur", () => {
  for (const name of Object.keys(holders)) {
    for (const who of [...holders[name]]) hold(name, who, false);
  }
});

// -- records: the finished games in the store, to download or replay -------------------------
const RECORDS = "pocket-stones/records/";
const PICO_SPEED = "pocket-stones-page/pico-speed"; // the page's own setting, not the firmware's
const recordsBox = document.getElementById("records");
const recordList = document.getElementById("record-list");
let listed = null;

function storedBytes(key) {
  const text = atob(localStorage.getItem(key));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function listRecords() {
  // Each record as a player reads it (game, board, players, result, date: the records tool's
  // list, host_tools/records/files.py), newest first as on the device; the file name is what
  // a download saves it as.
  if (!loop) return; // (listed once the device has started)
  const keys = Object.keys(localStorage).filter((k) => k.startsWith(RECORDS)).sort();
  if (listed === keys.join("\n")) return;
  listed = keys.join("\n");
  recordList.replaceChildren();
  if (!keys.length) {
    const item = document.createElement("li");
    item.textContent = "None yet: a game's record is kept when it ends.";
    recordList.append(item);
    return;
  }
  mp.runPython("import json\nfrom host_tools.records.files import listing\n" +
    "rows = json.dumps(listing(loop.app.session))");
  for (const [name, label, line] of JSON.parse(mp.globals.get("rows"))) {
    const bytes = storedBytes(RECORDS + name);
    const type = name.endsWith(".sgf") ? "application/x-go-sgf" : "text/plain";
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([bytes], { type }));
    link.download = name;
    link.title = "Download " + name;
    for (const [i, part] of line.split(", ").entries()) { // a line breaks between its parts
      const span = document.createElement("span");
      span.className = "part";
      span.textContent = part;
      link.append(...(i ? [", ", span] : [span]));
    }
    const button = document.createElement("button");
    button.textContent = "Replay";
    button.addEventListener("click", () => replayRecord(label, bytes));
    const item = document.createElement("li");
    item.append(link, button);
    recordList.append(item);
  }
}

function replayRecord(name, bytes) {
  // The host's reader (SGF, or the record format) makes the game; the replay screen opens over
  // whatever is on the panel, which B goes back to. A file it cannot read is said by name, in
  // words (host_tools/records/files.py: refusal), its exception written to the console.
  if (!loop) return;
  let said;
  try {
    mp.FS.writeFile("/record", bytes);
    mp.runPython("import sys\nfrom host_tools.records.files import replay_file\n" +
      "said = replay_file('/record', loop.replay, sys.stderr)");
    said = mp.globals.get("said");
  } catch (error) {
    console.error(error);
    said = "the page could not read it";
  }
  if (said) {
    status.textContent = "Could not replay " + name + ": " + said + ".";
    return; // (whatever was on the panel, a replay too, goes on)
  }
  replaying = true;
  status.textContent = "Replaying " + name + ": left and right step, B leaves";
  draw();
}

recordsBox.addEventListener("toggle", () => recordsBox.open && listRecords());
document.getElementById("record-file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (file) replayRecord(file.name, new Uint8Array(await file.arrayBuffer()));
  event.target.value = "";
});

async function findRelay() {
  // The relay's link.json, or null (a static server: no link). Its Link box shows the address
  // the device's Link screens use, kept in this browser.
  let relay = null;
  try {
    const answer = await fetch("link.json", { cache: "no-store" });
    if (answer.ok) relay = await answer.json();
  } catch (error) { /* no relay */ }
  if (!relay) return null;
  addressField.value = localStorage.getItem(LINK_ADDRESS) || DEFAULT_ADDRESS;
  addressField.addEventListener("change", () => {
    localStorage.setItem(LINK_ADDRESS, addressField.value.trim());
  });
  document.getElementById("link-where").textContent = relay.lan ?
    "every address of the computer serving this page" : "that computer only (127.0.0.1)";
  linkBox.hidden = false;
  return relay;
}

// -- start -----------------------------------------------------------------------------------
function tick() {
  try {
    loop.frame(FRAME_MS);
    draw();
  } catch (error) {
    fail(error);
    return;
  }
  requestAnimationFrame(tick);
}

try {
  fit();
  window.addEventListener("resize", fit);
  mp = await loadMicroPython({
    heapsize: 1024 * 1024,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  const [index, relay] = await Promise.all([unpack(mp), findRelay()]);
  mp.registerJsModule("page", page);
  mp.runPython(
    "import sys\nsys.path.insert(0, '/lib')\nimport page\nfrom stones import boot\n" +
      `loop = boot.web(page, ${height}, ${manual ? "True" : "False"}, ` +
      `${relay ? "True" : "False"})\n`,
  );
  loop = mp.globals.get("loop");
  for (const name of Object.keys(holders)) {
    if (holders[name].size) loop.press(name); // held while the firmware loaded
  }
  draw();
  stones.menuMs = performance.now(); // since the navigation began
  ready = "Pocket Stones " + index.version + " on MicroPython (WebAssembly)";
  status.textContent = ready;
  for (const [key, rate] of Object.entries(index.pico || {})) loop.set_rate(key, rate);
  const pace = document.getElementById("pico-speed");
  pace.disabled = !Object.keys(index.pico || {}).length; // no Pico figures in this build
  pace.checked = !pace.disabled && localStorage.getItem(PICO_SPEED) === "on";
  loop.pico = pace.checked;
  pace.addEventListener("change", () => {
    loop.pico = pace.checked;
    localStorage.setItem(PICO_SPEED, pace.checked ? "on" : "off");
  });
  stones.run = (ms) => {
    loop.run(ms);
    draw();
  };
  stones.picture = () => Array.from(picture || []);
  stones.python = (code) => mp.runPython(code); // for a test or the console: `loop` is the app's
  stones.loop = loop; // stones.loop.app.game.count and the like, read through the port's proxy
  stones.ready = true;
  if (!manual) requestAnimationFrame(tick);
} catch (error) {
  fail(error);
}
