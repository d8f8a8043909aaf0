# Used by scripts/peer-bench.sh --files: reads what its rounds of the file tests left in OUT (bench-R.json,
# bonnie-R.out and .stamps, TOOL-R.strace, .load, .stat, first-R) and prints per test each tool's median rate and
# the median [lowest-highest] of the paired per-round ratios bench++/bonnie++; for the create and delete tests the
# flush that ends each tool's timed region (bonnie++'s sync(), bench++'s syncfs(), timed by strace -T), its share
# of the test's time, and the rates and ratios without it; then each round's first tool, loads and busy share.
#
# usage: peer-bench-files.py OUT ROUNDS NUM
import json
import re
import statistics
import sys

from bonnie_stamps import MIN_STAMPED_SECONDS, stamped_seconds

out, rounds, num = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
files = num * 1024
TESTS = ("seq_create", "seq_stat", "seq_delete", "ran_create", "ran_stat", "ran_delete")
BENCH_KEYS = {"seq_create": "seq_create", "seq_stat": "seq_stat", "seq_delete": "seq_delete",
              "random_create": "ran_create", "random_stat": "ran_stat", "random_delete": "ran_delete"}
# The tests that end with a flush, in the order both tools make them (one sync()/syncfs() each).
FLUSHED = ("seq_create", "seq_delete", "ran_create", "ran_delete")
BONNIE_FIELDS = {"seq_create": 26, "seq_stat": 28, "seq_delete": 30, "ran_create": 32, "ran_stat": 34, "ran_delete": 36}
BONNIE_MSGS = {"seq_create": "Create files in sequential order...", "seq_stat": "Stat files in sequential order...",
               "seq_delete": "Delete files in sequential order...", "ran_create": "Create files in random order...",
               "ran_stat": "Stat files in random order...", "ran_delete": "Delete files in random order..."}


def bench_round(r):
    """bench++'s seconds per test (its own timed region)."""
    with open(f"{out}/bench-{r}.json") as f:
        tests = json.load(f)["runs"][0]["tests"]
    return {BENCH_KEYS[t["test"]]: {"seconds": t["elapsed_sec"], "approx": False} for t in tests
            if t["test"] in BENCH_KEYS}


def traced_calls(tool, r, names):
    """(name, start seconds, duration seconds) of the tool's traced calls in `names`, in order; [] without a trace."""
    try:
        with open(f"{out}/{tool}-{r}.strace") as f:
            text = f.read()
    except FileNotFoundError:
        return []
    pattern = r"([\d.]+) (" + "|".join(names) + r")\([^)]*\)[^\n]*?\s+=\s+0\s+<([\d.]+)>"
    return [(m.group(2), float(m.group(1)), float(m.group(3))) for m in re.finditer(pattern, text)]


def bonnie_round(r):
    """bonnie++'s seconds per test: between the getrusage() calls at the two ends of its timed region (its timer),
    else files / its CSV rate, or from its progress messages where it printed +++++."""
    timer = traced_calls("bonnie", r, ("getrusage",))
    if len(timer) == 2 * len(TESTS):
        return {key: {"seconds": timer[2 * i + 1][1] - timer[2 * i][1], "approx": False}
                for i, key in enumerate(TESTS)}
    with open(f"{out}/bonnie-{r}.out") as f:
        line = [l for l in f if l.startswith("1.98,")][-1].strip().split(",")
    with open(f"{out}/bonnie-{r}.stamps") as f:
        stamps = json.load(f)
    res = {}
    for key, field in BONNIE_FIELDS.items():
        raw = line[field]
        if raw in ("", "+++++"):
            secs = stamped_seconds(stamps, BONNIE_MSGS[key])
            if secs:
                res[key] = {"seconds": secs, "approx": True}
        elif float(raw) > 0:
            res[key] = {"seconds": files / float(raw), "approx": False}
    return res


def flushes(tool, r):
    """The durations of the tool's sync()/syncfs() calls in round r, by test; {} without a trace or when the calls
    are not the four expected."""
    calls = [duration for _, _, duration in traced_calls(tool, r, ("sync", "syncfs"))]
    return dict(zip(FLUSHED, calls)) if len(calls) == len(FLUSHED) else {}


def busy_share(path):  # the machine's busy share (user+nice+system of all CPUs' time) between two cpu lines
    with open(path) as f:
        (a, b) = [list(map(int, line.split()[1:9])) for line in f]
    d = [y - x for x, y in zip(a, b)]
    return 100.0 * sum(d[0:3]) / max(1, sum(d))


def read_text(path):
    with open(path) as f:
        return f.read().strip()


rows = {"bench": [bench_round(r) for r in range(1, rounds + 1)],
        "bonnie": [bonnie_round(r) for r in range(1, rounds + 1)]}
flush = {tool: [flushes(tool, r) for r in range(1, rounds + 1)] for tool in rows}


def seconds(tool, key, without_flush=False):
    """Per round the tool's seconds for `key` (None where missing); without_flush: less its flush."""
    values = []
    for row, fl in zip(rows[tool], flush[tool]):
        if key not in row or (without_flush and key not in fl):
            values.append(None)
        else:
            values.append(row[key]["seconds"] - (fl[key] if without_flush else 0))
    return values


def rates(values):
    return [files / s if s else None for s in values]


def ratios(mine, theirs):
    return [a / b if a and b else None for a, b in zip(mine, theirs)]


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def with_spread(values):
    present = [v for v in values if v is not None]
    if not present:
        return "-"
    return f"{statistics.median(present):.2f} [{min(present):.2f}-{max(present):.2f}]"


def rate_text(value):
    return "-" if value is None else f"{value:.0f}/s"


print()
print(f"{'test':<11} {'bench++':>10} {'bonnie++':>11} {'b++/bon [min-max]':>19}   "
      f"{'flush ms: b++':>13} {'bon':>6} {'share: b++':>10} {'bon':>5}   "
      f"{'no flush: b++':>13} {'bon':>9} {'b++/bon [min-max]':>19}")
approx_any = False
for key in TESTS:
    b, n = rates(seconds("bench", key)), rates(seconds("bonnie", key))
    approx = any(row.get(key, {}).get("approx") for row in rows["bonnie"])
    approx_any |= approx
    line = (f"{key:<11} {rate_text(median(b)):>10} {('~' if approx else '') + rate_text(median(n)):>11} "
            f"{with_spread(ratios(b, n)):>19}")
    if key in FLUSHED:
        fb = [fl.get(key) for fl in flush["bench"]]
        fn = [fl.get(key) for fl in flush["bonnie"]]
        share_b = ratios(fb, seconds("bench", key))
        share_n = ratios(fn, seconds("bonnie", key))
        b0, n0 = rates(seconds("bench", key, True)), rates(seconds("bonnie", key, True))
        ms = lambda v: "-" if v is None else f"{v * 1000:.0f}"
        pct = lambda v: "-" if v is None else f"{v * 100:.0f}%"
        line += (f"   {ms(median(fb)):>13} {ms(median(fn)):>6} {pct(median(share_b)):>10} {pct(median(share_n)):>5}   "
                 f"{rate_text(median(b0)):>13} {rate_text(median(n0)):>9} {with_spread(ratios(b0, n0)):>19}")
    print(line)
print(f"(files/s over {rounds} rounds of -s 0 -n {num} ({files} files): medians of each tool's rates and of the paired "
      f"per-round ratios, [lowest-highest] round; flush: the sync() (bonnie++) or syncfs() (bench++) that ends the "
      f"test's timed region, its median time and share of the test's time; no flush: files / (the test's time "
      f"less its flush))")
if approx_any:
    print(f"(~: bonnie++ printed +++++ (under 0.5 s) in some round; its time then comes from its progress messages, "
          f"to a few ms, left out under {MIN_STAMPED_SECONDS * 1000:.0f} ms)")

print("\nper round: the first tool, the 1-minute load before each tool run and the machine's busy share during it")
for r in range(1, rounds + 1):
    parts = []
    for tool in ("bench", "bonnie"):
        parts.append(f"{tool} load {read_text(f'{out}/{tool}-{r}.load')} busy {busy_share(f'{out}/{tool}-{r}.stat'):.0f}%")
    print(f"  round {r}: first {read_text(f'{out}/first-{r}'):<6}  " + ";  ".join(parts))

print("\nper-round ratios bench++/bonnie++ (~: bonnie++'s time from its progress messages)")
print(f"  {'test':<11}" + "".join(f"{r:>8}" for r in range(1, rounds + 1)))
for key in TESTS:
    cells = []
    for r, value in enumerate(ratios(rates(seconds("bench", key)), rates(seconds("bonnie", key)))):
        mark = "~" if rows["bonnie"][r].get(key, {}).get("approx") else ""
        cells.append("-" if value is None else f"{mark}{value:.2f}")
    print(f"  {key:<11}" + "".join(f"{c:>8}" for c in cells))

print("\nper-round rates, files/s (bench++ / bonnie++)")
print(f"  {'test':<11}" + "".join(f"{r:>16}" for r in range(1, rounds + 1)))
for key in TESTS:
    pairs = zip(rates(seconds("bench", key)), rates(seconds("bonnie", key)))
    cells = [("-" if b is None else f"{b:.0f}") + "/" + ("-" if n is None else f"{n:.0f}") for b, n in pairs]
    print(f"  {key:<11}" + "".join(f"{c:>16}" for c in cells))
