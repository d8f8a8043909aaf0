#include "report/fio/fio_log.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

#include "report/fio/fio_hist_log.h"
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
  std::uint64_t offset = 0;
  std::uint16_t priority = 0;
  std::uint32_t job = 0;
};

// The entries of a log of `kind`, in time order: one per request at its completion, but slat's at the request's
// issue (the submit call's return, as fio stamps it), and none for slat where it is not measured apart (`split`
// false: a synchronous engine, whose clat is its lat and whose slat log fio leaves empty).
std::vector<LogEntry> entries_of(const std::vector<IoSample>& samples, FioLogKind kind, bool split) {
  std::vector<LogEntry> entries;
  if (kind == FioLogKind::kSubmissionLatency && !split) return entries;
  entries.reserve(samples.size());
  for (const IoSample& sample : samples) {
    LogEntry entry{sample.completed, sample.bytes, ddir_number(sample.direction), sample.bytes, sample.offset,
                   sample.priority, sample.job};
    const std::chrono::nanoseconds clat = sample.latency - sample.submission;
    switch (kind) {
      case FioLogKind::kLatency: entry.value = static_cast<std::uint64_t>(sample.latency.count()); break;
      case FioLogKind::kCompletionLatency: entry.value = static_cast<std::uint64_t>(clat.count()); break;
      case FioLogKind::kSubmissionLatency:
        entry.value = static_cast<std::uint64_t>(sample.submission.count());
        entry.at = sample.completed - clat;
        break;
      case FioLogKind::kBandwidth:
      case FioLogKind::kIops:
      case FioLogKind::kCompletionHistogram: break;  // the histogram log is report/fio/fio_hist_log.h's
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
// per-request value), iops 1; each time plus its job's epoch (`epochs_ms`, by job; none: 0).
std::string per_request(const std::vector<LogEntry>& entries, FioLogKind kind, const std::vector<IoSample>& samples,
                        const FioLogLayout& layout, const std::vector<std::uint64_t>& epochs_ms) {
  std::string text;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const LogEntry& entry = entries[i];
    std::uint64_t value = entry.value;
    if (kind == FioLogKind::kIops) value = 1;
    if (kind == FioLogKind::kBandwidth) {  // entries and samples in one order for bw
      const auto latency_ns = static_cast<std::uint64_t>(samples[i].latency.count());
      value = latency_ns > 0 ? std::uint64_t{entry.bytes} * 1'000'000 / latency_ns : 0;
    }
    const std::uint64_t epoch = entry.job < epochs_ms.size() ? epochs_ms[entry.job] : 0;
    text += fio_log_line({whole_ms(entry.at) + epoch, value, entry.direction, entry.bytes, entry.offset,
                          entry.priority},
                         layout);
  }
  return text;
}

// One line per window of `window_ms` and direction with entries in it, at the window's end: the mean latency
// (rounded, as fio's; its largest with log_max_value), KiB/s or IOPS over the window (block size, offset and
// priority 0, as fio). The job ended at `end_ms` (since its measurement began), inside its last window: as fio
// (stat.c finalize_logs, __add_stat_to_log), a latency log's last entry is the mean of that window's rest, at the
// job's end; a bw or iops log has none for it, as fio's samples of those come at each window's end only (stat.c
// __add_samples), so no entry lies past the job's end or covers a part window. fio's bw and iops logs have one
// rate sample per window (bwavgtime and iopsavgtime take log_avg_msec's value), so their largest is their mean.
std::string per_window(const std::vector<LogEntry>& entries, FioLogKind kind, std::uint32_t window_ms,
                       std::uint64_t end_ms, const FioLogLayout& layout, std::uint64_t epoch_ms) {
  struct Window {
    std::uint64_t count = 0, sum = 0, max = 0;
  };
  std::map<std::pair<std::uint64_t, unsigned>, Window> windows;  // (window, direction)
  for (const LogEntry& entry : entries) {
    Window& window = windows[{whole_ms(entry.at) / window_ms, entry.direction}];
    ++window.count;
    window.sum += entry.value;
    window.max = std::max(window.max, entry.value);
  }
  const bool is_rate = kind == FioLogKind::kBandwidth || kind == FioLogKind::kIops;
  std::string text;
  for (const auto& [key, window] : windows) {
    std::uint64_t at = (key.first + 1) * window_ms;
    if (at > end_ms) {
      if (is_rate) continue;
      at = end_ms;
    }
    std::uint64_t value = layout.max_value ? window.max : (window.sum + window.count / 2) / window.count;
    if (kind == FioLogKind::kBandwidth) value = window.sum * 1000 / window_ms / 1024;
    if (kind == FioLogKind::kIops) value = window.count * 1000 / window_ms;
    text += fio_log_line({at + epoch_ms, value, key.second, 0, 0, 0}, layout);
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

// The histogram log of one log's `samples` (report/fio/fio_hist_log.h): each job's apart, one after the other (with
// per_job_logs=0 fio's jobs append theirs to one file in turn), each with its own epoch.
std::string hist_log_of(const std::vector<IoSample>& samples, const WorkloadSpec& spec,
                        const std::vector<std::uint64_t>& epochs_ms) {
  std::map<std::uint32_t, std::vector<IoSample>> by_job;
  for (const IoSample& sample : samples) by_job[sample.job].push_back(sample);
  std::string text;
  for (const auto& [job, own] : by_job) {
    text += fio_hist_log(own, spec.fio_log.hist_msec, spec.fio_log.hist_coarseness,
                         job < epochs_ms.size() ? epochs_ms[job] : 0, spec.latency_output.clat_percentiles);
  }
  return text;
}

}  // namespace

std::string fio_log_line(const FioLogLine& line, const FioLogLayout& layout) {
  constexpr unsigned kRealtimeClass = 1;  // linux/ioprio.h IOPRIO_CLASS_RT, the class above bit 13
  const bool realtime = static_cast<unsigned>(line.priority >> 13) == kRealtimeClass;
  const std::string priority = layout.priority ? fmt::format("0x{:04x}", line.priority) : (realtime ? "1" : "0");
  if (layout.offset) {
    return fmt::format("{}, {}, {}, {}, {}, {}\n", line.time_ms, line.value, line.direction, line.block_size,
                       line.offset, priority);
  }
  return fmt::format("{}, {}, {}, {}, {}\n", line.time_ms, line.value, line.direction, line.block_size, priority);
}

std::vector<FioLogFile> fio_log_files(const RunResult& run) {
  std::vector<FioLogFile> files;
  const std::vector<WorkloadSpec>& workloads = run.info.setup.workloads;
  for (std::size_t index = 0; index < workloads.size(); ++index) {
    const WorkloadSpec& spec = workloads[index];
    if (!spec.writes_logs()) continue;
    // The workload's requests by job (all in one with per_job_logs=0), reads and writes in completion order.
    std::map<std::uint32_t, std::vector<IoSample>> by_job;
    bool split = false;  // slat measured apart (PhaseResult::submission_latency)
    std::vector<std::uint64_t> epochs_ms;  // by job: fio's alternate epoch (log_unix_epoch, log_alternate_epoch)
    for (const PhaseResult& result : run.phases) {
      if (!result.workload || result.workload->workload != spec.name || result.workload->job) continue;
      split = split || result.submission_latency.has_value();
      if (epochs_ms.empty()) epochs_ms = result.log_epochs_ms;
      for (const IoSample& sample : result.samples) by_job[spec.per_job_logs ? sample.job : 0].push_back(sample);
    }
    for (auto& [job, samples] : by_job) {
      std::stable_sort(samples.begin(), samples.end(),
                       [](const IoSample& a, const IoSample& b) { return a.completed < b.completed; });
    }
    // A log's epoch: its job's, or with per_job_logs=0 the first job's (the jobs start together).
    const auto epoch_of = [&](std::uint32_t job) { return job < epochs_ms.size() ? epochs_ms[job] : 0; };
    // Every planned log, a job without requests with its (empty) one.
    for (const FioLogName& log : fio_log_names(workloads, index)) {
      const std::vector<IoSample>& samples = by_job[log.job];
      const std::uint64_t epoch = epoch_of(log.job);
      if (log.kind == FioLogKind::kCompletionHistogram) {
        files.push_back({log.path, hist_log_of(samples, spec, epochs_ms)});
        continue;
      }
      const std::vector<LogEntry> entries = entries_of(samples, log.kind, split);
      files.push_back({log.path, spec.log_avg_msec > 0
                                     ? per_window(entries, log.kind, spec.log_avg_msec,
                                                  log_end_ms(run, spec, log.job, entries), spec.fio_log, epoch)
                                     : per_request(entries, log.kind, samples, spec.fio_log, epochs_ms)});
    }
  }
  return files;
}

}  // namespace bench
