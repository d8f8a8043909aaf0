#pragma once
// A test's job measurements (phases/phase.h) as results, for bonnie++'s tests and workloads alike: one result per
// part of the test (a bonnie++ test's own; a workload's reads, writes and syncs) over all its jobs, and for a
// workload with numjobs > 1 and no group_reporting also each job's own. Pure.
//   - operations, bytes and the latency histogram summed over the jobs;
//   - elapsed from the jobs' earliest start of measurement to their latest end (of the part's own window where it
//     has one: PartMeasurement::own_window, a verify read-back's);
//   - CPU the process's over the group (the tests of a group share it), from the start of the test's measured
//     window (after a ramp_time: its jobs' earliest JobMeasurement::cpu_at_measured_from) to the group's end, so
//     that %CPU = cpu / elapsed covers one window; apart (cpu_breakdown), the jobs' own usage summed
//     (JobMeasurement::own_usage: fio's per-job figures), when each job has it;
//   - a workload's part: which workload, direction and job, its engine and depth, the mean depth its jobs kept
//     (Little's law), its per-second series and the steady-state verdict, and the CPU seconds per million requests
//     of the whole workload (WorkloadPart::cpu_per_million_requests: the all-jobs parts' CPU over their requests).
#include <chrono>
#include <cstdint>
#include <span>
#include <vector>

#include "measure/latency_histogram.h"
#include "phases/phase.h"
#include "plan/plan.h"
#include "result/run_result.h"

namespace bench {

// The process's CPU time (measure/stopwatch.h) when a group was released and when it ended.
struct CpuWindow {
  std::chrono::nanoseconds released{0};
  std::chrono::nanoseconds ended{0};
};

// One result as this process measured it, with what the ranks of an MPI job exchange besides.
struct LocalResult {
  PhaseResult result;                     // the process's own figures
  LatencyHistogram histogram;             // what result.latency summarises
  LatencyHistogram submission_histogram;  // what result.submission_latency summarises (a workload's slat)
  LatencyHistogram completion_histogram;  // ... and result.completion_latency (its clat)
  std::chrono::nanoseconds start{0};      // the jobs' earliest start of measurement, from the group's zero
  std::chrono::nanoseconds end{0};        // ... and their latest end
  std::vector<std::uint64_t> per_second;  // operations completed in each whole second (workloads)
  double mean_depth = 0;                  // a workload's requests in flight per job
  CacheResidency residency;               // a bonnie++ read test's cached share as it began (summed over jobs)
  // bonnie++'s tests report even without operations; a workload's parts not, but the first of a failed or a
  // create_only=1 one (run/test_results.cpp report_without_requests).
  bool reported_when_empty = false;
};

// Every part (and job) of `test`, with operations or without, so that the list's shape depends on the plan only
// (what the ranks need to exchange them). `parts`: the test's Phase::parts(); `jobs`: its jobs' measurements and
// cache residencies, in job order; `zero`: when the group was released.
// fio's bandwidth and IOPS samples of one job (WorkloadPart::bw_window_bytes): the windows of `series` (amounts per
// window of `window`, bwavgtime= or iopsavgtime=) that ended within the job's `elapsed`, its runtime= at most
// (`runtime`, 0: none: a job stopped by it ends there, however long its last requests took), but the one its end
// closes: fio's helper thread samples each window as it ends while the job runs (stat.c calc_log_samples).
std::vector<std::uint64_t> sampled_windows(const std::vector<std::uint64_t>& series, std::chrono::nanoseconds elapsed,
                                           std::chrono::nanoseconds runtime, std::chrono::milliseconds window);

std::vector<LocalResult> local_results(const Plan& plan, const PlannedTest& test, const std::vector<TestId>& parts,
                                       std::span<const JobMeasurement> jobs, std::span<const CacheResidency> residencies,
                                       CpuWindow cpu, std::chrono::steady_clock::time_point zero);

// Whether the run reports `result` (the whole's, over every rank): a workload's part only with operations.
inline bool is_reported(const LocalResult& local, const PhaseResult& whole) {
  return local.reported_when_empty || whole.operations != 0;
}

}  // namespace bench
