#!/bin/busybox sh
# The guest's /init (scripts/guest-run.sh copies it into the initramfs): busybox's shell as PID 1.
#
# It mounts the ext4 disk that guest-run.sh made (its device in /disk: /dev/vda, /dev/sda or /dev/nvme0n1), says
# "bench++-guest: ready" on the console, and then takes requests, one a line, on the third serial port
# (/dev/ttyS2, fed by guest-run.sh):
#   run N   runs bench++ with the arguments in /args (tagged round=N unless N is 0); its CSV, JSON and exit status
#           go to /out/N/ on the disk, and the console says "bench++-guest: bench++ exit status S in round N"
#   quit    unmounts the disk and powers off
# While bench++ runs, the port is /bin/bench-window's (scripts/lib/guest-window.sh, its --window-command with
# --host-view on): the host answers each of its window lines there with "window-ack".
# A heartbeat (the guest's uptime every 5 s on /dev/ttyS1) shows the host that the guest lives while it is
# silent. With bench_probe=1 on the kernel command line it powers off right after its first line (the
# accelerator probe). On any failure it says "bench++-guest: error: ..." and powers off.
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
disk=$(cat /disk)
tries=0
while [ ! -b "$disk" ]; do
  tries=$((tries + 1)); [ $tries -le 300 ] || fail "no disk $disk"; sleep 0.1
done
mount -t ext4 "$disk" /mnt || fail "cannot mount the ext4 disk $disk"
mkdir -p /mnt/test /mnt/out && chmod 1777 /mnt/test /mnt/out  # writable after -u USER
set --
while IFS= read -r arg; do set -- "$@" "$arg"; done </args
# bench++ job and bench++ suite NAME take their command first, then -d.
command=""
case ${1:-} in
  job) command=job; shift ;;
  suite) command="suite $2"; shift 2 ;;
esac
# The requests' port: raw (no line editing, no echo back to the host).
exec 3<>/dev/ttyS2 || fail "no request port /dev/ttyS2"
stty raw -echo <&3 || fail "cannot set up /dev/ttyS2"
# /bin/bench-window (scripts/lib/guest-window.sh, with --host-view on) talks to the host on the console and the
# request port, also when bench++ runs it as the user of -u.
[ ! -x /bin/bench-window ] || chmod 0666 /dev/console /dev/ttyS2
say "ready"
while read -r request round <&3; do
  case $request in
    run)
      case $round in ""|*[!0-9]*) say "warning: ignored request 'run $round'"; continue ;; esac
      tags=""
      [ "$round" = 0 ] || tags="--tag round=$round"
      out=/mnt/out/$round
      mkdir -p "$out"
      say "running: bench++ $command -d /mnt/test $* $tags --csv $out/result.csv --json $out/result.json"
      { bench++ $command -d /mnt/test "$@" $tags --csv "$out/result.csv" --json "$out/result.json" </dev/null
        echo $? >/tmp/status; } 2>&1 | cat
      status=$(cat /tmp/status)
      echo "$status" >"$out/status"
      sync
      say "bench++ exit status $status in round $round" ;;
    quit) break ;;
    *) say "warning: ignored request '$request'" ;;
  esac
done
sync
umount /mnt || say "warning: cannot unmount /mnt"
say "powering off"
poweroff -f
