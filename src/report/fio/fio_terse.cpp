#include "report/fio/fio_terse.h"

#include <fmt/format.h>

#include "report/fio/fio_disk_util.h"
#include "report/fio/fio_jobs.h"

namespace bench {
namespace {

constexpr std::size_t kPercentileFields = 20;  // fio's FIO_IO_U_LIST_MAX_LEN

// min, max (whole us), mean, stddev (us) of a latency; zeros when not recorded.
std::string latency_fields(const std::optional<FioLatency>& latency) {
  if (!latency) return ";0;0;0.000000;0.000000";
  return fmt::format(";{};{};{:f};{:f}", latency->summary.min_ns / 1000, latency->summary.max_ns / 1000,
                     latency->summary.mean_ns / 1000, latency->stddev_ns / 1000);
}

std::string direction_fields(const FioJob& job, FioDdir ddir, const std::vector<FioJob>& jobs, unsigned version) {
  const FioDirectionResult& direction = job.at(ddir);
  const std::uint64_t runtime = direction.runtime_ms;
  const std::uint64_t kib_per_second = runtime > 0 ? 1000 * direction.io_bytes / runtime / 1024 : 0;
  const std::uint64_t iops = runtime > 0 ? 1000 * direction.total_ios / runtime : 0;
  std::string fields = fmt::format(";{};{};{};{}", direction.io_bytes >> 10, kib_per_second, iops, runtime);
  const LatencyOutput& shown = job.last_spec->latency_output;
  fields += latency_fields(fio_latency(direction, FioLatencyKind::kSlat));
  fields += latency_fields(fio_latency(direction, FioLatencyKind::kClat));
  // fio's percentile fields: of lat with lat_percentiles, else of clat with clat_percentiles, else none.
  const std::optional<FioLatency> of = shown.lat_percentiles    ? fio_latency(direction, FioLatencyKind::kLat)
                                       : shown.clat_percentiles ? fio_latency(direction, FioLatencyKind::kClat)
                                                                : std::nullopt;
  const bool percentiles_shown = shown.lat_percentiles || shown.clat_percentiles;
  const std::vector<double>& percents = fio_percentiles(*job.last_spec);
  for (std::size_t i = 0; i < kPercentileFields; ++i) {
    if (percentiles_shown && i < percents.size()) {
      const std::uint64_t value = of ? fio_percentile_ns(of->buckets, of->summary.count, percents[i]) : 0;
      fields += fmt::format(";{:f}%={}", percents[i], value / 1000);
    } else {
      fields += ";0%=0";
    }
  }
  fields += latency_fields(fio_latency(direction, FioLatencyKind::kLat));
  const FioSampleStats& bw = direction.bandwidth_samples;
  fields += fmt::format(";{};{};{:f}%;{:f};{:f}", static_cast<std::uint64_t>(bw.min),
                        static_cast<std::uint64_t>(bw.max), fio_bandwidth_share(job, ddir, jobs), bw.mean, bw.stddev);
  if (version == 5) {
    const FioSampleStats& ops = direction.iops_samples;
    fields += fmt::format(";{};{};{};{:f};{:f};{}", bw.samples, static_cast<std::uint64_t>(ops.min),
                          static_cast<std::uint64_t>(ops.max), ops.mean, ops.stddev, ops.samples);
  }
  return fields;
}

std::string job_line(const FioJob& job, const std::vector<FioJob>& jobs, const RunResult& run, unsigned version) {
  const RunInfo& info = run.info;
  std::string line = version == 2 ? fmt::format("2;{};{};{}", job.name, job.groupid, job.error())
                                  : fmt::format("{};{};{};{};{}", version, fio_version_text(info), job.name, job.groupid,
                                                job.error());
  line += direction_fields(job, FioDdir::kRead, jobs, version);
  line += direction_fields(job, FioDdir::kWrite, jobs, version);
  if (version != 3) line += direction_fields(job, FioDdir::kTrim, jobs, version);
  line += fmt::format(";{:f}%;{:f}%;{};{};{}", fio_user_cpu_percent(job), fio_system_cpu_percent(job),
                      job.cpu ? job.cpu->context_switches : 0, job.cpu ? job.cpu->major_faults : 0,
                      job.cpu ? job.cpu->minor_faults : 0);
  for (const double share : fio_depth_level_shares(job)) line += fmt::format(";{:3.1f}%", share);
  FioLatencyShares shares = fio_latency_shares(job);
  shares.us[0] += shares.below_1us;  // fio's terse line counts the ns ranges in "<=2 us" (its stat_calc_lat_nu)
  for (const double share : shares.us) line += fmt::format(";{:3.2f}%", share);
  for (const double share : shares.ms) line += fmt::format(";{:3.2f}%", share);
  if (version >= 3) line += fio_disk_terse_fields(fio_disk_utilization(run));
  if (job.counts_errors()) line += fmt::format(";{};{}", job.errors.total, job.errors.first);
  if (!job.spec->description.empty()) line += (version == 2 ? "\n;" : ";") + job.spec->description;
  return line + "\n";
}

}  // namespace

std::string format_fio_terse(const RunResult& run, unsigned version) {
  const std::vector<FioJob> jobs = fio_jobs(run);
  std::string text;
  for (const FioJob& job : jobs) text += job_line(job, jobs, run, version);
  return text;
}

std::string FioTerseWriter::render(const ResultsSoFar& results) const {
  std::string text;
  for (std::size_t i = 0; i < results.finished; ++i) text += format_fio_terse(results.runs[i], version_);
  return text;
}

}  // namespace bench
