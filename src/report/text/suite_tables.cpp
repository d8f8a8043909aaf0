#include "report/text/suite_tables.h"

#include <algorithm>

#include <fmt/format.h>

#include "report/text/latency_table.h"
#include "report/text/workload_table.h"
#include "result/metrics.h"
#include "result/statistics.h"
#include "result/test_id.h"

namespace bench {
namespace {

constexpr double kMB = 1e6;

const PhaseResult* part_of(const RunResult& run, const std::string& workload, IoDirection direction) {
  return find_test(run, workload_test_id(workload, direction));
}

std::optional<double> requests_per_second(const PhaseResult& p) {
  if (p.elapsed.count() <= 0) return std::nullopt;
  return static_cast<double>(p.operations) / std::chrono::duration<double>(p.elapsed).count();
}

// Whether the part's job failed (WorkloadPart::failure): its figures stop at the failure, so no cell shows them.
bool failed(const PhaseResult* p) { return p != nullptr && p->workload && p->workload->failure; }

std::string bandwidth(const PhaseResult* p) {
  if (failed(p)) return "FAILED";
  if (p == nullptr) return "-";
  const std::optional<double> rate = rate_per_second(*p);
  return rate ? fmt::format("{:.1f} MB/s", *rate / kMB) : "-";
}

std::string iops(const PhaseResult* p) {
  if (failed(p)) return "FAILED";
  if (p == nullptr) return "-";
  const std::optional<double> rate = requests_per_second(*p);
  return rate ? format_count_si(*rate) + " IOPS" : "-";
}

std::string latency(const PhaseResult* p) {
  if (failed(p)) return "FAILED";
  if (p == nullptr || !p->latency) return "-";
  return fmt::format("{} (p99 {})", format_duration_ns(p->latency->mean_ns),
                     format_duration_ns(static_cast<double>(p->latency->p99_ns)));
}

bool all_of_suite(const std::vector<Executor>& executors, std::string_view suite) {
  if (executors.empty()) return false;
  return std::all_of(executors.begin(), executors.end(), [&](const Executor& e) {
    return !e.runs.empty() && std::all_of(e.runs.begin(), e.runs.end(),
                                          [&](const RunResult* r) { return r->info.setup.suite == suite; });
  });
}

std::string tart_table(const std::vector<Executor>& executors) {
  const std::vector<WorkloadSpec>& workloads = executors.front().runs.front()->info.setup.workloads;
  std::size_t name_width = 4, executor_width = 8;
  for (const WorkloadSpec& spec : workloads) {
    name_width = std::max(name_width, (spec.description.empty() ? spec.name : spec.description).size());
  }
  for (const Executor& e : executors) executor_width = std::max(executor_width, e.name.size());
  const auto line = [&](std::string_view a, std::string_view b, std::string_view c, std::string_view d,
                        std::string_view e, std::string_view f, std::string_view g, std::string_view h,
                        std::string_view i) {
    return fmt::format("{:<{}}  {:<{}}  {:>12}  {:>12}  {:>11}  {:>11}  {:>20}  {:>20}  {:>20}\n", a, name_width, b,
                       executor_width, c, d, e, f, g, h, i);
  };
  std::string text = "\nTart's table (cirruslabs/tart benchmark/): B/W in MB/s = 10^6 bytes/s, latency mean (p99)\n";
  text += line("Name", "Executor", "B/W (read)", "B/W (write)", "I/O (read)", "I/O (write)", "Latency (read)",
               "Latency (write)", "Latency (sync)");
  std::string failures;
  for (const WorkloadSpec& spec : workloads) {
    for (const Executor& e : executors) {
      const RunResult& run = *e.runs.front();
      const PhaseResult* read = part_of(run, spec.name, IoDirection::kRead);
      const PhaseResult* write = part_of(run, spec.name, IoDirection::kWrite);
      const PhaseResult* sync = part_of(run, spec.name, IoDirection::kSync);
      text += line(spec.description.empty() ? spec.name : spec.description, e.name, bandwidth(read), bandwidth(write),
                   iops(read), iops(write), latency(read), latency(write), latency(sync));
      for (const PhaseResult* p : {read, write, sync}) {
        if (!failed(p)) continue;
        failures += fmt::format("{}: workload '{}': {}\n", e.name, spec.name, failed_text(*p->workload));
        break;  // every part of a failed job has its failure
      }
    }
  }
  if (executors.front().runs.size() > 1) text += "(each executor's first run)\n";
  return text + failures;
}

std::string cdm_table(const std::vector<Executor>& executors) {
  std::string text = "\nCrystalDiskMark's table: each test's best run in MB/s (10^6 bytes/s), as CrystalDiskMark shows "
                     "it, beside the runs' mean ± standard deviation\n";
  for (const Executor& e : executors) {
    const std::vector<WorkloadSpec>& workloads = e.runs.front()->info.setup.workloads;
    text += fmt::format("{} ({} run{})\n{:<20} {:>10} {:>22} {:>10} {:>12}\n", e.name, e.runs.size(),
                        e.runs.size() == 1 ? "" : "s", "test", "CDM MB/s", "mean ± sd MB/s", "IOPS", "latency");
    for (const WorkloadSpec& spec : workloads) {
      const IoDirection direction = writes_data(spec.pattern) ? IoDirection::kWrite
                                    : reads_data(spec.pattern) ? IoDirection::kRead
                                                               : IoDirection::kTrim;
      std::vector<double> mbps, rates, latencies;
      const WorkloadPart* first_failed = nullptr;
      std::size_t failed_runs = 0;
      for (const RunResult* run : e.runs) {
        const PhaseResult* p = part_of(*run, spec.name, direction);
        if (p == nullptr) continue;
        if (failed(p)) {  // left out of the best run and the mean
          if (first_failed == nullptr) first_failed = &*p->workload;
          ++failed_runs;
          continue;
        }
        if (const auto rate = rate_per_second(*p)) mbps.push_back(*rate / kMB);
        if (const auto rate = requests_per_second(*p)) rates.push_back(*rate);
        if (p->latency) latencies.push_back(p->latency->mean_ns);
      }
      const std::string failure =
          first_failed == nullptr ? ""
                                  : fmt::format("{:<20} {} of {} run{} {}{}\n", "", failed_runs, e.runs.size(),
                                                e.runs.size() == 1 ? "" : "s", failed_text(*first_failed),
                                                mbps.empty() ? "" : "; left out");
      if (mbps.empty()) {
        if (!failure.empty()) text += fmt::format("{:<20} {:>10}\n", spec.name, "FAILED") + failure;
        continue;
      }
      const MeanStddev stats = mean_stddev(mbps);
      // CrystalDiskMark's latency is the best (lowest) run's.
      text += fmt::format("{:<20} {:>10.2f} {:>22} {:>10} {:>12}\n", spec.name, *std::max_element(mbps.begin(), mbps.end()),
                          fmt::format("{:.2f} ± {:.2f}", stats.mean, stats.stddev),
                          format_count_si(*std::max_element(rates.begin(), rates.end())),
                          latencies.empty() ? "-" : format_duration_ns(*std::min_element(latencies.begin(), latencies.end())));
      text += failure;
    }
  }
  return text;
}

}  // namespace

std::string format_suite_table(const std::vector<Executor>& executors) {
  if (all_of_suite(executors, "tart")) return tart_table(executors);
  if (all_of_suite(executors, "cdm")) return cdm_table(executors);
  return {};
}

}  // namespace bench
