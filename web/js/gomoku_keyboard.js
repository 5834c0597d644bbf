// Keyboard play on the Gomoku board: the SVG takes the focus, the arrows move a cursor (Home/End
// to the row's ends, PageUp/PageDown to the column's), Enter or Space plays at the cursor, and
// the board's accessible label names the cursor's point and what is on it.
import { pointName } from './psq.js';

/**
 * Makes `svg` playable from the keyboard. `get()` returns { size, moves, toMove, over, forbidden }
 * for the label; `play(x, y)` plays; `drawCursor(cursor or null)` draws the cursor alone (the
 * board's own drawing reads `cursor()`). Focus and clicks never redraw the board: a click whose
 * target is replaced between press and release is lost.
 */
export function attachKeyboard(svg, { get, play, drawCursor }) {
  let cursor = null; // { x, y } once the board had the focus
  let shown = false; // drawn while the board has the focus from the keyboard, not the mouse

  svg.setAttribute('tabindex', '0');
  svg.setAttribute('role', 'application');
  svg.setAttribute('aria-roledescription', 'Gomoku board');

  const clamp = (n, size) => Math.max(0, Math.min(size - 1, n));

  function place() {
    const { size, moves } = get();
    if (cursor) {
      cursor = { x: clamp(cursor.x, size), y: clamp(cursor.y, size) };
      return;
    }
    // Start where the game is: on the last move, else the centre.
    const last = moves.length ? moves[moves.length - 1] : null;
    const m = last && /^([a-z])(\d{1,2})$/.exec(last);
    cursor = m ? { x: m[1].charCodeAt(0) - 97, y: Number(m[2]) - 1 } : { x: Math.floor(size / 2), y: Math.floor(size / 2) };
  }

  /** Updates the label a screen reader reads: the board, the cursor's point and its content. */
  function label() {
    const { size, moves, toMove, over, forbidden } = get();
    let text = `Gomoku board ${size}×${size}`;
    if (cursor) {
      const name = pointName(cursor.x, cursor.y);
      const i = moves.indexOf(name);
      let what = 'empty';
      if (i >= 0) what = `${i % 2 === 0 ? 'black' : 'white'} stone, move ${i + 1}`;
      else if (!over && toMove === 'black' && forbidden.includes(name)) what = 'empty, forbidden for black';
      text += `, cursor ${name}, ${what}`;
    }
    text += over ? '. The game is over.' : `. ${toMove === 'white' ? 'White' : 'Black'} to move. Arrow keys move the cursor, Enter or Space plays.`;
    svg.setAttribute('aria-label', text);
  }

  const show = (on) => { shown = on; drawCursor(shown ? cursor : null); };
  svg.addEventListener('focus', () => { place(); label(); show(svg.matches(':focus-visible')); });
  svg.addEventListener('blur', () => show(false));
  svg.addEventListener('keydown', (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const { size } = get();
    place();
    const steps = {
      ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1],
      Home: [-size, 0], End: [size, 0], PageUp: [0, size], PageDown: [0, -size],
    };
    if (steps[ev.key]) {
      const [dx, dy] = steps[ev.key];
      cursor = { x: clamp(cursor.x + dx, size), y: clamp(cursor.y + dy, size) };
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      play(cursor.x, cursor.y);
    } else {
      return;
    }
    ev.preventDefault(); // the arrows and Space would scroll the page
    label();
    show(true);
  });
  // A click hides the cursor until the keyboard is used again.
  svg.addEventListener('pointerdown', () => { if (shown) show(false); });

  return {
    /** The cursor to draw: only while the board has the keyboard's focus. */
    cursor: () => (shown && cursor ? cursor : null),
    /** Call after every position change so the label follows the game. */
    update: () => { if (cursor) place(); label(); },
    /** A new game or size: the cursor goes back to where the game is. */
    reset: () => { cursor = null; label(); },
  };
}
