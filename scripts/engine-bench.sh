#!/usr/bin/env bash
# The workload engine against fio 3.33, side by side in one run, in rounds whose order of tools rotates (on a VM
# whoever writes first after another tool freed its memory runs slow): bench++ job and fio run the same workloads
# on the same file, and the medians of the per-round ratios (with their spread) are checked against the
# targets given with the cases below. A benchmark, not a test: it asserts nothing and CI does not run it.
#
# Usage: scripts/engine-bench.sh [--quick|--thorough] [--rounds N] [--scaling] [--bench FILE] [--cases REGEX]
#                                [--suites 'NAME...'] [--suite-scale S] DIR
#   DIR        where the files go (on the disk to measure); files are removed at the end
#   --quick    4 rounds, 3 s per measured run (default; an even count, so each tool goes first equally often)
#   --thorough 6 rounds, 10 s per measured run
#   --rounds   N rounds instead (after --quick or --thorough; an even N lets each tool go first equally often)
#   --scaling  instead of the cases below, the scaling run: numjobs 1, 4, 16, 64 x iodepth 1, 32, 256,
#              cached and direct, 4 KiB random reads on io_uring, every job on the one 256 MiB file, 1 s per run
#              (3 s with --thorough): per point IOPS and CPU s per million requests of both tools, and each
#              tool's peak RSS per job (/usr/bin/time: the process over its jobs; fio runs them as threads here,
#              --thread, see the cases). 24 points x 2 tools x 4 rounds: about 10 minutes at a load of 15-25
#   --cases    only the cases whose name matches REGEX (bash =~), and neither the suites nor the RSS; 'none':
#              no case, the suites only
#   --suites   the suites to run against fio (default 'tart cdm'; 'none': none; openstack too if named)
#   --suite-scale  their --scale (default small: 64 MiB per job, 2 s runs; e.g. 0.1 for tart's 6-12 s runs)
# Cases (each bench++ job against fio with the same options, --ioengine=io_uring unless named):
#   randread and randwrite 4k direct QD1, QD8, QD32 and QD128, 1 job:
#                                            IOPS >= 0.97x fio, CPU s per million requests <= fio
#   randread 4k cached QD1 and QD32:         IOPS >= 1.0x fio (buffered, the file in the page cache: engine overhead)
#   seq write and read 1m direct QD8:        bandwidth >= 0.97x fio
#   libaio, posixaio: randread 4k direct QD1 and QD32, posixaio randwrite 4k direct QD1 (the widely quoted
#   command), posixaio randwrite 1m buffered QD1 with end_fsync (tart's); sync, psync, vsync, pvsync, pvsync2:
#   randread 4k direct QD1:
#                                            IOPS within 0.97-1.03x fio's same engine
#   suites tart and cdm at --scale small:    every workload's IOPS within 0.9-1.1x fio running the same job file
#                                            (--suites, --suite-scale: other suites, another scale)
#   peak RSS of QD32 x 4 jobs:               <= 32 MiB
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage() {
  echo "usage: scripts/engine-bench.sh [--quick|--thorough] [--rounds N] [--scaling] [--bench FILE] [--cases REGEX] [--suites 'NAME...'] [--suite-scale S] DIR" >&2
  exit 2
}
rounds=4 seconds=3 bench=$root/build/bench++ dir="" only="" scaling=0 thorough=0 suite_list="tart cdm" suite_scale=small
while [ $# -gt 0 ]; do
  case $1 in
    --quick) rounds=4 seconds=3 thorough=0; shift ;;
    --thorough) rounds=6 seconds=10 thorough=1; shift ;;
    --scaling) scaling=1; shift ;;
    --rounds) [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]] || usage; rounds=$2; shift 2 ;;
    --bench) [ $# -ge 2 ] || usage; bench=$2; shift 2 ;;
    --cases) [ $# -ge 2 ] || usage; only=$2; shift 2 ;;
    --suites) [ $# -ge 2 ] && [[ $2 =~ ^(none|((tart|openstack|cdm)( |$))+)$ ]] || usage; suite_list=$2; shift 2 ;;
    --suite-scale) [ $# -ge 2 ] && [[ $2 =~ ^(small|[0-9]+(\.[0-9]+)?)$ ]] || usage; suite_scale=$2; shift 2 ;;
    -*) usage ;;
    *) [ -z "$dir" ] || usage; dir=$1; shift ;;
  esac
done
[ -n "$dir" ] || usage
[ -d "$dir" ] || { echo "engine-bench: no directory $dir" >&2; exit 2; }
"$root/scripts/install-deps.sh" peers
[ -x "$bench" ] || "$root/scripts/build.sh" >&2
work=$(mktemp -d "$dir/engine-bench.XXXXXX")
results=$(mktemp -d "${TMPDIR:-/tmp}/engine-bench-results.XXXXXX")
trap 'rm -rf "$work" "$results"' EXIT
file=$work/data

# ---- one measurement: "tool case round" -> a JSON file ----
# bench_job NAME OUT FIO-OPTIONS...: bench++ job on $file; fio_job NAME OUT FIO-OPTIONS...: fio on the same.
# (bench++ only reads a file it did not create unless --allow-overwrite names it; the script made it for both.)
# Each under /usr/bin/time, whose peak RSS (KiB), user and system seconds go to OUT.rss; each in a session of its
# own (setsid), as each fio job process puts itself (backend.c): with sched_autogroup_enabled a session is a
# scheduling group, and a tool left in the script's would share one group's CPU with whatever else runs there
# (measured at a load of 14: libaio QD32 direct, bench++/fio 0.568 [0.45-0.74] with bench++ in the script's
# session, 1.306 [1.29-1.46] in its own).
bench_job() {
  local out=$1; shift
  logged /usr/bin/time -f '%M %U %S' -o "$out.rss" \
    setsid -w "$bench" job -q -d "$work" --json "$out" --allow-overwrite "$file" --name=w --filename="$file" "$@"
}
# fio's buffers in huge pages (mem=shmhuge) where bench++'s are (request buffers of requests of 128 KiB or more:
# platform/aligned_buffer.h), when the machine has huge pages reserved that cover them (HugePages_Free; root sets
# vm.nr_hugepages, this script does not). Otherwise fio keeps its malloc'd buffers, whose scattered 4 KiB pages split
# a large request at a virtio disk and make its large-block figures swing by 2-3x (docs/performance.md, "Large
# sequential requests and the buffer's pages"). The rule, in Python for the suites' job files too: BS, IODEPTH and
# NUMJOBS of a job fit when NUMJOBS x (IODEPTH x BS rounded up to huge pages, and one more) are free.
read -r -d '' huge_rule <<'RULE' || true
def huge_pages_fit(bs, iodepth, numjobs):
    info = dict(line.split(":", 1) for line in open("/proc/meminfo"))
    free = int(info.get("HugePages_Free", "0").split()[0])
    size = int(info.get("Hugepagesize", "0 kB").split()[0]) * 1024
    if bs < 128 * 1024 or size == 0:
        return False
    return numjobs * (-(-iodepth * bs // size) + 1) <= free
RULE
huge_pages_free=$(awk '/^HugePages_Free:/ {print $2}' /proc/meminfo)
# huge_buffers_fit BS IODEPTH NUMJOBS (bytes, counts): exit status 0 when fio's mem=shmhuge fits (huge_rule).
huge_buffers_fit() {
  python3 -c "$huge_rule
import sys; sys.exit(0 if huge_pages_fit(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])) else 1)" "$@"
}
# bytes_of SIZE: fio's 4k, 1m (binary) as bytes.
bytes_of() {
  case $1 in
    *k) echo $(( ${1%k} * 1024 )) ;;
    *m) echo $(( ${1%m} * 1024 * 1024 )) ;;
    *) echo "$1" ;;
  esac
}
fio_job() {
  local out=$1; shift
  [[ $out != */fio.scale-* ]] || set -- --thread "$@"  # the scaling run: see its cases
  local bs=4k depth=1 jobs=1 option
  for option in "$@"; do
    case $option in
      --bs=*) bs=${option#--bs=} ;;
      --iodepth=*) depth=${option#--iodepth=} ;;
      --numjobs=*) jobs=${option#--numjobs=} ;;
    esac
  done
  ! huge_buffers_fit "$(bytes_of "$bs")" "$depth" "$jobs" || set -- --mem=shmhuge "$@"
  logged /usr/bin/time -f '%M %U %S' -o "$out.rss" setsid -w fio --output-format=json --output="$out" --name=w --filename="$file" "$@"
}
# logged COMMAND...: runs it with its output in a log; on failure says which command failed and shows the log.
logged() {
  "$@" >"$results/last.log" 2>&1 && return 0
  echo "engine-bench: failed: $*" >&2
  tail -5 "$results/last.log" >&2
  exit 1
}

# A case: its name and fio options (the same for both tools). A name that begins with an engine's runs on it.
all_cases=(
  "randread-4k-direct-qd1|--ioengine=io_uring --rw=randread --bs=4k --direct=1 --iodepth=1"
  "randread-4k-direct-qd8|--ioengine=io_uring --rw=randread --bs=4k --direct=1 --iodepth=8"
  "randread-4k-direct-qd32|--ioengine=io_uring --rw=randread --bs=4k --direct=1 --iodepth=32"
  "randread-4k-direct-qd128|--ioengine=io_uring --rw=randread --bs=4k --direct=1 --iodepth=128"
  "randwrite-4k-direct-qd1|--ioengine=io_uring --rw=randwrite --bs=4k --direct=1 --iodepth=1"
  "randwrite-4k-direct-qd8|--ioengine=io_uring --rw=randwrite --bs=4k --direct=1 --iodepth=8"
  "randwrite-4k-direct-qd32|--ioengine=io_uring --rw=randwrite --bs=4k --direct=1 --iodepth=32"
  "randwrite-4k-direct-qd128|--ioengine=io_uring --rw=randwrite --bs=4k --direct=1 --iodepth=128"
  "randread-4k-cached-qd1|--ioengine=io_uring --rw=randread --bs=4k --direct=0 --invalidate=0 --iodepth=1"
  "randread-4k-cached-qd32|--ioengine=io_uring --rw=randread --bs=4k --direct=0 --invalidate=0 --iodepth=32"
  "write-1m-direct-qd8|--ioengine=io_uring --rw=write --bs=1m --direct=1 --iodepth=8"
  "read-1m-direct-qd8|--ioengine=io_uring --rw=read --bs=1m --direct=1 --iodepth=8"
  "libaio-randread-4k-direct-qd1|--ioengine=libaio --rw=randread --bs=4k --direct=1 --iodepth=1"
  "libaio-randread-4k-direct-qd32|--ioengine=libaio --rw=randread --bs=4k --direct=1 --iodepth=32"
  "posixaio-randread-4k-direct-qd1|--ioengine=posixaio --rw=randread --bs=4k --direct=1 --iodepth=1"
  "posixaio-randread-4k-direct-qd32|--ioengine=posixaio --rw=randread --bs=4k --direct=1 --iodepth=32"
  "posixaio-randwrite-4k-direct-qd1|--ioengine=posixaio --rw=randwrite --bs=4k --direct=1 --iodepth=1"
  # the tart suite's buffered random writes, where fio drops the file's cache at each pass (docs/performance.md)
  "posixaio-randwrite-1m-buffered-qd1|--ioengine=posixaio --rw=randwrite --bs=1m --direct=0 --iodepth=1 --end_fsync=1"
)
for engine in sync psync vsync pvsync pvsync2; do
  all_cases+=("$engine-randread-4k-direct-qd1|--ioengine=$engine --rw=randread --bs=4k --direct=1 --iodepth=1")
done
if [ $scaling = 1 ]; then
  # The scaling run: group_reporting for both (fio's JSON then has one entry of all jobs; bench++ no job's own).
  all_cases=()
  seconds=$([ $thorough = 1 ] && echo 3 || echo 1)
  for mode in cached direct; do
    for jobs in 1 4 16 64; do
      for depth in 1 32 256; do
        flags="--direct=0 --invalidate=0"
        [ $mode = cached ] || flags="--direct=1"
        all_cases+=("scale-$mode-j$jobs-qd$depth|--ioengine=io_uring --rw=randread --bs=4k $flags --iodepth=$depth --numjobs=$jobs --group_reporting")
        # fio's jobs as threads of one process, as bench++'s are: a fio job process calls setsid(), and with
        # sched_autogroup_enabled each session is a scheduling group of its own, so on a machine shared with
        # other work 16 fio job processes get 16 groups' share of the CPU where 16 threads get one (measured:
        # 16 jobs QD1 cached, fio 355k IOPS as processes, 64-75k with --thread, bench++ 69-72k).
      done
    done
  done
fi
cases=()
for entry in "${all_cases[@]}"; do
  if [[ -z $only || ${entry%%|*} =~ $only ]] && [ "$only" != none ]; then cases+=("$entry"); fi
done
[ ${#cases[@]} -gt 0 ] || [ "$only" = none ] || { echo "engine-bench: no case matches --cases $only" >&2; exit 2; }
common=(--size=256m "--runtime=$seconds" --time_based)

echo "# engine-bench, $(date -u +%Y-%m-%dT%H:%M:%SZ): $rounds rounds of ${seconds} s, order rotated"
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; $(uname -sr)"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15-min averages at the start)"
echo "dir:     $dir ($(findmnt -n -o FSTYPE,SOURCE,OPTIONS --target "$dir"))"
echo "tools:   $("$bench" --version); $(fio --version)"
echo "fio:     mem=shmhuge for requests of 128 KiB or more where ${huge_pages_free:-0} free huge pages cover them (bench++'s buffers are huge pages there); else fio's malloc'd buffers"
# The file, laid out once, and read once so the cached cases find it in the page cache.
logged fio --name=layout --filename="$file" --rw=write --bs=1m --size=256m --direct=1
cat "$file" >/dev/null
for ((round = 0; round < rounds && ${#cases[@]} > 0; round++)); do
  for entry in ${cases[@]+"${cases[@]}"}; do
    name=${entry%%|*}
    read -ra options <<<"${entry#*|}"
    order=(bench fio)
    [ $((round % 2)) -eq 0 ] || order=(fio bench)
    for tool in "${order[@]}"; do
      out=$results/$tool.$name.$round.json
      # The cached cases read the file from the page cache: the direct writes of the round before dropped it
      # (an O_DIRECT write invalidates the cached pages), and DAMON reclaims what lies idle for a minute.
      [[ $name != *cached* ]] || cat "$file" >/dev/null
      if [ "$tool" = bench ]; then
        bench_job "$out" "${options[@]}" "${common[@]}"
      else
        fio_job "$out" "${options[@]}" "${common[@]}"
      fi
    done
  done
  echo "round $((round + 1)): ${order[0]} first; load $(cut -d' ' -f1 /proc/loadavg) at its end"
done

# ---- the suites at --scale small (or --suite-scale), bench++ against fio running the same workloads ----
# fio's copy of a suite is written from bench++'s own plan of it (`bench++ suite NAME --scale small --dry-run --json
# -`: every workload as bench++ will run it, sizes and times scaled), not from a second reading of the job file; on
# the engine bench++ runs it on, which is fio's engine of the same name (psync_threads, bench++'s stand-in where
# io_uring is refused, leaves fio on the engine the job names).
fio_job_from_plan() {
  local script
  read -r -d '' script <<'PLAN' || true
import json, sys
plan = json.load(sys.stdin)
for group in plan["groups"]:
    for test in group:
        w = test["workload"]
        print("[" + w["name"] + "]")
        options = {"rw": w["rw"], "bs": w["bs"], "size": w["size_bytes"], "numjobs": w["numjobs"],
                   "iodepth": w["iodepth"], "runtime": str(w["runtime_ms"]) + "ms",
                   "ramp_time": str(w["ramp_time_ms"]) + "ms", "direct": int(w["direct"]),
                   "rwmixread": w["rwmixread"], "fsync": w["fsync"], "fdatasync": w["fdatasync"],
                   "ioengine": w["ioengine"] if test["engine"] == "psync_threads" else test["engine"],
                   "invalidate": int(w["invalidate"])}
        # fio's unlink=1 removes a job's file when that job ends, and the next job of a shared file then finds none
        # (error 2); bench++ removes what it created when the run ends. fio's files go with the work directory.
        options["unlink"] = 0
        if w["filename"]:
            options["filename"] = w["filename"]
        for key, value in options.items():
            print(key + "=" + str(value))
        if w["end_fsync"]:
            print("end_fsync=1")
        for flag in ("time_based", "group_reporting", "stonewall"):
            if w[flag]:
                print(flag)
        if huge_pages_fit(w["bs"], w["iodepth"], w["numjobs"]):
            print("mem=shmhuge")
        print()
PLAN
  python3 -c "$huge_rule
$script"
}
mkdir -p "$work/fio"  # fio's own files apart: bench++ would refuse to write a file it did not create
read -ra suites <<<"$suite_list"
[ "$suite_list" != none ] || suites=()
[[ (-z $only || $only == none) && $scaling = 0 ]] || suites=()
for suite in "${suites[@]}"; do
  "$bench" suite "$suite" --scale "$suite_scale" -d "$work" --dry-run --json - | fio_job_from_plan >"$work/fio/$suite.fio"
  for ((round = 0; round < rounds; round++)); do
    order=(bench fio)
    [ $((round % 2)) -eq 0 ] || order=(fio bench)
    for tool in "${order[@]}"; do
      out=$results/$tool.suite-$suite.$round.json
      if [ "$tool" = bench ]; then
        logged "$bench" suite "$suite" --scale "$suite_scale" -x 1 -q -d "$work" --json "$out"
      else
        # fio lays out only a file it does not find, and writes into what its earlier rounds wrote; bench++ lays its
        # files out anew every run (it removes what it created), and a write into a new file's unwritten extents
        # costs ext4 more (it converts them). So each fio round starts without files too, as a new user's run does
        # (openstack's randwrite-4k was 0.74x fio with fio's files kept, 1.16-1.25x with both new: performance.md),
        # and its files go when it ends, as bench++'s go at the end of its run: the freeing (and the discards of a
        # -o discard mount) then falls on whichever tool comes next, each as often (a removal just before fio's
        # run slowed its last workload, tart's fdatasyncs, 3.7x).
        (cd "$work/fio" && logged fio --output-format=json --output="$out" "$suite.fio")
        find "$work/fio" -maxdepth 1 -type f ! -name '*.fio' -delete
      fi
    done
  done
done

# ---- peak RSS at QD32 x 4 jobs ----
# (time's -o: its report on stderr went to /dev/null with bench++'s own, and the RSS read "nan")
rss_kib=skipped
if [[ -z $only && $scaling = 0 ]]; then
  logged /usr/bin/time -f '%M' -o "$results/rss" "$bench" job -q -d "$work" --name=rss --rw=randread --bs=4k \
    --size=64m --direct=1 --ioengine=io_uring --iodepth=32 --numjobs=4 --runtime=2 --time_based
  rss_kib=$(tail -1 "$results/rss")
fi

if ! python3 - "$results" "$rounds" "$rss_kib" "${suites[*]}" "$suite_scale" <<'PY'
import json, os, statistics, sys
results, rounds, rss_kib = sys.argv[1], int(sys.argv[2]), sys.argv[3]
suite_names, suite_scale = sys.argv[4].split(), sys.argv[5]

def load(path):
    with open(path) as f:
        text = f.read()
    return json.loads(text[text.index('{'):])

def bench_case(doc):
    """IOPS, bytes/s and CPU s per million requests of the one workload's reads or writes (all jobs): the last as
    bench++ records it (cpu_sec_per_million_requests), else from its CPU and requests."""
    run = doc['runs'][0]
    tests = [t for t in run['tests'] if t['workload'] and t['workload']['job'] is None and t['unit'] == 'bytes']
    ops = sum(t['operations'] for t in tests)
    elapsed = max(t['elapsed_sec'] for t in tests)
    cpu = tests[0]['cpu_sec']
    byts = sum(t['bytes'] for t in tests)
    cost = tests[0]['workload'].get('cpu_sec_per_million_requests')
    return ops / elapsed, byts / elapsed, cost if cost is not None else cpu / ops * 1e6

def fio_case(doc):
    """The same of fio's jobs (one entry with group_reporting, else each job's: summed; they ran at once)."""
    jobs = doc['jobs']
    ops = sum(j['read']['total_ios'] + j['write']['total_ios'] for j in jobs)
    runtime = max(max(j['read']['runtime'], j['write']['runtime']) for j in jobs) / 1000
    cpu = sum((j['usr_cpu'] + j['sys_cpu']) / 100 * j['job_runtime'] / 1000 for j in jobs)
    byts = sum(j['read']['io_bytes'] + j['write']['io_bytes'] for j in jobs)
    return ops / runtime, byts / runtime, cpu / ops * 1e6

def time_of(path):
    """A run's /usr/bin/time line: peak RSS (KiB) in MiB and the whole process's CPU seconds (user + system, every
    thread and child, setup included); nans when not measured."""
    try:
        with open(path) as f:
            rss, user, system = f.read().split('\n')[-2].split()[:3]
        return int(rss) / 1024, float(user) + float(system)
    except (OSError, ValueError, IndexError):
        return float('nan'), float('nan')

def requests(doc, tool):
    if tool == 'fio':
        return sum(j['read']['total_ios'] + j['write']['total_ios'] for j in doc['jobs'])
    tests = doc['runs'][0]['tests']
    return sum(t['operations'] for t in tests if t['workload'] and t['workload']['job'] is None and t['unit'] == 'bytes')

def spread(ratios):
    return statistics.median(ratios), min(ratios), max(ratios)

def verdict(ratios, target, higher):
    med, lo, hi = spread(ratios)
    ok = med >= target if higher else med <= target
    straddles = (lo < target < hi)
    return ('PASS' if ok else 'MISS') + ('?' if straddles else ' ')

runs = [f for f in os.listdir(results) if f.endswith('.json') and f.startswith(('bench.', 'fio.'))]
cases = sorted({f.split('.')[1] for f in runs if not f.split('.')[1].startswith('suite-')})
scale_cases = [c for c in cases if c.startswith('scale-')]
cases = [c for c in cases if not c.startswith('scale-')]
if cases:
    print()
    print(f"{'case':32} {'bench++ IOPS':>13} {'fio IOPS':>10} {'IOPS ratio (min-max)':>24} {'CPU s/M req ratio':>20} "
          f"{'proc ratio':>10} {'b++ CPU':>8} {'fio CPU':>8}")
    print("  (CPU: as each tool reports it, fio's without its helper threads (RUSAGE_THREAD); proc: the whole "
          "process by /usr/bin/time, both alike)")
targets = []
for case in cases:
    iops, cpus, bws, procs = [], [], [], []
    b_iops, f_iops, b_cpu, f_cpu = [], [], [], []
    for r in range(rounds):
        bdoc = load(f"{results}/bench.{case}.{r}.json")
        fdoc = load(f"{results}/fio.{case}.{r}.json")
        b, f = bench_case(bdoc), fio_case(fdoc)
        iops.append(b[0] / f[0]); bws.append(b[1] / f[1]); cpus.append(b[2] / f[2])
        b_time = time_of(f"{results}/bench.{case}.{r}.json.rss")[1] / requests(bdoc, 'bench')
        f_time = time_of(f"{results}/fio.{case}.{r}.json.rss")[1] / requests(fdoc, 'fio')
        procs.append(b_time / f_time)
        b_iops.append(b[0]); f_iops.append(f[0]); b_cpu.append(b[2]); f_cpu.append(f[2])
    m, lo, hi = spread(iops)
    cm, clo, chi = spread(cpus)
    print(f"{case:32} {statistics.median(b_iops):13.0f} {statistics.median(f_iops):10.0f} {m:8.3f} ({lo:.3f}-{hi:.3f}) "
          f"{cm:8.3f} ({clo:.3f}-{chi:.3f}) {statistics.median(procs):10.3f} {statistics.median(b_cpu):8.2f} "
          f"{statistics.median(f_cpu):8.2f}")
    if case.split('-')[0] in ('libaio', 'posixaio', 'sync', 'psync', 'vsync', 'pvsync', 'pvsync2'):
        med, lo, hi = spread(iops)
        mark = ('PASS' if 0.97 <= med <= 1.03 else 'MISS') + ('?' if lo < 0.97 <= hi or lo <= 1.03 < hi else ' ')
        targets.append((f"{case}: IOPS within 0.97-1.03x fio's same engine", mark, m))
    elif 'direct-qd' in case and ('randread' in case or 'randwrite' in case):
        targets.append((f"{case}: IOPS >= 0.97x fio", verdict(iops, 0.97, True), m))
        targets.append((f"{case}: CPU s per million requests <= fio", verdict(cpus, 1.0, False), cm))
    elif 'cached' in case:
        targets.append((f"{case}: IOPS >= 1.0x fio", verdict(iops, 1.0, True), m))
    else:
        targets.append((f"{case}: bandwidth >= 0.97x fio", verdict(bws, 0.97, True), spread(bws)[0]))

if scale_cases:
    import re
    def point(case):
        mode, jobs, depth = re.match(r'scale-(\w+)-j(\d+)-qd(\d+)', case).groups()
        return (mode, int(jobs), int(depth))
    print(f"\nscaling: 4 KiB random reads on io_uring, medians of {rounds} rounds (ratios: of each round, min-max).")
    print("CPU: s per million requests as each tool reports it (bench++: its process over the measured window; fio: "
          "each job's own thread, RUSAGE_THREAD, without helper threads); proc: the whole process by /usr/bin/time "
          "(every thread and child, setup included), both tools alike; RSS: peak MiB per job (each tool's process over "
          "its jobs: fio runs them as threads here, --thread)")
    print(f"{'mode':6} {'jobs':>4} {'QD':>4} {'bench++ IOPS':>13} {'fio IOPS':>10} {'IOPS ratio':>21} "
          f"{'b++ CPU':>8} {'fio CPU':>8} {'CPU ratio':>21} {'b++ proc':>8} {'fio proc':>8} {'proc ratio':>10} "
          f"{'b++ RSS':>8} {'fio RSS':>8}")
    for case in sorted(scale_cases, key=point):
        mode, jobs, depth = point(case)
        col = {k: [] for k in ('iops', 'cpus', 'procs', 'b_iops', 'f_iops', 'b_cpu', 'f_cpu', 'b_proc', 'f_proc',
                               'b_rss', 'f_rss')}
        for r in range(rounds):
            bdoc = load(f"{results}/bench.{case}.{r}.json")
            fdoc = load(f"{results}/fio.{case}.{r}.json")
            b, f = bench_case(bdoc), fio_case(fdoc)
            b_rss, b_time = time_of(f"{results}/bench.{case}.{r}.json.rss")
            f_rss, f_time = time_of(f"{results}/fio.{case}.{r}.json.rss")
            b_proc = b_time / requests(bdoc, 'bench') * 1e6
            f_proc = f_time / requests(fdoc, 'fio') * 1e6
            col['iops'].append(b[0] / f[0]); col['cpus'].append(b[2] / f[2]); col['procs'].append(b_proc / f_proc)
            col['b_iops'].append(b[0]); col['f_iops'].append(f[0]); col['b_cpu'].append(b[2]); col['f_cpu'].append(f[2])
            col['b_proc'].append(b_proc); col['f_proc'].append(f_proc)
            col['b_rss'].append(b_rss / jobs)  # threads: the process over its jobs
            col['f_rss'].append(f_rss / jobs)  # --thread: the process over its jobs too
        med = {k: statistics.median(v) for k, v in col.items()}
        m, lo, hi = spread(col['iops'])
        cm, clo, chi = spread(col['cpus'])
        print(f"{mode:6} {jobs:4} {depth:4} {med['b_iops']:13.0f} {med['f_iops']:10.0f} "
              f"{m:6.3f} ({lo:.3f}-{hi:.3f}) {med['b_cpu']:8.2f} {med['f_cpu']:8.2f} "
              f"{cm:6.3f} ({clo:.3f}-{chi:.3f}) {med['b_proc']:8.2f} {med['f_proc']:8.2f} {med['procs']:10.3f} "
              f"{med['b_rss']:8.2f} {med['f_rss']:8.2f}")
        targets.append((f"{case}: IOPS >= 0.97x fio", verdict(col['iops'], 0.97, True), m))
        targets.append((f"{case}: whole-process CPU per request <= fio", verdict(col['procs'], 1.0, False), med['procs']))
        targets.append((f"{case}: peak RSS per job <= fio's", 'PASS ' if med['b_rss'] <= med['f_rss'] else 'MISS ',
                        med['b_rss'] / med['f_rss']))

suites = suite_names  # empty with --cases (but none) and --scaling
for suite in suites:
    print(f"\nsuite {suite} at --scale {suite_scale}: per workload, IOPS bench++/fio (median of {rounds} rounds, min-max)")
    names = None
    per = {}
    for r in range(rounds):
        b = load(f"{results}/bench.suite-{suite}.{r}.json")['runs'][0]
        f = load(f"{results}/fio.suite-{suite}.{r}.json")
        fio_iops = {j['jobname']: (j['read']['iops'] + j['write']['iops']) for j in f['jobs']}
        # fio without group_reporting reports each job: add the jobs of one name
        fio_sum = {}
        for j in f['jobs']:
            fio_sum[j['jobname']] = fio_sum.get(j['jobname'], 0) + j['read']['iops'] + j['write']['iops']
        for t in b['tests']:
            w = t['workload']
            if not w or w['job'] is not None or t['unit'] != 'bytes':
                continue
            per.setdefault(w['name'], {}).setdefault(r, 0.0)
            per[w['name']][r] += t['ops_per_sec'] or 0
        for name in per:
            if r in per[name] and fio_sum.get(name):
                per[name][r] = per[name][r] / fio_sum[name]
    for name, by_round in per.items():
        ratios = list(by_round.values())
        m, lo, hi = spread(ratios)
        print(f"  {name:26} {m:6.3f} ({lo:.3f}-{hi:.3f})")
        ok = 0.9 <= m <= 1.1
        straddles = lo < 0.9 <= hi or lo <= 1.1 < hi
        targets.append((f"suite {suite} {name}: IOPS within 0.9-1.1x fio", ('PASS' if ok else 'MISS') + ('?' if straddles else ' '), m))

if rss_kib != 'skipped':
    rss_mib = int(rss_kib) / 1024 if rss_kib.isdigit() else float('nan')
    targets.append(("peak RSS at QD32 x 4 jobs <= 32 MiB", 'PASS ' if rss_mib <= 32 else 'MISS ', rss_mib))
print("\ntargets (medians of per-round ratios; '?': the rounds straddle the target)")
for text, mark, value in targets:
    print(f"  {mark} {text:60} {value:.3f}")
PY
then
  trap 'rm -rf "$work"' EXIT  # the measurements stay for a second look
  echo "engine-bench: the report failed; the runs' JSON files are in $results" >&2
  exit 1
fi
