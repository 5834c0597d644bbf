// Drawing the Gomoku board as SVG: grid, labels, stones and their numbers, the winning line, the
// renju marks, the hint, the hover preview and the keyboard cursor, in one of three themes.
import { COLS, parsePoint } from './psq.js';
import { svgNode as node } from './svg.js';

export const CELL = 40;
// Coordinates are labelled on the left and bottom edges only, so those margins are wider.
export const MARGIN_LABEL = 44;
export const MARGIN_EDGE = 26;
const LABEL_FONT = 19;

/** The board themes: wood (the default), plain, and high contrast for low vision or glare. */
export const THEMES = {
  wood: {
    board: '#dcb35c', line: '#5b4321', lineWidth: 1.3, frame: 2.4, label: '#5b4321',
    black: ['#6b6b6b', '#0d0d0d'], white: ['#ffffff', '#cfcac0'], blackEdge: '#000', whiteEdge: '#8d877c', edgeWidth: 1,
    numberOnBlack: '#fff', numberOnWhite: '#222', lastOnBlack: '#ff8f7a', accent: '#e5412d', forbidden: '#d62c1a', hint: '#2ea043',
    hintFill: 'rgba(46, 160, 67, .35)', cursor: '#1f5fd1',
  },
  plain: {
    board: '#eceae4', line: '#8a877f', lineWidth: 1.2, frame: 2, label: '#6b675f',
    black: ['#2b2b2b', '#2b2b2b'], white: ['#ffffff', '#ffffff'], blackEdge: '#1a1a1a', whiteEdge: '#7d7a73', edgeWidth: 1.4,
    numberOnBlack: '#fff', numberOnWhite: '#222', lastOnBlack: '#ff8f7a', accent: '#d9472b', forbidden: '#cf2b1a', hint: '#2a8f3d',
    hintFill: 'rgba(42, 143, 61, .28)', cursor: '#1f5fd1',
  },
  contrast: {
    board: '#ffffff', line: '#000000', lineWidth: 2, frame: 3.5, label: '#000000',
    black: ['#000000', '#000000'], white: ['#ffffff', '#ffffff'], blackEdge: '#000', whiteEdge: '#000', edgeWidth: 3,
    numberOnBlack: '#ffff00', numberOnWhite: '#000', lastOnBlack: '#ff6060', accent: '#e00000', forbidden: '#e00000', hint: '#007a00',
    hintFill: 'rgba(0, 122, 0, .3)', cursor: '#0050ff',
  },
};

function starPoints(size) {
  const c = Math.floor(size / 2);
  if (size < 9) return [[c, c]];
  const e = size >= 13 ? 3 : 2;
  return [[c, c], [e, e], [size - 1 - e, e], [e, size - 1 - e], [size - 1 - e, size - 1 - e]];
}

/** Where point (x, y) lies in the SVG's units for a board of `size`. */
export const boardPx = (x) => MARGIN_LABEL + x * CELL;
export const boardPy = (y, size) => MARGIN_EDGE + (size - 1 - y) * CELL;

function cross(parent, x, y, d, attrs = {}) {
  const g = node('g', attrs, parent);
  node('line', { x1: x - d, y1: y - d, x2: x + d, y2: y + d }, g);
  node('line', { x1: x - d, y1: y + d, x2: x + d, y2: y - d }, g);
  return g;
}

/**
 * Draws the whole board. `v`: { size, theme, moves, winning (point names), last, over, reason,
 * forbidden (names), numbers, hint, hover ({x, y, color} or null), forbiddenHover, pending,
 * cursor ({x, y} or null) }.
 */
export function drawBoard(svg, v) {
  const { size } = v;
  const t = THEMES[v.theme] || THEMES.wood;
  const px = boardPx;
  const py = (y) => boardPy(y, size);
  const extent = MARGIN_LABEL + MARGIN_EDGE + (size - 1) * CELL;
  svg.setAttribute('viewBox', `0 0 ${extent} ${extent}`);
  // Where the points lie in viewBox units, for scripts and tests that click on the board.
  svg.dataset.geometry = JSON.stringify({ extent, left: px(0), top: py(size - 1), cell: CELL, size });
  svg.dataset.theme = THEMES[v.theme] ? v.theme : 'wood';
  svg.replaceChildren();

  // Step 1. The board: background, grid, star points, labels.
  const defs = node('defs', {}, svg);
  for (const [color, [inner, outer], r] of [['black', t.black, '70%'], ['white', t.white, '75%']]) {
    const grad = node('radialGradient', { id: `stone-${color}`, cx: '35%', cy: '30%', r }, defs);
    node('stop', { offset: '0%', 'stop-color': inner }, grad);
    node('stop', { offset: '100%', 'stop-color': outer }, grad);
  }
  node('rect', { x: 0, y: 0, width: extent, height: extent, rx: 10, fill: t.board, id: 'board-bg' }, svg);
  const grid = node('g', { stroke: t.line, 'stroke-width': t.lineWidth, 'stroke-linecap': 'square' }, svg);
  for (let i = 0; i < size; i++) {
    node('line', { x1: px(0), y1: py(i), x2: px(size - 1), y2: py(i) }, grid);
    node('line', { x1: px(i), y1: py(0), x2: px(i), y2: py(size - 1) }, grid);
  }
  node('rect', { x: px(0), y: py(size - 1), width: (size - 1) * CELL, height: (size - 1) * CELL, fill: 'none', stroke: t.line, 'stroke-width': t.frame }, svg);
  for (const [x, y] of starPoints(size)) node('circle', { cx: px(x), cy: py(y), r: 4.2, fill: t.line }, svg);
  // Bigger boards shrink on screen, so their labels grow in board units to stay readable.
  const labelFont = Math.min(26, Math.round(LABEL_FONT * Math.max(1, size / 15)));
  const labels = node('g', { fill: t.label, 'font-size': labelFont, 'font-family': 'system-ui, sans-serif', 'font-weight': 600, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'aria-hidden': 'true' }, svg);
  for (let i = 0; i < size; i++) {
    node('text', { x: px(i), y: extent - MARGIN_LABEL / 2 + 2 }, labels).textContent = COLS[i];
    // Row numbers end just left of a stone on column a, so such a stone does not cover them.
    const rowLabel = labelFont <= LABEL_FONT ? { x: MARGIN_LABEL - CELL * 0.46 - 1, 'text-anchor': 'end' } : { x: MARGIN_LABEL / 2 - 2 };
    node('text', { ...rowLabel, y: py(i) }, labels).textContent = i + 1;
  }

  // Step 2. Stones; their numbers go on a layer of their own above the winning line.
  const stones = node('g', {}, svg);
  const numbers = [];
  v.moves.forEach((name, i) => {
    const p = parsePoint(name);
    if (!p) return;
    const isBlack = i % 2 === 0;
    node('circle', {
      cx: px(p.x), cy: py(p.y), r: CELL * 0.46, fill: `url(#stone-${isBlack ? 'black' : 'white'})`,
      stroke: isBlack ? t.blackEdge : t.whiteEdge, 'stroke-width': t.edgeWidth, class: 'stone', 'data-point': name,
      'data-color': isBlack ? 'black' : 'white',
    }, stones);
    if (v.numbers) numbers.push({ p, i, isBlack });
  });

  // Step 3. The winning line: thin enough, and under the numbers, so they stay readable.
  const winning = v.winning || [];
  if (winning.length >= 2) {
    const pts = winning.map(parsePoint).filter(Boolean).sort((a, b) => a.x - b.x || a.y - b.y);
    const a = pts[0];
    const b = pts[pts.length - 1];
    node('line', {
      x1: px(a.x), y1: py(a.y), x2: px(b.x), y2: py(b.y), stroke: t.accent, 'stroke-width': v.numbers ? 4 : 7,
      'stroke-linecap': 'round', opacity: v.numbers ? 0.65 : 0.8, id: 'winning-line', 'pointer-events': 'none',
    }, svg);
    for (const p of pts) node('circle', { cx: px(p.x), cy: py(p.y), r: CELL * 0.46, fill: 'none', stroke: t.accent, 'stroke-width': 3, class: 'win-stone', 'pointer-events': 'none' }, svg);
  }
  if (numbers.length) {
    const layer = node('g', { 'font-weight': 700, 'font-family': 'system-ui, sans-serif', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, svg);
    for (const { p, i, isBlack } of numbers) {
      const last = i === v.moves.length - 1;
      // A halo in the stone's own colour keeps the digits clear of the winning line.
      node('text', {
        x: px(p.x), y: py(p.y) + 0.5, 'font-size': i >= 99 ? 13 : 16, fill: last ? (isBlack ? t.lastOnBlack : t.accent) : isBlack ? t.numberOnBlack : t.numberOnWhite,
        stroke: isBlack ? t.black[1] : t.white[1], 'stroke-width': 3, 'paint-order': 'stroke', class: 'stone-number',
      }, layer).textContent = i + 1;
    }
  }

  // Step 4. Marks: the last move, a forbidden point that lost, forbidden points, the hint.
  const last = v.last ? parsePoint(v.last) : null;
  if (last && !v.numbers) node('circle', { cx: px(last.x), cy: py(last.y), r: 6, fill: t.accent, id: 'last-move' }, svg);
  else if (last) node('circle', { cx: px(last.x), cy: py(last.y), r: CELL * 0.5, fill: 'none', stroke: t.accent, 'stroke-width': 2, id: 'last-move' }, svg);
  if (v.reason === 'forbidden' && last) cross(svg, px(last.x), py(last.y), 11, { id: 'forbidden-loss', stroke: t.forbidden, 'stroke-width': 4, 'stroke-linecap': 'round' });

  const forbidden = node('g', { stroke: t.forbidden, 'stroke-width': 3.2, 'stroke-linecap': 'round', id: 'forbidden' }, svg);
  for (const name of (!v.over && v.forbidden) || []) {
    const p = parsePoint(name);
    if (!p) continue;
    const g = cross(forbidden, px(p.x), py(p.y), 8, { class: 'forbidden-mark', 'data-point': name });
    node('title', {}, g).textContent = `${name}: forbidden for black`;
  }
  // A forbidden point under the pointer, or waiting for a second click, is ringed instead of
  // getting a preview stone.
  for (const [id, name, dash] of [['forbidden-hover', v.forbiddenHover, '5 4'], ['forbidden-pending', v.pending, '']]) {
    const p = name ? parsePoint(name) : null;
    if (p) node('circle', { id, 'data-point': name, cx: px(p.x), cy: py(p.y), r: CELL * 0.44, fill: 'rgba(214, 44, 26, .12)', stroke: t.forbidden, 'stroke-width': 3, 'stroke-dasharray': dash, 'pointer-events': 'none' }, svg);
  }

  if (v.hint) {
    const p = parsePoint(v.hint);
    if (p) {
      const g = node('g', { id: 'hint-mark', 'data-point': v.hint }, svg);
      node('circle', { cx: px(p.x), cy: py(p.y), r: CELL * 0.44, fill: t.hintFill, stroke: t.hint, 'stroke-width': 3, 'stroke-dasharray': '6 4' }, g);
    }
  }

  // Step 5. The hover preview and the keyboard cursor.
  if (v.hover) {
    node('circle', { id: 'hover-stone', cx: px(v.hover.x), cy: py(v.hover.y), r: CELL * 0.46, fill: `url(#stone-${v.hover.color})`, opacity: 0.4, 'pointer-events': 'none' }, svg);
  }
  drawCursor(svg, size, v.theme, v.cursor);
}

/**
 * Draws the keyboard cursor alone (or removes it when `cursor` is null), so moving it does not
 * redraw the board under a pointer that is clicking.
 */
export function drawCursor(svg, size, theme, cursor) {
  const old = svg.querySelector('#kbd-cursor');
  if (old) old.remove();
  if (!cursor) return;
  const t = THEMES[theme] || THEMES.wood;
  const s = CELL * 0.5;
  node('rect', {
    id: 'kbd-cursor', 'data-point': `${COLS[cursor.x]}${cursor.y + 1}`, x: boardPx(cursor.x) - s, y: boardPy(cursor.y, size) - s,
    width: 2 * s, height: 2 * s, rx: 6, fill: 'none', stroke: t.cursor, 'stroke-width': 3.5, 'pointer-events': 'none',
  }, svg);
}
