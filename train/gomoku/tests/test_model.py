"""The PyTorch model and its inputs: window numbering as the engine's, symmetry invariance,
quantisation close to the float model, and the network file written and read back."""

import os
import sys
import unittest

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import export  # noqa: E402
import features as F  # noqa: E402
import model as M  # noqa: E402
import tsdata  # noqa: E402


def forward(net, codes, sizes, sides):
    w, c, i, e = F.inputs(codes, sizes, sides)
    t = lambda a: torch.from_numpy(np.asarray(a))
    with torch.no_grad():
        wdl, pol = net(t(w), t(c), t(i), t(e), t(np.asarray(sides, dtype=np.int64)))
    return wdl.numpy(), pol.numpy()


class WindowTest(unittest.TestCase):
    def test_numbering(self):
        idx = F.WINDOW_INDEX
        self.assertEqual(int((idx[0] >= 0).sum()), 121 * 121)
        self.assertEqual(int(idx[0].max()) + 1, F.WINDOWS)
        keys = np.arange(1 << 16)
        ok = idx[0] >= 0
        self.assertTrue(np.array_equal(idx[0][ok], idx[0][F.mirror(keys)[ok]]))
        self.assertTrue(np.array_equal(idx[1][ok], idx[0][F.swap_colours(keys)[ok]]))
        # Window 0 is the empty window; the board's edge makes walls.
        self.assertEqual(idx[0][0], 0)

    def test_keys_of_a_small_board(self):
        # 5x5, black at (x 1, y 2), white at (x 3, y 2): the centre's horizontal window.
        codes = np.zeros((1, 484), dtype=np.uint8)
        codes[0, 2 * 5 + 1], codes[0, 2 * 5 + 3] = 1, 2
        grids = F.padded_grids(codes, np.array([5]))
        keys = F.line_keys(grids)
        want = 0
        for k, code in {-4: 3, -3: 3, -2: 0, -1: 1, 1: 2, 2: 0, 3: 3, 4: 3}.items():
            want |= code << (2 * F.key_slot(k))
        self.assertEqual(int(keys[0, 2, 2, 0]), want)
        w, c, inside, empty = F.inputs(codes, np.array([5]), np.array([1]))
        self.assertEqual(int(inside.sum()), 25)
        self.assertEqual(int(empty.sum()), 23)
        self.assertEqual(int(c[0, F.cell_index(2, 1)]), 2)  # black is the opponent of white
        self.assertEqual(int(c[0, F.cell_index(2, 3)]), 1)


class ModelTest(unittest.TestCase):
    def setUp(self):
        self.recs = tsdata.synthetic(40, seed=5, sizes=(9, 15))
        self.codes = tsdata.unpack_cells(self.recs)
        self.sizes = self.recs["size"].astype(np.int64)
        self.sides = self.recs["side"].astype(np.int64)

    def test_every_symmetry_gives_the_same_value_and_moves_the_policy(self):
        for rule in (0, 2):
            net = M.GomokuNet(rule=rule, seed=1).double()
            wdl0, pol0 = forward(net, self.codes, self.sizes, self.sides)
            for sym in range(8):
                codes, move = F.transform_codes(self.codes, self.sizes, sym)
                wdl, pol = forward(net, codes, self.sizes, self.sides)
                np.testing.assert_allclose(wdl, wdl0, atol=1e-9)
                for i in range(len(self.sizes)):
                    s = int(self.sizes[i])
                    for cell in range(0, s * s, 7):
                        y, x = divmod(cell, s)
                        y2, x2 = divmod(int(move(cell, s)), s)
                        a, b = pol0[i, F.cell_index(y, x)], pol[i, F.cell_index(y2, x2)]
                        self.assertTrue(a == b or abs(a - b) < 1e-9)

    def test_integer_network_stays_close_to_the_float_one(self):
        net = M.GomokuNet(rule=0, seed=2).double()
        with torch.no_grad():
            net.side_bias.copy_(torch.tensor([[0.4, -0.2, -0.6], [-0.3, 0.1, 0.5]], dtype=net.side_bias.dtype))
        qnet, clamped = M.quantise(net)
        self.assertEqual(clamped, 0)
        w, c, i, e = F.inputs(self.codes, self.sizes, self.sides)
        logits, policy = M.integer_forward(qnet, w, c, i, e, self.sides)
        wdl, pol = forward(net, self.codes, self.sizes, self.sides)
        self.assertLess(np.abs(logits / (M.QM * M.QW) - wdl).max(), 0.02)
        self.assertLess(np.abs(np.where(e, policy / (M.QA * M.QW) - pol, 0)).max(), 0.02)

    def test_compact_layout_gives_the_same_outputs(self):
        # Boards of one size laid out on their own cells: the same value, the same policy per cell.
        for size in (9, 15):
            sel = self.sizes == size
            codes, sizes, sides = self.codes[sel], self.sizes[sel], self.sides[sel]
            self.assertGreater(len(sizes), 0)
            net = M.GomokuNet(rule=2, seed=4).double()
            wdl, pol = forward(net, codes, sizes, sides)
            w, c, i, e = F.inputs(codes, sizes, sides, compact=True)
            self.assertEqual(w.shape[1], size * size)
            t = lambda a: torch.from_numpy(np.asarray(a))
            with torch.no_grad():
                cwdl, cpol = net(t(w), t(c), t(i), t(e), t(sides))
            np.testing.assert_allclose(cwdl.numpy(), wdl, atol=1e-9)
            full = [F.cell_index(y, x) for y in range(size) for x in range(size)]
            np.testing.assert_array_equal(np.isinf(cpol.numpy()), np.isinf(pol[:, full]))
            finite = ~np.isinf(cpol.numpy())
            np.testing.assert_allclose(cpol.numpy()[finite], pol[:, full][finite], atol=1e-9)
        with self.assertRaisesRegex(ValueError, "one size"):
            F.inputs(self.codes, self.sizes, self.sides, compact=True)

    def test_network_file_round_trip_and_checksum(self):
        net = M.GomokuNet(rule=2, seed=3)
        with torch.no_grad():
            net.side_bias.copy_(torch.tensor([[0.25, 0.0, -1.5], [3.0, -2.0, 0.125]]))
        qnet, _ = M.quantise(net)
        data = export.encode(qnet, 2, "test")
        self.assertEqual(len(data), 72 + 4 + 2 * 1421968 + 24)
        rule, back, desc = export.decode(data)
        self.assertEqual((rule, desc), (2, "test"))
        for a, b in zip(qnet["sets"], back["sets"]):
            for k in a:
                self.assertTrue(np.array_equal(a[k], b[k]), k)
        np.testing.assert_array_equal(back["side_bias"], [[1 << 20, 0, -3 << 21], [3 << 22, -1 << 23, 1 << 19]])
        broken = bytearray(data)
        broken[-10] ^= 1
        with self.assertRaisesRegex(ValueError, "checksum"):
            export.decode(bytes(broken))

    def test_a_dequantised_network_quantises_to_the_same_integers(self):
        for rule in (0, 2):
            net = M.GomokuNet(rule=rule, seed=7)
            with torch.no_grad():
                net.side_bias.copy_(torch.tensor([[0.3, 0.0, -0.3], [0.2, 0.1, -0.2]]))
            qnet, _ = M.quantise(net)
            back = M.GomokuNet(rule=rule)
            back.load_state_dict(M.dequantise(qnet, rule))
            again, clamped = M.quantise(back)
            self.assertEqual(clamped, 0)
            for a, b in zip(qnet["sets"], again["sets"]):
                for k in a:
                    self.assertTrue(np.array_equal(a[k], b[k]), (rule, k))
            np.testing.assert_array_equal(qnet["side_bias"], again["side_bias"])
        with self.assertRaisesRegex(ValueError, "table sets"):
            M.dequantise(M.quantise(M.GomokuNet(rule=0, seed=1))[0], 2)

    def test_the_classical_share_round_trips_and_is_bounded(self):
        qnet, _ = M.quantise(M.GomokuNet(rule=0, seed=4))
        data = export.encode(qnet, 0, "blend", classical_share=60)
        self.assertEqual(export.classical_share(data), 60)
        self.assertEqual(export.decode(data)[0], 0)
        with self.assertRaisesRegex(ValueError, "0 to 100"):
            export.encode(qnet, 0, "blend", classical_share=101)
        # A version 1 file (no share, no side bias) still decodes, its side bias zero; one that
        # claims a share is refused.
        old = export._header(0, 1, "v1", 1421968, 0, 0, 1)
        payload = export.encode(qnet, 0, "v1")[len(old):-24]
        old = export._header(0, 1, "v1", len(payload), export.fnv1a(payload, export.fnv1a(old)), 0, 1)
        rule, back, desc = export.decode(old + payload)
        self.assertEqual(desc, "v1")
        np.testing.assert_array_equal(back["side_bias"], np.zeros((2, 3)))
        for a, b in zip(qnet["sets"], back["sets"]):
            for k in a:
                self.assertTrue(np.array_equal(a[k], b[k]), k)
        bad = export._header(0, 1, "v1", 0, 0, 5, 1)
        bad = export._header(0, 1, "v1", len(payload), export.fnv1a(payload, export.fnv1a(bad)), 5, 1)
        with self.assertRaisesRegex(ValueError, "classical share"):
            export.decode(bad + payload)

    def test_a_state_from_before_the_side_bias_loads_with_it_zero(self):
        net = M.GomokuNet(rule=0, seed=6).double()
        state = {k: v for k, v in net.state_dict().items() if k != "side_bias"}
        with torch.no_grad():
            net.side_bias.fill_(0.5)
        older = M.GomokuNet(rule=0).double()
        M.load_state(older, state)
        self.assertEqual(float(older.side_bias.abs().sum()), 0.0)
        with torch.no_grad():
            net.side_bias.zero_()
        np.testing.assert_allclose(forward(older, self.codes, self.sizes, self.sides)[0],
                                   forward(net, self.codes, self.sizes, self.sides)[0], atol=1e-12)

    def test_score_units(self):
        # Even odds are 0; P(win) = sigmoid(1) is WINPROB_SCALE; the bound holds.
        self.assertAlmostEqual(float(M.score_from_logits([0.0, -50.0, 0.0])), 0.0)
        self.assertAlmostEqual(float(M.score_from_logits([1.0, -50.0, 0.0])), M.WINPROB_SCALE, places=6)
        self.assertEqual(float(M.score_from_logits([80.0, 0.0, -80.0])), M.WIN_BOUND - 1)


if __name__ == "__main__":
    unittest.main()
