// The process's resource limits as data, and the words they are named by (platform/resource_limits.h).
#include "platform/resource_limits.h"

#include <doctest/doctest.h>

#include <sys/resource.h>

#include <cerrno>
#include <cstdint>
#include <string>

namespace bench {
namespace {

constexpr std::uint64_t kKiB = 1024;
constexpr std::uint64_t kMiB = kKiB << 10;

}  // namespace

TEST_CASE("resource limits: this process's soft limits are read, unlimited as none") {
  rlimit saved{};
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
  rlimit lowered = saved;
  lowered.rlim_cur = saved.rlim_max == RLIM_INFINITY || saved.rlim_max > 8 * kMiB ? 8 * kMiB : saved.rlim_max;
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &lowered) == 0);
  const ResourceLimits limits = read_resource_limits();
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &saved) == 0);
  CHECK(limits.file_size_bytes == lowered.rlim_cur);
  if (saved.rlim_cur == RLIM_INFINITY) CHECK_FALSE(read_resource_limits().file_size_bytes.has_value());
}

TEST_CASE("resource limits: a failed write is named with the file size limit only for EFBIG under one") {
  CHECK(write_failure_text(EIO, "/d/f at offset 0") == "cannot write /d/f at offset 0");
  rlimit saved{};
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
  rlimit lowered = saved;
  lowered.rlim_cur = saved.rlim_max == RLIM_INFINITY || saved.rlim_max > 8 * kMiB ? 8 * kMiB : saved.rlim_max;
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &lowered) == 0);
  const std::string efbig = write_failure_text(EFBIG, "/d/f at offset 8388608");
  const std::string other = write_failure_text(ENOSPC, "/d/f at offset 8388608");
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &saved) == 0);
  CHECK(efbig == file_size_limit_reached_text("/d/f at offset 8388608", lowered.rlim_cur));
  CHECK(other == "cannot write /d/f at offset 8388608");
  if (saved.rlim_cur == RLIM_INFINITY) CHECK(write_failure_text(EFBIG, "/d/f") == "cannot write /d/f");
}

TEST_CASE("resource limits: the words of the limits, and the notes said when a run meets one all the same") {
  CHECK(limit_bytes_text(32 * kKiB) == "32.0 KiB");
  CHECK(limit_bytes_text(40000 * kKiB) == "39.0 MiB");
  CHECK(limit_bytes_text(kMiB - 1) == "1023.9 KiB");  // rounded down: a limit is not above what it is
  CHECK(limit_bytes_text(3 * (kMiB << 10) / 2) == "1.5 GiB");
  CHECK(file_size_limit_text(32 * kKiB) == "the file size limit (ulimit -f) of 32.0 KiB");
  CHECK(file_size_limit_reached_text("/d/f at offset 8192", 8 * kKiB) ==
        "file size limit reached writing /d/f at offset 8192 (the file size limit (ulimit -f) of 8.0 KiB)");
  ResourceLimits limits;
  CHECK(task_start_limits_note(limits).empty());
  CHECK(memory_limits_note(limits).empty());
  limits.tasks = 40;
  CHECK(task_start_limits_note(limits) == " (under the process limit (ulimit -u) of 40 processes and threads)");
  limits.address_space_bytes = 20000 * kKiB;
  CHECK(task_start_limits_note(limits) ==
        " (under the process limit (ulimit -u) of 40 processes and threads and the address space limit (ulimit -v) "
        "of 19.5 MiB)");
  limits.tasks_enforced = false;
  CHECK(task_start_limits_note(limits) == " (under the address space limit (ulimit -v) of 19.5 MiB)");
  limits.data_bytes = 2 * kMiB;
  CHECK(memory_limits_note(limits) ==
        " (under the address space limit (ulimit -v) of 19.5 MiB and the data limit (ulimit -d) of 2.0 MiB)");
}

}  // namespace bench
