#!/usr/bin/env bash
# Measures the measurer: runs bench++, bonnie++ and fio on the same directory with the same work,
# interleaved over several rounds, and prints per test the medians, the paired per-round ratios
# bench++/fio and bench++/bonnie++ (throughput and CPU seconds per GiB moved), each tool's peak RSS,
# and PASS/MISS against the performance targets of the README. Then -c 2 against -c 1 on /dev/shm
# (scripts/concurrency-bench.sh).
#
# Usage: scripts/peer-bench.sh [--quick|--thorough] [--bench PATH] [--rounds N] [--size MIB] [--data random|zero] [DIR]
#   --quick     (default) 3 rounds of the I/O tests (-s 1G, 65536 seeks, -f1, -n 0), then 5 rounds of the
#               file tests (-s 0 -n 16); under 3 minutes on 2 cores
#   --thorough  5 rounds of -s 4G, 131072 seeks, -f3, then 3 rounds of -s 0 -n 200 (long enough for
#               bonnie++ to print every file-test rate itself), larger concurrency test
#   --bench     the bench++ binary (default: build/bench++, built when missing)
#   --rounds, --size  override the mode's round count and -s (MiB; bonnie++ shows +++++ for a block read under
#               0.5 s, so on a fast machine raise it until its read takes longer)
#   --data      what all three write (default zero: bonnie++ can only write its near-zero buffer, so that is
#               the same work for all three; fio gets zero_buffers). random: bench++'s default incompressible
#               blocks and fio's fresh random buffers; bonnie++'s block ratios then compare unlike data.
#   DIR         directory to test in (default: the current directory); needs about 1.1 x -s free
#
# Equivalent work, per tool:
#   block write    bench++/bonnie++: new file in 8 KiB write() calls, fsync+close timed.
#                  fio: rw=write bs=8k, fresh file, fallocate=none, end_fsync=1.
#   rewrite        bench++/bonnie++: read 8 KiB, write it back in place (bonnie++ lseek+write, bench++
#                  pwrite); fsync+close timed.
#                  fio: rw=readwrite rwmixread=50 io_size=2 x size (each byte read once and written once,
#                  sequentially), end_fsync=1; rate = file size / runtime, as bonnie++ counts it.
#   block read     all three read the file just written, from the page cache: bonnie++ cannot drop it, so
#                  bench++ runs with --cache keep and fio with invalidate=0 (each tool starts after a sync and
#                  `echo 3 > /proc/sys/vm/drop_caches` when root, so no tool inherits another's cache).
#   random seeks   bench++/bonnie++: SEEKS tickets over SEEKERS threads, 8 KiB random read, 1 in 10 also
#                  written back, fsync+close (bonnie++ lseek+read/write, bench++ pread/pwrite). fio:
#                  rw=randread numjobs=SEEKERS number_ios=SEEKS/SEEKERS (the target), and rw=randrw
#                  rwmixread=90 end_fsync=1 (the same mix of reads and write-backs). Then, per round,
#                  bench++ again with --seek-writes 0 (reads only): the same work as fio's randread.
#   per char       bench++/bonnie++ only: -fN, one-byte read()/write() calls.
#   file tests     bench++/bonnie++: the same -n, in rounds of their own (-s 0). bonnie++ prints
#                  +++++ for a test under 0.5 s; then its rate is taken from the time between its progress
#                  messages ("~" marks such a value).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

mode=quick bench= rounds= size= data=zero dir=.
while [ $# -gt 0 ]; do
  case $1 in
    --quick) mode=quick ;;
    --thorough) mode=thorough ;;
    --bench) bench=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    --size) size=$2; shift ;;
    --data) data=$2; shift ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) dir=$1 ;;
  esac
  shift
done

if [ "$mode" = quick ]; then
  size_mib=1024 seeks=65536 seekers=5 per_char=1 conc_size=256M conc_rounds=3 file_rounds=5
  file_rounds_n=16
  rounds=${rounds:-3}
else
  size_mib=4096 seeks=131072 seekers=5 per_char=3 conc_size=1G conc_rounds=5 file_rounds=3
  file_rounds_n=200  # 204800 files: every file test lasts over 0.5 s, so bonnie++ prints its own rates
  rounds=${rounds:-5}
fi
size_mib=${size:-$size_mib}
chunk=8192

command -v bonnie++ >/dev/null && command -v fio >/dev/null && [ -x /usr/bin/time ] ||
  "$root/scripts/install-deps.sh" peers
if [ -z "$bench" ]; then
  bench=$root/build/bench++
  [ -x "$bench" ] || "$root/scripts/build.sh"
fi
bench=$(realpath "$bench")
dir=$(realpath "$dir")
out=$(mktemp -d)
work=$(mktemp -d "$dir/peer-bench.XXXXXX")
trap 'rm -rf "$out" "$work"' EXIT

is_root=0
[ "$(id -u)" -eq 0 ] && is_root=1
# Before each tool: write back dirty pages and, as root, empty the page cache.
settle() {
  sync
  if [ "$is_root" = 1 ]; then echo 3 >/proc/sys/vm/drop_caches; fi
}

bench_cmd=("$bench" -d "$work" -s "${size_mib}M:8k:$seeks:$seekers" "-f$per_char" -n 0 -r 0
           --cache keep --data "$data" --no-sync-test -q -z 1)
bonnie_cmd=(bonnie++ -d "$work" -s "${size_mib}M:8k:$seeks:$seekers" "-f$per_char" -n 0 -r 0 -z 1)
[ "$is_root" = 1 ] && bonnie_cmd+=(-u root)
# fio writes what bench++ writes: by default fio reuses one random buffer, which a compressing or
# deduplicating layer under DIR (a VM's image on ZFS, say) shrinks: measured here 761-862 MiB/s against
# 631-715 MiB/s with fresh buffers. Fresh random buffers match --data random, zero buffers --data zero.
if [ "$data" = zero ]; then fio_data=zero_buffers=1; else fio_data=refill_buffers=1; fi
cat >"$out/jobs.fio" <<EOF
[global]
directory=$work
filename=fio.data
ioengine=psync
bs=$chunk
size=${size_mib}m
invalidate=0
fallocate=none
group_reporting=1
$fio_data
[write]
rw=write
end_fsync=1
[rewrite]
stonewall
rw=readwrite
rwmixread=50
io_size=$((2 * size_mib))m
end_fsync=1
[read]
stonewall
rw=read
fsync_on_close=1
[seeks]
stonewall
rw=randread
numjobs=$seekers
number_ios=$((seeks / seekers))
[seeks_rw]
stonewall
rw=randrw
rwmixread=90
numjobs=$seekers
number_ios=$((seeks * 11 / 10 / seekers))
end_fsync=1
EOF
fio_cmd=(fio --output-format=json "$out/jobs.fio")

# Random seeks that only read, as fio's randread (-f -n 0: only the I/O tests, whose seeks are compared).
readonly_bench_cmd=("$bench" -d "$work" -s "${size_mib}M:8k:$seeks:$seekers" -f -n 0 -r 0 --cache keep
                    --data "$data" --no-sync-test -q -z 1 --seek-writes 0)
files_bench_cmd=("$bench" -d "$work" -s 0 -n "$file_rounds_n" -r 0 --no-sync-test -q -z 1)
files_bonnie_cmd=(bonnie++ -d "$work" -s 0 -n "$file_rounds_n" -r 0 -z 1)
[ "$is_root" = 1 ] && files_bonnie_cmd+=(-u root)

# Writes bonnie++'s stderr progress messages with the monotonic time each was seen, as JSON.
cat >"$out/stamp.py" <<'EOF'
import json, os, sys, time
events, text = [], b""
while True:
    data = os.read(0, 4096)
    if not data:
        break
    now = time.monotonic()
    text += data
    events.append((len(text), now))
print(json.dumps({"text": text.decode(errors="replace"), "events": events}))
EOF

run_timed() {  # NAME ROUND COMMAND...: runs COMMAND under /usr/bin/time; peak RSS and times to NAME-ROUND.time
  local name=$1 round=$2; shift 2
  settle
  /usr/bin/time -f "%M %e %U %S" -o "$out/$name-$round.time" "$@"
}

{
  echo "# peer-bench ($mode), $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB RAM", $2/1048576}' /proc/meminfo)"
  echo "kernel:  $(uname -sr)"
  echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15-min averages at the start; above ~0.5 the ratios are noise-prone)"
  echo "dir:     $dir on $(findmnt -n -o FSTYPE,SOURCE,OPTIONS -T "$dir" | tr -s ' ')"
  echo "tools:   $("$bench" --version 2>&1 | head -1); bonnie++ $(dpkg-query -W -f='${Version}' bonnie++ 2>/dev/null); $(fio --version)"
  echo "cache:   $([ "$is_root" = 1 ] && echo 'sync + drop_caches before every tool run' || echo 'not root: sync only, caches NOT dropped between tool runs')"
  echo "bench++: ${bench_cmd[*]} --json FILE"
  echo "bonnie++: ${bonnie_cmd[*]}"
  echo "fio:     ${fio_cmd[*]}   (job file below)"
  sed 's/^/         /' "$out/jobs.fio" | tr '\n' ' ' | sed 's/  */ /g'; echo
  echo "read-only seeks: ${readonly_bench_cmd[*]} --json FILE   (against fio's [seeks] job)"
  echo "file tests alone: ${files_bench_cmd[*]} --json FILE; ${files_bonnie_cmd[*]}"
  echo "rounds:  $rounds, interleaved (the starting tool rotates each round), then $file_rounds of the file tests alone"
} | tee "$out/header.txt"

tools=(bench bonnie fio)
for round in $(seq "$rounds"); do
  for k in 0 1 2; do
    tool=${tools[$(((round + k) % 3))]}
    echo "round $round: $tool" >&2
    case $tool in
      # -q sends bench++'s table to stderr: kept out of the report, shown when bench++ fails.
      bench) run_timed bench "$round" "${bench_cmd[@]}" --json "$out/bench-$round.json" >/dev/null \
               2>"$out/bench-$round.err" || { cat "$out/bench-$round.err" >&2; exit 1; } ;;
      bonnie) run_timed bonnie "$round" "${bonnie_cmd[@]}" 2>&1 >"$out/bonnie-$round.out" |
                python3 "$out/stamp.py" >"$out/bonnie-$round.stamps" ;;
      fio) rm -f "$work/fio.data"
           run_timed fio "$round" "${fio_cmd[@]}" --output="$out/fio-$round.json" ;;
    esac
  done
  rm -f "$work/fio.data"
  run_timed readonly_bench "$round" "${readonly_bench_cmd[@]}" --json "$out/readonly-bench-$round.json" >/dev/null 2>&1
done
for round in $(seq "$file_rounds"); do
  echo "file tests $round" >&2
  for k in 0 1; do
    if [ $(((round + k) % 2)) = 0 ]; then
      run_timed files_bench "$round" "${files_bench_cmd[@]}" --json "$out/files-bench-$round.json" >/dev/null 2>&1
    else
      run_timed files_bonnie "$round" "${files_bonnie_cmd[@]}" 2>&1 >"$out/files-bonnie-$round.out" |
        python3 "$out/stamp.py" >"$out/files-bonnie-$round.stamps"
    fi
  done
done

# bench++ alone with -n 16 and no I/O tests, for the memory target.
run_timed bench_n16 1 "$bench" -d "$work" -s 0 -n 16 -r 0 --no-sync-test -q -z 1 --csv "$out/n16.csv" >/dev/null 2>&1

echo "concurrency: scripts/concurrency-bench.sh -b $bench -d /dev/shm -c 2 -r $conc_rounds -s $conc_size" >&2
"$root/scripts/concurrency-bench.sh" -b "$bench" -d /dev/shm -c 2 -r "$conc_rounds" -s "$conc_size" >"$out/conc.txt"

cat >"$out/report.py" <<'EOF'
import glob, json, re, statistics, sys
out, rounds, size_mib, seeks, file_rounds, file_rounds_n = sys.argv[1], *map(int, sys.argv[2:7])
GIB = 1 << 30
med = lambda xs: statistics.median(xs) if xs else None

def timefile(path):  # "%M %e %U %S"
    rss_kib, *_ = open(path).read().split()
    return int(rss_kib)

BENCH_KEYS = {"per_char_write": "putc", "block_write": "write", "rewrite": "rewrite", "per_char_read": "getc",
              "block_read": "read", "random_seeks": "seeks", "seq_create": "seq_create", "seq_stat": "seq_stat",
              "seq_delete": "seq_delete", "random_create": "ran_create", "random_stat": "ran_stat",
              "random_delete": "ran_delete"}

def bench_round(r, prefix="bench"):
    d = json.load(open(f"{out}/{prefix}-{r}.json"))["runs"][0]
    res = {}
    for t in d["tests"]:
        key = BENCH_KEYS[t["test"]]
        # bytes per second for the block and per-char tests (rewrite counts the file size once, as bonnie++),
        # operations (seek tickets, files) per second for the others
        rate = t["bytes"] / t["elapsed_sec"] if key in ("write", "rewrite", "read", "putc", "getc") else t["ops_per_sec"]
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

MIN_STAMPED_SECONDS = 0.05

def stamped_seconds(stamps, msg):
    """Seconds between bonnie++ printing `msg` and the "done" that follows it; None if not found or shorter than
    MIN_STAMPED_SECONDS, where the stamps' own error (two processes scheduled on a loaded machine) can be most of
    it: at -n 16 a stat phase of some 40 ms came out as 4 ms, a rate ten times bonnie++'s own at -n 200."""
    text, events = stamps["text"], stamps["events"]
    start = text.find(msg)
    if start < 0:
        return None
    done = text.find("done", start + len(msg))
    at = lambda pos: next(t for end, t in events if end > pos)
    secs = at(done) - at(start + len(msg) - 1)
    return secs if secs >= MIN_STAMPED_SECONDS else None

def bonnie_round(r, per_char_bytes, files, prefix="bonnie"):
    line = [l for l in open(f"{out}/{prefix}-{r}.out") if l.startswith("1.98,")][-1].strip().split(",")
    stamps = json.load(open(f"{out}/{prefix}-{r}.stamps"))
    res = {}
    for key, f in BONNIE_FIELDS.items():
        raw, cpu = line[f], line[f + 1]
        approx = False
        if raw in ("", "+++++"):
            secs = stamped_seconds(stamps, BONNIE_MSGS[key]) if BONNIE_MSGS[key] else None
            if not secs:
                continue
            work = files * 1024 if key.startswith(("seq_", "ran_")) else (per_char_bytes if key in ("putc", "getc") else size_mib << 20)
            rate, cpu_per_gib, approx = work / secs, None, True
        elif key == "seeks" or key.startswith(("seq_", "ran_")):
            rate, cpu_per_gib = float(raw), None
        else:
            rate = float(raw) * 1024
            moved = per_char_bytes if key in ("putc", "getc") else size_mib << 20
            cpu_per_gib = int(cpu) / 100 * (moved / rate) / (moved / GIB)
        res[key] = {"rate": rate, "cpu_per_gib": cpu_per_gib, "approx": approx}
    return res

def fio_round(r):
    jobs = {j["jobname"]: j for j in json.load(open(f"{out}/fio-{r}.json"))["jobs"]}
    res = {}
    def cpu(j, moved):
        return (j["usr_cpu"] + j["sys_cpu"]) / 100 * j["job_runtime"] / 1000 / (moved / GIB)
    w = jobs["write"]
    res["write"] = {"rate": w["write"]["io_bytes"] / (w["write"]["runtime"] / 1000), "cpu_per_gib": cpu(w, w["write"]["io_bytes"])}
    rw = jobs["rewrite"]
    moved = (rw["read"]["io_bytes"] + rw["write"]["io_bytes"]) / 2
    res["rewrite"] = {"rate": moved / (max(rw["read"]["runtime"], rw["write"]["runtime"]) / 1000), "cpu_per_gib": cpu(rw, moved)}
    rd = jobs["read"]
    res["read"] = {"rate": rd["read"]["io_bytes"] / (rd["read"]["runtime"] / 1000), "cpu_per_gib": cpu(rd, rd["read"]["io_bytes"])}
    res["seeks"] = {"rate": jobs["seeks"]["read"]["iops"], "cpu_per_gib": None}
    s = jobs["seeks_rw"]
    res["seeks_rw"] = {"rate": s["read"]["iops"] + s["write"]["iops"], "cpu_per_gib": None}
    res["seeks_readonly"] = res["seeks"]
    return res

hdr = json.load(open(f"{out}/bench-1.json"))["runs"][0]
per_char_bytes, files = hdr["io"]["per_char_bytes"], 0  # the main rounds run no file tests
B = [bench_round(r) for r in range(1, rounds + 1)]
N = [bonnie_round(r, per_char_bytes, files) for r in range(1, rounds + 1)]
F = [fio_round(r) for r in range(1, rounds + 1)]
# bench++'s seeks as I/O calls per second (tickets plus write-backs), to set beside fio's randrw 90/10.
for r, b in enumerate(B):
    t = [t for t in json.load(open(f"{out}/bench-{r + 1}.json"))["runs"][0]["tests"] if t["test"] == "random_seeks"][0]
    b["seeks_rw"] = {"rate": t["bytes"] / hdr["io"]["chunk_bytes"] / t["elapsed_sec"], "cpu_per_gib": None}
    b["seeks_readonly"] = bench_round(r + 1, "readonly-bench")["seeks"]
# The file-test rows come from the rounds of the file tests alone (-s 0), paired round by round.
FILE_KEYS = ("seq_create", "seq_stat", "seq_delete", "ran_create", "ran_stat", "ran_delete")
B_files = [bench_round(r, "files-bench") for r in range(1, file_rounds + 1)]
N_files = [bonnie_round(r, per_char_bytes, file_rounds_n, "files-bonnie") for r in range(1, file_rounds + 1)]

def column(rows, key, field):
    return [row[key][field] for row in rows if key in row and row[key][field] is not None]

def ratios(key, field, peers, ours=None):
    return [b[key][field] / p[key][field] for b, p in zip(ours or B, peers)
            if key in b and key in p and b[key][field] is not None and p[key][field] is not None]

def fmt_rate(key, v):
    if v is None: return "-"
    if key in ("write", "rewrite", "read"): return f"{v / (1 << 20):.0f} MiB/s"
    if key in ("putc", "getc"): return f"{v / 1024:.0f} KiB/s"
    return f"{v:.0f}/s"

def fr(x): return "-" if x is None else f"{x:.3f}"

print()
print(f"{'test':<11} {'bench++':>13} {'fio':>13} {'bonnie++':>14} {'b/fio':>7} {'b/bon':>7}   "
      f"{'CPU s/GiB: b++':>14} {'fio':>6} {'bonnie':>6} {'b/fio':>6} {'b/bon':>6}")
results = {}
for key in ["write", "rewrite", "read", "putc", "getc", "seeks", "seeks_rw", "seeks_readonly", "seq_create",
            "seq_stat", "seq_delete", "ran_create", "ran_stat", "ran_delete"]:
    ours, bonnie = (B_files, N_files) if key in FILE_KEYS else (B, N)
    b, f, n = med(column(ours, key, "rate")), med(column(F, key, "rate")), med(column(bonnie, key, "rate"))
    approx = any(row.get(key, {}).get("approx") for row in bonnie)
    rf, rn = med(ratios(key, "rate", F)), med(ratios(key, "rate", bonnie, ours))
    cb, cf, cn = med(column(B, key, "cpu_per_gib")), med(column(F, key, "cpu_per_gib")), med(column(N, key, "cpu_per_gib"))
    cf_r, cn_r = med(ratios(key, "cpu_per_gib", F)), med(ratios(key, "cpu_per_gib", N))
    results[key] = dict(rf=rf, rn=rn, cn=cn_r, cf=cf_r, approx=approx)
    label = {"seeks": "seeks", "seeks_rw": "seeks io/s", "seeks_readonly": "seeks r/o"}.get(key, key)
    print(f"{label:<11} {fmt_rate(key, b):>13} {fmt_rate(key, f):>13} {('~' if approx else '') + fmt_rate(key, n):>14} "
          f"{fr(rf):>7} {fr(rn):>7}   {fr(cb):>14} {fr(cf):>6} {fr(cn):>6} {fr(cf_r):>6} {fr(cn_r):>6}")
print(f"(ratios are medians of the per-round ratios; 'seeks io/s' counts bench++'s tickets plus write-backs against fio "
      f"randrw 90/10 with end_fsync; 'seeks r/o' is bench++ --seek-writes 0 against fio randread; file tests: "
      f"{file_rounds} rounds of -s 0 -n {file_rounds_n}; '~' = bonnie++ printed +++++, rate from its progress messages, "
      f"left out when they span under {MIN_STAMPED_SECONDS * 1000:.0f} ms)")

rss = {}
for name in ("bench", "bonnie", "fio", "bench_n16"):
    vals = [timefile(p) for p in glob.glob(f"{out}/{name}-*.time")]
    rss[name] = max(vals) if vals else None
print(f"peak RSS: bench++ {rss['bench'] / 1024:.1f} MiB (-s {size_mib}M), {rss['bench_n16'] / 1024:.1f} MiB (-s 0 -n 16); "
      f"bonnie++ {rss['bonnie'] / 1024:.1f} MiB; fio {rss['fio'] / 1024:.1f} MiB")

conc = {}
for line in open(f"{out}/conc.txt"):
    m = re.match(r"(block_write|rewrite|block_read)\s+\S+\s+\S+\s+([\d.]+)x", line)
    if m: conc[m.group(1)] = float(m.group(2))
print()
print(open(f"{out}/conc.txt").read().rstrip())

def verdict(name, value, ok, shown, approx=False):
    status = "n/a " if value is None else ("PASS" if ok(value) else "MISS")
    mark = "~" if approx and value is not None else " "
    print(f"  {status}{mark} {name:<54} {shown(value) if value is not None else '-'}")

print("\ntargets")
for key in ("write", "rewrite", "read"):
    verdict(f"block {key}: throughput bench++/fio >= 0.97", results[key]["rf"], lambda v: v >= 0.97, fr)
    verdict(f"block {key}: throughput bench++/bonnie++ >= 1.0", results[key]["rn"], lambda v: v >= 1.0, fr,
            results[key]["approx"])
    verdict(f"block {key}: CPU s/GiB bench++/bonnie++ <= 1.0", results[key]["cn"], lambda v: v <= 1.0, fr)
for key in ("putc", "getc"):
    verdict(f"per-char {key}: rate bench++/bonnie++ >= 0.95", results[key]["rn"], lambda v: v >= 0.95, fr,
            results[key]["approx"])
for key in ("seq_create", "seq_stat", "seq_delete", "ran_create", "ran_stat", "ran_delete"):
    verdict(f"{key}: rate bench++/bonnie++ >= 1.0", results[key]["rn"], lambda v: v >= 1.0, fr, results[key]["approx"])
verdict("random seeks, read only (--seek-writes 0): seeks/s bench++/fio randread >= 0.95",
        results["seeks_readonly"]["rf"], lambda v: v >= 0.95, fr)
print(f"  info  random seeks as bonnie++ (1 in 10 written back, then fsync): I/O calls/s bench++/fio randrw 90/10"
      f" + end_fsync   {fr(results['seeks_rw']['rf'])}; seeks/s against randread (unlike work)   {fr(results['seeks']['rf'])}")
verdict("peak RSS bench++ <= 16 MiB (I/O tests and -n 16)", max(rss["bench"], rss["bench_n16"]) / 1024,
        lambda v: v <= 16, lambda v: f"{v:.1f} MiB")
for key in ("block_write", "rewrite", "block_read"):
    verdict(f"-c 2 / -c 1 on /dev/shm, {key} >= 1.7", conc.get(key), lambda v: v >= 1.7, lambda v: f"{v:.2f}x")
if any(r["approx"] for r in results.values()):
    print("  (~: bonnie++ printed +++++ in some round, so its rate was timed from its progress messages, to a few ms:"
          " an estimate, not bonnie++'s own figure)")
EOF
python3 "$out/report.py" "$out" "$rounds" "$size_mib" "$seeks" "$file_rounds" "$file_rounds_n"
