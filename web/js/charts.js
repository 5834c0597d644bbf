// Small inline SVG charts for the History page: vertical bars, a line of points, and horizontal
// stacked bars. Each returns an <svg> that scales to its container's width.
import { svgNode as node } from './svg.js';

const INK = '#776e65';
const GRID = '#e3dccf';
const FONT = 'system-ui, sans-serif';

function svgBox(width, height, label) {
  return node('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label, class: 'chart-svg', 'font-family': FONT });
}

/** A round upper bound for an axis and its step: 1, 2 or 5 times a power of ten (at least 1 for
 *  counts, so that a chart of two games does not read "1.5 games"). */
function niceScale(max, ticks = 4, { integer = false } = {}) {
  if (max <= 0) return { top: 1, step: 1 };
  const raw = integer ? Math.max(1, max / ticks) : max / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw);
  return { top: Math.ceil(max / step) * step, step };
}

const short = (n) => (n >= 1e6 ? `${+(n / 1e6).toFixed(1)}M` : n >= 1e4 ? `${+(n / 1e3).toFixed(0)}k` : n >= 1e3 ? `${+(n / 1e3).toFixed(1)}k` : String(n));

/** Vertical bars: items [{label, title, value, color}]; the share of `total` over each bar. */
export function barChart(items, { unit = '', total = 0, width = 560 } = {}) {
  const W = Math.max(280, width);
  const H = 220;
  const left = 38;
  const bottom = 26;
  const top = 22;
  const svg = svgBox(W, H, `bar chart of ${unit}`);
  const { top: max, step } = niceScale(Math.max(...items.map((i) => i.value), 1), 4, { integer: true });
  const plotH = H - top - bottom;
  const y = (v) => top + plotH - (v / max) * plotH;
  for (let v = 0; v <= max; v += step) {
    node('line', { x1: left, x2: W - 4, y1: y(v), y2: y(v), stroke: GRID }, svg);
    node('text', { x: left - 6, y: y(v), 'text-anchor': 'end', 'dominant-baseline': 'central', 'font-size': 11, fill: INK }, svg, short(v));
  }
  const slot = (W - left - 4) / Math.max(items.length, 1);
  const bw = Math.min(46, slot * 0.7);
  // Labels shrink to fit narrow slots (a phone showing a dozen tiles) rather than overlap.
  const longest = Math.max(...items.map((i) => String(i.label).length), 1);
  const labelSize = Math.max(7, Math.min(12, (slot - 4) / (0.72 * longest)));
  items.forEach((item, i) => {
    const cx = left + slot * (i + 0.5);
    const bar = node('rect', {
      x: cx - bw / 2, y: y(item.value), width: bw, height: Math.max(0, y(0) - y(item.value)), rx: 3, fill: item.color || INK,
      class: 'bar', 'data-label': item.title || item.label, 'data-value': item.value,
    }, svg);
    node('title', {}, bar, `${item.title || item.label}: ${item.value} ${unit}`);
    const share = total ? ` · ${Math.round((100 * item.value) / total)}%` : '';
    node('text', { x: cx, y: y(item.value) - 6, 'text-anchor': 'middle', 'font-size': Math.min(11, labelSize).toFixed(1), 'font-weight': 700, fill: '#4b443d' }, svg, `${item.value}${slot > 60 ? share : ''}`);
    node('text', { x: cx, y: H - 8, 'text-anchor': 'middle', 'font-size': labelSize.toFixed(1), 'font-weight': 700, fill: INK }, svg, item.label);
  });
  return svg;
}

/** A line through points [{value, title}] in order, with a dot on each (the last one larger). */
export function lineChart(points, { width = 560 } = {}) {
  const W = Math.max(280, width);
  const H = 200;
  const left = 44;
  const bottom = 20;
  const top = 14;
  const svg = svgBox(W, H, 'scores of recent games');
  const { top: max, step } = niceScale(Math.max(...points.map((p) => p.value), 1));
  const plotH = H - top - bottom;
  const y = (v) => top + plotH - (v / max) * plotH;
  const x = (i) => (points.length === 1 ? (left + W) / 2 : left + 8 + (i / (points.length - 1)) * (W - left - 16));
  for (let v = 0; v <= max; v += step) {
    node('line', { x1: left, x2: W - 4, y1: y(v), y2: y(v), stroke: GRID }, svg);
    node('text', { x: left - 6, y: y(v), 'text-anchor': 'end', 'dominant-baseline': 'central', 'font-size': 11, fill: INK }, svg, short(v));
  }
  node('text', { x: left, y: H - 4, 'font-size': 11, fill: INK }, svg, 'older');
  node('text', { x: W - 4, y: H - 4, 'text-anchor': 'end', 'font-size': 11, fill: INK }, svg, 'newest');
  if (points.length > 1) {
    const d = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
    node('path', { d, fill: 'none', stroke: '#f59563', 'stroke-width': 2.5, 'stroke-linejoin': 'round' }, svg);
  }
  const r = points.length > 60 ? 2 : 4;
  points.forEach((p, i) => {
    const last = i === points.length - 1;
    const dot = node('circle', { cx: x(i), cy: y(p.value), r: last ? r + 2 : r, fill: last ? '#f65e3b' : '#f2b179', stroke: '#fff', 'stroke-width': 1.2, class: 'point' }, svg);
    node('title', {}, dot, p.title);
  });
  return svg;
}

/** Horizontal stacked bars: rows [{label, parts: [{name, value, color}]}], with a legend. */
export function stackedBars(rows, { width = 560 } = {}) {
  const W = Math.max(280, width);
  const rowH = 30;
  const legendH = 26;
  const labelW = Math.min(190, Math.round(W * 0.45));
  const H = legendH + rows.length * rowH + 4;
  const svg = svgBox(W, H, 'results by level, rule and size');
  const names = rows.length ? rows[0].parts : [];
  let lx = W >= 480 ? labelW : 0;
  for (const p of names) {
    node('rect', { x: lx, y: 6, width: 12, height: 12, rx: 2, fill: p.color }, svg);
    node('text', { x: lx + 17, y: 12, 'dominant-baseline': 'central', 'font-size': 12, fill: INK }, svg, p.name);
    lx += 64;
  }
  const max = Math.max(...rows.map((r) => r.parts.reduce((s, p) => s + p.value, 0)), 1);
  const plotW = W - labelW - 8;
  rows.forEach((row, i) => {
    const y0 = legendH + i * rowH;
    node('text', { x: labelW - 8, y: y0 + rowH / 2, 'text-anchor': 'end', 'dominant-baseline': 'central', 'font-size': 12, 'font-weight': 600, fill: INK }, svg, row.label);
    let x0 = labelW;
    for (const p of row.parts) {
      if (!p.value) continue;
      const w = (p.value / max) * plotW;
      const seg = node('rect', { x: x0, y: y0 + 5, width: w, height: rowH - 10, fill: p.color, class: 'segment' }, svg);
      node('title', {}, seg, `${row.label}: ${p.value} ${p.name}`);
      if (w > 18) node('text', { x: x0 + w / 2, y: y0 + rowH / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 11, 'font-weight': 700, fill: p.name === 'open' || p.name === 'draw' ? '#4b443d' : '#fff' }, svg, p.value);
      x0 += w;
    }
  });
  return svg;
}
