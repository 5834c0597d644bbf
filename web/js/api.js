// Thin client for the tilestone JSON API: fetch helpers, Server-Sent Events, and the message area.
// The browser holds no game rules; every move and analysis goes through these calls.

/** Shows a short, non-blocking message (errors in red) that fades after a few seconds. */
export function notify(text, kind = 'error') {
  let area = document.getElementById('messages');
  if (!area) {
    area = document.createElement('div');
    area.id = 'messages';
    area.setAttribute('role', 'status');
    area.setAttribute('aria-live', 'polite');
    document.body.appendChild(area);
  }
  const item = document.createElement('div');
  item.className = `message message-${kind}`;
  item.textContent = text;
  item.addEventListener('click', () => item.remove());
  area.appendChild(item);
  while (area.children.length > 4) area.firstElementChild.remove();
  setTimeout(() => item.classList.add('fade'), kind === 'error' ? 6000 : 3000);
  setTimeout(() => item.remove(), kind === 'error' ? 6600 : 3600);
}

/** An error the server reported (HTTP 400 with {"error": ...}) or a network failure. */
export class ApiError extends Error {}

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(`cannot reach the server (${e.message})`);
  }
  let data = null;
  const text = await response.text();
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!response.ok) {
    const reason = data && data.error ? data.error : `HTTP ${response.status}${text ? ': ' + text.slice(0, 120) : ''}`;
    throw new ApiError(reason);
  }
  if (data === null) throw new ApiError(`unexpected reply from ${path}`);
  return data;
}

export const get = (path) => request('GET', path);
export const post = (path, body) => request('POST', path, body);

let infoPromise = null;
/** GET /api/info, fetched once per page. */
export function info() {
  if (!infoPromise) infoPromise = get('/api/info').catch((e) => { infoPromise = null; throw e; });
  return infoPromise;
}

/**
 * Opens an SSE stream. handlers: { [eventName]: (data) => void, error: (message) => void }.
 * The stream closes itself after `result` or `error`; returns an object with close().
 */
export function stream(path, params, handlers) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) query.set(k, String(v));
  const url = `${path}?${query}`;
  const source = new EventSource(url);
  let finished = false;
  let received = false;
  const finish = () => { finished = true; source.close(); };
  for (const [name, fn] of Object.entries(handlers)) {
    if (name === 'error') continue;
    source.addEventListener(name, (ev) => {
      received = true;
      let data;
      try { data = JSON.parse(ev.data); } catch { data = ev.data; }
      if (name === 'result') finish();
      fn(data);
    });
  }
  // The server's own `event: error` carries data; a transport error does not.
  source.addEventListener('error', async (ev) => {
    if (finished) return;
    let message = 'the stream was interrupted';
    if (ev.data) {
      try { message = JSON.parse(ev.data).error || message; } catch { message = ev.data; }
    }
    finish();
    // Bad parameters are refused with HTTP 400 before the stream starts, which EventSource
    // cannot read: ask once more with fetch to show the server's reason.
    if (!ev.data && !received) message = (await explain(url)) || message;
    if (handlers.error) handlers.error(message);
  });
  return { close: finish, get closed() { return finished; } };
}

async function explain(url) {
  const abort = new AbortController();
  try {
    const response = await fetch(url, { signal: abort.signal });
    if (response.ok) { abort.abort(); return null; }
    const body = await response.json().catch(() => null);
    return body && body.error ? body.error : `HTTP ${response.status}`;
  } catch {
    return 'cannot reach the server';
  }
}

/** Reads JSON from localStorage, or the fallback when absent or corrupt. */
export function load(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

export function save(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* storage full or disabled */ }
}
