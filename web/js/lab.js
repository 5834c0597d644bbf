// The Lab page: a 2048 benchmark run on the server, streamed as Server-Sent Events.
import { info, notify, load, save, stream } from './api.js';
import { barChart } from './charts.js';

const SETTINGS_KEY = 'tilestone.lab.settings';
const TILES = ['2048', '4096', '8192', '16384', '32768', '65536'];
const $ = (id) => document.getElementById(id);
const el = {
  form: $('bench-form'), ai: $('bench-ai'), evaluation: $('bench-eval'), games: $('bench-games'), time: $('bench-time'), seed: $('bench-seed'),
  run: $('bench-run'), stop: $('bench-stop'), progress: $('bench-progress'), bar: $('bench-bar'),
  status: $('bench-status'), results: $('bench-results'), reach: $('reach-table'), stats: $('stats-table'),
  histogram: $('histogram'), current: $('bench-current'),
};
const TILE_COLORS = {
  2: '#eee4da', 4: '#ede0c8', 8: '#f2b179', 16: '#f59563', 32: '#f67c5f', 64: '#f65e3b', 128: '#edcf72',
  256: '#edcc61', 512: '#edc850', 1024: '#edc53f', 2048: '#edc22e',
};

let running = null;

const fmt = (n, digits = 0) => (n === undefined || n === null || Number.isNaN(Number(n))
  ? '—'
  : Number(n).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }));

// Small timings keep three significant digits; large counts get thousands separators.
const fmtSig = (n, unit = '') => {
  if (n === undefined || n === null || Number.isNaN(Number(n))) return '—';
  const v = Number(n);
  if (v === 0) return `0${unit}`;
  return `${Math.abs(v) >= 100 ? fmt(v, 0) : Number(v.toPrecision(3)).toString()}${unit}`;
};

// `done` may be fractional: a game in play counts by its moves against the longest game so far.
function setProgress(done, total) {
  const pct = total ? Math.min(100, (100 * done) / total) : 0;
  el.bar.style.width = `${pct.toFixed(1)}%`;
  el.progress.setAttribute('aria-valuenow', String(Math.round(pct)));
}

function setRunning(on) {
  el.run.disabled = on;
  el.stop.disabled = !on;
  for (const input of [el.ai, el.evaluation, el.games, el.time, el.seed]) input.disabled = on;
}

function params() {
  return {
    ai: el.ai.value,
    ...(el.ai.value === 'expectimax' && el.evaluation.value ? { eval: el.evaluation.value } : {}),
    games: Math.round(Number(el.games.value)),
    time_ms: Number(el.time.value),
    seed: el.seed.value.trim() || '1',
  };
}

function run(ev) {
  ev.preventDefault();
  if (running) return;
  const query = params();
  if (!(query.games >= 1)) { notify('Games must be at least 1'); return; }
  if (!(query.time_ms > 0)) { notify('Think time must be positive'); return; }
  save(SETTINGS_KEY, query);
  setRunning(true);
  setProgress(0, query.games);
  el.status.textContent = `Running ${query.games} games of ${query.ai}…`;
  el.current.textContent = 'Game 1: starting…';
  el.current.hidden = false;
  const started = performance.now();
  let done = 0;
  let longest = 0; // moves of the longest finished game: the scale for a game in play
  running = stream('/api/2048/bench/stream', query, {
    // Within a game: its moves and score so far, a few times a second.
    move: (m) => {
      el.current.textContent = `Game ${m.game} of ${m.total}: ${fmt(m.moves)} moves, score ${fmt(m.score)}, max tile ${m.max_tile}`;
      const part = longest ? Math.min(0.95, m.moves / longest) : Math.min(0.95, m.moves / (m.moves + 400));
      setProgress(done + part, m.total);
    },
    progress: (p) => {
      done = p.done;
      if (p.last) longest = Math.max(longest, p.last.moves);
      setProgress(p.done, p.total);
      const last = p.last ? ` · last game: score ${fmt(p.last.score)}, max tile ${p.last.max_tile}, ${fmt(p.last.moves)} moves` : '';
      el.status.textContent = `${p.done} / ${p.total} games${last}`;
      if (p.done < p.total) el.current.textContent = `Game ${p.done + 1}: starting…`;
    },
    result: (r) => {
      running = null;
      setRunning(false);
      setProgress(1, 1);
      el.current.hidden = true;
      const wall = r.wall_s ?? (performance.now() - started) / 1000;
      el.status.textContent = r.cut_short
        ? `Stopped at the server's time limit: ${r.games} of ${query.games} games in ${fmtSig(wall, ' s')}.`
        : `Done: ${r.games ?? query.games} games in ${fmtSig(wall, ' s')}.`;
      showResult(r, query);
    },
    error: (message) => {
      running = null;
      setRunning(false);
      el.current.hidden = true;
      el.status.textContent = `Stopped: ${message}`;
      notify(message);
    },
  });
}

function stop() {
  if (!running) return;
  running.close();
  running = null;
  setRunning(false);
  el.current.hidden = true;
  el.status.textContent = 'Stopped.';
}

function showResult(r, query) {
  const games = r.games ?? query.games;
  const reach = r.reach || {};
  const tiles = Object.keys(reach).length ? Object.keys(reach).sort((a, b) => Number(a) - Number(b)) : TILES;
  el.reach.tBodies[0].replaceChildren(...tiles.map((t) => {
    const share = Number(reach[t] ?? 0);
    const tr = document.createElement('tr');
    tr.innerHTML = `<td><span class="tile-chip tile-${Number(t) <= 2048 ? t : 'super'}">${t}</span></td>` +
      `<td>${Math.round(share * games)}</td><td class="bar-cell"><span class="share-bar" style="width:${(share * 100).toFixed(1)}%"></span><span class="share-text">${(share * 100).toFixed(1)} %</span></td>`;
    return tr;
  }));
  const s = r.score || {};
  const ms = r.ms_per_move || {};
  const rows = [
    ['Score mean', fmt(s.mean)], ['Score median', fmt(s.median)], ['Score max', fmt(s.max)],
    ['Moves', fmt(r.moves)], ['Moves / s', fmt(r.moves_per_s, 0)],
    ['ms / move p50', fmtSig(ms.p50)], ['ms / move p99', fmtSig(ms.p99)], ['ms / move max', fmtSig(ms.max)],
    ['Wall time', fmtSig(r.wall_s, ' s')],
  ];
  el.stats.tBodies[0].replaceChildren(...rows.map(([k, v]) => {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = k;
    const td = document.createElement('td');
    td.textContent = v;
    tr.append(th, td);
    return tr;
  }));
  el.results.hidden = false;
  shown = { counts: r.max_tiles || [], games };
  drawHistogram();
}

// The final max tiles, drawn here at the panel's own width (again when the window changes), so
// its text stays readable on a phone; the server's SVG, made for a wide page, shrank to a few
// pixels there.
let shown = null;
function drawHistogram() {
  if (!shown) return;
  const width = Math.round(el.histogram.getBoundingClientRect().width) || 560;
  el.histogram.replaceChildren(shown.counts.length ? barChart(shown.counts.map((t) => ({
    label: t.tile >= 1024 ? `${t.tile / 1024}k` : String(t.tile), title: String(t.tile), value: t.games,
    color: TILE_COLORS[t.tile] || '#3c3a32',
  })), { unit: 'games', total: shown.games, width }) : '');
}

async function start() {
  const saved = load(SETTINGS_KEY, {});
  try {
    const i = await info();
    if (i.ais2048 && i.ais2048.length) el.ai.replaceChildren(...i.ais2048.map((n) => new Option(n, n)));
    if (i.limits) {
      if (i.limits.max_games) el.games.max = i.limits.max_games;
      const maxTime = i.limits.max_bench_time_ms ?? i.limits.max_time_ms;
      if (maxTime) el.time.max = maxTime;
    }
  } catch (e) {
    notify(e.message);
  }
  if (saved.ai) el.ai.value = saved.ai;
  if (saved.eval) el.evaluation.value = saved.eval;
  if (!el.ai.value) el.ai.selectedIndex = 0;
  if (saved.games) el.games.value = saved.games;
  if (saved.time_ms) el.time.value = saved.time_ms;
  if (saved.seed) el.seed.value = saved.seed;
  el.form.addEventListener('submit', run);
  el.stop.addEventListener('click', stop);
  let resizing = 0;
  window.addEventListener('resize', () => { clearTimeout(resizing); resizing = setTimeout(drawHistogram, 150); });
  document.body.dataset.ready = 'true';
}

start();
