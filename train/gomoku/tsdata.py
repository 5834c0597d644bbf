"""The Gomoku training data files (docs/file-formats.md; `tilestone gomoku selfplay` writes
them): read them, and write small ones (tests, converters).

A file is a zstd stream (one or more frames) of a 16-byte header -- b"TSGOMOKU", u32 version 1,
u32 record size 136, little-endian -- then fixed 136-byte records. Files joined with `cat` keep
each its header: a header may stand at any record boundary (no record starts with the magic: its
first byte is a board size of at most 22). A record:

    offset  type       field
    0       u8         board size (5-22)
    1       u8         rule: 0 freestyle, 1 standard, 2 renju
    2       u8         side to move: 0 black, 1 white
    3       u8         game result for the side to move: 0 loss, 1 draw, 2 win
    4       i16        search value, side to move's view, engine units (|v| > WIN_BOUND: proven)
    6       u16        best move found by the search: y * size + x
    8       u16        ply: stones on the board
    10      u8         search depth
    11      u8         flags: bit 0 the value is proven; bit 1 the position is off the game's path
                       (after another move than the one played: no game result, result 1)
    12      121 bytes  cells, 2 bits each: cell i = y * size + x at byte i / 4, bits 2 * (i % 4);
                       0 empty, 1 black, 2 white
    133     3 bytes    zero

The zstandard module (Debian: python3-zstandard) decompresses when it is there; otherwise the
zstd command-line tool (Debian: zstd) does, through a pipe.
"""

import shutil
import subprocess

import numpy as np

MAGIC = b"TSGOMOKU"
VERSION = 1
RECORD_SIZE = 136
HEADER = MAGIC + VERSION.to_bytes(4, "little") + RECORD_SIZE.to_bytes(4, "little")
MAX_SIZE = 22
MIN_SIZE = 5
CELL_BYTES = 121
WIN_BOUND = 29000  # gomoku/params.h: WIN_SCORE - 1000
PROVEN, OFF_PATH = 1, 2  # flag bits

RECORD = np.dtype([
    ("size", "u1"), ("rule", "u1"), ("side", "u1"), ("result", "u1"),
    ("value", "<i2"), ("best", "<u2"), ("ply", "<u2"), ("depth", "u1"), ("flags", "u1"),
    ("cells", "u1", (CELL_BYTES,)), ("zero", "u1", (3,)),
])
assert RECORD.itemsize == RECORD_SIZE

RULES = {"freestyle": 0, "standard": 1, "renju": 2}


class DataError(ValueError):
    """A file that is not, or not wholly, training data."""


def _zstd_module():
    try:
        import zstandard
        return zstandard
    except ImportError:
        return None


def decompress(path, use_module=None):
    """The decompressed bytes of a zstd file (every frame). use_module: None picks the module if
    installed, False forces the command-line tool."""
    module = _zstd_module() if use_module in (None, True) else None
    if use_module is True and module is None:
        raise DataError("the zstandard module is not installed (Debian: python3-zstandard)")
    if module is not None:
        with open(path, "rb") as f:
            try:
                with module.ZstdDecompressor().stream_reader(f, read_across_frames=True) as r:
                    return r.read()
            except module.ZstdError as e:
                raise DataError(f"{path}: not a zstd stream or a damaged one ({e})") from None
    tool = shutil.which("zstd")
    if tool is None:
        raise DataError("neither the zstandard module nor the zstd tool is installed (Debian: python3-zstandard or zstd)")
    proc = subprocess.run([tool, "-dcq", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise DataError(f"{path}: not a zstd stream or a damaged one ({proc.stderr.decode(errors='replace').strip()})")
    return proc.stdout


def compress(data, level=3):
    module = _zstd_module()
    if module is not None:
        return module.ZstdCompressor(level=level).compress(data)
    proc = subprocess.run(["zstd", "-q", f"-{level}", "-c"], input=data, stdout=subprocess.PIPE, check=True)
    return proc.stdout


def _header_at(data, pos, name):
    if data[pos:pos + 8] != MAGIC:
        raise DataError(f"{name}: not tilestone Gomoku training data (its first bytes are not {MAGIC!r})")
    if len(data) < pos + len(HEADER):
        raise DataError(f"{name}: truncated: a header of {len(data) - pos} bytes")
    version = int.from_bytes(data[pos + 8:pos + 12], "little")
    size = int.from_bytes(data[pos + 12:pos + 16], "little")
    if version != VERSION:
        raise DataError(f"{name}: training data version {version} is not supported (this reader reads {VERSION})")
    if size != RECORD_SIZE:
        raise DataError(f"{name}: records of {size} bytes; version {VERSION} has {RECORD_SIZE}")


def parse(data, name="data"):
    """Records (a numpy array of RECORD) from decompressed bytes, every header checked (one per
    joined file) and every field."""
    _header_at(data, 0, name)
    chunks, pos = [], len(HEADER)
    while pos < len(data):
        # The next header at a record boundary, if any.
        nxt = data.find(MAGIC, pos)
        while nxt != -1 and (nxt - pos) % RECORD_SIZE:
            nxt = data.find(MAGIC, nxt + 1)
        end = len(data) if nxt == -1 else nxt
        if (end - pos) % RECORD_SIZE:
            raise DataError(f"{name}: truncated: {(end - pos) % RECORD_SIZE} bytes of a last record")
        chunks.append(np.frombuffer(data[pos:end], dtype=RECORD))
        if nxt == -1:
            break
        _header_at(data, nxt, name)
        pos = nxt + len(HEADER)
    records = np.concatenate(chunks) if chunks else np.zeros(0, dtype=RECORD)
    check(records, name)
    return records


def check(records, name="data"):
    """Raises DataError naming the first record whose fields are out of range."""
    def bad(mask, what):
        if mask.any():
            i = int(np.argmax(mask))
            raise DataError(f"{name}: record {i}: {what}")
    bad((records["size"] < MIN_SIZE) | (records["size"] > MAX_SIZE), "board size out of 5..22")
    bad(records["rule"] > 2, "unknown rule")
    bad(records["side"] > 1, "side to move not 0 or 1")
    bad(records["result"] > 2, "result not 0, 1 or 2")
    bad(records["flags"] > 3, "unknown flags")
    bad(((records["flags"] & OFF_PATH) != 0) & (records["result"] != 1), "a result on a position off the game's path")
    n = records["size"].astype(np.int64) ** 2
    bad(records["best"].astype(np.int64) >= n, "best move off the board")
    codes = unpack_cells(records)
    bad((codes == 3).any(axis=1), "a cell holds code 3")
    beyond = np.arange(MAX_SIZE * MAX_SIZE)[None, :] >= n[:, None]
    bad(((codes != 0) & beyond).any(axis=1), "stones beyond the board")
    bad((codes != 0).sum(axis=1) != records["ply"], "the stone count is not the ply")
    best = np.minimum(records["best"].astype(np.int64), MAX_SIZE * MAX_SIZE - 1)
    bad(codes[np.arange(len(records)), best] != 0, "the best move is on a stone")
    bad((records["zero"] != 0).any(axis=1), "reserved bytes not zero")


def read(path, use_module=None):
    return parse(decompress(path, use_module), name=str(path))


def read_many(paths):
    return np.concatenate([read(p) for p in paths]) if paths else np.zeros(0, dtype=RECORD)


CLASSICAL_MAGIC = b"TSCLASSV"
CLASSICAL_VERSION = 1
CLASSICAL_PAIR = np.dtype([("search", "<i4"), ("classical", "<i4")])
WITH_CLASSICAL = np.dtype(RECORD.descr + [("classical", "<i4")])


def read_classical(path):
    """The (search value, classical value) pairs of a classical values file (`tilestone gomoku
    classical`, docs/file-formats.md): b"TSCLASSV", u32 version 1, u32 0, u64 count, then count
    pairs of i32."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 24 or data[:8] != CLASSICAL_MAGIC:
        raise DataError(f"{path}: not a classical values file (no TSCLASSV header)")
    version = int.from_bytes(data[8:12], "little")
    if version != CLASSICAL_VERSION:
        raise DataError(f"{path}: version {version} of the classical values file; this reader reads {CLASSICAL_VERSION}")
    count = int.from_bytes(data[16:24], "little")
    if len(data) - 24 != count * CLASSICAL_PAIR.itemsize:
        raise DataError(f"{path}: {count} records announced, {len(data) - 24} bytes of them")
    return np.frombuffer(data[24:], dtype=CLASSICAL_PAIR)


def with_classical(records, pairs, name="classical values"):
    """The records with a `classical` field from pairs written for the same records in the same
    order (the search values must match one for one)."""
    if len(pairs) != len(records):
        raise DataError(f"{name}: {len(pairs)} values for {len(records)} records: not written for this data "
                        "(give the data files in the order `tilestone gomoku classical` read them)")
    wrong = np.flatnonzero(pairs["search"] != records["value"].astype(np.int32))
    if len(wrong):
        raise DataError(f"{name}: record {wrong[0] + 1}'s search value is {records['value'][wrong[0]]}, the file's "
                        f"{pairs['search'][wrong[0]]}: not written for this data, or not in this order")
    out = np.zeros(len(records), dtype=WITH_CLASSICAL)
    for field in RECORD.names:
        out[field] = records[field]
    out["classical"] = pairs["classical"]
    return out


def unpack_cells(records):
    """(N, 484) cell codes, cell i = y * size + x."""
    b = records["cells"]
    codes = np.stack([(b >> (2 * k)) & 3 for k in range(4)], axis=-1)
    return codes.reshape(len(records), CELL_BYTES * 4)[:, : MAX_SIZE * MAX_SIZE].astype(np.uint8)


def pack_cells(codes):
    """Inverse of unpack_cells for (N, <=484) codes."""
    n = codes.shape[0]
    full = np.zeros((n, CELL_BYTES * 4), dtype=np.uint8)
    full[:, : codes.shape[1]] = codes
    q = full.reshape(n, CELL_BYTES, 4).astype(np.uint8)
    return (q[..., 0] | (q[..., 1] << 2) | (q[..., 2] << 4) | (q[..., 3] << 6)).astype(np.uint8)


def encode(records):
    return HEADER + records.astype(RECORD).tobytes()


def write(path, records, frames=1, level=3):
    """Writes records as `frames` zstd frames (the first holding the header)."""
    raw = encode(records)
    parts = np.array_split(np.arange(len(records)), max(1, frames))
    out = b""
    start = 0
    for i, part in enumerate(parts):
        end = len(HEADER) + (part[-1] + 1) * RECORD_SIZE if len(part) else start
        if i == len(parts) - 1:
            end = len(raw)
        out += compress(raw[start:end], level)
        start = end
    with open(path, "wb") as f:
        f.write(out)


def five_points(grid, own):
    """Cells (y, x), in row order, where a stone of `own` completes five or more in a row
    (freestyle) on an (S, S) grid of codes."""
    s = grid.shape[0]
    pad = np.full((s + 8, s + 8), 3, dtype=np.uint8)
    pad[4:-4, 4:-4] = grid
    hit = np.zeros((s, s), dtype=bool)
    for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
        run = np.ones((s, s), dtype=np.int64)
        for sign in (1, -1):
            alive = np.ones((s, s), dtype=bool)
            for k in range(1, 5):
                oy, ox = 4 + sign * k * dy, 4 + sign * k * dx
                alive &= pad[oy:oy + s, ox:ox + s] == own
                run += alive
        hit |= run >= 5
    hit &= grid == 0
    return [tuple(int(v) for v in p) for p in np.argwhere(hit)]


def synthetic(n, seed=0, sizes=(9, 15), rule=0):
    """n records of random positions with labels a network can learn from the line windows: the
    side to move wins if it can make five now (best move: that point), loses if only the opponent
    can, else the game is drawn and the best move is the empty point nearest the centre; values
    follow the result. For tests and smoke runs, not for strength."""
    rng = np.random.default_rng(seed)
    recs = np.zeros(n, dtype=RECORD)
    for i in range(n):
        size = int(rng.choice(sizes))
        grid = np.zeros((size, size), dtype=np.uint8)
        side = int(rng.integers(2))
        own, opp = 1 + side, 2 - side
        stones = int(rng.integers(4, size * size // 3))
        cells = rng.choice(size * size, size=stones, replace=False)
        colours = rng.integers(1, 3, size=stones)
        grid.flat[cells] = colours
        # Plant a four of one side in a third of the positions, so every outcome occurs.
        kind = int(rng.integers(3))
        if kind < 2:
            who = own if kind == 0 else opp
            dx, dy = [(1, 0), (0, 1), (1, 1), (-1, 1)][int(rng.integers(4))]
            x0 = int(rng.integers(4, size) if dx == -1 else rng.integers(0, size - 4) if dx == 1 else rng.integers(0, size))
            y0 = int(rng.integers(0, size - 4)) if dy else int(rng.integers(0, size))
            for k in range(4):
                grid[y0 + k * dy, x0 + k * dx] = who
            grid[y0 + 4 * dy, x0 + 4 * dx] = 0
        mine, theirs = five_points(grid, own), five_points(grid, opp)
        if mine:
            result, best, value = 2, mine[0], 20000
        elif theirs:
            result, best, value = 0, theirs[0], -20000
        else:
            empty = np.argwhere(grid == 0)
            c = (size - 1) / 2
            d = np.abs(empty - c).max(axis=1) * 1000 + empty[:, 0] * size + empty[:, 1]
            result, best, value = 1, tuple(empty[int(np.argmin(d))]), 0
        r = recs[i]
        r["size"], r["rule"], r["side"], r["result"] = size, rule, side, result
        r["value"], r["best"] = value, best[0] * size + best[1]
        r["ply"], r["depth"], r["flags"] = int((grid != 0).sum()), 4, 0
        codes = np.zeros((1, MAX_SIZE * MAX_SIZE), dtype=np.uint8)
        codes[0, : size * size] = grid.reshape(-1)
        r["cells"] = pack_cells(codes)[0]
    return recs
