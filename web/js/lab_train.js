// The Lab's training panel: a short TD training run on the server, streamed as Server-Sent
// Events, drawn as a learning curve; and the shipped network's curve from its training log.
import { get, notify, stream } from './api.js';
import { svgNode as node } from './svg.js';

const $ = (id) => document.getElementById(id);
const el = {
  form: $('train-form'), games: $('train-games'), every: $('train-every'), alpha: $('train-alpha'), seed: $('train-seed'),
  run: $('train-run'), stop: $('train-stop'), bar: $('train-bar'), progress: $('train-progress'),
  status: $('train-status'), curve: $('train-curve'), shipped: $('shipped-curve'),
};
const TILES = ['2048', '4096', '8192', '16384', '32768'];
const COLORS = ['#edc22e', '#8f7a66', '#f67c5f', '#3c8dbc', '#5aa469', '#9b59b6'];

let running = null;
let points = [];

/** The smallest of 1, 2, 2.5 and 5 times a power of ten that is at least `raw`. */
export function niceStep(raw) {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= raw * (1 - 1e-12)) return m * power;
  return 10 * power;
}

/** Mean score (left axis) and tile rates in percent (right axis) against games trained. The
 *  legend sits above the plot, where no curve crosses it; the score axis ends on a round number,
 *  so that its four steps line up with the rates' 25 %. */
function curve(pts) {
  const W = 640;
  const H = 296;
  const left = 56;
  const right = 44;
  const top = 34;
  const bottom = 28;
  const svg = node('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart-svg', role: 'img', 'aria-label': 'learning curve' });
  const maxScore = 4 * niceStep(Math.max(1000, ...pts.map((p) => p.mean_score)) / 4);
  const maxGames = Math.max(1, ...pts.map((p) => p.games));
  const x = (g) => left + ((W - left - right) * g) / maxGames;
  const y = (frac) => top + (H - top - bottom) * (1 - frac);
  for (let i = 0; i <= 4; i += 1) {
    node('line', { x1: left, x2: W - right, y1: y(i / 4), y2: y(i / 4), stroke: '#e3dccf' }, svg);
    node('text', { x: left - 4, y: y(i / 4) + 4, 'text-anchor': 'end', 'font-size': 11, fill: '#776e65' }, svg, Math.round((maxScore * i) / 4).toLocaleString('en-US'));
    node('text', { x: W - right + 4, y: y(i / 4) + 4, 'font-size': 11, fill: '#776e65' }, svg, `${25 * i}%`);
  }
  node('text', { x: left, y: H - 6, 'font-size': 11, fill: '#776e65' }, svg, '0 games');
  node('text', { x: W - right, y: H - 6, 'text-anchor': 'end', 'font-size': 11, fill: '#776e65' }, svg, `${maxGames.toLocaleString('en-US')} games`);
  const line = (values, color, width) => {
    if (pts.length < 1) return;
    const d = pts.map((p, i) => `${i ? 'L' : 'M'}${x(p.games).toFixed(1)},${y(values(p)).toFixed(1)}`).join(' ');
    node('path', { d, fill: 'none', stroke: color, 'stroke-width': width }, svg);
  };
  line((p) => p.mean_score / maxScore, COLORS[0], 2.5);
  TILES.forEach((t, k) => line((p) => Number(p.rates[t] ?? 0), COLORS[k + 1], 1.5));
  ['mean score', ...TILES].forEach((name, k) => {
    node('rect', { x: left + 84 * k, y: 6, width: 10, height: 10, fill: COLORS[k] }, svg);
    node('text', { x: left + 14 + 84 * k, y: 15, 'font-size': 11, fill: '#776e65' }, svg, name);
  });
  return svg;
}

function setRunning(on) {
  el.run.disabled = on;
  el.stop.disabled = !on;
  for (const input of [el.games, el.every, el.alpha, el.seed]) input.disabled = on;
}

function setProgress(done, total) {
  const pct = total ? Math.round((100 * done) / total) : 0;
  el.bar.style.width = `${pct}%`;
  el.progress.setAttribute('aria-valuenow', String(pct));
}

function run(ev) {
  ev.preventDefault();
  if (running) return;
  const query = {
    games: Math.round(Number(el.games.value)), every: Math.round(Number(el.every.value)),
    alpha: Number(el.alpha.value), seed: el.seed.value.trim() || '1',
  };
  points = [];
  el.curve.replaceChildren(curve(points));
  setRunning(true);
  setProgress(0, query.games);
  el.status.textContent = `Training for ${query.games} games…`;
  running = stream('/api/2048/train/stream', query, {
    progress: (p) => {
      points.push(p);
      setProgress(p.games, p.target);
      el.curve.replaceChildren(curve(points));
      el.status.textContent = `${p.games} / ${p.target} games · ${Math.round(p.games_per_s)} games/s · ` +
        `${Math.round(p.moves_per_s).toLocaleString('en-US')} moves/s · mean score ${Math.round(p.mean_score).toLocaleString('en-US')} · ` +
        `2048 in ${(100 * (p.rates['2048'] ?? 0)).toFixed(0)} %`;
    },
    result: (r) => {
      running = null;
      setRunning(false);
      setProgress(1, 1);
      el.status.textContent = `Done: ${r.games} games.`;
    },
    error: (message) => {
      running = null;
      setRunning(false);
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
  el.status.textContent = 'Stopped.';
}

async function showShipped() {
  try {
    const r = await get('/api/2048/train/shipped');
    el.shipped.replaceChildren(curve(r.points));
  } catch (e) {
    el.shipped.textContent = e.message;
  }
}

el.form.addEventListener('submit', run);
el.stop.addEventListener('click', stop);
showShipped();
