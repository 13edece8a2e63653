// The studio page: one HTML file with its style and script inline, served at GET /. No build
// step and nothing fetched from elsewhere, so it works offline and on a machine with no npm.
//
// What it does, in the order a person meets it:
//  - the frame (GET /frame?n=K), scaled by the browser to fit the window; one request at a time,
//    always for the newest frame wanted, so a slow render drops frames instead of queueing them;
//  - the timeline: a range input (drag, click, arrow keys frame by frame, Shift+arrow by 10),
//    play/pause at the clip's rate (the frame shown is the one due now: late frames are skipped),
//    loop, the frame number and time; under it the clip's inputs (scroll gestures, taps, device
//    motion) at their times;
//  - the frame-time strip: one bar per frame drawn, its raster time against the 16.67 ms and
//    8.33 ms lines, coloured and labelled by the scale it was measured at; a click on a bar shows
//    that frame; "Measure" times the strip's range at the device's scale as `bench` does. The
//    load's own cost (clip, simulation start, fonts) is shown apart as "preparation", as `bench`
//    reports it, not as frame 0's bar. The scale tops out at the slowest bar but never above
//    `stripCapMs` (2.4 × 16.67 ms), so the two budget lines always stand 28 and 14 px or more
//    above the base; a slower bar is drawn to the top, marked clipped, with its time in its label.
//    Every reload (an edit, an environment switch) clears the bars and the last measurement's line;
//  - beside the frame: its simulated state (GET /state?n=K) and the environment switches, which
//    POST /environment and so reload the clip;
//  - an event stream (GET /events): on a new version the page reloads the clip and redraws the
//    frame shown; a broken edit's error appears above the frame until the next good edit.
// The browser check (Tests/Browser/check_studio.py) reads the ids and data- attributes used here.

enum StudioPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>holoframe studio</title>
<style>
  :root { --bg: #15171a; --panel: #1e2125; --text: #e6e6e6; --dim: #9aa0a6; --accent: #4c9aff; --warn: #ff6b6b; }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--text); font: 13px/1.4 system-ui, sans-serif;
         display: grid; grid-template-rows: auto auto 1fr auto; height: 100vh; }
  header { display: flex; gap: 16px; align-items: baseline; padding: 6px 12px; background: var(--panel); }
  header h1 { font-size: 15px; margin: 0; }
  header .dim, .dim { color: var(--dim); }
  #error { display: none; margin: 0; padding: 8px 12px; background: #3a1d1d; color: #ffd7d7; border-left: 4px solid var(--warn);
           white-space: pre-wrap; font: 12px/1.4 ui-monospace, monospace; }
  #error.shown { display: block; }
  main { display: grid; grid-template-columns: 1fr 320px; min-height: 0; }
  #viewer { display: flex; align-items: center; justify-content: center; min-height: 0; padding: 8px;
            background: repeating-conic-gradient(#222 0 25%, #1a1a1a 0 50%) 0 0 / 16px 16px; }
  #frame { max-width: 100%; max-height: 100%; object-fit: contain; image-rendering: auto; box-shadow: 0 2px 12px #000a; }
  aside { overflow: auto; padding: 8px 12px; background: var(--panel); min-height: 0; }
  aside h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--dim); margin: 10px 0 4px; }
  aside label { display: flex; justify-content: space-between; gap: 8px; margin: 4px 0; }
  #state { white-space: pre-wrap; word-break: break-all; font: 11px/1.35 ui-monospace, monospace; margin: 0; }
  footer { background: var(--panel); padding: 6px 12px 8px; }
  .controls { display: flex; gap: 12px; align-items: center; }
  button { background: #2d3239; color: var(--text); border: 1px solid #3b4149; border-radius: 4px; padding: 3px 10px; cursor: pointer; }
  button:hover { border-color: var(--accent); }
  #scrubber { width: 100%; margin: 6px 0 2px; accent-color: var(--accent); }
  #frame-label { font-variant-numeric: tabular-nums; min-width: 220px; }
  svg text { fill: var(--dim); font: 10px system-ui, sans-serif; paint-order: stroke; stroke: var(--panel); stroke-width: 3px; }
  #inputs, #strip { display: block; width: 100%; }
  #strip .bar { cursor: pointer; }
  #strip .bar:hover { opacity: .7; }
  #strip .shown-bar { stroke: #fff; stroke-width: 1; }
  #strip .clip-mark { fill: var(--warn); }
  .legend span { margin-right: 12px; }
  .swatch { display: inline-block; width: 10px; height: 10px; margin-right: 4px; vertical-align: -1px; }
  input[type=number] { width: 64px; background: #2d3239; color: var(--text); border: 1px solid #3b4149; }
  select { background: #2d3239; color: var(--text); border: 1px solid #3b4149; max-width: 170px; }
</style>
</head>
<body>
<header>
  <h1 id="clip-name">holoframe studio</h1>
  <span class="dim" id="clip-facts"></span>
  <span class="dim" id="watching"></span>
</header>
<pre id="error" role="alert"></pre>
<main>
  <div id="viewer"><img id="frame" alt="the frame shown" data-frame="-1" data-version="0"></div>
  <aside>
    <h2>Environment</h2>
    <label>Device <select id="env-device"></select></label>
    <label>Colour scheme <select id="env-colorScheme"></select></label>
    <label>Dynamic Type <select id="env-dynamicTypeSize"></select></label>
    <label>Reduce Motion <input type="checkbox" id="env-reduceMotion"></label>
    <h2>State of the frame shown</h2>
    <pre id="state"></pre>
  </aside>
</main>
<footer>
  <div class="controls">
    <button id="play" title="Play or pause (space)">▶ Play</button>
    <label><input type="checkbox" id="loop" checked> Loop</label>
    <span id="frame-label">frame –</span>
    <span class="dim" id="play-info"></span>
  </div>
  <input type="range" id="scrubber" min="0" max="0" value="0" step="1" aria-label="frame">
  <svg id="inputs" height="34"></svg>
  <svg id="strip" height="110"></svg>
  <div class="controls">
    <span class="legend" id="legend"></span>
    <span class="dim" id="preparation"></span>
    <label>frames <input type="number" id="range-first" min="0" value="0"> – <input type="number" id="range-last" min="0" value="0"></label>
    <button id="measure" title="Time the strip's frames at the device's scale, as holoframe bench does">Measure at device scale</button>
    <span class="dim" id="measure-info"></span>
  </div>
</footer>
<script>
"use strict";
const $ = id => document.getElementById(id);
const svgNS = "http://www.w3.org/2000/svg";
const studio = {
  clip: null,        // GET /clip
  version: 0,        // the version the page shows
  wanted: 0,         // the frame the user (or the player) wants
  shown: -1,         // the frame the <img> shows
  busy: false,       // a frame request is in flight
  bars: new Map(),   // frame -> {ms, scale}: the strip
  playing: false, playStart: 0, playFrom: 0, playedFrames: 0, dueFrames: 0,
};
window.studio = studio;

function el(name, attrs, parent) {
  const e = document.createElementNS(svgNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

function timeOf(n) { return n / studio.clip.fps; }

function updateLabel() {
  const c = studio.clip; if (!c) return;
  const n = studio.shown < 0 ? studio.wanted : studio.shown;
  $("frame-label").textContent = `frame ${n} / ${c.frameCount - 1} · ${timeOf(n).toFixed(3)} s`;
}

async function loadClip() {
  const c = await (await fetch("/clip")).json();
  studio.clip = c;
  studio.version = c.version;
  studio.bars.clear();
  // A new version: the last measurement's summary was about the old one.
  $("measure-info").textContent = "";
  $("preparation").textContent = `preparation ${c.preparationMs.toFixed(1)} ms before frame 0`;
  $("preparation").title = "loading this version: reading the clip, starting its simulation, opening the fonts, and on the first load one warm-up draw of frame 0. Not a frame: bench reports it apart the same way";
  $("clip-name").textContent = c.name;
  $("clip-facts").textContent = `${c.frameCount} frames at ${c.rate} fps · ${c.device} · ${c.width}×${c.height} pt · preview ${c.scale}× (${c.pixelWidth}×${c.pixelHeight}) · version ${c.version}`;
  $("watching").textContent = c.watching.length ? "watching " + c.watching.join(", ") : "";
  const s = $("scrubber");
  s.max = c.frameCount - 1;
  studio.wanted = Math.min(studio.wanted, c.frameCount - 1);
  s.value = studio.wanted;
  const first = $("range-first"), last = $("range-last");
  first.max = last.max = c.frameCount - 1;
  if (+last.value === 0 || +last.value > c.frameCount - 1) last.value = c.frameCount - 1;
  if (+first.value > +last.value) first.value = 0;
  $("measure").textContent = `Measure at device scale (${c.deviceScale}×)`;
  fillSelect("env-device", c.choices.device.includes(c.device) ? c.choices.device : [c.device, ...c.choices.device], c.device);
  fillSelect("env-colorScheme", c.choices.colorScheme, c.environment.colorScheme);
  fillSelect("env-dynamicTypeSize", c.choices.dynamicTypeSize, c.environment.dynamicTypeSize);
  $("env-reduceMotion").checked = c.environment.reduceMotion;
  showError(c.error);
  drawInputs();
  drawStrip();
  studio.shown = -1;
  pump();
}

function fillSelect(id, values, chosen) {
  const s = $(id);
  s.replaceChildren(...values.map(v => { const o = document.createElement("option"); o.value = o.textContent = v; return o; }));
  s.value = chosen;
}

function showError(text) {
  const e = $("error");
  e.textContent = text || "";
  e.classList.toggle("shown", !!text);
}

// One request at a time, always for the newest frame wanted: frames the renderer cannot keep up
// with are never asked for.
async function pump() {
  if (studio.busy || !studio.clip) return;
  const n = studio.wanted, version = studio.version;
  if (n === studio.shown) return;
  // A frame the server refused (over a limit, past its deadline) is not asked for again until
  // the clip changes: its message stays on the page.
  if (studio.refused && studio.refused.n === n && studio.refused.version === version) return;
  studio.busy = true;
  try {
    const r = await fetch(`/frame?n=${n}`);
    if (!r.ok && r.status !== 404) {
      studio.refused = {n, version};
      showError(`frame ${n}: ${(await r.text()).trim()}`);
    }
    if (r.ok) {
      if (studio.refused) { studio.refused = null; showError(studio.lastStatus && studio.lastStatus.error); }
      const blob = await r.blob();
      const v = +r.headers.get("X-Version");
      if (v === studio.version) {
        const img = $("frame"), old = img.src;
        img.src = URL.createObjectURL(blob);
        await img.decode().catch(() => {});
        if (old.startsWith("blob:")) URL.revokeObjectURL(old);
        img.dataset.frame = n;
        img.dataset.version = v;
        studio.shown = n;
        studio.bars.set(n, {ms: +r.headers.get("X-Raster-Ms"), scale: +r.headers.get("X-Scale"), cached: r.headers.get("X-Cached") === "1"});
        updateLabel();
        drawStrip();
        loadState(n);
      }
    }
  } catch (e) { /* the server went away: the event stream reconnects */ }
  studio.busy = false;
  if (studio.wanted !== studio.shown || studio.version !== version) pump();
}

async function loadState(n) {
  const r = await fetch(`/state?n=${n}`);
  if (!r.ok || studio.shown !== n) return;
  try { $("state").textContent = JSON.stringify(JSON.parse(await r.text()), null, 1); } catch (e) {}
}

function want(n, fromPlayer) {
  const c = studio.clip; if (!c) return;
  n = Math.max(0, Math.min(c.frameCount - 1, Math.round(n)));
  if (!fromPlayer && studio.playing) togglePlay();
  studio.wanted = n;
  $("scrubber").value = n;
  updateLabel();
  pump();
}

// Playing: the frame due now is the one asked for; frames the renderer could not draw in time are skipped.
function togglePlay() {
  studio.playing = !studio.playing;
  $("play").textContent = studio.playing ? "❚❚ Pause" : "▶ Play";
  $("play-info").textContent = "";
  if (studio.playing) {
    if (studio.wanted >= studio.clip.frameCount - 1 && !$("loop").checked) studio.wanted = 0;
    studio.playStart = performance.now(); studio.playFrom = studio.wanted;
    studio.playedFrames = 0; studio.dueFrames = 0;
    requestAnimationFrame(tick);
  }
}

let lastShownWhilePlaying = -1;
function tick(now) {
  if (!studio.playing) return;
  const c = studio.clip;
  let due = studio.playFrom + Math.floor((now - studio.playStart) / 1000 * c.fps);
  if (due >= c.frameCount) {
    if ($("loop").checked) { due %= c.frameCount; }
    else { want(c.frameCount - 1, true); togglePlay(); return; }
  }
  if (studio.shown !== lastShownWhilePlaying) { studio.playedFrames++; lastShownWhilePlaying = studio.shown; }
  if (due !== studio.wanted) { studio.dueFrames = (studio.dueFrames || 0) + 1; want(due, true); }
  $("play-info").textContent = `playing at ${c.rate} fps: ${studio.playedFrames} frames shown of ${studio.dueFrames || 0} due (the rest skipped)`;
  requestAnimationFrame(tick);
}

function drawInputs() {
  const svg = $("inputs"), c = studio.clip;
  svg.replaceChildren();
  const W = svg.clientWidth || 800, H = 34, x = t => t / c.duration * W;
  const ins = c.inputs;
  const scroll = ins.scroll;
  let down = null;
  for (const e of scroll) {
    if (e.type === "down") down = e;
    if (e.type === "up" && down) {
      el("rect", {x: x(down.time), y: 4, width: Math.max(2, x(e.time) - x(down.time)), height: 8, fill: "#4c9aff", rx: 3, "data-input": "gesture"}, svg);
      down = null;
    }
    if (e.type === "tap" || e.type === "scrollTo")
      el("circle", {cx: x(e.time), cy: 8, r: 4, fill: "#ffcf4c", "data-input": e.type}, svg);
  }
  for (const t of ins.taps) {
    el("path", {d: `M${x(t.time)} 2 l5 6 -5 6 -5 -6z`, fill: "#ff8c4c", "data-input": "tap"}, svg);
    el("text", {x: x(t.time) + 7, y: 12}, svg).textContent = t.target;
  }
  const colours = {roll: "#7ee787", pitch: "#d2a8ff"};
  for (const name in ins.motion) {
    const samples = ins.motion[name];
    const max = Math.max(1e-6, ...samples.map(s => Math.abs(s[1])));
    el("path", {d: samples.map((s, i) => `${i ? "L" : "M"}${x(s[0]).toFixed(1)} ${(25 - s[1] / max * 7).toFixed(1)}`).join(" "),
                fill: "none", stroke: colours[name], "data-input": "motion-" + name}, svg);
  }
  const kinds = [scroll.length ? "scroll gestures" : null, ins.taps.length ? "taps" : null,
                 ...Object.keys(ins.motion).map(k => k + " motion")].filter(Boolean);
  el("text", {x: W - 4, y: 30, "text-anchor": "end"}, svg).textContent = kinds.length ? "inputs: " + kinds.join(", ") : "no inputs";
  svg.onclick = ev => want(ev.offsetX / W * c.duration * c.fps);
}

function scaleColour(scale) { return scale === studio.clip.scale ? "#4c9aff" : "#ff8c4c"; }

// The strip's scale tops out here: 2.4 × 16.67 ms, so the 16.67 ms line stands at least 28 px
// and the 8.33 ms line 14 px above the base of the 70 px plot, and their labels never overlap.
const stripCapMs = 40;

function drawStrip() {
  const svg = $("strip"), c = studio.clip;
  svg.replaceChildren();
  const W = svg.clientWidth || 800, top = 10, bottom = 80;
  const first = Math.max(0, +$("range-first").value), last = Math.min(c.frameCount - 1, Math.max(first, +$("range-last").value));
  const count = last - first + 1, bw = W / count;
  // The slowest bar sets the scale (at least 20 ms), up to stripCapMs; slower bars are clipped.
  let slowest = 0;
  for (const [n, b] of studio.bars) if (n >= first && n <= last) slowest = Math.max(slowest, b.ms);
  const maxMs = Math.min(stripCapMs, Math.max(20, slowest));
  const y = ms => bottom - Math.min(ms, maxMs) / maxMs * (bottom - top);
  let clipped = 0, labelEnd = -Infinity;
  for (const [n, b] of [...studio.bars].sort((p, q) => p[0] - q[0])) {
    if (n < first || n > last) continue;
    const over = b.ms > maxMs;
    if (over) clipped++;
    const h = Math.max(1, bottom - y(b.ms));
    const x = (n - first) * bw + (bw > 3 ? 0.5 : 0), w = Math.max(1, bw - (bw > 3 ? 1 : 0));
    const r = el("rect", {x, y: bottom - h, width: w, height: h,
                          fill: scaleColour(b.scale), class: "bar" + (n === studio.shown ? " shown-bar" : ""),
                          "data-frame": n, "data-ms": b.ms, "data-scale": b.scale, "data-clipped": over ? "1" : "0"}, svg);
    el("title", {}, r).textContent = `frame ${n}: ${b.ms.toFixed(2)} ms raster at ${b.scale}×` + (b.bench ? " (measured as bench does)" : "")
      + (over ? ` (clipped: the strip's scale stops at ${maxMs} ms)` : "");
    if (over) {
      // A notch cut into the bar's top, and its real time above it, kept inside the strip and
      // left out where it would overwrite the previous one (the bar's tooltip still has it).
      el("path", {d: `M${x} ${top} h${w} l${-w / 2} ${Math.min(6, w)} z`, class: "clip-mark", "data-frame": n}, svg);
      const label = `${b.ms.toFixed(0)} ms`, half = label.length * 3 + 2;
      const cx = Math.max(half, Math.min(W - half, x + w / 2));
      if (cx - half > labelEnd) {
        el("text", {x: cx, y: top - 1, "text-anchor": "middle", class: "clip-label", "data-frame": n}, svg).textContent = label;
        labelEnd = cx + half;
      }
    }
    if (bw >= 18) el("text", {x: (n - first + 0.5) * bw, y: 106, "text-anchor": "middle"}, svg).textContent = b.scale + "×";
    r.addEventListener("click", () => want(n));
  }
  svg.dataset.maxMs = maxMs;
  svg.dataset.clipped = clipped;
  for (const [ms, name] of [[16.67, "16.67 ms (60 fps)"], [8.33, "8.33 ms (120 fps)"]]) {
    el("line", {x1: 0, x2: W, y1: y(ms), y2: y(ms), stroke: ms > 10 ? "#ff6b6b" : "#ffcf4c", "stroke-dasharray": "4 3", class: "budget-line", "data-ms": ms}, svg);
    el("text", {x: 4, y: y(ms) - 2, class: "budget-label", "data-ms": ms}, svg).textContent = name;
  }
  el("text", {x: W - 4, y: bottom + 12, "text-anchor": "end", class: "scale-note"}, svg).textContent =
    `scale 0–${maxMs.toFixed(0)} ms` + (clipped ? ` · ${clipped} bar${clipped === 1 ? "" : "s"} clipped` : "");
  const scales = [...new Set([...studio.bars.values()].map(b => b.scale))];
  $("legend").innerHTML = scales.map(s => `<span><i class="swatch" style="background:${scaleColour(s)}"></i>raster at ${s}×${s === c.scale ? " (preview)" : " (device)"}</span>`).join("")
    + `<span class="dim">${studio.bars.size} frames drawn</span>`;
}

async function measure() {
  const c = studio.clip, first = +$("range-first").value, last = +$("range-last").value, version = studio.version;
  $("measure-info").textContent = `timing frames ${first}–${last} at ${c.deviceScale}×…`;
  $("measure").disabled = true;
  try {
    const r = await fetch(`/bench?first=${first}&last=${last}`, {method: "POST"});
    if (!r.ok) { $("measure-info").textContent = await r.text(); return; }
    const b = await r.json();
    // The clip reloaded while it was timed: these times are the old version's.
    if (studio.version !== version) { $("measure-info").textContent = ""; return; }
    for (const f of b.frames) studio.bars.set(f.frame, {ms: f.rasterMs, scale: b.scale, bench: true});
    const over = b.frames.filter(f => f.totalMs > b.budgetMs).length;
    $("measure-info").textContent = `${b.frames.length} frames on ${b.device} at ${b.scale}×: ${over} over ${b.budgetMs.toFixed(2)} ms`;
    drawStrip();
  } finally { $("measure").disabled = false; }
}

async function setEnvironment(field, value) {
  const r = await fetch("/environment", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({[field]: value})});
  const status = await r.json();
  await onStatus(status);
}

async function onStatus(status) {
  if (status.version !== studio.version) await loadClip();
  showError(status.error);
  studio.lastStatus = status;
}

$("scrubber").addEventListener("input", e => want(+e.target.value));
$("scrubber").addEventListener("keydown", e => {
  if (e.shiftKey && (e.key === "ArrowLeft" || e.key === "ArrowRight" || e.key === "ArrowUp" || e.key === "ArrowDown")) {
    e.preventDefault();
    want(studio.wanted + (e.key === "ArrowLeft" || e.key === "ArrowDown" ? -10 : 10));
  }
});
document.addEventListener("keydown", e => {
  if (e.target.closest && e.target.closest("input, select, button")) return;
  if (e.key === " ") { e.preventDefault(); togglePlay(); }
  else if (e.key === "ArrowLeft") want(studio.wanted - (e.shiftKey ? 10 : 1));
  else if (e.key === "ArrowRight") want(studio.wanted + (e.shiftKey ? 10 : 1));
});
$("play").addEventListener("click", togglePlay);
$("measure").addEventListener("click", measure);
$("range-first").addEventListener("change", drawStrip);
$("range-last").addEventListener("change", drawStrip);
for (const field of ["device", "colorScheme", "dynamicTypeSize"])
  $("env-" + field).addEventListener("change", e => setEnvironment(field, e.target.value));
$("env-reduceMotion").addEventListener("change", e => setEnvironment("reduceMotion", e.target.checked));
window.addEventListener("resize", () => { if (studio.clip) { drawInputs(); drawStrip(); } });

const events = new EventSource("/events");
events.addEventListener("status", e => onStatus(JSON.parse(e.data)));
loadClip();
</script>
</body>
</html>
"""#
}
