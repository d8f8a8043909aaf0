#include "mpi/namespace_hosts.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "test_support.h"

namespace bench::test {
namespace {

const std::string kScript = std::string(BENCH_SOURCE_DIR) + "/scripts/mpi-hosts.sh";

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

// The NUL-separated entries of /proc/<pid>/environ; empty once the process is gone.
std::vector<std::string> environment_of(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/environ", std::ios::binary);
  std::vector<std::string> entries;
  for (std::string entry; std::getline(in, entry, '\0');) entries.push_back(entry);
  return entries;
}

bool runs_bench(pid_t pid) {
  std::error_code error;
  return std::filesystem::equivalent("/proc/" + std::to_string(pid) + "/exe", BENCH_BINARY, error);
}

}  // namespace

std::optional<Skip> NamespaceHosts::unavailable_reason() {
  if (!running_as_root()) return Skip{Need::kRoot, "separate hosts: making network namespaces needs root"};
  if (!tool_installed("ip")) return Skip{Need::kTool, "separate hosts: ip is not installed (Debian iproute2)"};
  const CommandOutput probe = run_program({"unshare", "--net", "--uts", "true"});
  if (probe.exit_code != 0) {
    return Skip{Need::kMachine, "separate hosts: this machine refuses new network and UTS namespaces: " + trimmed(probe.err)};
  }
  return std::nullopt;
}

NamespaceHosts::NamespaceHosts(int count, int slots) {
  const CommandOutput up = run_program({kScript, "up", "--slots", std::to_string(slots), "--owner",
                                        std::to_string(::getpid()), std::to_string(count)});
  if (up.exit_code != 0) throw std::runtime_error("scripts/mpi-hosts.sh up failed: " + up.err);
  name_ = trimmed(up.out);
}

NamespaceHosts::~NamespaceHosts() {
  try {
    run_program({kScript, "down", name_});
  } catch (...) {  // a destructor never throws; the next set made removes this one (its owner is gone)
  }
}

std::vector<std::string> NamespaceHosts::namespaces() const {
  std::vector<std::string> mine;
  for (const std::string& line : lines_of(run_program({"ip", "netns", "list"}).out)) {
    const std::string namespace_name = line.substr(0, line.find(' '));
    if (namespace_name.starts_with(name_ + "-")) mine.push_back(namespace_name);
  }
  std::sort(mine.begin(), mine.end());
  return mine;
}

std::vector<std::string> NamespaceHosts::in_head(const std::vector<std::string>& argv) const {
  return with({kScript, "exec", name_}, argv);
}

std::vector<pid_t> NamespaceHosts::processes(const std::string& host) const {
  std::vector<pid_t> pids;
  for (const std::string& line : lines_of(run_program({"ip", "netns", "pids", name_ + "-" + host}).out)) {
    pids.push_back(static_cast<pid_t>(std::stol(line)));
  }
  return pids;
}

std::optional<pid_t> NamespaceHosts::rank_process(const std::string& host, std::uint32_t rank) const {
  const std::string wanted = "OMPI_COMM_WORLD_RANK=" + std::to_string(rank);
  for (const pid_t pid : processes(host)) {
    const std::vector<std::string> environment = environment_of(pid);
    if (runs_bench(pid) && std::find(environment.begin(), environment.end(), wanted) != environment.end()) {
      return pid;
    }
  }
  return std::nullopt;
}

}  // namespace bench::test
