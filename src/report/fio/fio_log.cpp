#include "report/fio/fio_log.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "result/fio_log_names.h"

namespace bench {
namespace {

enum class LogKind { kBandwidth, kLatency, kIops };

unsigned ddir_number(IoDirection direction) { return direction == IoDirection::kWrite ? 1 : 0; }

// One entry per request.
std::string per_request(const std::vector<IoSample>& samples, LogKind kind) {
  std::string text;
  for (const IoSample& sample : samples) {
    const auto ms = static_cast<std::uint64_t>(sample.completed / std::chrono::milliseconds(1));
    const auto latency_ns = static_cast<std::uint64_t>(sample.latency.count());
    std::uint64_t value = 1;
    if (kind == LogKind::kLatency) value = latency_ns;
    if (kind == LogKind::kBandwidth) value = latency_ns > 0 ? std::uint64_t{sample.bytes} * 1'000'000 / latency_ns : 0;
    text += fmt::format("{}, {}, {}, {}, 0\n", ms, value, ddir_number(sample.direction), sample.bytes);
  }
  return text;
}

// One entry per window of `window_ms` and direction with requests in it.
std::string per_window(const std::vector<IoSample>& samples, LogKind kind, std::uint32_t window_ms) {
  struct Window {
    std::uint64_t requests = 0, bytes = 0, latency_ns = 0;
  };
  std::map<std::pair<std::uint64_t, unsigned>, Window> windows;  // (window, direction)
  for (const IoSample& sample : samples) {
    const auto index = static_cast<std::uint64_t>(sample.completed / std::chrono::milliseconds(window_ms));
    Window& window = windows[{index, ddir_number(sample.direction)}];
    ++window.requests;
    window.bytes += sample.bytes;
    window.latency_ns += static_cast<std::uint64_t>(sample.latency.count());
  }
  std::string text;
  for (const auto& [key, window] : windows) {
    std::uint64_t value = 0;
    switch (kind) {
      case LogKind::kLatency: value = window.latency_ns / window.requests; break;
      case LogKind::kBandwidth: value = window.bytes * 1000 / window_ms / 1024; break;
      case LogKind::kIops: value = window.requests * 1000 / window_ms; break;
    }
    text += fmt::format("{}, {}, {}, 0, 0\n", (key.first + 1) * window_ms, value, key.second);
  }
  return text;
}

}  // namespace

std::vector<FioLogFile> fio_log_files(const RunResult& run) {
  std::vector<FioLogFile> files;
  for (const WorkloadSpec& spec : run.info.setup.workloads) {
    if (!spec.writes_logs()) continue;
    // The workload's requests by job (all in one with per_job_logs=0), reads and writes in completion order.
    std::map<std::uint32_t, std::vector<IoSample>> by_job;
    for (const PhaseResult& result : run.phases) {
      if (!result.workload || result.workload->workload != spec.name || result.workload->job) continue;
      for (const IoSample& sample : result.samples) by_job[spec.per_job_logs ? sample.job : 0].push_back(sample);
    }
    for (auto& [job, samples] : by_job) {
      std::stable_sort(samples.begin(), samples.end(),
                       [](const IoSample& a, const IoSample& b) { return a.completed < b.completed; });
    }
    // Every planned log, a job without requests with its (empty) one.
    for (const FioLogName& log : fio_log_names(spec)) {
      const std::vector<IoSample>& samples = by_job[log.job];
      const LogKind kind = log.kind == FioLogKind::kBandwidth ? LogKind::kBandwidth
                           : log.kind == FioLogKind::kIops    ? LogKind::kIops
                                                              : LogKind::kLatency;
      files.push_back({log.path, spec.log_avg_msec > 0 ? per_window(samples, kind, spec.log_avg_msec)
                                                       : per_request(samples, kind)});
    }
  }
  return files;
}

}  // namespace bench
