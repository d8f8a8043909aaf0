# Used by scripts/peer-bench.sh: reads what its rounds left in OUT and prints the comparison: per test the
# medians of each tool, the medians of the paired per-round ratios with their range, peak RSS, the
# concurrency test, the ratios round by round (with each round's first tool and load), and a verdict per target.
#
# usage: peer-bench-report.py OUT BLOCK_ROUNDS SIZE_MIB PER_CHAR_ROUNDS FILE_ROUNDS FILE_ROUNDS_N
#
# A verdict is PASS or MISS when every round's ratio is on the same side of the target, PASS? or MISS? when
# the rounds straddle it (the median decides which), n/a without numbers.
import glob
import json
import os
import re
import statistics
import sys

from bonnie_stamps import MIN_STAMPED_SECONDS, stamped_seconds

out = sys.argv[1]
block_rounds, size_mib, per_char_rounds, file_rounds, file_rounds_n = map(int, sys.argv[2:7])
ROUNDS = {"block": block_rounds, "per_char": per_char_rounds, "files": file_rounds}
GIB = 1 << 30

BENCH_KEYS = {"per_char_write": "putc", "block_write": "write", "rewrite": "rewrite", "per_char_read": "getc",
              "block_read": "read", "random_seeks": "seeks", "seq_create": "seq_create", "seq_stat": "seq_stat",
              "seq_delete": "seq_delete", "random_create": "ran_create", "random_stat": "ran_stat",
              "random_delete": "ran_delete"}
BYTE_RATES = ("write", "rewrite", "read", "putc", "getc")
FILE_KEYS = ("seq_create", "seq_stat", "seq_delete", "ran_create", "ran_stat", "ran_delete")
# The kind of round each test is measured in.
KIND = {**{k: "block" for k in ("write", "rewrite", "read", "seeks", "seeks_rw", "seeks_readonly")},
        "putc": "per_char", "getc": "per_char", **{k: "files" for k in FILE_KEYS}}


def load_json(path):
    with open(path) as f:
        return json.load(f)


def bench_tests(name, r):
    return load_json(f"{out}/{name}-{r}.json")["runs"][0]


def bench_round(name, r):
    """bench++'s results of one run: key -> {rate, cpu_per_gib}. Bytes per second for the block and per-char
    tests (rewrite counts the file size once, as bonnie++), operations (seek tickets, files) per second else."""
    res = {}
    for t in bench_tests(name, r)["tests"]:
        key = BENCH_KEYS[t["test"]]
        rate = t["bytes"] / t["elapsed_sec"] if key in BYTE_RATES else t["ops_per_sec"]
        res[key] = {"rate": rate, "cpu_per_gib": t["cpu_sec"] / (t["bytes"] / GIB) if t["bytes"] else None}
    return res


# bonnie++ CSV fields (0-based): 9 putc, 11 write, 13 rewrite, 15 getc, 17 read, 19 seeks, 26.. file tests.
BONNIE_FIELDS = {"putc": 9, "write": 11, "rewrite": 13, "getc": 15, "read": 17, "seeks": 19, "seq_create": 26,
                 "seq_stat": 28, "seq_delete": 30, "ran_create": 32, "ran_stat": 34, "ran_delete": 36}
BONNIE_MSGS = {"putc": "Writing a byte at a time...", "write": "Writing intelligently...", "rewrite": "Rewriting...",
               "getc": "Reading a byte at a time...", "read": "Reading intelligently...", "seeks": None,
               "seq_create": "Create files in sequential order...", "seq_stat": "Stat files in sequential order...",
               "seq_delete": "Delete files in sequential order...", "ran_create": "Create files in random order...",
               "ran_stat": "Stat files in random order...", "ran_delete": "Delete files in random order..."}
def bonnie_round(name, r, per_char_bytes, files):
    """bonnie++'s results of one run, as bench_round's, with "approx" when the rate came from its progress
    messages (it printed +++++)."""
    with open(f"{out}/{name}-{r}.out") as f:
        line = [l for l in f if l.startswith("1.98,")][-1].strip().split(",")
    stamps = load_json(f"{out}/{name}-{r}.stamps")
    res = {}
    for key, field in BONNIE_FIELDS.items():
        raw, cpu = line[field], line[field + 1]
        moved = files * 1024 if key in FILE_KEYS else (per_char_bytes if key in ("putc", "getc") else size_mib << 20)
        if raw in ("", "+++++"):
            secs = stamped_seconds(stamps, BONNIE_MSGS[key]) if BONNIE_MSGS[key] else None
            if secs:
                res[key] = {"rate": moved / secs, "cpu_per_gib": None, "approx": True}
        elif key == "seeks" or key in FILE_KEYS:
            res[key] = {"rate": float(raw), "cpu_per_gib": None}
        else:
            rate = float(raw) * 1024
            res[key] = {"rate": rate, "cpu_per_gib": int(cpu) / 100 * (moved / rate) / (moved / GIB)}
    return res


def fio_round(r):
    jobs = {j["jobname"]: j for j in load_json(f"{out}/fio-{r}.json")["jobs"]}

    def result(job, moved, runtime_ms):
        cpu = (job["usr_cpu"] + job["sys_cpu"]) / 100 * job["job_runtime"] / 1000 / (moved / GIB)
        return {"rate": moved / (runtime_ms / 1000), "cpu_per_gib": cpu}

    w, rw, rd = jobs["write"], jobs["rewrite"], jobs["read"]
    res = {"write": result(w, w["write"]["io_bytes"], w["write"]["runtime"]),
           "rewrite": result(rw, (rw["read"]["io_bytes"] + rw["write"]["io_bytes"]) / 2,
                             max(rw["read"]["runtime"], rw["write"]["runtime"])),
           "read": result(rd, rd["read"]["io_bytes"], rd["read"]["runtime"]),
           "seeks": {"rate": jobs["seeks"]["read"]["iops"], "cpu_per_gib": None}}
    s = jobs["seeks_rw"]
    res["seeks_rw"] = {"rate": s["read"]["iops"] + s["write"]["iops"], "cpu_per_gib": None}
    res["seeks_readonly"] = res["seeks"]
    return res


def rounds_of(kind):
    return range(1, ROUNDS[kind] + 1)


# Per kind of round, per tool, the list of the rounds' results (index 0 = round 1).
per_char_bytes = bench_tests("per_char_bench", 1)["io"]["per_char_bytes"]
chunk_bytes = bench_tests("bench", 1)["io"]["chunk_bytes"]
ours = {"block": [bench_round("bench", r) for r in rounds_of("block")],
        "per_char": [bench_round("per_char_bench", r) for r in rounds_of("per_char")],
        "files": [bench_round("files_bench", r) for r in rounds_of("files")]}
bonnie = {"block": [bonnie_round("bonnie", r, per_char_bytes, 0) for r in rounds_of("block")],
          "per_char": [bonnie_round("per_char_bonnie", r, per_char_bytes, 0) for r in rounds_of("per_char")],
          "files": [bonnie_round("files_bonnie", r, per_char_bytes, file_rounds_n) for r in rounds_of("files")]}
fio = {"block": [fio_round(r) for r in rounds_of("block")], "per_char": [], "files": []}
# bench++'s seeks as I/O calls per second (tickets plus write-backs), to set beside fio's randrw 90/10, and its
# read-only seeks (--seek-writes 0) beside fio's randread.
for r, b in zip(rounds_of("block"), ours["block"]):
    t = [t for t in bench_tests("bench", r)["tests"] if t["test"] == "random_seeks"][0]
    b["seeks_rw"] = {"rate": t["bytes"] / chunk_bytes / t["elapsed_sec"], "cpu_per_gib": None}
    b["seeks_readonly"] = bench_round("readonly_bench", r)["seeks"]


def per_round(rows, key, field):
    """The rounds' values of `field`, None where a round has none."""
    return [row[key][field] if key in row and row[key][field] is not None else None for row in rows]


def paired_ratios(mine, theirs):
    return [a / b if a is not None and b is not None and b > 0 else None for a, b in zip(mine, theirs)]


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def spread(values):
    values = [v for v in values if v is not None]
    return (min(values), max(values)) if values else None


def fr(x):
    return "-" if x is None else f"{x:.3f}"


def with_spread(values):
    m, s = median(values), spread(values)
    return "-" if m is None else f"{m:.3f} [{s[0]:.2f}-{s[1]:.2f}]"


def fmt_rate(key, v):
    if v is None:
        return "-"
    if key in ("write", "rewrite", "read"):
        return f"{v / (1 << 20):.0f} MiB/s"
    if key in ("putc", "getc"):
        return f"{v / 1024:.0f} KiB/s"
    return f"{v:.0f}/s"


TESTS = ["write", "rewrite", "read", "putc", "getc", "seeks", "seeks_rw", "seeks_readonly", *FILE_KEYS]
LABELS = {"seeks": "seeks", "seeks_rw": "seeks io/s", "seeks_readonly": "seeks r/o"}
# key -> {"fio": per-round ratios, "bonnie": ..., "cpu_fio": ..., "cpu_bonnie": ..., "approx": bool}
ratios = {}
print()
print(f"{'test':<11} {'bench++':>13} {'fio':>13} {'bonnie++':>14}   {'b/fio [min-max]':>20} {'b/bon [min-max]':>20}"
      f"   {'CPU s/GiB: b++':>14} {'fio':>6} {'bonnie':>6} {'b/fio':>6} {'b/bon':>6}")
for key in TESTS:
    kind = KIND[key]
    b, f, n = (per_round(rows, key, "rate") for rows in (ours[kind], fio[kind], bonnie[kind]))
    cb, cf, cn = (per_round(rows, key, "cpu_per_gib") for rows in (ours[kind], fio[kind], bonnie[kind]))
    approx = any(row.get(key, {}).get("approx") for row in bonnie[kind])
    ratios[key] = {"fio": paired_ratios(b, f), "bonnie": paired_ratios(b, n), "cpu_fio": paired_ratios(cb, cf),
                   "cpu_bonnie": paired_ratios(cb, cn), "approx": approx}
    r = ratios[key]
    print(f"{LABELS.get(key, key):<11} {fmt_rate(key, median(b)):>13} {fmt_rate(key, median(f)):>13} "
          f"{('~' if approx else '') + fmt_rate(key, median(n)):>14}   {with_spread(r['fio']):>20} "
          f"{with_spread(r['bonnie']):>20}   {fr(median(cb)):>14} {fr(median(cf)):>6} {fr(median(cn)):>6} "
          f"{fr(median(r['cpu_fio'])):>6} {fr(median(r['cpu_bonnie'])):>6}")
print(f"(medians of the tools' rates and of the per-round ratios, [lowest-highest] round; block tests and seeks: "
      f"{block_rounds} rounds of -s {size_mib}M, per-char: {per_char_rounds} rounds of -f{per_char_bytes >> 20}, "
      f"file tests: {file_rounds} rounds of -s 0 -n {file_rounds_n}; 'seeks io/s' counts bench++'s tickets plus "
      f"write-backs against fio randrw 90/10 with end_fsync; 'seeks r/o' is bench++ --seek-writes 0 against fio "
      f"randread; '~' = bonnie++ printed +++++, rate from its progress messages, left out when they span under "
      f"{MIN_STAMPED_SECONDS * 1000:.0f} ms)")


def timefile_rss(path):  # "%M %e %U %S": peak RSS in KiB first
    with open(path) as f:
        return int(f.read().split()[0])


rss = {}
for name in ("bench", "per_char_bench", "bonnie", "fio", "bench_n16"):
    values = [timefile_rss(p) for p in glob.glob(f"{out}/{name}-*.time")]
    rss[name] = max(values) / 1024 if values else None
bench_rss = max(v for v in (rss["bench"], rss["per_char_bench"]) if v is not None)
print(f"peak RSS: bench++ {bench_rss:.1f} MiB (-s {size_mib}M), {rss['bench_n16']:.1f} MiB (-s 0 -n 16); "
      f"bonnie++ {rss['bonnie']:.1f} MiB; fio {rss['fio']:.1f} MiB")

conc = {}
with open(f"{out}/conc.txt") as f:
    conc_text = f.read()
for line in conc_text.splitlines():
    m = re.match(r"(block_write|rewrite|block_read)\s+\S+\s+\S+\s+([\d.]+)x", line)
    if m:
        conc[m.group(1)] = float(m.group(2))
print()
print(conc_text.rstrip())


def round_facts(kind, r):
    """The first tool of round r and the 1-minute load before each of its tool runs, in the order they ran."""
    with open(f"{out}/first-{kind}-{r}") as f:
        first = f.read().strip()
    loads = []
    for path in sorted(glob.glob(f"{out}/*-{r}.load"), key=os.path.getmtime):
        name = path[len(out) + 1:-len(f"-{r}.load")]
        if name in ("bench", "bonnie", "fio", "readonly_bench") if kind == "block" else name.startswith(kind + "_"):
            with open(path) as f:
                loads.append(f.read().strip())
    return first.replace(kind + "_", ""), loads


print("\nper-round ratios (each round's first tool, and the 1-minute load before each of its tool runs)")
ROWS = {"block": [(f"{k} {peer}", k, peer) for k in ("write", "rewrite", "read") for peer in ("fio", "bonnie")] +
                 [(f"{k} cpu/{peer[4:]}", k, peer) for k in ("write", "rewrite", "read") for peer in ("cpu_fio", "cpu_bonnie")] +
                 [("seeks r/o fio", "seeks_readonly", "fio")],
        "per_char": [("putc bonnie", "putc", "bonnie"), ("getc bonnie", "getc", "bonnie")],
        "files": [(f"{k} bonnie", k, "bonnie") for k in FILE_KEYS]}
for kind, rows in ROWS.items():
    facts = [round_facts(kind, r) for r in rounds_of(kind)]
    width = max(8, max(len(" ".join(loads)) for _, loads in facts) + 2)
    print(f"  {kind + ' rounds':<20}" + "".join(f"{r:>{width}}" for r in rounds_of(kind)))
    print(f"  {'first':<20}" + "".join(f"{first:>{width}}" for first, _ in facts))
    print(f"  {'load':<20}" + "".join(f"{' '.join(loads):>{width}}" for _, loads in facts))
    for label, key, peer in rows:
        print(f"  {label:<20}" + "".join(f"{fr(v):>{width}}" for v in ratios[key][peer]))


def verdict(name, values, at_least=None, at_most=None, approx=False, shown=None):
    """PASS/MISS when every round is on one side of the target, PASS?/MISS? (by the median) when they straddle it."""
    values = [v for v in values if v is not None]
    ok = (lambda v: v >= at_least) if at_least is not None else (lambda v: v <= at_most)
    if not values:
        status = "n/a  "
    else:
        passing = sum(ok(v) for v in values)
        status = "PASS " if passing == len(values) else "MISS " if passing == 0 else \
                 ("PASS?" if ok(statistics.median(values)) else "MISS?")
    mark = "~" if approx and values else " "
    if not values:
        value = "-"
    elif shown:
        value = shown(values)
    else:
        value = f"{with_spread(values)}, {sum(ok(v) for v in values)} of {len(values)} rounds met"
    print(f"  {status}{mark}{name:<64} {value}")


print("\ntargets (PASS/MISS: every round on that side; PASS?/MISS?: the rounds straddle the target, the median "
      "decides the word)")
for key in ("write", "rewrite", "read"):
    r = ratios[key]
    verdict(f"block {key}: throughput bench++/fio >= 0.97", r["fio"], at_least=0.97)
    verdict(f"block {key}: throughput bench++/bonnie++ >= 0.97", r["bonnie"], at_least=0.97, approx=r["approx"])
    verdict(f"block {key}: CPU s/GiB bench++/bonnie++ <= 1.0", r["cpu_bonnie"], at_most=1.0)
for key in ("putc", "getc"):
    verdict(f"per-char {key}: rate bench++/bonnie++ >= 0.97", ratios[key]["bonnie"], at_least=0.97,
            approx=ratios[key]["approx"])
for key in FILE_KEYS:
    verdict(f"{key}: rate bench++/bonnie++ >= 1.0", ratios[key]["bonnie"], at_least=1.0,
            approx=ratios[key]["approx"])
verdict("seeks, read only (--seek-writes 0): bench++/fio randread >= 0.95", ratios["seeks_readonly"]["fio"],
        at_least=0.95)
print(f"  info   random seeks as bonnie++ (1 in 10 written back, then fsync): I/O calls/s bench++/fio randrw 90/10 "
      f"+ end_fsync {with_spread(ratios['seeks_rw']['fio'])}; seeks/s against randread (unlike work) "
      f"{with_spread(ratios['seeks']['fio'])}")
verdict("peak RSS bench++ <= 16 MiB (I/O tests and -n 16)", [max(bench_rss, rss["bench_n16"])], at_most=16,
        shown=lambda v: f"{v[0]:.1f} MiB")
for key in ("block_write", "rewrite", "block_read"):
    value = conc.get(key)
    verdict(f"-c 2 / -c 1 on /dev/shm, {key} >= 1.7 (median)", [value] if value is not None else [], at_least=1.7,
            shown=lambda v: f"{v[0]:.2f}x")
if any(r["approx"] for r in ratios.values()):
    print("  (~: bonnie++ printed +++++ in some round, so its rate was timed from its progress messages, to a few ms:"
          " an estimate, not bonnie++'s own figure)")
