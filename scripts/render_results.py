#!/usr/bin/env python3
"""Markdown tables from the result files that tilestone writes with --json-out.

    python3 scripts/render_results.py RUN [RUN...] [--label NAME]... [--link-from DIR]
    python3 scripts/render_results.py --pool RUN [RUN...]       # gomoku matches: one row for all
    python3 scripts/render_results.py --update docs/results/2048.md [more .md files]

A RUN is a result file (`tilestone 2048 bench --json-out`, `tilestone gomoku match --json-out`,
`tilestone merge --json-out`, `tilestone gomoku tune generate --out`) or a folder of them: the
shards of one run (`--shard I/N --json-out`), joined as `tilestone merge` joins them. Each RUN is
one row. All RUNs of one call must be of one kind:

- 2048 benches: games, the share of games reaching 2048 ... 32768, the score's mean, median
  and max, and ms per move (p50, p99, max), computed from the games as `tilestone 2048 bench`
  computes them.
- Gomoku matches: the engines, rule and clock, games, W/D/L and the score of the first engine,
  the pairs of games by points, the Elo difference with its 95 % interval (from the pairs, as
  `tilestone gomoku match` computes it), the SPRT's LLR when the run had one, and the slowest
  answer.

--update rewrites, in each markdown file given, every block that starts with a line
`<!-- render: ARGUMENTS -->` and ends with `<!-- end render -->`: the lines between become
this script's output for ARGUMENTS (paths relative to the repository root, links relative to
the markdown file). Run it from the repository root. Only the standard library is used.
"""
import argparse
import json
import math
import os
import re
import shlex
import sys

FORMAT_NAME = "tilestone-results"
TILES = [2048, 4096, 8192, 16384, 32768]

# ---- reading -------------------------------------------------------------------------------


def fail(message):
    print(f"render_results: {message}", file=sys.stderr)
    sys.exit(2)


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"{path}: {e}")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT_NAME or not isinstance(doc.get("games"), list):
        fail(f"{path}: not a tilestone result file")
    return doc


def read_run(path):
    """One run: a file, or the shards in a folder. Returns (kind, settings, games, files, stopped)."""
    if os.path.isdir(path):
        files = sorted(os.path.join(path, n) for n in os.listdir(path)
                       if n.endswith(".json") and not n.startswith("merged"))
        if not files:
            fail(f"{path}: no .json result files")
    else:
        files = [path]
    docs = [load(f) for f in files]
    kind = docs[0]["kind"]
    settings = docs[0]["settings"]
    count = docs[0]["shard"]["count"]
    seen = set()
    games = {}
    for f, d in zip(files, docs):
        if d["kind"] != kind or d["settings"] != settings:
            fail(f"{f}: another kind or other settings than {files[0]}: not a shard of the same run")
        if d["shard"]["count"] != count or d["shard"]["index"] in seen:
            fail(f"{f}: shard {d['shard']['index']}/{d['shard']['count']} does not fit the other shards")
        seen.add(d["shard"]["index"])
        for g in d["games"]:
            if g["index"] in games:
                fail(f"{f}: game {g['index']} appears twice")
            games[g["index"]] = g
    if len(seen) != count:
        missing = sorted(set(range(count)) - seen)
        fail(f"{path}: shards {missing} of {count} are missing")
    stopped = any(d.get("stopped_early") for d in docs)
    return kind, settings, [games[k] for k in sorted(games)], files, stopped, docs[0].get("command", "")


# ---- statistics, as the C++ code computes them -------------------------------------------------


def quantile(values, q):
    """core::quantile: linear interpolation between the order statistics."""
    if not values:
        return 0.0
    v = sorted(values)
    pos = min(max(q, 0.0), 1.0) * (len(v) - 1)
    lo = int(math.floor(pos))
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (pos - lo)


def histogram_quantile(buckets, q):
    """core::LogHistogram::quantile over merged (bucket, count) pairs: the bucket's geometric middle."""
    counts = {}
    for b, n in buckets:
        counts[b] = counts.get(b, 0) + n
    total = sum(counts.values())
    if total == 0:
        return 0.0
    rank = max(math.ceil(q * total), 1)
    seen = 0
    for b in sorted(counts):
        seen += counts[b]
        if seen >= rank:
            return 0.001 * 1.02 ** (b + 0.5)
    return 0.001 * 1.02 ** (max(counts) + 0.5)


def elo_of(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return min(max(-400 * math.log10(1 / score - 1), -1000), 1000)


def moments(values, counts, prior):
    total = sum(c + p for c, p in zip(counts, prior))
    mean = sum(v * (c + p) / total for v, c, p in zip(values, counts, prior))
    var = sum((v - mean) ** 2 * (c + p) / total for v, c, p in zip(values, counts, prior))
    return sum(counts), mean, var


def result_moments(wdl, pairs, with_prior):
    """match::result_moments: the pairs when there are any, else the games."""
    if sum(pairs) > 0:
        prior = [0.125, 0.25, 0.25, 0.25, 0.125] if with_prior else [1e-3] * 5
        return moments([0, 0.25, 0.5, 0.75, 1], pairs, prior)
    wins, draws, losses = wdl
    prior = [0.25, 0.5, 0.25] if with_prior else [1e-3] * 3
    return moments([0, 0.5, 1], [losses, draws, wins], prior)


def elo_estimate(wdl, pairs):
    n, mean, var = result_moments(wdl, pairs, False)
    if n <= 0:
        return 0.0, 0.0, 0.0
    se = math.sqrt(var / n)
    return elo_of(mean), elo_of(mean - 1.96 * se), elo_of(mean + 1.96 * se)


def llr(wdl, pairs, elo0, elo1):
    n, mean, var = result_moments(wdl, pairs, True)
    if n < 2 or var <= 0:
        return 0.0
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


# ---- 2048 benches ----------------------------------------------------------------------------


def pct(x):
    return f"{100 * x:.1f} %".replace(".0 %", " %")


def bench_row(settings, games):
    n = len(games)
    scores = [g["score"] for g in games]
    times = [b for g in games for b in g.get("move_ms_log_buckets", [])]
    reach = []
    for t in TILES:
        k = sum(1 for g in games if g["max_tile"] >= t)
        reach.append(f"{pct(k / n)}" + (f" ({k})" if 0 < k < n and t >= 16384 and n != 100 else ""))
    ms = ""
    if times:
        ms = (f"{histogram_quantile(times, 0.5):.2f} / {histogram_quantile(times, 0.99):.2f} / "
              f"{max(g['max_move_ms'] for g in games):.2f}")
    return [str(n)] + reach + [f"{sum(scores) / n:.0f}", f"{quantile(scores, 0.5):.0f}", f"{max(scores):.0f}", ms]


BENCH_HEAD = ["run", "games"] + [str(t) for t in TILES] + ["mean score", "median", "max", "ms/move p50 / p99 / max", "raw"]


# ---- Gomoku matches ---------------------------------------------------------------------------


def player_name(spec):
    if spec.startswith("pbrain:"):
        parts = spec.split(":")
        return parts[2] if len(parts) > 2 and parts[2] else os.path.basename(parts[1])
    return spec


def first_score(g):
    if g["result"] == "1-0":
        return 1.0 if g["first_is_black"] else 0.0
    if g["result"] == "0-1":
        return 0.0 if g["first_is_black"] else 1.0
    return 0.5


def match_row(settings, games, games_planned, sprt):
    scores = {g["index"]: first_score(g) for g in games}
    wins = sum(1 for s in scores.values() if s >= 1)
    losses = sum(1 for s in scores.values() if s <= 0)
    draws = len(scores) - wins - losses
    pairs = [0] * 5
    for k in range(0, games_planned - 1, 2):
        if k in scores and k + 1 in scores:
            pairs[min(max(round(2 * (scores[k] + scores[k + 1])), 0), 4)] += 1
    elo, lo, hi = elo_estimate((wins, draws, losses), pairs)
    n = len(scores)
    score = (wins + 0.5 * draws) / n if n else 0.5
    first = settings["first"]
    first_max = max((g["black_max_ms"] if g["first_is_black"] else g["white_max_ms"]) for g in games)
    second_max = max((g["white_max_ms"] if g["first_is_black"] else g["black_max_ms"]) for g in games)
    clock = f"{settings['time_ms']} ms" + (f", {settings['match_ms'] // 1000} s/game" if settings.get("match_ms") else "")
    t2 = settings.get("second_time_ms", settings["time_ms"])
    if settings.get("depth"):
        clock = f"depth {settings['depth']}"
    elif t2 != settings["time_ms"]:
        clock += f" vs {t2} ms"
    th1, th2 = settings.get("threads", 1), settings.get("second_threads", settings.get("threads", 1))
    if th1 != 1 or th2 != 1:
        clock += f", threads {th1} vs {th2}"
    test = ""
    if sprt:
        value = llr((wins, draws, losses), pairs, sprt["elo0"], sprt["elo1"])
        a, b = sprt["alpha"], sprt["beta"]
        lower, upper = math.log(b / (1 - a)), math.log((1 - b) / a)
        verdict = "H1 accepted" if value >= upper else "H0 accepted" if value <= lower else "not decided"
        test = f"({sprt['elo0']:g}, {sprt['elo1']:g}): {value:.2f}, {verdict}"
    forfeits = sum(1 for g in games if g["termination"] not in ("five", "full-board"))
    return [f"{player_name(first)} vs {player_name(settings['second'])}", f"{settings['rule']} {settings['size']}", clock,
            str(n), f"{wins} / {draws} / {losses}", f"{100 * score:.1f} %",
            " / ".join(str(p) for p in pairs) if sum(pairs) else "", f"{elo:+.0f} ({lo:+.0f} .. {hi:+.0f})", test,
            str(forfeits), f"{first_max:.0f} / {second_max:.0f}"]


MATCH_HEAD = ["match", "rule", "clock", "games", "W / D / L", "score", "pairs 0 / ½ / 1 / 1½ / 2",
              "Elo (95 %)", "SPRT LLR", "forfeits", "slowest ms", "raw"]


# ---- tables ----------------------------------------------------------------------------------


def link(files, base):
    if base is None:
        return ", ".join(files) if len(files) == 1 else os.path.dirname(files[0]) + "/"
    target = files[0] if len(files) == 1 else os.path.dirname(files[0])
    rel = os.path.relpath(target, base)
    name = os.path.basename(target) + ("/" if len(files) > 1 else "")
    return f"[{name}]({rel}{'/' if len(files) > 1 else ''})"


def table(head, rows):
    # A column no row fills (the SPRT of runs without one) is left out.
    keep = [k for k in range(len(head)) if k == 0 or any(r[k] for r in rows)]
    head = [head[k] for k in keep]
    rows = [[r[k] for k in keep] for r in rows]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out)


def render(argv):
    p = argparse.ArgumentParser(prog="render_results.py", description=__doc__.split("\n\n")[0])
    p.add_argument("runs", nargs="+", help="result files, or folders of a run's shards")
    p.add_argument("--label", action="append", default=[],
                   help="the name of a row, once per RUN in order (default: the run's setup or file name)")
    p.add_argument("--pool", action="store_true", help="gomoku matches: report all the runs' games together, pairs kept")
    p.add_argument("--link-from", metavar="DIR", help="link each row's raw JSON relative to this folder")
    a = p.parse_args(argv)
    labels = a.label
    runs = [read_run(r) for r in a.runs]
    kinds = {r[0] for r in runs}
    if len(kinds) != 1:
        fail(f"the runs are of different kinds: {sorted(kinds)}")
    kind = kinds.pop()
    rows = []
    if kind == "2048-bench":
        if a.pool:
            fail("--pool joins gomoku matches only")
        for i, (_, settings, games, files, stopped, _) in enumerate(runs):
            label = labels[i] if i < len(labels) else settings.get("setup", os.path.basename(files[0]))
            if stopped:
                label += " (stopped early)"
            rows.append([label] + bench_row(settings, games) + [link(files, a.link_from)])
        return table(BENCH_HEAD, rows)
    if kind != "gomoku-match":
        fail(f"unknown result kind '{kind}'")
    if a.pool:
        # As `tilestone merge --pool`: runs of one experiment (the same settings but for these
        # keys), their games numbered one run after the other so that pairs stay pairs.
        free = {"seed", "games", "openings", "openings_source", "sprt"}
        first = {k: v for k, v in runs[0][1].items() if k not in free}
        for _, settings, _, f, _, _ in runs[1:]:
            if {k: v for k, v in settings.items() if k not in free} != first:
                fail(f"{f[0]}: not a run of the same experiment as {runs[0][3][0]} (other engines or settings)")
        games, offset, files = [], 0, []
        for _, settings, g, f, _, _ in runs:
            games += [dict(x, index=x["index"] + offset) for x in g]
            offset += settings["games"]
            files += f
        settings = runs[0][1]
        row = match_row(settings, games, offset, settings.get("sprt"))
        label = labels[0] if labels else f"{len(runs)} runs pooled"
        return table(["run"] + MATCH_HEAD, [[label] + row + [", ".join(link([f], a.link_from) for f in files)]])
    for i, (_, settings, games, files, stopped, _) in enumerate(runs):
        label = labels[i] if i < len(labels) else os.path.splitext(os.path.basename(files[0]))[0]
        if stopped:
            label += " (stopped early)"
        rows.append([label] + match_row(settings, games, settings["games"], settings.get("sprt")) + [link(files, a.link_from)])
    return table(["run"] + MATCH_HEAD, rows)


def update(paths):
    start = re.compile(r"^<!-- render: (.*) -->$")
    for path in paths:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        out, i, blocks = [], 0, 0
        while i < len(lines):
            out.append(lines[i])
            m = start.match(lines[i])
            if not m:
                i += 1
                continue
            end = next((k for k in range(i + 1, len(lines)) if lines[k] == "<!-- end render -->"), None)
            if end is None:
                fail(f"{path}:{i + 1}: a render block without its '<!-- end render -->'")
            args = shlex.split(m.group(1)) + ["--link-from", os.path.dirname(path) or "."]
            out.append(render(args))
            out.append(lines[end])
            blocks += 1
            i = end + 1
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(out))
        print(f"{path}: {blocks} table(s) rendered")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--update":
        if len(sys.argv) < 3:
            fail("--update needs at least one markdown file")
        update(sys.argv[2:])
    else:
        print(render(sys.argv[1:]))


if __name__ == "__main__":
    main()
