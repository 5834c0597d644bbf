// Recording the games played in the browser: each game gets an id of its own, and when it ends
// (or a new game starts, or the page is left) the page sends it to POST /api/history/{2048,gomoku}.
// The server replays the moves and keeps one row per id, so sending a game again updates it.
import { info, post, notify } from './api.js';

let enabled = null; // unknown until /api/info answers
let warned = false;

/** Asks the server once whether it records games (a server run with --no-db does not). */
export async function initRecording() {
  try {
    const i = await info();
    enabled = !!(i.recording && i.recording.enabled);
  } catch {
    enabled = null;
  }
}

/** A fresh id for a browser game: 24 hex digits. */
export function newGameId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Sends one game to /api/history/{kind}. With `leaving` it goes as a beacon, which the browser
 * delivers after the page is gone (no reply). Resolves to the server's reply, or null when the
 * game was not recorded (the first failure is shown once).
 */
export async function sendGame(kind, body, { leaving = false } = {}) {
  if (enabled === false) return null;
  const path = `/api/history/${kind}`;
  if (leaving) {
    const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
    if (navigator.sendBeacon && navigator.sendBeacon(path, blob)) return null;
  }
  try {
    return await post(path, body);
  } catch (e) {
    if (!warned) {
      warned = true;
      notify(`This game was not recorded: ${e.message}`);
    }
    return null;
  }
}
