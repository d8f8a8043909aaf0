#!/usr/bin/env bash
# Measures the measurer: runs bench++, bonnie++ and fio on the same directory with the same work, in
# rounds, and prints per test the medians, the paired per-round ratios bench++/fio and bench++/bonnie++
# (throughput and CPU seconds per GiB moved) with their spread, each tool's peak RSS, and a verdict per
# target. Then -c 2 against -c 1 on /dev/shm (scripts/concurrency-bench.sh).
#
# Usage: scripts/peer-bench.sh [--quick|--thorough|--busy|--files] [--bench PATH] [--rounds N] [--size MIB]
#                              [--data random|zero] [--runtime S] [--as job|fio] [--load-session own|caller] [--num N] [DIR]
#   --quick     (default) 3 rounds of the block tests and seeks (-s 1G, 65536 seeks), 6 rounds of the
#               per-char tests (-s 64M -f4: long enough that bonnie++ prints its own per-char rates, where
#               -f2 left an estimate from its progress messages, a fifth above its own putc figure), 6 rounds of the
#               file tests (-s 0 -n 16); 2.5 min on the dev VM
#   --thorough  6 rounds of -s 4G, 131072 seeks; 10 rounds of -f8; 4 rounds of -s 0 -n 200 (long enough for
#               bonnie++ to print every file-test rate itself); a larger concurrency test; 32 min (loaded)
#   --bench     the bench++ binary (default: build/bench++, built when missing)
#   --rounds, --size  override the block rounds (rounded up to a multiple of 3) and -s (MiB; bonnie++ shows
#               +++++ for a block read under 0.5 s, so on a fast machine raise it until its read takes longer)
#   --data      what all three write (default zero: bonnie++ can only write its near-zero buffer, so that is
#               the same work for all three; fio gets zero_buffers). random: bench++'s default incompressible
#               blocks and fio's fresh random buffers; bonnie++'s block ratios then compare unlike data.
#   --busy      instead: the busy machine. While a load started with setsid (one spinning shell loop per CPU, in
#               a session of its own as a build or another tenant's work would be) keeps every CPU busy, fio,
#               bench++ (`bench++ job`, or with --as fio the persona `bench++ fio`: the same words) and bench++
#               --thread (its jobs threads of bench++'s process in the caller's session, as fio --thread's) run the
#               same 4 KiB random direct read at QD1 (psync, --runtime S, default 5) on one file of --size MiB
#               (default 256), in --rounds rounds (default 6, a multiple of 3) whose order rotates. Prints per
#               round each tool's mean latency and IOPS, the machine's busy share during each run (/proc/stat) and
#               bench++'s recorded other_cpu_percent, then the median and range of the per-round latency ratios
#               bench++/fio and bench++ --thread/fio. --load-session caller starts the load in the script's
#               own session instead (a CI job or a shell where the build runs beside the benchmark): the session
#               bench++'s main process, its --thread jobs and fio's main process are in.
#   --files     instead: the file tests alone. bench++ and bonnie++ with the same -s 0 -n N (--num, default 16) on
#               the same directory, in --rounds rotated rounds (default 6, a multiple of 2), each tool run under
#               strace --seccomp-bpf timing its sync(2)/syncfs(2) calls and bonnie++'s timer (getrusage(2) at
#               each end of a timed region: its own time per test, also where it prints +++++); the only calls
#               strace stops. Without strace the flush columns are empty and bonnie++'s +++++ tests are timed from
#               its progress messages. Prints per test each tool's median rate, the median
#               and range of the per-round ratios bench++/bonnie++, and for create and delete the flush that ends
#               each tool's timed region (bonnie++'s sync(), bench++'s syncfs()) with the rates and ratios
#               without it; per round the first tool, the 1-minute load and the machine's busy share.
#   DIR         directory to test in (default: the current directory); needs about 1.1 x -s free
#
# Fair on a VM (docs/performance.md): a discarded warm-up write of -s bytes comes first, so that no measured
# tool is the first to write after the machine sat idle; in every kind of round the tools' order rotates,
# and the round counts are multiples of the tool count, so each tool goes first equally often (the first
# writer after another tool freed its memory can run at half speed). Ratios are paired within a round, and
# a verdict whose per-round ratios lie on both sides of its target is marked PASS? or MISS? (median on the
# one side, some rounds on the other), not PASS or MISS. The 1-minute load average is recorded before every
# tool run and printed per round.
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
#   per char       bench++/bonnie++ only, in rounds of their own: -s 64M -fN, one-byte read()/write() calls.
#   file tests     bench++/bonnie++: the same -n, in rounds of their own (-s 0). bonnie++ prints
#                  +++++ for a test under 0.5 s; then its rate is taken from the time between its progress
#                  messages ("~" marks such a value).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

usage_error() {
  echo "peer-bench: $*" >&2
  echo "usage: scripts/peer-bench.sh [--quick|--thorough|--busy|--files] [--bench PATH] [--rounds N] [--size MIB] [--data random|zero] [--runtime S] [--as job|fio] [--load-session own|caller] [--num N] [DIR]" >&2
  exit 2
}

mode=quick bench= rounds= size= data=zero dir=. busy_runtime=5 busy_word=job load_session=own num=
while [ $# -gt 0 ]; do
  case $1 in
    --quick) mode=quick ;;
    --thorough) mode=thorough ;;
    --busy) mode=busy ;;
    --files) mode=files ;;
    --bench|--rounds|--size|--data|--runtime|--as|--load-session|--num)
      [ $# -ge 2 ] || usage_error "option $1 needs a value"
      case $1 in
        --runtime) [[ $2 =~ ^[1-9][0-9]*$ ]] || usage_error "--runtime wants a positive number of seconds, not '$2'"
                   busy_runtime=$2 ;;
        --as) [[ $2 =~ ^(job|fio)$ ]] || usage_error "--as wants job or fio, not '$2'"; busy_word=$2 ;;
        --load-session) [[ $2 =~ ^(own|caller)$ ]] || usage_error "--load-session wants own or caller, not '$2'"
                        load_session=$2 ;;
        --bench) bench=$2 ;;
        --rounds) [[ $2 =~ ^[1-9][0-9]*$ ]] || usage_error "--rounds wants a positive number, not '$2'"; rounds=$2 ;;
        --size) [[ $2 =~ ^[1-9][0-9]*$ ]] || usage_error "--size wants a positive number of MiB, not '$2'"; size=$2 ;;
        --num) [[ $2 =~ ^[1-9][0-9]*$ ]] || usage_error "--num wants a positive number (of 1024 files), not '$2'"; num=$2 ;;
        --data) [[ $2 =~ ^(random|zero)$ ]] || usage_error "--data wants random or zero, not '$2'"; data=$2 ;;
      esac
      shift ;;
    -h|--help) sed -n '2,49p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) usage_error "unknown option $1" ;;
    *) dir=$1 ;;
  esac
  shift
done

# The bench++ to run (--bench, else build/bench++, built when missing), -d made absolute, and the two scratch
# places: $out for the results, $work in -d for the tools' files (the caller's trap removes both).
prepare_places() {
  if [ -z "$bench" ]; then
    bench=$root/build/bench++
    [ -x "$bench" ] || "$root/scripts/build.sh"
  fi
  bench=$(realpath "$bench")
  dir=$(realpath "$dir")
  out=$(mktemp -d)
  work=$(mktemp -d "$dir/peer-bench.XXXXXX")
}

# A count rounded up to a multiple of `of`, so that each of `of` tools goes first equally often.
multiple_of() { echo $((($1 + $2 - 1) / $2 * $2)); }

# The busy machine (--busy): fio, bench++ and bench++ --thread beside a load in a session of its own.
busy_bench() {
  local rounds=${rounds:-6} size_mib=${size:-256}
  rounds=$(multiple_of "$rounds" 3)
  command -v fio >/dev/null && command -v setsid >/dev/null || "$root/scripts/install-deps.sh" peers
  prepare_places
  load_leader= load_pids=()
  stop_load() {
    if [ -n "$load_leader" ]; then kill -KILL -- "-$load_leader" 2>/dev/null || true; load_leader=; fi
    if [ ${#load_pids[@]} -gt 0 ]; then kill -KILL "${load_pids[@]}" 2>/dev/null || true; load_pids=(); fi
  }
  trap 'stop_load; rm -rf "$out" "$work"' EXIT
  local job=(--name=busy "--filename=$work/busy.data" "--size=${size_mib}m" --rw=randread --bs=4k --direct=1
             --ioengine=psync --iodepth=1 "--runtime=$busy_runtime" --time_based)
  fio --name=layout "--filename=$work/busy.data" "--size=${size_mib}m" --rw=write --bs=1m --end_fsync=1 >/dev/null
  # The load, one spinner per CPU: in a session of its own (its leader's process group holds every spinner), or
  # in this script's session.
  local cpus i
  cpus=$(nproc)
  if [ "$load_session" = own ]; then
    setsid sh -c 'echo $$ >"$1"; i=0; while [ $i -lt "$2" ]; do (while :; do :; done) & i=$((i + 1)); done; wait' \
      load "$out/load.pid" "$cpus" &
    while [ ! -s "$out/load.pid" ]; do sleep 0.1; done
    load_leader=$(cat "$out/load.pid")
  else
    for i in $(seq "$cpus"); do
      sh -c 'while :; do :; done' &
      load_pids+=($!)
    done
  fi
  sleep 2  # the spinners settle on every CPU before the first run
  {
    echo "# peer-bench (busy), $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $cpus cores; kernel $(uname -sr);" \
         "sched_autogroup_enabled=$(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null || echo absent)"
    echo "load:    $cpus spinning shell loops in $([ "$load_session" = own ] && echo 'a session of their own (setsid)' ||
                                                   echo "this script's session"), all through the rounds"
    echo "dir:     $dir on $(findmnt -n -o FSTYPE,SOURCE -T "$dir" | head -1 | tr -s ' ')"
    echo "tools:   $(fio --version); $("$bench" --version 2>&1 | head -1)"
    echo "job:     ${job[*]}"
    echo "rounds:  $rounds (fio, bench++ $busy_word, bench++ $busy_word --thread), the first tool rotating"
  } | tee "$out/header.txt"
  local tools=(fio bench thread) round k tool
  for round in $(seq "$rounds"); do
    for k in 0 1 2; do
      tool=${tools[$(((round - 1 + k) % 3))]}
      echo "busy round $round/$rounds: $tool (load $(cut -d' ' -f1 /proc/loadavg))" >&2
      head -1 /proc/stat >"$out/$tool-$round.stat"
      case $tool in
        fio) fio "${job[@]}" --output-format=json "--output=$out/$tool-$round.json" ;;
        bench | thread)
          local more=()
          [ "$tool" = thread ] && more=(--thread)
          [ "$busy_word" = job ] && more+=(--json "$out/$tool-$round.report.json")
          "$bench" "$busy_word" "${job[@]}" "${more[@]}" --output-format=json "--output=$out/$tool-$round.json" \
            >/dev/null 2>"$out/$tool-$round.err" || { cat "$out/$tool-$round.err" >&2; exit 1; } ;;
      esac
      head -1 /proc/stat >>"$out/$tool-$round.stat"
    done
  done
  stop_load
  python3 - "$out" "$rounds" <<'PY'
import json, os, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def busy_share(path):  # the machine's busy share (user+nice+system of all CPUs' time) between two cpu lines
    (a, b) = [list(map(int, line.split()[1:9])) for line in open(path)]
    d = [y - x for x, y in zip(a, b)]
    return 100.0 * sum(d[0:3]) / max(1, sum(d))
def read(tool, r):
    job = json.load(open(f"{out}/{tool}-{r}.json"))["jobs"][0]["read"]
    other = None
    report = f"{out}/{tool}-{r}.report.json"
    if os.path.exists(report):
        other = json.load(open(report))["runs"][0].get("other_cpu_percent")
    return job["lat_ns"]["mean"] / 1000.0, job["iops"], busy_share(f"{out}/{tool}-{r}.stat"), other
print(f"{'round':>5} {'tool':<8} {'mean us':>9} {'IOPS':>9} {'busy %':>7} {'others %':>9}")
ratios = {"bench": [], "thread": []}
for r in range(1, rounds + 1):
    fio = read("fio", r)
    for tool in ("fio", "bench", "thread"):
        lat, iops, busy, other = read(tool, r)
        print(f"{r:>5} {tool:<8} {lat:>9.1f} {iops:>9.0f} {busy:>7.0f} {'' if other is None else other:>9}")
        if tool != "fio":
            ratios[tool].append(lat / fio[0])
for tool, name in (("bench", "bench++/fio"), ("thread", "bench++ --thread/fio")):
    values = ratios[tool]
    print(f"{name:<22} mean latency ratio: median {statistics.median(values):.2f}, range {min(values):.2f}-{max(values):.2f}"
          f" over {len(values)} rounds")
PY
}

is_root=0
[ "$(id -u)" -eq 0 ] && is_root=1
# Before each tool: write back dirty pages and, as root, empty the page cache.
settle() {
  sync
  if [ "$is_root" = 1 ]; then echo 3 >/proc/sys/vm/drop_caches; fi
}
as_root=()
[ "$is_root" = 1 ] && as_root=(-u root)

# The file tests alone (--files): bench++ and bonnie++ with the same -s 0 -n NUM on the same directory, in rotated
# rounds, each under strace timing its flushes, then scripts/lib/peer-bench-files.py's table.
files_bench() {
  local rounds=${rounds:-6} num=${num:-16}
  rounds=$(multiple_of "$rounds" 2)
  command -v bonnie++ >/dev/null && [ -x /usr/bin/time ] || "$root/scripts/install-deps.sh" peers
  prepare_places
  trap 'rm -rf "$out" "$work"' EXIT
  # strace stops the tool only at sync(2), syncfs(2) and getrusage(2) (--seccomp-bpf: every other call runs
  # unhindered); -T records how long each flush took (the one that ends a create or delete test's timed region),
  # and -ttt when bonnie++ read its CPU time: the two ends of each of its timed regions, so its time per test is
  # known to the microsecond also where it prints +++++.
  local tracer=()
  if command -v strace >/dev/null; then tracer=(strace -f --seccomp-bpf -ttt -T -e trace=sync,syncfs,getrusage -o); fi
  local bench_files=("$bench" -d "$work" -s 0 -n "$num" -r 0 --no-sync-test -q -z 1)
  local bonnie_files=(bonnie++ -d "$work" -s 0 -n "$num" -r 0 -z 1 "${as_root[@]}")
  {
    echo "# peer-bench (files), $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB RAM", $2/1048576}' /proc/meminfo)"
    echo "kernel:  $(uname -sr)"
    echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15-min averages at the start)"
    echo "dir:     $dir on $(findmnt -n -o FSTYPE,SOURCE,OPTIONS -T "$dir" | head -1 | tr -s ' ')"
    echo "tools:   $("$bench" --version 2>&1 | head -1); bonnie++ $(dpkg-query -W -f='${Version}' bonnie++ 2>/dev/null)"
    echo "cache:   $([ "$is_root" = 1 ] && echo 'sync + drop_caches before every tool run' || echo 'not root: sync only, caches NOT dropped between tool runs')"
    echo "bench++: ${bench_files[*]} --json FILE"
    echo "bonnie++: ${bonnie_files[*]}"
    echo "flushes: $([ ${#tracer[@]} -gt 0 ] && echo "each tool under ${tracer[*]% -o} FILE" || echo 'strace not installed: not timed')"
    echo "rounds:  $rounds (bench++, bonnie++), the first tool rotating"
  } | tee "$out/header.txt"
  local tools=(bench bonnie) round k tool trace
  for round in $(seq "$rounds"); do
    echo "${tools[$(((round - 1) % 2))]}" >"$out/first-$round"
    for k in 0 1; do
      tool=${tools[$(((round - 1 + k) % 2))]}
      echo "files round $round/$rounds: $tool (load $(cut -d' ' -f1 /proc/loadavg))" >&2
      settle
      cut -d' ' -f1 /proc/loadavg >"$out/$tool-$round.load"
      head -1 /proc/stat >"$out/$tool-$round.stat"
      trace=()
      [ ${#tracer[@]} -gt 0 ] && trace=("${tracer[@]}" "$out/$tool-$round.strace")
      case $tool in
        bench) "${trace[@]}" "${bench_files[@]}" --json "$out/bench-$round.json" >/dev/null 2>"$out/bench-$round.err" ||
                 { cat "$out/bench-$round.err" >&2; exit 1; } ;;
        # bonnie++'s progress messages, stamped: the rate of a test it prints as +++++.
        bonnie) "${trace[@]}" "${bonnie_files[@]}" 2>&1 >"$out/bonnie-$round.out" |
                  python3 "$root/scripts/lib/peer-bench-stamp.py" >"$out/bonnie-$round.stamps" ;;
      esac
      head -1 /proc/stat >>"$out/$tool-$round.stat"
    done
  done
  python3 "$root/scripts/lib/peer-bench-files.py" "$out" "$rounds" "$num"
}

if [ "$mode" = busy ]; then
  busy_bench
  exit 0
fi
if [ "$mode" = files ]; then
  files_bench
  exit 0
fi

if [ "$mode" = quick ]; then
  size_mib=1024 seeks=65536 seekers=5 per_char_mib=4 per_char_rounds=6 conc_size=256M conc_rounds=3
  file_rounds=6 file_rounds_n=16
  rounds=${rounds:-3}
else
  size_mib=4096 seeks=131072 seekers=5 per_char_mib=8 per_char_rounds=10 conc_size=1G conc_rounds=5
  file_rounds=4 file_rounds_n=200  # 204800 files: every file test lasts over 0.5 s, so bonnie++ prints its own rates
  rounds=${rounds:-6}
fi
rounds=$(multiple_of "$rounds" 3)
size_mib=${size:-$size_mib}
per_char_size_mib=64  # the per-char rounds' -s: little more than -f, so that their block tests are short
chunk=8192

command -v bonnie++ >/dev/null && command -v fio >/dev/null && [ -x /usr/bin/time ] ||
  "$root/scripts/install-deps.sh" peers
prepare_places
trap 'rm -rf "$out" "$work"' EXIT

# The block rounds leave out the per-char tests (a bare -f), which have rounds of their own.
bench_cmd=("$bench" -d "$work" -s "${size_mib}M:8k:$seeks:$seekers" -f -n 0 -r 0
           --cache keep --data "$data" --no-sync-test -q -z 1)
bonnie_cmd=(bonnie++ -d "$work" -s "${size_mib}M:8k:$seeks:$seekers" -f -n 0 -r 0 -z 1 "${as_root[@]}")
# fio writes what bench++ writes: by default fio reuses one random buffer, which a compressing or
# deduplicating layer under DIR (a VM's image on ZFS, say) shrinks: measured here 761-862 MiB/s against
# 631-715 MiB/s with fresh buffers. Fresh random buffers match --data random, zero buffers --data zero.
if [ "$data" = zero ]; then fio_data=zero_buffers=1; else fio_data=refill_buffers=1; fi
# create_serialize=0: by default fio lays out every job's file in its main process before the first job
# starts, so the [read] job's layout (131072 writes of 8 KiB, seen with strace) made [write] overwrite
# allocated blocks instead of writing a new file as bonnie++ and bench++ do: 1246 against 960 MiB/s here.
# With it each job sets up its own file when it starts, and [write] creates fio.data afresh.
printf '%s\n' "[global]" "directory=$work" "filename=fio.data" "ioengine=psync" "bs=$chunk" "size=${size_mib}m" \
  "invalidate=0" "fallocate=none" "create_serialize=0" "group_reporting=1" "$fio_data" \
  "[write]" "rw=write" "end_fsync=1" \
  "[rewrite]" "stonewall" "rw=readwrite" "rwmixread=50" "io_size=$((2 * size_mib))m" "end_fsync=1" \
  "[read]" "stonewall" "rw=read" "fsync_on_close=1" \
  "[seeks]" "stonewall" "rw=randread" "numjobs=$seekers" "number_ios=$((seeks / seekers))" \
  "[seeks_rw]" "stonewall" "rw=randrw" "rwmixread=90" "numjobs=$seekers" \
  "number_ios=$((seeks * 11 / 10 / seekers))" "end_fsync=1" >"$out/jobs.fio"
fio_cmd=(fio --output-format=json "$out/jobs.fio")

# Random seeks that only read, as fio's randread (-f -n 0: only the I/O tests, whose seeks are compared).
readonly_bench_cmd=("$bench" -d "$work" -s "${size_mib}M:8k:$seeks:$seekers" -f -n 0 -r 0 --cache keep
                    --data "$data" --no-sync-test -q -z 1 --seek-writes 0)
# The per-char rounds: the same one-byte calls; the page cache kept, as bonnie++ must.
per_char_bench_cmd=("$bench" -d "$work" -s "${per_char_size_mib}M:8k" "-f$per_char_mib" -n 0 -r 0 --cache keep
                    --data "$data" --no-sync-test -q -z 1)
per_char_bonnie_cmd=(bonnie++ -d "$work" -s "${per_char_size_mib}M:8k" "-f$per_char_mib" -n 0 -r 0 -z 1
                     "${as_root[@]}")
files_bench_cmd=("$bench" -d "$work" -s 0 -n "$file_rounds_n" -r 0 --no-sync-test -q -z 1)
files_bonnie_cmd=(bonnie++ -d "$work" -s 0 -n "$file_rounds_n" -r 0 -z 1 "${as_root[@]}")

# run_timed NAME ROUND COMMAND...: COMMAND under /usr/bin/time after settle; the 1-minute load average just
# before it to NAME-ROUND.load, peak RSS and times to NAME-ROUND.time.
run_timed() {
  local name=$1 round=$2
  shift 2
  settle
  cut -d' ' -f1 /proc/loadavg >"$out/$name-$round.load"
  /usr/bin/time -f "%M %e %U %S" -o "$out/$name-$round.time" "$@"
}

# run_tool TOOL ROUND: one run of TOOL (bench, bonnie or fio, prefixed per_char_ or files_ for those rounds;
# readonly_bench) in round ROUND; its output to $out/TOOL-ROUND.*.
run_tool() {
  local tool=$1 round=$2
  case $tool in
    # -q sends bench++'s table to stderr: kept out of the report, shown when bench++ fails.
    bench | per_char_bench | files_bench | readonly_bench)
      local -n command=${tool}_cmd
      run_timed "$tool" "$round" "${command[@]}" --json "$out/$tool-$round.json" >/dev/null \
        2>"$out/$tool-$round.err" || { cat "$out/$tool-$round.err" >&2; exit 1; } ;;
    # bonnie++'s progress messages on stderr, stamped with the time each was seen (rates of tests it
    # prints as +++++).
    bonnie | per_char_bonnie | files_bonnie)
      local -n command=${tool}_cmd
      run_timed "$tool" "$round" "${command[@]}" 2>&1 >"$out/$tool-$round.out" |
        python3 "$root/scripts/lib/peer-bench-stamp.py" >"$out/$tool-$round.stamps" ;;
    fio)
      rm -f "$work/fio.data"
      run_timed fio "$round" "${fio_cmd[@]}" --output="$out/fio-$round.json"
      rm -f "$work/fio.data" ;;
  esac
}

# rotated_rounds KIND COUNT TOOL...: COUNT rounds of the tools, round r starting with tool (r - 1) mod n and
# going on in their order, so that each goes first equally often (COUNT a multiple of n); the block rounds
# end with the read-only seeks. The first tool of each round to $out/first-KIND-ROUND.
rotated_rounds() {
  local kind=$1 count=$2
  shift 2
  local tools=("$@") round k tool
  for round in $(seq "$count"); do
    echo "${tools[$(((round - 1) % ${#tools[@]}))]}" >"$out/first-$kind-$round"
    for k in $(seq 0 $((${#tools[@]} - 1))); do
      tool=${tools[$(((round - 1 + k) % ${#tools[@]}))]}
      echo "$kind round $round/$count: $tool (load $(cut -d' ' -f1 /proc/loadavg))" >&2
      run_tool "$tool" "$round"
    done
    if [ "$kind" = block ]; then run_tool readonly_bench "$round"; fi
  done
}

{
  echo "# peer-bench ($mode), $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB RAM", $2/1048576}' /proc/meminfo)"
  echo "kernel:  $(uname -sr)"
  echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15-min averages at the start; above ~0.5 the ratios are noise-prone)"
  echo "dir:     $dir on $(findmnt -n -o FSTYPE,SOURCE,OPTIONS -T "$dir" | head -1 | tr -s ' ')"
  echo "tools:   $("$bench" --version 2>&1 | head -1); bonnie++ $(dpkg-query -W -f='${Version}' bonnie++ 2>/dev/null); $(fio --version)"
  echo "cache:   $([ "$is_root" = 1 ] && echo 'sync + drop_caches before every tool run' || echo 'not root: sync only, caches NOT dropped between tool runs')"
  echo "bench++: ${bench_cmd[*]} --json FILE"
  echo "bonnie++: ${bonnie_cmd[*]}"
  echo "fio:     ${fio_cmd[*]}   (job file below)"
  sed 's/^/         /' "$out/jobs.fio" | tr '\n' ' ' | sed 's/  */ /g'; echo
  echo "read-only seeks: ${readonly_bench_cmd[*]} --json FILE   (against fio's [seeks] job)"
  echo "per-char alone: ${per_char_bench_cmd[*]} --json FILE; ${per_char_bonnie_cmd[*]}"
  echo "file tests alone: ${files_bench_cmd[*]} --json FILE; ${files_bonnie_cmd[*]}"
  echo "warm-up: a discarded ${size_mib} MiB write (dd, fsync) before the rounds"
  echo "rounds:  $rounds of the block tests and seeks (bench++, bonnie++, fio; then bench++ --seek-writes 0)," \
       "$per_char_rounds of per-char, $file_rounds of the file tests; the first tool rotates round by round"
} | tee "$out/header.txt"

# The warm-up: memory the hypervisor took back is faulted in again by this write rather than by the first
# measured tool's.
echo "warm-up write, discarded (load $(cut -d' ' -f1 /proc/loadavg))" >&2
settle
dd if=/dev/zero of="$work/warm-up" bs=1M count="$size_mib" conv=fsync status=none
rm -f "$work/warm-up"

rotated_rounds block "$rounds" bench bonnie fio
rotated_rounds per_char "$per_char_rounds" per_char_bench per_char_bonnie
rotated_rounds files "$file_rounds" files_bench files_bonnie

# bench++ alone with -n 16 and no I/O tests, for the memory target.
run_timed bench_n16 1 "$bench" -d "$work" -s 0 -n 16 -r 0 --no-sync-test -q -z 1 --csv "$out/n16.csv" >/dev/null 2>&1

echo "concurrency: scripts/concurrency-bench.sh -b $bench -d /dev/shm -c 2 -r $conc_rounds -s $conc_size" \
     "(load $(cut -d' ' -f1 /proc/loadavg))" >&2
"$root/scripts/concurrency-bench.sh" -b "$bench" -d /dev/shm -c 2 -r "$conc_rounds" -s "$conc_size" >"$out/conc.txt"

python3 "$root/scripts/lib/peer-bench-report.py" "$out" "$rounds" "$size_mib" "$per_char_rounds" "$file_rounds" \
  "$file_rounds_n"
