#!/usr/bin/env python3
"""A Gomocup brain's peak memory in a game against itself, against its INFO max_memory.

The brain plays both sides of a game: each move is a BOARD command holding every stone from the
side to move's view, as a manager sends it when it joins a game. Every search gets its whole
turn on several threads, so the transposition table (a share of max_memory) fills up as in a
tournament. The peak is the largest resident set of the brain's process (the kernel's high-water
mark, and getrusage's of the finished child), for a Linux build or for Wine running a Windows one.

    brain_memory.py --limit BYTES [--moves N] [--turn-ms MS] [--threads T] -- COMMAND...

Prints one line and exits 1 when the peak reaches the limit (or the brain misbehaves).
"""

import argparse
import resource
import subprocess
import sys


def read_answer(brain):
    """The next line that is not a MESSAGE, without its line end; None when the brain is gone."""
    while True:
        line = brain.stdout.readline()
        if not line:
            return None
        line = line.strip()
        if line and not line.upper().startswith(("MESSAGE", "DEBUG")):
            return line


def high_water_kb(pid):
    """VmHWM of a running process, in kB (0 when it cannot be read)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def five(stones, x, y, size):
    """Whether the stone at x, y is part of five or more in a row of its colour."""
    colour = stones[(x, y)]
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        count = 1
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while 0 <= cx < size and 0 <= cy < size and stones.get((cx, cy)) == colour:
                count += 1
                cx, cy = cx + sign * dx, cy + sign * dy
        if count >= 5:
            return True
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, required=True, help="INFO max_memory, bytes")
    parser.add_argument("--moves", type=int, default=16)
    parser.add_argument("--turn-ms", type=int, default=400)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--size", type=int, default=20)
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()

    brain = subprocess.Popen(args.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(*lines):
        brain.stdin.write("".join(line + "\n" for line in lines))
        brain.stdin.flush()

    send(f"INFO max_memory {args.limit}", f"INFO timeout_turn {args.turn_ms}", f"INFO thread_num {args.threads}",
         f"START {args.size}")
    if read_answer(brain) != "OK":
        sys.exit("FAIL the brain did not answer START with OK")

    stones = {}  # (x, y) -> move number; a move's parity is its colour
    order = []
    peak_kb = 0
    while len(order) < args.moves:
        mover = len(order) % 2
        board = [f"{x},{y},{1 if n % 2 == mover else 2}" for n, (x, y) in enumerate(order)]
        send("BOARD", *board, "DONE")
        answer = read_answer(brain)
        peak_kb = max(peak_kb, high_water_kb(brain.pid))
        try:
            x, y = (int(v) for v in answer.split(","))
        except (AttributeError, ValueError):
            sys.exit(f"FAIL move {len(order) + 1}: '{answer}' is not a move")
        if not (0 <= x < args.size and 0 <= y < args.size) or (x, y) in stones:
            sys.exit(f"FAIL move {len(order) + 1}: {x},{y} is off the board or taken")
        stones[(x, y)] = mover
        order.append((x, y))
        if five(stones, x, y, args.size):
            break
    send("END")
    try:
        brain.wait(timeout=30)
    except subprocess.TimeoutExpired:
        brain.kill()
        sys.exit("FAIL the brain did not exit after END")
    peak_kb = max(peak_kb, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    peak = peak_kb * 1024
    verdict = "ok  " if peak < args.limit else "FAIL"
    print(f"{verdict} peak resident memory {peak / 1e6:.1f} MB over {len(order)} moves of {args.turn_ms} ms on "
          f"{args.threads} threads (max_memory {args.limit / 1e6:.0f} MB): {' '.join(args.command)}")
    sys.exit(0 if peak < args.limit else 1)


if __name__ == "__main__":
    main()
