#!/usr/bin/env bash
# Installs what bench++ needs to build and test, from Debian's packages; does nothing when all is there.
# Usage: scripts/install-deps.sh [build|test-build|test|guest|fuzz|peers]   (default: build; test-build adds what
# scripts/test.sh's build needs beyond it (the MPI mode's Open MPI, ccache), test everything the tests use, guest
# what guest-run.sh needs, fuzz the clang and libFuzzer of scripts/fuzz.sh (and of scripts/test.sh's sanitized
# build of the tests and the fuzz targets), peers the tools peer-bench.sh runs)
set -euo pipefail
purpose=${1:-build}

# nettle-dev and libxxhash-dev: verify='s checksums (src/data/checksum.cpp); zlib1g-dev: the test binary measures
# how well buffer contents compress (tests/data), as fio users measure it.
packages=(g++ cmake make libboost-program-options-dev libfmt-dev doctest-dev
          nlohmann-json3-dev liburing-dev libaio-dev pkg-config nettle-dev libxxhash-dev zlib1g-dev)
if [ "$purpose" = test ] || [ "$purpose" = test-build ]; then
  # Open MPI for the MPI mode's build (-DBENCH_WITH_MPI=ON) and its tests under mpirun (tests/mpi); ccache, so
  # that the clean clone's build of tests/run_script_test.sh reuses the objects of the build before it.
  packages+=(openmpi-bin libopenmpi-dev ccache)
  # Google Benchmark for the micro-benchmarks (bench/, -DBENCH_MICROBENCH=ON), which scripts/test.sh builds.
  packages+=(libbenchmark-dev)
fi
if [ "$purpose" = test ]; then
  # Real peers and clients the tests talk to: bonnie++'s CSV tools, strace to count system calls,
  # gnumeric's ssconvert and LibreOffice Calc (headless, without its GUI: some 50 packages, half a minute) to
  # open the spreadsheet CSV, python3 for json.tool; libfiu's fiu-run to inject I/O errors (tests/reliability);
  # fio to run the built-in suites' job files as they ship (tests/app/suite_fio_test.cpp), and fio's own examples
  # (tests/published/fio_examples_test.cpp); numpy and pandas for fio's fiologparser_hist.py, which reads both
  # tools' histogram logs (tests/fio_peer/logs_peer_test.cpp).
  packages+=(bonnie++ strace gnumeric libreoffice-calc-nogui python3 tmux mandoc man-db fiu-utils libfiu-dev fio
    fio-examples python3-numpy python3-pandas)
  # Headless Chromium renders compare's HTML page; systemd's systemd-detect-virt checks the placement detection.
  # (scripts/test.sh sets BENCH_REQUIRE_ALL_TESTS=1: a test whose tool is missing fails, so each is listed here.)
  packages+=(chromium systemd)
  # iproute2's ip for the hosts the MPI tests make of network namespaces (scripts/mpi-hosts.sh).
  packages+=(iproute2)
  # OpenSSH's server and client for the ssh guest of tests/guest (host-vs-guest.sh --guest-cmd 'ssh ...': an sshd
  # the test starts in a network namespace of its own, with throw-away keys).
  packages+=(openssh-server openssh-client)
fi
if [ "$purpose" = fuzz ]; then
  # libclang-rt-14-dev holds libFuzzer and the sanitizers' runtimes of Debian 12's clang 14 (libclang_rt.fuzzer,
  # .asan, .ubsan_standalone: `dpkg -S`), which clang's libclang-common-14-dev only recommends; llvm-14 holds
  # /usr/bin/llvm-symbolizer-14, which those runtimes run to put file and line in a report's stack (without it a
  # report has addresses alone).
  packages+=(clang libclang-rt-14-dev llvm-14)
fi
if [ "$purpose" = peers ]; then
  packages+=(bonnie++ fio time python3)  # scripts/peer-bench.sh: the peers, /usr/bin/time for peak RSS
  # what the device sees beside engine-bench.sh's runs (blktrace, btt; iostat -x from sysstat), and where a tool's
  # CPU goes (perf record, perf stat): docs/performance.md's analyses
  packages+=(blktrace sysstat linux-perf)
fi
if [ "$purpose" = guest ]; then
  # scripts/guest-run.sh: QEMU, qemu-img (qemu-utils) for qcow2 images, a static busybox for the initramfs (its
  # cpio packs it), mkfs.ext4 and debugfs for the guest's disk, xz/zstd for compressed kernel modules (the kernel
  # comes from apt-get download).
  packages+=(qemu-system-x86 qemu-utils busybox-static e2fsprogs xz-utils zstd)
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}" >&2
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq
"${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
