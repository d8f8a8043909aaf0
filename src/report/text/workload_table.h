#pragma once
// The human report of `bench++ job` and `bench++ suite`: per workload and direction the request rate (IOPS),
// bandwidth in MiB/s (2^20 bytes) and MB/s (10^6 bytes), labelled, the latency of one request from submission
// to completion (mean, p50, p99, p99.9, max), %CPU, the CPU seconds bench++ spent per million requests (the
// measurer's own cost), the mean queue depth the jobs kept against the depth asked, and the engine that ran; then
// notes: each failed job's failure (fio's err=: the job's figures are what it did before), why an engine or depth differs from what the workload asked, workloads where bench++ used more than
// kMeasurerBusyPercentPerJob % of a core per job, workloads that were not steady, files kept by unlink=0. Across repeats (-x, a suite's repeat=N): per workload and
// direction the mean ± standard deviation of the rate and the best run (CrystalDiskMark's figure).
#include <string>
#include <vector>

#include "result/run_result.h"

namespace bench {

// Ends with '\n'; empty when the run has no workload results.
std::string format_workload_table(const RunResult& run);

// One line per failed job of `run` (WorkloadPart::failure), in the run's order: "workload 'NAME': MESSAGE", or
// "workload 'NAME' job N: MESSAGE" for one of numjobs reported apart; what main says of a failure, without the
// "bench++: ". Empty when every job ran to its end.
std::vector<std::string> job_failure_lines(const RunResult& run);
// error_dump=1: each error a job went on after (result/error_tolerance.h JobErrors::told), one line each, "workload
// 'NAME' (job N): MESSAGE", each job's once.
std::vector<std::string> told_error_lines(const RunResult& run);

// A failed part's (WorkloadPart::failure set) message, without the "workload 'NAME': " it may start with (a
// rate_min failure's does), for where the workload is already named.
std::string failure_message(const WorkloadPart& part);

// "FAILED (error 84): MESSAGE" (failure_message): how every human output marks a failed part, after its name.
std::string failed_text(const WorkloadPart& part);

// Per workload and direction across `runs`: the mean ± standard deviation of the rate and the best run; a run
// whose job failed in it is left out and counted under the table ("w read: 1 of 3 runs FAILED, left out"), and a
// test whose every run failed says FAILED. Empty for fewer than two runs.
std::string format_workload_repeat_summary(const std::vector<RunResult>& runs);

// "812", "12.3k", "151k", "2.07M": three significant digits.
std::string format_count_si(double value);

}  // namespace bench
