#!/usr/bin/env python3
"""The game-review timings of docs/results: a recorded 30-move Gomoku game and a recorded 1,000-move
2048 game, each reviewed by the command line at its default settings, in a fresh database.

    python3 scripts/review_bench.py --bin build/tilestone [--moves-2048 1000] [--seed 3]

The 2048 game is played through a private `tilestone serve` (expectimax at 1 ms a move, seeded)
and recorded there; the Gomoku game is the first 30-move game of data/selfplay/free-1.json,
recorded with `tilestone history`'s database through the same server. Prints each review's
summary line (which holds its time)."""
import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

p = argparse.ArgumentParser()
p.add_argument("--bin", default="build/tilestone")
p.add_argument("--moves-2048", type=int, default=1000)
p.add_argument("--gomoku-moves", type=int, default=30)
p.add_argument("--seed", type=int, default=3)
args = p.parse_args()
if not 1 <= args.moves_2048 <= 20000:
    raise SystemExit("review_bench: --moves-2048 must be 1-20000")
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def post(url, body):
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)


with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "bench.db")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([args.bin, "serve", "--port", str(port), "--db", db], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/api/info", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        # Step 1. A 2048 game of --moves-2048 moves (a new seeded game each time one ends early).
        seed = args.seed
        while True:
            start = post(base + "/api/2048/new", {"seed": seed})
            state, letters = start, ""
            while len(letters) < args.moves_2048 and not state.get("over"):
                a = post(base + "/api/2048/analyze", {"board": state["board"], "ai": "expectimax", "time_ms": 1})
                if not a["best"]:
                    break
                state = post(base + "/api/2048/move", {"board": state["board"], "score": state["score"], "dir": a["best"], "seed": state["seed"]})
                letters += a["best"][0].upper()
            if len(letters) >= args.moves_2048:
                break
            seed += 1
        g2048 = post(base + "/api/history/2048", {"client_id": "bench-2048", "start_board": start["board"], "start_score": 0,
                                                  "seed": start["seed"], "moves": letters, "ai": "expectimax", "time_ms": 1})
        # Step 2. The first self-play Gomoku game of the wanted length.
        with open(os.path.join(root, "data/selfplay/free-1.json")) as f:
            doc = json.load(f)
        game = next(g for g in doc["games"] if len(g["moves"]) // 2 <= args.gomoku_moves and len(g["moves"].replace("1", "")) > 0
                    and sum(1 for c in g["moves"] if c.isalpha()) == args.gomoku_moves)
        gomoku = post(base + "/api/history/gomoku", {"client_id": "bench-gomoku", "size": 15, "rule": "freestyle", "moves": game["moves"],
                                                     "level": "strong", "ai_color": "white", "time_ms": 100})
    finally:
        server.terminate()
        server.wait()
    for cmd in ([args.bin, "gomoku", "review", "--id", str(gomoku["id"]), "--db", db],
                [args.bin, "2048", "review", "--id", str(g2048["id"]), "--db", db]):
        print("$ " + " ".join(cmd[:4] + ["ID"]), flush=True)
        t0 = time.monotonic()
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        wall = time.monotonic() - t0
        print(out.splitlines()[0])
        print(f"  wall time of the command (with its start-up and the network load): {wall:.1f} s")
