"""The training data files: synthetic positions written and read back, through the zstandard
module and the zstd tool, in one frame and several; bad files refused with a message."""

import os
import sys
import tempfile
import unittest

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import games_to_data  # noqa: E402
import tsdata  # noqa: E402


class DataFileTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory(prefix="tilestone-data-")
        self.recs = tsdata.synthetic(300, seed=3, sizes=(5, 9, 15, 22))

    def tearDown(self):
        self.dir.cleanup()

    def path(self, name):
        return os.path.join(self.dir.name, name)

    def write_raw(self, name, raw):
        with open(self.path(name), "wb") as f:
            f.write(tsdata.compress(raw))
        return self.path(name)

    def test_round_trip_module_and_tool_one_and_several_frames(self):
        for frames in (1, 4):
            p = self.path(f"f{frames}.tsd")
            tsdata.write(p, self.recs, frames=frames)
            for use_module in (None, False):
                back = tsdata.read(p, use_module=use_module)
                self.assertEqual(back.dtype.itemsize, 136)
                self.assertTrue(np.array_equal(back, self.recs), f"frames {frames}, module {use_module}")

    def test_joined_files_keep_each_its_header(self):
        a, b = self.path("a.tsd"), self.path("b.tsd")
        tsdata.write(a, self.recs[:100])
        tsdata.write(b, self.recs[100:], frames=2)
        joined = self.path("ab.tsd")
        with open(joined, "wb") as f:
            for p in (a, b):
                with open(p, "rb") as part:
                    f.write(part.read())
        for use_module in (None, False):
            self.assertTrue(np.array_equal(tsdata.read(joined, use_module=use_module), self.recs))
        raw = tsdata.encode(self.recs[:5]) + tsdata.encode(self.recs[5:5]) + tsdata.encode(self.recs[5:9])
        self.assertTrue(np.array_equal(tsdata.parse(raw), self.recs[:9]))

    def test_layout_of_a_record(self):
        rec = np.zeros(1, dtype=tsdata.RECORD)
        rec["size"], rec["rule"], rec["side"], rec["result"] = 15, 2, 1, 2
        rec["value"], rec["best"], rec["ply"], rec["depth"], rec["flags"] = -300, 7 * 15 + 7, 3, 9, 1
        codes = np.zeros((1, 484), dtype=np.uint8)
        codes[0, 0], codes[0, 5], codes[0, 15 * 15 - 1] = 1, 2, 1
        rec["cells"] = tsdata.pack_cells(codes)
        raw = tsdata.encode(rec)
        self.assertEqual(raw[:16], b"TSGOMOKU\x01\x00\x00\x00\x88\x00\x00\x00")
        body = raw[16:]
        self.assertEqual(len(body), 136)
        self.assertEqual(list(body[:4]), [15, 2, 1, 2])
        self.assertEqual(int.from_bytes(body[4:6], "little", signed=True), -300)
        self.assertEqual(int.from_bytes(body[6:8], "little"), 112)
        self.assertEqual(int.from_bytes(body[8:10], "little"), 3)
        self.assertEqual(body[10], 9)
        self.assertEqual(body[11], 1)
        self.assertEqual(body[12], 0b01)  # cell 0 black in bits 0-1
        self.assertEqual(body[13], 0b10 << 2)  # cell 5: byte 1, bits 2-3, white
        self.assertEqual(body[12 + 224 // 4], 0b01)  # cell 224: byte 56, bits 0-1
        self.assertTrue(np.array_equal(tsdata.unpack_cells(tsdata.parse(raw)), codes))

    def test_bad_files_are_refused_with_a_message(self):
        good = tsdata.encode(self.recs[:3])
        bad_size = self.recs[:3].copy()
        bad_size["size"][1] = 30
        beyond = self.recs[:1].copy()
        beyond["size"], beyond["best"] = 5, 0
        codes = np.zeros((1, 484), dtype=np.uint8)
        codes[0, 30] = 1
        beyond["cells"] = tsdata.pack_cells(codes)
        wrong_ply = self.recs[:3].copy()
        wrong_ply["ply"][2] += 1
        on_stone = self.recs[:3].copy()
        codes = tsdata.unpack_cells(on_stone)
        s0 = int(on_stone["size"][0])
        stone = int(np.nonzero(codes[0, : s0 * s0])[0][0])
        on_stone["best"][0] = stone
        bad_flags = self.recs[:3].copy()
        bad_flags["flags"][1] = 4
        off_with_result = self.recs[:3].copy()
        off_with_result["flags"][0], off_with_result["result"][0] = tsdata.OFF_PATH, 2
        cases = [
            (b"hello", "not tilestone Gomoku training data"),
            (tsdata.encode(bad_flags), "record 1: unknown flags"),
            (tsdata.encode(off_with_result), "record 0: a result on a position off the game's path"),
            (tsdata.encode(wrong_ply), "record 2: the stone count is not the ply"),
            (tsdata.encode(on_stone), "record 0: the best move is on a stone"),
            (good + good[:16] + good[16:100], "truncated: 84 bytes of a last record"),
            (good + b"TSGOMOKU\x02\x00\x00\x00\x88\x00\x00\x00", "version 2 is not supported"),
            (b"TSNTUPLE" + good[8:], "not tilestone Gomoku training data"),
            (good[:8] + b"\x02\x00\x00\x00" + good[12:], "version 2 is not supported"),
            (good[:12] + b"\x90\x00\x00\x00" + good[16:], "records of 144 bytes"),
            (good[:-5], "truncated: 131 bytes of a last record"),
            (tsdata.encode(bad_size), "record 1: board size out of 5..22"),
            (tsdata.encode(beyond), "record 0: stones beyond the board"),
        ]
        for raw, message in cases:
            p = self.write_raw("bad.tsd", raw)
            for use_module in (None, False):
                with self.assertRaises(tsdata.DataError) as ctx:
                    tsdata.read(p, use_module=use_module)
                self.assertIn(message, str(ctx.exception))
        p = self.path("plain.tsd")
        with open(p, "wb") as f:
            f.write(good)  # not compressed
        for use_module in (None, False):
            with self.assertRaises(tsdata.DataError) as ctx:
                tsdata.read(p, use_module=use_module)
            self.assertIn("not a zstd stream", str(ctx.exception))

    def test_synthetic_labels_follow_the_fives(self):
        codes = tsdata.unpack_cells(self.recs)
        self.assertEqual(set(np.unique(self.recs["result"])), {0, 1, 2})
        for i in np.nonzero(self.recs["result"] == 2)[0][:20]:
            r = self.recs[i]
            s = int(r["size"])
            grid = codes[i, : s * s].reshape(s, s)
            own = 1 + int(r["side"])
            self.assertIn(divmod(int(r["best"]), s), tsdata.five_points(grid, own))


class GamesToDataTest(unittest.TestCase):
    def test_positions_after_the_opening_with_result_and_move_played(self):
        # Black makes five on the row of h: h8 h9 h10 h11 h12, white plays on column a.
        doc = {"settings": {"size": 15, "rule": "renju"},
               "games": [{"moves": "h8a1h9a2h10a3h11a4h12", "result": "1-0", "opening_moves": 2},
                         {"moves": "h8", "result": "*", "opening_moves": 0}]}
        recs = games_to_data.records_of(doc)
        self.assertEqual(len(recs), 7)  # plies 2..8 of the finished game
        self.assertTrue((recs["rule"] == 2).all())
        self.assertEqual(list(recs["side"]), [0, 1, 0, 1, 0, 1, 0])
        self.assertEqual(list(recs["result"]), [2, 0, 2, 0, 2, 0, 2])
        self.assertEqual(list(recs["ply"]), list(range(2, 9)))
        last = recs[-1]
        self.assertEqual(int(last["best"]), (15 - 12) * 15 + 7)  # h12
        codes = tsdata.unpack_cells(recs[-1:])[0]
        self.assertEqual(int(codes[(15 - 8) * 15 + 7]), 1)  # h8 black
        self.assertEqual(int(codes[(15 - 1) * 15 + 0]), 2)  # a1 white
        self.assertEqual(int((codes != 0).sum()), 8)
        with self.assertRaises(ValueError):
            games_to_data.parse_moves("h8z99", 15)


if __name__ == "__main__":
    unittest.main()
