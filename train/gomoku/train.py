#!/usr/bin/python3
"""Trains the Gomoku network (model.py) on training data files (tsdata.py).

    /usr/bin/python3 train/gomoku/train.py --data DATA/*.tsd --rule freestyle --out RUNS/free-1 \
        --steps 20000 --batch-size 256 --lr 1e-3 --seed 1 --export

Targets: the game result (win / draw / loss) mixed with the search value turned into a win
probability, P = 1 / (1 + exp(-value / 1528.2)) (gomoku/params.h WINPROB_SCALE; a proven value
counts as 1 or 0), as one soft target for the value head's cross-entropy: --result-weight of the
one-hot result plus the rest of (P, 0, 1 - P) (P alone for a position off the game's path,
which has no result); and the search's best move as the policy target (cross-entropy over the
empty cells), weighted by --policy-weight.

Writes into --out (keep it outside the repository): log.csv and loss.svg (the loss curves),
checkpoint.pt (every --eval-every steps and at the end; --resume continues from it) and, with
--export, network.tsnet (the engine's file).
"""

import argparse
import csv
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as TF

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import export  # noqa: E402
import features as F  # noqa: E402
import model as M  # noqa: E402
import tsdata  # noqa: E402

CSV_FIELDS = ["step", "epoch", "seconds", "lr", "train_loss", "train_value_loss", "train_policy_loss", "val_loss",
              "val_value_loss", "val_policy_loss", "val_policy_top1", "val_result_accuracy",
              "val_sibling_accuracy"]


def load_start(path):
    """{"rule", "model"} of the weights a run starts from: a checkpoint.pt of another run, or an
    engine network file (.tsnet, the shipped one say), dequantised."""
    if not os.path.isfile(path):
        raise SystemExit(f"train: {path}: no such file")
    with open(path, "rb") as f:
        head = f.read(len(export.MAGIC))
    if head == export.MAGIC:
        with open(path, "rb") as f:
            try:
                rule, qnet, _ = export.decode(f.read())
            except ValueError as e:
                raise SystemExit(f"train: {path}: {e}")
        return {"rule": rule, "model": M.dequantise(qnet, rule)}
    try:
        return torch.load(path, map_location="cpu")
    except Exception as e:  # noqa: BLE001 -- whatever torch says of a file that is not its own
        raise SystemExit(f"train: {path} is neither a checkpoint.pt nor a network file ({e})")


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--data", nargs="+", help="training data files (zstd, TSGOMOKU)")
    src.add_argument("--synthetic", type=int, metavar="N", help="N synthetic positions instead (tsdata.synthetic; smoke tests)")
    ap.add_argument("--rule", choices=sorted(tsdata.RULES), default=None,
                    help="train on this rule's records only (default: the first record's rule)")
    ap.add_argument("--out", required=True, help="folder for the log, curves, checkpoint and network")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--val-fraction", type=float, default=0.05, help="share of the positions held out")
    ap.add_argument("--batch-size", type=int, default=256)
    ap.add_argument("--steps", type=int, default=None, help="optimiser steps (default: --epochs worth)")
    ap.add_argument("--epochs", type=float, default=1.0)
    ap.add_argument("--time-limit", type=float, default=None, help="stop after this many seconds")
    ap.add_argument("--lr", type=float, default=1e-3, help="Adam learning rate (cosine decay to 10 %% of it)")
    ap.add_argument("--weight-decay", type=float, default=0.0)
    ap.add_argument("--result-weight", type=float, default=0.5, help="share of the game result in the value target")
    ap.add_argument("--policy-weight", type=float, default=1.0)
    ap.add_argument("--rank-weight", type=float, default=0.0,
                    help="weight of the sibling ranking loss: after the searched best move the opponent must stand "
                         "worse than after another nearby move (0: off)")
    ap.add_argument("--rank-hard", type=float, default=0.0,
                    help="share of the ranking pairs whose other move is the policy's best other move (the rest: "
                         "a random point near the stones)")
    ap.add_argument("--skip-proven", action="store_true",
                    help="leave out the positions whose search proved a win or a loss (the search finds those itself)")
    ap.add_argument("--no-augment", action="store_true", help="no random board symmetry per position")
    ap.add_argument("--eval-every", type=int, default=200, help="steps between held-out evaluations and checkpoints")
    ap.add_argument("--val-max", type=int, default=4096, help="held-out positions evaluated each time")
    ap.add_argument("--threads", type=int, default=0, help="torch CPU threads (0: torch's default)")
    ap.add_argument("--resume", action="store_true", help="continue from OUT/checkpoint.pt")
    ap.add_argument("--init", default=None, metavar="CHECKPOINT",
                    help="start from the weights of another run's checkpoint.pt, or of a network file "
                         "(.tsnet, dequantised: the shipped network, say): the next generation from the last")
    ap.add_argument("--transfer", default=None, metavar="CHECKPOINT",
                    help="start from the weights of a checkpoint (or network file) of another rule: each of this "
                         "rule's table sets from its first (a freestyle network as the start of a renju one)")
    ap.add_argument("--export", action="store_true", help="write OUT/network.tsnet at the end")
    ap.add_argument("--classical-share", type=int, default=None, metavar="PERCENT",
                    help="with --export: the classical evaluation's share of the value the search uses (default: "
                         "--blend-share, else 0: the network alone)")
    ap.add_argument("--classical", default=None, metavar="FILE",
                    help="the classical values of the --data records, in their order (`tilestone gomoku classical`)")
    ap.add_argument("--blend-share", type=int, default=None, metavar="PERCENT",
                    help="train the value the search will use: the network blended with the classical evaluation at "
                         "this share (needs --classical), so that the network learns what the classical value misses")
    args = ap.parse_args(argv)
    if args.init and args.transfer:
        ap.error("--init and --transfer both give the starting weights; give one")
    if args.blend_share is not None:
        if not 0 <= args.blend_share < 100:
            ap.error("--blend-share is a percent, 0 to 99")
        if args.classical is None:
            ap.error("--blend-share needs --classical (the classical values of the data)")
    if args.classical is not None and args.data is None:
        ap.error("--classical goes with --data")
    if args.classical_share is None:
        args.classical_share = args.blend_share or 0
    if not 0 <= args.classical_share <= 100:
        ap.error("--classical-share is a percent, 0 to 100")
    return args


def load_records(args):
    if args.synthetic:
        rule = tsdata.RULES[args.rule or "freestyle"]
        return tsdata.synthetic(args.synthetic, seed=args.seed, rule=rule), rule
    recs = tsdata.read_many(args.data)
    if args.classical is not None:
        try:
            recs = tsdata.with_classical(recs, tsdata.read_classical(args.classical), args.classical)
        except (OSError, tsdata.DataError) as e:
            raise SystemExit(f"train: {e}")
    if len(recs) == 0:
        raise SystemExit("train: the data files hold no positions")
    rule = tsdata.RULES[args.rule] if args.rule else int(recs["rule"][0])
    recs = recs[recs["rule"] == rule]
    if args.skip_proven:
        recs = recs[~proven_mask(recs)]
    return recs, rule


def proven_mask(recs):
    """The records whose value is a proven win or loss (flag bit 0, or beyond the bound)."""
    return ((recs["flags"] & tsdata.PROVEN) != 0) | (np.abs(recs["value"].astype(np.int64)) > tsdata.WIN_BOUND)


def sibling_tensors(codes, sizes, sides, best, rng, preferred=None):
    """The positions after the searched best move and after another empty point within two of a
    stone (the opponent to move in both), for the ranking loss; `has_sibling` is false where the
    best move is not a point of the board or no other point qualifies."""
    n = len(sizes)
    after_best, after_other = codes.copy(), codes.copy()
    has = np.zeros(n, dtype=bool)
    draws = rng.random(n)
    for s in np.unique(sizes):
        s = int(s)
        sel = np.flatnonzero(sizes == s)
        boards = codes[sel, : s * s].reshape(len(sel), s, s)
        b = best[sel].astype(np.int64)
        row = np.arange(len(sel))
        ok = (b >= 0) & (b < s * s)
        flat = boards.reshape(len(sel), s * s)
        ok &= flat[row, np.clip(b, 0, s * s - 1)] == 0
        # The empty points within two of a stone, the best move left out.
        occupied = np.pad(boards != 0, ((0, 0), (2, 2), (2, 2)))
        near = np.zeros(boards.shape, dtype=bool)
        for dy in range(5):
            for dx in range(5):
                near |= occupied[:, dy:dy + s, dx:dx + s]
        near = (near & (boards == 0)).reshape(len(sel), s * s)
        near[row[ok], b[ok]] = False
        counts = near.sum(axis=1)
        ok &= counts > 0
        # A uniform choice among each row's points: the k-th of them, k drawn per position.
        k = np.minimum((draws[sel] * counts).astype(np.int64), np.maximum(counts - 1, 0))
        other = np.argmax(np.cumsum(near, axis=1) > k[:, None], axis=1)
        if preferred is not None:
            p = np.asarray(preferred)[sel].astype(np.int64)
            take = (p >= 0) & (p < s * s) & (p != b)
            take &= flat[row, np.clip(p, 0, s * s - 1)] == 0
            other = np.where(take, p, other)
        rows = sel[ok]
        after_best[rows, b[ok]] = sides[rows] + 1
        after_other[rows, other[ok]] = sides[rows] + 1
        has[rows] = True
    opp = 1 - sides
    compact = F.compact_size(sizes) is not None
    wb, cb, ib, eb = F.inputs(after_best, sizes, opp, compact)
    wo, co, io, eo = F.inputs(after_other, sizes, opp, compact)
    t = torch.from_numpy
    return {"sib_best": (t(wb), t(cb), t(ib), t(eb), t(opp)), "sib_other": (t(wo), t(co), t(io), t(eo), t(opp)),
            "has_sibling": t(has)}


def with_hard_siblings(net, part, rng, share, aug_rng):
    """A batch whose ranking pairs take, for `share` of the positions, the policy's best move
    other than the searched one as the other move: the hard cases a search meets."""
    b = batch_tensors(part, aug_rng, None)
    codes, sizes = b["np_codes"], b["np_sizes"]
    with torch.no_grad():
        _, policy = net(b["windows"], b["centre"], b["inside"], b["empty"], b["sides"])
        policy = policy.clone()
        policy[torch.arange(len(policy)), b["best"]] = float("-inf")
        top = policy.argmax(dim=1).numpy()
    if b["compact"]:
        moves = top
    else:
        y, x = top // F.MAX_SIZE, top % F.MAX_SIZE
        moves = y * sizes + x
    preferred = np.where(rng.random(len(top)) < share, moves, -1)
    b.update(sibling_tensors(codes, sizes, part["side"].astype(np.int64), b["np_best"], rng, preferred))
    return b


def batch_tensors(recs, rng=None, rank_rng=None):
    """Inputs and targets of a batch of records; with rng, each board under a random symmetry."""
    codes = tsdata.unpack_cells(recs)
    sizes = recs["size"].astype(np.int64)
    best = recs["best"].astype(np.int64)
    if rng is not None:
        syms = rng.integers(F.SYMMETRIES, size=len(recs))
        for sym in np.unique(syms):
            sel = np.nonzero(syms == sym)[0]
            codes[sel], move = F.transform_codes(codes[sel], sizes[sel], int(sym))
            best[sel] = move(best[sel], sizes[sel])
    # Boards of one size (the usual case) are laid out compactly: a fraction of the work.
    compact = F.compact_size(sizes) is not None
    windows, centre, inside, empty = F.inputs(codes, sizes, recs["side"], compact)
    best_cell = best if compact else F.cell_index(best // sizes, best % sizes)
    t = torch.from_numpy
    extra = {}
    if "classical" in recs.dtype.names:
        extra["classical"] = t(recs["classical"].astype(np.float64))
    if rank_rng is not None:
        extra.update(sibling_tensors(codes, sizes, recs["side"].astype(np.int64), best, rank_rng))
    return {**extra, "np_codes": codes, "np_sizes": sizes, "np_best": best, "compact": compact,
        "windows": t(windows), "centre": t(centre), "inside": t(inside), "empty": t(empty),
        "sides": t(recs["side"].astype(np.int64)), "best": t(best_cell),
        "result": t(recs["result"].astype(np.int64)), "value": t(recs["value"].astype(np.float64)),
        "proven": t(proven_mask(recs)),
        "off_path": t((recs["flags"] & tsdata.OFF_PATH) != 0),
    }


def sibling_loss(net, b):
    """Ranking: the opponent's expected score after the best move below that after the other move."""
    if "has_sibling" not in b or not b["has_sibling"].any():
        return None
    keep = b["has_sibling"]

    # Both positions have the same side to move: the side bias is no part of their ranking. (A
    # loss on expected scores is not indifferent to a shift of both: left to it, the bias is
    # held near 0 however far the values sit from their targets.)
    def expected(inputs):
        wdl, _ = net(*(x[keep] for x in inputs), learn_side_bias=False)
        p = TF.softmax(wdl, dim=1)
        return p[:, 0] + 0.5 * p[:, 1]

    gap = expected(b["sib_best"]) - expected(b["sib_other"])
    # A logistic ranking loss on the expected scores' logit-like gap (scaled to a useful slope).
    return TF.softplus(8.0 * gap).mean()


def blended_logit(wdl, classical, share):
    """The search's value as the engine blends it (gomoku::blend_value: the network's score and
    the classical value, engine units, `share` percent classical), as a win-probability logit."""
    return ((100 - share) * M.score_logit(wdl) + share * classical.to(wdl.dtype) / M.WINPROB_SCALE) / 100


def losses(net, b, result_weight, blend_share=None):
    wdl, policy = net(b["windows"], b["centre"], b["inside"], b["empty"], b["sides"])
    # Value: soft (win, draw, loss) target from the result and the search value.
    onehot = TF.one_hot(2 - b["result"], 3).to(wdl.dtype)
    p = torch.sigmoid(b["value"] / M.WINPROB_SCALE).to(wdl.dtype)
    p = torch.where(b["proven"], (b["value"] > 0).to(wdl.dtype), p)
    searched = torch.stack([p, torch.zeros_like(p), 1 - p], dim=1)
    # A position off the game's path has no result: its target is the search's value alone.
    weight = torch.where(b["off_path"], 0.0, result_weight).to(wdl.dtype)[:, None]
    target = weight * onehot + (1 - weight) * searched
    if blend_share is None:
        value_loss = -(target * TF.log_softmax(wdl, dim=1)).sum(dim=1).mean()
    else:
        # The blend's expected score against the target's (a draw counts half).
        expected = target[:, 0] + 0.5 * target[:, 1]
        value_loss = TF.binary_cross_entropy_with_logits(blended_logit(wdl, b["classical"], blend_share), expected)
    # Policy: cross-entropy over the empty cells, where the best move is one of them.
    valid = b["empty"].gather(1, b["best"][:, None])[:, 0]
    if valid.any():
        logp = TF.log_softmax(policy[valid], dim=1)
        picked = logp.gather(1, b["best"][valid][:, None])[:, 0]
        policy_loss = -picked.mean()
        top1 = (policy[valid].argmax(dim=1) == b["best"][valid]).double().mean()
    else:
        policy_loss = torch.zeros((), dtype=wdl.dtype)
        top1 = torch.zeros((), dtype=torch.float64)
    on_path = ~b["off_path"]
    hits = (wdl.argmax(dim=1) == 2 - b["result"]) & on_path
    result_acc = hits.double().sum() / max(int(on_path.sum()), 1)
    return value_loss, policy_loss, float(top1), float(result_acc)


def sibling_accuracy(net, b):
    """Share of positions where the opponent stands worse after the best move than after the other."""
    keep = b["has_sibling"]
    if not keep.any():
        return 0.0, 0

    def expected(inputs):
        wdl, _ = net(*(x[keep] for x in inputs))
        p = TF.softmax(wdl, dim=1)
        return p[:, 0] + 0.5 * p[:, 1]

    return float((expected(b["sib_best"]) < expected(b["sib_other"])).double().mean()), int(keep.sum())


def evaluate(net, val, args):
    net.eval()
    sums = np.zeros(4)
    n = 0
    sib, sib_n = 0.0, 0
    sib_rng = np.random.default_rng(12345)  # the same siblings at every evaluation
    with torch.no_grad():
        for start in range(0, min(len(val), args.val_max), args.batch_size):
            part = val[start:min(start + args.batch_size, args.val_max)]
            b = batch_tensors(part, None, sib_rng)
            v, p, top1, acc = losses(net, b, args.result_weight, args.blend_share)
            sums += np.array([float(v), float(p), top1, acc]) * len(part)
            n += len(part)
            a, k = sibling_accuracy(net, b)
            sib += a * k
            sib_n += k
    net.train()
    v, p, top1, acc = sums / max(n, 1)
    return {"val_loss": v + args.policy_weight * p, "val_value_loss": v, "val_policy_loss": p,
            "val_policy_top1": top1, "val_result_accuracy": acc, "val_sibling_accuracy": sib / max(sib_n, 1)}


def write_svg(rows, path):
    """The loss curves as a hand-written SVG line chart (no plotting library)."""
    series = [("train_loss", "#1f77b4"), ("val_loss", "#d62728"), ("val_value_loss", "#2ca02c"),
              ("val_policy_loss", "#9467bd")]
    w, h, left, right, top, bottom = 640, 360, 60, 150, 20, 40
    steps = [r["step"] for r in rows]
    values = [r[k] for r in rows for k, _ in series if r.get(k) not in (None, "")]
    if not rows or not values:
        return
    x0, x1 = min(steps), max(max(steps), min(steps) + 1)
    y0, y1 = 0.0, max(values) * 1.05 or 1.0

    def px(step):
        return left + (step - x0) / (x1 - x0) * (w - left - right)

    def py(v):
        return top + (1 - (v - y0) / (y1 - y0)) * (h - top - bottom)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="11">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<line x1="{left}" y1="{py(y0)}" x2="{w - right}" y2="{py(y0)}" stroke="black"/>',
           f'<line x1="{left}" y1="{top}" x2="{left}" y2="{py(y0)}" stroke="black"/>']
    for k in range(5):
        v = y0 + (y1 - y0) * k / 4
        out.append(f'<text x="{left - 5}" y="{py(v) + 4:.1f}" text-anchor="end">{v:.2f}</text>')
        s = x0 + (x1 - x0) * k / 4
        out.append(f'<text x="{px(s):.1f}" y="{h - bottom + 15}" text-anchor="middle">{int(s)}</text>')
    out.append(f'<text x="{(left + w - right) / 2}" y="{h - 5}" text-anchor="middle">step</text>')
    for i, (key, colour) in enumerate(series):
        pts = [(px(r["step"]), py(r[key])) for r in rows if r.get(key) not in (None, "")]
        if pts:
            out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" points="'
                       + " ".join(f"{x:.1f},{y:.1f}" for x, y in pts) + '"/>')
        out.append(f'<text x="{w - right + 10}" y="{top + 15 * i + 10}" fill="{colour}">{key}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    if args.threads:
        torch.set_num_threads(args.threads)
    os.makedirs(args.out, exist_ok=True)
    recs, rule = load_records(args)
    if len(recs) < 2:
        raise SystemExit("train: fewer than two positions of that rule")
    # Step 1. A held-out split, fixed by the seed.
    split_rng = np.random.default_rng(args.seed)
    order = split_rng.permutation(len(recs))
    n_val = max(1, int(round(len(recs) * args.val_fraction)))
    val, train = recs[order[:n_val]], recs[order[n_val:]]
    steps_per_epoch = max(1, len(train) // args.batch_size)
    total = args.steps if args.steps is not None else max(1, int(math.ceil(args.epochs * steps_per_epoch)))

    torch.manual_seed(args.seed)
    net = M.GomokuNet(rule=rule, seed=args.seed)
    if args.init:
        init = load_start(args.init)
        if init["rule"] != rule:
            raise SystemExit(f"train: --init {args.init} is for rule {init['rule']}, the data for rule {rule} "
                             "(--transfer starts from another rule's weights)")
        M.load_state(net, init["model"])
    if args.transfer:
        other = load_start(args.transfer)
        net.load_state_dict(M.transfer_state(other["model"], net.sets))
    opt = torch.optim.Adam(net.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * min(s, total) / max(total, 1))))
    rng = np.random.default_rng(args.seed + 1)
    step, rows, elapsed = 0, [], 0.0
    # Shuffled epochs of the training positions: the order and where it stands.
    perm, pos = None, 0
    acc, count = np.zeros(2), 0  # training losses since the last log line
    ck_path = os.path.join(args.out, "checkpoint.pt")
    # Step 2. Resume: the model, optimiser, schedule, random state and log so far.
    if args.resume and os.path.exists(ck_path):
        ck = torch.load(ck_path, map_location="cpu")
        if ck["rule"] != rule:
            raise SystemExit(f"train: the checkpoint is for rule {ck['rule']}, the data for rule {rule}")
        net.load_state_dict(ck["model"])
        opt.load_state_dict(ck["optimizer"])
        sched.load_state_dict(ck["scheduler"])
        rng.bit_generator.state = ck["rng"]
        torch.set_rng_state(ck["torch_rng"])
        step, rows, elapsed = ck["step"], ck["log"], ck["seconds"]
        perm, pos, acc, count = ck["perm"], ck["pos"], ck["acc"], ck["count"]
        print(f"resumed at step {step}")

    def save():
        torch.save({"model": net.state_dict(), "optimizer": opt.state_dict(), "scheduler": sched.state_dict(),
                    "rng": rng.bit_generator.state, "torch_rng": torch.get_rng_state(), "step": step, "log": rows,
                    "perm": perm, "pos": pos, "acc": acc, "count": count,
                    "seconds": elapsed, "rule": rule, "command": " ".join(sys.argv[1:] if argv is None else argv)},
                   ck_path + ".tmp")
        os.replace(ck_path + ".tmp", ck_path)

    def log(train_stats):
        row = {"step": step, "epoch": round(step / steps_per_epoch, 3), "seconds": round(elapsed, 1),
               "lr": opt.param_groups[0]["lr"], **train_stats, **evaluate(net, val, args)}
        rows.append(row)
        with open(os.path.join(args.out, "log.csv"), "w", newline="") as f:
            wr = csv.DictWriter(f, fieldnames=CSV_FIELDS)
            wr.writeheader()
            wr.writerows(rows)
        write_svg(rows, os.path.join(args.out, "loss.svg"))
        train_loss = f"{row['train_loss']:.4f}" if row["train_loss"] != "" else "-"
        print(f"step {step}: train {train_loss} held-out {row['val_loss']:.4f} "
              f"(value {row['val_value_loss']:.4f}, policy {row['val_policy_loss']:.4f}, top-1 {row['val_policy_top1']:.3f}, "
              f"siblings {row['val_sibling_accuracy']:.3f})",
              flush=True)

    if not rows:
        log({"train_loss": "", "train_value_loss": "", "train_policy_loss": ""})
    # Step 3. Train. A resumed run goes on exactly as one that never stopped would.
    if perm is None:
        perm, pos = rng.permutation(len(train)), 0
    start = time.monotonic() - elapsed
    while step < total:
        if args.time_limit is not None and time.monotonic() - start >= args.time_limit:
            break
        if pos + args.batch_size > len(train):
            perm, pos = rng.permutation(len(train)), 0
        part = train[perm[pos:pos + args.batch_size]]
        pos += args.batch_size
        if args.rank_weight > 0 and args.rank_hard > 0:
            b = with_hard_siblings(net, part, rng, args.rank_hard, None if args.no_augment else rng)
        else:
            b = batch_tensors(part, None if args.no_augment else rng, rng if args.rank_weight > 0 else None)
        v, p, _, _ = losses(net, b, args.result_weight, args.blend_share)
        loss = v + args.policy_weight * p
        if args.rank_weight > 0:
            r = sibling_loss(net, b)
            if r is not None:
                loss = loss + args.rank_weight * r
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        step += 1
        acc += [float(v), float(p)]
        count += 1
        elapsed = time.monotonic() - start
        if step % args.eval_every == 0 or step == total:
            tv, tp = acc / count
            log({"train_loss": tv + args.policy_weight * tp, "train_value_loss": tv, "train_policy_loss": tp})
            acc, count = np.zeros(2), 0
            save()
    save()
    if step < total:
        print(f"stopped at step {step} of {total} (--time-limit); --resume continues")
    if args.export:
        path = os.path.join(args.out, "network.tsnet")
        desc = f"train.py {' '.join(sys.argv[1:] if argv is None else argv)}; step {step}"
        size, clamped = export.export(net, path, desc[:4096], args.classical_share)
        print(f"wrote {path}: {size} bytes, classical share {args.classical_share} % "
              f"({clamped} weights clamped to the bounds)")
    print(f"trained {step} steps in {elapsed:.1f} s; log in {os.path.join(args.out, 'log.csv')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
