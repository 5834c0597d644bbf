#!/usr/bin/python3
"""Writes the engine's network file (src/gomoku/network.h) from a trained checkpoint:

    /usr/bin/python3 train/gomoku/export.py --checkpoint OUT/checkpoint.pt --output freestyle.tsnet

Layout: magic "TSGOMNET" | u32 version 1 | u32 header bytes | u8 rule | u8 table sets | u16 0
| u32 features, hidden, windows, centre states, outputs, QA, QM, QW | u32 description bytes |
description | u64 payload bytes | u64 FNV-1a 64 checksum (header with this field zeroed, then the
payload) | per table set: E, B, W1, b1, W2, b2, W3, b3, w, b, little-endian.
"""

import argparse
import struct
import sys

import numpy as np

import features as F
import model as M

MAGIC = b"TSGOMNET"
VERSION = 1
ORDER = ("embed", "bias", "w1", "b1", "w2", "b2", "w3", "b3", "policy_w", "policy_b")
FNV_OFFSET, FNV_PRIME = 0xCBF29CE484222325, 0x100000001B3


def fnv1a(data, h=FNV_OFFSET):
    mask = (1 << 64) - 1
    for b in bytes(data):
        h = ((h ^ b) * FNV_PRIME) & mask
    return h


def _header(rule, sets, description, payload_bytes, checksum):
    desc = description.encode("utf-8")
    size = 72 + len(desc)
    h = MAGIC + struct.pack("<IIBBH", VERSION, size, rule, sets, 0)
    h += struct.pack("<8I", M.FEATURES, M.HIDDEN, F.WINDOWS, M.CENTRE_STATES, M.OUTPUTS, M.QA, M.QM, M.QW)
    h += struct.pack("<I", len(desc)) + desc + struct.pack("<QQ", payload_bytes, checksum)
    return h


def encode(sets, rule, description=""):
    payload = b"".join(np.ascontiguousarray(t[name]).astype(t[name].dtype.newbyteorder("<")).tobytes()
                       for t in sets for name in ORDER)
    checksum = fnv1a(payload, fnv1a(_header(rule, len(sets), description, len(payload), 0)))
    return _header(rule, len(sets), description, len(payload), checksum) + payload


def decode(data):
    """(rule, sets, description) from a file's bytes; raises ValueError when it is not one."""
    if data[:8] != MAGIC:
        raise ValueError("not a tilestone Gomoku network file")
    version, size, rule, nsets, _ = struct.unpack_from("<IIBBH", data, 8)
    if version != VERSION:
        raise ValueError(f"network file version {version} is not supported")
    dims = struct.unpack_from("<8I", data, 20)
    if dims != (M.FEATURES, M.HIDDEN, F.WINDOWS, M.CENTRE_STATES, M.OUTPUTS, M.QA, M.QM, M.QW):
        raise ValueError(f"network file has another architecture {dims}")
    (dlen,) = struct.unpack_from("<I", data, 52)
    description = data[56:56 + dlen].decode("utf-8")
    payload_bytes, checksum = struct.unpack_from("<QQ", data, 56 + dlen)
    payload = data[size:]
    if len(payload) != payload_bytes:
        raise ValueError("network file is truncated or has bytes after its payload")
    if fnv1a(payload, fnv1a(_header(rule, nsets, description, payload_bytes, 0))) != checksum:
        raise ValueError("network file checksum does not match")
    shapes = {
        "embed": ((M.CENTRE_STATES, F.WINDOWS, M.FEATURES), np.int16), "bias": ((M.CENTRE_STATES, M.FEATURES), np.int16),
        "w1": ((M.HIDDEN, M.FEATURES), np.int16), "b1": ((M.HIDDEN,), np.int32),
        "w2": ((M.HIDDEN, M.HIDDEN), np.int16), "b2": ((M.HIDDEN,), np.int32),
        "w3": ((M.OUTPUTS, M.HIDDEN), np.int16), "b3": ((M.OUTPUTS,), np.int32),
        "policy_w": ((M.FEATURES,), np.int16), "policy_b": ((1,), np.int32),
    }
    sets, pos = [], 0
    for _ in range(nsets):
        t = {}
        for name in ORDER:
            shape, dtype = shapes[name]
            count = int(np.prod(shape))
            t[name] = np.frombuffer(payload, dtype=np.dtype(dtype).newbyteorder("<"), count=count, offset=pos).reshape(shape).astype(dtype)
            pos += count * np.dtype(dtype).itemsize
        sets.append(t)
    return rule, sets, description


def export(model, path, description=""):
    sets, clamped = M.quantise(model)
    data = encode(sets, model.rule, description)
    with open(path, "wb") as f:
        f.write(data)
    return len(data), clamped


def main(argv=None):
    import torch
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--checkpoint", required=True, help="a checkpoint.pt written by train.py")
    ap.add_argument("--output", required=True, help="the network file to write")
    ap.add_argument("--description", default=None, help="text kept in the file (default: the training command)")
    args = ap.parse_args(argv)
    ck = torch.load(args.checkpoint, map_location="cpu")
    net = M.GomokuNet(rule=ck["rule"])
    net.load_state_dict(ck["model"])
    desc = args.description if args.description is not None else f"train.py {ck.get('command', '')}, step {ck['step']}"
    size, clamped = export(net, args.output, desc[:4096])
    print(f"wrote {args.output}: {size} bytes, rule {ck['rule']}, {clamped} weights clamped to the bounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
