#!/usr/bin/env bash
# Shows what -c buys: runs bench++ with -c 1 and -c N on the same directory (default /dev/shm, so the
# CPU and not a disk is the limit), alternating, several rounds, and prints the median aggregate
# throughput of the block tests for each and their ratio. When fio is installed, fio does the same with
# numjobs 1 and N in the same rounds: its ratio is what this machine gives two workers, the ceiling to read
# bench++'s ratio against (a shared 2-core VM rarely gives 2.0x to anyone).
# Usage: scripts/concurrency-bench.sh [-b BENCH] [-d DIR] [-c N] [-r ROUNDS] [-s SIZE]
# (BENCH: the bench++ binary, default build/bench++; scripts/peer-bench.sh runs this with its own.)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=/dev/shm workers=2 rounds=5 size=256M bin=
while getopts "b:d:c:r:s:" opt; do
  case $opt in
    b) bin=$OPTARG ;; d) dir=$OPTARG ;; c) workers=$OPTARG ;; r) rounds=$OPTARG ;; s) size=$OPTARG ;;
    *) echo "usage: $0 [-b BENCH] [-d DIR] [-c N] [-r ROUNDS] [-s SIZE]" >&2; exit 2 ;;
  esac
done
if [ -z "$bin" ]; then
  bin=$root/build/bench++
  [ -x "$bin" ] || "$root/scripts/build.sh"
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for round in $(seq "$rounds"); do
  for c in 1 "$workers"; do
    "$bin" -d "$dir" -s "$size" -f -n 0 --no-sync-test -r 0 -c "$c" -q --csv "$out/c$c-$round.csv" >/dev/null 2>&1
    if command -v fio >/dev/null; then
      mkdir "$dir/fio-ref.$$"
      fio --output-format=json --directory="$dir/fio-ref.$$" --ioengine=psync --bs=8k --size="$size" \
        --numjobs="$c" --group_reporting --name=block_write --rw=write --end_fsync=1 \
        --name=block_read --stonewall --rw=read >"$out/fio-c$c-$round.json" 2>/dev/null
      rm -rf "${dir:?}/fio-ref.$$"
    fi
  done
done

# Median aggregate KiB/s of one fio job over all rounds of one numjobs value ("nan" without fio).
fio_median_rate() {
  local c=$1 test=$2
  python3 -c '
import glob, json, statistics, sys
c, test, out = sys.argv[1:]
key = "write" if test == "block_write" else "read"
rates = [job[key]["bw"] for f in glob.glob(f"{out}/fio-c{c}-*.json") for job in json.load(open(f))["jobs"]
         if job["jobname"] == test]
print(statistics.median(rates) if rates else "nan")' "$c" "$test" "$out"
}

# Median of the kib_per_sec column for one test over all rounds of one -c value.
median_rate() {
  local c=$1 test=$2
  cat "$out"/c"$c"-*.csv | python3 -c '
import csv, statistics, sys
test = sys.argv[1]
rows = [r for r in csv.DictReader(sys.stdin) if r.get("test") == test]  # repeated headers are skipped
print(statistics.median(float(r["kib_per_sec"]) for r in rows) if rows else "nan")' "$test"
}

echo "bench++ -s $size -f -n 0 on $dir, $rounds rounds, medians of aggregate KiB/s"
printf '%-14s %14s %14s %8s %16s\n' test "-c 1" "-c $workers" ratio "fio numjobs $workers/1"
for test in block_write rewrite block_read; do
  one=$(median_rate 1 "$test")
  many=$(median_rate "$workers" "$test")
  fio_ratio=-
  if [ "$test" != rewrite ] && command -v fio >/dev/null; then
    fio_ratio=$(python3 -c "print(f'{$(fio_median_rate "$workers" "$test") / $(fio_median_rate 1 "$test"):.2f}x')")
  fi
  printf '%-14s %14.0f %14.0f %7.2fx %16s\n' "$test" "$one" "$many" "$(python3 -c "print($many / $one)")" "$fio_ratio"
done
