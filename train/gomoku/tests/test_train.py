"""A few seconds of training on synthetic positions: the held-out loss falls, the curves and the
network file are written, and a run stopped and resumed ends exactly as one that never stopped."""

import csv
import os
import sys
import tempfile
import unittest

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import export  # noqa: E402
import train  # noqa: E402


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
                rule, sets, desc = export.decode(f.read())
            self.assertEqual((rule, len(sets)), (0, 1))
            self.assertIn("step 60", desc)

            # Stopped by the time limit after a few steps, then resumed.
            self.assertEqual(train.main(common(broken) + ["--time-limit", "1"]), 0)
            first = read_log(broken)
            self.assertEqual(train.main(common(broken) + ["--resume"]), 0)
            self.assertEqual(read_log(broken)[: len(first)], first)
            self.assertEqual(read_log(broken), rows)
            with open(os.path.join(broken, "network.tsnet"), "rb") as f:
                _, sets2, _ = export.decode(f.read())
            for a, b in zip(sets, sets2):
                for k in a:
                    self.assertTrue(np.array_equal(a[k], b[k]), k)

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
            # Weights of another rule are refused.
            with self.assertRaises(SystemExit):
                train.main(base + ["--out", renju, "--rule", "renju", "--init", os.path.join(first, "checkpoint.pt")])


if __name__ == "__main__":
    unittest.main()
