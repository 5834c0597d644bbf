// The Gomoku search panel (web/js/analysis.js) on its own, without a browser. Each search report
// rebuilds the panel, so the clock's element must carry the time when it is made: a clock that
// waits for the next tick stays blank (and hidden) while reports come faster than the tick.
// (run.sh passes a server address, which these ignore.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { thinkingHtml, startClock, stopClock, clockText } from '../../web/js/analysis.js';

const clockOf = (html) => {
  const m = html.match(/<span class="clock[^"]*">([^<]*)<\/span>/);
  return m ? m[1] : null;
};

test('a report made while the AI thinks shows the clock with its time, not an empty element', async () => {
  const area = { querySelector: () => null };
  startClock(area);
  try {
    assert.equal(clockOf(thinkingHtml({}, false, 'black')), '0.0 s');
    await new Promise((r) => setTimeout(r, 250));
    const shown = clockOf(thinkingHtml({ depth: 3, nodes: 1200, nodes_per_s: 5000 }, false, 'black'));
    assert.match(shown, /^\d+\.\d s$/);
    assert.ok(parseFloat(shown) >= 0.2, `the clock moved on (${shown})`);
  } finally {
    stopClock();
  }
  assert.equal(clockText(), '0.0 s', 'a stopped clock reads zero');
});

test('a finished search shows its own time and no clock', () => {
  const html = thinkingHtml({ move: 'h8', depth: 7, time_ms: 1234 }, true, 'white');
  assert.equal(clockOf(html), null);
  assert.match(html, /1\.23 s/);
  assert.match(html, /played <b>h8<\/b>/);
});
