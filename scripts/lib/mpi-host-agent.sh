#!/usr/bin/env bash
# Open MPI's rsh agent for the hosts of scripts/mpi-hosts.sh (which copies this file into a set's state
# directory, next to the `hosts` table it reads). Called as ssh would be, "agent HOST COMMAND...": runs COMMAND,
# joined with spaces and read by sh as ssh's remote shell would, inside HOST's network namespace and in a UTS
# namespace of its own that bears HOST's name, so that `hostname` and MPI's processor name tell the hosts apart.
# HOST is an address or a host name of the table (lines "ADDRESS NAMESPACE HOSTNAME").
# Exit status: COMMAND's; 2 for bad usage; 255 (ssh's "cannot connect") for a host not in the table.
set -euo pipefail
[ $# -ge 2 ] || { echo "mpi-host-agent: usage: $0 HOST COMMAND..." >&2; exit 2; }
host=$1
shift
table="$(dirname "$0")/hosts"
[ -r "$table" ] || { echo "mpi-host-agent: no host table $table" >&2; exit 255; }
while read -r address namespace name; do
  if [ "$host" = "$address" ] || [ "$host" = "$name" ]; then
    # shellcheck disable=SC2016  # $1 and $* are the inner shell's
    exec ip netns exec "$namespace" unshare --uts sh -c 'hostname "$1" && shift && exec sh -c "$*"' sh "$name" "$@"
  fi
done <"$table"
echo "mpi-host-agent: $host is not a host of $table" >&2
exit 255
