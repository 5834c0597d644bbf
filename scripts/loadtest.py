#!/usr/bin/env python3
"""Hint latency under concurrent clients, against a running `tilestone serve` on this machine.

    python3 scripts/loadtest.py [--url http://127.0.0.1:8048] [--clients 20] [--requests 10] [--time-ms 50]

Each client sends --requests analyze requests one after another (expectimax, --time-ms think
time) on varied boards; the script prints latency p50/p99/max in milliseconds. Only loopback
addresses are accepted, and the run is bounded by clients x requests."""
import argparse
import json
import random
import statistics
import threading
import time
import urllib.parse
import urllib.request

p = argparse.ArgumentParser()
p.add_argument("--url", default="http://127.0.0.1:8048")
p.add_argument("--clients", type=int, default=20)
p.add_argument("--requests", type=int, default=10)
p.add_argument("--time-ms", type=float, default=50)
p.add_argument("--seed", type=int, default=1)
args = p.parse_args()
host = urllib.parse.urlparse(args.url).hostname
if not (host == "localhost" or host.startswith("127.") or host == "::1"):
    raise SystemExit("loadtest: only loopback addresses are allowed")
if not (1 <= args.clients <= 200 and 1 <= args.requests <= 1000):
    raise SystemExit("loadtest: 1-200 clients, 1-1000 requests each")

rng = random.Random(args.seed)
boards = []
for _ in range(64):
    cells = [0 if rng.random() < 0.4 else 2 ** rng.randint(1, 9) for _ in range(16)]
    cells[rng.randrange(16)] = 0
    boards.append("/".join(",".join(str(v) for v in cells[r * 4:r * 4 + 4]) for r in range(4)))

latencies, errors = [], []
lock = threading.Lock()


def client(k):
    for i in range(args.requests):
        body = json.dumps({"board": boards[(k * args.requests + i) % len(boards)], "ai": "expectimax",
                           "time_ms": args.time_ms}).encode()
        req = urllib.request.Request(args.url + "/api/2048/analyze", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        t0 = time.perf_counter()
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                r.read()
            ms = (time.perf_counter() - t0) * 1000
            with lock:
                latencies.append(ms)
        except Exception as e:  # noqa: BLE001 - report every failure kind
            with lock:
                errors.append(str(e))


t0 = time.perf_counter()
threads = [threading.Thread(target=client, args=(k,)) for k in range(args.clients)]
for t in threads:
    t.start()
for t in threads:
    t.join()
wall = time.perf_counter() - t0
latencies.sort()
q = statistics.quantiles(latencies, n=100, method="inclusive") if len(latencies) > 1 else latencies * 99
print(f"{args.clients} clients x {args.requests} requests, think time {args.time_ms:g} ms: "
      f"{len(latencies)} ok, {len(errors)} errors, {wall:.1f} s")
print(f"latency ms: p50 {q[49]:.1f}  p99 {q[98]:.1f}  max {latencies[-1]:.1f}")
if errors:
    print("first error:", errors[0])
    raise SystemExit(1)
