"""The JSON API of `tilestone serve`: every endpoint, good and bad input, concurrent clients.
Usage: api_test.py http://127.0.0.1:PORT"""
import json
import sys
import threading
import urllib.error
import urllib.request

BASE = sys.argv[1].rstrip("/")
failures = []


def request(method, path, body=None, raw=None):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    req = urllib.request.Request(BASE + path, data=data, method=method,
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


def post(path, body=None, raw=None):
    status, text = request("POST", path, body, raw)
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

# Lab benchmark stream
status, text = request("GET", "/api/2048/bench/stream?ai=greedy&games=3&seed=4")
events = [e for e in text.split("\n\n") if e.strip()]
check("bench streams progress then a result", status == 200 and events[0].startswith("event: progress")
      and events[-1].startswith("event: result"), text[:200])
result = json.loads(events[-1].split("data: ", 1)[1])
check("bench result has the table and the SVG", "2048" in result["reach"] and result["svg"].startswith("<svg"))
status, text = request("GET", "/api/2048/bench/stream?ai=greedy&games=100000")
check("bench game count is capped", status == 400 and "error" in json.loads(text), text)
status, text = request("GET", "/api/2048/bench/stream?ai=nobody&games=2")
check("bench unknown AI", status == 400, text)

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
