#!/usr/bin/env bash
# Runs bench++ inside a freshly booted Linux guest under QEMU and brings its results back to the host.
#
# The guest is made only of Debian packages: the kernel and its modules come out of the linux-image package
# (apt-get download + dpkg-deb -x, cached), the initramfs holds busybox-static, the static bench++
# (scripts/build-static.sh) and the modules for virtio-blk and ext4. bench++ runs on an ext4 filesystem that this
# script makes with mkfs.ext4 on a sparse disk image (a virtio-blk disk in the guest, with the -drive options
# of --drive-opts); the guest writes its CSV, JSON and exit status on that filesystem, and the host reads them
# with debugfs (no mount, no root needed).
#
# The accelerator is proven, not assumed: unless --accel (or BENCH_GUEST_ACCEL) says otherwise, a probe boot
# under KVM must reach the initramfs's first line within a few seconds, with -cpu host, then host without
# arch-capabilities, then qemu64 (nested KVM often refuses the first); the first that does is used. Without a
# usable /dev/kvm, or when no CPU model boots, the guest runs under TCG (software emulation: slower, and its
# figures include emulating the CPU) after one note naming QEMU's error. The probe's verdict is kept for the
# rest of this boot of the machine (in the kernel cache), so later runs do not probe again.
#
# The guest cannot hang the run: a KVM internal error, a kernel panic, or neither console output nor the
# guest's heartbeat (every 5 s) for --stall-timeout seconds stops QEMU at once with the reason. console.log
# and qemu.err come back to --out DIR whatever happened. Ctrl-C, SIGTERM or SIGHUP stop QEMU (its whole
# process group) and remove the work directory.
#
# Usage: scripts/guest-run.sh [script options] [--] [bench++ options]
# Script options (anywhere before a "--"):
#   --out DIR            where result.csv, result.json, console.log and qemu.err go (default ./guest-results)
#   --bench FILE         the static bench++ (default $BENCH_STATIC_BINARY, else build/static/bench++, built
#                        or brought up to date by scripts/build-static.sh first)
#   --memory MIB         guest RAM (default 512), which bench++'s default -s follows
#   --cpus N             guest vCPUs (default 2, at most the host's)
#   --disk-size SIZE     disk image size, e.g. 2G (default: what bench++'s own plan of the run needs, plus margin)
#   --drive-opts OPTS    QEMU -drive options of the guest's disk (default cache=none,aio=threads), e.g.
#                        'cache=writeback', 'cache=unsafe', 'cache=none,aio=io_uring'; checked by QEMU before
#                        anything boots. cache=none (O_DIRECT) on a filesystem without O_DIRECT becomes
#                        cache=writeback (and aio=native aio=threads), with a note
#   --accel kvm|tcg      the accelerator (default: $BENCH_GUEST_ACCEL, else the probe above); kvm fails at
#                        once, with QEMU's error, when no CPU model boots
#   --cpu-model MODEL    QEMU -cpu model (default: the probe's under KVM, max under TCG)
#   --timeout SECONDS    give up on the guest after this long (default 1800)
#   --stall-timeout SECONDS  give up when the guest shows no sign of life for this long (default 60)
#   --check-only         check the options and drive options (QEMU's own check), then exit without booting
#   --keep-work          keep the work directory (disk image, initramfs) and print its path
#   --refresh-kernel     ask apt for the current linux-image-amd64 kernel instead of reusing the cached one
# bench++ options are passed on unchanged, except -d, --csv and --json, which this script sets. They may start
# with bench++'s job or suite command (`-- suite tart --scale small`, `-- job FILE.fio`: the job files go into the
# guest). The disk is sized from bench++'s own plan (--dry-run --json -). The guest's run is tagged (--tag) with accel=, cpu= and
# drive=: the accelerator, CPU model and -drive options it ran with; bench++ itself records its vCPUs, memory,
# kernel and virtual disk (vda, virtio_blk).
# The kernel cache is $BENCH_GUEST_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/bench++-guest). For tests,
# BENCH_GUEST_KVM_DEVICE names the KVM device to look for (default /dev/kvm).
# Exit status: 0 when bench++ succeeded in the guest and its results were copied; 1 on any failure; 2 for
# bad usage (drive options QEMU refuses included); 128 + N after signal N.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH=$PATH:/usr/sbin:/sbin  # mkfs.ext4 and debugfs, for users whose PATH lacks them
# shellcheck source=lib/signals.sh
. "$root/scripts/lib/signals.sh"
# shellcheck source=lib/qemu-watch.sh
. "$root/scripts/lib/qemu-watch.sh"
kMarker="bench++-guest:"

die() { echo "guest-run: error: $*" >&2; exit 1; }
usage_error() { echo "guest-run: $*" >&2; echo "usage: scripts/guest-run.sh [script options] [--] [bench++ options] (see the header of $0)" >&2; exit 2; }
note() { echo "guest-run: $*" >&2; }
work="" staging="" out_dir=""  # the work directory is removed on exit (kept with --keep-work)
booted=0  # the real boot started: its console.log and qemu.err go to --out
cleanup() {
  qemu_stop
  if [ -n "$work" ] && [ -d "$out_dir" ]; then
    if [ "$booted" = 1 ]; then
      tr -d '\r' <"$work/console.raw" >"$out_dir/console.log" 2>/dev/null || true
      cp "$work/qemu.err" "$out_dir/qemu.err" 2>/dev/null || true
    fi
    [ ! -s "$work/kvm-probe.log" ] || cp "$work/kvm-probe.log" "$out_dir/kvm-probe.log"
  fi
  [ -z "$staging" ] || rm -rf "$staging"
  [ -z "$work" ] || { if [ "${keep_work:-0}" = 1 ]; then note "work directory kept: $work"; else rm -rf "$work"; fi; }
}
trap cleanup EXIT
forward_stop_signals

# ---- command line ----
out_dir=./guest-results bench=${BENCH_STATIC_BINARY:-} memory_mib=512 cpus=2 disk_size="" timeout_s=1800
stall_s=60 accel="" cpu_model="" drive_opts="cache=none,aio=threads" check_only=0 keep_work=0 refresh_kernel=0
bench_args=()
while [ $# -gt 0 ]; do
  case $1 in
    --out|--bench|--memory|--cpus|--disk-size|--timeout|--stall-timeout|--accel|--cpu-model|--drive-opts)
      [ $# -ge 2 ] || usage_error "option $1 needs a value"
      case $1 in
        --out) out_dir=$2 ;; --bench) bench=$2 ;; --memory) memory_mib=$2 ;; --cpus) cpus=$2 ;;
        --disk-size) disk_size=$2 ;; --timeout) timeout_s=$2 ;; --stall-timeout) stall_s=$2 ;;
        --accel) accel=$2 ;; --cpu-model) cpu_model=$2 ;; --drive-opts) drive_opts=$2 ;;
      esac
      shift 2 ;;
    --check-only) check_only=1; shift ;;
    --keep-work) keep_work=1; shift ;;
    --refresh-kernel) refresh_kernel=1; shift ;;
    --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --) shift; bench_args+=("$@"); break ;;
    *) bench_args+=("$1"); shift ;;
  esac
done
if ! [[ $memory_mib =~ ^[0-9]+$ ]] || [ "$memory_mib" -lt 128 ]; then usage_error "--memory wants MiB, at least 128"; fi
[[ $cpus =~ ^[1-9][0-9]*$ ]] || usage_error "--cpus wants a positive number"
[[ $timeout_s =~ ^[1-9][0-9]*$ ]] || usage_error "--timeout wants seconds"
[[ $stall_s =~ ^[1-9][0-9]*$ ]] || usage_error "--stall-timeout wants seconds"
[ "$cpus" -le "$(nproc)" ] || cpus=$(nproc)
[ -n "$accel" ] || accel=${BENCH_GUEST_ACCEL:-}
case $accel in ""|kvm|tcg) ;; *) usage_error "--accel (or BENCH_GUEST_ACCEL) wants kvm or tcg, not '$accel'" ;; esac
[[ $cpu_model =~ ^[A-Za-z0-9_.,=+-]*$ ]] || usage_error "--cpu-model '$cpu_model' is not a QEMU CPU model"
for arg in "${bench_args[@]}"; do
  case $arg in
    -d|-d?*|--directory|--directory=*) usage_error "do not give -d: bench++ runs on the guest's virtio disk" ;;
    --csv|--csv=*|--json|--json=*) usage_error "do not give --csv or --json: the results go to --out DIR" ;;
    *$'\n'*) usage_error "a bench++ argument contains a newline" ;;
  esac
done
# The -drive options this script sets itself may not come from --drive-opts.
IFS=, read -ra drive_words <<<"$drive_opts"
for word in "${drive_words[@]}"; do
  case ${word%%=*} in
    "") usage_error "--drive-opts '$drive_opts' has an empty option" ;;
    file|if|format|driver|id|index|media|snapshot|readonly)
      usage_error "--drive-opts: '${word%%=*}' is set by this script (file=, if=virtio, format=raw)" ;;
  esac
  [[ $word == *=* ]] || usage_error "--drive-opts: '$word' is not KEY=VALUE"
done

mib=$((1 << 20))

# ---- tools ----
"$root/scripts/install-deps.sh" guest
for tool in qemu-system-x86_64 busybox mkfs.ext4 debugfs dpkg-deb apt-get apt-cache objcopy readelf xz setsid; do
  command -v "$tool" >/dev/null || die "'$tool' is not installed (scripts/install-deps.sh guest should have installed it)"
done
busybox_bin=$(command -v busybox)
ldd "$busybox_bin" >/dev/null 2>&1 && die "$busybox_bin is not static: install busybox-static"
qemu_bin=$(command -v qemu-system-x86_64)
mkdir -p "$out_dir"
out_dir=$(cd "$out_dir" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/bench++-guest.XXXXXX")

# ---- the disk's -drive options, checked before anything boots ----
# drive_wants_direct OPTS: true when OPTS open the image with O_DIRECT (cache=none, directsync, cache.direct=on).
drive_wants_direct() { [[ ,$1, =~ ,(cache=none|cache=directsync|cache\.direct=(on|true|yes)), ]]; }
# without_direct OPTS: the same options without O_DIRECT: the host's page cache instead, and aio=native
# (which QEMU allows only with O_DIRECT) as aio=threads.
without_direct() {
  local opts=,$1,
  opts=${opts//,cache=none,/,cache=writeback,}
  opts=${opts//,cache=directsync,/,cache=writethrough,}
  opts=$(sed -E 's/,cache\.direct=(on|true|yes),/,cache.direct=off,/g; s/,aio=native,/,aio=threads,/g' <<<"$opts")
  opts=${opts#,}
  echo "${opts%,}"
}
truncate -s 1M "$work/check.img"
if drive_wants_direct "$drive_opts" && ! dd if="$work/check.img" of=/dev/null bs=4096 count=1 iflag=direct 2>/dev/null; then
  fallback=$(without_direct "$drive_opts")
  note "the work directory's filesystem ($(stat -f -c %T "$work")) does not support O_DIRECT, which '$drive_opts' needs: the guest's disk uses '$fallback' instead (set TMPDIR to a directory on another filesystem to keep them)"
  drive_opts=$fallback
fi
# QEMU itself checks the options: it opens the image with them, its monitor reads "quit", and nothing runs.
if ! printf 'quit\n' | "$qemu_bin" -S -accel tcg -nodefaults -no-user-config -display none -serial none \
    -monitor stdio -drive "file=$work/check.img,format=raw,if=virtio,$drive_opts" >/dev/null 2>"$work/check.err"; then
  usage_error "QEMU refuses the drive options '$drive_opts': $(qemu_error_summary "$work/check.err")"
fi
rm -f "$work/check.img"
if [ "$check_only" = 1 ]; then
  note "options and drive options '$drive_opts' are fine (--check-only: not booting)"
  exit 0
fi

if [ -z "$bench" ]; then  # build (or bring up to date) the static bench++ in build/static/
  note "bringing the static bench++ up to date (scripts/build-static.sh)"
  bench=$("$root/scripts/build-static.sh") || die "building the static bench++ failed (scripts/build-static.sh)"
fi
[ -x "$bench" ] || die "no executable bench++ at '$bench'"
ldd "$bench" >/dev/null 2>&1 && die "'$bench' is dynamically linked: use scripts/build-static.sh"
# ---- sizes: the disk must hold what bench++ writes, as bench++ itself plans it ----
# `bench++ ... --dry-run --json -` makes the run's plan with the very checks of the run (the options included) and
# says what its files take (bytes_needed, inodes_needed). It is made here, on the host, in an empty directory of
# the work directory's filesystem (mode 1777, as the guest's, for -u USER): bench++'s default -s follows the RAM it
# sees, and the host has at least the guest's, so the host's plan is an upper bound for the guest's; the image is
# sparse, so what it does not use costs nothing. The margin: the filesystem's own metadata and journal.
mkdir -m 1777 "$work/plan"
plan_json=$("$bench" "${bench_args[@]}" -d "$work/plan" --dry-run --json - 2>"$work/plan.err") ||
  usage_error "bench++ refuses its options: $(sed 's/^bench++: //' "$work/plan.err" | tail -1)"
read -r files_bytes files_inodes < <(python3 -c '
import json, sys
plan = json.load(sys.stdin)
print(plan["bytes_needed"], plan["inodes_needed"])' <<<"$plan_json") || die "bench++ --dry-run --json gave no plan"
rmdir "$work/plan"
if [ -n "$disk_size" ]; then
  [[ ${disk_size^^} =~ ^[0-9]+$ ]] && disk_size=${disk_size}M  # MiB without a suffix
  disk_mib=$(( $(numfmt --from=iec "${disk_size^^}" 2>/dev/null || echo 0) / mib ))
  [ "$disk_mib" -gt 0 ] || usage_error "--disk-size wants SIZE[kmgt] (MiB without a suffix)"
else
  disk_mib=$(((files_bytes * 5 / 4 + 128 * mib + mib - 1) / mib))
fi
inodes=$((files_inodes + 4096))

# ---- the kernel, from Debian's linux-image package, cached ----
cache_root=${BENCH_GUEST_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/bench++-guest}
# shellcheck source=lib/guest-kernel.sh
. "$root/scripts/lib/guest-kernel.sh"  # resolve_kernel_package, prepare_kernel
# The newest kernel already prepared, unless --refresh-kernel asks apt again (apt-cache can take seconds).
kernel_dir=""
if [ "$refresh_kernel" = 0 ] && [ -d "$cache_root" ]; then
  kernel_dir=$(find "$cache_root" -mindepth 2 -maxdepth 2 -name kernel-release -printf '%T@ %h\n' | sort -n \
    | tail -1 | cut -d' ' -f2-)
fi
if [ -z "$kernel_dir" ]; then
  resolve_kernel_package
  kernel_dir=$cache_root/${kernel_pkg}_${kernel_version}
  [ -f "$kernel_dir/kernel-release" ] || prepare_kernel
fi

# ---- the initramfs: busybox and init (enough for the probe), then bench++ and its arguments ----
mkdir -p "$work/initramfs"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,mnt,tmp,etc,modules,jobs}
cp "$busybox_bin" "$work/initramfs/bin/busybox"
# init: its first line proves the boot (bench_probe=1 on the kernel command line powers off right after it);
# then a heartbeat, the guest's uptime every 5 s on the second serial port, which the host watches.
cat >"$work/initramfs/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
say() { echo "bench++-guest: $*"; }
fail() { say "error: $*"; poweroff -f; sleep 5; }
mount -t proc proc /proc && mount -t sysfs sysfs /sys && mount -t devtmpfs devtmpfs /dev || fail "cannot mount /proc, /sys, /dev"
say "init started on $(uname -r), $(nproc) cpu(s)"
if grep -qw bench_probe=1 /proc/cmdline; then poweroff -f; sleep 5; fi
( while read -r uptime rest </proc/uptime; do echo "$uptime" >/dev/ttyS1; sleep 5; done ) &
hostname bench-guest
for module in $(cat /modules/order); do
  insmod "/modules/$module.ko" || fail "cannot load kernel module $module"
done
tries=0
while [ ! -b /dev/vda ]; do
  tries=$((tries + 1)); [ $tries -le 100 ] || fail "no virtio disk /dev/vda"; sleep 0.1
done
mount -t ext4 /dev/vda /mnt || fail "cannot mount the ext4 disk /dev/vda"
mkdir -p /mnt/test /mnt/out && chmod 1777 /mnt/test /mnt/out  # writable after -u USER
set --
while IFS= read -r arg; do set -- "$@" "$arg"; done </args
# bench++ job and bench++ suite NAME take their command first, then -d.
command=""
case ${1:-} in
  job) command=job; shift ;;
  suite) command="suite $2"; shift 2 ;;
esac
say "running: bench++ $command -d /mnt/test $* --csv /mnt/out/result.csv --json /mnt/out/result.json"
{ bench++ $command -d /mnt/test "$@" --csv /mnt/out/result.csv --json /mnt/out/result.json </dev/null
  echo $? >/tmp/status; } 2>&1 | cat
status=$(cat /tmp/status)
echo "$status" >/mnt/out/status
sync
umount /mnt || say "warning: cannot unmount /mnt"
say "bench++ exit status $status"
poweroff -f
INIT
chmod +x "$work/initramfs/init"
# pack_initramfs FILE: the initramfs directory as it is now, a gzip'ed cpio archive.
pack_initramfs() { (cd "$work/initramfs" && find . | busybox cpio -o -H newc -R 0:0 2>/dev/null | gzip -1 >"$1"); }
pack_initramfs "$work/probe.gz"
kernel_image=$kernel_dir/vmlinuz
[ -s "$kernel_dir/vmlinux" ] && kernel_image=$kernel_dir/vmlinux
machine_args=(-m "$memory_mib" -smp "$cpus" -nodefaults -no-user-config -display none -monitor none -no-reboot
              -kernel "$kernel_image")

# ---- the accelerator: a probe boot proves KVM, else TCG ----
kvm_device=${BENCH_GUEST_KVM_DEVICE:-/dev/kvm}
kvm_cpu_models=(host host,-arch-capabilities qemu64)
[ -z "$cpu_model" ] || kvm_cpu_models=("$cpu_model")
# A working KVM prints the kernel's first line in well under a second and reaches /init in a few.
kProbeFirstOutputS=8 kProbeStallS=20 kProbeTimeoutS=60
# probe_kvm: boots the initramfs in probe mode under KVM with each model of kvm_cpu_models in turn. Sets
# kvm_cpu to the first that reached /init, or leaves it empty; kvm_failure says what each attempt did. Every
# attempt's QEMU stderr and console tail go to $work/kvm-probe.log.
probe_kvm() {
  local model reason
  kvm_cpu="" kvm_failure=""
  for model in "${kvm_cpu_models[@]}"; do
    qemu_launch "$work/probe.console" "$work/probe.err" "$work/probe.beat" -accel kvm -cpu "$model" \
      "${machine_args[@]}" -initrd "$work/probe.gz" \
      -append "console=ttyS0 earlyprintk=serial,ttyS0,115200 panic=-1 bench_probe=1"
    qemu_watch "$work/probe.console" "$work/probe.err" "$work/probe.beat" 0 \
      "$kProbeFirstOutputS" "$kProbeStallS" "$kProbeTimeoutS" "$kMarker init started"
    exit_if_stopped
    { echo "== qemu-system-x86_64 -accel kvm -cpu $model: $watch_outcome ${watch_reason}"
      cat "$work/probe.err"; echo "-- console (last lines):"; tr -d '\r' <"$work/probe.console" | tail -5
    } >>"$work/kvm-probe.log"
    if grep -q "^$kMarker init started" <(tr -d '\r' <"$work/probe.console"); then kvm_cpu=$model; return 0; fi
    case $watch_outcome in
      exited) reason="QEMU exited with status $qemu_status: $(qemu_error_summary "$work/probe.err")" ;;
      *) reason=$watch_reason ;;
    esac
    kvm_failure+="${kvm_failure:+; }-cpu $model: $reason"
  done
  return 1
}
# The verdict holds for this boot of this machine, this QEMU, this kernel and these models: it is kept under a
# key of all of them, so only the first guest of a boot pays for probing.
probe_key() {
  { cat /proc/sys/kernel/random/boot_id 2>/dev/null; readlink -f "$qemu_bin"; stat -L -c '%s %Y' "$qemu_bin"
    stat -L -c '%t:%T %Z' "$kvm_device" 2>/dev/null; echo "$kernel_image ${kvm_cpu_models[*]} $cpus"
  } | sha1sum | cut -c1-16
}
choose_kvm_cpu() {
  local cache_file
  cache_file=$cache_root/kvm-probe/$(probe_key)
  if [ -s "$cache_file" ]; then
    kvm_cpu=$(sed -n 1p "$cache_file") kvm_failure=$(sed -n 2p "$cache_file")
    kvm_failure=${kvm_failure:+$kvm_failure (probed earlier this boot; $cache_file)}
  else
    note "probing KVM: a boot to /init under -accel kvm, -cpu ${kvm_cpu_models[*]} (in turn)"
    probe_kvm || true
    mkdir -p "${cache_file%/*}" && printf '%s\n%s\n' "$kvm_cpu" "$kvm_failure" >"$cache_file.$$" \
      && mv "$cache_file.$$" "$cache_file" || true
  fi
  [ -n "$kvm_cpu" ]
}
kvm_usable() { [ -c "$kvm_device" ] && [ -r "$kvm_device" ] && [ -w "$kvm_device" ]; }
case $accel in
  kvm)
    kvm_usable || die "--accel kvm: $kvm_device is missing or not readable and writable by $(id -un)"
    choose_kvm_cpu || die "--accel kvm: KVM cannot boot this guest here: $kvm_failure (details: $out_dir/kvm-probe.log)"
    cpu_model=$kvm_cpu ;;
  tcg) cpu_model=${cpu_model:-max} ;;
  "")
    if ! kvm_usable; then
      note "no usable $kvm_device: the guest runs under TCG (software emulation: slower, and its figures include emulating the CPU)"
      accel=tcg cpu_model=${cpu_model:-max}
    elif choose_kvm_cpu; then
      accel=kvm cpu_model=$kvm_cpu
    else
      note "KVM cannot boot this guest here, so it runs under TCG (software emulation: slower, and its figures include emulating the CPU). QEMU under KVM: $kvm_failure"
      accel=tcg cpu_model=max
    fi ;;
esac

# ---- the rest of the initramfs: bench++, its arguments (tagged with how the guest runs), job files ----
objcopy --strip-debug "$bench" "$work/initramfs/bin/bench++"  # the guest needs no debug info in its RAM
cp "$kernel_dir"/modules/* "$work/initramfs/modules/"
guest_args=()
for arg in "${bench_args[@]}"; do
  if [ "${bench_args[0]:-}" = job ] && [ -f "$arg" ]; then  # a job file: into the initramfs, named there
    cp "$arg" "$work/initramfs/jobs/$(basename "$arg")"
    arg=/jobs/$(basename "$arg")
  fi
  guest_args+=("$arg")
done
guest_args+=(--tag "accel=$accel" --tag "cpu=$cpu_model" --tag "drive=$drive_opts")
printf '%s\n' "${guest_args[@]}" >"$work/initramfs/args"
# Names for -u/-g: the static glibc reads these files without NSS libraries.
printf 'root:x:0:0:root:/:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/false\n' >"$work/initramfs/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$work/initramfs/etc/group"
pack_initramfs "$work/initramfs.gz"

# ---- the disk ----
truncate -s "${disk_mib}M" "$work/disk.img"
mkfs.ext4 -q -F -L bench-guest -N "$inodes" -E lazy_itable_init=0,lazy_journal_init=0 "$work/disk.img" \
  || die "mkfs.ext4 failed on the disk image"

# ---- boot, watched ----
rm -f "$out_dir"/{result.csv,result.json,console.log,qemu.err,status}
qemu_args=(-accel "$accel" -cpu "$cpu_model" "${machine_args[@]}" -initrd "$work/initramfs.gz"
           -append "console=ttyS0 quiet panic=-1"
           -drive "file=$work/disk.img,format=raw,if=virtio,$drive_opts")
note "booting $(cat "$kernel_dir/kernel-release") under QEMU/$accel (-cpu $cpu_model): $memory_mib MiB, $cpus vCPU(s), ${disk_mib} MiB ext4 disk on virtio-blk with $drive_opts"
# shell_words WORD...: the words as a command line to paste into a shell (quoted only where they need it).
shell_words() {
  local word line=""
  for word in "$@"; do
    if [[ $word =~ ^[A-Za-z0-9_./=:,+@%-]+$ ]]; then line+="$word "; else line+="'${word//\'/\'\\\'\'}' "; fi
  done
  echo "${line% }"
}
shell_words "$qemu_bin" "${qemu_args[@]}" >"$out_dir/qemu-command"  # (qemu_launch adds the two -serial files)
start=$(date +%s)
booted=1
qemu_launch "$work/console.raw" "$work/qemu.err" "$work/heartbeat" "${qemu_args[@]}"
qemu_watch "$work/console.raw" "$work/qemu.err" "$work/heartbeat" 1 0 "$stall_s" "$timeout_s"
note "the guest ran for $(($(date +%s) - start)) s"
exit_if_stopped
case $watch_outcome in
  exited) [ "$qemu_status" -eq 0 ] || die "qemu-system-x86_64 failed (status $qemu_status): $(qemu_error_summary "$work/qemu.err")" ;;
  *) die "$watch_reason; see $out_dir/console.log and $out_dir/qemu.err" ;;
esac
console=$(tr -d '\r' <"$work/console.raw")
grep -q "^$kMarker init started" <<<"$console" || die "the guest kernel did not reach /init; see $out_dir/console.log"
guest_error=$(grep "^$kMarker error:" <<<"$console" | head -1 || true)
[ -z "$guest_error" ] || die "in the guest: ${guest_error#"$kMarker error: "}"

# ---- results, read from the ext4 image with debugfs ----
(cd "$work" && debugfs -R "dump /out/status status" disk.img >/dev/null 2>&1 \
  && debugfs -R "dump /out/result.csv result.csv" disk.img >/dev/null 2>&1 \
  && debugfs -R "dump /out/result.json result.json" disk.img >/dev/null 2>&1) || true
[ -s "$work/status" ] || die "the guest wrote no exit status; see $out_dir/console.log"
bench_status=$(tr -dc '0-9' <"$work/status")
for file in result.csv result.json; do [ -f "$work/$file" ] && cp "$work/$file" "$out_dir/$file"; done
[ "$bench_status" = 0 ] || die "bench++ failed in the guest with exit status $bench_status; see $out_dir/console.log"
[ -s "$out_dir/result.csv" ] || die "bench++ succeeded but the guest has no result.csv"
[ -s "$out_dir/result.json" ] || die "bench++ succeeded but the guest has no result.json"
note "results in $out_dir: result.csv, result.json, console.log, qemu.err"
