// The Gomoku / Renju page: an SVG board over the tilestone API. The server owns the rules (wins,
// forbidden points, validation) and the AI; this module draws, collects clicks and streams the
// AI's search.
import { post, info, notify, load, save, stream } from './api.js';
import { initRecording } from './record.js';
import { gomokuRecorder } from './gomoku_record.js';
import { parsePoint, pointName, toPsq, parseMoveString, parsePsq, looksLikePsq } from './psq.js';
import { CELL, MARGIN_LABEL, MARGIN_EDGE, boardPx as px, boardPy, drawBoard, drawCursor } from './gomoku_board.js';
import { attachKeyboard } from './gomoku_keyboard.js';
import { SETTING_DEFAULTS, normalizeSettings, bindSettings, fillHintLevels, effectiveEval, showEval } from './gomoku_settings.js';
import { startClock, stopClock, thinkingHtml } from './analysis.js';

const STORE_KEY = 'tilestone.gomoku';
const IDLE_THINKING = '<span class="muted">The AI\'s search shows here while it thinks.</span>';

const $ = (id) => document.getElementById(id);
const el = {
  svg: $('goboard'), turn: $('turn'), turnText: $('turn-text'), count: $('move-count'),
  overlay: $('go-overlay'), overlayTitle: $('go-overlay-title'), overlayText: $('go-overlay-text'),
  rule: $('go-rule'), size: $('go-size'), opponent: $('go-opponent'), computerFirst: $('go-computer-first'),
  numbers: $('go-numbers'), level: $('go-level'), evaluation: $('go-eval'), time: $('go-time'), thinking: $('thinking'),
  moves: $('go-moves'), undo: $('go-undo'), redo: $('go-redo'), hint: $('go-hint'),
  warning: $('go-warning'), recordError: $('go-record-error'), psqFile: $('go-psq-file'),
};

// Everything that survives a reload; `st` is the server's last view of the position.
let game = {
  size: 15, rule: 'freestyle', moves: [], redo: [], level: 'strong', time_ms: 1000,
  opponent: 'computer', computerFirst: false, numbers: false, ...SETTING_DEFAULTS,
  ...load(STORE_KEY, {}),
};
normalizeSettings(game);
let st = null;
let hintPoint = null;
let search = null; // the running AI stream, if any
let token = 0; // bumps on every position change so stale replies are dropped
let overlayDismissed = false;
let hover = null;
let movesEdited = false; // the move-string field holds text the user typed and has not loaded
let pending = null; // a forbidden point clicked once, waiting for the confirming click
let keyboard = null;
let serverInfo = null; // /api/info's reply once it came: the levels, rules and Gomoku networks

// The request fields of an AI at `level`: the strong level says which evaluation it uses.
const aiFields = (level) => (level === 'strong' ? { level, eval: effectiveEval(game, game.rule, serverInfo) } : { level });

const persist = () => save(STORE_KEY, game);
const recorder = gomokuRecorder({ game: () => game, state: () => st, persist });
const recordGame = recorder.record;
const afterPosition = recorder.afterPosition;
const startRecord = recorder.startNew;
const settingsChanged = recorder.settingsChanged;
// The recorded id of the game just finished, for its review link.
const reviewClient = () => recorder.finishedId();

// Step 1. Notation: "h8" is column h (x = 7) and row 8 from the bottom (y = 7) (see psq.js).
const py = (y) => boardPy(y, game.size);

// Step 2. Drawing (gomoku_board.js draws; this gathers what to show).
function draw() {
  const toMove = st ? st.to_move : (game.moves.length % 2 ? 'white' : 'black');
  let preview = null;
  let forbiddenHover = null;
  if (hover && canPlayHere(hover.x, hover.y)) {
    const name = pointName(hover.x, hover.y);
    if (isForbidden(name)) forbiddenHover = name;
    else preview = { ...hover, color: toMove };
  }
  drawBoard(el.svg, {
    size: game.size, theme: game.theme, moves: st ? st.moves : game.moves, winning: st && st.winning_line ? st.winning_line : [],
    last: st && st.last, over: !!(st && st.over), reason: st && st.reason, forbidden: (st && st.forbidden) || [],
    numbers: game.numbers, hint: hintPoint, hover: preview, forbiddenHover, pending,
    cursor: keyboard && keyboard.cursor(),
  });
}

/** A point where the side to move (black) would lose at once under renju. */
function isForbidden(name) {
  return !!(st && !st.over && st.to_move === 'black' && (st.forbidden || []).includes(name));
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
    if (reviewClient() && game.opponent === 'computer') review.set('client', reviewClient());
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
  if (keyboard) keyboard.update();
}

/** The warning under the board (a forbidden point), or none. */
function warn(text) {
  el.warning.textContent = text || '';
  el.warning.hidden = !text;
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
    pending = null;
    warn(null);
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

/** Stops the AI's search; a cancelled search leaves nothing of itself in the panel. */
function stopSearch() {
  stopClock();
  if (!search) return;
  search.close();
  search = null;
  el.thinking.innerHTML = IDLE_THINKING;
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
      size: game.size, rule: game.rule, moves: game.moves.join(''), ...aiFields(game.level), time_ms: game.time_ms,
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
  const name = pointName(x, y);
  // Step 3a. Renju: a forbidden point loses at once, so it is refused, or played on a second click.
  if (isForbidden(name)) {
    if (game.forbiddenMode === 'refuse') {
      warn(`${name} is forbidden for black under renju (a double-three, double-four or overline): it cannot be played here. Choose another point.`);
      return;
    }
    if (pending !== name) {
      pending = name;
      warn(`${name} is forbidden for black under renju (a double-three, double-four or overline): black loses at once there. Click or press Enter on ${name} again to play it anyway.`);
      draw();
      return;
    }
  }
  pending = null;
  warn(null);
  hover = null;
  const ok = await setPosition([...game.moves, name]);
  if (ok) await afterChange();
}

async function hint() {
  if (!st || st.over || search) return;
  const my = token;
  el.hint.disabled = true;
  try {
    const reply = await post('/api/gomoku/move', {
      size: game.size, rule: game.rule, moves: game.moves.join(''), ...aiFields(game.hintLevel), time_ms: game.time_ms,
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
  // Stop the computer; it had not moved yet, so take back the human's move too.
  stopSearch();
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
  el.thinking.innerHTML = IDLE_THINKING;
  if (keyboard) keyboard.reset();
  if (await setPosition([])) await afterChange();
}

/** A problem with the game record field or file, shown under it; null clears it. */
function recordError(text) {
  el.recordError.textContent = text || '';
  el.recordError.hidden = !text;
}

// Step 3b. Loading a record: a move string or a PSQ text (typed, pasted or from a file). Nothing
// is loaded unless all of it reads and the server accepts every move.
let loads = 0;  // loadRecord calls so far: one whose check answers after a later call's gives way

async function loadRecord(text, { psq = looksLikePsq(text) } = {}) {
  const my = ++loads;
  let size = game.size;
  let moves;
  try {
    if (psq) ({ size, moves } = parsePsq(text));
    else moves = parseMoveString(text);
    await post('/api/gomoku/state', { size, rule: game.rule, moves: moves.join('') });
  } catch (e) {
    if (my === loads) recordError(`Not loaded: ${e.message}`);
    return;
  }
  if (my !== loads) return;
  recordError(null);
  movesEdited = false;
  startRecord({ fromPosition: true });
  game.size = size;
  el.size.value = size;
  if (keyboard) keyboard.reset();
  if (await setPosition(moves)) await afterChange();
}

async function importPsqFile() {
  const file = el.psqFile.files[0];
  el.psqFile.value = '';
  if (!file) return;
  if (file.size > 256 * 1024) { recordError(`Not loaded: ${file.name} is ${Math.round(file.size / 1024)} KiB, far too large for a PSQ file`); return; }
  await loadRecord(await file.text(), { psq: true });
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
  $('go-load').addEventListener('click', () => loadRecord(el.moves.value));
  el.moves.addEventListener('input', () => { movesEdited = true; });
  // Enter loads; Shift+Enter starts a new line (for PSQ text).
  el.moves.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && !ev.shiftKey) { ev.preventDefault(); loadRecord(el.moves.value); }
  });
  $('go-psq-import').addEventListener('click', () => el.psqFile.click());
  el.psqFile.addEventListener('change', importPsqFile);
  $('go-copy').addEventListener('click', copyMoves);
  $('go-psq').addEventListener('click', exportPsq);

  el.rule.addEventListener('change', async () => {
    const previous = game.rule;
    game.rule = el.rule.value;
    const ok = await setPosition(game.moves, { keepRedo: true });
    if (ok === false) { game.rule = previous; el.rule.value = previous; persist(); return; }
    showEval(el.evaluation, game, serverInfo);
    if (ok) settingsChanged();
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
    settingsChanged();
    refresh();
    await afterChange();
  });
  el.computerFirst.addEventListener('change', async () => {
    game.computerFirst = el.computerFirst.checked;
    if (game.computerFirst && game.opponent !== 'computer') { game.opponent = 'computer'; el.opponent.value = 'computer'; }
    settingsChanged();
    refresh();
    await afterChange();
  });
  el.numbers.addEventListener('change', () => { game.numbers = el.numbers.checked; persist(); draw(); });
  el.level.addEventListener('change', () => { game.level = el.level.value; settingsChanged(); });
  el.evaluation.addEventListener('change', () => { game.evaluation = el.evaluation.value; settingsChanged(); });
  bindSettings(game, { theme: $('go-theme'), forbidden: $('go-forbidden'), hintLevel: $('go-hint-level') }, () => { persist(); draw(); });
  keyboard = attachKeyboard(el.svg, {
    get: () => ({
      size: game.size, moves: st ? st.moves : game.moves, toMove: st ? st.to_move : (game.moves.length % 2 ? 'white' : 'black'),
      over: !!(st && st.over), forbidden: (st && st.forbidden) || [],
    }),
    play,
    drawCursor: (cursor) => drawCursor(el.svg, game.size, game.theme, cursor),
  });
  el.time.addEventListener('change', () => {
    game.time_ms = Math.max(1, Number(el.time.value) || 1000);
    el.time.value = game.time_ms;
    settingsChanged();
  });
}

async function fillChoices() {
  try {
    const i = await info();
    serverInfo = i;
    if (i.levels && i.levels.length) el.level.replaceChildren(...i.levels.map((n) => new Option(n, n)));
    fillHintLevels(game, $('go-hint-level'), i.levels);
    if (i.rules && i.rules.length) el.rule.replaceChildren(...i.rules.map((n) => new Option(n, n)));
    if (i.limits && i.limits.max_time_ms) el.time.max = i.limits.max_time_ms;
  } catch (e) {
    notify(e.message);
  }
  el.level.value = game.level;
  el.rule.value = game.rule;
  showEval(el.evaluation, game, serverInfo);
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
  recorder.restore();
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
