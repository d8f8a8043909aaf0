#!/usr/bin/env bash
# Builds a Debian package of bench++ with CPack (in build-package/) and shows its dependencies.
# With --install-test it also installs the package with apt, runs the installed bench++ and removes it
# again (root only; meant for a clean machine or CI). BENCH_PACKAGE_BUILD_DIR replaces build-package/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh" build
build_dir=${BENCH_PACKAGE_BUILD_DIR:-$root/build-package}
cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DBENCH_TESTS=OFF -DBENCH_WERROR=ON >/dev/null
cmake --build "$build_dir" -j "$(nproc)"
(cd "$build_dir" && cpack -G DEB >/dev/null)
deb=$(ls -t "$build_dir"/*.deb | head -n 1)
echo "Built $deb"
dpkg-deb --field "$deb" Package Version Architecture Depends

if [ "${1:-}" = --install-test ]; then
  installed=${BENCH_INSTALLED_BINARY:-/usr/bin/bench++}  # where the package puts it (the tests point elsewhere)
  dir=""
  # On every exit, the run's directory goes (whatever a failed run left in it) and the package is removed.
  trap '[ -z "$dir" ] || rm -rf "$dir"; apt-get -o DPkg::Lock::Timeout=600 remove -y -qq bench++ >/dev/null' EXIT
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$deb" >/dev/null
  "$installed" --version
  man -w bench++
  dir=$(mktemp -d)
  "$installed" -d "$dir" -s 8M -f -n 1 --no-sync-test -r 0 -q
  rmdir "$dir"  # fails when bench++ left anything behind
  echo "The package installs and runs."
fi
