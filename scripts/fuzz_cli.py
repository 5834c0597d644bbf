#!/usr/bin/env python3
"""Seeded fuzzer for the `tilestone` command line.

    python3 scripts/fuzz_cli.py --bin build/tilestone [--cases 300] [--seed 1] [--jobs 2]
    python3 scripts/fuzz_cli.py --bin build-asan/tilestone --cases 5100 --jobs 2    # the long run

First a fixed table: every numeric option of every subcommand is given values it must refuse
(empty, signs where none belong, overflow, hex, octal, fractions, nan, spaces); each must end
with exit status 2 (a wrong command line) and a message. Then random invocations built from each subcommand's options,
with valid, extreme and malformed values and structural mutations (options dropped, repeated,
unknown, values missing, invalid UTF-8, long values). Options that decide how long a command
runs (games, think time, depth) only ever get small valid values, so a valid run is short.

A case fails when the exit status is not 0, 1 (a command that failed: a file that cannot be
read or written, say) or 2, the process dies by a signal, runs past --timeout-s (a hang), prints
a sanitizer report or an internal error, or exits 1 or 2 without a message. Every run happens in a temporary folder with its own HOME, XDG_DATA_HOME and
TILESTONE_DB, so no real game database is touched. `tilestone serve` with valid options starts
a server on port 0; it is stopped with SIGTERM and must exit 0."""
import argparse
import concurrent.futures
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument("--bin", required=True)
p.add_argument("--cases", type=int, default=300, help="random invocations after the fixed table")
p.add_argument("--seed", type=int, default=1)
p.add_argument("--jobs", type=int, default=2)
p.add_argument("--timeout-s", type=float, default=30)
p.add_argument("--table-sample", type=int, default=3,
               help="bad values per option in the fixed table, drawn by the seed (0: all of them)")
p.add_argument("--verbose", action="store_true")
args = p.parse_args()
BIN = os.path.abspath(args.bin)
rng = random.Random(args.seed)

# ---------------------------------------------------------------------------------------------
# What each option takes. A kind names a list of valid values and a list of bad ones.

BAD_INT = ["", " 5", "5 ", "+5", "0x10", "010", "5.0", "1e3", "nan", "inf", "abc", "99999999999999999999",
           "18446744073709551616", "-9223372036854775809", "5abc", "--", "\u0665", "\xff"]
BAD_UNSIGNED = BAD_INT + ["-1", "-5"]
BAD_NUMBER = ["", " 5", "nan", "inf", "-inf", "1e400", "0x10", "abc", "5ms", "1,5", "--", "\xff", "-1"]
KINDS = {
    # kind: (valid values, bad values)
    "time2048": (["1", "5", "20"], BAD_UNSIGNED + ["0", "600001", "0.5", "2.5e1"]),
    "depth2048": (["1", "2", "3"], BAD_UNSIGNED + ["17", "100"]),
    "playouts": (["1", "10", "50"], BAD_UNSIGNED + ["0", "1000001"]),
    "threads": (["1", "2"], BAD_UNSIGNED + ["0", "257"]),
    "gthreads": (["1", "2"], BAD_UNSIGNED + ["0", "257"]),
    "seed": (["0", "1", "42", "18446744073709551615"], BAD_UNSIGNED),
    "games": (["1", "2"], BAD_UNSIGNED + ["0", "1000001"]),
    "jobs": (["1", "2"], BAD_UNSIGNED + ["0", "257"]),
    "gjobs": (["1", "2"], BAD_UNSIGNED + ["0", "257"]),
    "stopat": (["8", "16", "64"], BAD_UNSIGNED + ["1", "3", "100", "2097152"]),
    "size": (["5", "7", "9", "15", "22"], BAD_UNSIGNED + ["4", "23", "0"]),
    "msize": (["5", "7", "9"], BAD_UNSIGNED + ["4", "23", "0"]),
    "gtime": (["1", "5", "20"], BAD_UNSIGNED + ["0", "600001", "1.5"]),
    "gdepth": (["1", "2"], BAD_UNSIGNED + ["31"]),
    "port": (["0"], BAD_UNSIGNED + ["65536", "99999"]),
    "maxtime": (["1", "50", "100.5"], BAD_NUMBER + ["0", "600001"]),
    "maxbench": (["1", "5"], BAD_NUMBER + ["0", "86401"]),
    "limit": (["0", "1", "20"], BAD_UNSIGNED),
    "spositions": (["1", "2", "3"], BAD_UNSIGNED + ["0", "100001"]),
    "every": (["1", "5", "20"], BAD_UNSIGNED + ["0", "100001"]),
    "lastmoves": (["0", "10", "100"], BAD_UNSIGNED + ["1000001"]),
    "mintile": (["8", "16", "64"], BAD_UNSIGNED + ["0", "1", "3", "100", "65536"]),
    "id": (["1", "2", "999"], BAD_UNSIGNED + ["0"]),
    # Text options: only malformed text is "bad"; none of them is numeric.
    "ai": (["expectimax", "minimax", "montecarlo", "greedy", "random"], ["", "deep-blue", "EXPECTIMAX", "\xff"]),
    "board": (["0x1100000000000000", "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4", "2 4 8 16 32 64 128 256 512 1024 2 4 8 16 32 4",
               "2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2"],
              ["", "0x", "0x11", "2,2", "3,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0", "a" * 5000, "0xgggggggggggggggg", "\xff\xfe",
               "2,,2", "-2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0", "131072," * 15 + "2", "4294967296" + ",0" * 15]),
    "weights": (["1,2,3,1,0,0"], ["", "1,2", "nan,1,1,1,1,1", "1,2,3,4,5,6,7", "x"]),
    "rule": (["freestyle", "standard", "renju"], ["", "gomoku", "RENJU", "\xff"]),
    "level": (["scorer", "minimax", "montecarlo", "strong"], ["", "weak", "\xff"]),
    "moves": (["h8", "h8i9h9", "a1", "", "e5d4"], ["h8h8", "z99", "h", "8h", "a0", "h8" * 300, "\xff", "h8 i9", "w1"]),
    "host": (["127.0.0.1", "localhost"], ["", "999.1.1.1", "::g", "a" * 300, "\xff", "127.0.0.1:80"]),
    "path": (["out.txt", "sub/missing/x.txt", "/dev/null", "."], ["", "/dev/full", "nodir/x"]),
    "dbpath": (["t.db", "sub/t.db"], ["", ".", "garbage.db", "sub/missing/t.db"]),
    "openings": (["openings.txt"], ["", "missing.txt", "garbage.db", "."]),
    "suite": (["suite.txt"], ["", "missing.txt", "garbage.db", ".", "openings.txt"]),
    "game": (["2048", "gomoku"], ["", "chess", "\xff"]),
    "format": (["json", "psq"], ["", "csv", "\xff"]),
    "flag": ([None], []),
}

# Subcommands: (words, options {name: (kind, required, pinned)}, needs_stdin). A pinned option
# bounds the run time: it is always given (a valid small value or a bad one), never dropped. A
# name that starts with '@' is a positional argument (its value alone).
AI_OPTS = {"--ai": ("ai", False, False), "--time-ms": ("time2048", False, False), "--depth": ("depth2048", False, False),
           "--playouts": ("playouts", False, False), "--threads": ("threads", False, False),
           "--weights": ("weights", False, False), "--seed": ("seed", False, False)}
DB_OPTS = {"--db": ("dbpath", False, False), "--no-db": ("flag", False, False)}
COMMANDS = [
    (["2048", "hint"], {**AI_OPTS, "--board": ("board", True, False), "--json": ("flag", False, False)}, False),
    (["2048", "play"], {**AI_OPTS, **DB_OPTS}, True),
    (["2048", "bench"], {**AI_OPTS, "--games": ("games", True, True), "--jobs": ("jobs", False, False),
                         "--stop-at": ("stopat", True, True), "--csv": ("path", False, False),
                         "--json-out": ("path", False, False), "--svg": ("path", False, False)}, False),
    (["2048", "suite", "make"], {**AI_OPTS, "--out": ("path", True, False), "--games": ("games", True, True),
                                 "--positions": ("spositions", True, True), "--every": ("every", False, False),
                                 "--min-tile": ("mintile", True, True), "--last-moves": ("lastmoves", False, False)}, False),
    (["2048", "suite", "run"], {"@suite": ("suite", True, False), **AI_OPTS, "--json": ("flag", False, False)}, False),
    (["gomoku", "hint"], {"--rule": ("rule", False, False), "--moves": ("moves", True, False), "--size": ("size", False, False),
                          "--level": ("level", False, False), "--time-ms": ("gtime", False, True),
                          "--threads": ("gthreads", False, False), "--seed": ("seed", False, False),
                          "--json": ("flag", False, False)}, False),
    (["gomoku", "hint"], {"--rule": ("rule", False, False), "--moves": ("moves", False, False), "--size": ("size", False, False),
                          "--level": ("level", False, False), "--depth": ("gdepth", True, True),
                          "--seed": ("seed", False, False)}, False),
    (["gomoku", "forbidden"], {"--moves": ("moves", True, False), "--size": ("size", False, False)}, False),
    (["gomoku", "play"], {**DB_OPTS, "--rule": ("rule", False, False), "--size": ("size", False, False),
                          "--level": ("level", False, False), "--time-ms": ("gtime", False, True),
                          "--seed": ("seed", False, False), "--ai-first": ("flag", False, False)}, True),
    (["gomoku", "match"], {"--black": ("level", True, False), "--white": ("level", True, False),
                           "--games": ("games", True, True), "--time-ms": ("gtime", False, True),
                           "--rule": ("rule", False, False), "--size": ("msize", True, True),
                           "--openings": ("openings", False, False), "--seed": ("seed", False, False),
                           "--tsv": ("path", False, False), "--json-out": ("path", False, False), "--jobs": ("gjobs", False, False),
                           "--threads": ("gthreads", False, False)}, False),
    (["gomoku", "learn"], {**DB_OPTS, "--stats": ("flag", False, False), "--forget": ("flag", False, False)}, False),
    (["history"], {**DB_OPTS, "--game": ("game", False, False), "--json": ("flag", False, False),
                   "--limit": ("limit", False, False)}, False),
    (["history", "export"], {**DB_OPTS, "--format": ("format", False, False), "--game": ("game", False, False),
                             "--id": ("id", False, False), "--out": ("path", False, False)}, False),
    (["serve"], {**DB_OPTS, "--host": ("host", False, False), "--port": ("port", True, True),
                 "--max-time-ms": ("maxtime", False, False), "--max-bench-s": ("maxbench", False, False)}, False),
]
NUMERIC = {"spositions", "every", "lastmoves", "mintile", "time2048", "depth2048", "playouts", "threads", "gthreads", "seed", "games", "jobs", "gjobs", "stopat", "size", "msize", "gtime", "gdepth",
           "port", "maxtime", "maxbench", "limit", "id"}
# The smallest valid invocation of each command, for the fixed table.
MINIMAL = {("2048", "hint"): ["--board", "0x1100000000000000", "--ai", "greedy"],
           ("2048", "play"): ["--no-db"],
           ("2048", "bench"): ["--games", "1", "--stop-at", "8", "--ai", "greedy"],
           ("2048", "suite", "make"): ["--out", "s.txt", "--games", "1", "--positions", "1", "--min-tile", "8", "--ai", "greedy"],
           ("2048", "suite", "run"): ["suite.txt", "--ai", "greedy"],
           ("gomoku", "hint"): ["--rule", "freestyle", "--moves", "h8", "--level", "scorer"],
           ("gomoku", "forbidden"): ["--moves", "h8"],
           ("gomoku", "play"): ["--no-db", "--level", "scorer"],
           ("gomoku", "match"): ["--black", "scorer", "--white", "scorer", "--games", "1", "--size", "7", "--time-ms", "5"],
           ("gomoku", "learn"): ["--stats"],
           ("history",): [],
           ("history", "export"): ["--format", "json"],
           ("serve",): ["--port", "0"]}


def arg(text):
    """Command-line arguments are bytes: "\xff" stands for the invalid UTF-8 byte 0xFF."""
    return text.encode("latin-1") if all(ord(c) < 256 for c in text) else text.encode()


def safe_stdin():
    """Keystrokes for the terminal games, never 'a'/'auto' (auto-play to the end is long)."""
    words = ["left", "up", "right", "down", "h", "u", "n", "x", "", "h8", "a1", "zz", "i9", "q", "\xff\xfe", "w", "s", "d"]
    lines = [rng.choice(words) for _ in range(rng.randint(0, 6))]
    if rng.random() < 0.8:
        lines.append("q")
    return arg("\n".join(lines) + ("\n" if rng.random() < 0.8 else ""))


# ---------------------------------------------------------------------------------------------
# Cases: (argv list of bytes, stdin bytes, expectation) with expectation "2" (must refuse) or "any"


def fixed_table():
    cases, seen = [], set()
    for words, opts, _ in COMMANDS:
        base = MINIMAL[tuple(words)]
        for name, (kind, _, _) in opts.items():
            if kind not in NUMERIC:
                continue
            bads = KINDS[kind][1]
            if args.table_sample:
                bads = rng.sample(bads, min(args.table_sample, len(bads)))
            for bad in bads:
                argv = list(base)
                if name in argv:
                    i = argv.index(name)
                    del argv[i:i + 2]
                if name == "--depth" and words[0] == "gomoku":
                    argv = [a for a in argv if a != "--time-ms"]
                argv = [arg(w) for w in words + argv + [name, bad]]
                if tuple(argv) not in seen:
                    seen.add(tuple(argv))
                    cases.append((argv, b"q\n", "2"))
    # Values that were once accepted by mistake: always in the table.
    for extra in (["--time-ms", ""], ["--seed", "18446744073709551616"], ["--seed", "-5"]):
        cases.append(([arg(w) for w in ["2048", "hint"] + MINIMAL[("2048", "hint")] + extra], b"", "2"))
    return cases


def random_case():
    words, opts, stdin_needed = rng.choice(COMMANDS)
    argv = []
    for name, (kind, required, pinned) in opts.items():
        if not (required or pinned or rng.random() < 0.35):
            continue
        valid, bad = KINDS[kind]
        if kind == "flag":
            argv.append(name)
            continue
        value = rng.choice(bad) if bad and rng.random() < 0.15 else rng.choice(valid)
        argv += [value] if name.startswith("@") else [name, value]
    # The terminal games and the server take no more time than their pinned options allow,
    # except 2048 play's default think time: keep it short.
    if words == ["2048", "play"] and "--time-ms" not in argv and "--depth" not in argv:
        argv += ["--time-ms", "5"]
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        argv = mutate(argv, opts)
    argv = bound(argv, opts)
    return [arg(w) for w in words + argv], safe_stdin() if stdin_needed else arg(rng.choice(["", "q\n", "\xff"])), "any"


def pinned(opts, name):
    return name in opts and opts[name][2]


def mutate(argv, opts):
    argv = list(argv)
    k = rng.randrange(9)
    names = [i for i, a in enumerate(argv) if a.startswith("--")]
    if k == 0 and names:  # drop an option (with its value), unless it bounds the run time
        i = rng.choice(names)
        if not pinned(opts, argv[i]):
            has_value = i + 1 < len(argv) and not argv[i + 1].startswith("--")
            del argv[i:i + 1 + has_value]
    elif k == 1 and names:  # repeat an option with another of its values
        i = rng.choice(names)
        kind = opts.get(argv[i], ("flag",))[0]
        valid, bad = KINDS.get(kind, ([None], []))
        v = rng.choice(bad + valid)
        if pinned(opts, argv[i]) and v in valid:
            v = valid[0]
        argv += [argv[i]] + ([] if v is None else [v])
    elif k == 2:  # an unknown option or a stray word
        argv.insert(rng.randrange(len(argv) + 1), rng.choice(["--frobnicate", "-x", "extra", "--", "-", "--=", "---",
                                                                "--time-ms=", "--seed=-1", "-h", "--help", "--version"]))
    elif k == 3 and names:  # a missing value at the end
        i = rng.choice(names)
        argv.append(argv[i])
    elif k == 4 and names:  # --name=value
        i = rng.choice(names)
        if i + 1 < len(argv) and not argv[i + 1].startswith("--"):
            argv[i:i + 2] = [argv[i] + "=" + argv[i + 1]]
    elif k == 5 and names:  # a bad value in place of a good one
        i = rng.choice(names)
        kind = opts.get(argv[i], ("flag",))[0]
        bad = KINDS.get(kind, ([], []))[1]
        if bad and i + 1 < len(argv) and not argv[i + 1].startswith("--"):
            argv[i + 1] = rng.choice(bad)
    elif k == 6:  # bytes that are not UTF-8, or a long value
        junk = rng.choice(["\xff\xfe\xfd", "\xc0\xaf", "\x1b[2J", "a" * 20000, "%s%n%x", "\u202e", "\t", " "])
        i = rng.randrange(len(argv) + 1)
        if i < len(argv) and not argv[i].startswith("--") and not (i > 0 and pinned(opts, argv[i - 1])):
            argv[i] = junk
        else:
            argv.insert(i, junk)
    elif k == 7 and len(argv) > 2:  # shuffle
        rng.shuffle(argv)
        # A pinned value split from its option would leave the option at its default.
        for name in [n for n in opts if pinned(opts, n)]:
            if name in argv:
                i = argv.index(name)
                if i + 1 >= len(argv) or argv[i + 1].startswith("--"):
                    argv.insert(i + 1, KINDS[opts[name][0]][0][0])
    elif k == 8:  # a subcommand word in the wrong place
        argv.insert(rng.randrange(len(argv) + 1), rng.choice(["2048", "gomoku", "hint", "serve", "history", "export"]))
    return bound(argv, opts)


def bound(argv, opts):
    """Every pinned option is there, with one of its small valid values or a value it refuses."""
    argv = list(argv)
    for i, a in enumerate(argv):  # a fuzzer binds loopback only (or fails to bind)
        if a == "--host" and i + 1 < len(argv) and argv[i + 1] not in sum(KINDS["host"], []):
            argv[i + 1] = "127.0.0.1"
        elif a.startswith("--host=") and a[7:] not in sum(KINDS["host"], []):
            argv[i] = "--host=127.0.0.1"
    for name in [n for n in opts if pinned(opts, n)]:
        valid, bad = KINDS[opts[name][0]]
        if name not in argv and not any(a.startswith(name + "=") for a in argv):
            argv += [name, valid[0]]
        for i, a in enumerate(argv):
            if a == name and i + 1 < len(argv) and argv[i + 1] not in valid + bad:
                argv[i + 1] = valid[0]  # a value shuffled in from another option: maybe large
            elif a.startswith(name + "=") and a[len(name) + 1:] not in valid + bad:
                argv[i] = name + "=" + valid[0]
    return argv


# ---------------------------------------------------------------------------------------------
# Running


def run(index, argv, stdin, expect, workdir):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": workdir, "XDG_DATA_HOME": os.path.join(workdir, "data"),
           "TILESTONE_DB": os.path.join(workdir, "env.db"), "LC_ALL": "C.UTF-8",
           "ASAN_OPTIONS": os.environ.get("ASAN_OPTIONS", "detect_leaks=1"),
           "UBSAN_OPTIONS": os.environ.get("UBSAN_OPTIONS", "print_stacktrace=1")}
    serve = argv[:1] == [b"serve"]
    t0 = time.perf_counter()
    proc = subprocess.Popen([BIN.encode()] + argv, stdin=subprocess.DEVNULL if serve else subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=workdir, env=env, start_new_session=True)
    hang = False
    try:
        if serve:
            # A valid serve runs until stopped: wait for its banner (or its exit), then SIGTERM.
            line = proc.stdout.readline()
            if b"serving http://" in line:
                proc.send_signal(signal.SIGTERM)
            out_rest, err = proc.communicate(timeout=args.timeout_s)
            out = line + out_rest
        else:
            out, err = proc.communicate(stdin, timeout=args.timeout_s)
    except subprocess.TimeoutExpired:
        hang = True
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
    ms = (time.perf_counter() - t0) * 1000
    rc = proc.returncode
    problems = []
    if hang:
        problems.append(f"no exit within {args.timeout_s:.0f} s (hang)")
    elif rc < 0:
        problems.append(f"killed by signal {-rc}")
    elif rc not in (0, 1, 2):
        problems.append(f"exit status {rc}")
    elif expect == "2" and rc != 2:
        problems.append(f"exit status {rc}, expected 2")
    if rc in (1, 2) and not err.strip():
        problems.append(f"exit status {rc} without a message")
    for pattern in (b"AddressSanitizer", b"LeakSanitizer", b"runtime error:", b"internal error"):
        if pattern in err:
            problems.append(f"'{pattern.decode()}' on standard error")
    return index, argv, rc, ms, problems, err


def main():
    table = fixed_table()
    randoms = [random_case() for _ in range(args.cases)]
    cases = table + randoms
    root = tempfile.mkdtemp(prefix="tilestone-fuzz-cli-")
    # Shared fixtures: an openings file, a garbage "database", a sub folder.
    with open(os.path.join(root, "openings.txt"), "w") as f:
        f.write("# openings\nd4\nc3d4\n")
    with open(os.path.join(root, "suite.txt"), "w") as f:  # two boards, as `2048 suite make` writes them
        f.write("# a suite\n0x1100000000000002 10.0 9.5 8.0 7.0\n0x1200000000000000 - 5.0 - 4.0\n")
    with open(os.path.join(root, "garbage.db"), "wb") as f:
        f.write(bytes(rng.randrange(256) for _ in range(4096)))
    os.makedirs(os.path.join(root, "sub"), exist_ok=True)
    codes, failures, slowest = {}, [], (0.0, None)
    t0 = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run, i, argv, stdin, expect, root) for i, (argv, stdin, expect) in enumerate(cases)]
        for fut in futures:
            i, argv, rc, ms, problems, err = fut.result()
            codes[rc] = codes.get(rc, 0) + 1
            if ms > slowest[0]:
                slowest = (ms, argv)
            shown = " ".join(a.decode("utf-8", "backslashreplace")[:60] for a in argv)
            if args.verbose:
                print(f"{i:5d} rc={rc} {ms:6.0f} ms  tilestone {shown}", flush=True)
            if problems:
                failures.append(i)
                print(f"FAIL case {i}: tilestone {shown}\n  {'; '.join(problems)}\n  stderr: "
                      f"{err.decode('utf-8', 'backslashreplace')[-1500:]}", flush=True)
    elapsed = time.perf_counter() - t0
    summary = ", ".join(f"exit {k}: {v}" for k, v in sorted(codes.items(), key=lambda kv: str(kv[0])))
    print(f"fuzz_cli: seed {args.seed}, {len(cases)} invocations ({len(table)} fixed must-refuse, {len(randoms)} random) "
          f"in {elapsed:.0f} s: {summary}; slowest {slowest[0]:.0f} ms")
    if failures:
        print(f"fuzz_cli: {len(failures)} failures (cases {failures[:20]}); files in {root}")
        sys.exit(1)
    shutil.rmtree(root, ignore_errors=True)
    print("fuzz_cli: ok (no crash, no signal, no hang, no sanitizer report, every refusal exit 1 or 2 with a message)")


main()
