#!/usr/bin/python3
"""Writes the engine's network file (src/gomoku/network.h) from a trained checkpoint:

    /usr/bin/python3 train/gomoku/export.py --checkpoint OUT/checkpoint.pt --output freestyle.tsnet

Layout: magic "TSGOMNET" | u32 version 3 | u32 header bytes | u8 rule | u8 table sets | u16 the
classical evaluation's share of the search's value in percent (version 1: 0) | u32 features,
hidden, windows, centre states, outputs, QA, QM, QW | u32 description bytes | description | u64 payload bytes | u64 FNV-1a 64 checksum (header with this field zeroed, then the
payload) | per table set: E, B, W1, b1, W2, b2, W3, b3, w, b | S int32 [2][3] (the value bias of
the side to move, black then white; versions 1 and 2 end before it), little-endian.
"""

import argparse
import struct
import sys

import numpy as np

import features as F
import model as M

MAGIC = b"TSGOMNET"
VERSION = 3
SIDE_BIAS_VERSION = 3
OLDEST_VERSION = 1
ORDER = ("embed", "bias", "w1", "b1", "w2", "b2", "w3", "b3", "policy_w", "policy_b")
FNV_OFFSET, FNV_PRIME = 0xCBF29CE484222325, 0x100000001B3


def fnv1a(data, h=FNV_OFFSET):
    mask = (1 << 64) - 1
    for b in bytes(data):
        h = ((h ^ b) * FNV_PRIME) & mask
    return h


def _header(rule, sets, description, payload_bytes, checksum, share=0, version=VERSION):
    desc = description.encode("utf-8")
    size = 72 + len(desc)
    h = MAGIC + struct.pack("<IIBBH", version, size, rule, sets, share)
    h += struct.pack("<8I", M.FEATURES, M.HIDDEN, F.WINDOWS, M.CENTRE_STATES, M.OUTPUTS, M.QA, M.QM, M.QW)
    h += struct.pack("<I", len(desc)) + desc + struct.pack("<QQ", payload_bytes, checksum)
    return h


def _le(a):
    return np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<")).tobytes()


def encode(qnet, rule, description="", classical_share=0):
    """The file's bytes for a quantised network (model.quantise)."""
    if not 0 <= classical_share <= 100:
        raise ValueError(f"a classical share of {classical_share} %: it is 0 to 100")
    sets = qnet["sets"]
    payload = b"".join(_le(t[name]) for t in sets for name in ORDER) + _le(np.asarray(qnet["side_bias"], np.int32))
    checksum = fnv1a(payload, fnv1a(_header(rule, len(sets), description, len(payload), 0, classical_share)))
    return _header(rule, len(sets), description, len(payload), checksum, classical_share) + payload


def classical_share(data):
    """The classical evaluation's share of the search's value (percent) that a file's bytes hold."""
    return struct.unpack_from("<IIBBH", data, 8)[4]


def decode(data):
    """(rule, quantised network, description) from a file's bytes; raises ValueError when it is
    not one."""
    if data[:8] != MAGIC:
        raise ValueError("not a tilestone Gomoku network file")
    version, size, rule, nsets, share = struct.unpack_from("<IIBBH", data, 8)
    if not OLDEST_VERSION <= version <= VERSION:
        raise ValueError(f"network file version {version} is not supported")
    if share > (0 if version == 1 else 100):
        raise ValueError(f"network file has a classical share of {share} %")
    dims = struct.unpack_from("<8I", data, 20)
    if dims != (M.FEATURES, M.HIDDEN, F.WINDOWS, M.CENTRE_STATES, M.OUTPUTS, M.QA, M.QM, M.QW):
        raise ValueError(f"network file has another architecture {dims}")
    (dlen,) = struct.unpack_from("<I", data, 52)
    description = data[56:56 + dlen].decode("utf-8")
    payload_bytes, checksum = struct.unpack_from("<QQ", data, 56 + dlen)
    payload = data[size:]
    if len(payload) != payload_bytes:
        raise ValueError("network file is truncated or has bytes after its payload")
    if fnv1a(payload, fnv1a(_header(rule, nsets, description, payload_bytes, 0, share, version))) != checksum:
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
    side_bias = np.zeros((2, M.OUTPUTS), dtype=np.int32)
    if version >= SIDE_BIAS_VERSION:
        side_bias = np.frombuffer(payload, dtype=np.dtype(np.int32).newbyteorder("<"), count=2 * M.OUTPUTS,
                                  offset=pos).reshape(2, M.OUTPUTS).astype(np.int32)
        pos += side_bias.nbytes
    if pos != len(payload):
        raise ValueError(f"network file payload has {len(payload)} bytes, its architecture needs {pos}")
    return rule, {"sets": sets, "side_bias": side_bias}, description


def export(model, path, description="", classical_share=0):
    qnet, clamped = M.quantise(model)
    data = encode(qnet, model.rule, description, classical_share)
    with open(path, "wb") as f:
        f.write(data)
    return len(data), clamped


def main(argv=None):
    import torch
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--checkpoint", required=True, help="a checkpoint.pt written by train.py")
    ap.add_argument("--output", required=True, help="the network file to write")
    ap.add_argument("--description", default=None, help="text kept in the file (default: the training command)")
    ap.add_argument("--classical-share", type=int, default=0, metavar="PERCENT",
                    help="the classical evaluation's share of the value the search uses (0: the network alone)")
    args = ap.parse_args(argv)
    if not 0 <= args.classical_share <= 100:
        ap.error("--classical-share is a percent, 0 to 100")
    ck = torch.load(args.checkpoint, map_location="cpu")
    net = M.GomokuNet(rule=ck["rule"])
    M.load_state(net, ck["model"])
    desc = args.description if args.description is not None else f"train.py {ck.get('command', '')}, step {ck['step']}"
    size, clamped = export(net, args.output, desc[:4096], args.classical_share)
    print(f"wrote {args.output}: {size} bytes, rule {ck['rule']}, classical share {args.classical_share} %, "
          f"{clamped} weights clamped to the bounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
