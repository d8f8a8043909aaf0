#!/usr/bin/env bash
# scripts/run.sh as a newcomer meets it: in a clean clone of this checkout (its committed HEAD), built from
# nothing. Checks that stdout carries no build lines, that bonnie++'s table has a number (no +++++) in every
# Sequential Output, Sequential Input and Random Seeks cell, that the quick benchmark (from the calibration to
# the end) takes under BENCH_RUN_BUDGET seconds (default 60, the README's "under a minute once built"), and that
# the run left nothing in its test directory. Run by scripts/test.sh (whose ccache, when it set one, serves the
# clone's build the objects test.sh built: the compile is still run.sh's, from an empty build directory); prints
# the build and run times.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
budget=${BENCH_RUN_BUDGET:-60}
work=$(mktemp -d "${TMPDIR:-/tmp}/bench++-run-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "run_script_test: FAIL: $*" >&2; exit 1; }

git clone --quiet "$root" "$work/clone"
mkdir "$work/dir"
# Each stderr line with the time it arrived, so the phases are timed from outside the script.
start=$(date +%s.%N)
env -u BENCH_BUILD_DIR BENCH_RESULTS_DIR="$work/results" "$work/clone/scripts/run.sh" "$work/dir" >"$work/stdout" \
  2> >(while IFS= read -r line; do printf '%s %s\n' "$(date +%s.%N)" "$line"; done >"$work/stderr") ||
  { sleep 1; cat "$work/stderr" >&2; fail "scripts/run.sh exited with an error"; }
end=$(date +%s.%N)
sleep 1  # the stderr reader finishes its last lines

grep -q 'Results: ' "$work/stdout" || fail "stdout does not say where the results are"
if grep -Eq '^\[ *[0-9]+%\]|Building CXX|Linking CXX|^-- |Built target|make\[' "$work/stdout"; then
  grep -E '^\[ *[0-9]+%\]|Building CXX|Linking CXX|^-- |Built target|make\[' "$work/stdout" | head -5 >&2
  fail "build lines on stdout"
fi
# The row of numbers under "Name:Size etc": name, size, then 6 pairs of rate and %CPU.
row=$(grep -A1 '^Name:Size etc' "$work/stdout" | tail -n 1)
[ -n "$row" ] || fail "no bonnie++ table on stdout"
cells=$(awk '{ for (i = 3; i <= 14; i += 2) printf "%s ", $i }' <<<"$row")
case "$cells" in *+++++*) cat "$work/stdout" >&2; fail "+++++ in the I/O columns: $cells" ;; esac
[ "$(wc -w <<<"$cells")" -eq 6 ] || fail "expected six I/O rates, found: $cells"
[ -z "$(ls -A "$work/dir")" ] || fail "the test directory is not empty: $(ls -A "$work/dir")"

calibrated=$(awk '/run.sh: calibrating/ { print $1; exit }' "$work/stderr")
[ -n "$calibrated" ] || fail "no calibration line on stderr"
read -r build_s run_s < <(awk -v s="$start" -v c="$calibrated" -v e="$end" 'BEGIN { printf "%.0f %.1f\n", c - s, e - c }')
echo "run_script_test: clean clone built in ${build_s} s; the quick benchmark took ${run_s} s (budget ${budget} s)"
awk -v r="$run_s" -v b="$budget" 'BEGIN { exit !(r <= b) }' || fail "the quick benchmark took ${run_s} s, over ${budget} s"
echo "run_script_test: PASS (I/O rates: $cells)"
