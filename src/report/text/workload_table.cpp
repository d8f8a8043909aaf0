#include "report/text/workload_table.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "report/text/latency_table.h"
#include "result/metrics.h"
#include "result/result_keywords.h"
#include "result/statistics.h"
#include "result/test_id.h"

namespace bench {
namespace {

constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kMB = 1e6;

std::size_t name_width(const std::vector<const PhaseResult*>& parts) {
  std::size_t width = 8;
  for (const PhaseResult* p : parts) {
    const TestId id = test_id(*p);
    width = std::max(width, id.workload.size() + (id.job ? fmt::format(" #{}", *id.job).size() : 0));
  }
  return std::min<std::size_t>(width, 32);
}

std::string latency_cell(const std::optional<LatencySummary>& latency, std::uint64_t LatencySummary::*field) {
  return latency ? format_duration_ns(static_cast<double>(latency.value().*field)) : "-";
}

std::string bandwidth_cell(const PhaseResult& p, double unit) {
  if (test_work_unit(p) != WorkUnit::kBytes) return "-";
  const std::optional<double> rate = rate_per_second(p);
  return rate ? fmt::format("{:.1f}", *rate / unit) : "-";
}

// CPU seconds per million requests: two decimals below 10, whole seconds above (a cell of 7).
std::string format_cpu_cost(double seconds_per_million) {
  return seconds_per_million < 9.995 ? fmt::format("{:.2f}", seconds_per_million)
                                     : fmt::format("{:.0f}", seconds_per_million);
}

std::optional<double> requests_per_second(const PhaseResult& p) {
  if (p.elapsed.count() <= 0) return std::nullopt;
  return static_cast<double>(p.operations) / std::chrono::duration<double>(p.elapsed).count();
}

std::string row(const PhaseResult& p, std::size_t width, bool first_of_workload) {
  const TestId id = test_id(p);
  const WorkloadPart& part = *p.workload;
  const std::string name =
      first_of_workload ? id.workload + (id.job ? fmt::format(" #{}", *id.job) : "") : std::string();
  const std::optional<double> iops = requests_per_second(p);
  const std::optional<double> cpu = cpu_percent(p);
  return fmt::format("{:<{}} {:<5} {:>8} {:>9} {:>9} {:>8} {:>8} {:>8} {:>8} {:>8} {:>5} {:>7} {:>11} {}\n", name, width,
                     keyword(id.direction), iops ? format_count_si(*iops) : "-", bandwidth_cell(p, kMiB),
                     bandwidth_cell(p, kMB), p.latency ? format_duration_ns(p.latency->mean_ns) : "-",
                     latency_cell(p.latency, &LatencySummary::p50_ns), latency_cell(p.latency, &LatencySummary::p99_ns),
                     latency_cell(p.latency, &LatencySummary::p999_ns), latency_cell(p.latency, &LatencySummary::max_ns),
                     cpu ? fmt::format("{:.0f}", *cpu) : "-",
                     part.cpu_per_million_requests ? format_cpu_cost(*part.cpu_per_million_requests) : "-",
                     fmt::format("{:.1f}/{}", part.mean_depth, part.engine_depth),
                     std::string(keyword(part.engine)) + (part.failure ? " FAILED" : ""));
}

// Who failed: "workload 'NAME'", with " job N" for one job's part; and the failure's message without that name
// where it already starts with it (a rate_min failure's does).
std::string failure_owner(const WorkloadPart& part) {
  return fmt::format("workload '{}'", part.workload) + (part.job ? fmt::format(" job {}", *part.job) : "");
}

// The parts that name a failed job once each: a job's own part where its workload reports each job apart (its
// whole then repeats the first one's), else the whole's; the first direction of each.
std::vector<const WorkloadPart*> failed_jobs(const RunResult& run) {
  std::vector<const WorkloadPart*> failed;
  const auto reports_each_job = [&run](const std::string& workload) {
    return std::any_of(run.phases.begin(), run.phases.end(), [&](const PhaseResult& p) {
      return p.workload && p.workload->workload == workload && p.workload->job;
    });
  };
  for (const PhaseResult& p : run.phases) {
    if (!p.workload || !p.workload->failure) continue;
    const WorkloadPart& part = *p.workload;
    if (!part.job && reports_each_job(part.workload)) continue;
    const bool named = std::any_of(failed.begin(), failed.end(), [&](const WorkloadPart* f) {
      return f->workload == part.workload && f->job == part.job;
    });
    if (!named) failed.push_back(&part);
  }
  return failed;
}

std::vector<std::string> notes_of(const RunResult& run) {
  std::vector<std::string> notes;
  for (const WorkloadPart* part : failed_jobs(run)) {
    notes.push_back(fmt::format("{}: {}; its figures are what it did before", failure_owner(*part),
                                failed_text(*part)));
  }
  std::vector<std::string> noted_engines;
  std::vector<std::string> noted_busy;  // workloads noted for a busy measurer (once, not per direction)
  std::vector<std::string> noted_steady;  // jobs noted for fio's steady state (once, not per direction)
  for (const PhaseResult& p : run.phases) {
    if (!p.workload) continue;
    const WorkloadPart& part = *p.workload;
    const std::string name = test_short_title(test_id(p));
    if (!part.engine_note.empty() &&
        std::find(noted_engines.begin(), noted_engines.end(), part.workload) == noted_engines.end()) {
      noted_engines.push_back(part.workload);
      notes.push_back(fmt::format("{}: {}", part.workload, part.engine_note));
    }
    if (part.steady && !part.steady->steady) {
      notes.push_back(fmt::format("{}: not steady: {} requests/s in the first third of the run, {} in the last "
                                  "(chance alone moves it by {})",
                                  name, format_count_si(part.steady->first_third_mean),
                                  format_count_si(part.steady->last_third_mean), format_count_si(part.steady->noise)));
    }
    if (const std::optional<FioSteadyStateResult>& ss = part.fio_steady_state) {
      const std::string job = part.job ? fmt::format("{} job {}", part.workload, *part.job + 1) : part.workload;
      if (std::find(noted_steady.begin(), noted_steady.end(), job) == noted_steady.end()) {
        noted_steady.push_back(job);
        notes.push_back(fmt::format("{}: steady state (ss={}, ss_dur={}s) {}", job,
                                    steady_state_criterion_text(ss->spec), ss->spec.duration_s,
                                    ss->attained_after ? fmt::format("attained after {:.1f} s: the job stopped then",
                                                                     std::chrono::duration<double>(*ss->attained_after).count())
                                                       : std::string("not attained")));
      }
    }
    if (!part.job && measurer_near_cpu_bound(p) &&
        std::find(noted_busy.begin(), noted_busy.end(), part.workload) == noted_busy.end()) {
      noted_busy.push_back(part.workload);
      notes.push_back(fmt::format("{}: bench++ used {:.0f} % of a core per job: the tool, not the device, may be "
                                  "the limit",
                                  part.workload, *cpu_percent_per_job(p)));
    }
    if (too_fast(p) && !part.job) {
      notes.push_back(fmt::format("{}: measured for under 0.5 s; its rates are rough", name));
    }
  }
  return notes;
}

}  // namespace

std::string failure_message(const WorkloadPart& part) {
  const std::string named = fmt::format("workload '{}': ", part.workload);
  const std::string& message = part.failure->message;
  return message.starts_with(named) ? message.substr(named.size()) : message;
}

std::string failed_text(const WorkloadPart& part) {
  return fmt::format("FAILED (error {}): {}", part.failure->error, failure_message(part));
}

std::string format_count_si(double value) {
  if (!(value >= 0)) return "-";
  struct Step {
    double scale;
    const char* suffix;
  };
  constexpr Step kSteps[] = {{1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
  for (const Step& step : kSteps) {
    if (value >= step.scale * 0.9995) {
      const double scaled = value / step.scale;
      const int decimals = scaled < 9.995 ? 2 : scaled < 99.95 ? 1 : 0;
      return fmt::format("{:.{}f}{}", scaled, decimals, step.suffix);
    }
  }
  return value < 9.995 ? fmt::format("{:.2f}", value) : fmt::format("{:.0f}", value);
}

std::vector<std::string> job_failure_lines(const RunResult& run) {
  std::vector<std::string> lines;
  for (const WorkloadPart* part : failed_jobs(run)) {
    lines.push_back(fmt::format("{}: {}", failure_owner(*part), failure_message(*part)));
  }
  return lines;
}

std::vector<std::string> told_error_lines(const RunResult& run) {
  std::vector<std::string> lines;
  std::vector<const WorkloadPart*> told;  // one part per job
  for (const PhaseResult& p : run.phases) {
    if (!p.workload || p.workload->errors.told.empty()) continue;
    const WorkloadPart& part = *p.workload;
    const bool each_job = std::any_of(run.phases.begin(), run.phases.end(), [&](const PhaseResult& other) {
      return other.workload && other.workload->workload == part.workload && other.workload->job;
    });
    if (!part.job && each_job) continue;  // its jobs' own parts tell theirs
    if (std::any_of(told.begin(), told.end(),
                    [&](const WorkloadPart* t) { return t->workload == part.workload && t->job == part.job; })) {
      continue;
    }
    told.push_back(&part);
    for (const std::string& line : part.errors.told) lines.push_back(fmt::format("{}: {}", failure_owner(part), line));
  }
  return lines;
}

std::string format_workload_table(const RunResult& run) {
  std::vector<const PhaseResult*> parts;
  for (const PhaseResult& p : run.phases) {
    if (p.workload) parts.push_back(&p);
  }
  if (parts.empty()) return {};
  const std::size_t width = name_width(parts);
  std::string text = fmt::format("{:<{}} {:<5} {:>8} {:>9} {:>9} {:>8} {:>8} {:>8} {:>8} {:>8} {:>5} {:>7} {:>11} {}\n",
                                 "workload", width, "io", "IOPS", "MiB/s", "MB/s", "mean", "p50", "p99", "p99.9",
                                 "max", "%CPU", "CPU s/M", "depth", "engine");
  std::string previous;
  for (const PhaseResult* p : parts) {
    const TestId id = test_id(*p);
    const std::string owner = id.workload + (id.job ? fmt::format("#{}", *id.job) : "");
    text += row(*p, width, owner != previous);
    previous = owner;
  }
  text += "(IOPS: requests per second, syncs for sync; MiB/s = 2^20 bytes/s, MB/s = 10^6 bytes/s; latency from "
          "submission to completion; CPU s/M: CPU seconds bench++ itself spent per million requests of the workload; "
          "depth: requests in flight per job, kept/asked)\n";
  const std::vector<std::string> notes = notes_of(run);
  for (const std::string& note : notes) text += "Note: " + note + "\n";
  return text;
}

std::string format_workload_repeat_summary(const std::vector<RunResult>& runs) {
  if (runs.size() < 2) return {};
  std::vector<TestId> order;
  std::map<TestId, std::vector<double>> iops_of, mbps_of;
  std::map<TestId, std::size_t> failed_runs;  // left out of the mean and the best: figures that stop at a failure
  for (const RunResult& run : runs) {
    for (const PhaseResult& p : run.phases) {
      if (!p.workload || p.workload->job) continue;
      const TestId id = test_id(p);
      if (!iops_of.contains(id)) order.push_back(id);
      iops_of[id];  // listed once, with or without rates
      if (p.workload->failure) {
        ++failed_runs[id];
        continue;
      }
      const std::optional<double> iops = requests_per_second(p);
      const std::optional<double> bytes = rate_per_second(p);
      if (iops) iops_of[id].push_back(*iops);
      if (bytes && test_work_unit(id) == WorkUnit::kBytes) mbps_of[id].push_back(*bytes / kMB);
    }
  }
  if (order.empty()) return {};
  std::size_t width = 8;
  for (const TestId& id : order) width = std::max(width, test_short_title(id).size());
  std::string text = fmt::format("\nAcross {} runs: mean ± standard deviation, and the best run (CrystalDiskMark's "
                                 "figure)\n{:<{}} {:>19} {:>8} {:>21} {:>9}\n",
                                 runs.size(), "test", width, "IOPS", "best", "MB/s", "best");
  std::string failures;
  for (const TestId& id : order) {
    if (failed_runs.contains(id)) {
      failures +=
          fmt::format("{}: {} of {} runs FAILED, left out\n", test_short_title(id), failed_runs[id], runs.size());
    }
    if (iops_of[id].empty()) {  // every run failed, or none measured a rate
      text += fmt::format("{:<{}} {:>19}\n", test_short_title(id), width, failed_runs.contains(id) ? "FAILED" : "-");
      continue;
    }
    const MeanStddev iops = mean_stddev(iops_of[id]);
    const auto& mbps_values = mbps_of[id];
    const std::string iops_cell = fmt::format("{} ± {}", format_count_si(iops.mean), format_count_si(iops.stddev));
    const double best_iops = *std::max_element(iops_of[id].begin(), iops_of[id].end());
    std::string mbps_cell = "-", best_mbps = "-";
    if (!mbps_values.empty()) {
      const MeanStddev mbps = mean_stddev(mbps_values);
      mbps_cell = fmt::format("{:.2f} ± {:.2f}", mbps.mean, mbps.stddev);
      best_mbps = fmt::format("{:.2f}", *std::max_element(mbps_values.begin(), mbps_values.end()));
    }
    text += fmt::format("{:<{}} {:>19} {:>8} {:>21} {:>9}\n", test_short_title(id), width, iops_cell,
                        format_count_si(best_iops), mbps_cell, best_mbps);
  }
  return text + failures;
}

}  // namespace bench
