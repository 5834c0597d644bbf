"""A few seconds of training on synthetic positions: the held-out loss falls, the curves and the
network file are written, and a run stopped and resumed ends exactly as one that never stopped."""

import csv
import os
import sys
import tempfile
import unittest

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import export  # noqa: E402
import model as M  # noqa: E402
import train  # noqa: E402
import tsdata  # noqa: E402


def read_log(out):
    with open(os.path.join(out, "log.csv")) as f:
        return [{k: v for k, v in row.items() if k != "seconds"} for row in csv.DictReader(f)]


class TrainTest(unittest.TestCase):
    def test_loss_falls_and_a_resumed_run_ends_as_an_unbroken_one(self):
        with tempfile.TemporaryDirectory(prefix="tilestone-train-") as tmp:
            whole, broken = os.path.join(tmp, "whole"), os.path.join(tmp, "broken")

            def common(out):
                return ["--synthetic", "1500", "--out", out, "--batch-size", "64", "--lr", "3e-3", "--eval-every", "20",
                        "--threads", "1", "--val-fraction", "0.1", "--steps", "60", "--export"]

            self.assertEqual(train.main(common(whole)), 0)
            rows = read_log(whole)
            self.assertEqual(int(rows[-1]["step"]), 60)
            start, end = float(rows[0]["val_loss"]), float(rows[-1]["val_loss"])
            self.assertLess(end, start * 0.9, f"held-out loss {start:.3f} -> {end:.3f}")
            self.assertLess(float(rows[-1]["val_policy_loss"]), float(rows[0]["val_policy_loss"]))
            with open(os.path.join(whole, "loss.svg")) as f:
                self.assertIn("<polyline", f.read())
            with open(os.path.join(whole, "network.tsnet"), "rb") as f:
                rule, qnet, desc = export.decode(f.read())
            self.assertEqual((rule, len(qnet["sets"])), (0, 1))
            self.assertIn("step 60", desc)

            # Stopped by the time limit after a few steps, then resumed.
            self.assertEqual(train.main(common(broken) + ["--time-limit", "1"]), 0)
            first = read_log(broken)
            self.assertEqual(train.main(common(broken) + ["--resume"]), 0)
            self.assertEqual(read_log(broken)[: len(first)], first)
            self.assertEqual(read_log(broken), rows)
            with open(os.path.join(broken, "network.tsnet"), "rb") as f:
                _, qnet2, _ = export.decode(f.read())
            for a, b in zip(qnet["sets"], qnet2["sets"]):
                for k in a:
                    self.assertTrue(np.array_equal(a[k], b[k]), k)
            np.testing.assert_array_equal(qnet["side_bias"], qnet2["side_bias"])

    def test_a_run_can_start_from_another_runs_weights(self):
        with tempfile.TemporaryDirectory(prefix="tilestone-train-") as tmp:
            first, second, renju = (os.path.join(tmp, n) for n in ("first", "second", "renju"))
            base = ["--synthetic", "600", "--batch-size", "64", "--lr", "3e-3", "--eval-every", "10",
                    "--threads", "1", "--val-fraction", "0.1", "--steps", "30"]
            self.assertEqual(train.main(base + ["--out", first]), 0)
            # No step yet: the held-out loss at step 0 is the first run's at its end.
            self.assertEqual(train.main(base + ["--out", second, "--steps", "0", "--init",
                                                os.path.join(first, "checkpoint.pt")]), 0)
            self.assertAlmostEqual(float(read_log(second)[0]["val_loss"]), float(read_log(first)[-1]["val_loss"]), places=6)
            # Weights of another rule are refused by --init and taken by --transfer: each of renju's
            # two table sets starts as freestyle's one, so every board is valued as freestyle's net did.
            with self.assertRaises(SystemExit):
                train.main(base + ["--out", renju, "--rule", "renju", "--init", os.path.join(first, "checkpoint.pt")])
            self.assertEqual(train.main(base + ["--out", renju, "--rule", "renju", "--steps", "0", "--transfer",
                                                os.path.join(first, "checkpoint.pt")]), 0)
            free_net, renju_net = M.GomokuNet(rule=0), M.GomokuNet(rule=2)
            free_net.load_state_dict(torch.load(os.path.join(first, "checkpoint.pt"))["model"])
            renju_net.load_state_dict(torch.load(os.path.join(renju, "checkpoint.pt"))["model"])
            recs = tsdata.synthetic(64, seed=5)
            b = train.batch_tensors(recs)
            inputs = (b["windows"], b["centre"], b["inside"], b["empty"], b["sides"])
            with torch.no_grad():
                for x, y in zip(free_net(*inputs), renju_net(*inputs)):
                    self.assertTrue(torch.allclose(x, y, atol=1e-5))
            with self.assertRaises(SystemExit):
                train.main(base + ["--out", os.path.join(tmp, "both"), "--init", os.path.join(first, "checkpoint.pt"),
                                   "--transfer", os.path.join(first, "checkpoint.pt")])
            # --export writes the classical share into the file; a share beyond 100 % is refused.
            blend = os.path.join(tmp, "blend")
            self.assertEqual(train.main(base + ["--out", blend, "--steps", "0", "--init", os.path.join(first, "checkpoint.pt"),
                                                "--export", "--classical-share", "60"]), 0)
            with open(os.path.join(blend, "network.tsnet"), "rb") as f:
                self.assertEqual(export.classical_share(f.read()), 60)
            with self.assertRaises(SystemExit):
                train.main(base + ["--out", blend, "--classical-share", "101"])
            # A network file is a starting point too (the shipped network): dequantised, its step-0
            # held-out loss is the exported run's within the quantisation error, and quantising the
            # started run's weights gives the file's integers back. A foreign file is refused.
            from_file = os.path.join(tmp, "from-file")
            self.assertEqual(train.main(base + ["--out", from_file, "--steps", "0", "--init",
                                                os.path.join(blend, "network.tsnet")]), 0)
            self.assertAlmostEqual(float(read_log(from_file)[0]["val_loss"]), float(read_log(first)[-1]["val_loss"]), places=2)
            with open(os.path.join(blend, "network.tsnet"), "rb") as f:
                _, qfile, _ = export.decode(f.read())
            started = M.GomokuNet(rule=0)
            started.load_state_dict(torch.load(os.path.join(from_file, "checkpoint.pt"))["model"])
            qstarted, _ = M.quantise(started)
            for a, b in zip(qfile["sets"], qstarted["sets"]):
                for k in a:
                    self.assertTrue(np.array_equal(a[k], b[k]), k)
            np.testing.assert_array_equal(qfile["side_bias"], qstarted["side_bias"])
            foreign = os.path.join(tmp, "foreign.tsnet")
            with open(foreign, "wb") as f:
                f.write(b"TSGOMNET" + b"\0" * 40)
            for bad in (foreign, os.path.join(tmp, "missing.tsnet")):
                with self.assertRaises(SystemExit):
                    train.main(base + ["--out", os.path.join(tmp, "bad"), "--init", bad])

    def test_the_ranking_loss_trains_and_the_sibling_accuracy_is_logged(self):
        with tempfile.TemporaryDirectory(prefix="tilestone-train-") as tmp:
            base = ["--synthetic", "400", "--batch-size", "32", "--lr", "3e-3", "--eval-every", "5",
                    "--threads", "1", "--val-fraction", "0.2", "--steps", "10"]
            self.assertEqual(train.main(base + ["--out", os.path.join(tmp, "near"), "--rank-weight", "1"]), 0)
            self.assertEqual(train.main(base + ["--out", os.path.join(tmp, "hard"), "--rank-weight", "1",
                                                "--rank-hard", "0.5"]), 0)
            for run in ("near", "hard"):
                rows = read_log(os.path.join(tmp, run))
                self.assertEqual(int(rows[-1]["step"]), 10)
                for row in rows:
                    self.assertTrue(0.0 <= float(row["val_sibling_accuracy"]) <= 1.0)
            # The siblings of the held-out positions are the same at every evaluation: a run
            # without the ranking loss logs the same first figure.
            self.assertEqual(train.main(base + ["--out", os.path.join(tmp, "plain"), "--steps", "0"]), 0)
            self.assertEqual(read_log(os.path.join(tmp, "plain"))[0]["val_sibling_accuracy"],
                             read_log(os.path.join(tmp, "near"))[0]["val_sibling_accuracy"])

    def test_siblings_differ_from_the_position_by_one_stone_of_the_side_to_move(self):
        import tsdata
        recs = tsdata.synthetic(50, seed=3, rule=0)
        rng = np.random.default_rng(1)
        b = train.batch_tensors(recs, None, rng)
        has = b["has_sibling"].numpy()
        self.assertGreater(has.mean(), 0.5)
        before = b["centre"].numpy()
        for key in ("sib_best", "sib_other"):
            centre = b[key][1].numpy()
            # From the opponent's side: the mover's stones are "opponent" (2), one more of them.
            for i in np.flatnonzero(has):
                self.assertEqual((centre[i] == 2).sum(), (before[i] == 1).sum() + 1)
                self.assertEqual((centre[i] == 1).sum(), (before[i] == 2).sum())

    def test_the_side_bias_learns_from_the_value_loss_and_not_from_the_ranking(self):
        import model
        import tsdata
        recs = tsdata.synthetic(60, seed=5, rule=0)
        net = model.GomokuNet(rule=0, seed=2)
        b = train.batch_tensors(recs, None, np.random.default_rng(2))
        train.sibling_loss(net, b).backward()
        self.assertTrue(net.side_bias.grad is None or float(net.side_bias.grad.abs().sum()) == 0.0)
        self.assertGreater(float(net.b3.grad.abs().sum()), 0.0)  # the rest of the head still learns from it
        net.zero_grad()
        train.losses(net, b, 0.0)[0].backward()
        self.assertGreater(float(net.side_bias.grad.abs().sum()), 0.0)

    def test_a_position_off_the_games_path_learns_from_the_search_value_alone(self):
        import model
        import tsdata
        recs = tsdata.synthetic(40, seed=4, rule=0)
        net = model.GomokuNet(rule=0, seed=1)
        off = recs.copy()
        off["flags"] |= tsdata.OFF_PATH
        off["result"] = 1
        searched_only = train.losses(net, train.batch_tensors(recs, None, None), 0.0)[0]
        with_results = train.losses(net, train.batch_tensors(recs, None, None), 0.5)[0]
        off_path = train.losses(net, train.batch_tensors(off, None, None), 0.5)[0]
        self.assertAlmostEqual(float(off_path), float(searched_only), places=6)
        self.assertNotAlmostEqual(float(with_results), float(searched_only), places=3)

    def test_the_blend_is_trained_as_the_engine_blends_it(self):
        import model
        import tsdata
        recs = tsdata.synthetic(300, seed=7, rule=0)
        recs["value"] = np.clip(recs["value"], -3000, 3000)
        recs["flags"] &= np.uint8(~tsdata.PROVEN & 0xFF)
        # A made-up classical value that knows half of the search's.
        classical = (recs["value"].astype(np.int32) // 2).astype("<i4")
        pairs = np.zeros(len(recs), dtype=tsdata.CLASSICAL_PAIR)
        pairs["search"], pairs["classical"] = recs["value"], classical

        def write_pairs(path, p, version=1):
            with open(path, "wb") as f:
                f.write(tsdata.CLASSICAL_MAGIC + version.to_bytes(4, "little") + bytes(4)
                        + len(p).to_bytes(8, "little") + p.tobytes())

        with tempfile.TemporaryDirectory(prefix="tilestone-train-") as tmp:
            data, values = os.path.join(tmp, "d.tsd"), os.path.join(tmp, "d.classical")
            tsdata.write(data, recs)
            write_pairs(values, pairs)
            # The loss's blend is the engine's (gomoku::blend_value on the network's score).
            kept, _ = train.load_records(train.parse_args(["--data", data, "--out", tmp, "--classical", values]))
            np.testing.assert_array_equal(kept["classical"], classical)
            net = model.GomokuNet(rule=0, seed=3)
            b = train.batch_tensors(kept[:40])
            with torch.no_grad():
                wdl, _ = net(b["windows"], b["centre"], b["inside"], b["empty"], b["sides"])
                logit = train.blended_logit(wdl, b["classical"], 60).numpy()
            engine = (40 * model.score_from_logits(wdl.numpy()) + 60 * classical[:40]) / 100
            np.testing.assert_allclose(logit * model.WINPROB_SCALE, engine, atol=1e-3)  # float32

            base = ["--data", data, "--classical", values, "--batch-size", "32", "--lr", "3e-3", "--eval-every", "10",
                    "--threads", "1", "--val-fraction", "0.2", "--steps", "40", "--policy-weight", "0",
                    "--result-weight", "0", "--export"]
            out = os.path.join(tmp, "blend")
            self.assertEqual(train.main(base + ["--out", out, "--blend-share", "50"]), 0)
            rows = read_log(out)
            self.assertLess(float(rows[-1]["val_value_loss"]), float(rows[0]["val_value_loss"]))
            with open(os.path.join(out, "network.tsnet"), "rb") as f:
                self.assertEqual(export.classical_share(f.read()), 50)  # the share it was trained for
            # Values written for other data, or in another order, or a file of another kind: refused.
            shuffled = pairs[::-1].copy()
            write_pairs(values, shuffled)
            with self.assertRaises(SystemExit):
                train.main(base + ["--out", os.path.join(tmp, "bad"), "--blend-share", "50"])
            write_pairs(values, pairs[:-1])
            with self.assertRaises(SystemExit):
                train.main(base + ["--out", os.path.join(tmp, "bad"), "--blend-share", "50"])
            write_pairs(values, pairs, version=9)
            with self.assertRaises(SystemExit):
                train.main(base + ["--out", os.path.join(tmp, "bad"), "--blend-share", "50"])
            # A share without the values, or beyond 99 %, is refused before any data is read.
            with self.assertRaises(SystemExit):
                train.parse_args(["--data", data, "--out", tmp, "--blend-share", "50"])
            with self.assertRaises(SystemExit):
                train.parse_args(["--data", data, "--out", tmp, "--classical", values, "--blend-share", "100"])

    def test_skip_proven_leaves_out_the_proven_positions(self):
        import tsdata
        recs = tsdata.synthetic(60, seed=6, rule=0)
        recs["flags"][:10] |= tsdata.PROVEN
        recs["value"][10:15] = tsdata.WIN_BOUND + 500  # beyond the bound: proven too
        recs["flags"][10:15] &= np.uint8(~tsdata.PROVEN & 0xFF)
        recs["value"][15:] = np.clip(recs["value"][15:], -2000, 2000)
        recs["flags"][15:] &= np.uint8(~tsdata.PROVEN & 0xFF)
        with tempfile.TemporaryDirectory(prefix="tilestone-train-") as tmp:
            path = os.path.join(tmp, "d.tsd")
            tsdata.write(path, recs)
            base = ["--data", path, "--out", tmp]
            kept, _ = train.load_records(train.parse_args(base))
            self.assertEqual(len(kept), 60)
            kept, _ = train.load_records(train.parse_args(base + ["--skip-proven"]))
            self.assertEqual(len(kept), 45)
            self.assertFalse(train.proven_mask(kept).any())

    def test_the_step_benchmark_times_this_trainer(self):
        import contextlib
        import io
        import bench_step
        with tempfile.TemporaryDirectory(prefix="tilestone-train-") as tmp:
            path = os.path.join(tmp, "d.tsd")
            tsdata.write(path, tsdata.synthetic(40, seed=7, rule=0, sizes=(15,)))
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                self.assertEqual(bench_step.main(["--data", path, "--steps", "3", "--batch-size", "16", "--rank-weight", "1"]), 0)
            self.assertRegex(out.getvalue(), r"s a step of 16 positions \([0-9]+ positions/s\), ranking loss")
            with self.assertRaises(SystemExit):
                bench_step.main(["--data", path, "--steps", "3", "--batch-size", "64"])  # fewer positions than a batch


if __name__ == "__main__":
    unittest.main()
