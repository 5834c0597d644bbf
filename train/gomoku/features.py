"""The network's inputs, computed from cell arrays exactly as src/gomoku/network.cpp reads them
from the board: per cell and direction the line window (LineKey: 2 bits per neighbour at offsets
-4..-1, +1..+4; 0 empty, 1 black, 2 white, 3 off the board), read from a perspective (colours
swapped for white) and folded with its mirror image into a dense window number."""

import numpy as np

MAX_SIZE = 22
PAD = 4
GRID = MAX_SIZE + 2 * PAD
CELLS = MAX_SIZE * MAX_SIZE
WALL = 3
# Directions as the board's offsets 1, stride, stride + 1, stride - 1: (dx, dy).
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (-1, 1))
WINDOWS = 7381


def key_slot(offset):
    return offset + 4 if offset < 0 else offset + 3


def mirror(keys):
    keys = np.asarray(keys, dtype=np.int64)
    out = np.zeros_like(keys)
    for s in range(8):
        out |= ((keys >> (2 * s)) & 3) << (2 * (7 - s))
    return out


def swap_colours(keys):
    keys = np.asarray(keys, dtype=np.int64)
    return keys ^ (((keys ^ (keys >> 1)) & 0x5555) * 3)


def _holdable(keys):
    ok = np.ones(keys.shape, dtype=bool)
    for side in (-1, 1):
        wall = np.zeros(keys.shape, dtype=bool)
        for k in range(1, 5):
            w = ((keys >> (2 * key_slot(side * k))) & 3) == WALL
            ok &= ~(wall & ~w)
            wall |= w
    return ok


def _window_tables():
    keys = np.arange(1 << 16, dtype=np.int64)
    holdable = _holdable(keys)
    canonical = holdable & (keys <= mirror(keys))
    dense = np.full(1 << 16, -1, dtype=np.int64)
    dense[canonical] = np.arange(int(canonical.sum()))
    assert int(canonical.sum()) == WINDOWS
    tables = []
    for own in (keys, swap_colours(keys)):
        folded = np.minimum(own, mirror(own))
        tables.append(np.where(holdable, dense[folded], -1))
    return np.stack(tables)


WINDOW_INDEX = _window_tables()  # [perspective][key]


def padded_grids(codes, sizes):
    """(N, GRID, GRID) cell codes with walls around each board; codes (N, 484) with cell
    i = y * size + x of the record's own size."""
    n = len(sizes)
    grids = np.full((n, GRID, GRID), WALL, dtype=np.int32)
    for size in np.unique(sizes):
        sel = np.nonzero(sizes == size)[0]
        s = int(size)
        grids[sel, PAD:PAD + s, PAD:PAD + s] = codes[sel, : s * s].reshape(-1, s, s)
    return grids


def line_keys(grids, span=MAX_SIZE):
    """(N, span, span, 4) line windows of the cells at (y, x) < span (meaningful on inside cells)."""
    n = grids.shape[0]
    per_direction = []
    for dx, dy in DIRECTIONS:
        key = np.zeros((n, span, span), dtype=np.int32)
        for k in range(-4, 5):
            if k == 0:
                continue
            oy, ox = PAD + k * dy, PAD + k * dx
            key |= grids[:, oy:oy + span, ox:ox + span] << (2 * key_slot(k))
        per_direction.append(key)
    return np.stack(per_direction, axis=-1)


def compact_size(sizes):
    """The board size when every board has the same one (then inputs(compact=True) lays out only
    that board's cells), else None."""
    sizes = np.asarray(sizes)
    return int(sizes[0]) if len(sizes) and (sizes == sizes[0]).all() else None


def inputs(codes, sizes, sides, compact=False):
    """The network's inputs from the side to move's perspective:
    windows (N, 484, 4) dense window numbers (0 off the board), centre (N, 484) 0 empty /
    1 own / 2 opponent, inside (N, 484) bool, empty (N, 484) bool (inside and empty).
    With compact (every board of one size s), only the board's own s * s cells, cell
    y * s + x: the network's outputs are the same and training does a fraction of the work."""
    sizes = np.asarray(sizes).astype(np.int64)
    sides = np.asarray(sides).astype(np.int64)
    n = len(sizes)
    grids = padded_grids(codes, sizes)
    s = compact_size(sizes) if compact else None
    if compact and s is None:
        raise ValueError("inputs: compact needs boards of one size")
    span = s if s is not None else MAX_SIZE
    keys = line_keys(grids, span).reshape(n, span * span, 4)
    windows = WINDOW_INDEX[sides[:, None, None], keys]
    cells = grids[:, PAD:PAD + span, PAD:PAD + span].reshape(n, span * span)
    inside = cells != WALL
    own = (sides + 1)[:, None]
    centre = np.where(cells == 0, 0, np.where(cells == own, 1, 2))
    windows = np.where(inside[..., None], windows, 0)
    assert (windows >= 0).all()
    return windows, np.where(inside, centre, 0), inside, inside & (cells == 0)


def cell_index(y, x):
    """Position of (y, x) in the 484-cell layout of inputs()."""
    return y * MAX_SIZE + x


SYMMETRIES = 8


def transform_codes(codes, sizes, sym):
    """The boards under symmetry sym (bit 0 flip x, bit 1 flip y, bit 2 transpose), and a
    function that maps cell numbers y * size + x the same way."""
    out = np.zeros_like(codes)
    for size in np.unique(sizes):
        sel = np.nonzero(sizes == size)[0]
        s = int(size)
        g = codes[sel, : s * s].reshape(-1, s, s)
        if sym & 1:
            g = g[:, :, ::-1]
        if sym & 2:
            g = g[:, ::-1, :]
        if sym & 4:
            g = g.transpose(0, 2, 1)
        out[sel, : s * s] = g.reshape(-1, s * s)

    def move(idx, size):
        y, x = idx // size, idx % size
        if sym & 1:
            x = size - 1 - x
        if sym & 2:
            y = size - 1 - y
        if sym & 4:
            x, y = y, x
        return y * size + x

    return out, move
