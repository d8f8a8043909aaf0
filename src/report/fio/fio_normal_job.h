#pragma once
// One job's block of fio 3.33's normal output (stat.c show_thread_status_normal): its line with the pid and time,
// each direction's IOPS and BW line, latency lines, percentiles and sample lines (show_ddir_status), the latency
// distribution, the syncs, cpu, the I/O depths, the requests issued and the latency settings. Pure.
#include <string>
#include <vector>

#include "report/fio/fio_jobs.h"

namespace bench {

// What fio's job line names beside the figures: the job's process (bench++'s, whose threads the jobs are) and
// the time of the report as fio's ctime writes it ("Mon Dec  7 11:11:29 2026").
struct FioJobStamp {
  int pid = 0;
  std::string time_text;
};

// The block of `job`, one of `jobs` (its group's bandwidth share is over them); "" for a job without requests
// (create_only), which fio leaves out.
std::string fio_job_block(const FioJob& job, const std::vector<FioJob>& jobs, const FioJobStamp& stamp);

}  // namespace bench
