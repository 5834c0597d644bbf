"""The JSON API of `tilestone serve`: every endpoint, good and bad input, concurrent clients.
Usage: api_test.py http://127.0.0.1:PORT [http://127.0.0.1:PORT2]
The first server records games in a fresh database; the second (optional) has a database it
cannot open, so it serves without recording."""
import http.client
import json
import re
import socket
import sys
import threading
import time
import urllib.error
import urllib.request

BASE = sys.argv[1].rstrip("/")
NO_DB_BASE = sys.argv[2].rstrip("/") if len(sys.argv) > 2 else None
failures = []


def request(method, path, body=None, raw=None, base=None):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    req = urllib.request.Request((base or BASE) + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def check(name, cond, detail=""):
    print(("ok   " if cond else "FAIL ") + name + ("" if cond else f"  {detail}"))
    if not cond:
        failures.append(name)


def post(path, body=None, raw=None, base=None):
    status, text = request("POST", path, body, raw, base)
    try:
        return status, json.loads(text)
    except json.JSONDecodeError:
        return status, {"_text": text}


def get(path, base=None):
    status, text = request("GET", path, base=base)
    try:
        return status, json.loads(text)
    except json.JSONDecodeError:
        return status, {"_text": text}


def expect_400(name, path, body=None, raw=None):
    status, j = post(path, body, raw)
    check(name, status == 400 and isinstance(j.get("error"), str) and j["error"], f"{status} {j}")


# info
status, text = request("GET", "/api/info")
info = json.loads(text)
check("info lists the 2048 AIs", status == 200 and "expectimax" in info["ais2048"])

# new game: two tiles, a seed for the next move
status, g = post("/api/2048/new", {"seed": 42})
check("new game has two tiles", status == 200 and sum(1 for v in g["cells"] if v) == 2, g)
status, g2 = post("/api/2048/new", {"seed": 42})
check("same seed, same new game", g2["board"] == g["board"] and g2["seed"] == g["seed"])

# move: motions, spawn, score
status, m = post("/api/2048/move", {"board": "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4", "score": 10, "dir": "left", "seed": "7"})
check("move merges and scores", status == 200 and m["moved"] and m["gain"] == 4 and m["score"] == 14, m)
check("move lists motions", {"from": 1, "to": 0, "value": 2, "merged": True} in m["motions"], m.get("motions"))
check("move spawns one tile", m["spawn"]["value"] in (2, 4) and m["cells"][m["spawn"]["cell"]] == m["spawn"]["value"], m)
status, same = post("/api/2048/move", {"board": "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4", "score": 10, "dir": "left", "seed": "7"})
check("same seed, same spawn", same["spawn"] == m["spawn"] and same["seed"] == m["seed"])
status, nm = post("/api/2048/move", {"board": "2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0", "score": 0, "dir": "left", "seed": "7"})
check("a move that changes nothing", status == 200 and nm["moved"] is False and "spawn" not in nm, nm)
status, over = post("/api/2048/move", {"board": "2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2", "dir": "up"})
check("lost board reports over", status == 200 and over["over"] is True and not over["moved"], over)

# analyze
for ai in ["expectimax", "minimax", "montecarlo", "greedy", "random"]:
    status, a = post("/api/2048/analyze", {"board": "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4", "ai": ai, "time_ms": 20, "playouts": 20})
    check(f"analyze with {ai}", status == 200 and a["best"] in ("up", "down", "left", "right") and len(a["moves"]) == 4, a)
status, a = post("/api/2048/analyze", {"board": "2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2"})
check("analyze a lost board: best is null", status == 200 and a["best"] is None and all(not m["legal"] for m in a["moves"]), a)

# bad input
expect_400("malformed JSON", "/api/2048/move", raw=b"{not json")
expect_400("body not an object", "/api/2048/move", raw=b"[1,2]")
expect_400("missing board", "/api/2048/analyze", {})
expect_400("board of wrong type", "/api/2048/analyze", {"board": 7})
expect_400("illegal board", "/api/2048/analyze", {"board": "3,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0"})
expect_400("unknown AI", "/api/2048/analyze", {"board": "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4", "ai": "oracle"})
expect_400("think time over the cap", "/api/2048/analyze", {"board": "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4", "time_ms": 10 ** 9})
expect_400("negative think time", "/api/2048/analyze", {"board": "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4", "time_ms": -1})
expect_400("think time of wrong type", "/api/2048/analyze", {"board": "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4", "time_ms": "fast"})
expect_400("bad direction", "/api/2048/move", {"board": "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4", "dir": "north"})
expect_400("bad seed", "/api/2048/move", {"board": "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4", "dir": "up", "seed": "-1x"})
status, j = post("/api/2048/analyze", raw=b"{\"board\": \"" + b"2," * 40000 + b"\"}")
check("oversized body is refused", status == 413, status)
status, text = request("GET", "/api/nowhere")
check("unknown endpoint is a JSON 404", status == 404 and "error" in json.loads(text))

# Requests that were once answered with a 500, let through, or given an empty 4xx.
BOARD = "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4"


def raw_request(method, path, body=b"", headers=None):
    """Status, headers and body, with bytes in the path and body exactly as given."""
    conn = http.client.HTTPConnection(BASE.split("//")[1], timeout=30)
    conn.putrequest(method, path, skip_accept_encoding=True)
    for k, v in (headers or {"Content-Type": "application/json"}).items():
        conn.putheader(k, v)
    if method in ("POST", "PUT", "PATCH"):
        conn.putheader("Content-Length", str(len(body)))
    conn.endheaders()
    if body:
        conn.send(body)
    r = conn.getresponse()
    data = r.read()
    conn.close()
    return r.status, dict(r.getheaders()), data


def json_error(data):
    try:
        j = json.loads(data)
        return isinstance(j, dict) and isinstance(j.get("error"), str) and j["error"] != ""
    except ValueError:
        return False


for name, method, path, body in [
        ("a number too large for any type", "POST", "/api/2048/move", b'{"board":"%s","score":1e400,"dir":"left"}' % BOARD.encode()),
        ("a huge integer", "POST", "/api/2048/analyze", b'{"board":"%s","depth":123456789012345678901234567890}' % BOARD.encode()),
        ("a lone surrogate escape", "POST", "/api/2048/move", b'{"board":"\\udc00","dir":"left"}'),
        ("an error message that echoes invalid UTF-8", "POST", "/api/2048/analyze", b'{"board":"%s","ai":"\xff"}' % BOARD.encode()),
        ("invalid UTF-8 bytes in the body", "POST", "/api/2048/move", b'{"board":"\xff\xfe","dir":"left"}'),
        ("invalid UTF-8 in a query string", "GET", "/api/gomoku/move/stream?rule=%ff%fe", b""),
        ("invalid UTF-8 in a Lab query", "GET", "/api/2048/bench/stream?ai=%ff", b""),
        ("invalid UTF-8 in a history query", "GET", "/api/history?game=%c3%28", b""),
        ("invalid UTF-8 in a game id", "GET", "/api/history/game/%ff", b"")]:
    status, headers, data = raw_request(method, path, body)
    check(f"{name}: a 400 with a JSON error, no EXCEPTION_WHAT", status == 400 and json_error(data)
          and "EXCEPTION_WHAT" not in headers, (status, headers, data[:200]))
for method, path, allow in [("PUT", "/api/2048/move", "POST"), ("DELETE", "/api/info", "GET, HEAD"),
                            ("GET", "/api/2048/analyze", "POST"), ("POST", "/api/history/game/1", "GET, HEAD"),
                            ("PATCH", "/", "GET, HEAD")]:
    status, headers, data = raw_request(method, path, b"{}" if method != "GET" else b"")
    check(f"{method} {path}: 405 with Allow and a JSON error", status == 405 and headers.get("Allow") == allow
          and json_error(data), (status, headers, data[:200]))
status, headers, data = raw_request("DELETE", "/api/nowhere")
check("an unknown path with any method is a JSON 404", status == 404 and json_error(data), (status, data))
status, headers, data = raw_request("GET", "/no-such-page")
check("an unknown page is a JSON 404", status == 404 and json_error(data), (status, data))


def send_raw(data):
    """The server's first answer to these bytes (status line, headers and the body its
    Content-Length announces). The connection stays open meanwhile: the library writes no answer
    to a client that has half-closed it."""
    s = socket.create_connection(BASE.split("//")[1].split(":"), timeout=10)
    s.sendall(data)
    answer = b""
    while True:
        head, sep, body = answer.partition(b"\r\n\r\n")
        length = re.search(rb"(?i)content-length: *(\d+)", head)
        if sep and len(body) >= (int(length.group(1)) if length else 0):
            break
        chunk = s.recv(4096)
        if not chunk:
            break
        answer += chunk
    s.close()
    return answer


answer = send_raw(b"POST /api/2048/new HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
check("a chunked body is refused with 411 and a JSON error", answer.startswith(b"HTTP/1.1 411") and b'"error"' in answer, answer)
answer = send_raw(b"BREW /api/info HTTP/1.1\r\nHost: x\r\n\r\n")
check("a malformed request line is a 400 with a JSON error", answer.startswith(b"HTTP/1.1 400") and b'"error"' in answer, answer)

# The think-time cap holds whatever the depth: minimax at depth 9 with 10 ms used to run 40 s.
t0 = time.perf_counter()
status, a = post("/api/2048/analyze", {"board": BOARD, "ai": "minimax", "depth": 9, "time_ms": 10})
took = time.perf_counter() - t0
check("a depth does not lift the time cap", status == 200 and a["best"] and took < 2 and a["depth"] < 9, (status, took, a))
t0 = time.perf_counter()
status, g = post("/api/gomoku/move", {"size": 15, "moves": "h8i9", "level": "minimax", "depth": 30, "time_ms": 20})
took = time.perf_counter() - t0
check("a Gomoku depth does not lift the time cap", status == 200 and took < 2, (status, took, g))

# A Lab run stops at the server's wall-time cap (this server: --max-bench-s 2), with its results.
t0 = time.perf_counter()
status, text = request("GET", "/api/2048/bench/stream?ai=expectimax&games=200&time_ms=5&seed=3")
took = time.perf_counter() - t0
events = [e for e in text.split("\n\n") if e.strip()]
result = json.loads(events[-1].split("data: ", 1)[1]) if events else {}
check("a long Lab run is cut short at the cap and says so", status == 200 and events[-1].startswith("event: result")
      and result.get("cut_short") is True and 1 <= result["games"] < 200 and took < 6, (took, text[-300:]))

# Lab benchmark stream
status, text = request("GET", "/api/2048/bench/stream?ai=greedy&games=3&seed=4")
events = [e for e in text.split("\n\n") if e.strip()]
kinds = [e.split("\n", 1)[0] for e in events]
first_move = json.loads(events[0].split("data: ", 1)[1]) if events else {}
check("bench streams the game in play, progress per game, then a result", status == 200
      and kinds[0] == "event: move" and first_move.get("game") == 1 and first_move.get("moves") == 1
      and kinds.count("event: progress") == 3 and kinds[-1] == "event: result"
      and set(kinds) == {"event: move", "event: progress", "event: result"}, text[:300])
result = json.loads(events[-1].split("data: ", 1)[1])
check("bench result has the table, the max tiles and the SVG", "2048" in result["reach"] and result["svg"].startswith("<svg")
      and sum(t["games"] for t in result["max_tiles"]) == 3)
status, text = request("GET", "/api/2048/bench/stream?ai=greedy&games=100000")
check("bench game count is capped", status == 400 and "error" in json.loads(text), text)
status, text = request("GET", "/api/2048/bench/stream?ai=nobody&games=2")
check("bench unknown AI", status == 400, text)

# The learned evaluation: the ntuple AI, expectimax's two evaluations, a short training run and
# the shipped network's curve.
board = "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4"
status, a = post("/api/2048/analyze", {"board": board, "ai": "ntuple"})
check("analyze with the ntuple AI", status == 200 and a["best"] in ("up", "down", "left", "right") and a["depth"] == 1, a)
for ev in ["ntuple", "heuristic"]:
    status, a = post("/api/2048/analyze", {"board": board, "eval": ev, "time_ms": 20})
    check(f"expectimax with the {ev} evaluation", status == 200 and a["eval"] == ev, a)
expect_400("unknown evaluation", "/api/2048/analyze", {"board": board, "eval": "vibes"})
expect_400("an evaluation for minimax", "/api/2048/analyze", {"board": board, "ai": "minimax", "eval": "ntuple"})
status, text = request("GET", "/api/2048/train/stream?games=200&every=100&seed=3")
events = [e for e in text.split("\n\n") if e.strip()]
check("training streams two points then a result", status == 200 and len(events) == 3
      and events[0].startswith("event: progress") and events[-1].startswith("event: result"), text[:300])
point = json.loads(events[1].split("data: ", 1)[1])
check("a training point has the games, mean score and tile rates",
      point["games"] == 200 and point["mean_score"] > 0 and "2048" in point["rates"], point)
status, text = request("GET", "/api/2048/train/stream?games=10000000")
check("training game count is capped", status == 400 and "error" in json.loads(text), text)
status, shipped = get("/api/2048/train/shipped")
check("the shipped curve has points and an SVG", status == 200 and len(shipped["points"]) > 10
      and shipped["svg"].startswith("<svg"), str(shipped)[:200])

# Gomoku: state, AI move, streamed AI move, bad input
status, st = post("/api/gomoku/state", {"size": 15, "rule": "freestyle", "moves": "h8i9h9"})
check("gomoku state: white to move", status == 200 and st["to_move"] == "white" and st["last"] == "h9"
      and st["winner"] is None, st)
status, st = post("/api/gomoku/state", {"size": 15, "rule": "freestyle", "moves": "h8a1h9a2h10a3h11a4h12"})
check("gomoku five wins with its line", status == 200 and st["winner"] == "black" and len(st["winning_line"]) == 5
      and st["over"], st)
# Renju: black's f8 g8 and i6 i7 make i8 a double three (the split three f8 g8 _ i8 and the
# three i6 i7 i8); white's stones are far away.
status, st = post("/api/gomoku/state", {"size": 15, "rule": "renju", "moves": "f8a1g8a2i6a3i7a4"})
check("renju lists the forbidden point for black", status == 200 and st["forbidden"] == ["i8"], st)
status, st = post("/api/gomoku/state", {"size": 15, "rule": "freestyle", "moves": "f8a1g8a2i6a3i7a4"})
check("freestyle has no forbidden points", status == 200 and st["forbidden"] == [], st)
status, st = post("/api/gomoku/state", {"size": 15, "rule": "renju", "moves": "f8a1g8a2i6a3i7a4i8"})
check("black playing a forbidden point loses", status == 200 and st["winner"] == "white"
      and st.get("reason") == "forbidden", st)
status, mv = post("/api/gomoku/move", {"size": 15, "rule": "renju", "moves": "h8", "level": "strong", "time_ms": 100})
check("gomoku AI move", status == 200 and isinstance(mv["move"], str) and mv["state"]["moves"][-1] == mv["move"]
      and mv["state"]["to_move"] == "black", mv)
for level in ["scorer", "minimax", "montecarlo"]:
    status, mv = post("/api/gomoku/move", {"size": 9, "rule": "freestyle", "moves": "e5", "level": level, "time_ms": 50})
    check(f"gomoku level {level}", status == 200 and mv["state"]["size"] == 9, mv)
status, text = request("GET", "/api/gomoku/move/stream?size=15&rule=freestyle&moves=h8i9&level=strong&time_ms=100")
events = [e for e in text.split("\n\n") if e.strip()]
check("gomoku stream ends in a result", status == 200 and events[-1].startswith("event: result"), text[:300])
expect_400("gomoku occupied point", "/api/gomoku/state", {"moves": "h8h8"})
expect_400("gomoku off the board", "/api/gomoku/state", {"size": 9, "moves": "z30"})
expect_400("gomoku bad rule", "/api/gomoku/state", {"rule": "chess"})
expect_400("gomoku bad size", "/api/gomoku/state", {"size": 40})
expect_400("gomoku size of wrong type", "/api/gomoku/state", {"size": "big"})
expect_400("gomoku move after the end", "/api/gomoku/move", {"moves": "h8a1h9a2h10a3h11a4h12", "time_ms": 50})
expect_400("gomoku moves after the end", "/api/gomoku/state", {"moves": "h8a1h9a2h10a3h11a4h12a5"})
expect_400("gomoku unknown level", "/api/gomoku/move", {"moves": "h8", "level": "god"})
expect_400("gomoku think time over the cap", "/api/gomoku/move", {"moves": "h8", "time_ms": 10 ** 7})
status, text = request("GET", "/api/gomoku/move/stream?moves=h8h8")
check("gomoku stream with a bad game is a 400", status == 400 and "error" in json.loads(text), text)

# History: recording web games (the server replays them), the aggregates, one game's replay
check("info: games are recorded", info.get("recording", {}).get("enabled") is True, info.get("recording"))
status, h = get("/api/history")
check("empty history", status == 200 and h["recording"] is True and h["games"] == []
      and h["summary"]["2048"]["games"] == 0 and h["summary"]["gomoku"] == [], h)


def play_2048(seed, count):
    """A web game as the page plays it: /new, then moves that change the board."""
    _, state = post("/api/2048/new", {"seed": seed})
    start = dict(state)
    moves = ""
    for _ in range(count):
        for letter, d in (("L", "left"), ("U", "up"), ("R", "right"), ("D", "down")):
            _, nxt = post("/api/2048/move", {"board": state["board"], "score": state["score"], "dir": d, "seed": state["seed"]})
            if nxt["moved"]:
                state, moves = nxt, moves + letter
                break
    return start, moves, state


start, moves, end = play_2048(11, 30)
record = {"client_id": "web-2048-a", "start_board": start["board"], "seed": start["seed"], "moves": moves[:20],
          "ai": "expectimax", "time_ms": 100, "auto_moves": 0}
status, r1 = post("/api/history/2048", record)
check("record a 2048 game", status == 200 and r1["created"] is True and r1["result"] == "quit" and r1["moves"] == 20, r1)
record["moves"] = moves
status, r2 = post("/api/history/2048", record)
check("the same client id updates its row", status == 200 and r2["created"] is False and r2["id"] == r1["id"]
      and r2["score"] == end["score"], (r2, end["score"]))
status, g = get(f"/api/history/game/{r1['id']}")
check("2048 replay: every position", status == 200 and len(g["frames"]) == len(moves) + 1
      and g["frames"][0]["cells"] == start["cells"] and g["frames"][-1]["cells"] == end["cells"]
      and g["frames"][-1]["score"] == end["score"] and g["frames"][1]["dir"] in ("left", "up", "right", "down")
      and "replay_error" not in g and g["moves"] == moves and g["source"] == "web", g.get("replay_error"))

# A position one move from the end: find a seed whose spawn leaves no move.
near_end = "2,4,2,4/4,2,4,2/2,4,2,4/8,16,2,2"
over_seed = next(s for s in range(1, 200) if post("/api/2048/move", {"board": near_end, "dir": "left", "seed": str(s)})[1]["over"])
status, r = post("/api/history/2048", {"client_id": "web-2048-over", "start_board": near_end, "start_score": 500,
                                       "seed": str(over_seed), "moves": "L"})
check("a finished 2048 game is 'over'", status == 200 and r["result"] == "over" and r["score"] == 504 and r["max_tile"] == 16, r)
status, g = get(f"/api/history/game/{r['id']}")
check("a game from a board that is not a new game's is a 'position' game, whatever the page says",
      status == 200 and g["origin"] == "position" and g["auto_moves"] == 0, g)
status, r = post("/api/history/2048", {**record, "client_id": "web-2048-auto", "auto_moves": len(moves), "origin": "new"})
check("an auto-played 2048 game", status == 200, r)
status, g = get(f"/api/history/game/{r['id']}")
check("its record says how many moves the AI made", g["auto_moves"] == len(moves) and g["origin"] == "new", g)

good = {"client_id": "x1", "start_board": "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0", "seed": "5", "moves": "L"}
expect_400("record 2048: malformed JSON", "/api/history/2048", raw=b"{oops")
expect_400("record 2048: no client id", "/api/history/2048", {k: v for k, v in good.items() if k != "client_id"})
expect_400("record 2048: bad client id", "/api/history/2048", {**good, "client_id": "a b/c"})
expect_400("record 2048: client id too long", "/api/history/2048", {**good, "client_id": "a" * 65})
expect_400("record 2048: bad start board", "/api/history/2048", {**good, "start_board": "3,0,0"})
expect_400("record 2048: no seed", "/api/history/2048", {k: v for k, v in good.items() if k != "seed"})
expect_400("record 2048: no moves", "/api/history/2048", {**good, "moves": ""})
expect_400("record 2048: moves of wrong type", "/api/history/2048", {**good, "moves": ["L"]})
expect_400("record 2048: not a direction", "/api/history/2048", {**good, "moves": "LX"})
expect_400("record 2048: a move that changes nothing", "/api/history/2048",
           {**good, "start_board": "2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0", "moves": "L"})
expect_400("record 2048: too many moves", "/api/history/2048", {**good, "moves": "L" * 60001})
expect_400("record 2048: unknown AI", "/api/history/2048", {**good, "ai": "oracle"})
expect_400("record 2048: think time of wrong type", "/api/history/2048", {**good, "time_ms": "slow"})
expect_400("record 2048: start in the future", "/api/history/2048", {**good, "started_at": 10 ** 11})
expect_400("record 2048: unknown origin", "/api/history/2048", {**good, "origin": "imported"})
expect_400("record 2048: more AI moves than moves", "/api/history/2048", {**good, "auto_moves": 2})

# Gomoku: the server decides the result; the AI (white) lost, so it learns.
lost = {"client_id": "web-go-1", "size": 15, "rule": "freestyle", "moves": "h8a1i8a2j8a3k8a4l8", "level": "scorer",
        "ai_color": "white", "time_ms": 200}
status, r = post("/api/history/gomoku", lost)
check("record a Gomoku game the AI lost", status == 200 and r["result"] == "black" and r["created"], r)
check("the AI learnt a losing move from it", isinstance(r.get("learned"), dict) and r["learned"]["move"] in ("a1", "a2", "a3", "a4"), r)
status, r2 = post("/api/history/gomoku", {**lost, "client_id": "web-go-2", "moves": "h8i9", "ai_color": "black", "level": "strong"})
check("an unfinished Gomoku game", status == 200 and r2["result"] == "unfinished" and r2["learned"] is None, r2)
status, g = get(f"/api/history/game/{r['id']}")
check("Gomoku game: points and winning line", status == 200 and g["points"][:2] == ["h8", "a1"] and len(g["points"]) == 9
      and sorted(g["winning_line"]) == ["h8", "i8", "j8", "k8", "l8"] and g["settings"]["ai_color"] == "white", g)
status, h = get("/api/history")
rows = {(x["level"], x["rule"], x["size"]): x for x in h["summary"]["gomoku"]}
check("Gomoku results by level", rows.get(("scorer", "freestyle", 15), {}).get("wins") == 1
      and rows.get(("strong", "freestyle", 15), {}).get("unfinished") == 1, h["summary"]["gomoku"])
check("history counts the learnt moves", h["summary"]["learned"] >= 1, h["summary"])
check("history: newest first, without moves", [x["id"] for x in h["games"]] == sorted((x["id"] for x in h["games"]), reverse=True)
      and all("moves" not in x and x["move_count"] > 0 for x in h["games"]), h["games"])
s2048 = h["summary"]["2048"]
check("2048 aggregates: your own games from a new start only", s2048["games"] == 1 and s2048["best_score"] == end["score"]
      and s2048["auto_games"] == 1 and s2048["position_games"] == 1
      and [t["games"] for t in s2048["max_tiles"]] == [1], s2048)
status, only = get("/api/history?game=gomoku&limit=1")
check("history filtered and limited", status == 200 and len(only["games"]) == 1 and only["games"][0]["game"] == "gomoku", only)

gbad = {**lost, "client_id": "bad"}
expect_400("record Gomoku: occupied point", "/api/history/gomoku", {**gbad, "moves": "h8h8"})
expect_400("record Gomoku: move after the end", "/api/history/gomoku", {**gbad, "moves": "h8a1i8a2j8a3k8a4l8a5"})
expect_400("record Gomoku: off the board", "/api/history/gomoku", {**gbad, "size": 9, "moves": "z30"})
expect_400("record Gomoku: no moves", "/api/history/gomoku", {**gbad, "moves": ""})
expect_400("record Gomoku: unknown rule", "/api/history/gomoku", {**gbad, "rule": "chess"})
expect_400("record Gomoku: unknown level", "/api/history/gomoku", {**gbad, "level": "god"})
expect_400("record Gomoku: bad AI colour", "/api/history/gomoku", {**gbad, "ai_color": "red"})
expect_400("record Gomoku: bad size", "/api/history/gomoku", {**gbad, "size": 40})
expect_400("record Gomoku: size of wrong type", "/api/history/gomoku", {**gbad, "size": "big"})
expect_400("record Gomoku: no move after the loaded position", "/api/history/gomoku", {**gbad, "moves": "h8i9", "start_moves": 2})
expect_400("record Gomoku: start_moves negative", "/api/history/gomoku", {**gbad, "start_moves": -1})
status, r = post("/api/history/gomoku", {**lost, "client_id": "web-go-loaded", "moves": "h8i9h9", "start_moves": 2})
status, g = get(f"/api/history/game/{r['id']}")
check("a Gomoku game from a loaded position", g.get("origin") == "position" and g["settings"]["start_moves"] == 2, g)
for path, name in (("/api/history?game=chess", "unknown game"), ("/api/history?limit=0", "limit 0"),
                   ("/api/history?limit=many", "limit not a number"), ("/api/history?limit=501", "limit over the cap"),
                   ("/api/history/game/abc", "game id not a number"), ("/api/history/game/0", "game id 0")):
    status, j = get(path)
    check(f"history: {name} is a 400", status == 400 and j.get("error"), (status, j))
status, j = get("/api/history/game/999999")
check("history: unknown game is a 404", status == 404 and "999999" in j.get("error", ""), (status, j))

# Concurrent recordings share the store safely: every one lands, each in its own row.
rec_results = []


def recorder(i):
    status, r = post("/api/history/2048", {**good, "client_id": f"conc-{i}", "moves": "L"})
    with lock:
        rec_results.append((status, r.get("id")))


lock = threading.Lock()
threads = [threading.Thread(target=recorder, args=(i,)) for i in range(16)]
for t in threads:
    t.start()
for t in threads:
    t.join()
ids = {i for s, i in rec_results if s == 200}
check("16 concurrent recordings all stored", len(ids) == 16, rec_results)
status, h = get("/api/history?game=2048&limit=500")
# Listed: the earlier own game, edited board and auto-played game, and the 16; counted: the own ones.
check("the concurrent games are listed", h["summary"]["2048"]["games"] == 17 and len(h["games"]) == 19, h["summary"]["2048"])

# A server whose database cannot be opened: play goes on, the history says why.
if NO_DB_BASE:
    status, i2 = get("/api/info", base=NO_DB_BASE)
    check("no-db server: info says games are not recorded", i2["recording"]["enabled"] is False
          and "database" in i2["recording"]["problem"], i2.get("recording"))
    status, h2 = get("/api/history", base=NO_DB_BASE)
    check("no-db server: history explains", status == 200 and h2["recording"] is False and h2["games"] == []
          and h2["problem"], h2)
    status, r = post("/api/history/2048", good, base=NO_DB_BASE)
    check("no-db server: recording answers 503 with a reason", status == 503 and "not recorded" in r.get("error", ""), (status, r))
    status, mv = post("/api/gomoku/move", {"size": 9, "moves": "e5", "level": "scorer", "time_ms": 50}, base=NO_DB_BASE)
    check("no-db server: the AI still plays", status == 200 and mv["move"], mv)

# many clients at once: all answered, none blocks the others
results = []
lock = threading.Lock()


def client(i):
    status, a = post("/api/2048/analyze", {"board": "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4", "time_ms": 50, "ai": "expectimax"})
    with lock:
        results.append(status == 200 and a["best"] is not None)


threads = [threading.Thread(target=client, args=(i,)) for i in range(20)]
for t in threads:
    t.start()
for t in threads:
    t.join()
check("20 concurrent analyses all answered", len(results) == 20 and all(results), results)

# the UI is served
status, text = request("GET", "/")
check("the 2048 page is served", status == 200 and "<html" in text.lower(), status)

print(f"{len(failures)} failed" if failures else "all API tests passed")
sys.exit(1 if failures else 0)
