// The History page: the recorded games' aggregates and charts (from GET /api/history), the recent
// games, and a move-by-move replay of any of them (GET /api/history/game/{id}: the server replays
// 2048 games and returns every position; Gomoku games come as their list of points).
import { get, notify } from './api.js';
import { barChart, lineChart, stackedBars } from './charts.js';
import { staticBoard2048 } from './board2048_view.js';
import { svgNode as node } from './svg.js';

const LIST_LIMIT = 200;
const PLAY_MS = { '2048': 180, gomoku: 550 };
const COLS = 'abcdefghijklmnopqrstuvwxyz';
const TILE_COLORS = {
  2: '#eee4da', 4: '#ede0c8', 8: '#f2b179', 16: '#f59563', 32: '#f67c5f', 64: '#f65e3b', 128: '#edcf72',
  256: '#edcc61', 512: '#edc850', 1024: '#edc53f', 2048: '#edc22e',
};

const $ = (id) => document.getElementById(id);
let data = null;
let filter = '';
let replay = null; // { game, count, at, timer }

const fmtInt = (n) => Math.round(n).toLocaleString('en-US');
const pad = (n) => String(n).padStart(2, '0');
const fmtDay = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const fmtTime = (d) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
const fmtDate = (t) => `${fmtDay(new Date(t * 1000))} ${fmtTime(new Date(t * 1000))}`;
const tileColor = (v) => TILE_COLORS[v] || '#3c3a32';
const widthOf = (id) => Math.round($(id).getBoundingClientRect().width) || 560;
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

// Step 1. The aggregates and their charts.
// The statistics count the player's own games from a fresh start; the others are listed only.
const isAuto = (g) => g.game === '2048' && g.auto_moves > 0;
const isPosition = (g) => g.origin === 'position';
const counted = (g) => !isAuto(g) && !isPosition(g);
const FILTERS = {
  '': () => true,
  2048: (g) => g.game === '2048',
  gomoku: (g) => g.game === 'gomoku',
  auto: isAuto,
  position: isPosition,
};

function show2048(s) {
  $('s-games').textContent = fmtInt(s.games);
  const left = [];
  if (s.auto_games) left.push(`${fmtInt(s.auto_games)} auto-played`);
  if (s.position_games) left.push(`${fmtInt(s.position_games)} from an edited board`);
  $('s-left-out').textContent = left.length ? `Not counted: ${left.join(', ')} (see the list).` : '';
  $('s-best').textContent = fmtInt(s.best_score);
  $('s-mean').textContent = fmtInt(s.mean_score);
  $('s-tile').textContent = s.best_tile ? fmtInt(s.best_tile) : '—';
  $('s-empty-2048').hidden = s.games > 0;
  $('charts-2048').hidden = s.games === 0;
  if (!s.games) return;
  // Games reaching each tile: every game whose final max tile is at least that tile.
  // Every power of two from the smallest final max tile to the best, so the bars step down.
  const tiles = [];
  const ended = s.max_tiles.map((t) => t.tile).filter((t) => t > 0);
  for (let tile = Math.min(...ended); tile <= s.best_tile; tile *= 2) tiles.push(tile);
  const reached = tiles.map((tile) => ({
    label: tile >= 1024 ? `${tile / 1024}k` : String(tile),
    title: String(tile),
    value: s.max_tiles.filter((t) => t.tile >= tile).reduce((sum, t) => sum + t.games, 0),
    color: tileColor(tile),
  }));
  $('chart-tiles').replaceChildren(barChart(reached, { unit: 'games', total: s.games, width: widthOf('chart-tiles') }));
  const recent = data.games.filter((g) => g.game === '2048' && counted(g)).reverse();
  $('chart-scores').replaceChildren(lineChart(recent.map((g) => ({ value: g.score, title: `#${g.id} · ${fmtDate(g.ended_at)} · ${g.score}` })), { width: widthOf('chart-scores') }));
}

function showGomoku(rows, learned, positionGames) {
  $('s-gomoku-left-out').textContent = positionGames
    ? `Not counted: ${fmtInt(positionGames)} ${positionGames === 1 ? 'game' : 'games'} from a position — loaded, pasted, or played on after a change of settings (see the list).` : '';
  const body = $('gomoku-table').tBodies[0];
  body.replaceChildren(...rows.map((r) => {
    const tr = document.createElement('tr');
    for (const v of [r.level, `${r.rule} ${r.size}×${r.size}`, r.wins, r.losses, r.draws, r.unfinished]) {
      const td = document.createElement('td');
      td.textContent = v;
      tr.appendChild(td);
    }
    return tr;
  }));
  $('s-empty-gomoku').hidden = rows.length > 0;
  $('gomoku-results').hidden = rows.length === 0;
  if (rows.length) {
    $('chart-gomoku').replaceChildren(stackedBars(rows.map((r) => ({
      label: `${r.level} · ${r.rule} ${r.size}`,
      parts: [
        { name: 'won', value: r.wins, color: '#2ea043' },
        { name: 'lost', value: r.losses, color: '#d1495b' },
        { name: 'draw', value: r.draws, color: '#bbada0' },
        { name: 'open', value: r.unfinished, color: '#e3dccf' },
      ],
    })), { width: widthOf('chart-gomoku') }));
  }
  $('s-learned').textContent = learned
    ? `The AI has learnt ${learned} losing ${learned === 1 ? 'move' : 'moves'} from lost games, and avoids ${learned === 1 ? 'it' : 'them'}.`
    : '';
}

// Step 2. The list of recent games.
function describe(g) {
  const tags = [];
  if (isAuto(g)) tags.push(g.auto_moves >= g.move_count ? `auto-played by ${g.settings.ai || 'the AI'}` : `auto-played: ${g.auto_moves} of ${g.move_count} moves by ${g.settings.ai || 'the AI'}`);
  if (isPosition(g)) tags.push(g.game === '2048' ? 'from an edited board' : `from a position of ${g.settings.start_moves ?? '?'} moves`);
  if (g.game === '2048') {
    return { title: `2048 · score ${fmtInt(g.score)}`, detail: `max tile ${g.max_tile} · ${g.move_count} moves · ${g.result === 'over' ? 'game over' : 'stopped'}`, tags };
  }
  const ai = g.settings.ai_color;
  let result = 'unfinished';
  if (g.result === 'draw') result = 'draw';
  else if (g.result !== 'unfinished') result = ai ? (g.result === ai ? 'AI won' : 'you won') : `${g.result} won`;
  return {
    title: `Gomoku · ${result}`,
    detail: `${g.rule} ${g.size}×${g.size} · ${g.settings.level || '?'} · ${g.move_count} moves`,
    outcome: result,
    tags,
  };
}

function showGames() {
  const list = $('games');
  const games = data.games.filter(FILTERS[filter] || FILTERS['']);
  list.replaceChildren(...games.map((g) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'game-row';
    b.dataset.id = g.id;
    b.dataset.game = g.game;
    const d = describe(g);
    const badge = g.game === '2048'
      ? `<span class="tile-chip small-chip" style="background:${tileColor(g.max_tile)};color:${g.max_tile <= 4 ? '#776e65' : '#f9f6f2'}">${g.max_tile}</span>`
      : `<span class="stone-icon ${g.settings.ai_color === 'black' ? 'white' : 'black'}"></span>`;
    b.innerHTML = `${badge}<span class="game-main"><span class="game-title"></span><span class="game-detail muted small"></span></span>`
      + '<span class="game-date muted small"><span></span><span></span></span>';
    b.querySelector('.game-title').textContent = d.title;
    for (const text of d.tags) {
      const tag = document.createElement('span');
      tag.className = 'tag';
      tag.textContent = text;
      b.querySelector('.game-title').append(' ', tag);
    }
    if (!counted(g)) b.dataset.uncounted = 'true';
    b.querySelector('.game-detail').textContent = d.detail;
    const [day, time] = b.querySelectorAll('.game-date span');
    day.textContent = fmtDay(new Date(g.ended_at * 1000));
    time.textContent = fmtTime(new Date(g.ended_at * 1000));
    if (d.outcome) b.classList.add(d.outcome === 'you won' ? 'won' : d.outcome === 'AI won' ? 'lost' : 'even');
    b.addEventListener('click', () => openReplay(g.id));
    const review = Object.assign(document.createElement('a'), { className: 'game-review-link', href: `/review?id=${g.id}`, textContent: 'Review' });
    review.setAttribute('aria-label', `Review game ${g.id}`);
    li.append(b, review);
    return li;
  }));
  $('games-none').hidden = games.length > 0;
}

async function load() {
  try {
    data = await get(`/api/history?limit=${LIST_LIMIT}`);
  } catch (e) {
    notify(e.message);
    $('hist-off').hidden = false;
    $('hist-off-text').textContent = `The history cannot be read: ${e.message}`;
    return;
  }
  if (!data.recording) {
    $('hist-off').hidden = false;
    $('hist-off-text').textContent = cap(data.problem || 'recording is off');
    return;
  }
  $('hist-where').textContent = `Every game you play here or in the terminal, recorded in ${data.database}.`;
  if (!data.games.length) {
    $('hist-empty').hidden = false;
    return;
  }
  $('hist-body').hidden = false;
  show2048(data.summary['2048']);
  showGomoku(data.summary.gomoku, data.summary.learned, data.summary.gomoku_position_games || 0);
  showGames();
}

// Step 3. The replay: a 2048 board from the server's positions, or a Gomoku board drawn up to
// the current move with numbered stones.
const draw2048 = (frame) => staticBoard2048(frame.cells);

function drawGomoku(game, upto) {
  const size = game.size;
  const cell = 40;
  const label = 44; // the left and bottom margins hold the coordinates
  const edge = 26;
  const extent = label + edge + (size - 1) * cell;
  const px = (x) => label + x * cell;
  const py = (y) => edge + (size - 1 - y) * cell;
  const svg = node('svg', { viewBox: `0 0 ${extent} ${extent}`, class: 'replay-goboard', role: 'img', 'aria-label': 'Gomoku board' });
  node('rect', { width: extent, height: extent, rx: 10, fill: '#dcb35c' }, svg);
  const lines = node('g', { stroke: '#5b4321', 'stroke-width': 1.3 }, svg);
  for (let i = 0; i < size; i++) {
    node('line', { x1: px(0), y1: py(i), x2: px(size - 1), y2: py(i) }, lines);
    node('line', { x1: px(i), y1: py(0), x2: px(i), y2: py(size - 1) }, lines);
  }
  const labels = node('g', { fill: '#5b4321', 'font-size': Math.min(24, Math.round(17 * Math.max(1, size / 15))), 'font-family': 'system-ui, sans-serif', 'font-weight': 600, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, svg);
  for (let i = 0; i < size; i++) {
    node('text', { x: px(i), y: extent - label / 2 + 2 }, labels).textContent = COLS[i];
    node('text', { x: label / 2 - 2, y: py(i) }, labels).textContent = i + 1;
  }
  const parse = (name) => ({ x: COLS.indexOf(name[0]), y: Number(name.slice(1)) - 1 });
  game.points.slice(0, upto).forEach((name, i) => {
    const p = parse(name);
    const black = i % 2 === 0;
    node('circle', {
      cx: px(p.x), cy: py(p.y), r: cell * 0.46, fill: black ? '#111' : '#f4f1ea', stroke: black ? '#000' : '#8d877c',
      class: 'stone', 'data-point': name, 'data-color': black ? 'black' : 'white',
    }, svg);
    node('text', {
      x: px(p.x), y: py(p.y) + 0.5, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': i >= 99 ? 13 : 16,
      'font-weight': 700, 'font-family': 'system-ui, sans-serif', fill: i === upto - 1 ? '#e5412d' : black ? '#fff' : '#222',
    }, svg).textContent = i + 1;
  });
  if (upto === game.points.length && game.winning_line.length >= 2) {
    const pts = game.winning_line.map(parse).sort((a, b) => a.x - b.x || a.y - b.y);
    const [a, b] = [pts[0], pts[pts.length - 1]];
    node('line', { x1: px(a.x), y1: py(a.y), x2: px(b.x), y2: py(b.y), stroke: '#e5412d', 'stroke-width': 6, 'stroke-linecap': 'round', opacity: 0.75 }, svg);
  }
  return svg;
}

function showStep() {
  const { game, at, count } = replay;
  $('replay-slider').value = at;
  $('r-first').disabled = $('r-prev').disabled = at === 0;
  $('r-next').disabled = $('r-last').disabled = at === count;
  let text;
  if (game.game === '2048') {
    const f = game.frames[at];
    $('replay-board').replaceChildren(draw2048(f));
    text = at === 0 ? `Start · score ${fmtInt(f.score)}` : `Move ${at} / ${count} · ${f.dir} · score ${fmtInt(f.score)}`;
  } else {
    $('replay-board').replaceChildren(drawGomoku(game, at));
    text = at === 0 ? 'Empty board' : `Move ${at} / ${count} · ${at % 2 ? 'black' : 'white'} ${game.points[at - 1]}`;
    if (at === count && game.result !== 'unfinished') text += game.result === 'draw' ? ' · draw' : ` · ${game.result} wins${game.forbidden_loss ? ' (forbidden move)' : ''}`;
  }
  $('replay-step').textContent = text;
}

function step(to) {
  if (!replay) return;
  replay.at = Math.max(0, Math.min(replay.count, to));
  if (replay.at === replay.count) stopPlay();
  showStep();
}

function stopPlay() {
  if (replay && replay.timer) clearInterval(replay.timer);
  if (replay) replay.timer = 0;
  $('r-play').textContent = 'Play';
  $('r-play').setAttribute('aria-pressed', 'false');
}

function togglePlay() {
  if (!replay) return;
  if (replay.timer) { stopPlay(); return; }
  if (replay.at === replay.count) replay.at = 0;
  $('r-play').textContent = 'Pause';
  $('r-play').setAttribute('aria-pressed', 'true');
  replay.timer = setInterval(() => step(replay.at + 1), PLAY_MS[replay.game.game]);
  showStep();
}

async function openReplay(id) {
  let game;
  try {
    game = await get(`/api/history/game/${id}`);
  } catch (e) {
    notify(e.message);
    return;
  }
  stopPlay();
  const count = game.game === '2048' ? game.frames.length - 1 : game.points.length;
  replay = { game, count, at: game.game === '2048' ? 0 : count, timer: 0 };
  const d = describe(game);
  $('replay-title').textContent = `Game #${game.id}: ${d.title}`;
  const source = game.source === 'cli' ? 'terminal' : game.source;
  $('replay-info').textContent = `${fmtDate(game.ended_at)} · ${d.detail} · ${source}${game.replay_error ? ` · replay stops early: ${game.replay_error}` : ''}`;
  $('replay').dataset.game = game.game;
  $('replay-slider').max = count;
  const dialog = $('replay');
  if (!dialog.open) dialog.showModal();
  showStep();
  $('r-next').focus();
}

function closeReplay() {
  stopPlay();
  replay = null;
  if ($('replay').open) $('replay').close();
}

function bind() {
  for (const b of document.querySelectorAll('.filter button')) {
    b.addEventListener('click', () => {
      filter = b.dataset.filter;
      for (const other of document.querySelectorAll('.filter button')) other.setAttribute('aria-pressed', String(other === b));
      showGames();
    });
  }
  $('replay-close').addEventListener('click', closeReplay);
  $('replay').addEventListener('close', () => { stopPlay(); replay = null; });
  $('replay').addEventListener('click', (ev) => { if (ev.target === $('replay')) closeReplay(); });
  $('r-first').addEventListener('click', () => { stopPlay(); step(0); });
  $('r-prev').addEventListener('click', () => { stopPlay(); step(replay.at - 1); });
  $('r-next').addEventListener('click', () => { stopPlay(); step(replay.at + 1); });
  $('r-last').addEventListener('click', () => { stopPlay(); step(replay.count); });
  $('r-play').addEventListener('click', togglePlay);
  $('replay-slider').addEventListener('input', () => { stopPlay(); step(Number($('replay-slider').value)); });
  document.addEventListener('keydown', (ev) => {
    if (!replay || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const keys = { ArrowLeft: () => step(replay.at - 1), ArrowRight: () => step(replay.at + 1), Home: () => step(0), End: () => step(replay.count) };
    if (keys[ev.key]) { ev.preventDefault(); stopPlay(); keys[ev.key](); } else if (ev.key === ' ') { ev.preventDefault(); togglePlay(); }
  });
}

bind();
load().finally(() => { document.body.dataset.ready = 'true'; });
