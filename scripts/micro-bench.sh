#!/usr/bin/env bash
# Builds and runs the Google Benchmark micro-benchmarks: the cost of recording one latency sample, of a
# request's random offset, and of filling and checking buffers (docs/performance.md quotes its medians).
# Usage: scripts/micro-bench.sh [benchmark options]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh" build
dpkg-query -W -f='${Status}' libbenchmark-dev 2>/dev/null | grep -q 'install ok installed' ||
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq libbenchmark-dev >/dev/null
BENCH_BUILD_DIR="$root/build-micro" "$root/scripts/build.sh" -DCMAKE_BUILD_TYPE=Release -DBENCH_MICROBENCH=ON \
  -DBENCH_TESTS=OFF
"$root/build-micro/bench/bench_micro" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true "$@"
