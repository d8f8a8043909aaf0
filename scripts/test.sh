#!/usr/bin/env bash
# Installs what is missing, builds bench++ with warnings as errors, and runs every test (CTest).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh" test
"$root/scripts/install-deps.sh" guest  # QEMU and friends for the end-to-end guest test (tests/guest)
"$root/scripts/build.sh"
# The static bench++ that the guest test boots, in build/static (-DBENCH_STATIC=ON).
cmake --build "${BENCH_BUILD_DIR:-$root/build}" --target bench_static -j "$(nproc)"
cd "$root/build"
ctest --output-on-failure -j 2 --timeout 300
# The spreadsheet CSV in LibreOffice Calc, when it is installed (it is large, so not installed here).
if command -v soffice >/dev/null 2>&1; then
  "$root/scripts/check-libreoffice.sh" "$root/build/bench++"
fi
