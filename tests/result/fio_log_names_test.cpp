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
TEST_CASE("fio_log_names: write_hist_log names PREFIX_clat_hist.J.log after the other logs, bare the workload's") {
  WorkloadSpec spec;
  spec.name = "w";
  spec.jobs = 2;
  spec.iops_log = "p";
  spec.fio_log.hist_log = "";
  const std::vector<WorkloadSpec> workloads = {spec};
  CHECK(paths(fio_log_names(workloads, 0)) ==
        std::vector<std::string>{"p_iops.1.log", "w_clat_hist.1.log", "p_iops.2.log", "w_clat_hist.2.log"});
  CHECK(fio_log_names(workloads, 0).at(1).option == "write_hist_log");
  CHECK(fio_log_names(workloads, 0).at(1).kind == FioLogKind::kCompletionHistogram);
}

}  // namespace bench
