// The page's record parsers (web/js/psq.js) on their own, without a browser: PSQ import is the
// inverse of the export on every board size, and bad move strings and PSQ files are refused with
// the line or character that is wrong. (run.sh passes a server address, which these ignore.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toPsq, parsePsq, parseMoveString, pointName, RecordError } from '../../web/js/psq.js';

/** A seeded sequence of distinct points on a size×size board (a xorshift PRNG, so runs repeat). */
function randomGame(size, count, seed) {
  let s = seed >>> 0 || 1;
  const next = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
  const taken = new Set();
  const moves = [];
  while (moves.length < count) {
    const name = pointName(next() % size, next() % size);
    if (!taken.has(name)) { taken.add(name); moves.push(name); }
  }
  return moves;
}

test('PSQ: parsePsq(toPsq(game)) is the game, on every size from 5 to 22', () => {
  for (let size = 5; size <= 22; size++) {
    for (const count of [0, 1, 9, size * size]) {
      const moves = randomGame(size, count, size * 1000 + count);
      assert.deepEqual(parsePsq(toPsq(size, moves)), { size, moves }, `${size}x${size}, ${count} moves`);
    }
  }
});

test('PSQ: Piskvork files with times, CRLF, a BOM and a trailer of brain names', () => {
  const text = '\uFEFFPiskvorky 20x20, 11:11, 0\r\n10,10,1500\r\n11,9,320\r\n1,1,0\r\n\r\npbrain-a.exe\r\npbrain-b.exe\r\n-1\r\n';
  assert.deepEqual(parsePsq(text), { size: 20, moves: ['j11', 'k12', 'a20'] });
});

test('PSQ: bad files name the line and what is wrong', () => {
  const cases = [
    ['', /not a PSQ file/],
    ['8,8,0\n', /not a PSQ file/],
    ['Piskvorky 15x16, 11:11, 0\n', /line 1.*15x16.*square/],
    ['Piskvorky 4x4, 11:11, 0\n', /line 1.*4x4.*5 to 22/],
    ['Piskvorky 23x23, 11:11, 0\n', /line 1.*5 to 22/],
    ['Piskvorky 15x15, 11:11, 0\n8,8,0\n0,3,0\n', /line 3.*0,3.*off the 15x15 board/],
    ['Piskvorky 15x15, 11:11, 0\n8,8,0\n3,16,0\n', /line 3.*3,16.*off/],
    ['Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n', /line 3.*8,8 \(h8\).*taken by move 1/],
    ['Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8.5,0\n', /line 3.*not a move/],
    ['Piskvorky 15x15, 11:11, 0\n8,8,0\n-1\n9,9,0\n', /line 4.*after the end of the moves \(line 3/],
  ];
  for (const [text, why] of cases) {
    assert.throws(() => parsePsq(text), (e) => e instanceof RecordError && why.test(e.message), JSON.stringify(text));
  }
});

test('move strings: points with optional separators; anything else is an error at its place', () => {
  assert.deepEqual(parseMoveString('h8i9h10'), ['h8', 'i9', 'h10']);
  assert.deepEqual(parseMoveString(' H8, i9; j10  k11 '), ['h8', 'i9', 'j10', 'k11']);
  assert.deepEqual(parseMoveString(''), []);
  for (const [text, where] of [['8h9i', 1], ['h8i9j', 5], ['h8 x i9', 4], ['h8;zz', 4], ['h8i123', 3], ['h8-i9', 3]]) {
    assert.throws(() => parseMoveString(text), (e) => e instanceof RecordError && e.message.includes(`character ${where}`), text);
  }
});
