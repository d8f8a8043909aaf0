#!/bin/sh
# The guest's /bin/bench-window (scripts/guest-run.sh copies it into the initramfs with --host-view on): the
# guest's bench++ runs it as its --window-command at each edge of a window (one group of its plan), with
# BENCH_WINDOW_JSON set ({"edge":"start","run":0,"group":1,"tests":["randread"]}), and waits for it.
#
# It says on the console
#   bench++-guest: window JSON cpu  USER NICE SYSTEM IDLE ...
# (after the JSON, the guest's /proc/stat "cpu" line as it is: all its CPUs' time so far), which the host's
# session watch hook (scripts/lib/guest-session.sh) answers, once it has taken its own snapshot, with one line
# "window-ack" on the request port (/dev/ttyS2). Without that answer within 60 s (busybox sh's read -t) it exits
# 1, which fails bench++'s run with bench++'s own error: a window the host did not see is not recorded as seen.
kAckTimeoutS=60
read -r cpu_line </proc/stat || { echo "bench-window: cannot read /proc/stat" >&2; exit 1; }
echo "bench++-guest: window $BENCH_WINDOW_JSON $cpu_line" >/dev/console
answer=""
read -r -t "$kAckTimeoutS" answer </dev/ttyS2 || true
[ "$answer" = window-ack ] && exit 0
echo "bench-window: no window-ack from the host within $kAckTimeoutS s (got '$answer')" >&2
exit 1
