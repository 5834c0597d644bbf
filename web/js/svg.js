// Building SVG in the page: one helper for every chart and board.

export const SVGNS = 'http://www.w3.org/2000/svg';

/** A new SVG element `tag` with `attrs`, appended to `parent` when given, holding `text` when given. */
export function svgNode(tag, attrs, parent, text) {
  const n = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  if (text !== undefined) n.textContent = text;
  if (parent) parent.appendChild(n);
  return n;
}
