#!/usr/bin/env bash
# Shows what -c buys: runs bench++ with -c 1 and -c N on the same directory (default /dev/shm, so the
# CPU and not a disk is the limit), alternating, several rounds, and prints the median aggregate
# throughput of the block tests for each and their ratio.
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
  done
done

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
printf '%-14s %14s %14s %8s\n' test "-c 1" "-c $workers" ratio
for test in block_write rewrite block_read; do
  one=$(median_rate 1 "$test")
  many=$(median_rate "$workers" "$test")
  printf '%-14s %14.0f %14.0f %7.2fx\n' "$test" "$one" "$many" "$(python3 -c "print($many / $one)")"
done
