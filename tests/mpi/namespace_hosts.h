#pragma once
// Separate hosts on this machine for the MPI tests: scripts/mpi-hosts.sh makes network namespaces node1..nodeN
// (each with its own host name and an address on a private bridge) and a head namespace where mpirun runs,
// and removes them again. One object owns one set: made by the constructor, removed (with whatever still runs
// in it) by the destructor, so a failing test leaves nothing; a set whose test process was killed is removed
// by the next set made (the script knows its owner, this process).
#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "test_support.h"

namespace bench::test {

class NamespaceHosts {
 public:
  // Why such hosts cannot be made here (not root, no iproute2, namespaces refused), or nullopt when they can.
  static std::optional<Skip> unavailable_reason();

  // `count` hosts of `slots` MPI slots each. Throws std::runtime_error with the script's message when it fails.
  NamespaceHosts(int count, int slots);
  ~NamespaceHosts();
  NamespaceHosts(const NamespaceHosts&) = delete;
  NamespaceHosts& operator=(const NamespaceHosts&) = delete;

  // The set's name, which prefixes its namespaces' names ("<name>-head", "<name>-node1", ...).
  const std::string& name() const { return name_; }
  // The namespaces of the set that exist now, sorted.
  std::vector<std::string> namespaces() const;

  // `argv` to run in the head namespace with Open MPI's hostfile (node1 .. nodeN), rsh agent and interfaces
  // set in its environment; the process started is argv[0] itself (every step of the way execs).
  std::vector<std::string> in_head(const std::vector<std::string>& argv) const;

  // The processes that run in namespace "head" or "node<I>" now.
  std::vector<pid_t> processes(const std::string& host) const;
  // The bench++ (BENCH_BINARY) process of MPI rank `rank` on `host`, or nullopt.
  std::optional<pid_t> rank_process(const std::string& host, std::uint32_t rank) const;

 private:
  std::string name_;
};

}  // namespace bench::test
