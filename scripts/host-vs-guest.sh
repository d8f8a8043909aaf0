#!/usr/bin/env bash
# Runs bench++ with the same options on this host and in guests, in interleaved rounds, then compares them
# (bench++ compare). Both sides run the same static bench++ (scripts/build-static.sh). A guest is a QEMU guest
# booted by scripts/guest-run.sh, one per --variant, or an existing VM (or any machine) reached by a command
# prefix (--guest-cmd): the static binary is copied over through it once, run there each round, its CSV and
# JSON fetched back, and everything it put there removed at the end (Ctrl-C included).
#
# The measurement is made as this VM's disk demands (its speed moves from minute to minute): the guests boot
# first and stay booted; then each round runs the host and every guest once, one after another, in an order
# rotated from round to round (round 1: host first, round 2: the second side first, ...). Every run is tagged
# round=N, so bench++ compare sets each guest against the host within each round and reports each ratio as the
# median of its per-round ratios with their range ("0.42× host (rounds 0.38–0.47)"), says when that spread is
# wider than the difference, checks the host's drift from its first round to its last, and names the
# accelerator each guest ran on (under TCG its ratios measure emulation as much as the disk path).
#
# Usage: scripts/host-vs-guest.sh [script options] [--] [bench++ options]
# Script options (anywhere before a "--"):
#   --rounds N          rounds of host and guests (default 3; each round a few times one run's time)
#   --suite NAME        run bench++'s suite NAME (tart, openstack, cdm: bench++ suite NAME) on every side instead
#                       of its bonnie++-style tests; bench++ options such as --scale small still follow. The
#                       guests get vCPUs and memory for the suite's jobs (scripts/guest-run.sh; their vm= tag)
#   --variant SPEC      a QEMU guest with this disk (repeatable; scripts/guest-run.sh --variant): comma-separated
#                       dev=virtio-blk|virtio-scsi|nvme, format=raw|qcow2, preallocation=off|metadata|falloc|full,
#                       iothread=on|off, queues=N and QEMU -drive options, e.g.
#                       --variant 'dev=virtio-scsi,format=qcow2,cache=none,aio=io_uring,iothread=on'
#                       --variant 'dev=nvme,cache=writeback' --variant cache=unsafe
#                       Its results, its columns and its messages are named by SPEC, or by NAME when given
#                       as NAME:SPEC (letters, digits and ._+-), e.g. --variant 'scsi-qcow2:dev=virtio-scsi,format=qcow2'
#                       (default: one guest with guest-run.sh's default disk, named "guest")
#   --guest-cmd PREFIX  reach an existing guest with PREFIX, which must run its last argument as a shell
#                       command there: 'ssh user@vm', 'sh -c' (this machine), 'docker exec -i CTR sh -c'
#   --guest-dir DIR     with --guest-cmd: the directory to test in on the guest (default: a new directory
#                       under the guest's $TMPDIR or /tmp, removed afterwards)
#   --out DIR           where the results go (default ./host-vs-guest): host/ and guest/ (guest-1/, guest-2/,
#                       ... with --variant), each with round-N/ (result.csv, result.json; output.txt for the
#                       host and a --guest-cmd guest, whose output a QEMU guest has in its console.log); the
#                       QEMU guests' console.log and qemu.err; rounds.txt (each round's order, times and load);
#                       comparison.txt
#   --bench FILE        the static bench++ (default as scripts/guest-run.sh: build/static/bench++)
#   --html FILE         also write compare's HTML page
#   --host-dir DIR      where the host's run tests (default: a new directory under TMPDIR, removed afterwards)
#   --memory MIB, --cpus N, --disk-size SIZE, --timeout SECONDS, --stall-timeout SECONDS, --accel kvm|tcg,
#   --cpu-model MODEL, --host-view on|off
#                       passed to scripts/guest-run.sh (not with --guest-cmd). With --host-view on (its default)
#                       each QEMU guest's round-N/result.json holds the host's view of each window of the run
#                       (QEMU's drive statistics, the host device under the image, QEMU's and the guest's CPU;
#                       round-N/host-view.jsonl the snapshots), which bench++ compare sets beside the guest's
#                       own figures
# Every variant is checked by qemu-img and QEMU before anything runs. The guests' disk images live in TMPDIR
# (default /tmp), so host and guests test the same host filesystem when --host-dir is not given.
# bench++ options go to every run unchanged; -d, --csv, --json and --label are this script's (bench++ refuses
# them given twice, checked before anything boots): the runs are labelled "host" and "guest", or by their variant.
# Ctrl-C or SIGTERM stop everything: bench++ on the host, every guest and its QEMU, bench++ on a --guest-cmd
# guest; what they wrote is removed. The host's rounds so far stay in --out, and a --guest-cmd guest's; a QEMU
# guest's are on its disk image, which goes with it (its console.log and qemu.err stay).
# Exit status: 0 when every run and the comparison succeeded; 1 on any failure; 2 for bad usage (a variant
# that qemu-img or QEMU refuses included); 128 + N after signal N.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/signals.sh
. "$root/scripts/lib/signals.sh"

die() { echo "host-vs-guest: error: $*" >&2; exit 1; }
usage_error() { echo "host-vs-guest: $*" >&2; echo "usage: scripts/host-vs-guest.sh [script options] [--] [bench++ options] (see the header of $0)" >&2; exit 2; }
note() { echo "host-vs-guest: $*" >&2; }

guest_cmd="" guest_dir="" out_dir=./host-vs-guest bench=${BENCH_STATIC_BINARY:-} html="" host_dir="" rounds=3
guest_run_args=() bench_args=() variants=() suite=""
while [ $# -gt 0 ]; do
  case $1 in
    --guest-cmd|--guest-dir|--host-dir|--out|--bench|--html|--variant|--suite|--rounds|--memory|--cpus|--disk-size|--timeout|--stall-timeout|--accel|--cpu-model|--host-view)
      [ $# -ge 2 ] || usage_error "option $1 needs a value"
      case $1 in
        --guest-cmd) guest_cmd=$2 ;; --guest-dir) guest_dir=$2 ;; --host-dir) host_dir=$2 ;;
        --out) out_dir=$2 ;; --bench) bench=$2 ;;
        --html) html=$2 ;; --variant) variants+=("$2") ;; --suite) suite=$2 ;; --rounds) rounds=$2 ;;
        *) guest_run_args+=("$1" "$2") ;;
      esac
      shift 2 ;;
    --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --) shift; bench_args+=("$@"); break ;;
    *) bench_args+=("$1"); shift ;;
  esac
done
[[ $rounds =~ ^[1-9][0-9]{0,2}$ ]] || usage_error "--rounds wants a number of rounds, 1 to 999, not '$rounds'"

common_args=("${bench_args[@]}")
# bench++ job and suite NAME: their command words come first on every side, before -d.
command_words=()
if [ -n "$suite" ]; then
  command_words=(suite "$suite")
elif [ "${common_args[0]:-}" = job ]; then
  command_words=(job); common_args=("${common_args[@]:1}")
elif [ "${common_args[0]:-}" = suite ]; then
  [ ${#common_args[@]} -ge 2 ] || usage_error "suite needs a name"
  command_words=(suite "${common_args[1]}"); common_args=("${common_args[@]:2}")
fi
[ -n "$guest_cmd" ] || [ -z "$guest_dir" ] || usage_error "--guest-dir needs --guest-cmd"
[ -z "$guest_cmd" ] || [ ${#guest_run_args[@]} -eq 0 ] || usage_error "${guest_run_args[0]} is for guest-run.sh, not --guest-cmd"
[ -z "$guest_cmd" ] || [ ${#variants[@]} -eq 0 ] || usage_error "--variant boots guests of its own: not with --guest-cmd"
# Each variant's name and spec: NAME:SPEC, else the spec names itself.
declare -A variant_seen=()
variant_names=() variant_specs=()
for variant in "${variants[@]}"; do
  if [[ $variant =~ ^([A-Za-z0-9_.+-]+):(.*)$ ]]; then
    variant_names+=("${BASH_REMATCH[1]}") variant_specs+=("${BASH_REMATCH[2]}")
  else
    variant_names+=("$variant") variant_specs+=("$variant")
  fi
  [ -n "${variant_specs[-1]}" ] || usage_error "--variant '$variant' names no disk"
  [ "${variant_names[-1]}" != host ] || usage_error "--variant: 'host' names the host"
  [ -z "${variant_seen[${variant_names[-1]}]:-}" ] || usage_error "--variant '${variant_names[-1]}' is given twice"
  variant_seen[${variant_names[-1]}]=1
done
if [ -n "$guest_cmd" ]; then
  read -ra prefix <<<"$guest_cmd"
  [ ${#prefix[@]} -gt 0 ] || usage_error "--guest-cmd is empty"
fi

# ---- the sides: 0 is the host, then the guests ----
side_names=(host) side_outs=("$out_dir/host")
if [ ${#variants[@]} -gt 0 ]; then
  for ((k = 0; k < ${#variants[@]}; k++)); do side_names+=("${variant_names[k]}"); side_outs+=("$out_dir/guest-$((k + 1))"); done
else
  side_names+=(guest); side_outs+=("$out_dir/guest")
fi
sides=${#side_names[@]}

if [ -z "$bench" ]; then  # build (or bring up to date) the static bench++ in build/static/
  note "bringing the static bench++ up to date (scripts/build-static.sh)"
  bench=$("$root/scripts/build-static.sh") || die "building the static bench++ failed (scripts/build-static.sh)"
fi
[ -x "$bench" ] || die "no executable bench++ at '$bench'"
bench=$(cd "$(dirname "$bench")" && pwd)/$(basename "$bench")
mkdir -p "$out_dir"
out_dir=$(cd "$out_dir" && pwd)
for ((s = 0; s < sides; s++)); do side_outs[s]=$out_dir/${side_outs[s]##*/}; done
rm -rf "$out_dir"/host "$out_dir"/guest "$out_dir"/guest-[0-9]* "$out_dir/comparison.txt" "$out_dir/rounds.txt"
mkdir -p "${side_outs[@]}"

# ---- cleanup: every guest stopped, the far side emptied, the temporary directories removed ----
work="" tmp_host="" guest_pids=() remote_used=0
# stop_guests: SIGTERM to each guest-run.sh still running (it stops its QEMU and removes its files), and waits.
stop_guests() {
  local k
  for k in "${!guest_pids[@]}"; do kill -TERM "${guest_pids[k]}" 2>/dev/null || true; done
  for k in "${!guest_pids[@]}"; do wait "${guest_pids[k]}" 2>/dev/null || true; unset "guest_pids[$k]"; done
}
cleanup() {
  stop_guests
  [ "$remote_used" = 0 ] || remote_cleanup || note "warning: cannot remove $remote_home_shown on the guest"
  [ -z "$work" ] || rm -rf "$work"
  [ -z "$tmp_host" ] || rm -rf "$tmp_host"
}
trap cleanup EXIT
forward_stop_signals  # Ctrl-C or SIGTERM reach the run going on; the guests are stopped by cleanup
work=$(mktemp -d "${TMPDIR:-/tmp}/bench++-hvg.XXXXXX")
if [ -z "$host_dir" ]; then
  tmp_host=$(mktemp -d "${TMPDIR:-/tmp}/bench++-host.XXXXXX")
  host_dir=$tmp_host
fi
# bench++ checks its options as the host's run gets them (its --dry-run: nothing is created under -d).
"$bench" "${command_words[@]}" -d "$host_dir" --label host --csv "$work/check.csv" --json "$work/check.json" \
  "${common_args[@]}" --dry-run >/dev/null 2>"$work/host-check.err" ||
  usage_error "bench++ refuses its options (this script sets -d, --csv, --json and --label; the host's directory is --host-dir): $(sed 's/^bench++: //' "$work/host-check.err" | tail -1)"

# ---- every variant checked before anything runs ----
for variant in "${variant_specs[@]}"; do
  status=0
  run_child "$root/scripts/guest-run.sh" --bench "$bench" --out "$work/check" --check-only --variant "$variant" \
    "${guest_run_args[@]}" -- "${command_words[@]}" "${common_args[@]}" 2>"$work/check.err" || status=$?
  exit_if_stopped
  if [ "$status" -ne 0 ]; then
    grep -v '^usage: ' "$work/check.err" | sed -n 1p \
      | sed 's/^guest-run: --variant: /guest-run: /; s/^guest-run: /host-vs-guest: --variant: /' >&2
    exit "$status"
  fi
  grep -v "are fine" "$work/check.err" >&2 || true
done

# ---- the guests: booted first, each waiting for its rounds ----
load_now() { local load rest; read -r load rest </proc/loadavg; echo "$load"; }
# guest_alive K: true while guest K's guest-run.sh runs; else says how it ended and fails.
guest_alive() {
  local k=$1 status=0
  kill -0 "${guest_pids[k]}" 2>/dev/null && return 0
  wait "${guest_pids[k]}" || status=$?
  unset "guest_pids[$k]"
  exit_if_stopped
  die "the guest ${side_names[k]} stopped (scripts/guest-run.sh exited with status $status; its message is above; see ${side_outs[k]}/console.log)"
}
# wait_for_file K FILE: waits until guest K's FILE exists, the guest stops, or a stop signal comes.
wait_for_file() {
  while [ ! -f "$2" ]; do guest_alive "$1"; exit_if_stopped; sleep 0.2; done
}
# request K TEXT: the next request to guest K (scripts/lib/guest-session.sh), written whole.
request() {
  local dir=$work/session-$1 n=1
  while [ -e "$dir/request-$n" ]; do n=$((n + 1)); done
  printf '%s\n' "$2" >"$dir/request-$n.tmp" && mv "$dir/request-$n.tmp" "$dir/request-$n"
}
start_guest() {
  local k=$1 variant_args=()
  [ ${#variants[@]} -eq 0 ] || variant_args=(--variant "${variant_specs[k - 1]}")
  mkdir -p "$work/session-$k"
  "$root/scripts/guest-run.sh" --session "$work/session-$k" --name "${side_names[k]}" --bench "$bench" \
    --out "${side_outs[k]}" "${variant_args[@]}" "${guest_run_args[@]}" -- "${command_words[@]}" \
    --label "${side_names[k]}" "${common_args[@]}" </dev/null >/dev/null &
  guest_pids[k]=$!
}
if [ -z "$guest_cmd" ]; then
  boot_start=$(date +%s)
  # The first guest alone (it may download the kernel and probe KVM, which the others then reuse), then the rest.
  note "booting ${side_names[1]}$([ "$sides" -le 2 ] || echo ", then the other $((sides - 2)) guests")"
  start_guest 1
  wait_for_file 1 "$work/session-1/ready"
  for ((k = 2; k < sides; k++)); do start_guest "$k"; done
  for ((k = 2; k < sides; k++)); do wait_for_file "$k" "$work/session-$k/ready"; done
  note "$((sides - 1)) guest(s) booted in $(($(date +%s) - boot_start)) s"
fi

# ---- a guest reached by a command prefix: bench++ copied over once ----
# The far side's directory, expanded there: its $TMPDIR (else /tmp) and a name chosen here, so that cleanup can
# find it whatever happened.
remote_suffix=$(tr -dc 'a-zA-Z0-9' </dev/urandom | head -c 12 || true)
# shellcheck disable=SC2016  # expanded by the guest's shell
remote_home='"${TMPDIR:-/tmp}"/bench++-remote.'$remote_suffix
remote_home_shown='$TMPDIR/bench++-remote.'$remote_suffix
remote() { "${prefix[@]}" "$1"; }
# remote_cleanup: on the far side, SIGTERM to a bench++ still running (it removes its files), then its directory.
remote_cleanup() {
  remote "d=$remote_home; [ -d \"\$d\" ] || exit 0
    if [ -s \"\$d/pid\" ]; then p=\$(cat \"\$d/pid\"); kill -TERM \"\$p\" 2>/dev/null
      i=0; while kill -0 \"\$p\" 2>/dev/null && [ \$i -lt 300 ]; do sleep 0.1; i=\$((i + 1)); done
      kill -KILL \"\$p\" 2>/dev/null; fi
    rm -rf \"\$d\"" </dev/null
}
# quote_words WORD...: the words as one shell command line.
quote_words() { local word line=""; for word in "$@"; do line+="$(printf '%q' "$word") "; done; echo "${line% }"; }
if [ -n "$guest_cmd" ]; then
  note "guest: copying the static bench++ with: $guest_cmd"
  remote_used=1
  # (The binary is redirected inside the function: run_child's background child would read /dev/null.)
  copy_bench() { remote "d=$remote_home && mkdir -m 700 \"\$d\" && cat >\"\$d/bench++\" && chmod +x \"\$d/bench++\"" <"$bench"; }
  run_child copy_bench || { exit_if_stopped; die "cannot copy bench++ to the guest with '$guest_cmd'"; }
  exit_if_stopped
fi
# remote_round R: bench++ on the far side in round R (its pid kept there for cleanup), then its files fetched.
remote_round() {
  local r=$1 status=0 dir test_dir file
  dir=${side_outs[1]}/round-$r
  test_dir=$(quote_words "${guest_dir:-}")
  [ -n "$guest_dir" ] || test_dir='"$d/test"'
  run_child remote "d=$remote_home && mkdir -p $test_dir \"\$d/round-$r\" && cd \"\$d\" && {
      ./bench++ $(quote_words "${command_words[@]}") -d $test_dir $(quote_words --label guest "${common_args[@]}" \
        --tag "round=$r") --csv round-$r/result.csv --json round-$r/result.json </dev/null >round-$r/output.txt 2>&1 &
      echo \$! >pid; wait \$!; s=\$?; rm -f pid; exit \$s; }" </dev/null || status=$?
  exit_if_stopped
  for file in result.csv result.json output.txt; do
    remote "cat $remote_home/round-$r/$file" </dev/null >"$dir/$file" || rm -f "$dir/$file"
  done
  [ "$status" -eq 0 ] || die "bench++ failed on the guest with exit status $status in round $r; its output:
$(tail -5 "$dir/output.txt" 2>/dev/null)"
  [ -s "$dir/result.csv" ] || die "cannot fetch result.csv from the guest in round $r"
}

# ---- the rounds ----
# run_side S R: side S's run in round R.
run_side() {
  local s=$1 r=$2 dir status=0
  dir=${side_outs[s]}/round-$r
  mkdir -p "$dir"
  if [ "$s" = 0 ]; then
    run_child "$bench" "${command_words[@]}" -d "$host_dir" --label host "${common_args[@]}" --tag "round=$r" \
      --csv "$dir/result.csv" --json "$dir/result.json" </dev/null >"$dir/output.txt" 2>&1 || status=$?
    exit_if_stopped
    [ "$status" -eq 0 ] || die "bench++ failed on the host with exit status $status in round $r; its output:
$(tail -5 "$dir/output.txt")"
  elif [ -n "$guest_cmd" ]; then
    remote_round "$r"
  else
    request "$s" "run $r"
    wait_for_file "$s" "$work/session-$s/round-$r.status"
    status=$(cat "$work/session-$s/round-$r.status")
    [ "$status" = 0 ] || die "bench++ failed in the guest ${side_names[s]} with exit status $status in round $r; see ${side_outs[s]}/console.log"
  fi
}
{ echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC'): $sides sides, $rounds rounds, order rotated each round"
  echo "# round position side seconds load(1 min, at start)"; } >"$out_dir/rounds.txt"
for ((r = 1; r <= rounds; r++)); do
  round_start=$(date +%s)
  first=$(((r - 1) % sides))
  order=()
  for ((i = 0; i < sides; i++)); do order+=($(((first + i) % sides))); done
  for ((i = 0; i < sides; i++)); do
    s=${order[i]}
    load=$(load_now)
    note "round $r of $rounds, $((i + 1)) of $sides: ${side_names[s]} (load $load)"
    run_start=$(date +%s%N)
    run_side "$s" "$r"
    seconds=$((($(date +%s%N) - run_start) / 1000000))
    printf '%s %s %s %d.%03d %s\n' "$r" "$((i + 1))" "${side_names[s]}" $((seconds / 1000)) $((seconds % 1000)) \
      "$load" >>"$out_dir/rounds.txt"
  done
  took=$(($(date +%s) - round_start))
  if [ "$r" -lt "$rounds" ]; then
    note "round $r of $rounds took $took s; about $((took * (rounds - r))) s to go"
  fi
done

# ---- the guests: powered off, their results read back ----
for ((k = 1; k < sides; k++)); do [ -n "$guest_cmd" ] || request "$k" quit; done
for ((k = 1; k < sides; k++)); do
  [ -z "$guest_cmd" ] || break
  status=0
  while kill -0 "${guest_pids[k]}" 2>/dev/null; do exit_if_stopped; sleep 0.2; done
  wait "${guest_pids[k]}" || status=$?
  unset "guest_pids[$k]"
  exit_if_stopped
  [ "$status" -eq 0 ] || die "the guest ${side_names[k]} failed at its end (scripts/guest-run.sh exited with status $status)"
done

# ---- the comparison ----
# The JSON reports, every round of every side (compare groups such round files by label by itself): they keep
# the workloads' latency histograms, which the HTML report draws as CDFs.
compare_args=()
for ((s = 0; s < sides; s++)); do
  for ((r = 1; r <= rounds; r++)); do compare_args+=("${side_outs[s]}/round-$r/result.json"); done
done
[ -z "$html" ] || compare_args+=(--html "$html")
# (Under set -e and pipefail a failing compare would end the script here, before its message: its status is
# taken instead.)
status=0
"$bench" compare "${compare_args[@]}" | tee "$out_dir/comparison.txt" || status=$?
[ "$status" -eq 0 ] || die "bench++ compare failed with exit status $status (its message is above)"
guest_dirs=guest/
[ ${#variants[@]} -eq 0 ] || guest_dirs="guest-1/ to guest-$((sides - 1))/"
note "results in $out_dir: host/ and $guest_dirs (round-N/: result.csv, result.json, output.txt or the guest's console.log), rounds.txt, comparison.txt"
