// The 2048 page: a view over the tilestone API. Moves, spawns, merges and analysis all come from
// the server; this module animates what it returns and keeps the game in localStorage.
import { get, post, info, notify, load, save } from './api.js';
import { initRecording, newGameId, nowSeconds, sendGame } from './record.js';

const STATE_KEY = 'tilestone.2048.game';
const BEST_KEY = 'tilestone.2048.best';
const SETTINGS_KEY = 'tilestone.2048.settings';
const UNDO_LIMIT = 200;
const SLIDE_MS = 110;
const DIRS = ['up', 'down', 'left', 'right'];
const ARROWS = { up: '↑', down: '↓', left: '←', right: '→' };
const LETTERS = { up: 'U', down: 'D', left: 'L', right: 'R' };
const KEYS = {
  ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right',
  w: 'up', s: 'down', a: 'left', d: 'right', W: 'up', S: 'down', A: 'left', D: 'right',
};
const EDIT_VALUES = [0, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536];

const $ = (id) => document.getElementById(id);
const el = {
  board: $('board'), tiles: $('tiles'), score: $('score'), gain: $('score-gain'), best: $('best'),
  hintArrow: $('hint-arrow'), hintTable: $('hint-table'), hintStats: $('hint-stats'),
  win: $('win-overlay'), over: $('over-overlay'), overReview: $('over-review'), auto: $('auto'), autoStats: $('auto-stats'),
  ai: $('ai'), think: $('think'), delay: $('delay'), delayOut: $('delay-out'),
  edit: $('edit'), editClear: $('edit-clear'), editUse: $('edit-use'), palette: $('palette'),
  paletteValues: $('palette-values'), hint: $('hint'), undo: $('undo'), note: $('game-note'),
};

// The game: the server's board string, tile values, score, the seed for the next spawn, an undo
// stack of earlier positions (each with its own seed, so undo then redo gives the same spawn),
// and `rec`, what the history records: the position the moves start from and the moves.
let game = null;
let best = Number(load(BEST_KEY, 0)) || 0;
let settings = { ai: 'expectimax', time_ms: 100, delay: 150, ...load(SETTINGS_KEY, {}) };
let busy = false;
// Keys and swipes that arrive while a move is on its way to the server, played in order.
const queue = [];
let autoOn = false;
let autoMoves = 0;
let animation = 0;
let editing = null; // the cells being edited, or null
let brush = 'cycle';

const boardString = (cells) => [0, 1, 2, 3].map((r) => cells.slice(r * 4, r * 4 + 4).join(',')).join('/');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function persist() {
  save(STATE_KEY, game);
  save(SETTINGS_KEY, settings);
}

// Step 1. Recording: a game is sent when it is over, when a new game or an edited board replaces
// it, and when the page is left; `sent` keeps the same moves from being sent twice, and the
// server keeps one row per id. `origin` says where it started: "new" (New game) or "position"
// (an edited board); only the player's own games from a new start count in the statistics and
// in Best, so `auto` counts the moves auto-play made, and `ai` / `time_ms` are the AI that made
// them, as they were then.
function freshRecord(origin = 'new') {
  return {
    id: newGameId(), origin, start: { board: game.board, score: game.score, seed: game.seed },
    moves: '', by: '', startedAt: 0, auto: 0, ai: '', time_ms: 0, sent: '',
  };
}

/** Whether the game in play is the player's own, from a new start: what Best and History count. */
const ownGame = () => !!game && !!game.rec && game.rec.origin !== 'position' && !game.rec.auto;

function recordGame({ leaving = false } = {}) {
  const rec = game && game.rec;
  if (!rec || !rec.moves || rec.sent === rec.moves) return;
  rec.sent = rec.moves;
  const body = {
    client_id: rec.id, start_board: rec.start.board, start_score: rec.start.score, seed: rec.start.seed,
    moves: rec.moves, ai: rec.ai || settings.ai, time_ms: rec.time_ms || settings.time_ms, auto_moves: rec.auto,
    origin: rec.origin || 'new', started_at: rec.startedAt || nowSeconds(),
  };
  // A finished game's row is final: played on after an undo, it is recorded again as a new game.
  if (game.over) {
    // The finished game's review is found by this id once the server has it.
    el.overReview.href = `/review?game=2048&client=${rec.id}`;
    el.overReview.hidden = false;
    rec.id = newGameId();
  }
  persist();
  sendGame('2048', body, { leaving });
}

function gameOver() {
  game.over = true;
  persist();
  recordGame();
}

// Step 2. Drawing: one absolutely positioned element per tile, placed by CSS variables.
function makeTile(index, value, extraClass) {
  const tile = document.createElement('div');
  tile.className = `tile tile-${value <= 2048 ? value : 'super'}${extraClass ? ' ' + extraClass : ''}`;
  tile.style.setProperty('--x', index % 4);
  tile.style.setProperty('--y', Math.floor(index / 4));
  tile.dataset.cell = index;
  tile.dataset.value = value;
  const inner = document.createElement('div');
  inner.className = `tile-inner digits-${String(value).length}`;
  inner.textContent = value;
  tile.appendChild(inner);
  return tile;
}

function drawCells(cells, merged = new Set(), spawn = -1) {
  const frag = document.createDocumentFragment();
  cells.forEach((v, i) => {
    if (v) frag.appendChild(makeTile(i, v, i === spawn ? 'tile-new' : merged.has(i) ? 'tile-merged' : ''));
  });
  el.tiles.replaceChildren(frag);
}

// Slides each tile from its old cell to its new one, then draws the result with pop and appear.
function animateMove(result, fast) {
  const token = ++animation;
  const slide = fast ? Math.min(SLIDE_MS, Math.max(0, settings.delay - 10)) : SLIDE_MS;
  const merged = new Set((result.motions || []).filter((m) => m.merged).map((m) => m.to));
  const spawn = result.spawn ? result.spawn.cell : -1;
  if (!result.motions || slide <= 0) {
    drawCells(result.cells, merged, spawn);
    return;
  }
  el.board.style.setProperty('--slide', `${slide}ms`);
  const moving = result.motions.map((m) => makeTile(m.from, m.value, ''));
  el.tiles.replaceChildren(...moving);
  void el.tiles.offsetWidth; // Commit the start positions so the change below transitions.
  result.motions.forEach((m, k) => {
    moving[k].style.setProperty('--x', m.to % 4);
    moving[k].style.setProperty('--y', Math.floor(m.to / 4));
  });
  setTimeout(() => { if (token === animation) drawCells(result.cells, merged, spawn); }, slide);
}

function showScore(gain) {
  el.score.textContent = game.score;
  if (ownGame() && game.score > best) { best = game.score; save(BEST_KEY, best); }
  el.best.textContent = best;
  showNote();
  if (gain > 0) {
    el.gain.textContent = `+${gain}`;
    el.gain.classList.remove('show');
    void el.gain.offsetWidth;
    el.gain.classList.add('show');
  }
}

// Says when the game in play does not count towards Best and the History statistics.
function showNote() {
  const rec = game && game.rec;
  let text = '';
  if (rec && rec.origin === 'position') text = 'Edited board: this game is recorded but does not count towards Best or your statistics.';
  else if (rec && rec.auto) text = `Auto-played (${rec.auto} of ${rec.moves.length} moves by the AI): this game does not count towards Best or your statistics.`;
  el.note.textContent = text;
  el.note.hidden = !text;
}

// Best is the best score of your own games: the server's record of them when it keeps one (so
// a Best inflated by an older page is corrected), and this browser's otherwise.
async function syncBest() {
  try {
    const h = await get('/api/history?game=2048&limit=1');
    if (!h.recording || !h.summary) return;
    best = Math.max(h.summary['2048'].best_score, ownGame() ? game.score : 0);
    save(BEST_KEY, best);
    el.best.textContent = best;
  } catch { /* no server record: keep this browser's Best */ }
}

function showOverlays() {
  el.win.hidden = !(game.won && !game.keepGoing && !game.over);
  el.over.hidden = !game.over;
  el.undo.disabled = game.undo.length === 0;
}

function clearHint() {
  el.hintArrow.hidden = true;
  for (const row of el.hintTable.tBodies[0].rows) {
    row.classList.remove('best', 'illegal');
    row.querySelector('.v').textContent = '—';
    row.querySelector('.g').textContent = '—';
  }
  el.hintStats.textContent = 'Press Hint to ask the AI.';
}

function render() {
  drawCells(game.cells);
  showScore(0);
  showOverlays();
}

// Step 3. Talking to the server.
function adopt(reply) {
  game.board = reply.board ?? boardString(reply.cells);
  game.cells = reply.cells;
  game.score = reply.score;
  if (reply.seed !== undefined) game.seed = String(reply.seed);
  game.won = !!reply.won;
  game.over = !!reply.over;
}

async function newGame() {
  stopAuto();
  exitEditor(false);
  queue.length = 0;
  recordGame();
  try {
    const reply = await post('/api/2048/new', {});
    game = { board: '', cells: [], score: 0, seed: '', won: false, over: false, keepGoing: false, undo: [] };
    adopt(reply);
    game.rec = freshRecord();
    clearHint();
    persist();
    drawCells(game.cells, new Set(), -1);
    el.tiles.querySelectorAll('.tile').forEach((t) => t.classList.add('tile-new'));
    showScore(0);
    showOverlays();
  } catch (e) {
    notify(e.message);
  }
}

/** Plays one move through the server; resolves to true when the board changed. A key or swipe
 *  that arrives while a move is on its way waits in the queue and is played after it, in order. */
async function move(dir, fromAuto = false) {
  if (!game || editing) { if (!busy) delete el.board.dataset.moving; return false; }
  if (busy) { if (!fromAuto) queue.push(dir); return false; }
  if (game.over || (game.won && !game.keepGoing && !fromAuto)) { queue.length = 0; delete el.board.dataset.moving; return false; }
  busy = true;
  el.board.dataset.moving = '';
  let moved = false;
  try {
    const before = { board: game.board, cells: game.cells, score: game.score, seed: game.seed, won: game.won, over: game.over };
    const reply = await post('/api/2048/move', { board: game.board, score: game.score, dir, seed: game.seed });
    if (reply.moved) {
      moved = true;
      game.undo.push(before);
      if (game.undo.length > UNDO_LIMIT) game.undo.splice(0, game.undo.length - UNDO_LIMIT);
      const wasWon = game.won;
      adopt(reply);
      if (!game.rec.moves) game.rec.startedAt = nowSeconds();
      game.rec.moves += LETTERS[dir];
      game.rec.by = (game.rec.by ?? '') + (fromAuto ? 'a' : 'p');
      if (fromAuto) {
        game.rec.auto++;
        if (!game.rec.ai) { game.rec.ai = el.ai.value; game.rec.time_ms = Math.max(1, Number(el.think.value) || 100); }
      }
      if (game.won && !wasWon && fromAuto) game.keepGoing = true; // Auto-play plays on past 2048.
      clearHint();
      animateMove(reply, fromAuto);
      showScore(reply.gain || 0);
      persist();
      if (game.over) recordGame();
    } else if (reply.over && !game.over) {
      gameOver();
    }
    showOverlays();
  } catch (e) {
    notify(e.message);
    if (fromAuto) stopAuto();
  } finally {
    busy = false;
  }
  // The board says while moves are on their way, so that a script (or a test) can wait for it.
  if (queue.length) move(queue.shift());
  else delete el.board.dataset.moving;
  return moved;
}

function undo() {
  if (!game || !game.undo.length || busy) return;
  stopAuto();
  queue.length = 0;
  const prev = game.undo.pop();
  const rec = game.rec;
  Object.assign(game, prev);
  // A board edit saved the game it replaced; a move takes its letter back; a position from
  // before this record's start (a game saved by an older page) starts a new record.
  if (!prev.rec && rec.moves) {
    rec.moves = rec.moves.slice(0, -1);
    // `by` says who played each move (a game saved by an older page has none).
    if (typeof rec.by === 'string' && rec.by.length === rec.moves.length + 1) {
      rec.by = rec.by.slice(0, -1);
      rec.auto = [...rec.by].filter((c) => c === 'a').length;
    } else {
      rec.auto = Math.min(rec.auto, rec.moves.length);
    }
  } else if (!prev.rec) {
    game.rec = freshRecord('position');
  }
  if (!game.won) game.keepGoing = false;
  clearHint();
  persist();
  render();
}

async function analyze() {
  const timeMs = Math.max(1, Number(el.think.value) || 100);
  return post('/api/2048/analyze', { board: game.board, ai: el.ai.value, time_ms: timeMs });
}

async function hint() {
  const cells = editing || game.cells;
  el.hint.disabled = true;
  try {
    const reply = await post('/api/2048/analyze', {
      board: boardString(cells), ai: el.ai.value, time_ms: Math.max(1, Number(el.think.value) || 100), score: editing ? 0 : game.score,
    });
    showHint(reply);
  } catch (e) {
    notify(e.message);
  } finally {
    el.hint.disabled = false;
  }
}

function showHint(reply) {
  const byDir = Object.fromEntries((reply.moves || []).map((m) => [m.dir, m]));
  for (const row of el.hintTable.tBodies[0].rows) {
    const m = byDir[row.dataset.dir];
    const legal = m && m.legal && m.value !== null && m.value !== undefined;
    row.classList.toggle('best', row.dataset.dir === reply.best);
    row.classList.toggle('illegal', !legal);
    // In human terms: the expected final score after the move (the raw search value on hover).
    const best = byDir[reply.expected_best];
    const e = legal ? m.expected_score : null;
    const cell = row.querySelector('.v');
    cell.title = legal ? `search value ${formatValue(m.value)}` : '';
    if (e === null || e === undefined) cell.textContent = legal ? formatValue(m.value) : '—';
    else {
      const behind = best && best.expected_score !== null && best.dir !== m.dir ? Math.round(best.expected_score - e) : 0;
      cell.innerHTML = `≈ ${Math.round(e).toLocaleString('en-US')}${behind > 0 ? ` <span class="muted small">−${behind.toLocaleString('en-US')}</span>` : ''}`;
    }
    row.querySelector('.g').textContent = legal ? (m.gain ?? 0) : '—';
  }
  if (reply.best) {
    el.hintArrow.textContent = ARROWS[reply.best];
    el.hintArrow.dataset.dir = reply.best;
    el.hintArrow.hidden = false;
    el.hintArrow.classList.remove('pulse');
    void el.hintArrow.offsetWidth;
    el.hintArrow.classList.add('pulse');
  } else {
    el.hintArrow.hidden = true;
  }
  el.hintStats.textContent = reply.best
    ? `Best: ${reply.best} · depth ${reply.depth ?? '?'} · ${formatCount(reply.nodes)} nodes · ${formatMs(reply.time_ms)}`
    : 'No legal move: the game is over.';
}

const formatValue = (v) => (Math.abs(v) >= 1000 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));
const formatCount = (n) => (n === undefined ? '?' : n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : String(n));
const formatMs = (ms) => (ms === undefined ? '' : `${Number(ms).toFixed(ms < 10 ? 1 : 0)} ms`);

// Step 4. Auto-play: ask the AI, play its move, wait, repeat until stopped or over.
async function autoLoop() {
  while (autoOn) {
    if (busy) { await sleep(20); continue; }
    if (game.over) { stopAuto(); notify(`Game over — score ${game.score}`, 'info'); break; }
    let reply;
    try {
      reply = await analyze();
    } catch (e) {
      notify(e.message);
      stopAuto();
      break;
    }
    if (!autoOn) break;
    if (!reply.best) { gameOver(); showOverlays(); stopAuto(); break; }
    if (await move(reply.best, true)) autoMoves++;
    el.autoStats.textContent = `${autoMoves} moves played · last ${reply.best}, depth ${reply.depth ?? '?'}`;
    await sleep(settings.delay);
  }
}

function startAuto() {
  if (autoOn || !game || editing) return;
  if (game.won && !game.keepGoing) { game.keepGoing = true; showOverlays(); }
  autoOn = true;
  autoMoves = 0;
  el.auto.setAttribute('aria-pressed', 'true');
  el.auto.textContent = 'Stop';
  autoLoop();
}

function stopAuto() {
  autoOn = false;
  el.auto.setAttribute('aria-pressed', 'false');
  el.auto.textContent = 'Auto-play';
}

// Step 5. The board editor: set any position, then play from it or ask for a hint.
function enterEditor() {
  stopAuto();
  queue.length = 0;
  editing = game ? game.cells.slice() : Array(16).fill(0);
  el.edit.setAttribute('aria-pressed', 'true');
  el.edit.textContent = 'Cancel edit';
  el.editClear.disabled = false;
  el.editUse.disabled = false;
  el.palette.hidden = false;
  el.board.classList.add('editing');
  el.win.hidden = true;
  el.over.hidden = true;
  clearHint();
  drawEditor();
  // On a phone the palette lies below the board: bring it (and its buttons) into view.
  el.palette.scrollIntoView({ block: 'nearest' });
}

function exitEditor(apply) {
  if (!editing) return;
  const cells = editing;
  editing = null;
  el.edit.setAttribute('aria-pressed', 'false');
  el.edit.textContent = 'Edit board';
  el.editClear.disabled = true;
  el.editUse.disabled = true;
  el.palette.hidden = true;
  el.board.classList.remove('editing');
  if (apply && game) {
    recordGame();
    game.undo.push({ board: game.board, cells: game.cells, score: game.score, seed: game.seed, won: game.won, over: game.over, rec: game.rec });
    game.cells = cells;
    game.board = boardString(cells);
    // An edited board starts a game of its own: the old game's score does not carry over.
    game.score = 0;
    game.won = cells.some((v) => v >= 2048);
    game.keepGoing = game.won;
    game.over = false;
    game.rec = freshRecord('position');
    persist();
  }
  if (game) render();
  if (apply && game) checkDead();
}

// A board on which no move is possible is over at once, not at the next key press.
async function checkDead() {
  const board = game.board;
  try {
    const reply = await post('/api/2048/analyze', { board, ai: 'greedy', time_ms: 1 });
    if (!reply.best && game.board === board && !game.over) { gameOver(); showOverlays(); }
  } catch (e) {
    notify(e.message);
  }
}

function drawEditor() {
  const frag = document.createDocumentFragment();
  editing.forEach((v, i) => {
    const tile = v ? makeTile(i, v, 'tile-edit') : makeTile(i, 0, 'tile-empty');
    if (!v) tile.firstChild.textContent = '';
    frag.appendChild(tile);
  });
  el.tiles.replaceChildren(frag);
}

function editCell(index, down) {
  const current = EDIT_VALUES.indexOf(editing[index]);
  if (brush === 'cycle') {
    const step = down ? EDIT_VALUES.length - 1 : 1;
    editing[index] = EDIT_VALUES[(Math.max(0, current) + step) % EDIT_VALUES.length];
  } else {
    editing[index] = editing[index] === brush && !down ? 0 : brush;
  }
  drawEditor();
}

function buildPalette() {
  const choices = ['cycle', ...EDIT_VALUES];
  for (const value of choices) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `swatch ${value === 'cycle' ? 'swatch-cycle' : value === 0 ? 'swatch-empty' : `tile-${value <= 2048 ? value : 'super'}`}`;
    b.textContent = value === 'cycle' ? 'cycle' : value === 0 ? '∅' : value;
    b.title = value === 'cycle' ? 'click cycles the value' : value === 0 ? 'empty' : String(value);
    b.setAttribute('aria-pressed', String(value === brush));
    b.addEventListener('click', () => {
      brush = value;
      for (const other of el.paletteValues.children) other.setAttribute('aria-pressed', String(other === b));
    });
    el.paletteValues.appendChild(b);
  }
}

function cellAt(clientX, clientY) {
  const r = el.tiles.getBoundingClientRect();
  const x = Math.floor(((clientX - r.left) / r.width) * 4);
  const y = Math.floor(((clientY - r.top) / r.height) * 4);
  return x >= 0 && x < 4 && y >= 0 && y < 4 ? y * 4 + x : -1;
}

// Step 6. Input: keyboard, swipe, buttons.
function bindInput() {
  document.addEventListener('keydown', (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const tag = ev.target && ev.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    const dir = KEYS[ev.key];
    if (dir) {
      ev.preventDefault();
      if (autoOn) return;
      move(dir);
    } else if (ev.key === 'u' || ev.key === 'U') {
      undo();
    }
  });

  let start = null;
  el.board.addEventListener('pointerdown', (ev) => {
    if (editing) return;
    start = { x: ev.clientX, y: ev.clientY, id: ev.pointerId };
  });
  el.board.addEventListener('pointerup', (ev) => {
    if (!start || ev.pointerId !== start.id) return;
    const dx = ev.clientX - start.x;
    const dy = ev.clientY - start.y;
    start = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 24 || autoOn) return;
    move(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : (dy > 0 ? 'down' : 'up'));
  });
  el.board.addEventListener('pointercancel', () => { start = null; });
  el.board.addEventListener('click', (ev) => {
    if (!editing) return;
    const i = cellAt(ev.clientX, ev.clientY);
    if (i >= 0) editCell(i, ev.shiftKey);
  });
  el.board.addEventListener('contextmenu', (ev) => {
    if (!editing) return;
    ev.preventDefault();
    const i = cellAt(ev.clientX, ev.clientY);
    if (i >= 0) editCell(i, true);
  });

  $('new-game').addEventListener('click', newGame);
  $('win-new').addEventListener('click', newGame);
  $('over-new').addEventListener('click', newGame);
  $('keep-going').addEventListener('click', () => { game.keepGoing = true; persist(); showOverlays(); });
  el.undo.addEventListener('click', undo);
  $('over-undo').addEventListener('click', undo);
  el.hint.addEventListener('click', hint);
  el.auto.addEventListener('click', () => (autoOn ? stopAuto() : startAuto()));
  el.edit.addEventListener('click', () => (editing ? exitEditor(false) : enterEditor()));
  el.editClear.addEventListener('click', () => { editing = Array(16).fill(0); drawEditor(); clearHint(); });
  el.editUse.addEventListener('click', () => exitEditor(true));
  $('edit-cancel').addEventListener('click', () => exitEditor(false));

  el.ai.addEventListener('change', () => { settings.ai = el.ai.value; persist(); });
  el.think.addEventListener('change', () => { settings.time_ms = Number(el.think.value) || 100; persist(); });
  el.delay.addEventListener('input', () => {
    settings.delay = Number(el.delay.value);
    el.delayOut.textContent = `${settings.delay} ms`;
    persist();
  });
}

async function fillAiChoices() {
  try {
    const i = await info();
    const offered = (i.ais2048 || []).filter((name) => name !== 'random');
    if (offered.length) {
      el.ai.replaceChildren(...offered.map((name) => new Option(name, name)));
    }
    if (i.limits && i.limits.max_time_ms) el.think.max = i.limits.max_time_ms;
  } catch (e) {
    notify(e.message);
  }
  el.ai.value = settings.ai;
  if (!el.ai.value) el.ai.selectedIndex = 0;
}

async function start() {
  buildPalette();
  bindInput();
  el.think.value = settings.time_ms;
  el.delay.value = settings.delay;
  el.delayOut.textContent = `${settings.delay} ms`;
  el.ai.value = settings.ai;
  fillAiChoices();
  initRecording();
  window.addEventListener('pagehide', () => recordGame({ leaving: true }));
  const saved = load(STATE_KEY, null);
  if (saved && Array.isArray(saved.cells) && saved.cells.length === 16 && saved.seed !== undefined) {
    game = { keepGoing: false, undo: [], ...saved };
    if (!game.rec) game.rec = freshRecord();
    render();
  } else {
    await newGame();
  }
  await syncBest();
  document.body.dataset.ready = 'true';
}

start();
