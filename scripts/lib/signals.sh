# Sourced by the guest scripts: run a child so that Ctrl-C, SIGTERM or SIGHUP to the script reach it at once.
#
# bash runs a trap only after the foreground command has finished, so a script that waits in the foreground
# for a long guest run or benchmark would ignore SIGTERM until then. run_child starts the command in the
# background and waits for it; the traps set by forward_stop_signals remember the signal and send the child
# SIGTERM. Always SIGTERM: a background child of a non-interactive shell starts with SIGINT ignored, and a
# bash script started so can never trap SIGINT again, so it would not hear a SIGINT passed on. The caller's
# EXIT trap then cleans up, and exit_if_stopped turns a stop into exit status 128 + the signal's number.
#
# Contract: call forward_stop_signals once, before the first run_child. One child at a time.

child_pid=""
stop_signal=""  # INT, TERM or HUP once one arrived

forward_stop_signals() {
  local sig
  for sig in INT TERM HUP; do
    # shellcheck disable=SC2064  # $sig is meant to expand now
    trap "stop_signal=$sig; [ -z \"\$child_pid\" ] || kill -TERM \"\$child_pid\" 2>/dev/null || true" "$sig"
  done
}

# run_child COMMAND [ARGS...]: runs it in the background, waits for it through any stop signals (each passed
# on as SIGTERM), and returns its exit status.
run_child() {
  local status
  "$@" &
  child_pid=$!
  # A stop that came before child_pid was set (earlier, or between the fork and here) found no child to pass
  # it on to: pass it on now. (A trap run just between the two lines may send a second SIGTERM.)
  [ -z "$stop_signal" ] || kill -TERM "$child_pid" 2>/dev/null || true
  while :; do
    status=0
    wait "$child_pid" || status=$?
    # wait returns early (status > 128) when a trapped signal arrives; the child may still be running or
    # be a zombie not yet reaped, and kill -0 succeeds on both.
    kill -0 "$child_pid" 2>/dev/null || break
  done
  child_pid=""
  return "$status"
}

# exit_if_stopped: exits with 128 + the signal's number if a stop signal arrived (the EXIT trap cleans up).
exit_if_stopped() {
  case $stop_signal in
    INT) exit 130 ;;
    TERM) exit 143 ;;
    HUP) exit 129 ;;
  esac
}
