#include "report/fio/fio_normal_job.h"

#include <fmt/format.h>

#include <array>
#include <chrono>
#include <cstring>
#include <tuple>

#include "report/fio/fio_number_text.h"
#include "report/fio/fio_normal_latency.h"

namespace bench {
namespace {

constexpr std::array<const char*, 3> kDirectionNames = {"read", "write", "trim"};

std::uint64_t per_second(std::uint64_t amount, std::uint64_t runtime_ms) {
  return runtime_ms > 0 ? 1000 * amount / runtime_ms : 0;
}

// The job's line: "NAME: (groupid=0, jobs=1): err= 0: pid=5031: Mon Dec  7 11:11:29 2026", with fio's verror in
// parentheses after a failure.
std::string job_line(const FioJob& job, const FioJobStamp& stamp) {
  return fmt::format("{}: (groupid={}, jobs={}): err={:2}{}: pid={}: {}\n", job.name, job.groupid, job.members,
                     job.error(), job.failure ? fmt::format(" ({})", job.failure->message) : "", stamp.pid,
                     stamp.time_text);
}

// "  read: IOPS=44.5k, BW=174MiB/s (182MB/s)(8192KiB/46msec)"; a write's line ends with fio's zoned-device count,
// 0 zone resets on every device bench++ writes.
std::string rate_line(const FioDirectionResult& direction, FioDdir ddir) {
  const std::uint64_t bytes_per_second = per_second(direction.io_bytes, direction.runtime_ms);
  return fmt::format("  {}: IOPS={}, BW={} ({})({}/{}msec){}\n", kDirectionNames[static_cast<std::size_t>(ddir)],
                     fio_number_text(per_second(direction.total_ios, direction.runtime_ms), 4, false, ""),
                     fio_number_text(bytes_per_second, 4, true, "B/s"),
                     fio_number_text(bytes_per_second, 4, false, "B/s"),
                     fio_number_text(direction.io_bytes, 4, true, "B"), direction.runtime_ms,
                     ddir == FioDdir::kWrite ? "; 0 zone resets" : "");
}

// fio's slat, clat and lat lines, then the percentile blocks its *_percentiles ask for; disable_* leaves a
// statistic out, as fio then records none (the JSON writes its zeros).
std::string latency_lines(const FioJob& job, const FioDirectionResult& direction) {
  const LatencyOutput& shown = job.last_spec->latency_output;
  const auto kinds = {std::tuple{"slat", FioLatencyKind::kSlat, shown.disable_slat, shown.slat_percentiles},
                      std::tuple{"clat", FioLatencyKind::kClat, shown.disable_clat, shown.clat_percentiles},
                      std::tuple{" lat", FioLatencyKind::kLat, shown.disable_lat, shown.lat_percentiles}};
  std::string lines, percentiles;
  for (const auto& [label, kind, disabled, with_percentiles] : kinds) {
    const std::optional<FioLatency> latency = disabled ? std::nullopt : fio_latency(direction, kind);
    if (!latency || latency->summary.count == 0) continue;
    lines += fio_latency_line(label, *latency);
    if (with_percentiles) {
      const std::string_view name = std::string_view(label).substr(label[0] == ' ' ? 1 : 0);
      percentiles += fio_percentiles_block(name, latency->buckets, latency->summary.count, fio_percentiles(*job.last_spec));
    }
  }
  return lines + percentiles;
}

// fio's bw and iops sample lines, each where it took samples; bw in KiB/s, or MiB/s past 1 GiB/s on average.
std::string sample_lines(const FioJob& job, FioDdir ddir, const std::vector<FioJob>& jobs) {
  const FioDirectionResult& direction = job.at(ddir);
  std::string text;
  const FioSampleStats& bw = direction.bandwidth_samples;
  if (bw.samples > 0) {
    const bool mib = bw.mean > 1024.0 * 1024.0;
    const double scale = mib ? 1024.0 : 1.0;
    text += fmt::format("   bw ({:>5}/s): min={:5}, max={:5}, per={:3.2f}%, avg={:5.2f}, stdev={:5.2f}, samples={}\n",
                        mib ? "MiB" : "KiB",
                        static_cast<std::uint64_t>(static_cast<double>(static_cast<std::uint64_t>(bw.min)) / scale),
                        static_cast<std::uint64_t>(static_cast<double>(static_cast<std::uint64_t>(bw.max)) / scale),
                        fio_bandwidth_share(job, ddir, jobs), bw.mean / scale, bw.stddev / scale, bw.samples);
  }
  const FioSampleStats& iops = direction.iops_samples;
  if (iops.samples > 0) {
    text += fmt::format("   iops        : min={:5}, max={:5}, avg={:5.2f}, stdev={:5.2f}, samples={}\n",
                        static_cast<std::uint64_t>(iops.min), static_cast<std::uint64_t>(iops.max), iops.mean,
                        iops.stddev, iops.samples);
  }
  return text;
}

// fio's sync block: "  fsync/fdatasync/sync_file_range:", the sync latency and its percentiles (always listed).
std::string sync_lines(const FioJob& job) {
  const std::optional<FioLatency> syncs = fio_latency(job.at(FioDdir::kSync), FioLatencyKind::kLat);
  if (!syncs || syncs->summary.count == 0) return "";
  return "  fsync/fdatasync/sync_file_range:\n" + fio_latency_line("sync", *syncs) +
         fio_percentiles_block("sync", syncs->buckets, syncs->summary.count, fio_percentiles(*job.last_spec));
}

// One of fio's depth lines: "  IO depths    : 1=100.0%, 2=0.0%, ...".
std::string depth_line(const char* label, const std::array<const char*, 7>& keys,
                       const std::array<double, 7>& shares) {
  std::string line = label;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    line += fmt::format("{}{}={:3.1f}%", i == 0 ? "" : ", ", keys[i], shares[i]);
  }
  return line + "\n";
}

// fio's steady-state line (stat.c show_ss_normal): "  steadystate  : attained=yes, bw=42.6MiB/s (43.6MB/s),
// iops=10.9k, iops mean dev=2.606%". fio formats the mean bandwidth in KiB and scales it one unit up, so the SI
// figure is of the KiB count times 1000.
std::string steady_state_line(const FioSteadyStateResult& ss) {
  const std::uint64_t kib = ss.bw_mean() / 1024;
  return fmt::format("  steadystate  : attained={}, bw={} ({}), iops={}, {}{}={:.3f}{}\n", ss.attained ? "yes" : "no",
                     fio_number_text(kib * 1024, 4, true, "B/s"), fio_number_text(kib * 1000, 4, false, "B/s"),
                     fio_number_text(ss.iops_mean(), 4, false, ""),
                     ss.spec.measure == FioSteadyStateSpec::Measure::kIops ? "iops" : "bw",
                     ss.spec.slope ? " slope" : " mean dev", ss.criterion, ss.spec.percent ? "%" : "");
}

// fio's lines after a job's latencies: CPU, the I/O depth distributions, the requests issued, the latency
// settings (latency_target and its companions, which bench++ does not take: fio's defaults, with the job's depth).
std::string job_counts_lines(const FioJob& job) {
  constexpr std::array<const char*, 7> kLevels = {"1", "2", "4", "8", "16", "32", ">=64"};
  constexpr std::array<const char*, 7> kCounts = {"0", "4", "8", "16", "32", "64", ">=64"};
  std::string text = fmt::format("  cpu          : usr={:3.2f}%, sys={:3.2f}%, ctx={}, majf={}, minf={}\n",
                                 fio_user_cpu_percent(job), fio_system_cpu_percent(job),
                                 job.cpu ? job.cpu->context_switches : 0, job.cpu ? job.cpu->major_faults : 0,
                                 job.cpu ? job.cpu->minor_faults : 0);
  text += depth_line("  IO depths    : ", kLevels, fio_depth_level_shares(job));
  text += depth_line("     submit    : ", kCounts, fio_depth_shares(job.depths.submit));
  text += depth_line("     complete  : ", kCounts, fio_depth_shares(job.depths.complete));
  // short and dropped: a short transfer ends a workload with an error, and bench++ drops none.
  text += fmt::format("     issued rwts: total={},{},{},{} short=0,0,0,0 dropped=0,0,0,0\n",
                      job.at(FioDdir::kRead).total_ios, job.at(FioDdir::kWrite).total_ios,
                      job.at(FioDdir::kTrim).total_ios, job.at(FioDdir::kSync).total_ios);
  if (job.counts_errors()) {
    text += fmt::format("     errors    : total={}, first_error={}/<{}>\n", job.errors.total, job.errors.first,
                        std::strerror(job.errors.first));
  }
  const WorkloadSpec& latency = *job.last_spec;  // fio's latency profile: target in ns, window in us
  text += fmt::format("     latency   : target={}, window={}, percentile={:.2f}%, depth={}\n",
                      latency.latency_target.count(),
                      std::chrono::duration_cast<std::chrono::microseconds>(latency.latency_window).count(),
                      latency.latency_percentile, job.latency_depth.value_or(latency.iodepth));
  if (job.steady_state) text += steady_state_line(*job.steady_state);
  return text;
}

}  // namespace

std::string fio_job_block(const FioJob& job, const std::vector<FioJob>& jobs, const FioJobStamp& stamp) {
  std::uint64_t bytes = 0, requests = 0;
  for (const FioDdir ddir : {FioDdir::kRead, FioDdir::kWrite, FioDdir::kTrim}) {
    bytes += job.at(ddir).io_bytes;
    requests += job.at(ddir).total_ios;
  }
  if (bytes == 0 && requests == 0) return "";
  std::string text = job_line(job, stamp);
  if (!job.spec->description.empty()) text += fmt::format("  Description  : [{}]\n", job.spec->description);
  for (const FioDdir ddir : {FioDdir::kRead, FioDdir::kWrite, FioDdir::kTrim}) {
    const FioDirectionResult& direction = job.at(ddir);
    if (direction.io_bytes == 0 || direction.runtime_ms == 0) continue;
    text += rate_line(direction, ddir) + latency_lines(job, direction) + sample_lines(job, ddir, jobs);
  }
  text += fio_latency_share_lines(fio_latency_shares(job));
  text += sync_lines(job);
  return text + job_counts_lines(job);
}

}  // namespace bench
