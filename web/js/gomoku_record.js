// Recording the Gomoku page's games against the computer: one record per game, under the
// settings it was played with, and only when the player has moved. A game played on from a loaded
// or pasted position says so (`start_moves`), and the server keeps it out of the statistics.
import { notify } from './api.js';
import { newGameId, nowSeconds, sendGame } from './record.js';

/**
 * The recorder of one page. `page` gives it the game (`game()`: the persisted object with `moves`,
 * the settings and `rec`, the record in progress), the server's last state (`state()`), and
 * `persist()`.
 */
export function gomokuRecorder(page) {
  const { persist } = page;
  // The settings a game is played under; a change of any of them in the middle of a game ends
  // its record (see settingsChanged).
  const playSettings = () => {
    const game = page.game();
    return {
      opponent: game.opponent, rule: game.rule, size: game.size, level: game.level,
      ai_color: game.computerFirst ? 'black' : 'white', time_ms: game.time_ms,
    };
  };
  // `start`: how many of the moves were there before the game began (a loaded or pasted
  // position; null until the position is known), so the record says where it started and counts
  // only the moves played after it.
  const fresh = (start = 0) => ({ id: newGameId(), startedAt: 0, sent: '', start, settings: playSettings() });

  // Moves the player made since the record's start (the AI's own opening moves are not a game).
  function playerMoves(rec, settings) {
    const { moves } = page.game();
    let n = 0;
    for (let i = rec.start || 0; i < moves.length; i++) if ((i % 2 === 0 ? 'black' : 'white') !== settings.ai_color) n++;
    return n;
  }

  // Sent when the game ends, when a new game, a loaded position or a change of settings replaces
  // it, and when the page is left; `sent` keeps a game from being sent twice.
  let finished = null;
  function record({ leaving = false } = {}) {
    const game = page.game();
    const rec = game.rec;
    if (!rec) return;
    const set = rec.settings || playSettings();
    if (set.opponent !== 'computer' || !playerMoves(rec, set)) return;
    const body = {
      client_id: rec.id, size: set.size, rule: set.rule, moves: game.moves.join(''), start_moves: rec.start || 0,
      level: set.level, ai_color: set.ai_color, time_ms: set.time_ms, started_at: rec.startedAt || nowSeconds(),
    };
    const key = JSON.stringify([body.size, body.rule, body.moves, body.level, body.ai_color, body.start_moves]);
    if (rec.sent === key) return;
    rec.sent = key;
    // A finished game's row is final: played on after an undo, it is recorded again as a new game.
    const st = page.state();
    if (st && st.over) {
      finished = rec.id;
      rec.id = newGameId();
    }
    persist();
    sendGame('gomoku', body, { leaving }).then((reply) => {
      if (reply && reply.learned) notify(`The AI learnt from this game: ${reply.learned.move} (move ${reply.learned.ply}) lost by force.`, 'info');
    });
  }

  return {
    record,
    /** The recording id of the last game that ended on this page (its review link), or null. */
    finishedId: () => finished,
    /** On page load: a record for the saved game (one saved by an older page started at move 0). */
    restore() {
      const game = page.game();
      if (!game.rec) game.rec = fresh();
      if (game.rec.start === undefined) game.rec.start = 0;
    },
    /** Whenever the position changed: fixes a loaded position's start (an undo may go back into
     *  it), stamps the start time, records a finished game. */
    afterPosition() {
      const game = page.game();
      const rec = game.rec;
      rec.start = Math.min(rec.start ?? game.moves.length, game.moves.length);
      if (game.moves.length <= rec.start) rec.settings = playSettings(); // nothing played yet
      else if (!rec.startedAt) rec.startedAt = nowSeconds();
      const st = page.state();
      if (st && st.over) record();
    },
    /** Ends the current record; the next starts from the empty board, or (fromPosition) from
     *  whatever position comes next (a loaded or pasted one). */
    startNew({ fromPosition = false } = {}) {
      record();
      page.game().rec = fresh(fromPosition ? null : 0);
    },
    /** A setting that changes the game (rule, opponent, AI colour, level, think time): a game
     *  under way is recorded under the settings it was played with, and play goes on as a game
     *  from this position; before any move the record just takes the new settings. */
    settingsChanged() {
      const game = page.game();
      if (game.moves.length > (game.rec.start || 0)) {
        record();
        game.rec = fresh(game.moves.length);
      } else {
        game.rec.settings = playSettings();
      }
      persist();
    },
  };
}
