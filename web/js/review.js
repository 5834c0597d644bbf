// The review page: a finished game graded move by move against the engine. The server analyses
// it (streamed progress, then the review, kept with the game); this page draws the board at any
// move with the move played and the engine's better one, the evaluation graph, the moments that
// decided the game and the list of moves.
import { stream, notify } from './api.js';
import { COLS, parsePoint } from './psq.js';
import { staticBoard2048 } from './board2048_view.js';
import { svgNode as node } from './svg.js';

const $ = (id) => document.getElementById(id);
const GRADE_COLORS = { best: '#2e8b57', good: '#7aa95c', inaccuracy: '#e0a100', mistake: '#e06c00', blunder: '#c0392b' };
const BAD = new Set(['inaccuracy', 'mistake', 'blunder']);
const ARROWS = { up: '↑', down: '↓', left: '←', right: '→' };

let review = null;
let at = 1; // the move shown (1-based)

const pct = (p) => `${Math.round(100 * p)}%`;
const fmtInt = (n) => Math.round(n).toLocaleString('en-US');
const gradeChip = (g) => `<span class="grade grade-${g}">${g}</span>`;
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
const isGomoku = () => review.game === 'gomoku';
const lossText = (m) => (isGomoku() ? `${Math.round(100 * m.loss)}%` : fmtInt(m.loss));
const humanMoves = () => review.moves.filter((m) => m.human !== false);

// Step 1. The Gomoku board at move `n`: stones before it, the move played ringed, the better
// move as a green ghost stone with its follow-up numbered.
function drawGomoku(n) {
  const size = review.size, cell = 40, label = 40, edge = 24;
  const extent = label + edge + (size - 1) * cell;
  const px = (x) => label + x * cell;
  const py = (y) => edge + (size - 1 - y) * cell;
  const parse = parsePoint;
  const svg = node('svg', { viewBox: `0 0 ${extent} ${extent}`, class: 'rv-goboard', role: 'img', 'aria-label': `Board at move ${n}` });
  node('rect', { width: extent, height: extent, rx: 10, fill: '#dcb35c' }, svg);
  const lines = node('g', { stroke: '#5b4321', 'stroke-width': 1.2 }, svg);
  for (let i = 0; i < size; i++) {
    node('line', { x1: px(0), y1: py(i), x2: px(size - 1), y2: py(i) }, lines);
    node('line', { x1: px(i), y1: py(0), x2: px(i), y2: py(size - 1) }, lines);
  }
  const labels = node('g', { fill: '#5b4321', 'font-size': 15, 'font-family': 'system-ui, sans-serif', 'font-weight': 600, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, svg);
  for (let i = 0; i < size; i++) {
    node('text', { x: px(i), y: extent - label / 2 + 4 }, labels, COLS[i]);
    node('text', { x: label / 2 - 4, y: py(i) }, labels, i + 1);
  }
  const m = review.moves[n - 1];
  review.moves.slice(0, n).forEach((mv, i) => {
    const p = parse(mv.played);
    const black = mv.color === 'black';
    node('circle', { cx: px(p.x), cy: py(p.y), r: cell * 0.45, fill: black ? '#111' : '#f4f1ea', stroke: black ? '#000' : '#8d877c', class: 'stone', 'data-point': mv.played }, svg);
    node('text', { x: px(p.x), y: py(p.y) + 0.5, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': i >= 99 ? 12 : 15, 'font-weight': 700, 'font-family': 'system-ui, sans-serif', fill: black ? '#fff' : '#222' }, svg, i + 1);
  });
  const played = parse(m.played);
  node('circle', { cx: px(played.x), cy: py(played.y), r: cell * 0.52, fill: 'none', stroke: GRADE_COLORS[m.grade], 'stroke-width': 4, id: 'rv-played', 'data-point': m.played }, svg);
  if (m.best !== m.played && m.grade !== 'best') {
    // The engine's line from the position before the move: its first move in green, the rest numbered faintly.
    m.best_line.slice(1, 5).forEach((name, k) => {
      const p = parse(name);
      if (review.moves.slice(0, n - 1).some((mv) => mv.played === name) || name === m.played) return;
      const ownColor = k % 2 === 1 ? m.color : (m.color === 'black' ? 'white' : 'black');
      node('circle', { cx: px(p.x), cy: py(p.y), r: cell * 0.3, fill: ownColor === 'black' ? '#111' : '#f4f1ea', opacity: 0.35 }, svg);
      node('text', { x: px(p.x), y: py(p.y) + 0.5, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 13, 'font-weight': 700, fill: '#1d5e3a' }, svg, `${k + 2}`);
    });
    const b = parse(m.best);
    const g = node('g', { id: 'rv-best', 'data-point': m.best }, svg);
    node('circle', { cx: px(b.x), cy: py(b.y), r: cell * 0.45, fill: m.color === 'black' ? '#111' : '#f4f1ea', opacity: 0.55 }, g);
    node('circle', { cx: px(b.x), cy: py(b.y), r: cell * 0.5, fill: 'none', stroke: '#2e8b57', 'stroke-width': 4 }, g);
    node('text', { x: px(b.x), y: py(b.y) + 0.5, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 14, 'font-weight': 800, fill: '#2e8b57' }, g, '★');
  }
  return svg;
}

// Step 2. The 2048 board before move `n`, with the move played and the better move as arrows.
function draw2048(n) {
  const m = review.moves[n - 1];
  const wrap = document.createElement('div');
  wrap.className = 'rv-2048';
  const board = staticBoard2048(m.cells);
  const arrows = document.createElement('div');
  arrows.className = 'rv-arrows';
  for (const dir of ['up', 'left', 'right', 'down']) {
    const e = m.expected_score[dir];
    const a = document.createElement('div');
    a.className = `rv-arrow${dir === m.played ? ' played' : ''}${dir === m.best ? ' best' : ''}`;
    a.dataset.dir = dir;
    a.innerHTML = `<b>${ARROWS[dir]}</b><span>${e === null ? '—' : fmtInt(e)}</span>`;
    if (dir === m.played) a.style.borderColor = GRADE_COLORS[m.grade];
    if (dir === m.played) a.id = 'rv-played';
    else if (dir === m.best) a.id = 'rv-best';
    arrows.appendChild(a);
  }
  wrap.append(board, arrows);
  return wrap;
}

function caption(m) {
  const who = isGomoku() ? `${m.color}${m.human === false ? ' (engine side)' : ''}` : `score ${fmtInt(m.score)}`;
  const playedName = isGomoku() ? m.played : `${ARROWS[m.played]} ${m.played}`;
  let text = `<b>Move ${m.number}</b> · ${escape(who)} · played <b>${escape(playedName)}</b> ${gradeChip(m.grade)}`;
  if (isGomoku()) {
    text += `<br>after it: ${escape(m.played_text)} for ${m.color}`;
    if (m.best !== m.played && m.grade !== 'best') text += ` · better: <b class="better">${escape(m.best)}</b> (${escape(m.best_text)}) · lost ${lossText(m)} win chance`;
    else if (m.best !== m.played) text += ` · as good as the engine's ${escape(m.best)}`;
    else text += ' · the engine\'s move';
  } else {
    text += `<br>expected final score ${fmtInt(m.expected_score[m.played])}`;
    if (m.best && m.best !== m.played && m.grade !== 'best') text += ` · better: <b class="better">${ARROWS[m.best]} ${m.best}</b> (${fmtInt(m.expected_score[m.best])}) · gave up ${lossText(m)} points`;
    else text += ' · as good as the best move';
  }
  return text;
}

function show(n) {
  if (!review || !review.moves.length) return;
  at = Math.max(1, Math.min(review.moves.length, n));
  const m = review.moves[at - 1];
  $('rv-board').replaceChildren(isGomoku() ? drawGomoku(at) : draw2048(at));
  $('rv-caption').innerHTML = caption(m);
  $('rv-slider').value = at;
  $('rv-prev').disabled = at === 1;
  $('rv-next').disabled = at === review.moves.length;
  for (const row of $('rv-moves').tBodies[0].rows) row.classList.toggle('current', Number(row.dataset.n) === at);
  const cursor = document.querySelector('#rv-graph .rv-cursor');
  if (cursor) {
    const cx = Number(cursor.dataset.x0) + (at - 1) * Number(cursor.dataset.step);
    cursor.setAttribute('x1', cx);
    cursor.setAttribute('x2', cx);
  }
  // Keep the current move in view inside the list (without scrolling the page).
  const row = $('rv-moves').querySelector('tr.current');
  const wrap = document.querySelector('.rv-moves-wrap');
  if (row && wrap && (row.offsetTop < wrap.scrollTop || row.offsetTop > wrap.scrollTop + wrap.clientHeight - row.offsetHeight)) {
    wrap.scrollTop = row.offsetTop - wrap.clientHeight / 2;
  }
}

// Step 3. The graph: black's win chance (Gomoku) or the expected final score (2048) after each
// move, bad moves marked in their grade's colour; a click jumps to the move.
function drawGraph() {
  const width = 560, height = 200, left = 46, right = 10, top = 12, bottom = 26;
  const n = review.moves.length;
  const values = isGomoku() ? review.black_winprob.slice(1, n + 1) : review.expected;
  const max = isGomoku() ? 1 : Math.max(1, ...values) * 1.05;
  const step = n > 1 ? (width - left - right) / (n - 1) : 0;
  const x = (i) => left + i * step;
  const y = (v) => top + (1 - v / max) * (height - top - bottom);
  const svg = node('svg', { viewBox: `0 0 ${width} ${height}`, class: 'chart-svg rv-graph-svg', role: 'img', 'aria-label': isGomoku() ? "Black's chance to win after each move" : 'Expected final score after each move', 'font-family': 'system-ui, sans-serif' });
  const ticks = isGomoku() ? [0, 0.25, 0.5, 0.75, 1] : [0, max / 2, max / 1.05];
  for (const t of ticks) {
    node('line', { x1: left, x2: width - right, y1: y(t), y2: y(t), stroke: '#e3dccf' }, svg);
    node('text', { x: left - 6, y: y(t) + 4, 'text-anchor': 'end', 'font-size': 11, fill: '#776e65' }, svg, isGomoku() ? pct(t) : (t >= 1e3 ? `${Math.round(t / 1e3)}k` : Math.round(t)));
  }
  if (isGomoku()) {
    // Black's share shaded: above the line is white's chance.
    const area = `M${x(0)},${y(0)} ` + values.map((v, i) => `L${x(i)},${y(v)}`).join(' ') + ` L${x(n - 1)},${y(0)} Z`;
    node('path', { d: area, fill: '#3c3a32', opacity: 0.18 }, svg);
  }
  node('polyline', { points: values.map((v, i) => `${x(i)},${y(v)}`).join(' '), fill: 'none', stroke: '#3c3a32', 'stroke-width': 2, class: 'rv-line' }, svg);
  node('line', { class: 'rv-cursor', 'data-x0': left, 'data-step': step, x1: left, x2: left, y1: top, y2: height - bottom, stroke: '#f67c5f', 'stroke-width': 2 }, svg);
  review.moves.forEach((m, i) => {
    if (!BAD.has(m.grade) || m.human === false) return;
    const dot = node('circle', { cx: x(i), cy: y(values[i]), r: m.grade === 'blunder' ? 6 : 4.5, fill: GRADE_COLORS[m.grade], class: `rv-dot grade-${m.grade}`, tabindex: 0 }, svg);
    node('title', {}, dot, `move ${m.number}: ${m.grade}`);
    dot.addEventListener('click', () => show(i + 1));
  });
  node('text', { x: width / 2, y: height - 6, 'text-anchor': 'middle', 'font-size': 11, fill: '#776e65' }, svg, 'move');
  svg.addEventListener('click', (ev) => {
    if (ev.target.classList.contains('rv-dot')) return;
    const box = svg.getBoundingClientRect();
    const vx = ((ev.clientX - box.left) / box.width) * width;
    if (step > 0) show(Math.round((vx - left) / step) + 1);
  });
  $('rv-graph').replaceChildren(svg);
  $('rv-graph-title').textContent = isGomoku() ? "Black's chance to win" : 'Expected final score';
}

function drawSummary() {
  const grades = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];
  const sides = isGomoku() ? (review.human ? [review.human] : ['black', 'white']) : ['you'];
  const rows = sides.map((side) => {
    const counts = isGomoku() ? review.summary[side] : review.summary;
    const cells = grades.map((g) => `<td><span class="grade grade-${g}">${counts[g]}</span></td>`).join('');
    return `<tr><th>${side}</th>${cells}</tr>`;
  }).join('');
  $('rv-summary').innerHTML = `<table class="data rv-grades"><thead><tr><th></th>${grades.map((g) => `<th>${g}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>`;
}

function drawLists() {
  const decisive = $('rv-decisive');
  decisive.replaceChildren(...(review.decisive.length ? review.decisive : []).map((number) => {
    const m = review.moves[number - 1];
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'secondary rv-moment';
    const name = (d) => (isGomoku() ? d : `${ARROWS[d]} ${d}`);
    b.innerHTML = `Move ${m.number}${isGomoku() ? ` (${m.color})` : ''}: ${escape(name(m.played))} ${gradeChip(m.grade)} — lost ${lossText(m)}; better ${escape(name(m.best))}`;
    b.addEventListener('click', () => show(m.number));
    li.appendChild(b);
    return li;
  }));
  if (!review.decisive.length) decisive.innerHTML = '<li class="muted">No single move decided it: nothing lost more than a little.</li>';
  const body = $('rv-moves').tBodies[0];
  body.replaceChildren(...review.moves.map((m) => {
    const tr = document.createElement('tr');
    tr.dataset.n = m.number;
    if (m.human === false) tr.classList.add('engine-side');
    const played = isGomoku() ? `${m.color === 'black' ? '●' : '○'} ${m.played}` : `${ARROWS[m.played]} ${m.played}`;
    // A better move is named where the move played lost something.
    const better = m.best && m.best !== m.played && m.grade !== 'best' ? (isGomoku() ? m.best : `${ARROWS[m.best]} ${m.best}`) : '';
    tr.innerHTML = `<td>${m.number}</td><td>${escape(played)}</td><td>${gradeChip(m.grade)}</td><td>${m.grade === 'best' ? '' : lossText(m)}</td><td>${escape(better)}</td>`;
    tr.addEventListener('click', () => show(m.number));
    return tr;
  }));
}

function showReview(r) {
  review = r;
  $('rv-working').hidden = true;
  if (!r.moves.length) return fail('the game has no moves to review');
  $('rv-body').hidden = false;
  const info = isGomoku()
    ? `Gomoku · ${r.rule} ${r.size}×${r.size} · ${r.result === 'unfinished' ? 'unfinished' : r.result === 'draw' ? 'draw' : `${r.result} won`} · ${r.moves.length} moves · ${r.settings.time_ms} ms a position${r.human ? ` · you played ${r.human}` : ''}`
    : `2048 · final score ${fmtInt(r.final_score)} · ${r.moves.length} moves · values: expected final score (expectimax over the n-tuple network, depth ${r.settings.depth})`;
  $('rv-info').textContent = `${info}${r.cached ? ' · stored review' : ''}`;
  $('rv-slider').max = r.moves.length;
  drawSummary();
  drawGraph();
  drawLists();
  const firstBad = humanMoves().find((m) => BAD.has(m.grade));
  show(r.decisive.length ? r.decisive[0] : firstBad ? firstBad.number : 1);
}

function fail(message) {
  $('rv-working').hidden = true;
  $('rv-error').hidden = false;
  $('rv-error-text').textContent = message;
}

function jumpBad(dir) {
  const list = humanMoves().filter((m) => BAD.has(m.grade)).map((m) => m.number);
  const next = dir > 0 ? list.find((k) => k > at) : list.reverse().find((k) => k < at);
  if (next) show(next);
}

// Step 4. Start: the page's query names the game (?id=N, or ?game=gomoku&moves=..., or a
// browser game's ?game=...&client=...). A 2048 game just finished may not be recorded yet: ask again.
function start(retries = 3) {
  const q = Object.fromEntries(new URLSearchParams(location.search));
  if (!q.id && !q.moves && !q.client) return fail('No game given: open a review from History or from the end of a game.');
  stream('/api/review/stream', q, {
    progress: (p) => {
      $('rv-progress').max = Math.max(1, p.total);
      $('rv-progress').value = p.done;
      $('rv-progress-text').textContent = `Analysing position ${Math.min(p.done + 1, p.total)} of ${p.total}…`;
    },
    result: showReview,
    error: (message) => {
      if (retries > 0 && /not recorded/.test(message)) setTimeout(() => start(retries - 1), 1000);
      else fail(message);
    },
  });
}

function bind() {
  $('rv-prev').addEventListener('click', () => show(at - 1));
  $('rv-next').addEventListener('click', () => show(at + 1));
  $('rv-prev-bad').addEventListener('click', () => jumpBad(-1));
  $('rv-next-bad').addEventListener('click', () => jumpBad(1));
  $('rv-slider').addEventListener('input', () => show(Number($('rv-slider').value)));
  document.addEventListener('keydown', (ev) => {
    if (!review || ev.target.tagName === 'INPUT') return;
    if (ev.key === 'ArrowLeft') { show(at - 1); ev.preventDefault(); }
    if (ev.key === 'ArrowRight') { show(at + 1); ev.preventDefault(); }
  });
}

bind();
try { start(); } catch (e) { notify(e.message); }
document.body.dataset.ready = 'true';
