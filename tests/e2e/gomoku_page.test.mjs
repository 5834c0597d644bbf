// The Gomoku page: recording once, layout at every width, renju forbidden-point warnings, move
// strings and PSQ import, the hint's own level, the strong level's evaluation, undo during a search, keyboard play, the winning
// line over numbered stones, the phone board and the board themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, BASE, LAPTOP, PHONE, open, shot, clickPoint, loadGomoku, skipWithoutGomoku } from './lib.mjs';

const stones = (page) => page.$$eval('#goboard .stone', (s) => s.map((e) => e.dataset.point).join(''));
const stoneCount = (page) => page.$$eval('#goboard .stone', (s) => s.length);

/** The page coordinates of board point `name`. */
function pointXY(page, name) {
  return page.evaluate((pointName) => {
    const svg = document.getElementById('goboard');
    const g = JSON.parse(svg.dataset.geometry);
    const x = pointName.charCodeAt(0) - 97;
    const y = Number(pointName.slice(1)) - 1;
    const p = new DOMPoint(g.left + x * g.cell, g.top + (g.size - 1 - y) * g.cell).matrixTransform(svg.getScreenCTM());
    return { x: p.x, y: p.y };
  }, name);
}

async function gomokuGames() {
  const reply = await fetch(`${BASE}/api/history?game=gomoku&limit=50`).then((r) => r.json());
  return reply.games;
}

async function setTime(page, ms) {
  await page.fill('#go-time', String(ms));
  await page.dispatchEvent('#go-time', 'change');
}

test('a finished game is recorded once, under the level it was played with', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  const learnt = [];
  page.on('console', () => {});
  await page.exposeFunction('noteLearnt', (text) => learnt.push(text));
  await page.evaluate(() => {
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (/learnt/.test(n.textContent)) window.noteLearnt(n.textContent);
    }).observe(document.getElementById('messages'), { childList: true });
  });
  const before = (await gomokuGames()).length;
  await page.selectOption('#go-level', 'scorer');
  await setTime(page, 200);
  await loadGomoku(page, { rule: 'freestyle', moves: 'h8a1i8a2j8a3k8a4' });
  await clickPoint(page, 'l8');
  await page.waitForSelector('#go-overlay:not([hidden])');
  for (let i = 0; i < 50 && (await gomokuGames()).length === before; i++) await page.waitForTimeout(100);
  // Change the level after the game, then start a new one: the finished game is not sent again.
  await page.selectOption('#go-level', 'strong');
  await page.click('#go-new');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 0);
  await page.waitForTimeout(800);
  const games = (await gomokuGames()).slice(0, (await gomokuGames()).length - before);
  assert.equal(games.length, 1, `one record, got ${JSON.stringify(games.map((g) => g.settings))}`);
  assert.equal(games[0].settings.level, 'scorer');
  assert.equal(games[0].result, 'black');
  assert.ok(learnt.length <= 1, `"the AI learnt" shown ${learnt.length} times`);
  // Leaving the page does not send it again either.
  await page.goto(`${BASE}/`);
  await page.waitForTimeout(500);
  assert.equal((await gomokuGames()).length - before, 1);
});

test('no horizontal overflow and nothing cut at any width from 320 to 1400 px', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku', { width: 1280, height: 800 });
  await loadGomoku(page, { rule: 'renju', moves: 'f8a1g8a3h6a5h7a7', opponent: 'human' });
  const problems = [];
  for (let width = 320; width <= 1400; width += 20) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const m = await page.evaluate(() => {
      const view = document.documentElement.clientWidth;
      const boxes = ['#goboard', '.gomoku-status', '.gomoku-col .toolbar', ...[...document.querySelectorAll('.side-col .panel')].map((_, i) => `.side-col .panel:nth-of-type(${i + 1})`)]
        .map((sel) => [sel, document.querySelector(sel).getBoundingClientRect()]);
      // The page's own content; the shared nav bar is checked in the next test.
      const right = Math.max(...[...document.querySelectorAll('main, main *')].map((e) => e.getBoundingClientRect().right));
      return {
        overflow: Math.ceil(right - view),
        cut: boxes.filter(([, r]) => r.left < 0 || r.right > view + 0.5).map(([sel, r]) => `${sel} ${r.left.toFixed(1)}..${r.right.toFixed(1)} of ${view}`),
      };
    });
    if (m.overflow > 0) problems.push(`${width}px: overflows by ${m.overflow}px`);
    if (m.cut.length) problems.push(`${width}px: cut ${m.cut.join('; ')}`);
    if ([320, 860, 1280].includes(width)) await shot(page, `gomoku-${width}`);
  }
  assert.deepEqual(problems, []);
});

// The nav bar is shared by every page: the whole document, not only the Gomoku content, fits.
test('the whole /gomoku document, nav bar included, fits every width from 320 to 1400 px', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku', { width: 1280, height: 800 });
  const problems = [];
  for (let width = 320; width <= 1400; width += 20) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) problems.push(`${width}px: overflows by ${overflow}px`);
  }
  assert.deepEqual(problems, []);
});

test('renju: a forbidden point warns first, then plays on a second click; no preview stone over the cross', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  await loadGomoku(page, { rule: 'renju', moves: 'f8a1g8a3h6a5h7a7', opponent: 'human' });
  await page.waitForSelector('.forbidden-mark[data-point="h8"]');
  assert.equal(await page.inputValue('#go-forbidden'), 'confirm', 'confirm is the default');
  // Hovering an ordinary point previews a stone; hovering the forbidden one does not.
  let p = await pointXY(page, 'j10');
  await page.mouse.move(p.x, p.y);
  await page.waitForSelector('#hover-stone');
  p = await pointXY(page, 'h8');
  await page.mouse.move(p.x, p.y);
  await page.waitForSelector('#hover-stone', { state: 'detached' });
  assert.ok(await page.$('#forbidden-hover[data-point="h8"]'), 'the cross is highlighted instead');
  await shot(page, 'gomoku-forbidden-hover');

  await clickPoint(page, 'h8');
  await page.waitForSelector('#go-warning:not([hidden])');
  assert.match(await page.textContent('#go-warning'), /h8.*forbidden.*again/i);
  assert.equal(await stoneCount(page), 8, 'the first click plays nothing');
  assert.ok(await page.$('#forbidden-pending[data-point="h8"]'), 'the point is marked on the board');
  await shot(page, 'gomoku-forbidden-warning');
  await clickPoint(page, 'h8');
  await page.waitForSelector('#go-overlay:not([hidden])');
  assert.match(await page.textContent('#go-overlay-title'), /White wins/);
  assert.ok(await page.isHidden('#go-warning'));

  // A warning is withdrawn by playing elsewhere.
  await page.click('#go-overlay-close');
  await page.click('#go-undo');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 8);
  await clickPoint(page, 'h8');
  await page.waitForSelector('#go-warning:not([hidden])');
  await clickPoint(page, 'j10');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 9);
  assert.ok(await page.isHidden('#go-warning'));
});

test('renju: with "refuse" a forbidden point cannot be played, by mouse or keyboard', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  await page.selectOption('#go-forbidden', 'refuse');
  await loadGomoku(page, { rule: 'renju', moves: 'f8a1g8a3h6a5h7a7', opponent: 'human' });
  await page.waitForSelector('.forbidden-mark[data-point="h8"]');
  await clickPoint(page, 'h8');
  await page.waitForSelector('#go-warning:not([hidden])');
  assert.match(await page.textContent('#go-warning'), /h8.*forbidden.*cannot/i);
  await clickPoint(page, 'h8');
  await page.waitForTimeout(300);
  assert.equal(await stoneCount(page), 8);
  assert.ok(await page.isHidden('#go-overlay'));
  // The keyboard cursor starts on the last move (a7); walk it to h8 and press Enter.
  await page.focus('#goboard');
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  assert.match(await page.getAttribute('#goboard', 'aria-label'), /h8/);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  assert.equal(await stoneCount(page), 8);
  // The setting is remembered.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.inputValue('#go-forbidden'), 'refuse');
});

test('move strings: junk is refused with a clear error and loads nothing', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  await loadGomoku(page, { rule: 'freestyle', moves: 'h8i9', opponent: 'human' });
  for (const junk of ['8h9i', 'h8 x i9', 'h8i9j', 'h8;zz']) {
    await page.fill('#go-moves', junk);
    await page.click('#go-load');
    await page.waitForSelector('#go-record-error:not([hidden])');
    assert.match(await page.textContent('#go-record-error'), /move string/i, junk);
    assert.equal(await stones(page), 'h8i9', `${junk} loads nothing`);
  }
  // A good string clears the error; separators and capitals are fine.
  await page.fill('#go-moves', 'H8, i9 j10');
  await page.click('#go-load');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 3);
  assert.ok(await page.isHidden('#go-record-error'));
});

test('move strings: of two loads in quick succession the later one stays, whichever answer comes first', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  await loadGomoku(page, { rule: 'freestyle', moves: 'h8i9', opponent: 'human' });
  // The server's answer to the first load's check comes late.
  let delayed = false;
  await page.route('**/api/gomoku/state', async (route) => {
    const body = route.request().postDataJSON();
    if (!delayed && body && body.moves === 'j10') {
      delayed = true;
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
    await route.continue();
  });
  await page.fill('#go-moves', 'j10');
  await page.click('#go-load');
  await page.fill('#go-moves', 'h8i9g7');
  await page.click('#go-load');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 3);
  await page.waitForTimeout(1200);  // the late answer has come and gone
  assert.ok(delayed);
  assert.equal(await stones(page), 'h8i9g7');
  assert.equal(await page.inputValue('#go-moves'), 'h8i9g7');
});

test('PSQ: export then import is the same game; pasted PSQ text loads; bad files say why', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  await page.selectOption('#go-opponent', 'human');
  await page.selectOption('#go-size', '20');
  await page.waitForFunction(() => JSON.parse(document.getElementById('goboard').dataset.geometry).size === 20);
  const game = 'j10k11a20t1a1t20k10';
  await loadGomoku(page, { rule: 'freestyle', moves: game, opponent: 'human' });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#go-psq')]);
  const file = path.join(ARTIFACTS, 'roundtrip.psq');
  fs.copyFileSync(await download.path(), file);
  const text = fs.readFileSync(file, 'utf8');
  assert.match(text, /^Piskvorky 20x20, /);

  // Back to an empty 15x15 board, then import the file: size and moves come back.
  await page.selectOption('#go-size', '15');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 0);
  await page.setInputFiles('#go-psq-file', file);
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 7);
  assert.equal(await page.inputValue('#go-size'), '20');
  assert.equal(await page.inputValue('#go-moves'), game);

  // Pasted PSQ text (with a Piskvork trailer) loads through the same field as move strings.
  await page.fill('#go-moves', 'Piskvorky 15x15, 11:11, 0\r\n8,8,120\r\n9,7,87\r\n7,9,0\r\npbrain-one.exe\r\npbrain-two.exe\r\n-1\r\n');
  await page.click('#go-load');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 3);
  assert.equal(await page.inputValue('#go-size'), '15');
  assert.equal(await stones(page), 'h8i9g7');

  const bad = [
    ['Piskvorky 15x15, 11:11, 0\n8,8,0\n16,3,0\n-1\n', /line 3.*16,3.*off the 15x15 board/],
    ['hello\n8,8,0\n', /not a PSQ file/i],
    ['Piskvorky 15x20, 11:11, 0\n8,8,0\n', /square/],
    ['Piskvorky 30x30, 11:11, 0\n8,8,0\n', /5.*22/],
    ['Piskvorky 15x15, 11:11, 0\n8,8,0\n8,x,0\n', /line 3/],
    ['Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n', /line 3.*taken/],
  ];
  for (const [psq, why] of bad) {
    const badFile = path.join(ARTIFACTS, 'bad.psq');
    fs.writeFileSync(badFile, psq);
    await page.setInputFiles('#go-psq-file', badFile);
    await page.waitForSelector('#go-record-error:not([hidden])');
    assert.match(await page.textContent('#go-record-error'), why, psq);
    assert.equal(await stones(page), 'h8i9g7', 'a bad file loads nothing');
    await page.fill('#go-moves', 'h8');
    await page.click('#go-load');
    await page.waitForSelector('#go-record-error', { state: 'hidden' });
    // The error hides before the position is drawn: wait for the one stone, or the next load's
    // three could be the old ones still on the board.
    await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 1);
    await page.fill('#go-moves', 'h8i9g7');
    await page.click('#go-load');
    await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 3);
  }
});

test('the hint has a level of its own (the strongest by default), remembered', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  await page.selectOption('#go-level', 'scorer');
  await setTime(page, 300);
  await loadGomoku(page, { rule: 'freestyle', moves: 'h8i9', opponent: 'computer' });
  assert.equal(await page.inputValue('#go-hint-level'), 'strong');
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/gomoku/move') && r.method() === 'POST'),
    page.click('#go-hint'),
  ]);
  assert.equal(JSON.parse(request.postData()).level, 'strong');
  await page.waitForSelector('#hint-mark');
  await page.selectOption('#go-hint-level', 'minimax');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.inputValue('#go-hint-level'), 'minimax');
  assert.equal(await page.inputValue('#go-level'), 'scorer');
});

test('the strong level\'s evaluation: network where the server has one for the rule, remembered', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const info = await fetch(`${BASE}/api/info`).then((r) => r.json());
  assert.ok(info.gomoku_networks && info.gomoku_networks.freestyle, `the shipped freestyle network: ${JSON.stringify(info.gomoku_networks)}`);
  const page = await open(t, '/gomoku');
  await page.selectOption('#go-level', 'strong');
  await setTime(page, 300);
  await loadGomoku(page, { rule: 'freestyle', moves: 'h8i9', opponent: 'computer' });
  assert.equal(await page.inputValue('#go-eval'), info.gomoku_eval.freestyle);
  await page.selectOption('#go-eval', 'network');
  // The hint (strong) and the computer's move say which evaluation they want; the answer says it used it.
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/gomoku/move') && r.method() === 'POST'),
    page.click('#go-hint'),
  ]);
  assert.equal(JSON.parse(request.postData()).eval, 'network');
  await page.waitForSelector('#hint-mark');
  assert.match(await page.textContent('#thinking'), /network evaluation/);
  await page.selectOption('#go-hint-level', 'scorer');
  const [scorer] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/gomoku/move') && r.method() === 'POST'),
    page.click('#go-hint'),
  ]);
  assert.equal(JSON.parse(scorer.postData()).eval, undefined, 'only the strong level names an evaluation');
  await page.selectOption('#go-hint-level', 'strong');
  // This file's server has no standard network (run.sh): the choice shows classical and network
  // cannot be picked.
  assert.ok(!info.gomoku_networks.standard, `run.sh gives this server no standard network: ${JSON.stringify(info.gomoku_networks)}`);
  await page.selectOption('#go-rule', 'standard');
  await page.waitForFunction(() => document.getElementById('go-eval').value === 'classical');
  assert.equal(await page.$eval('#go-eval option[value="network"]', (o) => o.disabled), true);
  assert.match(await page.textContent('#go-eval option[value="network"]'), /none for this rule/);
  await shot(page, 'gomoku-eval-standard');
  // Renju has its own: the choice stays network.
  assert.ok(info.gomoku_networks.renju, `the shipped renju network: ${JSON.stringify(info.gomoku_networks)}`);
  await page.selectOption('#go-rule', 'renju');
  await page.waitForFunction(() => document.getElementById('go-eval').value === 'network');
  assert.equal(await page.$eval('#go-eval option[value="network"]', (o) => o.disabled), false);
  // Back to freestyle, and after a reload: network again.
  await page.selectOption('#go-rule', 'freestyle');
  await page.waitForFunction(() => document.getElementById('go-eval').value === 'network');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.inputValue('#go-eval'), 'network');
  await shot(page, 'gomoku-eval-network');
});

test('undo while the AI thinks clears the cancelled search from the panel', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  await page.selectOption('#go-level', 'strong');
  await setTime(page, 4000);
  await page.selectOption('#go-opponent', 'computer');
  await page.click('#go-new');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 0);
  await clickPoint(page, 'h8');
  await page.waitForFunction(() => /depth/.test(document.getElementById('thinking').textContent), null, { timeout: 4000 });
  await page.click('#go-undo');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 0);
  await page.waitForTimeout(600);
  const text = await page.textContent('#thinking');
  assert.doesNotMatch(text, /depth|PV/, text);
  assert.equal(await page.$('#thinking .spinner'), null);
});

test('keyboard: the board takes focus, arrows move a drawn cursor, Enter and Space play', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  await page.selectOption('#go-opponent', 'human');
  await page.click('#go-new');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 0);
  assert.equal(await page.getAttribute('#goboard', 'tabindex'), '0');
  // Tab from the New game button's row reaches the board? The board comes before the toolbar.
  await page.focus('#go-new');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'goboard');
  const ring = await page.$eval('#goboard', (e) => getComputedStyle(e).outlineStyle);
  assert.notEqual(ring, 'none', 'a visible focus ring');
  assert.match(await page.getAttribute('#goboard', 'aria-label'), /cursor h8, empty/i);
  assert.equal(await page.getAttribute('#kbd-cursor', 'data-point'), 'h8');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.getAttribute('#kbd-cursor', 'data-point'), 'i9');
  assert.match(await page.getAttribute('#goboard', 'aria-label'), /cursor i9, empty/i);
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 2);
  assert.equal(await stones(page), 'h8i9');
  assert.match(await page.getAttribute('#goboard', 'aria-label'), /cursor i9, white stone/i);
  // The cursor stops at the edge; Home/End jump along the row.
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('#kbd-cursor', 'data-point'), 'a9');
  await page.keyboard.press('End');
  assert.equal(await page.getAttribute('#kbd-cursor', 'data-point'), 'o9');
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'arrows do not scroll the page');
  await shot(page, 'gomoku-keyboard');
  // The cursor is only drawn while the board has the focus.
  await page.focus('#go-new');
  await page.waitForSelector('#kbd-cursor', { state: 'detached' });
});

test('the winning line leaves the stone numbers readable', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku');
  await page.check('#go-numbers');
  await loadGomoku(page, { rule: 'freestyle', moves: 'h8a1i9a2j10a3k11a4', opponent: 'human' });
  await clickPoint(page, 'l12');
  await page.waitForSelector('#winning-line');
  await page.click('#go-overlay-close');
  const covered = await page.evaluate(() => {
    const out = [];
    for (const name of ['h8', 'i9', 'j10', 'k11', 'l12']) {
      const stone = document.querySelector(`#goboard .stone[data-point="${name}"]`).getBoundingClientRect();
      const top = document.elementFromPoint(stone.left + stone.width / 2, stone.top + stone.height / 2);
      if (!top || !top.classList.contains('stone-number')) out.push(`${name}: ${top && (top.id || top.getAttribute('class') || top.tagName)}`);
    }
    return out;
  });
  assert.deepEqual(covered, [], 'the numbers are on top of the winning line');
  await shot(page, 'gomoku-win-numbers');
});

test('phone: the board uses the width (cells of 24 px or more) and taps play', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku', PHONE);
  await page.check('#go-numbers');
  await loadGomoku(page, { rule: 'renju', moves: 'f8a1g8a3h6a5h7a7', opponent: 'human' });
  await page.evaluate(() => window.scrollTo(0, 0));
  const m = await page.evaluate(() => {
    const svg = document.getElementById('goboard');
    const g = JSON.parse(svg.dataset.geometry);
    const r = svg.getBoundingClientRect();
    return { cell: (g.cell * r.width) / g.extent, left: r.left, right: r.right, view: document.documentElement.clientWidth, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth };
  });
  assert.ok(m.cell >= 24, `cells are ${m.cell.toFixed(1)} px`);
  assert.ok(m.left >= 0 && m.right <= m.view, `the board fits (${m.left}..${m.right})`);
  assert.ok(m.overflow <= 0, `overflows by ${m.overflow}`);
  const p = await pointXY(page, 'j10');
  await page.touchscreen.tap(p.x, p.y);
  await page.waitForFunction(() => document.querySelectorAll('#goboard .stone').length === 9);
  await shot(page, 'gomoku-phone-board');
  await page.screenshot({ path: path.join(ARTIFACTS, 'gomoku-phone-full.png'), fullPage: true });
});

test('board themes: wood, plain and high contrast, remembered', async (t) => {
  if (skipWithoutGomoku(t)) return;
  const page = await open(t, '/gomoku', LAPTOP);
  await page.check('#go-numbers');
  await loadGomoku(page, { rule: 'renju', moves: 'f8a1g8a3h6a5h7a7', opponent: 'human' });
  assert.equal(await page.inputValue('#go-theme'), 'wood');
  const fills = new Set();
  for (const theme of ['wood', 'plain', 'contrast']) {
    await page.selectOption('#go-theme', theme);
    await page.waitForFunction((th) => document.getElementById('goboard').dataset.theme === th, theme);
    fills.add(await page.getAttribute('#board-bg', 'fill'));
    await shot(page, `gomoku-theme-${theme}`);
  }
  assert.equal(fills.size, 3, 'each theme has its own board');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.inputValue('#go-theme'), 'contrast');
  assert.equal(await page.getAttribute('#goboard', 'data-theme'), 'contrast');
  const phone = await open(t, '/gomoku', PHONE);
  await phone.selectOption('#go-theme', 'contrast');
  await loadGomoku(phone, { rule: 'renju', moves: 'f8a1g8a3h6a5h7a7', opponent: 'human' });
  await phone.evaluate(() => window.scrollTo(0, 0));
  await shot(phone, 'gomoku-theme-contrast-phone');
});
