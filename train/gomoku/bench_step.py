#!/usr/bin/python3
"""Times the trainer's step on real data: batch, forward, backward and Adam, one thread.

    /usr/bin/python3 train/gomoku/bench_step.py --data DATA/*.data [--steps 12] [--rank-weight 1]
    # another trainer (an older checkout's train/gomoku) on the same data, for a before / after:
    /usr/bin/python3 train/gomoku/bench_step.py --data DATA/*.data --trainer OLD/train/gomoku

Prints the median seconds a step over the steps after the first two (warm-up), and positions a
second. Random positions of the data (seeded), a fresh network; nothing is written.
"""

import argparse
import os
import sys
import time


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", nargs="+", required=True, help="training data files")
    ap.add_argument("--trainer", default=os.path.dirname(os.path.abspath(__file__)),
                    help="the folder of the train.py to time (default: this one)")
    ap.add_argument("--steps", type=int, default=12, help="steps timed, the first two as warm-up (at least 3)")
    ap.add_argument("--batch-size", type=int, default=256)
    ap.add_argument("--rank-weight", type=float, default=0.0, help="time the ranking loss too (> 0)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.steps < 3:
        raise SystemExit("bench_step: --steps must be at least 3")
    sys.path.insert(0, os.path.abspath(args.trainer))
    import numpy as np
    import torch
    import model as M
    import train as T
    import tsdata
    torch.set_num_threads(1)
    recs = tsdata.read_many(args.data)
    if len(recs) < args.batch_size:
        raise SystemExit(f"bench_step: {len(recs)} positions, fewer than a batch of {args.batch_size}")
    rng = np.random.default_rng(args.seed)
    net = M.GomokuNet(rule=int(recs["rule"][0]), seed=args.seed)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    times = []
    for _ in range(args.steps):
        part = recs[rng.permutation(len(recs))[: args.batch_size]]
        start = time.perf_counter()
        b = T.batch_tensors(part, rng, rng if args.rank_weight > 0 else None)
        v, p, _, _ = T.losses(net, b, 0.5)
        loss = v + p
        if args.rank_weight > 0:
            r = T.sibling_loss(net, b)
            if r is not None:
                loss = loss + args.rank_weight * r
        opt.zero_grad()
        loss.backward()
        opt.step()
        times.append(time.perf_counter() - start)
    median = float(np.median(times[2:]))
    print(f"{args.trainer}: {median:.4f} s a step of {args.batch_size} positions "
          f"({args.batch_size / median:.0f} positions/s){', ranking loss' if args.rank_weight > 0 else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
