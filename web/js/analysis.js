// A Gomoku search in human terms, for the game page: a bar of black's chance to win (a proven
// result as "+M7"), the depth under way, nodes and nodes per second, the principal variation,
// and a clock that ticks while the AI thinks.
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fmtCount = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : String(n));
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

let clock = null;
let clockStarted = null;

/** The time on the clock ("0.0 s" when none runs). Every report rebuilds the panel, so the
 *  clock's element is born with this text: reports faster than the tick never leave it blank. */
export function clockText() {
  const ms = clockStarted === null ? 0 : performance.now() - clockStarted;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Starts the clock shown in `area`'s `.clock` element (restarting it if it runs). */
export function startClock(area) {
  stopClock();
  clockStarted = performance.now();
  const tick = () => {
    const c = area.querySelector('.clock');
    if (c) c.textContent = clockText();
  };
  tick();
  clock = setInterval(tick, 100);
}

export function stopClock() {
  if (clock) { clearInterval(clock); clock = null; }
  clockStarted = null;
}

function winrateHtml(msg, mover) {
  if (msg.win_probability === undefined || !mover) return '';
  const other = mover === 'black' ? 'white' : 'black';
  const black = mover === 'black' ? msg.win_probability : 1 - msg.win_probability;
  const label = msg.mate !== null && msg.mate !== undefined
    ? `${msg.score_text} · ${msg.mate > 0 ? mover : other} wins in ${Math.abs(msg.mate)}`
    : `${cap(mover)} ${msg.score_text} to win`;
  return `<div class="winrate" title="Black's chance to win (search value ${msg.value})"><span class="winrate-bar">`
    + `<span class="winrate-fill" style="width:${(100 * black).toFixed(1)}%"></span></span>`
    + `<span class="winrate-text">${escape(label)}</span></div>`;
}

/** The HTML of one search report (`done`: the search is over); `mover` is the side searched for. */
export function thinkingHtml(info, done, mover) {
  const parts = [];
  if (!done) parts.push('<span class="spinner" aria-hidden="true"></span>');
  const bits = [];
  if (info.move) bits.push(`played <b>${escape(info.move)}</b>`);
  if (info.depth !== undefined) bits.push(`depth ${info.depth}${info.partial ? '…' : ''}`);
  if (info.nodes !== undefined) bits.push(`${fmtCount(info.nodes)} nodes`);
  if (info.nodes_per_s) bits.push(`<span class="analysis-speed">${fmtCount(Math.round(info.nodes_per_s))} nodes/s</span>`);
  if (!done) bits.push(`<span class="clock analysis-speed">${clockText()}</span>`);
  else if (info.time_ms !== undefined) bits.push(`${(info.time_ms / 1000).toFixed(2)} s`);
  if (done && info.eval === 'network') bits.push('network evaluation');
  parts.push(bits.join(' · ') || 'thinking…');
  const pv = info.pv && info.pv.length ? `<br>PV <span class="pv">${info.pv.map(escape).join(' ')}</span>` : '';
  return `${winrateHtml(info, mover)}${parts.join(' ')}${pv}`;
}
