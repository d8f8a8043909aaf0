#include "report/fio/fio_normal.h"

#include <fmt/format.h>

#include <algorithm>

#include "report/fio/fio_disk_util.h"
#include <array>
#include <map>
#include <tuple>

#include "report/fio/fio_jobs.h"
#include "report/text/run_text.h"

namespace bench {
namespace {

constexpr std::array<const char*, 4> kLowerNames = {"read", "write", "trim", "sync"};
constexpr std::array<const char*, 3> kUpperNames = {"READ", "WRITE", "TRIM"};

std::uint64_t bytes_per_second(std::uint64_t bytes, std::uint64_t runtime_ms) {
  return runtime_ms > 0 ? 1000 * bytes / runtime_ms : 0;
}

std::string bandwidth_pair(std::uint64_t bytes_per_s) {
  return fmt::format("{} ({})", fio_number_text(bytes_per_s, 4, true, "B/s"),
                     fio_number_text(bytes_per_s, 4, false, "B/s"));
}

// fio's latency line: the unit nsec, or usec or msec when the minimum would need five digits or more.
std::string latency_line(const char* label, const FioLatency& measured) {
  const LatencySummary& latency = measured.summary;
  double scale = 1;
  const char* unit = "nsec";
  if (latency.min_ns >= 10'000) {
    scale = 1000;
    unit = "usec";
    if (latency.min_ns >= 10'000'000) {
      scale = 1'000'000;
      unit = "msec";
    }
  }
  return fmt::format("{} ({}): min={}, max={}, avg={:.2f}, stdev={:.2f}\n", label, unit,
                     static_cast<std::uint64_t>(static_cast<double>(latency.min_ns) / scale),
                     static_cast<std::uint64_t>(static_cast<double>(latency.max_ns) / scale), latency.mean_ns / scale,
                     measured.stddev_ns / scale);
}

}  // namespace

std::string fio_number_text(std::uint64_t value, unsigned digits, bool iec, const char* unit) {
  static constexpr std::array<const char*, 7> kSi = {"", "k", "M", "G", "T", "P", "E"};
  static constexpr std::array<const char*, 7> kIec = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
  const std::uint64_t thousand = iec ? 1024 : 1000;
  std::size_t prefix = 0;
  std::optional<std::uint64_t> remainder;
  while (prefix + 1 < kSi.size() && std::to_string(value).size() > digits) {
    remainder = value % thousand;
    value /= thousand;
    ++prefix;
  }
  const char* prefix_text = (iec ? kIec : kSi)[prefix];
  const std::size_t whole_digits = std::to_string(value).size();
  if (!remainder) return fmt::format("{}{}{}", value, prefix_text, unit);
  if (digits <= whole_digits + 1) {  // no room for a decimal: round
    if (*remainder >= thousand / 2) ++value;
    return fmt::format("{}{}{}", value, prefix_text, unit);
  }
  const int decimals = static_cast<int>(digits - whole_digits - 1);
  std::string fraction = fmt::format("{:.{}f}", static_cast<double>(*remainder) / static_cast<double>(thousand),
                                     decimals);  // "0.62", or "1.00" when it rounds up
  if (fraction[0] == '1') ++value;
  return fmt::format("{}.{}{}{}", value, fraction.substr(2), prefix_text, unit);
}

namespace {

// One of fio's depth lines: "  IO depths    : 1=100.0%, 2=0.0%, ...".
std::string depth_line(const char* label, const std::array<const char*, 7>& keys,
                       const std::array<double, 7>& shares) {
  std::string line = label;
  for (std::size_t i = 0; i < keys.size(); ++i) line += fmt::format("{}{}={:3.1f}%", i == 0 ? "" : ", ", keys[i], shares[i]);
  return line + "\n";
}

// fio's lines after a job's latencies: CPU, the I/O depth distributions, the requests issued.
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
  return text;
}

}  // namespace

std::string format_fio_summary_lines(const RunResult& run) {
  const std::vector<FioJob> jobs = fio_jobs(run);
  std::string text;
  for (const FioJob& job : jobs) {
    const std::uint32_t job_count = job.spec->group_reporting ? job.spec->jobs : 1;
    // fio's "err=%2d", and after a failure its verror in parentheses.
    text += fmt::format("{}: (groupid={}, jobs={}): err={:2}{}\n", job.name, job.groupid, job_count, job.error(),
                        job.failure ? fmt::format(" ({})", job.failure->message) : "");
    for (const FioDdir ddir : {FioDdir::kRead, FioDdir::kWrite, FioDdir::kTrim}) {
      const FioDirectionResult& direction = job.at(ddir);
      if (direction.total_ios == 0) continue;
      const std::uint64_t iops = direction.runtime_ms > 0 ? 1000 * direction.total_ios / direction.runtime_ms : 0;
      text += fmt::format("  {}: IOPS={}, BW={}({}/{}msec)\n", kLowerNames[static_cast<std::size_t>(ddir)],
                          fio_number_text(iops, 4, false, ""),
                          bandwidth_pair(bytes_per_second(direction.io_bytes, direction.runtime_ms)),
                          fio_number_text(direction.io_bytes, 4, true, "B"), direction.runtime_ms);
      for (const auto& [label, indent, kind] : {std::tuple{"slat", "    ", FioLatencyKind::kSlat},
                                                  std::tuple{"clat", "    ", FioLatencyKind::kClat},
                                                  std::tuple{"lat", "     ", FioLatencyKind::kLat}}) {
        if (const std::optional<FioLatency> latency = fio_latency(direction, kind)) {
          text += indent + latency_line(label, *latency);
        }
      }
    }
    const FioDirectionResult& syncs = job.at(FioDdir::kSync);
    if (syncs.total_ios > 0 && syncs.latency) {
      text += "  fsync/fdatasync/sync_file_range:\n    " + latency_line("sync", *fio_latency(syncs, FioLatencyKind::kLat));
    }
    text += job_counts_lines(job);
  }
  std::map<std::uint32_t, std::vector<const FioJob*>> groups;
  for (const FioJob& job : jobs) groups[job.groupid].push_back(&job);
  for (const auto& [groupid, members] : groups) {
    text += fmt::format("\nRun status group {} (all jobs):\n", groupid);
    for (const FioDdir ddir : {FioDdir::kRead, FioDdir::kWrite, FioDdir::kTrim}) {
      std::uint64_t bytes = 0, longest = 0, shortest = UINT64_MAX, slowest = UINT64_MAX, fastest = 0;
      for (const FioJob* job : members) {
        const FioDirectionResult& direction = job->at(ddir);
        if (direction.total_ios == 0) continue;
        bytes += direction.io_bytes;
        longest = std::max(longest, direction.runtime_ms);
        shortest = std::min(shortest, direction.runtime_ms);
        const std::uint64_t rate = bytes_per_second(direction.io_bytes, direction.runtime_ms);
        slowest = std::min(slowest, rate);
        fastest = std::max(fastest, rate);
      }
      if (bytes == 0) continue;
      text += fmt::format("{:>7}: bw={}, {}-{} ({}-{}), io={} ({}), run={}-{}msec\n",
                          kUpperNames[static_cast<std::size_t>(ddir)], bandwidth_pair(bytes_per_second(bytes, longest)),
                          fio_number_text(slowest, 4, true, "B/s"), fio_number_text(fastest, 4, true, "B/s"),
                          fio_number_text(slowest, 4, false, "B/s"), fio_number_text(fastest, 4, false, "B/s"),
                          fio_number_text(bytes, 4, true, "B"), fio_number_text(bytes, 4, false, "B"), shortest,
                          longest);
    }
  }
  return text + fio_disk_stats_text(run.disk_utilization);
}

std::string FioNormalWriter::render(const ResultsSoFar& results) const {
  std::string text;
  for (std::size_t i = 0; i < results.finished; ++i) {
    if (with_text_) text += format_finished_run_text(results.runs[i], repeats_);
    text += format_fio_summary_lines(results.runs[i]);
  }
  if (results.ended && with_text_) text += format_after_runs_text(results.runs, results.kept_files);
  return text;
}

}  // namespace bench
