#!/usr/bin/python3
"""The exported network in the engine agrees with the PyTorch model.

For each rule: a seeded random model is exported; random positions of several sizes go to the
engine (tests/tools/network_agree) and to Python. The engine's integer outputs must equal the
numpy emulation of the quantised network exactly, and the float model within the quantisation
error. Run by ctest (network.agreement):

    /usr/bin/python3 train/gomoku/tests/agreement.py --tool build/network_agree
"""

import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import export  # noqa: E402
import features as F  # noqa: E402
import model as M  # noqa: E402

# Largest differences allowed between the float model and the integer engine (the quantisation
# error: E and B to 1/512 each, the mean to 1/8192, the weights to 1/2048 each).
LOGIT_TOLERANCE = 0.05
POLICY_TOLERANCE = 0.05


def random_positions(rng, count):
    sizes, sides, codes = [], [], np.zeros((count, F.CELLS), dtype=np.uint8)
    for i in range(count):
        size = int(rng.choice([5, 9, 15, 20, 22]))
        density = rng.uniform(0.0, 0.7)
        cells = (rng.random(size * size) < density) * rng.integers(1, 3, size * size)
        codes[i, : size * size] = cells
        sizes.append(size)
        sides.append(int(rng.integers(2)))
    return codes, np.array(sizes), np.array(sides)


def run(tool, rule, workdir, count, seed):
    torch.manual_seed(seed)
    net = M.GomokuNet(rule=rule, seed=seed).double()
    with torch.no_grad():  # wider than a fresh model, so every clamp is reached somewhere
        net.embed.mul_(4.0)
        net.w1.mul_(3.0)
        net.w2.mul_(3.0)
        net.side_bias.copy_(torch.tensor([[0.7, -0.3, -1.1], [-0.5, 0.2, 0.9]], dtype=net.side_bias.dtype))
    path = os.path.join(workdir, f"rule{rule}.tsnet")
    export.export(net, path, f"agreement test, rule {rule}")
    qnet, clamped = M.quantise(net)
    assert clamped == 0, f"{clamped} weights clamped"
    with open(path, "rb") as f:
        back_rule, back, _ = export.decode(f.read())
    assert back_rule == rule and all(np.array_equal(a[k], b[k]) for a, b in zip(qnet["sets"], back["sets"]) for k in a)
    assert np.array_equal(qnet["side_bias"], back["side_bias"])

    rng = np.random.default_rng(seed)
    codes, sizes, sides = random_positions(rng, count)
    pos_path = os.path.join(workdir, f"rule{rule}.txt")
    with open(pos_path, "w") as f:
        for i in range(count):
            s = sizes[i]
            cells = "".join(".xo"[c] for c in codes[i, : s * s])
            f.write(f"{s} {sides[i]} {cells}\n")
    proc = subprocess.run([tool, path, pos_path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise AssertionError(f"network_agree failed ({proc.returncode}): {proc.stderr}")
    lines = proc.stdout.splitlines()
    assert len(lines) == count, f"{len(lines)} lines for {count} positions"

    windows, centre, inside, empty = F.inputs(codes, sizes, sides)
    want_logits, want_policy = M.integer_forward(qnet, windows, centre, inside, empty, sides)
    with torch.no_grad():
        t = lambda a: torch.from_numpy(np.asarray(a))
        wdl, policy = net(t(windows), t(centre), t(inside), t(empty), t(sides))
    wdl, policy = wdl.numpy(), policy.numpy()
    worst_logit = worst_policy = 0.0
    for i, line in enumerate(lines):
        head, tail = line.split("|")
        vals = [int(v) for v in head.split()]
        got_logits, got_score = np.array(vals[:3]), vals[3]
        got_policy = np.array([int(v) for v in tail.split()], dtype=np.int64)
        s = sizes[i]
        cells = [F.cell_index(y, x) for y in range(s) for x in range(s) if codes[i, y * s + x] == 0]
        where = f"rule {rule} position {i} (size {s})"
        assert np.array_equal(got_logits, want_logits[i]), f"{where}: logits {got_logits} != emulation {want_logits[i]}"
        assert np.array_equal(got_policy, want_policy[i, cells]), f"{where}: policy differs from the emulation"
        score = float(M.score_from_logits(want_logits[i] / (M.QM * M.QW)))
        assert abs(got_score - score) <= 0.5 + 1e-6, f"{where}: score {got_score} != {score}"
        worst_logit = max(worst_logit, float(np.abs(got_logits / (M.QM * M.QW) - wdl[i]).max()))
        if cells:
            worst_policy = max(worst_policy, float(np.abs(got_policy / (M.QA * M.QW) - policy[i, cells]).max()))
    print(f"rule {rule}: {count} positions agree; largest float-integer difference: logits {worst_logit:.4f}, "
          f"policy {worst_policy:.4f}")
    assert worst_logit <= LOGIT_TOLERANCE, f"rule {rule}: logits differ by {worst_logit}"
    assert worst_policy <= POLICY_TOLERANCE, f"rule {rule}: policy differs by {worst_policy}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--positions", type=int, default=60)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="tilestone-agree-") as workdir:
        for rule in (0, 1, 2):
            run(args.tool, rule, workdir, args.positions, seed=100 + rule)
    return 0


if __name__ == "__main__":
    sys.exit(main())
