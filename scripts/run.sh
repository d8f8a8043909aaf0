#!/usr/bin/env bash
# Installs what is missing, builds bench++, and runs a quick benchmark in a fresh temporary directory.
# Extra arguments are passed to bench++ (e.g. scripts/run.sh -s 256M).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh" build
"$root/scripts/build.sh"
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench++-run.XXXXXX")
trap 'rm -rf "$dir"' EXIT
echo "Running: bench++ -d $dir -s 64M -f256k -n 1 $*" >&2
"$root/build/bench++" -d "$dir" -s 64M -f256k -n 1 "$@"
