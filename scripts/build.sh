#!/usr/bin/env bash
# Configures and builds bench++ in build/ (warnings are errors). Extra arguments go to cmake's configure.
# BENCH_BUILD_DIR: another build directory; BENCH_BUILD_TARGET: build that target only (scripts/run.sh: bench++).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${BENCH_BUILD_DIR:-$root/build}
# -g1 (line tables: backtraces with file and line) instead of -g: a third less compile time, which CI feels.
#
# The first build of one target without ccache (scripts/run.sh, scripts/build-static.sh on a fresh machine: no
# build directory yet) precompiles benchcore's most included headers, a third less compile from nothing
# (docs/performance.md, "scripts/run.sh from nothing"), with warnings not fatal: the developers' build holds them,
# and a newcomer's compiler must not stop at one. Through ccache it is configured as any other build, whose objects
# ccache has (a compile with a precompiled header it would not cache).
first_build=()
if [ -n "${BENCH_BUILD_TARGET:-}" ] && [ ! -f "$build_dir/CMakeCache.txt" ] &&
   [ "${CMAKE_CXX_COMPILER_LAUNCHER:-}" != ccache ]; then
  first_build=(-DBENCH_PRECOMPILE_HEADERS=ON -DBENCH_WERROR=OFF)
fi
cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DBENCH_WERROR=ON -DBENCH_PRECOMPILE_HEADERS=OFF "${first_build[@]}" "$@" >/dev/null
cmake --build "$build_dir" -j "$(nproc)" ${BENCH_BUILD_TARGET:+--target "$BENCH_BUILD_TARGET"}
