# Sourced by scripts/guest-run.sh: the host's side of a session with a booted guest (scripts/lib/guest-init.sh):
# requests go to the guest's request port, its console says when each is done.
#
# A session directory holds the requests, numbered files written whole (write, then rename):
#   request-1, request-2, ...   "run N" (bench++ once, round N: scripts/host-vs-guest.sh's rounds) or "quit"
# and what guest-run.sh says back (each written whole too):
#   ready            the guest booted and waits for its first request
#   round-N.status   bench++'s exit status in round N
# guest-run.sh passes the requests on in order, one at a time: the next when the guest is done with the last.
# While a round runs, the guest's /bin/bench-window (scripts/lib/guest-window.sh) says "window ..." at each edge of
# each window of its plan and waits: the host takes its snapshot (host_view_window) and answers "window-ack" on the
# request port, whether it could take one or not (the host view is never a condition of the run).
# Requires: $kMarker, note, now_ms (scripts/lib/qemu-watch.sh); host_view_setup, host_view_window
# (scripts/lib/guest-host-view.sh); session_dir and request_fd (the request port, open for writing) set by the
# caller, and session_owner, the process whose end ends the session (empty: none).

session_state=booting  # booting, idle (waiting for a request), busy (running one), quitting
session_seen=0         # requests passed on
session_pending=""     # console text after its last complete line
session_rounds=()      # the rounds the guest finished, in order
session_round=""       # the round passed on last

# write_whole FILE TEXT: FILE appears with TEXT, never half written.
write_whole() { printf '%s\n' "$2" >"$1.tmp.$$" && mv "$1.tmp.$$" "$1"; }

# session_request TEXT: the next request in session_dir (for a caller of the session: one-shot runs, tests).
session_request() {
  local n=1
  while [ -e "$session_dir/request-$n" ]; do n=$((n + 1)); done
  write_whole "$session_dir/request-$n" "$1"
}

# session_watch_hook: qemu_watch's watch_hook (scripts/lib/qemu-watch.sh) for a session: reads the console's
# markers, answers them in session_dir, and passes the next request on when the guest is idle. While it waits
# for a request, the --timeout clock stands still.
session_watch_hook() {
  local line round status request
  # A session whose owner was killed outright (SIGKILL: no cleanup of its own) ends here, not never.
  if [ -n "${session_owner:-}" ] && ! kill -0 "$session_owner" 2>/dev/null; then
    watch_outcome=orphaned watch_reason="the session's owner (process $session_owner) is gone"
    return 0
  fi
  session_pending+=$watch_chunk
  while [[ $session_pending == *$'\n'* ]]; do
    line=${session_pending%%$'\n'*}
    session_pending=${session_pending#*$'\n'}
    case $line in
      "$kMarker ready")
        host_view_setup
        session_state=idle
        write_whole "$session_dir/ready" "" ;;
      *"$kMarker window "*)  # (anywhere in the line: after a progress message still waiting for its "done")
        host_view_window "$session_round" "${line#*"$kMarker window "}"
        printf 'window-ack\n' >&"$request_fd" ;;
      "$kMarker bench++ exit status "*" in round "*)
        status=${line#"$kMarker bench++ exit status "}; status=${status%% *}
        round=${line##* }
        session_rounds+=("$round")
        session_state=idle
        write_whole "$session_dir/round-$round.status" "$status" ;;
    esac
  done
  [ "$session_state" = idle ] || return 0
  watch_phase_start=$(now_ms)
  [ -f "$session_dir/request-$((session_seen + 1))" ] || return 0
  request=$(head -c 100 "$session_dir/request-$((session_seen + 1))")
  session_seen=$((session_seen + 1))
  if [[ $request =~ ^run\ [0-9]{1,9}$ ]]; then
    session_state=busy session_round=${request#run }
  elif [ "$request" = quit ]; then
    session_state=quitting
  else
    note "warning: ignored request '$request' in $session_dir"
    return 0
  fi
  printf '%s\n' "$request" >&"$request_fd"
}
