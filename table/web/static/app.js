// worms-table simulator page: draws the table's state and sends the visitor's inputs.
// State comes once from GET /state, then live from the Server-Sent Events of /events.
"use strict";

// T, the page's words in each language, comes from /strings.js (the catalogs)
const KIND_ORDER = Object.keys(T.en.kinds);
const KIND_ICON = {starter: "✦", supply: "✚", superweapon: "✹", drop: "⬇", sudden_death: "☠"};
const HOLD_MS = 800;          // the buttons' hold time (table/devices/buttons.py)
const HEX = 40;               // hex radius in SVG units
const SVGNS = "http://www.w3.org/2000/svg";

let lang = "en";
let version = -1;
let cards = [];
let refetching = false;           // asking /state again for a card taught at the table
let cardsKey = null;              // the cards' ids and names the page has (view.cards_key)
let hexEls = new Map();
let gridKey = "";
let padKey = "";
let dialAngle = null;
let events = null;

const $ = (id) => document.getElementById(id);
const t = (key) => (T[lang] && T[lang][key]) ?? T.en[key];

function el(tag, attrs = {}, parent = null, ns = SVGNS) {
  const node = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// ---- talking to the table -------------------------------------------------------------------
async function api(path, body, headers = {}) {
  const opts = body === undefined ? {headers} : {method: "POST", body: JSON.stringify(body),
                                                 headers: {"Content-Type": "application/json", ...headers}};
  const res = await fetch(path, opts);
  let data = {};
  try { data = await res.json(); } catch (e) { /* not JSON */ }
  if (data.pairing) { askPairing(data); throw new Error(data.error); }
  if (!res.ok) { toast(errorText(res, data)); throw new Error(data.error); }
  return data;
}

// what went wrong, in the page's language where a player can cause it (a busy table, a full
// card folder); the table's own English otherwise (a request the page never sends)
function errorText(res, data) {
  if (res.status === 503) return t("busy");
  if (res.status === 507) return t("cfFull");
  return data.error || `${res.status} ${res.statusText}`;
}

// The pairing code goes to the table once; the table answers with a session cookie.
async function connect(code) {
  if (events) { events.close(); events = null; }
  try {
    apply(await api("/state", undefined, code ? {"X-Pairing-Code": code} : {}));
  } catch (e) {
    setLive(false);
    if (!$("pairing").open) setTimeout(connect, 2000);
    return;
  }
  events = new EventSource("/events");
  events.addEventListener("open", () => { version = -1; setLive(true); });   // a restarted table counts anew
  events.addEventListener("state", (e) => apply(JSON.parse(e.data)));
  events.addEventListener("error", () => {
    setLive(false);
    if (events && events.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
  });
}

function setLive(on) {
  const pill = $("live");
  pill.classList.toggle("off", !on);
  pill.querySelector("span").textContent = on ? t("live") : (version < 0 ? t("connecting") : t("reconnecting"));
}

// ---- applying a state -----------------------------------------------------------------------
function apply(s) {
  if (s.version < version) return;
  version = s.version;
  document.body.dataset.version = s.version;
  if (s.cards && s.cards_key !== cardsKey) {
    cardsKey = s.cards_key;
    document.dispatchEvent(new Event("table-cards"));   // (the card form's rename list too)
  }
  if (s.cards) cards = s.cards.slice().sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  const langChanged = s.lang !== lang || !document.body.dataset.lang;
  lang = s.lang;
  if (langChanged) relabel();
  drawLeds(s.leds);
  drawOled(s.oled);
  drawWind(s.wind);
  drawPad(s.buttons);
  // a game in play: "Abandon this game…" holds OK twice (the legend, then the question: the
  // table asks first, table/app/abandon.py)
  $("abandon").hidden = s.mode !== "play" || !(s.buttons && s.buttons.interactive);
  drawCards(s.reader, langChanged || !!s.cards);
  drawTable(s.table);
  // a card taught at the table (or renamed): the card row shows it
  if (!s.cards && s.cards_key !== undefined && s.cards_key !== cardsKey && !refetching) {
    refetching = true;
    api("/state").then(apply).catch(() => {}).finally(() => { refetching = false; });
  }
}

function relabel() {
  document.documentElement.lang = lang;
  document.body.dataset.lang = lang;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-placeholder]")) node.placeholder = t(node.dataset.tPlaceholder);
  for (const node of document.querySelectorAll("[data-t-aria-label]")) node.setAttribute("aria-label", t(node.dataset.tAriaLabel));
  for (const select of document.querySelectorAll("select[data-t-options]")) {     // ids as values, words as text
    const words = t(select.dataset.tOptions) || {};
    for (const option of select.options) if (words[option.value] !== undefined) option.textContent = words[option.value];
  }
  setLive(events && events.readyState === EventSource.OPEN);
  padKey = "";
}

// ---- the hex grid and the wind dial ---------------------------------------------------------
function centre(q, r) { return [HEX * 1.5 * q, HEX * Math.sqrt(3) * (r + q / 2)]; }

function corners(cx, cy, size) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 3 * i;
    pts.push(`${(cx + size * Math.cos(a)).toFixed(2)},${(cy + size * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

function buildGrid(hexes) {
  const svg = $("grid");
  svg.textContent = "";
  hexEls = new Map();
  let maxX = 0, maxY = 0;
  for (const [q, r] of hexes) {
    const [x, y] = centre(q, r);
    maxX = Math.max(maxX, Math.abs(x));
    maxY = Math.max(maxY, Math.abs(y));
  }
  const w = maxX + HEX * 2.2, h = maxY + HEX * 2.2;
  svg.setAttribute("viewBox", `${-w} ${-h} ${2 * w} ${2 * h}`);
  const defs = el("defs", {}, svg);
  const glow = el("filter", {id: "glow", x: "-60%", y: "-60%", width: "220%", height: "220%"}, defs);
  el("feGaussianBlur", {stdDeviation: HEX * 0.28}, glow);
  const waves = el("pattern", {id: "waves", width: 16, height: 10, patternUnits: "userSpaceOnUse"}, defs);
  el("rect", {width: 16, height: 10, fill: "#0b1f4a"}, waves);
  el("path", {d: "M0 6 Q4 2 8 6 T16 6", fill: "none", stroke: "#2f6fd0", "stroke-width": 1.3}, waves);
  const shine = el("radialGradient", {id: "shine", cx: "50%", cy: "42%", r: "60%"}, defs);
  el("stop", {offset: "0%", "stop-color": "#fff", "stop-opacity": "0.35"}, shine);
  el("stop", {offset: "70%", "stop-color": "#fff", "stop-opacity": "0"}, shine);

  // the six directions round the grid, numbered as the buttons are
  const labels = el("g", {class: "dir-labels"}, svg);
  const rad = Math.min(w, h) - HEX * 0.75;
  for (let d = 1; d <= 6; d++) {
    const a = (d - 1) * Math.PI / 3;
    el("text", {x: (rad * Math.sin(a)).toFixed(1), y: (-rad * Math.cos(a)).toFixed(1)}, labels).textContent = d;
  }
  const glows = el("g", {class: "glows"}, svg);
  const cells = el("g", {class: "cells"}, svg);
  for (const [q, r] of hexes) {
    const [x, y] = centre(q, r);
    const g = el("polygon", {points: corners(x, y, HEX * 0.92), class: "glow", filter: "url(#glow)"}, glows);
    const cell = el("g", {class: "hex", "data-hex": `${q},${r}`}, cells);
    el("title", {}, cell).textContent = `(${q}, ${r})`;
    const p = el("polygon", {points: corners(x, y, HEX * 0.9), class: "led"}, cell);
    el("polygon", {points: corners(x, y, HEX * 0.9), class: "shine", fill: "url(#shine)"}, cell);
    hexEls.set(`${q},${r}`, {cell, p, g});
  }
  // the Wind Dial sits on hex (0, 0)
  const dial = el("g", {class: "dial"}, svg);
  el("circle", {r: HEX * 0.8, class: "dial-face"}, dial);
  for (let d = 1; d <= 6; d++) {
    const a = (d - 1) * Math.PI / 3;
    el("line", {x1: (HEX * 0.66 * Math.sin(a)).toFixed(2), y1: (-HEX * 0.66 * Math.cos(a)).toFixed(2),
                x2: (HEX * 0.78 * Math.sin(a)).toFixed(2), y2: (-HEX * 0.78 * Math.cos(a)).toFixed(2),
                class: "tick"}, dial);
  }
  const arrow = el("g", {id: "arrow", class: "arrow"}, dial);
  const A = (x, y) => `${(x * HEX).toFixed(2)},${(y * HEX).toFixed(2)}`;
  el("path", {d: `M${A(0, -0.68)} L${A(0.3, -0.18)} L${A(0.1, -0.22)} L${A(0.1, 0.5)} ` +
                 `L${A(-0.1, 0.5)} L${A(-0.1, -0.22)} L${A(-0.3, -0.18)} Z`}, arrow);
  el("circle", {r: HEX * 0.1, class: "hub"}, dial);
  dialAngle = null;
}

function drawLeds(leds) {
  if (!leds) return;
  const key = leds.hexes.map(([q, r]) => `${q},${r}`).join(";");
  if (key !== gridKey) { buildGrid(leds.hexes); gridKey = key; }
  for (const [q, r, colour] of leds.hexes) {
    const e = hexEls.get(`${q},${r}`);
    if (!e || e.cell.dataset.color === colour) continue;
    const lit = colour !== "#000000";
    e.cell.dataset.color = colour;
    e.cell.classList.toggle("lit", lit);
    e.p.style.fill = lit ? colour : "";
    e.g.style.fill = colour;
    const level = Math.max(...[1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16))) / 255;
    e.g.style.opacity = (0.95 * level * level).toFixed(2);
  }
}

function drawWind(wind) {
  const arrow = document.getElementById("arrow");
  const label = $("wind-label");
  if (!wind || wind.angle === null || wind.direction === null) {
    if (arrow) arrow.classList.add("unset");
    label.textContent = t("noWind");
    label.dataset.direction = "";
    return;
  }
  label.textContent = `${t("wind")} ${wind.direction} · ${t("dirs")[wind.direction - 1]}`;
  label.dataset.direction = wind.direction;
  if (!arrow) return;
  arrow.classList.remove("unset");
  // turn the short way, as the servo does, by tracking a continuous angle
  if (dialAngle === null) dialAngle = wind.angle;
  else dialAngle += ((wind.angle - dialAngle) % 360 + 540) % 360 - 180;
  arrow.style.transform = `rotate(${dialAngle}deg)`;
}

// ---- the spectator board: what stands on each hex, the legend, the turn log ------------------
const THING_ICON = {mine: "✱", oil_drum: "▮", crate: "▣", fire: "♨", crater: "◌"};

function drawTable(table) {
  const panel = $("table-panel");
  if (!table) { panel.hidden = true; return; }
  panel.hidden = false;
  for (const e of hexEls.values()) {
    if (e.things) e.things.textContent = "";
    e.cell.classList.remove("water", "cursor");
  }
  for (const hex of table.hexes || []) {
    const [q, r] = hex.at;
    const e = hexEls.get(`${q},${r}`);
    if (!e) continue;
    e.cell.classList.toggle("water", hex.water);
    if (!e.things) e.things = el("g", {class: "things"}, e.cell);
    const [x, y] = centre(q, r);
    if (hex.water) el("polygon", {points: corners(x, y, HEX * 0.9), class: "waves", fill: "url(#waves)"}, e.things);
    hex.things.forEach((th, i) => {
      const n = hex.things.length, dx = (i - (n - 1) / 2) * HEX * 0.55;
      const g = el("g", {class: `thing ${th.kind}`, transform: `translate(${(x + dx).toFixed(1)},${y.toFixed(1)})`}, e.things);
      el("title", {}, g).textContent = th.name;
      if (th.kind === "worm") {
        el("circle", {r: HEX * 0.26, class: `worm team-${th.team}${th.hurt ? " hurt" : ""}${th.frozen ? " frozen" : ""}`}, g);
        el("text", {class: "worm-n", dy: "0.35em"}, g).textContent = th.n;
      } else {
        el("text", {class: "icon", dy: "0.35em"}, g).textContent = THING_ICON[th.kind] || "?";
      }
    });
  }
  const cursor = table.cursor;
  if (cursor) {
    const e = hexEls.get(`${cursor.at[0]},${cursor.at[1]}`);
    if (e) e.cell.classList.add("cursor");
  }
  $("cursor-says").textContent = cursor ? `${t("underCursor")} ${cursor.says}` : "";
  $("cursor-says").hidden = !cursor;
  const legend = $("legend");
  legend.textContent = "";
  for (const item of table.legend || []) {
    const li = el("li", {"data-what": item.what}, legend, null);
    el("i", {class: "swatch", style: `background:${item.colour}`}, li, null);
    li.append(item.name);
  }
  const hand = $("hand");
  hand.textContent = "";
  $("hand-box").hidden = !table.hand && !(table.hands || []).length;
  for (const name of table.hand || []) el("li", {}, hand, null).textContent = name;
  // every team's hand size: what the players see of each other's cards
  $("hand-sizes").textContent = (table.hands || []).map(([team, n]) => `${team}: ${n}`).join(" · ");
  $("hand-team").textContent = table.team ? `· ${table.team}` : "";
  $("box-teams").textContent = (table.box || []).join(" · ");
  $("box-teams").hidden = !(table.box || []).length;
  const log = $("log");
  log.textContent = "";
  for (const line of table.log || []) el("li", {}, log, null).textContent = line;
  log.scrollTop = log.scrollHeight;
  // the OLED in words, for screen readers (and the browser test)
  $("oled").alt = (table.screen || []).join(" \n ") || $("oled").alt;
  $("oled-text").textContent = (table.screen || []).join("\n");
}

// ---- the OLED -------------------------------------------------------------------------------
function drawOled(url) {
  const img = $("oled");
  const glass = img.closest(".oled-glass");
  glass.classList.toggle("blank", !url);
  glass.dataset.note = t("notMirrored");
  if (url && img.getAttribute("src") !== url) img.src = url;
  img.alt = url ? t("oledAlt") : t("notMirrored");
}

// ---- the buttons ----------------------------------------------------------------------------
function drawPad(buttons) {
  const names = buttons ? buttons.names : [];
  const interactive = !!(buttons && buttons.interactive);
  const key = `${lang}|${names.join(",")}|${interactive}`;
  if (key === padKey) return;
  padKey = key;
  const pad = $("pad");
  pad.textContent = "";
  pad.classList.toggle("encoder", names.includes("cw"));
  $("keys").hidden = !interactive;
  $("spectator").hidden = interactive || !buttons;
  for (const name of names) {
    const b = el("button", {class: `btn btn-${name}`, "data-button": name, type: "button"}, pad, null);
    const d = Number(name);
    if (d >= 1 && d <= 6) {
      const a = (d - 1) * Math.PI / 3, rad = 84;
      b.style.left = `calc(50% + ${(rad * Math.sin(a)).toFixed(1)}px)`;
      b.style.top = `calc(50% - ${(rad * Math.cos(a)).toFixed(1)}px)`;
      b.innerHTML = `<svg viewBox="-10 -10 20 20" style="transform:rotate(${(d - 1) * 60}deg)"><path d="M0,-7 L5,1 L1.6,1 L1.6,7 L-1.6,7 L-1.6,1 L-5,1 Z"/></svg><b>${d}</b>`;
    } else {
      b.textContent = {ok: t("ok"), back: t("back"), cw: "↻", ccw: "↺"}[name] || name;
    }
    b.disabled = !interactive;
    if (interactive) holdable(b, name);
  }
}

// A button held HOLD_MS is a long press: said when the timer fires, or, on a page too busy
// to run the timer in time, when the button is let go (measured from the events' own times).
function holdable(button, name) {
  let timer = null, held = false, downAt = 0;
  button.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    button.setPointerCapture(e.pointerId);
    button.classList.add("down");
    held = false;
    downAt = e.timeStamp;
    timer = setTimeout(() => { held = true; button.classList.add("held"); press(name, true); }, HOLD_MS);
  });
  const release = (e, send) => {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
    button.classList.remove("down", "held");
    if (send && !held) press(name, e.timeStamp - downAt >= HOLD_MS);
  };
  button.addEventListener("pointerup", (e) => release(e, true));
  button.addEventListener("pointercancel", (e) => release(e, false));
}

function flash(name, long) {
  const b = document.querySelector(`[data-button="${name}"]`);
  if (!b) return;
  b.classList.add("down");
  if (long) b.classList.add("held");
  setTimeout(() => b.classList.remove("down", "held"), long ? 400 : 140);
}

function press(name, long) { api("/press", {name, long}).catch(() => {}); }

const KEYS = {Enter: "ok", Backspace: "back", Escape: "back"};
document.addEventListener("keydown", (e) => {
  if ($("pairing").open || e.ctrlKey || e.altKey || e.metaKey || e.repeat) return;
  const digit = /^Digit([1-6])$/.exec(e.code) || /^Numpad([1-6])$/.exec(e.code);
  const name = digit ? digit[1] : KEYS[e.key];
  const b = name && document.querySelector(`[data-button="${name}"]`);
  if (!b || b.disabled) return;
  e.preventDefault();
  flash(name, e.shiftKey);
  press(name, e.shiftKey);
});

// ---- the cards ------------------------------------------------------------------------------
function drawCards(reader, rebuild) {
  const row = $("cards");
  const interactive = !!(reader && reader.interactive);
  if (rebuild || row.dataset.interactive !== String(interactive)) {
    row.textContent = "";
    row.dataset.interactive = String(interactive);
    for (const c of cards) {
      const b = el("button", {class: `card kind-${c.kind}`, "data-card": c.id, type: "button"}, row, null);
      b.innerHTML = `<span class="kind"></span><span class="icon"></span><span class="name"></span><span class="tag">NFC</span>`;
      b.querySelector(".kind").textContent = t("kinds")[c.kind] || c.kind;
      b.querySelector(".icon").textContent = KIND_ICON[c.kind] || "★";
      b.querySelector(".name").textContent = c.names[lang] || c.names.en;
      b.disabled = !interactive;
      b.addEventListener("click", () => api("/tap", {card: c.id}).catch(() => {}));
    }
    // a blank tag: a card the box does not know (the box walks the players through it)
    const blank = el("button", {class: "card kind-blank", "data-card": "blank", type: "button"}, row, null);
    blank.innerHTML = `<span class="kind"></span><span class="icon">?</span><span class="name"></span><span class="tag">NFC</span>`;
    blank.querySelector(".name").textContent = t("blank");
    blank.disabled = !interactive;
    blank.addEventListener("click", () => api("/tap", {card: "blank"}).catch(() => {}));
  }
  $("cards-title").textContent = t(interactive ? "cards" : "cardsShown");
  const on = reader ? reader.card : null;
  for (const b of row.children) b.classList.toggle("on-reader", b.dataset.card === on);
  const label = $("reader-label");
  const takeOff = $("take-off");
  if (!reader) { label.textContent = ""; takeOff.hidden = true; return; }
  if (reader.uid === null) label.textContent = t("readerEmpty");
  else {
    const card = cards.find((c) => c.id === reader.card);
    label.textContent = `${t("onReader")} ${card ? (card.names[lang] || card.names.en) : `${t("unknownTag")} ${reader.uid}`}`;
  }
  label.parentElement.classList.toggle("busy", reader.uid !== null);
  takeOff.hidden = !interactive || reader.uid === null;
}

$("take-off").addEventListener("click", () => api("/remove", {}).catch(() => {}));
$("abandon").addEventListener("click", () => api("/press", {name: "ok", long: true})
  .then(() => api("/press", {name: "ok", long: true})).catch(() => {}));

// ---- pairing and messages -------------------------------------------------------------------
function askPairing(data) {
  const dialog = $("pairing");
  $("pair-error").textContent = {needed: "", wrong: t("pairWrong"), wait: t("pairWait")}[data.reason] ?? data.error;
  if (!dialog.open) dialog.showModal();
  $("pair-code").focus();
}

$("pair-form").addEventListener("submit", () => {
  const code = $("pair-code").value.trim();
  setTimeout(() => connect(code), 0);
});

let toastTimer = null;
function toast(message) {
  let box = document.querySelector(".toast");
  if (!box) box = el("div", {class: "toast", role: "status"}, document.body, null);
  box.textContent = message;
  box.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.remove("show"), 4000);
}

relabel();
connect();
