#!/usr/bin/env bash
# Separate "hosts" for MPI runs on one machine (root only): N network namespaces node1..nodeN, each with an
# address on a private bridge, and a head namespace on the same bridge where mpirun runs, as on a cluster's
# login node. Open MPI starts its daemons on the hosts through an rsh agent (scripts/lib/mpi-host-agent.sh)
# that enters a host's namespace instead of ssh, each in a UTS namespace of its own named as the host, so the
# ranks see different host names. The filesystem stays shared, as a cluster's shared filesystem would be.
# Nothing is routed outside: the bridge lives inside the head namespace (the network 198.18.0.0/24, reserved
# for benchmarks by RFC 2544), so the machine's own network gets no link and no address.
#
# Usage:
#   scripts/mpi-hosts.sh [--slots S] N -- COMMAND [ARG...]
#       makes N hosts, runs COMMAND in the head namespace with the environment below, removes the hosts,
#       and exits with COMMAND's status. Ctrl-C, SIGTERM or SIGHUP to the script reach COMMAND once, as
#       SIGTERM (COMMAND runs in a session of its own, so a terminal's Ctrl-C does not signal it twice).
#       Example: scripts/mpi-hosts.sh --slots 2 2 -- mpirun --allow-run-as-root -np 4 build/bench++ -d /tmp/x
#   scripts/mpi-hosts.sh up [--slots S] [--owner PID] N
#       makes N hosts and prints the set's name; they stay until `down`, or until a later `up` or `clean`
#       finds their owner (PID, default the caller) gone and removes them as leftovers
#   scripts/mpi-hosts.sh exec NAME COMMAND [ARG...]
#       runs COMMAND in the head namespace of set NAME with the environment below (exec: same process)
#   scripts/mpi-hosts.sh down NAME
#       kills whatever still runs in the set's namespaces, removes them and the set's state
#   scripts/mpi-hosts.sh clean
#       removes every set whose owner is gone
# A set NAME (benchpp-OWNER-ID) has the namespaces NAME-head and NAME-node1 .. NAME-nodeN and its state in
# /run/benchpp-mpi-hosts/NAME: the hostfile, the agent and its table of hosts.
# --slots S writes "slots=S" for each host in the hostfile (default: none, so Open MPI counts the cores).
# The environment of COMMAND: BENCH_MPI_HOSTFILE, the hostfile (one host name a line, node1 .. nodeN), and
# Open MPI's variables for it as the default hostfile (so `mpirun -np 4` needs no --hostfile), the rsh agent
# (no tree spawn: mpirun starts every daemon itself) and the network of MPI's TCP traffic and of Open MPI's
# out-of-band channel. mpirun still wants --allow-run-as-root. BENCH_MPI_HOSTS_LOCAL_DIR=DIR, when COMMAND's
# environment has it, makes DIR a small tmpfs of each host's own: a directory the hosts do not share, for
# tests. Open MPI may print "plm:rsh: Warning: setpgid(...) failed in parent" when an agent starts before
# mpirun has moved it to a process group of its own (the agent does that itself): harmless.
# Exit status: COMMAND's (or 128 + N after signal N); 0 for up, down and clean; 1 when the hosts cannot be
# made; 2 for bad usage.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/signals.sh
. "$root/scripts/lib/signals.sh"
export PATH=$PATH:/usr/sbin:/sbin

kStateRoot=/run/benchpp-mpi-hosts  # one directory per set: hosts (the agent's table), hostfile, agent
kPrefix=benchpp                    # sets are named benchpp-OWNER-ID; their namespaces NAME-head, NAME-nodeI
kNetwork=198.18.0                  # head .1, node I .(I+1)
kMaxHosts=200

die() { echo "mpi-hosts: error: $*" >&2; exit 1; }
usage_error() {
  echo "mpi-hosts: $*" >&2
  echo "usage: scripts/mpi-hosts.sh [--slots S] N -- COMMAND... | up [--slots S] [--owner PID] N |" \
    "exec NAME COMMAND... | down NAME | clean (see the header of $0)" >&2
  exit 2
}

state_of() { echo "$kStateRoot/$1"; }
valid_name() { [[ $1 =~ ^${kPrefix}-[0-9]+-[0-9]+$ ]]; }

# The namespaces of set $1 that exist (its state may be gone already).
namespaces_of() { ip netns list | awk -v p="$1-" 'index($1, p) == 1 { print $1 }'; }

# down NAME: never fails on what is already gone.
down() {
  local name=$1 namespace pids
  valid_name "$name" || return 0  # nothing made yet
  for namespace in $(namespaces_of "$name"); do
    pids=$(ip netns pids "$namespace" 2>/dev/null || true)
    # shellcheck disable=SC2086  # one pid a word
    [ -z "$pids" ] || kill -KILL $pids 2>/dev/null || true
    ip netns delete "$namespace" 2>/dev/null || true
  done
  rm -rf "$(state_of "$name")"
}

# The names of the sets that have state or namespaces, one a line.
set_names() {
  {
    ls "$kStateRoot" 2>/dev/null || true
    ip netns list | awk '{ print $1 }' | sed -n "s/^\(${kPrefix}-[0-9]*-[0-9]*\)-.*/\1/p"
  } | sort -u
}

# Removes the sets whose owner process is gone: leftovers of a run that was killed.
clean() {
  local name owner
  for name in $(set_names); do
    valid_name "$name" || continue
    owner=${name#"$kPrefix"-}
    owner=${owner%%-*}
    kill -0 "$owner" 2>/dev/null || down "$name"
  done
}

# up N SLOTS OWNER: makes a set and names it in $set_name. On failure removes what it made.
set_name=""
up() {
  local count=$1 slots=$2 owner=$3 name state i node
  name="$kPrefix-$owner-$$"
  set_name=$name
  state=$(state_of "$name")
  [ "$(id -u)" -eq 0 ] || die "making network namespaces needs root"
  command -v ip >/dev/null || die "ip (Debian iproute2) is not installed"
  command -v unshare >/dev/null || die "unshare (util-linux) is not installed"
  clean
  mkdir -p "$state"
  trap 'down "$name"; echo "mpi-hosts: error: cannot make the hosts (the command above failed)" >&2' ERR
  ip netns add "$name-head"
  ip -n "$name-head" link set lo up
  ip -n "$name-head" link add br0 type bridge
  ip -n "$name-head" addr add "$kNetwork.1/24" dev br0
  ip -n "$name-head" link set br0 up
  : >"$state/hosts"
  : >"$state/hostfile"
  for ((i = 1; i <= count; i++)); do
    node="$name-node$i"
    ip netns add "$node"
    ip -n "$node" link set lo up
    ip -n "$name-head" link add "node$i" type veth peer name eth0 netns "$node"
    ip -n "$name-head" link set "node$i" master br0 up
    ip -n "$node" addr add "$kNetwork.$((i + 1))/24" dev eth0
    ip -n "$node" link set eth0 up
    echo "$kNetwork.$((i + 1)) $node node$i" >>"$state/hosts"
    echo "node$i${slots:+ slots=$slots}" >>"$state/hostfile"
  done
  install -m 0755 "$root/scripts/lib/mpi-host-agent.sh" "$state/agent"
  trap - ERR
}

# exec_in_head NAME COMMAND...: replaces this process by COMMAND in NAME's head namespace.
exec_in_head() {
  local name=$1 state
  shift
  state=$(state_of "$name")
  { [ -r "$state/hosts" ] && ip netns list | awk -v n="$name-head" '$1 == n { found = 1 } END { exit !found }'; } ||
    die "no set of hosts named $name"
  export BENCH_MPI_HOSTFILE="$state/hostfile"
  export OMPI_MCA_orte_default_hostfile="$state/hostfile"
  export OMPI_MCA_plm_rsh_agent="$state/agent"
  export OMPI_MCA_plm_rsh_no_tree_spawn=1
  export OMPI_MCA_btl_tcp_if_include="$kNetwork.0/24"
  export OMPI_MCA_oob_tcp_if_include="$kNetwork.0/24"
  # shellcheck disable=SC2016  # $@ is the inner shell's
  exec ip netns exec "$name-head" unshare --uts sh -c 'hostname head && exec "$@"' sh "$@"
}

host_count() {
  { [[ $1 =~ ^[1-9][0-9]*$ ]] && [ "$1" -le "$kMaxHosts" ]; } || usage_error "N wants a number of hosts, 1 to $kMaxHosts, not '$1'"
}

# ---- command line ----
[ $# -gt 0 ] || usage_error "no arguments"
command=run
case $1 in
  up|exec|down|clean) command=$1; shift ;;
  --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
esac
slots="" owner=$PPID
while [ $# -gt 0 ] && { [ "$command" = up ] || [ "$command" = run ]; }; do
  case $1 in
    --slots) { [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]]; } || usage_error "--slots wants a positive number"; slots=$2; shift 2 ;;
    --owner)
      [ "$command" = up ] || usage_error "--owner goes with up"
      { [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]]; } || usage_error "--owner wants a process id"; owner=$2; shift 2 ;;
    *) break ;;
  esac
done
case $command in
  up)
    [ $# -eq 1 ] || usage_error "up wants N"
    host_count "$1"
    up "$1" "$slots" "$owner"
    echo "$set_name" ;;
  exec)
    [ $# -ge 2 ] || usage_error "exec wants NAME COMMAND..."
    exec_in_head "$@" ;;
  down)
    { [ $# -eq 1 ] && valid_name "$1"; } || usage_error "down wants the NAME that up printed"
    down "$1" ;;
  clean)
    [ $# -eq 0 ] || usage_error "clean takes no arguments"
    clean ;;
  run)
    { [ $# -ge 3 ] && [ "$2" = -- ]; } || usage_error "want N -- COMMAND..."
    host_count "$1"
    count=$1
    shift 2
    forward_stop_signals
    trap 'down "$set_name"' EXIT
    up "$count" "$slots" $$
    exit_if_stopped
    status=0
    # setsid: COMMAND's own session and process group, so only this script passes signals on to it.
    run_child setsid "$root/scripts/mpi-hosts.sh" exec "$set_name" "$@" || status=$?
    exit_if_stopped
    exit "$status" ;;
esac
