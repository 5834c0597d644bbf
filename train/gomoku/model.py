"""The Gomoku network in PyTorch, mirroring src/gomoku/network.h exactly, and its quantised
integer form (what the engine computes, emulated in numpy to the bit).

Float model, per perspective table set t (one for freestyle and standard, two for renju: t is
the side to move):
    f[c] = B[t, centre[c]] + sum_d E[t, centre[c], window[c, d]]
    h[c] = clamp(f[c], 0, 1)
    m = mean of h over the board's cells
    a1 = clamp(W1[t] m + b1[t], 0, 1); a2 = clamp(W2[t] a1 + b2[t], 0, 1)
    (win, draw, loss) logits = W3[t] a2 + b3[t] + S[side to move]
    policy[c] = w[t] . h[c] + b[t] on empty cells
"""

import math

import numpy as np
import torch
from torch import nn

import features as F

FEATURES = 32
HIDDEN = 32
CENTRE_STATES = 3
OUTPUTS = 3
QA, QM, QW, QW_SHIFT = 256, 4096, 1024, 10
MAX_EMBED, MAX_BIAS, MAX_WEIGHT, MAX_DENSE_BIAS = 6000, 8000, 8191, 1 << 29
MAX_SIDE_BIAS = 1 << 26
WINPROB_SCALE = 1528.2  # gomoku/params.h
WIN_BOUND = 29000
RULE_SETS = {0: 1, 1: 1, 2: 2}


def transfer_state(state, to_sets):
    """Another rule's model state as one of `to_sets` table sets: every set of the new state
    starts as the first set of the old one (a freestyle network as the start of a renju one)."""
    per_set = {"embed": CENTRE_STATES * F.WINDOWS, "bias": CENTRE_STATES}
    out = {}
    for name, value in with_side_bias(state).items():
        if name == "side_bias":  # one per side to move, whatever the table sets
            out[name] = value.clone()
            continue
        rows = per_set.get(name, 1)
        first = value[:rows]
        out[name] = first.repeat(to_sets, *([1] * (value.dim() - 1))).clone()
    return out


def with_side_bias(state):
    """A model state of a network from before the value bias by side to move, with that bias zero."""
    if "side_bias" in state:
        return state
    ref = state["b3"]
    return {**state, "side_bias": torch.zeros(2, OUTPUTS, dtype=ref.dtype)}


def load_state(net, state):
    """net.load_state_dict() that also takes the state of a network from before the side bias."""
    net.load_state_dict(with_side_bias(state))


class GomokuNet(nn.Module):
    def __init__(self, rule=0, seed=None):
        super().__init__()
        self.rule = rule
        self.sets = RULE_SETS[rule]
        g = torch.Generator().manual_seed(seed) if seed is not None else None
        s = self.sets

        def param(*shape, std=0.0, mean=0.0):
            t = torch.randn(*shape, generator=g) * std + mean if std else torch.full(shape, float(mean))
            return nn.Parameter(t)

        self.embed = param(s * CENTRE_STATES * F.WINDOWS, FEATURES, std=0.08)
        self.bias = param(s * CENTRE_STATES, FEATURES, std=0.05, mean=0.25)
        self.w1 = param(s, HIDDEN, FEATURES, std=1.0 / math.sqrt(FEATURES))
        self.b1 = param(s, HIDDEN, std=0.05, mean=0.1)
        self.w2 = param(s, HIDDEN, HIDDEN, std=1.0 / math.sqrt(HIDDEN))
        self.b2 = param(s, HIDDEN, std=0.05, mean=0.1)
        self.w3 = param(s, OUTPUTS, HIDDEN, std=1.0 / math.sqrt(HIDDEN))
        self.b3 = param(s, OUTPUTS)
        self.policy_w = param(s, FEATURES, std=1.0 / math.sqrt(FEATURES))
        self.policy_b = param(s)
        # The value bias of the side to move (0 black, 1 white): one table set cannot tell the
        # colours apart, and in freestyle the side to move matters to the value.
        self.side_bias = param(2, OUTPUTS)

    def table_set(self, sides):
        return sides if self.sets == 2 else torch.zeros_like(sides)

    def cell_features(self, windows, centre, sides):
        """h: (N, cells, FEATURES): cells 484, or the board's own with features.inputs(compact=True)."""
        t = self.table_set(sides)[:, None]
        row = (t * CENTRE_STATES + centre)
        n, cells = windows.shape[:2]
        rows = (row[..., None] * F.WINDOWS + windows).reshape(n * cells, 4)
        f = nn.functional.embedding(rows, self.embed).sum(dim=1).reshape(n, cells, -1) + self.bias[row]
        return f.clamp(0.0, 1.0)

    def forward(self, windows, centre, inside, empty, sides, learn_side_bias=True):
        """(WDL logits (N, 3), policy logits (N, cells) with -inf off the empty cells). With
        learn_side_bias false the side bias takes no gradient (a loss that compares positions of
        one side to move says nothing of it)."""
        h = self.cell_features(windows, centre, sides)
        t = self.table_set(sides)
        insidef = inside.to(h.dtype)
        m = (h * insidef[..., None]).sum(dim=1) / insidef.sum(dim=1, keepdim=True)
        a1 = (torch.einsum("nij,nj->ni", self.w1[t], m) + self.b1[t]).clamp(0.0, 1.0)
        a2 = (torch.einsum("nij,nj->ni", self.w2[t], a1) + self.b2[t]).clamp(0.0, 1.0)
        side_bias = self.side_bias if learn_side_bias else self.side_bias.detach()
        wdl = torch.einsum("nij,nj->ni", self.w3[t], a2) + self.b3[t] + side_bias[sides]
        policy = torch.einsum("ncf,nf->nc", h, self.policy_w[t]) + self.policy_b[t][:, None]
        policy = policy.masked_fill(~empty, float("-inf"))
        return wdl, policy


def score_logit(wdl):
    """ln((P(win) + P(draw)/2) / (P(loss) + P(draw)/2)) of (win, draw, loss) logits, a tensor: the
    logit of the expected score, which the engine's score is WINPROB_SCALE times."""
    half = wdl[..., 1] - math.log(2.0)
    return torch.logaddexp(wdl[..., 0], half) - torch.logaddexp(wdl[..., 2], half)


def score_from_logits(wdl):
    """Engine units: WINPROB_SCALE * score_logit(wdl), clamped, of a numpy array."""
    x = WINPROB_SCALE * score_logit(torch.from_numpy(np.asarray(wdl, dtype=np.float64))).numpy()
    return np.clip(x, -(WIN_BOUND - 1), WIN_BOUND - 1)


# ---------------------------------------------------------------------------------------------
# Quantisation


def quantise(model):
    """The integer network the engine loads, {"sets": per table set a dict of numpy arrays,
    "side_bias": int32 (2, 3)}, and how many weights had to be clamped to the bounds."""
    clamped = 0

    def q(t, scale, bound, dtype):
        nonlocal clamped
        v = np.round(t.detach().double().numpy() * scale)
        clamped += int((np.abs(v) > bound).sum())
        return np.clip(v, -bound, bound).astype(dtype)

    sets = []
    for s in range(model.sets):
        rows = slice(s * CENTRE_STATES, (s + 1) * CENTRE_STATES)
        emb = model.embed.reshape(model.sets, CENTRE_STATES, F.WINDOWS, FEATURES)[s]
        sets.append({
            "embed": q(emb, QA, MAX_EMBED, np.int16),
            "bias": q(model.bias[rows], QA, MAX_BIAS, np.int16),
            "w1": q(model.w1[s], QW, MAX_WEIGHT, np.int16),
            "b1": q(model.b1[s], QM * QW, MAX_DENSE_BIAS, np.int32),
            "w2": q(model.w2[s], QW, MAX_WEIGHT, np.int16),
            "b2": q(model.b2[s], QM * QW, MAX_DENSE_BIAS, np.int32),
            "w3": q(model.w3[s], QW, MAX_WEIGHT, np.int16),
            "b3": q(model.b3[s], QM * QW, MAX_DENSE_BIAS, np.int32),
            "policy_w": q(model.policy_w[s], QW, MAX_WEIGHT, np.int16),
            "policy_b": q(model.policy_b[s:s + 1], QA * QW, MAX_DENSE_BIAS, np.int32),
        })
    return {"sets": sets, "side_bias": q(model.side_bias, QM * QW, MAX_SIDE_BIAS, np.int32)}, clamped



def dequantise(qnet, rule):
    """The model state (load_state) of an integer network (quantise, export.decode): each integer
    divided by its scale, so that quantise() gives the same integers back. A network file is
    then a starting point for training (train.py --init FILE.tsnet), as a checkpoint is."""
    sets = qnet["sets"]
    if len(sets) != RULE_SETS[rule]:
        raise ValueError(f"{len(sets)} table sets for rule {rule}, which has {RULE_SETS[rule]}")

    def f(key, scale, stack=True):
        a = [np.asarray(t[key], dtype=np.float64) / scale for t in sets]
        return torch.tensor(np.stack(a) if stack else np.concatenate(a), dtype=torch.float32)

    return {
        "embed": f("embed", QA, stack=False).reshape(len(sets) * CENTRE_STATES * F.WINDOWS, FEATURES),
        "bias": f("bias", QA, stack=False),
        "w1": f("w1", QW), "b1": f("b1", QM * QW),
        "w2": f("w2", QW), "b2": f("b2", QM * QW),
        "w3": f("w3", QW), "b3": f("b3", QM * QW),
        "policy_w": f("policy_w", QW), "policy_b": f("policy_b", QA * QW, stack=False),
        "side_bias": torch.tensor(np.asarray(qnet["side_bias"], dtype=np.float64) / (QM * QW), dtype=torch.float32),
    }

def mean_of(sums, cells):
    """The engine's mean of h at QM (gomoku/network.h net_mean): a multiply, not a division."""
    r = ((1 << 28) + cells // 2) // cells
    return (np.asarray(sums, dtype=np.int64) * r + (1 << 23)) >> 24


def integer_forward(qnet, windows, centre, inside, empty, sides):
    """The engine's integer arithmetic on numpy inputs: (logits (N, 3) int64 at QM * QW,
    policy (N, 484) int64 at QA * QW, garbage off the empty cells)."""
    n = windows.shape[0]
    logits = np.zeros((n, OUTPUTS), dtype=np.int64)
    policy = np.zeros((n, F.CELLS), dtype=np.int64)
    sets, side_bias = qnet["sets"], qnet["side_bias"].astype(np.int64)
    for i in range(n):
        t = sets[int(sides[i]) % len(sets)]
        emb = t["embed"].astype(np.int64)
        acc = t["bias"].astype(np.int64)[centre[i]] + emb[centre[i][:, None], windows[i]].sum(axis=1)
        h = np.clip(acc, 0, QA) * inside[i][:, None]
        cells = int(inside[i].sum())
        m = mean_of(h.sum(axis=0), cells)
        a = m
        for w, b in (("w1", "b1"), ("w2", "b2")):
            z = t[b].astype(np.int64) + t[w].astype(np.int64) @ a
            a = np.clip((z + (1 << (QW_SHIFT - 1))) >> QW_SHIFT, 0, QM)
        logits[i] = t["b3"].astype(np.int64) + t["w3"].astype(np.int64) @ a + side_bias[int(sides[i])]
        policy[i] = h @ t["policy_w"].astype(np.int64) + int(t["policy_b"][0])
    return logits, policy
