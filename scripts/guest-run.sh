#!/usr/bin/env bash
# Runs bench++ inside a freshly booted Linux guest under QEMU and brings its results back to the host.
#
# The guest is made only of Debian packages: the kernel and its modules come out of the linux-image package
# (apt-get download + dpkg-deb -x, cached), the initramfs holds busybox-static, the static bench++
# (scripts/build-static.sh), the modules for the disk's device and ext4, and the init of scripts/lib/guest-init.sh.
# bench++ runs on an ext4 filesystem that this script makes with mkfs.ext4 on a disk image of the variant's
# format (--variant: the device model, image format and preallocation, IOThread, queues and -drive options;
# scripts/lib/guest-disk.sh); the guest writes its CSV, JSON and exit status on that filesystem, and the host
# reads them with debugfs (no mount, no root needed; a qcow2 image through qemu-img convert).
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
# With --session DIR the guest stays booted and runs bench++ once per request written to DIR (the protocol of
# scripts/lib/guest-session.sh: request-1, request-2, ... holding "run N" or "quit"; guest-run.sh answers with
# DIR/ready and DIR/round-N.status), each run tagged round=N; after "quit" each round's results go to
# --out DIR/round-N/. scripts/host-vs-guest.sh keeps its guests booted so through its interleaved rounds.
#
# With --host-view on (the default) the host records what it saw of each window of the guest's run (each
# bonnie++ test, each group of workloads up to a stonewall): QEMU's statistics of the benchmark drive over QMP
# (requests, bytes, time in its block layer per direction, latency histograms), the host's block device under the
# disk image (/sys/block), QEMU's CPU time by thread, and the guest's own CPU time. The guest's bench++ waits at
# each window's edge (--window-command, scripts/lib/guest-window.sh) while the host's bench++ takes its snapshot
# (`bench++ host-view`, scripts/lib/guest-host-view.sh); the windows go into result.json as "host_view" (bench++
# compare reads it), the snapshots to host-view.jsonl beside it. A QMP socket that cannot be reached, or a
# snapshot that fails, is a warning: the run's results stay, without a host view.
#
# Usage: scripts/guest-run.sh [script options] [--] [bench++ options]
# Script options (anywhere before a "--"):
#   --out DIR            where result.csv, result.json, console.log and qemu.err go (default ./guest-results)
#   --bench FILE         the static bench++ (default $BENCH_STATIC_BINARY, else build/static/bench++, built
#                        or brought up to date by scripts/build-static.sh first)
#   --memory MIB         guest RAM (default 512, or sized for a job's or suite's jobs), which bench++'s
#                        default -s follows
#   --cpus N             guest vCPUs (default 2, or sized for a job's or suite's jobs; at most the host's)
#   --disk-size SIZE     disk image size, e.g. 2G (default: what bench++'s own plan of the run needs, plus margin)
#   --variant SPEC       the guest's disk, comma-separated KEY=VALUE (default cache=none,aio=threads):
#                        dev=virtio-blk|virtio-scsi|nvme, format=raw|qcow2, preallocation=off|metadata|falloc|full,
#                        iothread=on|off, queues=N, and any QEMU -drive option (cache=, aio=, discard=, ...),
#                        e.g. 'dev=virtio-scsi,format=qcow2,cache=none,aio=io_uring,iothread=on'; checked by
#                        qemu-img and QEMU before anything boots. cache=none (O_DIRECT) on a filesystem without
#                        O_DIRECT becomes cache=writeback (and aio=native aio=threads), with a note.
#                        (--drive-opts OPTS is the older name.)
#   --accel kvm|tcg      the accelerator (default: $BENCH_GUEST_ACCEL, else the probe above); kvm fails at
#                        once, with QEMU's error, when no CPU model boots
#   --cpu-model MODEL    QEMU -cpu model (default: the probe's under KVM, max under TCG)
#   --timeout SECONDS    give up when the boot, or one run of bench++, takes longer (default 1800)
#   --stall-timeout SECONDS  give up when the guest shows no sign of life for this long (default 60)
#   --session DIR        keep the guest booted and take requests in DIR (above)
#   --name NAME          say NAME in this script's messages (scripts/host-vs-guest.sh names each guest so)
#   --check-only         check the options and the variant (qemu-img's and QEMU's own checks), say how the guest
#                        would be sized, then exit without booting
#   --keep-work          keep the work directory (disk image, initramfs) and print its path
#   --refresh-kernel     ask apt for the current linux-image-amd64 kernel instead of reusing the cached one
#   --host-view on|off   record the host's view of each window (above; default on). The host's bench++ takes it:
#                        $BENCH_BINARY, else build/bench++, else the static --bench
# bench++ options are passed on unchanged, except -d, --csv and --json, which this script sets. They may start
# with bench++'s job or suite command (`-- suite tart --scale small`, `-- job FILE.fio`: the job files go into the
# guest). bench++'s own plan of the run (--dry-run --json -) sizes the disk, and its most jobs at once the guest: vCPUs as
# many as the jobs (at least 2, at most the host's) and 512 MiB plus 16 MiB a job, unless --cpus or --memory say
# otherwise. The guest's run is tagged (--tag) with how it ran: accel= and cpu= (the accelerator and CPU model),
# vm= (its vCPUs and memory, and why), and the disk's dev=, format=, preallocation=, iothread=, queues= and
# drive= (its -drive options); bench++ itself records its vCPUs, memory, kernel and virtual disk (vda and
# virtio_blk, sda and sd, nvme0n1 and nvme).
# The kernel cache is $BENCH_GUEST_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/bench++-guest). For tests,
# BENCH_GUEST_KVM_DEVICE names the KVM device to look for (default /dev/kvm).
# Exit status: 0 when bench++ succeeded in the guest (every round of a session) and its results were copied; 1 on
# any failure; 2 for bad usage (a variant qemu-img or QEMU refuses included); 128 + N after signal N.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH=$PATH:/usr/sbin:/sbin  # mkfs.ext4 and debugfs, for users whose PATH lacks them
# shellcheck source=lib/signals.sh
. "$root/scripts/lib/signals.sh"
# shellcheck source=lib/qemu-watch.sh
. "$root/scripts/lib/qemu-watch.sh"
# shellcheck source=lib/guest-disk.sh
. "$root/scripts/lib/guest-disk.sh"
# shellcheck source=lib/guest-session.sh
. "$root/scripts/lib/guest-session.sh"
# shellcheck source=lib/guest-host-view.sh
. "$root/scripts/lib/guest-host-view.sh"
kMarker="bench++-guest:"

name=""
die() { echo "guest-run: ${name:+$name: }error: $*" >&2; exit 1; }
usage_error() { echo "guest-run: ${name:+$name: }$*" >&2; echo "usage: scripts/guest-run.sh [script options] [--] [bench++ options] (see the header of $0)" >&2; exit 2; }
note() { echo "guest-run: ${name:+$name: }$*" >&2; }
work="" staging="" out_dir=""  # the work directory is removed on exit (kept with --keep-work)
booted=0  # the real boot started: its console.log and qemu.err go to --out
cleanup() {
  qemu_stop
  host_view_cleanup
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
out_dir=./guest-results bench=${BENCH_STATIC_BINARY:-} memory_mib="" cpus="" disk_size="" timeout_s=1800
stall_s=60 accel="" cpu_model="" variant="cache=none,aio=threads" check_only=0 keep_work=0 refresh_kernel=0
session_dir="" host_view=on
bench_args=()
while [ $# -gt 0 ]; do
  case $1 in
    --out|--bench|--memory|--cpus|--disk-size|--timeout|--stall-timeout|--accel|--cpu-model|--drive-opts|--variant|--session|--name|--host-view)
      [ $# -ge 2 ] || usage_error "option $1 needs a value"
      case $1 in
        --out) out_dir=$2 ;; --bench) bench=$2 ;; --memory) memory_mib=$2 ;; --cpus) cpus=$2 ;;
        --disk-size) disk_size=$2 ;; --timeout) timeout_s=$2 ;; --stall-timeout) stall_s=$2 ;;
        --accel) accel=$2 ;; --cpu-model) cpu_model=$2 ;; --drive-opts|--variant) variant=$2 ;;
        --session) session_dir=$2 ;; --name) name=$2 ;; --host-view) host_view=$2 ;;
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
if [ -n "$memory_mib" ] && { ! [[ $memory_mib =~ ^[0-9]{1,7}$ ]] || [ "$memory_mib" -lt 128 ]; }; then
  usage_error "--memory wants MiB, at least 128"
fi
[ -z "$cpus" ] || [[ $cpus =~ ^[1-9][0-9]{0,3}$ ]] || usage_error "--cpus wants a positive number"
[[ $timeout_s =~ ^[1-9][0-9]*$ ]] || usage_error "--timeout wants seconds"
[[ $stall_s =~ ^[1-9][0-9]*$ ]] || usage_error "--stall-timeout wants seconds"
[ -n "$accel" ] || accel=${BENCH_GUEST_ACCEL:-}
case $accel in ""|kvm|tcg) ;; *) usage_error "--accel (or BENCH_GUEST_ACCEL) wants kvm or tcg, not '$accel'" ;; esac
[[ $cpu_model =~ ^[A-Za-z0-9_.,=+-]*$ ]] || usage_error "--cpu-model '$cpu_model' is not a QEMU CPU model"
[[ $name =~ ^[A-Za-z0-9_.,=+:@%/-]*$ ]] || usage_error "--name '$name' holds a character it may not"
case $host_view in on|off) ;; *) usage_error "--host-view wants on or off, not '$host_view'" ;; esac
if [ -n "$session_dir" ]; then
  [ -d "$session_dir" ] || usage_error "--session: no directory '$session_dir'"
  session_dir=$(cd "$session_dir" && pwd)
fi
# (-d, --csv and --json are this script's: bench++'s own plan below refuses them given twice.)
for arg in "${bench_args[@]}"; do
  case $arg in *$'\n'*) usage_error "a bench++ argument contains a newline" ;; esac
done
parse_disk_variant "$variant"  # disk_dev, disk_format, disk_prealloc, disk_iothread, disk_queues, drive_opts

# ---- tools ----
"$root/scripts/install-deps.sh" guest
for tool in qemu-system-x86_64 qemu-img busybox mkfs.ext4 debugfs dpkg-deb apt-get apt-cache objcopy readelf xz setsid; do
  command -v "$tool" >/dev/null || die "'$tool' is not installed (scripts/install-deps.sh guest should have installed it)"
done
busybox_bin=$(command -v busybox)
ldd "$busybox_bin" >/dev/null 2>&1 && die "$busybox_bin is not static: install busybox-static"
qemu_bin=$(command -v qemu-system-x86_64)
mkdir -p "$out_dir"
out_dir=$(cd "$out_dir" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/bench++-guest.XXXXXX")

# ---- the disk, checked by qemu-img and QEMU before anything boots ----
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
truncate -s 1M "$work/direct.img"
if drive_wants_direct "$drive_opts" && ! dd if="$work/direct.img" of=/dev/null bs=4096 count=1 iflag=direct 2>/dev/null; then
  fallback=$(without_direct "$drive_opts")
  note "the work directory's filesystem ($(stat -f -c %T "$work")) does not support O_DIRECT, which '$drive_opts' needs: the guest's disk uses '$fallback' instead (set TMPDIR to a directory on another filesystem to keep them)"
  drive_opts=$fallback
fi
rm -f "$work/direct.img"
check_disk_variant "$work"

if [ -z "$bench" ]; then  # build (or bring up to date) the static bench++ in build/static/
  note "bringing the static bench++ up to date (scripts/build-static.sh)"
  bench=$("$root/scripts/build-static.sh") || die "building the static bench++ failed (scripts/build-static.sh)"
fi
[ -x "$bench" ] || die "no executable bench++ at '$bench'"
ldd "$bench" >/dev/null 2>&1 && die "'$bench' is dynamically linked: use scripts/build-static.sh"
# The host's bench++ for the host view: the ordinary build's (the static one runs on the host too).
host_bench=${BENCH_BINARY:-}
[ -n "$host_bench" ] || { host_bench=${BENCH_BUILD_DIR:-$root/build}/bench++; [ -x "$host_bench" ] || host_bench=$bench; }
if [ "$host_view" = on ] && ! "$host_bench" host-view --help >/dev/null 2>&1; then
  note "warning: '$host_bench' has no host-view command: no host view (--host-view off)"
  host_view=off
fi

# ---- sizes: the disk must hold what bench++ writes, the guest must run its jobs ----
mib=$((1 << 20))
# to_bytes TEXT UNIT_BYTES: "<digits>[kmgt]" (K = 1024), for --disk-size; fails on anything else.
to_bytes() {
  local text=${1,,} unit=$2
  [[ $text =~ ^([0-9]+)([kmgt]?)$ ]] || return 1
  case ${BASH_REMATCH[2]} in k) unit=1024 ;; m) unit=$((1 << 20)) ;; g) unit=$((1 << 30)) ;; t) unit=$((1 << 40)) ;; esac
  echo $((10#${BASH_REMATCH[1]} * unit))
}
# plan_from_bench_options: what bench++ will write and run, as bench++ itself plans it: sets plan_disk_bytes (the
# disk's size with its margin), plan_inodes, plan_jobs (the most jobs that run at once: a group's workloads' jobs,
# or -c for bonnie-style tests) and workload (1 when the run has workloads). `bench++ ... --dry-run --json -` makes
# the plan with the very checks of the run (the options included, refused in bench++'s own words), in an empty
# directory of the work directory's filesystem (mode 1777, as the guest's, for -u USER). bench++'s default -s
# follows the RAM it sees, and the host has at least the guest's: the host's plan is an upper bound of the guest's,
# and the image is sparse, so what the guest does not use costs nothing. The margin: ext4's metadata and journal.
plan_from_bench_options() {
  local plan_json plan_words
  mkdir -m 1777 "$work/plan"
  # -d, --csv and --json as the guest's run gets them, so that bench++ refuses them given twice.
  plan_json=$("$bench" "${bench_args[@]}" -d "$work/plan" --csv /dev/null --dry-run --json - 2>"$work/plan.err") ||
    usage_error "bench++ refuses its options (this script sets -d, --csv and --json): $(sed 's/^bench++: //' "$work/plan.err" | tail -1)"
  rmdir "$work/plan"
  read -r -a plan_words < <(python3 -c '
import json, sys
plan = json.load(sys.stdin)
groups = plan["groups"]
jobs = max((sum(test["jobs"] for test in group) for group in groups), default=1)
workload = any(test["kind"] == "workload" for group in groups for test in group)
print(plan["bytes_needed"], plan["inodes_needed"], jobs, int(workload))' <<<"$plan_json") ||
    die "bench++ --dry-run --json gave no plan"
  plan_disk_bytes=$((plan_words[0] * 5 / 4 + 128 * mib))
  plan_inodes=$((plan_words[1] + 4096))
  plan_jobs=${plan_words[2]}
  workload=${plan_words[3]}
}
# The guest's vCPUs and memory: as given, else sized for a job's or suite's jobs (bonnie-style runs keep 2 vCPUs
# and 512 MiB: their default file size follows the guest's memory). vm_fact says which, for the results.
kJobMemoryMib=16
host_cpus=$(nproc)
plan_from_bench_options
jobs_text="for $plan_jobs job$([ "$plan_jobs" = 1 ] || echo s) at once"
cpus_from=--cpus memory_from=--memory
if [ -z "$cpus" ]; then
  if [ "$workload" = 1 ]; then cpus=$((plan_jobs > 2 ? plan_jobs : 2)) cpus_from=$jobs_text; else cpus=2 cpus_from=default; fi
fi
if [ -z "$memory_mib" ]; then
  if [ "$workload" = 1 ]; then memory_mib=$((512 + kJobMemoryMib * plan_jobs)) memory_from=$jobs_text
  else memory_mib=512 memory_from=default; fi
fi
if [ "$cpus" -gt "$host_cpus" ]; then cpus=$host_cpus; cpus_from+=", at most the host's $host_cpus"; fi
vm_fact="$cpus vCPUs ($cpus_from), $memory_mib MiB ($memory_from)"
disk_auto=$plan_disk_bytes inodes=$plan_inodes
if [ -n "$disk_size" ]; then
  disk_auto=$(to_bytes "$disk_size" "$mib") || usage_error "--disk-size wants SIZE[kmgt] (MiB without a suffix)"
fi
disk_mib=$(((disk_auto + mib - 1) / mib))
if [ "$check_only" = 1 ]; then
  note "the options and the variant '$(variant_text)' are fine; the guest would have $vm_fact and a ${disk_mib} MiB $disk_format disk on $disk_dev (--check-only: not booting)"
  exit 0
fi

# ---- the kernel, from Debian's linux-image package, cached ----
cache_root=${BENCH_GUEST_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/bench++-guest}
# shellcheck source=lib/guest-kernel.sh
. "$root/scripts/lib/guest-kernel.sh"  # resolve_kernel_package, prepare_kernel, kernel_dir_name, kernel_dir_ready
# The newest kernel already prepared with these modules, unless --refresh-kernel asks apt again (apt-cache can
# take seconds).
kernel_dir=""
if [ "$refresh_kernel" = 0 ] && [ -d "$cache_root" ]; then
  kernel_dir=$(find "$cache_root" -mindepth 2 -maxdepth 2 -name kernel-release -printf '%T@ %h\n' | sort -n \
    | cut -d' ' -f2- | while read -r dir; do ! kernel_dir_ready "$dir" || echo "$dir"; done | tail -1)
fi
if [ -z "$kernel_dir" ]; then
  resolve_kernel_package
  kernel_dir=$cache_root/$(kernel_dir_name)
  kernel_dir_ready "$kernel_dir" || prepare_kernel
fi

# ---- the initramfs: busybox and init (enough for the probe), then bench++ and its arguments ----
mkdir -p "$work/initramfs"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,mnt,tmp,etc,modules,jobs}
cp "$busybox_bin" "$work/initramfs/bin/busybox"
install -m 0755 "$root/scripts/lib/guest-init.sh" "$work/initramfs/init"
[ "$host_view" = off ] || install -m 0755 "$root/scripts/lib/guest-window.sh" "$work/initramfs/bin/bench-window"
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
disk_guest_device >"$work/initramfs/disk"
guest_args=()
for arg in "${bench_args[@]}"; do
  if [ "${bench_args[0]:-}" = job ] && [ -f "$arg" ]; then  # a job file: into the initramfs, named there
    cp "$arg" "$work/initramfs/jobs/$(basename "$arg")"
    arg=/jobs/$(basename "$arg")
  fi
  guest_args+=("$arg")
done
mapfile -t disk_tags < <(disk_facts)
guest_args+=(--tag "accel=$accel" --tag "cpu=$cpu_model" --tag "vm=$vm_fact" "${disk_tags[@]}")
[ "$host_view" = off ] || guest_args+=(--window-command /bin/bench-window)
printf '%s\n' "${guest_args[@]}" >"$work/initramfs/args"
# Names for -u/-g: the static glibc reads these files without NSS libraries.
printf 'root:x:0:0:root:/:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/false\n' >"$work/initramfs/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$work/initramfs/etc/group"
pack_initramfs "$work/initramfs.gz"

# ---- the disk ----
disk_image=$work/disk.$disk_format
make_disk_image "$work/disk.staging" "$disk_mib" "$inodes" "$disk_image"
disk_qemu_args "$disk_image"

# ---- the session: requests to the guest's third serial port (a pipe), answers in the session directory ----
if [ -z "$session_dir" ]; then  # one run: this script is the session's only client
  session_dir=$work/session
  mkdir "$session_dir"
  session_request "run 0"
  session_request quit
  echo_console=1 session_owner=""
else
  echo_console=0 session_owner=$PPID  # (the caller of a session, e.g. host-vs-guest.sh)
fi
mkfifo "$work/requests.in" "$work/requests.out"  # QEMU's -serial pipe: reads .in, writes .out
exec {request_fd}<>"$work/requests.in"  # read-write: opening never blocks, writing never waits for QEMU

# ---- boot, watched ----
rm -rf "$out_dir"/{result.csv,result.json,host-view.jsonl,console.log,qemu.err,status} "$out_dir"/round-[0-9]*
host_view_qemu_args
qemu_args=(-accel "$accel" -cpu "$cpu_model" "${machine_args[@]}" -initrd "$work/initramfs.gz"
           -append "console=ttyS0 quiet panic=-1" "${disk_args[@]}" "${host_view_args[@]}")
note "booting $(cat "$kernel_dir/kernel-release") under QEMU/$accel (-cpu $cpu_model): $memory_mib MiB, $cpus vCPU(s), ${disk_mib} MiB ext4 disk, $(variant_text)"
# shell_words WORD...: the words as a command line to paste into a shell (quoted only where they need it).
shell_words() {
  local word line=""
  for word in "$@"; do
    if [[ $word =~ ^[A-Za-z0-9_./=:,+@%-]+$ ]]; then line+="$word "; else line+="'${word//\'/\'\\\'\'}' "; fi
  done
  echo "${line% }"
}
# (qemu_launch adds the -serial ports: the console's and the heartbeat's files, the requests' pipe)
shell_words "$qemu_bin" "${qemu_args[@]}" >"$out_dir/qemu-command"
start=$(date +%s)
booted=1
qemu_launch "$work/console.raw" "$work/qemu.err" "$work/heartbeat" --requests "$work/requests" "${qemu_args[@]}"
watch_hook=session_watch_hook
qemu_watch "$work/console.raw" "$work/qemu.err" "$work/heartbeat" "$echo_console" 0 "$stall_s" "$timeout_s"
watch_hook=""
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
[ ${#session_rounds[@]} -gt 0 ] || die "the guest ran no round of bench++; see $out_dir/console.log"

# ---- results, read from the ext4 image with debugfs ----
raw_image=$(disk_as_raw "$disk_image" "$work/results.raw")
failed=""
for round in "${session_rounds[@]}"; do
  from=/out/$round
  if [ "$round" = 0 ]; then to=$out_dir; else to=$out_dir/round-$round; fi
  round_text=""
  [ "$round" = 0 ] || round_text=" in round $round"
  mkdir -p "$work/out/$round" "$to"
  for file in status result.csv result.json; do
    debugfs -R "dump $from/$file $work/out/$round/$file" "$raw_image" >/dev/null 2>&1 || true
  done
  [ -s "$work/out/$round/status" ] || die "the guest wrote no exit status$round_text; see $out_dir/console.log"
  bench_status=$(tr -dc '0-9' <"$work/out/$round/status")
  for file in result.csv result.json; do [ ! -f "$work/out/$round/$file" ] || cp "$work/out/$round/$file" "$to/$file"; done
  if [ "$bench_status" != 0 ]; then failed+="${failed:+, }$bench_status$round_text"; continue; fi
  [ -s "$to/result.csv" ] || die "bench++ succeeded but the guest has no result.csv$round_text"
  [ -s "$to/result.json" ] || die "bench++ succeeded but the guest has no result.json$round_text"
  host_view_attach "$round" "$to"
done
if [ -n "$failed" ]; then
  die "bench++ failed in the guest with exit status $failed; see $out_dir/console.log"
fi
host_view_text=""
[ "$host_view_state" = off ] || host_view_text=", host-view.jsonl"
if [ "${session_rounds[*]}" = 0 ]; then
  note "results in $out_dir: result.csv, result.json$host_view_text, console.log, qemu.err"
else
  note "results in $out_dir: round-N/ (result.csv, result.json$host_view_text) for rounds ${session_rounds[*]}, console.log, qemu.err"
fi
