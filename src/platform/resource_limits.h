#pragma once
// The process's resource limits that a run can meet (getrlimit(2)'s soft limits), as plain data: read once by the
// run command and handed to the plan (plan/resource_limits.h), whose checks then take them as data (so their
// tests need no ulimit). And the words bench++ names them by when a run meets one all the same.
#include <cstdint>
#include <optional>
#include <string>

namespace bench {

// nullopt: unlimited (RLIM_INFINITY).
struct ResourceLimits {
  std::optional<std::uint64_t> file_size_bytes;      // RLIMIT_FSIZE (ulimit -f): no write reaches past it
  std::optional<std::uint64_t> tasks;                // RLIMIT_NPROC (ulimit -u): the user's processes and threads
  std::optional<std::uint64_t> address_space_bytes;  // RLIMIT_AS (ulimit -v)
  std::optional<std::uint64_t> data_bytes;           // RLIMIT_DATA (ulimit -d): since Linux 4.7 with private mappings
  // Whether the kernel holds this process to `tasks`: not with CAP_SYS_ADMIN or CAP_SYS_RESOURCE (root).
  bool tasks_enforced = true;
};

// This process's limits. Never throws (a limit that cannot be read counts as none).
ResourceLimits read_resource_limits();

// "the file size limit (ulimit -f) of 64.0 KiB", "the process limit (ulimit -u) of 40 processes and threads",
// "the address space limit (ulimit -v) of 19.5 MiB", "the data limit (ulimit -d) of 19.5 MiB". Pure.
std::string file_size_limit_text(std::uint64_t bytes);
std::string task_limit_text(std::uint64_t tasks);
std::string address_space_limit_text(std::uint64_t bytes);
std::string data_limit_text(std::uint64_t bytes);

// "file size limit reached writing WHAT (the file size limit (ulimit -f) of 64.0 KiB)": a write's EFBIG under the
// limit, WHAT the file (and where in it). Pure.
std::string file_size_limit_reached_text(const std::string& what, std::uint64_t limit_bytes);

// What a write of WHAT that failed with `error` is named: file_size_limit_reached_text's words for EFBIG under this
// process's file size limit (EFBIG is seen because bench++ ignores SIGXFSZ, run/interrupt.h), "cannot write WHAT"
// otherwise. Reads the limit only for EFBIG.
std::string write_failure_text(int error, const std::string& what);

// What may have stopped a new thread or process (std::thread, fork: EAGAIN): the limits of `limits` that are set,
// as " (under the process limit (ulimit -u) of 40 processes and threads)", or "" when none is. Pure.
std::string task_start_limits_note(const ResourceLimits& limits);

// What may have stopped an allocation: " (under the address space limit (ulimit -v) of 19.5 MiB)", or "". Pure.
std::string memory_limits_note(const ResourceLimits& limits);

// Throws std::system_error(ENOMEM) "cannot allocate WHAT of 64.0 MiB" with memory_limits_note's of this process.
[[noreturn]] void throw_allocation_failure(const std::string& what, std::uint64_t bytes);

// Sizes for people, as the limits are set (KiB and up): "64.0 KiB", "1.5 GiB". Pure.
std::string limit_bytes_text(std::uint64_t bytes);

}  // namespace bench
