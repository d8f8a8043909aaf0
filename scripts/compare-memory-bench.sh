#!/usr/bin/env bash
# bench++ compare on a spreadsheet CSV of a million rows (its bound: within 256 MiB of memory, as the man page's
# COMPARE section promises files of a million rows compare in tens of MiB): two
# bench++ job runs' CSV files, their rows repeated as further runs (run_index 0, 1, ...) until each file holds
# ROWS rows, then `bench++ compare A B` timed with /usr/bin/time in rounds, the files' order rotated. Prints each
# round's wall time and peak RSS, their medians and spread, and whether the peak stayed within the bound.
# A benchmark, not a test: CI does not run it.
#
# Usage: scripts/compare-memory-bench.sh [--rows N] [--rounds N] [--bench FILE] DIR
#   DIR        scratch space for the two CSV files (hundreds of MiB at 1 M rows); removed at the end
#   --rows N   rows per file (default 1000000)
#   --rounds N rounds (default 4)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: scripts/compare-memory-bench.sh [--rows N] [--rounds N] [--bench FILE] DIR" >&2; exit 2; }
rows=1000000 rounds=4 bench=$root/build/bench++ dir="" limit_kib=$((256 * 1024))
while [ $# -gt 0 ]; do
  case $1 in
    --rows) [ $# -ge 2 ] || usage; rows=$2; shift 2 ;;
    --rounds) [ $# -ge 2 ] || usage; rounds=$2; shift 2 ;;
    --bench) [ $# -ge 2 ] || usage; bench=$2; shift 2 ;;
    -*) usage ;;
    *) [ -z "$dir" ] || usage; dir=$1; shift ;;
  esac
done
[ -n "$dir" ] || usage
[ -x "$bench" ] || { echo "compare-memory-bench: no bench++ at $bench (build it first)" >&2; exit 1; }
[ -x /usr/bin/time ] || "$root/scripts/install-deps.sh" peers
work=$(mktemp -d "$dir/compare-memory-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The seed rows: real runs, a sequential and a random workload each.
for label in host guest; do
  "$bench" job -q -d "$work" --label "$label" --csv "$work/$label-seed.csv" \
    --name=seq --rw=read --bs=64k --size=1m --name=rand --rw=randread --bs=4k --size=1m >/dev/null 2>"$work/err" ||
    { echo "compare-memory-bench: bench++ job failed: $(tail -1 "$work/err")" >&2; exit 1; }
done
# Repeated as further runs: the same rows with run_index 0, 1, 2, ... (the reader keys a run by label, run_index
# and start time).
for label in host guest; do
  python3 - "$work/$label-seed.csv" "$work/$label.csv" "$rows" <<'PY'
import csv, sys
seed, out, rows = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(seed, newline="") as f:
    reader = csv.reader(f)
    header = next(reader)
    body = [r for r in reader if r != header]
index = header.index("run_index")
with open(out, "w", newline="") as f:
    writer = csv.writer(f, lineterminator="\n")
    writer.writerow(header)
    written = 0
    run = 0
    while written < rows:
        for row in body:
            if written == rows:
                break
            row = list(row)
            row[index] = str(run)
            writer.writerow(row)
            written += 1
        run += 1
PY
done
echo "compare-memory-bench: $rows rows per file ($(du -m "$work/host.csv" | cut -f1) MiB each), $rounds rounds, load: $(cut -d' ' -f1-3 /proc/loadavg)"

times=() peaks=()
for ((round = 0; round < rounds; round++)); do
  if ((round % 2 == 0)); then files=("$work/host.csv" "$work/guest.csv"); else files=("$work/guest.csv" "$work/host.csv"); fi
  /usr/bin/time -f '%e %M' -o "$work/time" "$bench" compare "${files[@]}" >/dev/null 2>"$work/err" ||
    { echo "compare-memory-bench: compare failed: $(tail -1 "$work/err")" >&2; exit 1; }
  read -r seconds peak_kib <"$work/time"
  times+=("$seconds") peaks+=("$peak_kib")
  echo "round $((round + 1)): ${seconds} s, peak RSS $((peak_kib / 1024)) MiB"
done
python3 - "$limit_kib" "${times[*]}" "${peaks[*]}" <<'PY'
import statistics, sys
limit = int(sys.argv[1])
times = [float(t) for t in sys.argv[2].split()]
peaks = [int(p) for p in sys.argv[3].split()]
print(f"time: median {statistics.median(times):.2f} s (spread {min(times):.2f}-{max(times):.2f} s)")
print(f"peak RSS: median {statistics.median(peaks) / 1024:.0f} MiB (spread {min(peaks) / 1024:.0f}-{max(peaks) / 1024:.0f} MiB), "
      f"bound {limit // 1024} MiB: {'within' if max(peaks) <= limit else 'OVER'}")
PY
