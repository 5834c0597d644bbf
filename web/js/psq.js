// Game records in text: the move string ("h8i9h9", columns from a, rows from 1 at the bottom,
// black first) and Piskvork's PSQ file. Both parsers are strict: any text they cannot read is an
// error that names what and where, so the page never loads part of a record.

export const COLS = 'abcdefghijklmnopqrstuvwxyz';
export const MIN_SIZE = 5;
export const MAX_SIZE = 22;

/** "h8" -> { x: 7, y: 7 } (x from the left, y from the bottom, both from 0), or null. */
export function parsePoint(name) {
  const m = /^([a-z])(\d{1,2})$/.exec(name);
  return m ? { x: COLS.indexOf(m[1]), y: Number(m[2]) - 1 } : null;
}

export const pointName = (x, y) => `${COLS[x]}${y + 1}`;

/** A bad record: `message` says what is wrong and where. */
export class RecordError extends Error {}

/**
 * Reads a move string: points like "h8" one after another, optionally separated by spaces, commas
 * or semicolons, in any case. Returns the point names, or throws RecordError at the first thing
 * that is not a point (the server checks the points against the board and the rules).
 */
export function parseMoveString(text) {
  const moves = [];
  const source = text.trim();
  const re = /[\s,;]*([a-zA-Z])(\d{1,2})(?![0-9])[\s,;]*/y;
  let at = 0;
  while (at < source.length) {
    re.lastIndex = at;
    const m = re.exec(source);
    if (!m) {
      const rest = source.slice(at).replace(/^[\s,;]+/, '');
      const word = rest.slice(0, 12);
      throw new RecordError(`cannot read the move string at "${word}" (character ${source.length - rest.length + 1}): write points like h8i9, a column letter then a row number`);
    }
    moves.push(`${m[1].toLowerCase()}${Number(m[2])}`);
    at = re.lastIndex;
  }
  return moves;
}

/** Piskvork's PSQ: a header, then "x,y,time" per move, 1-based from the top-left, then "-1". */
export function toPsq(size, moves) {
  const lines = [`Piskvorky ${size}x${size}, 11:11, 0`];
  for (const name of moves) {
    const p = parsePoint(name);
    lines.push(`${p.x + 1},${size - p.y},0`);
  }
  lines.push('-1');
  return lines.join('\n') + '\n';
}

export const looksLikePsq = (text) => /^\s*Piskvorky\b/i.test(text);

/**
 * Reads a PSQ file: "Piskvorky WxH, ..." then one "x,y[,time]" line per move, then optional
 * trailer lines (brain names, "-1", ...) that are not moves. The inverse of toPsq. Returns
 * { size, moves } or throws RecordError naming the line.
 */
export function parsePsq(text) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const header = /^\s*Piskvorky\s+(\d+)\s*x\s*(\d+)\s*(,.*)?$/i.exec(lines[0] || '');
  if (!header) {
    throw new RecordError(`not a PSQ file: its first line should be like "Piskvorky 15x15, 11:11, 0", not "${(lines[0] || '').trim().slice(0, 40)}"`);
  }
  const width = Number(header[1]);
  const height = Number(header[2]);
  if (width !== height) throw new RecordError(`PSQ line 1: the board is ${width}x${height}; only square boards can be played here`);
  const size = width;
  if (size < MIN_SIZE || size > MAX_SIZE) throw new RecordError(`PSQ line 1: a ${size}x${size} board; sizes from ${MIN_SIZE} to ${MAX_SIZE} can be played here`);

  const moves = [];
  const taken = new Map();
  let trailer = 0; // the line where the moves ended
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].trim();
    const n = i + 1;
    if (!line) continue;
    const move = /^(-?\d+)\s*,\s*(-?\d+)(?:\s*,\s*-?\d+)?$/.exec(line);
    if (move && trailer) throw new RecordError(`PSQ line ${n}: the move "${line}" comes after the end of the moves (line ${trailer}: "${lines[trailer - 1].trim()}")`);
    if (!move) {
      // A line that starts like a move but is not one is a broken move, not a trailer.
      if (!trailer && /^-?\d+\s*,/.test(line)) throw new RecordError(`PSQ line ${n}: "${line}" is not a move (x,y,time with whole numbers)`);
      if (!trailer) trailer = n;
      continue;
    }
    const x = Number(move[1]);
    const y = Number(move[2]);
    if (x < 1 || x > size || y < 1 || y > size) throw new RecordError(`PSQ line ${n}: the point ${x},${y} is off the ${size}x${size} board (x and y go from 1 to ${size})`);
    const name = pointName(x - 1, size - y);
    if (taken.has(name)) throw new RecordError(`PSQ line ${n}: ${x},${y} (${name}) is already taken by move ${taken.get(name)}`);
    taken.set(name, moves.length + 1);
    moves.push(name);
  }
  return { size, moves };
}
