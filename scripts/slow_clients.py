#!/usr/bin/env python3
"""Slow and idle clients against `tilestone serve`: do normal requests still answer?

    python3 scripts/slow_clients.py --bin build/tilestone [--idle 70] [--hold-s 20] [--clients 50]

Starts `tilestone serve --port 0 --no-db` (loopback), then opens --idle connections that hold
the server's attention without finishing a request: some send nothing, some half a request
line, some a header byte a second (slowloris), some a POST header whose body never comes. A
connection the server drops is opened again at once, so --idle of them stay open for --hold-s
seconds. Meanwhile a probe sends ordinary requests (GET /api/info, POST /api/2048/new, a 50 ms
/api/2048/analyze) one after another and times each.

Then --clients clients at once send --requests 50 ms analyses each (the load of a busy web app).

It prints the probe latencies and the concurrent clients' latencies, and fails (exit 1) when a
probe is not answered, or any answer takes longer than --max-ms."""
import argparse
import json
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument("--bin", required=True)
p.add_argument("--idle", type=int, default=70, help="slow or idle connections held open")
p.add_argument("--hold-s", type=float, default=20)
p.add_argument("--clients", type=int, default=50, help="concurrent clients in the second phase (0: none)")
p.add_argument("--requests", type=int, default=4, help="analyses per concurrent client")
p.add_argument("--max-ms", type=float, default=1000, help="the slowest answer allowed")
args = p.parse_args()

BOARD = "2,4,8,16/0,2,0,4/0,0,0,2/0,0,2,128"
tmp = tempfile.mkdtemp(prefix="tilestone-slow-")
# The server writes through its own handle, this script reads through another (a shared one
# shares its offset: a seek(0) here would make the server overwrite its first line).
with open(f"{tmp}/server.log", "ab") as server_out:
    server = subprocess.Popen([args.bin, "serve", "--port", "0", "--no-db"], stdout=server_out, stderr=subprocess.STDOUT)
log = open(f"{tmp}/server.log", "r")
base = None
for _ in range(300):
    log.seek(0)
    m = re.search(r"http://[0-9.]+:\d+", log.read())
    if m:
        base = m.group(0)
        break
    time.sleep(0.05)
if not base:
    server.kill()
    sys.exit("slow_clients: the server did not start")
host, port = base[7:].split(":")
port = int(port)

stop = threading.Event()
opened = [0]
lock = threading.Lock()


def attacker(kind):
    """Keeps one slow connection open until `stop`, reopening it when the server lets it go."""
    while not stop.is_set():
        try:
            s = socket.create_connection((host, port), timeout=2)
        except OSError:
            time.sleep(0.1)
            continue
        with lock:
            opened[0] += 1
        try:
            if kind == 1:
                s.sendall(b"GET /api/in")
            elif kind == 3:
                s.sendall(b"POST /api/2048/new HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
            s.settimeout(1.0)
            while not stop.is_set():
                if kind == 2:
                    s.sendall(b"X")  # slowloris: a header byte now and then
                try:
                    if s.recv(1024) == b"":
                        break  # the server dropped us: open another
                except socket.timeout:
                    pass
        except OSError:
            pass
        finally:
            s.close()


def timed(method, path, body=None):
    req = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(), method=method,
                                 headers={"Content-Type": "application/json"})
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            r.read()
            ok = r.status == 200
    except Exception:  # noqa: BLE001 - any failure is a failed probe
        ok = False
    return ok, (time.perf_counter() - t0) * 1000


failures = []
attackers = [threading.Thread(target=attacker, args=(k % 4,), daemon=True) for k in range(args.idle)]
for t in attackers:
    t.start()
time.sleep(min(1.0, args.hold_s / 4))  # let them all connect
probes = []
end = time.perf_counter() + args.hold_s
i = 0
while time.perf_counter() < end:
    method, path, body = [("GET", "/api/info", None), ("POST", "/api/2048/new", {"seed": i}),
                          ("POST", "/api/2048/analyze", {"board": BOARD, "ai": "expectimax", "time_ms": 50})][i % 3]
    ok, ms = timed(method, path, body)
    probes.append(ms)
    if not ok:
        failures.append(f"probe {i} ({method} {path}) failed after {ms:.0f} ms")
    i += 1
    time.sleep(0.25)
stop.set()
for t in attackers:
    t.join(timeout=5)
probes_sorted = sorted(probes)
print(f"slow_clients: {args.idle} slow/idle connections held {args.hold_s:.0f} s ({opened[0]} opened in all); "
      f"{len(probes)} probes answered {len(probes) - len(failures)}: ms p50 {statistics.median(probes):.1f}, "
      f"max {probes_sorted[-1]:.1f}  [{' '.join(f'{ms:.0f}' for ms in probes)}]")
if probes_sorted[-1] > args.max_ms:
    failures.append(f"the slowest probe took {probes_sorted[-1]:.0f} ms (more than {args.max_ms:.0f})")

if args.clients:
    lat, errors = [], []

    def client(k):
        for j in range(args.requests):
            ok, ms = timed("POST", "/api/2048/analyze", {"board": BOARD, "ai": "expectimax", "time_ms": 50, "seed": k * 100 + j})
            with lock:
                (lat if ok else errors).append(ms)

    t0 = time.perf_counter()
    threads = [threading.Thread(target=client, args=(k,)) for k in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lat.sort()
    print(f"slow_clients: {args.clients} concurrent clients x {args.requests} analyses of 50 ms in "
          f"{time.perf_counter() - t0:.1f} s: {len(lat)} ok, {len(errors)} failed; ms p50 {statistics.median(lat):.0f}, "
          f"p99 {lat[int(0.99 * (len(lat) - 1))]:.0f}, max {lat[-1]:.0f}")
    if errors:
        failures.append(f"{len(errors)} concurrent requests failed")
    if lat and lat[-1] > args.max_ms:
        failures.append(f"the slowest concurrent answer took {lat[-1]:.0f} ms (more than {args.max_ms:.0f})")

alive = server.poll() is None
server.terminate()
server.wait(timeout=30)
if not alive:
    failures.append("the server died")
for f in failures:
    print("FAIL", f)
if failures:
    print(f"server log: {tmp}/server.log")
    sys.exit(1)
shutil.rmtree(tmp, ignore_errors=True)
