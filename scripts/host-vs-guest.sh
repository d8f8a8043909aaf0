#!/usr/bin/env bash
# Runs bench++ with the same options on this host and in a guest, then compares them (bench++ compare).
# Both sides run the same static bench++ (scripts/build-static.sh). The guest is a fresh QEMU guest booted by
# scripts/guest-run.sh, or an existing VM (or any machine) reached by a command prefix: the static binary is
# copied over through it, run there, and its CSV and JSON fetched back.
#
# With --variant, one fresh guest boots per variant, each with those QEMU -drive options for its disk (the
# way people compare a hypervisor's disk settings), and the host and every variant go into one comparison,
# each column named by its variant. All variants are checked by QEMU before anything runs. The guests' disk
# images live in TMPDIR (default /tmp), so host and guests test the same host filesystem when -d is not given.
#
# Usage: scripts/host-vs-guest.sh [script options] [--] [bench++ options]
# Script options (anywhere before a "--"):
#   --suite NAME        run bench++'s suite NAME (tart, openstack, cdm: bench++ suite NAME) on both sides instead
#                       of its bonnie++-style tests; bench++ options such as --scale small still follow
#   --variant OPTS      a guest with these -drive options (repeatable), e.g. --variant 'cache=none,aio=threads'
#                       --variant cache=writeback --variant cache=unsafe --variant 'cache=none,aio=io_uring'
#                       (default: one guest with guest-run.sh's default, cache=none,aio=threads, named "guest")
#   --guest-cmd PREFIX  reach an existing guest with PREFIX, which must run its last argument as a shell
#                       command there: 'ssh user@vm', 'sh -c' (this machine), 'docker exec -i CTR sh -c'
#   --guest-dir DIR     with --guest-cmd: the directory to test in on the guest (default: a new directory
#                       under the guest's /tmp, removed afterwards)
#   --out DIR           where host/, guest/ (guest-1/, guest-2/, ... with --variant) and comparison.txt go
#                       (default ./host-vs-guest)
#   --bench FILE        the static bench++ (default as scripts/guest-run.sh: build/static/bench++)
#   --html FILE         also write compare's HTML page
#   --memory MIB, --cpus N, --disk-size SIZE, --timeout SECONDS, --stall-timeout SECONDS, --accel kvm|tcg,
#   --cpu-model MODEL   passed to scripts/guest-run.sh (not with --guest-cmd)
# bench++ options go to every run. -d DIR is where the host run tests (default: a new temporary directory);
# the guest never gets it. --csv and --json are set by this script. Unless --label is given, the runs are
# labelled "host" and "guest", or by their variant's options.
# Ctrl-C or SIGTERM stop the run going on (bench++ on the host, or the guest and its QEMU) and remove its files.
# Exit status: 0 when every run and the comparison succeeded; 1 on any failure; 2 for bad usage (a variant
# that QEMU refuses included); 128 + N after signal N.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/signals.sh
. "$root/scripts/lib/signals.sh"

die() { echo "host-vs-guest: error: $*" >&2; exit 1; }
usage_error() { echo "host-vs-guest: $*" >&2; echo "usage: scripts/host-vs-guest.sh [script options] [--] [bench++ options] (see the header of $0)" >&2; exit 2; }
note() { echo "host-vs-guest: $*" >&2; }

guest_cmd="" guest_dir="" out_dir=./host-vs-guest bench=${BENCH_STATIC_BINARY:-} html="" host_dir=""
guest_run_args=() bench_args=() variants=() has_label=0 suite=""
while [ $# -gt 0 ]; do
  case $1 in
    --guest-cmd|--guest-dir|--out|--bench|--html|--variant|--suite|--memory|--cpus|--disk-size|--timeout|--stall-timeout|--accel|--cpu-model)
      [ $# -ge 2 ] || usage_error "option $1 needs a value"
      case $1 in
        --guest-cmd) guest_cmd=$2 ;; --guest-dir) guest_dir=$2 ;; --out) out_dir=$2 ;; --bench) bench=$2 ;;
        --html) html=$2 ;; --variant) variants+=("$2") ;; --suite) suite=$2 ;;
        *) guest_run_args+=("$1" "$2") ;;
      esac
      shift 2 ;;
    --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --) shift; bench_args+=("$@"); break ;;
    *) bench_args+=("$1"); shift ;;
  esac
done

# Takes -d out of the bench++ options (it is the host's directory only) and refuses --csv/--json.
common_args=()
for ((i = 0; i < ${#bench_args[@]}; i++)); do
  arg=${bench_args[i]}
  case $arg in
    -d|--directory) host_dir=${bench_args[i + 1]:-}; i=$((i + 1)) ;;
    --directory=*) host_dir=${arg#--directory=} ;;
    -d?*) host_dir=${arg#-d} ;;
    --csv|--csv=*|--json|--json=*) usage_error "do not give --csv or --json: the results go to --out DIR" ;;
    --label|--label=*) has_label=1; common_args+=("$arg") ;;
    *) common_args+=("$arg") ;;
  esac
done
# bench++ job and suite NAME: their command words come first on both sides, before -d.
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
declare -A variant_seen=()
for variant in "${variants[@]}"; do
  [ -z "${variant_seen[$variant]:-}" ] || usage_error "--variant '$variant' is given twice"
  variant_seen[$variant]=1
done
host_label=()
[ "$has_label" = 1 ] || host_label=(--label host)
# guest_label_args INDEX: the --label of guest run INDEX (0-based): "guest" alone, else its variant's options.
guest_label_args() {
  [ "$has_label" = 0 ] || return 0
  if [ ${#variants[@]} -eq 0 ]; then echo --label; echo guest; else echo --label; echo "${variants[$1]}"; fi
}
# guest_out INDEX: the directory of guest run INDEX's results.
guest_out() { if [ ${#variants[@]} -eq 0 ]; then echo "$out_dir/guest"; else echo "$out_dir/guest-$(($1 + 1))"; fi; }

if [ -z "$bench" ]; then  # build (or bring up to date) the static bench++ in build/static/
  note "bringing the static bench++ up to date (scripts/build-static.sh)"
  bench=$("$root/scripts/build-static.sh") || die "building the static bench++ failed (scripts/build-static.sh)"
fi
[ -x "$bench" ] || die "no executable bench++ at '$bench'"
bench=$(cd "$(dirname "$bench")" && pwd)/$(basename "$bench")
mkdir -p "$out_dir/host"
out_dir=$(cd "$out_dir" && pwd)
rm -rf "$out_dir"/host/result.* "$out_dir"/guest "$out_dir"/guest-[0-9]* "$out_dir/comparison.txt"

tmp_host=""
trap '[ -z "$tmp_host" ] || rm -rf "$tmp_host"' EXIT
forward_stop_signals  # Ctrl-C or SIGTERM reach the run going on (bench++ or guest-run.sh), which cleans up

# ---- every variant checked before anything runs ----
for variant in "${variants[@]}"; do
  status=0
  run_child "$root/scripts/guest-run.sh" --bench "$bench" --out "$out_dir/host" --check-only --drive-opts "$variant" \
    "${guest_run_args[@]}" -- "${command_words[@]}" "${common_args[@]}" 2>"$out_dir/host/check.err" || status=$?
  exit_if_stopped
  if [ "$status" -ne 0 ]; then
    sed -n 1p "$out_dir/host/check.err" | sed 's/^guest-run: /host-vs-guest: --variant: /' >&2
    rm -f "$out_dir/host/check.err"
    exit "$status"
  fi
done
rm -f "$out_dir/host/check.err"

# ---- the host run ----
if [ -z "$host_dir" ]; then
  tmp_host=$(mktemp -d "${TMPDIR:-/tmp}/bench++-host.XXXXXX")
  host_dir=$tmp_host
fi
note "host: bench++ ${command_words[*]} -d $host_dir ${common_args[*]}"
status=0
run_child "$bench" "${command_words[@]}" -d "$host_dir" "${host_label[@]}" "${common_args[@]}" \
  --csv "$out_dir/host/result.csv" --json "$out_dir/host/result.json" </dev/null || status=$?
exit_if_stopped
[ "$status" -eq 0 ] || die "bench++ failed on the host with exit status $status"

# ---- the guest run ----
# quote_words WORD...: the words as one shell command line.
quote_words() { local word line=""; for word in "$@"; do line+="$(printf '%q' "$word") "; done; echo "${line% }"; }
if [ -z "$guest_cmd" ]; then
  runs=${#variants[@]}
  [ "$runs" -gt 0 ] || runs=1
  for ((index = 0; index < runs; index++)); do
    drive_args=()
    [ ${#variants[@]} -eq 0 ] || drive_args=(--drive-opts "${variants[index]}")
    mapfile -t label_args < <(guest_label_args "$index")
    note "guest $((index + 1)) of $runs: scripts/guest-run.sh ${drive_args[*]} ${guest_run_args[*]} -- ${command_words[*]} ${common_args[*]}"
    status=0
    run_child "$root/scripts/guest-run.sh" --bench "$bench" --out "$(guest_out "$index")" "${drive_args[@]}" \
      "${guest_run_args[@]}" -- "${command_words[@]}" "${label_args[@]}" "${common_args[@]}" || status=$?
    exit_if_stopped
    [ "$status" -eq 0 ] || die "guest run $((index + 1)) failed (scripts/guest-run.sh ${drive_args[*]})"
  done
else
  read -ra prefix <<<"$guest_cmd"
  [ ${#prefix[@]} -gt 0 ] || usage_error "--guest-cmd is empty"
  remote() { "${prefix[@]}" "$1"; }
  note "guest: copying the static bench++ with: $guest_cmd"
  # shellcheck disable=SC2016  # expanded by the guest's shell
  remote_home=$(remote 'd=$(mktemp -d /tmp/bench++-remote.XXXXXX) && cat >"$d/bench++" && chmod +x "$d/bench++" && echo "$d"' \
    <"$bench") || die "cannot copy bench++ to the guest with '$guest_cmd'"
  [ -n "$remote_home" ] || die "the guest did not say where it put bench++"
  remote_dir=${guest_dir:-$remote_home/test}
  mapfile -t label_args < <(guest_label_args 0)
  mkdir -p "$out_dir/guest"
  run_line="mkdir -p $(quote_words "$remote_dir") && $(quote_words "$remote_home/bench++" "${command_words[@]}" -d "$remote_dir" \
    "${label_args[@]}" "${common_args[@]}" --csv "$remote_home/result.csv" --json "$remote_home/result.json") </dev/null"
  note "guest: bench++ -d $remote_dir ${common_args[*]}"
  set +e
  remote "$run_line" </dev/null
  status=$?
  set -e
  remote "cat $(quote_words "$remote_home/result.csv")" >"$out_dir/guest/result.csv" </dev/null || true
  remote "cat $(quote_words "$remote_home/result.json")" >"$out_dir/guest/result.json" </dev/null || true
  remote "rm -rf $(quote_words "$remote_home")" </dev/null || note "warning: cannot remove $remote_home on the guest"
  [ "$status" -eq 0 ] || die "bench++ failed on the guest with exit status $status"
  [ -s "$out_dir/guest/result.csv" ] || die "cannot fetch result.csv from the guest"
fi

# ---- the comparison ----
# The JSON reports: they keep the workloads' latency histograms, which the HTML report draws as CDFs.
compare_args=("$out_dir/host/result.json")
runs=${#variants[@]}
[ "$runs" -gt 0 ] || runs=1
for ((index = 0; index < runs; index++)); do compare_args+=("$(guest_out "$index")/result.json"); done
[ -z "$html" ] || compare_args+=(--html "$html")
# (Under set -e and pipefail a failing compare would end the script here, before its message: its status is
# taken instead.)
status=0
"$bench" compare "${compare_args[@]}" | tee "$out_dir/comparison.txt" || status=$?
[ "$status" -eq 0 ] || die "bench++ compare failed with exit status $status (its message is above)"
guest_dirs=guest/
[ ${#variants[@]} -eq 0 ] || guest_dirs="guest-1/ to guest-$runs/"
note "results in $out_dir: host/ and $guest_dirs (result.csv, result.json; the guests' console.log, qemu.err), comparison.txt"
