// The Gomoku / Renju page: an SVG board over the tilestone API. The server owns the rules (wins,
// forbidden points, validation) and the AI; this module draws, collects clicks and streams the
// AI's search.
import { post, info, notify, load, save, stream } from './api.js';
import { initRecording, newGameId, nowSeconds, sendGame } from './record.js';
import { startClock, stopClock, thinkingHtml } from './analysis.js';

const STORE_KEY = 'tilestone.gomoku';
const COLS = 'abcdefghijklmnopqrstuvwxyz';
const CELL = 40;
// Coordinates are labelled on the left and bottom edges only, so those margins are wider.
const MARGIN_LABEL = 42;
const MARGIN_EDGE = 26;
const LABEL_FONT = 19;
const SVGNS = 'http://www.w3.org/2000/svg';

const $ = (id) => document.getElementById(id);
const el = {
  svg: $('goboard'), turn: $('turn'), turnText: $('turn-text'), count: $('move-count'),
  overlay: $('go-overlay'), overlayTitle: $('go-overlay-title'), overlayText: $('go-overlay-text'),
  rule: $('go-rule'), size: $('go-size'), opponent: $('go-opponent'), computerFirst: $('go-computer-first'),
  numbers: $('go-numbers'), level: $('go-level'), time: $('go-time'), thinking: $('thinking'),
  moves: $('go-moves'), undo: $('go-undo'), redo: $('go-redo'), hint: $('go-hint'),
};

// Everything that survives a reload; `st` is the server's last view of the position.
let game = {
  size: 15, rule: 'freestyle', moves: [], redo: [], level: 'strong', time_ms: 1000,
  opponent: 'computer', computerFirst: false, numbers: false,
  ...load(STORE_KEY, {}),
};
let st = null;
let hintPoint = null;
let search = null; // the running AI stream, if any
let token = 0; // bumps on every position change so stale replies are dropped
let overlayDismissed = false;
let hover = null;
let movesEdited = false; // the move-string field holds text the user typed and has not loaded

const persist = () => save(STORE_KEY, game);
let reviewClient = null; // the recorded id of the game just finished, for its review link
const freshRecord = () => ({ id: newGameId(), startedAt: 0, sent: '' });

// Games against the computer are recorded (with the AI's level and colour) when they end, when a
// new game replaces them, and when the page is left; `sent` keeps a game from being sent twice.
function recordGame({ leaving = false } = {}) {
  const rec = game.rec;
  if (!rec || game.opponent !== 'computer' || !game.moves.length) return;
  const body = {
    client_id: rec.id, size: game.size, rule: game.rule, moves: game.moves.join(''), level: game.level,
    ai_color: game.computerFirst ? 'black' : 'white', time_ms: game.time_ms, started_at: rec.startedAt || nowSeconds(),
  };
  const key = JSON.stringify([body.size, body.rule, body.moves, body.level, body.ai_color]);
  if (rec.sent === key) return;
  rec.sent = key;
  // A finished game's row is final: played on after an undo, it is recorded again as a new game.
  if (st && st.over) { reviewClient = rec.id; rec.id = newGameId(); }
  persist();
  sendGame('gomoku', body, { leaving }).then((reply) => {
    if (reply && reply.learned) notify(`The AI learnt from this game: ${reply.learned.move} (move ${reply.learned.ply}) lost by force.`, 'info');
  });
}

// Called whenever the position changed: stamps the start, records a finished game.
function afterPosition() {
  if (!game.rec.startedAt && game.moves.length) game.rec.startedAt = nowSeconds();
  if (st && st.over) recordGame();
}

function startRecord() {
  recordGame();
  game.rec = freshRecord();
}

// Step 1. Notation: "h8" is column h (x = 7) and row 8 from the bottom (y = 7).
function parsePoint(name) {
  const m = /^([a-z])(\d{1,2})$/.exec(name);
  return m ? { x: COLS.indexOf(m[1]), y: Number(m[2]) - 1 } : null;
}
const pointName = (x, y) => `${COLS[x]}${y + 1}`;
const px = (x) => MARGIN_LABEL + x * CELL;
const py = (y) => MARGIN_EDGE + (game.size - 1 - y) * CELL;

/** Piskvork's PSQ: 1-based x, y from the top-left. */
function toPsq(size, moves) {
  const lines = [`Piskvorky ${size}x${size}, 11:11, 0`];
  for (const name of moves) {
    const p = parsePoint(name);
    lines.push(`${p.x + 1},${size - p.y},0`);
  }
  lines.push('-1');
  return lines.join('\n') + '\n';
}

// Step 2. Drawing.
function node(tag, attrs, parent) {
  const n = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  if (parent) parent.appendChild(n);
  return n;
}

function starPoints(size) {
  const c = Math.floor(size / 2);
  if (size < 9) return [[c, c]];
  const e = size >= 13 ? 3 : 2;
  return [[c, c], [e, e], [size - 1 - e, e], [e, size - 1 - e], [size - 1 - e, size - 1 - e]];
}

function draw() {
  const size = game.size;
  const extent = MARGIN_LABEL + MARGIN_EDGE + (size - 1) * CELL;
  const svg = el.svg;
  svg.setAttribute('viewBox', `0 0 ${extent} ${extent}`);
  // Where the points lie in viewBox units, for scripts and tests that click on the board.
  svg.dataset.geometry = JSON.stringify({ extent, left: px(0), top: py(size - 1), cell: CELL, size });
  svg.replaceChildren();
  const defs = node('defs', {}, svg);
  const black = node('radialGradient', { id: 'stone-black', cx: '35%', cy: '30%', r: '70%' }, defs);
  node('stop', { offset: '0%', 'stop-color': '#6b6b6b' }, black);
  node('stop', { offset: '100%', 'stop-color': '#0d0d0d' }, black);
  const white = node('radialGradient', { id: 'stone-white', cx: '35%', cy: '30%', r: '75%' }, defs);
  node('stop', { offset: '0%', 'stop-color': '#ffffff' }, white);
  node('stop', { offset: '100%', 'stop-color': '#cfcac0' }, white);

  node('rect', { x: 0, y: 0, width: extent, height: extent, rx: 10, fill: '#dcb35c' }, svg);
  const grid = node('g', { stroke: '#5b4321', 'stroke-width': 1.3, 'stroke-linecap': 'square' }, svg);
  for (let i = 0; i < size; i++) {
    node('line', { x1: px(0), y1: py(i), x2: px(size - 1), y2: py(i) }, grid);
    node('line', { x1: px(i), y1: py(0), x2: px(i), y2: py(size - 1) }, grid);
  }
  node('rect', { x: px(0), y: py(size - 1), width: (size - 1) * CELL, height: (size - 1) * CELL, fill: 'none', stroke: '#5b4321', 'stroke-width': 2.4 }, svg);
  for (const [x, y] of starPoints(size)) node('circle', { cx: px(x), cy: py(y), r: 4.2, fill: '#5b4321' }, svg);

  // Bigger boards shrink on screen, so their labels grow in board units to stay readable.
  const labelFont = Math.min(26, Math.round(LABEL_FONT * Math.max(1, size / 15)));
  const labels = node('g', { fill: '#5b4321', 'font-size': labelFont, 'font-family': 'system-ui, sans-serif', 'font-weight': 600, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, svg);
  for (let i = 0; i < size; i++) {
    node('text', { x: px(i), y: extent - MARGIN_LABEL / 2 + 2 }, labels).textContent = COLS[i];
    node('text', { x: MARGIN_LABEL / 2 - 2, y: py(i) }, labels).textContent = i + 1;
  }

  const moves = st ? st.moves : game.moves;
  const winning = new Set(st && st.winning_line ? st.winning_line : []);
  const stones = node('g', {}, svg);
  moves.forEach((name, i) => {
    const p = parsePoint(name);
    if (!p) return;
    const isBlack = i % 2 === 0;
    node('circle', {
      cx: px(p.x), cy: py(p.y), r: CELL * 0.46, fill: `url(#stone-${isBlack ? 'black' : 'white'})`,
      stroke: isBlack ? '#000' : '#8d877c', 'stroke-width': 1, class: 'stone', 'data-point': name,
      'data-color': isBlack ? 'black' : 'white',
    }, stones);
    if (game.numbers) {
      node('text', {
        x: px(p.x), y: py(p.y) + 0.5, 'text-anchor': 'middle', 'dominant-baseline': 'central',
        'font-size': i >= 99 ? 13 : 16, 'font-weight': 700, 'font-family': 'system-ui, sans-serif',
        fill: i === moves.length - 1 ? '#e5412d' : isBlack ? '#fff' : '#222', class: 'stone-number',
      }, stones).textContent = i + 1;
    }
  });

  if (winning.size >= 2) {
    const pts = [...winning].map(parsePoint).sort((a, b) => a.x - b.x || a.y - b.y);
    const a = pts[0];
    const b = pts[pts.length - 1];
    node('line', {
      x1: px(a.x), y1: py(a.y), x2: px(b.x), y2: py(b.y), stroke: '#e5412d', 'stroke-width': 7,
      'stroke-linecap': 'round', opacity: 0.8, id: 'winning-line',
    }, svg);
    for (const p of pts) node('circle', { cx: px(p.x), cy: py(p.y), r: CELL * 0.46, fill: 'none', stroke: '#e5412d', 'stroke-width': 3, class: 'win-stone' }, svg);
  }

  if (st && st.last && !game.numbers) {
    const p = parsePoint(st.last);
    if (p) node('circle', { cx: px(p.x), cy: py(p.y), r: 6, fill: '#e5412d', id: 'last-move' }, svg);
  } else if (st && st.last) {
    const p = parsePoint(st.last);
    if (p) node('circle', { cx: px(p.x), cy: py(p.y), r: CELL * 0.5, fill: 'none', stroke: '#e5412d', 'stroke-width': 2, id: 'last-move' }, svg);
  }

  // The forbidden point black just played (and lost on) gets a cross over its stone.
  if (st && st.reason === 'forbidden' && st.last) {
    const p = parsePoint(st.last);
    const d = 11;
    const g = node('g', { id: 'forbidden-loss', stroke: '#ff3b22', 'stroke-width': 4, 'stroke-linecap': 'round' }, svg);
    node('line', { x1: px(p.x) - d, y1: py(p.y) - d, x2: px(p.x) + d, y2: py(p.y) + d }, g);
    node('line', { x1: px(p.x) - d, y1: py(p.y) + d, x2: px(p.x) + d, y2: py(p.y) - d }, g);
  }

  const forbidden = node('g', { stroke: '#d62c1a', 'stroke-width': 3.2, 'stroke-linecap': 'round', id: 'forbidden' }, svg);
  for (const name of (st && !st.over && st.forbidden) || []) {
    const p = parsePoint(name);
    if (!p) continue;
    const g = node('g', { class: 'forbidden-mark', 'data-point': name }, forbidden);
    node('title', {}, g).textContent = `${name}: forbidden for black`;
    const d = 8;
    node('line', { x1: px(p.x) - d, y1: py(p.y) - d, x2: px(p.x) + d, y2: py(p.y) + d }, g);
    node('line', { x1: px(p.x) - d, y1: py(p.y) + d, x2: px(p.x) + d, y2: py(p.y) - d }, g);
  }

  if (hintPoint) {
    const p = parsePoint(hintPoint);
    if (p) {
      const g = node('g', { id: 'hint-mark', 'data-point': hintPoint }, svg);
      node('circle', { cx: px(p.x), cy: py(p.y), r: CELL * 0.44, fill: 'rgba(46, 160, 67, .35)', stroke: '#2ea043', 'stroke-width': 3, 'stroke-dasharray': '6 4' }, g);
    }
  }

  if (hover && canPlayHere(hover.x, hover.y)) {
    const color = st && st.to_move === 'white' ? 'white' : 'black';
    node('circle', { cx: px(hover.x), cy: py(hover.y), r: CELL * 0.46, fill: `url(#stone-${color})`, opacity: 0.4, 'pointer-events': 'none' }, svg);
  }
}

function occupied(x, y) {
  const name = pointName(x, y);
  return (st ? st.moves : game.moves).includes(name);
}

function canPlayHere(x, y) {
  return !occupied(x, y) && isHumanTurn() && !search && !(st && st.over);
}

function showStatus() {
  const toMove = st ? st.to_move : (game.moves.length % 2 ? 'white' : 'black');
  const icon = el.turn.querySelector('.stone-icon');
  icon.className = `stone-icon ${toMove}`;
  let text;
  if (st && st.over) {
    text = st.winner === 'draw' ? 'Draw' : `${cap(st.winner)} wins`;
    icon.className = `stone-icon ${st.winner === 'white' ? 'white' : 'black'}`;
  } else if (search) {
    text = `Computer (${toMove}) is thinking…`;
  } else if (game.opponent === 'computer') {
    text = isHumanTurn() ? `Your move (${toMove})` : `Computer to move (${toMove})`;
  } else {
    text = `${cap(toMove)} to move`;
  }
  el.turnText.textContent = text;
  const n = (st ? st.moves : game.moves).length;
  el.count.textContent = `${n} ${n === 1 ? 'stone' : 'stones'} · ${game.rule} ${game.size}×${game.size}`;
  el.undo.disabled = n === 0 && !search;
  el.redo.disabled = game.redo.length === 0 || !!search;
  el.hint.disabled = !!search || !!(st && st.over);
  el.svg.classList.toggle('waiting', !!search);

  const showOverlay = st && st.over && !overlayDismissed;
  el.overlay.hidden = !showOverlay;
  if (showOverlay) {
    el.overlayTitle.textContent = st.winner === 'draw' ? 'Draw' : `${cap(st.winner)} wins`;
    let detail = '';
    if (st.reason === 'forbidden') detail = `Black played a forbidden point (${st.last}) and loses under renju.`;
    else if (game.opponent === 'computer' && st.winner !== 'draw') detail = st.winner === humanColor() ? 'You win! Well played.' : 'The computer wins this one.';
    else if (st.winner !== 'draw') detail = `Five in a row${st.winning_line && st.winning_line.length ? ': ' + st.winning_line.join(' ') : ''}.`;
    el.overlayText.textContent = detail;
    const review = new URLSearchParams({ game: 'gomoku', rule: game.rule, size: game.size, moves: st.moves.join(''),
      human: game.opponent === 'computer' ? humanColor() : 'both' });
    if (reviewClient && game.opponent === 'computer') review.set('client', reviewClient);
    $('go-review').href = `/review?${review}`;
    const focus = st.winning_line && st.winning_line.length ? st.winning_line : st.reason === 'forbidden' && st.last ? [st.last] : [];
    const line = focus.map(parsePoint).filter(Boolean);
    const meanRow = line.length ? line.reduce((sum, p) => sum + p.y, 0) / line.length : 0;
    el.overlay.classList.toggle('at-bottom', line.length > 0 && meanRow >= (game.size - 1) / 2);
  }
}

function showMoveString() {
  if (!movesEdited) el.moves.value = game.moves.join('');
}

const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
const humanColor = () => (game.computerFirst ? 'white' : 'black');
function isHumanTurn() {
  if (game.opponent !== 'computer') return true;
  const toMove = st ? st.to_move : (game.moves.length % 2 ? 'white' : 'black');
  return toMove === humanColor();
}

function refresh() {
  draw();
  showStatus();
}

// Step 3. Talking to the server.
/**
 * Asks the server for the state of `moves` and adopts it. Returns true on success, false when the
 * server refused (the error is shown), null when a newer change superseded this one.
 */
async function setPosition(moves, { keepRedo = false } = {}) {
  const my = ++token;
  stopSearch();
  try {
    const reply = await post('/api/gomoku/state', { size: game.size, rule: game.rule, moves: moves.join('') });
    if (my !== token) return null;
    st = reply;
    game.moves = reply.moves.slice();
    showMoveString();
    if (!keepRedo) game.redo = [];
    hintPoint = null;
    overlayDismissed = false;
    persist();
    refresh();
    afterPosition();
    return true;
  } catch (e) {
    if (my !== token) return null;
    notify(e.message);
    refresh();
    return false;
  }
}

async function afterChange() {
  if (st && !st.over && game.opponent === 'computer' && !isHumanTurn()) await computerMove();
}

function stopSearch() {
  stopClock();
  if (search) { search.close(); search = null; }
}

function showThinking(infoMsg, done, mover) {
  el.thinking.innerHTML = thinkingHtml(infoMsg, done, mover);
}

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function computerMove() {
  const my = token;
  stopSearch();
  const mover = st ? st.to_move : null;
  return new Promise((resolve) => {
    showThinking({}, false, mover);
    startClock(el.thinking);
    search = stream('/api/gomoku/move/stream', {
      size: game.size, rule: game.rule, moves: game.moves.join(''), level: game.level, time_ms: game.time_ms,
    }, {
      info: (msg) => { if (my === token) showThinking(msg, false, mover); },
      result: (msg) => {
        search = null;
        stopClock();
        if (my !== token) return resolve();
        showThinking(msg, true, mover);
        st = msg.state;
        game.moves = st.moves.slice();
        showMoveString();
        hintPoint = null;
        overlayDismissed = false;
        persist();
        refresh();
        afterPosition();
        resolve();
      },
      error: (message) => {
        search = null;
        stopClock();
        if (my === token) {
          notify(`AI: ${message}`);
          el.thinking.textContent = `The AI stopped: ${message}`;
          refresh();
        }
        resolve();
      },
    });
    refresh();
  });
}

async function play(x, y) {
  if (!canPlayHere(x, y)) return;
  hover = null;
  const ok = await setPosition([...game.moves, pointName(x, y)]);
  if (ok) await afterChange();
}

async function hint() {
  if (!st || st.over || search) return;
  const my = token;
  el.hint.disabled = true;
  try {
    const reply = await post('/api/gomoku/move', {
      size: game.size, rule: game.rule, moves: game.moves.join(''), level: game.level, time_ms: game.time_ms,
    });
    if (my !== token) return;
    hintPoint = reply.move;
    showThinking({ ...reply, move: undefined }, true, st.to_move);
    el.thinking.insertAdjacentHTML('afterbegin', `Hint: <b>${escape(reply.move)}</b> · `);
    draw();
  } catch (e) {
    notify(e.message);
  } finally {
    showStatus();
  }
}

async function undo() {
  const moves = game.moves.slice();
  const redo = game.redo.slice();
  if (search) {
    // Stop the computer; it had not moved yet, so take back the human's move too.
    stopSearch();
  }
  if (!moves.length) { refresh(); return; }
  redo.push(moves.pop());
  if (game.opponent === 'computer' && moves.length && (moves.length % 2 === 0 ? 'black' : 'white') !== humanColor()) {
    redo.push(moves.pop());
  }
  if (await setPosition(moves, { keepRedo: true })) {
    game.redo = redo;
    persist();
    showStatus();
    await afterChange();
  }
}

async function redo() {
  if (!game.redo.length || search) return;
  const moves = game.moves.slice();
  const redoStack = game.redo.slice();
  moves.push(redoStack.pop());
  if (game.opponent === 'computer' && redoStack.length && (moves.length % 2 === 0 ? 'black' : 'white') !== humanColor()) {
    moves.push(redoStack.pop());
  }
  if (await setPosition(moves, { keepRedo: true })) {
    game.redo = redoStack;
    persist();
    showStatus();
    await afterChange();
  }
}

async function newGame() {
  startRecord();
  game.redo = [];
  movesEdited = false;
  el.thinking.innerHTML = '<span class="muted">The AI\'s search shows here while it thinks.</span>';
  if (await setPosition([])) await afterChange();
}

async function loadMoves() {
  const text = el.moves.value.trim().toLowerCase().replace(/[\s,;]+/g, '');
  movesEdited = false;
  startRecord();
  if (await setPosition(text ? text.match(/[a-z]\d{1,2}/g) || [text] : [])) await afterChange();
}

async function copyMoves() {
  const text = game.moves.join('');
  try {
    await navigator.clipboard.writeText(text);
    notify('Move string copied', 'info');
  } catch {
    el.moves.select();
    notify('Select the move string and copy it (the clipboard is not available here)', 'info');
  }
}

function exportPsq() {
  const blob = new Blob([toPsq(game.size, game.moves)], { type: 'text/plain' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `tilestone-${game.rule}-${game.size}x${game.size}.psq`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// Step 4. Input.
function boardPoint(ev) {
  const ctm = el.svg.getScreenCTM();
  if (!ctm) return null;
  const pt = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse());
  const x = Math.round((pt.x - MARGIN_LABEL) / CELL);
  const row = Math.round((pt.y - MARGIN_EDGE) / CELL);
  const y = game.size - 1 - row;
  if (x < 0 || x >= game.size || y < 0 || y >= game.size) return null;
  if (Math.hypot(pt.x - px(x), pt.y - py(y)) > CELL * 0.55) return null;
  return { x, y };
}

function bind() {
  el.svg.addEventListener('click', (ev) => {
    const p = boardPoint(ev);
    if (p) play(p.x, p.y);
  });
  el.svg.addEventListener('pointermove', (ev) => {
    if (ev.pointerType !== 'mouse') return;
    const p = boardPoint(ev);
    const same = p && hover && p.x === hover.x && p.y === hover.y;
    if (!same && (p || hover)) { hover = p; draw(); }
  });
  el.svg.addEventListener('pointerleave', () => { if (hover) { hover = null; draw(); } });

  $('go-new').addEventListener('click', newGame);
  $('go-overlay-new').addEventListener('click', newGame);
  $('go-overlay-close').addEventListener('click', () => { overlayDismissed = true; showStatus(); });
  el.undo.addEventListener('click', undo);
  el.redo.addEventListener('click', redo);
  el.hint.addEventListener('click', hint);
  $('go-load').addEventListener('click', loadMoves);
  el.moves.addEventListener('input', () => { movesEdited = true; });
  el.moves.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') loadMoves(); });
  $('go-copy').addEventListener('click', copyMoves);
  $('go-psq').addEventListener('click', exportPsq);

  el.rule.addEventListener('change', async () => {
    const previous = game.rule;
    game.rule = el.rule.value;
    const ok = await setPosition(game.moves, { keepRedo: true });
    if (ok === false) { game.rule = previous; el.rule.value = previous; persist(); return; }
    if (ok) await afterChange();
  });
  el.size.addEventListener('change', async () => {
    startRecord();
    game.size = Number(el.size.value);
    game.redo = [];
    if (await setPosition([])) await afterChange();
  });
  el.opponent.addEventListener('change', async () => {
    game.opponent = el.opponent.value;
    persist();
    refresh();
    await afterChange();
  });
  el.computerFirst.addEventListener('change', async () => {
    game.computerFirst = el.computerFirst.checked;
    if (game.computerFirst && game.opponent !== 'computer') { game.opponent = 'computer'; el.opponent.value = 'computer'; }
    persist();
    refresh();
    await afterChange();
  });
  el.numbers.addEventListener('change', () => { game.numbers = el.numbers.checked; persist(); draw(); });
  el.level.addEventListener('change', () => { game.level = el.level.value; persist(); });
  el.time.addEventListener('change', () => {
    game.time_ms = Math.max(1, Number(el.time.value) || 1000);
    el.time.value = game.time_ms;
    persist();
  });
}

async function fillChoices() {
  try {
    const i = await info();
    if (i.levels && i.levels.length) el.level.replaceChildren(...i.levels.map((n) => new Option(n, n)));
    if (i.rules && i.rules.length) el.rule.replaceChildren(...i.rules.map((n) => new Option(n, n)));
    if (i.limits && i.limits.max_time_ms) el.time.max = i.limits.max_time_ms;
  } catch (e) {
    notify(e.message);
  }
  el.level.value = game.level;
  el.rule.value = game.rule;
}

async function start() {
  for (let n = 5; n <= 22; n++) el.size.appendChild(new Option(`${n}×${n}`, n));
  el.size.value = game.size;
  el.opponent.value = game.opponent;
  el.computerFirst.checked = game.computerFirst;
  el.numbers.checked = game.numbers;
  el.time.value = game.time_ms;
  el.level.value = game.level;
  el.rule.value = game.rule;
  if (!game.rec) game.rec = freshRecord();
  initRecording();
  window.addEventListener('pagehide', () => recordGame({ leaving: true }));
  bind();
  draw();
  showStatus();
  await fillChoices();
  if (await setPosition(game.moves, { keepRedo: true })) await afterChange();
  document.body.dataset.ready = 'true';
}

start();
