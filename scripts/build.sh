#!/usr/bin/env bash
# Configures and builds bench++ in build/ (warnings are errors). Extra arguments go to cmake's configure.
# BENCH_BUILD_DIR: another build directory; BENCH_BUILD_TARGET: build that target only (scripts/run.sh: bench++).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${BENCH_BUILD_DIR:-$root/build}
# -g1 (line tables: backtraces with file and line) instead of -g: a third less compile time, which CI feels.
cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DBENCH_WERROR=ON "$@" >/dev/null
cmake --build "$build_dir" -j "$(nproc)" ${BENCH_BUILD_TARGET:+--target "$BENCH_BUILD_TARGET"}
