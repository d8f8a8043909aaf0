#include "report/fio/fio_jobs.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "measure/latency_histogram.h"
#include "result/fio_release.h"

namespace bench {
namespace {

constexpr std::uint32_t kFioBucketCount = 29 * 64;  // fio's FIO_IO_U_PLAT_NR
// fio's floors on a range with any count: 0.1 % of a depth distribution (stat_calc_dist), 0.01 % of a latency
// distribution (stat_calc_lat).
constexpr double kFioDepthShareFloor = 0.1;
constexpr double kFioLatencyShareFloor = 0.01;

double stddev_of_buckets(const HistogramBuckets& buckets, double mean) {
  double squares = 0;
  std::uint64_t count = 0;
  for (const auto& [index, n] : buckets) {
    const double delta = static_cast<double>(fio_bucket_value(index)) - mean;
    squares += delta * delta * static_cast<double>(n);
    count += n;
  }
  return count > 1 ? std::sqrt(squares / static_cast<double>(count - 1)) : 0.0;
}

FioDirectionResult direction_of(const PhaseResult& result, const WorkloadSpec& spec, FioDdir ddir) {
  const auto bw_window_ms = static_cast<std::uint64_t>(spec.bw_avg_time.count());
  const auto iops_window_ms = static_cast<std::uint64_t>(spec.iops_avg_time.count());
  FioDirectionResult direction;
  direction.io_bytes = result.bytes;
  direction.total_ios = result.operations;
  // fio rounds a direction's runtime up to whole ms from whole us (backend.c update_runtime): a run under 1 ms has 1;
  // and counts it only for a direction that moved bytes (cpuio's reads of 0 bytes have none, so no rate either).
  direction.runtime_ms =
      result.bytes == 0 ? 0 : static_cast<std::uint64_t>((result.elapsed.count() / 1000 + 999) / 1000);
  direction.latency = result.latency;
  direction.buckets = fio_bucket_range(result.latency_histogram);
  if (result.latency) direction.latency_stddev_ns = stddev_of_buckets(direction.buckets, result.latency->mean_ns);
  const auto split = [](const std::optional<LatencySummary>& summary, const HistogramBuckets& buckets) {
    std::optional<FioLatency> latency;
    if (!summary) return latency;
    latency = FioLatency{*summary, fio_bucket_range(buckets), 0};
    latency->stddev_ns = stddev_of_buckets(latency->buckets, summary->mean_ns);
    return latency;
  };
  direction.submission = split(result.submission_latency, result.submission_histogram);
  direction.completion = split(result.completion_latency, result.completion_histogram);
  if (result.workload) {
    const WorkloadPart& part = *result.workload;
    std::vector<FioSampleStats> bandwidth, iops;
    for (const std::vector<std::uint64_t>& windows : part.bw_window_bytes) {
      bandwidth.push_back(fio_sample_stats(fio_window_rates(windows, bw_window_ms, true)));
    }
    for (const std::vector<std::uint64_t>& windows : part.iops_window_operations) {
      iops.push_back(fio_sample_stats(fio_window_rates(windows, iops_window_ms, false)));
    }
    direction.bandwidth_samples = fio_summed_stats(bandwidth);
    direction.iops_samples = fio_summed_stats(iops);
  }
  const LatencyOutput& recorded = spec.latency_output;
  if (ddir == FioDdir::kSync) {  // fio's sync_stat, its syncs' clat, written as their lat_ns
    direction.lat_recorded = direction.clat_recorded = !recorded.disable_clat;
    direction.slat_recorded = false;
    if (recorded.disable_clat) {  // none at all, for a writer that reads `latency` itself
      direction.latency.reset();
      direction.buckets.clear();
    }
  } else {
    // fio's metadata engines (FIO_NOSTATS) record their call's time as clat alone: no slat, no lat.
    const bool no_stats = calls_on_files(spec.engine);
    direction.slat_recorded = !recorded.disable_slat && !no_stats;
    direction.clat_recorded = !recorded.disable_clat;
    direction.lat_recorded = !recorded.disable_lat && !no_stats;
  }
  return direction;
}

// The whole of a job's part's jobs' runtimes in ms, each truncated to ms as fio's; nullopt when not recorded.
std::optional<std::uint64_t> summed_job_runtimes_ms(const WorkloadPart& part) {
  if (part.job_runtimes.empty()) return std::nullopt;
  std::uint64_t sum = 0;
  for (const std::chrono::nanoseconds runtime : part.job_runtimes) {
    sum += static_cast<std::uint64_t>(runtime.count() / 1'000'000);
  }
  return sum;
}

FioDdir ddir_of(IoDirection direction) {
  switch (direction) {
    case IoDirection::kRead: return FioDdir::kRead;
    case IoDirection::kWrite: return FioDdir::kWrite;
    case IoDirection::kSync: return FioDdir::kSync;
    case IoDirection::kTrim: return FioDdir::kTrim;
  }
  return FioDdir::kRead;
}

// Two sorted bucket lists as one.
HistogramBuckets merged_buckets(const HistogramBuckets& a, const HistogramBuckets& b) {
  HistogramBuckets merged;
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (j == b.size() || (i < a.size() && a[i].first < b[j].first)) {
      merged.push_back(a[i++]);
    } else if (i == a.size() || b[j].first < a[i].first) {
      merged.push_back(b[j++]);
    } else {
      merged.emplace_back(a[i].first, a[i].second + b[j].second);
      ++i, ++j;
    }
  }
  return merged;
}

// One latency statistic of two jobs as fio's sum_stat adds them: min and max of both, the mean weighted by the
// samples; the percentiles and the standard deviation from the merged buckets. None of either: the other.
std::optional<FioLatency> summed_latency(const std::optional<FioLatency>& a, const std::optional<FioLatency>& b) {
  if (!a || !b) return a ? a : b;
  FioLatency sum;
  sum.buckets = merged_buckets(a->buckets, b->buckets);
  LatencySummary& summary = sum.summary;
  summary.count = a->summary.count + b->summary.count;
  summary.min_ns = std::min(a->summary.min_ns, b->summary.min_ns);
  summary.max_ns = std::max(a->summary.max_ns, b->summary.max_ns);
  if (summary.count > 0) {
    summary.mean_ns = (a->summary.mean_ns * static_cast<double>(a->summary.count) +
                       b->summary.mean_ns * static_cast<double>(b->summary.count)) /
                      static_cast<double>(summary.count);
  }
  summary.p50_ns = fio_percentile_ns(sum.buckets, summary.count, 50);
  summary.p90_ns = fio_percentile_ns(sum.buckets, summary.count, 90);
  summary.p99_ns = fio_percentile_ns(sum.buckets, summary.count, 99);
  summary.p999_ns = fio_percentile_ns(sum.buckets, summary.count, 99.9);
  sum.stddev_ns = stddev_of_buckets(sum.buckets, summary.mean_ns);
  return sum;
}

std::optional<FioLatency> whole_latency(const FioDirectionResult& direction) {
  if (!direction.latency) return std::nullopt;
  return FioLatency{*direction.latency, direction.buckets, direction.latency_stddev_ns};
}

// One direction of two jobs as fio's sum_thread_stats adds them: bytes and requests summed, the longer runtime, each
// latency statistic summed (clat is the latency itself where a job has no clat apart), the samples as fio_summed_stats.
FioDirectionResult summed_direction(const FioDirectionResult& a, const FioDirectionResult& b) {
  FioDirectionResult sum;
  sum.io_bytes = a.io_bytes + b.io_bytes;
  sum.total_ios = a.total_ios + b.total_ios;
  sum.runtime_ms = std::max(a.runtime_ms, b.runtime_ms);
  if (const std::optional<FioLatency> whole = summed_latency(whole_latency(a), whole_latency(b))) {
    sum.latency = whole->summary;
    sum.buckets = whole->buckets;
    sum.latency_stddev_ns = whole->stddev_ns;
  }
  sum.submission = summed_latency(a.submission, b.submission);
  if (a.completion || b.completion) {
    sum.completion = summed_latency(a.completion ? a.completion : whole_latency(a),
                                    b.completion ? b.completion : whole_latency(b));
  }
  sum.bandwidth_samples = fio_summed_stats({a.bandwidth_samples, b.bandwidth_samples});
  sum.iops_samples = fio_summed_stats({a.iops_samples, b.iops_samples});
  sum.slat_recorded = a.slat_recorded || b.slat_recorded;
  sum.clat_recorded = a.clat_recorded || b.clat_recorded;
  sum.lat_recorded = a.lat_recorded || b.lat_recorded;
  return sum;
}

// fio's sum_thread_stats of `job` into `entry`: its directions, runtimes, CPU, depths; its error when the entry has
// none; and its spec as the last member's.
void add_member(FioJob& entry, const FioJob& job) {
  for (std::size_t d = 0; d < entry.directions.size(); ++d) {
    entry.directions[d] = summed_direction(entry.directions[d], job.directions[d]);
  }
  entry.job_runtime_ms += job.job_runtime_ms;
  if (job.cpu) {
    CpuBreakdown cpu = entry.cpu.value_or(CpuBreakdown{});
    cpu.user += job.cpu->user;
    cpu.system += job.cpu->system;
    cpu.context_switches += job.cpu->context_switches;
    cpu.major_faults += job.cpu->major_faults;
    cpu.minor_faults += job.cpu->minor_faults;
    entry.cpu = cpu;
  }
  entry.depths.add(job.depths);
  if (!entry.failure) entry.failure = job.failure;
  entry.errors.add(job.errors);
  entry.members += job.members;
  entry.last_spec = job.last_spec;
  entry.steady_state = job.steady_state;
  entry.latency_depth = job.latency_depth;
}

}  // namespace

std::optional<FioLatency> fio_latency(const FioDirectionResult& direction, FioLatencyKind kind) {
  if (!direction.latency) return std::nullopt;
  const FioLatency whole{*direction.latency, direction.buckets, direction.latency_stddev_ns};
  switch (kind) {
    case FioLatencyKind::kSlat: return direction.slat_recorded ? direction.submission : std::nullopt;
    case FioLatencyKind::kClat:
      if (!direction.clat_recorded) return std::nullopt;
      return direction.completion ? direction.completion : whole;
    case FioLatencyKind::kLat: return direction.lat_recorded ? std::optional<FioLatency>(whole) : std::nullopt;
  }
  return whole;
}

std::vector<FioJob> fio_jobs(const RunResult& run) {
  std::vector<FioJob> jobs;
  const auto& workloads = run.info.setup.workloads;
  const std::vector<std::uint32_t> group_ids = fio_group_ids(workloads);
  for (std::size_t w = 0; w < workloads.size(); ++w) {
    const WorkloadSpec& spec = workloads[w];
    const std::uint32_t groupid = group_ids[w];
    // fio reports each job of numjobs apart unless group_reporting: bench++'s per-job parts, when it has them.
    std::map<std::optional<std::uint32_t>, FioJob> by_job;
    for (const PhaseResult& result : run.phases) {
      if (!result.workload || result.workload->workload != spec.name) continue;
      FioJob& job = by_job[result.workload->job];
      job.name = spec.name;
      job.groupid = groupid;
      job.spec = job.last_spec = &spec;
      job.members = !result.workload->job && spec.group_reporting ? spec.jobs : 1;
      const FioDdir ddir = ddir_of(result.workload->direction);
      FioDirectionResult& direction = job.directions[static_cast<std::size_t>(ddir)];
      direction = direction_of(result, spec, ddir);
      // fio's total_ios counts the requests issued: those that came back failed too.
      if (ddir != FioDdir::kSync) direction.total_ios += result.workload->errors.failed_requests[static_cast<std::size_t>(ddir)];
      // Every part of a job holds the same jobs' runtimes; a part read from a file has none.
      job.job_runtime_ms =
          std::max(job.job_runtime_ms, summed_job_runtimes_ms(*result.workload).value_or(direction.runtime_ms));
      if (result.cpu_breakdown) job.cpu = result.cpu_breakdown;
      job.depths = result.workload->depths;  // the same in every part of the job
      if (result.workload->failure) job.failure = result.workload->failure;
      job.errors = result.workload->errors;  // the same in every part of the job
      job.steady_state = result.workload->fio_steady_state;  // the same in every part of the job
      job.latency_depth = result.workload->latency_depth;
    }
    const bool each_job = by_job.size() > 1;
    for (auto& [job_index, job] : by_job) {
      if (each_job && !job_index) continue;  // the whole, which fio does not print beside its jobs
      // fio's error of a job that went on after its errors: its first counted one (stat.c, ts->error).
      if (!job.failure && job.counts_errors() && job.errors.first != 0) {
        job.failure = JobFailure{job.errors.first, job.errors.first_message};
      }
      if (!jobs.empty() && spec.group_reporting && jobs.back().groupid == groupid) {
        add_member(jobs.back(), job);  // fio's group_reporting across its sections
      } else {
        jobs.push_back(std::move(job));
      }
    }
  }
  return jobs;
}

const std::vector<double>& fio_default_percentiles() {
  static const std::vector<double> percentiles = {1,  5,  10, 20, 30,   40,   50,    60,   70,
                                                  80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99};
  return percentiles;
}

const std::vector<double>& fio_percentiles(const WorkloadSpec& spec) {
  return spec.latency_output.percentile_list ? *spec.latency_output.percentile_list : fio_default_percentiles();
}

std::uint64_t fio_bucket_value(std::uint32_t index) { return LatencyHistogram::bucket_midpoint(index); }

HistogramBuckets fio_bucket_range(const HistogramBuckets& buckets) {
  HistogramBuckets in_range;
  for (const auto& [index, count] : buckets) {
    if (index < kFioBucketCount) {
      in_range.emplace_back(index, count);
    } else if (!in_range.empty() && in_range.back().first == kFioBucketCount - 1) {
      in_range.back().second += count;
    } else {
      in_range.emplace_back(kFioBucketCount - 1, count);
    }
  }
  return in_range;
}

std::uint64_t fio_percentile_ns(const HistogramBuckets& buckets, std::uint64_t count, double percent) {
  std::uint64_t sum = 0;
  for (const auto& [index, n] : buckets) {
    sum += n;
    if (static_cast<double>(sum) >= percent / 100.0 * static_cast<double>(count)) return fio_bucket_value(index);
  }
  return buckets.empty() ? 0 : fio_bucket_value(buckets.back().first);
}

FioSampleStats fio_sample_stats(const std::vector<double>& samples) {
  FioSampleStats stats;
  if (samples.empty()) return stats;
  stats.samples = samples.size();
  stats.min = *std::min_element(samples.begin(), samples.end());
  stats.max = *std::max_element(samples.begin(), samples.end());
  double sum = 0;
  for (const double sample : samples) sum += sample;
  stats.mean = sum / static_cast<double>(samples.size());
  if (samples.size() > 1) {
    double squares = 0;
    for (const double sample : samples) squares += (sample - stats.mean) * (sample - stats.mean);
    stats.stddev = std::sqrt(squares / static_cast<double>(samples.size() - 1));
    stats.sum_squares = squares;
  }
  return stats;
}

FioSampleStats fio_summed_stats(const std::vector<FioSampleStats>& jobs) {
  FioSampleStats sum;
  for (const FioSampleStats& job : jobs) {
    if (job.samples == 0) continue;
    sum.min += job.min;
    sum.max += job.max;
    sum.mean += job.mean;
    sum.sum_squares += job.sum_squares;
    sum.samples += job.samples;
  }
  if (sum.samples > 1) sum.stddev = std::sqrt(sum.sum_squares / static_cast<double>(sum.samples - 1));
  return sum;
}

std::vector<double> fio_window_rates(const std::vector<std::uint64_t>& per_window, std::uint64_t window_ms, bool kib) {
  std::vector<double> rates;
  if (window_ms == 0) return rates;
  for (const std::uint64_t amount : per_window) {
    if (amount == 0) continue;
    const std::uint64_t rate = amount * 1000 / window_ms;
    rates.push_back(static_cast<double>(kib ? rate / 1024 : rate));
  }
  return rates;
}

FioLatencyShares fio_latency_shares(const FioJob& job) {
  // fio's edges: below 1000 ns the ns ranges, below 1 ms the us ranges, above the ms ranges; each range's key is
  // its upper edge ("2": below 2). fio counts each request's clat (io_u_mark_latency), unless disable_clat.
  constexpr std::array<std::uint64_t, 10> kEdges = {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000};
  FioLatencyShares shares;
  std::uint64_t total = 0;
  const auto index_in = [](std::uint64_t value, auto edges_end, std::size_t last) {
    for (std::size_t i = 0; i < last; ++i) {
      if (value < edges_end[i]) return i;
    }
    return last;
  };
  for (const FioDdir ddir : {FioDdir::kRead, FioDdir::kWrite, FioDdir::kTrim}) {
    const std::optional<FioLatency> clat = fio_latency(job.at(ddir), FioLatencyKind::kClat);
    if (!clat || calls_on_files(job.spec->engine)) continue;  // fio's metadata engines mark none (FIO_NOSTATS)
    for (const auto& [index, count] : clat->buckets) {
      const std::uint64_t ns = fio_bucket_value(index);
      total += count;
      if (ns < 1000) {
        shares.ns[index_in(ns, kEdges, 9)] += static_cast<double>(count);
      } else if (ns < 1'000'000) {
        shares.us[index_in(ns / 1000, kEdges, 9)] += static_cast<double>(count);
      } else {
        const std::uint64_t ms = ns / 1'000'000;
        shares.ms[ms >= 2000 ? 11 : ms >= 1000 ? 10 : index_in(ms, kEdges, 9)] += static_cast<double>(count);
      }
    }
  }
  if (total == 0) return shares;
  for (const double count : shares.ns) shares.below_1us += count * 100.0 / static_cast<double>(total);
  // fio's stat_calc_lat: a range with requests is at least 0.01 %.
  const auto share_of = [total](double& count) {
    const double share = count * 100.0 / static_cast<double>(total);
    count = count > 0 && share < kFioLatencyShareFloor ? kFioLatencyShareFloor : share;
  };
  for (double& count : shares.ns) share_of(count);
  for (double& count : shares.us) share_of(count);
  for (double& count : shares.ms) share_of(count);
  return shares;
}

double fio_bandwidth_share(const FioJob& job, FioDdir ddir, const std::vector<FioJob>& jobs) {
  const FioSampleStats& own = job.at(ddir).bandwidth_samples;
  if (own.samples == 0) return 0;
  // fio's group aggregate: the group's bytes over its longest runtime.
  std::uint64_t bytes = 0, runtime_ms = 0;
  for (const FioJob& other : jobs) {
    if (other.groupid != job.groupid) continue;
    bytes += other.at(ddir).io_bytes;
    runtime_ms = std::max(runtime_ms, other.at(ddir).runtime_ms);
  }
  if (runtime_ms == 0 || bytes == 0) return 100.0;
  const double group_kib_per_second = static_cast<double>(bytes) * 1000.0 / static_cast<double>(runtime_ms) / 1024.0;
  return std::min(100.0, own.mean * 100.0 / group_kib_per_second);
}

std::array<double, 7> fio_depth_shares(const std::array<std::uint64_t, 7>& counts, std::uint64_t total) {
  std::array<double, 7> shares{};
  if (total == 0) return shares;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    shares[i] = static_cast<double>(counts[i]) * 100.0 / static_cast<double>(total);
    if (counts[i] > 0 && shares[i] < kFioDepthShareFloor) shares[i] = kFioDepthShareFloor;  // fio's stat_calc_dist
  }
  return shares;
}

std::array<double, 7> fio_depth_shares(const std::array<std::uint64_t, 7>& counts) {
  std::uint64_t total = 0;
  for (const std::uint64_t count : counts) total += count;
  return fio_depth_shares(counts, total);
}

std::array<double, 7> fio_depth_level_shares(const FioJob& job) {
  return fio_depth_shares(job.depths.level, job.at(FioDdir::kRead).total_ios + job.at(FioDdir::kWrite).total_ios +
                                                job.at(FioDdir::kTrim).total_ios);
}

namespace {
double percent_of_runtime(std::chrono::nanoseconds time, std::uint64_t runtime_ms) {
  if (runtime_ms == 0) return 0;
  return static_cast<double>(time.count()) / 1e6 * 100.0 / static_cast<double>(runtime_ms);
}
}  // namespace

double fio_user_cpu_percent(const FioJob& job) {
  return job.cpu ? percent_of_runtime(job.cpu->user, job.job_runtime_ms) : 0.0;
}

double fio_system_cpu_percent(const FioJob& job) {
  return job.cpu ? percent_of_runtime(job.cpu->system, job.job_runtime_ms) : 0.0;
}

std::string fio_version_text(const RunInfo& info) {
  return fio_version_string(info.version);
}

}  // namespace bench
