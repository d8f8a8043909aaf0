#!/usr/bin/env bash
# The front door: installs what is missing, builds bench++ (that target only, quietly: the build's output goes to
# a log whose tail is shown only when the build fails), then runs a quick benchmark in DIR (default: the build
# directory, on the disk that holds this checkout) sized so that every test of bonnie++'s table lasts long
# enough to show its number (bonnie++ prints +++++ for a test under 0.5 s), and says where the results are.
# Usage: scripts/run.sh [DIR] [bench++ options...]   (the options are added to the quick run, e.g. --tag disk=ssd)
#
# The sizes come from a calibration of a few seconds: two runs of -s 64M, per-char on 256 KiB, no file or fsync
# tests, each test's faster rate (a disk that stalls in one run does not shrink the sizes). Those rates are high (a
# small file meets the disk's and the host's caches) and fall as the file grows: the file gets 2 s of block writes
# at the calibrated rate and at least 1 s of its block reads (rewrite, which reads and writes, is the slowest),
# the per-char tests 1.2 s at the faster per-char rate and the seeks 1.5 s, so that the real run's tests last over
# bonnie++'s 0.5 s and the whole run stays well under a minute on an ordinary disk.
# stdout carries the benchmark's table and the closing lines; everything else goes to stderr.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${BENCH_BUILD_DIR:-$root/build}
dir=$build_dir
if [ $# -gt 0 ] && [ -d "$1" ]; then
  dir=$1
  shift
fi

"$root/scripts/install-deps.sh" build >&2
mkdir -p "$build_dir"
log=$build_dir/run-build.log
echo "run.sh: building bench++ (log: $log)" >&2
# Configured once (scripts/build.sh: a first build from nothing precompiles headers); a build directory that is
# there is built as it was configured.
build=(env BENCH_BUILD_TARGET=bench++ "$root/scripts/build.sh")
[ -f "$build_dir/CMakeCache.txt" ] && build=(cmake --build "$build_dir" -j "$(nproc)" --target bench++)
if ! "${build[@]}" >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "run.sh: the build failed (above: the end of $log)" >&2
  exit 1
fi
bench=$build_dir/bench++

results=${BENCH_RESULTS_DIR:-$root/results}/quick-$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$results"
echo "run.sh: calibrating in $dir (a few seconds)" >&2
"$bench" -d "$dir" -s 64M -f256k -n 0 --no-sync-test -x 2 -q --csv "$results/calibration.csv" \
  >"$results/calibration.txt" 2>&1 || { cat "$results/calibration.txt" >&2; exit 1; }

# From the calibration's spreadsheet CSV (columns found by name; rates in KiB/s and seeks/s, the faster run's).
read -r size_mib per_char_kib seeks < <(awk -F, '
  function ceil(x) { return x == int(x) ? x : int(x) + 1 }
  function max(a, b) { return a > b ? a : b }
  NR == 1 { for (i = 1; i <= NF; i++) { gsub(/"/, "", $i); col[$i] = i }; next }
  { test = $col["test"]; rate[test] = max(rate[test], $col["kib_per_sec"]); ops[test] = max(ops[test], $col["ops_per_sec"]) }
  END {
    size_mib = max(256, ceil(max(2.0 * rate["block_write"], 1.0 * rate["block_read"]) / 1024))
    per_char_kib = max(256, ceil(1.2 * max(rate["per_char_write"], rate["per_char_read"])))
    printf "%d %d %d\n", size_mib, per_char_kib, max(8192, ceil(1.5 * ops["random_seeks"]))
  }' "$results/calibration.csv")

args=(-d "$dir" -s "${size_mib}M:8k:$seeks" "-f${per_char_kib}k" -n 1 --sync-size 256k
      --csv "$results/results.csv" --json "$results/results.json" --html "$results/report.html" "$@")
echo "run.sh: bench++ ${args[*]}" >&2
"$bench" "${args[@]}" | tee "$results/table.txt"

cat <<EOF

Results: $results/ (table.txt, report.html for a browser, results.csv for a spreadsheet, results.json)
Next: man -l $root/man/bench++.1, then a real run on the disk you care about, e.g.
  $bench -d /mnt/test                      # default size: the larger of 1 GiB and RAM/8
  $bench compare A.json B.json --html report.html
  $bench suite cdm -d /mnt/test --scale small
EOF
