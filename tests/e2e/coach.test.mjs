// Browser tests of the coach: analysis in human terms on both game pages, live Gomoku analysis,
// and the review page (progress, graph, the better move on the board) from a move string, from
// History and from the end of a game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, PHONE, HISTORY_LAPTOP, open, shot, skipWithoutGomoku, clickPoint, loadGomoku } from './lib.mjs';

const LAPTOP = HISTORY_LAPTOP; // 1280 × 800
const BLUNDER_GAME = 'h8i9i8h9j8h10k8a1l8'; // white ignores black's open three with h10

async function api(path, body) {
  const res = await fetch(BASE + path, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const data = await res.json();
  assert.ok(res.ok, `${path}: ${JSON.stringify(data)}`);
  return data;
}

// A 2048 game played through the API (left, down, right, up: the first that moves), recorded.
async function record2048(moves) {
  const start = await api('/api/2048/new', { seed: 11 });
  let state = start;
  let letters = '';
  for (let i = 0; i < moves; i++) {
    let next = null;
    for (const dir of ['left', 'down', 'right', 'up']) {
      const reply = await api('/api/2048/move', { board: state.board, score: state.score, dir, seed: state.seed });
      if (reply.moved) { next = reply; letters += dir[0].toUpperCase(); break; }
    }
    if (!next) break;
    state = next;
  }
  const saved = await api('/api/history/2048', {
    client_id: 'coach-e2e-2048', start_board: start.board, start_score: 0, seed: start.seed, moves: letters, ai: 'expectimax', time_ms: 10,
  });
  return { id: saved.id, moves: letters.length };
}

// Watches the progress bar: the largest value it showed before the review appeared.
async function watchProgress(page) {
  await page.evaluate(() => {
    window.progressSeen = [];
    const bar = document.getElementById('rv-progress');
    new MutationObserver(() => window.progressSeen.push(bar.value)).observe(bar, { attributes: true });
    setInterval(() => window.progressSeen.push(bar.value), 20);
  });
}

test('Gomoku live analysis: updates inside a depth, with a win chance and nodes/s', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const res = await fetch(`${BASE}/api/gomoku/move/stream?size=15&rule=freestyle&moves=h8i9h9&time_ms=2000`);
  const text = await res.text();
  const infos = text.split('\n\n').filter((e) => e.startsWith('event: info')).map((e) => JSON.parse(e.split('\ndata: ')[1]));
  assert.ok(infos.some((i) => i.partial), 'reports in the middle of an iteration');
  // No long silence: reports come every 200 ms of search, up to the answer (the machine is
  // shared, so a gap of up to 800 ms passes).
  const result = JSON.parse(text.split('event: result\ndata: ')[1]);
  const times = [...infos.map((i) => i.time_ms), result.time_ms];
  const gaps = times.slice(1).map((t, k) => t - times[k]);
  assert.ok(Math.max(...gaps) < 800, `gaps between reports: ${gaps.map(Math.round)}`);
  for (const i of infos) {
    assert.ok(i.win_probability >= 0 && i.win_probability <= 1);
    assert.ok(i.nodes_per_s > 0);
    assert.match(i.score_text, /^(\d+%|[+-]M\d+)$/);
  }
  assert.ok('win_probability' in result && 'score_text' in result && 'value' in result, 'the raw value stays');
});

test('Gomoku page: the search shows a win-rate bar, nodes/s and a ticking clock', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku', LAPTOP);
  await page.fill('#go-time', '2500');
  await page.dispatchEvent('#go-time', 'change');
  await page.selectOption('#go-rule', 'freestyle');
  await page.click('#go-new');
  await clickPoint(page, 'h8');
  await page.waitForSelector('#thinking .clock');
  // The clock's readings while the search runs (it may end at any moment after that: the
  // readings are gathered in the page, not by waiting for an element that can go away).
  const seen = await page.evaluate(() => new Promise((resolve) => {
    const texts = new Set();
    const started = Date.now();
    const poll = setInterval(() => {
      const clock = document.querySelector('#thinking .clock');
      if (clock) texts.add(clock.textContent);
      if (!clock || texts.size >= 3 || Date.now() - started > 3000) {
        clearInterval(poll);
        resolve([...texts]);
      }
    }, 40);
  }));
  assert.ok(seen.length >= 2, `the clock ticks (${seen})`);
  await page.waitForSelector('#thinking .winrate');
  assert.match(await page.textContent('#thinking'), /nodes\/s/);
  await shot(page, 'coach-gomoku-thinking-laptop');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 2, null, { timeout: 15000 });
  assert.match(await page.textContent('#thinking .winrate-text'), /(White|Black) \d+%|[+-]M\d+/);
  const width = await page.$eval('#thinking .winrate-fill', (e) => parseFloat(e.style.width));
  assert.ok(width >= 0 && width <= 100);
  await shot(page, 'coach-gomoku-winrate-laptop');
});

test('2048 page: the hint shows each move\'s expected final score', async (t) => {
  // The server loads the network in the background when it starts: wait for it.
  for (let i = 0; i < 120; i++) {
    const a = await api('/api/2048/analyze', { board: '2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0', ai: 'greedy', time_ms: 1 });
    if (!a.expected_score_unavailable) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const page = await open(t, '/', LAPTOP);
  await page.fill('#think', '20');
  await page.click('#hint');
  await page.waitForSelector('#hint-arrow:not([hidden])');
  const values = await page.$$eval('#hint-table tbody .v', (tds) => tds.map((td) => td.textContent));
  assert.ok(values.some((v) => /^≈ [\d,]+/.test(v)), `expected scores: ${values}`);
  const title = await page.$eval('#hint-table tbody tr:not(.illegal) .v', (td) => td.title);
  assert.match(title, /search value/);
  assert.match(await page.textContent('#hint-table thead'), /Expected final score/);
  await shot(page, 'coach-2048-hint-laptop');
});

test('Review of a Gomoku move string: progress, graph, and the better move on the board', async (t) => {
  const page = await open(t, `/review?game=gomoku&rule=freestyle&size=15&human=white&time_ms=400&moves=${BLUNDER_GAME}`, LAPTOP);
  await watchProgress(page);
  await page.waitForSelector('#rv-body:not([hidden])', { timeout: 30000 });
  const seen = await page.evaluate(() => window.progressSeen);
  assert.ok(seen.some((v) => v > 0), `the progress bar moved (${seen.slice(0, 20)})`);
  assert.ok(await page.isHidden('#rv-working'), 'the progress panel goes away when done');
  assert.ok(await page.$('#rv-graph svg polyline'), 'the evaluation graph is drawn');
  assert.ok((await page.$$('#rv-graph .rv-dot')).length >= 1, 'bad moves are marked on the graph');
  assert.equal((await page.$$('#rv-moves tbody tr')).length, 9);
  // The blunder h10 (move 6) decided the game: the page opens on it, with its better move.
  assert.match(await page.textContent('#rv-decisive'), /Move 6 \(white\): h10/);
  await page.click('#rv-moves tbody tr[data-n="6"]');
  assert.match(await page.textContent('#rv-caption'), /blunder/);
  assert.match(await page.textContent('#rv-caption'), /better/);
  const best = await page.getAttribute('#rv-best', 'data-point');
  assert.ok(best === 'g8' || best === 'k8', `a better move is shown on the board (${best})`);
  assert.equal(await page.getAttribute('#rv-played', 'data-point'), 'h10');
  // Every stone stands on its own point: columns a, b, c, ... i, j (the review board once used
  // go's letters without i, so i9 fell off the board and j8 stood on i8).
  const placed = await page.$$eval('.rv-goboard circle.stone', (els) => els.map((e) => ({ point: e.dataset.point, cx: Number(e.getAttribute('cx')), cy: Number(e.getAttribute('cy')) })));
  assert.equal(placed.length, 6);
  const first = placed.find((s) => s.point === 'h8');
  const step = placed.find((s) => s.point === 'h9').cy - first.cy; // one row up, in SVG units (negative)
  for (const s of placed) {
    const dx = s.point.charCodeAt(0) - 'h'.charCodeAt(0);
    const dy = Number(s.point.slice(1)) - 8;
    assert.ok(Math.abs(s.cx - (first.cx - dx * step)) < 0.5 && Math.abs(s.cy - (first.cy + dy * step)) < 0.5, `${s.point} drawn at (${s.cx}, ${s.cy})`);
  }
  await shot(page, 'coach-review-gomoku-laptop');
  // The keys step through the moves.
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('#rv-caption'), /Move 7/);

  const phone = await open(t, `/review?game=gomoku&rule=freestyle&size=15&human=white&time_ms=100&moves=${BLUNDER_GAME}`, PHONE);
  await phone.waitForSelector('#rv-body:not([hidden])', { timeout: 30000 });
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling on a phone (${overflow}px)`);
  await shot(phone, 'coach-review-gomoku-phone');
});

test('Review from History: a recorded Gomoku game is reviewed once and kept', async (t) => {
  await api('/api/history/gomoku', { client_id: 'coach-e2e-g1', size: 15, rule: 'freestyle', moves: BLUNDER_GAME, level: 'scorer', ai_color: 'black', time_ms: 100 });
  const page = await open(t, '/history', LAPTOP);
  await page.waitForSelector('.game-review-link');
  await shot(page, 'coach-history-review-links-laptop');
  await Promise.all([page.waitForURL(/\/review\?id=\d+/), page.click('.game-review-link')]);
  await page.waitForSelector('#rv-body:not([hidden])', { timeout: 30000 });
  assert.doesNotMatch(await page.textContent('#rv-info'), /stored review/);
  assert.match(await page.textContent('#rv-info'), /you played white/);
  await page.reload();
  await page.waitForSelector('#rv-body:not([hidden])', { timeout: 30000 });
  assert.match(await page.textContent('#rv-info'), /stored review/, 'the second visit reads the stored review');
});

test('Review from the end of a Gomoku game', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku', LAPTOP);
  await loadGomoku(page, { rule: 'freestyle', moves: BLUNDER_GAME, opponent: 'human' });
  await page.waitForSelector('#go-overlay:not([hidden])');
  const href = await page.getAttribute('#go-review', 'href');
  assert.match(href, new RegExp(`moves=${BLUNDER_GAME}`));
  await shot(page, 'coach-gomoku-over-laptop');
  await Promise.all([page.waitForURL(/\/review\?/), page.click('#go-review')]);
  await page.waitForSelector('#rv-body:not([hidden])', { timeout: 30000 });
  assert.equal((await page.$$('#rv-moves tbody tr')).length, 9);
});

test('Review of a recorded 2048 game: expected final scores and the better move', async (t) => {
  const game = await record2048(120);
  // The stream reports progress through the game, then the review (kept for the page).
  const text = await (await fetch(`${BASE}/api/review/stream?id=${game.id}`)).text();
  const progress = text.split('\n\n').filter((e) => e.startsWith('event: progress')).map((e) => JSON.parse(e.split('\ndata: ')[1]));
  assert.ok(progress.length >= 3, `progress events: ${progress.length}`);
  assert.deepEqual(progress.at(-1), { done: game.moves, total: game.moves });
  assert.match(text, /event: result/);
  const page = await open(t, `/review?id=${game.id}`, LAPTOP);
  await page.waitForSelector('#rv-body:not([hidden])', { timeout: 60000 });
  assert.match(await page.textContent('#rv-info'), /stored review/);
  assert.equal((await page.$$('#rv-moves tbody tr')).length, game.moves);
  assert.ok(await page.$('#rv-graph svg polyline'), 'the graph of expected final scores is drawn');
  assert.match(await page.textContent('#rv-graph-title'), /Expected final score/);
  assert.equal((await page.$$('.rv-2048 .tile')).length > 0, true);
  // The simple policy makes bad moves: the next one shows its better direction.
  await page.click('#rv-moves tbody tr[data-n="1"]');
  await page.click('#rv-next-bad');
  assert.match(await page.textContent('#rv-caption'), /better/);
  const best = await page.getAttribute('#rv-best', 'data-dir');
  const played = await page.getAttribute('#rv-played', 'data-dir');
  assert.ok(best && played && best !== played);
  await shot(page, 'coach-review-2048-laptop');
  const phone = await open(t, `/review?id=${game.id}`, PHONE);
  await phone.waitForSelector('#rv-body:not([hidden])', { timeout: 60000 });
  await shot(phone, 'coach-review-2048-phone');
});

test('Review: bad requests get a clear message', async (t) => {
  const page = await open(t, '/review?game=gomoku&moves=h8h8', LAPTOP);
  await page.waitForSelector('#rv-error:not([hidden])');
  assert.match(await page.textContent('#rv-error-text'), /taken/);
  const res = await fetch(`${BASE}/api/review`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"id": 99999}' });
  assert.equal(res.status, 404);
  const bad = await fetch(`${BASE}/api/review`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"game":"gomoku","moves":"z99"}' });
  assert.equal(bad.status, 400);
  assert.ok((await bad.json()).error);
});
