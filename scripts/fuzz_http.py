#!/usr/bin/env python3
"""Seeded fuzzer for the HTTP API of `tilestone serve`.

    python3 scripts/fuzz_http.py --bin build/tilestone [--requests 300] [--seed 1]
    python3 scripts/fuzz_http.py --bin build-asan/tilestone --requests 5200 --slack-s 5   # the long run

It starts `tilestone serve --port 0` on a fresh database in a temporary folder (loopback only)
and sends every endpoint well-formed and malformed requests: mutated fields (numbers too large
for any type, wrong types, invalid UTF-8, huge strings), corrupted and non-JSON bodies, bodies
over the cap, wrong methods and content types, bad query strings, and raw malformed HTTP. Some
requests record games; the answers that acknowledge one are remembered.

It fails when any answer is a 5xx, an error without a JSON {"error"} body, an answer that took
longer than the server's caps allow (think time or Lab wall time, plus --slack-s), a sanitizer
report or internal error on the server's standard error, or a server that died. At the end the
server is killed (SIGKILL) and the database must pass PRAGMA integrity_check and hold every
acknowledged game. `--case K` replays one case of the same seed."""
import argparse
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.parse

MAX_TIME_MS = 100       # the server's --max-time-ms for the run
MAX_BENCH_S = 1         # the server's --max-bench-s for the run
BODY_CAP = 64 * 1024

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument("--bin", required=True, help="the tilestone executable")
p.add_argument("--requests", type=int, default=300)
p.add_argument("--seed", type=int, default=1)
p.add_argument("--slack-s", type=float, default=2.0, help="allowed time beyond the caps (more for sanitizer builds)")
p.add_argument("--raw-wait-s", type=float, default=0.3, help="quiet time that ends an answer to raw bytes")
p.add_argument("--case", type=int, default=None, help="send only this case (same seed)")
p.add_argument("--stop", choices=["kill", "term"], default="kill",
               help="end the server with SIGKILL (the database must survive it) or SIGTERM (it must exit 0, "
                    "and a sanitizer build checks for leaks)")
p.add_argument("--verbose", action="store_true")
args = p.parse_args()
rng = random.Random(args.seed)

# ---------------------------------------------------------------------------------------------
# Values

DIRS = ["up", "down", "left", "right"]
AIS = ["expectimax", "minimax", "montecarlo", "greedy", "random"]
LEVELS = ["strong", "minimax", "scorer", "montecarlo"]
RULES = ["freestyle", "standard", "renju"]
RAW = "\x00RAW{}\x00"   # placeholder for text that JSON cannot express, spliced in after dumps
raw_tokens = []


def raw(token: bytes):
    raw_tokens.append(token)
    return RAW.format(len(raw_tokens) - 1)


NASTY_RAW = [b"1e400", b"-1e400", b"123456789012345678901234567890", b"-99999999999999999999999", b"NaN",
             b"Infinity", b"01", b"1.", b".5", b"0x10", b"+1", b"\"\xff\xfe\"", b"\"\xc0\xaf\"", b"\"\xed\xa0\x80\"",
             b"\"\\ud800\"", b"\"\\u0000\"", b"[" * 200 + b"]" * 200, b"{\"a\":" * 100 + b"1" + b"}" * 100, b"tru",
             b"\"\\x41\"", b"1e-400", b"-0", b"18446744073709551616", b"9223372036854775808"]


def nasty():
    """A value that no field should accept whole, or an edge that some will."""
    k = rng.randrange(6)
    if k == 0:
        return raw(rng.choice(NASTY_RAW))
    if k == 1:
        return rng.choice([0, -1, 1, 2 ** 31, 2 ** 53 + 1, 2 ** 63, 2 ** 64 - 1, -(2 ** 63), 10 ** 15 + 1])
    if k == 2:
        return rng.choice([1e308, -1e308, 1e-320, 0.5, -0.0, 3.7, 1e15])
    if k == 3:
        return rng.choice(["", " ", "a" * rng.choice([300, 5000, 70000]), "\u00e9\u4e2d\U0001f600", "h8h8", "../../x",
                           "%s%n", "0x10", "-5", "1e400", "null", "left\u0000"])
    if k == 4:
        return rng.choice([None, True, False, [], {}, [1, 2], {"a": 1}])
    return raw(bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))))


def board_text():
    cells = [0 if rng.random() < 0.4 else 2 ** rng.randint(1, rng.choice([11, 17])) for _ in range(16)]
    if rng.random() < 0.2:
        return "0x" + "".join("%x" % rng.randrange(16) for _ in range(16))
    sep = rng.choice([",", " "])
    return "/".join(sep.join(str(v) for v in cells[r * 4:r * 4 + 4]) for r in range(4))


def point(x, y):
    return chr(ord("a") + x) + str(y + 1)


def gomoku_moves(size, n):
    cells = [(x, y) for x in range(size) for y in range(size)]
    rng.shuffle(cells)
    return "".join(point(x, y) for x, y in cells[:n])


def seed_value():
    return rng.choice([rng.randrange(2 ** 64), str(rng.randrange(2 ** 64)), rng.randrange(100)])


# Valid 2048 games to record: start board, seed and moves, played through the server itself.
games_2048 = []

# ---------------------------------------------------------------------------------------------
# Endpoints: method, path, and a well-formed body or query


def body_2048_new():
    return {"seed": seed_value()} if rng.random() < 0.8 else {}


def body_2048_move():
    return {"board": board_text(), "score": rng.randrange(10 ** 6), "dir": rng.choice(DIRS), "seed": str(rng.randrange(2 ** 64))}


def ai_fields(max_depth=10):
    out = {"ai": rng.choice(AIS), "time_ms": rng.randint(1, MAX_TIME_MS)}
    if rng.random() < 0.4:
        out["depth"] = rng.randint(1, max_depth)
        if rng.random() < 0.5:
            del out["time_ms"]  # a depth alone must still be held to the time cap
    if rng.random() < 0.3:
        out["playouts"] = rng.randint(1, 2000)
    out["seed"] = seed_value()
    return out


def body_2048_analyze():
    return {"board": board_text(), **ai_fields()}


def query_bench():
    q = {"ai": rng.choice(AIS), "games": rng.randint(1, 3), "time_ms": rng.randint(1, 5), "seed": rng.randrange(1000)}
    if rng.random() < 0.3:
        q["depth"] = rng.randint(1, 5)
    return q


def body_gomoku_state():
    size = rng.randint(5, 22)
    return {"size": size, "rule": rng.choice(RULES), "moves": gomoku_moves(size, rng.randint(0, 12))}


def body_gomoku_move():
    b = body_gomoku_state()
    b.update({"level": rng.choice(LEVELS), "time_ms": rng.randint(1, MAX_TIME_MS), "seed": seed_value()})
    if rng.random() < 0.3:
        b["depth"] = rng.randint(1, 30)
        if rng.random() < 0.5:
            del b["time_ms"]
    return b


client_ids = 0


def new_client_id():
    global client_ids
    client_ids += 1
    return f"fz{args.seed}-{client_ids}"


def body_history_2048():
    if not games_2048:
        return {"client_id": new_client_id()}
    start, seed, moves = rng.choice(games_2048)
    return {"client_id": new_client_id(), "start_board": start, "start_score": 0, "seed": seed, "moves": moves,
            "ai": rng.choice(AIS), "time_ms": 100, "auto_moves": 0, "started_at": int(time.time()) - 60}


def body_history_gomoku():
    size = rng.randint(5, 22)
    return {"client_id": new_client_id(), "size": size, "rule": rng.choice(RULES),
            "moves": gomoku_moves(size, rng.randint(1, 9)), "level": rng.choice(LEVELS),
            "ai_color": rng.choice(["black", "white"]), "time_ms": 1000, "started_at": int(time.time()) - 60}


def query_history():
    return {"game": rng.choice(["2048", "gomoku", ""]), "limit": rng.randint(1, 500)}


acked = {}  # (game, client_id) -> (id, moves) of the last acknowledged record

ENDPOINTS = [  # method, path, body or query maker, kind, weight
    ("POST", "/api/2048/new", body_2048_new, "json", 3),
    ("POST", "/api/2048/move", body_2048_move, "json", 4),
    ("POST", "/api/2048/analyze", body_2048_analyze, "json", 4),
    ("GET", "/api/2048/bench/stream", query_bench, "sse", 1),
    ("POST", "/api/gomoku/state", body_gomoku_state, "json", 3),
    ("POST", "/api/gomoku/move", body_gomoku_move, "json", 3),
    ("GET", "/api/gomoku/move/stream", body_gomoku_move, "sse", 2),
    ("POST", "/api/history/2048", body_history_2048, "json", 3),
    ("POST", "/api/history/gomoku", body_history_gomoku, "json", 3),
    ("GET", "/api/history", query_history, "query", 2),
    ("GET", "/api/history/game/{id}", lambda: {}, "query", 2),
    ("GET", "/api/info", lambda: {}, "query", 1),
    ("GET", "/", lambda: {}, "asset", 1),
]
SEARCHES = {"/api/2048/analyze", "/api/gomoku/move", "/api/gomoku/move/stream"}

# ---------------------------------------------------------------------------------------------
# Mutations


def mutate_fields(obj):
    obj = dict(obj)
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(4)
        keys = list(obj)
        if k == 0 and keys:
            obj[rng.choice(keys)] = nasty()
        elif k == 1 and keys:
            del obj[rng.choice(keys)]
        elif k == 2:
            obj[rng.choice(["extra", "depth", "time_ms", "playouts", "games", "size", "seed", "score"])] = nasty()
        else:
            obj[rng.choice(keys or ["x"])] = rng.choice([None, [obj.get(keys[0]) if keys else 1], {"v": 1}])
    return obj


def dumps(obj):
    text = json.dumps(obj, ensure_ascii=rng.random() < 0.5).encode()
    return re.sub(rb"\"\\u0000RAW(\d+)\\u0000\"|\"\x00RAW(\d+)\x00\"",
                  lambda m: raw_tokens[int(m.group(1) or m.group(2))], text)


def corrupt(data: bytes):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(4)
        if k == 0 and data:
            data[rng.randrange(len(data))] = rng.randrange(256)
        elif k == 1 and data:
            del data[rng.randrange(len(data)):]
        elif k == 2:
            at = rng.randrange(len(data) + 1)
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 6)))
        elif data:
            at = rng.randrange(len(data))
            data[at:at] = rng.choice([b"{", b"[", b"\"", b"\\", b",", b":", b"\xff", b"1e999"])
    return bytes(data)


OTHER_BODIES = [b"", b"null", b"[]", b"1", b"\"x\"", b"{", b"{}" * 10, b"\xff\xfe\x00", b"{\"a\":1,}",
                b"[" * 30000, b"{\"board\":" + b"1" * 70000 + b"}", b" " * 65000 + b"{}"]


def query_string(q, broken):
    parts = []
    for k, v in q.items():
        if v is None or isinstance(v, (list, dict)):
            v = json.dumps(v)
        parts.append(urllib.parse.quote(str(k), safe="") + "=" + urllib.parse.quote(str(v), safe=""))
    if broken:
        for _ in range(rng.randint(1, 3)):
            parts.append(rng.choice(["%ff", "%", "%zz", "%00", "+", "a" * 3000, "=", "&&", "%c3%28"]) +
                         rng.choice(["", "=" + rng.choice(["%ff%fe", "1e400", "-1", "99999999999999999999", "%e2%82"])]))
            if parts and rng.random() < 0.5:
                k = rng.randrange(len(parts))
                parts[k] = parts[k].split("=")[0] + "=" + rng.choice(["%ff", "%c0%af", "", "%ed%a0%80"])
    return "&".join(parts)


RAW_REQUESTS = [
    b"GET /api/info HTTP/1.1\r\n\r\n", b"FOO /api/info HTTP/1.1\r\nHost: x\r\n\r\n", b"GET\r\n\r\n",
    b"GET /api/info HTTP/9.9\r\nHost: x\r\n\r\n", b"GET /api/info\r\n\r\n", b"\r\n\r\n", b"\x00\x01\x02\xff\r\n\r\n",
    b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", b"GET / HTTP/1.1\r\nX: " + b"a" * 9000 + b"\r\n\r\n",
    b"GET / HTTP/1.1\r\n" + b"".join(b"X%d: y\r\n" % i for i in range(500)) + b"\r\n",
    b"POST /api/2048/move HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n10000\r\n" + b"a" * 65536 + b"\r\n0\r\n\r\n",
    b"POST /api/2048/move HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
    b"POST /api/2048/move HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n",
    b"POST /api/2048/move HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{}",
    b"POST /api/2048/move HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}",
    b"POST /api/2048/new HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}GET /api/info HTTP/1.1\r\n\r\n",
    b"GET /api/history/game/%ff%fe HTTP/1.1\r\nHost: x\r\n\r\n", b"GET /api/../api/info HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /api/history?limit=%ff&game=%c0 HTTP/1.1\r\nHost: x\r\n\r\n", b"GET http://x/api/info HTTP/1.1\r\n\r\n",
    b"GET /api/info HTTP/1.1\r\nRange: bytes=99999-1\r\n\r\n", b"GET / HTTP/1.1\r\nRange: bytes=0-1,5-2,x\r\n\r\n",
    b"GET /api/info HTTP/1.1\r\nExpect: 100-continue\r\n\r\n", b"GET /api/info HTTP/1.1\r\nHost: \xff\xfe\r\n\r\n",
]

# ---------------------------------------------------------------------------------------------
# Sending and checking

failures, stats = [], {"requests": 0, "raw": 0, "4xx": 0, "2xx": 0, "5xx": 0, "closed": 0, "max_ms": 0.0,
                       "max_search_ms": 0.0}


def fail(case, what):
    failures.append(f"case {case}: {what}")
    print(f"FAIL case {case}: {what}", flush=True)


def check_answer(case, desc, status, headers, body, ms, limit_s, head=False):
    stats["requests"] += 1
    stats["max_ms"] = max(stats["max_ms"], ms)
    if status >= 500:
        stats["5xx"] += 1
        fail(case, f"{desc}: HTTP {status} {body[:200]!r}")
    elif status >= 400:
        stats["4xx"] += 1
    else:
        stats["2xx"] += 1
    if any(k.lower() == "exception_what" for k, _ in headers):
        fail(case, f"{desc}: EXCEPTION_WHAT header")
    if status >= 400 and not head and status != 204:
        try:
            err = json.loads(body)
            assert isinstance(err, dict) and isinstance(err.get("error"), str) and err["error"]
        except Exception:  # noqa: BLE001
            fail(case, f"{desc}: HTTP {status} without a JSON error: {body[:200]!r}")
    if ms > limit_s * 1000:
        fail(case, f"{desc}: took {ms:.0f} ms, over the {limit_s:.1f} s its caps allow")


def sse_ok(case, desc, body):
    for block in body.decode("utf-8", "replace").split("\n\n"):
        if not block.strip():
            continue
        data = [line[5:] for line in block.split("\n") if line.startswith("data:")]
        # A block of comment lines only (": ", the server's heartbeat) is no event.
        if not data and all(line.startswith(":") for line in block.split("\n") if line):
            continue
        try:
            json.loads("".join(data))
        except Exception:  # noqa: BLE001
            fail(case, f"{desc}: an event that is not JSON: {block[:200]!r}")


def send(case, method, target, body=None, headers=None, limit_s=None, kind="json"):
    limit_s = limit_s or args.slack_s
    desc = f"{method} {target[:80]!r}"
    conn = http.client.HTTPConnection(host, port, timeout=limit_s + 30)
    t0 = time.perf_counter()
    try:
        conn.putrequest(method, target, skip_host=False, skip_accept_encoding=True)
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        if body is not None or method in ("POST", "PUT", "PATCH"):
            conn.putheader("Content-Length", str(len(body or b"")))
        conn.endheaders()
        if body:
            conn.send(body)
        r = conn.getresponse()
        data = r.read()
        ms = (time.perf_counter() - t0) * 1000
        check_answer(case, desc, r.status, r.getheaders(), data, ms, limit_s, head=method == "HEAD")
        if kind == "sse" and r.status == 200:
            sse_ok(case, desc, data)
        return r.status, data
    except (ConnectionError, http.client.HTTPException, socket.timeout, OSError) as e:
        ms = (time.perf_counter() - t0) * 1000
        # The server may close a connection whose request it refused (a body over the cap).
        if body is not None and len(body) > BODY_CAP and isinstance(e, (ConnectionError, http.client.HTTPException)):
            stats["closed"] += 1
            return None, b""
        fail(case, f"{desc}: {type(e).__name__} {e} after {ms:.0f} ms")
        return None, b""
    finally:
        conn.close()


def send_raw(case, data):
    """Raw bytes; every answer is read. The library writes no answer to a client that has
    half-closed its side, so the fuzzer first waits for answers until the line is quiet for
    --raw-wait-s, then half-closes (a request still incomplete ends) and reads to the end."""
    stats["raw"] += 1
    s = socket.create_connection((host, port), timeout=args.slack_s + 10)
    t0 = time.perf_counter()
    out = b""
    try:
        s.sendall(data)
        s.settimeout(args.raw_wait_s)
        try:
            while chunk := s.recv(65536):
                out += chunk
        except socket.timeout:
            pass
        s.settimeout(args.slack_s + 10)
        s.shutdown(socket.SHUT_WR)
        while chunk := s.recv(65536):
            out += chunk
    except (ConnectionError, OSError):
        pass  # a reset after a refusal is an answer too
    finally:
        s.close()
    ms = (time.perf_counter() - t0) * 1000
    if ms > (args.slack_s + 6) * 1000:  # a half-sent request waits the read timeout (5 s)
        fail(case, f"raw {data[:40]!r}: {ms:.0f} ms")
    # Every answer on the connection: none may be a 5xx, each error carries JSON.
    for m in re.finditer(rb"HTTP/1\.1 (\d{3})[^\r]*\r\n(.*?)\r\n\r\n", out, re.S):
        status = int(m.group(1))
        length = re.search(rb"(?i)content-length: (\d+)", m.group(2))
        payload = out[m.end():m.end() + int(length.group(1))] if length else b""
        check_answer(case, f"raw {data[:40]!r}", status, [], payload, 0, 1e9)
    if not out:
        stats["closed"] += 1


def make_case(case):
    """Builds one case from the seeded generator: (function, arguments)."""
    if rng.random() < 0.06:
        data = rng.choice(RAW_REQUESTS)
        if rng.random() < 0.5:
            data = corrupt(data)
        return send_raw, (case, data)
    method, path, maker, kind, _ = rng.choices(ENDPOINTS, weights=[e[4] for e in ENDPOINTS])[0]
    base = maker()
    limit = args.slack_s + (MAX_TIME_MS / 1000 if path in SEARCHES else 0) + (MAX_BENCH_S if kind == "sse" and "bench" in path else 0)
    if path.endswith("{id}"):
        # The generator draws the same numbers whatever the server answered, so a seed repeats.
        ids, pick = sorted(acked.values()), rng.randrange(1 << 30)
        path = path.replace("{id}", rng.choice([str(ids[pick % len(ids)]) if ids else "1", "0", "-1", "abc", "%ff",
                                                  "99999999999999999999", "1e3", ""]))
    headers = {"Content-Type": rng.choice(["application/json"] * 6 + ["text/plain", "application/x-www-form-urlencoded",
                                                                     "multipart/form-data; boundary=x", "\xff"])}
    r = rng.random()
    if r < 0.06:  # a method the path does not take
        method = rng.choice(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"])
    mutated = r >= 0.25  # a quarter of the cases are well-formed: the control group
    if kind in ("json",) and method in ("POST", "PUT", "PATCH", "DELETE"):
        k = rng.random()
        if not mutated:
            body = dumps(base)
        elif k < 0.55:
            body = dumps(mutate_fields(base))
        elif k < 0.85:
            body = corrupt(dumps(base))
        else:
            body = rng.choice(OTHER_BODIES)
        return send, (case, method, path, body, headers, limit, kind)
    q = mutate_fields(base) if mutated and base and rng.random() < 0.6 else base
    target = path + ("?" + query_string(q, mutated and rng.random() < 0.5) if q or mutated else "")
    body = None if method in ("GET", "HEAD", "OPTIONS") else dumps(q)
    return send, (case, method, target, body, headers, limit, kind)


# ---------------------------------------------------------------------------------------------
# The run

tmp = tempfile.mkdtemp(prefix="tilestone-fuzz-http-")
db = os.path.join(tmp, "fuzz.db")
# The server writes through its own handle and this script reads through another: one shared
# handle would share its offset, and a seek(0) to read the log would make the server's next
# line overwrite the first (the address).
log_path = os.path.join(tmp, "server.log")
with open(log_path, "ab") as server_out:
    server = subprocess.Popen([args.bin, "serve", "--port", "0", "--db", db, "--max-time-ms", str(MAX_TIME_MS),
                               "--max-bench-s", str(MAX_BENCH_S)], stdout=server_out, stderr=subprocess.STDOUT)
log = open(log_path, "r")
url = None
for _ in range(300):
    log.seek(0)
    m = re.search(r"http://([0-9.]+):(\d+)", log.read())
    if m:
        url = m
        break
    time.sleep(0.05)
if not url:
    server.kill()
    log.seek(0)
    sys.exit("fuzz_http: the server did not start:\n" + log.read())
host, port = url.group(1), int(url.group(2))


def server_log():
    log.seek(0)
    return log.read()


def setup_games():
    """A few real 2048 games, played through /api/2048/move, for the recording requests."""
    for s in range(4):
        status, data = send("setup", "POST", "/api/2048/new", json.dumps({"seed": 1000 + s}).encode())
        g = json.loads(data)
        start, seed, board, score, moves = g["board"], g["seed"], g["board"], 0, ""
        for i in range(30):
            d = DIRS[(i * 7 + s) % 4]
            status, data = send("setup", "POST", "/api/2048/move",
                                json.dumps({"board": board, "score": score, "dir": d, "seed": g["seed"]}).encode())
            m = json.loads(data)
            if m["moved"]:
                moves += d[0].upper()
                board, score, g["seed"] = m["board"], m["score"], m["seed"]
        games_2048.append((start, seed, moves))


t_start = time.perf_counter()
try:
    setup_games()
    for k in stats:
        stats[k] = 0
    for case in range(args.requests):
        raw_tokens.clear()
        fn, fargs = make_case(case)
        if args.case is not None and case != args.case:
            continue
        if args.verbose:
            print(case, fargs[1:4] if fn is send else fargs[1][:60], flush=True)
        result = fn(*fargs)
        if fn is send and result and result[0] == 200 and fargs[1] == "POST" and fargs[2].startswith("/api/history/"):
            body = json.loads(fargs[3])
            ans = json.loads(result[1])
            game = "2048" if fargs[2].endswith("2048") else "gomoku"
            acked[(game, body["client_id"])] = ans["id"]
        if server.poll() is not None:
            fail(case, f"the server died (exit {server.returncode})")
            break
        if case % 100 == 99:
            st, _ = send(case, "GET", "/api/info")
            if st != 200:
                fail(case, "the server stopped answering /api/info")

    # Everything acknowledged is there, through the API and in the file after a hard kill.
    for (game, cid), gid in acked.items():
        st, data = send("end", "GET", f"/api/history/game/{gid}")
        if st != 200 or json.loads(data).get("client_id") != cid:
            fail("end", f"acknowledged game {gid} ({game}, {cid}) is not served back: {st}")
finally:
    alive = server.poll() is None
    server.send_signal(signal.SIGKILL if args.stop == "kill" else signal.SIGTERM)
    try:
        code = server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        code = server.wait()
        fail("end", "the server did not stop within 30 s of SIGTERM")
    if args.stop == "term" and code != 0:
        fail("end", f"the server exited {code} after SIGTERM")
elapsed = time.perf_counter() - t_start

text = server_log()
for pattern in ("AddressSanitizer", "LeakSanitizer", "runtime error:", "internal error"):
    if pattern in text:
        fail("log", f"the server's output holds '{pattern}':\n{text[-3000:]}")
if not alive:
    fail("end", "the server was not alive at the end")

con = sqlite3.connect(db)
integrity = con.execute("PRAGMA integrity_check").fetchone()[0]
if integrity != "ok":
    fail("db", f"integrity_check: {integrity}")
rows = {(g, c): i for i, g, c in con.execute("SELECT id, game, client_id FROM games WHERE client_id IS NOT NULL")}
missing = [k for k, gid in acked.items() if rows.get(k) != gid]
if missing:
    fail("db", f"{len(missing)} acknowledged games missing after SIG{args.stop.upper()}, e.g. {missing[:3]}")
con.close()

print(f"fuzz_http: seed {args.seed}, {args.requests} requests ({stats['raw']} of them raw HTTP) in {elapsed:.0f} s: "
      f"{stats['requests']} answers: {stats['2xx']} 2xx, {stats['4xx']} 4xx, {stats['5xx']} 5xx; "
      f"{stats['closed']} connections closed without an answer; slowest answer {stats['max_ms']:.0f} ms")
print(f"fuzz_http: server {'alive' if alive else 'DEAD'} at the end; {len(acked)} games acknowledged, "
      f"{len(acked) - len(missing)} present after SIG{args.stop.upper()}; integrity_check {integrity}")
if failures:
    print(f"fuzz_http: {len(failures)} failures (server log: {os.path.join(tmp, 'server.log')})")
    sys.exit(1)
shutil.rmtree(tmp, ignore_errors=True)
print("fuzz_http: ok")
