#include "report/fio/fio_log.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

#include "result/fio_log_names.h"

namespace bench {
namespace {

unsigned ddir_number(IoDirection direction) {
  return direction == IoDirection::kWrite ? 1 : direction == IoDirection::kTrim ? 2 : 0;
}

// One entry of a log: when (ns since the measurement began), its value (a latency in ns, or the request's bytes
// for bw and iops), direction and block size.
struct LogEntry {
  std::chrono::nanoseconds at{0};
  std::uint64_t value = 0;
  unsigned direction = 0;
  std::uint32_t bytes = 0;
};

// The entries of a log of `kind`, in time order: one per request at its completion, but slat's at the request's
// issue (the submit call's return, as fio stamps it), and none for slat where it is not measured apart (`split`
// false: a synchronous engine, whose clat is its lat and whose slat log fio leaves empty).
std::vector<LogEntry> entries_of(const std::vector<IoSample>& samples, FioLogKind kind, bool split) {
  std::vector<LogEntry> entries;
  if (kind == FioLogKind::kSubmissionLatency && !split) return entries;
  entries.reserve(samples.size());
  for (const IoSample& sample : samples) {
    LogEntry entry{sample.completed, sample.bytes, ddir_number(sample.direction), sample.bytes};
    const std::chrono::nanoseconds clat = sample.latency - sample.submission;
    switch (kind) {
      case FioLogKind::kLatency: entry.value = static_cast<std::uint64_t>(sample.latency.count()); break;
      case FioLogKind::kCompletionLatency: entry.value = static_cast<std::uint64_t>(clat.count()); break;
      case FioLogKind::kSubmissionLatency:
        entry.value = static_cast<std::uint64_t>(sample.submission.count());
        entry.at = sample.completed - clat;
        break;
      case FioLogKind::kBandwidth:
      case FioLogKind::kIops: break;
    }
    entries.push_back(entry);
  }
  if (kind == FioLogKind::kSubmissionLatency) {
    std::stable_sort(entries.begin(), entries.end(), [](const LogEntry& a, const LogEntry& b) { return a.at < b.at; });
  }
  return entries;
}

std::uint64_t whole_ms(std::chrono::nanoseconds at) {
  return static_cast<std::uint64_t>(std::max(at, std::chrono::nanoseconds(0)) / std::chrono::milliseconds(1));
}

// One line per request: a latency as it is, bw the request's bytes over its latency (bytes per ms, fio's
// per-request value), iops 1.
std::string per_request(const std::vector<LogEntry>& entries, FioLogKind kind, const std::vector<IoSample>& samples) {
  std::string text;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const LogEntry& entry = entries[i];
    std::uint64_t value = entry.value;
    if (kind == FioLogKind::kIops) value = 1;
    if (kind == FioLogKind::kBandwidth) {  // entries and samples in one order for bw
      const auto latency_ns = static_cast<std::uint64_t>(samples[i].latency.count());
      value = latency_ns > 0 ? std::uint64_t{entry.bytes} * 1'000'000 / latency_ns : 0;
    }
    text += fmt::format("{}, {}, {}, {}, 0\n", whole_ms(entry.at), value, entry.direction, entry.bytes);
  }
  return text;
}

// One line per window of `window_ms` and direction with entries in it, at the window's end: the mean latency,
// KiB/s or IOPS over the window (block size 0, as fio). The job ended at `end_ms` (since its measurement began),
// inside its last window: as fio (stat.c finalize_logs, __add_stat_to_log), a latency log's last entry is the
// mean of that window's rest, at the job's end; a bw or iops log has none for it, as fio's samples of those come at
// each window's end only (stat.c __add_samples), so no entry lies past the job's end or covers a part window.
std::string per_window(const std::vector<LogEntry>& entries, FioLogKind kind, std::uint32_t window_ms,
                       std::uint64_t end_ms) {
  struct Window {
    std::uint64_t count = 0, sum = 0;
  };
  std::map<std::pair<std::uint64_t, unsigned>, Window> windows;  // (window, direction)
  for (const LogEntry& entry : entries) {
    Window& window = windows[{whole_ms(entry.at) / window_ms, entry.direction}];
    ++window.count;
    window.sum += entry.value;
  }
  const bool is_rate = kind == FioLogKind::kBandwidth || kind == FioLogKind::kIops;
  std::string text;
  for (const auto& [key, window] : windows) {
    std::uint64_t at = (key.first + 1) * window_ms;
    if (at > end_ms) {
      if (is_rate) continue;
      at = end_ms;
    }
    std::uint64_t value = window.sum / window.count;  // a latency's mean
    if (kind == FioLogKind::kBandwidth) value = window.sum * 1000 / window_ms / 1024;
    if (kind == FioLogKind::kIops) value = window.count * 1000 / window_ms;
    text += fmt::format("{}, {}, {}, 0, 0\n", at, value, key.second);
  }
  return text;
}

// When the jobs a log covers ended, in ms since their measurement began (fio's finalize_logs time): job `job`'s
// own part where the run reports each job apart and the log is that job's, else the workload's whole (its jobs
// begin together), the longest of its directions; never before the log's last sample (a verify read-back's come
// after its job's write window).
std::uint64_t log_end_ms(const RunResult& run, const WorkloadSpec& spec, std::uint32_t job,
                         const std::vector<LogEntry>& entries) {
  std::chrono::nanoseconds whole{0};
  std::optional<std::chrono::nanoseconds> own;
  for (const PhaseResult& result : run.phases) {
    if (!result.workload || result.workload->workload != spec.name) continue;
    if (!result.workload->job) whole = std::max(whole, result.elapsed);
    if (spec.per_job_logs && result.workload->job == job) own = std::max(own.value_or(result.elapsed), result.elapsed);
  }
  const std::uint64_t last_entry = entries.empty() ? 0 : whole_ms(entries.back().at);
  return std::max(whole_ms(own.value_or(whole)), last_entry);
}

}  // namespace

std::vector<FioLogFile> fio_log_files(const RunResult& run) {
  std::vector<FioLogFile> files;
  const std::vector<WorkloadSpec>& workloads = run.info.setup.workloads;
  for (std::size_t index = 0; index < workloads.size(); ++index) {
    const WorkloadSpec& spec = workloads[index];
    if (!spec.writes_logs()) continue;
    // The workload's requests by job (all in one with per_job_logs=0), reads and writes in completion order.
    std::map<std::uint32_t, std::vector<IoSample>> by_job;
    bool split = false;  // slat measured apart (PhaseResult::submission_latency)
    for (const PhaseResult& result : run.phases) {
      if (!result.workload || result.workload->workload != spec.name || result.workload->job) continue;
      split = split || result.submission_latency.has_value();
      for (const IoSample& sample : result.samples) by_job[spec.per_job_logs ? sample.job : 0].push_back(sample);
    }
    for (auto& [job, samples] : by_job) {
      std::stable_sort(samples.begin(), samples.end(),
                       [](const IoSample& a, const IoSample& b) { return a.completed < b.completed; });
    }
    // Every planned log, a job without requests with its (empty) one.
    for (const FioLogName& log : fio_log_names(workloads, index)) {
      const std::vector<IoSample>& samples = by_job[log.job];
      const std::vector<LogEntry> entries = entries_of(samples, log.kind, split);
      files.push_back({log.path, spec.log_avg_msec > 0
                                     ? per_window(entries, log.kind, spec.log_avg_msec, log_end_ms(run, spec, log.job, entries))
                                     : per_request(entries, log.kind, samples)});
    }
  }
  return files;
}

}  // namespace bench
