# Sourced by scripts/guest-run.sh: the host's view of the guest's benchmark (--host-view on), window by window.
#
# QEMU runs with a QMP socket in the work directory (host_view_qemu_args) and writes its pid to a file. The guest's
# bench++ runs /bin/bench-window (scripts/lib/guest-window.sh) at each edge of each window (one group of its plan),
# which says "bench++-guest: window JSON cpu ..." on the console and waits for "window-ack" on the request port.
# The session's watch hook (scripts/lib/guest-session.sh) calls host_view_setup once the guest is ready and
# host_view_window for each such line, then answers. All the measuring is the host's bench++ (`bench++ host-view`:
# setup, snapshot, attach); this file only runs it, one bounded command at a time:
#   setup      once, when the guest is ready: QMP's capabilities, the benchmark drive, its latency histograms
#   snapshot   at each window's edge: one JSON line appended to $work/windows-ROUND.jsonl
#   attach     once the guest's result.json of ROUND is out: "host_view" put into it; the snapshots go to
#              host-view.jsonl beside it
# The host view is a measurement beside the run, never a condition of it: a QMP socket that cannot be reached, a
# snapshot or an attach that fails, each gives one warning, and the run's own results stay as they are (without
# a host view in that round, or at all).
# Requires: $kDiskId (scripts/lib/guest-disk.sh), note, run_child (scripts/lib/signals.sh); work, host_view
# (on|off), host_bench (the host's bench++), disk_image set by the caller.

kHostViewTimeoutS=30  # one host-view command's limit: a QEMU that stopped answering QMP cannot hang the run
host_view_state=off   # on once setup succeeded; broken_rounds holds the rounds whose snapshots failed
host_view_drive="" host_view_qmp="" host_view_pid=""
declare -A host_view_broken_rounds=() host_view_warned=()

# host_view_qemu_args: sets host_view_args to QEMU's QMP socket, its pid file, and its threads named by what they
# do ("CPU 0/KVM", "IO bench-io", "worker": debug-threads) for the CPU by thread kind (none with --host-view off).
# A UNIX socket's path has at most 107 bytes: a longer work directory's socket goes in a directory of its own
# under /tmp (host_view_socket_dir, removed by host_view_cleanup).
host_view_socket_dir=""
host_view_qemu_args() {
  host_view_args=()
  [ "$host_view" = on ] || return 0
  host_view_qmp=$work/qmp.sock
  if [ ${#host_view_qmp} -gt 100 ]; then
    host_view_socket_dir=$(mktemp -d /tmp/bench++-qmp.XXXXXX)
    host_view_qmp=$host_view_socket_dir/qmp.sock
  fi
  host_view_args=(-qmp "unix:$host_view_qmp,server=on,wait=off" -pidfile "$work/qemu.pid"
                  -name bench-guest,debug-threads=on)
}
host_view_cleanup() { [ -z "$host_view_socket_dir" ] || rm -rf "$host_view_socket_dir"; }

# host_view_command SUBCOMMAND ARGS...: `bench++ host-view` on the host, bounded in time, stop signals passed on.
host_view_command() { run_child timeout -k 5 "$kHostViewTimeoutS" "$host_bench" host-view "$@"; }

# host_view_said: the last line the last host-view command wrote on stderr, without bench++'s prefix.
host_view_said() { tail -1 "$work/host-view.err" | sed 's/^bench++: //; s/^warning: //'; }

# host_view_warn_once TEXT: a warning, said once per run whatever the number of windows that give it.
host_view_warn_once() {
  [ -z "${host_view_warned[$1]:-}" ] || return 0
  host_view_warned[$1]=1
  note "warning: host view: $1"
}

# host_view_setup: QMP's capabilities and the drive's histograms (host-view setup); without QMP, a warning and no
# host view in this run.
host_view_setup() {
  local status=0
  [ "$host_view" = on ] && [ "$host_view_state" = off ] || return 0
  host_view_pid=$(cat "$work/qemu.pid" 2>/dev/null) || true
  host_view_command setup --qmp "$host_view_qmp" --drive "$kDiskId" >"$work/host-view.drive" \
    2>"$work/host-view.err" || status=$?
  [ -z "${stop_signal:-}" ] || return 0
  host_view_drive=$(head -1 "$work/host-view.drive")
  local why=""
  if [ "$status" -ne 0 ]; then why=$(host_view_said)
  elif [ -z "$host_view_drive" ]; then why="bench++ host-view setup named no drive"
  elif [ -z "$host_view_pid" ]; then why="QEMU wrote no pid file"
  fi
  if [ -n "$why" ]; then
    note "warning: host view: $why; the results have no host view"
    host_view=off
    return 0
  fi
  host_view_state=on
}

# host_view_window ROUND TEXT: the host's snapshot of the window edge the guest announced with TEXT (its window
# JSON, then its /proc/stat "cpu" line), appended to $work/windows-ROUND.jsonl.
host_view_window() {
  local round=$1 text=$2 status=0 line
  [ "$host_view_state" = on ] && [ -z "${host_view_broken_rounds[$round]:-}" ] || return 0
  if ! [[ $text =~ ^(\{.*\})\ (cpu\ .*)$ ]]; then
    host_view_warn_once "the guest's window line '${text:0:200}' is not JSON and a cpu line; no host view in round $round"
    host_view_broken_rounds[$round]=1
    return 0
  fi
  host_view_command snapshot --qmp "$host_view_qmp" --drive "$host_view_drive" --qemu-pid "$host_view_pid" \
    --image "$disk_image" --guest-stat "${BASH_REMATCH[2]}" --window "${BASH_REMATCH[1]}" \
    >>"$work/windows-$round.jsonl" 2>"$work/host-view.err" || status=$?
  [ -z "${stop_signal:-}" ] || return 0
  if [ "$status" -ne 0 ]; then
    host_view_warn_once "a snapshot failed (exit status $status): $(host_view_said); no host view in round $round"
    host_view_broken_rounds[$round]=1
    return 0
  fi
  while IFS= read -r line; do
    line=${line#bench++: }
    host_view_warn_once "${line#warning: }"
  done <"$work/host-view.err"
}

# host_view_attach ROUND DIR: the round's windows into DIR/result.json (host-view attach) and its snapshots to
# DIR/host-view.jsonl.
host_view_attach() {
  local round=$1 dir=$2 snapshots=$work/windows-$1.jsonl
  [ "$host_view_state" = on ] && [ -s "$snapshots" ] || return 0
  cp "$snapshots" "$dir/host-view.jsonl"
  [ -z "${host_view_broken_rounds[$round]:-}" ] || return 0
  host_view_command attach --snapshots "$snapshots" "$dir/result.json" 2>"$work/host-view.err" ||
    note "warning: host view: $(host_view_said); $dir/result.json has no host view"
}
