#!/usr/bin/env bash
# Builds (or brings up to date) the static bench++ that guests run, and prints its path: the target
# bench_static of build/ (BENCH_BUILD_DIR), which links the objects of the ordinary build statically into
# build/static/bench++. Build messages go to stderr.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${BENCH_BUILD_DIR:-$root/build}
[ -f "$build_dir/CMakeCache.txt" ] || "$root/scripts/build.sh" >&2  # configure as build.sh does, once
cmake --build "$build_dir" --target bench_static -j "$(nproc)" >&2
echo "$build_dir/static/bench++"
