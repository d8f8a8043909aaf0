#!/usr/bin/env bash
# Builds a Debian package of bench++ with CPack (in build-package/) and shows its dependencies.
# With --install-test it also installs the package with apt, runs the installed bench++ and removes it
# again (root only; meant for a clean machine or CI).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh" build
build_dir=$root/build-package
cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DBENCH_TESTS=OFF -DBENCH_WERROR=ON >/dev/null
cmake --build "$build_dir" -j "$(nproc)"
(cd "$build_dir" && cpack -G DEB >/dev/null)
deb=$(ls -t "$build_dir"/*.deb | head -n 1)
echo "Built $deb"
dpkg-deb --field "$deb" Package Version Architecture Depends

if [ "${1:-}" = --install-test ]; then
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$deb" >/dev/null
  trap 'apt-get -o DPkg::Lock::Timeout=600 remove -y -qq bench++ >/dev/null' EXIT
  /usr/bin/bench++ --version
  man -w bench++
  dir=$(mktemp -d)
  /usr/bin/bench++ -d "$dir" -s 8M -f -n 1 --no-sync-test -r 0 -q
  rmdir "$dir"
  echo "The package installs and runs."
fi
