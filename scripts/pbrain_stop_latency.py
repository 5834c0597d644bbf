#!/usr/bin/env python3
"""How fast pbrain-tilestone stops a long think, through real pipes, as an analysis GUI uses it.

Each try starts the brain, gives it an unlimited turn on a 22x22 board with show_detail on, and
lets it think for --think-ms; then it sends YXSTOP and times the answer (the best move so far),
lets it think again and sends END and times the exit. It checks on the way that the think
streamed its depth lines before it was stopped. Prints the median and the maximum of both
times, and with --json-out FILE writes every try.

    python3 scripts/pbrain_stop_latency.py --bin build/pbrain-tilestone --tries 100
"""
import argparse
import json
import queue
import statistics
import subprocess
import sys
import threading
import time

BOARD = ["BOARD", "10,10,1", "11,11,2", "DONE"]


def one_try(binary, think_s, timeout_s):
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    lines = queue.Queue()

    def read():
        for line in p.stdout:
            lines.put((time.monotonic(), line.rstrip("\r\n")))
        lines.put((time.monotonic(), None))

    threading.Thread(target=read, daemon=True).start()

    def send(*commands):
        p.stdin.write("".join(c + "\n" for c in commands))
        p.stdin.flush()
        return time.monotonic()

    def answer(deadline):
        """The next line that is not a MESSAGE, and the MESSAGE lines before it."""
        messages = []
        while True:
            at, line = lines.get(timeout=max(0.01, deadline - time.monotonic()))
            if line is None or not line.startswith("MESSAGE"):
                return at, line, messages
            messages.append(line)

    try:
        send("INFO timeout_turn 99999999999999999999", "INFO timeout_match 0", "INFO show_detail 1", "START 22")
        _, ok, _ = answer(time.monotonic() + timeout_s)
        if ok != "OK":
            raise RuntimeError(f"START answered {ok!r}")
        send(*BOARD)
        time.sleep(think_s)
        sent = send("YXSTOP")
        at, move, messages = answer(sent + timeout_s)
        if move is None or "," not in move:
            raise RuntimeError(f"YXSTOP answered {move!r}")
        depth_lines = sum(1 for m in messages if m.startswith("MESSAGE depth "))
        if depth_lines == 0:
            raise RuntimeError("no MESSAGE depth line while thinking with show_detail")
        stop_ms = (at - sent) * 1000
        send("BOARD", "10,10,1", "11,11,2", "12,10,1", "DONE")
        time.sleep(think_s)
        sent = send("END")
        p.wait(timeout=timeout_s)
        end_ms = (time.monotonic() - sent) * 1000
        return {"yxstop_ms": stop_ms, "end_ms": end_ms, "depth_lines": depth_lines, "move": move}
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", required=True, help="the pbrain-tilestone executable")
    ap.add_argument("--tries", type=int, default=100)
    ap.add_argument("--think-ms", type=float, default=300, help="how long each think runs before it is stopped")
    ap.add_argument("--max-ms", type=float, default=0, help="fail (exit 1) when a stop or an exit takes longer")
    ap.add_argument("--json-out", help="write every try to this JSON file")
    a = ap.parse_args()
    if a.tries < 1:
        ap.error("--tries must be at least 1")
    tries = []
    for i in range(a.tries):
        try:
            tries.append(one_try(a.bin, a.think_ms / 1000, timeout_s=30))
        except (RuntimeError, queue.Empty, subprocess.TimeoutExpired) as e:
            print(f"try {i + 1}: {e or 'no answer within 30 s'}", file=sys.stderr)
            return 1
    stop = [t["yxstop_ms"] for t in tries]
    end = [t["end_ms"] for t in tries]
    print(f"{len(tries)} tries, {a.think_ms:.0f} ms of thinking before each stop")
    print(f"YXSTOP to answer: median {statistics.median(stop):.1f} ms, max {max(stop):.1f} ms")
    print(f"END to exit:      median {statistics.median(end):.1f} ms, max {max(end):.1f} ms")
    if a.json_out:
        with open(a.json_out, "w") as f:
            json.dump({"tries": tries, "think_ms": a.think_ms}, f, indent=1)
    if a.max_ms and max(stop + end) > a.max_ms:
        print(f"FAIL: over {a.max_ms:.0f} ms", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
