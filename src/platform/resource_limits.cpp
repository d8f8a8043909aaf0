#include "platform/resource_limits.h"

#include <sys/resource.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <string>
#include <system_error>

#include <fmt/format.h>

#include "result/size_text.h"

namespace bench {
namespace {

constexpr int kCapSysAdmin = 21;     // linux/capability.h
constexpr int kCapSysResource = 24;

std::optional<std::uint64_t> soft_limit(int resource) {
  rlimit limit{};
  if (::getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::nullopt;
  return static_cast<std::uint64_t>(limit.rlim_cur);
}

// Whether the effective capabilities (/proc/self/status CapEff) lift RLIMIT_NPROC, as the kernel's fork and clone
// check it. false when they cannot be read.
bool tasks_unlimited_by_capabilities() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (!line.starts_with("CapEff:")) continue;
    const std::uint64_t effective = std::strtoull(line.c_str() + 7, nullptr, 16);
    return (effective >> kCapSysAdmin & 1) != 0 || (effective >> kCapSysResource & 1) != 0;
  }
  return false;
}

}  // namespace

ResourceLimits read_resource_limits() {
  ResourceLimits limits;
  limits.file_size_bytes = soft_limit(RLIMIT_FSIZE);
  limits.tasks = soft_limit(RLIMIT_NPROC);
  limits.address_space_bytes = soft_limit(RLIMIT_AS);
  limits.data_bytes = soft_limit(RLIMIT_DATA);
  limits.tasks_enforced = !tasks_unlimited_by_capabilities();
  return limits;
}

std::string limit_bytes_text(std::uint64_t bytes) {
  return size_in_tenths(bytes, SmallestUnit::kKiB, TenthRounding::kDown);  // a limit is not above what it is
}

std::string file_size_limit_text(std::uint64_t bytes) {
  return fmt::format("the file size limit (ulimit -f) of {}", limit_bytes_text(bytes));
}

std::string task_limit_text(std::uint64_t tasks) {
  return fmt::format("the process limit (ulimit -u) of {} processes and threads", tasks);
}

std::string address_space_limit_text(std::uint64_t bytes) {
  return fmt::format("the address space limit (ulimit -v) of {}", limit_bytes_text(bytes));
}

std::string data_limit_text(std::uint64_t bytes) {
  return fmt::format("the data limit (ulimit -d) of {}", limit_bytes_text(bytes));
}

std::string file_size_limit_reached_text(const std::string& what, std::uint64_t limit_bytes) {
  return fmt::format("file size limit reached writing {} ({})", what, file_size_limit_text(limit_bytes));
}

std::string write_failure_text(int error, const std::string& what) {
  if (error == EFBIG) {
    if (const std::optional<std::uint64_t> limit = soft_limit(RLIMIT_FSIZE)) {
      return file_size_limit_reached_text(what, *limit);
    }
  }
  return "cannot write " + what;
}

namespace {
// The memory limits of `limits` that are set, joined by "and"; "" for none.
std::string memory_limits_text(const ResourceLimits& limits) {
  std::string text;
  if (limits.address_space_bytes) text = address_space_limit_text(*limits.address_space_bytes);
  if (limits.data_bytes) text += (text.empty() ? "" : " and ") + data_limit_text(*limits.data_bytes);
  return text;
}

std::string under(const std::string& limits) { return limits.empty() ? limits : " (under " + limits + ")"; }
}  // namespace

std::string memory_limits_note(const ResourceLimits& limits) { return under(memory_limits_text(limits)); }

void throw_allocation_failure(const std::string& what, std::uint64_t bytes) {
  throw std::system_error(ENOMEM, std::generic_category(),
                          fmt::format("cannot allocate {} of {}{}", what, limit_bytes_text(bytes),
                                      memory_limits_note(read_resource_limits())));
}

std::string task_start_limits_note(const ResourceLimits& limits) {
  // A thread's stack is memory too: under ulimit -v, pthread_create fails with EAGAIN as under ulimit -u.
  std::string text = limits.tasks && limits.tasks_enforced ? task_limit_text(*limits.tasks) : "";
  const std::string memory = memory_limits_text(limits);
  if (!memory.empty()) text += (text.empty() ? "" : " and ") + memory;
  return under(text);
}

}  // namespace bench
