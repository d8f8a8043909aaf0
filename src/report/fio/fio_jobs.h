#pragma once
// bench++'s results as fio reports them: one FioJob per entry of fio's "jobs" (a workload, or each of its jobs
// when numjobs > 1 without group_reporting, as fio prints them), with each direction's numbers in fio's units.
// Shared by fio's JSON, terse and normal writers (report/fio/). Pure.
//
// What bench++ measures and what it does not (bench++(1), FIO OUTPUT, lists them):
// - a request's latency is timed from the submission of its batch to its reaping: fio's total latency (lat); on an
//   engine whose requests complete after the submit call returns, that return is stamped too, giving fio's slat
//   (batch start to return) and clat (return to reaping) apart, as fio stamps issue_time; on a synchronous engine
//   the request completes within the call, so (as fio) there is no slat and clat is the latency;
// - latency stddev is derived from the histogram's buckets (each bucket at its midpoint: within 0.8 %);
// - the bandwidth and IOPS samples are fio's: each job's rate over each whole window of bwavgtime= (iopsavgtime=)
//   ms, 500 by default, that had requests, but the one the job's end closes (fio_window_rates, run/test_results.h
//   sampled_windows); a part of several jobs (group_reporting) adds its
//   jobs' statistics as fio's sum_stat does (fio_summed_stats);
// - bench++'s histogram has fio's bucket layout (exact below 128 ns, then 64 buckets per power of two; a bucket's
//   value its midpoint), so json+'s bins are bench++'s buckets one for one; fio's last bucket (index 1855, from
//   about 17.2 s) also takes every longer latency, as fio's does;
// - CPU user and system time, context switches and faults are the process's over the group of workloads that ran
//   at once (PhaseResult::cpu_breakdown; zeros where not recorded: under MPI, read from a file); the I/O depth
//   distributions are counted per submission and per reap of the job loop (result/workload_result.h IoDepthCounts).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "result/run_result.h"

namespace bench {

// One latency statistic of fio's (slat, clat or lat) of one direction: its summary, its buckets in fio's range and
// the standard deviation derived from them.
struct FioLatency {
  LatencySummary summary;
  HistogramBuckets buckets;
  double stddev_ns = 0;
};

// fio's statistics of a series of samples: min, max, mean, sample standard deviation and count (calc_lat); all
// zero without samples. sum_squares is fio's S (the squared deviations from the mean), which fio_summed_stats adds.
struct FioSampleStats {
  double min = 0, max = 0, mean = 0, stddev = 0;
  std::uint64_t samples = 0;
  double sum_squares = 0;
};
FioSampleStats fio_sample_stats(const std::vector<double>& samples);

// fio's group_reporting sum of several jobs' statistics (its sum_stat with pure_sum): min, max, mean, S and samples
// each added, the standard deviation then sqrt(S / (samples - 1)); jobs without samples add nothing.
FioSampleStats fio_summed_stats(const std::vector<FioSampleStats>& jobs);

// fio's samples of one job (its __add_samples): for each window with requests its rate, `per_window[i]` x 1000 /
// `window_ms` (and / 1024 with `kib`: KiB/s), in whole numbers as fio's; a window without requests gives none.
std::vector<double> fio_window_rates(const std::vector<std::uint64_t>& per_window, std::uint64_t window_ms, bool kib);

// One direction (fio's ddir) of one job.
struct FioDirectionResult {
  std::uint64_t io_bytes = 0;
  std::uint64_t total_ios = 0;
  std::uint64_t runtime_ms = 0;
  std::optional<LatencySummary> latency;  // nullopt: no request
  HistogramBuckets buckets;               // bench++'s = fio's bucket indices
  double latency_stddev_ns = 0;
  // slat and clat apart (PhaseResult::submission_latency, completion_latency); nullopt on a synchronous engine,
  // where fio records no slat and clat is the latency.
  std::optional<FioLatency> submission;
  std::optional<FioLatency> completion;
  FioSampleStats bandwidth_samples;  // KiB/s (WorkloadPart::bw_window_bytes)
  FioSampleStats iops_samples;       // (WorkloadPart::iops_window_operations)
  // Which of fio's latency statistics the job records: not those its disable_slat, disable_clat or disable_lat
  // leave out (gtod_reduce=1 sets all three, as fio's), nor the syncs' latency under disable_clat (fio's
  // sync_stat is clat's). fio_latency gives none of a statistic not recorded, so every writer writes fio's zeros
  // for it, though bench++ measured it.
  bool slat_recorded = true;
  bool clat_recorded = true;
  bool lat_recorded = true;
};

// Which of fio's latency statistics.
enum class FioLatencyKind { kSlat, kClat, kLat };
// That statistic of `direction` as fio writes it; nullopt where fio would have recorded none (no request, slat on a
// synchronous engine, or a statistic the job does not record). clat is the latency itself on a synchronous engine.
std::optional<FioLatency> fio_latency(const FioDirectionResult& direction, FioLatencyKind kind);

// fio's order of its directions: read, write, trim, and sync (fsync/fdatasync).
enum class FioDdir { kRead = 0, kWrite = 1, kTrim = 2, kSync = 3 };

// One of fio's entries (stat.c __show_run_stats): a job, or with group_reporting several, which fio reports as one.
// A job with group_reporting joins the entry before it when that is of its group, whatever its workload: so a
// workload's jobs are one entry, and so are the workloads of one group (fio's sections up to a stonewall) that all
// have it, under the first one's name (fio_jobs).
struct FioJob {
  std::string name;
  std::uint32_t groupid = 0;  // fio's group: one more at each stonewall
  const WorkloadSpec* spec = nullptr;  // the first member's spec in the run's setup (never null): name, description
  // The last member's spec (never null; `spec` for one workload's entry): fio takes its percentile settings, its
  // latency_depth (iodepth) and its "job options" from the last job it adds to an entry.
  const WorkloadSpec* last_spec = nullptr;
  std::uint32_t members = 1;  // fio's "jobs=N": the jobs the entry adds up
  std::array<FioDirectionResult, 4> directions;  // by FioDdir
  // fio's job_runtime: the job's time in ms; with group_reporting its jobs' times summed, as fio sums them
  // (WorkloadPart::job_runtimes; the longest direction's runtime where those were not recorded).
  std::uint64_t job_runtime_ms = 0;
  std::optional<CpuBreakdown> cpu;  // the process's over the job's group
  IoDepthCounts depths;             // fio's I/O depth distributions, as counts
  // fio's "error" (its number) and verror (the message); nullopt: error 0. A job that went on after its errors
  // (continue_on_error=, ignore_error=) has its first counted error here, as fio's group reports it.
  std::optional<JobFailure> failure;
  JobErrors errors;  // fio's total_err_count and first_error (its members' summed, as fio's sum_thread_stats)
  // fio's ts->continue_on_error (the last member's): the outputs add total_err and first_error.
  bool counts_errors() const { return last_spec->errors.counts_errors(); }
  // fio's steady state (ss_dur=): the last member's, as fio's group takes its last job's; nullopt: none.
  std::optional<FioSteadyStateResult> steady_state;
  // fio's latency_depth under latency_target=: the depth the last member's search ended at; nullopt: none.
  std::optional<std::uint32_t> latency_depth;
  int error() const { return failure ? failure->error : 0; }
  const FioDirectionResult& at(FioDdir ddir) const { return directions[static_cast<std::size_t>(ddir)]; }
};

// The entries of one run, in fio's order. A run without workloads has none.
std::vector<FioJob> fio_jobs(const RunResult& run);

// fio's default percentile_list, in percent.
const std::vector<double>& fio_default_percentiles();
// The percentiles fio writes for `spec`: its percentile_list (sorted, up to its first 0), or fio's default.
const std::vector<double>& fio_percentiles(const WorkloadSpec& spec);

// The value fio gives percentile `percent` of the buckets holding `count` samples: the midpoint of the first
// bucket whose running sum reaches percent/100 x count (fio's calc_clat_percentiles).
std::uint64_t fio_percentile_ns(const HistogramBuckets& buckets, std::uint64_t count, double percent);

// The buckets in fio's range: those past fio's last bucket added to it.
HistogramBuckets fio_bucket_range(const HistogramBuckets& buckets);

// A bucket's value as fio's plat_idx_to_val gives it (its midpoint; the index itself below 128).
std::uint64_t fio_bucket_value(std::uint32_t index);


// The share (percent) of a job's reads, writes and trims whose completion latency (clat, as fio's
// io_u_mark_latency) fell in each of fio's ranges: latency_ns (2, 4, 10, ... 1000 ns), latency_us (2 ... 1000 us)
// and latency_ms (2 ... 2000, >=2000 ms); fio's keys with it. A range with requests is at least 0.01 %, fio's
// floor (stat_calc_lat); all zero when clat is not recorded (disable_clat, gtod_reduce), as fio's.
struct FioLatencyShares {
  std::array<double, 10> ns{};
  std::array<double, 10> us{};
  std::array<double, 12> ms{};
  double below_1us = 0;  // the ns ranges' share together, unraised: fio's terse line adds it to us "2"
};
FioLatencyShares fio_latency_shares(const FioJob& job);
inline constexpr std::array<const char*, 10> kFioLatencyKeys = {"2", "4", "10", "20", "50", "100", "250", "500",
                                                                "750", "1000"};
inline constexpr std::array<const char*, 12> kFioLatencyMsKeys = {"2",   "4",   "10",   "20",   "50",    "100",
                                                                  "250", "500", "750", "1000", "2000", ">=2000"};

// The bandwidth share fio calls bw_agg: this job's mean bandwidth samples over its group's bandwidth, in
// percent (at most 100); 0 without samples.
double fio_bandwidth_share(const FioJob& job, FioDdir ddir, const std::vector<FioJob>& jobs);

// fio's stat_calc_dist: each range's share (percent) of `total`, a range with any count at least 0.1 % (fio's
// floor); zeros when `total` is 0. fio's total for the depth
// levels is the job's reads and writes, while its levels count syncs too, so they may add up past 100 %
// (fio_depth_level_shares); for submit and complete the counts' own sum.
std::array<double, 7> fio_depth_shares(const std::array<std::uint64_t, 7>& counts, std::uint64_t total);
std::array<double, 7> fio_depth_shares(const std::array<std::uint64_t, 7>& counts);
std::array<double, 7> fio_depth_level_shares(const FioJob& job);

// fio's usr_cpu and sys_cpu: the user and system time over the job's runtime, in percent; 0 without them.
double fio_user_cpu_percent(const FioJob& job);
double fio_system_cpu_percent(const FioJob& job);

// What bench++ writes where fio writes its version (the JSON's "fio version", the terse lines' second field, the
// normal output's version line): the fio version string of the bench++ that ran `info` (result/fio_release.h).
std::string fio_version_text(const RunInfo& info);

}  // namespace bench
