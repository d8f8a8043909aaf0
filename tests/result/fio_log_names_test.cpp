// fio's log names: J is fio's thread_number, counted over the jobs of the whole run (init.c get_new_job).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "result/fio_log_names.h"

namespace bench {
namespace {

std::vector<std::string> paths(const std::vector<FioLogName>& logs) {
  std::vector<std::string> names;
  for (const FioLogName& log : logs) names.push_back(log.path);
  return names;
}

TEST_CASE("fio_log_names: jobs are numbered across the run's workloads, as fio numbers its threads") {
  WorkloadSpec first;
  first.name = "a";
  first.jobs = 2;
  first.bw_log = "L";
  WorkloadSpec quiet;  // no logs, but its jobs count
  quiet.name = "q";
  quiet.jobs = 3;
  WorkloadSpec second;
  second.name = "b";
  second.bw_log = "L";
  const std::vector<WorkloadSpec> workloads = {first, quiet, second};
  CHECK(paths(fio_log_names(workloads, 0)) == std::vector<std::string>{"L_bw.1.log", "L_bw.2.log"});
  CHECK(fio_log_names(workloads, 1).empty());
  CHECK(paths(fio_log_names(workloads, 2)) == std::vector<std::string>{"L_bw.6.log"});
  // Each log still says which of its workload's jobs it logs.
  CHECK(fio_log_names(workloads, 0).at(1).job == 1);
  CHECK(fio_log_names(workloads, 2).at(0).job == 0);
}

TEST_CASE("fio_log_names: with per_job_logs=0 one file per workload, without a number, whatever comes before") {
  WorkloadSpec first;
  first.name = "a";
  first.jobs = 4;
  WorkloadSpec spec;
  spec.name = "b";
  spec.jobs = 2;
  spec.iops_log = "";  // bare: the workload's name
  spec.per_job_logs = false;
  CHECK(paths(fio_log_names(std::vector<WorkloadSpec>{first, spec}, 1)) == std::vector<std::string>{"b_iops.log"});
}

}  // namespace
}  // namespace bench
