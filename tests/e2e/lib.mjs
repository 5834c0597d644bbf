// Shared helpers of the browser tests: the server's address, one Chromium per test file, a
// fresh context per test that fails on script errors, screenshots, and the board helpers.
// Every *.test.mjs file imports what it needs from here; tests/e2e/run.sh runs each file against
// a server of its own.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const BASE = (process.argv[2] || process.env.TILESTONE_URL || '').replace(/\/$/, '');
if (!BASE) {
  console.error('usage: node ui.test.mjs <base-url>');
  process.exit(2);
}
export const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');
export const LAPTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };
export const HISTORY_LAPTOP = { width: 1280, height: 800 };

export let browser;
export let gomokuApi = true;

before(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const probe = await fetch(`${BASE}/api/gomoku/state`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"size":15,"rule":"freestyle","moves":""}',
  });
  gomokuApi = probe.status !== 404;
});

after(async () => {
  if (browser) await browser.close();
});

/** A fresh browser context (own localStorage) with a page that fails the test on script errors. */
export async function open(t, pathname, viewport = LAPTOP) {
  const context = await browser.newContext({
    viewport, deviceScaleFactor: 1, hasTouch: viewport.width < 600, isMobile: viewport.width < 600,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  t.after(async () => {
    await context.close();
    assert.deepEqual(errors, [], `script errors on ${pathname}`);
  });
  await page.goto(BASE + pathname);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

export const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
export const savedGame = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('tilestone.2048.game')));
export const tiles = (page) => page.$$eval('#tiles .tile', (els) => els.map((e) => `${e.dataset.cell}:${e.dataset.value}`).sort().join(' '));

export function skipWithoutGomoku(t) {
  if (gomokuApi) return false;
  t.skip('the server has no /api/gomoku endpoints yet');
  return true;
}

/** Clicks the board point `name` ("h8"), using the geometry the page publishes on the SVG. */
export async function clickPoint(page, name) {
  const target = await page.evaluate((pointName) => {
    const svg = document.getElementById('goboard');
    const g = JSON.parse(svg.dataset.geometry);
    const x = pointName.charCodeAt(0) - 97;
    const y = Number(pointName.slice(1)) - 1;
    const vx = g.left + x * g.cell;
    const vy = g.top + (g.size - 1 - y) * g.cell;
    const p = new DOMPoint(vx, vy).matrixTransform(svg.getScreenCTM());
    return { x: p.x, y: p.y };
  }, name);
  await page.mouse.click(target.x, target.y);
}

/**
 * page.waitForFunction, and on a timeout an error that says what the Gomoku page showed: the
 * stones, the move string, the thinking panel, the warning and the notices.
 */
export async function waitOnGomoku(page, fn, arg, options) {
  try {
    await page.waitForFunction(fn, arg, options);
  } catch (e) {
    const seen = await page.evaluate(() => ({
      stones: [...document.querySelectorAll('#goboard .stone')].map((s) => `${s.dataset.point}:${s.dataset.color}`).join(' '),
      moves: document.getElementById('go-moves')?.value,
      thinking: document.getElementById('thinking')?.textContent.trim(),
      warning: document.getElementById('go-warning')?.textContent.trim(),
      notices: [...document.querySelectorAll('#messages .message')].map((n) => n.textContent.trim()).join(' | '),
    })).catch((err) => ({ page: String(err) }));
    throw new Error(`${e.message}\nthe page showed: ${JSON.stringify(seen)}`);
  }
}

export async function loadGomoku(page, { rule, moves, opponent = 'computer' }) {
  await page.selectOption('#go-opponent', opponent);
  await page.selectOption('#go-rule', rule);
  await page.fill('#go-moves', moves);
  await page.click('#go-load');
  const count = moves.match(/[a-z]\d{1,2}/g).length;
  await page.waitForFunction((n) => document.querySelectorAll('#goboard .stone').length === n, count);
}

