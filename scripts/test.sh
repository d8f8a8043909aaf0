#!/usr/bin/env bash
# Installs what is missing, builds bench++ with warnings as errors, and runs every test (CTest).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh" test
"$root/scripts/build.sh"
cd "$root/build"
ctest --output-on-failure -j 2 --timeout 300
