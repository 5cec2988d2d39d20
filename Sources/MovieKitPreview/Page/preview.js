// MovieKit preview: the page of `moviemake preview`. Plain JavaScript, no build step, nothing
// fetched but this server's own routes. `window.preview` exposes the state for the browser tests.
'use strict';

const $ = (id) => document.getElementById(id);
const preview = {
  info: null,         // the scene's description (GET /api/scene, and every WebSocket message)
  frame: 0,           // the current frame
  shownFrame: -1,     // the frame on screen, and the scene version it was drawn from
  shownVersion: -1,
  playing: false,
  loop: null,         // {from, to} in frames, or null for the whole movie
  scale: 0.5,         // preview size: a fraction of the canvas
  zoom: 1,
  layer: null,        // the selected layer's id
  latencies: [],      // milliseconds from asking for a frame to showing it, when not playing
  fetchMs: 50,        // how long a frame takes to arrive, smoothed
  shownWhilePlaying: 0,
  live: false,
};
window.preview = preview;

// --- Frames: fetched as PNG, cached as object URLs per scene version and size -------------------

const cache = new Map();      // key -> Promise<objectURL>
const cacheLimit = 600;

function frameWidth() {
  const info = preview.info;
  return Math.max(16, Math.round(info.width * preview.scale));
}

function frameKey(frame) {
  return `${preview.info.version}:${frameWidth()}:${frame}`;
}

function fetchFrame(frame) {
  const key = frameKey(frame);
  let entry = cache.get(key);
  if (!entry) {
    const url = `/api/frame?frame=${frame}&width=${frameWidth()}&v=${preview.info.version}`;
    const started = performance.now();
    entry = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`frame ${frame}: ${response.status}`);
      return response.blob();
    }).then((blob) => {
      // How long a frame takes to arrive, smoothed: playback asks that far ahead of the playhead.
      preview.fetchMs = 0.8 * preview.fetchMs + 0.2 * (performance.now() - started);
      return URL.createObjectURL(blob);
    });
    entry.catch(() => cache.delete(key));
    cache.set(key, entry);
    entry.ready = false;
    entry.then(() => { entry.ready = true; }, () => {});
    while (cache.size > cacheLimit) {
      const [oldKey, oldEntry] = cache.entries().next().value;
      cache.delete(oldKey);
      oldEntry.then((objectURL) => URL.revokeObjectURL(objectURL), () => {});
    }
  }
  return entry;
}

function clearCache() {
  for (const entry of cache.values()) entry.then((objectURL) => URL.revokeObjectURL(objectURL), () => {});
  cache.clear();
}

let request = 0;
// Shows `frame`; the latest request wins, so a fast scrub never shows an older frame last.
function show(frame, measure = true) {
  const info = preview.info;
  if (!info || info.version == null) return;
  const id = ++request;
  const version = info.version;
  const started = performance.now();
  fetchFrame(frame).then((objectURL) => {
    if (id !== request) return;
    const image = $('frame');
    image.onload = () => {
      image.onload = null;
      if (id !== request) return;
      preview.shownFrame = frame;
      preview.shownVersion = version;
      if (measure && !preview.playing) {
        const ms = performance.now() - started;
        preview.latencies.push(ms);
        $('latency').textContent = `${ms.toFixed(0)} ms`;
      }
      if (preview.layer != null) outlineLayer();
    };
    image.src = objectURL;
  }, () => {});
}

// --- Time ----------------------------------------------------------------------------------------

function timecode(frame) {
  const fps = preview.info.fps;
  const seconds = frame / fps;
  const whole = Math.floor(seconds + 1e-9);
  const frames = frame - Math.round(whole * fps);
  const pad = (n) => String(n).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}.${pad(Math.max(0, frames))}`;
}

// The frame on screen at `seconds`: the same rounding as FrameRate.frame(at:) on the server, which
// picks the frame a `?time=` request draws.
function frameAt(seconds) {
  return Math.floor(seconds * preview.info.fps + 1e-9);
}

function lastFrame() { return Math.max(0, preview.info.frameCount - 1); }

function range() {
  return preview.loop ?? { from: 0, to: lastFrame() };
}

function setFrame(frame, options = {}) {
  if (!preview.info || preview.info.version == null) return;
  preview.frame = Math.min(Math.max(0, Math.round(frame)), lastFrame());
  $('timeline').value = preview.frame;
  $('timecode').textContent = timecode(preview.frame);
  $('frame-number').textContent = `frame ${preview.frame} / ${preview.info.frameCount}`;
  if (!options.quiet) show(preview.frame, !preview.playing);
}

function seek(seconds) {
  setFrame(frameAt(seconds));
  if (preview.playing) startClock();
}
preview.seek = seek;
preview.time = () => preview.frame / preview.info.fps;

// --- Playback at real speed: the audio's clock (or the page's), frames fetched ahead -------------

let clock = { start: 0, frame: 0 };
const audio = $('audio');

function startClock() {
  clock = { start: performance.now(), frame: preview.frame };
  if (preview.info.hasAudio && !$('mute').checked) {
    audio.currentTime = preview.frame / preview.info.fps;
    audio.play().catch(() => {});
  }
}

function playheadFrame() {
  if (preview.info.hasAudio && !$('mute').checked && !audio.paused && audio.readyState >= 2) {
    return frameAt(audio.currentTime);
  }
  return clock.frame + frameAt((performance.now() - clock.start) / 1000);
}

function play() {
  if (!preview.info || preview.info.version == null) return;
  if (preview.frame >= range().to) setFrame(range().from, { quiet: true });
  preview.playing = true;
  preview.playStarted = performance.now();
  preview.playStartFrame = preview.frame;
  $('play').textContent = '❚❚';
  startClock();
  requestAnimationFrame(tick);
}

function pause() {
  preview.playing = false;
  audio.pause();
  $('play').textContent = '▶';
  show(preview.frame);
}

preview.play = play;
preview.pause = pause;

function tick() {
  if (!preview.playing) return;
  let frame = playheadFrame();
  const { from, to } = range();
  if (frame > to) {
    setFrame(from, { quiet: true });
    startClock();
    frame = from;
  }
  setFrame(frame, { quiet: true });
  // Ask for the next second of frames, a few at a time, so the server draws them ahead; start as
  // far past the playhead as a frame takes to arrive, since nearer frames would come too late.
  const ahead = Math.ceil(preview.info.fps);
  const lead = Math.ceil(preview.fetchMs / 1000 * preview.info.fps);
  let inFlight = 0;
  for (const entry of cache.values()) if (!entry.ready) inFlight++;
  for (let next = frame + lead; next <= Math.min(to, frame + lead + ahead) && inFlight < 4; next++) {
    if (!cache.get(frameKey(next))) { fetchFrame(next); inFlight++; }
  }
  // Show the newest frame that is ready and not past the playhead: frames that are late are skipped.
  for (let candidate = frame; candidate >= Math.max(from, frame - ahead); candidate--) {
    const entry = cache.get(frameKey(candidate));
    if (entry && entry.ready) {
      if (candidate !== preview.shownFrame || preview.shownVersion !== preview.info.version) {
        const version = preview.info.version;
        const id = ++request;  // A frame asked for before playing must not replace this one.
        entry.then((objectURL) => {
          if (id !== request) return;
          $('frame').onload = null;
          $('frame').src = objectURL;
          preview.shownFrame = candidate;
          preview.shownVersion = version;
          preview.shownWhilePlaying++;
        });
      }
      break;
    }
  }
  requestAnimationFrame(tick);
}

// --- The scene's description: applied at load and after every reload ----------------------------

function applyInfo(info) {
  const previous = preview.info;
  preview.info = info;
  $('title').textContent = info.title;
  document.title = `${info.title} · MovieKit preview`;
  showProblem(info.problem);
  if (info.version == null) return;
  $('summary').textContent =
    `${info.format} · ${info.width}×${info.height} · ${+info.fps.toFixed(3)} fps · ${info.duration.toFixed(2)} s · ${info.frameCount} frames`;
  $('timeline').max = lastFrame();
  const changed = !previous || previous.version !== info.version;
  if (!changed) return;
  clearCache();
  if (preview.loop && preview.loop.to > lastFrame()) preview.loop = null;
  showLoop();
  applySize();
  buildLayers(info.layers);
  buildSheet(info.sheet);
  $('render').disabled = info.renderOutput == null;
  $('render').title = info.renderOutput ? `Write ${info.renderOutput}` : 'No output was given';
  if (info.hasAudio) { audio.src = `/api/audio.wav?v=${info.version}`; } else { audio.removeAttribute('src'); }
  // The same time as before the edit, in the new scene.
  setFrame(previous ? Math.min(preview.frame, lastFrame()) : 0);
  if (preview.playing) startClock();
}

function showProblem(problem) {
  preview.problem = problem ?? null;
  $('problem').hidden = !problem;
  if (!problem) return;
  let place = problem.file ?? '';
  if (problem.line != null) place += ` line ${problem.line}, column ${problem.column}`;
  $('problem-place').textContent = place;
  $('problem-message').textContent = problem.message;
}

function buildLayers(layers) {
  const list = $('layers');
  list.replaceChildren();
  const add = (parent, items) => {
    for (const layer of items) {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.dataset.id = layer.id;
      button.append(layer.name || `(${layer.type})`, ' ');
      const type = document.createElement('span');
      type.className = 'type';
      type.textContent = layer.type;
      button.append(type);
      button.onclick = () => selectLayer(layer.id, true);
      item.append(button);
      if (layer.children.length) {
        const sub = document.createElement('ul');
        add(sub, layer.children);
        item.append(sub);
      }
      parent.append(item);
    }
  };
  add(list, layers);
  if (preview.layer != null) selectLayer(preview.layer);
}

function selectLayer(id, toggle = false) {
  preview.layer = toggle && preview.layer === id ? null : id;
  for (const button of document.querySelectorAll('#layers button')) {
    button.classList.toggle('selected', Number(button.dataset.id) === preview.layer);
  }
  outlineLayer();
}

function outlineLayer() {
  const shape = $('outline-shape');
  if (preview.layer == null) { shape.setAttribute('points', ''); return; }
  const frame = preview.shownFrame >= 0 ? preview.shownFrame : preview.frame;
  fetch(`/api/layer?id=${preview.layer}&frame=${frame}`).then((r) => r.json()).then((bounds) => {
    shape.setAttribute('points', (bounds.corners ?? []).map((p) => p.join(',')).join(' '));
  }, () => {});
}

function buildSheet(frames) {
  const sheet = $('sheet');
  sheet.replaceChildren();
  for (const frame of frames) {
    const figure = document.createElement('figure');
    const image = document.createElement('img');
    image.loading = 'lazy';
    image.src = `/api/frame?frame=${frame}&width=160&v=${preview.info.version}`;
    image.alt = `Frame ${frame}`;
    const caption = document.createElement('figcaption');
    caption.textContent = timecode(frame);
    figure.append(image, caption);
    figure.onclick = () => { setFrame(frame); if (preview.playing) startClock(); };
    sheet.append(figure);
  }
}

function applySize() {
  const info = preview.info;
  const image = $('frame');
  const width = info.width * preview.scale * preview.zoom;
  image.style.width = `${width}px`;
  image.style.height = `${width * info.height / info.width}px`;
  $('outline').setAttribute('viewBox', `0 0 ${info.width} ${info.height}`);
  $('zoom-value').textContent = `${Math.round(preview.zoom * 100)}%`;
}

function showLoop() {
  $('loop-range').textContent = preview.loop ? `${timecode(preview.loop.from)} – ${timecode(preview.loop.to)}` : 'whole movie';
}

// --- Controls ------------------------------------------------------------------------------------

$('play').onclick = () => (preview.playing ? pause() : play());
$('step-back').onclick = () => { pause(); setFrame(preview.frame - 1); };
$('step-forward').onclick = () => { pause(); setFrame(preview.frame + 1); };
$('timeline').addEventListener('input', (e) => { setFrame(Number(e.target.value)); if (preview.playing) startClock(); });
$('size').onchange = (e) => { preview.scale = Number(e.target.value); clearCache(); applySize(); show(preview.frame); };
$('zoom').oninput = (e) => { preview.zoom = Number(e.target.value) / 100; applySize(); };
$('mute').onchange = () => { if ($('mute').checked) audio.pause(); else if (preview.playing) startClock(); };
$('loop-in').onclick = () => { preview.loop = { from: preview.frame, to: Math.max(preview.frame, range().to) }; showLoop(); };
$('loop-out').onclick = () => { preview.loop = { from: Math.min(range().from, preview.frame), to: preview.frame }; showLoop(); };
$('loop-clear').onclick = () => { preview.loop = null; showLoop(); };

document.addEventListener('keydown', (e) => {
  if (!preview.info || e.target.tagName === 'SELECT') return;
  const step = e.shiftKey ? 10 : 1;
  if (e.key === ' ') { e.preventDefault(); preview.playing ? pause() : play(); }
  else if (e.key === 'ArrowLeft') { e.preventDefault(); pause(); setFrame(preview.frame - step); }
  else if (e.key === 'ArrowRight') { e.preventDefault(); pause(); setFrame(preview.frame + step); }
  else if (e.key === 'Home') { e.preventDefault(); setFrame(range().from); }
  else if (e.key === 'End') { e.preventDefault(); setFrame(range().to); }
});

$('render').onclick = () => {
  fetch('/api/render', { method: 'POST' }).then((r) => r.json()).then(showRender).then(pollRender);
};

function showRender(status) {
  const progress = $('render-progress');
  progress.hidden = status.state === 'idle';
  progress.value = status.totalFrames ? status.encodedFrames / status.totalFrames : 0;
  const text = {
    running: `Writing ${status.encodedFrames} / ${status.totalFrames} frames…`,
    finished: `Wrote ${status.output}`,
    failed: status.message ?? status.error,
    idle: '',
  }[status.state] ?? status.error ?? '';
  $('render-status').textContent = text;
  return status;
}

function pollRender(status) {
  if (status.state !== 'running') return;
  setTimeout(() => fetch('/api/render').then((r) => r.json()).then(showRender).then(pollRender), 250);
}

// --- Live reload: the server sends the scene's description after every load ----------------------

function connect() {
  const socket = new WebSocket(`ws://${location.host}/api/events`);
  socket.onopen = () => { preview.live = true; $('connection').classList.add('live'); };
  socket.onmessage = (message) => applyInfo(JSON.parse(message.data));
  socket.onclose = () => {
    preview.live = false;
    $('connection').classList.remove('live');
    setTimeout(connect, 1000);
  };
}

fetch('/api/scene').then((r) => r.json()).then((info) => { applyInfo(info); connect(); });
