#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with Debian's clang in build-fuzz/ and runs each one for a bounded
# time from its seed corpus (fuzz/corpus/<target>/, never modified). Fails on the first finding: a crash,
# an exception other than the one the parser documents, an AddressSanitizer or UBSan report, a leak, an
# allocation over 2 GiB or an input that takes over 10 s. Findings are saved in build-fuzz/findings/; once
# fixed, a finding goes into its target's corpus as a seed (with the regression test of the fix).
# Targets: size_spec (-s, -n, --sync-size and the sizes and counts), options (bench++'s and compare's command
# lines), fio_options (fio's command-line options, sizes and times), fio_job_file (job files), job_options (the
# command lines of bench++ job and suite), spreadsheet_csv, json_report, bonnie_csv and result_file (the
# readers, workload columns and objects included), fio_json (fio's JSON and json+ as compare reads them: nesting,
# figures out of range), mountinfo, csv_field (every field through the one quoting
# function reads back as written) and workload_paths (no name or filename= makes bench++ job create a file outside
# its directory).
# Usage: scripts/fuzz.sh [target...]   (default: all of them; FUZZ_SECONDS=60 per target)
# The corpus holds hand-made seeds and findings only: a run's new inputs (a few hundred per target) stay in a
# scratch directory, so that the repository's corpus stays small.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${FUZZ_SECONDS:-60}
build_dir=${BENCH_FUZZ_BUILD_DIR:-$root/build-fuzz}
"$root/scripts/install-deps.sh" fuzz

CXX=clang++ cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBENCH_FUZZ=ON -DBENCH_TESTS=OFF \
  >/dev/null
cmake --build "$build_dir" -j "$(nproc)" --target fuzz_targets >/dev/null

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for source in "$root"/fuzz/*_fuzz.cpp; do
    name=$(basename "$source" .cpp)
    targets+=("${name%_fuzz}")
  done
fi

findings="$build_dir/findings"
mkdir -p "$findings"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=()
for target in "${targets[@]}"; do
  mkdir -p "$work/$target"
  log="$findings/$target.log"
  # New inputs go to the first corpus directory (a scratch one); the seeds stay as they are.
  if "$build_dir/fuzz/${target}_fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -malloc_limit_mb=2048 -max_len=65536 -print_final_stats=1 -artifact_prefix="$findings/$target-" \
      "$work/$target" "$root/fuzz/corpus/$target" >"$log" 2>&1; then
    echo "fuzz $target: $(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$') runs, no finding"
  else
    echo "fuzz $target: FINDING (log: $log)" >&2
    grep -E 'ERROR|runtime error|SUMMARY|Test unit written' "$log" | head -20 >&2 || true
    failed+=("$target")
  fi
done
if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz: findings in ${failed[*]}" >&2
  exit 1
fi
