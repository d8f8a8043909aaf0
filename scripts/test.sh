#!/usr/bin/env bash
# Installs what is missing, builds bench++ and the micro-benchmarks (bench/) with warnings as errors, and runs
# every test (CTest) and scripts/run.sh in a clean clone (tests/run_script_test.sh), then the tests again built
# with AddressSanitizer and UndefinedBehaviorSanitizer, and the libFuzzer targets (fuzz/) each over its seed
# corpus: one clang build for both (BENCH_ASAN_BUILD_DIR, default build-asan/), compiled behind CTest and the clean
# clone's run, on the CPU time they leave idle. Each phase's end is logged ("test.sh: ... at N s");
# docs/performance.md has the table of where the time goes.
#
# Every test that cannot run here is a skip, said and logged (tests/test_support.h); the summary at the end
# lists them. BENCH_REQUIRE_ALL_TESTS=1 (the default here, and so in CI) fails a test that lacks a tool this
# script installs or root's privileges instead; only what the machine cannot do (io_uring or network
# namespaces refused, O_DIRECT refused by the filesystem) stays a skip. BENCH_REQUIRE_ALL_TESTS=0 allows them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# Each phase's end, in seconds since the start: where the time goes (docs/performance.md, "Where test.sh's time
# goes").
phase_done() { echo "test.sh: $* at $SECONDS s"; }
export BENCH_REQUIRE_ALL_TESTS=${BENCH_REQUIRE_ALL_TESTS:-1}
build_dir=${BENCH_BUILD_DIR:-$root/build}
asan_dir=${BENCH_ASAN_BUILD_DIR:-$root/build-asan}
skip_logs=("$build_dir/skipped-tests.log" "$asan_dir/skipped-tests.log")
rm -f "${skip_logs[@]}"
# The skips of both runs, each with its kind (tool, root, machine), test case and reason; on every exit.
summarize_skips() {
  local log count total=0
  for log in "${skip_logs[@]}"; do
    [ -s "$log" ] || continue
    count=$(wc -l <"$log")
    total=$((total + count))
    echo "test.sh: $count skipped in $(basename "$(dirname "$log")")/:"
    sort "$log" | awk -F'\t' '{ printf "  %-8s %s: %s\n", $1, $2, $3 }'
  done
  echo "test.sh: $total test(s) or parts skipped in all (BENCH_REQUIRE_ALL_TESTS=$BENCH_REQUIRE_ALL_TESTS)"
}
# What the build needs first; the tests' tools and QEMU (tests/guest) install while it compiles, their downloads
# beside the compiler (apt's lock keeps the two installs in turn). An exit waits for that install, never kills it.
"$root/scripts/install-deps.sh" test-build
mkdir -p "$build_dir"
install_log=$build_dir/install-deps.log
{ "$root/scripts/install-deps.sh" test && "$root/scripts/install-deps.sh" guest && "$root/scripts/install-deps.sh" fuzz; } \
  >"$install_log" 2>&1 &
installing=$!
trap 'wait "$installing" 2>/dev/null || true; summarize_skips' EXIT
# ccache (installed above), unless the caller chose another launcher: tests/run_script_test.sh's clean clone then
# reuses this build's objects (the MPI mode swaps only its own files). Paths are made relative to / and the
# directory is not hashed, so a clone elsewhere finds them.
if [ -z "${CMAKE_CXX_COMPILER_LAUNCHER:-}" ] && command -v ccache >/dev/null; then
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache
fi
if [ "${CMAKE_CXX_COMPILER_LAUNCHER:-}" = ccache ]; then
  export CCACHE_BASEDIR=/ CCACHE_NOHASHDIR=1
fi
# With the MPI mode: its tests run bench++ under mpirun. With the micro-benchmarks (bench/: built, not run), so
# that they keep building.
"$root/scripts/build.sh" -DBENCH_WITH_MPI=ON -DBENCH_MICROBENCH=ON
# The static bench++ that the guest test boots, in build/static: the same objects linked statically.
cmake --build "$build_dir" --target bench_static -j "$(nproc)"
phase_done "built bench++, the tests, the micro-benchmarks and the static bench++"
install_status=0
wait "$installing" || install_status=$?
cat "$install_log" >&2
[ "$install_status" = 0 ] || { echo "test.sh: installing the tests' tools failed (above)" >&2; exit 1; }
phase_done "installed the tests' tools"
# The sanitized tests and the fuzz targets (build-asan/) compile while CTest and the clean clone's run.sh run,
# niced to 19: CTest leaves a core idle most of the time (its slow tests wait on QEMU guests, mpirun and child
# processes), which this build fills, and a test that wants the CPU takes it from it (nice 19 weighs 1/70 of
# nice 0). Its output goes to a log, shown when it fails.
#
# One clang build for both, so that benchcore compiles once: everything with AddressSanitizer and
# UndefinedBehaviorSanitizer, benchcore also instrumented for libFuzzer's coverage (fuzz/CMakeLists.txt), the fuzz
# targets linked with libFuzzer, bench_tests and bench++ with the sanitizers' runtime alone (it has the coverage
# hooks). No -Werror there (warnings are checked above); -O1 -g1, as the sanitizers advise, compiles in half the
# time of -O2 -g. The MPI mode stays out of it: Open MPI's own allocations would count as leaks. (scripts/fuzz.sh
# builds the fuzz targets at -O2 for fuzzing.)
sanitized_builds() {
  # A build-asan/ configured before for another compiler (g++'s sanitized build, before this one) keeps that
  # compiler in its cache, which CXX= does not change: its configuration starts afresh (the directory is test.sh's).
  if [ -f "$asan_dir/CMakeCache.txt" ] && ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang' "$asan_dir/CMakeCache.txt"; then
    rm -rf "$asan_dir/CMakeCache.txt" "$asan_dir/CMakeFiles"
  fi
  CXX=clang++ cmake -S "$root" -B "$asan_dir" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
    -DBENCH_SANITIZE=ON -DBENCH_FUZZ=ON -DBENCH_WERROR=OFF -DBENCH_WITH_MPI=OFF &&
    nice -n 19 cmake --build "$asan_dir" --target bench_tests fuzz_targets -j "$(nproc)"
}
mkdir -p "$asan_dir"
builds_log=$asan_dir/sanitized-builds.log
sanitized_builds >"$builds_log" 2>&1 &
building=$!
# An exit (a failed test) waits for these builds too, never leaves them running.
trap 'wait "$installing" 2>/dev/null || true; wait "$building" 2>/dev/null || true; summarize_skips' EXIT
cd "$build_dir"
ctest --output-on-failure -j 2 --timeout 300
phase_done "CTest"
# The front door as a newcomer meets it: scripts/run.sh in a clean clone, built from an empty build directory
# (bench++ alone; through ccache, so configured as the build above, whose objects it reuses: without ccache, as on
# a fresh machine, it precompiles headers instead, scripts/build.sh), its quick run checked for build lines on
# stdout, +++++ in the I/O columns and the time.
"$root/tests/run_script_test.sh"
phase_done "scripts/run.sh in a clean clone"
build_status=0
wait "$building" || build_status=$?
[ "$build_status" = 0 ] ||
  { tail -n 60 "$builds_log" >&2; echo "test.sh: the sanitized build failed (above; $builds_log)" >&2; exit 1; }
phase_done "built the sanitized tests and the fuzz targets"
# The same tests again under clang's AddressSanitizer and UndefinedBehaviorSanitizer (leaks included), in
# build-asan/.
# Left out: the strace-counting method test (LeakSanitizer cannot run under ptrace), the 64 MiB bonnie++ tools
# run (slow there, and about the converters, not memory), the guest tests (they boot the static, unsanitized
# bench++) and the fio peer tests (70 cases: what they check is agreement with fio, which the run above checked;
# here they waited on fio and strace for a third of the sanitized run's time, 470 of 1350 s, at load 18).
# In two halves at once, one per core (doctest's --first/--last count the test cases the filters keep), split
# where the work is halved: with the peer tests left out, half the time falls in the first 349 of 995 cases (711 s
# of about 1420 at load 18, the rest estimated from an earlier run's halves), so the split is near 7/20 of the count.
asan_tests() {
  UBSAN_OPTIONS=print_stacktrace=1 "$asan_dir/tests/bench_tests" --no-intro=true \
    --test-case-exclude='method: the I/O tests make*,bonnie tools: bench++ -d DIR -s 64M*,guest: *,fio peer:*,fio * peer:*,steady state peer:*' "$@"
}
asan_cases=$(asan_tests --count | awk '/passing the current filters/ { print $NF }')
asan_split=$((asan_cases * 7 / 20))
asan_tests --first=1 --last="$asan_split" >"$asan_dir/first-half.log" 2>&1 & first_half=$!
asan_tests --first=$((asan_split + 1)) >"$asan_dir/second-half.log" 2>&1 & second_half=$!
asan_status=0
wait "$first_half" || asan_status=1
wait "$second_half" || asan_status=1
cat "$asan_dir/first-half.log" "$asan_dir/second-half.log"
[ "$asan_status" = 0 ] || { echo "test.sh: the sanitized tests failed (above)" >&2; exit 1; }
phase_done "the sanitized tests"
# Each fuzz target (built above) run once over every seed of its corpus (fuzz/corpus/<target>/: no fuzzing,
# scripts/fuzz.sh does that): about a second in all.
for source in "$root"/fuzz/*_fuzz.cpp; do
  target=$(basename "$source" .cpp)
  if ! "$asan_dir/fuzz/$target" "$root/fuzz/corpus/${target%_fuzz}"/* >"$asan_dir/$target.log" 2>&1; then
    cat "$asan_dir/$target.log" >&2
    echo "test.sh: fuzz/$target failed on its seed corpus (above)" >&2
    exit 1
  fi
done
echo "test.sh: the fuzz targets built and ran over their seed corpora"
phase_done "the fuzz targets' corpora"
