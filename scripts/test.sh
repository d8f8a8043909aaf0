#!/usr/bin/env bash
# Installs what is missing, builds bench++ with warnings as errors, and runs every test (CTest), then the tests
# again built with AddressSanitizer and UndefinedBehaviorSanitizer (BENCH_ASAN_BUILD_DIR, default build-asan/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh" test
"$root/scripts/install-deps.sh" guest  # QEMU and friends for the end-to-end guest test (tests/guest)
# With the MPI mode (Open MPI comes with the test dependencies): its tests run bench++ under mpirun.
"$root/scripts/build.sh" -DBENCH_WITH_MPI=ON
# The static bench++ that the guest test boots, in build/static: the same objects linked statically.
cmake --build "${BENCH_BUILD_DIR:-$root/build}" --target bench_static -j "$(nproc)"
cd "${BENCH_BUILD_DIR:-$root/build}"
ctest --output-on-failure -j 2 --timeout 300
# The same tests again under AddressSanitizer and UndefinedBehaviorSanitizer (leaks included), in build-asan/.
# No -Werror there (warnings are checked above); -O1 -g1, as the sanitizers advise, compiles in half the time
# of -O2 -g. Left out: the strace-counting method test (LeakSanitizer cannot run under ptrace), the 64 MiB
# bonnie++ tools run (slow there, and about the converters, not memory) and the guest tests (they boot the
# static, unsanitized bench++). The MPI mode stays out of this build: Open MPI's own allocations would count
# as leaks.
asan_dir=${BENCH_ASAN_BUILD_DIR:-$root/build-asan}
cmake -S "$root" -B "$asan_dir" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DBENCH_SANITIZE=ON \
  -DBENCH_WERROR=OFF -DBENCH_WITH_MPI=OFF >/dev/null
cmake --build "$asan_dir" --target bench_tests -j "$(nproc)"
# In two halves at once, one per core (doctest's --first/--last count the test cases the filters keep): the
# sanitized run takes 51 s alone, 32 s so.
asan_tests() {
  UBSAN_OPTIONS=print_stacktrace=1 "$asan_dir/tests/bench_tests" --no-intro=true \
    --test-case-exclude='method: the I/O tests make*,bonnie tools: bench++ -d DIR -s 64M*,guest: *' "$@"
}
asan_tests --first=1 --last=110 >"$asan_dir/first-half.log" 2>&1 & first_half=$!
asan_tests --first=111 >"$asan_dir/second-half.log" 2>&1 & second_half=$!
asan_status=0
wait "$first_half" || asan_status=1
wait "$second_half" || asan_status=1
cat "$asan_dir/first-half.log" "$asan_dir/second-half.log"
[ "$asan_status" = 0 ] || { echo "test.sh: the sanitized tests failed (above)" >&2; exit 1; }
