#pragma once
// The fio option tests' one workload: `--name=x --size=1m` and the options given, read as bench++ job's command
// line reads them; or the UsageError's message.
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "cli/fio_job_file.h"
#include "result/errors.h"
#include "test_support.h"

namespace bench::test {

inline WorkloadSpec workload_of(std::vector<std::string> words) {
  words.insert(words.begin(), {"--name=x", "--size=1m"});
  const FioJobs jobs = read_fio_command_line(words);
  REQUIRE(jobs.workloads.size() == 1);
  return jobs.workloads.front();
}

inline std::string workload_error_of(std::vector<std::string> words) {
  words.insert(words.begin(), {"--name=x", "--size=1m"});
  return error_of<UsageError>([&] { read_fio_command_line(words); });
}

}  // namespace bench::test
