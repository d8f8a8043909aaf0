#!/usr/bin/env bash
# Builds (or brings up to date) the static bench++ that guests run, and prints its path: the target
# bench_static of build/ (BENCH_BUILD_DIR), which links the objects of the ordinary build statically into
# build/static/bench++. Only what it needs (the library and main, not the test binary); a first build says so
# and how long it takes before it starts. Build messages go to stderr.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${BENCH_BUILD_DIR:-$root/build}
if [ ! -f "$build_dir/libbenchcore.a" ]; then
  echo "build-static: building the static bench++ from nothing in $build_dir (bench++ alone, not the tests):" \
    "some 2 minutes on 2 idle cores, seconds with ccache warm" >&2
fi
if [ -f "$build_dir/CMakeCache.txt" ]; then
  cmake --build "$build_dir" --target bench_static -j "$(nproc)" >&2
else  # configured as build.sh does, once (from nothing without ccache: with precompiled headers)
  BENCH_BUILD_DIR=$build_dir BENCH_BUILD_TARGET=bench_static "$root/scripts/build.sh" >&2
fi
echo "$build_dir/static/bench++"
