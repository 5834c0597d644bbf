// Browser tests of the tilestone web UI against a running `tilestone serve`.
// Usage: node tests/e2e/ui.test.mjs http://127.0.0.1:PORT   (tests/e2e/run.sh does this)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  ARTIFACTS, BASE, LAPTOP, PHONE, HISTORY_LAPTOP, open, shot, savedGame, tiles, skipWithoutGomoku, clickPoint, loadGomoku, gomokuApi, waitOnGomoku,
} from './lib.mjs';

test('History: before any game, the page says so plainly', async (t) => {
  const page = await open(t, '/history', HISTORY_LAPTOP);
  await page.waitForSelector('#hist-empty:not([hidden])');
  assert.ok(await page.isHidden('#hist-body'), 'no empty charts or tables');
  assert.ok(await page.isHidden('#hist-off'), 'the server records games');
  assert.match(await page.textContent('#hist-empty'), /No games yet/);
  assert.equal(await page.getAttribute('.topnav a[data-page="history"]', 'aria-current'), 'page');
  await shot(page, 'history-empty-laptop');
});

test('2048: arrow keys move the tiles and the score follows', async (t) => {
  const page = await open(t, '/');
  await page.waitForSelector('#tiles .tile');
  const start = await savedGame(page);
  assert.equal(start.cells.length, 16);
  let moved = false;
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'KeyA', 'KeyW', 'KeyD', 'KeyS']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(150);
    const now = await savedGame(page);
    if (now.board !== start.board) { moved = true; break; }
  }
  assert.ok(moved, 'some key press changed the board');
  for (const key of ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowDown']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(120);
  }
  // Keys pressed faster than the server answers wait in a queue and are played in order: the
  // board is marked while moves are on their way.
  await page.waitForSelector('#board:not([data-moving])', { timeout: 10000 });
  // The last move's slide is still drawn for a moment after its answer has come: the page shows
  // the saved game once the animation has put the spawned tile in.
  await page.waitForFunction(() => {
    const g = JSON.parse(localStorage.getItem('tilestone.2048.game'));
    return document.querySelectorAll('#tiles .tile').length === g.cells.filter((v) => v).length &&
      document.querySelector('#score').textContent === String(g.score);
  }, null, { timeout: 10000 });
  const game = await savedGame(page);
  assert.ok(game.undo.length >= 2, 'moves are on the undo stack');
  assert.equal(await page.textContent('#score'), String(game.score));
  assert.equal((await page.$$('#tiles .tile')).length, game.cells.filter((v) => v).length);

  // Undo takes back exactly one move.
  const before = game.undo.at(-1);
  await page.click('#undo');
  const undone = await savedGame(page);
  assert.equal(undone.board, before.board);
  assert.equal(undone.undo.length, game.undo.length - 1);
});

test('2048: Hint shows an arrow and the value of each direction', async (t) => {
  const page = await open(t, '/');
  await page.fill('#think', '20');
  await page.click('#hint');
  await page.waitForSelector('#hint-arrow:not([hidden])');
  const arrow = await page.textContent('#hint-arrow');
  assert.match(arrow, /^[↑↓←→]$/);
  const bestRow = await page.$eval('#hint-table tr.best', (tr) => tr.dataset.dir);
  assert.equal(arrow, { up: '↑', down: '↓', left: '←', right: '→' }[bestRow]);
  const values = await page.$$eval('#hint-table tbody .v', (tds) => tds.map((td) => td.textContent));
  assert.ok(values.some((v) => /\d/.test(v)), 'legal moves have values');
  await shot(page, '2048-laptop');
  // The arrow goes away once a move is played.
  await page.keyboard.press(`Arrow${bestRow[0].toUpperCase()}${bestRow.slice(1)}`);
  await page.waitForSelector('#hint-arrow', { state: 'hidden' });
});

test('2048: auto-play makes moves until stopped; the game survives a reload', async (t) => {
  const page = await open(t, '/');
  await page.selectOption('#ai', 'expectimax');
  await page.fill('#think', '5');
  await page.dispatchEvent('#think', 'change');
  await page.$eval('#delay', (r) => { r.value = '0'; r.dispatchEvent(new Event('input')); });
  const start = await savedGame(page);
  await page.click('#auto');
  assert.equal(await page.getAttribute('#auto', 'aria-pressed'), 'true');
  await page.waitForFunction(() => {
    const g = JSON.parse(localStorage.getItem('tilestone.2048.game'));
    return g.undo.length >= 8;
  }, null, { timeout: 15000 });
  await page.click('#auto');
  assert.equal(await page.getAttribute('#auto', 'aria-pressed'), 'false');
  await page.waitForTimeout(300);
  const stopped = await savedGame(page);
  await page.waitForTimeout(400);
  const later = await savedGame(page);
  assert.equal(later.board, stopped.board, 'no moves after stopping');
  assert.ok(stopped.score > start.score, 'the score grew');

  const scoreText = await page.textContent('#score');
  const before = await tiles(page);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.textContent('#score'), scoreText);
  assert.equal(await tiles(page), before);
  const restored = await savedGame(page);
  assert.equal(restored.seed, stopped.seed);
  assert.equal(restored.undo.length, stopped.undo.length);
});

test('2048: the board editor sets a position that the AI can analyze', async (t) => {
  const page = await open(t, '/');
  await page.click('#edit');
  await page.click('#edit-clear');
  // Paint 1024 on two neighbours, so the best move merges them.
  await page.click('.swatch[title="1024"]');
  // Clicks cell i of the editor board (row-major from the top-left).
  const width = await page.$eval('#tiles', (e) => e.getBoundingClientRect().width);
  const clickCell = (i) => page.click('#board', {
    position: { x: (width / 4) * ((i % 4) + 0.5) + width * 0.03, y: (width / 4) * (Math.floor(i / 4) + 0.5) + width * 0.03 },
  });
  await clickCell(12);
  await clickCell(13);
  await page.click('#edit-use');
  const game = await savedGame(page);
  assert.deepEqual(game.cells, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1024, 1024, 0, 0]);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('tilestone.2048.game')).cells[12] === 2048);
  await page.waitForSelector('#win-overlay:not([hidden])');
  await page.waitForTimeout(900); // the overlay fades in
  await shot(page, '2048-win-laptop');
  await page.click('#keep-going');
  await page.waitForSelector('#win-overlay', { state: 'hidden' });

  // A full board without merges: the game is over at once.
  await page.click('#edit');
  await page.click('.swatch-cycle');
  await page.click('#edit-clear');
  for (let i = 0; i < 16; i++) {
    const clicks = (Math.floor(i / 4) + (i % 4)) % 2 === 0 ? 1 : 2; // 2 and 4 in a checkerboard
    for (let k = 0; k < clicks; k++) await clickCell(i);
  }
  await page.click('#edit-use');
  assert.equal((await savedGame(page)).board, '2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2');
  await page.waitForSelector('#over-overlay:not([hidden])');
  await page.waitForTimeout(900);
  await shot(page, '2048-over-laptop');
  await page.click('#over-undo');
  await page.waitForSelector('#over-overlay', { state: 'hidden' });
});

test('Gomoku: a click places a stone and the computer replies', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  await page.fill('#go-time', '200');
  await page.dispatchEvent('#go-time', 'change');
  await page.selectOption('#go-rule', 'freestyle');
  await page.click('#go-new');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 0);
  await clickPoint(page, 'h8');
  await waitOnGomoku(page, () => document.querySelectorAll('#goboard .stone').length === 2, null, { timeout: 15000 });
  assert.equal(await page.getAttribute('#goboard .stone[data-point="h8"]', 'data-color'), 'black');
  assert.equal(await page.$$eval('#goboard .stone[data-color="white"]', (s) => s.length), 1);
  assert.ok(await page.$('#last-move'), 'the last move is marked');
  assert.match(await page.textContent('#thinking'), /depth/);
  assert.match(await page.inputValue('#go-moves'), /^h8[a-o]\d{1,2}$/);
  await page.check('#go-numbers');
  await page.waitForSelector('#goboard .stone-number');
  await shot(page, 'gomoku-laptop');

  // Against the computer, Undo takes back a pair of moves and Redo replays them.
  const game = await page.inputValue('#go-moves');
  await page.click('#go-undo');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 0);
  await page.click('#go-redo');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 2);
  assert.equal(await page.inputValue('#go-moves'), game);

  // A hint marks a point without playing it.
  await page.click('#go-hint');
  await page.waitForSelector('#hint-mark');
  assert.equal(await page.$$eval('#goboard .stone', (s) => s.length), 2);
});

test('Gomoku: renju marks forbidden points for black, and playing one loses', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  // Black f8 g8 and h6 h7: h8 would make two open threes (a double-three).
  await loadGomoku(page, { rule: 'renju', moves: 'f8a1g8a3h6a5h7a7' });
  await page.waitForSelector('.forbidden-mark[data-point="h8"]');
  await shot(page, 'gomoku-renju-laptop');
  // The first click only warns (gomoku_page.test.mjs tests the warning); the second plays.
  await clickPoint(page, 'h8');
  await page.waitForSelector('#go-warning:not([hidden])');
  await clickPoint(page, 'h8');
  await page.waitForSelector('#go-overlay:not([hidden])');
  assert.match(await page.textContent('#go-overlay-title'), /White wins/);
  assert.match(await page.textContent('#go-overlay-text'), /forbidden/);
  assert.ok(await page.$('#forbidden-loss'), 'the losing stone is crossed');
});

test('Gomoku: five in a row shows the win overlay and the winning line', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  await loadGomoku(page, { rule: 'freestyle', moves: 'h8a1i8a2j8a3k8a4' });
  await clickPoint(page, 'l8');
  await page.waitForSelector('#go-overlay:not([hidden])');
  assert.match(await page.textContent('#go-overlay-title'), /Black wins/);
  assert.ok(await page.$('#winning-line'), 'the winning line is drawn');
  await page.waitForTimeout(400); // the banner fades in
  await shot(page, 'gomoku-win-laptop');
  // PSQ export: 1-based x, y from the top-left, then -1.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#go-psq')]);
  const psq = fs.readFileSync(await download.path(), 'utf8').trim().split('\n');
  assert.equal(psq[0], 'Piskvorky 15x15, 11:11, 0');
  assert.deepEqual(psq.slice(1, 3), ['8,8,0', '1,15,0']);
  assert.equal(psq.at(-2), '12,8,0');
  assert.equal(psq.at(-1), '-1');
  assert.equal(psq.length, 11);
  // Undo takes the winning move back and the overlay goes away.
  await page.click('#go-overlay-close');
  await page.click('#go-undo');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 8);
  assert.ok(await page.isHidden('#go-overlay'));
  assert.equal(await page.$('#winning-line'), null);
});

test('Lab: a tiny benchmark streams progress, then the table and the SVG', async (t) => {
  const page = await open(t, '/lab');
  await page.selectOption('#bench-ai', 'greedy');
  await page.fill('#bench-games', '2');
  await page.fill('#bench-time', '5');
  await page.click('#bench-run');
  await page.waitForSelector('#bench-results:not([hidden])', { timeout: 20000 });
  assert.equal(await page.getAttribute('#bench-progress', 'aria-valuenow'), '100');
  const tilesReached = await page.$$eval('#reach-table tbody tr td:first-child', (tds) => tds.map((td) => td.textContent));
  assert.ok(tilesReached.includes('2048') && tilesReached.includes('65536'), `tiles: ${tilesReached}`);
  const stats = await page.textContent('#stats-table');
  assert.match(stats, /Score mean/);
  assert.match(stats, /ms \/ move p99/);
  assert.ok(await page.$('#histogram svg'), 'the histogram SVG is inserted');
  await page.waitForTimeout(300); // let the progress bar finish its transition
  await page.screenshot({ path: path.join(ARTIFACTS, 'lab-laptop.png'), fullPage: true });

  // Bad parameters come back as a readable message.
  await page.fill('#bench-games', '100000');
  await page.click('#bench-run');
  await page.waitForSelector('.message-error');
  assert.match(await page.textContent('#bench-status'), /games/);
});

/** Presses arrow keys until the saved game has made `n` moves; returns the saved game. */
async function playMoves(page, n) {
  const keys = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];
  for (let i = 0; i < 4 * n && (await savedGame(page)).rec.moves.length < n; i++) {
    await page.keyboard.press(keys[i % 4]);
    await page.waitForTimeout(140);
  }
  return savedGame(page);
}

const replayTiles = (page) => page.$$eval('#replay-board .tile', (els) => els.map((e) => `${e.dataset.cell}:${e.dataset.value}`).sort().join(' '));

test('History: a 2048 game is recorded once and replays move by move', async (t) => {
  const game = await (async () => {
    const page = await open(t, '/');
    await page.waitForSelector('#tiles .tile');
    const played = await playMoves(page, 6);
    assert.equal(played.rec.moves.length, 6, 'six moves were played');
    await page.click('#new-game');
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('tilestone.2048.game')).rec.moves === '');
    return played;
  })();
  const finalTiles = game.cells.map((v, i) => (v ? `${i}:${v}` : '')).filter(Boolean).sort().join(' ');

  const page = await open(t, '/history', HISTORY_LAPTOP);
  await page.waitForSelector('#hist-body:not([hidden])');
  const row = page.locator('#games .game-row[data-game="2048"]').first();
  assert.match(await row.textContent(), /6 moves/);
  assert.match(await row.textContent(), new RegExp(`score ${game.score}`));
  // Earlier tests record games too (when their pages close), so the game is found by its id.
  const copies = await page.evaluate(async (id) => {
    const list = await (await fetch('/api/history?game=2048&limit=200')).json();
    return list.games.filter((g) => g.client_id === id).length;
  }, game.rec.id);
  assert.equal(copies, 1, 'recorded once');
  assert.ok(Number(await page.textContent('#s-games')) >= 1);
  assert.ok(await page.$('#chart-tiles svg .bar'), 'the tile chart is drawn');
  assert.ok(await page.$('#chart-scores svg .point'), 'the score chart is drawn');
  await shot(page, 'history-laptop');

  // The replay: start, step with the buttons and the keys, end on the recorded board.
  await row.click();
  await page.waitForSelector('#replay[open]');
  assert.match(await page.textContent('#replay-step'), /^Start/);
  assert.equal((await replayTiles(page)).split(' ').length, 2, 'a new game has two tiles');
  await page.click('#r-next');
  assert.match(await page.textContent('#replay-step'), /^Move 1 \/ 6/);
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('#replay-step'), /^Move 2 \/ 6/);
  await page.keyboard.press('End');
  assert.match(await page.textContent('#replay-step'), new RegExp(`^Move 6 / 6 · \\w+ · score ${game.score}`));
  assert.equal(await replayTiles(page), finalTiles);
  assert.ok(await page.isDisabled('#r-next'));
  await page.click('#r-first');
  await page.click('#r-play');
  await page.waitForFunction(() => /^Move 6/.test(document.getElementById('replay-step').textContent), null, { timeout: 5000 });
  await shot(page, 'history-replay-2048-laptop');
  await page.click('#replay-close');
  assert.ok(await page.isHidden('#replay'));
});

test('History: Gomoku results by level and a replay with numbered stones', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/history', HISTORY_LAPTOP);
  // The earlier tests played renju (the AI won) and freestyle (the player won) on loaded positions:
  // listed, but kept out of the results, which hold the game played from the empty board. Each
  // game's page records it as it ends, so the last one may reach the server a moment after the
  // test that played it: the history is read again until it is there.
  let table = '';
  for (let tries = 0; tries < 20; ++tries) {
    await page.waitForSelector('#hist-body:not([hidden])');
    table = await page.textContent('#gomoku-table');
    if (/freestyle/.test(table)) break;
    await page.waitForTimeout(500);
    await page.reload();
  }
  assert.doesNotMatch(table, /renju/);
  assert.match(table, /freestyle/);
  assert.match(await page.textContent('#s-gomoku-left-out'), /2 games from a position/);
  assert.ok(await page.$('#chart-gomoku svg .segment'), 'the results chart is drawn');
  await page.click('.filter button[data-filter="gomoku"]');
  assert.equal(await page.locator('#games .game-row[data-game="2048"]').count(), 0);
  const row = page.locator('#games .game-row.won').first();
  await row.click();
  await page.waitForSelector('#replay[open]');
  // A Gomoku replay opens on the final position: the five-in-a-row game has nine stones.
  assert.equal(await page.$$eval('#replay-board .stone', (s) => s.length), 9);
  assert.match(await page.textContent('#replay-step'), /black wins/);
  await shot(page, 'history-replay-gomoku-laptop');
  await page.keyboard.press('Home');
  assert.equal(await page.$$eval('#replay-board .stone', (s) => s.length), 0);
  await page.click('#r-next');
  assert.equal(await page.getAttribute('#replay-board .stone', 'data-point'), 'h8');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#replay', { state: 'hidden' });
});

test('Lab: a short training run draws its learning curve; the shipped curve is shown', async (t) => {
  const page = await open(t, '/lab');
  await page.waitForSelector('#shipped-curve svg path', { timeout: 20000 });
  await page.fill('#train-games', '300');
  await page.fill('#train-every', '100');
  await page.click('#train-run');
  await page.waitForFunction(() => document.getElementById('train-status').textContent.startsWith('Done'), null, { timeout: 60000 });
  assert.equal(await page.getAttribute('#train-progress', 'aria-valuenow'), '100');
  assert.ok(await page.$('#train-curve svg path'), 'the live curve is drawn');
  // The legend sits above the plot, where no curve can cross it, and the score axis ends on a
  // round number (1, 2, 2.5 or 5 times a power of ten, times four).
  for (const id of ['#shipped-curve', '#train-curve']) {
    const layout = await page.$eval(`${id} svg`, (svg) => ({
      legendBottom: Math.max(...[...svg.querySelectorAll('rect')].map((r) => Number(r.getAttribute('y')) + Number(r.getAttribute('height')))),
      plotTop: Math.min(...[...svg.querySelectorAll('line')].map((l) => Number(l.getAttribute('y1')))),
      pathTop: Math.min(...[...svg.querySelectorAll('path')].flatMap((p) => p.getAttribute('d').match(/-?[\d.]+,(-?[\d.]+)/g).map((xy) => Number(xy.split(',')[1])))),
      topTick: Number([...svg.querySelectorAll('text')].find((t) => t.getAttribute('text-anchor') === 'end' && /^[\d,]+$/.test(t.textContent)
        && Number(t.getAttribute('y')) < Math.min(...[...svg.querySelectorAll('line')].map((l) => Number(l.getAttribute('y1')))) + 8).textContent.replace(/,/g, '')),
    }));
    assert.ok(layout.legendBottom < layout.plotTop, `${id}: legend above the plot (${JSON.stringify(layout)})`);
    assert.ok(layout.pathTop >= layout.plotTop - 0.5, `${id}: curves stay inside the plot (${JSON.stringify(layout)})`);
    const step = layout.topTick / 4;
    const power = 10 ** Math.floor(Math.log10(step));
    assert.ok([1, 2, 2.5, 5].some((m) => Math.abs(step - m * power) < 1e-6 * step), `${id}: round top tick ${layout.topTick}`);
  }
  await page.waitForTimeout(300); // the progress bar's width transition
  await page.screenshot({ path: path.join(ARTIFACTS, 'lab-training-laptop.png'), fullPage: true });
});

test('phone layout: pages fit 390 px without horizontal scrolling', async (t) => {
  const pages = [['/', '2048-phone'], ['/gomoku', 'gomoku-phone'], ['/lab', 'lab-phone'], ['/history', 'history-phone']];
  for (const [pathname, name] of pages) {
    const page = await open(t, pathname, PHONE);
    if (pathname === '/gomoku' && gomokuApi) {
      await loadGomoku(page, { rule: 'renju', moves: 'f8a1g8a3h6a5h7a7', opponent: 'human' });
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    if (pathname === '/') {
      // A swipe moves the tiles too.
      const start = (await savedGame(page)).board;
      const box = await page.$eval('#board', (e) => { const r = e.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; });
      for (const [dx, dy] of [[-120, 0], [0, -120], [120, 0], [0, 120]]) {
        await page.mouse.move(box.x, box.y);
        await page.mouse.down();
        await page.mouse.move(box.x + dx, box.y + dy, { steps: 4 });
        await page.mouse.up();
        await page.waitForTimeout(150);
        if ((await savedGame(page)).board !== start) break;
      }
      assert.notEqual((await savedGame(page)).board, start, 'a swipe moved the tiles');
    }
    if (pathname === '/lab') {
      await page.selectOption('#bench-ai', 'greedy');
      await page.fill('#bench-games', '2');
      await page.click('#bench-run');
      await page.waitForSelector('#bench-results:not([hidden])', { timeout: 20000 });
      await page.waitForTimeout(300);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${pathname} overflows by ${overflow}px`);
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: pathname === '/lab' || pathname === '/history' });
    if (pathname === '/history') {
      await page.click('#games .game-row[data-game="2048"]');
      await page.waitForSelector('#replay[open]');
      await page.click('#r-next');
      const width = await page.$eval('#replay', (e) => e.getBoundingClientRect().right);
      assert.ok(width <= PHONE.width, `the replay fits the phone (${width}px)`);
      await shot(page, 'history-replay-phone');
    }
  }
});
