#!/usr/bin/env bash
# Open MPI's rsh agent for the hosts of scripts/mpi-hosts.sh (which copies this file into a set's state
# directory, next to the `hosts` table it reads). Called as ssh would be, "agent HOST COMMAND...": runs COMMAND,
# joined with spaces and read by sh as ssh's remote shell would, inside HOST's network namespace and in a UTS
# namespace of its own that bears HOST's name, so that `hostname` and MPI's processor name tell the hosts apart.
# HOST is an address or a host name of the table (lines "ADDRESS NAMESPACE HOSTNAME").
# With BENCH_MPI_HOSTS_LOCAL_DIR set (in mpirun's environment), that directory is a small tmpfs of the host's
# own (in the mount namespace `ip netns exec` makes): a directory the hosts do not share, for tests.
# Exit status: COMMAND's; 2 for bad usage; 255 (ssh's "cannot connect") for a host not in the table.
set -euo pipefail
[ $# -ge 2 ] || { echo "mpi-host-agent: usage: $0 HOST COMMAND..." >&2; exit 2; }
host=$1
shift
table="$(dirname "$0")/hosts"
[ -r "$table" ] || { echo "mpi-host-agent: no host table $table" >&2; exit 255; }
while read -r address namespace name; do
  if [ "$host" = "$address" ] || [ "$host" = "$name" ]; then
    # shellcheck disable=SC2016  # $1, $2 and $* are the inner shell's
    exec ip netns exec "$namespace" unshare --uts sh -c \
      'hostname "$1" && { [ -z "$2" ] || mount -t tmpfs -o size=64m,mode=0755 mpi-host-local "$2"; } &&
       shift 2 && exec sh -c "$*"' sh "$name" "${BENCH_MPI_HOSTS_LOCAL_DIR:-}" "$@"
  fi
done <"$table"
echo "mpi-host-agent: $host is not a host of $table" >&2
exit 255
