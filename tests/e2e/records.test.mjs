// Records a user can trust: one game, one record, under its settings; edited, loaded and
// auto-played games labelled and kept out of the statistics; fast keys all played; and the
// layout of the 2048, History and Lab pages (defects once found there). The tests share one server
// and database and run in order, so the History checks count what the earlier tests recorded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE, LAPTOP, PHONE, HISTORY_LAPTOP, open, shot, savedGame, loadGomoku, clickPoint, skipWithoutGomoku,
} from './lib.mjs';

const api = async (p) => (await fetch(BASE + p)).json();
const history = (game) => api(`/api/history?limit=500${game ? `&game=${game}` : ''}`);
const STATE_KEY = 'tilestone.2048.game';

const intersects = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Clicks cell i (row-major from the top-left) of the 2048 board in the editor. */
async function clickCell(page, i) {
  const width = await page.$eval('#tiles', (e) => e.getBoundingClientRect().width);
  await page.click('#board', {
    position: { x: (width / 4) * ((i % 4) + 0.5) + width * 0.03, y: (width / 4) * (Math.floor(i / 4) + 0.5) + width * 0.03 },
  });
}

/** Presses arrow keys, slowly, until the game's score is positive. */
async function scoreSome(page) {
  const keys = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];
  for (let i = 0; i < 60 && (await savedGame(page)).score === 0; i++) {
    await page.keyboard.press(keys[i % 4]);
    await page.waitForTimeout(120);
  }
  assert.ok((await savedGame(page)).score > 0, 'the game scored');
}

/** The saved game once it has stopped changing (no move saved for 500 ms; at most 10 s): a
 *  key's answer may come after the key's own wait on a loaded machine. */
async function settledGame(page) {
  let last = await savedGame(page);
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(500);
    const now = await savedGame(page);
    if (now.rec.moves === last.rec.moves) return now;
    last = now;
  }
  return last;
}

/** Starts a game from a saved state (what localStorage holds): leaves the page first (which
 *  records and saves the game in play), then stores the state and opens the page on it. */
async function restore(page, state) {
  await page.goto(`${BASE}/lab`);
  await page.evaluate(([key, s]) => localStorage.setItem(key, JSON.stringify(s)), [STATE_KEY, state]);
  await page.goto(`${BASE}/`);
  await page.waitForSelector('body[data-ready="true"]');
}

test('2048: six keys 10 ms apart play the same six moves as keys pressed slowly', async (t) => {
  const page = await open(t, '/');
  await page.waitForSelector('#tiles .tile');
  const start = await savedGame(page);
  const keys = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp'];
  for (const key of keys) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  const slow = await settledGame(page);
  assert.ok(slow.rec.moves.length >= 5, `the slow keys moved (${slow.rec.moves})`);

  await restore(page, start);
  for (const key of keys) {
    await page.keyboard.press(key);
    await page.waitForTimeout(10);
  }
  await page.waitForFunction((n) => JSON.parse(localStorage.getItem('tilestone.2048.game')).rec.moves.length >= n,
    slow.rec.moves.length, { timeout: 5000 }).catch(() => {});
  const fast = await settledGame(page); // nothing more may come

  assert.equal(fast.rec.moves, slow.rec.moves, 'every key was played, in order');
  assert.equal(fast.board, slow.board);
  assert.equal(fast.score, slow.score);
});

test('2048: an edited board starts from score 0, never becomes Best, and History labels it', async (t) => {
  const page = await open(t, '/');
  await page.waitForSelector('#tiles .tile');
  await scoreSome(page);
  const best = Number(await page.textContent('#best'));
  const before = (await history('2048')).summary['2048'];

  await page.click('#edit');
  await page.click('#edit-clear');
  await page.click('.swatch[title="1024"]');
  await clickCell(page, 12);
  await clickCell(page, 13);
  await page.click('#edit-use');
  assert.equal(await page.textContent('#score'), '0', 'the old game\'s score does not carry over');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('tilestone.2048.game')).cells.includes(2048));
  await page.click('#keep-going');
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  assert.equal(Number(await page.textContent('#best')), best, 'Best is unchanged');
  assert.match(await page.textContent('#game-note'), /Edited board/);
  await shot(page, 'records-2048-edited-laptop');
  await page.click('#new-game');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('tilestone.2048.game')).rec.moves === '');

  const after = await history('2048');
  const edited = after.games.find((g) => g.max_tile >= 2048);
  assert.ok(edited, 'the edited game is recorded');
  assert.equal(edited.origin, 'position');
  const s = after.summary['2048'];
  assert.ok(s.best_tile < 2048, `History's best tile is ${s.best_tile}`);
  assert.equal(s.best_score, Math.max(before.best_score, best), 'your best is the best of your own games');
  assert.equal(s.position_games, before.position_games + 1);

  const h = await open(t, '/history', HISTORY_LAPTOP);
  await h.waitForSelector('#hist-body:not([hidden])');
  assert.notEqual(await h.textContent('#s-tile'), '2,048');
  await h.click('.filter button[data-filter="position"]');
  const rows = h.locator('#games .game-row');
  assert.equal(await rows.count(), 1);
  assert.match(await rows.first().textContent(), /from an edited board/);
  assert.match(await h.textContent('#hist-rules'), /kept out of the statistics/);
  assert.match(await h.textContent('#s-left-out'), /1 from an edited board/);
  await shot(h, 'records-history-position-laptop');
});

test('2048: a dead board from the editor is over at once, without a key press', async (t) => {
  const page = await open(t, '/');
  await page.click('#edit');
  await page.click('.swatch-cycle');
  await page.click('#edit-clear');
  for (let i = 0; i < 16; i++) {
    const clicks = (Math.floor(i / 4) + (i % 4)) % 2 === 0 ? 1 : 2; // 2 and 4 in a checkerboard
    for (let k = 0; k < clicks; k++) await clickCell(page, i);
  }
  await page.click('#edit-use');
  await page.waitForSelector('#over-overlay:not([hidden])', { timeout: 3000 });
  assert.equal((await savedGame(page)).over, true);
});

test('2048: auto-played games are labelled, filtered on History and kept out of Best', async (t) => {
  const page = await open(t, '/');
  await page.waitForSelector('#tiles .tile');
  const bestBefore = await page.textContent('#best');
  const before = (await history('2048')).summary['2048'];
  await page.selectOption('#ai', 'greedy').catch(() => page.selectOption('#ai', 'expectimax'));
  await page.fill('#think', '5');
  await page.dispatchEvent('#think', 'change');
  await page.$eval('#delay', (r) => { r.value = '0'; r.dispatchEvent(new Event('input')); });
  await page.click('#auto');
  await page.waitForFunction((b) => {
    const g = JSON.parse(localStorage.getItem('tilestone.2048.game'));
    return g.rec.moves.length >= 40 && g.score > b;
  }, Number(bestBefore), { timeout: 30000 });
  await page.click('#auto');
  await page.waitForTimeout(300);
  const game = await savedGame(page);
  assert.ok(game.score > Number(bestBefore), 'the AI scored more than the best so far');
  assert.equal(await page.textContent('#best'), bestBefore, 'auto-play does not make Best');
  assert.match(await page.textContent('#game-note'), /Auto-played/);
  await page.click('#new-game');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('tilestone.2048.game')).rec.moves === '');

  const after = await history('2048');
  const row = after.games.find((g) => g.client_id === game.rec.id);
  assert.ok(row, 'the auto-played game is recorded');
  assert.equal(row.auto_moves, game.rec.moves.length);
  assert.equal(after.summary['2048'].auto_games, before.auto_games + 1);
  assert.equal(after.summary['2048'].games, before.games, 'not one of your games');
  assert.equal(after.summary['2048'].best_score, before.best_score);

  const h = await open(t, '/history', HISTORY_LAPTOP);
  await h.waitForSelector('#hist-body:not([hidden])');
  await h.click('.filter button[data-filter="auto"]');
  const rows = h.locator('#games .game-row');
  assert.equal(await rows.count(), 1);
  assert.match(await rows.first().textContent(), /auto-played by/);
  // The chart counts games: its axis reads whole numbers, never "1.5" games.
  const ticks = await h.$$eval('#chart-tiles svg > text[text-anchor="end"]', (els) => els.map((e) => e.textContent));
  assert.ok(ticks.length >= 2, `axis labels: ${ticks}`);
  for (const tick of ticks) assert.match(tick, /^\d+(\.\d+)?k?$/, `axis label ${tick}`);
  for (const tick of ticks) assert.ok(!/^\d+\.\d+$/.test(tick), `a fraction of a game on the axis: ${ticks}`);
  await shot(h, 'records-history-auto-laptop');
});

test('Gomoku: Load, paste and New game record nothing until you play; a loaded game is labelled', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  await page.selectOption('#go-level', 'scorer');
  await page.fill('#go-time', '50');
  await page.dispatchEvent('#go-time', 'change');
  const count = async () => (await history('gomoku')).games.length;
  const start = await count();
  // Loading a position, then another, then New game: nothing was played.
  await loadGomoku(page, { rule: 'freestyle', moves: 'h8i9h9i10' });
  await loadGomoku(page, { rule: 'freestyle', moves: 'a1b2a2b3c5d6' });
  await page.click('#go-new');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 0);
  await page.waitForTimeout(300);
  assert.equal(await count(), start, 'loaded positions are not games');

  // A move played on a loaded position makes a game "from a loaded position".
  await loadGomoku(page, { rule: 'freestyle', moves: 'h8i9h9i10' });
  await clickPoint(page, 'h10');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 6, null, { timeout: 15000 });
  await page.click('#go-new');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 0);
  await page.waitForFunction(async (n) => (await (await fetch('/api/history?game=gomoku')).json()).games.length > n, start);
  const loaded = (await history('gomoku')).games[0];
  assert.equal(loaded.origin, 'position');
  assert.equal(loaded.settings.start_moves, 4);
});

test('Gomoku: a game is recorded under the settings it was played with', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  await page.selectOption('#go-opponent', 'computer');
  await page.selectOption('#go-rule', 'freestyle');
  await page.selectOption('#go-level', 'scorer');
  await page.fill('#go-time', '50');
  await page.dispatchEvent('#go-time', 'change');
  await page.click('#go-new');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 0);
  const known = new Set((await history('gomoku')).games.map((g) => g.id));
  // The records this test adds, found by what they hold (CI once listed them in another order).
  const added = async () => (await history('gomoku')).games.filter((g) => !known.has(g.id));
  const waitFor = async (what, pick) => {
    for (let i = 0; i < 150; i++) {
      const rows = await added();
      const row = rows.find(pick);
      if (row) return row;
      await page.waitForTimeout(100);
    }
    assert.fail(`no record ${what}; added: ${JSON.stringify(await added())}`);
  };
  await clickPoint(page, 'h8');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 2, null, { timeout: 15000 });
  // A new level in the middle of the game: the game so far was the scorer's.
  await page.selectOption('#go-level', 'minimax');
  const first = await waitFor('of the scorer\'s game', (g) => g.origin === 'new');
  assert.equal(first.settings.level, 'scorer');
  assert.equal(first.move_count, 2);
  // Play goes on as a game from that position, under the new level.
  await clickPoint(page, 'j10');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 4, null, { timeout: 15000 });
  await page.click('#go-new');
  const second = await waitFor('of the game played on', (g) => g.origin === 'position');
  assert.equal(second.settings.level, 'minimax');
  assert.equal(second.settings.start_moves, 2);
  const rows = await added();
  assert.equal(rows.length, 2, `one record per game: ${JSON.stringify(rows)}`);
  const firstAgain = (await api(`/api/history/game/${first.id}`));
  assert.equal(firstAgain.settings.level, 'scorer', 'the first record kept its level');
});

test('2048 hint: the arrow leaves every tile\'s number readable', async (t) => {
  const page = await open(t, '/');
  await page.waitForSelector('#tiles .tile');
  await page.fill('#think', '20');
  await page.click('#hint');
  await page.waitForSelector('#hint-arrow:not([hidden])');
  await page.waitForTimeout(950); // the pulse
  const overlap = await page.evaluate(() => {
    const arrow = document.getElementById('hint-arrow');
    const range = document.createRange();
    range.selectNodeContents(arrow);
    const boxes = [arrow.getBoundingClientRect(), range.getBoundingClientRect()];
    const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return [...document.querySelectorAll('#tiles .tile-inner')]
      .filter((tile) => boxes.some((b) => hit(b, tile.getBoundingClientRect()))).map((tile) => tile.textContent);
  });
  assert.deepEqual(overlap, [], 'the arrow covers no tile');
  await shot(page, 'records-2048-hint-laptop');
});

test('phone: Edit board sits under the board and its palette opens in view', async (t) => {
  const page = await open(t, '/', PHONE);
  await page.waitForSelector('#tiles .tile');
  const edit = await page.$eval('#edit', (e) => e.getBoundingClientRect().bottom);
  assert.ok(edit <= PHONE.height, `Edit board is on the first screen (bottom at ${edit}px)`);
  await page.tap('#edit');
  await page.waitForTimeout(400);
  const view = await page.evaluate(() => {
    const r = (id) => document.getElementById(id).getBoundingClientRect();
    return { palette: r('palette-values'), use: r('edit-use'), height: window.innerHeight };
  });
  assert.ok(view.palette.top >= 0 && view.use.bottom <= view.height, `the palette is in view: ${JSON.stringify(view)}`);
  await shot(page, 'records-2048-editor-phone');
});

test('messages cover no control on a laptop (2048 and Gomoku)', async (t) => {
  for (const pathname of ['/', '/gomoku']) {
    const page = await open(t, pathname, { width: 1280, height: 800 });
    await page.evaluate(async () => {
      const { notify } = await import('/js/api.js');
      notify('A long message that says something went wrong with the last request to the server', 'error');
      notify('And an informative one', 'info');
    });
    await page.waitForSelector('.message');
    const covered = await page.evaluate(() => {
      const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const messages = [...document.querySelectorAll('.message')].map((m) => m.getBoundingClientRect());
      return [...document.querySelectorAll('button, select, input, a, textarea, #board, #goboard')]
        .filter((c) => c.offsetParent !== null || c.tagName === 'svg')
        .filter((c) => messages.some((m) => hit(m, c.getBoundingClientRect())))
        .map((c) => c.id || c.textContent.trim().slice(0, 20));
    });
    assert.deepEqual(covered, [], `messages cover controls on ${pathname}`);
    await shot(page, `records-messages${pathname === '/' ? '-2048' : '-gomoku'}-laptop`);
  }
});

test('History: a focused row shows its whole focus ring', async (t) => {
  const page = await open(t, '/history', HISTORY_LAPTOP);
  await page.waitForSelector('#games .game-row');
  await page.focus('#games .game-row');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const ring = await page.evaluate(() => {
    const row = document.activeElement;
    const list = document.getElementById('games');
    const cs = getComputedStyle(row);
    const out = parseFloat(cs.outlineOffset) + parseFloat(cs.outlineWidth);
    const r = row.getBoundingClientRect();
    const l = list.getBoundingClientRect();
    return { row: row.className, style: cs.outlineStyle, fits: r.left - out >= l.left && r.right + out <= l.right && r.top - out >= l.top - 0.5 };
  });
  assert.match(ring.row, /game-row/);
  assert.notEqual(ring.style, 'none', 'the row shows a focus ring');
  assert.ok(ring.fits, 'the ring lies inside the scrolling list, not clipped by it');
  await shot(page, 'records-history-focus-laptop');
});

test('Lab: progress shows within a game; the page says what repeats', async (t) => {
  const page = await open(t, '/lab');
  const intro = await page.textContent('main.lab');
  assert.doesNotMatch(intro, /so a run can be repeated/);
  assert.match(intro, /time budget/);
  assert.match(intro, /--depth/);
  await page.selectOption('#bench-ai', 'expectimax');
  await page.fill('#bench-games', '2');
  await page.fill('#bench-time', '5');
  await page.click('#bench-run');
  // Long before the first game ends (hundreds of moves at 5 ms), the game in play shows.
  await page.waitForFunction(() => /\d+ moves, score \d/.test(document.getElementById('bench-current').textContent), null, { timeout: 4000 });
  assert.match(await page.textContent('#bench-status'), /^Running/, 'no game has finished yet');
  assert.ok(Number(await page.getAttribute('#bench-progress', 'aria-valuenow')) >= 0);
  await shot(page, 'records-lab-progress-laptop');
  await page.click('#bench-stop');
});

test('Lab on a phone: the histogram\'s text is readable and no label sits on a bar', async (t) => {
  const page = await open(t, '/lab', PHONE);
  await page.selectOption('#bench-ai', 'greedy');
  await page.fill('#bench-games', '30');
  await page.click('#bench-run');
  await page.waitForSelector('#bench-results:not([hidden])', { timeout: 30000 });
  await page.locator('#histogram').scrollIntoViewIfNeeded();
  const check = await page.evaluate(() => {
    const svg = document.querySelector('#histogram svg');
    const texts = [...svg.querySelectorAll('text')].filter((x) => x.textContent.trim());
    // Bars: every rectangle but the background and legend swatches (whatever the chart calls them).
    const box = svg.getBoundingClientRect();
    const bars = [...svg.querySelectorAll('rect')].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.height > 0 && b.width < box.width * 0.5 && b.width > 14;
    });
    const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    return {
      smallest: Math.min(...texts.map((x) => x.getBoundingClientRect().height)),
      onBars: texts.filter((x) => bars.some((b) => hit(x.getBoundingClientRect(), b.getBoundingClientRect()))).map((x) => x.textContent),
      bars: bars.length,
    };
  });
  assert.ok(check.bars > 0, 'bars are drawn');
  assert.ok(check.smallest >= 9, `the smallest text is ${check.smallest}px tall`);
  assert.deepEqual(check.onBars, []);
  await shot(page, 'records-lab-histogram-phone');
});

test('layout: the nav fits and nothing overflows at any width from 320 to 1400 px', async (t) => {
  const widths = [];
  for (let w = 320; w <= 1400; w += 40) widths.push(w);
  widths.push(360, 390, 412, 414, 430, 440);
  for (const pathname of ['/', '/history', '/lab', '/gomoku']) {
    const page = await open(t, pathname, { width: 1280, height: 800 });
    if (pathname === '/lab') {
      // With results: the tables and the histogram must fit too.
      await page.selectOption('#bench-ai', 'greedy');
      await page.fill('#bench-games', '3');
      await page.click('#bench-run');
      await page.waitForSelector('#bench-results:not([hidden])', { timeout: 20000 });
    }
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(30);
      const measure = () => page.evaluate(() => {
        const links = [...document.querySelectorAll('.topnav a')].map((a) => {
          const b = a.getBoundingClientRect();
          return { text: a.textContent, cut: b.left < 0 || b.right > window.innerWidth || a.scrollWidth > a.clientWidth + 1 };
        });
        const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
          .slice(0, 4).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`);
        return { overflow: document.documentElement.scrollWidth - window.innerWidth, cut: links.filter((l) => l.cut).map((l) => l.text), wide };
      });
      let r = await measure();
      // A busy machine may not have laid the page out for its new width yet: a real overflow stays.
      if (r.overflow > 0 || r.cut.length) { await page.waitForTimeout(500); r = await measure(); }
      assert.deepEqual(r.cut, [], `${pathname} at ${width}px: nav links cut off`);
      // The Gomoku page's own layout belongs to its page; its nav is checked above.
      if (pathname !== '/gomoku') assert.ok(r.overflow <= 0, `${pathname} at ${width}px overflows by ${r.overflow}px: ${r.wide.join(', ')}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    if (pathname === '/lab') {
      // A run seen on a laptop, then on a narrow window: the histogram is drawn again to fit.
      await page.waitForTimeout(400);
      const smallest = await page.$$eval('#histogram svg text', (ts) => Math.min(...ts.map((x) => x.getBoundingClientRect().height)));
      assert.ok(smallest >= 9, `after resizing, the histogram's smallest text is ${smallest}px tall`);
    }
    await shot(page, `records-nav${pathname === '/' ? '-2048' : pathname.replace('/', '-')}-390`);
  }
});
