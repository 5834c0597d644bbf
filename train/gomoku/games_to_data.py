#!/usr/bin/python3
"""Turns finished games (a tilestone-results JSON file, as `tilestone gomoku tune generate` and
`tilestone gomoku match` write) into training data: every position after the opening, labelled
with the game's result for the side to move and the move played as the best move. The games carry
no search values: the records hold value 0, so train on them with --result-weight 1.

    /usr/bin/python3 train/gomoku/games_to_data.py data/selfplay/free-1.json --output /tmp/free-1.tsd
"""

import argparse
import json
import re
import sys

import numpy as np

import tsdata

MOVE = re.compile(r"([a-v])(\d+)")


def parse_moves(text, size):
    """(x, y) points, y from the top, of a game written as "h8i9..." (row 1 at the bottom)."""
    out = []
    for letter, row in MOVE.findall(text):
        x, y = ord(letter) - ord("a"), size - int(row)
        if not (0 <= x < size and 0 <= y < size):
            raise ValueError(f"move {letter}{row} is off a {size}x{size} board")
        out.append((x, y))
    if "".join(f"{chr(ord('a') + x)}{size - y}" for x, y in out) != text:
        raise ValueError(f"cannot read the moves {text[:40]}...")
    return out


def records_of(doc):
    settings = doc["settings"]
    size = int(settings.get("size", 15))
    rule = tsdata.RULES[settings.get("rule", "freestyle")]
    recs = []
    for game in doc["games"]:
        result = {"1-0": 1, "0-1": 2, "1/2-1/2": 0}.get(game["result"])
        if result is None:
            continue  # unfinished
        moves = parse_moves(game["moves"], size)
        grid = np.zeros(size * size, dtype=np.uint8)
        for ply, (x, y) in enumerate(moves):
            side = ply % 2  # 0 black to move
            if ply >= int(game.get("opening_moves", 0)):
                r = np.zeros(1, dtype=tsdata.RECORD)
                r["size"], r["rule"], r["side"] = size, rule, side
                r["result"] = 1 if result == 0 else (2 if result == side + 1 else 0)
                r["best"], r["ply"] = y * size + x, ply
                codes = np.zeros((1, tsdata.MAX_SIZE ** 2), dtype=np.uint8)
                codes[0, : size * size] = grid
                r["cells"] = tsdata.pack_cells(codes)
                recs.append(r)
            grid[y * size + x] = 1 + side
    return np.concatenate(recs) if recs else np.zeros(0, dtype=tsdata.RECORD)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="+", help="tilestone-results JSON files of Gomoku games")
    ap.add_argument("--output", required=True)
    args = ap.parse_args(argv)
    recs = []
    for path in args.games:
        with open(path) as f:
            recs.append(records_of(json.load(f)))
    recs = np.concatenate(recs)
    tsdata.check(recs, args.output)
    tsdata.write(args.output, recs)
    print(f"wrote {args.output}: {len(recs)} positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
