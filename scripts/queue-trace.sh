#!/usr/bin/env bash
# What the device sees of bench++'s and fio's requests (queue depth and merging at the block layer): one job of 4 KiB direct random reads (or the
# rw= given) run by each tool under `perf record` of the block layer's tracepoints (blktrace's events: bio queued,
# inserted into the scheduler, dispatched to the driver, completed; blktrace itself needs BLKTRACESETUP, which a
# container refuses), in rounds whose order of tools rotates. Per tool and round, of the requests its threads
# queued: Q2D (bio queued to dispatched, the wait in the guest's block layer), I2D (of it, in the scheduler), D2C
# (dispatched to completed: the device's time), how many bios were queued within 3 us of the one before (a burst),
# and the mean number at the device. A benchmark, not a test; needs root for perf's tracepoints.
#
# Usage: scripts/queue-trace.sh [--rounds N] [--seconds S] [--bench FILE] [--depth N] [--rw RW] [-- FIO-OPTION...] DIR
#   DIR         where the 256 MiB file goes (on the disk to trace); removed at the end
#   --rounds    rounds (default 2: each tool first once); --seconds per run (default 3); --depth iodepth (32)
#   -- ...      more fio options for both tools (e.g. --iodepth_batch_submit=0)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: scripts/queue-trace.sh [--rounds N] [--seconds S] [--bench FILE] [--depth N] [--rw RW] [-- FIO-OPTION...] DIR" >&2; exit 2; }
rounds=2 seconds=3 bench=$root/build/bench++ depth=32 rw=randread dir="" extra=()
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]] || usage; rounds=$2; shift 2 ;;
    --seconds) [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]] || usage; seconds=$2; shift 2 ;;
    --depth) [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]] || usage; depth=$2; shift 2 ;;
    --rw) [ $# -ge 2 ] || usage; rw=$2; shift 2 ;;
    --bench) [ $# -ge 2 ] || usage; bench=$2; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -*) usage ;;
    *) [ -z "$dir" ] || usage; dir=$1; shift ;;
  esac
done
if [ -z "$dir" ] && [ ${#extra[@]} -gt 0 ]; then dir=${extra[-1]}; unset 'extra[-1]'; fi
[ -n "$dir" ] || usage
[ -d "$dir" ] || { echo "queue-trace: no directory $dir" >&2; exit 2; }
command -v perf >/dev/null || { echo "queue-trace: perf is not installed (Debian linux-perf)" >&2; exit 2; }
[ -x "$bench" ] || { echo "queue-trace: no bench++ at $bench (scripts/build.sh)" >&2; exit 2; }
work=$(mktemp -d "$dir/queue-trace.XXXXXX")
trap 'rm -rf "$work"' EXIT
file=$work/data
events=block:block_bio_queue,block:block_rq_insert,block:block_rq_issue,block:block_rq_complete
options=(--name=w --filename="$file" --rw="$rw" --bs=4k --direct=1 --ioengine=io_uring --iodepth="$depth"
         --size=256m --runtime="$seconds" --time_based "${extra[@]}")
echo "# queue-trace, $(date -u +%Y-%m-%dT%H:%M:%SZ): $rounds rounds of $seconds s, order rotated; ${options[*]:2}"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg); dir: $dir ($(findmnt -n -o FSTYPE,SOURCE --target "$dir"))"
fio --name=layout --filename="$file" --rw=write --bs=1m --size=256m --direct=1 >/dev/null
for ((round = 0; round < rounds; round++)); do
  order=(bench fio)
  [ $((round % 2)) -eq 0 ] || order=(fio bench)
  for tool in "${order[@]}"; do
    if [ "$tool" = bench ]; then
      run=(setsid -w "$bench" job -q -d "$work" --allow-overwrite "$file" "${options[@]}")
    else
      run=(setsid -w fio --output=/dev/null "${options[@]}")
    fi
    perf record -q -a -e "$events" -o "$work/$tool.$round.data" -- "${run[@]}" >/dev/null 2>"$work/perf.log" ||
      { cat "$work/perf.log" >&2; exit 1; }
    perf script -i "$work/$tool.$round.data" -F comm,tid,time,event,trace 2>/dev/null >"$work/$tool.$round.txt"
    rm -f "$work/$tool.$round.data"
  done
done
python3 - "$work" "$rounds" <<'PY'
import re, statistics, sys
from collections import defaultdict, deque
work, rounds = sys.argv[1], int(sys.argv[2])
line_re = re.compile(r'^\s*(\S.*?)\s+(\d+)\s+([\d.]+):\s+block:(\w+):\s+(\d+,\d+)\s+(\S+)\s+(.*)$')
def analyse(path, tool):
    comms = ('bench++',) if tool == 'bench' else ('fio',)
    queued, inserted, issued = defaultdict(deque), defaultdict(deque), defaultdict(deque)
    q2d, i2d, d2c, q_times = [], [], [], []
    first = last = None
    with open(path) as f:
        for line in f:
            m = line_re.match(line)
            if not m:
                continue
            comm, _, t, event, dev, flags, rest = m.groups()
            sm = re.search(r'(\d+) \+ (\d+)', rest)
            if not sm:
                continue
            t, sector = float(t) * 1e6, int(sm.group(1))
            if event == 'block_bio_queue':
                if comm.startswith(comms) or comm.startswith('iou-wrk'):
                    queued[sector].append(t); q_times.append(t)
            elif event == 'block_rq_insert' and queued.get(sector):
                inserted[sector].append(t)
            elif event == 'block_rq_issue' and queued.get(sector):
                q = queued[sector].popleft()
                if not queued[sector]:
                    del queued[sector]
                q2d.append(t - q)
                if inserted.get(sector):
                    i2d.append(t - inserted[sector].popleft())
                issued[sector].append(t)
            elif event == 'block_rq_complete' and issued.get(sector):
                d = issued[sector].popleft()
                if not issued[sector]:
                    del issued[sector]
                d2c.append(t - d)
                first = d if first is None else min(first, d)
                last = t if last is None else max(last, t)
    if not d2c:
        return None
    span = (last - first) / 1e6
    runs, run = [], 1
    for a, b in zip(q_times, q_times[1:]):
        if b - a < 3:
            run += 1
        else:
            runs.append(run); run = 1
    runs.append(run)
    return {'requests': len(d2c), 'iops': len(d2c) / span, 'burst': statistics.mean(runs),
            'q2d': statistics.mean(q2d), 'i2d': statistics.mean(i2d) if i2d else float('nan'),
            'd2c': statistics.mean(d2c), 'd2c_p50': statistics.median(d2c), 'at_device': sum(d2c) / 1e6 / span}
print(f"\n{'round':>5} {'tool':6} {'requests':>9} {'IOPS':>8} {'bios together':>13} {'Q2D us':>8} {'I2D us':>8} "
      f"{'D2C mean':>9} {'D2C p50':>8} {'at device':>9}")
for r in range(rounds):
    for tool in ('bench', 'fio'):
        a = analyse(f"{work}/{tool}.{r}.txt", tool)
        if a is None:
            print(f"{r + 1:5} {tool:6} no requests traced"); continue
        print(f"{r + 1:5} {tool:6} {a['requests']:9} {a['iops']:8.0f} {a['burst']:13.1f} {a['q2d']:8.1f} {a['i2d']:8.1f} "
              f"{a['d2c']:9.1f} {a['d2c_p50']:8.1f} {a['at_device']:9.1f}")
PY
