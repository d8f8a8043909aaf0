#pragma once
// What a workload measured, as plain data. A workload's results are PhaseResults (id() PhaseId::kWorkload), one per
// direction that had requests (reads, writes, syncs, trims), so every writer and compare shows them as tests; the
// WorkloadPart each holds (which alone makes it a workload's) says which workload and direction it is and what ran
// it. The workload's spec is in the run's setup (RunSetup::workloads), found by name.
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "result/engine_kind.h"
#include "result/error_tolerance.h"
#include "result/fio_steady_state.h"
#include "result/steady_state.h"

namespace bench {

// kTrim last: a result file names directions by keyword, an array indexed by them keeps the old three first.
enum class IoDirection { kRead, kWrite, kSync, kTrim };

// fio's I/O depth distributions (iodepth_level, iodepth_submit, iodepth_complete), as counts in fio's seven
// ranges, over a workload's measured time (after ramp_time).
struct IoDepthCounts {
  static constexpr std::size_t kRanges = 7;  // fio's seven ranges, as below
  // Requests submitted (syncs included, as fio counts them), by the requests in flight once they are: 1, 2-3,
  // 4-7, 8-15, 16-31, 32-63, >=64 (fio's io_u_map, keyed "1", "2", "4", ... ">=64"; its shares are of the reads,
  // writes and trims, so with syncs they add up past 100 %, as fio's).
  std::array<std::uint64_t, kRanges> level{};
  // Submissions (a batch handed to the engine, a sync included), by their requests: 0, 1-4, 5-8, 9-16, 17-32,
  // 33-64, >64 (fio's io_u_submit, keyed "0", "4", "8", ... "64", ">=64").
  std::array<std::uint64_t, kRanges> submit{};
  // Reaps, by the completions each returned, in the same ranges (fio's io_u_complete).
  std::array<std::uint64_t, kRanges> complete{};

  // fio's ranges (io_u_mark_depth, __io_u_mark_map).
  static std::size_t level_range(std::uint64_t in_flight) {
    std::size_t range = 0;
    for (std::uint64_t edge = 2; range + 1 < kRanges && in_flight >= edge; edge *= 2) ++range;
    return range;
  }
  static std::size_t count_range(std::uint64_t requests) {
    if (requests == 0) return 0;
    std::size_t range = 1;
    for (std::uint64_t edge = 4; range + 1 < kRanges && requests > edge; edge *= 2) ++range;
    return range;
  }
  void add(const IoDepthCounts& other) {
    for (std::size_t i = 0; i < level.size(); ++i) {
      level[i] += other.level[i];
      submit[i] += other.submit[i];
      complete[i] += other.complete[i];
    }
  }
};

// Why a workload's job ended before its end (an I/O error, a verify mismatch, rate_min not kept), as fio records
// a job's error: the other jobs went on, and the job's figures are what it did before. `error` is an errno value
// (fio's: EIO for a short transfer or a rate not kept, EILSEQ for a verify mismatch); never 0.
struct JobFailure {
  int error = 0;
  std::string message;  // one line, naming what failed (file, offset, what was expected)
  friend bool operator==(const JobFailure&, const JobFailure&) = default;
};

struct WorkloadPart {
  std::string workload;              // WorkloadSpec::name
  IoDirection direction = IoDirection::kRead;
  std::optional<std::uint32_t> job;  // one job's own part (numjobs > 1 without group_reporting); nullopt: all jobs
  EngineKind engine = EngineKind::kPsync;  // what ran it
  std::uint32_t engine_depth = 1;         // requests in flight per job, as run
  std::string engine_note;                // why that engine and depth, when not what the spec implies
  // The mean number of read and write requests in flight per job over the measured time (Little's law: their
  // times in flight over the time); the same in every part of a workload.
  double mean_depth = 0;
  // The measurer's own cost: CPU seconds bench++'s process spent (user + system, over the part's measured window,
  // PhaseResult::cpu) per million requests of the whole workload (every direction and job, syncs included), the same
  // in every part of a workload; beside IOPS it says when the tool, not the device, is the limit. Under MPI rank
  // 0's own. nullopt without requests, or when a file written before it was recorded is read.
  std::optional<double> cpu_per_million_requests;
  std::vector<double> per_second;     // this direction's requests completed in each whole second, in order
  // The mean latency (ns) of the requests completed in each of those seconds, 0 for a second without any; rank 0's
  // own under MPI. For the HTML report's chart; not kept in the result files.
  std::vector<double> mean_latency_ns_per_second;
  std::optional<SteadyState> steady;  // of per_second; nullopt under kSteadyMinimumSeconds or not time_based
  // fio's steady state (ss_dur=): what the part's last job found (fio's group_reporting keeps its group's last
  // job's, which judges the group); nullopt without ss_dur=.
  std::optional<FioSteadyStateResult> fio_steady_state;
  // fio's latency profile (latency_target=): the depth the part's last job's search ended at (fio's
  // latency_depth, its group's last job's); nullopt without latency_target=.
  std::optional<std::uint32_t> latency_depth;
  IoDepthCounts depths;               // of all its jobs' requests (this job's for a job's part); the same in every part
  // fio's bandwidth and IOPS samples (report/fio/fio_jobs.h): per job of the part, in job order, the bytes completed
  // in each whole window of bwavgtime= ms of its measured time, and the requests in each window of iopsavgtime= ms;
  // the window the job's end closes left out, as fio takes no sample of it (run/test_results.h sampled_windows).
  // Under MPI rank 0's jobs only. Not kept in the result files.
  std::vector<std::vector<std::uint64_t>> bw_window_bytes;
  std::vector<std::vector<std::uint64_t>> iops_window_operations;
  // Each job's runtime, a verify read-back after its writes included, in job order (fio's total_run_time per job,
  // which group_reporting sums into job_runtime). Under MPI rank 0's jobs only. Not kept in the result files.
  std::vector<std::chrono::nanoseconds> job_runtimes;
  // A failed job's (or, in the part of all jobs, its first failed job's) failure, in every part of it; nullopt when
  // it ran to its end. A failed job's first part that it would have done is reported even without requests.
  std::optional<JobFailure> failure;
  // The errors its jobs went on after (continue_on_error=, ignore_error=) and their failed requests, summed over
  // the part's jobs as fio's group sums them (result/error_tolerance.h); the same in every part of a job.
  JobErrors errors;
};

}  // namespace bench
