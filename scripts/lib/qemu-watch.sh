# Sourced by scripts/guest-run.sh: start QEMU so that it can be stopped whole, and watch a guest so that it
# cannot hang the run.
#
# QEMU runs in a process group of its own (setsid), with the guest's console on one serial port (a file) and a
# heartbeat on a second one: the guest's init writes its uptime there every few seconds, so a guest that is
# busy but silent (a long benchmark phase) is told apart from one that stopped (a VM paused by a KVM internal
# error, a locked-up kernel). The watcher follows both files and QEMU's stderr and ends the guest at once on:
#   - a KVM internal error (QEMU pauses the VM and waits forever),
#   - a kernel panic on the console,
#   - no console output at all within a first-output deadline (used by the accelerator probe),
#   - neither console output nor a heartbeat for a stall deadline,
#   - the overall time limit,
# or returns when QEMU exits by itself (the guest powered off) or the console shows an expected marker.
#
# Requires: $qemu_bin (the qemu-system-x86_64 to run). Globals it sets are named below.

qemu_pgid=""  # the running QEMU's process id, which is also its process group's id; empty when none

# process_running PID: true while PID exists and is not a zombie.
process_running() {
  local stat
  [ -r "/proc/$1/stat" ] || return 1
  read -r stat <"/proc/$1/stat" 2>/dev/null || return 1
  stat=${stat##*) }  # the state follows the parenthesised command name
  [ "${stat%% *}" != Z ]
}

# qemu_launch CONSOLE ERRFILE HEARTBEAT [--requests PIPE] QEMU-ARGS...: starts QEMU in a new process group with
# serial port 0 (the console) written to CONSOLE, serial port 1 (the heartbeat) to HEARTBEAT and, with
# --requests, serial port 2 read from the pipe PIPE.in (QEMU's "pipe:PIPE": PIPE.in and PIPE.out are FIFOs); its
# stderr goes to ERRFILE.
qemu_launch() {
  local console=$1 err=$2 heartbeat=$3 requests=()
  shift 3
  if [ "${1:-}" = --requests ]; then requests=(-serial "pipe:$2"); shift 2; fi
  : >"$console"
  : >"$heartbeat"
  # QEMU runs under a small sh of its own session (setsid: not a process group leader here, so it execs in place
  # and $! is that sh, the group's leader), which exits with QEMU's status. A QEMU killed by a signal (KVM's
  # failures abort it) is reported by that sh to /dev/null, not by this shell as "line N: PID Aborted": a
  # probe's expected failure must not look like a crash. QEMU's own stderr goes to $err.
  setsid sh -c 'trap : TERM; err=$1; shift; ( "$@" ) 2>"$err"' qemu-launch "$err" \
    "$qemu_bin" "$@" -serial "file:$console" -serial "file:$heartbeat" "${requests[@]}" </dev/null >/dev/null 2>/dev/null &
  qemu_pgid=$!
}

# qemu_stop: ends the QEMU of qemu_launch, if any: SIGTERM to its process group, SIGKILL after 3 s.
qemu_stop() {
  local i
  [ -n "$qemu_pgid" ] || return 0
  kill -TERM -- "-$qemu_pgid" 2>/dev/null || true
  for ((i = 0; i < 30; i++)); do process_running "$qemu_pgid" || break; sleep 0.1; done
  kill -KILL -- "-$qemu_pgid" 2>/dev/null || true
  { wait "$qemu_pgid"; } 2>/dev/null || true
  qemu_pgid=""
}

# qemu_error_summary ERRFILE: the one line of QEMU's stderr that says most (an error, a failed assertion, a KVM
# internal error), else its first line; nothing when it is empty.
qemu_error_summary() {
  local line
  line=$(grep -m1 -E 'KVM internal error|[Ee]rror|Assertion|failed' "$1" 2>/dev/null || true)
  [ -n "$line" ] || line=$(grep -m1 -v '^[[:space:]]*$' "$1" 2>/dev/null || true)
  line=${line#*qemu-system-x86_64: }
  line=$(sed -E 's/^-(drive|device|object) [^ ]*: //' <<<"$line")  # QEMU repeats the whole argument first
  echo "${line:0:300}"
}

# now_ms: milliseconds since the epoch, without a fork (EPOCHREALTIME, bash 5; any locale's decimal sign).
now_ms() { local t=${EPOCHREALTIME//[!0-9]/}; echo $((10#$t / 1000)); }

# qemu_watch CONSOLE ERRFILE HEARTBEAT ECHO FIRST_OUTPUT_S STALL_S TIMEOUT_S [MARKER]
# Follows the QEMU started by qemu_launch with those files until it exits or has to be stopped (and then
# stops it). ECHO=1 copies the console to stdout as it grows (carriage returns removed). FIRST_OUTPUT_S > 0:
# the console must show something within that many seconds. STALL_S: the longest time without console
# output or a heartbeat. TIMEOUT_S: the whole guest's limit. MARKER: a console line prefix that ends the
# watch with success (QEMU is then stopped).
# A stop signal noticed by scripts/lib/signals.sh ($stop_signal set) ends the watch too (outcome stopped).
# With watch_hook set to a function's name, that function is called on every turn (about 5 times a second) with
# the console's new text (carriage returns removed; maybe a part of a line) in watch_chunk; it may end the watch
# by setting watch_outcome (and watch_reason), and it may restart the TIMEOUT_S clock by setting
# watch_phase_start (now_ms): a guest that waits for the host's next request is not late.
# Sets watch_outcome to exited | marker | timeout | stall | no-output | kvm-error | panic | stopped (or what
# the hook set),
# watch_reason to one line saying why (empty for exited, marker and stopped), and qemu_status to QEMU's exit
# status (exited only).
qemu_watch() {
  local console=$1 err=$2 heartbeat=$3 echo_console=$4 first_output_s=$5 stall_s=$6 timeout_s=$7 marker=${8:-}
  local start last_progress now shown=0 size beat_size=0 new_beat chunk error_line
  start=$(now_ms)
  last_progress=$start
  watch_phase_start=$start
  watch_outcome="" watch_reason="" qemu_status=""
  while :; do
    if ! process_running "$qemu_pgid"; then
      qemu_status=0
      # (QEMU's death by a signal is its launching sh's to report, to /dev/null: see qemu_launch)
      { wait "$qemu_pgid"; } 2>/dev/null || qemu_status=$?
      qemu_pgid=""
      watch_outcome=exited
    fi
    size=$(stat -c %s "$console" 2>/dev/null || echo 0)
    watch_chunk=""
    if [ "$size" -gt "$shown" ]; then
      chunk=$(tail -c +$((shown + 1)) "$console" | head -c $((size - shown)) | tr -d '\r'; echo .)
      chunk=${chunk%.}  # (the dot keeps the trailing newlines that $(...) would drop)
      [ "$echo_console" != 1 ] || printf '%s' "$chunk"
      shown=$size
      watch_chunk=$chunk
      last_progress=$(now_ms)
      if [[ $chunk == *"Kernel panic"* ]]; then
        watch_outcome=panic
        watch_reason="the guest kernel panicked: $(grep -m1 'Kernel panic' "$console" | tr -d '\r' | sed 's/^\[[ 0-9.]*\] //')"
      elif [ -n "$marker" ] && grep -q "^$marker" <(tr -d '\r' <"$console"); then
        [ "$watch_outcome" = exited ] || watch_outcome=marker
      fi
    fi
    new_beat=$(stat -c %s "$heartbeat" 2>/dev/null || echo 0)
    [ "$new_beat" = "$beat_size" ] || { beat_size=$new_beat; last_progress=$(now_ms); }
    error_line=$(grep -m1 -A1 'KVM internal error' "$err" 2>/dev/null | tr '\n' ' ' || true)
    if [ -n "$error_line" ] && [ "$watch_outcome" != exited ]; then
      watch_outcome=kvm-error
      watch_reason="QEMU reported: ${error_line% }"
    fi
    [ -n "$watch_outcome" ] || [ -z "${watch_hook:-}" ] || "$watch_hook"
    now=$(now_ms)
    if [ -z "$watch_outcome" ]; then
      if [ -n "${stop_signal:-}" ]; then
        watch_outcome=stopped
      elif [ "$first_output_s" -gt 0 ] && [ "$shown" -eq 0 ] && [ $((now - start)) -ge $((first_output_s * 1000)) ]; then
        watch_outcome=no-output
        watch_reason="no console output within $first_output_s s"
      elif [ $((now - last_progress)) -ge $((stall_s * 1000)) ]; then
        watch_outcome=stall
        watch_reason="no console output and no heartbeat from the guest for $stall_s s (--stall-timeout)"
      elif [ $((now - watch_phase_start)) -ge $((timeout_s * 1000)) ]; then
        watch_outcome=timeout
        watch_reason="the guest did not finish within $timeout_s s (--timeout)"
      fi
    fi
    if [ -n "$watch_outcome" ]; then
      [ "$watch_outcome" = exited ] || qemu_stop
      return 0
    fi
    sleep 0.2
  done
}
