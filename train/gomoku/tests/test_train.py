"""A few seconds of training on synthetic positions: the held-out loss falls, the curves and the
network file are written, and a resumed run continues where the first stopped."""

import csv
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import export  # noqa: E402
import train  # noqa: E402


class TrainTest(unittest.TestCase):
    def test_loss_falls_and_resume_continues(self):
        with tempfile.TemporaryDirectory(prefix="tilestone-train-") as out:
            common = ["--synthetic", "1500", "--out", out, "--batch-size", "64", "--lr", "3e-3", "--eval-every", "20",
                      "--threads", "1", "--val-fraction", "0.1", "--steps", "100"]
            self.assertEqual(train.main(common + ["--time-limit", "3"]), 0)
            with open(os.path.join(out, "log.csv")) as f:
                first = list(csv.DictReader(f))
            done = int(first[-1]["step"])
            self.assertGreater(done, 0)
            self.assertEqual(train.main(common + ["--resume", "--export"]), 0)
            with open(os.path.join(out, "log.csv")) as f:
                rows = list(csv.DictReader(f))
            self.assertEqual(rows[: len(first)], first)
            self.assertEqual(int(rows[-1]["step"]), 100)
            start, end = float(rows[0]["val_loss"]), float(rows[-1]["val_loss"])
            self.assertLess(end, start * 0.85, f"held-out loss {start:.3f} -> {end:.3f}")
            self.assertLess(float(rows[-1]["val_policy_loss"]), float(rows[0]["val_policy_loss"]))
            with open(os.path.join(out, "loss.svg")) as f:
                self.assertIn("<polyline", f.read())
            with open(os.path.join(out, "network.tsnet"), "rb") as f:
                rule, sets, desc = export.decode(f.read())
            self.assertEqual((rule, len(sets)), (0, 1))
            self.assertIn("step 100", desc)


if __name__ == "__main__":
    unittest.main()
